import type { Decimal } from '../../../kernel/money';

/**
 * A bank statement format. Contribute one to the treasury plugin's extension point from your
 * plugin's index.ts:
 *
 *   contributes: { 'statement-importers': [myBankImporter] }
 *
 * On `POST /treasuries/{id}/import` every importer's `detect` sees the file's first bytes, in
 * plugin load order (the treasury's own Norma 43, CAMT.053 and CSV last, CSV being the catch-all);
 * the first that says yes parses the whole file. The treasury plugin then keeps the movements of
 * the account that matches the treasury, skips those it already holds, stores and posts the rest
 * in one transaction.
 */
export interface StatementImporter {
  /** Short stable name, reported as the import's `format` ('norma43', 'camt053', 'csv', …). */
  name: string;
  description: string;
  /** Tried after every other importer whatever the load order (the CSV importer, which accepts almost any text). */
  fallback?: boolean;
  /** Reads its columns by the request's `mapping` (tables: XLSX, CSV): only then is a mapping saved on the treasury and reused. */
  mapped?: boolean;
  /** Whether this file is in the importer's format. `head` is the first 4 KiB decoded as latin1. */
  detect(head: string, bytes: Uint8Array): boolean;
  /**
   * The statement's accounts and movements. Throw StatementRefused for a file that must not be
   * imported at all (control totals, broken structure); return per-line problems in `rejected`.
   * May be async (a spreadsheet is unzipped asynchronously).
   */
  parse(bytes: Uint8Array, options: ImportOptions): ParsedStatement | Promise<ParsedStatement>;
}

export interface ImportOptions {
  /** CSV column mapping and the like, from the request's `mapping` field (JSON object of strings). */
  mapping?: Record<string, string>;
  /** Where the account's days begin and end, for timestamps with an offset; Europe/Madrid when not given. */
  timeZone?: string;
}

export interface ParsedMovement {
  /** Where it came from in the file (line number, or entry number for XML), for error reports. */
  line: number;
  /** The account in the file it belongs to (key of `accounts`); undefined when the file has one account. */
  account?: string;
  /** YYYY-MM-DD. */
  bookingDate: string;
  valueDate: string | null;
  /** Signed, two decimals: positive money in, negative money out. */
  amount: Decimal;
  description: string;
  reference: string | null;
  counterparty: string | null;
  counterpartyIban: string | null;
  /** The bank's own identifier of the movement when it has one (part of duplicate detection). */
  bankReference?: string | null;
  /** ISO 4217 code of `amount` when the file states it; one that is not the treasury's is rejected, never booked. */
  currency?: string | null;
  /**
   * The bank gives the movement as a returned or unpaid debit (an R-transaction): its ISO 20022
   * reason code (`RtrInf/Rsn/Cd` of CAMT; `MS03`, reason not specified, for a Norma 43 common
   * concept 14 whose text names none). Plugins that collected the debit act on it (sepa).
   */
  returnReason?: string | null;
}

export interface StatementAccount {
  /** As the file names it: an IBAN, or a Spanish CCC `entidad+oficina+cuenta` (18 digits) in Norma 43. */
  key: string;
  currency: string | null;
}

export interface RejectedLine { line: number; reason: string }

/** A balance the file states that is not the one its movements lead to (reported, not refused). */
export interface BalanceDifference { line: number; stated: string; expected: string }

export interface ParsedStatement {
  accounts: StatementAccount[];
  movements: ParsedMovement[];
  rejected: RejectedLine[];
  /** The account (key of `accounts`) a rejected line belongs to, in a file of several: another account's lines are not reported. */
  rejectedAccounts?: Map<number, string>;
  /** Running balances checked against a balance column (spreadsheets, CSV), where they differ. */
  balanceDifferences?: BalanceDifference[];
}

/** The whole file is refused (nothing is imported): answered 422 with the line and the reason. */
export class StatementRefused extends Error {
  constructor(readonly line: number, readonly reason: string) {
    super(`Line ${line}: ${reason}`);
  }
}

declare module '../../../kernel/extensions' {
  interface ExtensionPoints { 'statement-importers': StatementImporter }
}
