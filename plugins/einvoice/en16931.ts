import { Decimal } from '../../kernel/money';
import type { EInvoice, EInvoiceParty, PostalAddress, VatCategory } from './model';
import { SURCHARGE_EXEMPTION_REASON, surchargeReason, withholdingNote } from './spanish-conventions';

/**
 * The e-invoice as EN 16931 sees it: the business terms (BT-n) a syntax bound to the standard
 * (UBL, CII) writes, and the business rules check (./rules.ts). EN 16931 knows VAT only, so the
 * two Spanish taxes of the model go where the standard leaves room (docs/domain/einvoices.md §3):
 *
 * - recargo de equivalencia: one document-level charge (BG-21) per VAT group that carries it, its
 *   base (BT-100), percentage (BT-101) and reason "Recargo de equivalencia 5.20 % (IVA S 21.00 %)"
 *   (BT-104), in VAT category E (it bears no VAT); BT-109 and BT-112 include it, as the invoice's
 *   total does (./spanish-conventions.ts);
 * - IRPF withholding: the paid amount (BT-113) includes it, so the amount due (BT-115) is what the
 *   buyer transfers; the withholding itself (rate, base, amount) is kept in `withholdings` for the
 *   syntaxes that carry it (UBL's WithholdingTaxTotal) and stated in a note (BT-22).
 *
 * Amounts are decimal strings with two decimals; nothing here is a JS number.
 */


export interface En16931Party {
  /** BT-27 / BT-44. */
  name: string;
  /** BT-31 / BT-48, with its ISO 3166-1 prefix ("ESB12345678"); null when none may or can be given. */
  vatId: string | null;
  /** BT-30 / BT-47: legal registration id (the NIF for a Spanish party). */
  legalId: string | null;
  /** BT-33: additional legal information (Registro Mercantil entry). */
  legalInfo: string | null;
  /** BT-34 / BT-49: electronic address and its EAS scheme (Peppol). */
  endpoint: { scheme: string; id: string } | null;
  address: PostalAddress;
  email: string | null;
}

export interface En16931Line {
  id: string;
  name: string;
  quantity: string;
  unitCode: string;
  /** BT-146 net price (before the line allowance: Cuadra's discount is a line allowance). */
  price: string;
  /** BT-136 / BT-138: the line's discount as an allowance, or null. */
  allowance: { amount: string; percent: string; base: string; reason: string } | null;
  /** BT-131. */
  netAmount: string;
  category: VatCategory;
  /** BT-152; null for category O. */
  rate: string | null;
}

export interface En16931Charge {
  /** BT-99 / BT-100 / BT-101 / BT-104 / BT-102 / BT-103. */
  amount: string;
  base: string;
  percent: string;
  reason: string;
  category: VatCategory;
  rate: string;
}

export interface En16931Vat {
  category: VatCategory;
  /** BT-119; null for category O. */
  rate: string | null;
  /** BT-116 / BT-117. */
  base: string;
  amount: string;
  /** BT-120 / BT-121. */
  exemptionReason: string | null;
  exemptionCode: string | null;
}

export interface En16931Invoice {
  typeCode: EInvoice['typeCode'];
  number: string;
  issueDate: string;
  dueDate: string | null;
  paymentTerms: string | null;
  currency: string;
  buyerReference: string | null;
  notes: string[];
  seller: En16931Party;
  buyer: En16931Party;
  /** BT-72 actual delivery date and BT-80 deliver-to country. */
  delivery: { date: string | null; country: string | null } | null;
  payment: EInvoice['payment'];
  /** BG-3: BT-25 / BT-26. */
  preceding: { number: string; issueDate: string } | null;
  lines: En16931Line[];
  charges: En16931Charge[];
  vat: En16931Vat[];
  totals: {
    lineTotal: string; allowanceTotal: string; chargeTotal: string; taxExclusive: string; vatTotal: string;
    taxInclusive: string; paid: string; rounding: string; payable: string;
  };
  /** Spanish IRPF withholdings (not an EN 16931 term): carried by syntaxes that have a place for them. */
  withholdings: EInvoice['withholdings'];
  /** What was paid beforehand, apart from the withholding (BT-113 = prepaid + withheld). */
  prepaid: string;
}

const d = (text: string) => Decimal.parse(text, 6);
const m = (value: Decimal) => value.round(2).toString();
const sum = (values: string[]) => values.reduce((a, b) => a.add(d(b)), Decimal.zero(2));

/** Peppol EAS code of each EU Member State's VAT number (Spain: 9920, the AEAT's scheme). */
const VAT_EAS: Record<string, string> = {
  AT: '9914', BE: '9925', BG: '9926', CY: '9928', CZ: '9929', DE: '9930', EE: '9931', EL: '9933', GR: '9933', ES: '9920',
  FR: '9957', HR: '9934', HU: '9910', IE: '9935', IT: '0211', LT: '9937', LU: '9938', LV: '9939', MT: '9943', NL: '9944',
  PL: '9945', PT: '9946', RO: '9947', SI: '9949', SK: '9950',
};

/** The party's VAT identifier with its prefix ("ES" + NIF for a Spanish party), or null. */
export function vatIdentifierOf(party: EInvoiceParty): string | null {
  if (!party.taxId) return null;
  if (party.taxIdKind === 'nif') return `ES${party.taxId}`;
  if (party.taxIdKind === 'eu_vat') return party.taxId;
  return null;
}

function endpointOf(party: EInvoiceParty, vatId: string | null): En16931Party['endpoint'] {
  if (vatId) {
    const prefix = vatId.slice(0, 2);
    const scheme = VAT_EAS[prefix];
    if (scheme) return { scheme, id: scheme === '0211' ? vatId.slice(2) : vatId };
  }
  return party.email ? { scheme: 'EM', id: party.email } : null;
}

function partyOf(party: EInvoiceParty, withVat: boolean): En16931Party {
  const vatId = vatIdentifierOf(party);
  return {
    name: party.name,
    vatId: withVat ? vatId : null,
    legalId: party.taxId,
    legalInfo: party.registry ?? null,
    endpoint: endpointOf(party, vatId),
    address: party.address,
    email: party.email ?? null,
  };
}

const groupKey = (category: VatCategory, rate: string | null) => `${category}|${rate ?? ''}`;

/** The model as EN 16931 business terms (see the header for recargo and IRPF). */
export function en16931Of(invoice: EInvoice): En16931Invoice {
  const hasO = invoice.lines.some((l) => l.vat.category === 'O');
  const lines: En16931Line[] = invoice.lines.map((line) => {
    const allowance = line.discountAmount && !d(line.discountAmount).isZero()
      ? { amount: line.discountAmount, percent: line.discountPct ?? '0.00', base: m(d(line.netAmount).add(d(line.discountAmount))), reason: 'Descuento' }
      : null;
    return {
      id: line.id, name: line.description, quantity: line.quantity, unitCode: line.unitCode, price: line.unitPrice, allowance,
      netAmount: line.netAmount, category: line.vat.category, rate: line.vat.category === 'O' ? null : line.vat.rate,
    };
  });

  // VAT breakdown: one group per category and rate (the model may split a rate by recargo).
  const groups = new Map<string, En16931Vat>();
  for (const vat of invoice.vat) {
    const rate = vat.category === 'O' ? null : vat.rate;
    const key = groupKey(vat.category, rate);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { category: vat.category, rate, base: m(d(vat.base)), amount: m(d(vat.amount)), exemptionReason: vat.exemptionReason ?? null, exemptionCode: vat.exemptionCode ?? null });
      continue;
    }
    group.base = m(d(group.base).add(d(vat.base)));
    group.amount = m(d(group.amount).add(d(vat.amount)));
    if (vat.exemptionReason && !group.exemptionReason?.includes(vat.exemptionReason)) group.exemptionReason = [group.exemptionReason, vat.exemptionReason].filter(Boolean).join('; ');
  }

  // Recargo de equivalencia: a charge per VAT group that carries it, in category E (spanish-conventions.ts).
  const charges: En16931Charge[] = invoice.vat.filter((vat) => vat.surchargeRate && vat.surchargeAmount && !d(vat.surchargeAmount).isZero()).map((vat) => ({
    amount: m(d(vat.surchargeAmount!)), base: m(d(vat.base)), percent: vat.surchargeRate!, reason: surchargeReason(vat.surchargeRate!, vat.category, vat.rate), category: 'E', rate: '0.00',
  }));
  if (charges.length) {
    const key = groupKey('E', '0.00');
    const chargeTotal = sum(charges.map((c) => c.amount));
    const group = groups.get(key);
    if (group) {
      group.base = m(d(group.base).add(chargeTotal));
      group.exemptionReason = [group.exemptionReason, SURCHARGE_EXEMPTION_REASON].filter(Boolean).join('; ');
    } else {
      groups.set(key, { category: 'E', rate: '0.00', base: m(chargeTotal), amount: '0.00', exemptionReason: SURCHARGE_EXEMPTION_REASON, exemptionCode: null });
    }
  }

  // Totals as the model declares them (the rules compare them with the sums of lines, groups, charges).
  const t = invoice.totals;
  const chargeTotal = d(t.surchargeTotal);
  const vatGroups = [...groups.values()];
  const paid = d(t.prepaid).add(d(t.withholdingTotal));

  const notes = [...invoice.notes, ...invoice.legends];
  if (invoice.corrects) notes.unshift(`Factura rectificativa de la factura ${invoice.corrects.number} de ${invoice.corrects.issueDate}: ${invoice.corrects.reasonText}`);
  for (const w of invoice.withholdings) notes.push(withholdingNote(w.rate, w.base, w.amount));
  const hasK = invoice.lines.some((l) => l.vat.category === 'K');
  return {
    typeCode: invoice.typeCode,
    number: invoice.number,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    paymentTerms: invoice.paymentTerms ?? null,
    currency: invoice.currency,
    buyerReference: invoice.buyerReference,
    notes,
    seller: partyOf(invoice.seller, !hasO),
    buyer: partyOf(invoice.buyer, !hasO),
    delivery: invoice.operationDate || hasK ? { date: invoice.operationDate ?? (hasK ? invoice.issueDate : null), country: invoice.deliveryCountry ?? (hasK ? invoice.buyer.address.country : null) } : null,
    payment: invoice.payment,
    preceding: invoice.corrects ? { number: invoice.corrects.number, issueDate: invoice.corrects.issueDate } : null,
    lines,
    charges,
    vat: vatGroups,
    totals: {
      lineTotal: m(d(t.lineTotal)), allowanceTotal: '0.00', chargeTotal: m(chargeTotal), taxExclusive: m(d(t.taxExclusive).add(chargeTotal)), vatTotal: m(d(t.vatTotal)),
      taxInclusive: m(d(t.taxInclusive)), paid: m(paid), rounding: '0.00', payable: m(d(t.payable)),
    },
    withholdings: invoice.withholdings,
    prepaid: m(d(t.prepaid)),
  };
}
