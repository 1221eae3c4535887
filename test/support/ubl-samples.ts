import { Decimal } from '../../kernel/money';

/**
 * UBL 2.1 invoices and credit notes written for the tests from the facts of Peppol BIS Billing 3.0
 * (element names and order, the EN 16931 sums): a small description in, the XML out, with every
 * total computed here (VAT per category and rate on the summed bases, rounded half away from zero)
 * unless a test asks for a wrong one.
 */

export interface SampleParty { name: string; vat: string | null; country: string; city?: string; street?: string; postalCode?: string }
export interface SampleLine {
  name: string; quantity: string; price: string; unitCode?: string; category?: string; rate?: string; exemptionReason?: string;
  /** A line allowance: its amount, and the percentage it is of quantity × price when given as one. */
  allowance?: { amount: string; pct?: string };
  /** This line is subject to the withholding (IRPF) at this rate (a second ClassifiedTaxCategory). */
  withholdingRate?: string;
}
export interface SampleInvoice {
  kind?: 'Invoice' | 'CreditNote';
  number: string;
  issueDate: string;
  dueDate?: string;
  seller: SampleParty | null;
  buyer: SampleParty;
  lines: SampleLine[];
  /** Document-level allowances (BG-20). */
  allowances?: { amount: string; reason: string; category?: string; rate?: string }[];
  /** Document-level charges (BG-21). */
  charges?: { amount: string; reason: string; category?: string; rate?: string }[];
  /** BT-113: an amount already paid, deducted from the payable amount. */
  prepaid?: string;
  /** IRPF withheld (cac:WithholdingTaxTotal): the rate; base = the lines marked, or every line. */
  withholdingRate?: string;
  billingReference?: { number: string; issueDate: string };
  iban?: string;
  /** Totals written instead of the right ones (to see a file refused). */
  wrong?: { payable?: string; taxInclusive?: string; lineExtension?: string };
}

const D = (s: string) => Decimal.parse(s, 6);
const m = (d: Decimal) => d.round(2).toString();
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface SampleTotals { lineExtension: string; allowances: string; charges: string; prepaid: string; taxExclusive: string; vat: string; taxInclusive: string; withheld: string; payable: string; groups: { category: string; rate: string; base: string; amount: string }[] }

/** The sample's amounts as EN 16931 computes them. */
export function sampleTotals(sample: SampleInvoice): SampleTotals & { nets: string[] } {
  const nets = sample.lines.map((l) => D(l.quantity).mul(D(l.price)).round(2).sub(D(l.allowance?.amount ?? '0')).round(2));
  const groups = new Map<string, { category: string; rate: string; base: Decimal }>();
  const add = (category: string, rate: string, amount: Decimal) => {
    const key = `${category}|${rate}`;
    const g = groups.get(key) ?? { category, rate, base: Decimal.zero(2) };
    g.base = g.base.add(amount);
    groups.set(key, g);
  };
  sample.lines.forEach((l, i) => add(l.category ?? 'S', l.rate ?? '21', nets[i]));
  for (const a of sample.allowances ?? []) add(a.category ?? 'S', a.rate ?? '21', D(a.amount).negate());
  for (const c of sample.charges ?? []) add(c.category ?? 'S', c.rate ?? '21', D(c.amount));
  const lineExtension = nets.reduce((a, b) => a.add(b), Decimal.zero(2));
  const allowances = (sample.allowances ?? []).reduce((a, b) => a.add(D(b.amount)), Decimal.zero(2));
  const charges = (sample.charges ?? []).reduce((a, b) => a.add(D(b.amount)), Decimal.zero(2));
  const prepaid = D(sample.prepaid ?? '0');
  const taxExclusive = lineExtension.sub(allowances).add(charges);
  const vatGroups = [...groups.values()].map((g) => ({ category: g.category, rate: g.rate, base: m(g.base), amount: m(g.base.percent(D(g.rate), 2)) }));
  const vat = vatGroups.reduce((a, g) => a.add(D(g.amount)), Decimal.zero(2));
  const taxInclusive = taxExclusive.add(vat);
  let withheld = Decimal.zero(2);
  if (sample.withholdingRate) {
    const marked = sample.lines.some((l) => l.withholdingRate);
    const base = sample.lines.reduce((a, l, i) => (!marked || l.withholdingRate ? a.add(nets[i]) : a), Decimal.zero(2)).sub(marked ? Decimal.zero(2) : allowances.sub(charges));
    withheld = base.percent(D(sample.withholdingRate), 2);
  }
  return {
    nets: nets.map(m), lineExtension: m(lineExtension), allowances: m(allowances), charges: m(charges), prepaid: m(prepaid), taxExclusive: m(taxExclusive), vat: m(vat), taxInclusive: m(taxInclusive),
    withheld: m(withheld), payable: m(taxInclusive.sub(prepaid).sub(withheld)), groups: vatGroups,
  };
}

function party(p: SampleParty): string {
  return `<cac:Party>
      ${p.vat ? `<cbc:EndpointID schemeID="${p.vat.startsWith('ES') ? '9920' : '9930'}">${p.vat}</cbc:EndpointID>` : ''}
      <cac:PartyName><cbc:Name>${esc(p.name)}</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        <cbc:StreetName>${esc(p.street ?? 'Calle Mayor 1')}</cbc:StreetName>
        <cbc:CityName>${esc(p.city ?? 'Madrid')}</cbc:CityName>
        <cbc:PostalZone>${p.postalCode ?? '28001'}</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>${p.country}</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      ${p.vat ? `<cac:PartyTaxScheme><cbc:CompanyID>${p.vat}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` : ''}
      <cac:PartyLegalEntity><cbc:RegistrationName>${esc(p.name)}</cbc:RegistrationName></cac:PartyLegalEntity>
    </cac:Party>`;
}

const category = (tag: string, id: string, rate: string, reason?: string) =>
  `<cac:${tag}><cbc:ID>${id}</cbc:ID><cbc:Percent>${rate}</cbc:Percent>${reason ? `<cbc:TaxExemptionReason>${esc(reason)}</cbc:TaxExemptionReason>` : ''}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${tag}>`;

/** The sample as UBL 2.1 XML (UTF-8 bytes). */
export function ublXml(sample: SampleInvoice): string {
  const credit = sample.kind === 'CreditNote';
  const root = credit ? 'CreditNote' : 'Invoice';
  const t = sampleTotals(sample);
  const cur = 'currencyID="EUR"';
  const reasonOf = (cat: string, rate: string) => sample.lines.find((l) => (l.category ?? 'S') === cat && (l.rate ?? '21') === rate)?.exemptionReason;
  const lines = sample.lines.map((l, i) => `
  <cac:${root}Line>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:${credit ? 'CreditedQuantity' : 'InvoicedQuantity'} unitCode="${l.unitCode ?? 'C62'}">${l.quantity}</cbc:${credit ? 'CreditedQuantity' : 'InvoicedQuantity'}>
    <cbc:LineExtensionAmount ${cur}>${t.nets[i]}</cbc:LineExtensionAmount>
    ${l.allowance ? `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Descuento</cbc:AllowanceChargeReason>${l.allowance.pct ? `<cbc:MultiplierFactorNumeric>${l.allowance.pct}</cbc:MultiplierFactorNumeric>` : ''}<cbc:Amount ${cur}>${l.allowance.amount}</cbc:Amount>${l.allowance.pct ? `<cbc:BaseAmount ${cur}>${m(D(l.quantity).mul(D(l.price)))}</cbc:BaseAmount>` : ''}</cac:AllowanceCharge>` : ''}
    <cac:Item>
      <cbc:Name>${esc(l.name)}</cbc:Name>
      ${category('ClassifiedTaxCategory', l.category ?? 'S', l.rate ?? '21')}
      ${l.withholdingRate ? `<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>${l.withholdingRate}</cbc:Percent><cac:TaxScheme><cbc:ID>IRPF</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>` : ''}
    </cac:Item>
    <cac:Price><cbc:PriceAmount ${cur}>${l.price}</cbc:PriceAmount></cac:Price>
  </cac:${root}Line>`).join('');
  const withholdingBase = sample.withholdingRate ? m(baseOfWithholding(sample, t)) : null;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>${esc(sample.number)}</cbc:ID>
  <cbc:IssueDate>${sample.issueDate}</cbc:IssueDate>
  ${!credit && sample.dueDate ? `<cbc:DueDate>${sample.dueDate}</cbc:DueDate>` : ''}
  <cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>${credit ? '381' : '380'}</cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}>
  ${credit ? '<cbc:Note>Devolución de mercancía</cbc:Note>' : ''}
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cbc:BuyerReference>REF-1</cbc:BuyerReference>
  ${sample.billingReference ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${esc(sample.billingReference.number)}</cbc:ID><cbc:IssueDate>${sample.billingReference.issueDate}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>` : ''}
  ${sample.seller ? `<cac:AccountingSupplierParty>${party(sample.seller)}</cac:AccountingSupplierParty>` : ''}
  <cac:AccountingCustomerParty>${party(sample.buyer)}</cac:AccountingCustomerParty>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>
    ${credit && sample.dueDate ? `<cbc:PaymentDueDate>${sample.dueDate}</cbc:PaymentDueDate>` : ''}
    ${sample.iban ? `<cac:PayeeFinancialAccount><cbc:ID>${sample.iban}</cbc:ID></cac:PayeeFinancialAccount>` : ''}
  </cac:PaymentMeans>
  <cac:PaymentTerms><cbc:Note>30 días</cbc:Note></cac:PaymentTerms>
  ${[...(sample.charges ?? []).map((c) => ({ ...c, isCharge: true })), ...(sample.allowances ?? []).map((a) => ({ ...a, isCharge: false }))].map((a) => `<cac:AllowanceCharge><cbc:ChargeIndicator>${a.isCharge}</cbc:ChargeIndicator><cbc:AllowanceChargeReason>${esc(a.reason)}</cbc:AllowanceChargeReason><cbc:Amount ${cur}>${a.amount}</cbc:Amount>${category('TaxCategory', a.category ?? 'S', a.rate ?? '21')}</cac:AllowanceCharge>`).join('')}
  <cac:TaxTotal>
    <cbc:TaxAmount ${cur}>${t.vat}</cbc:TaxAmount>
    ${t.groups.map((g) => `<cac:TaxSubtotal><cbc:TaxableAmount ${cur}>${g.base}</cbc:TaxableAmount><cbc:TaxAmount ${cur}>${g.amount}</cbc:TaxAmount>${category('TaxCategory', g.category, g.rate, reasonOf(g.category, g.rate))}</cac:TaxSubtotal>`).join('')}
  </cac:TaxTotal>
  ${sample.withholdingRate ? `<cac:WithholdingTaxTotal><cbc:TaxAmount ${cur}>${t.withheld}</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount ${cur}>${withholdingBase}</cbc:TaxableAmount><cbc:TaxAmount ${cur}>${t.withheld}</cbc:TaxAmount><cac:TaxCategory><cbc:Percent>${sample.withholdingRate}</cbc:Percent><cac:TaxScheme><cbc:ID>IRPF</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:WithholdingTaxTotal>` : ''}
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount ${cur}>${sample.wrong?.lineExtension ?? t.lineExtension}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount ${cur}>${t.taxExclusive}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount ${cur}>${sample.wrong?.taxInclusive ?? t.taxInclusive}</cbc:TaxInclusiveAmount>
    ${sample.allowances?.length ? `<cbc:AllowanceTotalAmount ${cur}>${t.allowances}</cbc:AllowanceTotalAmount>` : ''}
    ${sample.charges?.length ? `<cbc:ChargeTotalAmount ${cur}>${t.charges}</cbc:ChargeTotalAmount>` : ''}
    ${sample.prepaid ? `<cbc:PrepaidAmount ${cur}>${t.prepaid}</cbc:PrepaidAmount>` : ''}
    <cbc:PayableAmount ${cur}>${sample.wrong?.payable ?? t.payable}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>${lines}
</${root}>
`;
}

function baseOfWithholding(sample: SampleInvoice, t: ReturnType<typeof sampleTotals>): Decimal {
  const marked = sample.lines.some((l) => l.withholdingRate);
  if (!marked) return D(t.taxExclusive);
  return sample.lines.reduce((a, l, i) => (l.withholdingRate ? a.add(D(t.nets[i])) : a), Decimal.zero(2));
}

export const ublBytes = (sample: SampleInvoice) => Buffer.from(ublXml(sample), 'utf8');
