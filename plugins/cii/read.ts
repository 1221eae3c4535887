import { Decimal, money, sumMoney } from '../../kernel/money';
import { readXml, textReadOptions, XmlRefused, type XmlLimits } from '../../lib/xml-limits';
import {
  InvalidEInvoiceFile, type EInvoice, type EInvoiceLine, type EInvoiceParty, type EInvoicePayment, type EInvoiceVat,
  type EInvoiceWithholding, type InvoiceTypeCode, type ReadEInvoice, type SignatureVerifier, type VatCategory,
} from '../einvoice/api';
import { ATTRIBUTE, CORRECTION_NOTE, normaliseRate, NS, personTypeOf, SUBJECT, WITHHOLDING_NOTE } from './conventions';
import { documentAdjustmentLine, parseSurchargeReason, vatWithSurcharges, type SurchargeCharge } from '../einvoice/api';

/**
 * A received CII file (UN/CEFACT D16B, EN 16931) back into the model, exactly: every line, every
 * VAT group, the recargo and IRPF as Cuadra writes them (conventions.ts), the totals. The file is
 * read within CII_LIMITS through lib/xml-limits.ts, then checked the way the CII schema and the
 * EN 16931 rules would (structure, codes, decimals, every sum); a file that fails is refused with
 * `InvalidEInvoiceFile` listing its first errors, each naming the rule (BR-…) where there is one.
 */

/**
 * An invoice of a few thousand lines fits; CII nests about nine levels deep (a little more with
 * a wrapper), and an attachment (BG-24) embedded as base64 is the longest value a file may hold.
 */
export const CII_LIMITS: XmlLimits = { maxBytes: 16 * 1024 * 1024, maxDepth: 24, maxNodes: 500_000, maxTextLength: 12 * 1024 * 1024 };

const READ_OPTIONS = textReadOptions(new Set(), true);

const TYPE_CODES: readonly InvoiceTypeCode[] = ['380', '381', '384'];
const CATEGORIES: readonly VatCategory[] = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'B'];
const MAX_ERRORS = 20;

type Node = any;

/** The local name of a prefixed name. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** The parsed tree with element names stripped of their prefixes (namespace declarations kept as attributes). */
function localised(node: Node): Node {
  if (Array.isArray(node)) return node.map(localised);
  if (node == null || typeof node !== 'object') return node;
  const out: Record<string, Node> = {};
  for (const [key, value] of Object.entries(node)) {
    const name = key.startsWith('@') || key.startsWith('#') || key.startsWith('?') ? key : local(key);
    const converted = localised(value);
    if (name in out) out[name] = [...list(out[name]), ...list(converted)];
    else out[name] = converted;
  }
  return out;
}

/**
 * lib/xml-limits.ts decodes only the five predefined entities and leaves character references
 * (`&#233;`, `&#xE9;`) as written; a value keeps them only because the file used them (or, very
 * rarely, wrote `&amp;#233;` for the literal text), so they are decoded here.
 */
const characters = (value: string): string => (value.includes('&#')
  ? value.replace(/&#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}));/g, (whole, hex, dec) => {
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  })
  : value);

const list = (value: Node): Node[] => (value == null ? [] : Array.isArray(value) ? value : [value]);
const first = (value: Node): Node => list(value)[0];
function text(value: Node): string | null {
  const node = first(value);
  if (node == null) return null;
  const raw = typeof node === 'object' ? node['#text'] : node;
  const s = raw == null ? '' : characters(String(raw)).trim();
  return s === '' ? null : s;
}
const attr = (value: Node, name: string): string | null => {
  const node = first(value);
  return node && typeof node === 'object' && node[`@${name}`] != null ? characters(String(node[`@${name}`])) : null;
};
/** The node at a path of local names (the first of each). */
const at = (node: Node, ...path: string[]): Node => path.reduce((n, key) => first(n)?.[key], node);

/** An xs:decimal ("+3", "64.", ".5", "007.50") as a plain decimal ("3", "64", "0.5", "7.50"), or null. */
function decimalText(value: string): string | null {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value);
  if (!match || (match[2] === '' && !match[3])) return null;
  const whole = match[2].replace(/^0+(?=\d)/, '') || '0';
  return `${match[1] === '-' ? '-' : ''}${whole}${match[3] ? `.${match[3]}` : ''}`;
}

/** Collects the file's errors; reading goes on after one so the caller sees the first several. */
class Problems {
  readonly errors: string[] = [];
  add(message: string) {
    if (this.errors.length < MAX_ERRORS && !this.errors.includes(message)) this.errors.push(message);
  }
  /** A required text; `where` names the element, `rule` the EN 16931 rule. */
  need(value: string | null, rule: string, where: string): string {
    if (value == null) this.add(`${rule}: ${where} is missing`);
    return value ?? '';
  }
  amount(value: string | null, where: string, required = true): Decimal {
    if (value == null) {
      if (required) this.add(`${where} is missing`);
      return Decimal.zero();
    }
    const normal = decimalText(value);
    if (normal == null || !/^-?\d{1,15}(\.\d{1,2})?$/.test(normal)) {
      this.add(`${where} "${value}" is not an amount with at most two decimals (BR-DEC)`);
      return Decimal.zero();
    }
    return money(normal);
  }
  decimal(value: string | null, where: string): string {
    if (value == null) {
      this.add(`${where} is missing`);
      return '0';
    }
    const normal = decimalText(value);
    if (normal == null || !/^-?\d{1,15}(\.\d{1,6})?$/.test(normal)) {
      this.add(`${where} "${value}" is not a decimal number with at most six decimals`);
      return '0';
    }
    return normal;
  }
  rate(value: string | null, where: string): string {
    if (value == null) return '0.00';
    const normal = decimalText(value);
    if (normal == null || !/^-?\d{1,3}(\.\d{1,6})?$/.test(normal)) {
      this.add(`${where} "${value}" is not a percentage`);
      return '0.00';
    }
    return normaliseRate(normal);
  }
  date(node: Node, where: string, required: boolean): string | null {
    const value = text(at(node, 'DateTimeString')) ?? text(at(node, 'DateString'));
    if (value == null) {
      if (required) this.add(`${where} is missing`);
      return null;
    }
    const format = attr(at(node, 'DateTimeString') ?? at(node, 'DateString'), 'format');
    const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
    if ((format != null && format !== '102') || !match) {
      this.add(`${where} "${value}" is not a date in format 102 (YYYYMMDD)`);
      return null;
    }
    const iso = `${match[1]}-${match[2]}-${match[3]}`;
    const day = new Date(`${iso}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== iso) {
      this.add(`${where} "${value}" is not a calendar date`);
      return null;
    }
    return iso;
  }
}

/** Parses within the limits and checks the root: anything else is the file's fault. */
function parse(bytes: Uint8Array): Node {
  let tree: Node;
  try {
    tree = readXml(bytes, CII_LIMITS, READ_OPTIONS);
  } catch (error) {
    if (error instanceof XmlRefused) throw new InvalidEInvoiceFile([error.reason]);
    throw error;
  }
  const rootKey = Object.keys(tree ?? {}).find((key) => !key.startsWith('?') && !key.startsWith('#'));
  if (!rootKey) throw new InvalidEInvoiceFile(['The file has no root element']);
  const root = first(tree[rootKey]);
  const prefix = rootKey.includes(':') ? rootKey.slice(0, rootKey.indexOf(':')) : null;
  const namespace = root && typeof root === 'object' ? root[prefix ? `@xmlns:${prefix}` : '@xmlns'] ?? null : null;
  if (local(rootKey) !== 'CrossIndustryInvoice' || namespace !== NS.rsm) {
    throw new InvalidEInvoiceFile([`The root element is ${local(rootKey)}${namespace ? ` in ${namespace}` : ' in no namespace'}, not CrossIndustryInvoice in ${NS.rsm}`]);
  }
  if (typeof root !== 'object') throw new InvalidEInvoiceFile(['The CrossIndustryInvoice element is empty']);
  return localised(root);
}

/**
 * The file's model and its signature check: `unsigned` when the file carries no XML signature (CII
 * is not signed; Peppol and Factur-X rely on the transport or the PDF), else the verifier's answer,
 * or null (unchecked) without one.
 */
export async function readCii(bytes: Uint8Array, verifier: SignatureVerifier | null): Promise<ReadEInvoice> {
  const invoice = ciiToModel(bytes);
  const xml = new TextDecoder('utf-8').decode(bytes);
  const signed = /<(?:[A-Za-z_][\w.-]*:)?Signature[\s>][\s\S]*?SignatureValue/.test(xml);
  if (!signed) return { invoice, signature: { status: 'unsigned', holder: null, holderTaxId: null, reason: null } };
  return { invoice, signature: verifier ? await verifier.verify(xml) : null };
}

export function ciiToModel(bytes: Uint8Array): EInvoice {
  const root = parse(bytes);
  const p = new Problems();
  const context = at(root, 'ExchangedDocumentContext');
  p.need(text(at(context, 'GuidelineSpecifiedDocumentContextParameter', 'ID')), 'BR-01', 'The specification identifier (BT-24, GuidelineSpecifiedDocumentContextParameter/ID)');
  const document = at(root, 'ExchangedDocument');
  if (!document) p.add('The ExchangedDocument element is missing');
  const number = p.need(text(at(document, 'ID')), 'BR-02', 'The invoice number (BT-1, ExchangedDocument/ID)');
  const typeCode = p.need(text(at(document, 'TypeCode')), 'BR-04', 'The invoice type code (BT-3)');
  if (typeCode && !TYPE_CODES.includes(typeCode as InvoiceTypeCode)) p.add(`The invoice type code ${typeCode} is not read: Cuadra reads invoices (380), credit notes (381) and corrected invoices (384)`);
  const issueDate = p.date(at(document, 'IssueDateTime'), 'BR-03: the issue date (BT-2)', true) ?? '';

  const transaction = at(root, 'SupplyChainTradeTransaction');
  if (!transaction) p.add('The SupplyChainTradeTransaction element is missing');
  const agreement = at(transaction, 'ApplicableHeaderTradeAgreement');
  const deliveryNode = at(transaction, 'ApplicableHeaderTradeDelivery');
  const settlement = at(transaction, 'ApplicableHeaderTradeSettlement');
  if (!agreement) p.add('The ApplicableHeaderTradeAgreement element is missing');
  if (!settlement) p.add('The ApplicableHeaderTradeSettlement element is missing');
  const currency = p.need(text(at(settlement, 'InvoiceCurrencyCode')), 'BR-05', 'The invoice currency (BT-5, InvoiceCurrencyCode)');
  if (currency && !/^[A-Z]{3}$/.test(currency)) p.add(`The invoice currency "${currency}" is not an ISO 4217 code`);

  const seller = readParty(p, at(agreement, 'SellerTradeParty'), 'seller', true);
  const buyer = readParty(p, at(agreement, 'BuyerTradeParty'), 'buyer', false);

  // Notes: legends, the rectification's reason, withholdings, and the rest.
  const notes: string[] = [], legends: string[] = [], withholdings: EInvoiceWithholding[] = [];
  let correction: { reasonCode: string; method: '01' | '02' | '03' | '04'; reasonText: string } | null = null;
  for (const n of list(at(document, 'IncludedNote'))) {
    const content = text(n?.Content);
    if (content == null) continue;
    const subject = text(n?.SubjectCode);
    const withheld = subject === SUBJECT.withholding ? WITHHOLDING_NOTE.exec(content) : null;
    const corrected = subject === SUBJECT.correction ? CORRECTION_NOTE.exec(content) : null;
    if (withheld) {
      withholdings.push({ rate: p.rate(withheld[1], 'A withholding rate'), base: p.amount(withheld[2], 'A withholding base').toString(), amount: p.amount(withheld[3], 'A withholding amount').toString() });
    } else if (corrected) {
      correction = { reasonCode: corrected[1], method: corrected[2] as '01', reasonText: corrected[3] };
    } else if (subject === SUBJECT.legend) legends.push(content);
    else notes.push(content);
  }

  // VAT breakdown (BG-23).
  const groups: (EInvoiceVat & { baseValue: Decimal; amountValue: Decimal })[] = [];
  for (const [i, t] of list(at(settlement, 'ApplicableTradeTax')).entries()) {
    const where = `VAT breakdown ${i + 1}`;
    const category = readCategory(p, t, where);
    const baseValue = p.amount(text(t?.BasisAmount), `BR-45: ${where}: the taxable amount (BT-116)`);
    const amountValue = p.amount(text(t?.CalculatedAmount), `BR-46: ${where}: the VAT amount (BT-117)`);
    const rate = category === 'O' ? '0.00' : p.rate(text(t?.RateApplicablePercent), `${where}: the rate (BT-119)`);
    if (category !== 'O' && text(t?.RateApplicablePercent) == null) p.add(`BR-48: ${where}: the VAT rate (BT-119) is missing`);
    groups.push({
      category, rate, base: baseValue.toString(), amount: amountValue.toString(), baseValue, amountValue,
      surchargeRate: null, surchargeAmount: null,
      exemptionReason: text(t?.ExemptionReason), exemptionCode: text(t?.ExemptionReasonCode),
    });
  }
  if (groups.length === 0) p.add('BR-CO-18: the invoice has no VAT breakdown (BG-23, ApplicableTradeTax)');
  const groupOf = (category: string, rate: string) => groups.find((g) => g.category === category && Decimal.parse(g.rate).eq(Decimal.parse(rate)));

  // Document-level allowances and charges (BG-20, BG-21): Cuadra's recargo charges go back to their
  // VAT groups; any other becomes a line of its own that says what it is (document-adjustments.ts),
  // which keeps every base exact.
  let surchargeTotal = Decimal.zero(), chargeSum = Decimal.zero(), allowanceSum = Decimal.zero();
  const surchargesByGroup = new Map<string, Decimal>();
  const surchargeCharges: SurchargeCharge[] = [];
  const adjustmentsByGroup = new Map<string, Decimal>();
  const documentLines: EInvoiceLine[] = [];
  for (const [i, c] of list(at(settlement, 'SpecifiedTradeAllowanceCharge')).entries()) {
    const isCharge = text(at(c, 'ChargeIndicator', 'Indicator')) === 'true';
    const kind = isCharge ? 'charge' : 'allowance';
    const where = `Document-level ${kind} ${i + 1}`;
    const reason = text(c?.Reason) ?? text(c?.ReasonCode);
    if (reason == null) p.add(`${isCharge ? 'BR-38' : 'BR-33'}: ${where} gives no reason or reason code`);
    const value = p.amount(text(c?.ActualAmount), `${isCharge ? 'BR-36' : 'BR-31'}: ${where}: its amount`);
    if (!at(c, 'CategoryTradeTax')) p.add(`${isCharge ? 'BR-37' : 'BR-32'}: ${where} has no VAT category`);
    const category = readCategory(p, at(c, 'CategoryTradeTax'), where);
    const vatRate = category === 'O' ? '0.00' : p.rate(text(at(c, 'CategoryTradeTax', 'RateApplicablePercent')), `${where}: its VAT rate`);
    const key = `${category}|${vatRate}`;
    const signed = isCharge ? value : value.negate();
    adjustmentsByGroup.set(key, (adjustmentsByGroup.get(key) ?? Decimal.zero()).add(signed));
    if (isCharge) chargeSum = chargeSum.add(value);
    else allowanceSum = allowanceSum.add(value);
    const re = isCharge && reason ? parseSurchargeReason(reason) : null;
    if (re) {
      if (!groupOf(re.category, re.vatRate)) {
        p.add(`${where} (recargo de equivalencia) refers to VAT ${re.category} ${re.vatRate} %, which the VAT breakdown does not have`);
        continue;
      }
      const base = text(c?.BasisAmount) != null ? p.amount(text(c?.BasisAmount), `${where}: the recargo base (BT-100)`) : groupOf(re.category, re.vatRate)!.baseValue;
      surchargeCharges.push({ category: re.category, vatRate: re.vatRate, surchargeRate: p.rate(text(c?.CalculationPercent) ?? re.surchargeRate, `${where}: the recargo rate`), base, amount: value });
      surchargeTotal = surchargeTotal.add(value);
      surchargesByGroup.set(key, (surchargesByGroup.get(key) ?? Decimal.zero()).add(value));
      continue;
    }
    documentLines.push(documentAdjustmentLine(kind, i + 1, reason, value, { category, rate: vatRate, exemptionReason: null, exemptionCode: null }));
  }

  // Lines (BG-25).
  const lines: EInvoiceLine[] = [];
  const lineSums = new Map<string, Decimal>();
  const items = list(at(transaction, 'IncludedSupplyChainTradeLineItem'));
  if (items.length === 0) p.add('BR-16: the invoice has no lines (IncludedSupplyChainTradeLineItem)');
  for (const [i, item] of items.entries()) {
    const line = readLine(p, item, i + 1);
    lines.push(line);
    const key = `${line.vat.category}|${line.vat.rate}`;
    lineSums.set(key, (lineSums.get(key) ?? Decimal.zero()).add(money(line.netAmount)));
  }

  // Every VAT group's base is its lines' and charges' (BR-S-08 and the like), and its VAT the base times the rate (BR-CO-17).
  for (const g of groups) {
    const key = `${g.category}|${g.rate}`;
    const expected = (lineSums.get(key) ?? Decimal.zero()).add(adjustmentsByGroup.get(key) ?? Decimal.zero());
    if (!expected.eq(g.baseValue)) p.add(`BR-${g.category}-08: the VAT ${g.category} ${g.rate} % taxable amount ${g.base} is not the sum of its lines and charges, ${expected.toString()}`);
    const computed = g.baseValue.percent(Decimal.parse(g.rate));
    if (computed.sub(g.amountValue).rescale(2).units > 100n || g.amountValue.sub(computed).rescale(2).units > 100n) {
      p.add(`BR-CO-17: the VAT ${g.category} ${g.rate} % amount ${g.amount} is not ${g.base} × ${g.rate} % (${computed.toString()})`);
    }
  }
  for (const key of lineSums.keys()) {
    const [category, rate] = key.split('|');
    if (!groupOf(category, rate)) p.add(`BR-CO-18: lines in VAT ${category} ${rate} % have no VAT breakdown group`);
  }
  // Each line's exemption comes from its group; its recargo rate from the group's charge when the file has no item attribute.
  const surcharged = vatWithSurcharges(groups, surchargeCharges).vat;
  const vatOfLines = [...lines, ...documentLines].map((line) => {
    const group = groupOf(line.vat.category, line.vat.rate);
    const whole = surcharged.filter((g) => g.category === line.vat.category && Decimal.parse(g.rate).eq(Decimal.parse(line.vat.rate)));
    return {
      ...line,
      vat: { ...line.vat, exemptionReason: group?.exemptionReason ?? null, exemptionCode: group?.exemptionCode ?? null },
      surchargeRate: line.surchargeRate ?? (whole.length === 1 ? whole[0].surchargeRate ?? null : null),
    };
  });

  // Totals (BG-22).
  const sums = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  if (!sums) p.add('The SpecifiedTradeSettlementHeaderMonetarySummation element is missing');
  const lineTotal = p.amount(text(sums?.LineTotalAmount), 'BR-12: the sum of line net amounts (BT-106)');
  const chargeTotal = p.amount(text(sums?.ChargeTotalAmount), 'The sum of charges (BT-108)', false);
  const allowanceTotal = p.amount(text(sums?.AllowanceTotalAmount), 'The sum of allowances (BT-107)', false);
  const taxBasis = p.amount(text(sums?.TaxBasisTotalAmount), 'BR-13: the total without VAT (BT-109)');
  const taxTotalNode = list(sums?.TaxTotalAmount).find((n) => attr(n, 'currencyID') == null || attr(n, 'currencyID') === currency);
  const vatTotal = p.amount(text(taxTotalNode), 'The VAT total (BT-110)', false);
  const grandTotal = p.amount(text(sums?.GrandTotalAmount), 'BR-14: the total with VAT (BT-112)');
  const paid = p.amount(text(sums?.TotalPrepaidAmount), 'The paid amount (BT-113)', false);
  const rounding = p.amount(text(sums?.RoundingAmount), 'The rounding amount (BT-114)', false);
  const due = p.amount(text(sums?.DuePayableAmount), 'BR-15: the amount due (BT-115)');

  const sumOfLines = sumMoney(lines.map((line) => money(line.netAmount)));
  if (!lineTotal.eq(sumOfLines)) p.add(`BR-CO-10: the sum of line net amounts ${lineTotal.toString()} is not the lines' ${sumOfLines.toString()}`);
  if (!chargeTotal.eq(chargeSum)) p.add(`BR-CO-12: the sum of charges ${chargeTotal.toString()} is not the charges' ${chargeSum.toString()}`);
  if (!allowanceTotal.eq(allowanceSum)) p.add(`BR-CO-11: the sum of allowances ${allowanceTotal.toString()} is not the allowances' ${allowanceSum.toString()}`);
  if (!taxBasis.eq(lineTotal.add(chargeTotal).sub(allowanceTotal))) p.add(`BR-CO-13: the total without VAT ${taxBasis.toString()} is not the lines ${lineTotal.toString()} + charges ${chargeTotal.toString()} − allowances ${allowanceTotal.toString()}`);
  const sumOfVat = sumMoney(groups.map((g) => g.amountValue));
  if (!vatTotal.eq(sumOfVat)) p.add(`BR-CO-14: the VAT total ${vatTotal.toString()} is not the sum of the VAT breakdown, ${sumOfVat.toString()}`);
  if (!grandTotal.eq(taxBasis.add(vatTotal))) p.add(`BR-CO-15: the total with VAT ${grandTotal.toString()} is not the total without VAT ${taxBasis.toString()} + VAT ${vatTotal.toString()}`);
  if (!due.eq(grandTotal.sub(paid).add(rounding))) p.add(`BR-CO-16: the amount due ${due.toString()} is not the total ${grandTotal.toString()} − paid ${paid.toString()} + rounding ${rounding.toString()}`);
  const withholdingTotal = sumMoney(withholdings.map((w) => money(w.amount)));
  const prepaid = paid.sub(withholdingTotal);
  if (prepaid.isNegative() !== paid.isNegative() && !prepaid.isZero()) p.add(`The withholdings ${withholdingTotal.toString()} exceed the paid amount (BT-113) ${paid.toString()} that carries them`);

  // Dates, references, payment.
  const deliveryDate = p.date(at(deliveryNode, 'ActualDeliverySupplyChainEvent', 'OccurrenceDateTime'), 'The actual delivery date (BT-72)', false);
  const terms = list(at(settlement, 'SpecifiedTradePaymentTerms'));
  const dueDate = terms.map((t) => p.date(at(t, 'DueDateDateTime'), 'The payment due date (BT-9)', false)).find((d) => d != null) ?? null;
  const payment = readPayment(p, settlement, dueDate);
  const reference = at(settlement, 'InvoiceReferencedDocument');
  const correctedNumber = text(at(reference, 'IssuerAssignedID'));
  if (typeCode === '384' && !correctedNumber) p.add('BR-55: a corrected invoice (384) names the invoice it corrects (BT-25, InvoiceReferencedDocument/IssuerAssignedID)');
  const correctedDate = correctedNumber ? p.date(at(reference, 'FormattedIssueDateTime'), 'The preceding invoice issue date (BT-26)', false) : null;
  categoryRules(p, { groups, lines: [...lines, ...documentLines], seller, buyer, deliveryDate, hasBillingPeriod: at(settlement, 'BillingSpecifiedPeriod') != null, shipToCountry: text(at(deliveryNode, 'ShipToTradeParty', 'PostalTradeAddress', 'CountryID')) });
  if (due.compare(Decimal.zero()) > 0 && !dueDate && !terms.some((t) => text(t?.Description) != null)) p.add('BR-CO-25: an amount is due, and the file has neither a payment due date (BT-9) nor payment terms (BT-20)');
  if (payment && (payment.meansCode === '30' || payment.meansCode === '58') && !payment.iban && !text(at(settlement, 'SpecifiedTradeSettlementPaymentMeans', 'PayeePartyCreditorFinancialAccount', 'ProprietaryID'))) {
    p.add('BR-61: a credit transfer (payment means 30 or 58) names no account to pay into (BT-84)');
  }

  if (p.errors.length > 0) throw new InvalidEInvoiceFile(p.errors);
  const c = correction as { reasonCode: string; method: '01' | '02' | '03' | '04'; reasonText: string } | null;
  return {
    typeCode: typeCode as InvoiceTypeCode,
    number,
    series: null,
    issueDate,
    operationDate: deliveryDate && deliveryDate !== issueDate ? deliveryDate : null,
    dueDate,
    currency,
    buyerReference: text(at(agreement, 'BuyerReference')),
    notes,
    seller,
    buyer,
    lines: vatOfLines,
    vat: vatWithSurcharges(groups.flatMap(({ baseValue, amountValue, ...g }) => {
      if (g.category !== 'E') return [g];
      // The exempt group also holds the recargo charges: what is left is the invoice's own exempt base.
      const own = baseValue.sub(surchargesByGroup.get(`E|${g.rate}`) ?? Decimal.zero());
      const onlySurcharges = !lineSums.has(`E|${g.rate}`) && !documentLines.some((l) => l.vat.category === 'E' && l.vat.rate === g.rate);
      return own.isZero() && amountValue.isZero() && onlySurcharges ? [] : [{ ...g, base: own.toString() }];
    }), surchargeCharges).vat,
    withholdings,
    totals: {
      // The model's lines include the document-level allowances and charges: its line total is BT-109 less the recargo.
      lineTotal: taxBasis.sub(surchargeTotal).toString(),
      taxExclusive: taxBasis.sub(surchargeTotal).toString(),
      vatTotal: vatTotal.toString(),
      surchargeTotal: surchargeTotal.toString(),
      taxInclusive: grandTotal.toString(),
      withholdingTotal: withholdingTotal.toString(),
      prepaid: prepaid.toString(),
      payable: due.toString(),
    },
    payment,
    corrects: correctedNumber
      ? {
        number: correctedNumber,
        series: null,
        issueDate: correctedDate ?? '',
        reasonCode: c?.reasonCode ?? '',
        reasonText: c?.reasonText ?? '',
        method: c?.method ?? (typeCode === '381' ? '02' : '01'),
      }
      : null,
    legends,
  };
}

/** VAT categories without VAT: their rate and amount are zero and they say why (BR-x-05, -09, -10). */
const ZERO_CATEGORIES = new Set(['Z', 'E', 'AE', 'K', 'G', 'O']);
const NEEDS_REASON = new Set(['E', 'AE', 'K', 'G', 'O']);

/** The EN 16931 rules of each VAT category that protect what is booked from the file. */
function categoryRules(p: Problems, f: { groups: readonly EInvoiceVat[]; lines: readonly EInvoiceLine[]; seller: EInvoiceParty; buyer: EInvoiceParty; deliveryDate: string | null; hasBillingPeriod: boolean; shipToCountry: string | null }) {
  for (const g of f.groups) {
    const rule = g.category === 'K' ? 'IC' : g.category;
    if (g.category === 'S' && !(Decimal.parse(g.rate).compare(Decimal.zero()) > 0)) p.add(`BR-S-05: a standard-rated VAT group has the rate ${g.rate} %, not more than zero`);
    if (ZERO_CATEGORIES.has(g.category) && !Decimal.parse(g.rate).isZero()) p.add(`BR-${rule}-05: VAT ${g.category} has the rate ${g.rate} %, not 0`);
    if (ZERO_CATEGORIES.has(g.category) && !money(g.amount).isZero()) p.add(`BR-${rule}-09: VAT ${g.category} has the VAT amount ${g.amount}, not 0`);
    if (NEEDS_REASON.has(g.category) && !g.exemptionReason && !g.exemptionCode) p.add(`BR-${rule}-10: VAT ${g.category} gives no exemption reason (BT-120) or reason code (BT-121)`);
    if (g.category !== 'O' && f.seller.name && !f.seller.taxId) p.add(`BR-${rule}-02: VAT ${g.category} needs the seller's VAT identifier (BT-31) or tax registration (BT-32)`);
  }
  // split payment (B, Italy) is for domestic Italian invoices and never mixed with standard rated lines or groups
  const has = (category: VatCategory) => f.groups.some((g) => g.category === category) || f.lines.some((l) => l.vat.category === category);
  if (has('B')) {
    const outside = [f.seller, f.buyer].filter((party) => party.address.country && party.address.country !== 'IT').map((party) => `${party.name} (${party.address.country})`);
    if (outside.length) p.add(`BR-B-01: split payment (VAT category B) is for domestic Italian invoices only, and ${outside.join(', ')} is not in Italy`);
    if (has('S')) p.add('BR-B-02: an invoice with split payment (VAT category B) has no standard rated (S) lines or breakdown');
  }
  if (f.groups.some((g) => g.category === 'K')) {
    if (!f.buyer.taxId) p.add("BR-IC-02: an intra-community supply needs the buyer's VAT identifier (BT-48)");
    if (!f.deliveryDate && !f.hasBillingPeriod) p.add('BR-IC-11: an intra-community supply needs the actual delivery date (BT-72) or the invoicing period (BG-14)');
    if (!f.shipToCountry) p.add('BR-IC-12: an intra-community supply needs the deliver-to country (BT-80)');
  }
}

function readCategory(p: Problems, node: Node, where: string): VatCategory {
  const type = text(node?.TypeCode);
  if (node && type !== 'VAT') p.add(`CII-DT-037: ${where}: the tax type is "${type ?? ''}", not VAT`);
  const category = text(node?.CategoryCode);
  if (category == null) {
    p.add(`${where}: the VAT category code is missing`);
    return 'S';
  }
  if (!CATEGORIES.includes(category as VatCategory)) p.add(`${where}: "${category}" is not a VAT category code (UNCL 5305: S, Z, E, AE, K, G, O, L, M, B)`);
  return category as VatCategory;
}

function readLine(p: Problems, item: Node, n: number): EInvoiceLine {
  const where = `Line ${n}`;
  const id = p.need(text(at(item, 'AssociatedDocumentLineDocument', 'LineID')), 'BR-21', `${where}: its identifier (BT-126)`);
  const description = p.need(text(at(item, 'SpecifiedTradeProduct', 'Name')), 'BR-25', `${where}: the item name (BT-153)`);
  const quantityNode = at(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
  const quantity = p.decimal(text(quantityNode), `BR-22: ${where}: the invoiced quantity (BT-129)`);
  const unitCode = p.need(attr(quantityNode, 'unitCode'), 'BR-23', `${where}: the quantity's unit (BT-130)`);
  const priceNode = at(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice');
  const price = p.decimal(text(priceNode?.ChargeAmount), `BR-26: ${where}: the net price (BT-146)`);
  if (price.startsWith('-')) p.add(`BR-27: ${where}: the net price ${price} is negative`);
  const basisQuantity = text(priceNode?.BasisQuantity);
  const basis = basisQuantity != null ? p.decimal(basisQuantity, `${where}: the price base quantity (BT-149)`) : '1';
  if (Decimal.parse(basis).isZero()) p.add(`${where}: the price base quantity (BT-149) is zero`);
  const unitPrice = Decimal.parse(basis).eq(Decimal.parse('1')) || Decimal.parse(basis).isZero() ? price : divide(Decimal.parse(price), Decimal.parse(basis), 6).toString();

  const settlement = at(item, 'SpecifiedLineTradeSettlement');
  const vatNode = at(settlement, 'ApplicableTradeTax');
  if (!vatNode) p.add(`BR-CO-04: ${where} has no VAT category (BT-151)`);
  const category = readCategory(p, vatNode, where);
  const rate = category === 'O' ? '0.00' : p.rate(text(vatNode?.RateApplicablePercent), `${where}: the VAT rate (BT-152)`);
  // The line's allowances (BG-27) less its charges (BG-28) are its discount; the percentage only
  // when a single allowance gives one. EN 16931 does not tie the net amount to quantity × price
  // (nor do its own examples always), so the net amount (BT-131) is what the line is worth.
  let discount: Decimal | null = null;
  let discountPct: string | null = null;
  const adjustments = list(settlement?.SpecifiedTradeAllowanceCharge);
  for (const a of adjustments) {
    const isCharge = text(at(a, 'ChargeIndicator', 'Indicator')) === 'true';
    const value = p.amount(text(a?.ActualAmount), `${isCharge ? 'BR-43' : 'BR-41'}: ${where}: the ${isCharge ? 'charge' : 'allowance'} amount`);
    if (text(a?.Reason) == null && text(a?.ReasonCode) == null) p.add(`${isCharge ? 'BR-44' : 'BR-42'}: ${where}: a line ${isCharge ? 'charge' : 'allowance'} gives no reason or reason code`);
    discount = (discount ?? Decimal.zero()).add(isCharge ? value.negate() : value);
    if (adjustments.length === 1 && !isCharge && text(a?.CalculationPercent) != null) discountPct = p.rate(text(a?.CalculationPercent), `${where}: the allowance percentage (BT-138)`);
  }
  const net = p.amount(text(at(settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount')), `BR-24: ${where}: the line net amount (BT-131)`);
  const characteristics = list(at(item, 'SpecifiedTradeProduct', 'ApplicableProductCharacteristic'));
  const attribute = (name: string) => {
    const found = characteristics.find((c) => text(c?.Description) === name);
    return found ? p.rate(text(found?.Value), `${where}: the item attribute "${name}"`) : null;
  };
  return {
    id,
    description,
    quantity,
    unitCode,
    unitPrice,
    discountPct,
    discountAmount: discount?.toString() ?? null,
    netAmount: net.toString(),
    vat: { category, rate, exemptionReason: null, exemptionCode: null },
    surchargeRate: attribute(ATTRIBUTE.surcharge),
    withholdingRate: attribute(ATTRIBUTE.withholding),
  };
}

/** a ÷ b rounded half away from zero to `scale` decimals. */
function divide(a: Decimal, b: Decimal, scale: number): Decimal {
  const shift = scale + b.scale - a.scale;
  const numerator = shift >= 0 ? a.units * 10n ** BigInt(shift) * 10n : a.units * 10n / 10n ** BigInt(-shift);
  const quotient = numerator / b.units;
  const rounded = quotient >= 0n ? (quotient + 5n) / 10n : (quotient - 5n) / 10n;
  return Decimal.of(rounded, scale);
}

function readParty(p: Problems, node: Node, role: 'seller' | 'buyer', isSeller: boolean): EInvoiceParty {
  const rules = isSeller ? { name: 'BR-06', address: 'BR-08', country: 'BR-09' } : { name: 'BR-07', address: 'BR-10', country: 'BR-11' };
  const label = role === 'seller' ? 'The seller' : 'The buyer';
  if (!node) p.add(`${rules.name}: ${label} (${isSeller ? 'SellerTradeParty' : 'BuyerTradeParty'}) is missing`);
  const name = node ? p.need(text(node.Name), rules.name, `${label}'s name (${isSeller ? 'BT-27' : 'BT-44'})`) : '';
  const address = at(node, 'PostalTradeAddress');
  if (node && !address) p.add(`${rules.address}: ${label}'s postal address is missing`);
  const country = address ? p.need(text(address.CountryID), rules.country, `${label}'s country code`) : '';
  const registrations = list(node?.SpecifiedTaxRegistration).map((r) => ({ id: text(r?.ID), scheme: attr(r?.ID, 'schemeID') }));
  const vat = registrations.find((r) => r.scheme === 'VA' && r.id)?.id ?? null;
  const fiscal = registrations.find((r) => r.scheme === 'FC' && r.id)?.id ?? null;
  const legal = text(at(node, 'SpecifiedLegalOrganization', 'ID'));
  let taxId: string | null = null;
  let taxIdKind: EInvoiceParty['taxIdKind'] = null;
  if (vat) {
    const spanish = /^ES[0-9A-Z]{9}$/.test(vat.replace(/\s/g, '').toUpperCase());
    taxId = spanish ? vat.replace(/\s/g, '').toUpperCase().slice(2) : vat;
    taxIdKind = spanish ? 'nif' : 'eu_vat';
  } else if (fiscal ?? legal) {
    taxId = (fiscal ?? legal)!;
    taxIdKind = country === 'ES' && /^[0-9A-Z]{9}$/.test(taxId.toUpperCase()) ? 'nif' : 'other';
  }
  const email = list(node?.URIUniversalCommunication).map((u) => (attr(u?.URIID, 'schemeID') === 'EM' ? text(u?.URIID) : null)).find((e) => e != null)
    ?? text(at(node, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID'));
  return {
    name,
    taxId,
    taxIdKind,
    personType: personTypeOf(taxId, taxIdKind),
    address: {
      line: [text(address?.LineOne), text(address?.LineTwo), text(address?.LineThree)].filter((l) => l != null).join(', ') || null,
      city: text(address?.CityName),
      postalCode: text(address?.PostcodeCode),
      province: text(address?.CountrySubDivisionName),
      country,
    },
    email: email ?? null,
    registry: isSeller ? text(node?.Description) : null,
    administrativeCentres: null,
  };
}

function readPayment(p: Problems, settlement: Node, dueDate: string | null): EInvoicePayment | null {
  const means = list(settlement?.SpecifiedTradeSettlementPaymentMeans)[0];
  if (!means) return null;
  const meansCode = p.need(text(means.TypeCode), 'BR-49', 'The payment means code (BT-81)');
  const iban = text(at(means, 'PayeePartyCreditorFinancialAccount', 'IBANID')) ?? text(at(means, 'PayerPartyDebtorFinancialAccount', 'IBANID'));
  return { meansCode, iban: iban ?? null, bic: text(at(means, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID')), dueDate };
}
