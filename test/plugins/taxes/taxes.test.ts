import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { definePlugin } from '../../../kernel/plugin';
import { money } from '../../../kernel/money';
import { TAX_CATALOGUE } from '../../../plugins/taxes/catalogue';
import { seededTaxTypeId } from '../../../plugins/taxes/service';
import '../../../plugins/taxes/hooks';
import { startTestApp, type TestApp } from '../../support/app';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';

/** Distance sales per tenant and year, as an invoice plugin would report them. */
const distanceSales = new Map<string, string>();
const distanceSalesPlugin = definePlugin({
  name: 'test-distance-sales',
  dependsOn: ['taxes'],
  hooks: {
    sync: {
      'taxes.distance-sales': (_tx, payload) => {
        const figure = distanceSales.get(`${payload.tenantId}:${payload.year}`);
        if (figure) payload.total = money(payload.total).add(money(figure)).toString();
      },
    },
  },
});

let app: TestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startTestApp({ extraPlugins: [distanceSalesPlugin] });
  company = await createCompany(app);
}, 60_000);
afterAll(() => app.close());

const REQUIRED_CODES = ['IVA21', 'IVA10', 'IVA4', 'IVA0', 'EXENTO', 'IVAINTRA', 'EXPORT', 'OSS', 'RCINTRACOM', 'ISP', 'IMPORT', 'NOSUJETO',
  'RE52', 'RE14', 'RE05', 'RE175', 'IRPF15', 'IRPF7', 'IRPF19'];

async function allTaxTypes(token: string) {
  const res = await app.get('/api/v1/taxes?limit=500', token);
  expect(res.status).toBe(200);
  return res.body.items as any[];
}

describe('the seeded catalogue', () => {
  test('onboarding seeds every Spanish tax type with stable codes, ids, rates and 303/ledger metadata', async () => {
    const items = await allTaxTypes(company.token);
    const byCode = new Map(items.map((i) => [i.code, i]));
    for (const code of REQUIRED_CODES) expect(byCode.has(code)).toBe(true);
    expect(items).toHaveLength(TAX_CATALOGUE.length);
    for (const item of items) {
      expect(item.id).toBe(seededTaxTypeId(company.tenantId, item.code));
      expect(item.seeded).toBe(true);
      expect(item.active).toBe(true);
      expect(item.rate).toMatch(/^\d{1,3}\.\d{2}$/);
    }
    expect(byCode.get('IVA21')).toMatchObject({ kind: 'vat', rate: '21.00', regime: 'domestic', country: null });
    expect(byCode.get('IVA21').sales).toEqual({ account: '477', revenue_account: '7000', legend: null });
    expect(byCode.get('IVA21').purchases).toEqual({ account: '472', self_assessed_account: null });
    expect(byCode.get('IVA10')).toMatchObject({ rate: '10.00', regime: 'domestic' });
    expect(byCode.get('IVA4')).toMatchObject({ rate: '4.00' });
    expect(byCode.get('IVAINTRA')).toMatchObject({ rate: '0.00', regime: 'intra_eu', purchases: null });
    expect(byCode.get('IVAINTRA').sales).toMatchObject({ revenue_account: '7001' });
    expect(byCode.get('EXPORT')).toMatchObject({ regime: 'export', purchases: null });
    expect(byCode.get('EXPORT').sales).toMatchObject({ revenue_account: '7002' });
    expect(byCode.get('NOSUJETO')).toMatchObject({ regime: 'not_subject' });
    expect(byCode.get('EXENTO')).toMatchObject({ regime: 'exempt' });
    expect(byCode.get('OSS')).toMatchObject({ regime: 'oss' });
    expect(byCode.get('RCINTRACOM')).toMatchObject({ rate: '21.00', regime: 'intra_eu', sales: null });
    expect(byCode.get('RCINTRACOM').purchases).toEqual({ account: '472', self_assessed_account: '477' });
    expect(byCode.get('ISP').purchases).toEqual({ account: '472', self_assessed_account: '477' });
    expect(byCode.get('IMPORT').purchases).toEqual({ account: '472', self_assessed_account: null });
    // no tax type carries a tax-model box: each model plugin owns its mapping
    expect(items.filter((i) => JSON.stringify([i.sales, i.purchases]).includes('box'))).toEqual([]);
    expect(byCode.get('RE52')).toMatchObject({ kind: 'surcharge', rate: '5.20' });
    expect(byCode.get('RE14')).toMatchObject({ kind: 'surcharge', rate: '1.40' });
    expect(byCode.get('RE05')).toMatchObject({ kind: 'surcharge', rate: '0.50' });
    expect(byCode.get('RE175')).toMatchObject({ kind: 'surcharge', rate: '1.75' });
    expect(byCode.get('IRPF15')).toMatchObject({ kind: 'withholding', rate: '15.00' });
    expect(byCode.get('IRPF15').purchases.account).toBe('4751');
    expect(byCode.get('IRPF7')).toMatchObject({ kind: 'withholding', rate: '7.00' });
    expect(byCode.get('IRPF19')).toMatchObject({ kind: 'withholding', rate: '19.00' });
    // the catalogue's order, not alphabetical
    expect(items.slice(0, 4).map((i) => i.code)).toEqual(['IVA21', 'IVA10', 'IVA4', 'IVA0']);
  });

  test('each tenant gets its own copy: same codes, different stable ids', async () => {
    const other = await createCompany(app);
    const mine = await allTaxTypes(company.token);
    const theirs = await allTaxTypes(other.token);
    expect(theirs.map((i) => i.code)).toEqual(mine.map((i) => i.code));
    const myIds = new Set(mine.map((i) => i.id));
    expect(theirs.some((i) => myIds.has(i.id))).toBe(false);
    const one = await app.get(`/api/v1/taxes/${seededTaxTypeId(other.tenantId, 'IVA21')}`, other.token);
    expect(one.status).toBe(200);
    expect(one.body.code).toBe('IVA21');
  });

  test('a tenant without the catalogue (created before the plugin) gets it back on first use, with the same ids', async () => {
    const own = await createCompany(app);
    const before = await allTaxTypes(own.token);
    const wipe = () => app.kernel.unitOfWork(null).run((tx) => tx.sql('delete from tax_types where tenant_id = :tenant'), { tenantId: own.tenantId });
    await wipe();
    expect(await allTaxTypes(own.token)).toEqual(before);
    await wipe();
    const ivaId = seededTaxTypeId(own.tenantId, 'IVA21');
    expect((await app.get(`/api/v1/taxes/${ivaId}`, own.token)).body.code).toBe('IVA21');
    expect((await allTaxTypes(own.token)).map((t) => t.id)).toEqual(before.map((t) => t.id));
    await wipe();
    const contact = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente' }, own.token);
    const suggestion = await app.get(`/api/v1/contacts/${contact.body.id}/tax-suggestion?context=sale`, own.token);
    expect(suggestion.body).toMatchObject({ code: 'IVA21', tax_type_id: ivaId });
  });

  test('limit and offset page through the list; total counts the whole filtered set', async () => {
    const all = await allTaxTypes(company.token);
    const first = await app.get('/api/v1/taxes?limit=5', company.token);
    expect(first.body).toMatchObject({ total: all.length, limit: 5, offset: 0 });
    expect(first.body.items.map((i: any) => i.code)).toEqual(all.slice(0, 5).map((i) => i.code));
    const last = await app.get(`/api/v1/taxes?limit=5&offset=${all.length - 2}`, company.token);
    expect(last.body.items.map((i: any) => i.code)).toEqual(all.slice(-2).map((i) => i.code));
    expect((await app.get('/api/v1/taxes', company.token)).body.limit).toBe(50);
    const beyond = await app.get('/api/v1/taxes?offset=1000', company.token);
    expect(beyond.body).toMatchObject({ items: [], total: all.length, offset: 1000 });
    const surcharges = await app.get('/api/v1/taxes?kind=surcharge', company.token);
    expect(surcharges.body.items.map((i: any) => i.code).sort()).toEqual(['RE05', 'RE14', 'RE175', 'RE52']);
    expect(surcharges.body.total).toBe(4);
    const intraEu = await app.get('/api/v1/taxes?regime=intra_eu&kind=vat', company.token);
    expect(intraEu.body.items.map((i: any) => i.code).sort()).toEqual(['IVAINTRA', 'RCINTRACOM']);
  });

  test('bad list parameters are 422 with the parameter in loc', async () => {
    for (const [query, field] of [['limit=0', 'limit'], ['limit=501', 'limit'], ['limit=abc', 'limit'], ['offset=-1', 'offset'], ['offset=1e20', 'offset'], ['limit=5e3', 'limit'], ['kind=sales', 'kind'], ['regime=x', 'regime'], ['active=perhaps', 'active']]) {
      const res = await app.get(`/api/v1/taxes?${query}`, company.token);
      expect([query, res.status]).toEqual([query, 422]);
      expect([query, res.body.detail[0].loc]).toEqual([query, ['query', field]]);
    }
  });
});

describe('tenant-defined tax types', () => {
  test('a company adds an OSS rate for another Member State; metadata defaults to the OSS template', async () => {
    const res = await app.post('/api/v1/taxes', { code: 'oss-fr20', name: 'OSS Francia 20%', kind: 'vat', rate: '20', regime: 'oss', country: 'fr' }, company.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ code: 'OSS-FR20', rate: '20.00', regime: 'oss', country: 'FR', seeded: false, active: true, purchases: null });
    expect(res.body.sales).toEqual({ account: '4779', revenue_account: '7001', legend: null });
    const fetched = await app.get(`/api/v1/taxes/${res.body.id}`, company.token);
    expect(fetched.body).toEqual(res.body);
    expect((await allTaxTypes(company.token)).at(-1).code).toBe('OSS-FR20');
  });

  test('explicit metadata is kept; codes stay unique per tenant (409), not across tenants', async () => {
    const body = { code: 'IVA21B', name: 'IVA 21 especial', kind: 'vat', rate: '21.00', regime: 'domestic', sales: { account: '4770' }, purchases: null };
    const created = await app.post('/api/v1/taxes', body, company.token);
    expect(created.status).toBe(201);
    expect(created.body.sales).toEqual({ account: '4770', revenue_account: null, legend: null });
    expect(created.body.purchases).toBeNull();
    const again = await app.post('/api/v1/taxes', { ...body, code: 'iva21b' }, company.token);
    expect(again.status).toBe(409);
    expect(typeof again.body.detail).toBe('string');
    expect((await app.post('/api/v1/taxes', { ...body, code: 'IVA21' }, company.token)).status).toBe(409);
    const other = await createCompany(app);
    expect((await app.post('/api/v1/taxes', body, other.token)).status).toBe(201);
  });

  test('invalid tax types are 422 with the field in loc', async () => {
    const base = { code: 'NEW1', name: 'Nuevo', kind: 'vat', rate: '5.00', regime: 'domestic' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, rate: '100.01' }, 'rate'],
      [{ ...base, rate: '21,00' }, 'rate'],
      [{ ...base, rate: '5.555' }, 'rate'],
      [{ ...base, rate: 21 }, 'rate'],
      [{ ...base, code: 'bad code' }, 'code'],
      [{ ...base, code: '' }, 'code'],
      [{ ...base, name: '' }, 'name'],
      [{ ...base, kind: 'sales_tax' }, 'kind'],
      [{ ...base, regime: 'foreign' }, 'regime'],
      [{ ...base, country: 'XX' }, 'country'],
      [{ ...base, country: 'ESP' }, 'country'],
      [{ ...base, regime: 'oss' }, 'country'],
      [{ ...base, regime: 'oss', country: 'ES' }, 'country'],
      [{ ...base, regime: 'oss', country: 'US' }, 'country'],
      [{ ...base, sales: null, purchases: null }, 'sales'],
      [{ ...base, sales: { account: 'siete' } }, 'sales'],
      [{ ...base, sales: { base_box: '07' } }, 'sales'],
      [{ ...base, name: 'IVA\u0000' }, 'name'],
      [{ ...base, sales: { legend: 'x\u0000' } }, 'sales'],
    ];
    for (const [body, field] of cases) {
      const res = await app.post('/api/v1/taxes', body, company.token);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 422]);
      expect(res.body.detail[0].loc[0]).toBe('body');
      expect(res.body.detail[0].loc[1]).toBe(field);
    }
    expect((await allTaxTypes(company.token)).some((t) => t.code === 'NEW1')).toBe(false);
  });

  test('seeded types can be deactivated and reactivated, never re-coded', async () => {
    const id = seededTaxTypeId(company.tenantId, 'IVA0');
    const off = await app.patch(`/api/v1/taxes/${id}`, { active: false }, company.token);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ code: 'IVA0', active: false, seeded: true });
    const active = await app.get('/api/v1/taxes?active=true&limit=500', company.token);
    expect(active.body.items.some((i: any) => i.code === 'IVA0')).toBe(false);
    const inactive = await app.get('/api/v1/taxes?active=false', company.token);
    expect(inactive.body.items.map((i: any) => i.code)).toEqual(['IVA0']);
    expect((await app.patch(`/api/v1/taxes/${id}`, { code: 'IVA00' }, company.token)).status).toBe(422);
    expect((await app.patch(`/api/v1/taxes/${id}`, { rate: '1.00' }, company.token)).status).toBe(422);
    expect((await app.patch(`/api/v1/taxes/${id}`, {}, company.token)).status).toBe(422);
    const renamed = await app.patch(`/api/v1/taxes/${id}`, { active: true, name: 'IVA 0% (histórico)' }, company.token);
    expect(renamed.body).toMatchObject({ active: true, name: 'IVA 0% (histórico)', rate: '0.00' });
  });

  test('viewers and members read; only accountants and above manage', async () => {
    const viewer = await createApiKey(app, company.token, 'viewer');
    const member = await createApiKey(app, company.token, 'member');
    const accountant = await createApiKey(app, company.token, 'accountant');
    expect((await app.get('/api/v1/taxes', viewer.key)).status).toBe(200);
    expect((await app.get('/api/v1/taxes/settings', viewer.key)).status).toBe(200);
    const body = { code: 'PERM1', name: 'x', kind: 'vat', rate: '1', regime: 'domestic' };
    expect((await app.post('/api/v1/taxes', body, viewer.key)).status).toBe(403);
    expect((await app.post('/api/v1/taxes', body, member.key)).status).toBe(403);
    expect((await app.patch('/api/v1/taxes/settings', { oss_registered: true }, member.key)).status).toBe(403);
    const id = seededTaxTypeId(company.tenantId, 'IRPF19');
    expect((await app.patch(`/api/v1/taxes/${id}`, { active: false }, member.key)).status).toBe(403);
    expect((await app.post('/api/v1/taxes', body, accountant.key)).status).toBe(201);
    expect((await app.get('/api/v1/taxes')).status).toBe(401);
  });

  test("another tenant's tax type is 404 exactly like a random id", async () => {
    const other = await createCompany(app);
    const foreignId = seededTaxTypeId(other.tenantId, 'IVA21');
    for (const [method, body] of [['GET', undefined], ['PATCH', { active: false }]] as const) {
      const foreign = await app.request(method, `/api/v1/taxes/${foreignId}`, { token: company.token, body });
      const missing = await app.request(method, `/api/v1/taxes/${crypto.randomUUID()}`, { token: company.token, body });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
    }
    expect((await app.get(`/api/v1/taxes/${foreignId}`, other.token)).body.active).toBe(true);
    expect((await app.get('/api/v1/taxes/not-a-uuid', company.token)).status).toBe(422);
  });
});

describe('tax settings', () => {
  test('OSS registration is a per-tenant setting', async () => {
    const own = await createCompany(app);
    const other = await createCompany(app);
    const initial = await app.get('/api/v1/taxes/settings', own.token);
    expect(initial.body).toEqual({ oss_registered: false, oss_threshold: '10000.00', distance_sales_current_year: '0.00', distance_sales_previous_year: '0.00', oss_applies: false });
    const updated = await app.patch('/api/v1/taxes/settings', { oss_registered: true }, own.token);
    expect(updated.body).toMatchObject({ oss_registered: true, oss_applies: true });
    expect((await app.get('/api/v1/taxes/settings', own.token)).body.oss_registered).toBe(true);
    expect((await app.get('/api/v1/taxes/settings', other.token)).body.oss_registered).toBe(false);
    expect((await app.patch('/api/v1/taxes/settings', { oss_registered: 'yes' }, own.token)).status).toBe(422);
    expect((await app.patch('/api/v1/taxes/settings', {}, own.token)).status).toBe(422);
  });

  test('distance sales come from the taxes.distance-sales hook; above €10,000 this or last year OSS applies', async () => {
    const own = await createCompany(app);
    const year = new Date().getUTCFullYear();
    distanceSales.set(`${own.tenantId}:${year}`, '10000.00');
    let settings = (await app.get('/api/v1/taxes/settings', own.token)).body;
    expect(settings).toMatchObject({ distance_sales_current_year: '10000.00', oss_applies: false });
    distanceSales.set(`${own.tenantId}:${year - 1}`, '10000.01');
    settings = (await app.get('/api/v1/taxes/settings', own.token)).body;
    expect(settings).toMatchObject({ distance_sales_previous_year: '10000.01', oss_applies: true, oss_registered: false });
    distanceSales.delete(`${own.tenantId}:${year - 1}`);
    distanceSales.set(`${own.tenantId}:${year}`, '15000.00');
    expect((await app.get('/api/v1/taxes/settings', own.token)).body.oss_applies).toBe(true);
  });
});
