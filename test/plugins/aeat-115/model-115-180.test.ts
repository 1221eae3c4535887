/**
 * Modelo 115 (quarterly withholdings on rents) and 180 (the year's summary, one line per landlord)
 * end to end, every figure by hand: two landlords withheld at 19 %, a credit note of one, a
 * professional at 15 % (the 111's, not here); the landlords' listing needs contacts.read (the boxes do not); bad
 * periods; another company sees nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createContact, documentBooker, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';
import { isRent } from '../../../plugins/aeat-115/api';
import { DESIGN_115_2016 } from '../../../plugins/aeat-115/design-2016';
import { layoutProblems } from '../../../plugins/tax-models/api';

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
const ids: Record<string, string> = {};
beforeAll(async () => {
  app = await startDocumentsApp();
  [company, other] = [await createCompany(app), await createCompany(app)];
  await createDocuments();
}, 300_000);
afterAll(() => app?.close());

const { created, lines, purchase, tax } = documentBooker(() => app, () => company);

/**
 * 1T: landlord A 1,000 + 1,000 (190 + 190 withheld), landlord B 500 (95), a lawyer at 15 % (not a rent).
 * 2T: landlord A 1,000 (190) and a credit of −200 on its January invoice (−38).
 */
async function createDocuments() {
  const a = await createContact(app, company.token, { name: 'Inmuebles Centro SA', kind: 'supplier', vat: 'A28017895' });
  const b = await createContact(app, company.token, { name: 'Propietaria Local', kind: 'supplier', vat: '12345678Z' });
  const lawyer = await createContact(app, company.token, { name: 'Abogados SLP', kind: 'supplier', vat: 'B86561412' });
  Object.assign(ids, { a: a.id, b: b.id });
  const rent = { tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF19'), expense_account: '621' };
  const january = await purchase(a.id, '2026-01-15', rent);
  await purchase(a.id, '2026-02-15', rent);
  await purchase(b.id, '2026-03-10', rent, '500.00');
  await purchase(lawyer.id, '2026-03-20', { tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF15'), expense_account: '623' });
  await purchase(a.id, '2026-04-15', rent);
  await created(`/api/v1/purchases/${january.id}/rectify`, { issue_date: '2026-05-04', reason: 'Abono', mode: 'differences', supplier_invoice_number: 'AB-1', lines: lines(rent, '-200.00') });
}

const boxesOf = (item: any): Record<string, string> => Object.fromEntries(item.boxes.map((b: any) => [b.box, b.value]));

describe('modelo 115', () => {
  test('each quarter: landlords, base and withholdings of the rents, the professional left out', async () => {
    const res = await app.get('/api/v1/aeat/115/summary?year=2026', company.token);
    expect(res.status).toBe(200);
    const [q1, q2, q3] = res.body.items;
    // 1T: 1,000 + 1,000 + 500 = 2,500; 190 + 190 + 95 = 475
    expect(boxesOf(q1)).toEqual({ '01': '2', '02': '2500.00', '03': '475.00', '04': '0.00', '05': '475.00' });
    expect([q1.declaration_type, q1.result]).toEqual(['I', '475.00']);
    // by tax id: 12345678Z before A28017895
    expect(q1.details.landlords.map((l: any) => [l.contact_id, l.base, l.withholding])).toEqual([[ids.b, '500.00', '95.00'], [ids.a, '2000.00', '380.00']]);
    // 2T: 1,000 − 200 = 800; 190 − 38 = 152
    expect(boxesOf(q2)).toEqual({ '01': '1', '02': '800.00', '03': '152.00', '04': '0.00', '05': '152.00' });
    expect([q3.declaration_type, q3.result]).toEqual(['N', '0.00']);
  });

  test('the CSV; bad periods 422', async () => {
    const csv = await app.get('/api/v1/aeat/115?year=2026&quarter=1', company.token);
    expect(csv.text).toBe('casilla;concepto;importe\r\n01;Número de perceptores;2\r\n02;Base de las retenciones e ingresos a cuenta;2500.00\r\n03;Retenciones e ingresos a cuenta;475.00\r\n04;A deducir (solo en autoliquidación complementaria);0.00\r\n05;Resultado a ingresar ([03] − [04]);475.00\r\n');
    for (const query of ['year=2026&quarter=0', 'year=2026&month=3', 'year=2026', 'year=1999&quarter=1']) expect((await app.get(`/api/v1/aeat/115?${query}`, company.token)).status).toBe(422);
  });

  test('the DR115 file of 1T: envelope, AUX block, page 01 with boxes 01–05 at their positions', async () => {
    const res = await app.handle(new Request('http://localhost/api/v1/aeat/115/file?year=2026&quarter=1', { headers: { authorization: `Bearer ${company.token}` } }));
    expect(res.status).toBe(200);
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    const envelope = '<T11502026' + '1T0000>';
    expect([text.startsWith(envelope), text.endsWith('</T11502026' + '1T0000>'), text.length]).toEqual([true, true, envelope.length + 311 + 500 + envelope.length + 1]);
    const aux = text.slice(envelope.length, envelope.length + 311);
    expect([aux.slice(0, 5), aux.slice(75, 79), aux.slice(-6)]).toEqual(['<AUX>', 'CUAD', '</AUX>']);
    const page = text.slice(envelope.length + 311, envelope.length + 311 + 500);
    const at = (position: number, length: number) => page.slice(position - 1, position - 1 + length);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${at(14, 9)}2026` + '1T.115"');
    expect([at(1, 11), at(13, 1), at(103, 6), at(109, 15), at(124, 17), at(141, 17), at(158, 17), at(175, 17), at(192, 48).trim(), at(489, 12)]).toEqual([
      '<T11501000>', 'I', '2026' + '1T', '000000000000002', '00000000000250000', '00000000000047500', '00000000000000000', '00000000000047500', '', '</T11501000>',
    ]);
    // another company's quarter: nothing, declaration N
    const theirs = await app.handle(new Request('http://localhost/api/v1/aeat/115/file?year=2026&quarter=1', { headers: { authorization: `Bearer ${other.token}` } }));
    const theirPage = Buffer.from(await theirs.arrayBuffer()).toString('latin1').slice(envelope.length + 311);
    expect([theirPage.slice(12, 13), theirPage.slice(108, 123)]).toEqual(['N', '000000000000000']);
    // a year after the design's last: 422 naming the designs known
    const later = await app.get('/api/v1/aeat/115/file?year=2027&quarter=1', company.token);
    expect([later.status, later.body.detail]).toEqual([422, 'Model 115 has no record design for 2027 1T; the designs known: DR115 (2016) (2016-01-01 to 2026-12-31)']);
  });

  test('the DR115 page design: 500 positions, every field at its place', () => {
    expect(layoutProblems(DESIGN_115_2016.page01, 500)).toEqual([]);
  });
});

describe('modelo 180', () => {
  test('the year: one line per landlord, the summary equal to the sum of the 115s', async () => {
    const res = await app.get('/api/v1/aeat/180/summary?year=2026', company.token);
    expect(res.status).toBe(200);
    const [year] = res.body.items;
    expect(year.period).toBe('0A');
    // A: 2,000 + 1,000 − 200 = 2,800 and 380 + 190 − 38 = 532; B: 500 and 95
    expect(year.details.landlords.map((l: any) => [l.name, l.tax_id, l.base, l.withholding])).toEqual([
      ['Propietaria Local', '12345678Z', '500.00', '95.00'], ['Inmuebles Centro SA', 'A28017895', '2800.00', '532.00'],
    ]);
    expect(boxesOf(year)).toEqual({ '01': '2', '02': '3300.00', '03': '627.00' });
    const quarters = (await app.get('/api/v1/aeat/115/summary?year=2026', company.token)).body.items;
    expect(quarters.reduce((sum: number, q: any) => sum + Math.round(Number(boxesOf(q)['03']) * 100), 0)).toBe(62700);
    expect((await app.get('/api/v1/aeat', company.token)).body.items.find((i: any) => i.code === '180')).toMatchObject({ periodicities: ['annual'], applies: true });
  });

  test('a key without contacts.read gets the boxes and their CSV without the landlords', async () => {
    const key = (await app.post('/api/v1/auth/api-keys', { name: 'taxes only', role: 'owner', scopes: ['tax-models:read'] }, company.token)).body.key as string;
    const res = await app.get('/api/v1/aeat/180/summary?year=2026', key);
    expect(res.status).toBe(200);
    expect(boxesOf(res.body.items[0])['03']).toBe('627.00');
    expect(res.body.items[0].details).toBeUndefined();
    // the boxes' CSV names nobody: it is open to the key
    const csv = await app.get('/api/v1/aeat/180?year=2026', key);
    expect(csv.status).toBe(200);
    expect(csv.text).not.toContain('A28017895');
  });

  test('another company sees none of these rents', async () => {
    const [year] = (await app.get('/api/v1/aeat/180/summary?year=2026', other.token)).body.items;
    expect(year.details.landlords).toEqual([]);
    expect(boxesOf((await app.get('/api/v1/aeat/115/summary?year=2026&quarter=1', other.token)).body.items[0])['03']).toBe('0.00');
  });
});

test('isRent: a group of withheld purchases at 19 %', () => {
  expect(isRent({ key: { withholdingRate: '19.00' } })).toBe(true);
  expect(isRent({ key: { withholdingRate: '19' } })).toBe(true);
  expect(isRent({ key: { withholdingRate: '15.00' } })).toBe(false);
  expect(isRent({ key: { withholdingRate: null } })).toBe(false);
});
