/**
 * Modelo 190 over HTTP, a sociedad's 2026 worked out by hand, and its record design:
 *
 * Abogados SLP (B86561412, Barcelona 08019), IRPF 15 %: 1T 1,000.00 → 150.00; 3T 2,000.00 → 300.00;
 *   4T credit −200.00 → −30.00                                          → G 01: 2,800.00 / 420.00
 * Diseñadora Autónoma (12345678Z, Madrid 28013): 2T 2,000.00 at 7 % (first years) → 140.00 → G 03;
 *   4T 1,000.00 at 15 % → 150.00                                         → G 01: 1,000.00 / 150.00
 * Inmuebles SA, a rent at 19 %: 2T 1,500.00 → 285.00: modelo 115/180, not the 190
 * The 111s: 1T 150.00, 2T 140.00, 3T 300.00, 4T 120.00 = 710.00; bases 5,800.00
 * The 190: 01 = 3 lines, 02 = 5,800.00, 03 = 710.00 (the 111s' sums)
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DESIGN_190_2025 } from '../../../plugins/aeat-190/design-2025';
import { keyOfRate, MODEL_190 } from '../../../plugins/aeat-190/model';
import { designOf, layoutProblems, periodOf, type DesignField } from '../../../plugins/tax-models/api';
import { createContact, documentBooker, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

describe('the record design and the keys', () => {
  test('every record has 500 positions and every field starts where the one before ends', () => {
    for (const [name, fields] of Object.entries({ declarant: DESIGN_190_2025.declarant, perceptor: DESIGN_190_2025.perceptor })) {
      expect([name, layoutProblems(fields, 500)]).toEqual([name, []]);
    }
  });

  test('the fields the design prints, at their positions', () => {
    const at = (fields: readonly DesignField[], name: string) => fields.filter((f) => f.name === name).map((f) => [f.position, f.length, f.kind]);
    const d = DESIGN_190_2025.declarant, p = DESIGN_190_2025.perceptor;
    expect([at(d, 'contactPhone'), at(d, 'perceptorCount'), at(d, 'perceptionsAmount'), at(d, 'withholdingsAmount'), at(d, 'email')])
      .toEqual([[[59, 9, 'numeric']], [[136, 9, 'numeric']], [[145, 16, 'signed']], [[161, 15, 'amount']], [[176, 50, 'alpha']]]);
    expect([at(p, 'taxId'), at(p, 'name'), at(p, 'province'), at(p, 'key'), at(p, 'subkey'), at(p, 'cash'), at(p, 'cashWithholding'), at(p, 'inKind'), at(p, 'accrualYear')])
      .toEqual([[[18, 9, 'alpha']], [[36, 40, 'alpha']], [[76, 2, 'alpha']], [[78, 1, 'alpha']], [[79, 2, 'alpha']], [[81, 14, 'signed']], [[95, 13, 'amount']], [[108, 14, 'signed']], [[148, 4, 'numeric']]]);
    expect([at(p, 'spouseTaxId'), at(p, 'householdHolder'), at(p, 'sickLeaveCash'), at(p, 'childSupplement'), at(p, 'pensionTypes')])
      .toEqual([[[158, 9, 'alpha']], [[169, 1, 'numeric']], [[255, 14, 'signed']], [[322, 66, 'numeric']], [[390, 5, 'numeric']]]);
  });

  test('the design serves 2025 and 2026; other years have none', () => {
    const design = (year: number) => designOf(MODEL_190, periodOf(year, 'annual', 0))?.version;
    expect([2024, 2025, 2026, 2027].map(design)).toEqual([undefined, DESIGN_190_2025.version, DESIGN_190_2025.version, undefined]);
  });

  test('key G: subkey 01 at the general rate, 03 at the reduced 7 % of the first years', () => {
    expect([keyOfRate('15.00'), keyOfRate('7.00'), keyOfRate('7'), keyOfRate('19.00')]).toEqual([
      { key: 'G', subkey: '01' }, { key: 'G', subkey: '03' }, { key: 'G', subkey: '03' }, { key: 'G', subkey: '01' },
    ]);
  });
});

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  other = await createCompany(app);
  const { purchase, created, lines, tax } = documentBooker(() => app, () => company);
  const lawyer = await createContact(app, company.token, { name: 'Abogados SLP', kind: 'supplier', vat: 'B86561412' });
  const designer = await createContact(app, company.token, { name: 'Diseñadora Autónoma', kind: 'supplier', vat: '12345678Z', postal_code: '28013', city: 'Madrid' });
  const landlord = await createContact(app, company.token, { name: 'Inmuebles SA', kind: 'supplier', vat: 'A28017895' });
  const professional = (rate: string) => ({ tax_type_id: tax('IVA21'), withholding_type_id: tax(rate), expense_account: '623' });
  const first = await purchase(lawyer.id, '2026-02-10', professional('IRPF15'), '1000.00');
  await purchase(designer.id, '2026-05-10', professional('IRPF7'), '2000.00');
  await purchase(landlord.id, '2026-05-11', { tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF19'), expense_account: '621' }, '1500.00');
  await purchase(lawyer.id, '2026-07-10', professional('IRPF15'), '2000.00');
  await created(`/api/v1/purchases/${first.id}/rectify`, { issue_date: '2026-10-15', reason: 'Abono', mode: 'differences', supplier_invoice_number: 'AB-1', lines: lines(professional('IRPF15'), '-200.00') });
  await purchase(designer.id, '2026-11-05', professional('IRPF15'), '1000.00');
}, 300_000);
afterAll(() => app?.close());

const summary = async (token = company.token) => {
  const res = await app.get('/api/v1/aeat/190/summary?year=2026', token);
  expect(res.status).toBe(200);
  return res.body.items[0];
};
const at = (r: string, position: number, length: number) => r.slice(position - 1, position - 1 + length);

describe('the 2026 190 of a sociedad', () => {
  test('one line per perceptor, key and subkey; the totals are the sum of the year\'s four 111s', async () => {
    const quarters = (await app.get('/api/v1/aeat/111/summary?year=2026', company.token)).body.items;
    expect(quarters.map((q: any) => [q.period, q.result])).toEqual([['1T', '150.00'], ['2T', '140.00'], ['3T', '300.00'], ['4T', '120.00']]);
    const item = await summary();
    expect(item).toMatchObject({ period: '0A', declaration_type: 'I', result: '0.00', design: DESIGN_190_2025.version });
    expect(item.details.lines.map((l: any) => [l.key, l.subkey, l.tax_id, l.name, l.province, l.base, l.withholding])).toEqual([
      ['G', '01', '12345678Z', 'Diseñadora Autónoma', '28', '1000.00', '150.00'],
      ['G', '01', 'B86561412', 'Abogados SLP', '08', '2800.00', '420.00'],
      ['G', '03', '12345678Z', 'Diseñadora Autónoma', '28', '2000.00', '140.00'],
    ]);
    expect(item.boxes.map((b: any) => [b.box, b.value])).toEqual([['01', '3'], ['02', '5800.00'], ['03', '710.00']]);
    expect(item.details.check).toEqual({ periodicity_111: 'quarterly', base_111: '5800.00', withholding_111: '710.00', equal: true });
  });

  test('the CSV lists the lines', async () => {
    const res = await app.get('/api/v1/aeat/190?year=2026', company.token);
    expect(res.status).toBe(200);
    expect(res.text.trimEnd().split('\r\n')).toEqual([
      'clave;subclave;nif;nombre;provincia;percepciones;retenciones',
      'G;01;12345678Z;Diseñadora Autónoma;28;1000.00;150.00',
      'G;01;B86561412;Abogados SLP;08;2800.00;420.00',
      'G;03;12345678Z;Diseñadora Autónoma;28;2000.00;140.00',
    ]);
  });

  test('the file: type 1 with the totals, a type 2 per line', async () => {
    const res = await app.handle(new Request('http://localhost/api/v1/aeat/190/file?year=2026', { headers: { authorization: `Bearer ${company.token}` } }));
    expect(res.status).toBe(200);
    const records = Buffer.from(await res.arrayBuffer()).toString('latin1').split('\r\n');
    expect(records.map((r) => r.length)).toEqual([500, 500, 500, 500]);
    const [one, , lawyer, designer7] = records;
    const nif = at(one, 9, 9);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${nif}2026.190"`);
    // no contact phone: the design's numeric 59–67 is zeros
    expect([at(one, 1, 8), at(one, 58, 1), at(one, 59, 9), at(one, 108, 13), at(one, 136, 9), at(one, 145, 16), at(one, 161, 15), at(one, 176, 325).trim()])
      .toEqual(['11902026', 'T', '000000000', '1900000000000', '000000003', ' 000000000580000', '000000000071000', '']);
    expect([at(lawyer, 1, 17), at(lawyer, 18, 9), at(lawyer, 36, 40).trim(), at(lawyer, 76, 5), at(lawyer, 81, 14), at(lawyer, 95, 13), at(lawyer, 108, 14), at(lawyer, 148, 4)])
      .toEqual([`21902026${nif}`, 'B86561412', 'ABOGADOS SLP', '08G01', ' 0000000280000', '0000000042000', ' 0000000000000', '0000']);
    expect([at(designer7, 36, 40).trim(), at(designer7, 76, 5), at(designer7, 81, 27), at(designer7, 158, 9), at(designer7, 322, 66), at(designer7, 395, 106).trim()])
      .toEqual(['DISEÑADORA AUTONOMA', '28G03', ' 00000002000000000000014000', '         ', '0'.repeat(66), '']);
  });

  test('another company has no perceptors; a year without a design is 422 naming the designs known', async () => {
    const theirs = await summary(other.token);
    expect([theirs.details.lines, theirs.declaration_type, theirs.boxes.map((b: any) => b.value)]).toEqual([[], 'N', ['0', '0.00', '0.00']]);
    const later = await app.get('/api/v1/aeat/190/file?year=2027', company.token);
    expect([later.status, later.body.detail]).toEqual([422, `Model 190 has no record design for 2027 0A; the designs known: ${DESIGN_190_2025.version} (2025-01-01 to 2026-12-31)`]);
    for (const path of ['/api/v1/aeat/190/file?year=2024', '/api/v1/aeat/190?year=abc', '/api/v1/aeat/190/summary?year=2026&periodicity=quarterly']) {
      expect([path, (await app.get(path, company.token)).status]).toEqual([path, 422]);
    }
  });

  test('a key that may not read contacts gets the totals without the perceptors, and 403 for the file', async () => {
    const key = (await app.post('/api/v1/auth/api-keys', { name: 'models only', role: 'owner', scopes: ['tax-models:read'] }, company.token)).body.key as string;
    const narrowed = await summary(key);
    expect([narrowed.details, narrowed.boxes.map((b: any) => b.value)]).toEqual([undefined, ['3', '5800.00', '710.00']]);
    expect((await app.get('/api/v1/aeat/190/file?year=2026', key)).status).toBe(403);
  });

  test('the listing: the 190 applies, is due by the end of January and has a file', async () => {
    const m190 = (await app.get('/api/v1/aeat', company.token)).body.items.find((m: any) => m.code === '190');
    expect([m190.has_file, m190.applies, m190.periodicities, m190.designs]).toEqual([true, true, ['annual'], [{ from: '2025-01-01', to: '2026-12-31', version: DESIGN_190_2025.version }]]);
  });
});
