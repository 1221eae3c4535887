import type { TProperties, TSchema } from '@sinclair/typebox';
import { t } from 'elysia';
import { MONEY_PATTERN, QUANTITY_PATTERN } from '../../kernel/money';
import { ListCursor, literalUnion, Nullable } from '../../kernel/schemas';

export { Nullable };

/**
 * TypeBox pieces every document kind's models are built from (sales invoices, purchases): the
 * scalar formats, the response fields documents share, the breakdown item, the party snapshot,
 * the payment request and list bounds. A kind registers its own named models (`InvoiceResponse`,
 * `PurchaseResponse`, …) from these.
 */
export const Uuid = t.String({ format: 'uuid' });
export const IsoDate = t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD', examples: ['2026-01-15'] });
export const Timestamp = t.String({ format: 'date-time' });
export const Money = t.String({ pattern: MONEY_PATTERN, description: 'Decimal string with two decimals', examples: ['1210.00'] });
export const Rate = t.String({ pattern: '^\\d{1,3}\\.\\d{2}$', description: 'Percentage with two decimals ("21.00")' });
export const Quantity = t.String({ pattern: QUANTITY_PATTERN, description: 'Decimal string, up to 12 digits and 6 decimals; negative quantities reduce (returns, rectifications)', examples: ['1', '2.5'] });
export const UnitPrice = t.String({ pattern: QUANTITY_PATTERN, description: 'Price per unit without tax: decimal string, up to 6 decimals', examples: ['1000.00', '0.125'] });
export const DiscountPct = t.String({ pattern: '^\\d{1,3}(\\.\\d{1,2})?$', description: 'Discount in percent (0–100, two decimals at most), applied to quantity × unit price', examples: ['10'] });
export const Description = t.String({ minLength: 1, maxLength: 1000, pattern: '\\S' });
export const Notes = t.String({ maxLength: 5000 });
export const TaxCode = t.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$', examples: ['IVA21'] });
/**
 * How a request line names its taxes: each by its type's id or by its code (`tax_code: "IVA21"`,
 * GET /taxes lists them), resolved to the id before anything else reads the line.
 */
export const lineTaxFields = (words: { vat: string; surcharge: string; withholding: string }) => ({
  tax_type_id: t.Optional(t.String({ format: 'uuid', description: `${words.vat}; or tax_code` })),
  tax_code: t.Optional(t.String({ ...TaxCode, description: 'The VAT type by code (IVA21, IVA10, EXENTO…) instead of tax_type_id' })),
  surcharge_type_id: t.Optional(Nullable(Uuid, { description: words.surcharge })),
  surcharge_code: t.Optional(Nullable(TaxCode, { description: 'Or the surcharge by code (RE52…)' })),
  withholding_type_id: t.Optional(Nullable(Uuid, { description: words.withholding })),
  withholding_code: t.Optional(Nullable(TaxCode, { description: 'Or the withholding by code (IRPF15…)' })),
});
/** The tax fields' wording of a sales document's line (invoices, quotes, proformas, recurring invoices). */
export const SALES_LINE_TAXES = {
  vat: 'A VAT tax type usable on sales (kind `vat`)',
  surcharge: 'Recargo de equivalencia (kind `surcharge`), with a domestic VAT type',
  withholding: 'IRPF withheld by the customer (kind `withholding`)',
};
export const DOCUMENT_STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'rectified'] as const;
export const DocumentStatus = literalUnion(DOCUMENT_STATUSES, {
  description: '`draft` (editable, no number) → `issued` (numbered, posted, immutable) → `partially_paid` → `paid`; `rectified` once fully rectified',
});
export const CreateStatus = t.Union([t.Literal('draft'), t.Literal('issued')], { description: '`issued` (default): numbered and posted at once; `draft`: saved without a number' });
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
  number: Nullable(t.String(), { description: 'Null while draft; "F-2026-000123" (series-year-6 digits) once issued; a sales invoice imported from another system (`migrated`) keeps its own' }),
  migrated: t.Boolean({ description: 'Imported from another system as an open item (POST /open-items/import): issued there, not posted to the ledger here, no VERI*FACTU record' }),
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

export const ListLimit = t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 }));
export const ListOffset = t.Optional(t.Integer({ minimum: 0, maximum: 10_000_000, default: 0 }));

/** The filters every kind's list takes (a kind adds its own). */
export const documentListQueryFields = {
  limit: ListLimit,
  offset: ListOffset,
  from: t.Optional(IsoDate),
  to: t.Optional(IsoDate),
  status: t.Optional(DocumentStatus),
  contact_id: t.Optional(Uuid),
  cursor: t.Optional(ListCursor),
};

/** The `search` parameter of a kind's list; `fields` names what it searches. */
export const DocumentSearchParam = (fields: string) => t.Optional(t.String({
  maxLength: 200,
  description: `Case- and accent-insensitive, anywhere in ${fields}; drafts also by their contact's name. Three or more characters rank by similarity; only wildcards (\`%\`, \`_\`, \`*\`) or spaces: 422.`,
}));

/** A kind's list query: the shared filters, the kind's own (`own`), and `search` over `searched` (DocumentSearchParam). */
export const documentListQuery = <Own extends Record<string, Parameters<typeof t.Optional>[0]>>(own: Own, searched: string) => t.Object({
  ...documentListQueryFields,
  ...own,
  search: DocumentSearchParam(searched),
});

export const NextCursor = t.Union([t.String(), t.Null()], { description: 'Pass as `cursor` for the next page; null on the last page' });

export const RectificationModeSchema = t.Union([t.Literal('differences'), t.Literal('substitution')]);

/** RECTIFICATION_GROUNDS (lifecycle.ts) on the wire. */
export const RectificationGroundSchema = t.Union([t.Literal('error'), t.Literal('insolvency'), t.Literal('bad_debt'), t.Literal('other')], {
  description: 'The legal ground (art. 80 LIVA): `error` (80.1, 80.2, 80.6 or an error; type R1), `insolvency` (80.3, concurso; R2), `bad_debt` (80.4, uncollectable; R3), `other` (R4). Rectifying a simplified invoice is always R5.',
});

/** A payment (collection, or payment to a supplier) on one document; `what` says what is recorded. */
export const paymentRequest = (amountDescription: string, description: string) => t.Object({
  date: IsoDate,
  amount: t.String({ pattern: '^\\d{1,15}(\\.\\d{1,2})?$', description: amountDescription }),
  account: t.Optional(t.String({ pattern: '^57[0-9]{1,10}$', description: 'Treasury account (PGC 57x, postable); 572 by default' })),
}, { additionalProperties: false, description });

/** `{ items, total, limit, offset, next_cursor }` of a list endpoint. */
export const paginated = <T extends Parameters<typeof t.Array>[0]>(item: T) => t.Object({
  items: t.Array(item),
  total: t.Integer(),
  limit: t.Integer(),
  offset: t.Integer(),
  next_cursor: NextCursor,
});

/**
 * The request models of a kind's documents, built from its line model and its own header fields
 * (`own`, placed after `contact_id`): creating one, changing a draft, rectifying an issued one.
 */
export const documentCreate = <Own extends TProperties>(spec: {
  /** Who the contact must be ("A customer (kind customer, …)"). */
  contact: string;
  own: Own;
  line: TSchema;
  /** The kind's wording of the dates it takes. */
  issueDate: TSchema;
  operationDate: TSchema;
}) => t.Object({
  contact_id: t.String({ format: 'uuid', description: spec.contact }),
  ...spec.own,
  issue_date: spec.issueDate,
  due_date: t.Optional(Nullable(IsoDate)),
  operation_date: t.Optional(spec.operationDate),
  notes: t.Optional(Nullable(Notes)),
  lines: t.Array(spec.line, { minItems: 1, maxItems: 500 }),
  status: t.Optional(CreateStatus),
}, { additionalProperties: false });

/** Changing a draft: any create field but `status` (the kind's `own` optional), at least one; `lines` replaces every line. */
export const documentUpdate = <Own extends TProperties>(spec: { own: Own; line: TSchema; issueDate: TSchema; description: string }) => t.Object({
  contact_id: t.Optional(Uuid),
  ...spec.own,
  issue_date: t.Optional(spec.issueDate),
  due_date: t.Optional(Nullable(IsoDate)),
  operation_date: t.Optional(Nullable(IsoDate)),
  notes: t.Optional(Nullable(Notes)),
  lines: t.Optional(t.Array(spec.line, { minItems: 1, maxItems: 500, description: 'Replaces every line' })),
}, { additionalProperties: false, minProperties: 1, description: spec.description });

/** Rectifying an issued document, by differences or by substitution; `own` goes after `mode`, and the kind may word `reason`, `mode` and `lines`. */
export const documentRectify = <Own extends TProperties>(spec: {
  own: Own; line: TSchema; description: string;
  wording?: { reason: string; mode: string; lines: string };
}) => t.Object({
  issue_date: IsoDate,
  reason: t.String({ minLength: 1, maxLength: 500, pattern: '\\S', ...(spec.wording && { description: spec.wording.reason }) }),
  mode: spec.wording ? t.Union(RectificationModeSchema.anyOf, { description: spec.wording.mode }) : RectificationModeSchema,
  ...spec.own,
  lines: t.Optional(t.Array(spec.line, { maxItems: 500, ...(spec.wording && { description: spec.wording.lines }) })),
  due_date: t.Optional(Nullable(IsoDate)),
  notes: t.Optional(Nullable(Notes)),
}, { additionalProperties: false, description: spec.description });

/** A document's currency on create and update (./currency.ts). */
export const DocumentCurrencyField = t.String({
  pattern: '^[A-Z]{3}$',
  description: 'ISO 4217 currency of the document\'s amounts (EUR when absent). Another currency is converted at issue at the rate of the accounting date '
    + '(operation date, else issue date: art. 79.Once LIVA) from the exchange-rate table (/api/v1/exchange-rates; 422 when it has none); '
    + 'the books, the tax register, the VAT books and the tax models take the euro amounts',
  examples: ['EUR', 'USD'],
});

/** What every kind's response adds about its currency (additive: EUR documents answer `currency` "EUR" and nulls). */
export const currencyResponseFields = {
  currency: t.Optional(t.String({ description: 'ISO 4217 currency of every amount of the document (EUR unless it names another)' })),
  exchange_rate: t.Optional(Nullable(t.String({ description: 'Units of the currency per euro applied at issue; null for EUR and for drafts' }))),
  rate_date: t.Optional(Nullable(t.String({ format: 'date', description: 'The day the applied rate was published for (the latest on or before the accounting date)' }))),
  euro_amounts: t.Optional(Nullable(t.Object({
    accounting_date: Nullable(t.String({ format: 'date' })),
    subtotal: t.String(), tax_total: t.String(), surcharge_total: t.String(), withholding_total: t.String(),
    total: t.String({ description: 'The sum of the euro parts: what the books carry on 430/400' }),
  }, { description: 'The euro equivalent the books carry: bases converted per VAT type, taxes computed on them (the VAT quota in euros, art. 12 RD 1619/2012); null for EUR and drafts' }))),
};
