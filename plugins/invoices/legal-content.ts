import type { FieldError } from '../../kernel/errors';
import { Decimal, money } from '../../kernel/money';
import type { TaxRegime } from '../taxes/api';
import type { ContactFacts, Party } from '../documents/api';

/**
 * The parties' data an invoice must carry (RD 1619/2012; docs/domain/invoice-content.md §2 and §3).
 *
 * A complete invoice (art. 6.1.c-e) names the issuer with tax number and address, always, and the
 * customer; a business customer's address, and its tax number when the operation takes place in
 * Spain. A private person's address and tax number may be left out. Intra-EU supplies and reverse
 * charge need any customer's tax number (checked with the tax types).
 *
 * A simplified invoice (arts. 4 and 7) may leave out the customer's identification: up to 400 €
 * VAT included, and any rectifying invoice, but never an exempt intra-EU supply or a distance sale
 * through the OSS. When a business customer's data is missing and the invoice qualifies, it is
 * issued as a simplified invoice (the PDF says so); the issuer's data is always required.
 */
export const SIMPLIFIED_INVOICE_LIMIT = money('400.00');
const NOT_SIMPLIFIABLE: ReadonlySet<TaxRegime> = new Set(['intra_eu', 'oss']);

const blank = (value: string | null | undefined) => !value || !value.trim();

type Address = { address?: string | null; city?: string | null; postalCode?: string | null; country: string };
/** Street and city, and in Spain the postal code. */
const addressFields = (party: Address) =>
  [['address', party.address], ['city', party.city], ...(party.country === 'ES' ? [['postal_code', party.postalCode]] : [])] as [string, string | null | undefined][];

/** The tax regimes of an invoice's lines (domestic, exempt, intra_eu, …), as its tax types say. */
export const regimesOf = (lines: readonly { taxTypeId: string }[], types: ReadonlyMap<string, { regime?: string }>): ReadonlySet<string | undefined> =>
  new Set(lines.map((l) => types.get(l.taxTypeId)?.regime));

const locatedInSpain = (regimes: ReadonlySet<string | undefined>) => regimes.has('domestic') || regimes.has('exempt');

/** May this invoice be a simplified one (art. 4 RD 1619/2012)? */
export function simplifiedAllowed(total: Decimal, regimes: ReadonlySet<string | undefined>, rectifying: boolean): boolean {
  if ([...regimes].some((regime) => NOT_SIMPLIFIABLE.has(regime as TaxRegime))) return false;
  return rectifying || (total.isNegative() ? total.negate() : total).compare(SIMPLIFIED_INVOICE_LIMIT) <= 0;
}

/**
 * Was this invoice issued as a simplified one (FACTURA SIMPLIFICADA on the PDF)? It qualifies
 * (art. 4: up to 400 € VAT included, or rectifying; never intra-EU or OSS) and its business
 * customer lacks what a complete invoice needs: the tax number when the operation is located in
 * Spain, or the address. The tax register (and with it the VAT books and VERI*FACTU) records it
 * as F2: `registeredAsSimplified`.
 */
export function issuedAsSimplified(customer: Party, regimes: ReadonlySet<string | undefined>, invoice: { total: Decimal; rectifying: boolean }): boolean {
  if (customer.customer_type !== 'business' || !simplifiedAllowed(invoice.total, regimes, invoice.rectifying)) return false;
  return (locatedInSpain(regimes) && blank(customer.tax_id)) || addressFields({ ...customer, postalCode: customer.postal_code }).some(([, value]) => blank(value));
}

/**
 * F2 in the tax register (the VAT books) and in VERI*FACTU: a simplified invoice, or a complete
 * invoice whose recipient is not identified by a tax number (F2 "sin identificación del
 * destinatario", art. 6.1.d RD 1619/2012): an operation located in Spain whose recipient has none,
 * or a private person's anywhere (an export or a distance sale to a consumer abroad). The AEAT
 * accepts no F1 without its recipient (error 1189) and takes such an invoice as F2 with the mark
 * `FacturaSinIdentifDestinatarioArt61d` (docs/domain/verifactu.md §6). A foreign business without
 * one stays a complete invoice (and VERI*FACTU refuses to issue it). The books and the VERI*FACTU
 * record always agree.
 */
export function registeredAsSimplified(customer: Party, regimes: ReadonlySet<string | undefined>, invoice: { total: Decimal; rectifying: boolean }): boolean {
  return issuedAsSimplified(customer, regimes, invoice) || (blank(customer.tax_id) && (locatedInSpain(regimes) || customer.customer_type !== 'business'));
}

/**
 * `registeredAsSimplified` in SQL over an issued invoice `d` (its frozen customer snapshot, its
 * total and its lines' VAT types), for register rows written before the register told simplified
 * invoices apart. Keep the two alike (test/plugins/documents/tax-register.test.ts compares them).
 * `rule: 'as-released'` is the rule of the migration that ran it (20261231000250), when only an
 * operation in Spain without the recipient's tax number was F2: a released migration must send the
 * SQL it ran. Invoices to private persons abroad issued before the current rule keep their F1 in
 * the books, as in their VERI*FACTU record.
 */
export function registeredAsSimplifiedSql(linesTable: string, linesKey: string, rule: 'current' | 'as-released' = 'current'): string {
  const blank = (field: string) => `coalesce(btrim(d.customer ->> '${field}', E' \\t\\n\\r'), '') = ''`;
  const regimes = (list: string[]) => `exists (select 1 from ${linesTable} l join tax_types t on t.tenant_id = l.tenant_id and t.id = l.tax_type_id
      where l.tenant_id = d.tenant_id and l.${linesKey} = d.id and t.regime in (${list.map((r) => `'${r}'`).join(', ')}))`;
  const inSpain = regimes(['domestic', 'exempt']);
  const issuedAsSimplified = `d.customer ->> 'customer_type' = 'business'
    and (d.rectifies_id is not null or abs(d.total) <= ${SIMPLIFIED_INVOICE_LIMIT})
    and not ${regimes([...NOT_SIMPLIFIABLE])}
    and ((${inSpain} and ${blank('tax_id')})
      or ${blank('address')} or ${blank('city')} or (d.customer ->> 'country' = 'ES' and ${blank('postal_code')}))`;
  if (rule === 'as-released') return `((${issuedAsSimplified}) or (${inSpain} and ${blank('tax_id')}))`;
  return `((${issuedAsSimplified}) or (${blank('tax_id')} and (${inSpain} or coalesce(d.customer ->> 'customer_type', '') <> 'business')))`;
}

/** What is missing to issue the invoice: one validation item per datum (422), none when it can be issued. */
export function missingPartyData(issuer: Party, contact: ContactFacts, regimes: ReadonlySet<string | undefined>, invoice: { total: Decimal; rectifying: boolean }): FieldError[] {
  const errors: FieldError[] = [];
  const item = (loc: string[], msg: string): FieldError => ({ loc, msg, type: 'value_error.invoice_content' });
  const fix = 'set it with PATCH /api/v1/tenants/me';
  if (blank(issuer.legal_name ?? issuer.name)) errors.push(item(['issuer', 'name'], `The company's name is required on an invoice (art. 6.1.c RD 1619/2012): ${fix}`));
  if (blank(issuer.tax_id)) errors.push(item(['issuer', 'tax_id'], `The company's tax number is required on an invoice (art. 6.1.d RD 1619/2012): ${fix}`));
  for (const [field, value] of addressFields({ ...issuer, postalCode: issuer.postal_code })) {
    if (blank(value)) errors.push(item(['issuer', field], `The company's address (${field}) is required on an invoice (art. 6.1.e RD 1619/2012): ${fix}`));
  }
  if (blank(contact.legalName ?? contact.name)) errors.push(item(['customer', 'name'], 'The customer\'s name is required on an invoice (art. 6.1.c RD 1619/2012)'));
  if (contact.customerType !== 'business' || simplifiedAllowed(invoice.total, regimes, invoice.rectifying)) return errors;
  const fixContact = `set it with PATCH /api/v1/contacts/${contact.id} (an invoice of up to ${SIMPLIFIED_INVOICE_LIMIT} € VAT included may be a simplified one without it, art. 4 RD 1619/2012)`;
  const locatedInSpain = regimes.has('domestic') || regimes.has('exempt');
  if (locatedInSpain && blank(contact.vat)) errors.push(item(['customer', 'vat'], `${contact.name} is a business: its tax number is required on the invoice (art. 6.1.d RD 1619/2012): ${fixContact}`));
  for (const [field, value] of addressFields(contact)) {
    if (blank(value)) errors.push(item(['customer', field], `${contact.name} is a business: its address (${field}) is required on the invoice (art. 6.1.e RD 1619/2012): ${fixContact}`));
  }
  return errors;
}

/**
 * Why an issued invoice is registered as simplified (F2), as InvoiceResponse says it: a simplified
 * invoice whose business customer lacks data (`simplified_invoice`, art. 4), or a complete invoice
 * whose recipient has no tax number (`recipient_without_tax_id`, art. 6.1.d): an operation in
 * Spain, or a private person's anywhere. Drafts are not registered yet: both fields then say not
 * simplified.
 */
export type SimplifiedReason = 'simplified_invoice' | 'recipient_without_tax_id';

export function simplifiedStatus(invoice: { customer: Party | null; lines: readonly { taxTypeId: string }[]; total: Decimal; rectifiesId: string | null }, types: ReadonlyMap<string, { regime?: string }>) {
  const none = { simplified: false, simplified_reason: null as SimplifiedReason | null };
  if (!invoice.customer) return none;
  const regimes = regimesOf(invoice.lines, types);
  const facts = { total: invoice.total, rectifying: !!invoice.rectifiesId };
  if (issuedAsSimplified(invoice.customer, regimes, facts)) return { simplified: true, simplified_reason: 'simplified_invoice' as SimplifiedReason };
  if (registeredAsSimplified(invoice.customer, regimes, facts)) return { simplified: true, simplified_reason: 'recipient_without_tax_id' as SimplifiedReason };
  return none;
}
