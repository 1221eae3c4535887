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
  const february = await purchase(a.id, '2026-02-15', rent);
  await purchase(b.id, '2026-03-10', rent, '500.00');
  await purchase(lawyer.id, '2026-03-20', { tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF15'), expense_account: '623' });
  const april = await purchase(a.id, '2026-04-15', rent);
  const credit = await created(`/api/v1/purchases/${january.id}/rectify`, { issue_date: '2026-05-04', reason: 'Abono', mode: 'differences', supplier_invoice_number: 'AB-1', lines: lines(rent, '-200.00') });
  Object.assign(ids, { january: january.id, february: february.id, april: april.id, credit: credit.id });
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

  const file180 = async (token = company.token) => {
    const res = await app.handle(new Request('http://localhost/api/v1/aeat/180/file?year=2026', { headers: { authorization: `Bearer ${token}` } }));
    return { status: res.status, text: Buffer.from(await res.arrayBuffer()).toString('latin1'), disposition: res.headers.get('content-disposition') };
  };
  const setProperties = async (properties: unknown[], token = company.token) => app.request('PUT', '/api/v1/aeat/180/options?year=2026', { body: { properties }, token });
  const centro = { landlord_tax_id: 'A28017895', situation: 1, cadastral_reference: '9872023VH5797S0001WX', street_type: 'CALLE', street_name: 'Mayor', number: 12, floor: '1', door: 'B', municipality: 'Madrid', municipality_code: '28079', postal_code: '28013' };
  const local = { landlord_tax_id: '12345678Z', situation: 4, street_type: 'AVDA', street_name: 'Diagonal', number_type: 'S/N', municipality: 'Barcelona', postal_code: '08019' };

  test('the official file: 422 naming each landlord without its property, then the type 1 and type 2 records at their positions', async () => {
    const before = await file180();
    expect(before.status).toBe(422);
    expect(JSON.parse(before.text).detail).toBe('The 180 record names each landlord\'s tax id, province and leased property: complete '
      + 'Propietaria Local (12345678Z): its property (PUT /api/v1/aeat/180/options: properties); Inmuebles Centro SA (A28017895): its property (PUT /api/v1/aeat/180/options: properties)');
    // a property with a cadastral situation needs the reference
    expect((await setProperties([{ ...centro, cadastral_reference: undefined }, local])).status).toBe(200);
    expect(JSON.parse((await file180()).text).detail).toContain('Inmuebles Centro SA (A28017895): the cadastral reference of its property (situation 1)');
    expect((await setProperties([centro, local])).status).toBe(200);
    const { status, text, disposition } = await file180();
    expect(status).toBe(200);
    // the landlords in the order of their tax ids (as the 115 lists them)
    const [declarant, second, first, ...rest] = text.split('\r\n');
    expect([rest, declarant.length, first.length, second.length]).toEqual([[], 500, 500, 500]);
    const at = (line: string, position: number, length: number) => line.slice(position - 1, position - 1 + length);
    expect(disposition).toBe(`attachment; filename="${at(declarant, 9, 9)}2026.180"`);
    // type 1: 2 perceptors, base 3,300.00, withholdings 627.00 (the summary's boxes)
    expect([at(declarant, 1, 8), at(declarant, 58, 1), at(declarant, 108, 13), at(declarant, 136, 9), at(declarant, 145, 16), at(declarant, 161, 15), at(declarant, 176, 325).trim()]).toEqual([
      '11802026', 'T', '1800000000000', '000000002', ' 000000000330000', '000000000062700', '',
    ]);
    // type 2 of the first landlord: 2,800.00 at 19 %, 532.00; its property in Madrid with a cadastral reference
    expect([at(first, 1, 8), at(first, 18, 9), at(first, 27, 9).trim(), at(first, 36, 40).trim(), at(first, 76, 2), at(first, 78, 1), at(first, 79, 14), at(first, 93, 4), at(first, 97, 13), at(first, 110, 4)]).toEqual([
      '21802026', 'A28017895', '', 'INMUEBLES CENTRO SA', '08', '1', ' 0000000280000', '1900', '0000000053200', '0000',
    ]);
    expect([at(first, 114, 1), at(first, 115, 20), at(first, 135, 5), at(first, 140, 50).trim(), at(first, 190, 3), at(first, 193, 5), at(first, 210, 3), at(first, 213, 3), at(first, 286, 30).trim(), at(first, 316, 5), at(first, 321, 2), at(first, 323, 5), at(first, 328, 173).trim()]).toEqual([
      '1', '9872023VH5797S0001WX', 'CALLE', 'MAYOR', 'NUM', '12   ', '1  ', 'B  ', 'MADRID', '28079', '28', '28013', '',
    ]);
    // the second: no cadastral reference (situation 4), no number, no municipality code (blank: parts of the alphanumeric address)
    expect([at(second, 18, 9), at(second, 79, 14), at(second, 97, 13), at(second, 114, 1), at(second, 115, 20).trim(), at(second, 190, 3), at(second, 193, 5), at(second, 316, 5), at(second, 321, 2)]).toEqual([
      '12345678Z', ' 0000000050000', '0000000009500', '4', '', 'S/N', '     ', '     ', '08',
    ]);
    // the summary shows the property matched to each landlord
    const [year] = (await app.get('/api/v1/aeat/180/summary?year=2026', company.token)).body.items;
    expect(year.details.landlords.map((l: any) => [l.province, l.property?.municipality])).toEqual([['08', 'Barcelona'], ['08', 'Madrid']]);
  });

  test('the file: bad properties 422, a year without a design 422, another company only its declarant record', async () => {
    for (const bad of [{ ...centro, cadastral_reference: 'SHORT' }, { ...centro, situation: 5 }, { ...centro, postal_code: '2801' }, { ...centro, landlord_tax_id: 'a28017895' }, { ...centro, extra: 1 }]) {
      expect((await setProperties([bad])).status).toBe(422);
    }
    // five digits that are no Spanish postal code: the property has no province, the file names it
    expect((await setProperties([{ ...centro, postal_code: '99999' }, local])).status).toBe(200);
    const noProvince = await file180();
    expect([noProvince.status, JSON.parse(noProvince.text).detail]).toEqual([422, 'The 180 record names each landlord\'s tax id, province and leased property: complete '
      + 'Inmuebles Centro SA (A28017895): a Spanish postal code for its property (99999)']);
    expect((await setProperties([centro, local])).status).toBe(200);
    const later = await app.get('/api/v1/aeat/180/file?year=2027', company.token);
    expect([later.status, later.body.detail]).toEqual([422, 'Model 180 has no record design for 2027 0A; the designs known: '
      + '180 (Orden HAP/1732/2014) (2014-01-01 to 2022-12-31), 180 (Orden HAP/1732/2014, HFP/1284/2023) (2023-01-01 to 2026-12-31)']);
    const theirs = await file180(other.token);
    expect([theirs.status, theirs.text.length, theirs.text.slice(135, 175)]).toEqual([200, 500, '000000000 000000000000000000000000000000']);
    // the properties are the company's own
    expect((await app.get('/api/v1/aeat/180/options?year=2026', other.token)).body.options).toEqual({ properties: [] });
  });

  test('a landlord with two properties: one line and one record per landlord and property, split by the rent invoices each names', async () => {
    // A leases the offices in Madrid (January, February and the credit on January) and a store in Getafe (April)
    const store = { landlord_tax_id: 'A28017895', situation: 1, cadastral_reference: '1234567VK4613N0001AB', street_type: 'CALLE', street_name: 'Industria', number: 3, municipality: 'Getafe', municipality_code: '28065', postal_code: '28903' };
    // the credit AB-1 is named by neither: 422 naming it
    expect((await setProperties([{ ...centro, purchase_ids: [ids.january, ids.february] }, { ...store, purchase_ids: [ids.april] }, local])).status).toBe(200);
    const [partial] = (await app.get('/api/v1/aeat/180/summary?year=2026', company.token)).body.items;
    expect(partial.details.landlords.map((l: any) => [l.tax_id, l.property?.municipality ?? null, l.base, l.withholding, l.unassigned_purchases ?? null])).toEqual([
      ['12345678Z', 'Barcelona', '500.00', '95.00', null], ['A28017895', 'Madrid', '2000.00', '380.00', null], ['A28017895', 'Getafe', '1000.00', '190.00', null], ['A28017895', null, '-200.00', '-38.00', ['AB-1']],
    ]);
    const refused = await file180();
    expect([refused.status, JSON.parse(refused.text).detail]).toEqual([422, 'The 180 record names each landlord\'s tax id, province and leased property: complete '
      + 'Inmuebles Centro SA (A28017895): a property naming its rent invoices AB-1 (purchase_ids of one of its properties in PUT /api/v1/aeat/180/options)']);
    // named: Madrid 1,000 + 1,000 − 200 = 1,800 (342), Getafe 1,000 (190); the totals stay the 115s' (3,300 and 627)
    expect((await setProperties([{ ...centro, purchase_ids: [ids.january, ids.february, ids.credit] }, { ...store, purchase_ids: [ids.april] }, local])).status).toBe(200);
    const [year] = (await app.get('/api/v1/aeat/180/summary?year=2026', company.token)).body.items;
    expect(year.details.landlords.map((l: any) => [l.tax_id, l.property.municipality, l.base, l.withholding])).toEqual([
      ['12345678Z', 'Barcelona', '500.00', '95.00'], ['A28017895', 'Madrid', '1800.00', '342.00'], ['A28017895', 'Getafe', '1000.00', '190.00'],
    ]);
    expect(boxesOf(year)).toEqual({ '01': '3', '02': '3300.00', '03': '627.00' });
    const { status, text } = await file180();
    expect(status).toBe(200);
    const [declarant, ...records] = text.split('\r\n');
    const at = (line: string, position: number, length: number) => line.slice(position - 1, position - 1 + length);
    expect([at(declarant, 136, 9), at(declarant, 145, 16), at(declarant, 161, 15)]).toEqual(['000000003', ' 000000000330000', '000000000062700']);
    expect(records.map((r) => [r.length, at(r, 18, 9), at(r, 79, 14), at(r, 97, 13), at(r, 115, 20).trim(), at(r, 286, 30).trim(), at(r, 321, 2)])).toEqual([
      [500, '12345678Z', ' 0000000050000', '0000000009500', '', 'BARCELONA', '08'],
      [500, 'A28017895', ' 0000000180000', '0000000034200', '9872023VH5797S0001WX', 'MADRID', '28'],
      [500, 'A28017895', ' 0000000100000', '0000000019000', '1234567VK4613N0001AB', 'GETAFE', '28'],
    ]);
    // the purchases are the company's: another company's ids name nothing of it, and its own year is untouched
    const [theirs] = (await app.get('/api/v1/aeat/180/summary?year=2026', other.token)).body.items;
    expect(theirs.details.landlords).toEqual([]);
    // a property's purchases must be ids, each once
    expect((await setProperties([{ ...store, purchase_ids: ['not-an-id'] }])).status).toBe(422);
    expect((await setProperties([{ ...store, purchase_ids: [ids.april, ids.april] }])).status).toBe(422);
    expect((await setProperties([centro, local])).status).toBe(200);
  });

  test('another company sees none of these rents', async () => {
    const [year] = (await app.get('/api/v1/aeat/180/summary?year=2026', other.token)).body.items;
    expect(year.details.landlords).toEqual([]);
    expect(boxesOf((await app.get('/api/v1/aeat/115/summary?year=2026&quarter=1', other.token)).body.items[0])['03']).toBe('0.00');
  });

  test('the withheld rows\' view (what the sums read them through) shows the transaction\'s company only, and nothing is written through it', async () => {
    const count = `select count(*)::int as n, count(distinct tenant_id)::int as tenants from tax_register_withheld_rows`;
    // the company's six withheld purchases; the other company's and no company's transaction see none
    expect((await app.asAppRole(company.tenantId, count))[0]).toEqual({ n: 6, tenants: 1 });
    expect((await app.asAppRole(other.tenantId, count))[0]).toEqual({ n: 0, tenants: 0 });
    expect((await app.asAppRole(null, count))[0]).toEqual({ n: 0, tenants: 0 });
    const [own] = await app.asOwner<{ n: number }>(`select count(*)::int as n from tax_register where tenant_id = '${company.tenantId}' and withholding <> 0`);
    expect(own.n).toBe(6);
    for (const write of [
      `update tax_register_withheld_rows set base = 0`,
      `delete from tax_register_withheld_rows`,
      `insert into tax_register_withheld_rows (tenant_id, accounting_date, side, kind, base, withholding) values ('${company.tenantId}', date '2026-01-01', 'received', 'purchase_invoice', 1, 1)`,
    ]) await expect(app.asAppRole(other.tenantId, write)).rejects.toThrow(/permission denied/);
  });
});

test('isRent: a group of withheld purchases at 19 %', () => {
  expect(isRent({ key: { withholdingRate: '19.00' } })).toBe(true);
  expect(isRent({ key: { withholdingRate: '19' } })).toBe(true);
  expect(isRent({ key: { withholdingRate: '15.00' } })).toBe(false);
  expect(isRent({ key: { withholdingRate: null } })).toBe(false);
});
