import { Unzip, UnzipInflate } from 'fflate';
import { Conflict, DomainError, PayloadTooLarge, Unprocessable } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import type { Principal } from '../../kernel/principal';
import type { Tx } from '../../kernel/uow';
import type { ArchivePart } from '../tenants/api';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION } from './format';
import type { ArchiveFormat, ManifestEntry } from './export';
import { insertedColumns, quoted, statementsIn, type PartTable } from './tables';

/** Rows inserted per statement. */
const INSERT_ROWS = 1000;
/** Compressed bytes handed to the unzipper at a time: what one step may inflate to stays bounded. */
const PUSH_BYTES = 16 * 1024;
/** Largest single row, format.json, a stored file, and the manifest. */
const MAX_LINE_BYTES = 4 * 1024 * 1024;
const MAX_FORMAT_BYTES = 1024 * 1024;
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

export interface ImportResult { tenantId: string; name: string; rows: Record<string, number>; files: number }

/** What one zip entry became while it was read. */
interface Seen { bytes: number; sha256: string; rows?: number }

type Step = { kind: 'file'; name: string } | { kind: 'data'; data: Uint8Array; final: boolean } | { kind: 'error'; error: unknown };

/** A zip entry's consumer: takes its bytes as they come, and ends it. */
interface EntryReader { data(bytes: Uint8Array): Promise<void>; end(): Promise<void> }

/**
 * Restores an archive (see export.ts) into a new company in one transaction: the zip is read as it
 * arrives, each table's rows inserted INSERT_ROWS at a time with the new company's id, files put in
 * the file store under it; at the end the manifest's hashes and counts are checked against what
 * was read, deferred constraints (balanced entries) are checked, and each part finishes (the caller
 * becomes the owner). Anything wrong (a newer format, a hash that differs, a broken reference)
 * rolls everything back and removes the files stored, with the reason as a 422 (or 409).
 */
export async function importArchive(kernel: Kernel, principal: Principal, body: ReadableStream<Uint8Array>): Promise<ImportResult> {
  const tenantId = crypto.randomUUID();
  const parts = kernel.contributions('company-archive');
  try {
    return await kernel.unitOfWork(principal).run(async (tx) => {
      const restorer = new Restorer(kernel, tx, parts);
      await restorer.read(body);
      return restorer.finish(principal.userId);
    }, { tenantId });
  } catch (error) {
    // the company is new: whatever files its import stored go with it
    await kernel.files.deleteTenant(tenantId).catch(() => {});
    throw error;
  }
}

class Restorer {
  private format?: ArchiveFormat;
  private readonly seen = new Map<string, Seen>();
  private manifest?: { format: string; format_version: number; entries: ManifestEntry[] };
  private readonly tables = new Map<string, PartTable>();
  private readonly rows: Record<string, number> = {};
  /** Per table with `restoreAfter` columns: each row's id and archived values of those columns, as JSON objects. */
  private readonly pending = new Map<string, { columns: string[]; rows: string[] }>();
  private readonly fileTypes = new Map<string, string>();
  filesStored = 0;
  private name = '';
  /**
   * The first refusal of a row by the database. Reading goes on without writing (the transaction
   * is lost anyway) so that an altered archive is answered as altered, from its manifest, rather
   * than by whichever of its rows the database refused first.
   */
  private failure?: unknown;

  constructor(private readonly kernel: Kernel, private readonly tx: Tx, private readonly parts: readonly ArchivePart[]) {
    for (const part of parts) for (const table of part.tables) this.tables.set(table.table, { ...table, part: part.part });
  }

  async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const steps: Step[] = [];
    const unzip = new Unzip((file) => {
      steps.push({ kind: 'file', name: file.name });
      file.ondata = (error, data, final) => { steps.push(error ? { kind: 'error', error } : { kind: 'data', data, final }); };
      try { file.start(); } catch (error) { steps.push({ kind: 'error', error }); }
    });
    unzip.register(UnzipInflate);
    let current: EntryReader | undefined;
    const drain = async () => {
      while (steps.length) {
        const step = steps.shift()!;
        if (step.kind === 'error') throw new Unprocessable(`The archive is not a readable zip: ${(step.error as Error)?.message ?? step.error}`);
        if (step.kind === 'file') {
          if (current) throw new Unprocessable('The archive is not a readable zip: an entry ends early');
          current = this.reader(step.name);
          continue;
        }
        if (!current) throw new Unprocessable('The archive is not a readable zip');
        if (step.data.byteLength) await current.data(step.data);
        if (step.final) { const ending = current; current = undefined; await ending.end(); }
      }
    };
    const reader = body.getReader();
    try {
      for (;;) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          if (error instanceof DomainError) throw error;
          throw new Unprocessable('The archive could not be read to its end');
        }
        if (chunk.done) break;
        for (let offset = 0; offset < chunk.value.byteLength; offset += PUSH_BYTES) {
          try { unzip.push(chunk.value.subarray(offset, offset + PUSH_BYTES)); } catch (error) {
            throw new Unprocessable(`The archive is not a readable zip: ${(error as Error).message}`);
          }
          await drain();
        }
      }
      try { unzip.push(new Uint8Array(0), true); } catch (error) { throw new Unprocessable(`The archive is not a readable zip: ${(error as Error).message}`); }
      await drain();
    } finally {
      reader.releaseLock();
    }
    if (current) throw new Unprocessable('The archive ends in the middle of an entry');
    if (!this.format) throw new Unprocessable('The archive is empty: format.json is missing');
    if (!this.manifest) throw new Unprocessable('The archive is incomplete: manifest.json, its last entry, is missing');
    if (this.failure) throw this.failure;
  }

  /** The reader of the entry named `name`; format.json must come first and manifest.json last. */
  private reader(name: string): EntryReader {
    if (this.manifest) throw new Unprocessable(`The archive has an entry after manifest.json: ${name}`);
    if (this.seen.has(name)) throw new Unprocessable(`The archive holds ${name} twice`);
    if (!this.format && name !== 'format.json') throw new Unprocessable('The archive must start with format.json');
    if (name === 'format.json') return this.whole(name, MAX_FORMAT_BYTES, (bytes) => this.readFormat(bytes));
    if (name === 'manifest.json') return this.whole(name, MAX_MANIFEST_BYTES, (bytes) => this.readManifest(bytes), false);
    const table = /^tables\/([a-z0-9_]+)\.jsonl$/.exec(name)?.[1];
    if (table) return this.tableReader(name, table);
    const file = /^files\/([0-9a-f]{64})(\.type)?$/.exec(name);
    if (file?.[2]) return this.whole(name, 256, async (bytes) => { this.fileTypes.set(file[1], new TextDecoder().decode(bytes)); });
    if (file) return this.whole(name, MAX_FILE_BYTES, (bytes) => this.storeFile(file[1], bytes));
    throw new Unprocessable(`The archive holds an entry this version does not know: ${name}`);
  }

  /** An entry read whole (small ones and files), hashed and handed to `use`. */
  private whole(name: string, limit: number, use: (bytes: Uint8Array) => Promise<void>, record = true): EntryReader {
    const chunks: Uint8Array[] = [];
    let size = 0;
    return {
      data: async (bytes) => {
        size += bytes.byteLength;
        if (size > limit) throw new PayloadTooLarge(`The archive's ${name} is larger than ${limit} bytes`);
        chunks.push(bytes);
      },
      end: async () => {
        const whole = Buffer.concat(chunks);
        if (record) this.seen.set(name, { bytes: whole.byteLength, sha256: sha256(whole) });
        await use(whole);
      },
    };
  }

  private async readFormat(bytes: Uint8Array): Promise<void> {
    const format = parseJson<ArchiveFormat>(bytes, 'format.json');
    if (format?.format !== ARCHIVE_FORMAT) throw new Unprocessable('This is not a company archive (format.json names another format)');
    if (!Number.isInteger(format.format_version) || format.format_version < 1) throw new Unprocessable('format.json has no valid format_version');
    if (format.format_version > ARCHIVE_FORMAT_VERSION) {
      throw new Unprocessable(`The archive is format version ${format.format_version}, newer than this deployment reads (${ARCHIVE_FORMAT_VERSION}): restore it on an up-to-date deployment`);
    }
    if (!Array.isArray(format.parts) || !format.parts.every((p) => typeof p?.part === 'string' && Number.isInteger(p?.version))) {
      throw new Unprocessable('format.json lists no parts (each a part name and an integer version)');
    }
    for (const { part, version } of format.parts) {
      const local = this.parts.find((p) => p.part === part);
      if (!local) throw new Unprocessable(`The archive holds "${part}", which this deployment does not have: install its plugin first`);
      if (!(version <= local.version)) throw new Unprocessable(`The archive's "${part}" is version ${version}, newer than this deployment reads (${local.version})`);
    }
    this.format = format;
  }

  private async readManifest(bytes: Uint8Array): Promise<void> {
    const manifest = parseJson<{ format: string; format_version: number; entries: ManifestEntry[] }>(bytes, 'manifest.json');
    const wellFormed = (entry: ManifestEntry) => typeof entry?.path === 'string' && typeof entry.sha256 === 'string' && Number.isInteger(entry.bytes)
      && (entry.rows === undefined || Number.isInteger(entry.rows));
    if (manifest?.format !== ARCHIVE_FORMAT || !Array.isArray(manifest.entries) || !manifest.entries.every(wellFormed)) {
      throw new Unprocessable('manifest.json is not a company archive manifest');
    }
    const listed = new Set<string>();
    for (const entry of manifest.entries) {
      listed.add(entry.path);
      const seen = this.seen.get(entry.path);
      if (!seen) throw new Unprocessable(`The archive is incomplete: ${entry.path}, listed in its manifest, is missing`);
      if (seen.sha256 !== entry.sha256 || seen.bytes !== entry.bytes) throw new Unprocessable(`The archive was altered: ${entry.path} does not match the SHA-256 its manifest records`);
      if (entry.rows !== undefined && seen.rows !== entry.rows) throw new Unprocessable(`The archive was altered: ${entry.path} holds ${seen.rows} rows, its manifest says ${entry.rows}`);
    }
    for (const path of this.seen.keys()) if (!listed.has(path)) throw new Unprocessable(`The archive was altered: ${path} is not in its manifest`);
    this.manifest = manifest;
  }

  private async storeFile(key: string, bytes: Uint8Array): Promise<void> {
    if (sha256(bytes) !== key) throw new Unprocessable(`The archive was altered: files/${key} does not hash to its name`);
    const type = this.fileTypes.get(key);
    if (!type) throw new Unprocessable(`The archive's files/${key} comes without its files/${key}.type`);
    if (this.failure) return;
    try {
      await this.kernel.files.put(this.tx.tenantId, bytes, type);
    } catch {
      throw new Unprocessable(`The archive's files/${key} has an invalid content type`);
    }
    this.filesStored++;
  }

  /** A table's rows, inserted INSERT_ROWS at a time as the lines arrive. */
  private tableReader(name: string, tableName: string): EntryReader {
    const table = this.tables.get(tableName);
    if (!table) throw new Unprocessable(`The archive holds table ${tableName}, which no installed plugin restores`);
    if (!this.format!.parts.some((p) => p.part === table.part)) throw new Unprocessable(`The archive holds table ${tableName} outside the parts its format.json lists`);
    const hash = new Bun.CryptoHasher('sha256');
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let size = 0;
    let partial = '';
    let batch: string[] = [];
    let rows = 0;
    let insert: ((lines: string[]) => Promise<void>) | undefined;
    const flush = async () => {
      if (!batch.length) return;
      if (this.failure) { batch = []; return; }
      insert ??= await this.inserter(table);
      const lines = batch;
      batch = [];
      await insert(lines);
    };
    const take = async (text: string) => {
      const lines = (partial + text).split('\n');
      partial = lines.pop()!;
      if (partial.length > MAX_LINE_BYTES) throw new PayloadTooLarge(`A row of ${tableName} in the archive is larger than ${MAX_LINE_BYTES} bytes`);
      for (const line of lines) {
        if (!line) continue;
        batch.push(line);
        rows++;
        if (batch.length >= INSERT_ROWS) await flush();
      }
    };
    return {
      data: async (bytes) => {
        hash.update(bytes);
        size += bytes.byteLength;
        let text: string;
        try { text = decoder.decode(bytes, { stream: true }); } catch { throw new Unprocessable(`The archive's ${name} is not UTF-8`); }
        await take(text);
      },
      end: async () => {
        await take('\n');
        await flush();
        this.rows[tableName] = rows;
        this.seen.set(name, { bytes: size, sha256: hash.digest('hex'), rows });
      },
    };
  }

  /** The statement that inserts a batch of `table`'s archived rows for the new company. */
  private async inserter(table: PartTable): Promise<(lines: string[]) => Promise<void>> {
    const columns = await insertedColumns(statementsIn(this.tx.em), table);
    const tenantColumn = table.tenantColumn ?? 'tenant_id';
    const people = new Set(table.people ?? []);
    const later = table.restoreAfter ?? {};
    const values = columns.map((column) => column === tenantColumn ? ':tenant::uuid'
      : people.has(column) ? 'null'
      : later[column] !== undefined ? later[column]!
      : `r.${quoted(column)}`);
    const statement = `insert into ${quoted(table.table)} (${columns.map(quoted).join(', ')})
      select ${values.join(', ')} from jsonb_populate_recordset(null::${quoted(table.table)}, :rows::jsonb) r`;
    const laterColumns = Object.keys(later);
    const pending = laterColumns.length ? { columns: laterColumns, rows: [] as string[] } : undefined;
    if (pending) this.pending.set(table.table, pending);
    return async (lines) => {
      if (pending) {
        for (const line of lines) {
          const row = parseRow(line, table.table);
          pending.rows.push(JSON.stringify(Object.fromEntries(['id', ...laterColumns].map((column) => [column, row[column] ?? null]))));
        }
      }
      if (this.failure) return;
      try {
        await this.tx.sqlBulk(statement, { rows: `[${lines.join(',')}]` });
      } catch (error) {
        this.failure = refusal(error, table.table);
      }
    };
  }

  /** `work`, with what the database refuses about an archive's rows answered as the archive's fault. */
  private async guarded<T>(table: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw refusal(error, table);
    }
  }

  /** After the manifest checked out: archived values put back, deferred rules checked, each part finished. */
  async finish(userId: string): Promise<ImportResult> {
    for (const [table, { columns, rows }] of this.pending) {
      const set = columns.map((column) => `${quoted(column)} = r.${quoted(column)}`).join(', ');
      for (let i = 0; i < rows.length; i += 5000) {
        await this.guarded(table, () => this.tx.sqlBulk(`update ${quoted(table)} t set ${set}
            from jsonb_populate_recordset(null::${quoted(table)}, :rows::jsonb) r where t.tenant_id = :tenant and t.id = r.id`,
          { rows: `[${rows.slice(i, i + 5000).join(',')}]` }));
      }
    }
    const [company] = await this.tx.sql<{ name: string }>('select name from tenants where id = :tenant');
    if (!company) throw new Unprocessable('The archive holds no company (its tenants table is empty)');
    this.name = company.name;
    for (const part of this.parts) if (part.restored) await part.restored(this.tx, { userId });
    await this.guarded('the books', async () => {
      await statementsIn(this.tx.em)('set constraints all immediate');
      await statementsIn(this.tx.em)('set constraints all deferred');
    });
    return { tenantId: this.tx.tenantId, name: this.name, rows: this.rows, files: this.filesStored };
  }
}

function refusal(error: unknown, table: string): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string })?.code ?? '';
  const message = String((error as Error)?.message ?? '').split('\n')[0]!.slice(0, 300);
  if (code === '23503') return new Unprocessable(`The archive has broken references in ${table}: ${message}`);
  if (code === '23505') return new Conflict(`The archive's ${table} clashes with what this deployment holds: ${message}`);
  if (code === 'CU409') return new Conflict(`The archive's ${table} is refused by the books: ${message}`);
  if (code.startsWith('22') || code.startsWith('23') || code === 'P0001' || code === '42804') return new Unprocessable(`The archive's ${table} rows are not valid: ${message}`);
  return error;
}

function parseJson<T>(bytes: Uint8Array, name: string): T {
  try { return JSON.parse(new TextDecoder().decode(bytes)) as T; } catch { throw new Unprocessable(`The archive's ${name} is not JSON`); }
}

function parseRow(line: string, table: string): Record<string, unknown> {
  try {
    const row = JSON.parse(line);
    if (row && typeof row === 'object' && !Array.isArray(row)) return row;
  } catch {}
  throw new Unprocessable(`The archive's ${table} holds a line that is not a JSON object`);
}

const sha256 = (bytes: Uint8Array): string => new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
