/**
 * The UBL reader on its own (no database): Peppol BIS invoices and credit notes written in the test
 * (test/support/ubl-samples.ts) read into the e-invoice model exactly, and
 * files breaking EN 16931's mandatory elements or sums refused with the rule named.
 */
import { describe, expect, test } from 'bun:test';
import { InvalidEInvoiceFile } from '../../../plugins/einvoice/api';
import { readUbl, taxIdOf } from '../../../plugins/ubl/read';
import { ublBytes, ublXml, type SampleInvoice } from '../../support/ubl-samples';

const SELLER = { name: 'Suministros Levante S.L.', vat: 'ESA58818501', country: 'ES', city: 'Valencia' };
const BUYER = { name: 'Compradora Test SL', vat: 'ESB12345674', country: 'ES' };

const base: SampleInvoice = {
  number: 'FV-2026-0107', issueDate: '2026-03-15', dueDate: '2026-04-14', seller: SELLER, buyer: BUYER, iban: 'ES9121000418450200051332',
  lines: [
    { name: 'Papel A4 (caja)', quantity: '10', price: '24.95', allowance: { amount: '24.95', pct: '10' } },
    { name: 'Café molido 1 kg', quantity: '3', price: '12.40', rate: '10' },
    { name: 'Tóner', quantity: '1', price: '89.00' },
  ],
};

async function refusal(xml: string | Uint8Array): Promise<string[]> {
  try {
    await readUbl(typeof xml === 'string' ? Buffer.from(xml) : xml, null);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEInvoiceFile);
    return [...(error as InvalidEInvoiceFile).errors];
  }
  throw new Error('the file was accepted');
}

describe('readUbl', () => {
  test('an invoice with 21 % and 10 % lines and a line allowance: every field of the model', async () => {
    const { invoice, signature } = await readUbl(ublBytes(base), null);
    expect(signature).toEqual({ status: 'unsigned', holder: null, holderTaxId: null, reason: null });
    expect(invoice).toMatchObject({
      typeCode: '380', number: 'FV-2026-0107', issueDate: '2026-03-15', dueDate: '2026-04-14', currency: 'EUR', buyerReference: 'REF-1', corrects: null,
      seller: { name: 'Suministros Levante S.L.', taxId: 'A58818501', taxIdKind: 'nif', personType: 'J', address: { city: 'Valencia', country: 'ES' } },
      buyer: { name: 'Compradora Test SL', taxId: 'B12345674', taxIdKind: 'nif' },
      payment: { meansCode: '58', iban: 'ES9121000418450200051332', dueDate: '2026-04-14' },
      withholdings: [],
    });
    expect(invoice.lines.map((l) => [l.description, l.quantity, l.unitCode, l.unitPrice, l.discountPct, l.discountAmount, l.netAmount, l.vat.category, l.vat.rate])).toEqual([
      ['Papel A4 (caja)', '10', 'C62', '24.95', '10.00', '24.95', '224.55', 'S', '21.00'],
      ['Café molido 1 kg', '3', 'C62', '12.40', null, null, '37.20', 'S', '10.00'],
      ['Tóner', '1', 'C62', '89.00', null, null, '89.00', 'S', '21.00'],
    ]);
    // 21 %: (224.55 + 89.00) × 21 % = 65.8455 → 65.85; 10 %: 37.20 → 3.72
    expect(invoice.vat.map((g) => [g.category, g.rate, g.base, g.amount])).toEqual([['S', '21.00', '313.55', '65.85'], ['S', '10.00', '37.20', '3.72']]);
    expect(invoice.totals).toEqual({
      lineTotal: '350.75', taxExclusive: '350.75', vatTotal: '69.57', surchargeTotal: '0.00', taxInclusive: '420.32', withholdingTotal: '0.00', prepaid: '0.00', payable: '420.32',
    });
  });

  test('a document allowance becomes a negative line; IRPF in WithholdingTaxTotal on the lines marked', async () => {
    const { invoice } = await readUbl(ublBytes({
      ...base, allowances: [{ amount: '10.00', reason: 'Pronto pago' }], withholdingRate: '15',
      lines: [{ name: 'Asesoría fiscal marzo', quantity: '1', price: '300.00', withholdingRate: '15' }, { name: 'Desplazamiento', quantity: '1', price: '40.00' }],
    }), null);
    expect(invoice.lines.map((l) => [l.description, l.netAmount, l.withholdingRate])).toEqual([
      ['Asesoría fiscal marzo', '300.00', '15.00'], ['Desplazamiento', '40.00', null], ['Descuento: Pronto pago', '-10.00', null],
    ]);
    expect(invoice.withholdings).toEqual([{ rate: '15.00', base: '300.00', amount: '45.00' }]);
    expect(invoice.totals).toMatchObject({ lineTotal: '330.00', taxExclusive: '330.00', vatTotal: '69.30', taxInclusive: '399.30', withholdingTotal: '45.00', payable: '354.30', prepaid: '0.00' });
  });

  test('a document-level allowance AND charge (Peppol BIS 3.0 Allowance-example figures): lines that say so, bases and totals equal to the file\'s', async () => {
    // The figures of OpenPEPPOL peppol-bis-invoice-3 rules/examples/Allowance-example.xml: a document
    // charge "Cleaning" 200 and a document allowance "Discount" 200, both S 25 %; lines netting 4000 (S),
    // 1000 (E) and 900 (S); S base 4900, VAT 1225; BT-109 5900, BT-112 7125, prepaid 1000, payable 6125.
    // Its line-level charges and price discounts are folded into one line allowance per line here.
    const peppol: SampleInvoice = {
      ...base, prepaid: '1000.00',
      lines: [
        { name: 'item name', quantity: '10', price: '410.00', rate: '25', allowance: { amount: '100.00' } },
        { name: 'exempt item', quantity: '10', price: '100.00', category: 'E', rate: '0', exemptionReason: 'Reason for tax exempt' },
        { name: 'item name 3', quantity: '10', price: '100.00', rate: '25', allowance: { amount: '100.00' } },
      ],
      charges: [{ amount: '200.00', reason: 'Cleaning', rate: '25' }],
      allowances: [{ amount: '200.00', reason: 'Discount', rate: '25' }],
    };
    const xml = ublXml(peppol);
    expect(xml).toContain('<cbc:AllowanceTotalAmount currencyID="EUR">200.00</cbc:AllowanceTotalAmount>');
    expect(xml).toContain('<cbc:ChargeTotalAmount currencyID="EUR">200.00</cbc:ChargeTotalAmount>');
    const { invoice } = await readUbl(Buffer.from(xml), null);
    expect(invoice.lines.slice(3).map((l) => [l.description, l.quantity, l.unitPrice, l.netAmount, l.vat.category, l.vat.rate])).toEqual([
      ['Cargo: Cleaning', '1', '200.00', '200.00', 'S', '25.00'],
      ['Descuento: Discount', '1', '-200.00', '-200.00', 'S', '25.00'],
    ]);
    expect(invoice.vat.map((g) => [g.category, g.rate, g.base, g.amount])).toEqual([['S', '25.00', '4900.00', '1225.00'], ['E', '0.00', '1000.00', '0.00']]);
    expect(invoice.totals).toEqual({
      lineTotal: '5900.00', taxExclusive: '5900.00', vatTotal: '1225.00', surchargeTotal: '0.00', taxInclusive: '7125.00', withholdingTotal: '0.00', prepaid: '1000.00', payable: '6125.00',
    });
  });

  test('IRPF counted in PrepaidAmount instead of deducted: the same model', async () => {
    const xml = ublXml({ ...base, lines: [{ name: 'Honorarios', quantity: '1', price: '1000.00' }], withholdingRate: '15' })
      .replace('<cbc:PayableAmount currencyID="EUR">1060.00</cbc:PayableAmount>', '<cbc:PrepaidAmount currencyID="EUR">150.00</cbc:PrepaidAmount><cbc:PayableAmount currencyID="EUR">1060.00</cbc:PayableAmount>');
    const { invoice } = await readUbl(Buffer.from(xml), null);
    expect(invoice.lines[0].withholdingRate).toBe('15.00');
    expect(invoice.totals).toMatchObject({ taxInclusive: '1210.00', withholdingTotal: '150.00', prepaid: '0.00', payable: '1060.00' });
  });

  test('a credit note with its billing reference; a foreign EU supplier with reverse charge', async () => {
    const { invoice } = await readUbl(ublBytes({
      ...base, kind: 'CreditNote', number: 'AB-2026-0003', billingReference: { number: 'FV-2026-0107', issueDate: '2026-03-15' },
      seller: { name: 'Papeterie Lyon SARL', vat: 'FR40303265045', country: 'FR', city: 'Lyon' },
      lines: [{ name: 'Retour papier', quantity: '2', price: '24.95', category: 'AE', rate: '0', exemptionReason: 'Autoliquidation' }],
    }), null);
    expect(invoice).toMatchObject({ typeCode: '381', number: 'AB-2026-0003', corrects: { number: 'FV-2026-0107', issueDate: '2026-03-15', reasonText: 'Devolución de mercancía' } });
    expect(invoice.seller).toMatchObject({ taxId: 'FR40303265045', taxIdKind: 'eu_vat', address: { country: 'FR' } });
    expect(invoice.vat).toEqual([{ category: 'AE', rate: '0.00', base: '49.90', amount: '0.00', exemptionReason: 'Autoliquidation', exemptionCode: null }]);
    expect(invoice.totals).toMatchObject({ taxExclusive: '49.90', vatTotal: '0.00', payable: '49.90' });
  });

  test('BR-CO-25 (a due date or payment terms for an amount due) holds for an Invoice, not for a CreditNote (the CEN\'s UBL test set: "does not fire on Credit Notes")', async () => {
    const noDue = { ...base, dueDate: undefined, iban: undefined };
    const withoutTerms = (xml: string) => xml.replace('<cac:PaymentTerms><cbc:Note>30 días</cbc:Note></cac:PaymentTerms>', '');
    expect(await refusal(withoutTerms(ublXml(noDue)))).toEqual([expect.stringMatching(/^BR-CO-25: /)]);
    const { invoice } = await readUbl(Buffer.from(withoutTerms(ublXml({ ...noDue, kind: 'CreditNote', number: 'AB-2026-0004' }))), null);
    expect(invoice).toMatchObject({ typeCode: '381', dueDate: null, totals: { payable: '420.32' } });
  });

  test('tax identifiers: a Spanish NIF with or without ES, an EU VAT number, anything else', () => {
    expect(taxIdOf('ESB12345674', 'ES')).toEqual({ taxId: 'B12345674', taxIdKind: 'nif' });
    expect(taxIdOf('B12345674', 'ES')).toEqual({ taxId: 'B12345674', taxIdKind: 'nif' });
    expect(taxIdOf('DE 129 273 398', 'DE')).toEqual({ taxId: 'DE129273398', taxIdKind: 'eu_vat' });
    expect(taxIdOf('123-45-6789', 'US')).toEqual({ taxId: '123456789', taxIdKind: 'other' });
  });

  test('totals that do not add up: BR-CO-15 and BR-CO-16 named', async () => {
    const errors = await refusal(ublXml({ ...base, wrong: { taxInclusive: '430.00', payable: '430.00' } }));
    expect(errors).toEqual([expect.stringMatching(/^BR-CO-15: .*430\.00.*420\.32/)]);
    expect(await refusal(ublXml({ ...base, wrong: { payable: '400.00' } }))).toEqual([expect.stringMatching(/^BR-CO-16: the amount due is 400\.00, not .* 420\.32/)]);
    expect(await refusal(ublXml({ ...base, wrong: { lineExtension: '351.75' } }))).toEqual([
      expect.stringMatching(/^BR-CO-10: /), expect.stringMatching(/^BR-CO-13: /),
    ]);
  });

  test('a line whose net is not quantity × price: refused in a Peppol BIS file (PEPPOL-EN16931-R120), read at its net in a plain EN 16931 one (as the CEN\'s own examples write it)', async () => {
    // the CEN's ubl-tc434-example3 (eInvoicing-EN16931, ubl/examples) has lines of quantity 2 at a price of 800.00 with a net of 800.00,
    // and its CustomizationID is urn:cen.eu:en16931:2017; EN 16931 does not tie BT-131 to quantity × price, Peppol BIS does
    const halfNet = ublXml({ ...base, lines: [{ name: 'Licencia anual', quantity: '2', price: '400.00' }] })
      .replace('<cbc:PriceAmount currencyID="EUR">400.00</cbc:PriceAmount>', '<cbc:PriceAmount currencyID="EUR">800.00</cbc:PriceAmount>');
    expect(await refusal(halfNet)).toEqual([expect.stringMatching(/^PEPPOL-EN16931-R120: line 1's net amount is 800\.00, not quantity × price \+ charges − allowances = 1600\.00/)]);
    const plain = halfNet.replace(/<cbc:CustomizationID>[^<]*<\/cbc:CustomizationID>/, '<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>');
    const { invoice } = await readUbl(Buffer.from(plain), null);
    expect(invoice.lines.map((l) => [l.quantity, l.unitPrice, l.netAmount])).toEqual([['2', '800.00', '800.00']]);
    expect(invoice.totals).toMatchObject({ taxExclusive: '800.00', vatTotal: '168.00', taxInclusive: '968.00', payable: '968.00' });
  });

  test('PEPPOL-EN16931-R120 compares the unrounded quantity × price with the net within 0.02 (the rule\'s slack)', async () => {
    const thirds = ublXml({ ...base, lines: [{ name: 'Cartuchos de tinta', quantity: '3', price: '33.333' }] });
    expect(thirds).toContain('<cbc:PriceAmount currencyID="EUR">33.333</cbc:PriceAmount>');
    // 3 × 33.327 = 99.981: 0.019 from the net 100.00, within the slack
    const { invoice } = await readUbl(Buffer.from(thirds.replace('>33.333</cbc:PriceAmount>', '>33.327</cbc:PriceAmount>')), null);
    expect(invoice.lines.map((l) => l.netAmount)).toEqual(['100.00']);
    // 3 × 33.32 = 99.96: 0.04 off
    expect(await refusal(thirds.replace('>33.333</cbc:PriceAmount>', '>33.32</cbc:PriceAmount>')))
      .toEqual([expect.stringMatching(/^PEPPOL-EN16931-R120: line 1's net amount is 100\.00, not quantity × price \+ charges − allowances = 99\.96 \(within 0\.02\)/)]);
  });

  test('missing mandatory parts: the seller, the number, the lines, a VAT breakdown that does not match its lines', async () => {
    expect(await refusal(ublXml({ ...base, seller: null }))).toEqual([expect.stringMatching(/^BR-06: the seller \(cac:AccountingSupplierParty\/cac:Party\) is missing/)]);
    expect(await refusal(ublXml(base).replace('<cbc:ID>FV-2026-0107</cbc:ID>', ''))).toEqual([expect.stringMatching(/^BR-02: /)]);
    const noLines = ublXml(base).replace(/<cac:InvoiceLine>[\s\S]*<\/cac:InvoiceLine>/, '');
    expect((await refusal(noLines))[0]).toMatch(/^BR-16: /);
    const wrongBase = ublXml(base).replace('<cbc:TaxableAmount currencyID="EUR">37.20</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">3.72</cbc:TaxAmount>', '<cbc:TaxableAmount currencyID="EUR">37.30</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">3.72</cbc:TaxAmount>');
    expect(await refusal(wrongBase)).toEqual([expect.stringMatching(/^BR-S-08: the taxable amount of category S at 10\.00% is 37\.30/)]);
  });

  test('not XML, a DOCTYPE, or another root: refused before anything is read', async () => {
    expect((await refusal('this is not xml'))[0]).toMatch(/root element|Malformed/);
    expect((await refusal('<!DOCTYPE x [<!ENTITY a "b">]><Invoice/>'))[0]).toMatch(/DOCTYPE/);
    expect((await refusal('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>'))[0]).toMatch(/root element is Order/);
  });
});
