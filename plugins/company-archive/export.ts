import { IsolationLevel } from '@mikro-orm/core';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { Kernel } from '../../kernel/kernel';
import { RequestTransaction } from '../../kernel/request-transaction';
import { sqlLiteral } from '../../kernel/sql-params';
import type { ArchivePart } from '../tenants/api';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION } from './format';
import { insertionOrder, quoted, statementsIn } from './tables';

/** Rows fetched from the cursor at a time: what the export holds in memory, with the zip's buffers. */
const FETCH_ROWS = 2000;
/** Bytes the response may hold before the export waits for the client to read. */
const BUFFERED_BYTES = 1024 * 1024;

export interface ManifestEntry { path: string; bytes: number; sha256: string; rows?: number; part?: string; table?: string; content_type?: string }

/** What `format.json`, the first entry, says: read before anything is restored. */
export interface ArchiveFormat {
  format: string;
  format_version: number;
  created_at: string;
  company: { id: string; name: string; tax_id: string };
  parts: { part: string; plugin: string; version: number }[];
}

/**
 * The company as one zip, produced while the client reads it: `format.json` first (format and
 * part versions), then one JSON-lines entry per table in insertion order, then the stored files
 * (`files/<sha256>.type` and `files/<sha256>`), then `manifest.json` with the rows, size and
 * SHA-256 of every entry. Everything is read in one repeatable-read, read-only transaction, so the
 * archive is one consistent moment of the books; rows come through a cursor FETCH_ROWS at a time
 * and the zip waits whenever BUFFERED_BYTES are unread, so memory stays bounded whatever the size.
 */
export function archiveStream(kernel: Kernel, tenantId: string, company: ArchiveFormat['company']): ReadableStream<Uint8Array> {
  const contributions = kernel.extensions.contributors('company-archive');
  const parts: ArchivePart[] = contributions.map((c) => c.value);
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let wake: (() => void) | undefined;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) { controller = c; },
    pull() { wake?.(); wake = undefined; },
    cancel() { cancelled = true; wake?.(); wake = undefined; },
  }, { highWaterMark: BUFFERED_BYTES, size: (chunk) => chunk?.byteLength ?? 0 });

  const zip = new Zip((error, chunk, final) => {
    if (cancelled) return;
    if (error) { controller.error(error); return; }
    controller.enqueue(chunk);
    if (final) controller.close();
  });
  const drained = async (): Promise<void> => {
    while (!cancelled && (controller.desiredSize ?? 1) <= 0) await new Promise<void>((resolve) => { wake = resolve; });
    if (cancelled) throw new ArchiveCancelled();
  };
  const entries: ManifestEntry[] = [];
  /** One zip entry written piece by piece, hashed and measured as it goes. */
  const entry = (path: string, level: 0 | 1 | 6 = 6) => {
    const file = new ZipDeflate(path, { level });
    zip.add(file);
    const hash = new Bun.CryptoHasher('sha256');
    let bytes = 0;
    return {
      async write(data: Uint8Array, final = false) {
        hash.update(data);
        bytes += data.byteLength;
        file.push(data, final);
        await drained();
      },
      done: (extra: Partial<ManifestEntry> = {}) => { entries.push({ path, bytes, sha256: hash.digest('hex'), ...extra }); },
    };
  };

  const produce = async () => {
    const format: ArchiveFormat = {
      format: ARCHIVE_FORMAT, format_version: ARCHIVE_FORMAT_VERSION, created_at: new Date().toISOString(), company,
      parts: contributions.map((c) => ({ part: c.value.part, plugin: c.plugin, version: c.value.version })),
    };
    const head = entry('format.json');
    await head.write(strToU8(JSON.stringify(format, null, 2)), true);
    head.done();

    const fileKeys = new Set<string>();
    await RequestTransaction.outside(() => kernel.db.orm.em.fork({ clear: true }).transactional(async (em) => {
      const run = statementsIn(em);
      await run(`select set_config('app.tenant_id', ?, true)`, [tenantId]);
      for (const table of await insertionOrder(run, parts)) {
        const column = table.tenantColumn ?? 'tenant_id';
        const order = table.orderBy ?? (await primaryKey(run, table.table)).map(quoted).join(', ');
        const out = entry(`tables/${table.table}.jsonl`, 1);
        let rows = 0;
        await run(`declare archive_rows no scroll cursor for select row_to_json(t)::text as line from ${quoted(table.table)} t
          where t.${quoted(column)} = ${sqlLiteral(tenantId)}::uuid order by ${order}`);
        for (;;) {
          const batch = await run<{ line: string }>(`fetch ${FETCH_ROWS} from archive_rows`);
          if (!batch.length) break;
          rows += batch.length;
          await out.write(strToU8(`${batch.map((row) => row.line).join('\n')}\n`));
        }
        await run('close archive_rows');
        await out.write(new Uint8Array(0), true);
        out.done({ rows, part: table.part, table: table.table });
        for (const files of table.files ?? []) {
          const keys = await run<{ key: string }>(`select distinct ${quoted(files)} as key from ${quoted(table.table)}
            where ${quoted(column)} = ${sqlLiteral(tenantId)}::uuid and ${quoted(files)} is not null`);
          for (const { key } of keys) fileKeys.add(key);
        }
      }
    }, { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true }));

    for (const key of [...fileKeys].sort()) {
      const stored = await kernel.files.get(tenantId, key);
      if (!stored) continue; // a key whose file is gone: the restored row names a file that is not there, as here
      const type = entry(`files/${key}.type`);
      await type.write(strToU8(stored.contentType), true);
      type.done();
      const bytes = entry(`files/${key}`, 1);
      await bytes.write(stored.bytes, true);
      bytes.done({ content_type: stored.contentType });
    }

    const manifest = entry('manifest.json');
    await manifest.write(strToU8(JSON.stringify({ format: ARCHIVE_FORMAT, format_version: ARCHIVE_FORMAT_VERSION, entries }, null, 1)), true);
    zip.end();
  };
  produce().catch((error) => {
    if (cancelled || error instanceof ArchiveCancelled) return;
    kernel.logger.error('company archive failed while streaming', { error });
    try { controller.error(error); } catch {}
  });
  return stream;
}

class ArchiveCancelled extends Error {}

async function primaryKey(run: ReturnType<typeof statementsIn>, table: string): Promise<string[]> {
  const rows = await run<{ name: string }>(`select a.attname as name from pg_constraint c
      cross join lateral unnest(c.conkey) with ordinality k(num, ord)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num
      where c.conrelid = to_regclass(?) and c.contype = 'p' order by k.ord`, [table]);
  if (!rows.length) throw new Error(`Archive table ${table} has no primary key: give it an orderBy`);
  return rows.map((row) => row.name);
}
