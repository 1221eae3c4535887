import { Conflict, translateDatabaseError, Unprocessable, ValidationFailed } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { lineBase, trimDecimal } from '../documents/api';
import type { EInvoice, EInvoiceLine } from '../einvoice/api';
import { PurchaseService, purchaseToJson, type PurchaseInput, type PurchaseView } from '../purchases/api';
import { isEuMemberState, TaxService } from '../taxes/api';
import { findDuplicate, normaliseInvoiceNumber, resolveSupplier } from './booking';
import type { EInvoiceRead } from './einvoice-file';
import type { Extraction, Field, TaxAmountLine } from './extract';
import { claimFile, record, type IngestOptions, type IngestOutcome } from './service';
import { sameTaxId } from './tax-ids';

/**
 * A structured e-invoice booked as a purchase from its data, exactly: one purchase line per
 * invoice line (quantity, price and discount as the file gives them, or folded so that the line's
 * net is the file's to the cent), each with the company's purchase tax type for its VAT category
 * and rate, its recargo and its IRPF withholding; the purchase's totals compared with the file's.
 * No OCR, confidence 1. A credit note whose billing reference names an invoice of the same
 * supplier already registered becomes that purchase's rectification (by differences).
 */

const ONE: Field = { value: null, confidence: 1, source: 'einvoice', page: null };
const field = (value: string | null): Field => (value ? { ...ONE, value } : { value: null, confidence: 0, source: null, page: null });
const taxLine = (rate: string, base: string, amount: string): TaxAmountLine => ({ rate, base, amount, confidence: 1, source: 'einvoice', page: null });
const D = (text: string) => Decimal.parse(text, 12);
const HUNDRED = Decimal.parse('100');
/** a ÷ b to 12 decimals, truncated (the callers round far above that). */
const divide = (a: Decimal, b: Decimal) => Decimal.of((a.rescale(12).units * 10n ** BigInt(b.scale)) / b.units, 12);

/** The reading as the API shows it (snake_case), kept in purchase_ingestions.einvoice. */
export function readingJson(read: EInvoiceRead) {
  const { invoice: e, signature } = read;
  const t = e.totals;
  return {
    syntax: read.syntax,
    container: read.container,
    attachment: read.attachment,
    type_code: e.typeCode,
    number: e.number,
    issue_date: e.issueDate,
    currency: e.currency,
    signature: { status: signature.status, holder: signature.holder, holder_tax_id: signature.holderTaxId, reason: signature.reason },
    totals: {
      line_total: t.lineTotal, tax_exclusive: t.taxExclusive, vat_total: t.vatTotal, surcharge_total: t.surchargeTotal, tax_inclusive: t.taxInclusive,
      withholding_total: t.withholdingTotal, prepaid: t.prepaid, payable: t.payable,
    },
    corrects: e.corrects ? { number: e.corrects.number, issue_date: e.corrects.issueDate || null } : null,
    payment: e.payment ? { means_code: e.payment.meansCode, iban: e.payment.iban ?? null, bic: e.payment.bic ?? null, due_date: e.payment.dueDate ?? null } : null,
    document_adjustments: documentAdjustments(e),
  };
}

/**
 * The file's document-level allowances and charges (EN 16931 BG-20 / BG-21; Facturae's general
 * discounts and charges) as a list: each is also the purchase line at `line` (1-based, the lines
 * follow the file's), which carries it in the books; `amount` is positive, as in the file.
 */
export function documentAdjustments(e: EInvoice) {
  const absolute = (d: Decimal) => (d.isNegative() ? d.negate() : d);
  return e.lines.flatMap((line, index) => line.adjustment ? [{
    kind: line.adjustment.kind, reason: line.adjustment.reason,
    amount: absolute(D(line.netAmount)).rescale(2).toString(), vat_category: line.vat.category, vat_rate: D(line.vat.rate).rescale(2).toString(), line: index + 1,
  }] : []);
}
export type EInvoiceReadingJson = ReturnType<typeof readingJson>;

/** The e-invoice as the extraction report the OCR path gives: every field at confidence 1, read from the structured data. */
export function extractionOf(e: EInvoice): Extraction {
  const surcharge = e.vat.filter((g) => g.surchargeRate && g.surchargeAmount).map((g) => taxLine(g.surchargeRate!, g.base, g.surchargeAmount!));
  const computed = D(e.totals.taxInclusive).sub(D(e.totals.withholdingTotal)).rescale(2).toString();
  return {
    supplier_name: field(e.seller.name || null),
    supplier_tax_id: field(e.seller.taxId),
    supplier_country: e.seller.address.country || null,
    invoice_number: field(e.number),
    issue_date: field(e.issueDate),
    subtotal: field(e.totals.taxExclusive),
    total: field(computed),
    vat: e.vat.map((g) => taxLine(g.rate, g.base, g.amount)),
    surcharge,
    withholding: e.withholdings.map((w) => taxLine(w.rate, w.base, w.amount)),
    cross_check: { passed: true, computed_total: computed },
  };
}

interface TaxTypeRow { id: string; code: string; kind: string; rate: string; regime: string; purchases: { selfAssessedAccount?: string } | null; active: boolean }

/** The company's purchase tax types, and which one books each VAT category and rate of the file. */
class PurchaseTaxTypes {
  private constructor(private readonly types: TaxTypeRow[]) {}

  static async load(tx: Tx): Promise<PurchaseTaxTypes> {
    const { items } = await TaxService.list(tx, { limit: 1000, offset: 0, active: true });
    return new PurchaseTaxTypes(items.map((t) => ({
      id: t.id, code: t.code, kind: t.kind, rate: Decimal.parse(String(t.rate), 2).rescale(2).toString(), regime: t.regime,
      purchases: (t.purchases as TaxTypeRow['purchases']) ?? null, active: t.active,
    })));
  }

  /** The seeded type of this code if the company has it, else the first of its own that fits. */
  private pick(code: string | null, fits: (t: TaxTypeRow) => boolean): TaxTypeRow | null {
    const usable = this.types.filter((t) => t.purchases !== null);
    return (code ? usable.find((t) => t.code === code && fits(t)) : undefined) ?? usable.find(fits) ?? null;
  }

  /**
   * The VAT type of a line: S/Z → the domestic type of that rate (IVA21, IVA10, IVA4, IVA0); E →
   * exempt (EXENTO); O → not subject (NOSUJETO); AE/K (reverse charge, intra-EU supply) → from a
   * supplier in another EU state the intra-community acquisition (RCINTRACOM), else the domestic
   * reverse charge (ISP); G (export outside the EU) → ISP, for review; L/M (Canarias, Ceuta and
   * Melilla) → NOSUJETO, for review. `note` says why a human should look.
   */
  vat(line: EInvoiceLine['vat'], sellerCountry: string): { type: TaxTypeRow | null; note: string | null } {
    const rate = Decimal.parse(line.rate, 6).rescale(2).toString();
    const eu = sellerCountry !== 'ES' && isEuMemberState(sellerCountry);
    const selfAssessed = (regime: string) => (t: TaxTypeRow) => t.kind === 'vat' && t.regime === regime && !!t.purchases?.selfAssessedAccount;
    switch (line.category) {
      case 'S':
      case 'Z': {
        const type = this.pick(`IVA${Number(rate)}`, (t) => t.kind === 'vat' && t.regime === 'domestic' && t.rate === rate && !t.purchases?.selfAssessedAccount);
        return { type, note: type ? null : `no purchase tax type for VAT at ${rate}%${sellerCountry !== 'ES' ? ` charged by a supplier in ${sellerCountry}` : ''}` };
      }
      case 'E': return { type: this.pick('EXENTO', (t) => t.kind === 'vat' && t.regime === 'exempt'), note: null };
      case 'O': return { type: this.pick('NOSUJETO', (t) => t.kind === 'vat' && t.regime === 'not_subject'), note: null };
      case 'AE':
      case 'K':
        return eu
          ? { type: this.pick('RCINTRACOM', selfAssessed('intra_eu')), note: null }
          : { type: this.pick('ISP', selfAssessed('reverse_charge')), note: null };
      case 'G':
        return { type: this.pick('ISP', selfAssessed('reverse_charge')), note: 'an export from outside the EU (category G): services are self-assessed (ISP), goods pay their VAT on the customs DUA (IMPORT): check the tax type' };
      case 'B':
        // EN 16931's split payment is Italy's (BR-B-01: a domestic Italian invoice): Italian VAT the
        // buyer pays to the Italian treasury, which no Spanish purchase tax type books or deducts
        return {
          type: this.pick('NOSUJETO', (t) => t.kind === 'vat' && t.regime === 'not_subject'),
          note: `VAT category B (split payment, Italy) at ${rate}%: Italian VAT the buyer pays to the Italian treasury, which a Spanish purchase cannot book or deduct: check the invoice and its tax type`,
        };
      default:
        return { type: this.pick('NOSUJETO', (t) => t.kind === 'vat' && t.regime === 'not_subject'), note: `VAT category ${line.category} (Canarias, Ceuta or Melilla) is outside the Spanish VAT: check the tax type` };
    }
  }

  surcharge(rate: string): TaxTypeRow | null {
    const r = Decimal.parse(rate, 6).rescale(2).toString();
    return this.pick(null, (t) => t.kind === 'surcharge' && t.rate === r);
  }

  withholding(rate: string): TaxTypeRow | null {
    const r = Decimal.parse(rate, 6).rescale(2).toString();
    return this.pick(`IRPF${Number(r)}`, (t) => t.kind === 'withholding' && t.rate === r);
  }

  notSubject(): TaxTypeRow | null {
    return this.pick('NOSUJETO', (t) => t.kind === 'vat' && t.regime === 'not_subject');
  }
}

/**
 * Quantity, unit price and discount of a purchase line whose base is the file's net amount to the
 * cent, `sign` −1 for a credit note booked as a rectification by differences: the file's own
 * quantity, price and discount when they give it; else its discount amount as a percentage; else
 * the price that gives it for that quantity; else one unit at the net amount.
 */
export function purchaseLineAmounts(line: EInvoiceLine, sign: 1 | -1 = 1): { quantity: string; unit_price: string; discount_pct?: string } {
  const net = D(line.netAmount).rescale(2);
  const quantity = D(line.quantity).round(6);
  const price = D(line.unitPrice).round(6);
  const signed = (q: Decimal) => (sign === 1 ? q : q.negate());
  const fits = (q: Decimal, p: Decimal, pct: Decimal) => lineBase(q, p, pct).eq(net);
  const text = (d: Decimal) => trimDecimal(d.round(6).toString());
  const zero = Decimal.zero(2);
  const discounts: Decimal[] = [];
  if (line.discountPct) discounts.push(Decimal.parse(line.discountPct, 6).round(2));
  const gross = quantity.mul(price);
  if (line.discountAmount && !gross.isZero()) {
    discounts.push(divide(D(line.discountAmount).mul(HUNDRED), gross).round(2));
  }
  for (const pct of discounts) {
    if (!pct.isNegative() && pct.compare(HUNDRED) <= 0 && fits(quantity, price, pct)) return { quantity: text(signed(quantity)), unit_price: text(price), discount_pct: pct.rescale(2).toString() };
  }
  if (fits(quantity, price, zero)) return { quantity: text(signed(quantity)), unit_price: text(price) };
  if (!quantity.isZero()) {
    const perUnit = divide(net, quantity).round(6);
    if (fits(quantity, perUnit, zero)) return { quantity: text(signed(quantity)), unit_price: text(perUnit) };
  }
  return { quantity: text(signed(Decimal.parse('1', 0))), unit_price: text(net) };
}

interface Plan { input: PurchaseInput; reasons: string[] }

/** The purchase input for the e-invoice's lines; `reasons` says what a human should look at before it is registered. */
async function planEInvoice(tx: Tx, e: EInvoice, supplierId: string, sign: 1 | -1): Promise<Plan> {
  const types = await PurchaseTaxTypes.load(tx);
  const reasons: string[] = [];
  const country = e.seller.address.country || 'ES';
  const lines: PurchaseInput['lines'] = [];
  for (const line of e.lines) {
    const vat = types.vat(line.vat, country);
    if (vat.note) reasons.push(`line ${line.id}: ${vat.note}`);
    if (line.adjustment && line.vat.category === 'O') {
      reasons.push(`line ${line.id}: a document ${line.adjustment.kind === 'charge' ? 'charge' : 'discount'} the file leaves out of every VAT base, booked as not subject (category O): check that it really is outside the taxable base (a suplido, art. 78.Tres.3º LIVA) and not a part of the price`);
    }
    const vatType = vat.type ?? types.notSubject();
    if (!vatType) throw new Error('The tax catalogue has no not-subject purchase type');
    const surcharge = line.surchargeRate ? types.surcharge(line.surchargeRate) : null;
    if (line.surchargeRate && !surcharge) reasons.push(`line ${line.id}: no tax type for the recargo de equivalencia at ${line.surchargeRate}%`);
    const withholding = line.withholdingRate ? types.withholding(line.withholdingRate) : null;
    if (line.withholdingRate && !withholding) reasons.push(`line ${line.id}: no tax type for the IRPF withholding at ${line.withholdingRate}%`);
    lines.push({
      description: (line.description || `Línea ${line.id}`).slice(0, 500),
      ...purchaseLineAmounts(line, sign),
      tax_type_id: vatType.id,
      surcharge_type_id: surcharge?.id ?? null,
      withholding_type_id: withholding?.id ?? null,
    });
  }
  if (e.currency !== 'EUR') reasons.push(`the invoice is in ${e.currency}: amounts were booked as euros, convert them`);
  const dueDate = e.dueDate && e.dueDate >= e.issueDate ? e.dueDate : null;
  return {
    input: {
      contact_id: supplierId, kind: 'invoice', supplier_invoice_number: e.number, issue_date: e.issueDate, due_date: dueDate,
      operation_date: e.operationDate, lines, status: 'draft', notes: `Read from a structured e-invoice (purchase ingestion)`,
    },
    reasons,
  };
}

/** The purchase's amounts against the file's (with `sign` −1 for a credit note booked as a rectification). */
function amountMismatches(view: PurchaseView, e: EInvoice, sign: 1 | -1): string[] {
  const t = e.totals;
  const s = (text: string) => (sign === 1 ? D(text) : D(text).negate()).rescale(2);
  const r = view.record;
  const checks: [string, Decimal, Decimal][] = [
    ['the taxable base', r.subtotal, s(t.taxExclusive)],
    ['the VAT and recargo', r.taxTotal, s(t.vatTotal).add(s(t.surchargeTotal))],
    ['the withholding', r.withholdingTotal, s(t.withholdingTotal)],
    ['the total', r.total, s(t.taxInclusive).sub(s(t.withholdingTotal))],
  ];
  return checks.filter(([, ours, theirs]) => !ours.eq(theirs)).map(([what, ours, theirs]) => `${what} computed is ${ours.rescale(2)}, the e-invoice says ${theirs}`);
}

/**
 * Why a paid amount (BT-113, IRPF left out) cannot be applied as an advance on its own: a credit
 * note's (what was refunded beforehand is the rectified purchase's business), a negative one, or
 * one above what the purchase leaves to pay. Each makes the purchase a draft for review.
 */
function prepaidProblems(prepaid: Decimal, total: Decimal, credit: boolean): string[] {
  const what = `the e-invoice says ${prepaid} was paid beforehand (BT-113)`;
  if (credit) return [`${what} on a credit note: settle it against the purchase it rectifies by hand`];
  if (prepaid.isNegative()) return [`${what}: a negative advance cannot be applied`];
  if (prepaid.compare(total) > 0) return [`${what}, more than the purchase's total ${total.rescale(2)}: check the advance`];
  return [];
}

/**
 * The supplier, found or created from the seller's tax number and name. A tax number the contacts
 * refuse (a malformed EU VAT number, a prefix of another country than the seller's address: the
 * public EN 16931 examples have both) would refuse the whole file as a 422 about a contact the
 * caller never sent; the supplier is then found or created by its name alone, and the purchase left
 * a draft saying why. Nothing was written before the refusal (the contact is checked first).
 */
async function supplierOf(tx: Tx, e: EInvoice, extraction: Extraction, contactId: string | null, reasons: string[]) {
  try {
    return await resolveSupplier(tx, extraction, contactId);
  } catch (error) {
    if (!(error instanceof ValidationFailed) || !e.seller.taxId || contactId) throw error;
    reasons.push(`the seller's tax number ${e.seller.taxId} (${e.seller.address.country}) is not one a contact can have (${error.errors.map((f) => f.msg).join('; ')}): `
      + 'the supplier was found or created by its name alone; check its tax number');
    return resolveSupplier(tx, { ...extraction, supplier_tax_id: { ...extraction.supplier_tax_id, confidence: 0 } }, contactId);
  }
}

/** A credit note's original: the purchase of this supplier registered with the number its billing reference names. */
async function correctedPurchase(tx: Tx, supplierId: string, number: string): Promise<PurchaseView | null> {
  const wanted = normaliseInvoiceNumber(number);
  if (!wanted) return null;
  for (const id of await PurchaseService.idsOfSupplier(tx, supplierId, { number: wanted })) {
    const view = await PurchaseService.get(tx, id);
    if (view.record.kind === 'invoice' && view.record.status !== 'draft') return view;
  }
  return null;
}

/**
 * Books a structured e-invoice in the caller's unit of work: deduplicated by the file's bytes, then
 * by the supplier's invoice number; the supplier found (tax number, then name) or created; the
 * purchase created from the data, registered when every line found its tax type and the amounts
 * are the file's, else left a draft with the reasons. `fileKind`: what was uploaded (the XML, or
 * the PDF embedding it).
 */
async function ingestEInvoice(tx: Tx, sha256: string, read: EInvoiceRead, fileKind: 'xml' | 'pdf', ownTaxIds: readonly string[], options: IngestOptions, position = 0): Promise<IngestOutcome> {
  const e = read.invoice;
  const extraction = extractionOf(e);
  const report = { ...extraction, file_sha256: sha256, file_kind: fileKind, pages: [] };
  const einvoice = readingJson(read);
  const answer = (view: PurchaseView | null, duplicateOf: string | null, reasons: string[], created = false): IngestOutcome => ({
    created,
    body: { purchase: view ? purchaseToJson(view) : null, duplicate_of: duplicateOf, needs_review: reasons.length > 0, review_reasons: reasons, extraction: report, einvoice },
  });

  const claim = await claimFile(tx, sha256, position);
  if ('duplicate' in claim) return claim.duplicate;

  // what the reader accepted although the file departs from its format
  const reasons: string[] = [...(e.readerFindings ?? [])];
  if (e.seller.taxId && ownTaxIds.some((own) => sameTaxId(own, e.seller.taxId!))) {
    reasons.push(`the seller is this company (${e.seller.taxId}): this is one of its own sales invoices, not a purchase`);
  }
  if (e.buyer.taxId && ownTaxIds.length && !ownTaxIds.some((own) => sameTaxId(own, e.buyer.taxId!))) {
    reasons.push(`the invoice is addressed to ${e.buyer.name} (${e.buyer.taxId}), not to this company`);
  }
  const supplier = await supplierOf(tx, e, extraction, options.contactId, reasons);
  if (!supplier) return answer(null, null, ['the supplier could not be identified: send contact_id']);

  const duplicate = await findDuplicate(tx, supplier.id, extraction);
  if (duplicate) {
    await record(tx, claim.id, duplicate.purchaseId, 'duplicate', report, einvoice);
    return answer(await PurchaseService.get(tx, duplicate.purchaseId), duplicate.purchaseId, []);
  }

  const fileKey = options.keepFile ? await options.keepFile(tx.tenantId) : null;
  const origin = { source: 'ocr' as const, fileSha256: sha256, fileKey };
  const credit = e.typeCode === '381' || e.typeCode === '384';
  const prepaid = D(e.totals.prepaid).rescale(2);
  let view: PurchaseView;
  if (credit) {
    const original = e.corrects ? await correctedPurchase(tx, supplier.id, e.corrects.number) : null;
    // a credit note (381) takes back amounts: the rectification by differences carries them negated;
    // a corrected invoice (384) replaces the original: a rectification by substitution with its full lines
    const sign: 1 | -1 = e.typeCode === '381' ? -1 : 1;
    const plan = await planEInvoice(tx, e, supplier.id, sign);
    reasons.push(...plan.reasons);
    // a paid amount on a credit note is not booked by itself: it leaves the rectification for review
    if (!prepaid.isZero()) reasons.push(...prepaidProblems(prepaid, D(e.totals.taxInclusive).rescale(2), true));
    if (original && !reasons.length && options.book) {
      view = await PurchaseService.rectify(tx, original.record.id, {
        issue_date: e.issueDate, mode: e.typeCode === '381' ? 'differences' : 'substitution', supplier_invoice_number: e.number,
        reason: (e.corrects!.reasonText || `Factura rectificativa ${e.number} del proveedor`).slice(0, 500), lines: plan.input.lines,
        due_date: plan.input.due_date, notes: plan.input.notes,
      }, origin);
      const mismatches = amountMismatches(view, e, sign);
      reasons.push(...mismatches);
      await record(tx, claim.id, view.record.id, 'booked', report, einvoice);
      return answer(view, null, reasons, true);
    }
    if (!original) reasons.push(e.corrects
      ? `the invoice it corrects (${e.corrects.number}) is not registered for this supplier: register it, then rectify it with these lines`
      : 'a credit note without the invoice it corrects (no billing reference): rectify the purchase it corrects with these lines');
    view = await PurchaseService.create(tx, plan.input, origin);
    reasons.push(...amountMismatches(view, e, sign));
  } else {
    const plan = await planEInvoice(tx, e, supplier.id, 1);
    reasons.push(...plan.reasons);
    view = await PurchaseService.create(tx, plan.input, origin);
    reasons.push(...amountMismatches(view, e, 1));
  }
  if (!prepaid.isZero() && !credit) {
    const problems = prepaidProblems(prepaid, view.record.total, false);
    reasons.push(...problems);
    if (!problems.length) {
      // an advance was invoiced with its VAT (art. 75.Dos LIVA: Dr 407 + Dr 472 / Cr 57x): only what the supplier's 407 holds can be applied
      const available = await PurchaseService.advanceBalance(tx, supplier.id, view.record.issueDate);
      if (available.compare(prepaid) < 0) {
        reasons.push(`the e-invoice says ${prepaid.toString()} was paid beforehand (BT-113), but the supplier's advances (407) come to ${available.toString()} on ${view.record.issueDate}: record the advance and its invoice first`);
      }
    }
  }
  if (!options.book) reasons.push('booking was not asked for (book=false)');
  const booked = !reasons.length;
  if (booked) {
    view = await PurchaseService.issue(tx, view.record.id);
    // BT-113: what was paid beforehand (an advance, 407) settles that much; the rest is what is due (BT-115)
    if (!prepaid.isZero()) view = await PurchaseService.applyAdvance(tx, view.record.id, { date: view.record.issueDate, amount: prepaid.toString() });
    const due = view.record.total.sub(view.record.amountPaid);
    if (options.paidFrom && !due.isNegative() && !due.isZero()) {
      view = await PurchaseService.registerPayment(tx, view.record.id, { date: view.record.issueDate, amount: due.toString(), account: await options.paidFrom(tx) });
    }
  }
  // booked, but for a person to look at: the advance's VAT belongs to the advance invoice, not to this one
  if (!prepaid.isZero() && !credit) reasons.push(advanceVatReview(prepaid));
  await record(tx, claim.id, view.record.id, booked ? 'booked' : 'draft', report, einvoice);
  return answer(view, null, reasons, true);
}

/**
 * Books an e-invoice file in the caller's unit of work: its invoice, or each invoice of a batch (a
 * Facturae file of several) as a purchase of its own, in the file's order, deduplicated each by
 * the file and its position in it, then by the supplier's invoice number. A batch's answer is the
 * first invoice's purchase and reading, with `batch` listing every invoice's answer; needs_review
 * and review_reasons speak for all of them (each reason naming its invoice), and duplicate_of is
 * set only when every invoice was already booked. All or nothing: the
 * caller's transaction holds them all, and an invoice that cannot be booked (a 422, or a 409 such
 * as the books locked at its date) fails the whole file, its message naming the invoice. The file
 * is kept once; every purchase of a batch carries the same signature check.
 */
export async function ingestEInvoiceFile(tx: Tx, sha256: string, read: EInvoiceRead, fileKind: 'xml' | 'pdf', ownTaxIds: readonly string[], options: IngestOptions): Promise<IngestOutcome> {
  if (!read.batch || read.batch.length < 2) return ingestEInvoice(tx, sha256, read, fileKind, ownTaxIds, options);
  let kept: Promise<string> | null = null;
  const keepFile = options.keepFile ? (tenantId: string) => (kept ??= options.keepFile!(tenantId)) : undefined;
  const outcomes: IngestOutcome[] = [];
  for (const [position, invoice] of read.batch.entries()) {
    const which = `invoice ${position + 1} of ${read.batch.length} (${invoice.number})`;
    try {
      outcomes.push(await ingestEInvoice(tx, sha256, { ...read, invoice }, fileKind, ownTaxIds, { ...options, keepFile }, position));
    } catch (error) {
      if (error instanceof ValidationFailed) throw new ValidationFailed(error.errors.map((e) => ({ ...e, msg: `${which}: ${e.msg}` })));
      // a refusal by the database (the books' period lock) is named too; a lost connection (503) is left as it is
      const refusal = error instanceof Unprocessable || error instanceof Conflict ? error : translateDatabaseError(error);
      if (refusal instanceof Unprocessable) throw new Unprocessable(`${which}: ${refusal.message}`);
      if (refusal instanceof Conflict) throw new Conflict(`${which}: ${refusal.message}`);
      throw error;
    }
  }
  const batch = outcomes.map((o) => o.body);
  // the answer's purchase, extraction and reading are the first invoice's; whether to look and why speak for the whole file
  const reviewReasons = batch.flatMap((body, position) => body.review_reasons.map((reason) => `invoice ${position + 1} of ${batch.length} (${read.batch![position].number}): ${reason}`));
  const allDuplicates = batch.every((body) => body.duplicate_of !== null);
  return {
    created: outcomes.some((o) => o.created),
    body: { ...batch[0], duplicate_of: allDuplicates ? batch[0].duplicate_of : null, needs_review: batch.some((body) => body.needs_review), review_reasons: reviewReasons, batch },
  };
}

/** The review every paid amount (BT-113) gets: the VAT on the advance was deducted on the advance invoice (art. 75.Dos LIVA), not here. */
const advanceVatReview = (prepaid: Decimal) =>
  `${prepaid.toString()} was paid beforehand (BT-113): check that the advance's VAT was deducted on the supplier's advance invoice (art. 75.Dos LIVA) and that its amount matches the advance recorded on 407`;

/** What the purchase was booked from, when it was a structured e-invoice (null otherwise). */
export async function purchaseEInvoice(tx: Tx, purchaseId: string): Promise<(EInvoiceReadingJson & { purchase_id: string; file_sha256: string }) | null> {
  const [row] = await tx.sql<{ file_sha256: string; einvoice: unknown }>(`
    select file_sha256, einvoice from purchase_ingestions
    where tenant_id = :tenant and purchase_id = :purchaseId::uuid and einvoice is not null and outcome <> 'duplicate'
    order by created_at limit 1`, { purchaseId });
  if (!row) return null;
  const reading = (typeof row.einvoice === 'string' ? JSON.parse(row.einvoice) : row.einvoice) as EInvoiceReadingJson;
  // readings kept before the list existed: their adjustments are only lines
  return { purchase_id: purchaseId, file_sha256: row.file_sha256, ...reading, document_adjustments: reading.document_adjustments ?? [] };
}
