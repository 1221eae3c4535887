/**
 * Modelo 303, the boxes the golden quarter of model-303.test.ts does not reach, every one worked
 * out by hand (base 1,000.00 € unless said):
 * - 4T 2024, the temporary rates: 2 % (165–167), 7.5 % (153–155), recargo 0.26 % (168–170, tipo
 *   0.26) and the tobacco recargo 1.75 % (156–158); the tipo boxes of that quarter (166 2.00,
 *   154 7.50, 17 1.00);
 * - 1T 2025: 4 % with recargo 0.5 % (01–03, 168–170 with tipo 0.50) and 10 % with 1.4 % (04–06,
 *   19–21); not subject by location (120), customer self-assesses (122), one-stop shop (123);
 *   a rectified sale with recargo (14/15 and 25/26); an import of a capital good (34/35); a domestic
 *   reverse charge on a capital good (12/13 and 30/31); an intra-EU acquisition and its
 *   rectification (10/11, 36/37; 14/15 and 40/41); the temporary-rate boxes zero from 2025;
 * - 2T 2025: a negative line inside an invoice nets into the ordinary boxes; 1T's 55.50 applied.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { cents, createContact, startDocumentsApp, type DocumentsTestApp, documentBooker } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  await createDocuments();
}, 120_000);
afterAll(() => app?.close());

const { created, lines, sale, purchase, tax } = documentBooker(() => app, () => company);
const types: Record<string, string> = {};

async function createDocuments() {
  for (const [code, kind, rate, regime, country] of [['IVA2', 'vat', '2.00', 'domestic'], ['IVA75', 'vat', '7.50', 'domestic'], ['RE026', 'surcharge', '0.26', 'domestic'], ['OSS-FR20', 'vat', '20.00', 'oss', 'FR']]) {
    types[code] = (await created('/api/v1/taxes', { code, name: code, kind, rate, regime, ...(country ? { country } : {}) })).id;
  }
  const retailer = await createContact(app, company.token, { name: 'Minorista SL', vat: 'B65410011' });
  const american = await createContact(app, company.token, { name: 'Consulting Inc', country: 'US', vat: '12-3456789' });
  const builder = await createContact(app, company.token, { name: 'Promotora SA', vat: 'A58818501' });
  const french = await createContact(app, company.token, { name: 'Jean Dupont', country: 'FR', customer_type: 'individual' });
  const customs = await createContact(app, company.token, { name: 'Agente de Aduanas SL', kind: 'supplier', vat: 'B86561412' });
  const german = await createContact(app, company.token, { name: 'Lieferant GmbH', kind: 'supplier', country: 'DE', vat: 'DE136695976' });
  const contractor = await createContact(app, company.token, { name: 'Construcciones SA', kind: 'supplier', vat: 'A28017895' });

  // 4T 2024
  await sale(retailer.id, '2024-10-10', { tax_type_id: types.IVA2, surcharge_type_id: types.RE026 });
  await sale(retailer.id, '2024-10-11', { tax_type_id: types.IVA75 });
  await sale(retailer.id, '2024-10-12', { tax_type_id: tax('IVA21'), surcharge_type_id: tax('RE175') });
  // 1T 2025
  const withSurcharge = await sale(retailer.id, '2025-01-10', { tax_type_id: tax('IVA4'), surcharge_type_id: tax('RE05') });
  await sale(retailer.id, '2025-01-11', { tax_type_id: tax('IVA10'), surcharge_type_id: tax('RE14') });
  await sale(american.id, '2025-01-12', { tax_type_id: tax('NOSUJETO'), nature: 'services' });
  await sale(builder.id, '2025-01-13', { tax_type_id: tax('ISPVENTA') });
  await sale(french.id, '2025-01-14', { tax_type_id: types['OSS-FR20'] }, '500.00');
  await created(`/api/v1/invoices/${withSurcharge.id}/rectify`, { issue_date: '2025-02-10', reason: 'Descuento', mode: 'differences', lines: lines({ tax_type_id: tax('IVA4'), surcharge_type_id: tax('RE05') }, '-100.00') });
  // 2T 2025: an invoice with a discount line of −100.00 at 21 %: it nets into 07/09 (only rectifying documents go to 14/15)
  await created('/api/v1/invoices', { contact_id: retailer.id, issue_date: '2025-04-10', lines: [
    { description: 'Base', quantity: '1', unit_price: '1000.00', tax_type_id: tax('IVA21') }, { description: 'Descuento', quantity: '1', unit_price: '-100.00', tax_type_id: tax('IVA21') }] });
  await purchase(customs.id, '2025-01-20', { tax_type_id: tax('IMPORT'), expense_account: '213', capital_good: true });
  const acquisition = await purchase(german.id, '2025-01-21', { tax_type_id: tax('RCINTRACOM'), expense_account: '600' });
  await purchase(contractor.id, '2025-01-22', { tax_type_id: tax('ISP'), expense_account: '211', capital_good: true });
  await created(`/api/v1/purchases/${acquisition.id}/rectify`, {
    issue_date: '2025-02-21', reason: 'Abono', mode: 'differences', supplier_invoice_number: 'AB-1', lines: lines({ tax_type_id: tax('RCINTRACOM'), expense_account: '600' }, '-100.00'),
  });
}

const quarter = async (query: string) => {
  const res = await app.get(`/api/v1/aeat/303/summary?${query}`, company.token);
  expect(res.status).toBe(200);
  return res.body.items[0];
};
const boxesOf = (item: any): Record<string, string> => Object.fromEntries(item.boxes.map((b: any) => [b.box, b.value]));
const RATE_BOXES = ['151', '02', '166', '154', '05', '08', '157', '169', '17', '20', '23', '65'];
const amounts = (boxes: Record<string, string>) => Object.fromEntries(Object.entries(boxes).filter(([box, v]) => Number(v) !== 0 && !RATE_BOXES.includes(box)));
const rates = (boxes: Record<string, string>) => Object.fromEntries(RATE_BOXES.map((box) => [box, boxes[box]]));

describe('modelo 303: the other boxes', () => {
  test('4T 2024: 2 % with recargo 0.26 %, 7.5 %, 21 % with the tobacco recargo; the temporary tipos', async () => {
    const item = await quarter('year=2024&quarter=4');
    expect(item).toMatchObject({ design: 'DR303e24 v2.02', declaration_type: 'I', result: '325.10' });
    const boxes = boxesOf(item);
    expect(amounts(boxes)).toEqual({
      '165': '1000.00', '167': '20.00', '168': '1000.00', '170': '2.60', '153': '1000.00', '155': '75.00', '07': '1000.00', '09': '210.00', '156': '1000.00', '158': '17.50',
      // 20 + 75 + 210 + 2.60 + 17.50
      '27': '325.10', '46': '325.10', '64': '325.10', '66': '325.10', '69': '325.10', '71': '325.10',
    });
    expect(rates(boxes)).toEqual({ '151': '0.00', '02': '4.00', '166': '2.00', '154': '7.50', '05': '10.00', '08': '21.00', '157': '1.75', '169': '0.26', '17': '1.00', '20': '1.40', '23': '5.20', '65': '100.00' });
  });

  test('1T 2025: recargo 0.5 % and 1.4 %, information boxes, rectifications of sales and purchases, capital goods; nothing at the temporary rates', async () => {
    const item = await quarter('year=2025&quarter=1');
    expect(item).toMatchObject({ design: 'DR303e24 v2.02', declaration_type: 'C', result: '-55.50' });
    const boxes = boxesOf(item);
    expect(amounts(boxes)).toEqual({
      '01': '1000.00', '03': '40.00', '168': '1000.00', '170': '5.00', '04': '1000.00', '06': '100.00', '19': '1000.00', '21': '14.00',
      // the intra-EU acquisition self-assessed; the domestic reverse charge (a capital good)
      '10': '1000.00', '11': '210.00', '12': '1000.00', '13': '210.00',
      // the sale's rectification (−100 at 4 %) and the acquisition's (−100 at 21 %); the recargo of the sale's
      '14': '-200.00', '15': '-25.00', '25': '-100.00', '26': '-0.50',
      // 40 + 100 + 210 + 210 − 25 + 5 + 14 − 0.50
      '27': '553.50',
      // capital goods: the reverse charge (30/31) and the import (34/35); the acquisition (36/37) and its rectification (40/41)
      '30': '1000.00', '31': '210.00', '34': '1000.00', '35': '210.00', '36': '1000.00', '37': '210.00', '40': '-100.00', '41': '-21.00',
      '45': '609.00', '46': '-55.50', '64': '-55.50', '66': '-55.50', '69': '-55.50', '71': '-55.50',
      '120': '1000.00', '122': '1000.00', '123': '500.00',
    });
    expect(rates(boxes)).toEqual({ '151': '0.00', '02': '4.00', '166': '0.00', '154': '0.00', '05': '10.00', '08': '21.00', '157': '1.75', '169': '0.50', '17': '0.00', '20': '1.40', '23': '5.20', '65': '100.00' });
    for (const box of ['150', '152', '153', '155', '165', '167']) expect([box, boxes[box]]).toEqual([box, '0.00']);
    // 2T: the discount line nets into 07/09 (900.00 / 189.00); the 55.50 carried from 1T is applied: 189.00 − 55.50
    const second = await quarter('year=2025&quarter=2');
    expect(second).toMatchObject({ declaration_type: 'I', result: '133.50' });
    expect(amounts(boxesOf(second))).toEqual({
      '07': '900.00', '09': '189.00', '27': '189.00', '46': '189.00', '64': '189.00', '66': '189.00', '110': '55.50', '78': '55.50', '69': '133.50', '71': '133.50',
    });
  });

  test("the boxes reconcile with the quarter's 477 (without 4779, the one-stop shop's) and 472", async () => {
    const boxes = boxesOf(await quarter('year=2025&quarter=1'));
    const trial = (await app.get('/api/v1/ledger/trial-balance?from=2025-01-01&to=2025-03-31', company.token)).body.accounts;
    const net = (prefix: string, exclude?: string): bigint => (trial as any[]).filter((a) => a.account.startsWith(prefix) && !(exclude && a.account.startsWith(exclude)))
      .reduce((sum: bigint, a) => sum + cents(a.debit) - cents(a.credit), 0n);
    expect(-net('477', '4779')).toBe(cents(boxes['27']));
    expect(net('472')).toBe(cents(boxes['45']));
    // the one-stop shop's French VAT: 20 % of 500.00, declared in the 369, not here
    expect(-net('4779')).toBe(cents('100.00'));
  });
});
