/**
 * The VAT books of a tax year (GET /api/v1/aeat/vat-books/{issued|received|capital-goods}): the
 * layout's headings in order, every cell of a year of documents worked out by hand (a USD invoice
 * in euros at the ECB rate of the fixtures), CSV and XLSX, the monthly period column, validation and
 * tenancy.
 *
 * Hand figures (2027):
 * - S1 15 Jan, 1,000.00 at 21 % → 210.00, total 1,210.00 (1T).
 * - S2 10 Feb, 1,000.00 at 21 % with recargo 5.2 % → 210.00 + 52.00, total 1,262.00.
 * - S3 6 Feb (Saturday), 2 × 500.00 USD at 21 %: Friday's 1.1000 → base 909.09, quota 190.91, total 1,100.00 €.
 * - S4 10 Apr, intra-EU supply to FR of 2,000.00 → E5, 02/FR (2T).
 * - R1 20 May, S1 rectified by differences −100.00 → base −100.00, quota −21.00.
 * - P1 5 Mar, a lawyer's 1,000.00 at 21 % with IRPF 15 % → 210.00 deductible, 150.00 withheld, total 1,060.00.
 * - P2 10 Jun, a capital good 2,000.00 at 21 % → 420.00, total 2,420.00: the capital goods book's one row.
 * - P3 10 Jul, an intra-EU acquisition from DE of 1,000.00 → self-assessed 21 % (210.00), key 09, ISP S, total 1,000.00.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOK_LAYOUTS } from '../../../plugins/aeat-vat-books/layout';
import { createContact, documentBooker, taxId, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

const FIXTURES = join(import.meta.dir, '../../fixtures/exchange-rates');

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
const { created, lines, sale, purchase, tax } = documentBooker(() => app, () => company);

beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  other = await createCompany(app);
  for (const file of ['ecb-hist-2027-02-01-05.xml', 'ecb-daily-2027-02-08.xml']) {
    const form = new FormData();
    form.append('file', new File([readFileSync(join(FIXTURES, file))], file));
    expect((await app.request('POST', '/api/v1/exchange-rates/import', { token: company.token, form })).status).toBe(200);
  }
  const customer = await createContact(app, company.token, { name: 'Cliente Nacional SL', vat: 'B65410011' });
  const french = await createContact(app, company.token, { name: 'Client SARL', country: 'FR', vat: 'FR40303265045' });
  const lawyer = await createContact(app, company.token, { name: 'Abogados SLP', kind: 'supplier', vat: 'B86561412' });
  const builder = await createContact(app, company.token, { name: 'Construcciones SA', kind: 'supplier', vat: 'A58818501' });
  const german = await createContact(app, company.token, { name: 'Lieferant GmbH', kind: 'supplier', country: 'DE', vat: 'DE136695976' });
  const first = await sale(customer.id, '2027-01-15', { tax_type_id: tax('IVA21') });
  await created('/api/v1/invoices', {
    contact_id: customer.id, issue_date: '2027-02-06', currency: 'USD',
    lines: [{ description: 'Consultoría', quantity: '2', unit_price: '500.00', tax_type_id: tax('IVA21') }],
  });
  await sale(customer.id, '2027-02-10', { tax_type_id: tax('IVA21'), surcharge_type_id: tax('RE52') });
  await sale(french.id, '2027-04-10', { tax_type_id: tax('IVAINTRA') }, '2000.00');
  await created(`/api/v1/invoices/${first.id}/rectify`, { issue_date: '2027-05-20', reason: 'Descuento', mode: 'differences', lines: lines({ tax_type_id: tax('IVA21') }, '-100.00') });
  await purchase(lawyer.id, '2027-03-05', { tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF15'), expense_account: '623' });
  await purchase(builder.id, '2027-06-10', { tax_type_id: tax('IVA21'), expense_account: '217', capital_good: true }, '2000.00');
  await purchase(german.id, '2027-07-10', { tax_type_id: tax('RCINTRACOM'), expense_account: '600' });
  // another company's sale of the same year: never in this company's books
  const stranger = await createContact(app, other.token, { name: 'Ajeno SL', vat: 'B65410011' });
  expect((await app.post('/api/v1/invoices', { contact_id: stranger.id, issue_date: '2027-03-01', lines: lines({ tax_type_id: taxId(other, 'IVA21') }) }, other.token)).status).toBe(201);
}, 300_000);
afterAll(() => app?.close());

const fetchBook = async (path: string, token = company.token) =>
  app.handle(new Request(`http://localhost/api/v1/aeat/vat-books/${path}`, { headers: { authorization: `Bearer ${token}` } }));

/** The CSV as records keyed by heading (a UTF-8 BOM first, `;` separated, CRLF). */
async function csvBook(path: string, token = company.token) {
  const res = await fetchBook(path, token);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes.slice(3));
  const [header, ...rows] = text.trimEnd().split('\r\n').map((line) => line.split(';'));
  return { header, records: rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]]))), disposition: res.headers.get('content-disposition') };
}

describe('the VAT books of a tax year', () => {
  test('issued: the layout\'s headings in order, one row per invoice and rate, every cell by hand, the USD invoice in euros', async () => {
    const { header, records, disposition } = await csvBook('issued?year=2027&format=csv');
    expect(disposition).toBe('attachment; filename="libro-facturas-expedidas-2027.csv"');
    expect(header).toEqual(BOOK_LAYOUTS.issued.map((c) => c.heading));
    expect(header.slice(0, 3)).toEqual(['Autoliquidación Ejercicio', 'Autoliquidación Periodo', 'Actividad Tipo']);
    expect(records.map((r) => [r['Fecha Expedición'], r['Autoliquidación Periodo'], r['Tipo de Factura'], r['Base Imponible'], r['Tipo de IVA'], r['Cuota IVA Repercutida'], r['Total Factura']])).toEqual([
      ['2027-01-15', '1T', 'F1', '1000.00', '21.00', '210.00', '1210.00'],
      ['2027-02-06', '1T', 'F1', '909.09', '21.00', '190.91', '1100.00'],
      ['2027-02-10', '1T', 'F1', '1000.00', '21.00', '210.00', '1262.00'],
      ['2027-04-10', '2T', 'F1', '2000.00', '0.00', '0.00', '2000.00'],
      ['2027-05-20', '2T', records[4]['Tipo de Factura'], '-100.00', '21.00', '-21.00', '-121.00'],
    ]);
    expect(records[4]['Tipo de Factura']).toMatch(/^R[1-4]$/);
    expect(records[4]['Factura Rectificada']).toBe(records[0]['Identificación de la Factura Número']);
    expect(records[4]['Tipo de Rectificación']).toBe('I');
    expect(records[2]).toMatchObject({ 'Tipo de Recargo eq.': '5.20', 'Cuota Recargo eq.': '52.00', 'Calificación de la Operación': 'S1', 'Operación Exenta': '' });
    expect(records[0]).toMatchObject({
      'Autoliquidación Ejercicio': '2027', 'NIF Destinatario Tipo': '', 'NIF Destinatario Código País': '', 'NIF Destinatario Identificación': 'B65410011',
      'Nombre Destinatario': 'Cliente Nacional SL', 'Clave de Operación': '01', 'Ingreso Computable': '1000.00', 'Actividad Código': '',
    });
    expect(records[3]).toMatchObject({
      'NIF Destinatario Tipo': '02', 'NIF Destinatario Código País': 'FR', 'NIF Destinatario Identificación': 'FR40303265045', 'Calificación de la Operación': '', 'Operación Exenta': 'E5',
    });
    // the series is the number without its sequence
    const number = records[0]['Identificación de la Factura Número'];
    expect(number.startsWith(records[0]['Identificación de la Factura Serie'])).toBe(true);
    // the other company's sale of the same year is not here
    expect(records.some((r) => r['Nombre Destinatario'] === 'Ajeno SL')).toBe(false);
  });

  test('received: deductible quota, withholding, the intra-EU acquisition self-assessed with key 09, the capital good flagged', async () => {
    const { header, records } = await csvBook('received?year=2027&format=csv');
    expect(header).toEqual(BOOK_LAYOUTS.received.map((c) => c.heading));
    expect(records.map((r) => [r['Fecha Expedición'], r['Base Imponible'], r['Cuota IVA Soportada'], r['Cuota Deducible'], r['Importe Retenido IRPF'], r['Total Factura'], r['Bien de Inversión'], r['Inversión del Sujeto Pasivo'], r['Clave de Operación']])).toEqual([
      ['2027-03-05', '1000.00', '210.00', '210.00', '150.00', '1060.00', 'N', 'N', '01'],
      ['2027-06-10', '2000.00', '420.00', '420.00', '0.00', '2420.00', 'S', 'N', '01'],
      ['2027-07-10', '1000.00', '210.00', '210.00', '0.00', '1000.00', 'N', 'S', '09'],
    ]);
    expect(records[0]).toMatchObject({ 'Tipo Retención IRPF': '15.00', 'NIF Expedidor Identificación': 'B86561412', 'Nombre Expedidor': 'Abogados SLP', 'Periodo Deducción': '1T', 'Ejercicio Deducción': '2027' });
    expect(records[0]['Identificación Factura del Expedidor (Serie-Número)']).toMatch(/^FR-\d+$/);
    expect(records[2]).toMatchObject({ 'NIF Expedidor Tipo': '02', 'NIF Expedidor Código País': 'DE', 'Autoliquidación Periodo': '3T' });
  });

  test('capital goods: one row per capital good bought, annual (0A), prorrata 100, no regularisation', async () => {
    const { header, records, disposition } = await csvBook('capital-goods?year=2027&format=csv');
    expect(disposition).toBe('attachment; filename="libro-bienes-inversion-2027.csv"');
    expect(header).toEqual(BOOK_LAYOUTS['capital-goods'].map((c) => c.heading));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      'Autoliquidación Ejercicio': '2027', 'Autoliquidación Periodo': '0A', 'Fecha Expedición': '2027-06-10', 'Nombre Expedidor': 'Construcciones SA', 'NIF Expedidor Identificación': 'A58818501',
      'Base Imponible': '2000.00', 'Tipo de IVA': '21.00', 'Cuota IVA Soportada': '420.00', 'Cuota Deducible': '420.00', 'Prorrata Anual Definitiva': '100',
      'Regularización Anual Deducción': '0.00', 'Fecha Inicio Utilización': '', 'Identificación Entrega': '',
    });
    expect(records[0]['Identificación del Bien']).toBe(`${records[0]['Número Recepción']}/1`);
    // a year without documents: the headings only
    expect((await csvBook('capital-goods?year=2026&format=csv')).records).toHaveLength(0);
  });

  test('XLSX (the default): the same headings and cells, amounts as exact text', async () => {
    const res = await fetchBook('issued?year=2027');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="libro-facturas-expedidas-2027.xlsx"');
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('Expedidas')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(BOOK_LAYOUTS.issued.map((c) => c.heading));
    expect(sheet.rowCount).toBe(1 + 5);
    const usd = Object.fromEntries(BOOK_LAYOUTS.issued.map((c, i) => [c.heading, values(3)[i]]));
    expect(usd).toMatchObject({ 'Fecha Expedición': '2027-02-06', 'Base Imponible': '909.09', 'Cuota IVA Repercutida': '190.91', 'Total Factura': '1100.00' });
  });

  test('a monthly filer\'s books name the month as the period', async () => {
    expect((await app.request('PATCH', '/api/v1/aeat/profile', { body: { vat_monthly: true }, token: company.token })).status).toBe(200);
    try {
      const { records } = await csvBook('received?year=2027&format=csv');
      expect(records.map((r) => r['Autoliquidación Periodo'])).toEqual(['03', '06', '07']);
      expect((await csvBook('capital-goods?year=2027&format=csv')).records[0]['Autoliquidación Periodo']).toBe('0A');
    } finally {
      expect((await app.request('PATCH', '/api/v1/aeat/profile', { body: { vat_monthly: false }, token: company.token })).status).toBe(200);
    }
  });

  test('bad input is 422 naming the parameter; no token is 401; another company sees only its own rows', async () => {
    for (const [path, loc] of [['sales?year=2027', 'book'], ['issued', 'year'], ['issued?year=abc', 'year'], ['issued?year=1999', 'year'], ['issued?year=2027&format=pdf', 'format']] as const) {
      const res = await fetchBook(path);
      expect(res.status).toBe(422);
      expect(JSON.stringify(await res.json())).toContain(loc);
    }
    expect((await app.handle(new Request('http://localhost/api/v1/aeat/vat-books/issued?year=2027'))).status).toBe(401);
    const theirs = await csvBook('issued?year=2027&format=csv', other.token);
    expect(theirs.records.map((r) => [r['Nombre Destinatario'], r['Base Imponible']])).toEqual([['Ajeno SL', '1000.00']]);
    expect((await csvBook('received?year=2027&format=csv', other.token)).records).toHaveLength(0);
  });
});
