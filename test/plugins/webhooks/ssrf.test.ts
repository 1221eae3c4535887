/**
 * Without WEBHOOKS_ALLOW_PRIVATE, endpoints must be HTTPS and public: loopback, private, link-local
 * (cloud metadata), shared and reserved targets are refused whether named by address or by a host
 * name resolving to one, on creation and on change. (Redirects are covered by webhooks.test.ts:
 * they are never followed.)
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { isInternalAddress, refusedTarget } from '../../../plugins/webhooks/target';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';

let app: TestApp;
let owner: TestCompany;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createCompany(app);
});
afterAll(() => app.close());

const REFUSED = [
  'http://93.184.216.34/hook', // plain HTTP
  'https://127.0.0.1/hook', 'https://127.1.2.3:8443/hook', 'https://localhost/hook', 'https://[::1]/hook',
  'https://10.0.0.5/hook', 'https://172.16.9.9/hook', 'https://192.168.1.10/hook', 'https://100.64.0.1/hook',
  'https://169.254.169.254/latest/meta-data', 'https://[fe80::1]/hook', 'https://[fd00::1]/hook',
  'https://[::ffff:127.0.0.1]/hook', 'https://[::ffff:a9fe:a9fe]/hook', 'https://[64:ff9b::a00:1]/hook',
  'https://0.0.0.0/hook', 'https://user:pass@93.184.216.34/hook', 'ftp://93.184.216.34/hook',
];

test('private, loopback, link-local and plain-HTTP targets are refused with 422 on the url', async () => {
  for (const url of REFUSED) {
    const res = await app.post('/api/v1/webhooks', { url, events: ['invoice.issued'] }, owner.token);
    expect({ url, status: res.status, loc: res.body.detail?.[0]?.loc }).toEqual({ url, status: 422, loc: ['body', 'url'] });
  }
  expect((await app.get('/api/v1/webhooks', owner.token)).body.total).toBe(0);
});

test('a public HTTPS address is accepted, and cannot be changed to a private one', async () => {
  const created = await app.post('/api/v1/webhooks', { url: 'https://93.184.216.34/hook', events: ['invoice.issued'] }, owner.token);
  expect(created.status).toBe(201);
  const changed = await app.patch(`/api/v1/webhooks/${created.body.id}`, { url: 'https://10.1.1.1/hook' }, owner.token);
  expect(changed.status).toBe(422);
  expect((await app.get(`/api/v1/webhooks/${created.body.id}`, owner.token)).body.url).toBe('https://93.184.216.34/hook');
});

test('a host name is refused if any of its addresses is internal', async () => {
  const resolver = async () => ['93.184.216.34', '10.0.0.1'];
  expect(await refusedTarget('https://mixed.example/hook', false, resolver)).toMatch(/10\.0\.0\.1/);
  expect(await refusedTarget('https://public.example/hook', false, async () => ['93.184.216.34', '2606:2800:220:1::1'])).toBeNull();
  expect(isInternalAddress('2606:2800:220:1::1')).toBe(false);
  expect(isInternalAddress('8.8.8.8')).toBe(false);
});
