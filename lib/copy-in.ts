import { CompiledQuery } from 'kysely';
import { Unprocessable } from '../kernel/errors';
import type { Tx } from '../kernel/uow';

/**
 * `COPY <table> (<columns>) FROM STDIN` on the transaction's own connection (PostgreSQL through
 * the `pg` driver): the rows travel as COPY's text format, which PostgreSQL reads far faster than
 * the same values as bound arrays or a multi-row VALUES. The statement runs in the caller's
 * transaction, as its role and under its tenant setting, so it is meant for a temporary staging
 * table that a tenant-scoped `insert … select` (under row-level security) then moves into place.
 * Not available on PGlite: callers keep a set-based insert for it (`copyInSupported`). The rows
 * are encoded and sent as the iterable yields them, so a generator that computes them works while
 * PostgreSQL reads what came before.
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

/**
 * The rows as COPY text (tab-separated, `\N` for null), in buffers of about CHUNK bytes, each made
 * only when the previous one has been handed to the socket: the rows (and whatever work their
 * iterator does) are produced while PostgreSQL reads the chunks already sent.
 */
function* encodeRows(rows: Iterable<readonly (string | null)[]>): Generator<Buffer> {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const value = row[i];
      text += (i ? '\t' : '') + (value === null ? '\\N' : escapeCopyText(value));
    }
    text += '\n';
    if (text.length >= CHUNK) { yield Buffer.from(text, 'utf8'); text = ''; }
  }
  if (text) yield Buffer.from(text, 'utf8');
}

interface PgConnection {
  stream: { writableNeedDrain?: boolean; once(event: string, listener: () => void): unknown; off(event: string, listener: () => void): unknown };
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

type CopyResult = { command: string; rowCount: number; rows: never[] };

/**
 * A `pg` submittable running one COPY FROM STDIN. The chunks are sent as they are made; when the
 * socket holds more than its buffer (PostgreSQL reads slower than they come), the next chunk waits
 * for it to drain, so the rows are produced while PostgreSQL parses, not all before. When making a
 * chunk throws, the COPY is abandoned (CopyFail) and the statement fails with that error; when
 * PostgreSQL refuses the data, sending stops (it ignores what was still on the way).
 */
class CopyFromText implements PromiseLike<CopyResult> {
  copied = 0;
  private readonly done: Promise<CopyResult>;
  private resolve!: (value: CopyResult) => void;
  private reject!: (error: unknown) => void;
  private stopped = false;
  private sourceError: unknown;

  constructor(private readonly text: string, private readonly chunks: Iterator<Buffer>) {
    this.done = new Promise((resolve, reject) => { this.resolve = resolve; this.reject = reject; });
  }

  // biome-ignore lint/suspicious/noThenProperty: awaited by Kysely as the query's result
  then<A, B>(onFulfilled?: ((value: CopyResult) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null) {
    return this.done.then(onFulfilled, onRejected);
  }

  submit(connection: PgConnection): void { connection.query(this.text); }

  handleCopyInResponse(connection: PgConnection): void { void this.send(connection); }

  private async send(connection: PgConnection): Promise<void> {
    try {
      for (let next = this.chunks.next(); !next.done; next = this.chunks.next()) {
        if (this.stopped) return;
        connection.sendCopyFromChunk(next.value);
        if (connection.stream.writableNeedDrain) await drained(connection.stream);
      }
      if (!this.stopped) connection.endCopyFrom();
    } catch (error) {
      this.sourceError = error;
      if (!this.stopped) connection.sendCopyFail(error instanceof Error ? error.message : String(error));
    }
  }

  handleCommandComplete(message: { text?: string }): void {
    const match = /^COPY (\d+)/.exec(message.text ?? '');
    if (match) this.copied = Number(match[1]);
  }

  handleReadyForQuery(): void { this.resolve({ command: 'COPY', rowCount: this.copied, rows: [] }); }
  handleError(error: unknown): void {
    this.stopped = true;
    this.reject(this.sourceError ?? error);
  }
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/** Resolves when the socket has drained (or closed: the statement then fails on its own). */
function drained(stream: PgConnection['stream']): Promise<void> {
  return new Promise((resolve) => {
    const done = () => { stream.off('drain', done); stream.off('close', done); resolve(); };
    stream.once('drain', done);
    stream.once('close', done);
  });
}
