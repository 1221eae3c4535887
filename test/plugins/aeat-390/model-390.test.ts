/**
 * Modelo 390 end to end: a year of golden documents whose every box is worked out by hand below,
 * each 390 box equal to the sum of the year's 303s (quarterly, then monthly), the exemption, the
 * CSV, validation and tenancy.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startDocumentsApp, documentBooker, vatReturnContacts, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  other = await createCompany(app);
  await createDocuments();
}, 120_000);
afterAll(() => app?.close());

const { created, lines, sale, purchase, tax } = documentBooker(() => app, () => company);

async function createDocuments() {
  const { customer, french, american, lawyer, german, builder } = await vatReturnContacts(app, company.token);
  // 1T 2025: sales at 21 % and 10 %, a domestic purchase at 21 %
  const first = await sale(customer.id, '2025-02-10', { tax_type_id: tax('IVA21') });
  await sale(customer.id, '2025-03-01', { tax_type_id: tax('IVA10') });
  await purchase(lawyer.id, '2025-03-05', { tax_type_id: tax('IVA21'), expense_account: '629' }, '500.00');
  // 2T: a sale at 4 %, an intra-EU supply, intra-EU acquisitions of goods (bought on 600) and of services (623)
  await sale(customer.id, '2025-04-10', { tax_type_id: tax('IVA4') });
  await sale(french.id, '2025-05-10', { tax_type_id: tax('IVAINTRA') }, '2000.00');
  await purchase(german.id, '2025-06-10', { tax_type_id: tax('RCINTRACOM'), expense_account: '600' });
  await purchase(german.id, '2025-06-20', { tax_type_id: tax('RCINTRACOM'), expense_account: '623' }, '500.00');
  // 3T: an export, an exempt sale, a capital good bought at 21 %, a domestic reverse charge
  await sale(american.id, '2025-07-10', { tax_type_id: tax('EXPORT') }, '1500.00');
  await sale(customer.id, '2025-08-10', { tax_type_id: tax('EXENTO') }, '300.00');
  await purchase(builder.id, '2025-08-20', { tax_type_id: tax('IVA21'), expense_account: '217', capital_good: true }, '2000.00');
  await purchase(builder.id, '2025-09-10', { tax_type_id: tax('ISP'), expense_account: '622' });
  // 4T: the 1T sale rectified (−100), a sale with recargo 5.2 %, an import
  await created(`/api/v1/invoices/${first.id}/rectify`, { issue_date: '2025-11-20', reason: 'Descuento', mode: 'differences', lines: lines({ tax_type_id: tax('IVA21') }, '-100.00') });
  await sale(customer.id, '2025-12-01', { tax_type_id: tax('IVA21'), surcharge_type_id: tax('RE52') });
  await purchase(builder.id, '2025-12-10', { tax_type_id: tax('IMPORT'), expense_account: '600' });
}

const summary = async (token = company.token) => {
  const res = await app.get('/api/v1/aeat/390/summary?year=2025', token);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ model: '390', year: 2025, periodicity: 'annual' });
  return res.body.items[0];
};
const boxesOf = (item: any): Record<string, string> => Object.fromEntries(item.boxes.map((b: any) => [b.box, b.value]));
const nonZero = (boxes: Record<string, string>) => Object.fromEntries(Object.entries(boxes).filter(([, v]) => Number(v) !== 0));
const setOptions = async (code: string, body: Record<string, unknown>) => {
  const res = await app.request('PUT', `/api/v1/aeat/${code}/options?year=2025`, { body, token: company.token });
  expect(res.status).toBe(200);
};

describe('modelo 390', () => {
  test('2025: every box from the golden documents, each equal to the sum of the four 303s', async () => {
    const item = await summary();
    expect(item).toMatchObject({ year: 2025, period: '0A', from: '2025-01-01', to: '2025-12-31', design: 'DR390e2025', declaration_type: 'I', result: '0.00' });
    expect(nonZero(boxesOf(item))).toEqual({
      '01': '1000.00', '02': '40.00', // 4 %
      '03': '1000.00', '04': '100.00', // 10 %
      '05': '2000.00', '06': '420.00', // 21 %: 1T and 4T
      '25': '1000.00', '26': '210.00', // intra-EU acquisition of goods, accrued
      '551': '500.00', '552': '105.00', // intra-EU acquisition of services, accrued
      '27': '1000.00', '28': '210.00', // domestic reverse charge, self-assessed
      '29': '-100.00', '30': '-21.00', // the rectification
      '33': '6400.00', '34': '1064.00', // 1,000 + 1,000 + 2,000 + 1,000 + 500 + 1,000 − 100; 40 + 100 + 420 + 210 + 105 + 210 − 21
      '601': '1000.00', '602': '52.00', // recargo 5.2 %
      '47': '1116.00', // 1,064 + 52
      '605': '1500.00', '606': '315.00', '48': '1500.00', '49': '315.00', // deductible, current: the lawyer 500 + the reverse charge 1,000
      '613': '2000.00', '614': '420.00', '50': '2000.00', '51': '420.00', // deductible, capital good
      '621': '1000.00', '622': '210.00', '52': '1000.00', '53': '210.00', // deductible, on an importation
      '629': '1000.00', '630': '210.00', '56': '1000.00', '57': '210.00', // deductible, intra-EU goods
      '637': '500.00', '638': '105.00', '597': '500.00', '598': '105.00', // deductible, intra-EU services
      '64': '1260.00', '65': '-144.00', '84': '-144.00', '86': '-144.00', // 315 + 420 + 210 + 210 + 105; 1,116 − 1,260
      '95': '245.00', '98': '389.00', // the 303s: 1T 205 + 2T 40 to pay; 4T 389 refunded (3T's 420 carried into it)
      '99': '3900.00', // domestic sales: 1,000 + 1,000 + 1,000 − 100 + 1,000
      '103': '2000.00', '104': '1500.00', '105': '300.00', '108': '7700.00',
    });
    const { details } = item;
    expect(details).toMatchObject({
      filing_required: true, main_activity: null, prorrata: null, volume_of_operations: '7700.00', periodicity_303: 'quarterly',
      intra_eu_acquisitions: [{ rate: '21.00', base: '1500.00', quota: '315.00', deductible_base: '1500.00', deductible_quota: '315.00' }],
      redeme: false, operations_347: false,
    });
    expect(details.returns_303.map((r: any) => r.period)).toEqual(['1T', '2T', '3T', '4T']);
    expect(details.unmapped).toBeUndefined();
    // every equality with the 303s holds, and the ones of this year are not trivially zero
    expect(details.checks_303.filter((c: any) => !c.equal)).toEqual([]);
    const check = (box: string) => details.checks_303.find((c: any) => c.boxes_303.join() === box);
    expect(check('07')).toMatchObject({ boxes_390: ['05'], value_390: '2000.00', sum_303: '2000.00' });
    expect(check('28')).toMatchObject({ value_390: '1500.00', sum_303: '1500.00' });
    expect(check('10')).toMatchObject({ value_390: '1500.00', sum_303: '1500.00' });
    expect(check('36')).toMatchObject({ value_390: '1500.00', sum_303: '1500.00' });
    expect(check('95 − 96 − 97 − 98')).toMatchObject({ boxes_390: ['86'], value_390: '-144.00', sum_303: '-144.00' });
  });

  test('the 303s read are those the company files: monthly that year, twelve of them, still equal', async () => {
    await setOptions('303', { monthly: true });
    try {
      const { details } = await summary();
      expect(details.periodicity_303).toBe('monthly');
      expect(details.returns_303).toHaveLength(12);
      expect(details.checks_303.filter((c: any) => !c.equal)).toEqual([]);
    } finally {
      await setOptions('303', { monthly: false });
    }
  });

  test('exemption: only renting or the simplified regime as a quarterly filer, or the SII; a monthly filer is not exempt for its activities', async () => {
    await setOptions('390', { exempting_activities_only: true, main_activity: '861.1 Alquiler de viviendas' });
    let item = await summary();
    expect(item.declaration_type).toBe('exempt');
    expect(item.details).toMatchObject({ filing_required: false, main_activity: '861.1 Alquiler de viviendas' });
    expect(item.details.exemption).toContain('Quarterly 303 filer');
    await setOptions('303', { monthly: true });
    expect((await summary()).details.filing_required).toBe(true);
    await setOptions('390', { exempting_activities_only: false, sii: true });
    item = await summary();
    expect(item.details).toMatchObject({ filing_required: false });
    expect(item.details.exemption).toContain('SII');
    await setOptions('303', { monthly: false });
    await setOptions('390', { sii: false, main_activity: '' });
    expect((await summary()).declaration_type).toBe('I');
  });

  test('CSV: one row per box', async () => {
    const res = await app.get('/api/v1/aeat/390?year=2025', company.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.text).toContain('05;Régimen ordinario 21%: base imponible;2000.00\r\n');
    expect(res.text).toContain('99;Operaciones en régimen general;3900.00\r\n');
  });

  test('the DR390 file of 2025: 422 until the main activity is given, then every page at its length and the boxes at their positions', async () => {
    const file = async (year = 2025) => {
      const res = await app.handle(new Request(`http://localhost/api/v1/aeat/390/file?year=${year}`, { headers: { authorization: `Bearer ${company.token}` } }));
      return { status: res.status, text: Buffer.from(await res.arrayBuffer()).toString('latin1'), disposition: res.headers.get('content-disposition') };
    };
    const before = await file();
    expect([before.status, JSON.parse(before.text).detail]).toEqual([422, 'The 390 file names the main activity: give main_activity, main_activity_key and main_activity_iae (PUT /api/v1/aeat/390/options?year=2025)']);
    expect((await app.request('PUT', '/api/v1/aeat/390/options?year=2025', { body: { main_activity_key: 'a01' }, token: company.token })).status).toBe(422);
    await setOptions('390', { main_activity: 'Comercio al por mayor', main_activity_key: 'A01', main_activity_iae: '6151', operations_347: true });
    try {
      const { status, text, disposition } = await file();
      expect(status).toBe(200);
      const envelope = '<T390020250A0000>';
      expect([text.startsWith(envelope), text.endsWith('</T390020250A0000>'), text.slice(envelope.length, envelope.length + 5)]).toEqual([true, true, '<AUX>']);
      // the pages follow the AUX block (311 positions) in the design's order, each of its length
      const lengths: [string, number][] = [['01', 1187], ['02', 1806], ['02B', 531], ['03', 1840], ['04', 854], ['06', 828], ['07', 776]];
      const pages: Record<string, string> = {};
      let offset = envelope.length + 311;
      for (const [name, length] of lengths) {
        pages[name] = text.slice(offset, offset + length);
        const tag = `T390${name}${name.length === 2 ? '000' : '00'}`;
        expect([pages[name].slice(0, 11), pages[name].slice(-12)]).toEqual([`<${tag}>`, `</${tag}>`]);
        offset += length;
      }
      expect(offset + envelope.length + 1).toBe(text.length);
      const at = (page: string, position: number, length = 17) => pages[page].slice(position - 1, position - 1 + length);
      expect(disposition).toBe(`attachment; filename="${at('01', 14, 9)}2025` + '0A.390"');
      // page 01: the year, the marks, the main activity, the 347 mark (the options say the company files a 347)
      expect([at('01', 103, 4), at('01', 109, 1), at('01', 130, 3), at('01', 148, 40).trim(), at('01', 188, 3), at('01', 191, 4), at('01', 430, 1)]).toEqual([
        '2025', '0', '222', 'COMERCIO AL POR MAYOR', 'A01', '6151', 'X',
      ]);
      // page 02: 4 % at 81, 21 % at 217/234, intra-EU goods at 1203/1220 and services at 1441/1458, the rectification (N) at 1509, totals at 1611/1628
      expect([at('02', 81), at('02', 217), at('02', 234), at('02', 1203), at('02', 1220), at('02', 1441), at('02', 1458), at('02', 1509), at('02', 1526), at('02', 1611), at('02', 1628)]).toEqual([
        '00000000000100000', '00000000000200000', '00000000000042000', '00000000000100000', '00000000000021000', '00000000000050000', '00000000000010500',
        'N0000000000010000', 'N0000000000002100', '00000000000640000', '00000000000106400',
      ]);
      // page 02B: recargo 5.2 % at 217/234, [47] at 353
      expect([at('02B', 217), at('02B', 234), at('02B', 353)]).toEqual(['00000000000100000', '00000000000005200', '00000000000111600']);
      // page 03: interior current 21 % at 183/200 and its totals, intra-EU goods 21 % at 1611/1628
      expect([at('03', 183), at('03', 200), at('03', 217), at('03', 1611), at('03', 1628)]).toEqual(['00000000000150000', '00000000000031500', '00000000000150000', '00000000000100000', '00000000000021000']);
      // page 04: intra-EU services 21 % at 421/438, [64] at 659, [65] negative at 676
      expect([at('04', 421), at('04', 438), at('04', 659), at('04', 676)]).toEqual(['00000000000050000', '00000000000010500', '00000000000126000', 'N0000000000014400']);
      // page 06: [84] and [86] negative, [95] to pay, [98] refunded, volume [99] … [108]
      expect([at('06', 30), at('06', 81), at('06', 225), at('06', 293), at('06', 361), at('06', 395), at('06', 650)]).toEqual([
        'N0000000000014400', 'N0000000000014400', '00000000000024500', '00000000000038900', '00000000000390000', '00000000000200000', '00000000000770000',
      ]);
      expect(at('07', 13, 187)).toBe('0'.repeat(187));
      // a year without a design; an exempt company
      const later = await app.get('/api/v1/aeat/390/file?year=2026', company.token);
      expect([later.status, later.body.detail]).toEqual([422, 'Model 390 has no record design for 2026 0A; the designs known: DR390e2025 (2025-01-01 to 2025-12-31)']);
      await setOptions('390', { sii: true });
      expect((await app.get('/api/v1/aeat/390/file?year=2025', company.token)).body.detail).toContain('The company need not file the 390 of 2025');
    } finally {
      await setOptions('390', { sii: false, main_activity: '', main_activity_key: '', main_activity_iae: '', operations_347: false });
    }
  });

  test('validation: a missing or bad year → 422', async () => {
    for (const query of ['', 'year=1999', 'year=abc', 'year=2101']) {
      const res = await app.get(`/api/v1/aeat/390?${query}`, company.token);
      expect([query, res.status]).toEqual([query, 422]);
    }
    expect((await app.get('/api/v1/aeat/390/summary?year=20x5', company.token)).status).toBe(422);
    expect((await app.request('PUT', '/api/v1/aeat/390/options?year=2025', { body: { sii: 'yes' }, token: company.token })).status).toBe(422);
  });

  test("tenancy: another company's 390 sees none of these documents, and its options are its own", async () => {
    await app.request('PUT', '/api/v1/aeat/390/options?year=2025', { body: { sii: true }, token: other.token });
    const item = await summary(other.token);
    expect(nonZero(boxesOf(item))).toEqual({});
    expect(item.details).toMatchObject({ volume_of_operations: '0.00', filing_required: false });
    expect(item.details.returns_303.every((r: any) => r.result === '0.00')).toBe(true);
    expect((await summary()).details.filing_required).toBe(true);
    expect((await app.get('/api/v1/aeat/390/summary?year=2025')).status).toBe(401);
  });
});
