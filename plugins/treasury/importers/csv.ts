import { Decimal } from '../../../kernel/money';
import { searchFold } from '../../../lib/listing';
import { calendarDate, clean, decodeStatement } from './text';
import { StatementRefused, type ImportOptions, type ParsedMovement, type ParsedStatement, type RejectedLine, type StatementImporter } from './types';

/**
 * Bank statements as CSV: delimiter `;`, `,` or tab (whichever the header has most of), quoted
 * fields as RFC 4180. Columns come from the request's mapping or are guessed from the header
 * (Spanish and English names); the amount is one signed column or two (debit and credit). Dates
 * are day first (31/01/2026, 31-01-26) or ISO; amounts Spanish ("1.234,56", "-35,40 €") or
 * plain ("1234.56"). A row that cannot be read is rejected with its line and the reason; the
 * rest are imported.
 */

export const CSV_FIELDS = ['date', 'value_date', 'amount', 'debit', 'credit', 'description', 'reference', 'counterparty', 'counterparty_iban'] as const;
type CsvField = (typeof CSV_FIELDS)[number];

/** Header names by field, folded (no accents, lower case); the first that a header equals or starts with wins. */
const GUESSES: Record<CsvField, string[]> = {
  date: ['fecha operacion', 'fecha de operacion', 'f. operacion', 'fecha contable', 'fecha', 'booking date', 'date', 'transaction date'],
  value_date: ['fecha valor', 'f. valor', 'value date'],
  amount: ['importe', 'amount', 'cantidad', 'importe eur', 'monto'],
  debit: ['cargo', 'cargos', 'debe', 'debit', 'salida', 'salidas', 'withdrawal'],
  credit: ['abono', 'abonos', 'haber', 'credit', 'entrada', 'entradas', 'deposit'],
  description: ['concepto', 'descripcion', 'description', 'detalle', 'movimiento', 'memo', 'details'],
  reference: ['referencia', 'reference', 'ref', 'n. documento', 'documento'],
  counterparty: ['beneficiario', 'ordenante', 'contraparte', 'counterparty', 'payee', 'nombre', 'name'],
  counterparty_iban: ['iban contraparte', 'iban', 'counterparty iban', 'cuenta contraparte'],
};

const fold = (text: string) => searchFold(text).replace(/[_\s]+/g, ' ').replace(/\(.*?\)/g, '').trim();

/** Rows of fields, each with the line it starts on. */
export function readCsv(text: string, delimiter: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [], field = '', quoted = false, line = 1, rowLine = 1, i = 0;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0].trim() !== '') rows.push({ line: rowLine, fields });
    fields = []; field = '';
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') { field += '"'; i += 2; continue; }
        quoted = false; i++; continue;
      }
      if (c === '\n') line++;
      field += c; i++; continue;
    }
    if (c === '"' && field.trim() === '') { quoted = true; field = ''; i++; continue; }
    if (c === delimiter) { fields.push(field); field = ''; i++; continue; }
    if (c === '\r' || c === '\n') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
      i++; line++; rowLine = line; continue;
    }
    field += c; i++;
  }
  if (field !== '' || fields.length) endRow();
  return rows;
}

function guessDelimiter(firstLine: string): string | undefined {
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const).sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : undefined;
}

/** A date, day first, or ISO; undefined when it is none. */
export function parseCsvDate(raw: string): string | undefined {
  const value = raw.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (!m) return undefined;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return calendarDate(year, Number(m[2]), Number(m[1]));
}

/**
 * A Spanish or plain amount: "1.234,56", "-1.234,56", "1234,56", "1,234.56", "1234.56", "35,40 €",
 * "(35,40)" and "35,40-" are negative. With one kind of separator, a comma is decimal and a dot is
 * decimal unless it groups thousands ("1.234" is 1234). Undefined when it is not an amount.
 */
export function parseCsvAmount(raw: string): Decimal | undefined {
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

function columns(header: string[], options: ImportOptions): Partial<Record<CsvField, number>> {
  const folded = header.map(fold);
  const found: Partial<Record<CsvField, number>> = {};
  if (options.mapping) {
    for (const [key, column] of Object.entries(options.mapping)) {
      if (!(CSV_FIELDS as readonly string[]).includes(key)) throw new StatementRefused(1, `Unknown mapping key "${key}" (known: ${CSV_FIELDS.join(', ')})`);
      const index = folded.indexOf(fold(column));
      if (index < 0) throw new StatementRefused(1, `The mapping names column "${column}", which the header does not have`);
      found[key as CsvField] = index;
    }
    return found;
  }
  const taken = new Set<number>();
  for (const exact of [true, false]) {
    for (const key of CSV_FIELDS) {
      if (found[key] !== undefined) continue;
      for (const guess of GUESSES[key]) {
        const index = folded.findIndex((name, i) => !taken.has(i) && (exact ? name === guess : name.startsWith(guess)));
        if (index >= 0) { found[key] = index; taken.add(index); break; }
      }
    }
  }
  return found;
}

export function parseCsv(bytes: Uint8Array, options: ImportOptions): ParsedStatement {
  const text = decodeStatement(bytes).replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = guessDelimiter(firstLine);
  if (!delimiter) throw new StatementRefused(1, 'No column delimiter (; , or tab) in the header line');
  const rows = readCsv(text, delimiter);
  if (!rows.length) throw new StatementRefused(1, 'The file has no header line');
  const [header, ...data] = rows;
  const cols = columns(header.fields, options);
  if (cols.date === undefined) throw new StatementRefused(1, 'No date column: name it in the mapping ({"date": "…"})');
  const twoColumns = cols.debit !== undefined && cols.credit !== undefined;
  if (cols.amount === undefined && !twoColumns) throw new StatementRefused(1, 'No amount column, nor a debit and a credit column: name them in the mapping');
  const get = (fields: string[], key: CsvField) => (cols[key] === undefined ? '' : (fields[cols[key]!] ?? '').trim());
  const movements: ParsedMovement[] = [];
  const rejected: RejectedLine[] = [];
  for (const { line, fields } of data) {
    const bookingDate = parseCsvDate(get(fields, 'date'));
    if (!bookingDate) { rejected.push({ line, reason: `Not a date: "${get(fields, 'date')}"` }); continue; }
    const rawValueDate = get(fields, 'value_date');
    const valueDate = rawValueDate ? parseCsvDate(rawValueDate) : null;
    if (valueDate === undefined) { rejected.push({ line, reason: `Not a value date: "${rawValueDate}"` }); continue; }
    let amount: Decimal | undefined;
    if (cols.amount !== undefined && get(fields, 'amount') !== '') {
      amount = parseCsvAmount(get(fields, 'amount'));
      if (!amount) { rejected.push({ line, reason: `Not an amount: "${get(fields, 'amount')}"` }); continue; }
    } else if (twoColumns) {
      const debit = get(fields, 'debit'), credit = get(fields, 'credit');
      const out = debit ? parseCsvAmount(debit) : Decimal.zero(2);
      const into = credit ? parseCsvAmount(credit) : Decimal.zero(2);
      if (!out || !into) { rejected.push({ line, reason: `Not an amount: "${!out ? debit : credit}"` }); continue; }
      if (!debit && !credit) { rejected.push({ line, reason: 'Neither a debit nor a credit amount' }); continue; }
      // a debit column holds money out whether the bank writes it with a minus sign or not
      amount = into.sub(out.isNegative() ? out.negate() : out);
    } else {
      rejected.push({ line, reason: 'No amount' }); continue;
    }
    const reference = clean(get(fields, 'reference'));
    movements.push({
      line, bookingDate, valueDate, amount,
      description: clean(get(fields, 'description')) ?? clean(get(fields, 'counterparty')) ?? 'Movimiento',
      reference, counterparty: clean(get(fields, 'counterparty')), counterpartyIban: clean(get(fields, 'counterparty_iban'))?.replace(/\s/g, '').toUpperCase() ?? null,
      bankReference: reference,
    });
  }
  return { accounts: [], movements, rejected };
}

export const csvImporter: StatementImporter = {
  name: 'csv',
  description: 'CSV exports (columns mapped in the request or guessed from the header; Spanish dates and amounts)',
  fallback: true,
  detect: (head) => !head.includes('\u0000') && guessDelimiter(head.split(/\r?\n/, 1)[0] ?? '') !== undefined,
  parse: (bytes, options) => parseCsv(bytes, options),
};
