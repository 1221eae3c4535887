import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { startTestApp, type TestApp } from '../../support/app';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';
import { createContact, expectValidation } from './support';

let app: TestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startTestApp();
  company = await createCompany(app);
}, 60_000);
afterAll(() => app.close());

describe('contact CRUD', () => {
  test('create answers every ContactResponse field with defaults; get, patch and delete work', async () => {
    const created = await app.post('/api/v1/contacts', { kind: 'customer', name: '  Panadería Núñez  ' }, company.token);
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['address', 'city', 'country', 'created_at', 'customer_and_supplier', 'customer_type', 'email', 'external_id', 'external_source',
      'iban', 'id', 'kind', 'legal_name', 'name', 'notes', 'payment_processor_id', 'phone', 'postal_code', 'province', 'updated_at', 'vat', 'vat_valid',
      'public_administration', 'administrative_centres', 'bic'].sort());
    expect(created.body).toMatchObject({ kind: 'customer', customer_and_supplier: false, name: 'Panadería Núñez', customer_type: 'business', country: 'ES', vat: null, vat_valid: false, email: null });
    const id = created.body.id;
    expect((await app.get(`/api/v1/contacts/${id}`, company.token)).body).toEqual(created.body);

    const patched = await app.patch(`/api/v1/contacts/${id}`, { vat: 'b-12345674', email: 'pedidos@nunez.es', city: 'Sevilla', kind: 'customer', customer_and_supplier: true }, company.token);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ vat: 'B12345674', vat_valid: true, email: 'pedidos@nunez.es', city: 'Sevilla', kind: 'customer', customer_and_supplier: true, name: 'Panadería Núñez' });
    expect(new Date(patched.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.body.updated_at).getTime());
    expectValidation(await app.patch(`/api/v1/contacts/${id}`, { email: '' }, company.token), ['body', 'email']);
    const cleared = await app.patch(`/api/v1/contacts/${id}`, { city: null, email: null }, company.token);
    expect(cleared.body).toMatchObject({ city: null, email: null, vat: 'B12345674' });

    expect((await app.del(`/api/v1/contacts/${id}`, company.token)).status).toBe(204);
    expect((await app.get(`/api/v1/contacts/${id}`, company.token)).status).toBe(404);
    expect((await app.del(`/api/v1/contacts/${id}`, company.token)).status).toBe(404);
  });

  test('every field round-trips, normalised', async () => {
    const body = {
      kind: 'supplier', name: 'Müller GmbH', customer_type: 'business', vat: 'de 136 695 976', country: 'de', legal_name: 'Müller Maschinenbau GmbH',
      email: 'info@mueller.de', phone: '+49 30 123456', address: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', province: 'Berlin',
      iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeff xxx', external_source: 'holded', external_id: 'H-1', payment_processor_id: 'cus_123', notes: 'Línea 1\nLínea 2',
    };
    const res = await app.post('/api/v1/contacts', body, company.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...body, vat: 'DE136695976', country: 'DE', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', vat_valid: true });
  });

  test('tax numbers: Spanish checksums, EU formats with prefix added, check digits flagged, others kept', async () => {
    const cases: [Record<string, unknown>, string, boolean][] = [
      [{ vat: '12345678Z' }, '12345678Z', true],
      [{ vat: 'x1234567l' }, 'X1234567L', true],
      [{ vat: 'ESB12345674' }, 'B12345674', true],
      [{ vat: '094259216', country: 'GR' }, 'EL094259216', true],
      [{ vat: 'EL094259216', country: 'GR' }, 'EL094259216', true],
      [{ vat: '40303265045', country: 'FR' }, 'FR40303265045', true],
      [{ vat: 'FR40303265046', country: 'FR' }, 'FR40303265046', false],
      [{ vat: 'NL004495445B01', country: 'NL' }, 'NL004495445B01', true],
      [{ vat: '12-3456789', country: 'US' }, '123456789', false],
      [{ vat: 'GB123456789', country: 'GB' }, 'GB123456789', false],
    ];
    for (const [fields, vat, valid] of cases) {
      const contact = await createContact(app, company.token, { name: `Tax ${vat}`, ...fields });
      expect([fields, contact.vat, contact.vat_valid]).toEqual([fields, vat, valid]);
    }
  });

  test('invalid values are 422 with the field in loc, and nothing is stored', async () => {
    const base = { kind: 'customer', name: 'Inválido' };
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ ...base, vat: '12345678A' }, ['body', 'vat']],
      [{ ...base, vat: 'B12345675' }, ['body', 'vat']],
      [{ ...base, vat: 'DE12345', country: 'DE' }, ['body', 'vat']],
      [{ ...base, vat: 'FRAB123', country: 'FR' }, ['body', 'vat']],
      [{ ...base, vat: 'DE136695976', country: 'FR' }, ['body', 'vat']],
      [{ ...base, vat: 'x'.repeat(33), country: 'US' }, ['body', 'vat']],
      [{ ...base, country: 'XX' }, ['body', 'country']],
      [{ ...base, country: 'ESP' }, ['body', 'country']],
      [{ ...base, country: 'E' }, ['body', 'country']],
      [{ ...base, iban: 'ES9121000418450200051333' }, ['body', 'iban']],
      [{ ...base, iban: 'not an iban' }, ['body', 'iban']],
      [{ ...base, bic: 'CAIXESBB1' }, ['body', 'bic']],
      [{ ...base, bic: '1AIXESBBXXX' }, ['body', 'bic']],
      [{ ...base, external_source: 'x'.repeat(33) }, ['body', 'external_source']],
      [{ ...base, email: 'not-an-email' }, ['body', 'email']],
      [{ ...base, kind: 'partner' }, ['body', 'kind']],
      [{ ...base, customer_type: 'government' }, ['body', 'customer_type']],
      [{ ...base, name: '' }, ['body', 'name']],
      [{ ...base, name: '   ' }, ['body', 'name']],
      [{ ...base, name: 'x'.repeat(201) }, ['body', 'name']],
      [{ name: 'Sin tipo' }, ['body', 'kind']],
      [{ kind: 'customer' }, ['body', 'name']],
      [{ ...base, notes: 'x'.repeat(5001) }, ['body', 'notes']],
    ];
    for (const [body, loc] of cases) {
      const res = await app.post('/api/v1/contacts', body, company.token);
      expect([JSON.stringify(body).slice(0, 80), res.status]).toEqual([JSON.stringify(body).slice(0, 80), 422]);
      expect(res.body.detail[0].loc).toEqual(loc);
    }
    // PostgreSQL text cannot hold NUL: refused before it reaches the database
    expectValidation(await app.post('/api/v1/contacts', { ...base, name: 'a\u0000b' }, company.token), ['body', 'name']);
    expectValidation(await app.post('/api/v1/contacts', { ...base, notes: 'x\u0000' }, company.token), ['body', 'notes']);
    expect((await app.get('/api/v1/contacts?search=invalido', company.token)).body.total).toBe(0);
    expect((await app.post('/api/v1/contacts', 'not json', company.token, { 'content-type': 'application/json' })).status).toBeLessThan(500);
  });

  test('any body is 201, 409 or 422 naming a field, never 500; PATCH alike (property test)', async () => {
    const own = await createCompany(app);
    const target = await createContact(app, own.token, { name: 'Objetivo' });
    const fields = ['kind', 'name', 'customer_type', 'vat', 'country', 'legal_name', 'email', 'phone', 'address', 'city', 'postal_code', 'province',
      'iban', 'bic', 'external_source', 'external_id', 'payment_processor_id', 'notes', 'public_administration', 'administrative_centres'];
    const value = fc.oneof(
      fc.string({ maxLength: 50 }),
      fc.constantFrom(null, '', ' ', 0, true, [], {}, 'customer', 'supplier', 'both', 'consumer', 'ES', 'FR', 'de', 'XX', 'B12345674', 'FR40303265045',
        'FR40303265046', 'DE136695976', '12345678Z', 'ES9121000418450200051332', 'ES00', 'CAIXESBBXXX', 'caixesbb', 'a@b.es', 'x'.repeat(300), 'Ñandú', '\u0000',
        { accounting_office: 'L01280796', managing_body: 'L01280796', processing_unit: 'LA0002850' }, { accounting_office: 'L0128 0796' }),
    );
    await fc.assert(fc.asyncProperty(fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 6 }), fc.boolean(), async (body, patch) => {
      const res = patch
        ? await app.patch(`/api/v1/contacts/${target.id}`, body, own.token)
        : await app.post('/api/v1/contacts', body, own.token);
      expect([body, [200, 201, 409, 422].includes(res.status)]).toEqual([body, true]);
      if (res.status === 422) {
        for (const item of res.body.detail) {
          expect([body, item.loc[0]]).toEqual([body, 'body']);
          if (item.loc.length > 1) expect([body, fields.includes(item.loc[1])]).toEqual([body, true]);
        }
      }
    }), { numRuns: 150 });
  }, 120_000);

  test('updates are validated too; changing the country re-checks the stored tax number', async () => {
    const contact = await createContact(app, company.token, { name: 'Cambio de país', vat: 'B12345674' });
    const url = `/api/v1/contacts/${contact.id}`;
    expectValidation(await app.patch(url, {}, company.token), ['body']);
    expectValidation(await app.patch(url, { vat: '12345678A' }, company.token), ['body', 'vat']);
    expectValidation(await app.patch(url, { name: null }, company.token), ['body', 'name']);
    expectValidation(await app.patch(url, { country: null }, company.token), ['body', 'country']);
    expectValidation(await app.patch(url, { iban: 'ES00' }, company.token), ['body', 'iban']);
    expectValidation(await app.patch(url, { country: 'FR' }, company.token), ['body', 'country']);
    expect((await app.get(url, company.token)).body).toMatchObject({ country: 'ES', vat: 'B12345674' });
    const moved = await app.patch(url, { country: 'FR', vat: 'FR40303265045' }, company.token);
    expect(moved.body).toMatchObject({ country: 'FR', vat: 'FR40303265045', vat_valid: true });
    const noVat = await app.patch(url, { vat: null, country: 'US' }, company.token);
    expect(noVat.body).toMatchObject({ country: 'US', vat: null, vat_valid: false });
  });

  test('(external_source, external_id) names one contact per company: 409 on a second one', async () => {
    await createContact(app, company.token, { name: 'Importado 1', external_source: 'stripe', external_id: 'cus_A' });
    const again = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Importado 2', external_source: 'stripe', external_id: 'cus_A' }, company.token);
    expect(again.status).toBe(409);
    expect(typeof again.body.detail).toBe('string');
    const other = await createContact(app, company.token, { name: 'Importado 3', external_source: 'stripe', external_id: 'cus_B' });
    expect((await app.patch(`/api/v1/contacts/${other.id}`, { external_id: 'cus_A' }, company.token)).status).toBe(409);
    const otherCompany = await createCompany(app);
    await createContact(app, otherCompany.token, { name: 'Mismo id, otra empresa', external_source: 'stripe', external_id: 'cus_A' });
  });

  test('viewers read; members write; no credentials is 401', async () => {
    const viewer = await createApiKey(app, company.token, 'viewer');
    const member = await createApiKey(app, company.token, 'member');
    const contact = await createContact(app, member.key, { name: 'Creado por un miembro' });
    expect((await app.get(`/api/v1/contacts/${contact.id}`, viewer.key)).status).toBe(200);
    expect((await app.get('/api/v1/contacts', viewer.key)).status).toBe(200);
    expect((await app.get('/api/v1/contacts/summary', viewer.key)).status).toBe(200);
    expect((await app.post('/api/v1/contacts', { kind: 'customer', name: 'No' }, viewer.key)).status).toBe(403);
    expect((await app.patch(`/api/v1/contacts/${contact.id}`, { name: 'No' }, viewer.key)).status).toBe(403);
    expect((await app.del(`/api/v1/contacts/${contact.id}`, viewer.key)).status).toBe(403);
    expect((await app.post(`/api/v1/contacts/${contact.id}/merge`, { duplicate_ids: [crypto.randomUUID()] }, viewer.key)).status).toBe(403);
    expect((await app.get('/api/v1/contacts')).status).toBe(401);
    expect((await app.del(`/api/v1/contacts/${contact.id}`, member.key)).status).toBe(204);
  });

  test('OpenAPI names the contacts and taxes schemas', async () => {
    const spec = (await app.get('/openapi.json')).body;
    for (const name of ['TaxTypeResponse', 'ContactCreate', 'ContactUpdate', 'ContactResponse', 'ContactSummary', 'ContactStatsResponse', 'TaxSuggestionResponse',
      'MergeContactsBody', 'MergeContactsResponse', 'PaginatedResponse_ContactResponse_', 'PaginatedResponse_TaxTypeResponse_']) {
      expect([name, spec.components.schemas[name] !== undefined]).toEqual([name, true]);
    }
    expect(spec.paths['/api/v1/contacts'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/ContactCreate');
    // every reference in the contacts and taxes parts resolves to a component
    const ours = JSON.stringify({
      paths: Object.fromEntries(Object.entries(spec.paths).filter(([path]) => /^\/api\/v1\/(contacts|taxes)/.test(path))),
      schemas: Object.fromEntries(Object.entries(spec.components.schemas).filter(([name]) => /Contact|Tax|Merge/.test(name))),
    });
    const refs = [...ours.matchAll(/"\$ref":"(#\/components\/schemas\/[^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      expect(ref.startsWith('#/components/schemas/')).toBe(true);
      expect([ref, spec.components.schemas[ref.replace('#/components/schemas/', '')] !== undefined]).toEqual([ref, true]);
    }
    expect(spec.components.schemas.TaxTypeResponse.properties.regime.enum ?? spec.components.schemas.TaxTypeResponse.properties.regime.anyOf.map((v: any) => v.const))
      .toEqual(['domestic', 'intra_eu', 'export', 'reverse_charge', 'import', 'oss', 'exempt', 'not_subject']);
    expect(Object.keys(spec.paths['/api/v1/contacts/export'].get.responses['200'].content)).toContain('text/csv');
    for (const path of ['/api/v1/contacts', '/api/v1/contacts/{contact_id}', '/api/v1/contacts/{keep_id}/merge', '/api/v1/contacts-insights', '/api/v1/taxes']) {
      for (const operation of Object.values<any>(spec.paths[path])) expect(operation.security.length).toBeGreaterThan(0);
    }
  });
});
