/**
 * Gapless numbering under concurrency and rollbacks (docs/domain/invoice-content.md §1): 32 concurrent
 * issues in one series, some of whose transactions are forced to roll back by a test-only
 * subscriber of the in-transaction `invoice.issued` hook. The numbers that exist are exactly
 * 1..N, with no gap and no duplicate, the counter row equals the highest number, and the journal's
 * own numbering is gapless too. On PostgreSQL the issues really run in parallel (pool of 16); on
 * PGlite (one connection) they serialise, and the same assertions hold.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Conflict } from '../../../kernel/errors';
import { definePlugin } from '../../../kernel/plugin';
import '../../../plugins/invoices/hooks';
import { createCompany, type TestCompany } from '../../support/factories';
import { backend } from '../../support/database';
import { createContact, fromCents, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

/** Invoices whose issue must fail, by id or by a marker in the notes (for create-and-issue). */
const doomed = new Set<string>();
const issuedHooks: string[] = [];
const saboteur = definePlugin({
  name: 'test-invoice-saboteur',
  dependsOn: ['invoices'],
  hooks: {
    sync: {
      'invoice.issued': async (tx, payload) => {
        const [row] = await tx.sql<{ notes: string | null }>(`select notes from invoices where tenant_id = :tenant and id = :id::uuid`, { id: payload.invoiceId });
        // hold the counter lock a little, so that the other transactions really queue behind it
        await Bun.sleep(2);
        if (doomed.has(payload.invoiceId) || row?.notes === 'ROLLBACK') throw new Conflict(`Test subscriber refused ${payload.number}`);
        issuedHooks.push(payload.number);
      },
    },
  },
});

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp({ extraPlugins: [saboteur] }); }, 60_000);
afterAll(() => app?.close());

const N = 32;

async function numbersOf(company: TestCompany, series: string) {
  return app.asAppRole<{ seq: number; number: string }>(company.tenantId, `select seq, number from invoices where series = '${series}' and seq is not null order by seq`);
}

async function expectGapless(company: TestCompany, series: string, expected: number) {
  const rows = await numbersOf(company, series);
  expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
  expect(new Set(rows.map((r) => r.number)).size).toBe(expected);
  const [counter] = await app.asAppRole<{ last: number | null }>(company.tenantId, `select max(last_number) as last from invoice_series where series = '${series}'`);
  expect(Number(counter?.last ?? 0)).toBe(expected);
  // the journal's numbering (its own counter row) is gapless as well
  const entries = await app.asAppRole<{ number: number }>(company.tenantId, `select number from journal_entries order by number`);
  expect(entries.map((e) => Number(e.number))).toEqual(Array.from({ length: entries.length }, (_, i) => i + 1));
}

describe(`gapless numbering under concurrency (${backend})`, () => {
  test(`${N} concurrent issues of drafts in one series, a quarter rolled back: numbers 1..N, then the failed ones take N+1..`, async () => {
    const company = await createCompany(app);
    const customer = await createContact(app, company.token, { name: 'Cliente Concurrente SL', vat: 'B65410011' });
    const drafts: string[] = [];
    for (let i = 0; i < N; i++) {
      const res = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-03-15', status: 'draft', lines: [{ description: `Pedido ${i}`, quantity: '1', unit_price: `${100 + i}.00`, tax_type_id: taxId(company, 'IVA21') }] }, company.token);
      expect(res.status).toBe(201);
      drafts.push(res.body.id);
    }
    const chosen = drafts.filter((_, i) => i % 4 === 1);
    for (const id of chosen) doomed.add(id);
    const results = await Promise.all(drafts.map((id) => app.post(`/api/v1/invoices/${id}/issue`, undefined, company.token)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 409);
    expect(ok.length + refused.length).toBe(N);
    expect(refused.length).toBe(chosen.length);
    expect(refused.every((r) => /Test subscriber refused F-2026-\d{6}/.test(r.body.detail))).toBe(true);
    await expectGapless(company, 'F', N - chosen.length);
    // the rolled-back invoices are still drafts, without a number and without an entry
    for (const id of chosen) expect((await app.get(`/api/v1/invoices/${id}`, company.token)).body).toMatchObject({ status: 'draft', number: null, journal_entry_id: null });

    for (const id of chosen) doomed.delete(id);
    const retried = await Promise.all(chosen.map((id) => app.post(`/api/v1/invoices/${id}/issue`, undefined, company.token)));
    expect(retried.map((r) => r.status)).toEqual(chosen.map(() => 200));
    await expectGapless(company, 'F', N);
    const tb = (await app.get('/api/v1/ledger/trial-balance', company.token)).body;
    expect(tb.totals.balance).toBe('0.00');
    // Σ (100 + i) × 1.21 over the 32 invoices, in cents
    const expected = Array.from({ length: N }, (_, i) => BigInt(100 + i) * 121n).reduce((a, b) => a + b, 0n);
    expect(tb.accounts.find((a: any) => a.account === '4300').debit).toBe(fromCents(expected));
  }, 120_000);

  test(`${N} concurrent create-and-issue requests in two series with rollbacks, and another tenant in parallel`, async () => {
    const company = await createCompany(app);
    const other = await createCompany(app);
    const customer = await createContact(app, company.token, { name: 'Cliente A', vat: 'B65410011' });
    const otherCustomer = await createContact(app, other.token, { name: 'Cliente B', vat: 'B65410011' });
    const body = (c: TestCompany, contactId: string, series: string, fail: boolean, i: number) => ({
      contact_id: contactId, series, issue_date: '2026-04-01', notes: fail ? 'ROLLBACK' : `ok ${i}`,
      lines: [{ description: `Servicio ${i}`, quantity: '2', unit_price: '10.005', tax_type_id: taxId(c, 'IVA10') }],
    });
    const requests = Array.from({ length: N }, (_, i) => {
      const series = i % 2 === 0 ? 'A' : 'B';
      return app.post('/api/v1/invoices', body(company, customer.id, series, i % 5 === 3, i), company.token);
    });
    const foreign = Array.from({ length: 8 }, (_, i) => app.post('/api/v1/invoices', body(other, otherCustomer.id, 'A', false, i), other.token));
    const results = await Promise.all([...requests, ...foreign]);
    const mine = results.slice(0, N);
    const failedA = mine.filter((r, i) => i % 2 === 0 && r.status !== 201).length;
    const failedB = mine.filter((r, i) => i % 2 === 1 && r.status !== 201).length;
    expect(mine.filter((r) => r.status !== 201).every((r) => r.status === 409)).toBe(true);
    expect(failedA + failedB).toBe(Array.from({ length: N }, (_, i) => i).filter((i) => i % 5 === 3).length);
    await expectGapless(company, 'A', N / 2 - failedA);
    await expectGapless(company, 'B', N / 2 - failedB);
    await expectGapless(other, 'A', 8);
    // a rolled-back create leaves nothing behind (not even a draft)
    expect((await app.asAppRole<{ n: number }>(company.tenantId, `select count(*)::int as n from invoices where notes = 'ROLLBACK'`))[0].n).toBe(0);
    expect(results.slice(N).every((r) => r.status === 201)).toBe(true);
  }, 120_000);
});
