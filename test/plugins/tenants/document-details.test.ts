import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../../support/app';
import sharp from 'sharp';
import { createCompany } from '../../support/factories';
import { download } from '../../support/documents';

/**
 * The company's Registro Mercantil entry (art. 24 RRM) and default payment method: optional
 * fields of the company, set with PATCH /tenants/me, stored and returned, junk refused with 422.
 */
let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

const ENTRY = { registry: 'Madrid', tomo: '12345', folio: '67', hoja: 'M-123456', inscripcion: '1ª' };

describe('Registro Mercantil and payment method of the company', () => {
  test('unset by default; set, returned by GET and PATCH, kept by other changes, cleared with null', async () => {
    const company = await createCompany(app);
    expect((await app.get('/api/v1/tenants/me', company.token)).body).toMatchObject({ mercantile_registry: null, default_payment_method: null });
    const patched = await app.patch('/api/v1/tenants/me', { mercantile_registry: ENTRY, default_payment_method: 'transfer' }, company.token);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ mercantile_registry: ENTRY, default_payment_method: 'transfer' });
    await app.patch('/api/v1/tenants/me', { city: 'Getafe' }, company.token);
    expect((await app.get('/api/v1/tenants/me', company.token)).body).toMatchObject({ city: 'Getafe', mercantile_registry: ENTRY, default_payment_method: 'transfer' });
    const cleared = await app.patch('/api/v1/tenants/me', { mercantile_registry: null, default_payment_method: null }, company.token);
    expect(cleared.body).toMatchObject({ mercantile_registry: null, default_payment_method: null });
    expect((await app.get('/api/v1/tenants/me', company.token)).body).toMatchObject({ mercantile_registry: null, default_payment_method: null });
  });

  test('junk is 422 with the field, and changes nothing', async () => {
    const company = await createCompany(app);
    await app.patch('/api/v1/tenants/me', { mercantile_registry: ENTRY, default_payment_method: 'cash' }, company.token);
    const { registry: _registry, ...withoutRegistry } = ENTRY;
    for (const body of [
      { mercantile_registry: { ...ENTRY, tomo: 'doce' } },
      { mercantile_registry: { ...ENTRY, folio: '-1' } },
      { mercantile_registry: { ...ENTRY, hoja: '<script>' } },
      { mercantile_registry: { ...ENTRY, inscripcion: 'primera' } },
      { mercantile_registry: { ...ENTRY, registry: ' ' } },
      { mercantile_registry: withoutRegistry },
      { mercantile_registry: { ...ENTRY, libro: '3' } },
      { mercantile_registry: 'Madrid, tomo 1' },
      { default_payment_method: 'barter' },
      { default_payment_method: 3 },
    ]) {
      const res = await app.patch('/api/v1/tenants/me', body, company.token);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 422]);
      expect(Array.isArray(res.body.detail)).toBe(true);
    }
    expect((await app.get('/api/v1/tenants/me', company.token)).body).toMatchObject({ mercantile_registry: ENTRY, default_payment_method: 'cash' });
  });

  test('each company has its own; a company the user is not in is 403 and unchanged', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    await app.patch('/api/v1/tenants/me', { mercantile_registry: ENTRY }, a.token);
    expect((await app.get('/api/v1/tenants/me', b.token)).body.mercantile_registry).toBeNull();
    expect((await app.request('PATCH', '/api/v1/tenants/me', { token: a.token, headers: { 'x-tenant-id': b.tenantId }, body: { default_payment_method: 'card' } })).status).toBe(403);
    expect((await app.get('/api/v1/tenants/me', b.token)).body.default_payment_method).toBeNull();
  });
});

describe('the logo printed on documents', () => {
  test('GET /tenants/me/logo: 404 without one, the stored PNG once uploaded, 404 again once deleted; only the company\'s own', async () => {
    const company = await createCompany(app);
    const other = await createCompany(app);
    expect((await app.get('/api/v1/tenants/me/logo', company.token)).status).toBe(404);
    const jpeg = await sharp({ create: { width: 2000, height: 500, channels: 3, background: { r: 0, g: 90, b: 40 } } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file', new File([jpeg], 'logo.jpg', { type: 'image/jpeg' }));
    expect((await app.request('POST', '/api/v1/tenants/me/logo', { token: company.token, form })).status).toBe(200);
    const logo = await download(app, '/api/v1/tenants/me/logo', company.token);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    // normalised: re-encoded as PNG, at most 1024 px wide
    expect(await sharp(Buffer.from(logo.bytes)).metadata()).toMatchObject({ format: 'png', width: 1024, height: 256 });
    expect((await app.get('/api/v1/tenants/me/logo', other.token)).status).toBe(404);
    expect((await app.request('GET', '/api/v1/tenants/me/logo', { token: other.token, headers: { 'x-tenant-id': company.tenantId } })).status).toBe(403);
    expect((await app.request('DELETE', '/api/v1/tenants/me/logo', { token: company.token })).status).toBe(204);
    expect((await app.get('/api/v1/tenants/me/logo', company.token)).status).toBe(404);
  });
});
