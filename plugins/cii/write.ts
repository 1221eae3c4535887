import { Decimal, money, sumMoney } from '../../kernel/money';
import { UnprocessableEInvoice, type EInvoice, type EInvoiceLine, type EInvoiceParty, type EInvoiceVat, type WriteOptions } from '../einvoice/api';
import {
  ATTRIBUTE, correctionNote, DISCOUNT_REASON, DISCOUNT_REASON_CODE, EN16931_GUIDELINE, normaliseRate, NS, SUBJECT,
  SURCHARGE_EXEMPTION_REASON, surchargeReason, withholdingNote, xmlText,
} from './conventions';

/**
 * An e-invoice as a UN/CEFACT Cross Industry Invoice (D16B, `rsm:CrossIndustryInvoice`) under
 * EN 16931 (BT-24 `urn:cen.eu:en16931:2017`), in the element order of the CII schema. Amounts are
 * written from the model's decimal strings, never through a number. The Spanish parts travel as
 * conventions.ts describes.
 */
export async function writeCii(invoice: EInvoice, _options: WriteOptions): Promise<Uint8Array> {
  try {
    return new TextEncoder().encode(ciiXml(invoice));
  } catch (error) {
    // A model value that is not a decimal where one is required: the invoice cannot be written.
    if (error instanceof RangeError) throw new UnprocessableEInvoice(error.message);
    throw error;
  }
}

const amount = (text: string): string => {
  try {
    return money(text).toString();
  } catch {
    throw new UnprocessableEInvoice(`"${text}" is not an amount with at most two decimals`);
  }
};
const decimal = (text: string, what: string): string => {
  try {
    return Decimal.parse(text, 6).toString();
  } catch {
    throw new UnprocessableEInvoice(`The ${what} "${text}" is not a decimal number`);
  }
};
const rate = (text: string): string => {
  try {
    return normaliseRate(text);
  } catch {
    throw new UnprocessableEInvoice(`The rate "${text}" is not a decimal number`);
  }
};

/** `<ram:name>text</ram:name>`, nothing for an empty value. */
const el = (name: string, text: string | null | undefined, attributes = ''): string =>
  text == null || text === '' ? '' : `<${name}${attributes}>${xmlText(text)}</${name}>`;
const date102 = (tag: string, iso: string, prefix = 'udt'): string =>
  `<${tag}><${prefix}:DateTimeString format="102">${iso.replaceAll('-', '')}</${prefix}:DateTimeString></${tag}>`;
const indicator = (value: boolean) => `<ram:ChargeIndicator><udt:Indicator>${value}</udt:Indicator></ram:ChargeIndicator>`;

export function ciiXml(invoice: EInvoice): string {
  const surcharged = invoice.vat.filter((group) => group.surchargeAmount != null && !money(group.surchargeAmount).isZero());
  const notes = [
    ...invoice.notes.map((content) => note(content, null)),
    ...invoice.legends.map((content) => note(content, SUBJECT.legend)),
    ...(invoice.corrects ? [note(correctionNote(invoice.corrects.number, invoice.corrects.reasonCode, invoice.corrects.method, invoice.corrects.reasonText), SUBJECT.correction)] : []),
    ...invoice.withholdings.map((w) => note(withholdingNote(rate(w.rate), amount(w.base), amount(w.amount)), SUBJECT.withholding)),
  ];
  return '<?xml version="1.0" encoding="UTF-8"?>\n'
    + `<rsm:CrossIndustryInvoice xmlns:rsm="${NS.rsm}" xmlns:ram="${NS.ram}" xmlns:qdt="${NS.qdt}" xmlns:udt="${NS.udt}">`
    + `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${EN16931_GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>`
    + '<rsm:ExchangedDocument>'
    + el('ram:ID', invoice.number)
    + el('ram:TypeCode', invoice.typeCode)
    + date102('ram:IssueDateTime', invoice.issueDate)
    + notes.join('')
    + '</rsm:ExchangedDocument>'
    + '<rsm:SupplyChainTradeTransaction>'
    + invoice.lines.map(line).join('')
    + '<ram:ApplicableHeaderTradeAgreement>'
    + el('ram:BuyerReference', invoice.buyerReference)
    + party('ram:SellerTradeParty', invoice.seller, true)
    + party('ram:BuyerTradeParty', invoice.buyer, false)
    + '</ram:ApplicableHeaderTradeAgreement>'
    + delivery(invoice)
    + settlement(invoice, surcharged)
    + '</rsm:SupplyChainTradeTransaction>'
    + '</rsm:CrossIndustryInvoice>\n';
}

const note = (content: string, subject: string | null) => `<ram:IncludedNote>${el('ram:Content', content)}${el('ram:SubjectCode', subject)}</ram:IncludedNote>`;

function line(item: EInvoiceLine): string {
  const attributes = [
    item.surchargeRate != null ? characteristic(ATTRIBUTE.surcharge, rate(item.surchargeRate)) : '',
    item.withholdingRate != null ? characteristic(ATTRIBUTE.withholding, rate(item.withholdingRate)) : '',
  ].join('');
  const discount = item.discountAmount != null && !money(item.discountAmount).isZero()
    ? '<ram:SpecifiedTradeAllowanceCharge>' + indicator(false)
      + el('ram:CalculationPercent', item.discountPct != null ? rate(item.discountPct) : null)
      + (item.discountPct != null ? el('ram:BasisAmount', Decimal.parse(decimal(item.quantity, 'quantity')).mul(Decimal.parse(decimal(item.unitPrice, 'unit price'))).round(2).toString()) : '')
      + el('ram:ActualAmount', amount(item.discountAmount))
      + el('ram:ReasonCode', DISCOUNT_REASON_CODE)
      + el('ram:Reason', DISCOUNT_REASON)
      + '</ram:SpecifiedTradeAllowanceCharge>'
    : '';
  return '<ram:IncludedSupplyChainTradeLineItem>'
    + `<ram:AssociatedDocumentLineDocument>${el('ram:LineID', item.id)}</ram:AssociatedDocumentLineDocument>`
    + `<ram:SpecifiedTradeProduct>${el('ram:Name', item.description)}${attributes}</ram:SpecifiedTradeProduct>`
    + `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice>${el('ram:ChargeAmount', decimal(item.unitPrice, 'unit price'))}</ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>`
    + `<ram:SpecifiedLineTradeDelivery>${el('ram:BilledQuantity', decimal(item.quantity, 'quantity'), ` unitCode="${xmlText(item.unitCode)}"`)}</ram:SpecifiedLineTradeDelivery>`
    + '<ram:SpecifiedLineTradeSettlement>'
    + tradeTax(null, item.vat.category, item.vat.rate, null, null, null)
    + discount
    + `<ram:SpecifiedTradeSettlementLineMonetarySummation>${el('ram:LineTotalAmount', amount(item.netAmount))}</ram:SpecifiedTradeSettlementLineMonetarySummation>`
    + '</ram:SpecifiedLineTradeSettlement>'
    + '</ram:IncludedSupplyChainTradeLineItem>';
}

const characteristic = (name: string, value: string) =>
  `<ram:ApplicableProductCharacteristic>${el('ram:Description', name)}${el('ram:Value', value)}</ram:ApplicableProductCharacteristic>`;

/** A TradeTax in the schema's order; category O (not subject) carries no rate (BR-O-05, BR-O-10). */
function tradeTax(calculated: string | null, category: string, vatRate: string, reason: string | null, base: string | null, reasonCode: string | null, tag = 'ram:ApplicableTradeTax'): string {
  return `<${tag}>`
    + el('ram:CalculatedAmount', calculated)
    + '<ram:TypeCode>VAT</ram:TypeCode>'
    + el('ram:ExemptionReason', reason)
    + el('ram:BasisAmount', base)
    + el('ram:CategoryCode', category)
    + el('ram:ExemptionReasonCode', reasonCode)
    + (category === 'O' ? '' : el('ram:RateApplicablePercent', rate(vatRate)))
    + `</${tag}>`;
}

function party(tag: string, who: EInvoiceParty, seller: boolean): string {
  const a = who.address;
  const registrations: string[] = [];
  let legalId = '';
  if (who.taxId) {
    if (who.taxIdKind === 'nif') registrations.push(el('ram:ID', who.taxId.startsWith('ES') && who.taxId.length > 9 ? who.taxId : `ES${who.taxId}`, ' schemeID="VA"'));
    else if (who.taxIdKind === 'eu_vat') registrations.push(el('ram:ID', who.taxId, ' schemeID="VA"'));
    else if (seller) registrations.push(el('ram:ID', who.taxId, ' schemeID="FC"'));
    else legalId = `<ram:SpecifiedLegalOrganization>${el('ram:ID', who.taxId)}</ram:SpecifiedLegalOrganization>`;
  }
  return `<${tag}>`
    + el('ram:Name', who.name)
    + (seller ? el('ram:Description', who.registry) : '')
    + legalId
    + '<ram:PostalTradeAddress>'
    + el('ram:PostcodeCode', a.postalCode)
    + el('ram:LineOne', a.line)
    + el('ram:CityName', a.city)
    + el('ram:CountryID', a.country)
    + el('ram:CountrySubDivisionName', a.province)
    + '</ram:PostalTradeAddress>'
    + (who.email ? `<ram:URIUniversalCommunication>${el('ram:URIID', who.email, ' schemeID="EM"')}</ram:URIUniversalCommunication>` : '')
    + registrations.map((r) => `<ram:SpecifiedTaxRegistration>${r}</ram:SpecifiedTaxRegistration>`).join('')
    + `</${tag}>`;
}

/**
 * BG-13. An intra-community supply needs the actual delivery date (BR-IC-11) and the deliver-to
 * country (BR-IC-12): the operation date, else the issue date, and the buyer's country. Otherwise
 * the delivery date is written only when the operation date differs from the issue date.
 */
function delivery(invoice: EInvoice): string {
  const intraCommunity = invoice.vat.some((group) => group.category === 'K');
  const day = invoice.operationDate ?? (intraCommunity ? invoice.issueDate : null);
  return '<ram:ApplicableHeaderTradeDelivery>'
    + (intraCommunity ? `<ram:ShipToTradeParty><ram:PostalTradeAddress>${el('ram:CountryID', invoice.buyer.address.country)}</ram:PostalTradeAddress></ram:ShipToTradeParty>` : '')
    + (day ? `<ram:ActualDeliverySupplyChainEvent>${date102('ram:OccurrenceDateTime', day)}</ram:ActualDeliverySupplyChainEvent>` : '')
    + '</ram:ApplicableHeaderTradeDelivery>';
}

function settlement(invoice: EInvoice, surcharged: readonly EInvoiceVat[]): string {
  const t = invoice.totals;
  const surchargeTotal = sumMoney(surcharged.map((group) => money(group.surchargeAmount!)));
  // The recargo charges fall in VAT category E at 0 %: in the exempt group the invoice already has, or in one of their own.
  // One breakdown per category and rate (the model splits a rate by recargo; EN 16931 does not).
  const groups: (Omit<EInvoiceVat, 'base'> & { base: Decimal })[] = [];
  for (const group of invoice.vat) {
    const same = groups.find((g) => g.category === group.category && money(g.rate).eq(money(group.rate)));
    if (!same) groups.push({ ...group, base: money(group.base), surchargeRate: null, surchargeAmount: null });
    else {
      same.base = same.base.add(money(group.base));
      same.amount = money(same.amount).add(money(group.amount)).toString();
    }
  }
  if (!surchargeTotal.isZero()) {
    const exempt = groups.find((group) => group.category === 'E');
    if (exempt) exempt.base = exempt.base.add(surchargeTotal);
    else groups.push({ category: 'E', rate: '0.00', base: surchargeTotal, amount: '0.00', exemptionReason: SURCHARGE_EXEMPTION_REASON, exemptionCode: null });
  }
  const withheldAndPaid = money(t.prepaid).add(money(t.withholdingTotal));
  return '<ram:ApplicableHeaderTradeSettlement>'
    + el('ram:InvoiceCurrencyCode', invoice.currency)
    + paymentMeans(invoice)
    + groups.map((group) => tradeTax(amount(group.amount), group.category, group.rate, group.exemptionReason ?? null, group.base.toString(), group.exemptionCode ?? null)).join('')
    + surcharged.map((group) => '<ram:SpecifiedTradeAllowanceCharge>' + indicator(true)
      + el('ram:CalculationPercent', rate(group.surchargeRate ?? '0'))
      + el('ram:BasisAmount', amount(group.base))
      + el('ram:ActualAmount', amount(group.surchargeAmount!))
      + el('ram:Reason', surchargeReason(rate(group.surchargeRate ?? '0'), group.category, rate(group.rate)))
      + tradeTax(null, 'E', '0', null, null, null, 'ram:CategoryTradeTax')
      + '</ram:SpecifiedTradeAllowanceCharge>').join('')
    + paymentTerms(invoice)
    + '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>'
    + el('ram:LineTotalAmount', amount(t.lineTotal))
    + (surchargeTotal.isZero() ? '' : el('ram:ChargeTotalAmount', surchargeTotal.toString()))
    + el('ram:TaxBasisTotalAmount', money(t.taxExclusive).add(surchargeTotal).toString())
    + el('ram:TaxTotalAmount', amount(t.vatTotal), ` currencyID="${xmlText(invoice.currency)}"`)
    + el('ram:GrandTotalAmount', amount(t.taxInclusive))
    + (withheldAndPaid.isZero() ? '' : el('ram:TotalPrepaidAmount', withheldAndPaid.toString()))
    + el('ram:DuePayableAmount', amount(t.payable))
    + '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>'
    + (invoice.corrects
      ? `<ram:InvoiceReferencedDocument>${el('ram:IssuerAssignedID', invoice.corrects.number)}${date102('ram:FormattedIssueDateTime', invoice.corrects.issueDate, 'qdt')}</ram:InvoiceReferencedDocument>`
      : '')
    + '</ram:ApplicableHeaderTradeSettlement>';
}

/** BG-16: the means and the account: the payee's IBAN for a transfer, the payer's for a direct debit (BG-19). */
function paymentMeans(invoice: EInvoice): string {
  const p = invoice.payment;
  if (!p) return '';
  const transfer = p.meansCode === '30' || p.meansCode === '58';
  if (transfer && !p.iban) throw new UnprocessableEInvoice('BR-61: a credit transfer (payment means 30 or 58) needs the account to pay into (IBAN), and the invoice has none');
  const iban = p.iban?.replace(/\s/g, '') ?? null;
  return '<ram:SpecifiedTradeSettlementPaymentMeans>'
    + el('ram:TypeCode', p.meansCode)
    + (iban && p.meansCode === '59' ? `<ram:PayerPartyDebtorFinancialAccount>${el('ram:IBANID', iban)}</ram:PayerPartyDebtorFinancialAccount>` : '')
    + (iban && p.meansCode !== '59' ? `<ram:PayeePartyCreditorFinancialAccount>${el('ram:IBANID', iban)}</ram:PayeePartyCreditorFinancialAccount>` : '')
    + (iban && p.meansCode !== '59' && p.bic ? `<ram:PayeeSpecifiedCreditorFinancialInstitution>${el('ram:BICID', p.bic)}</ram:PayeeSpecifiedCreditorFinancialInstitution>` : '')
    + '</ram:SpecifiedTradeSettlementPaymentMeans>';
}

/** BT-9 (or BT-20 when an amount is due without a date, BR-CO-25). */
function paymentTerms(invoice: EInvoice): string {
  const due = invoice.dueDate ?? invoice.payment?.dueDate ?? null;
  if (due) return `<ram:SpecifiedTradePaymentTerms>${date102('ram:DueDateDateTime', due)}</ram:SpecifiedTradePaymentTerms>`;
  if (money(invoice.totals.payable).compare(Decimal.zero()) > 0) return `<ram:SpecifiedTradePaymentTerms>${el('ram:Description', 'Pago a la recepción de la factura')}</ram:SpecifiedTradePaymentTerms>`;
  return '';
}
