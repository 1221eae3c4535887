/**
 * POST /invoices/{id}/issue without in-transaction subscribers of `invoice.issued`: the draft is
 * read, then numbered, posted and marked issued by ONE statement that is its own transaction
 * (uow.write). What the in-transaction path guarantees (concurrency.test.ts) must hold here too:
 * gapless numbers under concurrency, one issue per draft, nothing written when a check fails; and
 * the after-commit `invoice.issued` event carries the number the statement took.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { definePlugin } from '../../../kernel/plugin';
import '../../../plugins/invoices/hooks';
import type { DocumentEventPayload } from '../../../plugins/documents/api';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

const delivered: DocumentEventPayload[] = [];
const listener = definePlugin({
  name: 'test-invoice-listener',
  dependsOn: ['invoices'],
  hooks: { events: { 'invoice.issued': (payload) => { delivered.push(payload); } } },
});

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp({ extraPlugins: [listener] }); }, 60_000);
afterAll(() => app?.close());

async function company(): Promise<{ company: TestCompany; customer: any }> {
  const company = await createCompany(app);
  const customer = await createContact(app, company.token, { name: 'Cliente Rápido SL', vat: 'B65410011' });
  return { company, customer };
}

async function draft(c: { company: TestCompany; customer: any }, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await app.post('/api/v1/invoices', {
    contact_id: c.customer.id, issue_date: '2026-06-01', status: 'draft',
    lines: [
      { description: 'Consultoría', quantity: '2', unit_price: '150.25', tax_type_id: taxId(c.company, 'IVA21'), nature: 'services' },
      { description: 'Libro', quantity: '1', unit_price: '20', tax_type_id: taxId(c.company, 'IVA4') },
    ],
    ...fields,
  }, c.company.token);
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('issuing in one statement', () => {
  test('the path is taken: no in-transaction subscriber, so the issue is one write', () => {
    const uow = app.kernel.unitOfWork(null);
    expect(uow.hasSyncSubscribers('invoice.issued')).toBe(false);
    expect(uow.hasEventSubscribers('invoice.issued')).toBe(true);
  });

  test('32 concurrent issues in one series: numbers 1..32, no gap, no duplicate; balanced entries that name their invoice', async () => {
    const c = await company();
    const ids = await Promise.all(Array.from({ length: 32 }, () => draft(c)));
    const answers = await Promise.all(ids.map((id) => app.post(`/api/v1/invoices/${id}/issue`, undefined, c.company.token)));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const numbers = answers.map((a) => a.body.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 32 }, (_, i) => `F-2026-${String(i + 1).padStart(6, '0')}`));
    const rows = await app.asAppRole<{ number: string; seq: number; description: string; debit: string; credit: string; entries: number }>(c.company.tenantId, `
      select i.number, i.seq, e.description, (select sum(debit)::text from journal_lines l where l.entry_id = e.id) as debit,
        (select sum(credit)::text from journal_lines l where l.entry_id = e.id) as credit, (select count(*)::int from journal_entries) as entries
      from invoices i join journal_entries e on e.id = i.journal_entry_id and e.source_id = i.id order by i.seq`);
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    for (const r of rows) {
      expect(r.description).toBe(`Factura ${r.number} – Cliente Rápido SL`);
      expect(r.debit).toBe(r.credit);
      expect(r.debit).toBe('384.41');
    }
    const journal = await app.asAppRole<{ number: number }>(c.company.tenantId, 'select number from journal_entries order by number');
    expect(journal.map((e) => Number(e.number))).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    const [counter] = await app.asAppRole<{ last: number }>(c.company.tenantId, `select last_number as last from invoice_series where series = 'F'`);
    expect(Number(counter!.last)).toBe(32);
    // each answer is the invoice as stored
    const stored = await app.get(`/api/v1/invoices/${ids[0]}`, c.company.token);
    expect(stored.body).toEqual(answers[0]!.body);
  });

  test('create and issue (POST /invoices): 24 concurrent in one series, gapless, each answer equal to the stored invoice', async () => {
    const c = await company();
    const body = (i: number) => ({
      contact_id: c.customer.id, issue_date: '2026-06-01', notes: `pedido ${i}`,
      lines: [{ description: `Servicio ${i}`, quantity: '1', unit_price: '100', tax_type_id: taxId(c.company, 'IVA21'), nature: 'services' }],
    });
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => app.post('/api/v1/invoices', body(i), c.company.token)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(answers.map((a) => a.body.number).sort()).toEqual(Array.from({ length: 24 }, (_, i) => `F-2026-${String(i + 1).padStart(6, '0')}`));
    for (const answer of answers.slice(0, 3)) {
      expect(answer.body.status).toBe('issued');
      expect(answer.body.total).toBe('121.00');
      expect((await app.get(`/api/v1/invoices/${answer.body.id}`, c.company.token)).body).toEqual(answer.body);
    }
    const journal = await app.asAppRole<{ number: number }>(c.company.tenantId, 'select number from journal_entries order by number');
    expect(journal.map((e) => Number(e.number))).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    // an issued invoice's lines stay immutable although they were written in the statement that issued it
    await expect(app.asAppRole(c.company.tenantId, `update invoice_lines set description = 'cambiada' where invoice_id = '${answers[0]!.body.id}'`)).rejects.toThrow(/immutable/);
  });

  test('an invoice whose amounts are all zero is numbered and issued without an entry', async () => {
    const c = await company();
    const created = await app.post('/api/v1/invoices', {
      contact_id: c.customer.id, issue_date: '2026-06-01', lines: [{ description: 'Muestra gratuita', quantity: '1', unit_price: '0', tax_type_id: taxId(c.company, 'IVA21') }],
    }, c.company.token);
    expect(created.status).toBe(201);
    expect(created.body.number).toBe('F-2026-000001');
    expect(created.body.journal_entry_id).toBeNull();
    const drafted = await draft(c, { lines: [{ description: 'Otra muestra', quantity: '2', unit_price: '0', tax_type_id: taxId(c.company, 'IVA21') }] });
    const issued = await app.post(`/api/v1/invoices/${drafted}/issue`, undefined, c.company.token);
    expect(issued.body.number).toBe('F-2026-000002');
    expect(issued.body.journal_entry_id).toBeNull();
  });

  test('the same draft issued eight times at once: one 200, seven 409, one number taken', async () => {
    const c = await company();
    const id = await draft(c);
    const answers = await Promise.all(Array.from({ length: 8 }, () => app.post(`/api/v1/invoices/${id}/issue`, undefined, c.company.token)));
    expect(answers.filter((a) => a.status === 200).length).toBe(1);
    expect(answers.filter((a) => a.status === 409).length).toBe(7);
    for (const refused of answers.filter((a) => a.status === 409)) expect(typeof refused.body.detail).toBe('string');
    const [state] = await app.asAppRole<{ counter: number; entries: number }>(c.company.tenantId, `
      select (select last_number from invoice_series where series = 'F') as counter, (select count(*)::int from journal_entries) as entries`);
    expect(Number(state!.counter)).toBe(1);
    expect(Number(state!.entries)).toBe(1);
  });

  test('a backwards issue date is refused with 422 and takes nothing; the draft stays a draft', async () => {
    const c = await company();
    expect((await app.post(`/api/v1/invoices/${await draft(c)}/issue`, undefined, c.company.token)).status).toBe(200);
    const late = await draft(c, { issue_date: '2026-05-31' });
    const refused = await app.post(`/api/v1/invoices/${late}/issue`, undefined, c.company.token);
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].loc).toEqual(['body', 'issue_date']);
    expect(refused.body.detail[0].msg).toContain('2026-06-01');
    const nextYear = await draft(c, { issue_date: '2027-01-10' });
    expect((await app.post(`/api/v1/invoices/${nextYear}/issue`, undefined, c.company.token)).status).toBe(200);
    const lastYear = await draft(c, { issue_date: '2026-12-31' });
    const refusedYear = await app.post(`/api/v1/invoices/${lastYear}/issue`, undefined, c.company.token);
    expect(refusedYear.status).toBe(422);
    expect(refusedYear.body.detail[0].msg).toContain('2027');
    expect((await app.get(`/api/v1/invoices/${late}`, c.company.token)).body.status).toBe('draft');
    const [state] = await app.asAppRole<{ counter2026: number; entries: number }>(c.company.tenantId, `
      select (select last_number from invoice_series where series = 'F' and year = 2026) as counter2026, (select count(*)::int from journal_entries) as entries`);
    expect(Number(state!.counter2026)).toBe(1);
    expect(Number(state!.entries)).toBe(2);
  });

  test('a tax type whose account is not in the chart yet: the issue creates the sub-account (through a unit of work) and posts to it', async () => {
    const c = await company();
    const created = await app.post('/api/v1/taxes', {
      code: 'IVA21X', name: 'IVA 21% cuenta propia', kind: 'vat', rate: '21', regime: 'domestic', sales: { account: '4770021' },
    }, c.company.token);
    expect(created.status).toBe(201);
    const id = await draft(c, { lines: [{ description: 'Servicio', quantity: '1', unit_price: '100', tax_type_id: created.body.id, nature: 'services' }] });
    const issued = await app.post(`/api/v1/invoices/${id}/issue`, undefined, c.company.token);
    expect(issued.status).toBe(200);
    const [line] = await app.asAppRole<{ credit: string }>(c.company.tenantId, `select credit::text as credit from journal_lines where account_code = '4770021'`);
    expect(line!.credit).toBe('21.00');
  });

  test('the after-commit event carries the number the statement took; another tenant cannot issue the draft', async () => {
    const c = await company();
    const id = await draft(c);
    const other = await createCompany(app);
    expect((await app.post(`/api/v1/invoices/${id}/issue`, undefined, other.token)).status).toBe(404);
    const issued = await app.post(`/api/v1/invoices/${id}/issue`, undefined, c.company.token);
    expect(issued.status).toBe(200);
    await app.kernel.outbox.idle();
    for (let i = 0; i < 50 && !delivered.some((p) => p.id === id); i++) { await Bun.sleep(20); await app.kernel.outbox.idle(); }
    const payload = delivered.find((p) => p.id === id);
    expect(payload).toEqual({
      kind: 'invoice', id, number: issued.body.number, series: 'F', status: 'issued', contact_id: c.customer.id, issue_date: '2026-06-01', total: '384.41', currency: 'EUR',
    });
  });
});
