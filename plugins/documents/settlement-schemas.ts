import { t } from 'elysia';
import { literalUnion } from '../../kernel/schemas';
import { IsoDate, ListLimit, ListOffset, Nullable, paginated, Timestamp, Uuid } from './schemas';

/** TypeBox models of open items and settlements (docs/api.md, named schemas). */

const SignedMoney = t.String({ pattern: '^-?\\d{1,15}\\.\\d{2}$', description: 'Signed decimal string with two decimals' });
const PositiveAmount = t.String({ pattern: '^\\d{1,15}(\\.\\d{1,2})?$', description: 'Positive decimal string, two decimals at most' });

export const OpenItemResponse = t.Object({
  kind: literalUnion(['receivable', 'payable'] as const, { description: '`receivable`: a sales document a customer owes; `payable`: a purchase owed to a supplier' }),
  document_type: t.String({ description: 'The document kind: `invoice` (GET /invoices/{id}), `purchase` (GET /purchases/{id})' }),
  id: Uuid,
  number: t.String(),
  label: t.String({ description: 'The number the document is known by (a purchase: the supplier\'s number)' }),
  contact_id: Uuid,
  issue_date: IsoDate,
  due_date: Nullable(IsoDate),
  total: SignedMoney,
  paid: SignedMoney,
  outstanding: SignedMoney,
  status: t.String({ description: '`issued` or `partially_paid`' }),
  overdue: t.Boolean({ description: 'Due date (or issue date without one) before today' }),
  account: t.String({ description: 'The account the document is owed on (4300, or the purchase\'s 400/410)' }),
  currency: t.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217: what total, paid and outstanding are in (EUR unless the document is in another currency)' }),
}, { description: 'A document with something outstanding' });

export const PaginatedResponse_OpenItemResponse_ = paginated(OpenItemResponse);

export const OpenItemsQuery = t.Object({
  kind: t.Optional(literalUnion(['receivable', 'payable'] as const, { description: 'Only sales documents (receivable) or purchases (payable)' })),
  contact_id: t.Optional(Uuid),
  status: t.Optional(literalUnion(['open', 'overdue'] as const, { description: '`open` (default): everything outstanding; `overdue`: past its due date', default: 'open' })),
  limit: ListLimit,
  offset: ListOffset,
});

export const SettlementAllocation = t.Object({
  document_id: t.String({ format: 'uuid', description: 'An issued invoice or a registered purchase' }),
  amount: PositiveAmount,
}, { additionalProperties: false });

export const SettlementCreate = t.Object({
  date: IsoDate,
  account: t.Optional(t.String({ pattern: '^(57[0-9]{1,10}|555[0-9]{0,9})$', description: 'Treasury (57x) or suspense (555x) account, postable; 572 by default' })),
  allocations: t.Array(SettlementAllocation, { minItems: 1, maxItems: 500, description: 'The documents the payment settles, each with the amount applied to it' }),
  allow_overpayment: t.Optional(t.Boolean({ description: 'An amount beyond what a document owes stays on the contact\'s account instead of 409', default: false })),
}, { additionalProperties: false, description: 'One payment (collection, payment to a supplier, or both netted) settling one or several documents' });

export const SettlementReverse = t.Object({
  date: IsoDate,
}, { additionalProperties: false, description: 'The date of the reversing entry' });

export const SettlementResponse = t.Object({
  id: Uuid,
  date: IsoDate,
  amount: t.String({ description: 'Net movement on `account`: positive when money comes in, negative when it goes out' }),
  account: t.String(),
  journal_entry_id: Uuid,
  reversed: t.Boolean(),
  reversed_at: Nullable(Timestamp),
  created_at: Timestamp,
  allocations: t.Array(t.Object({ kind: t.String(), document_id: Uuid, amount: t.String({ description: 'Amount applied to the document (positive)' }) })),
});

export const OpenItemsImportBody = t.Object({
  file: t.File({ description: 'A CSV (comma, semicolon or tab; UTF-8 or ISO-8859-1) or XLSX file of open items under a header: side (issued | received), number, issue_date, due_date, tax_id, total, pending, and optionally base, rate, quota (one row per VAT rate); Spanish headings too (docs/domain/opening-open-items.md)' }),
});

const ImportedItem = t.Object({
  line: t.Integer({ description: 'The file line of the item (its first row)' }),
  document_type: t.String({ description: '`invoice` or `purchase`' }),
  id: Uuid,
  number: t.String({ description: 'The document\'s number: an invoice keeps the file\'s; a purchase is numbered in its series (the file\'s number is its supplier_invoice_number)' }),
});

export const OpenItemsImportResponse = t.Object({
  rows: t.Integer({ description: 'Rows under the header' }),
  created: t.Array(t.Composite([ImportedItem, t.Object({ status: literalUnion(['issued', 'partially_paid'] as const) })]), { description: 'Documents created, flagged migrated' }),
  existing: t.Array(ImportedItem, { description: 'Items imported before (the same number, of the same contact): not written again' }),
});

export const settlementModels = { OpenItemResponse, PaginatedResponse_OpenItemResponse_, SettlementAllocation, SettlementCreate, SettlementReverse, SettlementResponse };
