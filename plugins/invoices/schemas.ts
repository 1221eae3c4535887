import { t } from 'elysia';
import {
  currencyResponseFields, Description, DiscountPct, DocumentCurrencyField, documentCreate, documentListQuery, documentRectify, documentResponseFields, documentUpdate, IsoDate, LineResponseFields, Nullable,
  lineTaxFields, paginated, PartySnapshot, paymentRequest, Quantity, RectificationGroundSchema, SALES_LINE_TAXES, UnitPrice, Uuid,
} from '../documents/api';

/**
 * TypeBox models of the invoices plugin, registered by name (docs/api.md, named schemas): `InvoiceLine`,
 * `InvoiceCreate`, `InvoiceResponse`, `RectifyRequest`, `PaginatedResponse_InvoiceResponse_`, plus
 * its own (`InvoiceUpdate`, `InvoicePaymentRequest`), built from the pieces every document kind
 * shares (the documents plugin's schemas).
 */
export const Series = t.String({ pattern: '^[A-Z][A-Z0-9]{0,9}$', description: 'Upper-case letters and digits, starting with a letter ("F" by default). "R" is reserved for rectifying invoices.', examples: ['F', 'FA', 'T2'] });
export const Nature = t.Union([t.Literal('goods'), t.Literal('services')], {
  description: 'Goods (default) credit 700x, services 705x (Spain 7000/7050, intra-EU 7001/7051, outside the EU 7002/7052, as the tax type says)',
});


export const InvoiceLine = t.Object({
  description: Description,
  quantity: Quantity,
  unit_price: UnitPrice,
  discount_pct: t.Optional(DiscountPct),
  ...lineTaxFields(SALES_LINE_TAXES),
  nature: t.Optional(Nature),
  revenue_account: t.Optional(Nullable(t.String({ pattern: '^7[0-9]{2,11}$', description: 'Override of the revenue account (a postable PGC group-7 account)' }))),
}, { additionalProperties: false });

export const InvoiceCreate = documentCreate({
  contact: 'A customer (kind customer, or flagged customer_and_supplier)',
  own: { series: t.Optional(Series), currency: t.Optional(DocumentCurrencyField) },
  line: InvoiceLine,
  issueDate: IsoDate,
  operationDate: Nullable(IsoDate, { description: 'Date of the operation when it differs from the issue date (art. 6.1.i RD 1619/2012)' }),
});

export const InvoiceUpdate = documentUpdate({
  own: { series: t.Optional(Series), currency: t.Optional(DocumentCurrencyField) },
  line: InvoiceLine,
  issueDate: IsoDate,
  description: 'Drafts only (an issued invoice is 409): any InvoiceCreate field but status; at least one.',
});

export const RectifyRequest = documentRectify({
  own: { legal_ground: t.Optional(t.Union(RectificationGroundSchema.anyOf, { description: RectificationGroundSchema.description, default: 'error' })) },
  line: InvoiceLine,
  wording: {
    reason: 'Why the invoice is rectified (printed on the rectifying invoice)',
    mode: '`differences`: the rectifying invoice carries only the corrections (negative quantities reduce). `substitution`: it replaces the original, which is reversed in the books; without lines it cancels the original.',
    lines: 'differences: the corrective lines (required); substitution: the full corrected lines (none = cancel)',
  },
  description: 'Issues a rectifying invoice in series R referencing the original (art. 15 RD 1619/2012).',
});

export const InvoicePaymentRequest = paymentRequest(
  'Positive amount collected (or refunded, for a negative invoice), at most the amount due',
  'Records a collection: Dr treasury / Cr 4300, and moves the status to partially_paid or paid.',
);

export const InvoiceLineResponse = t.Object({
  ...LineResponseFields,
  nature: Nature,
  revenue_account: Nullable(t.String(), { description: 'Override given on the line, if any' }),
});

export const InvoiceResponse = t.Object({
  ...documentResponseFields,
  ...currencyResponseFields,
  lines: t.Array(InvoiceLineResponse),
  customer: Nullable(PartySnapshot),
  issuer: Nullable(PartySnapshot),
  rectification_ground: Nullable(t.Union(RectificationGroundSchema.anyOf), { description: 'A rectifying invoice\'s legal ground (see RectifyRequest.legal_ground); null otherwise' }),
  simplified: t.Optional(t.Boolean({ description: 'Registered as simplified (F2) in the VAT books and VERI*FACTU; false for a draft (not registered yet)' })),
  simplified_reason: t.Optional(Nullable(t.Union([t.Literal('simplified_invoice'), t.Literal('recipient_without_tax_id')]), {
    description: '`simplified_invoice`: a simplified invoice (art. 4 RD 1619/2012: up to 400.00 € VAT included, or rectifying) for a business customer whose tax number or address is missing; `recipient_without_tax_id`: a complete invoice whose recipient has no tax number (art. 6.1.d): an operation in Spain, or a private person anywhere (VERI*FACTU F2 with FacturaSinIdentifDestinatarioArt61d). Null when not simplified.',
  })),
});

/** POST /invoices/preview: the amounts the invoice would have, as InvoiceResponse names them. */
export const InvoicePreview = t.Object({
  currency: t.String({ description: 'ISO 4217 currency of every amount (EUR unless the body names another)' }),
  subtotal: documentResponseFields.subtotal,
  tax_total: documentResponseFields.tax_total,
  surcharge_total: documentResponseFields.surcharge_total,
  withholding_total: documentResponseFields.withholding_total,
  total: documentResponseFields.total,
  tax_breakdown: documentResponseFields.tax_breakdown,
  legends: documentResponseFields.legends,
  lines: t.Array(InvoiceLineResponse),
}, { description: 'The lines, tax breakdown, legends and totals the invoice would have if created with this body (the same computation: VAT per tax type on the summed bases, allocated to the lines); nothing is stored.' });

export const PaginatedResponse_InvoiceResponse_ = paginated(InvoiceResponse);

export const InvoiceListQuery = documentListQuery({ series: t.Optional(Series) }, 'the number, the customer\'s name, legal name and tax number, the notes or a line\'s description');

export const invoiceModels = {
  InvoiceLine, InvoiceCreate, InvoiceUpdate, RectifyRequest, InvoicePaymentRequest, InvoiceResponse, PaginatedResponse_InvoiceResponse_, InvoicePreview,
};
