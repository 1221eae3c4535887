/**
 * The `document-issue-steps` extension point: a plugin's step writes its own rows inside the one
 * issue statement of every kind it applies to (invoices on their one-write paths and in a unit of
 * work, purchases), its answer comes back without a read, and a throw from its plan refuses the
 * issue before anything is written (no number taken, no entry posted).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { t } from 'elysia';
import { ValidationFailed } from '../../../kernel/errors';
import { sqlMigration, tenantRowLevelSecurity } from '../../../kernel/migration';
import { definePlugin } from '../../../kernel/plugin';
import type { DocumentIssueStep } from '../../../plugins/documents/api';
import type { InvoiceResponseField } from '../../../plugins/invoices/api';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

const REFUSED = 'refused by the probe step';

const probeStep: DocumentIssueStep = {
  name: 'probe',
  plan: (facts) => {
    if (facts.record.notes === REFUSED) throw ValidationFailed.field(['body', 'notes'], REFUSED, 'value_error.probe');
    return {
      after: `probe as (insert into issue_step_probes (tenant_id, step, document_type, document_id, number, total)
        select :tenant, 'probe', :probeType, :probeDocument::uuid, numbered.number, :probeTotal::numeric from numbered)`,
      answer: `numbered.number`,
      params: { probeType: facts.kind.name, probeDocument: facts.record.id, probeTotal: facts.record.total.toString() },
    };
  },
};

/** Only for sales invoices. */
const salesStep: DocumentIssueStep = {
  name: 'probe_sales',
  kinds: ['invoice'],
  plan: (facts) => ({
    after: `probe_sales as (insert into issue_step_probes (tenant_id, step, document_type, document_id, number, total)
      select :tenant, 'probe_sales', :probeSalesType, :probeSalesDocument::uuid, numbered.number, null from numbered)`,
    params: { probeSalesType: facts.kind.name, probeSalesDocument: facts.record.id },
  }),
};

/** The step's answer on the invoice's JSON: from the issue statement when just issued, else read. */
const probeField: InvoiceResponseField = {
  name: 'probe',
  schema: t.Union([t.String(), t.Null()]),
  async load(_kernel, tx, ids) {
    const rows = await tx.sql<{ document_id: string; number: string }>(`select document_id::text as document_id, number from issue_step_probes
      where tenant_id = :tenant and step = 'probe' and document_id = any(:ids::uuid[])`, { ids: `{${ids.join(',')}}` });
    return new Map(rows.map((r) => [r.document_id, `read ${r.number}`]));
  },
  fromIssue: (_kernel, value) => `answered ${value}`,
};

const probePlugin = definePlugin({
  name: 'test-issue-step-probe',
  dependsOn: ['documents', 'invoices', 'purchases'],
  migrations: [sqlMigration('20270110000100_test_issue_step_probes', [
    `create table issue_step_probes (
       tenant_id uuid not null references tenants (id),
       step text not null,
       document_type text not null,
       document_id uuid not null,
       number text not null,
       total numeric(18, 2)
     )`,
    ...tenantRowLevelSecurity('issue_step_probes'),
  ])],
  contributes: { 'document-issue-steps': [probeStep, salesStep], 'invoice-response-fields': [probeField] },
});

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp({ extraPlugins: [probePlugin] }); }, 60_000);
afterAll(() => app?.close());

async function setup() {
  const company = await createCompany(app);
  const customer = await createContact(app, company.token, { name: 'Cliente Sondeo SL', vat: 'B65410011' });
  const supplier = await createContact(app, company.token, { name: 'Proveedor Sondeo SL', kind: 'supplier', vat: 'A28017895' });
  return { company, customer, supplier };
}

const line = (company: TestCompany, unitPrice = '100.00') => ({ description: 'Servicio', quantity: '1', unit_price: unitPrice, tax_type_id: taxId(company, 'IVA21') });

const probes = (company: TestCompany) => app.asAppRole<{ step: string; document_type: string; document_id: string; number: string; total: string | null }>(company.tenantId,
  `select step, document_type, document_id::text as document_id, number, total::text as total from issue_step_probes order by number, step`);

describe('document-issue-steps', () => {
  test('an invoice created issued (one write): the steps write in the issue statement and the answer needs no read', async () => {
    const { company, customer } = await setup();
    const res = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-06-01', lines: [line(company)] }, company.token);
    expect(res.status).toBe(201);
    expect(res.body.number).toBe('F-2026-000001');
    expect(res.body.probe).toBe('answered F-2026-000001');
    expect(await probes(company)).toEqual([
      { step: 'probe', document_type: 'invoice', document_id: res.body.id, number: 'F-2026-000001', total: '121.00' },
      { step: 'probe_sales', document_type: 'invoice', document_id: res.body.id, number: 'F-2026-000001', total: null },
    ]);
    // read again, the field comes from the step's rows
    expect((await app.get(`/api/v1/invoices/${res.body.id}`, company.token)).body.probe).toBe('read F-2026-000001');
  });

  test('a draft issued, and a rectifying invoice (issued in a unit of work): the same steps', async () => {
    const { company, customer } = await setup();
    const draft = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-06-02', status: 'draft', lines: [line(company)] }, company.token);
    expect(await probes(company)).toEqual([]);
    const issued = await app.post(`/api/v1/invoices/${draft.body.id}/issue`, undefined, company.token);
    expect(issued.status).toBe(200);
    expect(issued.body.probe).toBe('answered F-2026-000001');
    const rectifying = await app.post(`/api/v1/invoices/${draft.body.id}/rectify`, {
      issue_date: '2026-06-03', reason: 'Precio', mode: 'differences', lines: [line(company, '-10.00')],
    }, company.token);
    expect(rectifying.status).toBe(201);
    expect(rectifying.body.number).toBe('R-2026-000001');
    const rows = await probes(company);
    expect(rows.map((r) => [r.step, r.number, r.total])).toEqual([
      ['probe', 'F-2026-000001', '121.00'], ['probe_sales', 'F-2026-000001', null], ['probe', 'R-2026-000001', '-12.10'], ['probe_sales', 'R-2026-000001', null],
    ]);
  });

  test('a purchase goes through the same pipeline, with only the steps for its kind', async () => {
    const { company, supplier } = await setup();
    const res = await app.post('/api/v1/purchases', {
      contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'S-1', issue_date: '2026-06-04', lines: [line(company)],
    }, company.token);
    expect(res.status).toBe(201);
    expect(res.body.number).toBe('P-2026-000001');
    expect(await probes(company)).toEqual([{ step: 'probe', document_type: 'purchase', document_id: res.body.id, number: 'P-2026-000001', total: '121.00' }]);
    const [entry] = await app.asAppRole<{ description: string }>(company.tenantId, `select description from journal_entries where id = '${res.body.journal_entry_id}'`);
    expect(entry.description).toBe('Factura recibida S-1 – Proveedor Sondeo SL [P-2026-000001]');
  });

  test('a step that refuses (its plan throws) refuses the issue: 422, no number taken, no entry, no row of any step', async () => {
    const { company, customer, supplier } = await setup();
    const refused = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-06-05', notes: REFUSED, lines: [line(company)] }, company.token);
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0]).toMatchObject({ loc: ['body', 'notes'], msg: REFUSED });
    const draft = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-06-05', notes: REFUSED, status: 'draft', lines: [line(company)] }, company.token);
    expect((await app.post(`/api/v1/invoices/${draft.body.id}/issue`, undefined, company.token)).status).toBe(422);
    expect((await app.get(`/api/v1/invoices/${draft.body.id}`, company.token)).body).toMatchObject({ status: 'draft', number: null });
    const purchase = await app.post('/api/v1/purchases', {
      contact_id: supplier.id, kind: 'expense', issue_date: '2026-06-05', notes: REFUSED, lines: [line(company)],
    }, company.token);
    expect(purchase.status).toBe(422);
    expect(await probes(company)).toEqual([]);
    expect(await app.asAppRole(company.tenantId, 'select id from journal_entries')).toEqual([]);
    // the next issue takes the first number: the refused ones took none
    const next = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-06-06', lines: [line(company)] }, company.token);
    expect(next.body.number).toBe('F-2026-000001');
  });
});
