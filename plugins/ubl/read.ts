import { Decimal } from '../../kernel/money';
import { isValidSpanishTaxId, normaliseTaxId } from '../../lib/spanish-tax-id';
import { readXml, textReadOptions, XmlRefused, type XmlLimits } from '../../lib/xml-limits';
import {
  documentAdjustmentLine, InvalidEInvoiceFile, parseSurchargeReason, parseWithholdingNote, SURCHARGE_EXEMPTION_REASON, SURCHARGE_PROPERTY, vatWithSurcharges, WITHHOLDING_PROPERTY,
  type EInvoice, type SurchargeCharge, type EInvoiceLine, type EInvoiceParty, type EInvoiceVat, type EInvoiceWithholding, type InvoiceTypeCode,
  type ReadEInvoice, type SignatureCheck, type SignatureVerifier, type VatCategory,
} from '../einvoice/api';

/**
 * UBL 2.1 Invoice and CreditNote (EN 16931 as Peppol BIS Billing 3.0 writes it) read back into the
 * e-invoice model, checked as it is read: the mandatory elements (EN 16931 BR-01…BR-16, BR-21…BR-26)
 * and the sums (BR-CO-10…BR-CO-17, BR-S-08 and its kin for every VAT category) are verified, and a
 * file that fails any is an `InvalidEInvoiceFile` with the first errors, each naming its rule.
 *
 * What the model has and EN 16931 has not, and how a UBL file is read to carry it:
 * - IRPF withholdings: `cac:WithholdingTaxTotal` (a UBL 2.1 element outside EN 16931), its
 *   `cac:TaxSubtotal`s giving base, amount and `cac:TaxCategory/cbc:Percent`. The payable amount
 *   either deducts them (`PayableAmount` = inclusive − prepaid − withheld) or counts them in
 *   `PrepaidAmount` (the amount the buyer keeps for the tax office); both are accepted. A line
 *   subject to the withholding carries a second `cac:ClassifiedTaxCategory` whose tax scheme is not
 *   VAT (e.g. `IRPF`) with its percent; without those, a single withholding whose base is the
 *   invoice's net total applies to every line.
 * - Recargo de equivalencia: Cuadra's document-level charges (../einvoice/spanish-conventions.ts,
 *   reason `Recargo de equivalencia 5.20 % (IVA S 21.00 %)`, category E) go back to the VAT groups
 *   they name; each line's recargo and IRPF rates come from its `AdditionalItemProperty`s.
 * - Any other document-level allowance or charge (BG-20, BG-21): Cuadra's documents have none, so
 *   each becomes a line of its own (an allowance a negative one) with its VAT category; the
 *   model's line total is then the tax-exclusive amount.
 *
 * Parsed through lib/xml-limits.ts (no DOCTYPE, bounded size, depth, width and values). Namespace
 * prefixes are dropped once the root is known: UBL's local names are unique across its cbc/cac
 * vocabularies.
 */

export const UBL_LIMITS: XmlLimits = { maxBytes: 10 * 1024 * 1024, maxDepth: 48, maxNodes: 500_000, maxTextLength: 10 * 1024 * 1024 };

const ARRAYS = new Set([
  'Note', 'InvoiceLine', 'CreditNoteLine', 'TaxTotal', 'TaxSubtotal', 'WithholdingTaxTotal', 'AllowanceCharge', 'PaymentMeans', 'PaymentTerms',
  'PartyTaxScheme', 'PartyIdentification', 'ClassifiedTaxCategory', 'BillingReference', 'PartyName', 'AdditionalItemProperty',
]);

const READ_OPTIONS = textReadOptions(ARRAYS);

type Node = any;
const list = (value: Node): Node[] => (value == null ? [] : Array.isArray(value) ? value : [value]);
const first = (value: Node): Node => list(value)[0];
const at = (node: Node, ...path: string[]): Node => path.reduce((n, name) => (n == null ? undefined : first(n[name])), node);
const text = (value: Node): string | null => {
  const v = first(value);
  if (v == null) return null;
  const s = typeof v === 'object' ? (v['#text'] != null ? String(v['#text']) : null) : String(v);
  return s != null && s.trim() ? s.trim() : null;
};
const textAt = (node: Node, ...path: string[]) => text(at(node, ...path));
const attr = (node: Node, name: string): string | null => {
  const v = first(node);
  return v && typeof v === 'object' && v[`@${name}`] != null ? String(v[`@${name}`]).trim() : null;
};

const DECIMAL = /^[+-]?\d{1,15}(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ZERO = Decimal.zero(2);
const R120_SLACK = Decimal.parse('0.02');

const EU_VAT_PREFIXES = new Set(['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI']);
const CATEGORIES = new Set<VatCategory>(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'B']);

/** Collects the file's faults in order; reading goes on so that the first several are reported together. */
class Faults {
  readonly errors: string[] = [];
  add(rule: string, message: string) { if (this.errors.length < 50) this.errors.push(`${rule}: ${message}`); }
}

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** An amount (2 decimals at most, BR-DEC) or a quantity/price (6 at most, what Cuadra stores). */
function decimalAt(faults: Faults, node: Node, what: string, rule: string, options: { required?: boolean; maxScale?: number } = {}): Decimal | null {
  const raw = text(node);
  if (raw == null) {
    if (options.required) faults.add(rule, `${what} is missing`);
    return null;
  }
  if (!DECIMAL.test(raw)) {
    faults.add(rule, `${what} is not a decimal number: "${raw.slice(0, 40)}"`);
    return null;
  }
  const maxScale = options.maxScale ?? 2;
  const scale = raw.split('.')[1]?.length ?? 0;
  if (scale > maxScale) {
    const parsed = Decimal.parse(raw.replace(/^\+/, ''), 30);
    // trailing zeros beyond the scale are harmless ("10.000000000")
    if (!parsed.rescale(maxScale).eq(parsed)) {
      faults.add(maxScale === 2 ? 'BR-DEC' : rule, `${what} has more than ${maxScale} decimals: ${raw}`);
      return null;
    }
    return parsed.rescale(maxScale);
  }
  return Decimal.parse(raw.replace(/^\+/, ''), maxScale);
}

const money = (d: Decimal | null): string => (d ?? ZERO).rescale(2).toString();
const rateString = (d: Decimal | null): string => (d ?? ZERO).rescale(2).toString();
const sum = (values: Decimal[]) => values.reduce((a, b) => a.add(b), ZERO);

/** A tax identifier as the model wants it: a Spanish NIF without its "ES" prefix, an EU VAT number with it, else as given. */
export function taxIdOf(raw: string | null, country: string | null): { taxId: string | null; taxIdKind: EInvoiceParty['taxIdKind'] } {
  if (!raw) return { taxId: null, taxIdKind: null };
  const compact = raw.toUpperCase().replace(/[\s.\-/]/g, '');
  if (/^ES[0-9A-Z]{9}$/.test(compact) || (country === 'ES' && /^[0-9A-Z]{9}$/.test(compact))) {
    const nif = normaliseTaxId(compact);
    if (isValidSpanishTaxId(nif)) return { taxId: nif, taxIdKind: 'nif' };
  }
  if (/^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(compact) && EU_VAT_PREFIXES.has(compact.slice(0, 2)) && compact.slice(0, 2) !== 'ES') return { taxId: compact, taxIdKind: 'eu_vat' };
  return { taxId: compact, taxIdKind: 'other' };
}

function readParty(faults: Faults, party: Node, role: 'seller' | 'buyer'): EInvoiceParty | null {
  const [nameRule, addressRule, countryRule, group] = role === 'seller' ? ['BR-06', 'BR-08', 'BR-09', 'cac:AccountingSupplierParty'] : ['BR-07', 'BR-10', 'BR-11', 'cac:AccountingCustomerParty'];
  if (!party) {
    faults.add(nameRule, `the ${role} (${group}/cac:Party) is missing`);
    return null;
  }
  const name = textAt(party, 'PartyLegalEntity', 'RegistrationName') ?? textAt(party, 'PartyName', 'Name');
  if (!name) faults.add(nameRule, `the ${role}'s name (${group}/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName) is missing`);
  const address = at(party, 'PostalAddress');
  if (!address) faults.add(addressRule, `the ${role}'s postal address (cac:PostalAddress) is missing`);
  const country = textAt(address, 'Country', 'IdentificationCode')?.toUpperCase() ?? null;
  if (address && !country) faults.add(countryRule, `the ${role}'s country (cac:PostalAddress/cac:Country/cbc:IdentificationCode) is missing`);
  else if (country && !/^[A-Z]{2}$/.test(country)) faults.add(countryRule, `the ${role}'s country "${country}" is not an ISO 3166-1 code`);
  // BT-31/BT-48 the VAT identifier; else BT-32 (another tax registration), the legal registration (BT-30), the endpoint
  const schemes = list(party.PartyTaxScheme);
  const vat = schemes.find((s) => (textAt(s, 'TaxScheme', 'ID') ?? '').toUpperCase() === 'VAT') ?? null;
  const taxRaw = textAt(vat, 'CompanyID') ?? text(schemes[0]?.CompanyID) ?? textAt(party, 'PartyLegalEntity', 'CompanyID')
    ?? (/^(9920|0208|9957|9906|9952)$/.test(attr(party.EndpointID, 'schemeID') ?? '') ? text(party.EndpointID) : null);
  const { taxId, taxIdKind } = taxIdOf(taxRaw, country);
  const line = [textAt(address, 'StreetName'), textAt(address, 'AdditionalStreetName')].filter(Boolean).join(', ') || null;
  return {
    name: name ?? '',
    taxId,
    taxIdKind,
    // a Spanish NIF of a natural person starts with a digit (DNI) or X/Y/Z (NIE); everything else is read as a legal entity
    personType: taxIdKind === 'nif' && /^[0-9XYZKLM]/.test(taxId!) ? 'F' : 'J',
    address: {
      line,
      city: textAt(address, 'CityName'),
      postalCode: textAt(address, 'PostalZone'),
      province: textAt(address, 'CountrySubentity'),
      country: country ?? '',
    },
    email: textAt(party, 'Contact', 'ElectronicMail'),
    registry: textAt(party, 'PartyLegalEntity', 'CompanyLegalForm'),
  };
}

interface Category { category: VatCategory; rate: Decimal; exemptionReason: string | null; exemptionCode: string | null }

function readCategory(faults: Faults, node: Node, where: string, rule: string): Category | null {
  if (!node) {
    faults.add(rule, `${where} has no VAT category`);
    return null;
  }
  const id = (textAt(node, 'ID') ?? '').toUpperCase() as VatCategory;
  if (!CATEGORIES.has(id)) {
    faults.add(rule, `${where}: "${id}" is not a VAT category code (UNCL 5305: S, Z, E, AE, K, G, O, L, M, B)`);
    return null;
  }
  const rate = decimalAt(faults, node.Percent, `${where}'s VAT rate`, rule);
  if (rate == null && id !== 'O' && text(node.Percent) == null) faults.add(rule, `${where}'s VAT rate (cbc:Percent) is missing`);
  return { category: id, rate: rate ?? ZERO, exemptionReason: textAt(node, 'TaxExemptionReason'), exemptionCode: textAt(node, 'TaxExemptionReasonCode') };
}

const isVatScheme = (category: Node) => (textAt(category, 'TaxScheme', 'ID') ?? 'VAT').toUpperCase() === 'VAT';
const categoryKey = (category: VatCategory, rate: Decimal) => `${category}|${rate.rescale(2).toString()}`;

/** BR-CO-17 and the categories' own rules on one VAT breakdown. */
function checkBreakdown(faults: Faults, vat: EInvoiceVat) {
  const base = Decimal.parse(vat.base), amount = Decimal.parse(vat.amount), rate = Decimal.parse(vat.rate);
  const expected = base.percent(rate, 2);
  // EN 16931 lets the rounding of the category's amount differ by a cent from base × rate
  if (expected.sub(amount).rescale(2).units > 1n || amount.sub(expected).rescale(2).units > 1n) {
    faults.add('BR-CO-17', `the VAT of category ${vat.category} at ${vat.rate}% is ${vat.amount}, not ${base.rescale(2)} × ${vat.rate}% = ${expected}`);
  }
  if (vat.category === 'S' && rate.isZero()) faults.add('BR-S-05', 'a standard-rated (S) VAT breakdown needs a rate above zero');
  if (['Z', 'E', 'AE', 'K', 'G', 'O'].includes(vat.category) && !rate.isZero()) faults.add(`BR-${vat.category}-05`, `a VAT breakdown of category ${vat.category} has rate 0, not ${vat.rate}`);
  if (['E', 'AE', 'K', 'G', 'O'].includes(vat.category) && !amount.isZero()) faults.add(`BR-${vat.category}-09`, `a VAT breakdown of category ${vat.category} has no VAT amount, not ${vat.amount}`);
  if (['E', 'AE', 'K', 'G', 'O'].includes(vat.category) && !vat.exemptionReason && !vat.exemptionCode) {
    faults.add(`BR-${vat.category}-10`, `a VAT breakdown of category ${vat.category} needs its exemption reason (cbc:TaxExemptionReason or cbc:TaxExemptionReasonCode)`);
  }
}

async function signatureOf(xml: string, verifier: SignatureVerifier | null): Promise<SignatureCheck | null> {
  // an enveloped XMLDSig (in ext:UBLExtensions, Peppol's and UBL 2.1's place for it)
  const signed = /<(?:[A-Za-z_][\w.-]*:)?Signature[\s>][\s\S]*?SignatureValue/.test(xml);
  if (!signed) return { status: 'unsigned', holder: null, holderTaxId: null, reason: null };
  return verifier ? verifier.verify(xml) : null;
}

/** Reads a UBL 2.1 Invoice or CreditNote; `InvalidEInvoiceFile` with the first errors when it is not a valid EN 16931 invoice. */
export async function readUbl(bytes: Uint8Array, verifier: SignatureVerifier | null): Promise<ReadEInvoice> {
  let document: Node;
  try {
    document = readXml(bytes, UBL_LIMITS, READ_OPTIONS);
  } catch (error) {
    if (error instanceof XmlRefused) throw new InvalidEInvoiceFile([error.reason]);
    throw error;
  }
  const rootName = Object.keys(document).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (rootName !== 'Invoice' && rootName !== 'CreditNote') throw new InvalidEInvoiceFile([`the root element is ${rootName ?? 'missing'}, not a UBL Invoice or CreditNote`]);
  const root = first(document[rootName]);
  const invoice = readUblDocument(root, rootName);
  const xml = new TextDecoder('utf-8').decode(bytes);
  return { invoice, signature: await signatureOf(xml, verifier) };
}

/** The parsed root element → the model; throws `InvalidEInvoiceFile` listing the first faults. */
export function readUblDocument(root: Node, rootName: 'Invoice' | 'CreditNote'): EInvoice {
  const faults = new Faults();
  const credit = rootName === 'CreditNote';
  const customization = textAt(root, 'CustomizationID');
  if (!customization) faults.add('BR-01', 'the specification identifier (cbc:CustomizationID) is missing');
  // a Peppol BIS Billing 3.0 file (or a CIUS built on it) also answers to Peppol's own rules
  const peppol = !!customization && customization.includes('urn:fdc:peppol.eu:2017:poacc:billing:3.0');
  const number = textAt(root, 'ID');
  if (!number) faults.add('BR-02', 'the invoice number (cbc:ID) is missing');
  const issueDate = textAt(root, 'IssueDate');
  if (!issueDate) faults.add('BR-03', 'the issue date (cbc:IssueDate) is missing');
  else if (!isRealDate(issueDate)) faults.add('BR-03', `the issue date "${issueDate}" is not a date (YYYY-MM-DD)`);
  const typeRaw = textAt(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode');
  if (!typeRaw) faults.add('BR-04', `the type code (cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}) is missing`);
  const typeCode: InvoiceTypeCode = credit || typeRaw === '381' ? '381' : typeRaw === '384' ? '384' : '380';
  const currency = textAt(root, 'DocumentCurrencyCode');
  if (!currency) faults.add('BR-05', 'the currency (cbc:DocumentCurrencyCode) is missing');
  const dueDate = textAt(root, 'DueDate') ?? textAt(root, 'PaymentMeans', 'PaymentDueDate');
  if (dueDate && !isRealDate(dueDate)) faults.add('BR-09', `the due date "${dueDate}" is not a date`);
  const operationDate = textAt(root, 'TaxPointDate') ?? textAt(root, 'Delivery', 'ActualDeliveryDate');

  const seller = readParty(faults, at(root, 'AccountingSupplierParty', 'Party'), 'seller');
  const buyer = readParty(faults, at(root, 'AccountingCustomerParty', 'Party'), 'buyer');

  // ---- lines (BG-25)
  const lineNodes = list(root[credit ? 'CreditNoteLine' : 'InvoiceLine']);
  if (!lineNodes.length) faults.add('BR-16', `the invoice has no line (cac:${credit ? 'CreditNoteLine' : 'InvoiceLine'})`);
  const lines: EInvoiceLine[] = [];
  const lineWithholdings: (string | null)[] = [];
  lineNodes.forEach((node, index) => {
    const where = `line ${index + 1}`;
    const id = textAt(node, 'ID');
    if (!id) faults.add('BR-21', `${where} has no identifier (cbc:ID)`);
    const quantityNode = node[credit ? 'CreditedQuantity' : 'InvoicedQuantity'];
    const quantity = decimalAt(faults, quantityNode, `${where}'s quantity`, 'BR-22', { required: true, maxScale: 6 });
    const unitCode = attr(quantityNode, 'unitCode');
    if (quantityNode != null && !unitCode) faults.add('BR-23', `${where}'s quantity has no unit (unitCode)`);
    const net = decimalAt(faults, node.LineExtensionAmount, `${where}'s net amount (cbc:LineExtensionAmount)`, 'BR-24', { required: true });
    const item = at(node, 'Item');
    const name = textAt(item, 'Name') ?? textAt(item, 'Description');
    if (!textAt(item, 'Name')) faults.add('BR-25', `${where}'s item name (cac:Item/cbc:Name) is missing`);
    const price = at(node, 'Price');
    const priceAmount = decimalAt(faults, price?.PriceAmount, `${where}'s price (cac:Price/cbc:PriceAmount)`, 'BR-26', { required: true, maxScale: 6 });
    if (priceAmount?.isNegative()) faults.add('BR-27', `${where}'s price is negative`);
    const baseQuantity = decimalAt(faults, price?.BaseQuantity, `${where}'s price base quantity`, 'BR-26', { maxScale: 6 });
    if (baseQuantity?.isZero()) faults.add('BR-26', `${where}'s price base quantity is zero`);
    const categories = list(item?.ClassifiedTaxCategory);
    const vatCategory = readCategory(faults, categories.find(isVatScheme), where, 'BR-CO-4');
    // a line's IRPF rate: Cuadra's item property, or a second tax category whose scheme is not VAT (other senders)
    const property = (name: string) => {
      const found = list(item?.AdditionalItemProperty).find((p) => textAt(p, 'Name') === name);
      return found ? rateString(decimalAt(faults, found.Value, `${where}'s "${name}" property`, 'BR-54')) : null;
    };
    const withholding = categories.find((c) => !isVatScheme(c));
    lineWithholdings.push(property(WITHHOLDING_PROPERTY) ?? (withholding ? rateString(decimalAt(faults, withholding.Percent, `${where}'s withholding rate`, 'BR-CO-4')) : null));
    const surchargeRate = property(SURCHARGE_PROPERTY);

    // line allowances (BG-27) and charges (BG-28)
    let allowances = ZERO, charges = ZERO;
    let discountPct: string | null = null;
    for (const ac of list(node.AllowanceCharge)) {
      const amount = decimalAt(faults, ac.Amount, `${where}'s allowance or charge amount`, 'BR-41', { required: true }) ?? ZERO;
      if (text(ac.ChargeIndicator) === 'true') charges = charges.add(amount);
      else {
        allowances = allowances.add(amount);
        const factor = text(ac.MultiplierFactorNumeric);
        if (factor && DECIMAL.test(factor)) discountPct = Decimal.parse(factor, 30).rescale(2).toString();
      }
    }
    if (peppol && quantity && priceAmount && net) {
      // PEPPOL-EN16931-R120 (Peppol BIS files only: EN 16931 itself does not tie BT-131 to quantity ×
      // price, and the CEN's own examples do not always follow it; the net amount is what is booked):
      // net = quantity × price / base quantity + charges − allowances, unrounded, within 0.02 (the rule's slack)
      const gross = quantity.mul(priceAmount);
      const perBase = baseQuantity && !baseQuantity.isZero() ? divide(gross, baseQuantity) : gross;
      const expected = perBase.add(charges).sub(allowances);
      const gap = net.sub(expected);
      if ((gap.isNegative() ? gap.negate() : gap).compare(R120_SLACK) > 0) {
        faults.add('PEPPOL-EN16931-R120', `${where}'s net amount is ${net.rescale(2)}, not quantity × price + charges − allowances = ${expected.round(2)} (within 0.02)`);
      }
    }
    const unitPrice = priceAmount && baseQuantity && !baseQuantity.isZero() ? divide(priceAmount, baseQuantity).round(6) : priceAmount;
    lines.push({
      id: id ?? String(index + 1),
      description: name ?? '',
      quantity: (quantity ?? Decimal.zero(0)).toString(),
      unitCode: unitCode ?? 'C62',
      unitPrice: (unitPrice ?? ZERO).toString(),
      discountPct: allowances.isZero() ? null : discountPct,
      discountAmount: allowances.isZero() ? null : money(allowances.sub(charges)),
      netAmount: money(net),
      vat: vatCategory
        ? { category: vatCategory.category, rate: rateString(vatCategory.rate), exemptionReason: vatCategory.exemptionReason, exemptionCode: vatCategory.exemptionCode }
        : { category: 'S', rate: '0.00' },
      surchargeRate,
      withholdingRate: null,
    });
  });

  // ---- document allowances (BG-20) and charges (BG-21): Cuadra's recargo charges go back to the VAT
  // groups they name (spanish-conventions.ts); any other becomes a line of its own
  let docAllowances = ZERO, docCharges = ZERO;
  const surchargeCharges: (SurchargeCharge & { baseGiven: boolean })[] = [];
  list(root.AllowanceCharge).forEach((ac, index) => {
    const isCharge = text(ac.ChargeIndicator) === 'true';
    const where = `document ${isCharge ? 'charge' : 'allowance'} ${index + 1}`;
    const amount = decimalAt(faults, ac.Amount, `${where}'s amount`, isCharge ? 'BR-36' : 'BR-31', { required: true }) ?? ZERO;
    const category = readCategory(faults, at(ac, 'TaxCategory'), where, isCharge ? 'BR-37' : 'BR-32');
    const reason = text(ac.AllowanceChargeReason) ?? text(ac.AllowanceChargeReasonCode);
    if (!reason) faults.add(isCharge ? 'BR-38' : 'BR-33', `${where} has no reason`);
    if (isCharge) docCharges = docCharges.add(amount);
    else docAllowances = docAllowances.add(amount);
    const surcharge = isCharge && reason ? parseSurchargeReason(reason) : null;
    if (surcharge) {
      if (category && category.category !== 'E') faults.add('BR-37', `${where} (recargo de equivalencia) is in VAT category ${category.category}, not E`);
      const base = decimalAt(faults, ac.BaseAmount, `${where}'s base amount`, 'BR-36');
      const percent = decimalAt(faults, ac.MultiplierFactorNumeric, `${where}'s percentage`, 'BR-36', { maxScale: 6 });
      surchargeCharges.push({ category: surcharge.category, vatRate: surcharge.vatRate, surchargeRate: percent ? percent.toString() : surcharge.surchargeRate, base: base ?? ZERO, amount, baseGiven: base != null });
      return;
    }
    lines.push(documentAdjustmentLine(isCharge ? 'charge' : 'allowance', index + 1, reason, amount,
      category ? { category: category.category, rate: rateString(category.rate), exemptionReason: category.exemptionReason, exemptionCode: category.exemptionCode } : { category: 'S', rate: '0.00' }));
    lineWithholdings.push(null);
  });

  // ---- VAT breakdown (BG-23): the TaxTotal with subtotals (a second one, in the accounting currency, has none)
  const taxTotals = list(root.TaxTotal);
  const mainTotal = taxTotals.find((t) => list(t.TaxSubtotal).length) ?? taxTotals.find((t) => attr(t.TaxAmount, 'currencyID') === currency) ?? taxTotals[0];
  const vatTotal = decimalAt(faults, mainTotal?.TaxAmount, 'the VAT total (cac:TaxTotal/cbc:TaxAmount)', 'BR-CO-14');
  const vat: EInvoiceVat[] = [];
  for (const [index, sub] of list(mainTotal?.TaxSubtotal).entries()) {
    const where = `VAT breakdown ${index + 1}`;
    const base = decimalAt(faults, sub.TaxableAmount, `${where}'s taxable amount`, 'BR-45', { required: true });
    const amount = decimalAt(faults, sub.TaxAmount, `${where}'s VAT amount`, 'BR-46', { required: true });
    const category = readCategory(faults, at(sub, 'TaxCategory'), where, 'BR-47');
    if (!category || !base || !amount) continue;
    vat.push({ category: category.category, rate: rateString(category.rate), base: money(base), amount: money(amount), exemptionReason: category.exemptionReason, exemptionCode: category.exemptionCode });
  }
  if (!vat.length) faults.add('BR-CO-18', 'the invoice has no VAT breakdown (cac:TaxTotal/cac:TaxSubtotal)');
  for (const group of vat) checkBreakdown(faults, group);
  // split payment (B, Italy) is for domestic Italian invoices and never mixed with standard rated lines
  if (vat.some((g) => g.category === 'B') || lines.some((l) => l.vat.category === 'B')) {
    const outside = [seller, buyer].filter((p) => p && p.address.country && p.address.country !== 'IT').map((p) => `${p!.name} (${p!.address.country})`);
    if (outside.length) faults.add('BR-B-01', `split payment (VAT category B) is for domestic Italian invoices only, and ${outside.join(', ')} is not in Italy`);
    if (vat.some((g) => g.category === 'S') || lines.some((l) => l.vat.category === 'S')) faults.add('BR-B-02', 'an invoice with split payment (VAT category B) has no standard rated (S) lines or breakdown');
  }

  // every line's category and rate has its breakdown, whose base is the lines' nets (BR-S-08, BR-AE-08, …)
  const byCategory = new Map<string, Decimal>();
  for (const line of lines) {
    const key = categoryKey(line.vat.category, Decimal.parse(line.vat.rate));
    byCategory.set(key, (byCategory.get(key) ?? ZERO).add(Decimal.parse(line.netAmount)));
  }
  const surchargeTotal = sum(surchargeCharges.map((c) => c.amount));
  if (surchargeCharges.length) byCategory.set(categoryKey('E', ZERO), (byCategory.get(categoryKey('E', ZERO)) ?? ZERO).add(surchargeTotal));
  for (const [key, base] of byCategory) {
    const [category, rate] = key.split('|');
    const group = vat.find((g) => categoryKey(g.category, Decimal.parse(g.rate)) === key);
    if (!group) faults.add(`BR-${category}-01`, `lines of VAT category ${category} at ${rate}% have no VAT breakdown`);
    else if (!Decimal.parse(group.base).eq(base)) {
      faults.add(`BR-${category}-08`, `the taxable amount of category ${category} at ${rate}% is ${group.base}, but its lines, allowances and charges add up to ${money(base)}`);
    }
  }
  for (const group of vat) {
    if (!byCategory.has(categoryKey(group.category, Decimal.parse(group.rate)))) faults.add('BR-CO-18', `the VAT breakdown of category ${group.category} at ${group.rate}% has no line`);
  }

  // ---- withholdings (IRPF), outside EN 16931
  const withholdings: EInvoiceWithholding[] = [];
  for (const total of list(root.WithholdingTaxTotal)) {
    for (const [index, sub] of list(total.TaxSubtotal).entries()) {
      const where = `withholding ${index + 1}`;
      const base = decimalAt(faults, sub.TaxableAmount, `${where}'s taxable amount`, 'WHT', { required: true });
      const amount = decimalAt(faults, sub.TaxAmount, `${where}'s amount`, 'WHT', { required: true });
      const rate = decimalAt(faults, at(sub, 'TaxCategory')?.Percent ?? sub.Percent, `${where}'s rate`, 'WHT', { required: true });
      if (!base || !amount || !rate) continue;
      if (!base.percent(rate, 2).eq(amount)) faults.add('WHT', `${where} is ${money(amount)}, not ${money(base)} × ${rate.rescale(2)}% = ${base.percent(rate, 2)}`);
      withholdings.push({ rate: rateString(rate), base: money(base), amount: money(amount) });
    }
  }
  // a CreditNote has no WithholdingTaxTotal: Cuadra states each withholding in the note
  const noteLines = list(root.Note).map(text).filter((n): n is string => !!n).flatMap((n) => n.split('\n'));
  if (!list(root.WithholdingTaxTotal).length) {
    for (const note of noteLines) {
      const found = parseWithholdingNote(note);
      if (found) withholdings.push({ rate: rateString(Decimal.parse(found.rate, 6)), base: money(Decimal.parse(found.base)), amount: money(Decimal.parse(found.amount)) });
    }
  }
  const netTotal = sum(lines.map((l) => Decimal.parse(l.netAmount)));
  if (withholdings.length) {
    const marked = lineWithholdings.some(Boolean);
    lines.forEach((line, i) => {
      if (marked) line.withholdingRate = lineWithholdings[i];
      else if (withholdings.length === 1 && Decimal.parse(withholdings[0].base).eq(netTotal)) line.withholdingRate = withholdings[0].rate;
    });
    for (const w of withholdings) {
      const base = sum(lines.filter((l) => l.withholdingRate === w.rate).map((l) => Decimal.parse(l.netAmount)));
      if (!base.eq(Decimal.parse(w.base))) faults.add('WHT', `the withholding at ${w.rate}% has base ${w.base}, but the lines subject to it add up to ${money(base)}`);
    }
  }
  const withheld = sum(withholdings.map((w) => Decimal.parse(w.amount)));

  // ---- totals (BG-22) and their sums (BR-CO-10 … BR-CO-16)
  const totals = at(root, 'LegalMonetaryTotal');
  if (!totals) faults.add('BR-12', 'the document totals (cac:LegalMonetaryTotal) are missing');
  const lineExtension = decimalAt(faults, totals?.LineExtensionAmount, 'the sum of line net amounts (cbc:LineExtensionAmount)', 'BR-12', { required: !!totals });
  const taxExclusive = decimalAt(faults, totals?.TaxExclusiveAmount, 'the total without VAT (cbc:TaxExclusiveAmount)', 'BR-13', { required: !!totals });
  const taxInclusive = decimalAt(faults, totals?.TaxInclusiveAmount, 'the total with VAT (cbc:TaxInclusiveAmount)', 'BR-14', { required: !!totals });
  const payable = decimalAt(faults, totals?.PayableAmount, 'the amount due (cbc:PayableAmount)', 'BR-15', { required: !!totals });
  const allowanceTotal = decimalAt(faults, totals?.AllowanceTotalAmount, 'the allowances total', 'BR-CO-11') ?? ZERO;
  const chargeTotal = decimalAt(faults, totals?.ChargeTotalAmount, 'the charges total', 'BR-CO-12') ?? ZERO;
  const prepaidRaw = decimalAt(faults, totals?.PrepaidAmount, 'the amount paid', 'BR-CO-16') ?? ZERO;
  const rounding = decimalAt(faults, totals?.PayableRoundingAmount, 'the rounding amount', 'BR-CO-16') ?? ZERO;
  const lineSum = sum(lines.filter((l) => !l.adjustment).map((l) => Decimal.parse(l.netAmount)));
  const vatSum = sum(vat.map((g) => Decimal.parse(g.amount)));
  if (lineExtension && !lineExtension.eq(lineSum)) faults.add('BR-CO-10', `the sum of line net amounts is ${money(lineExtension)}, but the lines add up to ${money(lineSum)}`);
  if (!allowanceTotal.eq(docAllowances)) faults.add('BR-CO-11', `the allowances total is ${money(allowanceTotal)}, but the document allowances add up to ${money(docAllowances)}`);
  if (!chargeTotal.eq(docCharges)) faults.add('BR-CO-12', `the charges total is ${money(chargeTotal)}, but the document charges add up to ${money(docCharges)}`);
  if (taxExclusive && lineExtension && !taxExclusive.eq(lineExtension.sub(allowanceTotal).add(chargeTotal))) {
    faults.add('BR-CO-13', `the total without VAT is ${money(taxExclusive)}, not lines − allowances + charges = ${money(lineExtension.sub(allowanceTotal).add(chargeTotal))}`);
  }
  if (vatTotal && !vatTotal.eq(vatSum)) faults.add('BR-CO-14', `the VAT total is ${money(vatTotal)}, but the VAT breakdown adds up to ${money(vatSum)}`);
  if (taxInclusive && taxExclusive && !taxInclusive.eq(taxExclusive.add(vatTotal ?? ZERO))) {
    faults.add('BR-CO-15', `the total with VAT is ${money(taxInclusive)}, not ${money(taxExclusive)} + VAT ${money(vatTotal)} = ${money(taxExclusive.add(vatTotal ?? ZERO))}`);
  }
  // the withholding either deducted from the amount due, or counted in the amount paid (see above)
  let prepaid = prepaidRaw;
  if (taxInclusive && payable) {
    const plain = taxInclusive.sub(prepaidRaw).add(rounding);
    if (withholdings.length && payable.eq(plain) && prepaidRaw.compare(withheld) >= 0) prepaid = prepaidRaw.sub(withheld);
    else if (!payable.eq(plain.sub(withheld))) {
      faults.add('BR-CO-16', `the amount due is ${money(payable)}, not total with VAT − paid${withholdings.length ? ' − withheld' : ''} + rounding = ${money(plain.sub(withheld))}`);
    }
  }
  // not on a CreditNote: the CEN's UBL test set says "Verify that rule does not fire on Credit Notes"
  // (test/CreditNote-unit-UBL/BR-CO-25.xml), and its ubl-tc434-creditnote1 example has neither
  if (!credit && payable && payable.compare(ZERO) > 0 && !dueDate && !list(root.PaymentTerms).length) faults.add('BR-CO-25', 'an amount is due but neither a due date nor payment terms are given');

  // ---- payment (BG-16) and the invoice a credit note corrects (BG-3)
  const means = list(root.PaymentMeans)[0];
  const payment = means ? {
    meansCode: textAt(means, 'PaymentMeansCode') ?? '',
    iban: textAt(means, 'PayeeFinancialAccount', 'ID')?.replace(/\s/g, '') ?? null,
    bic: textAt(means, 'PayeeFinancialAccount', 'FinancialInstitutionBranch', 'ID'),
    dueDate,
  } : null;
  if (means && !payment!.meansCode) faults.add('BR-49', 'the payment means has no type code (cbc:PaymentMeansCode)');
  const billing = at(root, 'BillingReference', 'InvoiceDocumentReference');
  const correctedNumber = textAt(billing, 'ID');
  if (billing && !correctedNumber) faults.add('BR-55', 'the preceding invoice reference (cac:BillingReference) has no number');

  // ---- the recargo back in its VAT groups: out of the E group that held its charges, into the groups they name
  let groups: EInvoiceVat[] = vat;
  if (surchargeCharges.length) {
    const eKey = categoryKey('E', ZERO);
    const hasExemptLines = lines.some((l) => categoryKey(l.vat.category, Decimal.parse(l.vat.rate)) === eKey);
    groups = vat.flatMap((g) => {
      if (categoryKey(g.category, Decimal.parse(g.rate)) !== eKey) return [g];
      const base = Decimal.parse(g.base).sub(surchargeTotal);
      if (!hasExemptLines && base.isZero() && Decimal.parse(g.amount).isZero()) return [];
      const reason = (g.exemptionReason ?? '').split('; ').filter((r) => r !== SURCHARGE_EXEMPTION_REASON).join('; ') || null;
      return [{ ...g, base: money(base), exemptionReason: reason }];
    });
    const charges = surchargeCharges.map(({ baseGiven, ...c }) => {
      const named = groups.filter((g) => g.category === c.category && Decimal.parse(g.rate).eq(Decimal.parse(c.vatRate)));
      return baseGiven || named.length !== 1 ? c : { ...c, base: Decimal.parse(named[0].base) };
    });
    const placed = vatWithSurcharges(groups, charges);
    for (const c of placed.unmatched) faults.add('BR-38', `a recargo de equivalencia charge names VAT ${c.category} ${c.vatRate} %, which the VAT breakdown does not have`);
    groups = placed.vat;
    for (const line of lines) {
      if (line.surchargeRate) continue;
      const named = groups.filter((g) => g.category === line.vat.category && Decimal.parse(g.rate).eq(Decimal.parse(line.vat.rate)));
      if (named.length === 1 && named[0].surchargeRate) line.surchargeRate = named[0].surchargeRate;
    }
  }

  if (faults.errors.length) throw new InvalidEInvoiceFile(faults.errors);
  const notes = noteLines.filter((n) => !parseWithholdingNote(n));
  return {
    typeCode,
    number: number!,
    series: null,
    issueDate: issueDate!,
    operationDate: operationDate && isRealDate(operationDate) && operationDate !== issueDate ? operationDate : null,
    dueDate,
    currency: currency!,
    buyerReference: textAt(root, 'BuyerReference'),
    notes,
    seller: seller!,
    buyer: buyer!,
    lines,
    vat: groups,
    withholdings,
    totals: {
      lineTotal: money(netTotal),
      taxExclusive: money((taxExclusive ?? ZERO).sub(surchargeTotal)),
      vatTotal: money(vatTotal),
      surchargeTotal: money(surchargeTotal),
      taxInclusive: money(taxInclusive),
      withholdingTotal: money(withheld),
      prepaid: money(prepaid),
      payable: money(payable),
    },
    payment,
    corrects: correctedNumber ? {
      number: correctedNumber,
      series: null,
      issueDate: textAt(billing, 'IssueDate') ?? '',
      reasonCode: '',
      reasonText: notes[0] ?? '',
      method: '01',
    } : null,
    legends: groups.map((g) => g.exemptionReason).filter((r): r is string => !!r),
  };
}

/** a ÷ b to 12 decimals, truncated (far below a cent; the caller rounds). */
function divide(a: Decimal, b: Decimal): Decimal {
  const scale = 12;
  return Decimal.of((a.rescale(scale).units * 10n ** BigInt(b.scale)) / b.units, scale);
}
