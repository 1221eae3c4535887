/**
 * The VAT books of a tax year (GET /api/v1/aeat/vat-books/{issued|received|capital-goods}): the
 * layout's headings in order, every cell of a year of documents worked out by hand (a USD invoice
 * in euros at the ECB rate of the fixtures), CSV and XLSX, the quarter as a monthly filer's period, validation and
 * tenancy.
 *
 * Hand figures (2027):
 * - S1 15 Jan, 1,000.00 at 21 % → 210.00, total 1,210.00 (1T).
 * - S2 10 Feb, 1,000.00 at 21 % with recargo 5.2 % → 210.00 + 52.00, total 1,262.00.
 * - S3 6 Feb (Saturday), 2 × 500.00 USD at 21 %: Friday's 1.1000 → base 909.09, quota 190.91, total 1,100.00 €.
 * - S4 10 Apr, intra-EU supply to FR of 2,000.00 → E5, 02/FR (2T).
 * - R1 20 May, S1 rectified by differences −100.00 → base −100.00, quota −21.00.
 * - S5 10 Aug, an OSS sale (F2: a consumer without tax id) to a French consumer of 500.00 at France's 20 % (100.00, the modelo 369's) → key 17, N2, no Spanish rate or quota, Total Factura 500.00 (3T).
 * - S6 10 Sep, a service to a US business not subject by the place-of-supply rules (NOSUJETO) of 1,000.00 → 01, N2, no rate or quota.
 * - P1 5 Mar, a lawyer's 1,000.00 at 21 % with IRPF 15 % → 210.00 deductible, 150.00 withheld (invoice 1,060.00), Total Factura 1,210.00.
 * - P2 10 Jun, a capital good 2,000.00 at 21 % → 420.00, total 2,420.00: the capital goods book's one row.
 * - P3 10 Jul, an intra-EU acquisition from DE of 1,000.00 → self-assessed 21 % (210.00), key 09, ISP N (the design's rule for key 09), total 1,000.00.
 *
 * Cells as the format writes them: in the CSV amounts with a decimal comma ("1210,00"), dates
 * dd/mm/yyyy; in the XLSX amounts as exact numeric cells shown "0.00", dates as date cells shown
 * dd/mm/yyyy; the IRPF-only columns (income, withholding) empty in these IVA books.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOK_LAYOUTS, type VatBook } from '../../../plugins/aeat-vat-books/layout';
import type { TaxRegisterEntry } from '../../../plugins/documents/api';
import { Decimal } from '../../../kernel/money';
import { csvLine } from '../../../lib/spreadsheet-cells';
import { createContact, documentBooker, taxId, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

const FIXTURES = join(import.meta.dir, '../../fixtures/exchange-rates');

/** The company keeping the books: its name and tax id make the format's file name. */
const KEEPER = { name: 'Libros Prueba SL', taxId: 'B65410011' };
let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
const { created, lines, sale, purchase, tax } = documentBooker(() => app, () => company);

beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app, KEEPER.name, KEEPER.taxId);
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
  const consumer = await createContact(app, company.token, { name: 'Jean Dupont', country: 'FR', customer_type: 'individual' });
  const american = await createContact(app, company.token, { name: 'Consulting Inc', country: 'US', vat: '12-3456789' });
  const ossFrance = (await created('/api/v1/taxes', { code: 'OSS-FR20', name: 'OSS Francia 20 %', kind: 'vat', rate: '20.00', regime: 'oss', country: 'FR' })).id;
  const first = await sale(customer.id, '2027-01-15', { tax_type_id: tax('IVA21') });
  await created('/api/v1/invoices', {
    contact_id: customer.id, issue_date: '2027-02-06', currency: 'USD',
    lines: [{ description: 'Consultoría', quantity: '2', unit_price: '500.00', tax_type_id: tax('IVA21') }],
  });
  await sale(customer.id, '2027-02-10', { tax_type_id: tax('IVA21'), surcharge_type_id: tax('RE52') });
  await sale(french.id, '2027-04-10', { tax_type_id: tax('IVAINTRA') }, '2000.00');
  await sale(consumer.id, '2027-08-10', { tax_type_id: ossFrance }, '500.00');
  await sale(american.id, '2027-09-10', { tax_type_id: tax('NOSUJETO'), nature: 'services' });
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
    expect(disposition).toBe(`attachment; filename="2027${KEEPER.taxId}E${KEEPER.name}.csv"`);
    expect(header).toEqual(BOOK_LAYOUTS.issued.map((c) => c.heading));
    expect(header.slice(0, 3)).toEqual(['Autoliquidación Ejercicio', 'Autoliquidación Periodo', 'Actividad Código']);
    expect(records.map((r) => [r['Fecha Expedición'], r['Autoliquidación Periodo'], r['Tipo de Factura'], r['Base Imponible'], r['Tipo de IVA'], r['Cuota IVA Repercutida'], r['Total Factura']])).toEqual([
      ['15/01/2027', '1T', 'F1', '1000,00', '21,00', '210,00', '1210,00'],
      ['06/02/2027', '1T', 'F1', '909,09', '21,00', '190,91', '1100,00'],
      ['10/02/2027', '1T', 'F1', '1000,00', '21,00', '210,00', '1262,00'],
      // exempt (E5) and not subject (N2) rows carry no Spanish rate or quota: the OSS sale's 20 % and 100.00 are France's (modelo 369)
      ['10/04/2027', '2T', 'F1', '2000,00', '', '', '2000,00'],
      ['20/05/2027', '2T', records[4]['Tipo de Factura'], '-100,00', '21,00', '-21,00', '-121,00'],
      // the OSS row's total is its base (N2: the design's validation 37), not the invoice's 600.00 with France's VAT
      ['10/08/2027', '3T', 'F2', '500,00', '', '', '500,00'],
      ['10/09/2027', '3T', 'F1', '1000,00', '', '', '1000,00'],
    ]);
    expect(records.slice(5).map((r) => [r['Nombre Destinatario'], r['Clave de Operación'], r['Calificación de la Operación'], r['Operación Exenta']])).toEqual([
      ['VENTAS A CONSUMIDOR FINAL', '17', 'N2', ''], ['Consulting Inc', '01', 'N2', ''],
    ]);
    expect(records[4]['Tipo de Factura']).toMatch(/^R[1-4]$/);
    // only the surcharged sale carries the surcharge's rate and quota: the others leave both empty, not zero
    expect(records.map((r) => [r['Tipo de Recargo Eq.'], r['Cuota Recargo Eq.']])).toEqual([['', ''], ['', ''], ['5,20', '52,00'], ['', ''], ['', ''], ['', ''], ['', '']]);
    expect(records[2]).toMatchObject({ 'Calificación de la Operación': 'S1', 'Operación Exenta': '' });
    expect(records[0]).toMatchObject({
      'Autoliquidación Ejercicio': '2027', 'NIF Destinatario Tipo': '', 'NIF Destinatario Código País': '', 'NIF Destinatario Identificación': 'B65410011',
      'Nombre Destinatario': 'Cliente Nacional SL', 'Clave de Operación': '01', 'Actividad Código': '', 'Fecha Operación': '',
      // the IRPF book's columns, empty in the IVA book kept apart
      'Concepto de Ingreso': '', 'Ingreso Computable': '', 'Tipo Retención del IRPF': '', 'Importe Retenido del IRPF': '',
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

  test('the issued book\'s output VAT is the 303\'s, quarter by quarter (the OSS sale\'s foreign quota in neither)', async () => {
    const { records } = await csvBook('issued?year=2027&format=csv');
    const cents = (text: string) => Math.round(Number((text || '0').replace(',', '.')) * 100);
    for (const quarter of [1, 2, 3]) {
      const res = await app.get(`/api/v1/aeat/303/summary?year=2027&quarter=${quarter}`, company.token);
      expect(res.status).toBe(200);
      const boxes = Object.fromEntries(res.body.items[0].boxes.map((b: any) => [b.box, b.value]));
      // the output VAT of the general regime by rate (0, 4, 5, 10, 21 %) and of rectifications; the surcharge has its own boxes and column
      const returned = ['152', '03', '155', '06', '09', '15'].reduce((sum, box) => sum + cents(boxes[box]), 0);
      const booked = records.filter((r) => r['Autoliquidación Periodo'] === `${quarter}T`).reduce((sum, r) => sum + cents(r['Cuota IVA Repercutida']), 0);
      expect([quarter, booked]).toEqual([quarter, returned]);
    }
  });

  test('received: deductible quota, withholding, the intra-EU acquisition self-assessed with key 09, the capital good flagged', async () => {
    const { header, records } = await csvBook('received?year=2027&format=csv');
    expect(header).toEqual(BOOK_LAYOUTS.received.map((c) => c.heading));
    expect(records.map((r) => [r['Fecha Expedición'], r['Base Imponible'], r['Cuota IVA Soportado'], r['Cuota Deducible'], r['Total Factura'], r['Bien de Inversión'], r['Inversión del Sujeto Pasivo'], r['Clave de Operación']])).toEqual([
      // the line's base + quota (validation 32): the IRPF withheld is not subtracted (the invoice's 1,060.00)
      ['05/03/2027', '1000,00', '210,00', '210,00', '1210,00', 'N', 'N', '01'],
      ['10/06/2027', '2000,00', '420,00', '420,00', '2420,00', 'S', 'N', '01'],
      ['10/07/2027', '1000,00', '210,00', '210,00', '1000,00', 'N', 'N', '09'],
    ]);
    expect(records[0]).toMatchObject({
      'NIF Expedidor Identificación': 'B86561412', 'Nombre Expedidor': 'Abogados SLP', 'Fecha Recepción': '05/03/2027', 'Autoliquidación Periodo': '1T',
      // deducted in the period of the accounting date: N, and the later period's columns empty
      'Deducible en Periodo Posterior': 'N', 'Periodo Deducción Ejercicio': '', 'Periodo Deducción Periodo': '',
      // the IRPF withheld belongs to the IRPF book: empty here
      'Tipo Retención del IRPF': '', 'Importe Retenido del IRPF': '', 'Gasto Deducible': '', 'Concepto de Gasto': '',
    });
    expect(records[0]['Identificación Factura del Expedidor (Serie-Número)']).toMatch(/^FR-\d+$/);
    expect(records[2]).toMatchObject({ 'NIF Expedidor Tipo': '02', 'NIF Expedidor Código País': 'DE', 'Autoliquidación Periodo': '3T' });
  });

  test('capital goods: one row per capital good bought, annual (0A), prorrata 100, no regularisation', async () => {
    const { header, records, disposition } = await csvBook('capital-goods?year=2027&format=csv');
    expect(disposition).toBe(`attachment; filename="2027${KEEPER.taxId}S${KEEPER.name}.csv"`);
    expect(header).toEqual(BOOK_LAYOUTS['capital-goods'].map((c) => c.heading));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      'Autoliquidación Ejercicio': '2027', 'Autoliquidación Periodo': '0A', 'Fecha Expedición': '10/06/2027', 'Nombre Expedidor': 'Construcciones SA', 'NIF Expedidor Identificación': 'A58818501',
      'Año de Inicio Utilización Base Imponible': '2000,00', 'Año de Inicio Utilización Tipo de IVA': '21,00', 'Año de Inicio Utilización Prorrata Definitiva': '100,00',
      'Año de Inicio Utilización Cuota Deducible': '420,00', 'Regularización Anual Prorrata Definitiva': '100,00', 'Regularización Anual Cuota Deducible': '420,00',
      'Regularización Anual Cuota a Regularizar': '0,00', 'Fecha Inicio Utilización': '', 'Baja del Bien Fecha': '', 'Tipo de Bien': '',
      // the IRPF book's columns (description, value, depreciation, receipt number) stay empty
      'Descripción del Bien Identificador': '', 'Valor Adquisición': '', 'Amortización Pendiente': '', 'Número Recepción': '',
    });
    const received = (await csvBook('received?year=2027&format=csv')).records.find((r) => r['Bien de Inversión'] === 'S')!;
    expect(records[0]['Identificación Factura del Expedidor (Serie-Número)']).toBe(received['Identificación Factura del Expedidor (Serie-Número)']);
    expect(records[0]['Referencia Externa']).toBe(`${received['Número Recepción']}/1`);
    // a year without documents: the headings only
    expect((await csvBook('capital-goods?year=2026&format=csv')).records).toHaveLength(0);
  });

  test('XLSX (the default): the design\'s two heading rows, the same cells, amounts as numbers and dates as dates', async () => {
    const res = await fetchBook('issued?year=2027');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="2027${KEEPER.taxId}E${KEEPER.name}.xlsx"`);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('EXPEDIDAS')!;
    const texts = (n: number) => BOOK_LAYOUTS.issued.map((_, i) => sheet.getRow(n).getCell(i + 1).text);
    expect(BOOK_LAYOUTS.issued.map((_, i) => [texts(1)[i], texts(2)[i]])).toEqual(BOOK_LAYOUTS.issued.map((c) => [...c.headings]));
    expect(sheet.rowCount).toBe(2 + 7);
    const usd = Object.fromEntries(BOOK_LAYOUTS.issued.map((c, i) => [c.heading, sheet.getRow(4).getCell(i + 1)]));
    expect(Object.fromEntries(['Fecha Expedición', 'Base Imponible', 'Cuota IVA Repercutida', 'Total Factura', 'Autoliquidación Ejercicio', 'Tipo de Factura'].map((h) => [h, usd[h].value]))).toEqual({
      'Fecha Expedición': new Date(Date.UTC(2027, 1, 6)), 'Base Imponible': 909.09, 'Cuota IVA Repercutida': 190.91, 'Total Factura': 1100, 'Autoliquidación Ejercicio': 2027, 'Tipo de Factura': 'F1',
    });
    expect([usd['Fecha Expedición'].numFmt, usd['Base Imponible'].numFmt]).toEqual(['dd/mm/yyyy', '0.00']);
  });

  test('XLSX cells read back from the sheet\'s XML: a 21 % row, an exempt row and 123,456,789.01 as exact numbers with two decimals, dates as day numbers', async () => {
    const titular = await createCompany(app, 'Libros Grandes SL', 'A08001851');
    const buyer = await createContact(app, titular.token, { name: 'Comprador SA', vat: 'A58818501' });
    const abroad = await createContact(app, titular.token, { name: 'Acheteur SARL', country: 'FR', vat: 'FR40303265045' });
    const issue = async (contact: string, date: string, code: string, price: string) => {
      const res = await app.post('/api/v1/invoices', { contact_id: contact, issue_date: date, lines: [{ description: 'Base', quantity: '1', unit_price: price, tax_type_id: taxId(titular, code) }] }, titular.token);
      expect(res.status).toBe(201);
    };
    await issue(buyer.id, '2027-01-15', 'IVA21', '1000.00');
    await issue(abroad.id, '2027-04-10', 'IVAINTRA', '2000.00');
    await issue(buyer.id, '2027-11-30', 'IVA21', '123456789.01');
    const res = await fetchBook('issued?year=2027', titular.token);
    expect(res.status).toBe(200);
    const { unzipSync, strFromU8 } = await import('fflate');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const sheetXml = strFromU8(files['xl/worksheets/sheet1.xml']);
    const stylesXml = strFromU8(files['xl/styles.xml']);
    // the number format of a style index: the custom ones by id, else the built-in ones these cells may use
    const custom = Object.fromEntries([...stylesXml.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const builtIn: Record<string, string> = { 0: 'General', 1: '0', 2: '0.00', 14: 'mm-dd-yy' };
    const xfs = [...stylesXml.match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)![1].matchAll(/<xf [^>]*numFmtId="(\d+)"/g)].map((m) => custom[m[1]] ?? builtIn[m[1]]);
    const letter = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : letter(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));
    /** A cell of the sheet's XML by row and heading: its type attribute, its <v> text and its number format. */
    const cell = (row: number, heading: string) => {
      const ref = `${letter(BOOK_LAYOUTS.issued.findIndex((c) => c.heading === heading))}${row}`;
      const xml = sheetXml.match(new RegExp(`<c r="${ref}"[^>]*?(/>|>[\\s\\S]*?</c>)`))?.[0] ?? '';
      return { t: xml.match(/ t="([^"]+)"/)?.[1] ?? null, v: xml.match(/<v>([^<]*)<\/v>/)?.[1] ?? null, format: xfs[Number(xml.match(/ s="(\d+)"/)?.[1] ?? 0)] };
    };
    const amounts = ['Base Imponible', 'Tipo de IVA', 'Cuota IVA Repercutida', 'Total Factura'];
    // row 3: 1,000.00 at 21 %; row 4: the exempt intra-EU supply (E5), no Spanish rate or quota; row 5: 123,456,789.01 at 21 %
    // (quota 25,925,925.6921 → 25,925,925.69, total 149,382,714.70): numbers (no t attribute) whose text is the decimal itself
    expect([3, 4, 5].map((row) => amounts.map((h) => cell(row, h).v))).toEqual([
      ['1000.00', '21.00', '210.00', '1210.00'],
      ['2000.00', null, null, '2000.00'],
      ['123456789.01', '21.00', '25925925.69', '149382714.70'],
    ]);
    for (const row of [3, 4, 5]) for (const h of amounts) expect([row, h, cell(row, h).t, cell(row, h).format]).toEqual([row, h, null, '0.00']);
    // dates: the day number in the 1900 date system (15/01/2027 is day 46402, 10/04/2027 46487, 30/11/2027 46721), shown dd/mm/yyyy
    expect([3, 4, 5].map((row) => cell(row, 'Fecha Expedición'))).toEqual([46402, 46487, 46721].map((v) => ({ t: null, v: String(v), format: 'dd/mm/yyyy' })));
    // the year a number without decimals; codes and names stay text
    expect(cell(3, 'Autoliquidación Ejercicio')).toEqual({ t: null, v: '2027', format: '0' });
    expect([cell(3, 'Tipo de Factura').t, cell(4, 'Operación Exenta').v, cell(5, 'Nombre Destinatario').v]).toEqual(['str', 'E5', 'Comprador SA']);
    // the CSV keeps the format's text: decimal comma, dd/mm/yyyy
    const { records } = await csvBook('issued?year=2027&format=csv', titular.token);
    expect(records.map((r) => [r['Fecha Expedición'], r['Base Imponible'], r['Cuota IVA Repercutida'], r['Total Factura']])).toEqual([
      ['15/01/2027', '1000,00', '210,00', '1210,00'], ['10/04/2027', '2000,00', '', '2000,00'], ['30/11/2027', '123456789,01', '25925925,69', '149382714,70'],
    ]);
  });

  test('Total Factura is each line\'s own subtotal (the design\'s validations 7, 32 and 37): an invoice of two rates adds up to its total', async () => {
    const titular = await createCompany(app, 'Libros Lineas SL', 'B08001851');
    const buyer = await createContact(app, titular.token, { name: 'Comprador SA', vat: 'A58818501' });
    const res = await app.post('/api/v1/invoices', {
      contact_id: buyer.id, issue_date: '2027-03-10', lines: [
        { description: 'Servicio', quantity: '1', unit_price: '1000.00', tax_type_id: taxId(titular, 'IVA21') },
        { description: 'Libro', quantity: '1', unit_price: '200.00', tax_type_id: taxId(titular, 'IVA10') },
      ],
    }, titular.token);
    expect(res.status).toBe(201);
    const { records } = await csvBook('issued?year=2027&format=csv', titular.token);
    // 1,000.00 + 210.00 and 200.00 + 20.00: 1,210.00 + 220.00 = the invoice's 1,430.00, not 1,430.00 on each line
    expect(records.map((r) => [r['Tipo de IVA'], r['Base Imponible'], r['Cuota IVA Repercutida'], r['Total Factura']]).sort()).toEqual([
      ['10,00', '200,00', '20,00', '220,00'], ['21,00', '1000,00', '210,00', '1210,00'],
    ]);
  });

  test('a monthly filer\'s books name the quarter as the period: the design lists only 1T–4T and 0A', async () => {
    expect((await app.request('PATCH', '/api/v1/aeat/profile', { body: { vat_monthly: true }, token: company.token })).status).toBe(200);
    try {
      const { records } = await csvBook('received?year=2027&format=csv');
      expect(records.map((r) => r['Autoliquidación Periodo'])).toEqual(['1T', '2T', '3T']);
      expect((await csvBook('capital-goods?year=2027&format=csv')).records[0]['Autoliquidación Periodo']).toBe('0A');
    } finally {
      expect((await app.request('PATCH', '/api/v1/aeat/profile', { body: { vat_monthly: false }, token: company.token })).status).toBe(200);
    }
  });

  test('a company with a legal name: the file is named after it, without trailing dots; a capital good that deducts nothing has no definitive prorrata', async () => {
    const titular = await createCompany(app, 'Libros Tercera', 'A28017895');
    expect((await app.request('PATCH', '/api/v1/tenants/me', { body: { legal_name: 'Libros Tercera, S.L.' }, token: titular.token })).status).toBe(200);
    const retailer = await createContact(app, titular.token, { name: 'Mayorista SA', kind: 'supplier', vat: 'A58818501' });
    // a retailer under the surcharge regime: its purchase bears the surcharge, so its VAT is not deductible
    const bought = await app.post('/api/v1/purchases', {
      contact_id: retailer.id, kind: 'invoice', supplier_invoice_number: 'M-1', issue_date: '2027-03-01', lines: [
        { description: 'Vitrina', quantity: '1', unit_price: '1000.00', tax_type_id: taxId(titular, 'IVA21'), surcharge_type_id: taxId(titular, 'RE52'), expense_account: '216', capital_good: true },
      ],
    }, titular.token);
    expect(bought.status).toBe(201);
    const { records, disposition } = await csvBook('capital-goods?year=2027&format=csv', titular.token);
    expect(disposition).toBe('attachment; filename="2027A28017895SLibros Tercera, S.L.csv"');
    expect(records.map((r) => [r['Año de Inicio Utilización Base Imponible'], r['Año de Inicio Utilización Prorrata Definitiva'], r['Año de Inicio Utilización Cuota Deducible'],
      r['Regularización Anual Prorrata Definitiva'], r['Regularización Anual Cuota Deducible']])).toEqual([['1000,00', '', '0,00', '', '0,00']]);
  });

  test('bad input is 422 naming the parameter; no token is 401; another company sees only its own rows', async () => {
    for (const [path, loc] of [['sales?year=2027', 'book'], ['issued', 'year'], ['issued?year=abc', 'year'], ['issued?year=1999', 'year'], ['issued?year=2027&format=pdf', 'format']] as const) {
      const res = await fetchBook(path);
      expect(res.status).toBe(422);
      expect(JSON.stringify(await res.json())).toContain(loc);
    }
    expect((await app.handle(new Request('http://localhost/api/v1/aeat/vat-books/issued?year=2027'))).status).toBe(401);
    const theirs = await csvBook('issued?year=2027&format=csv', other.token);
    expect(theirs.records.map((r) => [r['Nombre Destinatario'], r['Base Imponible']])).toEqual([['Ajeno SL', '1000,00']]);
    expect((await csvBook('received?year=2027&format=csv', other.token)).records).toHaveLength(0);
  });
});

/**
 * A seeded year (2028: 360 register rows written as the owner, every month, both sides, awkward
 * names with separators, quotes, line breaks and formula starts, negative amounts, rectifications,
 * foreign and missing tax ids, capital goods): each book's CSV, byte for byte, equals the book
 * written the plain way from the same rows read in one query, amounts through Decimal as the
 * register once answered them. What it guards: the read month by month with reads ahead, the
 * register's amounts as the database's text, the writer's batching.
 */
describe('a seeded year, byte for byte', () => {
  const YEAR = 2028;
  beforeAll(async () => {
    await app.asOwner(`
      insert into tax_register (tenant_id, document_type, document_id, group_no, side, kind, number, supplier_number, issue_date, operation_date, accounting_date,
        contact_id, counterparty_name, counterparty_tax_id, counterparty_country, rectifies_id, rectifies_number, rectification_mode, rectification_type,
        capital_good, tax_type_id, tax_code, regime, base, rate, quota, deductible_quota, surcharge_rate, surcharge, withholding_rate, withholding, document_total)
      select '${company.tenantId}', case when g % 2 = 0 then 'invoice' else 'purchase' end, gen_random_uuid(), 1 + g % 3, case when g % 2 = 0 then 'issued' else 'received' end,
        case when g % 10 in (4, 5) then 'rectification' when g % 2 = 0 then 'invoice' else 'purchase_invoice' end, 'Z-' || lpad((g / 3)::text, 5, '0'),
        case when g % 4 = 1 then 'PROV/' || g end, date '${YEAR}-01-01' + (g % 366) - (g % 5), case when g % 5 = 0 then date '${YEAR}-01-01' + (g % 366) - 9 end,
        date '${YEAR}-01-01' + (g % 366), gen_random_uuid(),
        (array['Cliente; punto y coma', 'Comillas "dobles" SL', '=HYPERLINK("http://x")', 'Peña & Hijos', '-Menos SA', E'Dos\nlíneas SL'])[1 + g % 6],
        case when g % 7 = 0 then null else (array['', 'FR', '', 'DE'])[1 + g % 4] || 'B' || lpad(g::text, 8, '0') end, (array['ES', 'FR', 'US', 'DE'])[1 + g % 4],
        case when g % 10 in (4, 5) then gen_random_uuid() end, case when g % 10 in (4, 5) then 'Z-00001' end,
        case when g % 10 = 4 then 'differences' when g % 10 = 5 then 'substitution' end, case when g % 10 in (4, 5) then 'R2' end,
        g % 9 = 1, gen_random_uuid(), 'IVA21', (array['domestic', 'intra_eu', 'export', 'exempt', 'not_subject', 'reverse_charge'])[1 + g % 6],
        b.base, r.rate, round(b.base * r.rate / 100, 2), case when g % 2 = 1 then round(b.base * r.rate / 100, 2) else 0 end,
        case when g % 8 = 0 then 5.20 end, case when g % 8 = 0 then round(b.base * 0.052, 2) else 0 end,
        case when g % 11 = 0 then 15.00 end, case when g % 11 = 0 then round(b.base * 0.15, 2) else 0 end, b.base + round(b.base * r.rate / 100, 2)
      from generate_series(1, 360) g
      cross join lateral (select (case when g % 3 = 0 then -1 else 1 end) * round(g * 13.37 + 0.05, 2) as base) b
      cross join lateral (select (array[21.00, 10.00, 4.00, 0.00])[1 + g % 4]::numeric(5,2) as rate) r`);
  });

  /** The register's rows of the year, read in one query, as the register answered them before: every amount through Decimal. */
  async function registerYear(book: VatBook, from = `${YEAR}-01-01`, to = `${YEAR}-12-31`): Promise<TaxRegisterEntry[]> {
    const money = (text: string | null) => (text == null ? null : Decimal.parse(text, 6).rescale(2).toString());
    const rows = await app.asOwner(`
      select * , issue_date::text as issue, operation_date::text as operation, accounting_date::text as accounting, base::text as base_text, rate::text as rate_text,
        quota::text as quota_text, deductible_quota::text as deductible_text, surcharge_rate::text as surcharge_rate_text, surcharge::text as surcharge_text,
        withholding_rate::text as withholding_rate_text, withholding::text as withholding_text, document_total::text as total_text
      from tax_register where tenant_id = '${company.tenantId}' and accounting_date between date '${from}' and date '${to}'
        and side = '${book === 'issued' ? 'issued' : 'received'}' ${book === 'capital-goods' ? 'and capital_good' : ''}
      order by accounting_date, number, group_no`);
    return rows.map((r): TaxRegisterEntry => ({
      documentType: r.document_type, documentId: String(r.document_id), groupNo: Number(r.group_no), side: r.side, kind: r.kind, number: r.number, supplierNumber: r.supplier_number,
      issueDate: r.issue, operationDate: r.operation, accountingDate: r.accounting,
      counterparty: { contactId: String(r.contact_id), name: r.counterparty_name, taxId: r.counterparty_tax_id, country: r.counterparty_country },
      rectifies: r.rectifies_id ? { id: String(r.rectifies_id), number: r.rectifies_number, mode: r.rectification_mode, simplified: false, type: r.rectification_type ?? 'R1' } : null,
      capitalGood: r.capital_good === true || r.capital_good === 't', taxTypeId: String(r.tax_type_id), taxCode: r.tax_code, regime: r.regime,
      base: money(r.base_text)!, rate: money(r.rate_text)!, quota: money(r.quota_text)!, deductibleQuota: money(r.deductible_text)!, surchargeRate: money(r.surcharge_rate_text),
      surcharge: money(r.surcharge_text)!, withholdingRate: money(r.withholding_rate_text), withholding: money(r.withholding_text)!, documentTotal: money(r.total_text)!,
      reversesOriginal: false,
    }));
  }

  /** The book written the plain way: a BOM, the headings, then one line per row through the layout, CRLF after each. */
  function plainCsv(book: VatBook, entries: TaxRegisterEntry[], earlier: string[] = []): string {
    const layout = BOOK_LAYOUTS[book];
    const lines = [csvLine(layout.map((c) => c.heading)), ...earlier, ...entries.map((e) => {
      const context = { year: e.accountingDate.slice(0, 4), period: `${Math.floor((Number(e.accountingDate.slice(5, 7)) - 1) / 3) + 1}T`, definitivePercent: null };
      return csvLine(layout.map((c) => c.value(e, context)));
    })];
    return `\uFEFF${lines.map((line) => `${line}\r\n`).join('')}`;
  }

  /**
   * The capital goods book begins with the goods of earlier years still in their regularisation
   * period (here the 2027 purchase of the first describe): by their Referencia Externa, each line
   * as the book writes its purchase (every column but the two regularisation blocks, whose figures
   * `test/plugins/aeat-303/capital-goods*.test.ts` work out by hand); the year's rows follow.
   */
  async function earlierLines(book: VatBook, text: string): Promise<string[]> {
    if (book !== 'capital-goods') return [];
    const earlier = (await registerYear(book, `${YEAR - 9}-01-01`, `${YEAR - 1}-12-31`)).filter((e) => e.kind !== 'rectification' && !Decimal.parse(e.deductibleQuota).isZero());
    expect(earlier.length).toBeGreaterThan(0);
    const lines = text.replace(/^\uFEFF/, '').split('\r\n').slice(1, 1 + earlier.length);
    expect(lines.map((line) => line.split(';').at(-1))).toEqual(earlier.map((e) => `${e.number}/${e.groupNo}`));
    const layout = BOOK_LAYOUTS[book];
    const regularisation = (heading: string) => heading.startsWith('Año de Inicio Utilización') || heading.startsWith('Regularización Anual');
    // the book year's context: these goods are listed in YEAR, their purchase's own columns as any row's
    const context = { year: String(YEAR), period: '0A', definitivePercent: null };
    earlier.forEach((e, i) => {
      const written = lines[i]!.split(';');
      const purchase = layout.map((c, k) => (regularisation(c.heading) ? null : csvLine([c.value(e, context)])));
      expect(written.map((cell, k) => (purchase[k] === null ? null : cell))).toEqual(purchase);
    });
    return lines;
  }

  test.each(['issued', 'received', 'capital-goods'] as VatBook[])('%s', async (book) => {
    const entries = await registerYear(book);
    expect(entries.length).toBeGreaterThan(book === 'capital-goods' ? 10 : 150);
    const res = await fetchBook(`${book}?year=${YEAR}&format=csv`);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const expected = new TextEncoder().encode(plainCsv(book, entries, await earlierLines(book, Buffer.from(bytes).toString('utf8'))));
    expect(bytes.length).toBe(expected.length);
    expect(Buffer.from(bytes).equals(Buffer.from(expected))).toBe(true);
  });
});
