import { t } from 'elysia';
import { Nullable } from '../documents/api';
import { PurchaseResponse } from '../purchases/api';

/** Files up to 10 MiB; the multipart envelope around them is allowed on top. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const IngestPurchaseBody = t.Object({
  file: t.File({ description: 'The purchase invoice or ticket: a PDF (text or scanned, at most 20 pages; a Factur-X / ZUGFeRD PDF is booked from its embedded XML), a JPEG or PNG photo, or an e-invoice XML file (UBL 2.1, and Facturae or CII when their plugins are installed); at most 10 MiB' }),
  contact_id: t.Optional(t.String({ format: 'uuid', description: 'The supplier, when known (otherwise matched by tax number, then by name, or created)' })),
  treasury_id: t.Optional(t.String({ format: 'uuid', description: 'Paid already from this treasury: the payment is recorded once the purchase is booked (needs the treasury plugin)' })),
  book: t.Optional(t.BooleanString({ default: true, description: 'false: read and prepare a draft, never register it' })),
  async: t.Optional(t.BooleanString({ default: false, description: 'true: answer 202 with a job at once and read the file in the background; poll GET /ai/ingest-purchase/jobs/{job_id}' })),
}, { $id: 'Body_ingest_purchase_api_v1_ai_ingest_purchase_post' });

const Source = t.Union([t.Literal('text_layer'), t.Literal('ocr'), t.Literal('einvoice')], { description: "Where the value was read: the PDF's text layer, OCR of the page image, or an e-invoice's structured data (confidence 1)" });
const Confidence = t.Number({ minimum: 0, maximum: 1, description: '0..1: how sure the reading is (OCR confidence, label found, checksums and the totals cross-check)' });

const ExtractedField = t.Object({
  value: Nullable(t.String()),
  confidence: Confidence,
  source: Nullable(Source),
  page: Nullable(t.Integer({ minimum: 1 })),
}, { $id: 'ExtractedField' });

const ExtractedTaxLine = t.Object({
  rate: t.String({ description: 'Percentage, e.g. "21.00"' }),
  base: t.String({ description: 'Decimal string' }),
  amount: t.String({ description: 'The quota (VAT, recargo) or the withholding, decimal string' }),
  confidence: Confidence,
  source: Source,
  page: Nullable(t.Integer({ minimum: 1 }), { description: 'null when read from an e-invoice' }),
}, { $id: 'ExtractedTaxLine' });

const PageReadReport = t.Object({
  page: t.Integer({ minimum: 1 }),
  source: t.Union([t.Literal('text_layer'), t.Literal('ocr'), t.Literal('unread')]),
  characters: t.Integer(),
  confidence: Confidence,
  note: t.Optional(t.String()),
}, { $id: 'PageReadReport' });

export const PurchaseExtraction = t.Object({
  file_sha256: t.String({ pattern: '^[0-9a-f]{64}$' }),
  file_kind: t.Union([t.Literal('pdf'), t.Literal('jpeg'), t.Literal('png'), t.Literal('xml')]),
  supplier_name: ExtractedField,
  supplier_tax_id: t.Composite([ExtractedField], { description: "NIF/CIF/NIE or EU VAT number, checksum-validated; never the company's own" }),
  supplier_country: Nullable(t.String({ minLength: 2, maxLength: 2 })),
  invoice_number: ExtractedField,
  issue_date: ExtractedField,
  subtotal: ExtractedField,
  total: ExtractedField,
  vat: t.Array(ExtractedTaxLine),
  surcharge: t.Array(ExtractedTaxLine, { description: 'Recargo de equivalencia' }),
  withholding: t.Array(ExtractedTaxLine, { description: 'IRPF' }),
  cross_check: t.Object({ passed: t.Boolean(), computed_total: Nullable(t.String()) }, { description: 'Σ bases + Σ VAT + Σ recargo − Σ IRPF against the printed total' }),
  pages: t.Array(PageReadReport),
}, { $id: 'PurchaseExtraction' });

const EInvoiceSignature = t.Object({
  status: t.Union([t.Literal('valid'), t.Literal('invalid'), t.Literal('unsigned'), t.Literal('unchecked')], {
    description: 'valid / invalid: the enveloped signature as the installed einvoice-signing verifier found it; unsigned: the file carries no signature; '
      + 'unchecked: it is signed but no einvoice-signing plugin is installed to verify it (or its syntax reports none)',
  }),
  holder: Nullable(t.String(), { description: "The signing certificate's holder (subject CN)" }),
  holder_tax_id: Nullable(t.String(), { description: "The certificate holder's tax id" }),
  reason: Nullable(t.String(), { description: 'Why the signature is invalid, or why it was not checked' }),
}, { $id: 'EInvoiceSignatureCheck' });

const EInvoiceTotalsJson = t.Object({
  line_total: t.String(), tax_exclusive: t.String(), vat_total: t.String(), surcharge_total: t.String(), tax_inclusive: t.String(),
  withholding_total: t.String(), prepaid: t.String(), payable: t.String(),
}, { $id: 'EInvoiceTotals', description: "The file's own totals (EN 16931 BG-22 with recargo and IRPF), decimal strings" });

const EInvoiceDocumentAdjustment = t.Object({
  kind: t.Union([t.Literal('allowance'), t.Literal('charge')], { description: 'allowance: a discount on the whole invoice (BG-20, lowers the base); charge: a cost added to it (BG-21: freight, packaging…)' }),
  reason: Nullable(t.String(), { description: 'BT-97 / BT-104 (or its code), Facturae DiscountReason / ChargeReason' }),
  amount: t.String({ pattern: '^\\d+\\.\\d{2}$', description: 'Its amount, positive (BT-92 / BT-99)' }),
  vat_category: t.String({ description: 'UNCL 5305 VAT category whose base it moves (BT-95 / BT-102): S, Z, E, AE, K, G, O, L, M, B' }),
  vat_rate: t.String({ description: 'That VAT rate, e.g. "21.00" (BT-96 / BT-103)' }),
  line: t.Integer({ minimum: 1, description: 'The purchase line (1-based position in `purchase.lines`) that carries it: "Descuento: <reason>" at minus the amount, or "Cargo: <reason>"' }),
}, { $id: 'EInvoiceDocumentAdjustment' });

export const EInvoiceReading = t.Object({
  syntax: t.String({ description: "The syntax it was read in: 'ubl', 'facturae', 'cii' (the installed einvoice-syntaxes)" }),
  container: t.Union([t.Literal('xml'), t.Literal('pdf')], { description: 'xml: the upload was the XML file; pdf: a PDF embedding it (Factur-X / ZUGFeRD)' }),
  attachment: Nullable(t.String(), { description: 'The embedded file it was read from (e.g. factur-x.xml), for a PDF' }),
  type_code: t.String({ description: 'UNTDID 1001: 380 invoice, 381 credit note, 384 corrected invoice' }),
  number: t.String(),
  issue_date: t.String({ format: 'date' }),
  currency: t.String(),
  signature: EInvoiceSignature,
  totals: EInvoiceTotalsJson,
  corrects: Nullable(t.Object({ number: t.String(), issue_date: Nullable(t.String()) }), { description: 'A credit note: the invoice it corrects (its billing reference)' }),
  payment: Nullable(t.Object({ means_code: t.String(), iban: Nullable(t.String()), bic: Nullable(t.String()), due_date: Nullable(t.String()) })),
  document_adjustments: t.Array(EInvoiceDocumentAdjustment, {
    description: "The file's document-level allowances and charges (EN 16931 BG-20 / BG-21; Facturae's general discounts and charges), in the file's order. "
      + 'Each is also booked as a purchase line of its own (`line`), in the base of the VAT rate it names, so the purchase\'s totals are the file\'s; '
      + "Cuadra's own recargo de equivalencia charges are taxes, not adjustments, and are not listed",
  }),
}, { $id: 'EInvoiceReading', description: 'A purchase booked from a structured e-invoice: what was read, and its signature check' });

export const PurchaseEInvoice = t.Composite([
  t.Object({ purchase_id: t.String({ format: 'uuid' }), file_sha256: t.String({ pattern: '^[0-9a-f]{64}$' }) }),
  EInvoiceReading,
], { $id: 'PurchaseEInvoice' });

/** What one file (one invoice of a batch) became. */
const ingestedInvoiceFields = {
  purchase: Nullable(PurchaseResponse, { description: 'The purchase created (registered, or a draft when needs_review), or the existing one when duplicate_of is set; null when too little was read' }),
  duplicate_of: Nullable(t.String({ format: 'uuid' }), { description: 'Set when the file (same bytes), or the same supplier invoice number, is already registered: nothing was created. For a batch, set at the top only when every invoice was already registered' }),
  needs_review: t.Boolean({ description: 'A person should look before the purchase counts (it was left a draft, or booked with a caveat). For a batch, true at the top when any invoice needs review' }),
  review_reasons: t.Array(t.String(), { description: 'Why needs_review. For a batch, the top lists every invoice\'s reasons, each prefixed "invoice k of n (number): "' }),
  extraction: PurchaseExtraction,
  einvoice: t.Optional(Nullable(EInvoiceReading, { description: 'Set when the file was a structured e-invoice (XML, or a PDF embedding one): booked from its data with no OCR; null otherwise' })),
};

export const IngestPurchaseBatchInvoice = t.Object(ingestedInvoiceFields, { $id: 'IngestPurchaseBatchInvoice', description: 'One invoice of a batch file, as a file of one invoice would answer' });

export const IngestPurchaseResponse = t.Object({
  ...ingestedInvoiceFields,
  batch: t.Optional(t.Array(IngestPurchaseBatchInvoice, { description: 'Only for a file of several invoices (a Facturae batch, modality L): each invoice booked as a purchase of its own, in the file\'s order; the purchase, extraction and einvoice above are the first invoice\'s; needs_review, review_reasons and duplicate_of speak for every invoice. At most 100 invoices a file (422 beyond), each with its own series and number (422 for a repeat). All or nothing: one invoice that cannot be read or booked refuses the file (422, or 409 for books locked at its date, naming it), nothing booked' })),
}, { $id: 'IngestPurchaseResponse' });

export const IngestPurchaseJob = t.Object({
  id: t.String({ format: 'uuid' }),
  status: t.Union([t.Literal('queued'), t.Literal('running'), t.Literal('done'), t.Literal('failed')]),
  result_status: Nullable(t.Integer({ description: 'The status the synchronous call would have answered (201, 200; or the error status when failed)' })),
  result: Nullable(IngestPurchaseResponse, { description: 'Once done: what the synchronous call answers' }),
  error: Nullable(t.Object({ status: t.Integer(), detail: t.String() }), { description: 'Once failed: the error the synchronous call would have answered' }),
  created_at: t.String({ format: 'date-time' }),
  finished_at: Nullable(t.String({ format: 'date-time' })),
}, { $id: 'IngestPurchaseJob' });

export const IngestJobQuery = t.Object({
  wait: t.Optional(t.Integer({ minimum: 0, maximum: 30, default: 0, description: 'Seconds to wait for a running job to finish before answering (long polling)' })),
});

export const ingestionModels = { ExtractedField, ExtractedTaxLine, PageReadReport, PurchaseExtraction, EInvoiceSignature, EInvoiceTotals: EInvoiceTotalsJson, EInvoiceDocumentAdjustment, EInvoiceReading, PurchaseEInvoice, IngestPurchaseBatchInvoice, IngestPurchaseResponse, IngestPurchaseJob };
