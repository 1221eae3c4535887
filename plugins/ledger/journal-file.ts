import { ValidationFailed, PayloadTooLarge, type FieldError } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import { pgArray } from '../../kernel/sql-params';
import type { Kernel } from '../../kernel/kernel';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import { streamTable, type TableColumn } from '../../lib/table-export/stream';
// The generic reader of tabular files (RFC 4180 CSV, SpreadsheetML cells); it reads no table of the treasury.
import { asWritten, tableFileRows, TableFileUnreadable, type TextRow } from '../../lib/table-file';
import { isIsoDate, type JournalDraft } from './draft';
import { detectFirmFormat, readA3, readContaplus, type RawLine } from './firm-files';
import { checkPeriod, journalBatches, LedgerService, type ExportRow, type Period } from './service';

/**
 * The generic journal file (CSV or XLSX), one row per journal line: what GET /ledger/export writes
 * and POST /ledger/import reads back (docs/domain/journal-file.md). The columns, in order, are the
 * layout; `import` marks the ones the importer reads (the others are Cuadra's own references).
 */
export const JOURNAL_FILE_COLUMNS: readonly (TableColumn<ExportRow> & { import?: 'required' | 'optional' })[] = [
  { key: 'entry_number', label: 'Asiento', type: 'string', width: 9, import: 'required' },
  { key: 'date', label: 'Fecha', type: 'string', width: 11, import: 'required' },
  { key: 'entry_id', label: 'Id del asiento', type: 'string', width: 38 },
  { key: 'description', label: 'Concepto', type: 'string', width: 40, import: 'required' },
  { key: 'source_type', label: 'Origen', type: 'string', width: 14 },
  { key: 'source_id', label: 'Id del origen', type: 'string', width: 38 },
  { key: 'reversal_of', label: 'Anula a', type: 'string', width: 38 },
  { key: 'line_no', label: 'Línea', type: 'string', width: 6 },
  { key: 'account', label: 'Cuenta', type: 'string', width: 12, import: 'required' },
  { key: 'account_name', label: 'Nombre de la cuenta', type: 'string', width: 34, import: 'optional' },
  { key: 'debit', label: 'Debe', type: 'amount', width: 14, import: 'required' },
  { key: 'credit', label: 'Haber', type: 'amount', width: 14, import: 'required' },
  { key: 'contact_id', label: 'Id del contacto', type: 'string', width: 38 },
  { key: 'tax_type_id', label: 'Id del impuesto', type: 'string', width: 38 },
  { key: 'tax_base', label: 'Base imponible', type: 'amount', width: 14 },
];

/** The export's rows keyed as the layout (the entry number under its column name). */
export const journalFileRow = (row: ExportRow) => ({ ...row, entry_number: row.number });

/**
 * The journal as XLSX in the layout, streamed as it is written. Each batch of rows is read in its
 * own short transaction over a range fixed at the first (`journalBatches`); amounts stay text cells.
 */
export async function journalXlsx(uow: UnitOfWork, kernel: Kernel, period: Period, filename: string): Promise<Response> {
  checkPeriod(period);
  return streamTable<ExportRow & { entry_number: number }>({
    format: 'xlsx', columns: JOURNAL_FILE_COLUMNS, filename, logger: kernel.logger, what: 'Journal export',
    heading: { title: 'Libro Diario', subtitle: '', sheet: 'Diario', generatedAt: new Date() },
    produce: async (emit) => {
      for await (const rows of journalBatches(uow, { from: period.from, to: period.to })) await emit(rows.map(journalFileRow));
    },
  });
}

export const MAX_JOURNAL_FILE_BYTES = 20 * 1024 * 1024;
const SOURCE_TYPE = 'ledger_import';
const AMOUNT = /^\d{1,13}([.,]\d{1,2})?$/;
const SUB_ACCOUNT = /^[1-9][0-9]{3,11}$/;

interface FileLine { line: number; entry: string; date: string; description: string; account: string; accountName: string; debit: Decimal; credit: Decimal }

/** The file's rows as text cells with their line (CSV: the line it starts on; XLSX: the sheet row); 422 for an unreadable workbook. */
function fileRows(bytes: Uint8Array): TextRow[] {
  try {
    return tableFileRows(bytes, MAX_JOURNAL_FILE_BYTES * 8);
  } catch (error) {
    if (error instanceof TableFileUnreadable) throw ValidationFailed.field(['body', 'file'], error.message, 'value_error.file');
    throw error;
  }
}

/** The rows of a CSV or XLSX file by the layout's column names, still text; 422 when the header lacks a required column. */
function csvLines(bytes: Uint8Array): RawLine[] {
  const [header, ...rows] = fileRows(bytes);
  const columns = new Map((header?.cells ?? []).map((name, i) => [name.toLowerCase(), i]));
  const missing = JOURNAL_FILE_COLUMNS.filter((c) => c.import === 'required' && !columns.has(c.key)).map((c) => c.key);
  if (missing.length) throw ValidationFailed.field(['body', 'file'], `The header lacks the column(s) ${missing.join(', ')} (docs/domain/journal-file.md)`, 'value_error.columns');
  const cell = (cells: string[], key: string) => (columns.has(key) ? cells[columns.get(key)!] ?? '' : '');
  return rows.map(({ line, cells }) => ({
    line, entry: cell(cells, 'entry_number'), date: cell(cells, 'date'), description: asWritten(cell(cells, 'description')),
    account: cell(cells, 'account'), accountName: asWritten(cell(cells, 'account_name')), debit: cell(cells, 'debit'), credit: cell(cells, 'credit'),
  }));
}

/** The lines of a file in any of the formats, each checked (the same rules whatever the format); 422 naming every bad line. */
function checkLines(raw: RawLine[], mapping: Record<string, string>): FileLine[] {
  const errors: FieldError[] = [];
  const lines: FileLine[] = [];
  for (const { line, entry, date, description, account: own, accountName, debit, credit } of raw) {
    const fail = (msg: string) => errors.push({ loc: ['body', 'file', line], msg: `Line ${line}: ${msg}`, type: 'value_error.line' });
    const amount = (text: string, side: string) => {
      if (text === '') return Decimal.zero(2);
      if (!AMOUNT.test(text)) { fail(`${side} "${text}" is not an amount (digits, at most two decimals)`); return Decimal.zero(2); }
      return Decimal.parse(text.replace(',', '.'), 2).rescale(2);
    };
    if (!entry) fail('no entry number');
    if (!isIsoDate(date)) fail(`date "${date}" is not YYYY-MM-DD`);
    const account = mapping[own] ?? own;
    if (!/^[1-9][0-9]{0,11}$/.test(account)) fail(`account "${own}" is not a code of digits`);
    const parsed = { debit: amount(debit, 'debit'), credit: amount(credit, 'credit') };
    if (parsed.debit.isZero() === parsed.credit.isZero()) fail('exactly one of debit and credit must be a positive amount');
    lines.push({ line, entry, date, description, account, accountName, ...parsed });
  }
  if (!lines.length && !errors.length) errors.push({ loc: ['body', 'file'], msg: 'The file has no journal lines', type: 'value_error.empty' });
  if (errors.length) throw new ValidationFailed(errors);
  return lines;
}

export type JournalFileFormat = 'csv' | 'xlsx' | 'a3' | 'contaplus';

/** The file's lines in its format: the one given, else A3 or ContaPlus when its first record is one, else CSV/XLSX. */
function readFileLines(bytes: Uint8Array, format: JournalFileFormat | undefined, accounts: Uint8Array | undefined, company: string | undefined): RawLine[] {
  const detected = format === 'a3' || format === 'contaplus' ? format : format ? undefined : detectFirmFormat(bytes);
  if (detected === 'a3') return readA3(bytes, { company });
  if (detected === 'contaplus') return readContaplus(bytes, accounts);
  return csvLines(bytes);
}

/** Lines grouped by entry number in the order of the file; every entry balanced and on one date, or 422 naming each one that is not. */
function entriesOf(lines: FileLine[]): FileLine[][] {
  const entries = new Map<string, FileLine[]>();
  for (const line of lines) {
    const entry = entries.get(line.entry);
    if (entry) entry.push(line);
    else entries.set(line.entry, [line]);
  }
  const errors: FieldError[] = [];
  for (const [number, entry] of entries) {
    const at = [...new Set(entry.map((l) => l.line))].sort((x, y) => x - y).join(', ');
    const debit = entry.reduce((sum, l) => sum.add(l.debit), Decimal.zero(2));
    const credit = entry.reduce((sum, l) => sum.add(l.credit), Decimal.zero(2));
    if (debit.compare(credit) !== 0) {
      errors.push({ loc: ['body', 'file', entry[0].line], msg: `Entry ${number} (lines ${at}) does not balance: debit ${debit}, credit ${credit}`, type: 'value_error.unbalanced' });
    }
    if (new Set(entry.map((l) => l.date)).size > 1) {
      errors.push({ loc: ['body', 'file', entry[0].line], msg: `Entry ${number} (lines ${at}) has lines on different dates`, type: 'value_error.dates' });
    }
  }
  if (errors.length) throw new ValidationFailed(errors);
  return [...entries.values()];
}

/** The mapping field: a JSON object {their code: sub-account of the chart}. */
function readMapping(raw: string | Record<string, unknown> | undefined): Record<string, string> {
  if (raw === undefined || raw === '') return {};
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try { parsed = JSON.parse(raw); } catch { throw ValidationFailed.field(['body', 'mapping'], 'Not JSON: an object {their account code: sub-account of the chart}', 'value_error.json'); }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string' || !SUB_ACCOUNT.test(v) && !/^[1-9][0-9]{2}$/.test(v))) {
    throw ValidationFailed.field(['body', 'mapping'], 'An object whose values are account codes of the chart (3 to 12 digits)', 'value_error.mapping');
  }
  return parsed as Record<string, string>;
}

export interface JournalImport {
  id: string; file_name: string; content_sha256: string; entries: number; lines: number; accounts_created: string[];
  first_number: number | null; last_number: number | null; created_at: string; already_imported: boolean;
}

const importView = (row: any, alreadyImported: boolean): JournalImport => ({
  id: row.id, file_name: row.file_name, content_sha256: row.content_sha256, entries: Number(row.entries), lines: Number(row.lines),
  accounts_created: row.accounts_created ?? [], first_number: row.first_number == null ? null : Number(row.first_number),
  last_number: row.last_number == null ? null : Number(row.last_number), created_at: new Date(row.created_at).toISOString(), already_imported: alreadyImported,
});

/**
 * Posts a journal file in the caller's transaction: every line read and every entry balanced
 * before anything is written; accounts unknown to the chart created under their PGC group (the
 * longest existing prefix of 3+ digits) or refused all together; the same content twice posts once.
 */
export async function importJournalFile(tx: Tx, body: { file: File; mapping?: string | Record<string, unknown>; format?: JournalFileFormat; accounts?: File; company?: string }): Promise<JournalImport> {
  if (body.file.size > MAX_JOURNAL_FILE_BYTES) throw new PayloadTooLarge(`A journal file may be at most ${MAX_JOURNAL_FILE_BYTES} bytes`);
  if (body.accounts && body.accounts.size > MAX_JOURNAL_FILE_BYTES) throw new PayloadTooLarge(`An accounts file may be at most ${MAX_JOURNAL_FILE_BYTES} bytes`);
  const mapping = readMapping(body.mapping);
  const bytes = new Uint8Array(await body.file.arrayBuffer());
  const accounts = body.accounts ? new Uint8Array(await body.accounts.arrayBuffer()) : undefined;
  const entries = entriesOf(checkLines(readFileLines(bytes, body.format, accounts, body.company), mapping));
  const hash = new Bun.CryptoHasher('sha256').update(bytes).digest('hex');

  // claimed first: a second upload of the same content (even concurrent) waits here, then finds it
  const id = crypto.randomUUID();
  const [claimed] = await tx.sql<{ id: string }>(`insert into ledger_imports (id, tenant_id, content_sha256, file_name) values (:id::uuid, :tenant, :hash, :name)
    on conflict (tenant_id, content_sha256) do nothing returning id::text`, { id, hash, name: body.file.name.slice(0, 200) || 'journal' });
  if (!claimed) {
    const [previous] = await tx.sql<any>(`select id::text, file_name, content_sha256, entries, lines, accounts_created, first_number, last_number, created_at
      from ledger_imports where tenant_id = :tenant and content_sha256 = :hash`, { hash });
    return importView(previous, true);
  }

  const chart = new Set((await LedgerService.accountNames(tx)).map((a) => a.code));
  const names = new Map<string, string>();
  for (const line of entries.flat()) if (!chart.has(line.account) && !names.has(line.account)) names.set(line.account, line.accountName || `Cuenta ${line.account}`);
  const refused = [...names.keys()].filter((code) => !SUB_ACCOUNT.test(code) || ![...Array(code.length - 3).keys()].some((i) => chart.has(code.slice(0, i + 3))));
  if (refused.length) {
    throw new ValidationFailed(refused.map((code) => ({
      loc: ['body', 'file', entries.flat().find((l) => l.account === code)!.line],
      msg: `Account ${code} is not in the chart and no account of its PGC group (its first 3 or more digits) is either: map it to a sub-account of the chart`,
      type: 'value_error.unknown_account',
    })));
  }
  const drafts: JournalDraft[] = entries.map((entry) => ({
    date: entry[0].date,
    description: (entry.find((l) => l.description)?.description ?? '').slice(0, 500) || `Asiento ${entry[0].entry} importado`,
    sourceType: SOURCE_TYPE, sourceId: id,
    lines: entry.map((l) => ({
      account: l.account, debit: l.debit.isZero() ? undefined : l.debit, credit: l.credit.isZero() ? undefined : l.credit,
      ...(names.has(l.account) ? { createAccount: { name: names.get(l.account)!.slice(0, 200) } } : {}),
    })),
  }));
  const posted = await LedgerService.postMany(tx, drafts, { loc: ['body', 'file'] });
  const [row] = await tx.sql<any>(`update ledger_imports set entries = :entries, lines = :lines, accounts_created = :created::text[], first_number = :first, last_number = :last
    where tenant_id = :tenant and id = :id::uuid
    returning id::text, file_name, content_sha256, entries, lines, accounts_created, first_number, last_number, created_at`, {
    id, entries: drafts.length, lines: entries.flat().length, created: pgArray([...names.keys()]),
    first: posted[0]?.number ?? null, last: posted.at(-1)?.number ?? null,
  });
  return importView(row, false);
}
