import { t } from 'elysia';
import { MONEY_PATTERN } from '../../kernel/money';
import { literalUnion, Nullable } from '../../kernel/schemas';
import { MANDATE_TYPES } from './mandates';
import { MANDATE_SCHEMES, SEQUENCE_TYPES } from './pain008';

const Uuid = t.String({ format: 'uuid' });
const IsoDate = t.String({ format: 'date', description: 'YYYY-MM-DD', examples: ['2026-01-15'] });
const Timestamp = t.String({ format: 'date-time' });
const Money = t.String({ pattern: MONEY_PATTERN, description: 'Decimal string with two decimals', examples: ['1210.00'] });
const Scheme = literalUnion(MANDATE_SCHEMES, { description: '`CORE` (consumers and businesses) or `B2B` (businesses only, no refund right)' });
const MandateType = literalUnion(MANDATE_TYPES, { description: '`recurrent` (FRST, then RCUR) or `one_off` (OOFF, collected once)' });
const Sequence = literalUnion(SEQUENCE_TYPES);
const Status = literalUnion(['pending', 'settled'] as const, { description: '`pending` until recorded as paid or collected with `/settle`' });
const DocumentIds = t.Array(Uuid, { minItems: 1, maxItems: 10000, description: 'Open items, each for what it still owes' });
const Limit = t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 }));
const Offset = t.Optional(t.Integer({ minimum: 0, maximum: 2147483647, default: 0 }));
const Paginated = <T extends Parameters<typeof t.Array>[0]>(item: T) => t.Object({ items: t.Array(item), total: t.Integer({ minimum: 0 }), limit: t.Integer(), offset: t.Integer() });

export const MandateCreate = t.Object({
  contact_id: Uuid,
  reference: t.String({ pattern: "^[A-Za-z0-9/?:().,'+ -]{1,35}$", description: 'Unique mandate reference (UMR) within the company, up to 35 SEPA characters' }),
  signature_date: IsoDate,
  scheme: Scheme,
  type: MandateType,
  iban: t.Optional(Nullable(t.String({ maxLength: 50, description: "The debtor's account; the customer's IBAN when omitted" }))),
  bic: t.Optional(Nullable(t.String({ maxLength: 20 }))),
}, { additionalProperties: false });

export const MandateUpdate = t.Object({
  signature_date: t.Optional(IsoDate),
  iban: t.Optional(t.String({ maxLength: 50 })),
  bic: t.Optional(Nullable(t.String({ maxLength: 20 }))),
  cancelled: t.Optional(t.Boolean({ description: 'A cancelled mandate collects nothing more' })),
}, { additionalProperties: false, minProperties: 1 });

export const MandateResponse = t.Object({
  id: Uuid, contact_id: Uuid, reference: t.String(), signature_date: IsoDate, scheme: Scheme, type: MandateType, iban: t.String(), bic: Nullable(t.String()),
  cancelled: t.Boolean(), cancelled_at: Nullable(Timestamp), first_collection_date: Nullable(IsoDate),
  next_sequence_type: Nullable(Sequence), created_at: Timestamp, updated_at: Timestamp,
});

export const MandateListQuery = t.Object({ limit: Limit, offset: Offset, contact_id: t.Optional(Uuid), include_cancelled: t.Optional(t.Boolean({ default: false })) });
export const PageQuery = t.Object({ limit: Limit, offset: Offset });

export const PaymentOrderCreate = t.Object({
  treasury_id: t.String({ format: 'uuid', description: 'The euro treasury (with an IBAN) the transfers leave from' }),
  execution_date: IsoDate,
  document_ids: DocumentIds,
}, { additionalProperties: false });

export const RemittanceCreate = t.Object({
  treasury_id: t.String({ format: 'uuid', description: 'The euro treasury (with an IBAN) the debits are collected into' }),
  collection_date: IsoDate,
  document_ids: DocumentIds,
}, { additionalProperties: false });

export const DebitReturn = t.Object({
  document_id: Uuid,
  date: IsoDate,
  reason: t.String({ pattern: '^[A-Z0-9]{4}$', description: 'ISO 20022 return reason code, e.g. AM04 (insufficient funds), MD06 (refund requested), AC04 (account closed), MD01 (no mandate)' }),
  fee: t.Optional(t.String({ pattern: '^\\d{1,13}(\\.\\d{1,2})?$', description: 'What the bank charged for the return, posted to 626', examples: ['3.50'] })),
  movement_id: t.Optional(t.String({ format: 'uuid', description: "The statement's debit of the return (the amount plus the fee): matched to the invoice" })),
}, { additionalProperties: false });

export const BatchSettle = t.Object({
  date: IsoDate,
  movement_id: t.Optional(t.String({
    format: 'uuid',
    description: "The imported statement's movement for the whole batch (same treasury, unmatched, exactly the batch's total): settled against the treasury's 555x and the movement matched. Without it, settled straight against the treasury's 572x.",
  })),
}, { additionalProperties: false });

const BatchCommon = {
  id: Uuid, treasury_id: Uuid, message_id: t.String(), total: Money, items_count: t.Integer(), status: Status,
  settled_on: Nullable(IsoDate), journal_entry_id: Nullable(Uuid), movement_id: Nullable(Uuid), created_at: Timestamp,
};
const PaymentOrderItem = t.Object({
  document_id: Uuid, contact_id: Uuid, label: t.String(), amount: Money, end_to_end_id: t.String(), creditor_name: t.String(), creditor_iban: t.String(), creditor_bic: Nullable(t.String()),
});
export const PaymentOrderResponse = t.Object({ ...BatchCommon, execution_date: IsoDate, debtor_iban: t.String(), items: t.Optional(t.Array(PaymentOrderItem)) });
const RemittanceItem = t.Object({
  document_id: Uuid, mandate_id: Uuid, label: t.String(), amount: Money, end_to_end_id: t.String(), scheme: Scheme, sequence_type: Sequence,
  mandate_reference: t.String(), signature_date: IsoDate, debtor_name: t.String(), debtor_iban: t.String(), debtor_bic: Nullable(t.String()),
  returned_on: Nullable(IsoDate), return_reason: Nullable(t.String()),
});
export const RemittanceResponse = t.Object({
  ...BatchCommon, collection_date: IsoDate, creditor_identifier: t.String({ description: 'AT-02, from the company NIF: ES, check digits, ZZZ, NIF' }), creditor_iban: t.String(),
  items: t.Optional(t.Array(RemittanceItem)),
});

export const sepaModels = {
  MandateCreate, MandateUpdate, MandateResponse, PaymentOrderCreate, PaymentOrderResponse, RemittanceCreate, RemittanceResponse,
  PaginatedResponse_MandateResponse_: Paginated(MandateResponse),
  PaginatedResponse_PaymentOrderResponse_: Paginated(PaymentOrderResponse),
  PaginatedResponse_RemittanceResponse_: Paginated(RemittanceResponse),
};
