/**
 * POST /open-items/import on a real database: open invoices and purchases of a previous system
 * become migrated documents (their number kept, nothing posted, no VERI*FACTU record, their VAT
 * in the register so the 347 of their year counts them), and a bank movement paying one is
 * proposed by reconciliation and settles it with a balanced entry against 4300. Bad rows are 422
 * naming them with nothing written; the same file twice creates once; other companies see nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { addMember } from '../../support/team';
import { createContact, entryLines, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
let a: TestCompany;
let b: TestCompany;
let customer: any;
let supplier: any;

beforeAll(async () => {
  app = await startDocumentsApp();
  a = await createCompany(app);
  b = await createCompany(app);
  customer = await createContact(app, a.token, { name: 'Gráficas Levante S.L.', vat: 'B65410011' });
  supplier = await createContact(app, a.token, { name: 'Transportes Galaica S.A.', kind: 'supplier', vat: 'B86561412' });
}, 300_000);
afterAll(() => app?.close());

// the previous system's listing, Spanish style: semicolons, DD/MM/YYYY, decimal commas; one row per VAT rate
const FILE = [
  'Tipo documento;Número;Fecha;Vencimiento;NIF;Total;Pendiente;Base imponible;Tipo IVA;Cuota',
  'emitida;A/2025/0457;15/12/2025;15/01/2026;B-65410011;1.210,00;1.210,00;1.000,00;21;210,00',
  'emitida;A/2026/0012;10/01/2026;10/02/2026;B65410011;4.345,00;1.000,00;3.000,00;21;630,00',
  'emitida;A/2026/0012;10/01/2026;10/02/2026;B65410011;4.345,00;1.000,00;650,00;10;65,00',
  'recibida;FG-88;20/01/2026;;ES B86561412;605,00;605,00;;21%;',
].join('\n');

const upload = (token: string, content: string | Uint8Array, name = 'pendientes.csv') => {
  const form = new FormData();
  form.append('file', new File([content], name));
  return app.request('POST', '/api/v1/open-items/import', { token, form });
};
const countOf = async (table: string, company: TestCompany) =>
  Number((await app.asOwner<{ n: number }>(`select count(*)::int as n from ${table} where tenant_id = '${company.tenantId}'`))[0].n);

describe('POST /open-items/import', () => {
  let created: any[];

  test('a bad row is 422 naming it, and nothing is written', async () => {
    const bad = [
      FILE.split('\n')[0],
      'emitida;A/2026/0100;31/02/2026;;B65410011;121,00;121,00;100,00;21;21,00',
      'emitida;A/2026/0101;01/03/2026;;B99999999;121,00;121,00;100,00;21;21,00',
      'emitida;A/2026/0102;01/03/2026;;B65410011;121,00;200,00;100,00;21;21,00',
      'emitida;A/2026/0103;01/03/2026;;B65410011;130,00;130,00;100,00;21;21,00',
      'emitida;A/2026/0104;01/03/2026;;B86561412;121,00;121,00;100,00;21;21,00',
      'recibida;X-1;01/03/2026;;B86561412;121,00;121,00;100,00;7;',
      'emitida;A/2026/0105;01/03/2026;;B65410011;121,00;121,00;100,00;21;21,00',
    ].join('\n');
    const res = await upload(a.token, bad);
    expect(res.status).toBe(422);
    // first what the file says (a date, a pending amount beyond the total, a rate not Spanish)
    expect(res.body.detail.map((d: any) => [d.loc[2], d.loc[3]])).toEqual([[2, 'issue_date'], [4, 'pending'], [7, 'rate']]);
    expect(res.body.detail[0].msg).toStartWith('Line 2: ');
    // once the file reads, each item against the company: an unknown tax id, a breakdown that is not the total, a supplier as customer
    const next = await upload(a.token, [FILE.split('\n')[0], ...bad.split('\n').slice(2, 3), ...bad.split('\n').slice(4, 6), ...bad.split('\n').slice(7)].join('\n'));
    expect(next.status).toBe(422);
    expect(next.body.detail.map((d: any) => [d.loc[2], d.loc[3]])).toEqual([[2, 'tax_id'], [3, 'total'], [4, 'tax_id']]);
    expect(next.body.detail[0].msg).toContain('B99999999');
    expect(next.body.detail[2].msg).toContain('supplier');
    for (const table of ['invoices', 'purchases', 'tax_register']) expect(await countOf(table, a)).toBe(0);
  });

  test('a migration is for whoever keeps the books: a member is 403, an accountant may', async () => {
    const member = await addMember(app, a.token, 'member');
    expect((await upload(member.token, FILE)).status).toBe(403);
    const accountant = await addMember(app, a.token, 'accountant');
    expect((await upload(accountant.token, 'side;number\n')).status).toBe(422);
    // more rows than an import takes: 413, nothing read further
    expect((await upload(accountant.token, FILE.split('\n')[0] + '\n' + `${FILE.split('\n')[1]}\n`.repeat(5_001))).status).toBe(413);
    for (const table of ['invoices', 'purchases']) expect(await countOf(table, a)).toBe(0);
  });

  test('issued invoices keep their number, a purchase is registered; paid = total − pending; nothing posted, no VERI*FACTU record', async () => {
    const res = await upload(a.token, FILE);
    expect(res.status).toBe(201);
    expect(res.body.rows).toBe(4);
    expect(res.body.existing).toEqual([]);
    created = res.body.created;
    expect(created.map((c: any) => [c.line, c.document_type, c.status])).toEqual([[2, 'invoice', 'issued'], [3, 'invoice', 'partially_paid'], [5, 'purchase', 'issued']]);
    const [old, current, purchase] = created;
    expect([old.number, current.number]).toEqual(['A/2025/0457', 'A/2026/0012']);

    const invoice = (await app.get(`/api/v1/invoices/${current.id}`, a.token)).body;
    expect(invoice).toMatchObject({
      number: 'A/2026/0012', migrated: true, status: 'partially_paid', issue_date: '2026-01-10', due_date: '2026-02-10', contact_id: customer.id,
      subtotal: '3650.00', tax_total: '695.00', total: '4345.00', amount_paid: '3345.00', amount_due: '1000.00', journal_entry_id: null,
    });
    expect(invoice.lines.map((l: any) => [l.base, l.tax_rate, l.tax_amount])).toEqual([['3000.00', '21.00', '630.00'], ['650.00', '10.00', '65.00']]);
    const registered = (await app.get(`/api/v1/purchases/${purchase.id}`, a.token)).body;
    expect(registered).toMatchObject({
      supplier_invoice_number: 'FG-88', migrated: true, status: 'issued', contact_id: supplier.id, subtotal: '500.00', tax_total: '105.00', total: '605.00', amount_due: '605.00', journal_entry_id: null,
    });
    expect(registered.number).toMatch(/^P-2026-\d{6}$/);

    // the opening balance carries them: the ledger has nothing; the previous system registered them with the AEAT
    expect(await countOf('journal_entries', a)).toBe(0);
    expect(await countOf('verifactu_records', a)).toBe(0);
    const qr = await app.request('GET', `/api/v1/invoices/${current.id}/qr`, { token: a.token });
    expect(qr.status).toBe(404);
    // printed like any invoice, with its own number
    const pdf = await app.handle(new Request(`http://localhost/api/v1/invoices/${current.id}/pdf`, { headers: { authorization: `Bearer ${a.token}` } }));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    // open items, earliest due first
    const open = (await app.get('/api/v1/open-items?limit=50', a.token)).body.items;
    expect(open.map((i: any) => [i.kind, i.label, i.outstanding, i.account]).sort()).toEqual([
      ['payable', 'FG-88', '605.00', expect.stringMatching(/^4[01]0/)], ['receivable', 'A/2025/0457', '1210.00', '4300'], ['receivable', 'A/2026/0012', '1000.00', '4300'],
    ]);
  });

  test('the register has their VAT: the 347 of 2026 counts the 2026 invoice, not the 2025 one', async () => {
    const rows = await app.asOwner<any>(`select number, supplier_number, side, kind, accounting_date::text as date, base::text, rate::text, quota::text from tax_register
      where tenant_id = '${a.tenantId}' order by side, accounting_date, rate desc`);
    expect(rows.map((r) => [r.number, r.side, r.kind, r.date, r.base, r.rate, r.quota])).toEqual([
      ['A/2025/0457', 'issued', 'invoice', '2025-12-15', '1000.00', '21.00', '210.00'],
      ['A/2026/0012', 'issued', 'invoice', '2026-01-10', '3000.00', '21.00', '630.00'],
      ['A/2026/0012', 'issued', 'invoice', '2026-01-10', '650.00', '10.00', '65.00'],
      [created[2].number, 'received', 'purchase_invoice', '2026-01-20', '500.00', '21.00', '105.00'],
    ]);
    expect(rows[3].supplier_number).toBe('FG-88');
    const summary = (await app.get('/api/v1/aeat/347/summary?year=2026', a.token)).body.items[0];
    expect(summary.details.counterparties.map((c: any) => [c.key, c.tax_id, c.amount])).toEqual([['B', 'B65410011', '4345.00']]);
  });

  test('the same file again creates nothing and reports every item', async () => {
    const again = await upload(a.token, FILE);
    expect(again.status).toBe(200);
    expect(again.body.created).toEqual([]);
    expect(again.body.existing.map((e: any) => [e.line, e.id])).toEqual(created.map((c) => [c.line, c.id]));
    expect(await countOf('invoices', a)).toBe(2);
    expect(await countOf('purchases', a)).toBe(1);
  });

  test('a bank movement paying the open item is proposed by reconciliation, settles it, and its entry against 4300 balances', async () => {
    const treasury = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Cuenta principal' }, a.token)).body;
    const m = (await app.post(`/api/v1/treasuries/${treasury.id}/movements`, { date: '2026-02-12', amount: '1000.00', description: 'TRANSFERENCIA GRAFICAS LEVANTE FRA A/2026/0012', counterparty: 'GRAFICAS LEVANTE' }, a.token)).body;
    const board = (await app.get(`/api/v1/reconciliation/board?treasury_id=${treasury.id}&limit=500`, a.token)).body;
    const item = board.items.find((i: any) => i.movement.id === m.id);
    expect(item.proposal.documents.map((d: any) => [d.document_id, d.amount])).toEqual([[created[1].id, '1000.00']]);
    const accepted = await app.post('/api/v1/reconciliation/matches', {
      movement_id: m.id, allocations: item.proposal.documents.map((d: any) => ({ document_id: d.document_id, amount: d.amount })), score: item.proposal.score,
    }, a.token);
    expect(accepted.status).toBe(201);
    expect((await app.get(`/api/v1/invoices/${created[1].id}`, a.token)).body).toMatchObject({ status: 'paid', amount_due: '0.00' });
    const entry = (await app.get(`/api/v1/ledger/entries/${accepted.body.journal_entry_id}`, a.token)).body;
    expect(entryLines(entry)).toEqual([[treasury.suspense_account, '1000.00', '0.00'], ['4300', '0.00', '1000.00']]);
    const trial = (await app.get('/api/v1/ledger/trial-balance', a.token)).body;
    expect(trial.totals.debit).toBe(trial.totals.credit);
  });

  test('the database keeps a free number for migrated documents only, and never as a draft', async () => {
    const insert = (columns: string) => app.asOwner(`insert into invoices (id, tenant_id, contact_id, issue_date, customer, ${Object.keys(JSON.parse(columns)).join(', ')})
      values (gen_random_uuid(), '${a.tenantId}', '${customer.id}', '2026-01-05', '{}', ${Object.values(JSON.parse(columns)).map((v) => (v === null ? 'null' : `'${v}'`)).join(', ')})`);
    await expect(insert(JSON.stringify({ status: 'issued', series: 'F', year: 2026, seq: 1, number: 'F/2026/1' }))).rejects.toThrow(/invoices_number_check/);
    await expect(insert(JSON.stringify({ status: 'issued', series: 'F', year: 2026, seq: null, number: 'F/2026/1' }))).rejects.toThrow(/invoices_numbering_check/);
    await expect(insert(JSON.stringify({ status: 'draft', migrated: true, series: 'F', year: null, seq: null, number: null }))).rejects.toThrow(/invoices_numbering_check/);
    await expect(insert(JSON.stringify({ status: 'issued', migrated: true, series: 'MIGRADA', year: 2026, seq: null, number: 'A/2026/0012' }))).rejects.toThrow(/invoices_migrated_number/);
    expect(await countOf('invoices', a)).toBe(2);
  });

  test('an XLSX workbook (real dates and numbers in its cells), uploaded twice at once, creates once', async () => {
    const c = await createCompany(app);
    await createContact(app, c.token, { name: 'Gráficas Levante S.L.', vat: 'B65410011' });
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pendientes');
    sheet.addRow(['side', 'number', 'issue_date', 'due_date', 'tax_id', 'total', 'pending', 'base', 'rate', 'quota']);
    sheet.addRow(['issued', '2026/77', new Date(Date.UTC(2026, 1, 3)), new Date(Date.UTC(2026, 2, 5)), 'B65410011', 1331, 1331, 1100, 21, 231]);
    sheet.addRow(['issued', '2026/78', new Date(Date.UTC(2026, 1, 4)), null, 'B65410011', 1210.5, 100.25, null, 21, null]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const [one, two] = await Promise.all([upload(c.token, bytes, 'pendientes.xlsx'), upload(c.token, bytes, 'pendientes.xlsx')]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    const made = (one.status === 201 ? one : two).body.created;
    expect((one.status === 201 ? two : one).body.existing.map((e: any) => e.id)).toEqual(made.map((m: any) => m.id));
    const first = (await app.get(`/api/v1/invoices/${made[0].id}`, c.token)).body;
    expect(first).toMatchObject({ number: '2026/77', issue_date: '2026-02-03', due_date: '2026-03-05', subtotal: '1100.00', tax_total: '231.00', amount_due: '1331.00' });
    // only the rate: the base the total implies (1210.50 / 1.21 = 1000.41), the rest its VAT
    const second = (await app.get(`/api/v1/invoices/${made[1].id}`, c.token)).body;
    expect(second).toMatchObject({ number: '2026/78', status: 'partially_paid', subtotal: '1000.41', tax_total: '210.09', total: '1210.50', amount_due: '100.25' });
    expect(await countOf('invoices', c)).toBe(2);
  });

  test('another company: its own contacts only; it sees none of these documents', async () => {
    const refused = await upload(b.token, FILE);
    expect(refused.status).toBe(422);
    expect(refused.body.detail.every((d: any) => d.loc[3] === 'tax_id')).toBe(true);
    expect((await app.get(`/api/v1/invoices/${created[0].id}`, b.token)).status).toBe(404);
    expect((await app.get('/api/v1/open-items', b.token)).body.items).toEqual([]);
    // with the same counterparties of its own it imports its own copy, the same numbers included
    await createContact(app, b.token, { name: 'Gráficas Levante S.L.', vat: 'B65410011' });
    await createContact(app, b.token, { name: 'Transportes Galaica S.A.', kind: 'supplier', vat: 'B86561412' });
    const own = await upload(b.token, FILE);
    expect(own.status).toBe(201);
    expect(own.body.created).toHaveLength(3);
    expect(own.body.created.map((c: any) => c.id)).not.toContain(created[0].id);
    expect(await countOf('invoices', a)).toBe(2);
  });
});
