import { Decimal } from '../../kernel/money';
import { en16931Of, type En16931Invoice } from './en16931';
import type { EInvoice, VatCategory } from './model';

/**
 * The EN 16931 business rules that apply to what Cuadra emits, checked by code over the invoice's
 * business terms (./en16931.ts): presence (BR-nn), consistency and totals (BR-CO-nn), decimals
 * (BR-DEC), and each VAT category's rules (BR-S, BR-Z, BR-E, BR-AE, BR-IC, BR-G, BR-O). Each
 * violation names its rule ("BR-CO-15: …"). The wording is ours; docs/domain/einvoices.md §4 lists
 * the rules and those left out (terms Cuadra never emits: document-level allowances, invoicing
 * periods, tax representatives, Canary Islands and Ceuta-Melilla categories).
 */

const d = (text: string) => Decimal.parse(text, 6);
const ONE = Decimal.parse('1');
const within = (a: Decimal, b: Decimal, tolerance: Decimal) => {
  const diff = a.sub(b);
  return (diff.isNegative() ? diff.negate() : diff).compare(tolerance) <= 0;
};
const sum = (values: string[]) => values.reduce((a, b) => a.add(d(b)), Decimal.zero(2));
const twoDecimals = (text: string) => /^-?\d+(\.\d{1,2})?$/.test(text);

/** ISO 3166-1 alpha-2 shape, and Greece's EL (BR-CO-09). */
const COUNTRY_PREFIX = /^(EL|[A-Z]{2})/;

const CATEGORY_RULE: Record<Exclude<VatCategory, 'L' | 'M' | 'B'>, string> = { S: 'BR-S', Z: 'BR-Z', E: 'BR-E', AE: 'BR-AE', K: 'BR-IC', G: 'BR-G', O: 'BR-O' };
const CATEGORY_NAME: Record<VatCategory, string> = {
  S: 'Standard rated', Z: 'Zero rated', E: 'Exempt from VAT', AE: 'Reverse charge', K: 'Intra-community supply', G: 'Export outside the EU', O: 'Not subject to VAT',
  L: 'IGIC', M: 'IPSI', B: 'Split payment',
};

/** Every violation of the rules by the model as written (empty when it complies). */
export function businessRuleViolations(invoice: EInvoice): string[] {
  return checkEn16931(en16931Of(invoice));
}

export function checkEn16931(inv: En16931Invoice): string[] {
  const out: string[] = [];
  const fail = (rule: string, text: string) => out.push(`${rule}: ${text}`);

  // Presence and cardinality.
  if (!inv.number?.trim()) fail('BR-02', 'an invoice shall have an invoice number (BT-1)');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(inv.issueDate ?? '')) fail('BR-03', 'an invoice shall have an issue date (BT-2)');
  if (!inv.typeCode) fail('BR-04', 'an invoice shall have a type code (BT-3)');
  if (!/^[A-Z]{3}$/.test(inv.currency ?? '')) fail('BR-05', 'an invoice shall have a currency code (BT-5)');
  if (!inv.seller.name?.trim()) fail('BR-06', 'an invoice shall contain the seller name (BT-27)');
  if (!inv.buyer.name?.trim()) fail('BR-07', 'an invoice shall contain the buyer name (BT-44)');
  if (!inv.seller.address?.country) fail('BR-09', 'the seller postal address shall contain a country code (BT-40)');
  if (!inv.buyer.address?.country) fail('BR-11', 'the buyer postal address shall contain a country code (BT-55)');
  if (!inv.lines.length) fail('BR-16', 'an invoice shall have at least one invoice line (BG-25)');
  inv.lines.forEach((line, i) => {
    const at = `line ${i + 1}`;
    if (!line.id?.trim()) fail('BR-21', `${at}: each invoice line shall have an identifier (BT-126)`);
    if (!line.quantity) fail('BR-22', `${at}: each invoice line shall have an invoiced quantity (BT-129)`);
    if (!line.unitCode) fail('BR-23', `${at}: an invoiced quantity shall have a unit of measure code (BT-130)`);
    if (!line.netAmount) fail('BR-24', `${at}: each invoice line shall have a net amount (BT-131)`);
    if (!line.name?.trim()) fail('BR-25', `${at}: each invoice line shall contain an item name (BT-153)`);
    if (!line.price) fail('BR-26', `${at}: each invoice line shall contain the item net price (BT-146)`);
    else if (d(line.price).isNegative()) fail('BR-27', `${at}: the item net price (BT-146) shall not be negative`);
    if (!line.category) fail('BR-CO-04', `${at}: each invoice line shall be categorised with a VAT category code (BT-151)`);
    if (line.allowance) {
      if (!line.allowance.amount) fail('BR-41', `${at}: each line allowance shall have an amount (BT-136)`);
      if (!line.allowance.reason) fail('BR-42', `${at}: each line allowance shall have a reason (BT-139) or reason code (BT-140)`);
    }
  });
  inv.charges.forEach((charge, i) => {
    if (!charge.amount) fail('BR-36', `charge ${i + 1}: each document level charge shall have an amount (BT-99)`);
    if (!charge.category) fail('BR-37', `charge ${i + 1}: each document level charge shall have a VAT category code (BT-102)`);
    if (!charge.reason) fail('BR-38', `charge ${i + 1}: each document level charge shall have a reason (BT-104) or reason code (BT-105)`);
  });
  inv.vat.forEach((group, i) => {
    const at = `VAT breakdown ${i + 1} (${group.category})`;
    if (!group.base) fail('BR-45', `${at}: each VAT breakdown shall have a taxable amount (BT-116)`);
    if (!group.amount) fail('BR-46', `${at}: each VAT breakdown shall have a tax amount (BT-117)`);
    if (!group.category) fail('BR-47', `${at}: each VAT breakdown shall be defined by a VAT category code (BT-118)`);
    if (group.category !== 'O' && group.rate == null) fail('BR-48', `${at}: each VAT breakdown shall have a VAT category rate (BT-119), except category O`);
  });
  if (inv.preceding && !inv.preceding.number?.trim()) fail('BR-55', 'each preceding invoice reference shall contain the preceding invoice number (BT-25)');
  if (inv.payment && ['30', '58'].includes(inv.payment.meansCode) && !inv.payment.iban) {
    fail('BR-61', 'a credit transfer (payment means 30 or 58) shall carry the payment account identifier (BT-84)');
  }

  // Decimals: every amount with at most two.
  const amounts: [string, string][] = [
    ['BT-106', inv.totals.lineTotal], ['BT-107', inv.totals.allowanceTotal], ['BT-108', inv.totals.chargeTotal], ['BT-109', inv.totals.taxExclusive],
    ['BT-110', inv.totals.vatTotal], ['BT-112', inv.totals.taxInclusive], ['BT-113', inv.totals.paid], ['BT-114', inv.totals.rounding], ['BT-115', inv.totals.payable],
    ...inv.lines.map((l) => ['BT-131', l.netAmount] as [string, string]),
    ...inv.vat.flatMap((g) => [['BT-116', g.base], ['BT-117', g.amount]] as [string, string][]),
    ...inv.charges.flatMap((c) => [['BT-99', c.amount], ['BT-100', c.base]] as [string, string][]),
  ];
  for (const [term, value] of amounts) if (!twoDecimals(value)) fail('BR-DEC', `the amount ${term} (${value}) has more than two decimals`);

  // VAT identifiers carry a country prefix.
  for (const [term, id] of [['BT-31', inv.seller.vatId], ['BT-48', inv.buyer.vatId]] as const) {
    if (id && !COUNTRY_PREFIX.test(id)) fail('BR-CO-09', `the VAT identifier ${term} (${id}) shall start with its country prefix (ISO 3166-1 alpha-2, EL for Greece)`);
  }

  // Totals.
  const t = inv.totals;
  const lineTotal = sum(inv.lines.map((l) => l.netAmount));
  if (!d(t.lineTotal).eq(lineTotal)) fail('BR-CO-10', `sum of invoice line net amounts (BT-106 ${t.lineTotal}) = Σ line net amounts (${lineTotal})`);
  if (!d(t.allowanceTotal).eq(Decimal.zero(2))) fail('BR-CO-11', `sum of document level allowances (BT-107 ${t.allowanceTotal}) = Σ document level allowances (0.00)`);
  const chargeTotal = sum(inv.charges.map((c) => c.amount));
  if (!d(t.chargeTotal).eq(chargeTotal)) fail('BR-CO-12', `sum of document level charges (BT-108 ${t.chargeTotal}) = Σ document level charges (${chargeTotal})`);
  const exclusive = d(t.lineTotal).sub(d(t.allowanceTotal)).add(d(t.chargeTotal));
  if (!d(t.taxExclusive).eq(exclusive)) fail('BR-CO-13', `invoice total without VAT (BT-109 ${t.taxExclusive}) = line total − allowances + charges (${exclusive})`);
  const vatTotal = sum(inv.vat.map((g) => g.amount));
  if (!d(t.vatTotal).eq(vatTotal)) fail('BR-CO-14', `invoice total VAT (BT-110 ${t.vatTotal}) = Σ VAT category tax amounts (${vatTotal})`);
  const inclusive = d(t.taxExclusive).add(d(t.vatTotal));
  if (!d(t.taxInclusive).eq(inclusive)) fail('BR-CO-15', `invoice total with VAT (BT-112 ${t.taxInclusive}) = total without VAT + VAT total (${inclusive})`);
  const payable = d(t.taxInclusive).sub(d(t.paid)).add(d(t.rounding));
  if (!d(t.payable).eq(payable)) fail('BR-CO-16', `amount due for payment (BT-115 ${t.payable}) = total with VAT − paid amount + rounding (${payable})`);
  for (const group of inv.vat) {
    if (group.rate == null) continue;
    const expected = d(group.base).percent(d(group.rate), 2);
    if (!within(d(group.amount), expected, ONE)) fail('BR-CO-17', `VAT category tax amount (BT-117 ${group.amount}) = taxable amount × rate / 100 (${expected}) for ${group.category} ${group.rate} %`);
  }
  // Cuadra's own check of the Spanish withholding, which EN 16931 does not know: its total is the sum of its groups.
  const withheld = sum(inv.withholdings.map((w) => w.amount));
  if (!d(t.paid).sub(withheld).eq(d(inv.prepaid))) fail('ES-IRPF', `the IRPF withheld (${withheld}) and the amount paid beforehand (${inv.prepaid}) make the paid amount (BT-113 ${t.paid})`);
  if (!inv.vat.length) fail('BR-CO-18', 'an invoice shall have at least one VAT breakdown group (BG-23)');
  if (d(t.payable).compare(Decimal.zero(2)) > 0 && !inv.dueDate && !inv.paymentTerms) fail('BR-CO-25', 'with an amount due (BT-115 > 0), the payment due date (BT-9) or the payment terms (BT-20) shall be present');
  if (!inv.seller.vatId && !inv.seller.legalId) fail('BR-CO-26', 'the seller identifier, legal registration identifier (BT-30) or VAT identifier (BT-31) shall be present');

  // Per VAT category.
  const categories = new Set<VatCategory>([...inv.lines.map((l) => l.category), ...inv.charges.map((c) => c.category)]);
  for (const category of categories) {
    if (category === 'L' || category === 'M' || category === 'B') {
      fail('BR-CO-04', `VAT category ${category} (${CATEGORY_NAME[category]}) is not emitted by Cuadra`);
      continue;
    }
    const rule = CATEGORY_RULE[category];
    const lines = inv.lines.filter((l) => l.category === category);
    const charges = inv.charges.filter((c) => c.category === category);
    const groups = inv.vat.filter((g) => g.category === category);
    const name = CATEGORY_NAME[category];
    if (category === 'S' ? groups.length < 1 : groups.length !== 1) {
      fail(`${rule}-01`, `an invoice with lines or charges of category ${category} (${name}) shall have ${category === 'S' ? 'at least' : 'exactly'} one VAT breakdown of that category`);
    }
    if (category === 'O') {
      if (inv.seller.vatId || inv.buyer.vatId) fail('BR-O-02', 'an invoice with lines not subject to VAT (O) shall not contain the seller or buyer VAT identifier');
      if (inv.lines.some((l) => l.category !== 'O') || inv.charges.some((c) => c.category !== 'O')) fail('BR-O-11', 'an invoice with category O shall not contain lines or charges of another VAT category');
      if (inv.vat.some((g) => g.category !== 'O')) fail('BR-O-14', 'an invoice with category O shall not have a VAT breakdown of another category');
    } else {
      if (!inv.seller.vatId) fail(`${rule}-02`, `an invoice with category ${category} (${name}) shall contain the seller VAT identifier (BT-31)`);
      if (category === 'AE' && !inv.buyer.vatId && !inv.buyer.legalId) fail('BR-AE-02', 'a reverse charge invoice shall contain the buyer VAT identifier (BT-48) or legal registration identifier (BT-47)');
      if (category === 'K' && !inv.buyer.vatId) fail('BR-IC-02', 'an intra-community supply shall contain the buyer VAT identifier (BT-48)');
    }
    for (const line of lines) {
      if (category === 'S' && (line.rate == null || d(line.rate).compare(Decimal.zero(2)) <= 0)) fail('BR-S-05', `line ${line.id}: a standard rated line shall have a VAT rate greater than zero`);
      if (category !== 'S' && category !== 'O' && (line.rate == null || !d(line.rate).isZero())) fail(`${rule}-05`, `line ${line.id}: a line of category ${category} shall have a VAT rate of 0`);
      if (category === 'O' && line.rate != null) fail('BR-O-05', `line ${line.id}: a line not subject to VAT shall have no VAT rate`);
    }
    for (const charge of charges) {
      if (category !== 'S' && category !== 'O' && !d(charge.rate).isZero()) fail(`${rule}-07`, `a charge of category ${category} shall have a VAT rate of 0`);
    }
    for (const group of groups) {
      const sameRate = (rate: string | null) => (rate == null ? group.rate == null : group.rate != null && d(rate).eq(d(group.rate)));
      const base = sum([...lines.filter((l) => sameRate(l.rate)).map((l) => l.netAmount), ...charges.filter((c) => sameRate(c.rate)).map((c) => c.amount)]);
      if (!d(group.base).eq(base)) fail(`${rule}-08`, `the taxable amount of category ${category}${group.rate ? ` at ${group.rate} %` : ''} (BT-116 ${group.base}) = Σ its line net amounts and charges (${base})`);
      if (category === 'S') {
        const expected = d(group.base).percent(d(group.rate ?? '0'), 2);
        if (!within(d(group.amount), expected, ONE)) fail('BR-S-09', `the VAT of category S at ${group.rate} % (BT-117 ${group.amount}) = taxable amount × rate (${expected})`);
      } else if (!d(group.amount).isZero()) fail(`${rule}-09`, `the VAT amount of category ${category} (BT-117 ${group.amount}) shall be 0`);
      const hasReason = !!(group.exemptionReason?.trim() || group.exemptionCode?.trim());
      if ((category === 'S' || category === 'Z') && hasReason) fail(`${rule}-10`, `a VAT breakdown of category ${category} shall not have an exemption reason (BT-120/BT-121)`);
      if (category !== 'S' && category !== 'Z' && !hasReason) fail(`${rule}-10`, `a VAT breakdown of category ${category} (${name}) shall have an exemption reason (BT-120) or code (BT-121)`);
    }
    if (category === 'K') {
      if (!inv.delivery?.date) fail('BR-IC-11', 'an intra-community supply shall state the actual delivery date (BT-72) or the invoicing period');
      if (!inv.delivery?.country) fail('BR-IC-12', 'an intra-community supply shall state the deliver-to country code (BT-80)');
    }
  }
  for (const group of inv.vat) {
    if (!categories.has(group.category)) fail(`${CATEGORY_RULE[group.category as keyof typeof CATEGORY_RULE] ?? 'BR-CO'}-08`, `VAT breakdown of category ${group.category} without lines or charges of that category`);
  }
  return out;
}
