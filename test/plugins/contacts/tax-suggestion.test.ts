import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { money } from '../../../kernel/money';
import { definePlugin } from '../../../kernel/plugin';
import { seededTaxTypeId } from '../../../plugins/taxes/api';
import '../../../plugins/taxes/hooks';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, expectValidation } from './support';

/** EU distance sales per tenant and year, reported the way invoice plugins will. */
const distanceSales = new Map<string, string>();
const distanceSalesPlugin = definePlugin({
  name: 'contacts-test-distance-sales',
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

const thisYear = new Date().getUTCFullYear();

async function suggest(token: string, fields: Record<string, unknown>, query: string) {
  const contact = await createContact(app, token, { name: 'Contacto', ...fields });
  const res = await app.get(`/api/v1/contacts/${contact.id}/tax-suggestion?${query}`, token);
  expect([fields, query, res.status]).toEqual([fields, query, 200]);
  return res.body;
}
async function expectCode(owner: TestCompany, fields: Record<string, unknown>, query: string, code: string) {
  const body = await suggest(owner.token, fields, query);
  expect([fields, query, body.code]).toEqual([fields, query, code]);
  expect(body.tax_type_id).toBe(seededTaxTypeId(owner.tenantId, code));
  expect(body.context).toBe(new URLSearchParams(query).get('context'));
  expect(body.reason.length).toBeGreaterThan(30);
  return body;
}

describe('sales', () => {
  test('domestic customer: IVA21 with its rate and the tenant\'s own tax type id', async () => {
    const body = await expectCode(company, { city: 'Madrid', postal_code: '28001', province: 'Madrid', vat: 'B12345674' }, 'context=sale', 'IVA21');
    expect(body.rate).toBe('21.00');
    expect(body.reason).toContain('art. 90');
    await expectCode(company, { customer_type: 'individual' }, 'context=sale', 'IVA21');
  });

  test('EU business with a VAT number: IVAINTRA (art. 25), with a warning when its check digits fail', async () => {
    const body = await expectCode(company, { country: 'FR', vat: 'FR40303265045' }, 'context=sale', 'IVAINTRA');
    expect(body).toMatchObject({ rate: '0.00' });
    expect(body.reason).toContain('art. 25');
    expect(body.reason).not.toContain('VIES antes');
    const suspicious = await expectCode(company, { country: 'FR', vat: 'FR40303265046' }, 'context=sale', 'IVAINTRA');
    expect(suspicious.reason).toContain('VIES');
    await expectCode(company, { country: 'GR', vat: '094259216' }, 'context=sale', 'IVAINTRA');
  });

  test('outside the EU, and Canarias, Ceuta and Melilla: EXPORT', async () => {
    const body = await expectCode(company, { country: 'US' }, 'context=sale', 'EXPORT');
    expect(body.reason).toContain('art. 21');
    await expectCode(company, { country: 'CH', customer_type: 'individual' }, 'context=sale', 'EXPORT');
    await expectCode(company, { country: 'GB', vat: 'GB123456789' }, 'context=sale', 'EXPORT');
    for (const place of [{ postal_code: '35001' }, { postal_code: '38 003' }, { postal_code: '51001' }, { postal_code: '52001' },
      { province: 'Santa Cruz de Tenerife' }, { province: 'Las Palmas' }, { province: 'CEUTA' }, { province: 'Melilla' }, { province: 'La Palma' }, { province: 'Islas Canarias' }]) {
      const canary = await expectCode(company, { ...place, vat: 'B12345674' }, 'context=sale', 'EXPORT');
      expect(canary.reason).toContain('Canarias, Ceuta o Melilla');
    }
    // Palma (de Mallorca) and Las Palmas-like postal codes elsewhere are inside the VAT territory
    await expectCode(company, { province: 'Palma', postal_code: '07001' }, 'context=sale', 'IVA21');
    await expectCode(company, { province: 'Illes Balears' }, 'context=sale', 'IVA21');
    await expectCode(company, { country: 'PT', postal_code: '35001', vat: 'PT501964843' }, 'context=sale', 'IVAINTRA');
  });

  test('EU consumer: Spanish VAT below the €10,000 threshold, OSS when registered or above it this or last year', async () => {
    const own = await createCompany(app);
    const consumer = { country: 'FR', customer_type: 'individual' };
    const below = await expectCode(own, consumer, 'context=sale', 'IVA21');
    expect(below.reason).toContain('10000.00');
    // a business without a VAT number cannot get the intra-EU exemption: same as a consumer
    await expectCode(own, { country: 'DE' }, 'context=sale', 'IVA21');

    distanceSales.set(`${own.tenantId}:${thisYear}`, '10000.00');
    await expectCode(own, consumer, 'context=sale', 'IVA21');
    distanceSales.set(`${own.tenantId}:${thisYear - 1}`, '10000.01');
    const lastYear = await expectCode(own, consumer, 'context=sale', 'OSS');
    expect(lastYear.reason).toContain('10000.01');
    distanceSales.delete(`${own.tenantId}:${thisYear - 1}`);
    distanceSales.set(`${own.tenantId}:${thisYear}`, '12500.00');
    await expectCode(own, consumer, 'context=sale', 'OSS');
    await expectCode(own, { country: 'DE' }, 'context=sale', 'OSS');
    distanceSales.delete(`${own.tenantId}:${thisYear}`);
    await expectCode(own, consumer, 'context=sale', 'IVA21');

    expect((await app.patch('/api/v1/taxes/settings', { oss_registered: true }, own.token)).status).toBe(200);
    const registered = await expectCode(own, consumer, 'context=sale', 'OSS');
    expect(registered.reason).toContain('ventanilla única');
    // business customers with a VAT number are not affected by the OSS
    await expectCode(own, { country: 'FR', vat: 'FR40303265045' }, 'context=sale', 'IVAINTRA');
  });

  test("the tenant's own OSS type for the destination country wins while it is active", async () => {
    const own = await createCompany(app);
    await app.patch('/api/v1/taxes/settings', { oss_registered: true }, own.token);
    const created = await app.post('/api/v1/taxes', { code: 'OSS-FR', name: 'OSS Francia 20%', kind: 'vat', rate: '20.00', regime: 'oss', country: 'FR' }, own.token);
    expect(created.status).toBe(201);
    const french = await suggest(own.token, { country: 'FR', customer_type: 'individual' }, 'context=sale');
    expect(french).toMatchObject({ code: 'OSS-FR', tax_type_id: created.body.id, rate: '20.00' });
    await expectCode(own, { country: 'IT', customer_type: 'individual' }, 'context=sale', 'OSS');
    await app.patch(`/api/v1/taxes/${created.body.id}`, { active: false }, own.token);
    await expectCode(own, { country: 'FR', customer_type: 'individual' }, 'context=sale', 'OSS');
  });
});

describe('purchases', () => {
  test('domestic supplier: IVA21', async () => {
    await expectCode(company, { kind: 'supplier', vat: 'A58818501' }, 'context=purchase', 'IVA21');
  });

  test('EU business supplier: RCINTRACOM; an EU private seller: NOSUJETO', async () => {
    const body = await expectCode(company, { kind: 'supplier', country: 'DE', vat: 'DE136695976' }, 'context=purchase', 'RCINTRACOM');
    expect(body.rate).toBe('21.00');
    const noVat = await expectCode(company, { kind: 'supplier', country: 'IT' }, 'context=purchase', 'RCINTRACOM');
    expect(noVat.reason).toContain('NIF-IVA');
    await expectCode(company, { kind: 'supplier', country: 'IT', customer_type: 'individual' }, 'context=purchase', 'NOSUJETO');
    await expectCode(company, { kind: 'supplier', country: 'DE', vat: 'DE136695976' }, 'context=purchase&nature=goods', 'RCINTRACOM');
  });

  test('outside the EU (and Canarias, Ceuta, Melilla): ISP for services (default), IMPORT for goods', async () => {
    await expectCode(company, { kind: 'supplier', country: 'US' }, 'context=purchase', 'ISP');
    await expectCode(company, { kind: 'supplier', country: 'US' }, 'context=purchase&nature=services', 'ISP');
    const goods = await expectCode(company, { kind: 'supplier', country: 'CN' }, 'context=purchase&nature=goods', 'IMPORT');
    expect(goods.reason).toContain('DUA');
    await expectCode(company, { kind: 'supplier', postal_code: '38001', vat: 'B12345674' }, 'context=purchase&nature=goods', 'IMPORT');
    await expectCode(company, { kind: 'supplier', province: 'Ceuta', vat: 'B12345674' }, 'context=purchase', 'ISP');
  });
});

describe('errors', () => {
  test('a deactivated suggestion is 409; bad parameters are 422', async () => {
    const own = await createCompany(app);
    const contact = await createContact(app, own.token, { name: 'Cliente' });
    const url = `/api/v1/contacts/${contact.id}/tax-suggestion`;
    await app.patch(`/api/v1/taxes/${seededTaxTypeId(own.tenantId, 'IVA21')}`, { active: false }, own.token);
    const refused = await app.get(`${url}?context=sale`, own.token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('IVA21');
    expect((await app.get(url, own.token)).status).toBe(409); // context defaults to sale
    expectValidation(await app.get(`${url}?context=rental`, own.token), ['query', 'context']);
    expectValidation(await app.get(`${url}?context=purchase&nature=software`, own.token), ['query', 'nature']);
    expect((await app.get('/api/v1/contacts/123/tax-suggestion?context=sale', own.token)).status).toBe(422);
  });
});
