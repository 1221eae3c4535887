import { Decimal } from '../../kernel/money';
import { en16931Of, SURCHARGE_PROPERTY, UnprocessableEInvoice, WITHHOLDING_PROPERTY, type EInvoice, type EInvoiceLine, type En16931Charge, type En16931Line, type En16931Party, type PostalAddress, type WriteOptions } from '../einvoice/api';

/**
 * EInvoice → UBL 2.1 Invoice or CreditNote under EN 16931 in the Peppol BIS Billing 3.0 syntax
 * (docs/domain/einvoices.md §3 has the mapping). The business terms come from the EN 16931 view
 * (../einvoice/en16931.ts), so what the business rules checked is what is written:
 *
 * - 380 and 384 are an `Invoice`, 381 a `CreditNote` (its amounts are already a credit, model.ts);
 * - parties: `cbc:EndpointID` with its Peppol EAS scheme (9920 for a Spanish tax id: "ES" + NIF;
 *   each Member State's VAT scheme for an EU VAT number; EM and the email address otherwise),
 *   `PartyTaxScheme/CompanyID` with the country prefix (BT-31/BT-48), `PartyLegalEntity` with the
 *   registration name, the NIF (BT-30) and the Registro Mercantil entry (BT-33);
 * - recargo de equivalencia: a document-level `AllowanceCharge` (charge) per VAT group that carries
 *   it, VAT category E, its reason naming the group (../einvoice/spanish-conventions.ts); each
 *   line's recargo and IRPF rates also as `AdditionalItemProperty` (BT-160/BT-161);
 * - IRPF: `WithholdingTaxTotal` (UBL 2.1 Invoice; the CreditNote has no such element), and the
 *   withholding inside `PrepaidAmount` so that `PayableAmount` is what the buyer pays;
 * - one `cbc:Note` (Peppol allows one): the notes, legends and each withholding
 *   (`Retención IRPF: 15.00 % de 100.00 = 15.00`), one per line;
 * - `BuyerReference` (required by Peppol) is the invoice number when the buyer gave none.
 *
 * Amounts are written as the model's decimal strings: nothing passes through a JS number.
 */

const NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};
export const PEPPOL_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** Names of the line properties (BT-160) that carry the Spanish taxes of a line: the einvoice plugin's conventions. */
export { SURCHARGE_PROPERTY as LINE_SURCHARGE_PROPERTY, WITHHOLDING_PROPERTY as LINE_WITHHOLDING_PROPERTY } from '../einvoice/api';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// XML 1.0 cannot carry most control characters; a description pasted with one would make the file invalid.
const clean = (text: string) => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ' ');

class Xml {
  private parts: string[] = [];
  open(name: string, attrs = '') { this.parts.push(`<${name}${attrs}>`); return this; }
  close(name: string) { this.parts.push(`</${name}>`); return this; }
  /** `<name>text</name>`; nothing for null, undefined or blank text (Peppol refuses empty elements). */
  text(name: string, value: string | null | undefined, attrs = '') {
    if (value == null || !String(value).trim()) return this;
    this.parts.push(`<${name}${attrs}>${escape(clean(String(value)))}</${name}>`);
    return this;
  }
  amount(name: string, value: string, currency: string) { return this.text(name, value, ` currencyID="${escape(currency)}"`); }
  wrap(name: string, body: () => void) { this.open(name); body(); return this.close(name); }
  toString() { return this.parts.join(''); }
}

export async function writeUbl(invoice: EInvoice, _options: WriteOptions): Promise<Uint8Array> {
  return new TextEncoder().encode(ublXml(invoice));
}

/** The UBL document as text. */
export function ublXml(invoice: EInvoice): string {
  if (!invoice.lines.length) throw new UnprocessableEInvoice('An e-invoice needs at least one line');
  const inv = en16931Of(invoice);
  const credit = inv.typeCode === '381';
  const root = credit ? 'CreditNote' : 'Invoice';
  const cur = inv.currency;
  const x = new Xml();
  x.open(root, ` xmlns="${NS[root]}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}"`);
  x.text('cbc:CustomizationID', PEPPOL_CUSTOMIZATION);
  x.text('cbc:ProfileID', PEPPOL_PROFILE);
  x.text('cbc:ID', inv.number);
  x.text('cbc:IssueDate', inv.issueDate);
  if (!credit) x.text('cbc:DueDate', inv.dueDate);
  x.text(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', inv.typeCode);
  x.text('cbc:Note', inv.notes.join('\n'));
  x.text('cbc:DocumentCurrencyCode', cur);
  x.text('cbc:BuyerReference', inv.buyerReference ?? inv.number);
  if (inv.preceding) {
    x.wrap('cac:BillingReference', () => x.wrap('cac:InvoiceDocumentReference', () => {
      x.text('cbc:ID', inv.preceding!.number);
      x.text('cbc:IssueDate', inv.preceding!.issueDate);
    }));
  }
  x.wrap('cac:AccountingSupplierParty', () => party(x, inv.seller));
  x.wrap('cac:AccountingCustomerParty', () => party(x, inv.buyer));
  if (inv.delivery) {
    x.wrap('cac:Delivery', () => {
      x.text('cbc:ActualDeliveryDate', inv.delivery!.date);
      if (inv.delivery!.country) x.wrap('cac:DeliveryLocation', () => x.wrap('cac:Address', () => country(x, inv.delivery!.country!)));
    });
  }
  if (inv.payment) {
    const payment = inv.payment;
    x.wrap('cac:PaymentMeans', () => {
      x.text('cbc:PaymentMeansCode', payment.meansCode);
      if (credit) x.text('cbc:PaymentDueDate', inv.dueDate);
      x.text('cbc:PaymentID', inv.number);
      if (payment.iban) {
        x.wrap('cac:PayeeFinancialAccount', () => {
          x.text('cbc:ID', payment.iban);
          if (payment.bic) x.wrap('cac:FinancialInstitutionBranch', () => x.text('cbc:ID', payment.bic));
        });
      }
    });
  }
  if (inv.paymentTerms) x.wrap('cac:PaymentTerms', () => x.text('cbc:Note', inv.paymentTerms));
  for (const charge of inv.charges) documentCharge(x, charge, cur);
  x.wrap('cac:TaxTotal', () => {
    x.amount('cbc:TaxAmount', inv.totals.vatTotal, cur);
    for (const group of inv.vat) {
      x.wrap('cac:TaxSubtotal', () => {
        x.amount('cbc:TaxableAmount', group.base, cur);
        x.amount('cbc:TaxAmount', group.amount, cur);
        x.wrap('cac:TaxCategory', () => {
          x.text('cbc:ID', group.category);
          x.text('cbc:Percent', group.rate);
          x.text('cbc:TaxExemptionReasonCode', group.exemptionCode);
          x.text('cbc:TaxExemptionReason', group.exemptionReason);
          vatScheme(x);
        });
      });
    }
  });
  if (!credit && inv.withholdings.length) {
    const total = invoice.totals.withholdingTotal;
    x.wrap('cac:WithholdingTaxTotal', () => {
      x.amount('cbc:TaxAmount', total, cur);
      for (const w of inv.withholdings) {
        x.wrap('cac:TaxSubtotal', () => {
          x.amount('cbc:TaxableAmount', w.base, cur);
          x.amount('cbc:TaxAmount', w.amount, cur);
          x.wrap('cac:TaxCategory', () => {
            x.text('cbc:Percent', w.rate);
            x.wrap('cac:TaxScheme', () => x.text('cbc:ID', 'IRPF'));
          });
        });
      }
    });
  }
  x.wrap('cac:LegalMonetaryTotal', () => {
    const t = inv.totals;
    x.amount('cbc:LineExtensionAmount', t.lineTotal, cur);
    x.amount('cbc:TaxExclusiveAmount', t.taxExclusive, cur);
    x.amount('cbc:TaxInclusiveAmount', t.taxInclusive, cur);
    if (inv.charges.length) x.amount('cbc:ChargeTotalAmount', t.chargeTotal, cur);
    if (t.paid !== '0.00') x.amount('cbc:PrepaidAmount', t.paid, cur);
    x.amount('cbc:PayableAmount', t.payable, cur);
  });
  inv.lines.forEach((line, i) => invoiceLine(x, line, invoice.lines[i], cur, credit));
  x.close(root);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${x.toString()}\n`;
}

/**
 * Whether base × percentage / 100, to the cent, is the amount: only then are the base and the
 * percentage written (Peppol checks the product when both are there; a line's discount rounded on
 * the line's gross and on its net may differ by a cent).
 */
function percentageHolds(base: string, percent: string, amount: string): boolean {
  return Decimal.parse(base, 6).percent(Decimal.parse(percent, 6), 2).eq(Decimal.parse(amount, 6));
}

const vatScheme = (x: Xml) => x.wrap('cac:TaxScheme', () => x.text('cbc:ID', 'VAT'));
const country = (x: Xml, code: string) => x.wrap('cac:Country', () => x.text('cbc:IdentificationCode', code));

function address(x: Xml, a: PostalAddress) {
  x.wrap('cac:PostalAddress', () => {
    x.text('cbc:StreetName', a.line);
    x.text('cbc:CityName', a.city);
    x.text('cbc:PostalZone', a.postalCode);
    x.text('cbc:CountrySubentity', a.province);
    country(x, a.country);
  });
}

function party(x: Xml, p: En16931Party) {
  x.wrap('cac:Party', () => {
    if (p.endpoint) x.text('cbc:EndpointID', p.endpoint.id, ` schemeID="${escape(p.endpoint.scheme)}"`);
    x.wrap('cac:PartyName', () => x.text('cbc:Name', p.name));
    address(x, p.address);
    if (p.vatId) x.wrap('cac:PartyTaxScheme', () => { x.text('cbc:CompanyID', p.vatId); vatScheme(x); });
    x.wrap('cac:PartyLegalEntity', () => {
      x.text('cbc:RegistrationName', p.name);
      x.text('cbc:CompanyID', p.legalId);
      x.text('cbc:CompanyLegalForm', p.legalInfo);
    });
    if (p.email) x.wrap('cac:Contact', () => x.text('cbc:ElectronicMail', p.email));
  });
}

function documentCharge(x: Xml, charge: En16931Charge, cur: string) {
  x.wrap('cac:AllowanceCharge', () => {
    x.text('cbc:ChargeIndicator', 'true');
    x.text('cbc:AllowanceChargeReason', charge.reason);
    const exact = percentageHolds(charge.base, charge.percent, charge.amount);
    if (exact) x.text('cbc:MultiplierFactorNumeric', charge.percent);
    x.amount('cbc:Amount', charge.amount, cur);
    if (exact) x.amount('cbc:BaseAmount', charge.base, cur);
    x.wrap('cac:TaxCategory', () => {
      x.text('cbc:ID', charge.category);
      x.text('cbc:Percent', charge.rate);
      vatScheme(x);
    });
  });
}

function invoiceLine(x: Xml, line: En16931Line, model: EInvoiceLine, cur: string, credit: boolean) {
  const tag = credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  x.wrap(tag, () => {
    x.text('cbc:ID', line.id);
    x.text(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', line.quantity, ` unitCode="${escape(line.unitCode)}"`);
    x.amount('cbc:LineExtensionAmount', line.netAmount, cur);
    if (line.allowance) {
      const allowance = line.allowance;
      x.wrap('cac:AllowanceCharge', () => {
        x.text('cbc:ChargeIndicator', 'false');
        x.text('cbc:AllowanceChargeReason', allowance.reason);
        const exact = percentageHolds(allowance.base, allowance.percent, allowance.amount);
        if (exact) x.text('cbc:MultiplierFactorNumeric', allowance.percent);
        x.amount('cbc:Amount', allowance.amount, cur);
        if (exact) x.amount('cbc:BaseAmount', allowance.base, cur);
      });
    }
    x.wrap('cac:Item', () => {
      x.text('cbc:Name', line.name);
      x.wrap('cac:ClassifiedTaxCategory', () => {
        x.text('cbc:ID', line.category);
        x.text('cbc:Percent', line.rate);
        vatScheme(x);
      });
      const property = (name: string, value: string | null) => {
        if (value) x.wrap('cac:AdditionalItemProperty', () => { x.text('cbc:Name', name); x.text('cbc:Value', value); });
      };
      property(SURCHARGE_PROPERTY, model.surchargeRate);
      property(WITHHOLDING_PROPERTY, model.withholdingRate);
    });
    x.wrap('cac:Price', () => x.amount('cbc:PriceAmount', line.price, cur));
  });
}
