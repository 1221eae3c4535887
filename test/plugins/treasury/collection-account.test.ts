import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany } from '../../support/factories';

/**
 * The treasury marked as collection account (its IBAN printed on invoices): at most one per
 * company, with an IBAN, unmarked when archived; another company's treasuries are 404.
 */
const IBAN_1 = 'ES9121000418450200051332';
const IBAN_2 = 'ES7921000813610123456789';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); }, 120_000);
afterAll(() => app?.close());

const create = (token: string, body: Record<string, unknown>) => app.post('/api/v1/treasuries', { kind: 'bank', name: `Banco ${crypto.randomUUID().slice(0, 6)}`, ...body }, token);
const marked = async (token: string) => ((await app.get('/api/v1/treasuries?include_archived=true', token)).body.items as any[]).filter((t) => t.collection_account).map((t) => t.iban);

describe('collection account', () => {
  test('unmarked by default; marking one (create or PATCH) unmarks the other; archiving unmarks it', async () => {
    const company = await createCompany(app);
    const plain = await create(company.token, { iban: IBAN_1 });
    expect(plain.status).toBe(201);
    expect(plain.body.collection_account).toBe(false);
    const first = await create(company.token, { iban: IBAN_2, collection_account: true });
    expect(first.status).toBe(201);
    expect(first.body.collection_account).toBe(true);
    expect(await marked(company.token)).toEqual([IBAN_2]);

    const switched = await app.patch(`/api/v1/treasuries/${plain.body.id}`, { collection_account: true }, company.token);
    expect(switched.status).toBe(200);
    expect(switched.body.collection_account).toBe(true);
    expect(await marked(company.token)).toEqual([IBAN_1]);
    expect((await app.get(`/api/v1/treasuries/${first.body.id}`, company.token)).body.collection_account).toBe(false);

    const archived = await app.post(`/api/v1/treasuries/${plain.body.id}/archive`, {}, company.token);
    expect(archived.body).toMatchObject({ archived: true, collection_account: false });
    expect(await marked(company.token)).toEqual([]);
    expect((await app.patch(`/api/v1/treasuries/${plain.body.id}`, { collection_account: true }, company.token)).status).toBe(409);
  });

  test('a collection account needs an IBAN: 422 on create, on marking and on clearing its IBAN; nothing changes', async () => {
    const company = await createCompany(app);
    const noIban = await create(company.token, { collection_account: true });
    expect(noIban.status).toBe(422);
    expect(noIban.body.detail[0].loc).toEqual(['body', 'collection_account']);
    expect((await app.get('/api/v1/treasuries', company.token)).body.total).toBe(0);
    const wallet = await create(company.token, { kind: 'wallet' });
    expect((await app.patch(`/api/v1/treasuries/${wallet.body.id}`, { collection_account: true }, company.token)).status).toBe(422);
    const bank = await create(company.token, { iban: IBAN_1, collection_account: true });
    expect((await app.patch(`/api/v1/treasuries/${bank.body.id}`, { iban: null }, company.token)).status).toBe(422);
    expect((await app.patch(`/api/v1/treasuries/${bank.body.id}`, { collection_account: 'yes' }, company.token)).status).toBe(422);
    expect(await marked(company.token)).toEqual([IBAN_1]);
    // unmarking and clearing the IBAN in one request is fine
    const cleared = await app.patch(`/api/v1/treasuries/${bank.body.id}`, { iban: null, collection_account: false }, company.token);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ iban: null, collection_account: false });
  });

  test('companies are apart: another company\'s treasury is 404 and its mark is its own', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const mine = await create(a.token, { iban: IBAN_1, collection_account: true });
    const theirs = await create(b.token, { iban: IBAN_1, collection_account: true });
    expect(theirs.status).toBe(201);
    expect((await app.patch(`/api/v1/treasuries/${mine.body.id}`, { collection_account: false }, b.token)).status).toBe(404);
    expect(await marked(a.token)).toEqual([IBAN_1]);
    expect(await marked(b.token)).toEqual([IBAN_1]);
  });
});
