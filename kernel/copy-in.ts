import { CompiledQuery } from 'kysely';
import { Unprocessable } from './errors';
import type { Tx } from './uow';

/**
 * `COPY <table> (<columns>) FROM STDIN` on the transaction's own connection (PostgreSQL through
 * the `pg` driver): the rows travel as COPY's text format, which PostgreSQL reads far faster than
 * the same values as bound arrays or a multi-row VALUES. The statement runs in the caller's
 * transaction, as its role and under its tenant setting, so it is meant for a temporary staging
 * table that a tenant-scoped `insert … select` (under row-level security) then moves into place.
 * Not available on PGlite: callers keep a set-based insert for it (`copyInSupported`).
 *
 * How it reaches the connection: `pg` accepts a "submittable" (an object with `submit`) in place
 * of a query text and hands it the protocol messages (its documented extension for cursors and
 * streams); Kysely passes the compiled query's text to `client.query` untouched and awaits what
 * comes back, so the submittable is also a promise of the statement's result.
 */
export async function copyIn(tx: Tx, table: string, columns: readonly string[], rows: Iterable<readonly (string | null)[]>): Promise<number> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table) || columns.some((c) => !/^[a-z_][a-z0-9_]*$/.test(c))) throw new Error('copyIn: plain identifiers only');
  const context = tx.em.getTransactionContext() as { executeQuery(query: CompiledQuery): Promise<unknown> } | undefined;
  if (!context) throw new Error('copyIn runs inside a unit of work');
  const submittable = new CopyFromText(`copy ${table} (${columns.join(', ')}) from stdin`, encodeRows(rows));
  await context.executeQuery(CompiledQuery.raw(submittable as unknown as string, []));
  return submittable.copied;
}

/** Whether `copyIn` works on this database (PostgreSQL through `pg`; not PGlite). */
export const copyInSupported = (kind: 'postgres' | 'pglite'): boolean => kind === 'postgres';

const CHUNK = 256 * 1024;
const SPECIAL = /[\\\t\n\r\u0000]/;

function escapeCopyText(value: string): string {
  if (!SPECIAL.test(value)) return value;
  if (value.includes('\u0000')) throw new Unprocessable('The request contains characters that cannot be stored (such as NUL)');
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** The rows as COPY text (tab-separated, `\N` for null), in buffers of about CHUNK bytes. */
function encodeRows(rows: Iterable<readonly (string | null)[]>): Buffer[] {
  const chunks: Buffer[] = [];
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const value = row[i];
      text += (i ? '\t' : '') + (value === null ? '\\N' : escapeCopyText(value));
    }
    text += '\n';
    if (text.length >= CHUNK) { chunks.push(Buffer.from(text, 'utf8')); text = ''; }
  }
  if (text) chunks.push(Buffer.from(text, 'utf8'));
  return chunks;
}

interface PgConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/** A `pg` submittable running one COPY FROM STDIN with data known in advance. */
class CopyFromText implements PromiseLike<{ command: string; rowCount: number; rows: never[] }> {
  copied = 0;
  private readonly done: Promise<{ command: string; rowCount: number; rows: never[] }>;
  private resolve!: (value: { command: string; rowCount: number; rows: never[] }) => void;
  private reject!: (error: unknown) => void;

  constructor(private readonly text: string, private readonly chunks: Buffer[]) {
    this.done = new Promise((resolve, reject) => { this.resolve = resolve; this.reject = reject; });
  }

  // biome-ignore lint/suspicious/noThenProperty: awaited by Kysely as the query's result
  then<A, B>(onFulfilled?: ((value: { command: string; rowCount: number; rows: never[] }) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null) {
    return this.done.then(onFulfilled, onRejected);
  }

  submit(connection: PgConnection): void { connection.query(this.text); }

  handleCopyInResponse(connection: PgConnection): void {
    for (const chunk of this.chunks) connection.sendCopyFromChunk(chunk);
    connection.endCopyFrom();
  }

  handleCommandComplete(message: { text?: string }): void {
    const match = /^COPY (\d+)/.exec(message.text ?? '');
    if (match) this.copied = Number(match[1]);
  }

  handleReadyForQuery(): void { this.resolve({ command: 'COPY', rowCount: this.copied, rows: [] }); }
  handleError(error: unknown): void { this.reject(error); }
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}
