/**
 * The general VAT prorrata (arts. 102–106 LIVA) through the books, the 303 and the 390: an academy
 * that also sells books, 2025 under a provisional 80 %, every figure worked out by hand below.
 *
 * Sales (bases): 1T taxed 1,000 and exempt 300; 2T an intra-EU supply 2,000; 3T exempt 1,000;
 * 4T an export 1,500. With the right to deduct 1,000 + 2,000 + 1,500 = 4,500 of 5,800:
 * 77.586… %, rounded up to a definitive 78 %.
 * Purchases (deducted at 80 %): 1T a lawyer 500 at 21 % (105 → 84.00); 2T intra-EU services 500 at
 * 21 % (105 → 84.00); 3T a capital good 2,000 at 21 % (420 → 336.00); 4T goods 333.33 at 10 %
 * (33.33 → 26.66, 26.664 rounded).
 * Box 44 of 4T: current goods 243.33 × 78 % = 189.80 − 194.66 = −4.86; capital goods
 * 420 × 78 % = 327.60 − 336.00 = −8.40; together −13.26.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createContact, documentBooker, entryLines, startDocumentsApp, taxId, vatReturnContacts, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
const purchases: Record<string, any> = {};
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  other = await createCompany(app);
  const set = await app.request('PUT', '/api/v1/aeat/prorrata?year=2025', { body: { method: 'general', provisional_percent: 80, activity: 'Academia y venta de libros', cnae: '855' }, token: company.token });
  expect(set.status).toBe(200);
  await createDocuments();
}, 120_000);
afterAll(() => app?.close());

const { sale, purchase, tax } = documentBooker(() => app, () => company);

async function createDocuments() {
  const { customer, french, american, lawyer, german, builder } = await vatReturnContacts(app, company.token);
  await sale(customer.id, '2025-02-10', { tax_type_id: tax('IVA21') });
  await sale(customer.id, '2025-03-01', { tax_type_id: tax('EXENTO') }, '300.00');
  purchases.lawyer = await purchase(lawyer.id, '2025-03-05', { tax_type_id: tax('IVA21'), expense_account: '629' }, '500.00');
  await sale(french.id, '2025-05-10', { tax_type_id: tax('IVAINTRA') }, '2000.00');
  purchases.services = await purchase(german.id, '2025-06-20', { tax_type_id: tax('RCINTRACOM'), expense_account: '623' }, '500.00');
  await sale(customer.id, '2025-08-10', { tax_type_id: tax('EXENTO') }, '1000.00');
  purchases.capital = await purchase(builder.id, '2025-08-20', { tax_type_id: tax('IVA21'), expense_account: '217', capital_good: true }, '2000.00');
  await sale(american.id, '2025-11-10', { tax_type_id: tax('EXPORT') }, '1500.00');
  purchases.goods = await purchase(builder.id, '2025-12-10', { tax_type_id: tax('IVA10'), expense_account: '600' }, '333.33');
}

const boxesOf = (item: any): Record<string, string> => Object.fromEntries(item.boxes.map((b: any) => [b.box, b.value]));
const nonZero = (boxes: Record<string, string>) => Object.fromEntries(Object.entries(boxes).filter(([, v]) => Number(v) !== 0));
const RATES = ['151', '02', '166', '154', '05', '08', '157', '169', '17', '20', '23', '65'];
const amounts = (boxes: Record<string, string>) => nonZero(Object.fromEntries(Object.entries(boxes).filter(([box]) => !RATES.includes(box))));
const journalEntry = async (id: string) => (await app.get(`/api/v1/ledger/entries/${id}`, company.token)).body;
const summary303 = async () => {
  const res = await app.get('/api/v1/aeat/303/summary?year=2025', company.token);
  expect(res.status).toBe(200);
  return res.body.items as any[];
};

describe('VAT prorrata of a year', () => {
  test('GET answers what was set; another company has none', async () => {
    expect((await app.get('/api/v1/aeat/prorrata?year=2025', company.token)).body).toEqual({ year: 2025, method: 'general', provisional_percent: 80, activity: 'Academia y venta de libros', cnae: '855', definitive_percent: null });
    expect((await app.get('/api/v1/aeat/prorrata?year=2025', other.token)).body).toEqual({ year: 2025, method: 'none', provisional_percent: 100, activity: '', cnae: '', definitive_percent: null });
  });

  test('validated: a percentage outside 1–100 (provisional or definitive), one under `none`, a bad CNAE code, an unknown field are 422', async () => {
    const put = (body: Record<string, unknown>, year = 2024) => app.request('PUT', `/api/v1/aeat/prorrata?year=${year}`, { body, token: other.token });
    for (const body of [
      { method: 'general', provisional_percent: 0 }, { method: 'general', provisional_percent: 101 }, { method: 'general', provisional_percent: 80.5 },
      { method: 'none', provisional_percent: 80 }, { method: 'general', provisional_percent: 80, cnae: '85' }, { method: 'special' }, { method: 'general', percent: 80 },
      { method: 'general', provisional_percent: 80, definitive_percent: 0 }, { method: 'general', provisional_percent: 80, definitive_percent: 101 },
      { method: 'general', provisional_percent: 80, definitive_percent: 90.5 }, { method: 'none', definitive_percent: 90 },
    ]) expect((await put(body)).status).toBe(422);
    // without a percentage, the year before must give one: the other company's 2023 has no operations
    const none = await put({ method: 'general' });
    expect(none.status).toBe(422);
    expect(none.body.detail).toContain('provisional_percent');
    expect((await app.get('/api/v1/aeat/prorrata?year=2024', other.token)).body.method).toBe('none');
  });

  test('without a percentage, the provisional one is the previous year\'s definitive (78 for 2026)', async () => {
    const res = await app.request('PUT', '/api/v1/aeat/prorrata?year=2026', { body: { method: 'general' }, token: company.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ year: 2026, method: 'general', provisional_percent: 78 });
  });
});

describe('the books: only the provisional part of the VAT in 472, the rest in the cost', () => {
  test('a purchase at 80 %: Dr 629 521.00 / Dr 472 84.00 / Cr 4100 605.00', async () => {
    expect(entryLines(await journalEntry(purchases.lawyer.journal_entry_id))).toEqual([['629', '521.00', '0.00'], ['472', '84.00', '0.00'], ['4100', '0.00', '605.00']]);
  });

  test('intra-EU services: 477 self-assessed in full, 472 at 80 %, the rest in the expense', async () => {
    expect(entryLines(await journalEntry(purchases.services.journal_entry_id))).toEqual([['623', '521.00', '0.00'], ['472', '84.00', '0.00'], ['4100', '0.00', '500.00'], ['477', '0.00', '105.00']]);
  });

  test('a capital good: the undeducted VAT is part of its price (217), 4729 at 80 %', async () => {
    expect(entryLines(await journalEntry(purchases.capital.journal_entry_id))).toEqual([['217', '2084.00', '0.00'], ['4729', '336.00', '0.00'], ['4100', '0.00', '2420.00']]);
  });

  test('rounding as the register rounds: 33.33 at 80 % is 26.66 deducted (26.664), 6.67 cost', async () => {
    expect(entryLines(await journalEntry(purchases.goods.journal_entry_id))).toEqual([['600', '340.00', '0.00'], ['472', '26.66', '0.00'], ['4000', '0.00', '366.66']]);
  });
});

describe('the capital goods book under the general prorrata', () => {
  test('the year\'s definitive 78 % and the quota the good finally deducts, 420 × 78 % = 327.60 (box 44 regularises it from the 336.00 deducted); nothing to regularise in later years yet', async () => {
    const res = await app.get('/api/v1/aeat/vat-books/capital-goods?year=2025&format=csv', company.token);
    expect(res.status).toBe(200);
    const [header, ...rows] = res.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line: string) => line.split(';'));
    const records = rows.map((cells: string[]) => Object.fromEntries(header.map((h: string, i: number) => [h, cells[i]])));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      'Año de Inicio Utilización Base Imponible': '2000,00', 'Año de Inicio Utilización Prorrata Definitiva': '78,00', 'Año de Inicio Utilización Cuota Deducible': '327,60',
      'Regularización Anual Prorrata Definitiva': '78,00', 'Regularización Anual Cuota Deducible': '327,60', 'Regularización Anual Cuota a Regularizar': '0,00',
    });
  });
});

describe('modelo 303 under the general prorrata', () => {
  test('each quarter deducts at 80 %; the 4T regularises to the definitive 78 % in box 44', async () => {
    const [q1, q2, q3, q4] = await summary303();
    expect(amounts(boxesOf(q1))).toEqual({ '07': '1000.00', '09': '210.00', '27': '210.00', '28': '500.00', '29': '84.00', '45': '84.00', '46': '126.00', '64': '126.00', '66': '126.00', '69': '126.00', '71': '126.00' });
    expect(amounts(boxesOf(q2))).toEqual({ '59': '2000.00', '10': '500.00', '11': '105.00', '27': '105.00', '36': '500.00', '37': '84.00', '45': '84.00', '46': '21.00', '64': '21.00', '66': '21.00', '69': '21.00', '71': '21.00' });
    expect(amounts(boxesOf(q3))).toEqual({ '30': '2000.00', '31': '336.00', '45': '336.00', '46': '-336.00', '64': '-336.00', '66': '-336.00', '69': '-336.00', '71': '-336.00' });
    expect(q3.declaration_type).toBe('C');
    expect(q1.details?.prorrata).toBeUndefined();
    // 4T: 45 = 26.66 − 13.26; the 336.00 carried from 3T refunded with it
    expect(amounts(boxesOf(q4))).toEqual({
      '60': '1500.00', '28': '333.33', '29': '26.66', '44': '-13.26', '45': '13.40', '46': '-13.40', '64': '-13.40', '66': '-13.40',
      '110': '336.00', '78': '336.00', '69': '-349.40', '71': '-349.40',
    });
    expect(q4).toMatchObject({ declaration_type: 'D', result: '-349.40' });
    expect(q4.details.prorrata).toEqual({
      method: 'general', provisional_percent: 80, definitive_percent: 78, operations: '5800.00', operations_with_right: '4500.00',
      quotas: '663.33', deducted: '530.66', regularisation: '-13.26', regularisation_capital_goods: '-8.40',
    });
  });

  test('the 4T settlement clears 472 and posts box 44 to 6341 / 6342 (less deducted: an expense)', async () => {
    const res = await app.post('/api/v1/aeat/303/settle?year=2025&quarter=4', {}, company.token);
    expect(res.status).toBe(201);
    expect(entryLines(res.body)).toEqual([['472', '0.00', '26.66'], ['6341', '4.86', '0.00'], ['6342', '8.40', '0.00'], ['4700', '0.00', '336.00'], ['4700', '349.40', '0.00']]);
  });

  test('without a prorrata nothing changes: the other company\'s 303 has no box 44 and deducts in full', async () => {
    const lawyer = await createContact(app, other.token, { name: 'Abogados SLP', kind: 'supplier', vat: 'B86561412' });
    const res = await app.post('/api/v1/purchases', { contact_id: lawyer.id, kind: 'invoice', supplier_invoice_number: 'X-1', issue_date: '2025-03-05', lines: [{ description: 'Base', quantity: '1', unit_price: '500.00', tax_type_id: taxId(other, 'IVA21'), expense_account: '629' }] }, other.token);
    expect(res.status).toBe(201);
    const q4 = (await app.get('/api/v1/aeat/303/summary?year=2025&quarter=4', other.token)).body.items[0];
    expect(boxesOf(q4)['44']).toBe('0.00');
    const q1 = (await app.get('/api/v1/aeat/303/summary?year=2025&quarter=1', other.token)).body.items[0];
    expect(boxesOf(q1)['29']).toBe('105.00');
  });
});

describe('modelo 390 under the general prorrata', () => {
  test('its deductible boxes and [522] equal the 303s summed; page 07\'s prorrata; the volume of operations unchanged', async () => {
    const res = await app.get('/api/v1/aeat/390/summary?year=2025', company.token);
    expect(res.status).toBe(200);
    const item = res.body.items[0];
    expect(nonZero(boxesOf(item))).toEqual({
      '05': '1000.00', '06': '210.00', '551': '500.00', '552': '105.00', '33': '1500.00', '34': '315.00', '47': '315.00',
      '603': '333.33', '604': '26.66', '605': '500.00', '606': '84.00', '48': '833.33', '49': '110.66',
      '613': '2000.00', '614': '336.00', '50': '2000.00', '51': '336.00',
      '637': '500.00', '638': '84.00', '597': '500.00', '598': '84.00',
      '522': '-13.26', // the 4T's box 44
      '64': '517.40', '65': '-202.40', '84': '-202.40', '86': '-202.40', // 110.66 + 336 + 84 − 13.26; 315 − 517.40
      '95': '147.00', '98': '349.40',
      '99': '1000.00', '103': '2000.00', '104': '1500.00', '105': '1300.00', '108': '5800.00',
    });
    const { details } = item;
    expect(details.checks_303.filter((c: any) => !c.equal)).toEqual([]);
    expect(details.checks_303.find((c: any) => c.boxes_390.join() === '522')).toMatchObject({ boxes_303: ['44'], value_390: '-13.26', sum_303: '-13.26' });
    expect(details.prorrata).toEqual({
      method: 'general', provisional_percent: 80, definitive_percent: 78, operations: '5800.00', operations_with_right: '4500.00',
      quotas: '663.33', deducted: '530.66', regularisation: '-13.26', regularisation_capital_goods: '-8.40',
      activity: 'Academia y venta de libros', cnae: '855', type: 'G',
    });
    expect(details.volume_of_operations).toBe('5800.00');
  });

  test('the DR390 file writes page 07\'s first prorrata and box 522', async () => {
    const options = await app.request('PUT', '/api/v1/aeat/390/options?year=2025', { body: { main_activity: 'Academia', main_activity_key: 'A01', main_activity_iae: '9332' }, token: company.token });
    expect(options.status).toBe(200);
    const res = await app.handle(new Request('http://localhost/api/v1/aeat/390/file?year=2025', { headers: { authorization: `Bearer ${company.token}` } }));
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    expect(res.status).toBe(200);
    const page07 = text.slice(text.indexOf('<T39007000>'));
    const at = (position: number, length: number) => page07.slice(position - 1, position - 1 + length);
    expect(at(200, 40).trimEnd()).toBe('ACADEMIA Y VENTA DE LIBROS');
    expect(at(240, 3)).toBe('855');
    expect(at(243, 17)).toBe('00000000000580000');
    expect(at(260, 17)).toBe('00000000000450000');
    expect(at(277, 1)).toBe('G');
    expect(at(278, 5)).toBe('07800');
    expect(at(283, 40).trim()).toBe('');
    const page04 = text.slice(text.indexOf('<T39004000>'));
    expect(page04.slice(641, 641 + 17)).toBe('N0000000000001326');
  });
});

describe('the definitive percentage set by hand', () => {
  const setDefinitive = (definitive?: number) => app.request('PUT', '/api/v1/aeat/prorrata?year=2025', {
    body: { method: 'general', provisional_percent: 80, activity: 'Academia y venta de libros', cnae: '855', ...(definitive ? { definitive_percent: definitive } : {}) }, token: company.token,
  });

  test('90 % replaces the computed 78 % in box 44, the 390 and the capital goods book; left out, it is computed again', async () => {
    const set = await setDefinitive(90);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ provisional_percent: 80, definitive_percent: 90 });
    // current goods 243.33 × 90 % = 219.00 − 194.66 = 24.34; capital goods 420 × 90 % = 378.00 − 336.00 = 42.00
    const q4 = (await summary303())[3];
    expect(boxesOf(q4)['44']).toBe('66.34');
    expect(q4.details.prorrata).toMatchObject({ definitive_percent: 90, regularisation: '66.34', regularisation_capital_goods: '42.00', operations: '5800.00', operations_with_right: '4500.00' });
    const item390 = (await app.get('/api/v1/aeat/390/summary?year=2025', company.token)).body.items[0];
    expect(boxesOf(item390)['522']).toBe('66.34');
    expect(item390.details.prorrata.definitive_percent).toBe(90);
    const book = await app.get('/api/v1/aeat/vat-books/capital-goods?year=2025&format=csv', company.token);
    const [header, row] = book.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line: string) => line.split(';'));
    expect([header.indexOf('Año de Inicio Utilización Prorrata Definitiva'), header.indexOf('Regularización Anual Prorrata Definitiva')].map((i) => row[i])).toEqual(['90,00', '90,00']);
    expect(row[header.indexOf('Año de Inicio Utilización Cuota Deducible')]).toBe('378,00');
    const cleared = await setDefinitive();
    expect(cleared.body.definitive_percent).toBeNull();
    expect(boxesOf((await summary303())[3])['44']).toBe('-13.26');
  });
});

describe('going back to no prorrata', () => {
  test('refused (409) for a year whose purchases were deducted at the provisional percentage: nothing would give the rest back', async () => {
    const res = await app.request('PUT', '/api/v1/aeat/prorrata?year=2025', { body: { method: 'none' }, token: company.token });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('general');
    expect((await app.get('/api/v1/aeat/prorrata?year=2025', company.token)).body).toMatchObject({ method: 'general', provisional_percent: 80 });
  });

  test('allowed while every purchase of the year was deducted in full (the other company\'s 2025)', async () => {
    const put = (body: Record<string, unknown>) => app.request('PUT', '/api/v1/aeat/prorrata?year=2025', { body, token: other.token });
    expect((await put({ method: 'general', provisional_percent: 80 })).status).toBe(200);
    expect((await put({ method: 'none' })).status).toBe(200);
    expect((await app.get('/api/v1/aeat/prorrata?year=2025', other.token)).body.method).toBe('none');
  });
});

describe('a year that deducts more than its provisional percentage (2026: 78 %, every sale taxed)', () => {
  const manual = (date: string, lines: { account: string; debit?: string; credit?: string }[]) =>
    app.post('/api/v1/ledger/entries', { date, description: 'Asiento manual', lines }, company.token);

  test('box 44 is a gain: current goods 210.00 − 163.80, capital goods 105.00 − 81.90; the settlement credits 6391 and 6392, and is refused while 472 disagrees', async () => {
    const { customer, builder } = await vatReturnContacts(app, company.token);
    await sale(customer.id, '2026-10-05', { tax_type_id: tax('IVA21') });
    await purchase(builder.id, '2026-10-06', { tax_type_id: tax('IVA21'), expense_account: '629' }, '1000.00');
    await purchase(builder.id, '2026-11-06', { tax_type_id: tax('IVA21'), expense_account: '217', capital_good: true }, '500.00');
    const q4 = (await app.get('/api/v1/aeat/303/summary?year=2026&quarter=4', company.token)).body.items[0];
    expect(boxesOf(q4)['44']).toBe('69.30');
    expect(q4.details.prorrata).toMatchObject({ provisional_percent: 78, definitive_percent: 100, regularisation: '69.30', regularisation_capital_goods: '23.10' });
    // a manual entry on 472 the register does not know: the books no longer give [46] with [44]
    expect((await manual('2026-11-20', [{ account: '472', debit: '10.00' }, { account: '572', credit: '10.00' }])).status).toBe(201);
    const refused = await app.post('/api/v1/aeat/303/settle?year=2026&quarter=4', {}, company.token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('[44] 69.30');
    expect((await manual('2026-11-21', [{ account: '572', debit: '10.00' }, { account: '472', credit: '10.00' }])).status).toBe(201);
    const settled = await app.post('/api/v1/aeat/303/settle?year=2026&quarter=4', {}, company.token);
    expect(settled.status).toBe(201);
    const lines = entryLines(settled.body);
    expect(lines).toContainEqual(['6391', '0.00', '46.20']);
    expect(lines).toContainEqual(['6392', '0.00', '23.10']);
  });
});

/**
 * A tiny intra-EU acquisition under a low prorrata (2025, another company, provisional 1 %):
 * 1T a taxed sale of 300.00 at 21 % (63.00) and an exempt one (art. 20) of 9,700.00; 2T 2.00 of
 * goods bought from Germany at 21 %. With the right to deduct 300 of 10,000: a definitive 3 %.
 * - The acquisition self-assesses 2.00 × 21 % = 0.42 in full: 303 boxes 10/11 = 2.00 / 0.42.
 * - It deducts 0.42 × 1 % = 0.0042 → 0.00; its VAT is still deductible VAT (no recargo borne), so its
 *   base stays whole in boxes 36/37 = 2.00 / 0.00, and the 2T result is 0.42.
 * - 4T box 44: the year's deductible quotas 0.42 at the definitive 3 % = 0.0126 → 0.01, less the
 *   0.00 deducted = 0.01 (current goods; no capital goods); the 4T result −0.01.
 * - 390: accrued [05]/[06] 300.00 / 63.00 and intra-EU goods at 21 % [25]/[26] 2.00 / 0.42, so [33]/[34]
 *   302.00 / 63.42 and [47] 63.42; deductible intra-EU current goods at 21 % [629]/[630] 2.00 / 0.00
 *   ([56]/[57]), [522] 0.01, [64] 0.01, [65] = [84] = [86] 63.42 − 0.01 = 63.41; the quarters' results
 *   [95] 63.00 + 0.42 = 63.42 to pay and the last one 0.01 to refund ([98]); operations [99] 300.00,
 *   [105] 9,700.00, [108] 10,000.00.
 * Without the rule that keeps a quota the prorrata rounded to 0.00 deductible, boxes 36 and [629]
 * would lose the base and box 44 the 0.42 (0.00 instead of 0.01).
 */
describe('a 2 € intra-EU acquisition under a 1 % provisional prorrata', () => {
  let small: TestCompany;
  const summary = async (path: string) => {
    const res = await app.get(path, small.token);
    expect(res.status).toBe(200);
    return res.body.items[0];
  };
  beforeAll(async () => {
    small = await createCompany(app);
    const set = await app.request('PUT', '/api/v1/aeat/prorrata?year=2025', { body: { method: 'general', provisional_percent: 1, activity: 'Formación', cnae: '855' }, token: small.token });
    expect(set.status).toBe(200);
    const booker = documentBooker(() => app, () => small);
    const { customer, german } = await vatReturnContacts(app, small.token);
    await booker.sale(customer.id, '2025-02-10', { tax_type_id: booker.tax('IVA21') }, '300.00');
    await booker.sale(customer.id, '2025-03-01', { tax_type_id: booker.tax('EXENTO') }, '9700.00');
    await booker.purchase(german.id, '2025-05-20', { tax_type_id: booker.tax('RCINTRACOM'), expense_account: '600' }, '2.00');
  }, 120_000);

  test('303: 2T boxes 10/11 2.00 / 0.42 and 36/37 2.00 / 0.00; 4T box 44 0.01 at the definitive 3 %', async () => {
    const q2 = boxesOf(await summary('/api/v1/aeat/303/summary?year=2025&quarter=2'));
    expect(amounts(q2)).toEqual({ '10': '2.00', '11': '0.42', '27': '0.42', '36': '2.00', '46': '0.42', '64': '0.42', '66': '0.42', '69': '0.42', '71': '0.42' });
    expect([q2['37'], q2['45']]).toEqual(['0.00', '0.00']);
    const q4 = await summary('/api/v1/aeat/303/summary?year=2025&quarter=4');
    expect(amounts(boxesOf(q4))).toEqual({ '44': '0.01', '45': '0.01', '46': '-0.01', '64': '-0.01', '66': '-0.01', '69': '-0.01', '71': '-0.01' });
    expect(q4.details.prorrata).toMatchObject({ provisional_percent: 1, definitive_percent: 3, quotas: '0.42', deducted: '0.00', regularisation: '0.01', regularisation_capital_goods: '0.00' });
  });

  test('390: the acquisition accrued in [25]/[26], deductible in [629]/[630] with a 0.00 quota, [522] 0.01', async () => {
    const item = await summary('/api/v1/aeat/390/summary?year=2025');
    const boxes = boxesOf(item);
    expect(nonZero(boxes)).toEqual({
      '05': '300.00', '06': '63.00', '25': '2.00', '26': '0.42', '33': '302.00', '34': '63.42', '47': '63.42',
      '629': '2.00', '56': '2.00', '522': '0.01', '64': '0.01', '65': '63.41', '84': '63.41', '86': '63.41',
      '95': '63.42', '98': '0.01', '99': '300.00', '105': '9700.00', '108': '10000.00',
    });
    expect([boxes['630'], boxes['57']]).toEqual(['0.00', '0.00']);
    expect(item.details.checks_303.filter((c: any) => !c.equal)).toEqual([]);
    expect(item.details.prorrata).toMatchObject({ provisional_percent: 1, definitive_percent: 3, operations: '10000.00', operations_with_right: '300.00', quotas: '0.42', deducted: '0.00', regularisation: '0.01' });
  });
});
