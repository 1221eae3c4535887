import { csvLine } from '../../lib/spreadsheet-cells';
import { JOURNAL_FILE_COLUMNS, journalFileRow } from './journal-file';
import type { ExportRow } from './service';

/** The journal's CSV header: the layout of ./journal-file.ts, the file POST /ledger/import reads back. */
export function csvHeader(): string {
  return JOURNAL_FILE_COLUMNS.map((c) => c.key).join(',') + '\r\n';
}

/** The journal as CSV: one row per line, debit and credit as decimal strings with a point. */
export function csvRows(rows: ExportRow[]): string {
  let out = '';
  for (const row of rows) {
    const record: Record<string, unknown> = journalFileRow(row);
    out += csvLine(JOURNAL_FILE_COLUMNS.map((c) => record[c.key] as string | number | null), ',') + '\r\n';
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
