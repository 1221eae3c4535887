import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { InvalidEInvoiceFile, UnprocessableEInvoice, type EInvoice, type EInvoiceSyntax } from '../../../plugins/einvoice/api';
import { ciiToModel, ciiXml, CII_LIMITS, writeCii } from '../../../plugins/cii/api';
import { startTestApp, type TestApp } from '../../support/app';
import { ciiSchemaErrors } from './cii-schema';

/**
 * The CII syntax (UN/CEFACT D16B under EN 16931): Cuadra's models written, checked against the
 * EN 16931 profile of the CII schema and read back to the same model; a file written by hand the
 * way another system would; files that must be refused.
 */

const NIF_SELLER = 'B12345674';
const seller = {
  name: 'Distribuciones Cuadra S.L.', taxId: NIF_SELLER, taxIdKind: 'nif' as const, personType: 'J' as const,
  address: { line: 'Calle Mayor 1', city: 'Madrid', postalCode: '28013', province: 'Madrid', country: 'ES' },
  email: 'facturas@cuadra.example', registry: 'R.M. Madrid, tomo 1234, folio 56, hoja M-78901', administrativeCentres: null,
};
const retailer = {
  name: 'Ultramarinos Pérez & Hijos', taxId: '12345678Z', taxIdKind: 'nif' as const, personType: 'F' as const,
  address: { line: 'Plaza <Nueva> 3', city: 'Sevilla', postalCode: '41001', province: 'Sevilla', country: 'ES' },
  email: null, registry: null, administrativeCentres: null,
};
const frenchBuyer = {
  name: 'Machines Lyon SARL', taxId: 'FR40303265045', taxIdKind: 'eu_vat' as const, personType: 'J' as const,
  address: { line: '12 rue de la République', city: 'Lyon', postalCode: '69002', province: null, country: 'FR' },
  email: 'compta@machines-lyon.example', registry: null, administrativeCentres: null,
};
const EXEMPT_REASON = 'Exenta, art. 20.Uno.9º de la Ley 37/1992 (enseñanza)';
const IC_REASON = 'Entrega intracomunitaria exenta, art. 25 de la Ley 37/1992';

/** Domestic: 21/10/4 % with recargo, IRPF on the 21 % line, a line discount, and an exempt line (the recargo charges share its VAT group). */
const domestic: EInvoice = {
  typeCode: '380', number: 'F-2026-000042', series: 'F', issueDate: '2026-03-15', operationDate: '2026-03-01', dueDate: '2026-04-14',
  currency: 'EUR', buyerReference: null, notes: ['Gracias por su confianza'], seller, buyer: retailer,
  lines: [
    { id: '1', description: 'Consultoría de surtido', quantity: '10', unitCode: 'HUR', unitPrice: '100.00', discountPct: '10.00', discountAmount: '100.00', netAmount: '900.00',
      vat: { category: 'S', rate: '21.00', exemptionReason: null, exemptionCode: null }, surchargeRate: '5.20', withholdingRate: '15.00' },
    { id: '2', description: 'Conservas', quantity: '2.5', unitCode: 'KGM', unitPrice: '19.60', discountPct: null, discountAmount: null, netAmount: '49.00',
      vat: { category: 'S', rate: '10.00', exemptionReason: null, exemptionCode: null }, surchargeRate: '1.40', withholdingRate: null },
    { id: '3', description: 'Pan', quantity: '20', unitCode: 'C62', unitPrice: '1.15', discountPct: null, discountAmount: null, netAmount: '23.00',
      vat: { category: 'S', rate: '4.00', exemptionReason: null, exemptionCode: null }, surchargeRate: '0.50', withholdingRate: null },
    { id: '4', description: 'Curso de manipulación de alimentos', quantity: '1', unitCode: 'C62', unitPrice: '200.00', discountPct: null, discountAmount: null, netAmount: '200.00',
      vat: { category: 'E', rate: '0.00', exemptionReason: EXEMPT_REASON, exemptionCode: 'VATEX-EU-132-1I' }, surchargeRate: null, withholdingRate: null },
  ],
  vat: [
    { category: 'S', rate: '21.00', base: '900.00', amount: '189.00', surchargeRate: '5.20', surchargeAmount: '46.80', exemptionReason: null, exemptionCode: null },
    { category: 'S', rate: '10.00', base: '49.00', amount: '4.90', surchargeRate: '1.40', surchargeAmount: '0.69', exemptionReason: null, exemptionCode: null },
    { category: 'S', rate: '4.00', base: '23.00', amount: '0.92', surchargeRate: '0.50', surchargeAmount: '0.12', exemptionReason: null, exemptionCode: null },
    { category: 'E', rate: '0.00', base: '200.00', amount: '0.00', surchargeRate: null, surchargeAmount: null, exemptionReason: EXEMPT_REASON, exemptionCode: 'VATEX-EU-132-1I' },
  ],
  withholdings: [{ rate: '15.00', base: '900.00', amount: '135.00' }],
  totals: { lineTotal: '1172.00', taxExclusive: '1172.00', vatTotal: '194.82', surchargeTotal: '47.61', taxInclusive: '1414.43', withholdingTotal: '135.00', prepaid: '0.00', payable: '1279.43' },
  payment: { meansCode: '58', iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX', dueDate: '2026-04-14' },
  corrects: null,
  legends: [EXEMPT_REASON],
};

/** Intra-community supply (K) to a French business, with an amount-only discount, a prepayment and a buyer reference. */
const intraCommunity: EInvoice = {
  typeCode: '380', number: 'F-2026-000043', series: 'F', issueDate: '2026-03-16', operationDate: null, dueDate: '2026-04-15',
  currency: 'EUR', buyerReference: 'PO-4711', notes: [], seller, buyer: frenchBuyer,
  lines: [
    { id: '1', description: 'Envasadora industrial', quantity: '2', unitCode: 'C62', unitPrice: '1500.00', discountPct: null, discountAmount: null, netAmount: '3000.00',
      vat: { category: 'K', rate: '0.00', exemptionReason: IC_REASON, exemptionCode: 'VATEX-EU-IC' }, surchargeRate: null, withholdingRate: null },
    { id: '2', description: 'Juego de cuchillas', quantity: '1', unitCode: 'C62', unitPrice: '80.00', discountPct: null, discountAmount: '5.00', netAmount: '75.00',
      vat: { category: 'K', rate: '0.00', exemptionReason: IC_REASON, exemptionCode: 'VATEX-EU-IC' }, surchargeRate: null, withholdingRate: null },
  ],
  vat: [{ category: 'K', rate: '0.00', base: '3075.00', amount: '0.00', surchargeRate: null, surchargeAmount: null, exemptionReason: IC_REASON, exemptionCode: 'VATEX-EU-IC' }],
  withholdings: [],
  totals: { lineTotal: '3075.00', taxExclusive: '3075.00', vatTotal: '0.00', surchargeTotal: '0.00', taxInclusive: '3075.00', withholdingTotal: '0.00', prepaid: '500.00', payable: '2575.00' },
  payment: { meansCode: '30', iban: 'ES9121000418450200051332', bic: null, dueDate: '2026-04-15' },
  corrects: null,
  legends: [IC_REASON],
};

/** A credit note (381) for part of the domestic invoice: recargo and IRPF come back too. */
const creditNote: EInvoice = {
  typeCode: '381', number: 'R-2026-000007', series: 'R', issueDate: '2026-03-20', operationDate: null, dueDate: null,
  currency: 'EUR', buyerReference: null, notes: [], seller, buyer: retailer,
  lines: [
    { id: '1', description: 'Consultoría de surtido (una hora no prestada)', quantity: '1', unitCode: 'HUR', unitPrice: '100.00', discountPct: null, discountAmount: null, netAmount: '100.00',
      vat: { category: 'S', rate: '21.00', exemptionReason: null, exemptionCode: null }, surchargeRate: '5.20', withholdingRate: '15.00' },
  ],
  vat: [{ category: 'S', rate: '21.00', base: '100.00', amount: '21.00', surchargeRate: '5.20', surchargeAmount: '5.20', exemptionReason: null, exemptionCode: null }],
  withholdings: [{ rate: '15.00', base: '100.00', amount: '15.00' }],
  totals: { lineTotal: '100.00', taxExclusive: '100.00', vatTotal: '21.00', surchargeTotal: '5.20', taxInclusive: '126.20', withholdingTotal: '15.00', prepaid: '0.00', payable: '111.20' },
  payment: null,
  corrects: { number: 'F-2026-000042', series: 'F', issueDate: '2026-03-15', reasonCode: '83', reasonText: 'Base imponible modificada por descuentos y bonificaciones', method: '02' },
  legends: [],
};

/** What CII cannot carry (EN 16931 has no series apart from the number): the model read back has none. */
const asRead = (model: EInvoice): EInvoice => ({ ...model, series: null, corrects: model.corrects ? { ...model.corrects, series: null } : null });
const bytes = (xml: string) => new TextEncoder().encode(xml);

function refusal(xml: string | Uint8Array): string[] {
  try {
    ciiToModel(typeof xml === 'string' ? bytes(xml) : xml);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEInvoiceFile);
    return [...(error as InvalidEInvoiceFile).errors];
  }
  throw new Error('the file was read');
}

describe('writing and reading back', () => {
  for (const [name, model] of [['domestic invoice', domestic], ['intra-community invoice', intraCommunity], ['credit note', creditNote], ['corrected invoice (384)', { ...creditNote, typeCode: '384' as const }]] as const) {
    test(`${name}: schema-valid CII that reads back to the same model`, async () => {
      const xml = ciiXml(model);
      expect(await ciiSchemaErrors(xml)).toEqual([]);
      expect(ciiToModel(bytes(xml))).toEqual(asRead(model));
    });
  }

  test('the domestic invoice carries EN 16931 terms exactly: specification, totals, recargo as charges, IRPF in the paid amount', () => {
    const xml = ciiXml(domestic);
    expect(xml).toContain('<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    // BT-109 = lines + recargo charges; BT-112 = BT-109 + VAT; BT-115 = BT-112 − IRPF (in BT-113).
    expect(xml).toContain('<ram:LineTotalAmount>1172.00</ram:LineTotalAmount><ram:ChargeTotalAmount>47.61</ram:ChargeTotalAmount><ram:TaxBasisTotalAmount>1219.61</ram:TaxBasisTotalAmount>'
      + '<ram:TaxTotalAmount currencyID="EUR">194.82</ram:TaxTotalAmount><ram:GrandTotalAmount>1414.43</ram:GrandTotalAmount>'
      + '<ram:TotalPrepaidAmount>135.00</ram:TotalPrepaidAmount><ram:DuePayableAmount>1279.43</ram:DuePayableAmount>');
    expect(xml).toContain('<ram:Reason>Recargo de equivalencia 0.50 % (IVA S 4.00 %)</ram:Reason>');
    // The exempt group holds its own base and the recargo charges (E at 0 %): 200.00 + 47.61.
    expect(xml).toContain(`<ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:ExemptionReason>${EXEMPT_REASON}</ram:ExemptionReason><ram:BasisAmount>247.61</ram:BasisAmount>`);
    expect(xml).toContain('<ram:Content>Retención IRPF: 15.00 % de 900.00 = 135.00</ram:Content><ram:SubjectCode>TXD</ram:SubjectCode>');
    expect(xml).toContain('<ram:ID schemeID="VA">ESB12345674</ram:ID>');
    expect(xml).toContain('<ram:LineOne>Plaza &lt;Nueva&gt; 3</ram:LineOne>');
    expect(xml).toContain('<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>ES9121000418450200051332</ram:IBANID>');
    // The line discount: 10 % of 10 × 100.00.
    expect(xml).toContain('<ram:CalculationPercent>10.00</ram:CalculationPercent><ram:BasisAmount>1000.00</ram:BasisAmount><ram:ActualAmount>100.00</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode>');
  });

  test('what CII cannot carry is refused with the rule: a credit transfer without the account to pay into (BR-61)', async () => {
    const noIban = { ...intraCommunity, payment: { meansCode: '30', iban: null, bic: null, dueDate: null } };
    await expect(writeCii(noIban, { signer: null })).rejects.toThrow(UnprocessableEInvoice);
    await expect(writeCii(noIban, { signer: null })).rejects.toThrow(/BR-61/);
    await expect(writeCii({ ...domestic, totals: { ...domestic.totals, payable: '12,5' } }, { signer: null })).rejects.toThrow(UnprocessableEInvoice);
  });

  test('an intra-community supply has its delivery date and deliver-to country (BR-IC-11, BR-IC-12); the credit note names the invoice it corrects', () => {
    const xml = ciiXml(intraCommunity);
    expect(xml).toContain('<ram:ShipToTradeParty><ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty>'
      + '<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">20260316</udt:DateTimeString>');
    expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-EU-IC</ram:ExemptionReasonCode>');
    const credit = ciiXml(creditNote);
    expect(credit).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(credit).toContain('<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>F-2026-000042</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20260315</qdt:DateTimeString>');
    expect(credit).toContain('<ram:SubjectCode>ACD</ram:SubjectCode>');
  });
});

/**
 * Written by hand from the CII binding of EN 16931, the way another system writes it: other
 * prefixes (the default namespace for the root), a document note with and without a subject
 * code, a buyer reference, lines out of order with their own identifiers, a price per ten units,
 * a line charge, a document-level allowance and charge,
 * rates without decimals, character references, contacts and a legal organisation, payment terms in words and no
 * payment means at all (so no IBAN).
 */
const handWritten = `<?xml version="1.0" encoding="UTF-8"?>
<CrossIndustryInvoice xmlns="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:a="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:q="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"
  xmlns:u="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <ExchangedDocumentContext>
    <a:BusinessProcessSpecifiedDocumentContextParameter><a:ID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</a:ID></a:BusinessProcessSpecifiedDocumentContextParameter>
    <a:GuidelineSpecifiedDocumentContextParameter><a:ID>urn:cen.eu:en16931:2017</a:ID></a:GuidelineSpecifiedDocumentContextParameter>
  </ExchangedDocumentContext>
  <ExchangedDocument>
    <a:ID>RE20264471</a:ID>
    <a:TypeCode>380</a:TypeCode>
    <a:IssueDateTime><u:DateTimeString format="102">20260402</u:DateTimeString></a:IssueDateTime>
    <a:IncludedNote><a:Content>Vielen Dank für Ihren Auftrag</a:Content><a:SubjectCode>AAI</a:SubjectCode></a:IncludedNote>
    <a:IncludedNote><a:Content>Lieferung frei Haus</a:Content></a:IncludedNote>
  </ExchangedDocument>
  <SupplyChainTradeTransaction>
    <a:IncludedSupplyChainTradeLineItem>
      <a:AssociatedDocumentLineDocument><a:LineID>B7</a:LineID><a:IncludedNote><a:Content>Ausgabe 2026</a:Content></a:IncludedNote></a:AssociatedDocumentLineDocument>
      <a:SpecifiedTradeProduct><a:SellerAssignedID>BK-1</a:SellerAssignedID><a:Name>Fachbuch Buchhaltung</a:Name></a:SpecifiedTradeProduct>
      <a:SpecifiedLineTradeAgreement><a:NetPriceProductTradePrice><a:ChargeAmount>20.00</a:ChargeAmount></a:NetPriceProductTradePrice></a:SpecifiedLineTradeAgreement>
      <a:SpecifiedLineTradeDelivery><a:BilledQuantity unitCode="C62">1.0000</a:BilledQuantity></a:SpecifiedLineTradeDelivery>
      <a:SpecifiedLineTradeSettlement>
        <a:ApplicableTradeTax><a:TypeCode>VAT</a:TypeCode><a:CategoryCode>S</a:CategoryCode><a:RateApplicablePercent>7</a:RateApplicablePercent></a:ApplicableTradeTax>
        <a:SpecifiedTradeSettlementLineMonetarySummation><a:LineTotalAmount>20.00</a:LineTotalAmount></a:SpecifiedTradeSettlementLineMonetarySummation>
      </a:SpecifiedLineTradeSettlement>
    </a:IncludedSupplyChainTradeLineItem>
    <a:IncludedSupplyChainTradeLineItem>
      <a:AssociatedDocumentLineDocument><a:LineID>A2</a:LineID></a:AssociatedDocumentLineDocument>
      <a:SpecifiedTradeProduct><a:Name>Schrauben M6</a:Name></a:SpecifiedTradeProduct>
      <a:SpecifiedLineTradeAgreement>
        <a:GrossPriceProductTradePrice><a:ChargeAmount>0.60</a:ChargeAmount><a:BasisQuantity unitCode="C62">10</a:BasisQuantity></a:GrossPriceProductTradePrice>
        <a:NetPriceProductTradePrice><a:ChargeAmount>0.50</a:ChargeAmount><a:BasisQuantity unitCode="C62">10</a:BasisQuantity></a:NetPriceProductTradePrice>
      </a:SpecifiedLineTradeAgreement>
      <a:SpecifiedLineTradeDelivery><a:BilledQuantity unitCode="C62">1000</a:BilledQuantity></a:SpecifiedLineTradeDelivery>
      <a:SpecifiedLineTradeSettlement>
        <a:ApplicableTradeTax><a:TypeCode>VAT</a:TypeCode><a:CategoryCode>S</a:CategoryCode><a:RateApplicablePercent>19.00</a:RateApplicablePercent></a:ApplicableTradeTax>
        <a:SpecifiedTradeAllowanceCharge><a:ChargeIndicator><u:Indicator>true</u:Indicator></a:ChargeIndicator><a:ActualAmount>1.50</a:ActualAmount><a:Reason>Verpackung</a:Reason></a:SpecifiedTradeAllowanceCharge>
        <a:SpecifiedTradeSettlementLineMonetarySummation><a:LineTotalAmount>51.50</a:LineTotalAmount></a:SpecifiedTradeSettlementLineMonetarySummation>
      </a:SpecifiedLineTradeSettlement>
    </a:IncludedSupplyChainTradeLineItem>
    <a:IncludedSupplyChainTradeLineItem>
      <a:AssociatedDocumentLineDocument><a:LineID>A1</a:LineID></a:AssociatedDocumentLineDocument>
      <a:SpecifiedTradeProduct><a:Name>Montage</a:Name></a:SpecifiedTradeProduct>
      <a:SpecifiedLineTradeAgreement><a:NetPriceProductTradePrice><a:ChargeAmount>80</a:ChargeAmount></a:NetPriceProductTradePrice></a:SpecifiedLineTradeAgreement>
      <a:SpecifiedLineTradeDelivery><a:BilledQuantity unitCode="HUR">2</a:BilledQuantity></a:SpecifiedLineTradeDelivery>
      <a:SpecifiedLineTradeSettlement>
        <a:ApplicableTradeTax><a:TypeCode>VAT</a:TypeCode><a:CategoryCode>S</a:CategoryCode><a:RateApplicablePercent>19</a:RateApplicablePercent></a:ApplicableTradeTax>
        <a:SpecifiedTradeAllowanceCharge>
          <a:ChargeIndicator><u:Indicator>false</u:Indicator></a:ChargeIndicator>
          <a:CalculationPercent>10</a:CalculationPercent><a:BasisAmount>160.00</a:BasisAmount><a:ActualAmount>16.00</a:ActualAmount>
          <a:Reason>Treuerabatt</a:Reason>
        </a:SpecifiedTradeAllowanceCharge>
        <a:SpecifiedTradeSettlementLineMonetarySummation><a:LineTotalAmount>144.00</a:LineTotalAmount></a:SpecifiedTradeSettlementLineMonetarySummation>
      </a:SpecifiedLineTradeSettlement>
    </a:IncludedSupplyChainTradeLineItem>
    <a:ApplicableHeaderTradeAgreement>
      <a:BuyerReference>04011000-12345-03</a:BuyerReference>
      <a:SellerTradeParty>
        <a:ID>4711</a:ID>
        <a:Name>Muster Werkzeuge GmbH</a:Name>
        <a:SpecifiedLegalOrganization><a:ID schemeID="0002">HRB 12345</a:ID><a:TradingBusinessName>Muster</a:TradingBusinessName></a:SpecifiedLegalOrganization>
        <a:DefinedTradeContact><a:PersonName>Erika Muster</a:PersonName><a:EmailURIUniversalCommunication><a:URIID>erika@muster.example</a:URIID></a:EmailURIUniversalCommunication></a:DefinedTradeContact>
        <a:PostalTradeAddress><a:PostcodeCode>10115</a:PostcodeCode><a:LineOne>Hauptstraße 5</a:LineOne><a:LineTwo>Hinterhaus</a:LineTwo><a:CityName>Berlin</a:CityName><a:CountryID>DE</a:CountryID></a:PostalTradeAddress>
        <a:SpecifiedTaxRegistration><a:ID schemeID="FC">27/123/45678</a:ID></a:SpecifiedTaxRegistration>
        <a:SpecifiedTaxRegistration><a:ID schemeID="VA">DE123456789</a:ID></a:SpecifiedTaxRegistration>
      </a:SellerTradeParty>
      <a:BuyerTradeParty>
        <a:Name>Ferreter&#237;a Ejemplo S.L. &amp; C&#xED;a</a:Name>
        <a:PostalTradeAddress><a:LineOne>Avenida del Puerto 8</a:LineOne><a:CityName>Valencia</a:CityName><a:CountryID>ES</a:CountryID></a:PostalTradeAddress>
        <a:SpecifiedTaxRegistration><a:ID schemeID="VA">ESB87654321</a:ID></a:SpecifiedTaxRegistration>
      </a:BuyerTradeParty>
      <a:BuyerOrderReferencedDocument><a:IssuerAssignedID>PO-99</a:IssuerAssignedID></a:BuyerOrderReferencedDocument>
    </a:ApplicableHeaderTradeAgreement>
    <a:ApplicableHeaderTradeDelivery/>
    <a:ApplicableHeaderTradeSettlement>
      <a:InvoiceCurrencyCode>EUR</a:InvoiceCurrencyCode>
      <a:ApplicableTradeTax><a:CalculatedAmount>1.26</a:CalculatedAmount><a:TypeCode>VAT</a:TypeCode><a:BasisAmount>18.00</a:BasisAmount><a:CategoryCode>S</a:CategoryCode><a:RateApplicablePercent>7.00</a:RateApplicablePercent></a:ApplicableTradeTax>
      <a:ApplicableTradeTax><a:CalculatedAmount>39.05</a:CalculatedAmount><a:TypeCode>VAT</a:TypeCode><a:BasisAmount>205.50</a:BasisAmount><a:CategoryCode>S</a:CategoryCode><a:RateApplicablePercent>19</a:RateApplicablePercent></a:ApplicableTradeTax>
      <a:BillingSpecifiedPeriod><a:StartDateTime><u:DateTimeString format="102">20260301</u:DateTimeString></a:StartDateTime></a:BillingSpecifiedPeriod>
      <a:SpecifiedTradeAllowanceCharge>
        <a:ChargeIndicator><u:Indicator>false</u:Indicator></a:ChargeIndicator><a:ActualAmount>2.00</a:ActualAmount><a:ReasonCode>95</a:ReasonCode><a:Reason>Aktionsrabatt Bücher</a:Reason>
        <a:CategoryTradeTax><a:TypeCode>VAT</a:TypeCode><a:CategoryCode>S</a:CategoryCode><a:RateApplicablePercent>7</a:RateApplicablePercent></a:CategoryTradeTax>
      </a:SpecifiedTradeAllowanceCharge>
      <a:SpecifiedTradeAllowanceCharge>
        <a:ChargeIndicator><u:Indicator>true</u:Indicator></a:ChargeIndicator><a:ActualAmount>10.00</a:ActualAmount><a:Reason>Fracht</a:Reason>
        <a:CategoryTradeTax><a:TypeCode>VAT</a:TypeCode><a:CategoryCode>S</a:CategoryCode><a:RateApplicablePercent>19</a:RateApplicablePercent></a:CategoryTradeTax>
      </a:SpecifiedTradeAllowanceCharge>
      <a:SpecifiedTradePaymentTerms><a:Description>Zahlbar innerhalb von 30 Tagen</a:Description><a:DueDateDateTime><u:DateTimeString format="102">20260502</u:DateTimeString></a:DueDateDateTime></a:SpecifiedTradePaymentTerms>
      <a:SpecifiedTradeSettlementHeaderMonetarySummation>
        <a:LineTotalAmount>215.50</a:LineTotalAmount>
        <a:ChargeTotalAmount>10.00</a:ChargeTotalAmount>
        <a:AllowanceTotalAmount>2.00</a:AllowanceTotalAmount>
        <a:TaxBasisTotalAmount>223.50</a:TaxBasisTotalAmount>
        <a:TaxTotalAmount currencyID="EUR">40.31</a:TaxTotalAmount>
        <a:GrandTotalAmount>263.81</a:GrandTotalAmount>
        <a:DuePayableAmount>263.81</a:DuePayableAmount>
      </a:SpecifiedTradeSettlementHeaderMonetarySummation>
    </a:ApplicableHeaderTradeSettlement>
  </SupplyChainTradeTransaction>
</CrossIndustryInvoice>
`;

describe('a file another system wrote', () => {
  test('is schema-valid and reads with the right supplier, lines, taxes and totals', async () => {
    expect(await ciiSchemaErrors(handWritten)).toEqual([]);
    const invoice = ciiToModel(bytes(handWritten));
    expect(invoice).toMatchObject({
      typeCode: '380', number: 'RE20264471', series: null, issueDate: '2026-04-02', operationDate: null, dueDate: '2026-05-02', currency: 'EUR',
      buyerReference: '04011000-12345-03', notes: ['Vielen Dank für Ihren Auftrag', 'Lieferung frei Haus'], legends: [], withholdings: [], payment: null, corrects: null,
      seller: { name: 'Muster Werkzeuge GmbH', taxId: 'DE123456789', taxIdKind: 'eu_vat', personType: 'J', email: 'erika@muster.example',
        address: { line: 'Hauptstraße 5, Hinterhaus', city: 'Berlin', postalCode: '10115', province: null, country: 'DE' } },
      buyer: { name: 'Ferretería Ejemplo S.L. & Cía', taxId: 'B87654321', taxIdKind: 'nif', personType: 'J', address: { country: 'ES', city: 'Valencia' } },
      totals: { lineTotal: '223.50', taxExclusive: '223.50', vatTotal: '40.31', surchargeTotal: '0.00', taxInclusive: '263.81', withholdingTotal: '0.00', prepaid: '0.00', payable: '263.81' },
    });
    expect(invoice.lines).toEqual([
      { id: 'B7', description: 'Fachbuch Buchhaltung', quantity: '1.0000', unitCode: 'C62', unitPrice: '20.00', discountPct: null, discountAmount: null, netAmount: '20.00',
        vat: { category: 'S', rate: '7.00', exemptionReason: null, exemptionCode: null }, surchargeRate: null, withholdingRate: null },
      { id: 'A2', description: 'Schrauben M6', quantity: '1000', unitCode: 'C62', unitPrice: '0.050000', discountPct: null, discountAmount: '-1.50', netAmount: '51.50',
        vat: { category: 'S', rate: '19.00', exemptionReason: null, exemptionCode: null }, surchargeRate: null, withholdingRate: null },
      { id: 'A1', description: 'Montage', quantity: '2', unitCode: 'HUR', unitPrice: '80', discountPct: '10.00', discountAmount: '16.00', netAmount: '144.00',
        vat: { category: 'S', rate: '19.00', exemptionReason: null, exemptionCode: null }, surchargeRate: null, withholdingRate: null },
      // The document-level allowance and charge, as lines of their own (the model has no document-level ones).
      { id: 'allowance-1', description: 'Descuento: Aktionsrabatt Bücher', quantity: '1', unitCode: 'C62', unitPrice: '-2.00', discountPct: null, discountAmount: null, netAmount: '-2.00',
        vat: { category: 'S', rate: '7.00', exemptionReason: null, exemptionCode: null }, surchargeRate: null, withholdingRate: null,
        adjustment: { kind: 'allowance', reason: 'Aktionsrabatt Bücher' } },
      { id: 'charge-2', description: 'Cargo: Fracht', quantity: '1', unitCode: 'C62', unitPrice: '10.00', discountPct: null, discountAmount: null, netAmount: '10.00',
        vat: { category: 'S', rate: '19.00', exemptionReason: null, exemptionCode: null }, surchargeRate: null, withholdingRate: null,
        adjustment: { kind: 'charge', reason: 'Fracht' } },
    ]);
    expect(invoice.vat).toEqual([
      { category: 'S', rate: '7.00', base: '18.00', amount: '1.26', surchargeRate: null, surchargeAmount: null, exemptionReason: null, exemptionCode: null },
      { category: 'S', rate: '19.00', base: '205.50', amount: '39.05', surchargeRate: null, surchargeAmount: null, exemptionReason: null, exemptionCode: null },
    ]);
  });
});

describe('split payment (VAT category B, Italy)', () => {
  const split = handWritten.replaceAll('<a:CategoryCode>S</a:CategoryCode>', '<a:CategoryCode>B</a:CategoryCode>');
  test('read on a domestic Italian invoice; elsewhere, or beside standard rated groups, refused with BR-B-01 and BR-B-02', () => {
    const italian = split.replaceAll('<a:CountryID>DE</a:CountryID>', '<a:CountryID>IT</a:CountryID>').replaceAll('<a:CountryID>ES</a:CountryID>', '<a:CountryID>IT</a:CountryID>');
    expect(ciiToModel(bytes(italian)).vat.map((g) => [g.category, g.rate, g.base, g.amount])).toEqual([['B', '7.00', '18.00', '1.26'], ['B', '19.00', '205.50', '39.05']]);
    expect(refusal(split)).toEqual([expect.stringMatching(/^BR-B-01: split payment \(VAT category B\) is for domestic Italian invoices only, and .*\(DE\), .*\(ES\) is not in Italy$/)]);
    // the 7 % line, allowance and group standard rated again, the 19 % ones split payment
    const mixed = italian.replace(/<a:CategoryCode>B<\/a:CategoryCode>(<a:RateApplicablePercent>7(\.00)?<)/g, '<a:CategoryCode>S</a:CategoryCode>$1');
    expect(refusal(mixed)).toEqual(['BR-B-02: an invoice with split payment (VAT category B) has no standard rated (S) lines or breakdown']);
    // a line in split payment whose group is standard rated is refused as the UBL reader refuses it (BR-B-02 looks at the lines too)
    const lineOnly = handWritten.replaceAll('<a:CountryID>DE</a:CountryID>', '<a:CountryID>IT</a:CountryID>').replaceAll('<a:CountryID>ES</a:CountryID>', '<a:CountryID>IT</a:CountryID>')
      .replace('<a:CategoryCode>S</a:CategoryCode>', '<a:CategoryCode>B</a:CategoryCode>');
    expect(refusal(lineOnly)).toEqual(expect.arrayContaining(['BR-B-02: an invoice with split payment (VAT category B) has no standard rated (S) lines or breakdown']));
  });
});

describe('files refused with InvalidEInvoiceFile', () => {
  const written = ciiXml(domestic);

  test('not XML, or XML of another kind', () => {
    expect(refusal('%PDF-1.7 this is not XML at all').join(' ')).toMatch(/Malformed XML|root/);
    expect(refusal('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID></Invoice>'))
      .toEqual([`The root element is Invoice in urn:oasis:names:specification:ubl:schema:xsd:Invoice-2, not CrossIndustryInvoice in urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100`]);
    expect(refusal('<CrossIndustryInvoice><ExchangedDocument/></CrossIndustryInvoice>')[0]).toContain('in no namespace');
  });

  test('totals that do not add up name the broken rules', () => {
    const errors = refusal(written.replace('<ram:GrandTotalAmount>1414.43</ram:GrandTotalAmount>', '<ram:GrandTotalAmount>1441.43</ram:GrandTotalAmount>'));
    expect(errors).toEqual([
      'BR-CO-15: the total with VAT 1441.43 is not the total without VAT 1219.61 + VAT 194.82',
      'BR-CO-16: the amount due 1279.43 is not the total 1441.43 − paid 135.00 + rounding 0.00',
    ]);
    const lineOff = refusal(written.replace('<ram:LineTotalAmount>49.00</ram:LineTotalAmount>', '<ram:LineTotalAmount>94.00</ram:LineTotalAmount>'));
    expect(lineOff).toContain('BR-CO-10: the sum of line net amounts 1172.00 is not the lines\' 1217.00');
    expect(lineOff).toContain('BR-S-08: the VAT S 10.00 % taxable amount 49.00 is not the sum of its lines and charges, 94.00');
    expect(refusal(written.replace('<ram:CalculatedAmount>189.00</ram:CalculatedAmount>', '<ram:CalculatedAmount>198.00</ram:CalculatedAmount>')))
      .toContain('BR-CO-17: the VAT S 21.00 % amount 198.00 is not 900.00 × 21.00 % (189.00)');
  });

  test('a missing seller, and other missing or malformed parts, each with its rule', async () => {
    const noSeller = written.replace(/<ram:SellerTradeParty>[\s\S]*?<\/ram:SellerTradeParty>/, '');
    expect(refusal(noSeller)).toEqual(['BR-06: The seller (SellerTradeParty) is missing']);
    expect((await ciiSchemaErrors(noSeller)).join(' ')).toContain('SellerTradeParty');
    const errors = refusal(written.replace('<ram:ID>F-2026-000042</ram:ID>', '').replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>389</ram:TypeCode>')
      .replace('<ram:LineTotalAmount>23.00</ram:LineTotalAmount>', '<ram:LineTotalAmount>23,00</ram:LineTotalAmount>'));
    expect(errors[0]).toBe('BR-02: The invoice number (BT-1, ExchangedDocument/ID) is missing');
    expect(errors[1]).toBe('The invoice type code 389 is not read: Cuadra reads invoices (380), credit notes (381) and corrected invoices (384)');
    expect(errors).toContain('BR-24: Line 3: the line net amount (BT-131) "23,00" is not an amount with at most two decimals (BR-DEC)');
    const allowance = written.replace('<ram:SpecifiedTradePaymentTerms>',
      '<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>10.00</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge><ram:SpecifiedTradePaymentTerms>');
    expect(refusal(allowance).slice(0, 3)).toEqual([
      'BR-33: Document-level allowance 4 gives no reason or reason code',
      'BR-32: Document-level allowance 4 has no VAT category',
      'Document-level allowance 4: the VAT category code is missing',
    ]);
    const intra = ciiXml(intraCommunity);
    expect(refusal(intra.replace(/<ram:ShipToTradeParty>.*?<\/ram:ShipToTradeParty>/, '').replace(`<ram:ExemptionReason>${IC_REASON}</ram:ExemptionReason>`, '').replace('<ram:ExemptionReasonCode>VATEX-EU-IC</ram:ExemptionReasonCode>', '')))
      .toEqual(['BR-IC-10: VAT K gives no exemption reason (BT-120) or reason code (BT-121)', 'BR-IC-12: an intra-community supply needs the deliver-to country (BT-80)']);
    expect(refusal(intra.replace(/<ram:PayeePartyCreditorFinancialAccount>.*?<\/ram:PayeePartyCreditorFinancialAccount>/, '')))
      .toEqual(['BR-61: a credit transfer (payment means 30 or 58) names no account to pay into (BT-84)']);
  });

  test('a huge or deeply nested file is refused by the XML limits before it is read', () => {
    const huge = new Uint8Array(CII_LIMITS.maxBytes + 1).fill(0x20);
    expect(refusal(huge)[0]).toContain(`at most ${CII_LIMITS.maxBytes} are accepted`);
    const deep = `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">${'<a>'.repeat(200)}x${'</a>'.repeat(200)}</rsm:CrossIndustryInvoice>`;
    expect(refusal(deep)[0]).toContain(`Nested deeper than ${CII_LIMITS.maxDepth} levels`);
    expect(refusal('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')[0]).toContain('document type declaration');
  });
});

describe('the plugin in the app', () => {
  let app: TestApp;
  beforeAll(async () => { app = await startTestApp(); });
  afterAll(async () => app?.close());

  test('contributes the cii syntax, which recognises CII roots and round-trips through its own write and read', async () => {
    const syntax = app.kernel.contributions('einvoice-syntaxes').find((s: EInvoiceSyntax) => s.name === 'cii');
    expect(syntax).toBeDefined();
    expect(syntax!.contentType).toBe('application/xml');
    expect(syntax!.extension({ signer: null })).toBe('xml');
    expect(syntax!.recognises({ namespace: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100', localName: 'CrossIndustryInvoice' })).toBe(true);
    expect(syntax!.recognises({ namespace: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', localName: 'Invoice' })).toBe(false);
    const read = await syntax!.read(await syntax!.write(domestic, { signer: null }), null);
    expect(read).toEqual({ invoice: asRead(domestic), signature: { status: 'unsigned', holder: null, holderTaxId: null, reason: null } });
  });
});
