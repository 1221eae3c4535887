import { createHash } from 'node:crypto';
import { PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from '../../kernel/errors';
import { Decimal, money } from '../../kernel/money';
import { pgArray } from '../../kernel/sql-params';
import { copyIn, copyInSupported } from '../../lib/copy-in';
import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import { LedgerService } from '../ledger/api';
import { fingerprinter } from './fingerprint';
import { StatementRefused, type BalanceDifference, type ImportOptions, type ParsedMovement, type RejectedLine, type StatementImporter } from './importers/types';
import { SavedMappings } from './saved-mapping';
import { bookEuros } from './movements';
import { movementEntry } from './posting';
import { BOOK_CURRENCY, Treasuries, type TreasuryRow } from './treasuries';

/** The day a timestamp of a statement falls on is the day in Spain (the books' days). */
const IMPORT_TIME_ZONE = 'Europe/Madrid';

/** Largest statement file accepted (a year of a busy account in Norma 43 is a few MiB). */
export const MAX_STATEMENT_BYTES = 32 * 1024 * 1024;

export interface ImportResult {
  import_id: string | null;
  format: string;
  account: string | null;
  other_accounts: string[];
  imported: number;
  duplicates: number;
  rejected: number;
  rejected_lines: RejectedLine[];
  /** Where a balance column of the file is not the running balance its movements lead to. */
  balance_differences: BalanceDifference[];
  /** The column mapping the file was read with (given now, or saved on the treasury by an earlier import); null when none. */
  mapping: Record<string, string> | null;
  from: string | null;
  to: string | null;
}

/** The importer for a file: the first (fallbacks last) whose `detect` recognises it. */
export function pickImporter(importers: readonly StatementImporter[], bytes: Uint8Array): StatementImporter {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  const ordered = [...importers.filter((i) => !i.fallback), ...importers.filter((i) => i.fallback)];
  const importer = ordered.find((candidate) => candidate.detect(head, bytes));
  if (!importer) throw new UnsupportedMediaType(`Not a statement format this service reads (${ordered.map((i) => i.name).join(', ')})`);
  return importer;
}

const compact = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

/**
 * Whether an account named by a statement is the treasury's IBAN: the same IBAN, or for a Spanish
 * IBAN (ES kk EEEE OOOO DD NNNNNNNNNN) the CCC with or without its two check digits, which is how
 * Norma 43 names the account (entidad, oficina, cuenta).
 */
export function accountMatches(iban: string, key: string): boolean {
  const k = compact(key);
  if (k === iban) return true;
  if (!iban.startsWith('ES') || iban.length !== 24) return false;
  if (/^\d{18}$/.test(k)) return iban.slice(4, 12) + iban.slice(14) === k;
  if (/^\d{20}$/.test(k)) return iban.slice(4) === k;
  return false;
}

function chooseAccount(treasury: TreasuryRow, keys: string[]): { account: string | null; others: string[] } {
  if (!keys.length) return { account: null, others: [] };
  if (treasury.iban) {
    const account = keys.find((key) => accountMatches(treasury.iban!, key));
    if (!account) {
      throw ValidationFailed.field(['body', 'file'], `The statement is for ${keys.join(', ')}, not for this treasury's IBAN ${treasury.iban}`, 'value_error.statement_account');
    }
    return { account, others: keys.filter((key) => key !== account) };
  }
  if (keys.length > 1) {
    throw ValidationFailed.field(['body', 'file'], `The statement holds several accounts (${keys.join(', ')}): give the treasury its IBAN to pick its own`, 'value_error.statement_account');
  }
  return { account: keys[0], others: [] };
}

/** The CSV mapping: a JSON object of strings (a multipart field holding JSON arrives already parsed). */
function readMapping(raw: string | Record<string, unknown> | undefined): ImportOptions {
  if (raw === undefined || raw === '') return {};
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try { parsed = JSON.parse(raw); } catch { throw ValidationFailed.field(['body', 'mapping'], 'Not JSON: an object of column names', 'value_error.json'); }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string')) {
    throw ValidationFailed.field(['body', 'mapping'], 'An object whose values are column names (strings)', 'value_error.mapping');
  }
  return { mapping: parsed as Record<string, string> };
}

/**
 * Imports a statement file into a treasury in the caller's transaction: parses it with the
 * importer that recognises it, keeps the movements of the treasury's account, inserts them in one
 * set-based statement that skips the fingerprints already held, and posts one entry per booking
 * day of what was inserted (572x against 555x; see README "Books").
 */
export async function importStatement(tx: Tx, kernel: Kernel, treasuryId: string, body: { file: File; mapping?: string | Record<string, unknown> }): Promise<ImportResult> {
  const treasury = await Treasuries.getActive(tx, treasuryId);
  if (body.file.size > MAX_STATEMENT_BYTES) throw new PayloadTooLarge(`A statement file may be at most ${MAX_STATEMENT_BYTES} bytes`);
  const given = readMapping(body.mapping);
  const bytes = new Uint8Array(await body.file.arrayBuffer());
  if (!bytes.length) throw ValidationFailed.field(['body', 'file'], 'The file is empty', 'value_error.empty_file');
  const importer = pickImporter(kernel.contributions('statement-importers'), bytes);
  const saved = importer.mapped && !given.mapping ? await SavedMappings.load(tx, treasury.id) : null;
  const options: ImportOptions = { timeZone: IMPORT_TIME_ZONE, mapping: given.mapping ?? saved ?? undefined };
  let statement;
  try {
    statement = await importer.parse(bytes, options);
    if (importer.mapped && given.mapping) await SavedMappings.save(tx, treasury.id, given.mapping);
  } catch (error) {
    if (error instanceof StatementRefused) {
      const hint = saved ? ' (with the mapping saved on this treasury by an earlier import: give this file its own)' : '';
      throw new ValidationFailed([{ loc: ['body', 'file', error.line], msg: `Line ${error.line}: ${error.reason}${hint}`, type: 'value_error.statement' }]);
    }
    throw error;
  }
  const keys = [...new Set(statement.accounts.map((a) => a.key))];
  const { account, others } = chooseAccount(treasury, keys);
  // a line's currency is its own (CAMT `Amt/@Ccy`, a currency column) or its account's (CAMT `Acct/Ccy`,
  // Norma 43's currency code); CSV and XLSX lines without one are in the treasury's currency
  const accountCurrency = statement.accounts.find((a) => a.key === account)?.currency ?? null;
  const ours = (line: { account?: string }) => account === null || line.account === undefined || line.account === account;
  const rejected: RejectedLine[] = statement.rejected.filter((r) => ours({ account: statement.rejectedAccounts?.get(r.line) }));
  const mine: ParsedMovement[] = [];
  for (const movement of statement.movements) {
    if (!ours(movement)) continue;
    if (movement.amount.isZero()) { rejected.push({ line: movement.line, reason: 'Zero amount: nothing to book' }); continue; }
    const currency = movement.currency || accountCurrency;
    if (currency && currency !== treasury.currency) {
      rejected.push({ line: movement.line, reason: `Amount ${movement.amount} in ${currency}; the treasury is in ${treasury.currency}: not booked` });
      continue;
    }
    mine.push(movement);
  }
  rejected.sort((a, b) => a.line - b.line);
  let from = mine[0]?.bookingDate ?? null, to = from;
  for (const m of mine) { if (m.bookingDate < from!) from = m.bookingDate; if (m.bookingDate > to!) to = m.bookingDate; }
  const result: ImportResult = {
    import_id: null, format: importer.name, account, other_accounts: others, imported: 0, duplicates: 0,
    rejected: rejected.length, rejected_lines: rejected.slice(0, 1000), balance_differences: (statement.balanceDifferences ?? []).slice(0, 1000),
    mapping: options.mapping ?? null, from, to,
  };
  if (!mine.length) return result;

  const importId = crypto.randomUUID();
  await tx.sql(`insert into bank_imports (id, tenant_id, treasury_id, format, file_name, file_sha256, imported, duplicates, rejected)
    values (:id::uuid, :tenant, :treasury::uuid, :format, :fileName, :sha, 0, 0, :rejected)`, {
    id: importId, treasury: treasury.id, format: importer.name, fileName: body.file.name?.slice(0, 255) || null,
    sha: createHash('sha256').update(bytes).digest('hex'), rejected: rejected.length,
  });
  let days = await insertMovements(tx, kernel.db.kind, treasury.id, importId, mine, { from: from!, to: to! });
  if (treasury.currency !== BOOK_CURRENCY) days = await euroDays(tx, treasury, importId);
  const imported = days.reduce((sum, day) => sum + day.count, 0);
  await LedgerService.postMany(tx, days.map((day) => movementEntry(treasury, {
    date: day.date, sourceType: 'bank_import', sourceId: importId, moneyIn: day.moneyIn, moneyOut: day.moneyOut,
    description: `Extracto ${importer.name} ${treasury.name}: ${day.count} movimiento${day.count === 1 ? '' : 's'} del ${day.date}`.slice(0, 500),
  })));
  result.imported = imported;
  result.duplicates = mine.length - imported;
  if (imported === 0) {
    await tx.sql(`delete from bank_imports where tenant_id = :tenant and id = :id::uuid`, { id: importId });
    return result;
  }
  await tx.sql(`update bank_imports set imported = :imported, duplicates = :duplicates where tenant_id = :tenant and id = :id::uuid`,
    { id: importId, imported, duplicates: result.duplicates });
  result.import_id = importId;
  tx.publish('bank_movement.imported', { treasury_id: treasury.id, count: imported, import_id: importId });
  return result;
}

/**
 * The days of an import into a treasury in another currency, in euros: each movement it inserted
 * converted at its booking day's rate exactly as a movement entered by hand is (`bookEuros`), then
 * summed by day, so a statement line and the same line typed in carry the same euros.
 */
async function euroDays(tx: Tx, treasury: TreasuryRow, importId: string): Promise<ImportedDay[]> {
  const rows = await tx.sql<{ date: string; amount: string }>(`select booking_date::text as date, amount::text as amount from bank_movements
    where tenant_id = :tenant and treasury_id = :treasury::uuid and import_id = :import::uuid order by booking_date, id`, { treasury: treasury.id, import: importId });
  const days = new Map<string, ImportedDay>();
  for (const row of rows) {
    const amount = money(row.amount);
    const euros = await bookEuros(tx, treasury, amount.isNegative() ? amount.negate() : amount, row.date);
    let day = days.get(row.date);
    if (!day) days.set(row.date, (day = { date: row.date, count: 0, moneyIn: Decimal.zero(2), moneyOut: Decimal.zero(2) }));
    day.count++;
    if (amount.isNegative()) day.moneyOut = day.moneyOut.add(euros);
    else day.moneyIn = day.moneyIn.add(euros);
  }
  return [...days.values()];
}

interface ImportedDay { date: string; count: number; moneyIn: Decimal; moneyOut: Decimal }
type DayRow = { date: string; n: number; money_in: string; money_out: string };

const STAGED_COLUMNS = ['id', 'booking_date', 'value_date', 'amount', 'description', 'reference', 'counterparty', 'counterparty_iban', 'fingerprint', 'return_reason'] as const;

/** Inserts what `source` (rows named as STAGED_COLUMNS) holds, skipping what is held when `skipHeld`; answers how many went in. */
const insertNewSql = (source: string, skipHeld: boolean) => `
    with inserted as (
      insert into bank_movements (id, tenant_id, treasury_id, import_id, booking_date, value_date, amount, description, reference, counterparty, counterparty_iban, fingerprint, return_reason)
      select x.id, :tenant, :treasury::uuid, :import::uuid, x.booking_date, x.value_date, x.amount, x.description, x.reference, x.counterparty, x.counterparty_iban, x.fingerprint, x.return_reason
      from ${source}
      ${skipHeld ? 'on conflict (tenant_id, treasury_id, booking_date, fingerprint) do nothing' : ''}
      returning 1
    )
    select count(*)::int as n from inserted`;

/**
 * The rows sent are new unless a concurrent import committed some of them since the held
 * fingerprints were read: a plain insert, which costs about two thirds of one with `on conflict`
 * (no speculative insertion per row), fails then on the unique index, and only then, back at a
 * savepoint, the insert that skips what is held runs.
 */
async function insertNew(tx: Tx, insert: (skipHeld: boolean) => Promise<{ n: number }[]>): Promise<number> {
  const connection = tx.em.getConnection();
  const run = (statement: string) => connection.execute(statement, [], 'run', tx.em.getTransactionContext());
  await run('savepoint bank_movements_new');
  try {
    const [{ n }] = await insert(false);
    await run('release savepoint bank_movements_new');
    return Number(n);
  } catch (error) {
    if ((error as { code?: string })?.code !== '23505') throw error;
    await run('rollback to savepoint bank_movements_new');
    const [{ n }] = await insert(true);
    return Number(n);
  }
}

/** What one import inserted, by booking day: read back only when a concurrent import took some of its rows. */
const importedDaysSql = `select booking_date::text as date, count(*)::int as n,
      coalesce(sum(amount) filter (where amount > 0), 0)::text as money_in, coalesce(-sum(amount) filter (where amount < 0), 0)::text as money_out
    from bank_movements where tenant_id = :tenant and treasury_id = :treasury::uuid and import_id = :import::uuid
    group by booking_date order by booking_date`;

/**
 * One statement's movements into the treasury, and what was inserted summed by booking day. What
 * the treasury already holds in the file's period is left out before the rows travel: a
 * re-imported file then costs one indexed read instead of sending and probing every row. The
 * unique index still decides (see insertNew), which settles two imports racing. Ids are UUIDv7
 * (time-ordered), so the primary key grows at its end. The days are summed here from what was
 * sent; only when the inserts took fewer rows (a concurrent import got some first) are they read
 * back from the table.
 *
 * On PostgreSQL the rows are copied (COPY FROM STDIN) into a temporary staging table of this
 * transaction and moved from it by an `insert … select` under row-level security, in batches of
 * STAGED_BATCH, so that the two processes work at once: the first batch's fingerprints are
 * computed (and its COPY text written) while PostgreSQL reads what was already sent, and each next
 * batch's while PostgreSQL inserts the one before. On PGlite they travel as parallel arrays
 * through unnest.
 */
async function insertMovements(tx: Tx, kind: 'postgres' | 'pglite', treasuryId: string, importId: string, parsed: ParsedMovement[],
  period: { from: string; to: string }): Promise<ImportedDay[]> {
  const heldRows = tx.sql<{ f: string }>(`select fingerprint::text as f from bank_movements
    where tenant_id = :tenant and treasury_id = :treasury::uuid and booking_date between :from::date and :to::date`, { treasury: treasuryId, ...period });
  const params = { treasury: treasuryId, import: importId };
  const days = new DaySums();
  let inserted = 0;
  if (copyInSupported(kind)) {
    const connection = tx.em.getConnection();
    const run = (statement: string) => connection.execute(statement, [], 'run', tx.em.getTransactionContext());
    const staging = run(`create temporary table bank_movement_staging (id uuid, booking_date date, value_date date, amount numeric(18,2), description text,
      reference text, counterparty text, counterparty_iban text, fingerprint uuid, return_reason text) on commit drop`);
    const held = new Set((await heldRows).map((r) => r.f));
    await staging;
    const source = newRows(parsed, held, days);
    // a file whose every movement is held sends nothing more (the staging table goes at commit)
    const first = source.next();
    let batch: Iterable<(string | null)[]> | undefined = first.done ? undefined : (function* () {
      yield first.value;
      yield* take(source, STAGED_BATCH - 1);
    })();
    while (batch) {
      await copyIn(tx, 'bank_movement_staging', STAGED_COLUMNS, batch);
      const insertion = insertNew(tx, (skipHeld) => tx.sql<{ n: number }>(insertNewSql('bank_movement_staging x', skipHeld), params));
      const next = await gather(take(source, STAGED_BATCH));
      inserted += await insertion;
      if (!next.length) break;
      await run('truncate bank_movement_staging');
      batch = next;
    }
    if (!first.done) await run('drop table bank_movement_staging');
  } else {
    const held = new Set((await heldRows).map((r) => r.f));
    const rows = [...newRows(parsed, held, days)];
    if (!rows.length) return [];
    const unnest = `unnest(:ids::uuid[], :dates::date[], :valueDates::date[], :amounts::numeric[], :descriptions::text[],
        :references::text[], :counterparties::text[], :ibans::text[], :fingerprints::uuid[], :returnReasons::text[]) as x (${STAGED_COLUMNS.join(', ')})`;
    const column = (i: number) => pgArray(rows.map((row) => row[i]));
    const arrays = {
      ...params, ids: column(0), dates: column(1), valueDates: column(2), amounts: column(3), descriptions: column(4),
      references: column(5), counterparties: column(6), ibans: column(7), fingerprints: column(8), returnReasons: column(9),
    };
    inserted = await insertNew(tx, (skipHeld) => tx.sqlBulk<{ n: number }>(insertNewSql(unnest, skipHeld), arrays));
  }
  if (inserted === days.count) return days.list();
  const rows = await tx.sql<DayRow>(importedDaysSql, params);
  return rows.map((r) => ({ date: r.date, count: Number(r.n), moneyIn: money(r.money_in), moneyOut: money(r.money_out) }));
}

/** Movements per COPY into staging and insert from it (see insertMovements): about 4 MiB of COPY text. */
const STAGED_BATCH = 20_000;

/** What was sent, summed by booking day as it is sent. */
class DaySums {
  count = 0;
  private readonly days = new Map<string, ImportedDay>();

  add(m: ParsedMovement): void {
    let day = this.days.get(m.bookingDate);
    if (!day) this.days.set(m.bookingDate, (day = { date: m.bookingDate, count: 0, moneyIn: Decimal.zero(2), moneyOut: Decimal.zero(2) }));
    day.count++;
    this.count++;
    if (m.amount.isNegative()) day.moneyOut = day.moneyOut.sub(m.amount);
    else day.moneyIn = day.moneyIn.add(m.amount);
  }

  list(): ImportedDay[] {
    return [...this.days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }
}

/**
 * The rows (named as STAGED_COLUMNS) of the movements whose fingerprint is not held, made one at
 * a time as they are asked for (on PostgreSQL the fingerprints are computed while it works on what
 * was sent); each one made is added to `sent`.
 */
function* newRows(parsed: readonly ParsedMovement[], held: ReadonlySet<string>, sent: DaySums): Generator<(string | null)[]> {
  const fingerprint = fingerprinter();
  for (const m of parsed) {
    const print = fingerprint(m);
    if (held.has(print)) continue;
    sent.add(m);
    yield [Bun.randomUUIDv7(), m.bookingDate, m.valueDate, m.amount.toString(), m.description, m.reference, m.counterparty, m.counterpartyIban, print, m.returnReason ?? null];
  }
}

/** At most `n` items of `source`, leaving the rest in it. */
function* take<T>(source: Iterator<T>, n: number): Generator<T> {
  for (let i = 0; i < n; i++) {
    const next = source.next();
    if (next.done) return;
    yield next.value;
  }
}

/**
 * The items of an iterator, made in slices with the event loop run between them: the statement
 * just handed to the connection (a savepoint, then the insert) goes out while the items are made.
 */
async function gather<T>(items: Iterator<T>): Promise<T[]> {
  const out: T[] = [];
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 1000; i++) {
      const next = items.next();
      if (next.done) return out;
      out.push(next.value);
    }
  }
}
