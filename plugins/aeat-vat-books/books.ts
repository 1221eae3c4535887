import { ValidationFailed } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import { streamTable, type TableColumn } from '../../lib/table-export/stream';
import { TAX_REGISTER_MAX_ROWS, TaxRegister, type TaxRegisterEntry, type TaxRegisterQuery } from '../documents/api';
import { capitalGoodsRegularisation, definitivePercentOf, vatProrrataOf, yearOperations, type CapitalGoodYear } from '../tax-models/api';
import { TenantService } from '../tenants/api';
import { BOOK_LAYOUTS, BOOK_NAMES, bookFileName, type BookColumn, type RowContext, type VatBook } from './layout';

/**
 * A VAT book of a tax year, streamed: the register is read through its contract a range of months
 * at a time (see READ_AHEAD), each in its own short transaction, so a year of a million rows never
 * sits in memory. Amounts are the register's, in euros whatever the document's currency.
 */
export type BookFormat = 'csv' | 'xlsx';
/** A book's row: its cells in the layout's order (an array, keyed by position: cheaper than an object keyed by heading). */
type BookRow = (string | null)[];

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The months of a year as register queries of one side. */
const monthsOf = (year: number, book: VatBook): TaxRegisterQuery[] => Array.from({ length: 12 }, (_, i) => ({
  from: `${year}-${pad(i + 1)}-01`, to: `${year}-${pad(i + 1)}-${pad(lastDay(year, i + 1))}`, side: book === 'issued' ? 'issued' : 'received',
  ...(book === 'capital-goods' ? { capitalGood: true } : {}),
}));

/**
 * The register rows of a range, whole: the contract answers at most TAX_REGISTER_MAX_ROWS rows a
 * query, so a range that fills it is read again in halves (down to single days).
 */
async function rowsOf(uow: UnitOfWork, q: TaxRegisterQuery): Promise<TaxRegisterEntry[]> {
  const rows = await uow.report((tx) => TaxRegister.query(tx, q));
  if (rows.length < TAX_REGISTER_MAX_ROWS) return rows;
  if (q.from === q.to) throw new ValidationFailed([{ loc: ['query', 'year'], msg: `More than ${TAX_REGISTER_MAX_ROWS} register rows on ${q.from}: the book cannot be read whole`, type: 'value_error.too_large' }]);
  const middle = addDays(q.from, Math.floor(daysBetween(q.from, q.to) / 2));
  return [...await rowsOf(uow, { ...q, to: middle }), ...await rowsOf(uow, { ...q, from: addDays(middle, 1) })];
}

/**
 * How the year is read: in ranges of whole months, each in its own short transaction, READ_AHEAD
 * ranges ahead of the one being written (the database reads them, on another core and with the
 * round trips of their transactions, while this one is formatted). A range takes as many months as
 * fill about ROWS_PER_READ rows at the busiest month seen so far, one to MAX_MONTHS_PER_READ: a
 * small book (the capital goods) is read in a few transactions, not twelve, and a large one a
 * month at a time; at most READ_AHEAD + 1 ranges are held at once.
 */
const READ_AHEAD = 2;
const ROWS_PER_READ = 20_000;
const MAX_MONTHS_PER_READ = 3;

/**
 * The self-assessment period of an accounting date: its quarter, 1T–4T, for monthly filers too,
 * since the design lists only 1T–4T and 0A (docs/domain/vat-books.md §4).
 */
const periodOf = (date: string) => `${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}T`;

/**
 * The book's rows of some register rows (the capital goods book is read with the register's
 * capital-good filter): the format's text (`text`, the CSV) or the typed cells' values (`typed`,
 * the XLSX: amounts as exact decimal strings, dates ISO).
 */
export function bookRows(book: VatBook, entries: readonly TaxRegisterEntry[], definitivePercent: number | null = null, cells: 'text' | 'typed' = 'text'): BookRow[] {
  const columns = BOOK_LAYOUTS[book];
  const read = columns.map((c) => (cells === 'typed' ? c.cell : c.value));
  // the columns the register fills, by position; the others stay null (a book has more empty columns than filled ones)
  const filled = columns.flatMap((c, i) => (c.empty ? [] : [i]));
  const rows: BookRow[] = new Array(entries.length);
  let context: RowContext | null = null;
  let month = '';
  for (let r = 0; r < entries.length; r++) {
    const e = entries[r];
    // one context per month (the rows come in date order), not one per row
    if (e.accountingDate.slice(0, 7) !== month) {
      month = e.accountingDate.slice(0, 7);
      context = { year: e.accountingDate.slice(0, 4), period: periodOf(e.accountingDate), definitivePercent };
    }
    const row: BookRow = new Array(columns.length).fill(null);
    for (let k = 0; k < filled.length; k++) row[filled[k]] = read[filled[k]](e, context!);
    rows[r] = row;
  }
  return rows;
}

/** The capital goods book's rows of the goods bought in earlier years and still in their regularisation period (annual, 0A). */
export function earlierGoodsRows(year: number, goods: readonly CapitalGoodYear[], definitivePercent: number | null, cells: 'text' | 'typed' = 'text'): BookRow[] {
  const columns = BOOK_LAYOUTS['capital-goods'];
  return goods.map((item) => columns.map((c) => (c.empty ? null : (cells === 'typed' ? c.cell : c.value)(item.good.entry, { year: String(year), period: periodOf(item.good.entry.accountingDate), definitivePercent, regularisation: item }))));
}

/**
 * The writer's columns. XLSX: amounts are numeric cells shown with two decimals and no thousands
 * separator, dates date cells shown dd/mm/yyyy and the year a number, as the agency's example book
 * stores them (docs/domain/vat-books.md §2); the CSV writes the format's text.
 */
const XLSX_TYPES = { amount: { type: 'decimal', decimals: 2 }, date: { type: 'date' }, year: { type: 'decimal', decimals: 0 }, string: { type: 'string' } } as const;
const tableColumns = (columns: readonly BookColumn[], format: BookFormat): TableColumn<BookRow>[] =>
  columns.map((c, i) => ({
    key: String(i), header: c.heading, headingRows: c.headings, label: c.heading, width: c.width,
    ...(format === 'xlsx' ? XLSX_TYPES[c.type] : { type: c.type === 'amount' ? 'amount' : 'string' }),
  }));

async function companyOf(tx: Tx, year: number, book: VatBook) {
  const [tenant, prorrata] = await Promise.all([TenantService.current(tx), vatProrrataOf(tx, year)]);
  // the capital goods book shows the year's definitive prorrata: set by hand, or the register's, or the provisional one while the year has no operations
  const definitivePercent = book === 'capital-goods' && prorrata.method === 'general' ? definitivePercentOf(prorrata, await yearOperations(tx, year)) : null;
  // the capital goods book also lists the goods of earlier years still in their regularisation period
  const earlier = book === 'capital-goods' ? (await capitalGoodsRegularisation(tx, year)).goods : [];
  // the books are the titular's: its legal name (razón social) when it has one
  return { name: tenant.legalName || tenant.name, taxId: tenant.taxId ?? null, definitivePercent, earlier };
}

export async function vatBook(uow: UnitOfWork, logger: Logger, request: { book: VatBook; year: number; format: BookFormat }): Promise<Response> {
  const generatedAt = new Date();
  const months = monthsOf(request.year, request.book);
  // what can fail with a 4xx is read before the response starts: the company and the first month
  const company = await uow.report((tx) => companyOf(tx, request.year, request.book));
  const first = await rowsOf(uow, months[0]);
  const names = BOOK_NAMES[request.book];
  return streamTable<BookRow>({
    format: request.format, columns: tableColumns(BOOK_LAYOUTS[request.book], request.format), logger, what: names.title,
    filename: bookFileName(request.book, request.year, company),
    heading: {
      title: `${names.title} - ${company.name}`, sheet: names.sheet, generatedAt,
      subtitle: `${company.taxId ? `NIF ${company.taxId} · ` : ''}Ejercicio ${request.year} · importes en euros`,
    },
    async produce(emit) {
      let next = 1; // the first month not yet asked for
      let busiest = first.length; // the most rows a month has had so far
      const pending: Promise<TaxRegisterEntry[]>[] = [];
      const readAhead = () => {
        const span = Math.max(1, Math.min(MAX_MONTHS_PER_READ, months.length - next, Math.floor(ROWS_PER_READ / Math.max(busiest, 1))));
        const read = rowsOf(uow, { ...months[next], to: months[next + span - 1].to }).then((rows) => {
          busiest = Math.max(busiest, Math.ceil(rows.length / span));
          return rows;
        });
        read.catch(() => undefined); // awaited in its turn; a download cut short before that leaves it unread
        pending.push(read);
        next += span;
      };
      if (company.earlier.length) await emit(earlierGoodsRows(request.year, company.earlier, company.definitivePercent, request.format === 'xlsx' ? 'typed' : 'text'));
      let entries: TaxRegisterEntry[] | undefined = first;
      while (entries) {
        while (pending.length < READ_AHEAD && next < months.length) readAhead();
        const rows = bookRows(request.book, entries, company.definitivePercent, request.format === 'xlsx' ? 'typed' : 'text');
        for (let start = 0; start < rows.length; start += 2000) await emit(rows.slice(start, start + 2000));
        entries = await pending.shift();
      }
    },
  });
}
