/**
 * What other plugins (reconciliation, dashboards) use from the treasury plugin, through
 * `kernel.service('treasury')` inside their own unit of work:
 *
 *   const treasury = kernel.service('treasury');
 *   const movement = await treasury.getMovement(tx, movementId);        // null when absent or another company's
 *   const suspense = await treasury.suspenseAccount(tx, movement.treasury_id);   // e.g. '5550001'
 *   … settle the documents against `suspense` …
 *   await treasury.setMovementStatus(tx, movement.id, 'matched');
 *
 * Every movement is in the books from the moment it exists: Dr 572x / Cr 555x for money in,
 * Dr 555x / Cr 572x for money out. Matching or categorising moves the amount from the treasury's
 * 555x to the document's or the category's account; the treasury's 572x balance never changes.
 *
 * Statement importers (a new bank format) contribute to the `statement-importers` extension point:
 * see ./importers/types.ts and docs/plugin-authors.md.
 */
import type { Database } from '../../kernel/database';
import { perTenant } from '../../lib/tenant-sets';
import type { Tx } from '../../kernel/uow';

export const BANK_MOVEMENT_STATUSES = ['unmatched', 'matched', 'categorized'] as const;
export type BankMovementStatus = (typeof BANK_MOVEMENT_STATUSES)[number];

export const TREASURY_KINDS = ['bank', 'payment_processor', 'wallet'] as const;
export type TreasuryKind = (typeof TREASURY_KINDS)[number];

/** A bank movement as other plugins see it (snake_case, amounts as signed decimal strings). */
export interface BankMovement {
  id: string;
  treasury_id: string;
  /** Booking date (fecha operación), YYYY-MM-DD. */
  date: string;
  value_date: string | null;
  /** Signed: positive is money in (abono), negative money out (cargo). Two decimals. */
  amount: string;
  description: string;
  reference: string | null;
  counterparty: string | null;
  counterparty_iban: string | null;
  status: BankMovementStatus;
  /** The documents the movement is (partly) matched to, as the reconciliation plugin set them. */
  matched_document_ids: string[];
  /** A returned or unpaid debit as the imported statement gives it: its ISO 20022 reason code (importers' `returnReason`); null otherwise. */
  return_reason: string | null;
}

export interface BankMovementQuery {
  status?: BankMovementStatus;
  treasuryId?: string;
  limit: number;
  offset: number;
}

export interface TreasuryService {
  /** One movement of the transaction's company, or null (absent, or another company's). */
  getMovement(tx: Tx, id: string): Promise<BankMovement | null>;
  /** Movements by booking date (newest first), with the total matching the filter. */
  listMovements(tx: Tx, query: BankMovementQuery): Promise<{ items: BankMovement[]; total: number }>;
  /**
   * Sets a movement's status (NotFound when absent) and, when given, the documents it is matched to
   * (the whole list, replacing the previous one); the books are the caller's business.
   */
  setMovementStatus(tx: Tx, id: string, status: BankMovementStatus, documentIds?: readonly string[]): Promise<BankMovement>;
  /** The 555x sub-account the treasury's unmatched movements sit on (NotFound when absent). */
  suspenseAccount(tx: Tx, treasuryId: string): Promise<string>;
  /** The treasury's own 572x sub-account (NotFound when absent). */
  ledgerAccount(tx: Tx, treasuryId: string): Promise<string>;
  /** The treasury marked as the company's collection account (its IBAN is printed on invoices), or null. */
  collectionAccount(tx: Tx): Promise<CollectionAccount | null>;
  /** One treasury of the transaction's company as payment files name it, or null (absent, or another company's). */
  findTreasury(tx: Tx, id: string): Promise<TreasuryFacts | null>;
}

/** What a payment file needs of a treasury: its IBAN, currency, 572x account and whether it is archived. */
export interface TreasuryFacts { id: string; name: string; iban: string | null; currency: string; ledger_account: string; archived: boolean }

/** The account the company's customers pay into. */
export interface CollectionAccount { treasury_id: string; name: string; iban: string }

export interface BankMovementImportedPayload { treasury_id: string; count: number; import_id: string }
export interface BankMovementCreatedPayload { id: string; treasury_id: string; amount: string; date: string }

declare module '../../kernel/kernel' {
  interface Services { treasury: TreasuryService }
}

declare module '../../kernel/hooks' {
  interface Events {
    /** A statement import committed `count` new movements (duplicates and rejected lines excluded). */
    'bank_movement.imported': BankMovementImportedPayload;
    /** A movement was created by hand (imports publish one `bank_movement.imported` instead). */
    'bank_movement.created': BankMovementCreatedPayload;
  }
}

export type { StatementImporter, ParsedStatement, ParsedMovement, StatementAccount, ImportOptions, RejectedLine, BalanceDifference } from './importers/types';
export { readTable, type Cell, type TableRow } from './importers/table';
export { StatementRefused } from './importers/types';

/** Bank movements still to reconcile, per company, for many companies in one statement (the workspace). */
export async function unreconciledByTenant(db: Database, tenantIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await perTenant<{ tenant_id: string; movements: number | string }>(db, 'cuadra_treasury_unreconciled', tenantIds);
  return new Map([...rows].map(([id, row]) => [id, Number(row.movements)]));
}
