import { t } from 'elysia';
import { MONEY_PATTERN } from '../../kernel/money';
import { literalUnion } from '../../kernel/schemas';
import {
  currencyResponseFields, Description, DiscountPct, DocumentCurrencyField, documentCreate, documentListQuery, documentRectify, documentResponseFields, documentUpdate, IsoDate, LineResponseFields, Money,
  lineTaxFields, Nullable, paginated, PartySnapshot, paymentRequest, Quantity, UnitPrice, Uuid,
} from '../documents/api';

/**
 * TypeBox models of the purchases plugin, registered by name (docs/api.md, named schemas): `PurchaseCreate`, `PurchaseResponse`
 * (`InvoiceResponse` plus kind, supplier_invoice_number, source, file_sha256) and its own
 * helpers (`PurchaseLine`, `PurchaseUpdate`, `PurchaseRectifyRequest`,
 * `PurchasePaymentRequest`, `PaginatedResponse_PurchaseResponse_`).
 */
export const PURCHASE_KINDS = ['invoice', 'expense'] as const;
const Kind = literalUnion(PURCHASE_KINDS, {
  description: '`invoice`: a supplier invoice with its number (the same supplier and number twice is 409); `expense`: a ticket or simplified invoice',
});
const SupplierNumber = t.String({ minLength: 1, maxLength: 60, pattern: '\\S', description: "The supplier's invoice number (series included), as printed" });
export const ExpenseAccount = t.String({
  pattern: '^[26][0-9]{2,11}$',
  description: 'PGC expense account (group 6, postable; e.g. 600, 623, 629); a capital good may name its asset account (group 2, e.g. 217). Default: the account last used with this supplier, else 629.',
});

export const PurchaseLine = t.Object({
  description: Description,
  quantity: t.Optional(Quantity),
  unit_price: UnitPrice,
  discount_pct: t.Optional(DiscountPct),
  ...lineTaxFields({
    vat: 'A VAT tax type usable on purchases (kind `vat`): domestic, intra-EU acquisition, reverse charge, import, exempt…',
    surcharge: 'Recargo de equivalencia charged to the company (retailer): neither it nor the VAT is deductible; both go into the expense',
    withholding: 'IRPF the company withholds from the supplier (4751, modelo 111/115)',
  }),
  expense_account: t.Optional(Nullable(ExpenseAccount)),
  capital_good: t.Optional(t.Boolean({ description: 'Bien de inversión: its deductible VAT goes to 303 boxes 30/31 (38/39 intra-EU, 34/35 imports), posted on 4729' })),
}, { additionalProperties: false });

const IssueDate = t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "The supplier's invoice date (YYYY-MM-DD)" });

export const PurchaseCreate = documentCreate({
  contact: 'A supplier (kind supplier, or flagged customer_and_supplier)',
  own: { kind: Kind, supplier_invoice_number: t.Optional(Nullable(SupplierNumber)), currency: t.Optional(DocumentCurrencyField) },
  line: PurchaseLine,
  issueDate: IssueDate,
  operationDate: Nullable(IsoDate),
});

export const PurchaseUpdate = documentUpdate({
  own: { kind: t.Optional(Kind), supplier_invoice_number: t.Optional(Nullable(SupplierNumber)), currency: t.Optional(DocumentCurrencyField) },
  line: PurchaseLine,
  issueDate: IssueDate,
  description: 'Drafts only (a registered purchase is 409): any PurchaseCreate field but status; at least one.',
});

export const PurchaseRectifyRequest = documentRectify({
  own: { supplier_invoice_number: t.Optional(Nullable(SupplierNumber)) },
  line: PurchaseLine,
  description: "Registers the supplier's rectifying invoice for a registered purchase: `differences` (its corrections) or `substitution` (the full corrected document; none = cancellation).",
});

export const PurchasePaymentRequest = paymentRequest(
  'Positive amount paid (or refunded by the supplier, for a negative document)',
  'Records a payment: Dr 4000/4100 / Cr treasury.',
);

const PurchaseLineResponse = t.Object({
  ...LineResponseFields,
  expense_account: t.String(),
  capital_good: t.Boolean(),
  self_assessed_amount: t.String({ description: 'Reverse charge (intra-EU acquisition, ISP): the VAT the company self-assesses (Dr 472 / Cr 477); not part of the total' }),
  deductible: t.Boolean({ description: 'False when the VAT goes into the expense (recargo de equivalencia borne by the company)' }),
  undeducted_vat: t.String({ pattern: MONEY_PATTERN, description: 'The part of the line\'s deductible VAT the VAT prorrata leaves undeducted (art. 104 LIVA): the entry adds it to the line\'s account (a capital good\'s cost); 0.00 without prorrata and for drafts' }),
});

export const PurchaseResponse = t.Object({
  ...documentResponseFields,
  ...currencyResponseFields,
  kind: Kind,
  supplier_invoice_number: Nullable(t.String()),
  source: t.Union([t.Literal('manual'), t.Literal('ocr')]),
  file_sha256: Nullable(t.String({ pattern: '^[0-9a-f]{64}$' })),
  self_assessed_total: Money,
  payable_account: Nullable(t.String({ description: 'The account the supplier is owed on: 4000 (goods, 60x) or 4100 (services and everything else)' })),
  vat_deducted_percent: t.Integer({ minimum: 1, maximum: 100, description: 'The percentage of its deductible VAT the purchase deducted when registered: its year\'s provisional prorrata, or the rectified purchase\'s own for a rectification; 100 without prorrata and for drafts' }),
  deducted_vat: t.String({ pattern: MONEY_PATTERN, description: 'The deductible VAT (self-assessed included) the entry puts on 472/4729, in the document\'s currency' }),
  undeducted_vat: t.String({ pattern: MONEY_PATTERN, description: 'The deductible VAT the prorrata leaves undeducted, part of the lines\' cost (the sum of the lines\' undeducted_vat)' }),
  lines: t.Array(PurchaseLineResponse),
  supplier: Nullable(PartySnapshot),
}, { description: 'Like InvoiceResponse; `number` is the registration number (P-2026-000001) given at registration, in order of registration.' });

export const PaginatedResponse_PurchaseResponse_ = paginated(PurchaseResponse);

export const PurchaseListQuery = documentListQuery({ kind: t.Optional(Kind) }, 'our number, the supplier\'s invoice number, the supplier\'s name, legal name and tax number, the notes or a line\'s description');

export const purchaseModels = {
  PurchaseLine, PurchaseCreate, PurchaseUpdate, PurchaseRectifyRequest, PurchasePaymentRequest, PurchaseResponse, PaginatedResponse_PurchaseResponse_,
};

