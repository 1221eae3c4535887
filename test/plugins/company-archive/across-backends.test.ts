/**
 * An archive made on one database engine restores on the other (docs/company-archive.md: moving
 * a company between deployments): PGlite to PostgreSQL and back, with the same figures, books,
 * VERI*FACTU chain and files. Runs whichever backend the suite is on; it starts one app on each.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, registerUser, type TestCompany } from '../../support/factories';
import { archiveOf, companyFigures, fillCompany, importArchive } from './support';

let pglite: TestApp;
let postgres: TestApp;
beforeAll(async () => {
  pglite = await startTestApp({ backend: 'pglite' });
  postgres = await startTestApp({ backend: 'postgres' });
}, 300_000);
afterAll(async () => { await pglite?.close(); await postgres?.close(); });

async function moved(from: TestApp, to: TestApp): Promise<void> {
  const company: TestCompany = await createCompany(from);
  await fillCompany(from, company);
  const archive = await archiveOf(from, company.token);
  const user = await registerUser(to);
  const restored = await importArchive(to, user.token, archive);
  expect(restored.status).toBe(201);
  const switched = await to.post('/api/v1/auth/switch-tenant', { tenant_id: restored.body.tenant_id }, user.token);
  expect(switched.status).toBe(200);
  const [before, after] = [await companyFigures(from, company.token), await companyFigures(to, switched.body.access_token)];
  expect(after).toEqual(before);
  expect(after.verifies).toBe(true);
  expect(after.invoices.length).toBe(4);
  // and back again: the copy's archive restores where the company started, still the same
  const back = await importArchive(from, company.token, await archiveOf(to, switched.body.access_token));
  expect(back.status).toBe(201);
  const home = await from.post('/api/v1/auth/switch-tenant', { tenant_id: back.body.tenant_id }, company.token);
  expect(await companyFigures(from, home.body.access_token)).toEqual(before);
}

describe('a company moves between database engines', () => {
  test('from PGlite to PostgreSQL (and back)', () => moved(pglite, postgres), 300_000);
  test('from PostgreSQL to PGlite (and back)', () => moved(postgres, pglite), 300_000);
});
