import { t } from 'elysia';
import { MONEY_PATTERN } from '../../kernel/money';
import { literalUnion, Nullable } from '../../kernel/schemas';
import { BANK_MOVEMENT_STATUSES, TREASURY_KINDS } from './api';

const Uuid = t.String({ format: 'uuid' });
const IsoDate = t.String({ format: 'date', description: 'YYYY-MM-DD', examples: ['2026-01-15'] });
const Timestamp = t.String({ format: 'date-time' });
const Money = t.String({ pattern: MONEY_PATTERN, description: 'Signed decimal string with two decimals', examples: ['1210.00', '-35.40'] });

const Kind = literalUnion(TREASURY_KINDS, { description: '`bank` account, `payment_processor` account (Stripe-like) or payment `wallet` (PayPal-like)' });
const Status = literalUnion(BANK_MOVEMENT_STATUSES, { description: '`unmatched` (on the suspense account 555x), `matched` to documents, or `categorized` to an account' });

const CollectionFlag = t.Boolean({
  description: 'The company\'s collection account: its IBAN is printed on invoices for payment. At most one treasury (marking one unmarks the others); it needs an IBAN; archiving unmarks it.',
});

export const TreasuryCreate = t.Object({
  kind: Kind,
  name: t.String({ minLength: 1, maxLength: 200 }),
  iban: t.Optional(Nullable(t.String({ maxLength: 50, description: 'Validated (country, length, check digits); stored in electronic format', examples: ['ES9121000418450200051332'] }))),
  provider: t.Optional(Nullable(t.String({ minLength: 1, maxLength: 100, description: 'Payment processor or wallet provider and account, e.g. "stripe acct_1Nv…"' }))),
  currency: t.Optional(t.String({ pattern: '^[A-Z]{3}$', default: 'EUR', description: 'ISO 4217 (default EUR). In another currency the movements and the opening balance are in it; the books carry each at its day\'s euro rate (exchange-rates table; 422 when it has none); statements imported into it are in it too (lines in another currency are rejected), each movement converted as one entered by hand' })),
  opening_balance: t.Optional(t.String({ pattern: MONEY_PATTERN, default: '0.00', description: 'Posted as an opening entry (572x against 120 Remanente) when not zero' })),
  opening_date: t.Optional(Nullable(IsoDate)),
  collection_account: t.Optional(CollectionFlag),
}, { additionalProperties: false });

export const TreasuryUpdate = t.Object({
  name: t.Optional(t.String({ minLength: 1, maxLength: 200 })),
  iban: t.Optional(Nullable(t.String({ maxLength: 50 }))),
  provider: t.Optional(Nullable(t.String({ minLength: 1, maxLength: 100 }))),
  collection_account: t.Optional(CollectionFlag),
}, { additionalProperties: false, description: 'Kind, currency, accounts and the opening balance are fixed once created (the books hold them).' });

export const TreasuryResponse = t.Object({
  id: Uuid,
  kind: Kind,
  name: t.String(),
  iban: Nullable(t.String()),
  provider: Nullable(t.String()),
  currency: t.String(),
  ledger_account: t.String({ description: 'Its own 572x sub-account (573x in a foreign currency), assigned at creation' }),
  suspense_account: t.String({ description: 'Its 555x sub-account (partidas pendientes de aplicación) where unmatched movements sit' }),
  balance: t.String({ pattern: MONEY_PATTERN, description: 'The 572x balance from the books: opening plus every movement, matched or not' }),
  opening_balance: Money,
  opening_date: Nullable(IsoDate),
  opening_entry_id: Nullable(Uuid),
  archived: t.Boolean(),
  archived_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
  collection_account: t.Optional(CollectionFlag),
  currency_balance: t.Optional(t.String({ description: 'The balance in the treasury\'s own currency: opening balance plus every movement (equal to `balance` for EUR); `balance` is its 572x in euros' })),
});

export const BankMovementResponse = t.Object({
  id: Uuid,
  treasury_id: Uuid,
  date: IsoDate,
  booking_date: t.String({ format: 'date', description: 'The same as `date` (fecha operación / booking date)' }),
  value_date: Nullable(IsoDate),
  amount: Money,
  description: t.String(),
  reference: Nullable(t.String()),
  counterparty: Nullable(t.String()),
  counterparty_iban: Nullable(t.String()),
  status: Status,
  matched_document_ids: t.Array(Uuid, { description: 'The sales or purchase documents this movement is matched to (all of it or part of it: a partial match leaves the status `unmatched` with its documents listed); empty when none. Set by reconciliation (POST /reconciliation/manual-match, /reconciliation/matches) and cleared by undoing the match' }),
  import_id: Nullable(Uuid),
  created_at: Timestamp,
});

export const BankMovementCreate = t.Object({
  date: IsoDate,
  value_date: t.Optional(Nullable(IsoDate)),
  amount: t.String({ pattern: MONEY_PATTERN, description: 'Signed and not zero: positive money in, negative money out' }),
  description: t.String({ minLength: 1, maxLength: 500 }),
  reference: t.Optional(Nullable(t.String({ maxLength: 200 }))),
  counterparty: t.Optional(Nullable(t.String({ maxLength: 200 }))),
  counterparty_iban: t.Optional(Nullable(t.String({ maxLength: 50 }))),
}, { additionalProperties: false });

const RejectedLine = t.Object({ line: t.Integer(), reason: t.String() });
const BalanceDifference = t.Object({
  line: t.Integer(),
  stated: t.String({ pattern: MONEY_PATTERN, description: 'The balance the file shows on that row' }),
  expected: t.String({ pattern: MONEY_PATTERN, description: 'The previous row\'s balance plus this row\'s amount' }),
});

export const StatementImportResponse = t.Object({
  import_id: Nullable(Uuid),
  format: t.String({ description: 'The importer that read the file: norma43, camt053, csv, …' }),
  account: Nullable(t.String({ description: 'The account of the file that was imported (IBAN or Norma 43 entidad+oficina+cuenta)' })),
  other_accounts: t.Array(t.String(), { description: 'Accounts of the file that are not this treasury\'s (left alone)' }),
  imported: t.Integer({ minimum: 0 }),
  duplicates: t.Integer({ minimum: 0, description: 'Movements already held (same file, or an overlapping period)' }),
  rejected: t.Integer({ minimum: 0 }),
  rejected_lines: t.Array(RejectedLine, { description: 'Lines not imported, with the reason (zero amounts, unreadable CSV rows, amounts in another currency, …)' }),
  balance_differences: t.Array(BalanceDifference, { description: 'Rows whose balance column is not the running balance of the movements (spreadsheets and CSV with a balance column)' }),
  mapping: Nullable(t.Record(t.String(), t.String(), { description: 'The column mapping the file was read with: given with this import, or saved on the treasury by an earlier one' })),
  from: Nullable(IsoDate),
  to: Nullable(IsoDate),
});

export const StatementImportBody = t.Object({
  file: t.File({ description: 'Norma 43 (AEB/CSB 43), ISO 20022 CAMT.053 (.001.02 to .001.08), XLSX, a bank\'s HTML-table .xls or CSV' }),
  mapping: t.Optional(t.Union([t.String(), t.Record(t.String(), t.Unknown())], {
    description: 'XLSX and CSV: a JSON object naming the columns, saved on the treasury and reused by later imports that give none, e.g. {"date":"Fecha","amount":"Importe","description":"Concepto"}; '
      + 'keys date, value_date, amount (signed), debit and credit (two columns), description, reference, counterparty, counterparty_iban',
  })),
}, { $id: 'Body_import_statement_api_v1_treasuries__treasury_id__import_post' });

const Paginated = <T extends Parameters<typeof t.Array>[0]>(item: T) => t.Object({
  items: t.Array(item),
  total: t.Integer({ minimum: 0 }),
  limit: t.Integer(),
  offset: t.Integer(),
});

const Limit = t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 }));
const Offset = t.Optional(t.Integer({ minimum: 0, maximum: 2147483647, default: 0 }));

export const TreasuryListQuery = t.Object({
  limit: Limit,
  offset: Offset,
  from: t.Optional(t.String({ format: 'date', description: 'Created on or after this day (UTC)' })),
  to: t.Optional(t.String({ format: 'date', description: 'Created on or before this day (UTC)' })),
  as_of: t.Optional(t.String({ format: 'date', description: 'Balances at the end of this day (default: everything posted)' })),
  kind: t.Optional(Kind),
  include_archived: t.Optional(t.Boolean({ default: false })),
});

export const BankMovementListQuery = t.Object({
  limit: Limit,
  offset: Offset,
  from: t.Optional(t.String({ format: 'date', description: 'Booked on or after this day' })),
  to: t.Optional(t.String({ format: 'date', description: 'Booked on or before this day' })),
  treasury_id: t.Optional(t.String({ format: 'uuid' })),
  status: t.Optional(Status),
  search: t.Optional(t.String({ maxLength: 200, description: 'Text in the description, reference, counterparty or its IBAN (accents and case ignored)' })),
});

export const treasuryModels = {
  TreasuryCreate, TreasuryUpdate, TreasuryResponse, BankMovementResponse, BankMovementCreate, StatementImportResponse,
  PaginatedResponse_TreasuryResponse_: Paginated(TreasuryResponse),
  PaginatedResponse_BankMovementResponse_: Paginated(BankMovementResponse),
};
