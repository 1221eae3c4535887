import { Unprocessable } from './errors';

const NUL_REFUSED = 'The request contains characters that cannot be stored (such as NUL)';

// A quoted literal or identifier (skipped whole, so ':MI' inside a to_char format is not a parameter), or a :name.
const TOKEN = /'(?:[^']|'')*'|"(?:[^"]|"")*"|(?<!:):([a-z_][a-z0-9_]*)/gi;

type Part = string | { param: string };
const compiled = new Map<string, Part[]>();

/** The statement split into text and `:name` placeholders, once per distinct statement. */
function compile(statement: string): Part[] {
  let parts = compiled.get(statement);
  if (parts) return parts;
  parts = [];
  let last = 0;
  for (const match of statement.matchAll(TOKEN)) {
    if (match[1] === undefined) continue;
    parts.push(statement.slice(last, match.index), { param: match[1] });
    last = match.index! + match[0].length;
  }
  parts.push(statement.slice(last));
  if (!parts.some((part) => typeof part !== 'string' && part.param === 'tenant')) throw new Error('Tenant-scoped SQL must reference :tenant');
  if (compiled.size < 5_000) compiled.set(statement, parts);
  return parts;
}

/**
 * Replaces the `:name` placeholders of a tenant-scoped statement through `render`. The statement
 * must reference `:tenant`: filters do not reach raw SQL, so the tenant has to be named in it.
 */
export function bindNamedParameters(
  statement: string,
  params: Record<string, unknown>,
  tenantId: () => string,
  render: (value: unknown) => string,
): string {
  let text = '';
  for (const part of compile(statement)) {
    if (typeof part === 'string') { text += part; continue; }
    const key = part.param;
    if (key === 'tenant') { text += render(tenantId()); continue; }
    if (!(key in params)) throw new Error(`Missing SQL parameter :${key}`);
    const value = params[key];
    // PostgreSQL cannot store NUL, and a driver may fail on it at the protocol level (a 500): refuse it as input
    if (typeof value === 'string' && value.includes('\u0000')) throw new Unprocessable(NUL_REFUSED);
    text += render(value);
  }
  return text;
}

/**
 * The statement with `$1…$n` for its distinct `:name` placeholders (in order of first use), for
 * PREPARE; `params` names each position (`tenant` included).
 */
export function namedToPositional(statement: string): { text: string; params: string[] } {
  const params: string[] = [];
  let text = '';
  for (const part of compile(statement)) {
    if (typeof part === 'string') { text += part; continue; }
    let position = params.indexOf(part.param);
    if (position < 0) position = params.push(part.param) - 1;
    text += `$${position + 1}`;
  }
  return { text, params };
}

/**
 * A string as a PostgreSQL literal, exactly as node-postgres' `escapeLiteral` writes it (quotes
 * and backslashes doubled, ` E'…'` when a backslash is present), through native string
 * replacement: node-postgres builds the literal one character at a time, which cost an eighth of
 * the service's CPU when issuing (the register, lines and entry travel as JSON literals).
 */
export function quoteLiteral(text: string): string {
  const quoted = text.includes("'") ? text.replaceAll("'", "''") : text;
  return text.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/** A value as a PostgreSQL literal (standard-conforming escaping). */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') {
    // the simple query protocol ends a statement at a NUL byte
    if (value.includes('\u0000')) throw new Unprocessable(NUL_REFUSED);
    return quoteLiteral(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return quoteLiteral(value.toISOString());
  throw new Error(`Unsupported SQL parameter type: ${Object.prototype.toString.call(value)}`);
}

/**
 * A PostgreSQL array literal ('{"a","b",NULL}') for a `:param::type[]` placeholder: the ORM
 * inlines parameters and would spread a JS array into a comma list.
 */
export const pgArray = (values: readonly (string | number | null | undefined)[]): string =>
  `{${values.map((v) => (v == null ? 'NULL' : `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`;
