import { Decimal } from '../../kernel/money';
import { NotFound } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { normaliseTaxId } from '../../lib/spanish-tax-id';
import { ContactService } from '../contacts/api';
import { nameSortKey } from '../contacts/api';
import { PurchaseService, type PurchaseInput, type PurchaseView } from '../purchases/api';
import { isEuMemberState, TaxService } from '../taxes/api';
import { near } from './amounts';
import type { Extraction, TaxAmountLine } from './extract';
import { sameTaxId } from './tax-ids';

/** A field is trusted for booking from this confidence on; below it the purchase stays a draft. */
export const CONFIDENT = 0.8;

const VAT_CODES: Record<string, string> = { '21.00': 'IVA21', '10.00': 'IVA10', '4.00': 'IVA4', '0.00': 'IVA0' };
const SURCHARGE_CODES: Record<string, string> = { '5.20': 'RE52', '1.40': 'RE14', '0.50': 'RE05', '1.75': 'RE175' };
const WITHHOLDING_CODES: Record<string, string> = { '15.00': 'IRPF15', '7.00': 'IRPF7', '19.00': 'IRPF19' };

export const normaliseInvoiceNumber = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]/g, '').replace(/^0+/, '');
const normaliseName = (value: string) => nameSortKey(value).replace(/[^a-z0-9]/g, '');

export interface Supplier { id: string; created: boolean }

/** The supplier: the given contact, else the one with this tax number, else with this name; else a new one. */
export async function resolveSupplier(tx: Tx, extraction: Extraction, contactId: string | null): Promise<Supplier | null> {
  if (contactId) return { id: (await ContactService.get(tx, contactId)).id, created: false };
  const taxId = extraction.supplier_tax_id.confidence >= CONFIDENT ? extraction.supplier_tax_id.value : null;
  const name = extraction.supplier_name.value;
  if (taxId) {
    const { items } = await ContactService.list(tx, { search: normaliseTaxId(taxId), kind: 'supplier' }, { limit: 20, offset: 0 });
    const match = items.find((c) => c.vat && sameTaxId(c.vat, taxId));
    if (match) return { id: match.id, created: false };
  }
  if (name && name.length >= 3) {
    const { items } = await ContactService.list(tx, { search: name.slice(0, 60), kind: 'supplier' }, { limit: 20, offset: 0 });
    const match = items.find((c) => normaliseName(c.name) === normaliseName(name) || (!!c.legal_name && normaliseName(c.legal_name) === normaliseName(name)));
    if (match && (!taxId || !match.vat)) return { id: match.id, created: false };
  }
  if (!taxId && extraction.supplier_name.confidence < CONFIDENT) return null;
  const contact = await ContactService.create(tx, {
    kind: 'supplier', name: (name ?? taxId!).slice(0, 200), vat: taxId, country: extraction.supplier_country ?? 'ES', external_source: 'ingest',
  });
  return { id: contact.id, created: true };
}

export interface Duplicate { purchaseId: string; certain: boolean }

/** The supplier's invoice already registered (by its number), or one with the same date and total when there is no number. */
export async function findDuplicate(tx: Tx, supplierId: string, extraction: Extraction): Promise<Duplicate | null> {
  const number = extraction.invoice_number.value ? normaliseInvoiceNumber(extraction.invoice_number.value) : null;
  if (number) {
    const [same] = await PurchaseService.idsOfSupplier(tx, supplierId, { number });
    return same ? { purchaseId: same, certain: true } : null;
  }
  const { issue_date: date, total } = extraction;
  if (!date.value || !total.value) return null;
  const [same] = await PurchaseService.idsOfSupplier(tx, supplierId, { issueDate: date.value, total: Decimal.parse(total.value).toString() });
  return same ? { purchaseId: same, certain: false } : null;
}

export async function existingPurchase(tx: Tx, id: string): Promise<PurchaseView | null> {
  try {
    return await PurchaseService.get(tx, id);
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

export interface Plan { input: PurchaseInput | null; reasons: string[] }

/**
 * The purchase to create from what was read: one line per VAT rate (its base), with the matching
 * recargo and IRPF types; an EU supplier's invoice is an intra-community acquisition (reverse charge).
 * `reasons` says why it cannot be registered without a review.
 */
export async function planPurchase(tx: Tx, extraction: Extraction, supplierId: string): Promise<Plan> {
  const reasons: string[] = [];
  const e = extraction;
  const check = (ok: boolean, reason: string) => { if (!ok) reasons.push(reason); };
  check(e.issue_date.confidence >= CONFIDENT, 'the issue date was not read with confidence');
  check(e.total.confidence >= CONFIDENT, 'the total was not read with confidence');
  check(e.cross_check.passed, 'bases + VAT + recargo − IRPF do not add up to the total');
  if (e.invoice_number.value) check(e.invoice_number.confidence >= CONFIDENT, 'the invoice number was not read with confidence');
  if (!e.issue_date.value) return { input: null, reasons };

  const typeId = async (code: string | undefined, what: string) => {
    if (!code) { reasons.push(`no tax type for ${what}`); return null; }
    const type = await TaxService.findByCode(tx, code);
    if (!type) reasons.push(`the tax type ${code} is not in the catalogue`);
    return type?.id ?? null;
  };
  const foreign = !!e.supplier_country && e.supplier_country !== 'ES' && isEuMemberState(e.supplier_country);
  const withholding = e.withholding[0];
  const withholdingTypeId = withholding ? await typeId(WITHHOLDING_CODES[withholding.rate], `IRPF ${withholding.rate}%`) : null;
  const label = e.invoice_number.value ?? 'Ticket';

  let vatLines: { rate: string; base: string }[] = e.vat;
  if (foreign) vatLines = [{ rate: 'intra', base: e.subtotal.value ?? e.total.value ?? '0.00' }];
  else if (!vatLines.length) {
    reasons.push('no VAT rate was read');
    vatLines = [{ rate: '0.00', base: e.subtotal.value ?? e.total.value ?? '0.00' }];
  }
  const lines: PurchaseInput['lines'] = [];
  for (const vat of vatLines) {
    const surcharge: TaxAmountLine | undefined = e.surcharge.length === 1 && vatLines.length === 1 ? e.surcharge[0] : e.surcharge.find((s) => near(Decimal.parse(s.base), Decimal.parse(vat.base)));
    const taxTypeId = foreign ? await typeId('RCINTRACOM', 'an intra-community acquisition') : await typeId(VAT_CODES[vat.rate], `VAT ${vat.rate}%`);
    if (!taxTypeId) continue;
    lines.push({
      description: foreign ? `${label} · adquisición intracomunitaria` : `${label} · IVA ${Number(vat.rate)}%`,
      unit_price: vat.base,
      tax_type_id: taxTypeId,
      surcharge_type_id: surcharge ? await typeId(SURCHARGE_CODES[surcharge.rate], `recargo ${surcharge.rate}%`) : null,
      withholding_type_id: withholdingTypeId,
    });
  }
  if (!lines.length) return { input: null, reasons };
  return {
    input: {
      contact_id: supplierId, kind: e.invoice_number.value ? 'invoice' : 'expense', supplier_invoice_number: e.invoice_number.value,
      issue_date: e.issue_date.value, lines, status: 'draft', notes: 'Read from an uploaded file (purchase ingestion)',
    },
    reasons,
  };
}
