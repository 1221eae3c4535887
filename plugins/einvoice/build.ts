import { Conflict, Unprocessable } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import { collectionAccount, DOCUMENT_CURRENCY, partyOfContact, partyOfTenant, trimDecimal, type Party, type TaxTypeInfo } from '../documents/api';
import { InvoiceService, legendsOf, type InvoiceLineRecord, type InvoiceRecord, type InvoiceView } from '../invoices/api';
import { isEuMemberState, vatPrefixOf } from '../taxes/api';
import { registryLine, registryOf, TenantService, type PaymentMethod } from '../tenants/api';
import type { AdministrativeCentres, EInvoice, EInvoiceLine, EInvoiceParty, EInvoicePayment, EInvoiceVat, EInvoiceWithholding, VatCategory } from './model';
import { UnprocessableEInvoice } from './syntaxes';

/**
 * The model builder: an issued invoice or rectifying invoice → the e-invoice model, from the
 * invoices plugin's service (the invoice with its frozen party snapshots and tax types), the
 * contacts plugin (the customer's email), the tenants plugin (registry, payment method) and the
 * documents plugin's `collection-accounts` (the IBAN). It reads no other plugin's tables.
 */

const ZERO = Decimal.zero(2);
const money = (value: Decimal) => value.round(2).toString();

/** Each VAT type's category (UNCL 5305) and, when it needs one, its exemption reason and VATEX code. */
export function vatCategoryOf(type: TaxTypeInfo, nature: 'goods' | 'services'): { category: VatCategory; exemptionReason: string | null; exemptionCode: string | null } {
  const legend = type.sales?.legend ?? null;
  switch (type.regime) {
    case 'domestic':
      return { category: type.rate.isZero() ? 'Z' : 'S', exemptionReason: null, exemptionCode: null };
    case 'exempt':
      return { category: 'E', exemptionReason: legend ?? 'Operación exenta de IVA (art. 20 LIVA)', exemptionCode: null };
    case 'intra_eu':
      // Services to an EU business are taxed where the customer is, who self-assesses: reverse charge.
      return nature === 'services'
        ? { category: 'AE', exemptionReason: 'Inversión del sujeto pasivo (art. 69 LIVA; art. 196 Directiva 2006/112/CE)', exemptionCode: 'VATEX-EU-AE' }
        : { category: 'K', exemptionReason: legend ?? 'Entrega intracomunitaria exenta de IVA (art. 25 LIVA)', exemptionCode: 'VATEX-EU-IC' };
    case 'export':
      return { category: 'G', exemptionReason: legend ?? 'Exportación exenta de IVA (art. 21 LIVA)', exemptionCode: 'VATEX-EU-G' };
    case 'reverse_charge':
      return { category: 'AE', exemptionReason: legend ?? 'Inversión del sujeto pasivo (art. 84.Uno.2º LIVA)', exemptionCode: 'VATEX-EU-AE' };
    case 'not_subject':
      return { category: 'O', exemptionReason: legend ?? 'Operación no sujeta a IVA', exemptionCode: 'VATEX-EU-O' };
    default:
      throw new UnprocessableEInvoice(`Tax type ${type.code} (${type.regime}) cannot be expressed in an EN 16931 e-invoice: VAT due in another Member State (OSS) has no VAT category there`);
  }
}

/** 'J' for a legal entity, 'F' for a natural person, from a Spanish NIF's first character. */
const personTypeOfNif = (nif: string): 'J' | 'F' => (/^[ABCDEFGHJNPQRSUVW]/i.test(nif) ? 'J' : 'F');

function stripEs(taxId: string): string {
  const clean = taxId.replace(/[\s.-]/g, '').toUpperCase();
  return clean.startsWith('ES') && clean.length > 9 ? clean.slice(2) : clean;
}

function partyOf(party: Party, extra: { email?: string | null; registry?: string | null; individual?: boolean; administrativeCentres?: AdministrativeCentres | null }): EInvoiceParty {
  const country = party.country || 'ES';
  let taxId: string | null = party.tax_id ? party.tax_id.replace(/[\s.-]/g, '').toUpperCase() : null;
  let taxIdKind: EInvoiceParty['taxIdKind'] = null;
  if (taxId) {
    if (country === 'ES') { taxId = stripEs(taxId); taxIdKind = 'nif'; }
    else if (isEuMemberState(country)) {
      const prefix = vatPrefixOf(country);
      if (!taxId.startsWith(prefix)) taxId = `${prefix}${taxId}`;
      taxIdKind = 'eu_vat';
    } else taxIdKind = 'other';
  }
  const personType = extra.individual != null ? (extra.individual ? 'F' : 'J') : taxIdKind === 'nif' && taxId ? personTypeOfNif(taxId) : 'J';
  return {
    name: party.legal_name || party.name,
    taxId,
    taxIdKind,
    personType,
    address: { line: party.address, city: party.city, postalCode: party.postal_code, province: party.province, country },
    email: extra.email ?? null,
    registry: extra.registry ?? null,
    administrativeCentres: extra.administrativeCentres ?? null,
  };
}

/** A public administration contact's DIR3 codes (FACe), from the contacts service; null for any other contact. */
function administrativeCentresOf(contact: { publicAdministration?: boolean; administrativeCentres?: { accounting_office: string; managing_body: string; processing_unit: string; proposing_body: string | null } | null }): AdministrativeCentres | null {
  const c = contact.publicAdministration ? contact.administrativeCentres : null;
  return c ? { accountingOffice: c.accounting_office, managingBody: c.managing_body, processingUnit: c.processing_unit, proposingBody: c.proposing_body ?? null } : null;
}

const MEANS: Record<PaymentMethod, string> = { transfer: '58', direct_debit: '49', cash: '10', card: '48', cheque: '20', bizum: '68' };

function paymentOf(method: PaymentMethod | null, iban: string | null, dueDate: string | null): EInvoicePayment | null {
  if (method && method !== 'transfer') return { meansCode: MEANS[method], iban: null, bic: null, dueDate };
  if (iban) return { meansCode: '58', iban: iban.replace(/\s+/g, ''), bic: null, dueDate };
  return null;
}

/** Facturae's reason code of a rectification, by its legal ground. */
const REASON_CODE: Record<string, string> = { error: '16', insolvency: '85', bad_debt: '85', other: '16' };

/** The model of an issued invoice, from its view; the sign of a credit note (381) is turned (model.ts). */
export async function buildEInvoice(kernel: Kernel, tx: Tx, view: InvoiceView): Promise<EInvoice> {
  const { record, types } = view;
  if (record.status === 'draft' || !record.number) throw new Conflict('A draft invoice has no e-invoice: issue it first');
  // EN 16931 carries another currency with the VAT total in euros too (BT-6, BT-111): not written yet, so refused rather than mislabelled
  if (record.fx && record.fx.currency !== DOCUMENT_CURRENCY) {
    throw new Unprocessable(`The invoice is in ${record.fx.currency}: e-invoices are written for invoices in euros only, for now`);
  }
  const contact = await ContactService.get(tx, record.contactId);
  const tenant = await TenantService.current(tx);
  const registry = registryOf(tenant);
  const account = await collectionAccount(kernel, tx);
  const original = record.rectifiesId ? (await InvoiceService.get(tx, record.rectifiesId)).record : null;

  const typeCode = original ? (record.total.isNegative() ? '381' : '384') : '380';
  const sign = typeCode === '381' ? -1n : 1n;
  const signed = (value: Decimal) => (sign < 0n ? value.negate() : value);

  const lines = record.lines.map((line, i) => lineOf(line, i, types, signed));
  const vat = vatGroupsOf(record, types, lines, signed);
  const withholdings = withholdingsOf(record, signed);
  const lineTotal = signed(record.subtotal);
  // The document's tax total is VAT plus recargo (plugins/documents/lines.ts).
  const surchargeTotal = signed(record.surchargeTotal);
  const vatTotal = signed(record.taxTotal).sub(surchargeTotal);
  const withholdingTotal = signed(record.withholdingTotal);
  const taxInclusive = lineTotal.add(vatTotal).add(surchargeTotal);
  const payable = taxInclusive.sub(withholdingTotal);

  const customer = record.customer ?? partyOfContact(contact);
  const issuer = record.issuer ?? partyOfTenant(tenant);
  const buyer = partyOf(customer, {
    email: contact.email ?? null, individual: (customer.customer_type ?? contact.customerType) === 'individual', administrativeCentres: administrativeCentresOf(contact),
  });
  const seller = partyOf({ ...issuer, country: issuer.country || 'ES' }, { registry: registry ? registryLine(registry) : null });
  const hasK = lines.some((l) => l.vat.category === 'K');
  return {
    typeCode,
    number: record.number,
    series: record.series,
    issueDate: record.issueDate,
    operationDate: record.operationDate && record.operationDate !== record.issueDate ? record.operationDate : null,
    dueDate: record.dueDate,
    paymentTerms: record.dueDate ? null : 'Pago a la recepción de la factura',
    deliveryCountry: hasK ? buyer.address.country : null,
    currency: DOCUMENT_CURRENCY,
    buyerReference: null,
    notes: record.notes?.trim() ? [record.notes.trim()] : [],
    seller,
    buyer,
    lines,
    vat,
    withholdings,
    totals: {
      lineTotal: money(lineTotal), taxExclusive: money(lineTotal), vatTotal: money(vatTotal), surchargeTotal: money(surchargeTotal),
      taxInclusive: money(taxInclusive), withholdingTotal: money(withholdingTotal), prepaid: '0.00', payable: money(payable),
    },
    payment: paymentOf((tenant.defaultPaymentMethod ?? null) as PaymentMethod | null, account?.iban ?? null, record.dueDate),
    corrects: original ? {
      number: original.number ?? '',
      series: original.series,
      issueDate: original.issueDate,
      reasonCode: REASON_CODE[record.rectificationGround ?? 'error'],
      reasonText: record.rectificationReason ?? 'Rectificación',
      method: record.rectificationMode === 'substitution' ? '01' : '02',
    } : null,
    legends: legendsOf(record, types),
  };
}

function lineOf(line: InvoiceLineRecord, index: number, types: ReadonlyMap<string, TaxTypeInfo>, signed: (value: Decimal) => Decimal): EInvoiceLine {
  const type = types.get(line.taxTypeId)!;
  // The sign lives in the quantity: a unit price is never negative (BR-27).
  let quantity = signed(line.quantity);
  let price = line.unitPrice;
  if (price.isNegative()) { price = price.negate(); quantity = quantity.negate(); }
  const net = signed(line.base);
  const gross = quantity.mul(price).round(2);
  const discounted = !line.discountPct.isZero();
  const { category, exemptionReason, exemptionCode } = vatCategoryOf(type, line.nature);
  return {
    id: String(line.lineNo),
    description: line.description,
    quantity: trimDecimal(quantity.toString()),
    unitCode: 'C62',
    unitPrice: trimDecimal(price.toString(), 2),
    discountPct: discounted ? money(line.discountPct) : null,
    discountAmount: discounted ? money(gross.sub(net)) : null,
    netAmount: money(net),
    vat: { category, rate: money(type.rate), exemptionReason, exemptionCode },
    surchargeRate: line.surchargeRate ? money(line.surchargeRate) : null,
    withholdingRate: line.withholdingRate ? money(line.withholdingRate) : null,
  };
}

/** VAT groups per category, rate and recargo rate, from the lines' allocated shares (which add up to the invoice's taxes). */
function vatGroupsOf(record: InvoiceRecord, types: ReadonlyMap<string, TaxTypeInfo>, lines: EInvoiceLine[], signed: (value: Decimal) => Decimal): EInvoiceVat[] {
  const groups = new Map<string, { vat: EInvoiceVat; base: Decimal; amount: Decimal; surcharge: Decimal }>();
  record.lines.forEach((line, i) => {
    const model = lines[i];
    const key = `${model.vat.category}|${model.vat.rate}|${model.surchargeRate ?? ''}|${types.get(line.taxTypeId)!.code}`;
    const group = groups.get(key) ?? {
      vat: { category: model.vat.category, rate: model.vat.rate, base: '', amount: '', surchargeRate: model.surchargeRate, surchargeAmount: null, exemptionReason: model.vat.exemptionReason ?? null, exemptionCode: model.vat.exemptionCode ?? null },
      base: ZERO, amount: ZERO, surcharge: ZERO,
    };
    group.base = group.base.add(signed(line.base));
    group.amount = group.amount.add(signed(line.taxAmount));
    group.surcharge = group.surcharge.add(signed(line.surchargeAmount));
    groups.set(key, group);
  });
  return [...groups.values()].map(({ vat, base, amount, surcharge }) => ({
    ...vat, base: money(base), amount: money(amount), surchargeAmount: vat.surchargeRate ? money(surcharge) : null,
  }));
}

function withholdingsOf(record: InvoiceRecord, signed: (value: Decimal) => Decimal): EInvoiceWithholding[] {
  const byRate = new Map<string, { base: Decimal; amount: Decimal }>();
  for (const line of record.lines) {
    if (!line.withholdingRate) continue;
    const rate = money(line.withholdingRate);
    const entry = byRate.get(rate) ?? { base: ZERO, amount: ZERO };
    entry.base = entry.base.add(signed(line.base));
    entry.amount = entry.amount.add(signed(line.withholdingAmount));
    byRate.set(rate, entry);
  }
  return [...byRate].map(([rate, { base, amount }]) => ({ rate, base: money(base), amount: money(amount) }));
}

/** The model of the invoice `id` of the current tenant (404 when it is not one; 409 for a draft). */
export async function buildEInvoiceOf(kernel: Kernel, tx: Tx, id: string): Promise<EInvoice> {
  return buildEInvoice(kernel, tx, await InvoiceService.get(tx, id));
}
