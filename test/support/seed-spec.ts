import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dir, '../..');
/** The parsed tables, committed so that a clone without the specification beside it still checks them. */
export const SEED_SNAPSHOT_PATH = join(root, 'test/contract/seed-spec.snapshot.json');

/**
 * Where the seed specification (the product specification Cuadra was created from) is: CI checks
 * it out as `shared/` beside the repository; `CUADRA_SPEC_PATH` points at another copy. Undefined
 * when there is none (a plain clone), and then the committed snapshot stands in for it.
 */
export function seedSpecificationPath(): string | undefined {
  const candidates = [
    process.env.CUADRA_SPEC_PATH,
    join(root, '../shared/docs/SPEC.md'),
    join(root, '../../shared/docs/SPEC.md'),
  ].filter((path): path is string => Boolean(path));
  if (process.env.CUADRA_SPEC_PATH && !existsSync(process.env.CUADRA_SPEC_PATH)) {
    throw new Error(`CUADRA_SPEC_PATH names ${process.env.CUADRA_SPEC_PATH}, which does not exist`);
  }
  return candidates.find((path) => existsSync(path));
}

/** What the conformance tests read of the specification. */
export interface SeedSpecification {
  operations: SpecOperation[];
  limits: { scope: string; parameter: SpecParameter }[];
  preLogin: string[];
  contactEnums: Record<string, string[]>;
  /** §2: the query parameters every list endpoint accepts. */
  listConvention: string[];
  /** The GET operations that are lists (contacts, and the §4.7 rows that say "List" or "entries"). */
  listOperations: string[];
}

export function parseSeedSpecification(text: string): SeedSpecification {
  const operations = parseSeedOperations(text);
  const lineOf = (path: string) => text.split('\n').find((line) => line.includes(`\`${path}\``) && line.includes('GET')) ?? '';
  return {
    operations,
    limits: parseSeedLimits(text),
    preLogin: parsePreLogin(text),
    contactEnums: parseContactEnums(text),
    listConvention: /List endpoints accept ((?:`[a-z]+`(?:, )?)+)/.exec(text)?.[1].match(/[a-z]+/g) ?? [],
    listOperations: operations
      .filter((op) => op.method === 'GET' && (op.path === '/api/v1/contacts' || (op.section === '4.7' && /\bList\b|\bentries\b/.test(lineOf(op.path)))))
      .map((op) => `${op.method} ${op.path}`),
  };
}

/**
 * The specification as the tests read it: parsed from SPEC.md when it is there, else the committed
 * snapshot. `test/contract/seed-snapshot.test.ts` keeps the snapshot equal to the specification;
 * `bun test/support/seed-spec.ts --write-snapshot` rewrites it.
 */
export function seedSpecification(): SeedSpecification & { source: string } {
  const path = seedSpecificationPath();
  if (path) return { ...parseSeedSpecification(readFileSync(path, 'utf8')), source: path };
  return { ...JSON.parse(readFileSync(SEED_SNAPSHOT_PATH, 'utf8')), source: SEED_SNAPSHOT_PATH };
}

export interface SpecParameter {
  name: string;
  type?: 'string' | 'integer' | 'boolean' | 'date';
  required?: boolean;
  minimum?: number;
  maximum?: number;
  default?: string | number | boolean;
  values?: string[];
  exactLength?: number;
  maxLength?: number;
}

export interface SpecOperation {
  section: string;
  method: string;
  path: string;
  /** (A): declares the bearer token. */
  authenticated: boolean;
  tenantScoped: boolean;
  input: string;
  success: string;
  status?: number;
  requestSchema?: string;
  multipart?: boolean;
  responseSchema?: string;
  responseIsArray?: boolean;
  query: SpecParameter[];
}

const cells = (line: string) => line.trim().replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim());
const ticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** The seed text once carried a stray character in one path; Cuadra serves it without. */
const cleanPath = (path: string) => path.replace(/[^\x21-\x7e]/g, '').replace('<identity_provider>', 'google');

function sections(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = text.split(/^(#{2,3} \d+(?:\.\d+)?\.? .*)$/m);
  for (let i = 1; i < parts.length; i += 2) out.set(/^#+ (\d+(?:\.\d+)?)/.exec(parts[i])![1], parts[i + 1]);
  return out;
}

function tables(body: string): string[][][] {
  const result: string[][][] = [];
  let current: string[][] | undefined;
  for (const line of body.split('\n')) {
    if (line.trim().startsWith('|')) {
      if (/^\|[\s|:-]+\|$/.test(line.trim())) continue;
      (current ??= []).push(cells(line));
    } else if (current) {
      result.push(current);
      current = undefined;
    }
  }
  if (current) result.push(current);
  return result;
}

/** One parameter description: "`limit` (int 1..500, default 50)", "`token` (string, required)". */
export function parseParameter(name: string, note = ''): SpecParameter {
  const parameter: SpecParameter = { name };
  if (/\bint\b|integer/.test(note)) parameter.type = 'integer';
  else if (/\bboolean\b/.test(note)) parameter.type = 'boolean';
  else if (/^date\b/.test(note)) parameter.type = 'date';
  else if (/\bstring\b/.test(note)) parameter.type = 'string';
  if (/\brequired\b/.test(note)) parameter.required = true;
  const range = /(-?\d+)\.\.(-?\d+)/.exec(note);
  if (range) { parameter.minimum = Number(range[1]); parameter.maximum = Number(range[2]); }
  const atLeast = />=\s*(-?\d+)/.exec(note);
  if (atLeast) parameter.minimum = Number(atLeast[1]);
  const fallback = /default `?([^`,;)]+)`?/.exec(note);
  if (fallback) {
    const raw = fallback[1].trim();
    parameter.default = parameter.type === 'integer' ? Number(raw) : parameter.type === 'boolean' ? raw === 'true' : raw;
  }
  const values = /values ((?:`[^`]+`(?:, )?)+)/.exec(note);
  if (values) parameter.values = ticked(values[1]);
  return parameter;
}

/** Splits an input cell at the semicolons outside parentheses. */
function clauses(input: string): string[] {
  const out: string[] = [];
  let depth = 0, current = '';
  for (const char of input) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ';' && depth === 0) { out.push(current.trim()); current = ''; } else current += char;
  }
  return [...out, current.trim()].filter(Boolean);
}

/** The query parameters of an input cell: "filters plus `limit` (int 1..500, default 50), …". */
function queryParameters(input: string, filters: SpecParameter[]): SpecParameter[] {
  const out: SpecParameter[] = [];
  for (let clause of clauses(input)) {
    if (clause.startsWith('filters')) { out.push(...filters); clause = clause.replace(/^filters (plus|only)\s*/, ''); }
    else if (clause.startsWith('query ')) clause = clause.slice('query '.length);
    else if (!clause.startsWith('`')) continue;
    const pending: string[] = [];
    for (const match of clause.matchAll(/`([a-z_]+)`(?:\s*\(((?:[^()]|\([^()]*\))*)\))?/g)) {
      pending.push(match[1]);
      if (match[2] === undefined) continue;
      for (const name of pending) out.push(parseParameter(name, match[2]));
      pending.length = 0;
    }
    for (const name of pending) out.push(parseParameter(name));
  }
  return out;
}

/** The shared contact filters (§4.5's first table). */
function filterParameters(section: string): SpecParameter[] {
  const [table] = tables(section);
  return table.slice(1).map(([name, type, allowed]) => {
    const parameter = parseParameter(ticked(name)[0], type);
    const values = ticked(allowed);
    if (values.length) parameter.values = values;
    const exactly = /exactly (\d+) characters/.exec(allowed);
    if (exactly) parameter.exactLength = Number(exactly[1]);
    const most = /max (\d+) characters/.exec(allowed);
    if (most) parameter.maxLength = Number(most[1]);
    return parameter;
  });
}

export function parseSeedOperations(text: string): SpecOperation[] {
  const bySection = sections(text);
  const filters = filterParameters(bySection.get('4.5')!);
  const operations: SpecOperation[] = [];
  for (const section of ['4.1', '4.2', '4.3', '4.4', '4.5', '4.6', '4.7']) {
    const body = bySection.get(section);
    if (!body) throw new Error(`The seed specification has no section ${section}`);
    const heading = text.split('\n').find((line) => line.startsWith(`### ${section} `)) ?? '';
    const tenantSection = /tenant-scoped/.test(heading);
    const authSection = /\bA\b/.test(heading) || section === '4.7';
    for (const table of tables(body)) {
      if (table[0][0] !== 'Method') continue;
      for (const row of table.slice(1)) {
        const [methods, pathCell, input = '', success = ''] = row;
        const path = cleanPath(ticked(pathCell)[0]);
        const marks = /\(([^)]*)\)\s*$/.exec(pathCell)?.[1] ?? '';
        for (const method of methods.split(',').map((m) => m.trim())) {
          const operation: SpecOperation = {
            section, method, path, input: section === '4.7' ? '' : input, success: section === '4.7' ? '' : success,
            authenticated: authSection || /\bA\b/.test(marks),
            tenantScoped: tenantSection || /tenant/.test(marks),
            query: [],
          };
          if (section !== '4.7') {
            const status = /^(?:Always a )?(\d{3})/.exec(success);
            operation.status = status ? Number(status[1]) : undefined;
            const responseName = /^\d{3}(?: array of)? `([A-Za-z0-9_]+)`/.exec(success);
            if (responseName) { operation.responseSchema = responseName[1]; operation.responseIsArray = /^\d{3} array of/.test(success); }
            const body = /body `([A-Za-z0-9_]+)`/.exec(input);
            if (body) { operation.requestSchema = body[1]; operation.multipart = /multipart\/form-data/.test(input); }
            operation.query = queryParameters(input, filters);
          }
          operations.push(operation);
        }
      }
    }
  }
  return operations;
}

/** §8's limits: the parameter and the words saying which operation it belongs to. */
export function parseSeedLimits(text: string): { scope: string; parameter: SpecParameter }[] {
  const section = sections(text).get('8')!;
  const [table] = tables(section);
  return table.slice(1).map(([scope, limit]) => {
    const names = ticked(scope);
    const parameter = parseParameter(names[names.length - 1], /\bdefault$/.test(scope) && /^\d+$/.test(limit) ? `int, default ${limit}` : limit);
    const exactly = /exactly (\d+) characters/.exec(limit);
    if (exactly) parameter.exactLength = Number(exactly[1]);
    const most = /at most (\d+) characters/.exec(limit);
    if (most) parameter.maxLength = Number(most[1]);
    return { scope, parameter };
  });
}

/** §5 rule 5: the operations that declare no authorization. */
export function parsePreLogin(text: string): string[] {
  const rule = /Pre-login operations \(([^)]*)\) declare no authorization parameter/.exec(text);
  if (!rule) throw new Error('The seed specification no longer lists its pre-login operations');
  return rule[1].split(',').map((name) => name.trim().replace(/^and /, ''));
}

/** §2's contact enums: "`kind` (`customer` or `supplier`)". */
export function parseContactEnums(text: string): Record<string, string[]> {
  const row = text.split('\n').find((line) => line.startsWith('| Contact |'));
  if (!row) throw new Error('The seed specification has no Contact row');
  const out: Record<string, string[]> = {};
  for (const match of row.matchAll(/`([a-z_]+)` \(`([a-z_]+)` or `([a-z_]+)`\)/g)) out[match[1]] = [match[2], match[3]];
  return out;
}

if (import.meta.main && process.argv.includes('--write-snapshot')) {
  const path = seedSpecificationPath();
  if (!path) throw new Error('The seed specification was not found: set CUADRA_SPEC_PATH to its SPEC.md');
  writeFileSync(SEED_SNAPSHOT_PATH, `${JSON.stringify(parseSeedSpecification(readFileSync(path, 'utf8')), null, 2)}\n`);
  console.log(`wrote ${SEED_SNAPSHOT_PATH} from ${path}`);
}
