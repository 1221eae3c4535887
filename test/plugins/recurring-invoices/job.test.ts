/**
 * The background job, driven with `runOnce(today)`: catch-up of months missed (each period dated on
 * its day, 31 → 28 February), nothing twice (a second pass, two runners at once, two kernels on one
 * PostgreSQL database), drafts or issued invoices, pause and resume, edits, the end date, a failing
 * issue recorded and retried, and the `recurring-invoice.created` event for the sending plugin.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createApp } from '../../../kernel/app';
import { definePlugin } from '../../../kernel/plugin';
import '../../../plugins/recurring-invoices/api';
import type { RecurringInvoiceCreatedPayload } from '../../../plugins/recurring-invoices/api';
import { RecurringInvoiceRunner } from '../../../plugins/recurring-invoices/runner';
import { todayInSpain } from '../../../plugins/ledger/api';
import { backend } from '../../support/database';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

const published: RecurringInvoiceCreatedPayload[] = [];
const listener = definePlugin({
  name: 'test-recurring-listener',
  dependsOn: ['recurring-invoices'],
  hooks: { events: { 'recurring-invoice.created': (payload) => { published.push(payload); } } },
});

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp({ extraPlugins: [listener] }); }, 60_000);
afterAll(() => app?.close());

const job = () => app.kernel.service('recurring-invoices');
const line = (company: TestCompany, unitPrice = '100.00') => ({ description: 'Cuota de mantenimiento', quantity: '1', unit_price: unitPrice, tax_type_id: taxId(company, 'IVA21') });

async function template(fields: Record<string, unknown> = {}, unitPrice = '100.00') {
  const company = await createCompany(app);
  const customer = await createContact(app, company.token, { name: 'Cliente Mensual SL' });
  const res = await app.post('/api/v1/recurring-invoices', { contact_id: customer.id, start_date: '2026-01-31', lines: [line(company, unitPrice)], ...fields }, company.token);
  if (res.status !== 201) throw new Error(`template: ${res.status} ${res.text}`);
  return { company, customer, id: res.body.id as string };
}

const runsOf = async (company: TestCompany, id: string) => (await app.get(`/api/v1/recurring-invoices/${id}/runs?limit=200`, company.token)).body.items;
const invoicesOf = async (company: TestCompany) => {
  const items = (await app.get('/api/v1/invoices?limit=200', company.token)).body.items;
  return items.sort((a: any, b: any) => a.issue_date.localeCompare(b.issue_date));
};

describe(`recurring invoices job (${backend})`, () => {
  test('catch-up: every period since the start is made once, dated on its day (31 → 28 February), numbered in order; a second pass makes nothing', async () => {
    const { company, customer, id } = await template({ due_days: 30 });
    const first = await job().runOnce('2026-05-15');
    expect(first.created).toBeGreaterThanOrEqual(4);
    const invoices = await invoicesOf(company);
    expect(invoices.map((i: any) => [i.issue_date, i.due_date, i.number, i.status, i.total, i.contact_id])).toEqual([
      ['2026-01-31', '2026-03-02', 'F-2026-000001', 'issued', '121.00', customer.id],
      ['2026-02-28', '2026-03-30', 'F-2026-000002', 'issued', '121.00', customer.id],
      ['2026-03-31', '2026-04-30', 'F-2026-000003', 'issued', '121.00', customer.id],
      ['2026-04-30', '2026-05-30', 'F-2026-000004', 'issued', '121.00', customer.id],
    ]);
    const runs = await runsOf(company, id);
    expect(runs.map((r: any) => [r.period, r.status, r.invoice_number, r.invoice_status, r.error, r.attempts])).toEqual([
      ['2026-04-30', 'created', 'F-2026-000004', 'issued', null, 1],
      ['2026-03-31', 'created', 'F-2026-000003', 'issued', null, 1],
      ['2026-02-28', 'created', 'F-2026-000002', 'issued', null, 1],
      ['2026-01-31', 'created', 'F-2026-000001', 'issued', null, 1],
    ]);
    expect(runs.map((r: any) => r.invoice_id).sort()).toEqual(invoices.map((i: any) => i.id).sort());
    // the company's export carries the template and its runs
    const exported = (await app.get('/api/v1/account/export', company.token)).body.tenants[0].sections['recurring-invoices'];
    expect(exported.templates.map((t: any) => t.id)).toEqual([id]);
    expect(exported.runs.map((r: any) => r.period)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect((await app.get(`/api/v1/recurring-invoices/${id}`, company.token)).body.next_period).toBe('2026-05-31');

    await job().runOnce('2026-05-15');
    await job().runOnce('2026-05-30');
    expect(await invoicesOf(company)).toHaveLength(4);
    await job().runOnce('2026-05-31');
    expect((await invoicesOf(company)).map((i: any) => i.issue_date).at(-1)).toBe('2026-05-31');
    expect(await runsOf(company, id)).toHaveLength(5);
  });

  test('two runners at once (two instances of the job) make each period once', async () => {
    const { company, id } = await template({ start_date: '2026-01-10' });
    const other = new RecurringInvoiceRunner(app.kernel);
    const results = await Promise.all([job().runOnce('2026-09-20'), other.runOnce('2026-09-20'), job().runOnce('2026-09-20')]);
    expect(results.every((r) => r.failed === 0)).toBe(true);
    const invoices = await invoicesOf(company);
    expect(invoices.map((i: any) => i.issue_date)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10', '2026-04-10', '2026-05-10', '2026-06-10', '2026-07-10', '2026-08-10', '2026-09-10']);
    expect(invoices.map((i: any) => i.number)).toEqual(invoices.map((_: any, n: number) => `F-2026-${String(n + 1).padStart(6, '0')}`));
    expect(await runsOf(company, id)).toHaveLength(9);
  });

  test.skipIf(backend !== 'postgres')('two kernels on one PostgreSQL database, running at once, make each period once', async () => {
    // ends with the year: the second kernel's own pass at start-up (today's date) cannot add a period the test does not expect
    const { company } = await template({ start_date: '2026-01-05', day_of_month: 5, end_date: '2026-12-31' });
    const second = await createApp({ config: app.config });
    try {
      await Promise.all([job().runOnce('2026-12-06'), second.kernel.service('recurring-invoices').runOnce('2026-12-06')]);
    } finally {
      await second.stop();
    }
    const invoices = await invoicesOf(company);
    expect(invoices).toHaveLength(12);
    expect(new Set(invoices.map((i: any) => i.issue_date)).size).toBe(12);
  });

  test('a pass pages through every due template, past ones that keep failing', async () => {
    const failing = await template({ start_date: '2026-02-01' }, '1000.00');
    expect((await app.patch(`/api/v1/contacts/${failing.customer.id}`, { address: null }, failing.company.token)).status).toBe(200);
    const others = [await template({ start_date: '2026-02-02' }), await template({ start_date: '2026-02-03' })];
    const small = new RecurringInvoiceRunner(app.kernel, 1);
    const result = await small.runOnce('2026-02-10');
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect((await runsOf(failing.company, failing.id)).map((r: any) => r.status)).toEqual(['failed']);
    for (const other of others) expect((await runsOf(other.company, other.id)).map((r: any) => r.status)).toEqual(['created']);
  });

  test('action draft leaves each invoice as a draft, without number', async () => {
    const { company, id } = await template({ action: 'draft', start_date: '2026-03-01' });
    await job().runOnce('2026-04-01');
    const invoices = await invoicesOf(company);
    expect(invoices.map((i: any) => [i.issue_date, i.status, i.number])).toEqual([['2026-03-01', 'draft', null], ['2026-04-01', 'draft', null]]);
    expect((await runsOf(company, id)).map((r: any) => [r.period, r.invoice_status, r.invoice_number])).toEqual([['2026-04-01', 'draft', null], ['2026-03-01', 'draft', null]]);
  });

  test('a paused template makes nothing; on resume the periods of the pause are skipped and the next ones made, none twice', async () => {
    const { company, id } = await template({ start_date: '2026-01-10', day_of_month: 10 });
    await job().runOnce('2026-02-15');
    expect((await app.post(`/api/v1/recurring-invoices/${id}/pause`, undefined, company.token)).status).toBe(200);
    await job().runOnce('2026-04-20');
    expect(await invoicesOf(company)).toHaveLength(2);
    // the pause began on 1 March (what a pause that day would have stored)
    await app.asOwner(`update recurring_invoice_templates set paused_on = '2026-03-01' where id = '${id}'`);
    const resumed = await app.post(`/api/v1/recurring-invoices/${id}/resume`, undefined, company.token);
    const today = todayInSpain();
    expect(resumed.body.next_period >= today).toBe(true);
    expect(resumed.body.next_period.endsWith('-10')).toBe(true);
    const later = new Date(`${today}T00:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 40);
    const until = later.toISOString().slice(0, 10);
    await job().runOnce(until);
    await job().runOnce(until);
    const dates = (await invoicesOf(company)).map((i: any) => i.issue_date);
    expect(dates.slice(0, 2)).toEqual(['2026-01-10', '2026-02-10']);
    const afterResume = dates.slice(2);
    expect(afterResume.length).toBeGreaterThanOrEqual(1);
    expect(afterResume.every((d: string) => d >= today && d <= until && d.endsWith('-10'))).toBe(true);
    expect(new Set(dates).size).toBe(dates.length);
  });

  test('editing the lines changes the next invoices only; the end date ends the schedule', async () => {
    const { company, id } = await template({ start_date: '2026-01-15', end_date: '2026-04-15' });
    await job().runOnce('2026-02-20');
    const patched = await app.patch(`/api/v1/recurring-invoices/${id}`, { lines: [line(company, '200.00')] }, company.token);
    expect(patched.status).toBe(200);
    await job().runOnce('2026-12-31');
    const invoices = await invoicesOf(company);
    expect(invoices.map((i: any) => [i.issue_date, i.total])).toEqual([['2026-01-15', '121.00'], ['2026-02-15', '121.00'], ['2026-03-15', '242.00'], ['2026-04-15', '242.00']]);
    expect((await app.get(`/api/v1/recurring-invoices/${id}`, company.token)).body.next_period).toBeNull();
  });

  test('an invoice that cannot be issued is recorded as a failed run, retried on each pass, and made once the data is fixed', async () => {
    const { company, customer, id } = await template({ start_date: '2026-06-30' }, '1000.00');
    // a business customer without an address cannot receive a full invoice (art. 6.1.e RD 1619/2012)
    expect((await app.patch(`/api/v1/contacts/${customer.id}`, { address: null }, company.token)).status).toBe(200);
    const failed = await job().runOnce('2026-07-31');
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    let runs = await runsOf(company, id);
    expect(runs.map((r: any) => [r.period, r.status, r.invoice_id, r.attempts])).toEqual([['2026-06-30', 'failed', null, 1]]);
    expect(runs[0].error).toMatch(/address|dirección/i);
    expect(await invoicesOf(company)).toHaveLength(0);
    await job().runOnce('2026-07-31');
    expect((await runsOf(company, id))[0]).toMatchObject({ status: 'failed', attempts: 2 });

    expect((await app.patch(`/api/v1/contacts/${customer.id}`, { address: 'Avenida Diagonal 100' }, company.token)).status).toBe(200);
    await job().runOnce('2026-07-31');
    runs = await runsOf(company, id);
    expect(runs.map((r: any) => [r.period, r.status, r.invoice_number, r.error])).toEqual([['2026-07-30', 'created', 'F-2026-000002', null], ['2026-06-30', 'created', 'F-2026-000001', null]]);
    expect(runs[1].attempts).toBe(3);
    expect((await invoicesOf(company)).map((i: any) => i.issue_date)).toEqual(['2026-06-30', '2026-07-30']);
  });

  test('each invoice made publishes recurring-invoice.created with the template\'s send flag, after commit', async () => {
    const { company, customer, id } = await template({ start_date: '2026-10-31', send: true });
    await job().runOnce('2026-11-30');
    await app.kernel.outbox.idle();
    const mine = published.filter((p) => p.template_id === id).sort((a, b) => a.period.localeCompare(b.period));
    const invoices = await invoicesOf(company);
    expect(mine).toEqual(invoices.map((i: any, n: number) => ({
      template_id: id, run_id: expect.any(String), period: i.issue_date, invoice_id: i.id, invoice_number: i.number, invoice_status: 'issued', contact_id: customer.id, send: true,
    })));
    expect(mine.map((p) => p.period)).toEqual(['2026-10-31', '2026-11-30']);
  });
});
