import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../../support/app';
import { addMember } from '../../support/team';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact } from './support';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); }, 300_000);
afterAll(() => app.close());

const upload = (token: string, content: string | Uint8Array, fields: Record<string, string> = {}, name = 'contactos.csv') => {
  const form = new FormData();
  form.append('file', new File([content], name));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return app.request('POST', '/api/v1/contacts/import', { token, form });
};
const contactsOf = async (company: TestCompany) => {
  const res = await app.get('/api/v1/contacts?limit=500', company.token);
  expect(res.status).toBe(200);
  return res.body.items as any[];
};

// Holded's export headings (Spanish), semicolon separated, as its download writes them
const HOLDED = [
  'Nombre;Nombre fiscal;ID;Email;Teléfono;Móvil;Dirección;Población;Código postal;Provincia;País;Código país;Tipo de contacto;IBAN;SWIFT;Notas',
  'Panadería Núñez;Panadería Núñez SL;B-12345674;pedidos@nunez.es;954000000;;Calle Sol 1;Sevilla;41001;Sevilla;España;ES;Cliente;ES91 2100 0418 4502 0005 1332;CAIXESBBXXX;Paga a 30 días',
  'Maschinen GmbH;;DE136695976;info@mueller.de;;+49 30 1;Hauptstraße 1;Berlin;10115;Berlin;Alemania;DE;Proveedor;;;',
  'Cliente sin NIF;;;;;;;;;;España;ES;Cliente;;;',
].join('\n');

describe('POST /contacts/import', () => {
  test('Holded export: recognised, checked, created; the same file again creates nothing and reports every row', async () => {
    const company = await createCompany(app);
    const first = await upload(company.token, HOLDED);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ layout: 'holded', dry_run: false, rows: 3, created: 3, duplicates: [], skipped: [] });
    const contacts = await contactsOf(company);
    expect(contacts).toHaveLength(3);
    const bakery = contacts.find((c) => c.vat === 'B12345674');
    expect(bakery).toMatchObject({
      kind: 'customer', name: 'Panadería Núñez', legal_name: 'Panadería Núñez SL', country: 'ES', vat_valid: true, email: 'pedidos@nunez.es', phone: '954000000',
      city: 'Sevilla', postal_code: '41001', iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX', notes: 'Paga a 30 días', external_source: 'holded',
    });
    expect(contacts.find((c) => c.vat === 'DE136695976')).toMatchObject({ kind: 'supplier', country: 'DE', phone: '+49 30 1', vat_valid: true });
    const again = await upload(company.token, HOLDED);
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(0);
    expect(again.body.duplicates.map((d: any) => [d.line, d.reason, d.contact_id])).toEqual([
      [2, 'existing', bakery.id], [3, 'existing', contacts.find((c) => c.vat === 'DE136695976').id], [4, 'existing', contacts.find((c) => c.name === 'Cliente sin NIF').id],
    ]);
    expect(await contactsOf(company)).toHaveLength(3);
  });

  test('ContaPlus sub-account file: third parties by group, others skipped; a tax id already in the company or earlier in the file is reported', async () => {
    const company = await createCompany(app);
    const existing = await createContact(app, company.token, { name: 'Ya estaba', vat: 'A58818501' });
    const file = [
      'COD,TITULO,NIF,DOMICILIO,POBLACION,PROVINCIA,CODPOSTAL,TELEFONO,EMAIL',
      '43000001,CLIENTE UNO SL,B65410011,C/ MAYOR 2,MADRID,MADRID,28001,910000000,uno@cliente.es',
      '40000001,PROVEEDOR DOS SA,A28017895,C/ MENOR 3,BILBAO,BIZKAIA,48001,,',
      '57200001,BANCO,,,,,,,',
      '43000002,CLIENTE REPETIDO,b65410011,,,,,,',
      '41000001,ACREEDOR CONOCIDO,A58818501,,,,,,',
    ].join('\r\n');
    const res = await upload(company.token, new TextEncoder().encode(file), {}, 'SUBCTA.csv');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ layout: 'contaplus', rows: 5, created: 2 });
    expect(res.body.skipped).toEqual([{ line: 4, reason: expect.stringContaining('57200001') }]);
    expect(res.body.duplicates).toEqual([
      { line: 5, vat: 'B65410011', name: 'CLIENTE REPETIDO', reason: 'in_file', contact_id: null, first_line: 2 },
      { line: 6, vat: 'A58818501', name: 'ACREEDOR CONOCIDO', reason: 'existing', contact_id: existing.id, first_line: null },
    ]);
    const contacts = await contactsOf(company);
    expect(contacts.find((c) => c.vat === 'B65410011')).toMatchObject({ kind: 'customer', name: 'CLIENTE UNO SL', address: 'C/ MAYOR 2', city: 'MADRID', postal_code: '28001', external_source: 'contaplus', external_id: '43000001' });
    expect(contacts.find((c) => c.vat === 'A28017895')).toMatchObject({ kind: 'supplier', external_id: '40000001' });
    expect(contacts).toHaveLength(3);
  });

  test('bad rows: 422 naming each row and field, nothing written; dry run reports without writing', async () => {
    const company = await createCompany(app);
    const bad = [
      'name,vat,country,email,iban,kind',
      'Buena SL,B86561412,ES,ok@buena.es,,customer',
      'Mala SL,B12345670,ES,,,customer',
      ',,,,,',
      'Correo SL,,ES,no-es-correo,,supplier',
      'Banco SL,,XX,,ES00 1234,customer',
      'Tipo SL,,,,,socio',
    ].join('\n');
    const res = await upload(company.token, bad);
    expect(res.status).toBe(422);
    const locs = res.body.detail.map((d: any) => d.loc.join('.'));
    // line 4, only delimiters, is no contact: skipped, not an error
    expect(locs).toEqual(['body.file.3.vat', 'body.file.5.email', 'body.file.6.country', 'body.file.6.iban', 'body.file.7.kind']);
    expect(res.body.detail[0].msg).toContain('Line 3');
    expect(await contactsOf(company)).toHaveLength(0);

    const good = 'name,vat,kind\nBuena SL,B86561412,supplier\nOtra SL,,customer\n';
    const dry = await upload(company.token, good, { dry_run: 'true' });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ layout: 'generic', dry_run: true, rows: 2, created: 2, created_ids: [] });
    expect(await contactsOf(company)).toHaveLength(0);
    const real = await upload(company.token, good);
    expect(real.status).toBe(201);
    expect(real.body.created_ids).toHaveLength(2);
    expect((await contactsOf(company)).map((c) => [c.name, c.kind]).sort()).toEqual([['Buena SL', 'supplier'], ['Otra SL', 'customer']]);
  });

  test('no name column, an unreadable workbook, a viewer: refused without a 500', async () => {
    const company = await createCompany(app);
    expect((await upload(company.token, 'foo,bar\n1,2\n')).status).toBe(422);
    expect((await upload(company.token, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), {}, 'x.xlsx')).status).toBe(422);
    expect((await upload(company.token, '')).status).toBe(422);
    expect((await upload(company.token, 'name\nA\n', { layout: 'nope' })).status).toBe(422);
    const viewer = await addMember(app, company.token, 'viewer');
    expect((await upload(viewer.token, 'name\nA\n')).status).toBe(403);
    expect(await contactsOf(company)).toHaveLength(0);
  });

  test('two uploads of the same file at once create each contact once; too large a file or too many rows is 413', async () => {
    const company = await createCompany(app);
    const file = 'name,vat\nUno SL,B86561412\nDos SL,A28017895\n';
    const [a, b] = await Promise.all([upload(company.token, file), upload(company.token, file)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.created + b.body.created).toBe(2);
    expect(await contactsOf(company)).toHaveLength(2);
    expect((await upload(company.token, 'name\n' + 'x'.repeat(10 * 1024 * 1024))).status).toBe(413);
    expect((await upload(company.token, 'name\n' + 'Nombre\n'.repeat(20_001))).status).toBe(413);
    expect(await contactsOf(company)).toHaveLength(2);
  });

  test('rows of only delimiters are skipped; a yes/no that is neither is refused; the 422 lists at most 200 errors', async () => {
    const company = await createCompany(app);
    const res = await upload(company.token, ['name;kind;customer_and_supplier', 'Una SL;customer;', ';;', 'Dos SL;supplier;sí', ';;;;', ''].join('\n'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created: 2, skipped: [] });
    expect((await contactsOf(company)).map((c) => [c.name, c.kind, c.customer_and_supplier]).sort()).toEqual([['Dos SL', 'supplier', true], ['Una SL', 'customer', false]]);
    const maybe = await upload(company.token, 'name,customer_and_supplier\nTres SL,quizá\n');
    expect(maybe.status).toBe(422);
    expect(maybe.body.detail.map((d: any) => d.loc.join('.'))).toEqual(['body.file.2.customer_and_supplier']);
    const many = await upload(company.token, 'name,email\n' + 'Mala,no-es-correo\n'.repeat(300));
    expect(many.status).toBe(422);
    expect(many.body.detail).toHaveLength(200);
    expect(await contactsOf(company)).toHaveLength(2);
  });

  test('round trip: what GET /contacts/export writes as XLSX and CSV another company imports, the same contacts; tenants apart', async () => {
    const source = await createCompany(app);
    await createContact(app, source.token, { name: 'Exportada Uno', vat: 'B12345674', email: 'a@b.es', city: 'Cádiz' });
    await createContact(app, source.token, { kind: 'supplier', name: 'Exportada Dos', vat: 'FR40303265045', country: 'FR', customer_and_supplier: true, external_source: 'holded', external_id: 'H-77' });
    await createContact(app, source.token, { name: 'Exportada Tres', external_source: 'contaplus', external_id: '43000009' });
    for (const format of ['xlsx', 'csv']) {
      const target = await createCompany(app);
      const file = await app.handle(new Request(`http://localhost/api/v1/contacts/export?format=${format}`, { headers: { authorization: `Bearer ${source.token}` } }));
      expect(file.status).toBe(200);
      const res = await upload(target.token, new Uint8Array(await file.arrayBuffer()), {}, `contactos.${format}`);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ layout: 'generic', created: 3 });
      const strip = (c: any) => [c.kind, c.customer_and_supplier, c.name, c.vat, c.country, c.email, c.city, c.external_source, c.external_id];
      expect((await contactsOf(target)).map(strip).sort()).toEqual((await contactsOf(source)).map(strip).sort());
    }
    // the source's contacts did not count as duplicates anywhere else, and it still has exactly its own
    expect(await contactsOf(source)).toHaveLength(3);
  });
});
