import { t } from 'elysia';
import { MONEY_PATTERN, QUANTITY_PATTERN } from '../../kernel/money';
import { ListCursor, literalUnion } from '../../kernel/schemas';

/**
 * TypeBox models of the invoices plugin, registered by name (docs/api.md, named schemas): `InvoiceLine`,
 * `InvoiceCreate`, `InvoiceResponse`, `RectifyRequest`, `PaginatedResponse_InvoiceResponse_`, plus
 * its own (`InvoiceUpdate`, `InvoicePaymentRequest`). The shared pieces are
 * exported for the purchases plugin, whose `PurchaseResponse` is `InvoiceResponse` plus four fields.
 */
const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T, options: Record<string, unknown> = {}) => t.Union([schema, t.Null()], options);
export const Uuid = t.String({ format: 'uuid' });
export const IsoDate = t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD', examples: ['2026-01-15'] });
export const Timestamp = t.String({ format: 'date-time' });
export const Money = t.String({ pattern: MONEY_PATTERN, description: 'Decimal string with two decimals', examples: ['1210.00'] });
export const Rate = t.String({ pattern: '^\\d{1,3}\\.\\d{2}$', description: 'Percentage with two decimals ("21.00")' });
export const Quantity = t.String({ pattern: QUANTITY_PATTERN, description: 'Decimal string, up to 12 digits and 6 decimals; negative quantities reduce (returns, rectifications)', examples: ['1', '2.5'] });
export const UnitPrice = t.String({ pattern: QUANTITY_PATTERN, description: 'Price per unit without tax: decimal string, up to 6 decimals', examples: ['1000.00', '0.125'] });
export const DiscountPct = t.String({ pattern: '^\\d{1,3}(\\.\\d{1,2})?$', description: 'Discount in percent (0–100, two decimals at most), applied to quantity × unit price', examples: ['10'] });
export const Series = t.String({ pattern: '^[A-Z][A-Z0-9]{0,9}$', description: 'Upper-case letters and digits, starting with a letter ("F" by default). "R" is reserved for rectifying invoices.', examples: ['F', 'FA', 'T2'] });
export const Description = t.String({ minLength: 1, maxLength: 1000, pattern: '\\S' });
export const Notes = t.String({ maxLength: 5000 });
export const DOCUMENT_STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'rectified'] as const;
export const DocumentStatus = literalUnion(DOCUMENT_STATUSES, {
  description: '`draft` (editable, no number) → `issued` (numbered, posted, immutable) → `partially_paid` → `paid`; `rectified` once fully rectified',
});
export const CreateStatus = t.Union([t.Literal('draft'), t.Literal('issued')], { description: '`issued` (default): numbered and posted at once; `draft`: saved without a number' });
export const Nature = t.Union([t.Literal('goods'), t.Literal('services')], {
  description: 'Goods (default) credit 700x, services 705x (Spain 7000/7050, intra-EU 7001/7051, outside the EU 7002/7052, as the tax type says)',
});

export const InvoiceLine = t.Object({
  description: Description,
  quantity: Quantity,
  unit_price: UnitPrice,
  discount_pct: t.Optional(DiscountPct),
  tax_type_id: t.String({ format: 'uuid', description: 'A VAT tax type usable on sales (kind `vat`)' }),
  surcharge_type_id: t.Optional(Nullable(Uuid, { description: 'Recargo de equivalencia (kind `surcharge`), with a domestic VAT type' })),
  withholding_type_id: t.Optional(Nullable(Uuid, { description: 'IRPF withheld by the customer (kind `withholding`)' })),
  nature: t.Optional(Nature),
  revenue_account: t.Optional(Nullable(t.String({ pattern: '^7[0-9]{2,11}$', description: 'Override of the revenue account (a postable PGC group-7 account)' }))),
}, { additionalProperties: false });

const documentFields = {
  issue_date: IsoDate,
  due_date: t.Optional(Nullable(IsoDate)),
  operation_date: t.Optional(Nullable(IsoDate, { description: 'Date of the operation when it differs from the issue date (art. 6.1.i RD 1619/2012)' })),
  notes: t.Optional(Nullable(Notes)),
};

export const InvoiceCreate = t.Object({
  contact_id: t.String({ format: 'uuid', description: 'A customer (kind customer, or flagged customer_and_supplier)' }),
  series: t.Optional(Series),
  ...documentFields,
  lines: t.Array(InvoiceLine, { minItems: 1, maxItems: 500 }),
  status: t.Optional(CreateStatus),
}, { additionalProperties: false });

export const InvoiceUpdate = t.Object({
  contact_id: t.Optional(Uuid),
  series: t.Optional(Series),
  issue_date: t.Optional(IsoDate),
  due_date: t.Optional(Nullable(IsoDate)),
  operation_date: t.Optional(Nullable(IsoDate)),
  notes: t.Optional(Nullable(Notes)),
  lines: t.Optional(t.Array(InvoiceLine, { minItems: 1, maxItems: 500, description: 'Replaces every line' })),
}, { additionalProperties: false, minProperties: 1, description: 'Drafts only (an issued invoice is 409): any InvoiceCreate field but status; at least one.' });

export const RectifyRequest = t.Object({
  issue_date: IsoDate,
  reason: t.String({ minLength: 1, maxLength: 500, pattern: '\\S', description: 'Why the invoice is rectified (printed on the rectifying invoice)' }),
  mode: t.Union([t.Literal('differences'), t.Literal('substitution')], {
    description: '`differences`: the rectifying invoice carries only the corrections (negative quantities reduce). `substitution`: it replaces the original, which is reversed in the books; without lines it cancels the original.',
  }),
  lines: t.Optional(t.Array(InvoiceLine, { maxItems: 500, description: 'differences: the corrective lines (required); substitution: the full corrected lines (none = cancel)' })),
  due_date: t.Optional(Nullable(IsoDate)),
  notes: t.Optional(Nullable(Notes)),
}, { additionalProperties: false, description: 'Issues a rectifying invoice in series R referencing the original (art. 15 RD 1619/2012).' });

export const InvoicePaymentRequest = t.Object({
  date: IsoDate,
  amount: t.String({ pattern: '^\\d{1,15}(\\.\\d{1,2})?$', description: 'Positive amount collected (or refunded, for a negative invoice), at most the amount due' }),
  account: t.Optional(t.String({ pattern: '^57[0-9]{1,10}$', description: 'Treasury account (PGC 57x, postable); 572 by default' })),
}, { additionalProperties: false, description: 'Records a collection: Dr treasury / Cr 4300, and moves the status to partially_paid or paid.' });

export const LineResponseFields = {
  line_no: t.Integer({ minimum: 1 }),
  description: t.String(),
  quantity: t.String(),
  unit_price: t.String(),
  discount_pct: Rate,
  tax_type_id: Uuid,
  tax_rate: Rate,
  surcharge_type_id: Nullable(Uuid),
  surcharge_rate: Nullable(Rate),
  withholding_type_id: Nullable(Uuid),
  withholding_rate: Nullable(Rate),
  base: t.String({ pattern: MONEY_PATTERN, description: 'quantity × unit price − discount, rounded half away from zero to the cent' }),
  tax_amount: t.String({ pattern: MONEY_PATTERN, description: "The line's share of its VAT type's amount (VAT is computed per type on the summed bases, then allocated to lines so that they add up exactly)" }),
  surcharge_amount: Money,
  withholding_amount: Money,
};

export const TaxBreakdownItem = t.Object({
  tax_type_id: Uuid,
  code: t.String(),
  name: t.String(),
  kind: t.Union([t.Literal('vat'), t.Literal('surcharge'), t.Literal('withholding')]),
  regime: t.String(),
  rate: Rate,
  base: Money,
  amount: Money,
  self_assessed: t.Optional(t.Boolean({ description: 'Purchases: reverse-charge VAT self-assessed by the company (Dr 472 / Cr 477), not paid to the supplier' })),
  deductible: t.Optional(t.Boolean({ description: 'Purchases: false when the VAT is not deductible (recargo de equivalencia borne by the company)' })),
}, { description: 'One tax type of the document: the sum of its lines\' bases and the tax on that sum' });

export const PartySnapshot = t.Object({
  name: t.String(),
  legal_name: Nullable(t.String()),
  tax_id: Nullable(t.String()),
  address: Nullable(t.String()),
  city: Nullable(t.String()),
  postal_code: Nullable(t.String()),
  province: Nullable(t.String()),
  country: t.String(),
  customer_type: t.Optional(t.String()),
}, { description: 'The party as printed on the issued document (frozen at issue)' });

export const documentResponseFields = {
  id: Uuid,
  series: t.String(),
  number: Nullable(t.String(), { description: 'Null while draft; "F-2026-000123" (series-year-6 digits) once issued' }),
  status: DocumentStatus,
  contact_id: Uuid,
  issue_date: IsoDate,
  due_date: Nullable(IsoDate),
  operation_date: Nullable(IsoDate),
  notes: Nullable(t.String()),
  subtotal: t.String({ pattern: MONEY_PATTERN, description: 'Σ line bases' }),
  tax_total: t.String({ pattern: MONEY_PATTERN, description: 'Σ VAT + recargo de equivalencia charged on the document' }),
  surcharge_total: t.String({ pattern: MONEY_PATTERN, description: 'The recargo de equivalencia part of tax_total' }),
  withholding_total: t.String({ pattern: MONEY_PATTERN, description: 'Σ IRPF withheld' }),
  total: t.String({ pattern: MONEY_PATTERN, description: 'subtotal + tax_total − withholding_total' }),
  amount_paid: Money,
  amount_due: t.String({ pattern: MONEY_PATTERN, description: 'total − amount_paid (0.00 for an invoice replaced by substitution)' }),
  tax_breakdown: t.Array(TaxBreakdownItem),
  legends: t.Array(t.String(), { description: 'Mandatory mentions (exemptions art. 20/21/25 LIVA, "Inversión del sujeto pasivo", …)' }),
  rectifies_id: Nullable(Uuid),
  rectification_mode: Nullable(t.Union([t.Literal('differences'), t.Literal('substitution')])),
  rectification_reason: Nullable(t.String()),
  journal_entry_id: Nullable(Uuid, { description: 'The ledger entry posted at issue (null for drafts and for documents whose amounts are all zero)' }),
  issued_at: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const InvoiceLineResponse = t.Object({
  ...LineResponseFields,
  nature: Nature,
  revenue_account: Nullable(t.String(), { description: 'Override given on the line, if any' }),
});

export const InvoiceResponse = t.Object({
  ...documentResponseFields,
  lines: t.Array(InvoiceLineResponse),
  customer: Nullable(PartySnapshot),
  issuer: Nullable(PartySnapshot),
});

export const NextCursor = t.Union([t.String(), t.Null()], { description: 'Pass as `cursor` for the next page; null on the last page' });

export const PaginatedResponse_InvoiceResponse_ = t.Object({
  items: t.Array(InvoiceResponse),
  total: t.Integer(),
  limit: t.Integer(),
  offset: t.Integer(),
  next_cursor: NextCursor,
});

export const ListLimit = t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 }));
export const ListOffset = t.Optional(t.Integer({ minimum: 0, maximum: 10_000_000, default: 0 }));
export const DocumentSearchParam = (fields: string) => t.Optional(t.String({
  maxLength: 200,
  description: `Case- and accent-insensitive, anywhere in ${fields}; drafts also by their contact's name. Three or more characters rank by similarity; only wildcards (\`%\`, \`_\`, \`*\`) or spaces: 422.`,
}));

export const InvoiceListQuery = t.Object({
  limit: ListLimit,
  offset: ListOffset,
  from: t.Optional(IsoDate),
  to: t.Optional(IsoDate),
  status: t.Optional(DocumentStatus),
  contact_id: t.Optional(Uuid),
  series: t.Optional(Series),
  search: DocumentSearchParam('the number, the customer\'s name, legal name and tax number, the notes or a line\'s description'),
  cursor: t.Optional(ListCursor),
});

export const invoiceModels = {
  InvoiceLine, InvoiceCreate, InvoiceUpdate, RectifyRequest, InvoicePaymentRequest, InvoiceResponse, PaginatedResponse_InvoiceResponse_,
};
