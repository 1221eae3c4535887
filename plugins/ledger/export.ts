import { csvLine } from '../../lib/spreadsheet-cells';
import type { ExportRow } from './service';

export const CSV_COLUMNS = [
  'entry_number', 'date', 'entry_id', 'description', 'source_type', 'source_id', 'reversal_of',
  'line_no', 'account', 'account_name', 'debit', 'credit', 'contact_id', 'tax_type_id', 'tax_base',
] as const;

export function csvHeader(): string {
  return CSV_COLUMNS.join(',') + '\r\n';
}

/** The journal as CSV: one row per line, debit and credit as decimal strings with a point. */
export function csvRows(rows: ExportRow[]): string {
  let out = '';
  for (const row of rows) {
    const record: Record<(typeof CSV_COLUMNS)[number], string | number | null> = {
      entry_number: row.number, date: row.date, entry_id: row.entry_id, description: row.description, source_type: row.source_type,
      source_id: row.source_id, reversal_of: row.reversal_of, line_no: row.line_no, account: row.account, account_name: row.account_name,
      debit: row.debit, credit: row.credit, contact_id: row.contact_id, tax_type_id: row.tax_type_id, tax_base: row.tax_base,
    };
    out += csvLine(CSV_COLUMNS.map((c) => record[c]), ',') + '\r\n';
  }
  return out;
}

/** Text that may stand on a transaction line of a (h)ledger journal: one line, no comment marker. */
const journalText = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replaceAll(';', ',').trim();

/**
 * The account directives and a header comment. Account names are the PGC codes, so that
 * `hledger balance` / `ledger balance` print per-code balances comparable with our trial balance;
 * the Spanish names go in comments.
 */
export function hledgerHeader(accounts: { code: string; name: string }[], tenantId: string): string {
  let out = `; Cuadra journal export (hledger / ledger-cli journal format)\n; tenant ${tenantId}\n; accounts are PGC codes; amounts in EUR, debit positive, credit negative\n\n`;
  for (const a of accounts) out += `; ${a.code} ${journalText(a.name)}\n`;
  return out + '\n';
}

/**
 * Transactions in the journal format both hledger and ledger-cli read:
 *
 *     2026-01-15 * (12) Factura F-2026-000001
 *         ; source: invoice/3f0c…
 *         4300    1210.00 EUR
 *         7000    -1000.00 EUR
 *         477    -210.00 EUR
 */
export function hledgerRows(rows: ExportRow[]): string {
  let out = '';
  let current: string | null = null;
  for (const row of rows) {
    if (row.entry_id !== current) {
      if (current !== null) out += '\n';
      current = row.entry_id;
      out += `${row.date} * (${row.number}) ${journalText(row.description)}\n`;
      out += `    ; source: ${journalText(row.source_type)}${row.source_id ? `/${row.source_id}` : ''}\n`;
      if (row.reversal_of) out += `    ; reversal_of: ${row.reversal_of}\n`;
    }
    const amount = row.debit !== '0.00' ? row.debit : `-${row.credit}`;
    out += `    ${row.account}    ${amount} EUR\n`;
  }
  return current === null ? out : out + '\n';
}
