import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../../support/app';
import { createApiKey, createCompany } from '../../support/factories';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

const image = (format: 'png' | 'jpeg' | 'webp', width = 64, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })[format]().toBuffer();
const upload = (token: string, bytes: Uint8Array | string, type: string, name = 'logo') => {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  return app.request('POST', '/api/v1/tenants/me/logo', { token, form });
};

describe('tenant profile', () => {
  test('GET /tenant (legacy) and GET/PATCH /tenants/me', async () => {
    const company = await createCompany(app, 'Perfil SL');
    const legacy = await app.get('/api/v1/tenant', company.token);
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({ id: company.tenantId, name: 'Perfil SL', tax_id: 'B12345674', country: 'ES' });
    const patched = await app.patch('/api/v1/tenants/me', { city: 'Bilbao', province: 'Bizkaia', postal_code: '48001', fiscal_year_start_month: 7, tax_id: 'a58818501' }, company.token);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ city: 'Bilbao', province: 'Bizkaia', postal_code: '48001', fiscal_year_start_month: 7, tax_id: 'A58818501' });
    expect((await app.get('/api/v1/tenants/me', company.token)).body.city).toBe('Bilbao');
    // a partial update leaves every other field as it was
    const partial = await app.patch('/api/v1/tenants/me', { address: 'Gran Vía 1' }, company.token);
    expect(partial.body).toMatchObject({ address: 'Gran Vía 1', city: 'Bilbao', fiscal_year_start_month: 7, country: 'ES' });
  });

  test('bad input is 422 and changes nothing', async () => {
    const company = await createCompany(app);
    for (const body of [{ tax_id: 'B12345675' }, { fiscal_year_start_month: 13 }, { country: 'spain' }, { name: '' }, {}, { unknown_field: 1 }]) {
      const res = await app.patch('/api/v1/tenants/me', body, company.token);
      expect(res.status).toBe(422);
      expect(Array.isArray(res.body.detail)).toBe(true);
    }
    const after = await app.get('/api/v1/tenants/me', company.token);
    expect(after.body).toMatchObject({ tax_id: 'B12345674', fiscal_year_start_month: 1, country: 'ES' });
  });

  test('viewers and member API keys read but cannot change the company', async () => {
    const company = await createCompany(app);
    const key = await createApiKey(app, company.token, 'member');
    expect((await app.get('/api/v1/tenants/me', key.key)).status).toBe(200);
    expect((await app.patch('/api/v1/tenants/me', { city: 'X' }, key.key)).status).toBe(403);
    const admin = await createApiKey(app, company.token, 'admin');
    expect((await app.patch('/api/v1/tenants/me', { city: 'Vigo' }, admin.key)).status).toBe(200);
    expect((await app.get('/api/v1/tenants/me')).status).toBe(401);
  });
});

describe('logo', () => {
  test('PNG, JPEG and WebP are accepted, re-encoded as PNG and served by the service', async () => {
    const company = await createCompany(app);
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const res = await upload(company.token, await image(format, 2000, 500), `image/${format}`);
      expect(res.status).toBe(200);
      expect(res.body.logo_url).toMatch(new RegExp(`^http://api.cuadra.test/logos/${company.tenantId}/[0-9a-f]{32}\\.png$`));
      const served = await app.handle(new Request(`http://localhost${new URL(res.body.logo_url).pathname}`));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(1024);
    }
    // kept in the kernel's file store (FILE_STORE=local), not in the database
    expect(readdirSync(join(app.config.dataDir, 'files', company.tenantId)).filter((f) => /^[0-9a-f]{64}$/.test(f))).toHaveLength(3);
    const me = await app.get('/api/v1/tenants/me', company.token);
    expect(me.body.logo_url).toMatch(/\.png$/);
  });

  test('SVG and non-images are 415, over 2 MiB is 413, too many pixels is 422; nothing changes', async () => {
    const company = await createCompany(app);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
    expect((await upload(company.token, svg, 'image/svg+xml', 'logo.svg')).status).toBe(415);
    expect((await upload(company.token, 'hola, no soy una imagen', 'image/png')).status).toBe(415);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(await image('png'));
    expect((await upload(company.token, big, 'image/png')).status).toBe(413);
    const huge = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    const tooManyPixels = await upload(company.token, huge, 'image/png');
    expect(tooManyPixels.status).toBe(422);
    expect(tooManyPixels.body.detail[0].loc).toEqual(['body', 'file']);
    expect((await app.request('POST', '/api/v1/tenants/me/logo', { token: company.token, body: { file: 'x' } })).status).toBe(422);
    expect((await app.get('/api/v1/tenants/me', company.token)).body.logo_url).toBeNull();
  });

  test('delete removes it; a wrong token or another tenant is 404', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const url = new URL((await upload(a.token, await image('png'), 'image/png')).body.logo_url);
    const [, , , file] = url.pathname.split('/');
    expect((await app.handle(new Request(`http://localhost/logos/${b.tenantId}/${file}`))).status).toBe(404);
    expect((await app.handle(new Request(`http://localhost/logos/${a.tenantId}/${'0'.repeat(32)}.png`))).status).toBe(404);
    expect((await app.handle(new Request(`http://localhost/logos/not-a-tenant/x.png`))).status).toBe(404);
    expect((await app.del('/api/v1/tenants/me/logo', a.token)).status).toBe(204);
    expect((await app.handle(new Request(`http://localhost${url.pathname}`))).status).toBe(404);
    expect((await app.get('/api/v1/tenants/me', a.token)).body.logo_url).toBeNull();
    expect(readdirSync(join(app.config.dataDir, 'files', a.tenantId)).filter((f) => /^[0-9a-f]{64}$/.test(f))).toEqual([]);
  });
});
