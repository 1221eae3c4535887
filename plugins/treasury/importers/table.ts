import { Decimal } from '../../../kernel/money';
import { searchFold } from '../../../lib/listing';
import { calendarDate, clean } from './text';
import { StatementRefused, type BalanceDifference, type ImportOptions, type ParsedMovement, type ParsedStatement, type RejectedLine } from './types';

/**
 * A statement as a table (CSV or a spreadsheet's sheet): banks put a preamble of account data
 * above the header row, so the header is the first row, within the first HEADER_SEARCH_ROWS, that
 * names a date and an amount (or a debit and a credit) column, from the request's mapping or
 * guessed from Spanish and English header names. Below it, one movement a row; a row that cannot
 * be read is rejected with its line and the reason. A balance column, where there is one, is
 * checked against the running balance of the amounts.
 */

export const TABLE_FIELDS = ['date', 'value_date', 'amount', 'debit', 'credit', 'description', 'reference', 'counterparty', 'counterparty_iban', 'balance', 'currency'] as const;
export type TableField = (typeof TABLE_FIELDS)[number];

/** A cell: text, or from a spreadsheet a number or a date (an Excel date, read as UTC midnight). */
export type { Cell, TableRow } from '../../../lib/xlsx-reader';
import type { Cell, TableRow } from '../../../lib/xlsx-reader';

const HEADER_SEARCH_ROWS = 60;

/** Header names by field, folded (no accents, lower case, no dots); the first that a header equals or starts with wins. */
const GUESSES: Record<TableField, string[]> = {
  date: ['fecha operacion', 'fecha de operacion', 'f operacion', 'f op', 'fecha contable', 'fecha', 'booking date', 'date', 'transaction date'],
  value_date: ['fecha valor', 'f valor', 'fvalor', 'fecha de valor', 'value date'],
  amount: ['importe', 'amount', 'cantidad', 'importe eur', 'monto'],
  debit: ['cargo', 'cargos', 'debe', 'debit', 'salida', 'salidas', 'withdrawal'],
  credit: ['abono', 'abonos', 'haber', 'credit', 'entrada', 'entradas', 'deposit'],
  description: ['concepto', 'descripcion', 'description', 'detalle', 'movimiento', 'memo', 'details'],
  reference: ['referencia', 'reference', 'ref', 'n documento', 'documento'],
  counterparty: ['beneficiario', 'ordenante', 'contraparte', 'counterparty', 'payee', 'nombre', 'name'],
  counterparty_iban: ['iban contraparte', 'iban', 'counterparty iban', 'cuenta contraparte'],
  balance: ['saldo', 'disponible', 'balance'],
  currency: ['divisa', 'moneda', 'currency'],
};

const fold = (text: string) => searchFold(text).replace(/\(.*?\)/g, '').replace(/[._:\s]+/g, ' ').trim();
const cellText = (cell: Cell): string => (cell == null ? '' : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell)).trim();

type Columns = Partial<Record<TableField, number>>;

function mappedColumns(header: string[], mapping: Record<string, string>): Columns | string {
  const found: Columns = {};
  for (const [key, column] of Object.entries(mapping)) {
    if (!(TABLE_FIELDS as readonly string[]).includes(key)) throw new StatementRefused(1, `Unknown mapping key "${key}" (known: ${TABLE_FIELDS.join(', ')})`);
    const index = header.indexOf(fold(column));
    if (index < 0) return column;
    found[key as TableField] = index;
  }
  return found;
}

function guessedColumns(header: string[]): Columns {
  const found: Columns = {};
  const taken = new Set<number>();
  for (const exact of [true, false]) {
    for (const key of TABLE_FIELDS) {
      if (found[key] !== undefined) continue;
      for (const guess of GUESSES[key]) {
        const index = header.findIndex((name, i) => !taken.has(i) && (exact ? name === guess : name.startsWith(guess)));
        if (index >= 0) { found[key] = index; taken.add(index); break; }
      }
    }
  }
  // some exports (ING's) date movements by their value date alone
  if (found.date === undefined && found.value_date !== undefined) found.date = found.value_date;
  return found;
}

const hasAmount = (cols: Columns) => cols.amount !== undefined || (cols.debit !== undefined && cols.credit !== undefined);

/** The header row (index into rows) and its columns; the file is refused when no row of the first ones is a header. */
export function findHeader(rows: readonly TableRow[], options: ImportOptions): { index: number; cols: Columns } {
  let missing: string | undefined;
  let dateOnly: { line: number } | undefined;
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let index = 0; index < limit; index++) {
    const header = Array.from(rows[index].cells, (cell) => fold(cellText(cell)));
    if (options.mapping) {
      const cols = mappedColumns(header, options.mapping);
      if (typeof cols === 'string') { missing ??= cols; continue; }
      return { index, cols };
    }
    const cols = guessedColumns(header);
    if (cols.date === undefined) continue;
    if (hasAmount(cols)) return { index, cols };
    dateOnly ??= rows[index];
  }
  if (missing !== undefined) throw new StatementRefused(1, `The mapping names column "${missing}", which the header does not have`);
  if (dateOnly) throw new StatementRefused(dateOnly.line, 'No amount column, nor a debit and a credit column: name them in the mapping');
  throw new StatementRefused(1, 'No date column: name it in the mapping ({"date": "…"})');
}

/** A date, day first, or ISO; undefined when it is none. */
export function parseTableDate(raw: string): string | undefined {
  const known = DATES_SEEN.get(raw);
  if (known) return known;
  const date = readDate(raw);
  if (date && DATES_SEEN.size < 50_000) DATES_SEEN.set(raw, date);
  return date;
}

/** A statement repeats a few hundred dates: each text is read once. */
const DATES_SEEN = new Map<string, string>();

function readDate(raw: string): string | undefined {
  const value = raw.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/.exec(value);
  if (!m) return undefined;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return calendarDate(year, Number(m[2]), Number(m[1]));
}

/** Days from 1899-12-30 (Excel's day 0, after its 1900 leap-year bug) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;

/** A date cell: an Excel date, an Excel day number left unformatted, or text. */
function dateOfCell(cell: Cell): string | undefined {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : calendarDate(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  if (typeof cell === 'number') {
    if (!Number.isInteger(cell) || cell < 20_000 || cell > 80_000) return undefined;
    const day = new Date((cell - EXCEL_EPOCH_DAYS) * 86_400_000);
    return calendarDate(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
  }
  return parseTableDate(cellText(cell));
}

/** The form most Spanish exports use ("-1.234,56", "35,40"), read without the general rules below. */
const COMMON_AMOUNT = /^(-?)(\d{1,3}(?:\.\d{3})+|\d+),(\d{2})$/;

/**
 * A Spanish or plain amount: "1.234,56", "-1.234,56", "1234,56", "1,234.56", "1234.56", "35,40 €",
 * "(35,40)" and "35,40-" are negative. With one kind of separator, a comma is decimal and a dot is
 * decimal unless it groups thousands ("1.234" is 1234). Undefined when it is not an amount.
 */
export function parseTableAmount(raw: string): Decimal | undefined {
  const common = COMMON_AMOUNT.exec(raw);
  if (common) return Decimal.of(BigInt(common[2].replaceAll('.', '') + common[3]) * (common[1] ? -1n : 1n), 2);
  let value = raw.replace(/[€\s\u00a0]|EUR/g, '');
  if (!value) return undefined;
  let negative = false;
  if (/^\(.*\)$/.test(value)) { negative = true; value = value.slice(1, -1); }
  if (value.endsWith('-')) { negative = !negative; value = value.slice(0, -1); }
  if (value.startsWith('-')) { negative = !negative; value = value.slice(1); }
  else if (value.startsWith('+')) value = value.slice(1);
  const comma = value.lastIndexOf(','), dot = value.lastIndexOf('.');
  let normalised: string;
  if (comma >= 0 && dot >= 0) {
    normalised = comma > dot ? value.replaceAll('.', '').replace(',', '.') : value.replaceAll(',', '');
  } else if (comma >= 0) {
    if (/^\d{1,3}(,\d{3})+$/.test(value) && value.split(',').length > 2) normalised = value.replaceAll(',', '');
    else normalised = value.replace(',', '.');
  } else if (dot >= 0 && /^\d{1,3}(\.\d{3})+$/.test(value)) {
    normalised = value.replaceAll('.', '');
  } else {
    normalised = value;
  }
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return undefined;
  const amount = Decimal.parse(normalised, 2).rescale(2);
  return negative ? amount.negate() : amount;
}

/**
 * A numeric spreadsheet cell as an exact amount: the binary number is the nearest to a decimal of
 * at most two places (what the bank wrote); anything further from cents than rounding noise is
 * not an amount.
 */
function amountOfNumber(value: number): Decimal | undefined {
  const cents = Math.round(value * 100);
  if (!Number.isSafeInteger(cents) || Math.abs(value * 100 - cents) > 1e-6 * Math.max(1, Math.abs(cents))) return undefined;
  return Decimal.of(BigInt(cents), 2);
}

const amountOfCell = (cell: Cell): Decimal | undefined => (typeof cell === 'number' ? amountOfNumber(cell) : parseTableAmount(cellText(cell)));

interface Row { movement: ParsedMovement; balance: Decimal | null }

/** The movements below the header row. */
export function readTable(rows: readonly TableRow[], options: ImportOptions): ParsedStatement {
  const { index, cols } = findHeader(rows, options);
  if (cols.date === undefined) throw new StatementRefused(rows[index].line, 'No date column: name it in the mapping ({"date": "…"})');
  if (!hasAmount(cols)) throw new StatementRefused(rows[index].line, 'No amount column, nor a debit and a credit column: name them in the mapping');
  const cell = (cells: Cell[], key: TableField): Cell => (cols[key] === undefined ? undefined : cells[cols[key]!]);
  const text = (cells: Cell[], key: TableField) => cellText(cell(cells, key));
  const read: Row[] = [];
  const rejected: RejectedLine[] = [];
  for (let i = index + 1; i < rows.length; i++) {
    const { line, cells } = rows[i];
    if (cells.every((c) => cellText(c) === '')) continue;
    const bookingDate = dateOfCell(cell(cells, 'date'));
    if (!bookingDate) { rejected.push({ line, reason: `Not a date: "${text(cells, 'date')}"` }); continue; }
    const valueDate = text(cells, 'value_date') ? dateOfCell(cell(cells, 'value_date')) : null;
    if (valueDate === undefined) { rejected.push({ line, reason: `Not a value date: "${text(cells, 'value_date')}"` }); continue; }
    const amount = amountOfRow(cells, cols, cell, text);
    if (typeof amount === 'string') { rejected.push({ line, reason: amount }); continue; }
    let balance: Decimal | null = null;
    if (text(cells, 'balance')) {
      balance = amountOfCell(cell(cells, 'balance')) ?? null;
      if (!balance) { rejected.push({ line, reason: `Not a balance: "${text(cells, 'balance')}"` }); continue; }
    }
    const reference = clean(text(cells, 'reference'));
    read.push({
      balance,
      movement: {
        line, bookingDate, valueDate, amount,
        description: clean(text(cells, 'description')) ?? clean(text(cells, 'counterparty')) ?? 'Movimiento',
        reference, counterparty: clean(text(cells, 'counterparty')),
        counterpartyIban: clean(text(cells, 'counterparty_iban'))?.replace(/\s/g, '').toUpperCase() ?? null,
        bankReference: reference, currency: clean(text(cells, 'currency'))?.toUpperCase() ?? null,
      },
    });
  }
  return { accounts: [], movements: read.map((r) => r.movement), rejected, balanceDifferences: balanceDifferences(read) };
}

/** One signed amount, or a debit and a credit column; a reason when the row has none that can be read. */
function amountOfRow(cells: Cell[], cols: Columns, cell: (cells: Cell[], key: TableField) => Cell, text: (cells: Cell[], key: TableField) => string): Decimal | string {
  if (cols.amount !== undefined && text(cells, 'amount') !== '') return amountOfCell(cell(cells, 'amount')) ?? `Not an amount: "${text(cells, 'amount')}"`;
  if (cols.debit === undefined || cols.credit === undefined) return 'No amount';
  const debit = text(cells, 'debit'), credit = text(cells, 'credit');
  if (!debit && !credit) return 'Neither a debit nor a credit amount';
  const out = debit ? amountOfCell(cell(cells, 'debit')) : Decimal.zero(2);
  const into = credit ? amountOfCell(cell(cells, 'credit')) : Decimal.zero(2);
  if (!out || !into) return `Not an amount: "${!out ? debit : credit}"`;
  // a debit column holds money out whether the bank writes it with a minus sign or not
  return into.sub(out.isNegative() ? out.negate() : out);
}

/**
 * Each balance the file shows against the one before plus the movement. Banks list oldest first
 * or newest first: the order in which more rows agree is the file's (the dates decide a tie).
 * Rows without a balance are skipped; the comparison goes on from the next one that has it.
 */
export function balanceDifferences(rows: readonly Row[]): BalanceDifference[] {
  const withBalance = rows.filter((r) => r.balance !== null);
  if (withBalance.length < 2) return [];
  const oldestFirst: BalanceDifference[] = [], newestFirst: BalanceDifference[] = [];
  for (let i = 1; i < withBalance.length; i++) {
    const before = withBalance[i - 1], row = withBalance[i];
    const forward = before.balance!.add(row.movement.amount);
    if (!forward.eq(row.balance!)) oldestFirst.push({ line: row.movement.line, stated: row.balance!.toString(), expected: forward.toString() });
    const backward = row.balance!.add(before.movement.amount);
    if (!backward.eq(before.balance!)) newestFirst.push({ line: before.movement.line, stated: before.balance!.toString(), expected: backward.toString() });
  }
  if (oldestFirst.length !== newestFirst.length) return oldestFirst.length < newestFirst.length ? oldestFirst : newestFirst;
  const first = withBalance[0].movement.bookingDate, last = withBalance[withBalance.length - 1].movement.bookingDate;
  return first > last ? newestFirst : oldestFirst;
}
