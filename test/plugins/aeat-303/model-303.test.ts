/**
 * Modelo 303 end to end: golden quarters whose every box is worked out by hand below (base
 * 1,000.00 € unless said), the carry of a negative result into the next quarter (110/78/87), the
 * reconciliation of the boxes with the 477 and 472 balances, the CSV, the history, the DR303 file's
 * record layout (page lengths, positions, sign N, ISO-8859-1, closing tag), validation and tenancy.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { fuelPaymentFlag } from '../../../plugins/aeat-303/file';
import { developerTaxId } from '../../../plugins/tax-models/api';
import { BOXES_303 } from '../../../plugins/aeat-303/boxes';
import { softwareProducer } from '../../../lib/software-producer';
import { PAGE01_2024, PAGE01_2026, PAGE03_2024, PAGE03_2026, pageLength, positions } from '../../../plugins/aeat-303/layouts';
import { cents, createContact, entryLines, startDocumentsApp, taxId, documentBooker, vatReturnContacts, type DocumentsTestApp } from '../../support/documents';
import { createCompany, VALID_CIFS, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
/** The deployment's software producer (lib/software-producer.ts): its NIF is the file's "NIF empresa desarrollo". */
const PRODUCER_NIF = VALID_CIFS[4];
beforeAll(async () => {
  app = await startDocumentsApp({ env: { SOFTWARE_PRODUCER_NAME: 'Desarrollos Contables SL', SOFTWARE_PRODUCER_TAX_ID: `ES${PRODUCER_NIF}` } });
  company = await createCompany(app);
  other = await createCompany(app);
  await createDocuments();
}, 120_000);
afterAll(() => app?.close());

const { created, lines, sale, purchase, tax } = documentBooker(() => app, () => company);

async function createDocuments() {
  const { customer, french, american, lawyer, german, builder } = await vatReturnContacts(app, company.token);
  const wholesaler = await createContact(app, company.token, { name: 'Mayorista SA', kind: 'supplier', vat: 'A28017895' });
  const software = await createContact(app, company.token, { name: 'Cloud Services Inc', kind: 'supplier', country: 'US' });

  // 2025 (the 2024–2025 record design): 3T a purchase, −420.00 to compensate; 4T one sale, +210.00, and being the last
  // period of the year it applies all 420.00 pending: −210.00 to refund (D)
  await purchase(lawyer.id, '2025-08-10', { tax_type_id: tax('IVA21'), expense_account: '629' }, '2000.00');
  await sale(customer.id, '2025-11-10', { tax_type_id: tax('IVA21') });
  // 1T 2026: a large domestic purchase and a small sale → −840.00, to compensate (C)
  await purchase(lawyer.id, '2026-02-10', { tax_type_id: tax('IVA21'), expense_account: '629' }, '5000.00');
  await sale(customer.id, '2026-02-15', { tax_type_id: tax('IVA21') });
  // 2T 2026
  const big = await sale(customer.id, '2026-04-10', { tax_type_id: tax('IVA21') }, '5000.00');
  await sale(customer.id, '2026-04-11', { tax_type_id: tax('IVA10') });
  await sale(customer.id, '2026-04-12', { tax_type_id: tax('IVA4') });
  await sale(customer.id, '2026-04-13', { tax_type_id: tax('IVA21'), surcharge_type_id: tax('RE52') });
  await sale(french.id, '2026-04-14', { tax_type_id: tax('IVAINTRA') });
  await sale(american.id, '2026-04-15', { tax_type_id: tax('EXPORT') });
  await created(`/api/v1/invoices/${big.id}/rectify`, { issue_date: '2026-05-20', reason: 'Descuento', mode: 'differences', lines: lines({ tax_type_id: tax('IVA21') }, '-100.00') });
  const services = await purchase(lawyer.id, '2026-04-20', { tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF15'), expense_account: '623' });
  await purchase(german.id, '2026-04-21', { tax_type_id: tax('RCINTRACOM'), expense_account: '600' });
  await purchase(german.id, '2026-04-22', { tax_type_id: tax('RCINTRACOM'), expense_account: '217', capital_good: true });
  await purchase(builder.id, '2026-04-23', { tax_type_id: tax('ISP'), expense_account: '622' });
  await purchase(software.id, '2026-04-23', { tax_type_id: tax('ISP'), expense_account: '629' }, '500.00'); // services from outside the EU
  await purchase(builder.id, '2026-04-24', { tax_type_id: tax('IMPORT'), expense_account: '600' });
  await purchase(builder.id, '2026-04-25', { tax_type_id: tax('IVA21'), expense_account: '217', capital_good: true });
  await purchase(wholesaler.id, '2026-04-26', { tax_type_id: tax('IVA21'), surcharge_type_id: tax('RE52'), expense_account: '600' });
  await created(`/api/v1/purchases/${services.id}/rectify`, {
    issue_date: '2026-05-21', reason: 'Abono', mode: 'differences', supplier_invoice_number: 'AB-1', lines: lines({ tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF15'), expense_account: '623' }, '-200.00'),
  });
}

const summary = async (query: string, token = company.token) => {
  const res = await app.get(`/api/v1/aeat/303/summary?${query}`, token);
  expect(res.status).toBe(200);
  return res.body;
};
const boxesOf = (item: any): Record<string, string> => Object.fromEntries(item.boxes.map((b: any) => [b.box, b.value]));
const nonZero = (boxes: Record<string, string>) => Object.fromEntries(Object.entries(boxes).filter(([box, v]) => Number(v) !== 0 && !['151', '02', '166', '154', '05', '08', '157', '169', '17', '20', '23', '65'].includes(box)));

describe('modelo 303', () => {
  test('2T 2026: every box from the golden documents, the compensation of 1T applied', async () => {
    const [item] = (await summary('year=2026&quarter=2')).items;
    expect(item).toMatchObject({ year: 2026, period: '2T', from: '2026-04-01', to: '2026-06-30', design: 'DR303e26', declaration_type: 'I', result: '3.00' });
    expect(nonZero(boxesOf(item))).toEqual({
      // sales: 21 % (5,000 + 1,000 with recargo), 10 %, 4 %; recargo 5.2 %; the rectification −100 / −21
      '07': '6000.00', '09': '1260.00', '04': '1000.00', '06': '100.00', '01': '1000.00', '03': '40.00', '22': '1000.00', '24': '52.00', '14': '-100.00', '15': '-21.00',
      // self-assessed: two intra-EU acquisitions (one a capital good), a domestic reverse charge and 500 of services from outside the EU
      '10': '2000.00', '11': '420.00', '12': '1500.00', '13': '315.00',
      // 40 + 100 + 1,260 + 420 + 315 − 21 + 52
      '27': '2166.00',
      // deductible: lawyer and both reverse charges (28/29), capital good (30/31), import (32/33), intra-EU (36/37, 38/39), the purchase credit (40/41);
      // the purchase under recargo de equivalencia is not deductible and feeds nothing
      '28': '2500.00', '29': '525.00', '30': '1000.00', '31': '210.00', '32': '1000.00', '33': '210.00', '36': '1000.00', '37': '210.00', '38': '1000.00', '39': '210.00',
      '40': '-200.00', '41': '-42.00', '45': '1323.00', '46': '843.00',
      '59': '1000.00', '60': '1000.00', '64': '843.00', '66': '843.00',
      // 840 carried from 1T, all of it applied: 843 − 840 = 3 to pay
      '110': '840.00', '78': '840.00', '69': '3.00', '71': '3.00',
    });
    expect(boxesOf(item)).toMatchObject({ '08': '21.00', '05': '10.00', '02': '4.00', '23': '5.20', '65': '100.00', '87': '0.00' });
  });

  test("the boxes reconcile with the period's 477 and 472 balances", async () => {
    const boxes = boxesOf((await summary('year=2026&quarter=2')).items[0]);
    const account = async (code: string) => (await app.get(`/api/v1/ledger/account/${code}?from=2026-04-01&to=2026-06-30`, company.token)).body;
    const vat477 = await account('477');
    const vat472 = await account('472');
    expect(cents(boxes['27'])).toBe(cents(vat477.credit) - cents(vat477.debit));
    expect(cents(boxes['45'])).toBe(cents(vat472.debit) - cents(vat472.credit));
  });

  test('the history: 1T to compensate, 2T to pay, quarters without activity N; monthly periods on request', async () => {
    const body = await summary('year=2026');
    expect(body).toMatchObject({ model: '303', year: 2026, periodicity: 'quarterly' });
    expect(body.items.map((i: any) => [i.period, i.declaration_type, i.result])).toEqual([['1T', 'C', '-840.00'], ['2T', 'I', '3.00'], ['3T', 'N', '0.00'], ['4T', 'N', '0.00']]);
    expect(nonZero(boxesOf(body.items[0]))).toEqual({
      '07': '1000.00', '09': '210.00', '27': '210.00', '28': '5000.00', '29': '1050.00', '45': '1050.00', '46': '-840.00', '64': '-840.00', '66': '-840.00', '69': '-840.00', '71': '-840.00',
    });
    expect(nonZero(boxesOf(body.items[2]))).toEqual({});
    const may = (await summary('year=2026&month=5')).items[0];
    expect(may).toMatchObject({ period: '05', periodicity: 'monthly', from: '2026-05-01', to: '2026-05-31' });
    expect(nonZero(boxesOf(may))).toMatchObject({ '14': '-100.00', '15': '-21.00', '40': '-200.00', '41': '-42.00' });
  });

  test('the CSV: casilla;concepto;importe, one row per box, dot and two decimals', async () => {
    const res = await app.get('/api/v1/aeat/303?year=2026&quarter=2', company.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="modelo-303-2026-2T.csv"');
    const rows = res.text.trimEnd().split('\r\n').map((line) => line.split(';'));
    expect(rows[0]).toEqual(['casilla', 'concepto', 'importe']);
    expect(rows.length).toBe(1 + 87);
    expect(rows.find((r) => r[0] === '07')).toEqual(['07', 'Régimen general 21%: base imponible', '6000.00']);
    expect(rows.find((r) => r[0] === '15')).toEqual(['15', 'Modificación de bases y cuotas: cuota', '-21.00']);
    expect(rows.find((r) => r[0] === '71')![2]).toBe('3.00');
  });

  test('validation: a bad year or quarter, a missing or double period → 422', async () => {
    for (const query of ['year=2026&quarter=5', 'year=2026&quarter=0', 'year=1999&quarter=1', 'year=abc&quarter=1', 'quarter=1', 'year=2026', 'year=2026&quarter=1&month=2', 'year=2026&month=13']) {
      const res = await app.get(`/api/v1/aeat/303?${query}`, company.token);
      expect([query, res.status]).toEqual([query, 422]);
    }
    expect((await app.get('/api/v1/aeat/303/summary?quarter=9', company.token)).status).toBe(422);
    const early = await app.get('/api/v1/aeat/303/file?year=2023&quarter=4', company.token);
    expect(early.status).toBe(422);
    expect(early.body.detail).toContain('no record design');
    expect((await app.get('/api/v1/aeat/303?year=2026&quarter=2')).status).toBe(401);
  });

  test("another company's documents never show", async () => {
    const body = await summary('year=2026', other.token);
    expect(body.items.map((i: any) => [i.period, i.declaration_type])).toEqual([['1T', 'N'], ['2T', 'N'], ['3T', 'N'], ['4T', 'N']]);
    expect(body.items.every((i: any) => Object.keys(nonZero(boxesOf(i))).length === 0)).toBe(true);
  });
});

describe('the regularisation entry (POST /aeat/303/settle)', () => {
  const settle = (query: string) => app.post(`/api/v1/aeat/303/settle?${query}`, undefined, company.token);
  const sorted = (entry: any) => entryLines(entry).sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));

  test('1T: 477 and 472 cleared, the 840.00 to compensate on 4700; once only', async () => {
    const res = await settle('year=2026&quarter=1');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ date: '2026-03-31', source_type: 'tax_model' });
    expect(sorted(res.body)).toEqual([['4700', '840.00', '0.00'], ['472', '0.00', '1050.00'], ['477', '210.00', '0.00']]);
    const again = await settle('year=2026&quarter=1');
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('already settled');
  });

  test('2T: the compensation applied comes out of 4700, the 3.00 to pay goes to 4750; capital goods clear 4729', async () => {
    const res = await settle('year=2026&quarter=2');
    expect(res.status).toBe(201);
    expect(sorted(res.body)).toEqual([['4700', '0.00', '840.00'], ['472', '0.00', '903.00'], ['4729', '0.00', '420.00'], ['4750', '0.00', '3.00'], ['477', '2166.00', '0.00']]);
  });

  test("a quarter without activity has nothing to settle (another company's quarter included); a bad quarter is 422", async () => {
    expect((await settle('year=2026&quarter=3')).status).toBe(422);
    expect((await app.post('/api/v1/aeat/303/settle?year=2026&quarter=9', undefined, company.token)).status).toBe(422);
    expect((await app.post('/api/v1/aeat/303/settle?year=2026&quarter=1', undefined, other.token)).status).toBe(422);
  });
});

describe('the DR303 import file', () => {
  const file = async (query: string) => {
    const res = await app.handle(new Request(`http://localhost/api/v1/aeat/303/file?${query}`, { headers: { authorization: `Bearer ${company.token}` } }));
    expect(res.status).toBe(200);
    return { bytes: new Uint8Array(await res.arrayBuffer()), headers: res.headers };
  };
  const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
  const at = (text: string, position: number, length: number) => text.slice(position - 1, position - 1 + length);

  test('the layouts have the lengths of the record design and its positions', () => {
    expect([pageLength(PAGE01_2024), pageLength(PAGE03_2024), pageLength(PAGE01_2026), pageLength(PAGE03_2026)]).toEqual([1581, 1017, 1581, 1017]);
    // every box of pages 01 and 03 of the 2024–2025 record design (DR303e24 v2.02): its position, and whether it is signed (type N)
    const designed = (page: typeof PAGE01_2024, boxes: [string, number, boolean][]) => {
      const at = positions(page);
      return boxes.map(([box]) => {
        const field = page.find((f) => (f.kind === 'amount' || f.kind === 'rate') && f.box === box);
        return [box, at.get(box), field?.kind === 'amount' && field.signed];
      });
    };
    const PAGE01_BOXES: [string, number, boolean][] = [
    ['150', 130, false], ['151', 147, false], ['152', 152, false], ['01', 169, false], ['02', 186, false], ['03', 191, false], ['153', 208, false],
    ['154', 225, false], ['155', 230, false], ['04', 247, false], ['05', 264, false], ['06', 269, false], ['07', 286, false], ['08', 303, false],
    ['09', 308, false], ['10', 325, false], ['11', 342, false], ['12', 359, false], ['13', 376, false], ['14', 393, true], ['15', 410, true],
    ['156', 427, false], ['157', 444, false], ['158', 449, false], ['16', 466, false], ['17', 483, false], ['18', 488, false], ['19', 505, false],
    ['20', 522, false], ['21', 527, false], ['22', 544, false], ['23', 561, false], ['24', 566, false], ['25', 583, true], ['26', 600, true],
    ['27', 617, true], ['28', 634, false], ['29', 651, false], ['30', 668, false], ['31', 685, false], ['32', 702, false], ['33', 719, false],
    ['34', 736, false], ['35', 753, false], ['36', 770, false], ['37', 787, false], ['38', 804, false], ['39', 821, false], ['40', 838, true],
    ['41', 855, true], ['42', 872, true], ['43', 889, true], ['44', 906, true], ['45', 923, true], ['46', 940, true], ['165', 957, false],
    ['166', 974, false], ['167', 979, false], ['168', 996, false], ['169', 1013, false], ['170', 1018, false],
    ];
    expect(designed(PAGE01_2024, PAGE01_BOXES)).toEqual(PAGE01_BOXES);
    const PAGE03_BOXES: [string, number, boolean][] = [
    ['59', 12, true], ['60', 29, true], ['120', 46, true], ['122', 63, true], ['123', 80, true], ['124', 97, true], ['62', 114, true],
    ['63', 131, true], ['74', 148, true], ['75', 165, true], ['76', 182, true], ['64', 199, true], ['65', 216, false], ['66', 221, true],
    ['77', 238, false], ['110', 255, false], ['78', 272, false], ['87', 289, false], ['68', 306, true], ['69', 323, true], ['70', 340, false],
    ['109', 357, false], ['71', 374, true], ['108', 407, true], ['111', 424, false],
    ];
    expect(designed(PAGE03_2024, PAGE03_BOXES)).toEqual(PAGE03_BOXES);
    const p3 = positions(PAGE03_2024);
    expect([p3.get('noActivity'), p3.get('rectifying'), p3.get('previousReceipt'), p3.get('directDebitChange'), p3.get('rectificationReason'), p3.get('discrepancyReason')]).toEqual([391, 392, 393, 406, 561, 562]);
    // the 2026 design (DR303e26 v1.01, Orden HAC/27/2026) as a public implementation lists it field by field: every box at its position, and its sign
    const PAGE01_2026_BOXES: [string, number, boolean][] = [
    ['150', 131, false], ['151', 148, false], ['152', 153, false], ['165', 170, false], ['166', 187, false], ['167', 192, false], ['01', 209, false], ['02', 226, false],
    ['03', 231, false], ['153', 248, false], ['154', 265, false], ['155', 270, false], ['04', 287, false], ['05', 304, false], ['06', 309, false], ['07', 326, false],
    ['08', 343, false], ['09', 348, false], ['10', 365, false], ['11', 382, false], ['12', 399, false], ['13', 416, false], ['14', 433, true], ['15', 450, true],
    ['156', 467, false], ['157', 484, false], ['158', 489, false], ['168', 506, false], ['169', 523, false], ['170', 528, false], ['16', 545, false], ['17', 562, false],
    ['18', 567, false], ['19', 584, false], ['20', 601, false], ['21', 606, false], ['22', 623, false], ['23', 640, false], ['24', 645, false], ['25', 662, true],
    ['26', 679, true], ['27', 696, true], ['28', 713, false], ['29', 730, false], ['30', 747, false], ['31', 764, false], ['32', 781, false], ['33', 798, false],
    ['34', 815, false], ['35', 832, false], ['36', 849, false], ['37', 866, false], ['38', 883, false], ['39', 900, false], ['40', 917, true], ['41', 934, true],
    ['42', 951, true], ['43', 968, true], ['44', 985, true], ['45', 1002, true], ['46', 1019, true],
    ];
    expect(designed(PAGE01_2026, PAGE01_2026_BOXES)).toEqual(PAGE01_2026_BOXES);
    const n1 = positions(PAGE01_2026);
    expect([n1.get('taxId'), n1.get('name'), n1.get('year'), n1.get('period'), n1.get('flags2024'), n1.get('flag2026')]).toEqual([14, 23, 103, 107, 109, 130]);
    const PAGE03_2026_BOXES: [string, number, boolean][] = [
    ['59', 12, true], ['60', 29, true], ['120', 46, true], ['122', 63, true], ['123', 80, true], ['124', 97, true], ['62', 114, true], ['63', 131, true],
    ['74', 148, true], ['75', 165, true], ['76', 182, true], ['64', 199, true], ['65', 216, false], ['66', 221, true], ['77', 238, false], ['110', 255, false],
    ['78', 272, false], ['87', 289, false], ['68', 306, true], ['108', 323, true], ['69', 340, true], ['70', 357, false], ['109', 374, false], ['112', 391, false],
    ['71', 408, true], ['111', 441, false],
    ];
    expect(designed(PAGE03_2026, PAGE03_2026_BOXES)).toEqual(PAGE03_2026_BOXES);
    const n3 = positions(PAGE03_2026);
    expect([n3.get('noActivity'), n3.get('rectifying'), n3.get('previousReceipt'), n3.get('directDebitChange'), n3.get('rectificationReason'), n3.get('discrepancyReason')]).toEqual([425, 426, 427, 440, 458, 459]);
    // every box of the form sits in both designs' pages, once
    for (const page of [[PAGE01_2024, PAGE03_2024], [PAGE01_2026, PAGE03_2026]]) {
      const boxes = page.flat().flatMap((f) => (f.kind === 'amount' || f.kind === 'rate' ? [f.box] : []));
      expect(new Set(boxes).size).toBe(boxes.length);
      expect(boxes.filter((box) => box !== '112').sort()).toEqual(BOXES_303.map((b) => b.number).filter((box) => box !== '112').sort());
    }
    expect(PAGE03_2026.some((f) => f.kind === 'amount' && f.box === '112')).toBe(true);
    expect(PAGE03_2024.some((f) => f.kind === 'amount' && f.box === '112')).toBe(false);
  });

  test('2026: position 130 (right to deduct the fuel payment on account) is 0 in a quarter, blank in January 2026, "no" (2) in later months', () => {
    const period = (periodicity: 'quarterly' | 'monthly', code: string) => ({ year: 2026, periodicity, index: 1, code, from: '2026-01-01', to: '2026-03-31', last: false });
    expect(fuelPaymentFlag(period('quarterly', '1T'))).toBe('0');
    expect(fuelPaymentFlag(period('monthly', '01'))).toBe(' ');
    expect(fuelPaymentFlag(period('monthly', '02'))).toBe('2');
    expect(fuelPaymentFlag({ ...period('monthly', '01'), year: 2027 })).toBe('2');
  });

  test('2T 2026: envelope, page 01 and page 03 at their lengths, amounts with implied decimals, closing tag', async () => {
    const { bytes, headers } = await file('year=2026&quarter=2');
    expect(headers.get('content-type')).toBe('text/plain; charset=iso-8859-1');
    const text = latin1(bytes);
    expect(text).not.toMatch(/[\r\n]/);
    expect(bytes.length).toBe(328 + 1581 + 1017 + 18);
    expect(text.startsWith('<T303020262T0000><AUX>')).toBe(true);
    expect(at(text, 323, 6)).toBe('</AUX>');
    // <AUX>: program version at 93, "NIF empresa desarrollo" at 101 from the deployment's configuration (the ES prefix dropped)
    expect(at(text, 93, 4)).toBe('CUAD');
    expect(at(text, 101, 9)).toBe(PRODUCER_NIF);
    // without a configured producer (or with a foreign VAT number, which does not fit the field) it stays blank, as the design allows
    expect(developerTaxId({ producer: softwareProducer({ environment: {} }) })).toBe(' '.repeat(9));
    expect(developerTaxId({ producer: softwareProducer({ environment: { SOFTWARE_PRODUCER_NAME: 'Dev SARL', SOFTWARE_PRODUCER_TAX_ID: 'FR40303265045' } }) })).toBe(' '.repeat(9));
    expect(text.endsWith('</T303020262T0000>')).toBe(true);
    const page1 = text.slice(328, 328 + 1581);
    const page3 = text.slice(328 + 1581, 328 + 1581 + 1017);
    expect(at(page1, 1, 11)).toBe('<T30301000>');
    expect(at(page1, 13, 1)).toBe('I');
    expect(at(page1, 103, 6)).toBe('20262T');
    expect(at(page1, 130, 1)).toBe('0');
    expect(at(page1, 326, 17)).toBe('00000000000600000'); // [07] 6,000.00
    expect(at(page1, 343, 5)).toBe('02100'); // [08]
    expect(at(page1, 348, 17)).toBe('00000000000126000'); // [09]
    expect(at(page1, 433, 17)).toBe('N0000000000010000'); // [14] −100.00
    expect(at(page1, 450, 17)).toBe('N0000000000002100'); // [15] −21.00
    expect(at(page1, 917, 17)).toBe('N0000000000020000'); // [40] −200.00
    expect(at(page1, 1570, 12)).toBe('</T30301000>');
    expect(at(page3, 1, 11)).toBe('<T30303000>');
    expect(at(page3, 12, 17)).toBe('00000000000100000'); // [59]
    expect(at(page3, 216, 5)).toBe('10000'); // [65] 100 %
    expect(at(page3, 255, 17)).toBe('00000000000084000'); // [110]
    expect(at(page3, 408, 17)).toBe('00000000000000300'); // [71]
    expect(at(page3, 425, 1)).toBe(' ');
    expect(at(page3, 1006, 12)).toBe('</T30303000>');
  });

  test('1T 2026: a negative result signed with N; 4T 2025 in the 2024–2025 layout, the last period applying all the compensation pending', async () => {
    const first = latin1((await file('year=2026&quarter=1')).bytes);
    const page1 = first.slice(328, 328 + 1581);
    expect(at(page1, 13, 1)).toBe('C');
    expect(at(page1, 1019, 17)).toBe('N0000000000084000'); // [46]
    expect(at(first.slice(328 + 1581), 408, 17)).toBe('N0000000000084000'); // [71]
    const last = latin1((await file('year=2025&quarter=4')).bytes);
    expect(last.length).toBe(328 + 1581 + 1017 + 18);
    const old1 = last.slice(328, 328 + 1581);
    expect(at(old1, 107, 2)).toBe('4T');
    expect(at(old1, 115, 2)).toBe('22'); // prorrata flags: NO in the last period
    expect(at(old1, 128, 2)).toBe('20'); // not exempt from the 390
    expect(at(old1, 13, 1)).toBe('D');
    expect(at(old1, 286, 17)).toBe('00000000000100000'); // [07]
    expect(at(old1, 308, 17)).toBe('00000000000021000'); // [09]
    const old3 = last.slice(328 + 1581);
    expect(at(old3, 255, 17)).toBe('00000000000042000'); // [110]
    expect(at(old3, 272, 17)).toBe('00000000000042000'); // [78] all of it, in the last period
    expect(at(old3, 289, 17)).toBe('00000000000000000'); // [87]
    expect(at(old3, 374, 17)).toBe('N0000000000021000'); // [71] −210.00
    expect(last.endsWith('</T303020254T0000>')).toBe(true);
  });

  test('the name is written upper case without accents, Ñ kept, in ISO-8859-1; a quarter without activity is marked', async () => {
    expect((await app.patch('/api/v1/tenants/me', { legal_name: 'Compañía Añil Óptica, S.L.' }, company.token)).status).toBe(200);
    const { bytes } = await file('year=2026&quarter=3');
    const page1Start = 328;
    const name = bytes.slice(page1Start + 22, page1Start + 22 + 80);
    expect(Buffer.from(name).toString('latin1').trimEnd()).toBe('COMPAÑIA AÑIL OPTICA, S.L.');
    expect(name[5]).toBe(0xd1); // Ñ in ISO-8859-1, one byte
    const text = latin1(bytes);
    expect(at(text.slice(328), 13, 1)).toBe('N');
    expect(at(text.slice(328 + 1581), 425, 1)).toBe('X'); // sin actividad (2026 layout)
  });
});
