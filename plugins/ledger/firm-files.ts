import { ValidationFailed, type FieldError } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { Decimal } from '../../kernel/money';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import { decodeText } from '../../lib/csv-reader';
import { streamText } from '../../lib/table-export/text-stream';
import { A3_ENTRY_LINE, A3_INVOICE_HEAD, A3_RECORD_HEAD, A3_VAT_DETAIL, CONTAPLUS_XDIARIO, CONTAPLUS_XSUBCTA, fieldOf, type FixedField, type FixedLayout } from './firm-layouts';
import { checkPeriod, journalBatches, LedgerService, type ExportRange, type ExportRow, type Period } from './service';

/**
 * The journal in and out of the gestorías' software: A3's SUENLACE.DAT (entry lines, record 0)
 * and ContaPlus's XDiario / XSubCta, every position read from ./firm-layouts.ts.
 * docs/domain/firm-formats.md says where each layout comes from and what is (not) carried.
 */

// ------------------------------------------------------------------------------------------------
// Fields
// ------------------------------------------------------------------------------------------------

/**
 * Text as plain printable ASCII: accents dropped (á → a, ñ → n), anything else outside 32–126 a
 * space. Both programs read their files in an old code page; ASCII reads the same in all of them.
 */
export function asciiText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, ' ');
}

/** One field's characters, exactly `length` of them; a value that cannot be written is a bug (throws). */
export function fieldText(field: FixedField, value: string | undefined): string {
  const { length } = field;
  switch (field.type) {
    case 'const': return field.value!;
    case 'text': return asciiText(value ?? '').slice(0, length).padEnd(length);
    case 'logical': return (value ?? 'F').slice(0, 1);
    case 'date': {
      if (!value) return ' '.repeat(length);
      const digits = value.replaceAll('-', '');
      if (!/^\d{8}$/.test(digits)) throw new RangeError(`${field.field}: not a date: ${value}`);
      return digits;
    }
    case 'number': {
      const decimals = field.decimals ?? 0;
      const text = value ?? (decimals ? `0.${'0'.repeat(decimals)}` : '0');
      if (text.length > length) throw new RangeError(`${field.field}: ${text} does not fit in ${length} characters`);
      return text.padStart(length);
    }
    case 'a3amount': {
      const text = value ?? '0.00';
      const negative = text.startsWith('-');
      const [whole, cents = '00'] = text.replace(/^[-+]/, '').split('.');
      if (whole.length > 10) throw new RangeError(`${field.field}: ${text} exceeds A3's ten integer digits`);
      return `${negative ? '-' : '+'}${whole.padStart(10, '0')}.${cents.padEnd(2, '0').slice(0, 2)}`;
    }
  }
}

const emptyRecords = new WeakMap<FixedLayout, string>();

/**
 * A record of the layout from values by field name, every other field empty by its type; its length
 * is checked against the layout's. The empty record is built once per layout and the given fields
 * written over it (a ContaPlus record has 101 fields, a journal line fills a dozen).
 */
export function fixedRecord(layout: FixedLayout, values: Record<string, string | undefined>): string {
  let record = emptyRecords.get(layout);
  if (record === undefined) {
    record = layout.fields.map((field) => fieldText(field, undefined)).join('');
    if (record.length !== layout.length) throw new Error(`${layout.name}: a record of ${record.length} characters instead of ${layout.length}`);
    emptyRecords.set(layout, record);
  }
  const parts: string[] = [];
  let at = 0;
  for (const field of layout.fields) {
    const value = values[field.field];
    if (value === undefined) continue;
    parts.push(record.slice(at, field.position - 1), fieldText(field, value));
    at = field.position - 1 + field.length;
  }
  parts.push(record.slice(at));
  return parts.join('');
}

/** A field's raw characters in a record (a short record reads as padded with spaces). */
export function rawField(layout: FixedLayout, record: string, name: string): string {
  const field = fieldOf(layout, name);
  return record.slice(field.position - 1, field.position - 1 + field.length).padEnd(field.length);
}

// ------------------------------------------------------------------------------------------------
// Account codes of a fixed number of digits
// ------------------------------------------------------------------------------------------------

/**
 * Codes written as the firm's software expects when `digits` is given: both programs number every
 * sub-account of a company with the same number of digits (commonly 8). A code of the chart is
 * padded with zeros on the right (572 → 57200000); a sub-account the company added gets the zeros
 * between its parent account and its own digits (4300007, under 4300 → 43000007). Without
 * `digits`, codes are written as they are, which Cuadra reads back unchanged.
 */
export async function accountCodeWriter(tx: Tx, digits: number | undefined): Promise<(code: string) => string> {
  if (digits === undefined) return (code) => code;
  const accounts = await tx.sql<{ code: string; parent_code: string | null; created_by_tenant: boolean }>(
    `select code, parent_code, created_by_tenant from accounts where tenant_id = :tenant and is_postable`);
  const written = new Map<string, string>();
  const errors: FieldError[] = [];
  const owner = new Map<string, string>();
  for (const account of accounts) {
    const { code } = account;
    const parent = account.created_by_tenant && account.parent_code ? account.parent_code : code;
    const tail = code.slice(parent.length);
    if (code.length > digits) {
      errors.push({ loc: ['query', 'digits'], msg: `Account ${code} has more than ${digits} digits`, type: 'value_error.digits' });
      continue;
    }
    const expanded = parent + '0'.repeat(digits - code.length) + tail;
    const clash = owner.get(expanded);
    if (clash) errors.push({ loc: ['query', 'digits'], msg: `Accounts ${clash} and ${code} would both be written as ${expanded}`, type: 'value_error.digits' });
    owner.set(expanded, code);
    written.set(code, expanded);
  }
  if (errors.length) throw new ValidationFailed(errors.slice(0, 50));
  return (code) => written.get(code) ?? code;
}

// ------------------------------------------------------------------------------------------------
// Export
// ------------------------------------------------------------------------------------------------

/**
 * What the fixed-width fields cannot hold, refused with a 422 before the download starts: more
 * entries than ASIEN's six digits (ContaPlus), or a line amount wider than the amount field (A3:
 * ten integer digits; ContaPlus: sixteen characters with the point and decimals). The monthly
 * balances bound every line from above, so the lines themselves are read only when a month's sum
 * passes the limit.
 */
async function checkFits(tx: Tx, period: ExportRange & { upTo: number }, limits: { entries?: number; amount: string }): Promise<void> {
  const params: Record<string, unknown> = { limit: limits.amount, upTo: period.upTo };
  // the entries the file will hold: the period's, up to the number the export fixed (entries posted since stay out of the file)
  let lines = ` and entry_id in (select id from journal_entries where tenant_id = :tenant and number <= :upTo)`, months = '', entries = ` and number <= :upTo`;
  if (period.from) { lines += ` and entry_date >= :from::date`; months += ` and month >= date_trunc('month', :from::date)`; entries += ` and date >= :from::date`; params.from = period.from; }
  if (period.to) { lines += ` and entry_date <= :to::date`; months += ` and month <= :to::date`; entries += ` and date <= :to::date`; params.to = period.to; }
  const errors: FieldError[] = [];
  if (limits.entries !== undefined) {
    const [row] = await tx.sql<{ n: number }>(`select count(*)::int as n from journal_entries where tenant_id = :tenant${entries}`, params);
    if (Number(row.n) > limits.entries) errors.push({ loc: ['query', 'from'], msg: `The period has ${row.n} entries and the file numbers at most ${limits.entries}: export shorter periods`, type: 'value_error.too_many' });
  }
  const [bound] = await tx.sql<{ big: boolean }>(`select exists (select 1 from ledger_month_balances where tenant_id = :tenant${months} and greatest(debit, credit) >= :limit::numeric) as big`, params);
  if (bound.big) {
    const [line] = await tx.sql<{ amount: string | null }>(`select max(greatest(debit, credit))::text as amount from journal_lines where tenant_id = :tenant${lines} and greatest(debit, credit) >= :limit::numeric`, params);
    if (line.amount) errors.push({ loc: ['query', 'format'], msg: `A line of ${line.amount} does not fit the file's amount field (less than ${limits.amount})`, type: 'value_error.too_large' });
  }
  if (errors.length) throw new ValidationFailed(errors);
}

/** The rows of a batch grouped by entry (the export reads whole entries per batch, lines in order). */
function entriesOf(rows: ExportRow[]): ExportRow[][] {
  const entries: ExportRow[][] = [];
  for (const row of rows) {
    const last = entries.at(-1);
    if (last && last[0].entry_id === row.entry_id) last.push(row);
    else entries.push([row]);
  }
  return entries;
}

const asciiBytes = (text: string) => {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0x7f;
  return bytes;
};

/** A full collection every 4 MiB written keeps a long export's resident memory flat (bench/ledger-export.ts). */
export const COLLECT_EVERY = 4 << 20;
/** Records handed to the response in pieces of about this many characters (a batch of ContaPlus records is ~24 MB). */
const FLUSH_CHARS = 1 << 20;

export interface FirmExportOptions extends Period { digits?: number; company?: string }

/** A3: one record 0 a journal line, the entry's lines marked I … M … U; the account's name on each. */
export async function a3Export(uow: UnitOfWork, kernel: Kernel, options: FirmExportOptions, filename: string): Promise<Response> {
  checkPeriod(options);
  const company = (options.company ?? '1').padStart(5, '0');
  const { code, range } = await uow.report(async (tx) => { // refuses what the file cannot hold before the download starts
    const range = { from: options.from, to: options.to, upTo: await LedgerService.lastEntryNumber(tx) };
    const code = await accountCodeWriter(tx, options.digits);
    await checkFits(tx, range, { amount: '10000000000' });
    return { code, range };
  });
  return streamText({
    contentType: 'text/plain; charset=us-ascii', filename, logger: kernel.logger, what: 'A3 journal export', encode: asciiBytes, collectEveryBytes: COLLECT_EVERY,
    // each batch in its own short report over the range checked above (journalBatches): a replica retry never writes a record twice
    produce: async (write) => {
      for await (const rows of journalBatches(uow, range)) {
        let out = '';
        for (const entry of entriesOf(rows)) {
          if (out.length >= FLUSH_CHARS) { await write(out); out = ''; }
          entry.forEach((line, i) => {
            const debit = line.debit !== '0.00';
            out += fixedRecord(A3_ENTRY_LINE, {
              company, date: line.date, account: code(line.account), account_name: line.account_name,
              side: debit ? 'D' : 'H', document: String(line.number), line_mark: i === 0 ? 'I' : i === entry.length - 1 ? 'U' : 'M',
              description: line.description, amount: debit ? line.debit : line.credit,
            }) + '\r\n';
          });
        }
        await write(out);
      }
    },
  });
}

/**
 * ContaPlus XDiario: one record a journal line. ASIEN numbers the entries of the file from 1
 * (ContaPlus numbers them again on import); DOCUMENTO keeps Cuadra's entry number; amounts in
 * euros (MONEDAUSO 2, EURODEBE / EUROHABER); CONTRA the other line's account in a two-line entry.
 */
export async function contaplusJournalExport(uow: UnitOfWork, kernel: Kernel, options: FirmExportOptions, filename: string): Promise<Response> {
  checkPeriod(options);
  const { code, range } = await uow.report(async (tx) => {
    const range = { from: options.from, to: options.to, upTo: await LedgerService.lastEntryNumber(tx) };
    const code = await accountCodeWriter(tx, options.digits);
    await checkFits(tx, range, { entries: 999_999, amount: '10000000000000' });
    return { code, range };
  });
  return streamText({
    contentType: 'text/plain; charset=us-ascii', filename, logger: kernel.logger, what: 'ContaPlus journal export', encode: asciiBytes, collectEveryBytes: COLLECT_EVERY,
    // each batch in its own short report over the range checked above: ASIEN counts on across batches, never restarts
    produce: async (write) => {
      let asien = 0;
      for await (const rows of journalBatches(uow, range)) {
        let out = '';
        for (const entry of entriesOf(rows)) {
          if (out.length >= FLUSH_CHARS) { await write(out); out = ''; }
          asien++;
          entry.forEach((line, i) => {
            const other = entry.length === 2 ? entry[1 - i].account : undefined;
            out += fixedRecord(CONTAPLUS_XDIARIO, {
              ASIEN: String(asien), FECHA: line.date, SUBCTA: code(line.account), CONTRA: other && code(other), CONCEPTO: line.description,
              DOCUMENTO: String(line.number), MONEDAUSO: '2', EURODEBE: line.debit, EUROHABER: line.credit, NIC: 'E',
            }) + '\r\n';
          });
        }
        await write(out);
      }
    },
  });
}

/** ContaPlus XSubCta: the sub-accounts with a line in the period, code and title (40 characters). */
export async function contaplusAccountsExport(uow: UnitOfWork, kernel: Kernel, options: FirmExportOptions, filename: string): Promise<Response> {
  checkPeriod(options);
  const { code, accounts } = await uow.report(async (tx) => {
    const params: Record<string, unknown> = {};
    let where = '';
    if (options.from) { where += ` and l.entry_date >= :from::date`; params.from = options.from; }
    if (options.to) { where += ` and l.entry_date <= :to::date`; params.to = options.to; }
    const rows = await tx.sql<{ code: string; name: string }>(`
      select a.code, a.name from accounts a
      where a.tenant_id = :tenant and exists (select 1 from journal_lines l where l.tenant_id = :tenant and l.account_code = a.code${where})
      order by a.code`, params);
    return { code: await accountCodeWriter(tx, options.digits), accounts: rows };
  });
  return streamText({
    contentType: 'text/plain; charset=us-ascii', filename, logger: kernel.logger, what: 'ContaPlus accounts export', encode: asciiBytes,
    produce: async (write) => {
      for (let i = 0; i < accounts.length; i += 1000) {
        await write(accounts.slice(i, i + 1000).map((a) => fixedRecord(CONTAPLUS_XSUBCTA, { COD: code(a.code), TITULO: a.name }) + '\r\n').join(''));
      }
    },
  });
}

// ------------------------------------------------------------------------------------------------
// Import: records to the lines the journal import checks (./journal-file.ts)
// ------------------------------------------------------------------------------------------------

/** A journal line as read from a file, still text: the journal import checks and converts it. */
export interface RawLine { line: number; entry: string; date: string; description: string; account: string; accountName: string; debit: string; credit: string }

/** The records of a fixed-width file with their line numbers (blank lines and a DOS end-of-file mark skipped). */
export function fixedRecords(bytes: Uint8Array): { line: number; text: string }[] {
  return decodeText(bytes).replace(/^\uFEFF/, '').split(/\r?\n/).map((text, i) => ({ line: i + 1, text: text.replace(/\r$/, '') }))
    .filter((r) => r.text.trim() !== '');
}

/** YYYYMMDD as YYYY-MM-DD (anything else is left for the import to refuse, as written). */
const isoOf = (digits: string) => (/^\d{8}$/.test(digits) ? `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}` : digits.trim());

/** A signed amount as the unsigned text the import checks, and whether it was negative. */
function unsigned(text: string): { amount: string; negative: boolean } {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  return { amount: trimmed.replace(/^[-+]\s*/, '').replace(/^0+(?=\d)/, ''), negative };
}

/** Which fixed-width layout a file is in, from its first record; undefined for a CSV or XLSX file. */
export function detectFirmFormat(bytes: Uint8Array): 'a3' | 'contaplus' | undefined {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return undefined;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  const first = head.split(/\r?\n/).find((l) => l.trim() !== '')?.replace(/\r$/, '') ?? '';
  if (first.length === A3_ENTRY_LINE.length && /^\d{6}\d{8}[0-9A-Z]/.test(first)) return 'a3';
  // A3's newer format 5 (510-character records, '5' first): A3's, though long enough to pass for ContaPlus
  if (first.length === A3_FORMAT_5_LENGTH && /^5\d{5}\d{8}[0-9A-Z]/.test(first)) return 'a3';
  if (first.length >= fieldOf(CONTAPLUS_XDIARIO, 'EUROHABER').position && /^[ \d]{5}\d\d{8}/.test(first)) return 'contaplus';
  return undefined;
}

/** The length of a record of A3's format 5, which Cuadra does not read yet (docs/domain/firm-formats.md §2). */
const A3_FORMAT_5_LENGTH = 510;

/** Line numbers for a message: the first ten, then how many more. */
const listLines = (lines: number[]) => lines.slice(0, 10).join(', ') + (lines.length > 10 ? ` and ${lines.length - 10} more` : '');

/**
 * A SUENLACE.DAT may carry several A3 companies (positions 2–6): the import posts into one
 * company, so a file with more than one company code, or with one other than the `company` asked
 * for, is refused naming the lines of each code (422).
 */
function checkA3Company(records: { line: number; text: string }[], company: string | undefined) {
  const byCode = new Map<string, number[]>();
  for (const { line, text } of records) {
    if (text.length !== A3_ENTRY_LINE.length) continue;
    const code = rawField(A3_RECORD_HEAD, text, 'company');
    const lines = byCode.get(code);
    if (lines) lines.push(line);
    else byCode.set(code, [line]);
  }
  const wanted = company === undefined ? undefined : company.padStart(5, '0');
  if (wanted !== undefined) {
    const errors: FieldError[] = [...byCode].filter(([code]) => code !== wanted).map(([code, lines]) => ({
      loc: ['body', 'file'], msg: `Line(s) ${listLines(lines)} belong to A3 company ${code}, not ${wanted} (the company asked for)`, type: 'value_error.company',
    }));
    if (errors.length) throw new ValidationFailed(errors);
  } else if (byCode.size > 1) {
    throw new ValidationFailed([...byCode].map(([code, lines]) => ({
      loc: ['body', 'file'], msg: `The file holds ${byCode.size} A3 companies; company ${code} on line(s) ${listLines(lines)}: import one company per file`, type: 'value_error.company',
    })));
  }
}

/** An A3 signed amount (`+0000001210.00`) as a Decimal, or undefined when it is not one. */
function a3Amount(text: string): Decimal | undefined {
  const match = /^\s*([+-]?)\s*(\d{1,13})\.(\d{2})\s*$/.exec(text);
  if (!match) return undefined;
  const value = Decimal.parse(`${match[2]}.${match[3]}`, 2).rescale(2);
  return match[1] === '-' ? value.negate() : value;
}

/**
 * The default accounts of an invoice's VAT and withholding when its line leaves them blank (A3
 * takes them from the company's settings, which the file does not carry): the PGC accounts Cuadra
 * posts to (docs/domain/pgc-and-entries.md). A surcharge needs its account in the file.
 */
const A3_DEFAULTS = { sales: { vat: '477', withholding: '473' }, purchases: { vat: '472', withholding: '4751' } };

/**
 * A3 SUENLACE.DAT: entry lines (record 0), the lines of an entry from I to U; invoices (record 1,
 * with its lines as records 9 up to the one marked U), posted as the invoice's entry; account
 * records (C) give names. Other records (credit notes 2, due dates V, analytics D, …) are refused by
 * line. An invoice's entry must balance like any other: its total against its bases, VAT and
 * surcharges, the withholding on its own account.
 */
export function readA3(bytes: Uint8Array, options: { company?: string } = {}): RawLine[] {
  const records = fixedRecords(bytes);
  const format5 = records.filter((r) => r.text.length === A3_FORMAT_5_LENGTH && r.text[0] === '5').map((r) => r.line);
  if (format5.length) {
    throw ValidationFailed.field(['body', 'file'], `A3 format 5 (510-character records) is not supported yet: line(s) ${listLines(format5)}; export the file from A3 in format 4 (254-character records)`, 'value_error.format');
  }
  checkA3Company(records, options.company);
  const lines: RawLine[] = [];
  const errors: FieldError[] = [];
  const names = new Map<string, string>();
  let entry = 0;
  let open: null | 'entry' | { kind: 'sales' | 'purchases'; line: number; date: string; account: string; name: string; description: string; total: Decimal; withholding: Map<string, Decimal> } = null;
  const signed = (line: number, entryKey: string, date: string, description: string, account: string, accountName: string, amount: Decimal) => {
    if (amount.isZero()) return;
    const text = (amount.isNegative() ? amount.negate() : amount).toString();
    lines.push({ line, entry: entryKey, date, description, account, accountName, debit: amount.isNegative() ? '' : text, credit: amount.isNegative() ? text : '' });
  };
  for (const { line, text } of records) {
    const fail = (msg: string) => errors.push({ loc: ['body', 'file', line], msg: `Line ${line}: ${msg}`, type: 'value_error.line' });
    if (text.length !== A3_ENTRY_LINE.length) { fail(`an A3 record has ${A3_ENTRY_LINE.length} characters, this one ${text.length}`); continue; }
    const type = rawField(A3_RECORD_HEAD, text, 'record_type');
    const account = rawField(A3_RECORD_HEAD, text, 'account').trim();
    const accountName = rawField(A3_RECORD_HEAD, text, 'account_name').trim();
    if (type === 'C') { names.set(account, accountName); continue; }
    if (type !== '0' && type !== '1' && type !== '9') { fail(`record type ${type} is not read (only entry lines 0, invoices 1 with their lines 9, and accounts C)`); continue; }
    const currency = rawField(A3_RECORD_HEAD, text, 'currency');
    if (currency !== 'E' && currency !== ' ') { fail(`amounts in currency "${currency}" are not read (only euros, E)`); continue; }
    const mark = rawField(A3_ENTRY_LINE, text, 'line_mark');
    const date = isoOf(rawField(A3_RECORD_HEAD, text, 'date'));

    if (type === '1') {
      if (open) fail('an invoice starts before the previous entry ended (U)');
      const kind = rawField(A3_INVOICE_HEAD, text, 'invoice_kind');
      const total = a3Amount(rawField(A3_INVOICE_HEAD, text, 'total'));
      if (kind !== '1' && kind !== '2' && kind !== '3') { fail(`invoice kind "${kind}" is none of 1 (sales), 2 (purchases), 3 (capital goods)`); open = null; continue; }
      if (!total) { fail('the invoice total is not an amount (sign, ten digits, point, two decimals)'); open = null; continue; }
      entry++;
      const number = rawField(A3_INVOICE_HEAD, text, 'invoice_number').trim();
      open = {
        kind: kind === '1' ? 'sales' : 'purchases', line, date, account, name: accountName, total, withholding: new Map(),
        description: rawField(A3_INVOICE_HEAD, text, 'description').trim() || `Factura ${number}`,
      };
      continue;
    }
    if (type === '9') {
      if (!open || open === 'entry') { fail('an invoice line (record 9) outside an invoice (no record 1 before it)'); continue; }
      if (mark !== 'M' && mark !== 'U') fail(`line mark "${mark}" is neither M nor U`);
      const invoice = open;
      const key = `A3-${entry}`;
      const field = (name: string) => rawField(A3_VAT_DETAIL, text, name);
      const amounts = ['base', 'vat', 'surcharge', 'withholding'].map((name) => a3Amount(field(name)));
      if (amounts.some((a) => !a)) { fail('base, VAT, surcharge and withholding must be amounts (sign, ten digits, point, two decimals)'); continue; }
      const kindOfAmount = field('amount_kind');
      if (kindOfAmount !== 'C' && kindOfAmount !== 'A' && kindOfAmount !== ' ') { fail(`amount kind "${kindOfAmount}" is neither C (cargo) nor A (abono)`); continue; }
      // a sale credits its income, VAT and surcharge; a purchase debits them; an A line goes the other way
      const sign = (invoice.kind === 'sales' ? -1 : 1) * (kindOfAmount === 'A' ? -1 : 1);
      const [base, vat, surcharge, withholding] = amounts.map((a) => (sign < 0 ? a!.negate() : a!));
      const defaults = A3_DEFAULTS[invoice.kind];
      const vatAccount = field('vat_account').trim() || defaults.vat;
      const surchargeAccount = field('surcharge_account').trim();
      if (!surcharge.isZero() && !surchargeAccount) { fail('a surcharge (recargo de equivalencia) without its account (positions 204–215)'); continue; }
      signed(line, key, invoice.date, invoice.description, account, accountName, base);
      signed(line, key, invoice.date, invoice.description, vatAccount, '', vat);
      signed(line, key, invoice.date, invoice.description, surchargeAccount, '', surcharge);
      // reverse charge: the VAT (and surcharge) also on the second account, on the other side
      const vat2 = field('vat_account_2').trim(), surcharge2 = field('surcharge_account_2').trim();
      if (vat2) signed(line, key, invoice.date, invoice.description, vat2, '', vat.negate());
      if (surcharge2) signed(line, key, invoice.date, invoice.description, surcharge2, '', surcharge.negate());
      if (!withholding.isZero()) {
        const withholdingAccount = field('withholding_account').trim() || defaults.withholding;
        invoice.withholding.set(withholdingAccount, (invoice.withholding.get(withholdingAccount) ?? Decimal.zero(2)).add(withholding));
      }
      if (mark === 'U') {
        // the customer or supplier carries the total less what was withheld, which goes to its own account
        const withheld = [...invoice.withholding.values()].reduce((sum, w) => sum.add(w), Decimal.zero(2));
        const head = invoice.kind === 'sales' ? invoice.total : invoice.total.negate();
        signed(invoice.line, key, invoice.date, invoice.description, invoice.account, invoice.name, head.add(withheld));
        for (const [code, amount] of invoice.withholding) signed(invoice.line, key, invoice.date, invoice.description, code, '', amount.negate());
        open = null;
      }
      continue;
    }
    // record 0
    if (mark === 'I') {
      if (open) fail('an entry starts (I) before the previous one ended (U)');
      entry++; open = 'entry';
    } else if (mark !== 'M' && mark !== 'U') { fail(`line mark "${mark}" is none of I, M, U`); continue; } else if (open !== 'entry') { fail(`a line marked ${mark} outside an entry (no I before it)`); continue; }
    const side = rawField(A3_ENTRY_LINE, text, 'side');
    if (side !== 'D' && side !== 'H') { fail(`side "${side}" is neither D (debe) nor H (haber)`); continue; }
    const { amount, negative } = unsigned(rawField(A3_ENTRY_LINE, text, 'amount'));
    const debitSide = (side === 'D') !== negative;
    lines.push({
      line, entry: `A3-${entry}`, date, description: rawField(A3_ENTRY_LINE, text, 'description').trim(),
      account, accountName, debit: debitSide ? amount : '', credit: debitSide ? '' : amount,
    });
    if (mark === 'U') open = null;
  }
  if (open) errors.push({ loc: ['body', 'file'], msg: 'The last entry has no line marked U', type: 'value_error.line' });
  if (errors.length) throw new ValidationFailed(errors.slice(0, 200));
  for (const l of lines) l.accountName = names.get(l.account) || l.accountName;
  return lines;
}

/** ContaPlus XSubCta: sub-account code → title. */
export function readContaplusAccounts(bytes: Uint8Array | undefined): Map<string, string> {
  const names = new Map<string, string>();
  if (!bytes) return names;
  for (const { text } of fixedRecords(bytes)) {
    const code = rawField(CONTAPLUS_XSUBCTA, text, 'COD').trim();
    if (/^\d+$/.test(code)) names.set(code, rawField(CONTAPLUS_XSUBCTA, text, 'TITULO').trim());
  }
  return names;
}

/**
 * ContaPlus XDiario: entries by ASIEN, amounts in euros (EURODEBE / EUROHABER; a line of a
 * pesetas book, MONEDAUSO 1, with no euro amounts is refused), names from the XSubCta file.
 */
export function readContaplus(bytes: Uint8Array, accounts?: Uint8Array): RawLine[] {
  const names = readContaplusAccounts(accounts);
  const errors: FieldError[] = [];
  const lines: RawLine[] = [];
  const minimum = fieldOf(CONTAPLUS_XDIARIO, 'EUROHABER');
  for (const { line, text } of fixedRecords(bytes)) {
    const fail = (msg: string) => errors.push({ loc: ['body', 'file', line], msg: `Line ${line}: ${msg}`, type: 'value_error.line' });
    if (text.length < minimum.position + minimum.length - 1) { fail(`a ContaPlus XDiario record reaches at least EUROHABER (${minimum.position + minimum.length - 1} characters), this one has ${text.length}`); continue; }
    const field = (name: string) => rawField(CONTAPLUS_XDIARIO, text, name);
    let debit = unsigned(field('EURODEBE'));
    let credit = unsigned(field('EUROHABER'));
    const zero = (a: { amount: string }) => a.amount === '' || /^0*(\.0*)?$/.test(a.amount);
    if (zero(debit) && zero(credit) && field('MONEDAUSO') === '1') { fail('a pesetas line (MONEDAUSO 1) without euro amounts is not read'); continue; }
    if (debit.negative && !zero(debit)) { credit = { amount: debit.amount, negative: false }; debit = { amount: '', negative: false }; } else if (credit.negative && !zero(credit)) { debit = { amount: credit.amount, negative: false }; credit = { amount: '', negative: false }; }
    const account = field('SUBCTA').trim();
    lines.push({
      line, entry: field('ASIEN').trim(), date: isoOf(field('FECHA')), description: field('CONCEPTO').trim(), account,
      accountName: names.get(account) ?? '', debit: zero(debit) ? '' : debit.amount, credit: zero(credit) ? '' : credit.amount,
    });
  }
  if (errors.length) throw new ValidationFailed(errors.slice(0, 200));
  return lines;
}
