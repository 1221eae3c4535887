import { Decimal, money } from '../../kernel/money';
import { negatedAmounts, UnprocessableEInvoice, type EInvoice, type EInvoiceLine, type EInvoiceParty, type PostalAddress, type VatCategory, type WriteOptions } from '../einvoice/api';
import { alpha3, CORRECTION_METHODS, EU_COUNTRIES, paymentMeans, REASONS, unitOfMeasure } from './codes';

/**
 * The semantic model written as a Facturae 3.2.2 file: one invoice (modality I, issued by the
 * seller, EM). Only the root element is in the Facturae namespace (the format's children are
 * unqualified). With `options.signer` the file is signed (XAdES-EPES, Facturae policy) and is a
 * `.xsig`; without, a plain `.xml`. What does not fit the format (another currency than the
 * euro, a party without a tax id, a text longer than its field) is an `UnprocessableEInvoice`.
 */

export const FACTURAE_NAMESPACE = 'http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml';

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `<name>text</name>`, escaped; nothing for null. */
const el = (name: string, text: string | null | undefined): string => (text === null || text === undefined ? '' : `<${name}>${escape(text)}</${name}>`);
const wrap = (name: string, ...parts: string[]): string => `<${name}>${parts.join('')}</${name}>`;

/** A text that must fit a Facturae field of `max` characters. */
function fits(text: string, max: number, what: string): string {
  if (text.length > max) throw new UnprocessableEInvoice(`Facturae allows at most ${max} characters in ${what}: "${text}"`);
  return text;
}

/** Facturae's two-decimal amounts (DoubleTwoDecimalType). */
const two = (value: string): string => money(value).toString();
const amount = (value: Decimal): string => value.round(2).toString();
const total = (value: string): string => wrap('TotalAmount', escape(two(value)));

/** The exemption code rides at the end of the reason, in brackets, so a reader gets it back exactly. */
export const exemptionText = (reason: string | null | undefined, code: string | null | undefined): string =>
  [reason ?? '', code ? `(${code})` : ''].filter(Boolean).join(' ') || 'Operación exenta';

/** The VAT categories Facturae writes as a line's special taxable event: 01 exempt, 02 not subject. */
function specialEvent(category: VatCategory): '01' | '02' | null {
  if (category === 'E' || category === 'K' || category === 'G') return '01';
  if (category === 'O' || category === 'AE') return '02';
  return null;
}

/** Facturae tax type: 01 IVA, 02 IPSI (Ceuta and Melilla), 03 IGIC (Canary Islands). */
const taxTypeCode = (category: VatCategory): string => (category === 'L' ? '03' : category === 'M' ? '02' : '01');

function residence(party: EInvoiceParty): 'R' | 'U' | 'E' {
  const country = party.address.country.toUpperCase();
  if (country === 'ES') return 'R';
  return EU_COUNTRIES.has(country) ? 'U' : 'E';
}

function address(value: PostalAddress, what: string): string {
  const country = alpha3(value.country);
  if (!country) throw new UnprocessableEInvoice(`Facturae has no country code for "${value.country}" (${what})`);
  const line = fits(value.line ?? '', 80, `${what}'s address`);
  const province = fits(value.province ?? '', 20, `${what}'s province`);
  if (country === 'ESP') {
    const postCode = value.postalCode ?? '';
    if (!/^\d{5}$/.test(postCode)) throw new UnprocessableEInvoice(`A Spanish address in Facturae needs a five-digit postal code (${what}: "${postCode}")`);
    return wrap('AddressInSpain', el('Address', line), el('PostCode', postCode), el('Town', fits(value.city ?? '', 50, `${what}'s town`)), el('Province', province), el('CountryCode', country));
  }
  const postCodeAndTown = [value.postalCode, value.city].filter((part) => part).join(' ');
  return wrap('OverseasAddress', el('Address', line), el('PostCodeAndTown', fits(postCodeAndTown, 50, `${what}'s post code and town`)), el('Province', province), el('CountryCode', country));
}

/** A natural person's name as Facturae's Name and FirstSurname (the rest of the name). */
export function splitPersonName(name: string): { name: string; surname: string } {
  const words = name.trim().split(/\s+/);
  return { name: words[0] ?? '', surname: words.slice(1).join(' ') };
}

function party(tag: 'SellerParty' | 'BuyerParty', value: EInvoiceParty): string {
  const what = tag === 'SellerParty' ? 'the seller' : 'the buyer';
  if (!value.taxId) throw new UnprocessableEInvoice(`Facturae requires the tax identification number of ${what}`);
  const taxIdentification = wrap('TaxIdentification', el('PersonTypeCode', value.personType), el('ResidenceTypeCode', residence(value)),
    el('TaxIdentificationNumber', fits(value.taxId, 30, `${what}'s tax id`)));
  const where = address(value.address, what);
  const contact = value.email ? wrap('ContactDetails', el('ElectronicMail', fits(value.email, 60, `${what}'s email`))) : '';
  let centres = '';
  if (value.administrativeCentres) {
    const c = value.administrativeCentres;
    const roles: Array<[string, string | null | undefined]> = [['01', c.accountingOffice], ['02', c.managingBody], ['03', c.processingUnit], ['04', c.proposingBody]];
    centres = wrap('AdministrativeCentres', ...roles.filter(([, code]) => code).map(([role, code]) =>
      wrap('AdministrativeCentre', el('CentreCode', fits(code!, 10, `the DIR3 code of role ${role}`)), el('RoleTypeCode', role), where)));
  }
  let holder: string;
  if (value.personType === 'J') {
    holder = wrap('LegalEntity', el('CorporateName', fits(value.name, 80, `${what}'s name`)), where, contact);
  } else {
    const person = splitPersonName(value.name);
    holder = wrap('Individual', el('Name', fits(person.name, 40, `${what}'s first name`)), el('FirstSurname', fits(person.surname, 40, `${what}'s surnames`)), where, contact);
  }
  return wrap(tag, taxIdentification, centres, holder);
}

function line(value: EInvoiceLine): string {
  const quantity = Decimal.parse(value.quantity, 6);
  const price = Decimal.parse(value.unitPrice, 8);
  const cost = quantity.mul(price).round(8);
  const net = money(value.netAmount);
  let discounts = '';
  if (value.discountPct !== null || value.discountAmount !== null) {
    const discount = value.discountAmount !== null ? money(value.discountAmount) : cost.sub(net).round(2);
    discounts = wrap('DiscountsAndRebates', wrap('Discount', el('DiscountReason', 'Descuento'), el('DiscountRate', value.discountPct), el('DiscountAmount', amount(discount))));
  }
  const withheld = value.withholdingRate !== null
    ? wrap('TaxesWithheld', wrap('Tax', el('TaxTypeCode', '04'), el('TaxRate', value.withholdingRate), wrap('TaxableBase', el('TotalAmount', amount(net))),
      wrap('TaxAmount', el('TotalAmount', amount(net.percent(Decimal.parse(value.withholdingRate, 8)))))))
    : '';
  const rate = Decimal.parse(value.vat.rate, 8);
  const surcharge = value.surchargeRate !== null
    ? el('EquivalenceSurcharge', two(value.surchargeRate)) + wrap('EquivalenceSurchargeAmount', el('TotalAmount', amount(net.percent(Decimal.parse(value.surchargeRate, 8)))))
    : '';
  const outputs = wrap('TaxesOutputs', wrap('Tax', el('TaxTypeCode', taxTypeCode(value.vat.category)), el('TaxRate', value.vat.rate), wrap('TaxableBase', el('TotalAmount', amount(net))),
    wrap('TaxAmount', el('TotalAmount', amount(net.percent(rate)))), surcharge));
  const event = specialEvent(value.vat.category);
  const special = event ? wrap('SpecialTaxableEvent', el('SpecialTaxableEventCode', event), el('SpecialTaxableEventReason', exemptionText(value.vat.exemptionReason, value.vat.exemptionCode))) : '';
  return wrap('InvoiceLine',
    /^\d{1,9}$/.test(value.id) ? el('SequenceNumber', value.id) : '',
    el('ItemDescription', fits(value.description, 2500, 'a line description')),
    el('Quantity', value.quantity),
    el('UnitOfMeasure', unitOfMeasure(value.unitCode)),
    el('UnitPriceWithoutTax', value.unitPrice),
    el('TotalCost', cost.toString()),
    discounts,
    el('GrossAmount', amount(net)),
    withheld,
    outputs,
    special,
    /^\d{1,9}$/.test(value.id) ? '' : el('ArticleCode', fits(value.id, 20, 'a line id')));
}

/**
 * The Facturae XML of `invoice`, unsigned. A credit note (381, positive in the model) is written
 * with its amounts negated: a Facturae rectification carries the signed difference.
 */
export function facturaeXml(model: EInvoice): string {
  const invoice = model.typeCode === '381' ? negatedAmounts(model) : model;
  if (invoice.currency !== 'EUR') throw new UnprocessableEInvoice(`Cuadra writes Facturae in euros only; this invoice is in ${invoice.currency}`);
  const t = invoice.totals;
  const invoiceTotal = money(t.taxInclusive).sub(money(t.withholdingTotal));
  const prepaid = money(t.prepaid);
  const outstanding = invoiceTotal.sub(prepaid);
  const number = fits(invoice.number, 20, 'the invoice number');

  const rectification = invoice.corrects;
  let corrective = '';
  if (rectification) {
    const description = REASONS[rectification.reasonCode];
    if (!description) throw new UnprocessableEInvoice(`"${rectification.reasonCode}" is not a Facturae rectification reason code`);
    corrective = wrap('Corrective',
      el('InvoiceNumber', fits(rectification.number, 20, 'the corrected invoice number')),
      el('InvoiceSeriesCode', rectification.series),
      el('ReasonCode', rectification.reasonCode),
      el('ReasonDescription', description),
      wrap('TaxPeriod', el('StartDate', rectification.issueDate), el('EndDate', rectification.issueDate)),
      el('CorrectionMethod', rectification.method),
      el('CorrectionMethodDescription', CORRECTION_METHODS[rectification.method]),
      rectification.reasonText && rectification.reasonText !== description ? el('AdditionalReasonDescription', fits(rectification.reasonText, 2500, 'the rectification reason')) : '',
      el('InvoiceIssueDate', rectification.issueDate));
  }

  const header = wrap('InvoiceHeader', el('InvoiceNumber', number), el('InvoiceSeriesCode', invoice.series ? fits(invoice.series, 20, 'the series') : null),
    el('InvoiceDocumentType', 'FC'), el('InvoiceClass', rectification ? 'OR' : 'OO'), corrective);
  const issueData = wrap('InvoiceIssueData', el('IssueDate', invoice.issueDate), el('OperationDate', invoice.operationDate),
    el('InvoiceCurrencyCode', invoice.currency), el('TaxCurrencyCode', 'EUR'), el('LanguageName', 'es'),
    el('FileReference', invoice.buyerReference ? fits(invoice.buyerReference, 20, 'the buyer reference') : null));

  const taxesOutputs = wrap('TaxesOutputs', ...invoice.vat.map((group) => wrap('Tax',
    el('TaxTypeCode', taxTypeCode(group.category)), el('TaxRate', group.rate),
    wrap('TaxableBase', total(group.base)), wrap('TaxAmount', total(group.amount)),
    group.surchargeRate ? el('EquivalenceSurcharge', two(group.surchargeRate)) + wrap('EquivalenceSurchargeAmount', total(group.surchargeAmount ?? '0')) : '')));
  const taxesWithheld = invoice.withholdings.length
    ? wrap('TaxesWithheld', ...invoice.withholdings.map((w) => wrap('Tax', el('TaxTypeCode', '04'), el('TaxRate', w.rate), wrap('TaxableBase', total(w.base)), wrap('TaxAmount', total(w.amount)))))
    : '';
  const totals = wrap('InvoiceTotals',
    el('TotalGrossAmount', two(t.lineTotal)),
    el('TotalGrossAmountBeforeTaxes', two(t.taxExclusive)),
    el('TotalTaxOutputs', amount(money(t.vatTotal).add(money(t.surchargeTotal)))),
    el('TotalTaxesWithheld', two(t.withholdingTotal)),
    el('InvoiceTotal', amount(invoiceTotal)),
    prepaid.isZero() ? '' : wrap('PaymentsOnAccount', wrap('PaymentOnAccount', el('PaymentOnAccountDate', invoice.issueDate), el('PaymentOnAccountAmount', amount(prepaid)))),
    el('TotalOutstandingAmount', amount(outstanding)),
    prepaid.isZero() ? '' : el('TotalPaymentsOnAccount', amount(prepaid)),
    el('TotalExecutableAmount', two(t.payable)));

  let paymentDetails = '';
  if (invoice.payment) {
    const p = invoice.payment;
    const means = paymentMeans(p.meansCode);
    const account = p.iban ? wrap(means === '02' ? 'AccountToBeDebited' : 'AccountToBeCredited', el('IBAN', p.iban.replace(/\s+/g, '')), el('BIC', p.bic ?? null)) : '';
    paymentDetails = wrap('PaymentDetails', wrap('Installment', el('InstallmentDueDate', p.dueDate ?? invoice.dueDate ?? invoice.issueDate),
      el('InstallmentAmount', two(t.payable)), el('PaymentMeans', means), account));
  }
  const literals = invoice.legends.length ? wrap('LegalLiterals', ...invoice.legends.map((legend) => el('LegalReference', fits(legend, 250, 'a legal literal')))) : '';
  const additional = invoice.notes.length ? wrap('AdditionalData', el('InvoiceAdditionalInformation', fits(invoice.notes.join('\n'), 2500, 'the notes'))) : '';

  const batch = wrap('Batch',
    el('BatchIdentifier', fits(`${invoice.seller.taxId ?? ''}${number}${invoice.series ?? ''}`, 70, 'the batch identifier')),
    el('InvoicesCount', '1'),
    wrap('TotalInvoicesAmount', el('TotalAmount', amount(invoiceTotal))),
    wrap('TotalOutstandingAmount', el('TotalAmount', amount(outstanding))),
    wrap('TotalExecutableAmount', total(t.payable)),
    el('InvoiceCurrencyCode', invoice.currency));
  const fileHeader = wrap('FileHeader', el('SchemaVersion', '3.2.2'), el('Modality', 'I'), el('InvoiceIssuerType', 'EM'), batch);

  return '<?xml version="1.0" encoding="UTF-8"?>\n'
    + `<fe:Facturae xmlns:fe="${FACTURAE_NAMESPACE}" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">`
    + fileHeader
    + wrap('Parties', party('SellerParty', invoice.seller), party('BuyerParty', invoice.buyer))
    + wrap('Invoices', wrap('Invoice', header, issueData, taxesOutputs, taxesWithheld, totals, wrap('Items', ...invoice.lines.map(line)), paymentDetails, literals, additional))
    + '</fe:Facturae>';
}

/** `einvoice-syntaxes` write: the file's bytes, signed when the options carry a signer. */
export async function writeFacturae(invoice: EInvoice, options: WriteOptions): Promise<Uint8Array> {
  const xml = facturaeXml(invoice);
  return new TextEncoder().encode(options.signer ? await options.signer.sign(xml, 'facturae-3.1') : xml);
}
