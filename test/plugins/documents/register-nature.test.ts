/**
 * Goods or services, one rule (`TaxRegisterNature` of the documents plugin) read by two returns: the
 * 349's keys and the 390's boxes of intra-EU acquisitions must tell the same documents apart the
 * same way, row by row, in euros. A sociedad's 2025, every figure by hand:
 *
 * 1T  sale to Client SARL (FR): 3,000.00 goods + 1,200.00 services, one register row   → E 3,000.00, S 1,200.00
 *     purchase from Lieferant GmbH (DE), 21 % self-assessed: 700.00 on 600 (goods),
 *       300.01 on 623 (services) — one row of 1,000.01, VAT 210.00 — and a capital good
 *       of 2,000.00 on 217 (its own row, VAT 420.00)                                     → A 2,700.00, I 300.01
 *       the row's VAT shared by the lines: goods 210.00 × 700.00 / 1,000.01 = 146.9985 → 147.00, services 63.00
 *     purchase from DE in pounds (3 February, £0.84750 a euro, entered by hand): £423.75 on 629 (services)
 *       → 500.00 €, VAT 105.00 €                                                         → I 500.00
 *
 * The year: A 2,700.00 = 390 [25] (goods accrued at 21 %) = [629] + [633] (deductible, current
 * goods and capital goods); I 800.01 = [551] = [637]; E + S 4,200.00 = [103] (the 390 has one box
 * for intra-EU deliveries). A split by the year's line bases of each VAT type (what the 390 did
 * before) would weigh the pounds as euros and give goods 737.49 of the 1,500.01. Both databases run
 * it (CUADRA_TEST_DB).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createContact, documentBooker, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  [company, other] = [await createCompany(app), await createCompany(app)];
  await createDocuments();
}, 300_000);
afterAll(() => app?.close());

const { created, tax } = documentBooker(() => app, () => company);
const line = (unit_price: string, fields: Record<string, unknown>) => ({ description: 'Concepto', quantity: '1', unit_price, ...fields });

async function createDocuments() {
  const french = await createContact(app, company.token, { name: 'Client SARL', country: 'FR', vat: 'FR40303265045' });
  const german = await createContact(app, company.token, { name: 'Lieferant GmbH', kind: 'supplier', country: 'DE', vat: 'DE136695976' });
  for (const date of ['2025-02-02', '2025-02-03']) {
    expect((await app.request('POST', '/api/v1/exchange-rates', { body: { currency: 'GBP', date, rate: '0.84750' }, token: company.token })).status).toBe(201);
  }
  const intra = tax('IVAINTRA'), selfAssessed = tax('RCINTRACOM');
  await created('/api/v1/invoices', {
    contact_id: french.id, issue_date: '2025-03-03', lines: [line('3000.00', { tax_type_id: intra, nature: 'goods' }), line('1200.00', { tax_type_id: intra, nature: 'services' })],
  });
  await created('/api/v1/purchases', {
    contact_id: german.id, kind: 'invoice', supplier_invoice_number: 'DE-1', issue_date: '2025-02-10', lines: [
      line('700.00', { tax_type_id: selfAssessed, expense_account: '600' }), line('300.01', { tax_type_id: selfAssessed, expense_account: '623' }),
      line('2000.00', { tax_type_id: selfAssessed, expense_account: '217', capital_good: true }),
    ],
  });
  const pounds = await created('/api/v1/purchases', {
    contact_id: german.id, kind: 'invoice', supplier_invoice_number: 'DE-2', issue_date: '2025-02-03', currency: 'GBP', lines: [line('423.75', { tax_type_id: selfAssessed, expense_account: '629' })],
  });
  expect([pounds.exchange_rate, pounds.euro_amounts.subtotal]).toEqual(['0.84750', '500.00']);
}

/** The year's 349 lines (its four quarters) summed by key. */
async function keys349(token: string): Promise<Record<string, string>> {
  const res = await app.get('/api/v1/aeat/349/summary?year=2025', token);
  expect(res.status).toBe(200);
  const cents = new Map<string, bigint>();
  for (const item of res.body.items) {
    expect(item.details.errors).toEqual([]);
    for (const l of item.details.lines) cents.set(l.key, (cents.get(l.key) ?? 0n) + BigInt(l.base.replace('.', '')));
  }
  return Object.fromEntries([...cents].sort().map(([key, c]) => [key, `${c / 100n}.${String(c % 100n).padStart(2, '0')}`]));
}

async function boxes390(token: string): Promise<Record<string, string>> {
  const res = await app.get('/api/v1/aeat/390/summary?year=2025', token);
  expect(res.status).toBe(200);
  expect(res.body.items[0].details.unmapped).toBeUndefined();
  return Object.fromEntries(res.body.items[0].boxes.map((b: any) => [b.box, b.value]));
}

describe('goods or services: the 349 and the 390 read one rule', () => {
  test('a document mixing goods and services (and a capital good): the same split in the 349 keys and in the 390 boxes', async () => {
    const keys = await keys349(company.token);
    expect(keys).toEqual({ A: '2700.00', E: '3000.00', I: '800.01', S: '1200.00' });
    const boxes = await boxes390(company.token);
    // acquisitions of goods: accrued at 21 % (current and capital goods alike), then deducted as current goods and as capital goods
    expect([boxes['25'], boxes['26'], boxes['629'], boxes['630'], boxes['633'], boxes['634']]).toEqual(['2700.00', '567.00', '700.00', '147.00', '2000.00', '420.00']);
    // acquisitions of services: accrued and deducted
    expect([boxes['551'], boxes['552'], boxes['637'], boxes['638']]).toEqual(['800.01', '168.00', '800.01', '168.00']);
    // the two returns agree, key by key
    expect(boxes['25']).toBe(keys.A);
    expect((Number(boxes['629']) + Number(boxes['633'])).toFixed(2)).toBe(keys.A);
    expect([boxes['551'], boxes['637']]).toEqual([keys.I, keys.I]);
    expect(boxes['103']).toBe((Number(keys.E) + Number(keys.S)).toFixed(2));
    // and together they are the register's intra-EU acquisitions, as the 303 sees them (boxes 10/11)
    expect(boxes['33']).toBe('3500.01');
  });

  test('another company: neither return sees these documents', async () => {
    expect(await keys349(other.token)).toEqual({});
    const boxes = await boxes390(other.token);
    expect([boxes['25'], boxes['551'], boxes['103']]).toEqual(['0.00', '0.00', '0.00']);
  });
});
