/** The contact's BIC (for SEPA transfers to it): checked, stored upper case without spaces, cleared with null; another company cannot set it. */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
beforeAll(async () => { app = await startTestApp(); a = await createCompany(app); b = await createCompany(app); }, 120_000);
afterAll(() => app?.close());

test('a valid BIC is stored normalised and answered by read, list and search; an invalid one is 422; null clears it', async () => {
  const created = await app.post('/api/v1/contacts', { kind: 'supplier', name: 'Banco Proveedor SL', bic: 'bsch es mm' }, a.token);
  expect(created.status).toBe(201);
  expect(created.body.bic).toBe('BSCHESMM');
  expect((await app.get(`/api/v1/contacts/${created.body.id}`, a.token)).body.bic).toBe('BSCHESMM');
  const search = (await app.get('/api/v1/contacts?search=proveedor', a.token)).body;
  expect(search.items.map((c: any) => c.bic)).toEqual(['BSCHESMM']);
  for (const bic of ['BSCH1SMM', 'BSCHESM', 'BSCHESMMXX']) {
    const res = await app.patch(`/api/v1/contacts/${created.body.id}`, { bic }, a.token);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'bic']);
  }
  expect((await app.patch(`/api/v1/contacts/${created.body.id}`, { bic: 'CAIXESBBXXX' }, a.token)).body.bic).toBe('CAIXESBBXXX');
  expect((await app.patch(`/api/v1/contacts/${created.body.id}`, { bic: 'CAIXESBBXXX' }, b.token)).status).toBe(404);
  expect((await app.patch(`/api/v1/contacts/${created.body.id}`, { bic: null }, a.token)).body.bic).toBeNull();
});
