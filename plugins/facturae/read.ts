import { Decimal, money } from '../../kernel/money';
import { readXml, XmlRefused, type XmlLimits } from '../../lib/xml-limits';
import {
  documentAdjustmentLine, InvalidEInvoiceFile, negatedAmounts, type AdministrativeCentres, type EInvoice, type EInvoiceLine, type EInvoiceParty, type EInvoiceVat,
  type PostalAddress, type ReadEInvoice, type SignatureCheck, type SignatureVerifier, type VatCategory,
} from '../einvoice/api';
import { alpha2, CORRECTION_METHODS, REASONS, rec20Unit, uncl4461 } from './codes';
import { EXACTLY_TWO_DECIMALS, FACTURAE_3_2_DECIMALS, facturaeVersionOf, ONLY_IN_3_2_2, type FacturaeVersion } from './versions';

/**
 * A Facturae 3.2, 3.2.1 or 3.2.2 file (signed or not; one invoice or a batch of several) read
 * back into the semantic model, one invoice each. The file is parsed
 * within the XML limits (no DOCTYPE, bounded size, depth and width), then checked against the
 * format's rules this reader depends on — required elements, code lists, decimal and date
 * patterns — and every breach is reported (the first ones) as an `InvalidEInvoiceFile`. A
 * signature is handed to the verifier; without a verifier a signed file's check is null.
 */

/**
 * The most invoices one file may hold. A batch is booked in one transaction that holds the
 * company's ledger counter lock while it books: some 2,500 small invoices fit the XML limits, which
 * would hold the lock for minutes. Counted before any invoice is read.
 */
export const MAX_BATCH_INVOICES = 100;

const LIMITS: XmlLimits = { maxBytes: 15 * 1024 * 1024, maxDepth: 64, maxNodes: 200_000, maxTextLength: 1_000_000 };

const ARRAYS = new Set(['Invoice', 'InvoiceLine', 'Tax', 'Discount', 'AdministrativeCentre', 'LegalReference', 'Installment', 'PaymentOnAccount', 'Charge']);

const DECIMAL = /^-?\d+(\.\d{1,8})?$/;
const DOUBLE = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

type Node = Record<string, unknown>;

/** Walks the parsed tree, collecting every breach with the element's path. */
class Checked {
  readonly errors: string[] = [];

  constructor(readonly version: FacturaeVersion) {}

  node(parent: Node | null, name: string, path: string, required = true): Node | null {
    const value = parent?.[name];
    if (value === undefined || value === null) {
      if (required && parent) this.errors.push(`${path}/${name}: required element missing`);
      return null;
    }
    const node = Array.isArray(value) ? value[0] : value;
    if (typeof node !== 'object') {
      this.errors.push(`${path}/${name}: expected child elements`);
      return null;
    }
    return node as Node;
  }

  nodes(parent: Node | null, name: string): Node[] {
    const value = parent?.[name];
    if (value === undefined || value === null) return [];
    return (Array.isArray(value) ? value : [value]).filter((v): v is Node => typeof v === 'object' && v !== null);
  }

  text(parent: Node | null, name: string, path: string, rule?: { pattern?: RegExp; oneOf?: readonly string[]; max?: number; what?: string }): string {
    const value = this.optional(parent, name, path, rule);
    if (value === null && parent) this.errors.push(`${path}/${name}: required element missing`);
    return value ?? '';
  }

  optional(parent: Node | null, name: string, path: string, rule?: { pattern?: RegExp; oneOf?: readonly string[]; max?: number; what?: string }): string | null {
    const raw = parent?.[name];
    if (raw === undefined || raw === null) return null;
    const value = Array.isArray(raw) ? raw[0] : raw;
    const text = typeof value === 'object' ? String((value as Node)['#text'] ?? '') : String(value);
    if (rule?.pattern && !rule.pattern.test(text)) this.errors.push(`${path}/${name}: "${text}" is not ${rule.what ?? 'valid'}`);
    if (rule?.oneOf && !rule.oneOf.includes(text)) this.errors.push(`${path}/${name}: "${text}" is not one of ${rule.oneOf.join(', ')}`);
    if (rule?.max !== undefined && text.length > rule.max) this.errors.push(`${path}/${name}: longer than ${rule.max} characters`);
    return text;
  }

  /** A decimal of up to eight decimals; in a 3.2 file, with exactly the decimals its type has there. */
  decimal(parent: Node | null, name: string, path: string, exact?: keyof typeof FACTURAE_3_2_DECIMALS): string {
    const value = this.text(parent, name, path, { pattern: DECIMAL, what: 'a decimal with at most eight decimals' });
    this.exactly(value, name, path, exact);
    return value;
  }

  optionalDecimal(parent: Node | null, name: string, path: string, exact?: keyof typeof FACTURAE_3_2_DECIMALS): string | null {
    const value = this.optional(parent, name, path, { pattern: DECIMAL, what: 'a decimal' });
    if (value !== null) this.exactly(value, name, path, exact);
    return value;
  }

  private exactly(value: string, name: string, path: string, exact: keyof typeof FACTURAE_3_2_DECIMALS | undefined) {
    if (this.version !== '3.2' || !exact || !DECIMAL.test(value)) return;
    const rule = FACTURAE_3_2_DECIMALS[exact];
    if (!rule.pattern.test(value)) this.errors.push(`${path}/${name}: "${value}" is not ${rule.what}`);
  }

  /** One of the few elements every version writes with exactly two decimals (versions.ts: EXACTLY_TWO_DECIMALS). */
  optionalTwoDecimals(parent: Node | null, name: string, path: string): string | null {
    return this.optional(parent, name, path, { pattern: EXACTLY_TWO_DECIMALS, what: 'a number with exactly two decimals' });
  }

  amount(parent: Node | null, name: string, path: string): string {
    const node = this.node(parent, name, path);
    return this.decimal(node, 'TotalAmount', `${path}/${name}`, 'two');
  }

  /** A tax type code: 01 to 29 (20 to 29 were added in 3.2.1). */
  taxTypeCode(parent: Node | null, path: string): string {
    return this.version === '3.2'
      ? this.text(parent, 'TaxTypeCode', path, { pattern: /^(0[1-9]|1\d)$/, what: 'a Facturae 3.2 tax type code (01 to 19)' })
      : this.text(parent, 'TaxTypeCode', path, { pattern: /^(0[1-9]|1\d|2\d)$/, what: 'a tax type code' });
  }

  /** An element the file's version does not have (3.2.2's additions in a 3.2 or 3.2.1 file). */
  absent(parent: Node | null, names: readonly string[], path: string) {
    if (this.version === '3.2.2' || !parent) return;
    for (const name of names) if (parent[name] !== undefined) this.errors.push(`${path}/${name}: not an element of Facturae ${this.version} (added in 3.2.2)`);
  }
}

const twoDecimals = (text: string): string => (DECIMAL.test(text) ? Decimal.parse(text, 8).round(2).toString() : text);
const orNull = (text: string | null): string | null => (text === null || text === '' ? null : text);

/** The root element's namespace, read from its start tag. */
function rootNamespace(xml: string): { prefix: string | null; namespace: string | null } {
  const start = /<([A-Za-z_][\w.-]*:)?Facturae[\s>]/.exec(xml);
  if (!start) return { prefix: null, namespace: null };
  const prefix = start[1] ? start[1].slice(0, -1) : null;
  const tag = xml.slice(start.index, xml.indexOf('>', start.index) + 1);
  const declaration = new RegExp(`xmlns${prefix ? `:${prefix}` : ''}="([^"]*)"`).exec(tag);
  return { prefix, namespace: declaration?.[1] ?? null };
}

function address(c: Checked, holder: Node | null, path: string): PostalAddress {
  const spain = c.node(holder, 'AddressInSpain', path, false);
  if (spain) {
    const p = `${path}/AddressInSpain`;
    return {
      line: orNull(c.text(spain, 'Address', p, { max: 80 })),
      city: orNull(c.text(spain, 'Town', p, { max: 50 })),
      postalCode: orNull(c.text(spain, 'PostCode', p, { pattern: /^\d{5}$/, what: 'a five-digit postal code' })),
      province: orNull(c.text(spain, 'Province', p, { max: 20 })),
      country: countryOf(c, spain, p),
    };
  }
  const overseas = c.node(holder, 'OverseasAddress', path, false);
  if (!overseas) {
    c.errors.push(`${path}: AddressInSpain or OverseasAddress required`);
    return { line: null, city: null, postalCode: null, province: null, country: 'ES' };
  }
  const p = `${path}/OverseasAddress`;
  const postCodeAndTown = c.text(overseas, 'PostCodeAndTown', p, { max: 50 }).trim();
  const [first = '', ...rest] = postCodeAndTown.split(/\s+/);
  const hasPostCode = /\d/.test(first);
  return {
    line: orNull(c.text(overseas, 'Address', p, { max: 80 })),
    city: orNull(hasPostCode ? rest.join(' ') : postCodeAndTown),
    postalCode: hasPostCode ? first : null,
    province: orNull(c.text(overseas, 'Province', p, { max: 20 })),
    country: countryOf(c, overseas, p),
  };
}

function countryOf(c: Checked, node: Node, path: string): string {
  const code = c.text(node, 'CountryCode', path);
  const country = alpha2(code);
  if (!country) c.errors.push(`${path}/CountryCode: "${code}" is not a Facturae country code`);
  return country ?? 'ES';
}

function party(c: Checked, parties: Node | null, tag: 'SellerParty' | 'BuyerParty'): EInvoiceParty {
  const path = `/Facturae/Parties/${tag}`;
  const node = c.node(parties, tag, '/Facturae/Parties');
  const taxIdentification = c.node(node, 'TaxIdentification', path);
  const tp = `${path}/TaxIdentification`;
  const personType = c.text(taxIdentification, 'PersonTypeCode', tp, { oneOf: ['F', 'J'] }) as 'F' | 'J';
  const residence = c.text(taxIdentification, 'ResidenceTypeCode', tp, { oneOf: ['R', 'U', 'E'] });
  const taxId = c.text(taxIdentification, 'TaxIdentificationNumber', tp, { pattern: /^.{3,30}$/s, what: '3 to 30 characters' });
  const legal = c.node(node, 'LegalEntity', path, false);
  const individual = c.node(node, 'Individual', path, false);
  let name = '';
  let holder: Node | null = null;
  let holderPath = path;
  if (legal) {
    holder = legal;
    holderPath = `${path}/LegalEntity`;
    name = c.text(legal, 'CorporateName', holderPath, { max: 80 });
  } else if (individual) {
    holder = individual;
    holderPath = `${path}/Individual`;
    name = [c.text(individual, 'Name', holderPath, { max: 40 }), c.text(individual, 'FirstSurname', holderPath, { max: 40 }), c.optional(individual, 'SecondSurname', holderPath, { max: 40 })]
      .filter((part) => part).join(' ');
  } else if (node) {
    c.errors.push(`${path}: LegalEntity or Individual required`);
  }
  const where = address(c, holder, holderPath);
  const contact = c.node(holder, 'ContactDetails', holderPath, false);
  const centresNode = c.node(node, 'AdministrativeCentres', path, false);
  let administrativeCentres: AdministrativeCentres | null = null;
  if (centresNode) {
    const byRole = new Map<string, string>();
    for (const [i, centre] of c.nodes(centresNode, 'AdministrativeCentre').entries()) {
      const cp = `${path}/AdministrativeCentres/AdministrativeCentre[${i + 1}]`;
      const role = c.optional(centre, 'RoleTypeCode', cp, { oneOf: ['01', '02', '03', '04', '05', '06', '07', '08', '09'] });
      const code = c.optional(centre, 'CentreCode', cp, { max: 10 });
      if (role && code && !byRole.has(role)) byRole.set(role, code);
    }
    if (byRole.has('01') && byRole.has('02') && byRole.has('03')) {
      administrativeCentres = { accountingOffice: byRole.get('01')!, managingBody: byRole.get('02')!, processingUnit: byRole.get('03')!, proposingBody: byRole.get('04') ?? null };
    }
  }
  return {
    name,
    taxId: taxId || null,
    taxIdKind: residence === 'R' ? 'nif' : residence === 'U' ? 'eu_vat' : 'other',
    personType,
    address: where,
    email: orNull(c.optional(contact, 'ElectronicMail', `${holderPath}/ContactDetails`, { max: 60 })),
    registry: null,
    administrativeCentres,
  };
}

const CATEGORY_BY_CODE: Readonly<Record<string, VatCategory>> = { 'VATEX-EU-IC': 'K', 'VATEX-EU-G': 'G', 'VATEX-EU-O': 'O', 'VATEX-EU-AE': 'AE' };

/** A line's VAT category from its tax type, rate and special taxable event (see README: how categories travel). */
function lineVat(taxType: string, rate: string, event: string | null, reasonText: string | null): EInvoiceLine['vat'] {
  if (taxType === '03') return { category: 'L', rate, exemptionReason: null, exemptionCode: null };
  if (taxType === '02') return { category: 'M', rate, exemptionReason: null, exemptionCode: null };
  if (!event) return { category: Decimal.parse(rate, 8).isZero() ? 'Z' : 'S', rate, exemptionReason: null, exemptionCode: null };
  const coded = /\s*\(([A-Z0-9][A-Z0-9-]+)\)\s*$/.exec(reasonText ?? '');
  const exemptionCode = coded?.[1] ?? null;
  const exemptionReason = orNull((coded ? (reasonText ?? '').slice(0, coded.index) : reasonText ?? '').trim());
  let category: VatCategory;
  if (exemptionCode && CATEGORY_BY_CODE[exemptionCode]) category = CATEGORY_BY_CODE[exemptionCode];
  else if (event === '02') category = /sujeto pasivo|reverse charge/i.test(reasonText ?? '') ? 'AE' : 'O';
  else if (/art(?:\.|ículo)\s*25\b|intracomunitari/i.test(reasonText ?? '')) category = 'K';
  else if (/art(?:\.|ículo)\s*21\b|exportaci/i.test(reasonText ?? '')) category = 'G';
  else category = 'E';
  return { category, rate, exemptionReason, exemptionCode };
}

/** The Facturae file as the model, or an `InvalidEInvoiceFile` with the first breaches. */
export function parseFacturae(bytes: Uint8Array): { invoice: EInvoice; invoices: EInvoice[]; version: FacturaeVersion; signed: boolean; xml: string } {
  let tree: Node;
  try {
    tree = readXml(bytes, LIMITS, { ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, trimValues: true, isArray: (name) => ARRAYS.has(name) });
  } catch (error) {
    if (error instanceof XmlRefused) throw new InvalidEInvoiceFile([error.reason]);
    throw error;
  }
  const xml = new TextDecoder('utf-8').decode(bytes);
  const root = tree.Facturae as Node | undefined;
  if (!root || typeof root !== 'object') throw new InvalidEInvoiceFile(['The root element is not Facturae']);
  const { namespace } = rootNamespace(xml);
  const known = facturaeVersionOf(namespace);
  if (!known || 'refused' in known) {
    throw new InvalidEInvoiceFile([known
      ? `Facturae ${known.refused} is not read: Cuadra reads Facturae 3.2, 3.2.1 and 3.2.2 (ask the sender for a file in 3.2.2, the version in force)`
      : `The Facturae namespace is "${namespace ?? 'none'}", not one of Facturae 3.2, 3.2.1 or 3.2.2`]);
  }
  const { version } = known;

  const c = new Checked(version);
  const fileHeader = c.node(root, 'FileHeader', '/Facturae');
  c.text(fileHeader, 'SchemaVersion', '/Facturae/FileHeader', { oneOf: [version] });
  const modality = c.text(fileHeader, 'Modality', '/Facturae/FileHeader', { oneOf: ['I', 'L'] });
  c.text(fileHeader, 'InvoiceIssuerType', '/Facturae/FileHeader', { oneOf: ['EM', 'RE', 'TE'] });
  const batch = c.node(fileHeader, 'Batch', '/Facturae/FileHeader');
  const count = c.text(batch, 'InvoicesCount', '/Facturae/FileHeader/Batch', { pattern: /^\d+$/, what: 'a count' });
  const [batchTotal, batchOutstanding, batchExecutable] = ['TotalInvoicesAmount', 'TotalOutstandingAmount', 'TotalExecutableAmount'].map((name) => c.amount(batch, name, '/Facturae/FileHeader/Batch'));
  const batchCurrency = c.text(batch, 'InvoiceCurrencyCode', '/Facturae/FileHeader/Batch', { pattern: /^[A-Z]{3}$/, what: 'a currency code' });

  const parties = c.node(root, 'Parties', '/Facturae');
  const seller = party(c, parties, 'SellerParty');
  const buyer = party(c, parties, 'BuyerParty');

  const nodes = c.nodes(c.node(root, 'Invoices', '/Facturae'), 'Invoice');
  if (nodes.length === 0) c.errors.push('/Facturae/Invoices/Invoice: required element missing');
  if (nodes.length > MAX_BATCH_INVOICES) {
    throw new InvalidEInvoiceFile([`/Facturae/Invoices: the file holds ${nodes.length} invoices; Cuadra reads at most ${MAX_BATCH_INVOICES} in one file (send the batch in smaller files)`]);
  }
  const headerErrors = c.errors.length;
  // a batch's invoices are named by their position, as an XPath would: /Facturae/Invoices/Invoice[2]
  const read = nodes.map((node, i) => readInvoice(c, node, nodes.length > 1 ? `/Facturae/Invoices/Invoice[${i + 1}]` : '/Facturae/Invoices/Invoice', seller, buyer, headerErrors === 0));
  if (!c.errors.length) {
    const bp = '/Facturae/FileHeader/Batch';
    if (/^\d+$/.test(count) && Number(count) !== nodes.length) c.errors.push(`${bp}/InvoicesCount: ${count}, but the file has ${nodes.length} invoice${nodes.length === 1 ? '' : 's'}`);
    if (modality === 'I' && nodes.length > 1) c.errors.push(`/Facturae/FileHeader/Modality: I (one invoice), but the file has ${nodes.length} invoices (a batch is L)`);
    // the schema's annotation: a batch (L) always has InvoicesCount > 1
    if (modality === 'L' && nodes.length === 1) c.errors.push('/Facturae/FileHeader/Modality: L (a batch), but the file has one invoice (a single invoice is I)');
    const seen = new Map<string, number>();
    for (const [i, r] of read.entries()) {
      const { number, currency } = r!.invoice;
      const at = nodes.length > 1 ? `/Facturae/Invoices/Invoice[${i + 1}]` : '/Facturae/Invoices/Invoice';
      const first = seen.get(number);
      if (first !== undefined) c.errors.push(`${at}/InvoiceHeader/InvoiceNumber: "${number}" repeats invoice ${first + 1}'s series and number: each invoice of a batch has its own`);
      else seen.set(number, i);
      if (currency !== batchCurrency) c.errors.push(`${bp}/InvoiceCurrencyCode: ${batchCurrency}, but ${at}/InvoiceIssueData/InvoiceCurrencyCode is ${currency}`);
    }
    type Declared = NonNullable<ReadInvoice>['declared'];
    // a producer may add the invoices' amounts as written and round the sum, or round each invoice
    // to the cent and add those: either is the batch's total
    const sums = (pick: (d: Declared) => string) => [
      read.reduce((total, r) => total.add(Decimal.parse(pick(r!.declared), 8)), Decimal.zero(8)).round(2),
      read.reduce((total, r) => total.add(Decimal.parse(pick(r!.declared), 8).round(2)), Decimal.zero(2)),
    ];
    const batchSum = (name: string, declared: string, pick: (d: Declared) => string, of: string) => {
      const stated = Decimal.parse(declared, 8).round(2);
      const [sum] = sums(pick);
      if (!sums(pick).some((s) => s.eq(stated))) c.errors.push(`${bp}/${name}: ${stated} is not the sum of the invoices' ${of} = ${sum}`);
    };
    batchSum('TotalInvoicesAmount', batchTotal, (d) => d.invoiceTotal, 'InvoiceTotal');
    batchSum('TotalOutstandingAmount', batchOutstanding, (d) => d.outstanding, 'TotalOutstandingAmount');
    batchSum('TotalExecutableAmount', batchExecutable, (d) => d.executable, 'TotalExecutableAmount');
  }
  if (c.errors.length) throw new InvalidEInvoiceFile(c.errors.slice(0, 20));
  const invoices = read.map((r) => r!.invoice);
  return { invoice: invoices[0], invoices, version, signed: root.Signature !== undefined, xml };
}

type ReadInvoice = { invoice: EInvoice; declared: { invoiceTotal: string; outstanding: string; executable: string } } | null;

/**
 * One invoice of the file (`ip` its path) as the model, or null when it breaks the format (its
 * breaches added to `c`). `arithmetic`: check its totals' sums (not when the file's header is broken).
 */
function readInvoice(c: Checked, node: Node, ip: string, seller: EInvoiceParty, buyer: EInvoiceParty, arithmetic: boolean): ReadInvoice {
  const errorsBefore = c.errors.length;

  const header = c.node(node, 'InvoiceHeader', ip);
  const hp = `${ip}/InvoiceHeader`;
  const rawNumber = c.text(header, 'InvoiceNumber', hp, { max: 20 });
  const series = orNull(c.optional(header, 'InvoiceSeriesCode', hp, { max: 20 }));
  c.text(header, 'InvoiceDocumentType', hp, { oneOf: ['FC', 'FA', 'AF'] });
  const invoiceClass = c.text(header, 'InvoiceClass', hp, { oneOf: ['OO', 'OR', 'OC', 'CO', 'CR', 'CC'] });
  const corrective = c.node(header, 'Corrective', hp, false);
  let corrects: EInvoice['corrects'] = null;
  if (corrective) {
    const cp = `${hp}/Corrective`;
    const reasonCode = c.text(corrective, 'ReasonCode', cp, { oneOf: Object.keys(REASONS) });
    const reasonDescription = c.text(corrective, 'ReasonDescription', cp, { oneOf: Object.values(REASONS) });
    const period = c.node(corrective, 'TaxPeriod', cp);
    const start = c.text(period, 'StartDate', `${cp}/TaxPeriod`, { pattern: DATE, what: 'a date' });
    c.text(period, 'EndDate', `${cp}/TaxPeriod`, { pattern: DATE, what: 'a date' });
    const method = c.text(corrective, 'CorrectionMethod', cp, { oneOf: Object.keys(CORRECTION_METHODS) }) as '01' | '02' | '03' | '04';
    c.text(corrective, 'CorrectionMethodDescription', cp, { oneOf: Object.values(CORRECTION_METHODS) });
    c.absent(corrective, ONLY_IN_3_2_2.Corrective, cp);
    corrects = {
      number: c.optional(corrective, 'InvoiceNumber', cp, { max: 20 }) ?? '',
      series: orNull(c.optional(corrective, 'InvoiceSeriesCode', cp, { max: 20 })),
      issueDate: c.optional(corrective, 'InvoiceIssueDate', cp, { pattern: DATE, what: 'a date' }) ?? start,
      reasonCode,
      reasonText: c.optional(corrective, 'AdditionalReasonDescription', cp, { max: 2500 }) ?? reasonDescription,
      method,
    };
  }

  const issueData = c.node(node, 'InvoiceIssueData', ip);
  const dp = `${ip}/InvoiceIssueData`;
  const issueDate = c.text(issueData, 'IssueDate', dp, { pattern: DATE, what: 'a date' });
  const operationDate = c.optional(issueData, 'OperationDate', dp, { pattern: DATE, what: 'a date' });
  const currency = c.text(issueData, 'InvoiceCurrencyCode', dp, { pattern: /^[A-Z]{3}$/, what: 'a currency code' });
  c.text(issueData, 'TaxCurrencyCode', dp, { pattern: /^[A-Z]{3}$/, what: 'a currency code' });
  c.text(issueData, 'LanguageName', dp, { pattern: /^[a-z]{2}$/, what: 'a language code' });
  c.absent(issueData, ONLY_IN_3_2_2.InvoiceIssueData, dp);
  const description = orNull(c.optional(issueData, 'InvoiceDescription', dp, { max: 2500 }));
  const buyerReference = orNull(c.optional(issueData, 'FileReference', dp, { max: 20 }));

  // Items first: the document's tax groups take their VAT category from the lines.
  const items = c.nodes(c.node(node, 'Items', ip), 'InvoiceLine');
  if (node && items.length === 0) c.errors.push(`${ip}/Items/InvoiceLine: required element missing`);
  const lines: EInvoiceLine[] = items.map((item, i) => {
    const lp = `${ip}/Items/InvoiceLine[${i + 1}]`;
    const sequence = c.optional(item, 'SequenceNumber', lp, { pattern: DOUBLE, what: 'a number' });
    const article = c.optional(item, 'ArticleCode', lp, { max: 20 });
    const quantity = c.text(item, 'Quantity', lp, { pattern: DOUBLE, what: 'a number' });
    const unitPrice = c.decimal(item, 'UnitPriceWithoutTax', lp, 'six');
    c.decimal(item, 'TotalCost', lp, 'six');
    const gross = c.decimal(item, 'GrossAmount', lp, 'six');
    const discounts = c.nodes(c.node(item, 'DiscountsAndRebates', lp, false), 'Discount');
    let discountPct: string | null = null;
    let discountAmount: string | null = null;
    if (discounts.length) {
      const amounts = discounts.map((d, j) => c.decimal(d, 'DiscountAmount', `${lp}/DiscountsAndRebates/Discount[${j + 1}]`, 'six'));
      discountAmount = amounts.every((a) => DECIMAL.test(a)) ? amounts.reduce((sum, a) => sum.add(Decimal.parse(a, 8)), Decimal.zero(2)).round(2).toString() : null;
      const rate = discounts.length === 1 ? c.optionalDecimal(discounts[0], 'DiscountRate', `${lp}/DiscountsAndRebates/Discount[1]`, 'four') : null;
      discountPct = rate ? twoDecimals(rate) : null;
    }
    const outputs = c.nodes(c.node(item, 'TaxesOutputs', lp), 'Tax');
    if (outputs.length === 0) c.errors.push(`${lp}/TaxesOutputs/Tax: required element missing`);
    const tax = outputs[0] ?? null;
    const tp = `${lp}/TaxesOutputs/Tax[1]`;
    const taxType = c.taxTypeCode(tax, tp);
    const rate = twoDecimals(c.decimal(tax, 'TaxRate', tp, 'two'));
    const surcharge = c.optionalTwoDecimals(tax, 'EquivalenceSurcharge', tp);
    const event = c.node(item, 'SpecialTaxableEvent', lp, false);
    const eventCode = event ? c.text(event, 'SpecialTaxableEventCode', `${lp}/SpecialTaxableEvent`, { oneOf: ['01', '02'] }) : null;
    const eventReason = event ? c.text(event, 'SpecialTaxableEventReason', `${lp}/SpecialTaxableEvent`, { max: 2500 }) : null;
    const withheld = c.nodes(c.node(item, 'TaxesWithheld', lp, false), 'Tax');
    const withholding = withheld.length ? c.decimal(withheld[0], 'TaxRate', `${lp}/TaxesWithheld/Tax[1]`, 'two') : null;
    const id = sequence && /^\d+(\.0*)?$/.test(sequence) ? String(Number.parseInt(sequence, 10)) : article ?? String(i + 1);
    return {
      id,
      description: c.text(item, 'ItemDescription', lp, { max: 2500 }),
      quantity,
      unitCode: rec20Unit(c.optional(item, 'UnitOfMeasure', lp, { pattern: /^\d{2}$/, what: 'a unit of measure code' })),
      unitPrice,
      discountPct,
      discountAmount,
      netAmount: twoDecimals(gross),
      vat: DECIMAL.test(rate) ? lineVat(taxType, rate, eventCode, eventReason) : { category: 'S', rate, exemptionReason: null, exemptionCode: null },
      surchargeRate: surcharge ? twoDecimals(surcharge) : null,
      withholdingRate: withholding ? twoDecimals(withholding) : null,
    };
  });

  const claimed = new Set<number>();
  const vat: EInvoiceVat[] = c.nodes(c.node(node, 'TaxesOutputs', ip), 'Tax').map((tax, i) => {
    const tp = `${ip}/TaxesOutputs/Tax[${i + 1}]`;
    const taxType = c.taxTypeCode(tax, tp);
    const rate = twoDecimals(c.decimal(tax, 'TaxRate', tp, 'two'));
    const base = twoDecimals(c.amount(tax, 'TaxableBase', tp));
    const taxAmount = c.node(tax, 'TaxAmount', tp, false);
    const amount = taxAmount ? twoDecimals(c.decimal(taxAmount, 'TotalAmount', `${tp}/TaxAmount`, 'two')) : '0.00';
    const surchargeRate = c.optionalTwoDecimals(tax, 'EquivalenceSurcharge', tp);
    const surchargeNode = c.node(tax, 'EquivalenceSurchargeAmount', tp, false);
    const surchargeAmount = surchargeNode ? twoDecimals(c.decimal(surchargeNode, 'TotalAmount', `${tp}/EquivalenceSurchargeAmount`, 'two')) : null;
    // The group's category: the lines of the same tax type and rate whose bases add up to this base.
    const code = (category: VatCategory) => (category === 'L' ? '03' : category === 'M' ? '02' : '01');
    const candidates = new Map<string, { category: VatCategory; first: EInvoiceLine; sum: Decimal }>();
    for (const l of lines) {
      if (code(l.vat.category) !== taxType || l.vat.rate !== rate || !DECIMAL.test(l.netAmount)) continue;
      const key = `${l.vat.category}|${l.vat.exemptionCode ?? ''}|${l.vat.exemptionReason ?? ''}`;
      const entry = candidates.get(key) ?? { category: l.vat.category, first: l, sum: Decimal.zero(2) };
      entry.sum = entry.sum.add(money(l.netAmount));
      candidates.set(key, entry);
    }
    const options = [...candidates.values()];
    const pick = options.find((o, j) => !claimed.has(j) && DECIMAL.test(base) && o.sum.eq(money(base))) ?? options[0];
    if (pick) claimed.add(options.indexOf(pick));
    const category: VatCategory = pick?.category ?? (taxType === '03' ? 'L' : taxType === '02' ? 'M' : Decimal.parse(DECIMAL.test(rate) ? rate : '0', 8).isZero() ? 'Z' : 'S');
    return {
      category,
      rate,
      base,
      amount,
      surchargeRate: surchargeRate ? twoDecimals(surchargeRate) : null,
      surchargeAmount,
      exemptionReason: pick?.first.vat.exemptionReason ?? null,
      exemptionCode: pick?.first.vat.exemptionCode ?? null,
    };
  });

  const withholdings = c.nodes(c.node(node, 'TaxesWithheld', ip, false), 'Tax').map((tax, i) => {
    const tp = `${ip}/TaxesWithheld/Tax[${i + 1}]`;
    c.taxTypeCode(tax, tp);
    const taxAmount = c.node(tax, 'TaxAmount', tp, false);
    return {
      rate: twoDecimals(c.decimal(tax, 'TaxRate', tp, 'two')),
      base: twoDecimals(c.amount(tax, 'TaxableBase', tp)),
      amount: taxAmount ? twoDecimals(c.decimal(taxAmount, 'TotalAmount', `${tp}/TaxAmount`, 'two')) : '0.00',
    };
  });

  const totalsNode = c.node(node, 'InvoiceTotals', ip);
  const tp = `${ip}/InvoiceTotals`;
  const lineTotal = c.decimal(totalsNode, 'TotalGrossAmount', tp, 'two');
  const taxExclusive = c.decimal(totalsNode, 'TotalGrossAmountBeforeTaxes', tp, 'two');
  const taxOutputs = c.decimal(totalsNode, 'TotalTaxOutputs', tp, 'two');
  const withheldTotal = c.decimal(totalsNode, 'TotalTaxesWithheld', tp, 'two');
  const invoiceTotal = c.decimal(totalsNode, 'InvoiceTotal', tp, 'two');
  const outstanding = c.decimal(totalsNode, 'TotalOutstandingAmount', tp, 'two');
  const prepaid = c.optionalDecimal(totalsNode, 'TotalPaymentsOnAccount', tp, 'two');
  c.absent(totalsNode, ONLY_IN_3_2_2.InvoiceTotals, tp);
  const executable = c.decimal(totalsNode, 'TotalExecutableAmount', tp, 'two');
  // what TotalExecutableAmount adds to or takes from the outstanding amount (their schema types: 3.2 writes the first two with two decimals)
  const retained = c.optionalDecimal(c.node(totalsNode, 'AmountsWithheld', tp, false), 'WithholdingAmount', `${tp}/AmountsWithheld`, 'two');
  const inKind = c.optionalDecimal(c.node(totalsNode, 'PaymentInKind', tp, false), 'PaymentInKindAmount', `${tp}/PaymentInKind`);
  const reimbursable = c.optionalDecimal(totalsNode, 'TotalReimbursableExpenses', tp, 'two');
  const financial = c.optionalTwoDecimals(totalsNode, 'TotalFinancialExpenses', tp);
  const adjustmentLines = generalAdjustmentLines(c, totalsNode, tp, lines, vat, { gross: lineTotal, beforeTaxes: taxExclusive });
  lines.push(...adjustmentLines);

  const installments = c.nodes(c.node(node, 'PaymentDetails', ip, false), 'Installment');
  let payment: EInvoice['payment'] = null;
  if (installments.length) {
    const pp = `${ip}/PaymentDetails/Installment[1]`;
    const first = installments[0];
    const account = c.node(first, 'AccountToBeCredited', pp, false) ?? c.node(first, 'AccountToBeDebited', pp, false);
    payment = {
      meansCode: uncl4461(c.text(first, 'PaymentMeans', pp, { pattern: /^(0[1-9]|1\d)$/, what: 'a Facturae means of payment' })),
      iban: orNull(c.optional(account, 'IBAN', pp, { max: 34 })),
      bic: orNull(c.optional(account, 'BIC', pp, { max: 11 })),
      dueDate: c.text(first, 'InstallmentDueDate', pp, { pattern: DATE, what: 'a date' }),
    };
    if (c.optionalTwoDecimals(first, 'InstallmentAmount', pp) === null) c.errors.push(`${pp}/InstallmentAmount: required element missing`);
  }
  const legends = c.nodes(node, 'LegalLiterals').flatMap((literals) => {
    const value = literals.LegalReference;
    return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
  });
  const additional = c.node(node, 'AdditionalData', ip, false);
  const information = c.optional(additional, 'InvoiceAdditionalInformation', `${ip}/AdditionalData`, { max: 2500 });

  const findings = arithmetic && c.errors.length === errorsBefore
    ? totalsArithmetic(c, tp, { vat, withholdings, taxExclusive, taxOutputs, withheldTotal, invoiceTotal, outstanding, prepaid, executable, retained, inKind, reimbursable, financial })
    : [];
  if (c.errors.length > errorsBefore || !arithmetic) return null;

  const sum = (values: readonly string[]) => values.reduce((a, v) => a.add(money(v)), Decimal.zero(2)).toString();
  const vatTotal = sum(vat.map((v) => v.amount));
  const surchargeTotal = sum(vat.map((v) => v.surchargeAmount ?? '0'));
  const invoice: EInvoice = {
    typeCode: invoiceClass === 'OR' || invoiceClass === 'CR' ? (Decimal.parse(invoiceTotal, 8).isNegative() ? '381' : '384') : '380',
    number: series && !rawNumber.startsWith(series) ? `${series}${rawNumber}` : rawNumber,
    series,
    issueDate,
    operationDate: orNull(operationDate),
    dueDate: payment?.dueDate ?? null,
    currency,
    buyerReference,
    notes: [...(description ? [description] : []), ...(information ? information.split('\n') : [])],
    seller,
    buyer,
    lines,
    vat,
    withholdings,
    totals: {
      // with general discounts or charges among the lines, their sum is the total before taxes
      lineTotal: twoDecimals(adjustmentLines.length ? taxExclusive : lineTotal),
      taxExclusive: twoDecimals(taxExclusive),
      vatTotal,
      surchargeTotal,
      // InvoiceTotal is after the withholding; a file that wrote it before (findings) gives it as is
      taxInclusive: (findings.length ? Decimal.parse(invoiceTotal, 8) : Decimal.parse(invoiceTotal, 8).add(Decimal.parse(withheldTotal, 8))).round(2).toString(),
      withholdingTotal: twoDecimals(withheldTotal),
      prepaid: prepaid ? twoDecimals(prepaid) : '0.00',
      payable: twoDecimals(executable),
    },
    payment,
    corrects,
    legends,
    ...(findings.length ? { readerFindings: findings } : {}),
  };
  // a rectification that takes back (negative total) is a credit note, positive in the model
  return { invoice: invoice.typeCode === '381' ? negatedAmounts(invoice) : invoice, declared: { invoiceTotal, outstanding, executable } };
}

/**
 * Facturae's own arithmetic of InvoiceTotals (Orden HAP/1650/2015's format, the annotations of its
 * XSD): TotalTaxOutputs = Σ TaxesOutputs (tax and equivalence surcharge amounts); TotalTaxesWithheld
 * = Σ TaxesWithheld; InvoiceTotal = TotalGrossAmountBeforeTaxes + TotalTaxOutputs −
 * TotalTaxesWithheld; TotalOutstandingAmount = InvoiceTotal − TotalPaymentsOnAccount;
 * TotalExecutableAmount = TotalOutstandingAmount − AmountsWithheld/WithholdingAmount −
 * PaymentInKind/PaymentInKindAmount + TotalReimbursableExpenses + TotalFinancialExpenses. A file whose
 * totals do not add up is refused naming the sum, rather than booked as a draft whose amounts
 * disagree with the file. One departure is read, and returned as a finding: InvoiceTotal written
 * before the withholding when everything else, the amounts to pay included, agrees.
 */
function totalsArithmetic(c: Checked, tp: string, t: {
  vat: readonly EInvoiceVat[]; withholdings: readonly { amount: string }[]; taxExclusive: string; taxOutputs: string; withheldTotal: string; invoiceTotal: string; outstanding: string; prepaid: string | null;
  executable: string; retained: string | null; inKind: string | null; reimbursable: string | null; financial: string | null;
}): string[] {
  const extras = [t.retained, t.inKind, t.reimbursable, t.financial].map((a) => a ?? '0');
  const amounts = [t.taxExclusive, t.taxOutputs, t.withheldTotal, t.invoiceTotal, t.outstanding, t.executable, t.prepaid ?? '0', ...extras, ...t.vat.flatMap((g) => [g.amount, g.surchargeAmount ?? '0']), ...t.withholdings.map((w) => w.amount)];
  if (amounts.some((a) => !DECIMAL.test(a))) return [];
  // the file's amounts may carry up to 8 decimals: the sums add them as written, and only the two
  // sides compared are rounded to the cent (1530.004 + 248.554 − 135.00 = 1643.558 → 1643.56)
  const u = (a: string) => Decimal.parse(a, 8);
  const cents = (a: string) => u(a).round(2);
  const outputs = t.vat.reduce((sum, g) => sum.add(u(g.amount)).add(u(g.surchargeAmount ?? '0')), Decimal.zero(8));
  const withheld = t.withholdings.reduce((sum, w) => sum.add(u(w.amount)), Decimal.zero(8));
  const expectTotal = (name: string, declared: string, computed: Decimal, how: string) => {
    if (!cents(declared).eq(computed.round(2))) c.errors.push(`${tp}/${name}: ${cents(declared)} is not ${how} = ${computed.round(2)}`);
  };
  expectTotal('TotalTaxOutputs', t.taxOutputs, outputs, 'the sum of the taxes output (with their equivalence surcharges)');
  expectTotal('TotalTaxesWithheld', t.withheldTotal, withheld, 'the sum of the taxes withheld');
  const withTaxes = u(t.taxExclusive).add(u(t.taxOutputs));
  const afterWithholding = withTaxes.sub(u(t.withheldTotal));
  const due = afterWithholding.sub(u(t.prepaid ?? '0'));
  const [retained, inKind, reimbursable, financial] = extras.map(u);
  const executableOf = (outstanding: Decimal) => outstanding.sub(retained).sub(inKind).add(reimbursable).add(financial);
  // a producer that writes InvoiceTotal before the withholding (invopop's gobl.facturae) but states
  // what is owed right: the outstanding and executable amounts are InvoiceTotal's formula less the
  // withholding and the payments on account. Read with the consistent amounts, and said
  if (!u(t.withheldTotal).isZero() && cents(t.invoiceTotal).eq(withTaxes.round(2)) && cents(t.outstanding).eq(due.round(2)) && cents(t.executable).eq(executableOf(due).round(2))) {
    return [`the file's InvoiceTotal ${cents(t.invoiceTotal)} is written before the withholding: Facturae's InvoiceTotal is TotalGrossAmountBeforeTaxes + TotalTaxOutputs − TotalTaxesWithheld = ${afterWithholding.round(2)}; `
      + `its lines, taxes, withholding and amount to pay (${due.round(2)}) agree, and were read: check the invoice with the supplier`];
  }
  expectTotal('InvoiceTotal', t.invoiceTotal, afterWithholding, 'TotalGrossAmountBeforeTaxes + TotalTaxOutputs − TotalTaxesWithheld');
  expectTotal('TotalOutstandingAmount', t.outstanding, u(t.invoiceTotal).sub(u(t.prepaid ?? '0')), 'InvoiceTotal − TotalPaymentsOnAccount');
  expectTotal('TotalExecutableAmount', t.executable, executableOf(u(t.outstanding)),
    'TotalOutstandingAmount − AmountsWithheld − PaymentInKind + TotalReimbursableExpenses + TotalFinancialExpenses');
  return [];
}

/**
 * The VAT of a general charge or discount the file leaves out of every tax base: not subject (O),
 * saying only what the file shows. Whether it really is outside the base (a suplido) is for a person
 * to check: purchase ingestion gives every such line a review reason.
 */
const OUTSIDE_VAT_BASE: EInvoiceLine['vat'] = {
  category: 'O', rate: '0.00', exemptionReason: 'Ninguna base imponible del fichero lo incluye', exemptionCode: null,
};

/**
 * Facturae's general discounts and charges (InvoiceTotals/GeneralDiscounts, GeneralSurcharges) name
 * no tax: the file's TaxesOutputs bases already count them. Each becomes a line that says what it is
 * (../einvoice/document-adjustments.ts) in the tax group whose base it moved: all of them in that
 * group when one group moved; else one line per group that moved, for the amount it moved, naming
 * every reason. What the groups moved must be what the discounts and charges add up to, except
 * for a part no base counts when the file's own totals say so (TotalGrossAmountBeforeTaxes =
 * TotalGrossAmount − discounts + charges, and the bases add up to it less that part: a suplido, art.
 * 78.Tres.3º LIVA, as some generators write it): that part becomes a line not subject to VAT (O).
 */
function generalAdjustmentLines(c: Checked, totals: Node | null, tp: string, lines: readonly EInvoiceLine[], vat: readonly EInvoiceVat[], declared: { gross: string; beforeTaxes: string }): EInvoiceLine[] {
  const read = (kind: 'allowance' | 'charge') => {
    const [list, item, name] = kind === 'allowance' ? ['GeneralDiscounts', 'Discount', 'Discount'] : ['GeneralSurcharges', 'Charge', 'Charge'];
    return c.nodes(c.node(totals, list, tp, false), item).map((node, j) => {
      const at = `${tp}/${list}/${item}[${j + 1}]`;
      const amount = c.decimal(node, `${name}Amount`, at, 'six');
      c.optionalDecimal(node, `${name}Rate`, at, 'four');
      return { kind, reason: c.text(node, `${name}Reason`, at, { max: 2500 }), amount: DECIMAL.test(amount) ? Decimal.parse(amount, 8).round(2) : null };
    });
  };
  const adjustments = [...read('allowance'), ...read('charge')];
  if (!adjustments.length || adjustments.some((a) => a.amount === null) || lines.some((l) => !DECIMAL.test(l.netAmount)) || vat.some((g) => !DECIMAL.test(g.base))) return [];
  const signedTotal = adjustments.reduce((sum, a) => (a.kind === 'charge' ? sum.add(a.amount!) : sum.sub(a.amount!)), Decimal.zero(2));
  const moved = vat.map((group) => ({
    group,
    by: lines.filter((l) => l.vat.category === group.category && l.vat.rate === group.rate).reduce((base, l) => base.sub(money(l.netAmount)), money(group.base)),
  })).filter((m) => !m.by.isZero());
  const movedTotal = moved.reduce((sum, m) => sum.add(m.by), Decimal.zero(2));
  const outside = signedTotal.sub(movedTotal);
  if (!outside.isZero()) {
    const bases = vat.reduce((sum, g) => sum.add(money(g.base)), Decimal.zero(2));
    // the declared totals may carry up to 8 decimals (TotalGrossAmount 1500.000)
    const cents = (x: string) => Decimal.parse(x, 8).round(2);
    const consistent = DECIMAL.test(declared.gross) && DECIMAL.test(declared.beforeTaxes)
      && cents(declared.gross).add(signedTotal).eq(cents(declared.beforeTaxes)) && bases.add(outside).eq(cents(declared.beforeTaxes));
    if (!consistent) {
      c.errors.push(`${tp}: the general discounts and charges add up to ${signedTotal}, but the tax bases differ from the lines by ${movedTotal}`);
      return [];
    }
  }
  const vatOf = (g: EInvoiceVat): EInvoiceLine['vat'] => ({ category: g.category, rate: g.rate, exemptionReason: g.exemptionReason ?? null, exemptionCode: g.exemptionCode ?? null });
  const signedLine = (by: Decimal, position: number, reason: string, tax: EInvoiceLine['vat']) =>
    documentAdjustmentLine(by.isNegative() ? 'allowance' : 'charge', position, reason, by.isNegative() ? by.negate() : by, tax);
  // every adjustment in one place: each its own line there
  if (moved.length === 1 && outside.isZero()) return adjustments.map((a, i) => documentAdjustmentLine(a.kind, i + 1, a.reason, a.amount!, vatOf(moved[0].group)));
  if (moved.length === 0) return adjustments.map((a, i) => documentAdjustmentLine(a.kind, i + 1, a.reason, a.amount!, OUTSIDE_VAT_BASE));
  const reasons = adjustments.map((a) => a.reason).join('; ');
  const split = moved.map((m, i) => signedLine(m.by, i + 1, reasons, vatOf(m.group)));
  return outside.isZero() ? split : [...split, signedLine(outside, split.length + 1, reasons, OUTSIDE_VAT_BASE)];
}

/** `einvoice-syntaxes` read: the model (every invoice of a batch) and, for a signed file, what the verifier found (one signature covers the file). */
export async function readFacturae(bytes: Uint8Array, verifier: SignatureVerifier | null): Promise<ReadEInvoice> {
  const { invoice, invoices, signed, xml } = parseFacturae(bytes);
  let signature: SignatureCheck | null;
  if (!signed) signature = { status: 'unsigned', holder: null, holderTaxId: null, reason: null };
  else signature = verifier ? await verifier.verify(xml) : null;
  return invoices.length > 1 ? { invoice, signature, batch: invoices } : { invoice, signature };
}
