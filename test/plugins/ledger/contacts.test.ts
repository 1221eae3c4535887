import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';
import { postEntry } from './helpers';

/** A journal line names a contact and a tax type of its own tenant; merges move lines, deletes keep them. */
let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp(); }, 60_000);
afterAll(() => app?.close());

const journalTotal = async (company: TestCompany) => (await app.get('/api/v1/ledger', company.token)).body.total;
const linesOf = async (company: TestCompany, contactId: string) =>
  (await app.get(`/api/v1/ledger?contact_id=${contactId}`, company.token)).body.items
    .flatMap((entry: any) => entry.lines.filter((l: any) => l.contact_id === contactId).map((l: any) => [entry.number, l.account, l.debit, l.credit]));

async function issueInvoice(company: TestCompany, contactId: string) {
  const res = await app.post('/api/v1/invoices', {
    contact_id: contactId, issue_date: '2026-03-02',
    lines: [{ description: 'Consultoría', quantity: '1', unit_price: '1000.00', tax_type_id: taxId(company, 'IVA21') }],
  }, company.token);
  expect(res.status).toBe(201);
  return res.body;
}

describe('references of journal lines', () => {
  test('a manual entry naming an unknown contact or tax type, or another company\'s, is 422 on the line and stores nothing', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const theirs = await createContact(app, b.token, { name: 'Cliente de B SL' });
    const ours = await createContact(app, a.token, { name: 'Cliente de A SL' });
    const cases: [Record<string, string>, (string | number)[]][] = [
      [{ contact_id: crypto.randomUUID() }, ['body', 'lines', 0, 'contact_id']],
      [{ contact_id: theirs.id }, ['body', 'lines', 0, 'contact_id']],
      [{ tax_type_id: crypto.randomUUID() }, ['body', 'lines', 0, 'tax_type_id']],
      [{ tax_type_id: taxId(b, 'IVA21') }, ['body', 'lines', 0, 'tax_type_id']],
    ];
    for (const [reference, loc] of cases) {
      const res = await postEntry(app, a.token, [{ account: '4300', debit: '121.00', ...reference }, { account: '7000', credit: '121.00' }]);
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([expect.objectContaining({ loc })]);
    }
    expect(await journalTotal(a)).toBe(0);
    const ok = await postEntry(app, a.token, [
      { account: '4300', debit: '121.00', contact_id: ours.id },
      { account: '7000', credit: '100.00' },
      { account: '477', credit: '21.00', tax_type_id: taxId(a, 'IVA21'), tax_base: '100.00' },
    ]);
    expect(ok.status).toBe(201);
    expect(ok.body.lines.map((l: any) => [l.contact_id, l.tax_type_id])).toEqual([[ours.id, null], [null, null], [null, taxId(a, 'IVA21')]]);
  });

  test('the database refuses a line naming a contact or tax type that is not the tenant\'s, whatever the application does', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const theirs = await createContact(app, b.token, { name: 'Cliente de B SL' });
    const rawEntry = (number: number, contactId: string | null, taxTypeId: string | null) => {
      const id = crypto.randomUUID();
      const ref = (value: string | null) => (value ? `'${value}'` : 'null');
      return [
        `insert into journal_entries (id, tenant_id, number, date, description, source_type) values ('${id}', '${a.tenantId}', ${number}, '2026-03-01', 'raw', 'manual')`,
        `insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit, contact_id, tax_type_id) values
           ('${a.tenantId}', '${id}', 1, '2026-03-01', '4300', 5.00, 0, ${ref(contactId)}, ${ref(taxTypeId)}), ('${a.tenantId}', '${id}', 2, '2026-03-01', '7000', 0, 5.00, null, null)`,
      ];
    };
    await expect(app.asAppRole(a.tenantId, rawEntry(901, crypto.randomUUID(), null))).rejects.toThrow(/journal_lines_contact_fk/);
    await expect(app.asAppRole(a.tenantId, rawEntry(902, theirs.id, null))).rejects.toThrow(/journal_lines_contact_fk/);
    await expect(app.asAppRole(a.tenantId, rawEntry(903, null, taxId(b, 'IVA21')))).rejects.toThrow(/journal_lines_tax_type_fk/);
    await expect(app.asOwner(rawEntry(904, crypto.randomUUID(), null))).rejects.toThrow(/journal_lines_contact_fk/);
    expect(await journalTotal(a)).toBe(0);
  });

  test('a contact with journal lines is not deleted (409) and keeps its lines', async () => {
    const a = await createCompany(app);
    const contact = await createContact(app, a.token, { name: 'Proveedor Manual SL', kind: 'supplier' });
    const unused = await createContact(app, a.token, { name: 'Sin apuntes SL' });
    expect((await postEntry(app, a.token, [{ account: '629', debit: '50.00' }, { account: '4100', credit: '50.00', contact_id: contact.id }])).status).toBe(201);
    const refused = await app.del(`/api/v1/contacts/${contact.id}`, a.token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('The contact has 1 document(s) or manual journal entries and cannot be deleted; merge it into another contact instead');
    expect(await linesOf(a, contact.id)).toEqual([[1, '4100', '0.00', '50.00']]);
    expect((await app.del(`/api/v1/contacts/${unused.id}`, a.token)).status).toBe(204);
  });

  test('merging contacts moves the duplicates\' journal lines to the survivor; amounts, accounts and totals stay as they were', async () => {
    const a = await createCompany(app);
    const survivor = await createContact(app, a.token, { name: 'Cliente Nacional SL', vat: 'B12345674' });
    const duplicate = await createContact(app, a.token, { name: 'Cliente Nacional, S.L.', vat: 'B12345674' });
    const bystander = await createContact(app, a.token, { name: 'Otro Cliente SL' });
    const invoice = await issueInvoice(a, duplicate.id);
    expect((await postEntry(app, a.token, [{ account: '572', debit: '1210.00' }, { account: '4300', credit: '1210.00', contact_id: duplicate.id }], '2026-03-20', 'Cobro')).status).toBe(201);
    expect((await postEntry(app, a.token, [{ account: '572', debit: '10.00' }, { account: '4300', credit: '10.00', contact_id: bystander.id }], '2026-03-21', 'Anticipo')).status).toBe(201);
    const before = (await app.get('/api/v1/ledger/trial-balance', a.token)).body;
    const duplicateLines = await linesOf(a, duplicate.id);
    expect(duplicateLines).toHaveLength(2);

    const merged = await app.post(`/api/v1/contacts/${survivor.id}/merge`, { duplicate_ids: [duplicate.id] }, a.token);
    expect(merged.status).toBe(200);
    expect(await linesOf(a, survivor.id)).toEqual(duplicateLines);
    expect(await linesOf(a, duplicate.id)).toEqual([]);
    expect(await linesOf(a, bystander.id)).toEqual([[3, '4300', '0.00', '10.00']]);
    expect((await app.get('/api/v1/ledger/trial-balance', a.token)).body).toEqual(before);
    expect((await app.get(`/api/v1/invoices/${invoice.id}`, a.token)).body.contact_id).toBe(survivor.id);
  });

  test('outside a merge a posted line\'s contact cannot change, and in a merge nothing else can', async () => {
    const a = await createCompany(app);
    const first = await createContact(app, a.token, { name: 'Primero SL' });
    const second = await createContact(app, a.token, { name: 'Segundo SL' });
    const entry = (await postEntry(app, a.token, [{ account: '4300', debit: '5.00', contact_id: first.id }, { account: '7000', credit: '5.00' }])).body;
    const where = `where entry_id = '${entry.id}' and line_no = 1`;
    await expect(app.asAppRole(a.tenantId, `update journal_lines set contact_id = '${second.id}' ${where}`)).rejects.toThrow(/immutable/);
    const merging = `select set_config('cuadra.repointing_contacts', 'on', true)`;
    await expect(app.asAppRole(a.tenantId, [merging, `update journal_lines set debit = 6.00 ${where}`])).rejects.toThrow(/permission denied/);
    await expect(app.asAppRole(a.tenantId, [merging, `update journal_lines set contact_id = null ${where}`])).rejects.toThrow(/immutable/);
    await expect(app.asOwner([merging, `update journal_lines set contact_id = '${second.id}', debit = 6.00 ${where}`])).rejects.toThrow(/immutable|unbalanced/);
    expect(await linesOf(a, first.id)).toEqual([[1, '4300', '5.00', '0.00']]);
  });
});
