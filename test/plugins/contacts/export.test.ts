import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, download, expectValidation, insertContactsSql, parseCsv, pdfTexts } from './support';

let app: TestApp;
let company: TestCompany;
const companyName = 'Exportaciones Ñandú SL';
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  app = await startTestApp();
  company = await createCompany(app, companyName);
  await createContact(app, company.token, { name: 'Ángel Pérez; "El Rápido"', kind: 'customer', customer_type: 'individual', vat: '12345678Z', email: 'angel@example.es', notes: 'línea 1\nlínea 2' });
  await createContact(app, company.token, { name: 'Müller GmbH', kind: 'supplier', country: 'DE', vat: 'DE136695976', iban: 'DE89370400440532013000' });
  await createContact(app, company.token, { name: '=HYPERLINK("http://evil")', kind: 'customer', phone: '+34 600 000 000' });
  await createContact(app, company.token, { name: 'Bäckerei Ökonom', kind: 'customer', customer_and_supplier: true, country: 'AT', vat: 'ATU13585627', city: 'Wien' });
  await createContact(app, company.token, { name: '北京贸易公司', kind: 'supplier', country: 'CN' });
  const other = await createCompany(app);
  await createContact(app, other.token, { name: 'De otra empresa', kind: 'customer' });
}, 60_000);
afterAll(() => app.close());

const EXPECTED_ORDER = ['=HYPERLINK("http://evil")', 'Ángel Pérez; "El Rápido"', 'Bäckerei Ökonom', 'Müller GmbH', '北京贸易公司'];

describe('contacts export', () => {
  test('CSV: UTF-8 with BOM, ";" separated, quoted where needed, formulas neutralised, attachment filename', async () => {
    const res = await download(app, '/api/v1/contacts/export?format=csv', company.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="contactos-${today}.csv"`);
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(res.text.slice(1));
    expect(rows[0]).toEqual(['id', 'kind', 'customer_and_supplier', 'name', 'legal_name', 'customer_type', 'vat', 'vat_valid', 'country', 'email', 'phone', 'address', 'city',
      'postal_code', 'province', 'iban', 'external_source', 'external_id', 'payment_processor_id', 'notes', 'created_at', 'updated_at']);
    const data = rows.slice(1).map((r) => Object.fromEntries(rows[0].map((k, i) => [k, r[i]])));
    expect(data.map((r) => r.name)).toEqual(["'" + EXPECTED_ORDER[0], ...EXPECTED_ORDER.slice(1)]);
    const angel = data.find((r) => r.vat === '12345678Z')!;
    expect(angel).toMatchObject({ name: 'Ángel Pérez; "El Rápido"', kind: 'customer', customer_type: 'individual', vat_valid: 'true', notes: 'línea 1\nlínea 2', country: 'ES' });
    expect(new Date(angel.created_at).toISOString()).toBe(angel.created_at);
    expect(data.find((r) => r.vat === 'DE136695976')).toMatchObject({ iban: 'DE89370400440532013000', country: 'DE' });
    expect(data.find((r) => r.phone)!.phone).toBe('+34 600 000 000');
    expect(res.text).toContain('"Ángel Pérez; ""El Rápido"""');
    expect(res.text).not.toContain('De otra empresa');
  });

  test('XLSX: a header row and typed cells, read back with exceljs', async () => {
    const res = await download(app, '/api/v1/contacts/export', company.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="contactos-${today}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(res.bytes) as any);
    const sheet = workbook.getWorksheet('Contactos')!;
    expect(sheet.rowCount).toBe(1 + EXPECTED_ORDER.length);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['id', 'kind', 'customer_and_supplier', 'name']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const column = (key: string) => header.indexOf(key) + 1;
    const names = [2, 3, 4, 5, 6].map((r) => sheet.getRow(r).getCell(column('name')).value);
    expect(names).toEqual(EXPECTED_ORDER);
    const angel = sheet.getRow(3);
    expect(angel.getCell(column('vat_valid')).value).toBe(true);
    expect(angel.getCell(column('created_at')).value).toBeInstanceOf(Date);
    expect(angel.getCell(column('notes')).value).toBe('línea 1\nlínea 2');
    expect(angel.getCell(column('legal_name')).value).toBeNull();
    expect(sheet.getRow(5).getCell(column('vat_valid')).value).toBe(true);
    expect(sheet.getRow(2).getCell(column('vat_valid')).value).toBe(false);
  });

  test('JSON: an array of objects with the chosen columns, in order', async () => {
    const res = await download(app, '/api/v1/contacts/export?format=json&columns=name,vat_valid,created_at,kind&kind=supplier', company.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="contactos-${today}.json"`);
    const rows = JSON.parse(res.text);
    expect(rows.map((r: any) => Object.keys(r))).toEqual([['name', 'vat_valid', 'created_at', 'kind'], ['name', 'vat_valid', 'created_at', 'kind'], ['name', 'vat_valid', 'created_at', 'kind']]);
    expect(rows.map((r: any) => [r.name, r.vat_valid, r.kind])).toEqual([['Bäckerei Ökonom', true, 'customer'], ['Müller GmbH', true, 'supplier'], ['北京贸易公司', false, 'supplier']]);
    expect(typeof rows[0].created_at).toBe('string');
    const none = await download(app, '/api/v1/contacts/export?format=json&search=nadie', company.token);
    expect(JSON.parse(none.text)).toEqual([]);
  });

  test('PDF: a readable table with the company name, the date and the rows', async () => {
    const res = await download(app, '/api/v1/contacts/export?format=pdf', company.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="contactos-${today}.pdf"`);
    const raw = Buffer.from(res.bytes).toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    const texts = pdfTexts(res.bytes);
    expect(texts).toContain(`Contactos - ${companyName}`);
    expect(texts.some((t) => t.startsWith(`Exportado el ${today}`) && t.includes('5 contactos'))).toBe(true);
    for (const label of ['Nombre', 'Tipo', 'NIF / IVA', 'País', 'Email', 'Teléfono', 'Ciudad']) expect(texts).toContain(label);
    for (const name of ['Ángel Pérez; "El Rápido"', 'Müller GmbH', 'Bäckerei Ökonom', '=HYPERLINK("http://evil")']) expect(texts).toContain(name);
    for (const value of ['DE136695976', 'ATU13585627', 'Proveedor', 'Cliente y proveedor', 'Wien', 'angel@example.es']) expect(texts).toContain(value);
    // Set in embedded Unicode fonts, a Chinese name no longer prints as '??????'; 贸, a simplified
    // Chinese form outside the Japanese font's character set, has no glyph (no Chinese font is embedded).
    expect(texts).not.toContain('??????');
    expect(texts.some((t) => t.startsWith('北京') && t.endsWith('易公司'))).toBe(true);
    const narrow = pdfTexts((await download(app, '/api/v1/contacts/export?format=pdf&columns=vat,name&country=DE', company.token)).bytes);
    expect(narrow).toContain('Müller GmbH');
    expect(narrow).not.toContain('Bäckerei Ökonom');
    expect(narrow).not.toContain('Email');
  });

  test('from_date/to_date filter on created_at, both days included', async () => {
    const own = await createCompany(app);
    const days = ['2026-01-31', '2026-02-01', '2026-02-28', '2026-03-01'];
    for (const day of days) {
      const contact = await createContact(app, own.token, { name: `Alta ${day}` });
      await app.kernel.unitOfWork(null).run((tx) => tx.sql(`update contacts set created_at = cast(:at as timestamptz) where tenant_id = :tenant and id = cast(:id as uuid)`,
        { at: `${day}T23:59:59.999Z`, id: contact.id }), { tenantId: own.tenantId });
    }
    const names = async (query: string) => JSON.parse((await download(app, `/api/v1/contacts/export?format=json&columns=name&${query}`, own.token)).text).map((r: any) => r.name);
    expect(await names('from_date=2026-02-01&to_date=2026-02-28')).toEqual(['Alta 2026-02-01', 'Alta 2026-02-28']);
    expect(await names('from_date=2026-02-01')).toEqual(['Alta 2026-02-01', 'Alta 2026-02-28', 'Alta 2026-03-01']);
    expect(await names('to_date=2026-01-31')).toEqual(['Alta 2026-01-31']);
    expect(await names('from_date=2026-02-01&to_date=2026-02-01&search=alta')).toEqual(['Alta 2026-02-01']);
    expect(await names('from_date=2026-03-02')).toEqual([]);
  });

  test('bad export parameters are 422 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['format=docx', 'format'],
      ['columns=name,salary', 'columns'],
      ['columns=', 'columns'],
      ['columns=,,', 'columns'],
      ['from_date=2026-13-01', 'from_date'],
      ['from_date=yesterday', 'from_date'],
      ['to_date=2026-02-30x', 'to_date'],
      ['from_date=2026-03-01&to_date=2026-02-01', 'to_date'],
      ['country=Spain', 'country'],
      [`external_source=${'x'.repeat(33)}`, 'external_source'],
      ['kind=all', 'kind'],
      ['has_vat=si', 'has_vat'],
    ];
    for (const [query, field] of cases) {
      const res = await app.get(`/api/v1/contacts/export?${query}`, company.token);
      expect([query, res.status]).toEqual([query, 422]);
      expect([query, res.body.detail[0].loc]).toEqual([query, ['query', field]]);
    }
    expect((await app.get('/api/v1/contacts/export?columns=name,salary', company.token)).body.detail[0].msg).toContain('salary');
  });

  test('a large export is read in keyset batches: every row once, in order, in every format', async () => {
    const own = await createCompany(app);
    await insertContactsSql(app, own.tenantId, 2_345, 'Lote');
    const csv = parseCsv((await download(app, '/api/v1/contacts/export?format=csv&columns=name,id', own.token)).text.slice(1));
    expect(csv[0]).toEqual(['name', 'id']);
    const names = csv.slice(1).map((r) => r[0]);
    expect(names).toHaveLength(2_345);
    expect(new Set(csv.slice(1).map((r) => r[1])).size).toBe(2_345);
    expect(names[0]).toBe('Lote 000001');
    expect(names.at(-1)).toBe('Lote 002345');
    expect(names).toEqual([...names].sort());

    const xlsx = await download(app, '/api/v1/contacts/export?columns=name', own.token);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(xlsx.bytes) as any);
    expect(workbook.getWorksheet('Contactos')!.rowCount).toBe(2_346);
    expect(JSON.parse((await download(app, '/api/v1/contacts/export?format=json&columns=id', own.token)).text)).toHaveLength(2_345);
    const pdf = pdfTexts((await download(app, '/api/v1/contacts/export?format=pdf&columns=name', own.token)).bytes);
    expect(pdf.filter((t) => t.startsWith('Lote '))).toHaveLength(2_345);
    expect(pdf.filter((t) => t.startsWith('Página ')).length).toBeGreaterThan(50);
    const filtered = JSON.parse((await download(app, '/api/v1/contacts/export?format=json&columns=name&search=lote 0012', own.token)).text);
    expect(filtered).toHaveLength(100);
  });

  test('a client that stops reading cancels the export; the service carries on', async () => {
    const own = await createCompany(app);
    await insertContactsSql(app, own.tenantId, 3_000, 'Cancelado');
    const response = await app.handle(new Request('http://localhost/api/v1/contacts/export?format=csv', { headers: { authorization: `Bearer ${own.token}` } }));
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await reader.cancel();
    await Bun.sleep(50);
    const after = await app.get('/api/v1/contacts/summary', own.token);
    expect(after.body.total).toBe(3_000);
  });
});
