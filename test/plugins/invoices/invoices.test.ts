import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TaxService } from '../../../plugins/taxes/api';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';
import { addMember } from '../../support/team';
import { cents, createContact, createDocument, download, entryLines, journalEntryOf, pdfTexts, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp(); }, 60_000);
afterAll(() => app?.close());

type Line = Record<string, unknown>;
const line = (company: TestCompany, fields: Partial<{ description: string; quantity: string; unit_price: string; tax: string; surcharge: string; withholding: string; discount_pct: string; nature: string }> = {}): Line => ({
  description: fields.description ?? 'Artículo',
  quantity: fields.quantity ?? '1',
  unit_price: fields.unit_price ?? '1000.00',
  tax_type_id: taxId(company, fields.tax ?? 'IVA21'),
  ...(fields.surcharge ? { surcharge_type_id: taxId(company, fields.surcharge) } : {}),
  ...(fields.withholding ? { withholding_type_id: taxId(company, fields.withholding) } : {}),
  ...(fields.discount_pct ? { discount_pct: fields.discount_pct } : {}),
  ...(fields.nature ? { nature: fields.nature } : {}),
});

async function setup() {
  const company = await createCompany(app);
  const customer = await createContact(app, company.token, { name: 'Cliente Nacional SL', vat: 'B12345674', address: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013', province: 'Madrid' });
  return { company, customer };
}

const issue = (company: TestCompany, body: Record<string, unknown>) => createDocument(app, '/api/v1/invoices', body, company.token);

const entry = (company: TestCompany, id: string) => journalEntryOf(app, company.token, id);
const trialBalance = async (company: TestCompany) => (await app.get('/api/v1/ledger/trial-balance', company.token)).body;

describe('creating and issuing', () => {
  test('an issued invoice gets the next number of its series and year, and posts 4300 / 7000 / 477', async () => {
    const { company, customer } = await setup();
    const first = await issue(company, { contact_id: customer.id, issue_date: '2026-01-10', lines: [line(company, { quantity: '2', unit_price: '500' })] });
    expect(first).toMatchObject({
      series: 'F', number: 'F-2026-000001', status: 'issued', subtotal: '1000.00', tax_total: '210.00', withholding_total: '0.00', total: '1210.00',
      amount_paid: '0.00', amount_due: '1210.00', rectifies_id: null,
    });
    expect(first.tax_breakdown).toEqual([{ tax_type_id: taxId(company, 'IVA21'), code: 'IVA21', name: 'IVA general 21%', kind: 'vat', regime: 'domestic', rate: '21.00', base: '1000.00', amount: '210.00' }]);
    expect(first.customer).toMatchObject({ name: 'Cliente Nacional SL', tax_id: 'B12345674', address: 'Calle Mayor 1', city: 'Madrid' });
    expect(first.issuer.tax_id).toBe('B12345674');
    const posted = await entry(company, first.journal_entry_id);
    expect(posted).toMatchObject({ source_type: 'invoice', source_id: first.id, date: '2026-01-10' });
    expect(entryLines(posted)).toEqual([['4300', '1210.00', '0.00'], ['7000', '0.00', '1000.00'], ['477', '0.00', '210.00']]);
    expect(posted.lines[0].contact_id).toBe(customer.id);
    expect(posted.lines[2]).toMatchObject({ tax_type_id: taxId(company, 'IVA21'), tax_base: '1000.00' });

    const second = await issue(company, { contact_id: customer.id, issue_date: '2026-01-10', lines: [line(company)] });
    const otherSeries = await issue(company, { contact_id: customer.id, series: 'T', issue_date: '2026-01-11', lines: [line(company)] });
    const nextYear = await issue(company, { contact_id: customer.id, issue_date: '2027-01-02', lines: [line(company)] });
    expect([second.number, otherSeries.number, nextYear.number]).toEqual(['F-2026-000002', 'T-2026-000001', 'F-2027-000001']);
  });

  test('a draft has no number and no entry; it is edited, then issued; issuing twice is 409', async () => {
    const { company, customer } = await setup();
    const draft = await issue(company, { contact_id: customer.id, issue_date: '2026-02-01', status: 'draft', lines: [line(company)] });
    expect(draft).toMatchObject({ status: 'draft', number: null, journal_entry_id: null, customer: null });
    const patched = await app.patch(`/api/v1/invoices/${draft.id}`, { lines: [line(company, { unit_price: '200' }), line(company, { unit_price: '100', tax: 'IVA10' })], notes: 'Pedido 42' }, company.token);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ subtotal: '300.00', tax_total: '52.00', total: '352.00', notes: 'Pedido 42' });
    expect((await trialBalance(company)).accounts).toEqual([]);
    const issued = await app.post(`/api/v1/invoices/${draft.id}/issue`, undefined, company.token);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ status: 'issued', number: 'F-2026-000001', total: '352.00' });
    expect(entryLines(await entry(company, issued.body.journal_entry_id))).toEqual([['4300', '352.00', '0.00'], ['7000', '0.00', '300.00'], ['477', '0.00', '42.00'], ['477', '0.00', '10.00']]);
    const again = await app.post(`/api/v1/invoices/${draft.id}/issue`, undefined, company.token);
    expect(again.status).toBe(409);
    // a deleted draft is gone; the numbering is untouched by drafts
    const other = await issue(company, { contact_id: customer.id, issue_date: '2026-02-02', status: 'draft', lines: [line(company)] });
    expect((await app.del(`/api/v1/invoices/${other.id}`, company.token)).status).toBe(204);
    expect((await app.get(`/api/v1/invoices/${other.id}`, company.token)).status).toBe(404);
    expect((await issue(company, { contact_id: customer.id, issue_date: '2026-02-03', lines: [line(company)] })).number).toBe('F-2026-000002');
  });

  test('VAT is computed per type on the summed bases and allocated to lines that add up exactly', async () => {
    const { company, customer } = await setup();
    // ten lines of 0.10 at 21%: per line 0.021 → 0.02 each (0.20); on the sum 1.00 → 0.21
    const lines = Array.from({ length: 10 }, (_, i) => line(company, { description: `Tornillo ${i}`, unit_price: '0.10' }));
    const inv = await issue(company, { contact_id: customer.id, issue_date: '2026-03-01', lines });
    expect(inv).toMatchObject({ subtotal: '1.00', tax_total: '0.21', total: '1.21' });
    const shares = inv.lines.map((l: any) => l.tax_amount);
    expect(shares.reduce((s: bigint, x: string) => s + cents(x), 0n)).toBe(21n);
    expect(shares.filter((x: string) => x === '0.03')).toHaveLength(1);
    // quantities and prices with six decimals, discounts, rounding half away from zero
    const precise = await issue(company, { contact_id: customer.id, issue_date: '2026-03-01', lines: [
      line(company, { quantity: '3.333333', unit_price: '0.015', discount_pct: '10' }), // 0.0449999955 → 0.04
      line(company, { quantity: '1', unit_price: '0.125' }), // 0.125 → 0.13
      line(company, { quantity: '-1', unit_price: '0.125' }), // −0.13
    ] });
    expect(precise.lines.map((l: any) => l.base)).toEqual(['0.04', '0.13', '-0.13']);
    expect(precise.lines.map((l: any) => [l.quantity, l.unit_price, l.discount_pct])).toEqual([['3.333333', '0.015', '10.00'], ['1', '0.125', '0.00'], ['-1', '0.125', '0.00']]);
    expect(precise).toMatchObject({ subtotal: '0.04', tax_total: '0.01', total: '0.05' });
  });

  test('recargo de equivalencia and IRPF withholding: totals, breakdown and the 473 / 477 legs', async () => {
    const { company, customer } = await setup();
    const re = await issue(company, { contact_id: customer.id, issue_date: '2026-03-01', lines: [line(company, { surcharge: 'RE52' })] });
    expect(re).toMatchObject({ subtotal: '1000.00', tax_total: '262.00', surcharge_total: '52.00', total: '1262.00' });
    expect(re.tax_breakdown.map((b: any) => [b.code, b.kind, b.base, b.amount])).toEqual([['IVA21', 'vat', '1000.00', '210.00'], ['RE52', 'surcharge', '1000.00', '52.00']]);
    const pro = await issue(company, { contact_id: customer.id, issue_date: '2026-03-02', lines: [line(company, { withholding: 'IRPF15', nature: 'services' })] });
    expect(pro).toMatchObject({ subtotal: '1000.00', tax_total: '210.00', withholding_total: '150.00', total: '1060.00' });
    expect(entryLines(await entry(company, pro.journal_entry_id))).toEqual([['4300', '1060.00', '0.00'], ['473', '150.00', '0.00'], ['7050', '0.00', '1000.00'], ['477', '0.00', '210.00']]);
  });

  test('exempt and reverse-charge sales carry their legends and revenue accounts; the customer tax number is required for them', async () => {
    const { company } = await setup();
    const german = await createContact(app, company.token, { name: 'Kunde GmbH', country: 'DE', vat: 'DE136695976' });
    const american = await createContact(app, company.token, { name: 'Customer Inc', country: 'US', vat: '12-3456789' });
    const noVat = await createContact(app, company.token, { name: 'Sin NIF', country: 'FR' });
    const intra = await issue(company, { contact_id: german.id, issue_date: '2026-04-01', lines: [line(company, { tax: 'IVAINTRA' }), line(company, { tax: 'IVAINTRA', nature: 'services', unit_price: '500' })] });
    expect(intra).toMatchObject({ tax_total: '0.00', total: '1500.00' });
    expect(intra.legends).toEqual(['Entrega intracomunitaria exenta de IVA (art. 25 LIVA)', 'Inversión del sujeto pasivo (art. 84.Uno.2º LIVA; art. 196 Directiva 2006/112/CE)']);
    const intraEntry = await entry(company, intra.journal_entry_id);
    expect(entryLines(intraEntry)).toEqual([['4300', '1500.00', '0.00'], ['7001', '0.00', '1000.00'], ['7051', '0.00', '500.00']]);
    // the exempt type rides on its revenue lines, for the tax models (303 box 59)
    expect(intraEntry.lines.slice(1).map((l: any) => [l.tax_type_id, l.tax_base])).toEqual([[taxId(company, 'IVAINTRA'), '1000.00'], [taxId(company, 'IVAINTRA'), '500.00']]);
    const exported = await issue(company, { contact_id: american.id, issue_date: '2026-04-02', lines: [line(company, { tax: 'EXPORT' })] });
    expect(exported.legends).toEqual(['Exportación exenta de IVA (art. 21 LIVA)']);
    expect(entryLines(await entry(company, exported.journal_entry_id))).toEqual([['4300', '1000.00', '0.00'], ['7002', '0.00', '1000.00']]);
    const isp = await issue(company, { contact_id: german.id, issue_date: '2026-04-03', lines: [line(company, { tax: 'ISPVENTA' })] });
    expect(isp.legends).toEqual(['Inversión del sujeto pasivo (art. 84.Uno.2º LIVA)']);
    const refused = await app.post('/api/v1/invoices', { contact_id: noVat.id, issue_date: '2026-04-04', lines: [line(company, { tax: 'IVAINTRA' })] }, company.token);
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0]).toMatchObject({ loc: ['body', 'contact_id'], type: 'value_error.customer_tax_id' });
    expect((await app.get('/api/v1/invoices?contact_id=' + noVat.id, company.token)).body.total).toBe(0);
  });
});

describe('numbering rules', () => {
  test('issue dates never go backwards within a series (422, no number consumed); other series are independent', async () => {
    const { company, customer } = await setup();
    await issue(company, { contact_id: customer.id, issue_date: '2026-05-10', lines: [line(company)] });
    const back = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-05-09', lines: [line(company)] }, company.token);
    expect(back.status).toBe(422);
    expect(back.body.detail[0]).toMatchObject({ loc: ['body', 'issue_date'], type: 'value_error.issue_date_backwards' });
    expect((await issue(company, { contact_id: customer.id, series: 'B', issue_date: '2026-05-01', lines: [line(company)] })).number).toBe('B-2026-000001');
    // same day is fine, and the refused attempt left no gap
    expect((await issue(company, { contact_id: customer.id, issue_date: '2026-05-10', lines: [line(company)] })).number).toBe('F-2026-000002');
    // an older year after a newer one has started is backwards too
    await issue(company, { contact_id: customer.id, issue_date: '2027-01-05', lines: [line(company)] });
    const oldYear = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-12-31', lines: [line(company)] }, company.token);
    expect(oldYear.status).toBe(422);
    const all = await app.get('/api/v1/invoices?series=F&limit=10', company.token);
    expect(all.body.items.map((i: any) => i.number)).toEqual(['F-2027-000001', 'F-2026-000002', 'F-2026-000001']);
  });

  test('series R is reserved for rectifying invoices; a backwards draft fails at issue and stays a draft', async () => {
    const { company, customer } = await setup();
    const reserved = await app.post('/api/v1/invoices', { contact_id: customer.id, series: 'R', issue_date: '2026-05-10', lines: [line(company)] }, company.token);
    expect(reserved.status).toBe(422);
    expect(reserved.body.detail[0].loc).toEqual(['body', 'series']);
    const draft = await issue(company, { contact_id: customer.id, issue_date: '2026-05-01', status: 'draft', lines: [line(company)] });
    await issue(company, { contact_id: customer.id, issue_date: '2026-05-10', lines: [line(company)] });
    expect((await app.post(`/api/v1/invoices/${draft.id}/issue`, undefined, company.token)).status).toBe(422);
    expect((await app.get(`/api/v1/invoices/${draft.id}`, company.token)).body).toMatchObject({ status: 'draft', number: null });
    expect((await app.patch(`/api/v1/invoices/${draft.id}`, { issue_date: '2026-05-11' }, company.token)).status).toBe(200);
    expect((await app.post(`/api/v1/invoices/${draft.id}/issue`, undefined, company.token)).body.number).toBe('F-2026-000002');
  });
});

describe('immutability', () => {
  test('PATCH and DELETE of an issued invoice are 409; the database refuses changes to its money, lines and deletion', async () => {
    const { company, customer } = await setup();
    const inv = await issue(company, { contact_id: customer.id, issue_date: '2026-06-01', lines: [line(company)] });
    const patch = await app.patch(`/api/v1/invoices/${inv.id}`, { notes: 'cambio' }, company.token);
    expect(patch.status).toBe(409);
    expect((await app.del(`/api/v1/invoices/${inv.id}`, company.token)).status).toBe(409);
    const t = company.tenantId;
    for (const sql of [
      `update invoices set total = 1, subtotal = 1, tax_total = 0 where id = '${inv.id}'`,
      `update invoices set notes = 'x' where id = '${inv.id}'`,
      `update invoices set issue_date = '2026-06-02' where id = '${inv.id}'`,
      `update invoices set contact_id = contact_id, number = 'F-2026-000099' where id = '${inv.id}'`,
      `update invoices set status = 'draft' where id = '${inv.id}'`,
      `update invoice_lines set base = 1 where invoice_id = '${inv.id}'`,
      `insert into invoice_lines (tenant_id, invoice_id, line_no, description, quantity, unit_price, nature, tax_type_id, tax_rate, base, tax_amount)
         values ('${t}', '${inv.id}', 2, 'x', 1, 1, 'goods', '${taxId(company, 'IVA21')}', 21, 1, 0.21)`,
      `delete from invoice_lines where invoice_id = '${inv.id}'`,
      `delete from invoices where id = '${inv.id}'`,
    ]) {
      await expect(app.asAppRole(t, sql)).rejects.toThrow(/immutable|cannot be deleted|cannot return to draft/);
      // not even the database owner gets past the triggers
      await expect(app.asOwner([`select set_config('app.tenant_id', '${t}', true)`, sql])).rejects.toThrow(/immutable|cannot be deleted|cannot return to draft/);
    }
    const other = await createContact(app, company.token, { name: 'Otro' });
    await expect(app.asAppRole(t, `update invoices set contact_id = '${other.id}' where id = '${inv.id}'`)).rejects.toThrow(/immutable/);
    // the posted entry is immutable too
    await expect(app.asAppRole(t, `update journal_lines set debit = 1 where entry_id = '${inv.journal_entry_id}' and line_no = 1`)).rejects.toThrow();
    await expect(app.asOwner(`update journal_lines set debit = 1 where entry_id = '${inv.journal_entry_id}' and line_no = 1`)).rejects.toThrow(/immutable/);
    const after = (await app.get(`/api/v1/invoices/${inv.id}`, company.token)).body;
    expect(after).toEqual({ ...inv });
  });
});

describe('rectifying invoices', () => {
  test('by differences: series R, referencing the original, negative amounts reverse the sides; rectified when it reaches zero', async () => {
    const { company, customer } = await setup();
    const original = await issue(company, { contact_id: customer.id, issue_date: '2026-06-01', lines: [line(company, { quantity: '2', unit_price: '500' })] });
    const partial = await app.post(`/api/v1/invoices/${original.id}/rectify`, {
      issue_date: '2026-06-05', reason: 'Devolución de una unidad', mode: 'differences', lines: [line(company, { quantity: '-1', unit_price: '500' })],
    }, company.token);
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ series: 'R', number: 'R-2026-000001', rectifies_id: original.id, rectification_mode: 'differences', subtotal: '-500.00', tax_total: '-105.00', total: '-605.00' });
    expect(entryLines(await entry(company, partial.body.journal_entry_id))).toEqual([['4300', '0.00', '605.00'], ['7000', '500.00', '0.00'], ['477', '105.00', '0.00']]);
    expect((await app.get(`/api/v1/invoices/${original.id}`, company.token)).body.status).toBe('issued');
    // crediting more than what is left is refused
    const over = await app.post(`/api/v1/invoices/${original.id}/rectify`, { issue_date: '2026-06-06', reason: 'x', mode: 'differences', lines: [line(company, { quantity: '-2', unit_price: '500' })] }, company.token);
    expect(over.status).toBe(422);
    const rest = await app.post(`/api/v1/invoices/${original.id}/rectify`, { issue_date: '2026-06-06', reason: 'Resto', mode: 'differences', lines: [line(company, { quantity: '-1', unit_price: '500' })] }, company.token);
    expect(rest.body.number).toBe('R-2026-000002');
    expect((await app.get(`/api/v1/invoices/${original.id}`, company.token)).body.status).toBe('rectified');
    expect((await app.post(`/api/v1/invoices/${original.id}/rectify`, { issue_date: '2026-06-07', reason: 'x', mode: 'differences', lines: [line(company)] }, company.token)).status).toBe(409);
    expect((await app.post(`/api/v1/invoices/${rest.body.id}/rectify`, { issue_date: '2026-06-07', reason: 'x', mode: 'differences', lines: [line(company)] }, company.token)).status).toBe(409);
    const tb = await trialBalance(company);
    expect(tb.accounts.map((a: any) => [a.account, a.balance])).toEqual([['4300', '0.00'], ['477', '0.00'], ['7000', '0.00']]);
  });

  test('by substitution: the original entry is reversed, the rectifying invoice carries the corrected amounts; printed with its reference', async () => {
    const { company, customer } = await setup();
    const original = await issue(company, { contact_id: customer.id, issue_date: '2026-07-01', lines: [line(company)] });
    const sub = await app.post(`/api/v1/invoices/${original.id}/rectify`, {
      issue_date: '2026-07-03', reason: 'Precio erróneo', mode: 'substitution', lines: [line(company, { unit_price: '900' })],
    }, company.token);
    expect(sub.status).toBe(201);
    expect(sub.body).toMatchObject({ number: 'R-2026-000001', rectification_mode: 'substitution', rectification_reason: 'Precio erróneo', total: '1089.00' });
    const orig = (await app.get(`/api/v1/invoices/${original.id}`, company.token)).body;
    expect(orig).toMatchObject({ status: 'rectified', amount_due: '0.00', total: '1210.00' });
    const journal = (await app.get(`/api/v1/ledger?source_id=${original.id}`, company.token)).body.items;
    expect(journal).toHaveLength(2);
    expect(journal[1].reversal_of).toBe(original.journal_entry_id);
    const tb = await trialBalance(company);
    expect(tb.accounts.map((a: any) => [a.account, a.balance])).toEqual([['4300', '1089.00'], ['477', '-189.00'], ['7000', '-900.00']]);
    const stats = (await app.get(`/api/v1/contacts/${customer.id}/stats`, company.token)).body;
    expect(stats).toMatchObject({ documents_count: 1, invoiced_total: '1089.00', outstanding_total: '1089.00' });
    const pdf = await download(app, `/api/v1/invoices/${sub.body.id}/pdf`, company.token);
    const texts = pdfTexts(pdf.bytes, 'raw').join('\n');
    expect(texts).toContain('FACTURA RECTIFICATIVA');
    expect(texts).toContain('Factura rectificativa por sustitución de la factura F-2026-000001 de 01/07/2026');
    expect(texts).toContain('Motivo: Precio erróneo');
    // cancellation: substitution without lines
    const second = await issue(company, { contact_id: customer.id, issue_date: '2026-07-04', lines: [line(company)] });
    const cancel = await app.post(`/api/v1/invoices/${second.id}/rectify`, { issue_date: '2026-07-04', reason: 'Anulada', mode: 'substitution' }, company.token);
    expect(cancel.status).toBe(201);
    expect(cancel.body).toMatchObject({ total: '0.00', lines: [] });
    expect((await trialBalance(company)).accounts.find((a: any) => a.account === '4300').balance).toBe('1089.00');
  });

  test('bad rectifications are 422/409 and change nothing', async () => {
    const { company, customer } = await setup();
    const original = await issue(company, { contact_id: customer.id, issue_date: '2026-07-10', lines: [line(company)] });
    const draft = await issue(company, { contact_id: customer.id, issue_date: '2026-07-10', status: 'draft', lines: [line(company)] });
    const url = `/api/v1/invoices/${original.id}/rectify`;
    expect((await app.post(url, { issue_date: '2026-07-09', reason: 'x', mode: 'differences', lines: [line(company)] }, company.token)).status).toBe(422);
    expect((await app.post(url, { issue_date: '2026-07-11', reason: 'x', mode: 'differences' }, company.token)).status).toBe(422);
    expect((await app.post(url, { issue_date: '2026-07-11', reason: 'x', mode: 'other' }, company.token)).status).toBe(422);
    expect((await app.post(url, { issue_date: '2026-07-11', mode: 'differences', lines: [line(company)] }, company.token)).status).toBe(422);
    expect((await app.post(`/api/v1/invoices/${draft.id}/rectify`, { issue_date: '2026-07-11', reason: 'x', mode: 'differences', lines: [line(company)] }, company.token)).status).toBe(409);
    await app.post(`/api/v1/invoices/${original.id}/payments`, { date: '2026-07-12', amount: '10.00' }, company.token);
    expect((await app.post(url, { issue_date: '2026-07-12', reason: 'x', mode: 'substitution' }, company.token)).status).toBe(409);
    expect((await app.get('/api/v1/invoices?series=R', company.token)).body.total).toBe(0);
  });
});

describe('payments', () => {
  test('collections move the status to partially_paid then paid and post Dr 572 / Cr 4300', async () => {
    const { company, customer } = await setup();
    const inv = await issue(company, { contact_id: customer.id, issue_date: '2026-08-01', lines: [line(company)] });
    const part = await app.post(`/api/v1/invoices/${inv.id}/payments`, { date: '2026-08-10', amount: '210' }, company.token);
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ status: 'partially_paid', amount_paid: '210.00', amount_due: '1000.00' });
    expect((await app.post(`/api/v1/invoices/${inv.id}/payments`, { date: '2026-08-11', amount: '1000.01' }, company.token)).status).toBe(422);
    expect((await app.post(`/api/v1/invoices/${inv.id}/payments`, { date: '2026-07-31', amount: '1' }, company.token)).status).toBe(422);
    expect((await app.post(`/api/v1/invoices/${inv.id}/payments`, { date: '2026-08-11', amount: '1', account: '5700' }, company.token)).status).toBe(422);
    const full = await app.post(`/api/v1/invoices/${inv.id}/payments`, { date: '2026-08-11', amount: '1000' }, company.token);
    expect(full.body).toMatchObject({ status: 'paid', amount_paid: '1210.00', amount_due: '0.00' });
    expect((await app.post(`/api/v1/invoices/${inv.id}/payments`, { date: '2026-08-12', amount: '1' }, company.token)).status).toBe(409);
    const payments = (await app.get(`/api/v1/ledger?source_type=invoice.payment&source_id=${inv.id}`, company.token)).body.items;
    expect(payments.map(entryLines)).toEqual([[['572', '210.00', '0.00'], ['4300', '0.00', '210.00']], [['572', '1000.00', '0.00'], ['4300', '0.00', '1000.00']]]);
    expect((await trialBalance(company)).accounts.find((a: any) => a.account === '4300').balance).toBe('0.00');
    expect((await app.get(`/api/v1/contacts/${customer.id}/stats`, company.token)).body).toMatchObject({ documents_count: 1, invoiced_total: '1210.00', outstanding_total: '0.00' });
  });
});

describe('validation', () => {
  test('bad input is 422 with the field, and nothing is created', async () => {
    const { company, customer } = await setup();
    const ok = { contact_id: customer.id, issue_date: '2026-09-01', lines: [line(company)] };
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ ...ok, issue_date: '2026-02-30' }, ['body', 'issue_date']],
      [{ ...ok, issue_date: 'ayer' }, ['body', 'issue_date']],
      [{ ...ok, due_date: '2026-08-01' }, ['body', 'due_date']],
      [{ ...ok, lines: [] }, ['body', 'lines']],
      [{ ...ok, lines: [{ ...line(company), quantity: '1.1234567' }] }, ['body', 'lines', 0, 'quantity']],
      [{ ...ok, lines: [{ ...line(company), quantity: 1 }] }, ['body', 'lines', 0, 'quantity']],
      [{ ...ok, lines: [{ ...line(company), unit_price: '1e3' }] }, ['body', 'lines', 0, 'unit_price']],
      [{ ...ok, lines: [{ ...line(company), discount_pct: '101' }] }, ['body', 'lines', 0, 'discount_pct']],
      [{ ...ok, lines: [{ ...line(company), description: '   ' }] }, ['body', 'lines', 0, 'description']],
      [{ ...ok, lines: [{ ...line(company), tax_type_id: taxId(company, 'IRPF15') }] }, ['body', 'lines', 0, 'tax_type_id']],
      [{ ...ok, lines: [{ ...line(company), tax_type_id: taxId(company, 'RCINTRACOM') }] }, ['body', 'lines', 0, 'tax_type_id']],
      [{ ...ok, lines: [{ ...line(company), surcharge_type_id: taxId(company, 'IVA21') }] }, ['body', 'lines', 0, 'surcharge_type_id']],
      [{ ...ok, lines: [{ ...line(company, { tax: 'EXPORT' }), surcharge_type_id: taxId(company, 'RE52') }] }, ['body', 'lines', 0, 'surcharge_type_id']],
      [{ ...ok, lines: [{ ...line(company), withholding_type_id: taxId(company, 'RE52') }] }, ['body', 'lines', 0, 'withholding_type_id']],
      [{ ...ok, lines: [{ ...line(company), revenue_account: '700' }] }, ['body', 'lines', 0, 'revenue_account']],
      [{ ...ok, lines: [{ ...line(company), revenue_account: '6000' }] }, ['body', 'lines', 0, 'revenue_account']],
      [{ ...ok, lines: [{ ...line(company), quantity: '999999999999', unit_price: '999999999999' }] }, ['body', 'lines', 0, 'unit_price']],
      [{ ...ok, lines: [line(company, { quantity: '-1' })] }, ['body', 'lines']],
      [{ ...ok, series: 'f' }, ['body', 'series']],
      [{ ...ok, status: 'paid' }, ['body', 'status']],
      [{ ...ok, contact_id: 'nope' }, ['body', 'contact_id']],
      [{ ...ok, notes: 'nul \u0000 char' }, ['body', 'notes']],
      [{ ...ok, lines: [{ ...line(company), description: 'nul \u0000' }] }, ['body', 'lines', 0, 'description']],
    ];
    for (const [body, loc] of cases) {
      const res = await app.post('/api/v1/invoices', body, company.token);
      expect([JSON.stringify(loc), res.status]).toEqual([JSON.stringify(loc), 422]);
      expect([JSON.stringify(loc), res.body.detail.some((d: any) => JSON.stringify(d.loc) === JSON.stringify(loc))]).toEqual([JSON.stringify(loc), true]);
    }
    // unknown fields are refused by name (never assigned): a client cannot set the total
    const extra = await app.post('/api/v1/invoices', { ...ok, status: 'draft', total: '5.00', number: 'F-2026-999999' }, company.token);
    expect(extra.status).toBe(422);
    expect(extra.body.detail.map((d: any) => d.loc)).toEqual([['body', 'total'], ['body', 'number']]);
    const supplier = await createContact(app, company.token, { name: 'Solo proveedor', kind: 'supplier' });
    expect((await app.post('/api/v1/invoices', { ...ok, contact_id: supplier.id }, company.token)).status).toBe(422);
    expect((await app.post('/api/v1/invoices', 'not json', company.token)).status).toBeGreaterThanOrEqual(400);
    expect((await app.get('/api/v1/invoices', company.token)).body.total).toBe(0);
    expect((await trialBalance(company)).accounts).toEqual([]);
    // list filters are validated too
    for (const query of ['limit=0', 'limit=501', 'offset=-1', 'from=2026-13-01', 'status=lost', 'contact_id=x', 'from=2026-02-01&to=2026-01-01']) {
      expect([query, (await app.get(`/api/v1/invoices?${query}`, company.token)).status]).toEqual([query, 422]);
    }
    expect((await app.patch(`/api/v1/invoices/${crypto.randomUUID()}`, {}, company.token)).status).toBe(422);
  });

  test('roles: viewers read; members create, issue and rectify; nobody else writes', async () => {
    const { company, customer } = await setup();
    const viewer = await addMember(app, company.token, 'viewer');
    const member = await addMember(app, company.token, 'member');
    const body = { contact_id: customer.id, issue_date: '2026-09-01', lines: [line(company)] };
    expect((await app.post('/api/v1/invoices', body, viewer.token)).status).toBe(403);
    const created = await app.post('/api/v1/invoices', body, member.token);
    expect(created.status).toBe(201);
    expect((await app.get(`/api/v1/invoices/${created.body.id}`, viewer.token)).status).toBe(200);
    expect((await app.get(`/api/v1/invoices/${created.body.id}/pdf`, viewer.token)).status).toBe(200);
    expect((await app.post(`/api/v1/invoices/${created.body.id}/rectify`, { issue_date: '2026-09-02', reason: 'x', mode: 'substitution' }, viewer.token)).status).toBe(403);
    const key = await createApiKey(app, company.token, 'viewer');
    expect((await app.post('/api/v1/invoices', body, key.key)).status).toBe(403);
    expect((await app.get('/api/v1/invoices', key.key)).status).toBe(200);
  });
});

describe('PDF', () => {
  test('carries the legal content of art. 6 RD 1619/2012 and the company logo', async () => {
    const { company, customer } = await setup();
    await app.request('PATCH', '/api/v1/tenants/me', { token: company.token, body: { legal_name: 'Empresa Emisora SL', address: 'Avenida del Puerto 7', city: 'Valencia', postal_code: '46021', province: 'Valencia' } });
    const png = await (await import('sharp')).default({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new File([png], 'logo.png', { type: 'image/png' }));
    expect((await app.request('POST', '/api/v1/tenants/me/logo', { token: company.token, form })).status).toBeLessThan(300);
    const inv = await issue(company, { contact_id: customer.id, issue_date: '2026-10-01', operation_date: '2026-09-28', due_date: '2026-10-31', notes: 'Transferencia a ES91 2100 0418 4502 0005 1332', lines: [
      line(company, { description: 'Consultoría fiscal', withholding: 'IRPF15', nature: 'services', unit_price: '1234.56' }),
      line(company, { description: 'Libros', tax: 'IVA4', unit_price: '100', surcharge: 'RE05' }),
    ] });
    const res = await download(app, `/api/v1/invoices/${inv.id}/pdf`, company.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('factura-F-2026-000001.pdf');
    const source = Buffer.from(res.bytes).toString('latin1');
    expect(source.startsWith('%PDF-')).toBe(true);
    expect(source).toContain('/Subtype /Image');
    const texts = pdfTexts(res.bytes, 'raw').join('\n');
    for (const expected of [
      'FACTURA', 'Número: F-2026-000001', 'Serie: F', 'Fecha de expedición: 01/10/2026', 'Fecha de la operación: 28/09/2026', 'Vencimiento: 31/10/2026',
      'Empresa Emisora SL', 'NIF: B12345674', 'Avenida del Puerto 7', '46021 Valencia, Valencia',
      'Cliente Nacional SL', 'Calle Mayor 1', '28013 Madrid, Madrid',
      'Consultoría fiscal', '1.234,56', 'Libros',
      'IVA general 21%', '21 %', '259,26',
      'IVA superreducido 4%', '4 %', '4,00',
      'Recargo de equivalencia 0,5%', '0,5 %', '0,50',
      'Retención IRPF 15%', '15 %', '185,18', 'Retención IRPF', '-185,18 €',
      'Base imponible', '1.334,56', 'TOTAL FACTURA', '1.413,14 €',
      'Observaciones: Transferencia a ES91 2100 0418 4502 0005 1332',
    ]) expect([expected, texts.includes(expected)]).toEqual([expected, true]);
    expect(texts).not.toMatch(/\((IVA21|IVA4|RE05|IRPF15)\)/);
    expect(inv.total).toBe('1413.14');
  });

  test('exemption legends are printed; a draft prints as BORRADOR', async () => {
    const { company } = await setup();
    const french = await createContact(app, company.token, { name: 'Client SARL', country: 'FR', vat: 'FR40303265045', address: '1 rue de la Paix', city: 'Paris' });
    const inv = await issue(company, { contact_id: french.id, issue_date: '2026-10-02', lines: [line(company, { tax: 'IVAINTRA' })] });
    const texts = pdfTexts((await download(app, `/api/v1/invoices/${inv.id}/pdf`, company.token)).bytes, 'raw').join('\n');
    expect(texts).toContain('Entrega intracomunitaria exenta de IVA (art. 25 LIVA)');
    expect(texts).toContain('NIF: FR40303265045');
    const draft = await issue(company, { contact_id: french.id, issue_date: '2026-10-03', status: 'draft', lines: [line(company, { tax: 'IVAINTRA' })] });
    expect(pdfTexts((await download(app, `/api/v1/invoices/${draft.id}/pdf`, company.token)).bytes, 'raw').join('\n')).toContain('BORRADOR');
  });
});

describe('hooks answered for other plugins', () => {
  test('contact stats, the delete guard and merges see invoices (issued ones keep their printed customer)', async () => {
    const { company, customer } = await setup();
    const dup = await createContact(app, company.token, { name: 'Cliente Nacional (dup)' });
    const inv = await issue(company, { contact_id: dup.id, issue_date: '2026-11-01', lines: [line(company)] });
    await issue(company, { contact_id: dup.id, issue_date: '2026-11-02', status: 'draft', lines: [line(company)] });
    expect((await app.get(`/api/v1/contacts/${dup.id}/stats`, company.token)).body).toEqual({
      documents_count: 1, invoiced_total: '1210.00', purchased_total: '0.00', outstanding_total: '1210.00', first_document_date: '2026-11-01', last_document_date: '2026-11-01',
    });
    const refused = await app.del(`/api/v1/contacts/${dup.id}`, company.token);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('2 document');
    const merged = await app.post(`/api/v1/contacts/${customer.id}/merge`, { duplicate_ids: [dup.id] }, company.token);
    expect(merged.status).toBe(200);
    expect(merged.body.documents_repointed).toBe(2);
    const after = (await app.get(`/api/v1/invoices/${inv.id}`, company.token)).body;
    expect(after.contact_id).toBe(customer.id);
    expect(after.customer.name).toBe('Cliente Nacional (dup)');
    expect((await app.get(`/api/v1/contacts/${customer.id}/stats`, company.token)).body.documents_count).toBe(1);
  });

  test('distance sales: EU consumers and customers without an EU VAT number, per year, net of rectifications', async () => {
    const { company, customer } = await setup();
    const consumer = await createContact(app, company.token, { name: 'Particulier', country: 'FR', customer_type: 'individual' });
    const german = await createContact(app, company.token, { name: 'Kunde GmbH', country: 'DE', vat: 'DE136695976' });
    const sale = await issue(company, { contact_id: consumer.id, issue_date: '2026-03-01', lines: [line(company, { unit_price: '4000' })] });
    await issue(company, { contact_id: consumer.id, issue_date: '2025-03-01', series: 'V', lines: [line(company, { unit_price: '7' })] });
    await issue(company, { contact_id: german.id, issue_date: '2026-03-02', lines: [line(company, { tax: 'IVAINTRA' })] });
    await issue(company, { contact_id: customer.id, issue_date: '2026-03-02', lines: [line(company)] });
    await app.post(`/api/v1/invoices/${sale.id}/rectify`, { issue_date: '2026-03-05', reason: 'Devolución', mode: 'differences', lines: [line(company, { quantity: '-1', unit_price: '1000' })] }, company.token);
    const [y2026, y2025] = await app.kernel.unitOfWork(null).run(async (tx) => [await TaxService.distanceSales(tx, 2026), await TaxService.distanceSales(tx, 2025)], { tenantId: company.tenantId });
    expect([y2026.toString(), y2025.toString()]).toEqual(['3000.00', '7.00']);
  });

  test('the GDPR export has an invoices section; erasing the company deletes its invoices', async () => {
    const { company, customer } = await setup();
    const inv = await issue(company, { contact_id: customer.id, issue_date: '2026-11-05', lines: [line(company, { description: 'Marca única 7f3a' })] });
    const exported = await app.get('/api/v1/account/export', company.token);
    expect(exported.status).toBe(200);
    const section = exported.body.tenants.find((t: any) => t.tenant_id === company.tenantId).sections.invoices;
    expect(section.invoices.map((i: any) => i.number)).toEqual([inv.number]);
    const erased = await app.post('/api/v1/account/delete', { password: company.password }, company.token);
    expect(erased.status).toBe(200);
    expect(erased.body.deleted_tenant_ids).toEqual([company.tenantId]);
    const rows = await app.asOwner<{ n: number }>(`select (select count(*) from invoices where tenant_id = '${company.tenantId}') + (select count(*) from invoice_lines where tenant_id = '${company.tenantId}')
      + (select count(*) from invoice_series where tenant_id = '${company.tenantId}') as n`);
    expect(Number(rows[0].n)).toBe(0);
  });
});

describe('OpenAPI', () => {
  test('the named models, every $ref resolving to a component, security on every invoices operation', async () => {
    const spec = (await app.get('/openapi.json')).body;
    for (const name of ['InvoiceLine', 'InvoiceCreate', 'InvoiceResponse', 'RectifyRequest', 'PaginatedResponse_InvoiceResponse_', 'InvoiceUpdate', 'InvoicePaymentRequest']) {
      expect([name, spec.components.schemas[name] !== undefined]).toEqual([name, true]);
    }
    expect(spec.paths['/api/v1/invoices'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/InvoiceCreate');
    expect(spec.paths['/api/v1/invoices/{id}/rectify'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/RectifyRequest');
    // every invoice-returning operation documents InvoiceResponse (create and issue without runtime response encoding, see routes.ts)
    expect(spec.paths['/api/v1/invoices'].post.responses['201'].content['application/json'].schema.$ref).toBe('#/components/schemas/InvoiceResponse');
    expect(spec.paths['/api/v1/invoices/{id}/issue'].post.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/InvoiceResponse');
    expect(spec.paths['/api/v1/invoices/{id}'].get.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/InvoiceResponse');
    const ours = JSON.stringify({
      paths: Object.fromEntries(Object.entries(spec.paths).filter(([path]) => path.startsWith('/api/v1/invoices'))),
      schemas: Object.fromEntries(Object.entries(spec.components.schemas).filter(([name]) => /Invoice|Rectify/.test(name))),
    });
    const refs = [...ours.matchAll(/"\$ref":"(#\/components\/schemas\/[^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(5);
    for (const ref of refs) expect([ref, spec.components.schemas[ref.replace('#/components/schemas/', '')] !== undefined && ref.startsWith('#/components/schemas/')]).toEqual([ref, true]);
    for (const [path, operations] of Object.entries<any>(spec.paths).filter(([path]) => path.startsWith('/api/v1/invoices'))) {
      for (const [method, operation] of Object.entries<any>(operations)) expect([method, path, operation.security.length > 0]).toEqual([method, path, true]);
    }
    expect(Object.keys(spec.paths['/api/v1/invoices/{id}/pdf'].get.responses['200'].content)).toEqual(['application/pdf']);
  });
});

describe('cross-tenant', () => {
  test("another tenant's invoice, contact and tax type ids answer exactly like random ids, and nothing changes", async () => {
    const mine = await setup();
    const theirs = await setup();
    const foreign = await issue(theirs.company, { contact_id: theirs.customer.id, issue_date: '2026-11-10', lines: [line(theirs.company)] });
    const foreignDraft = await issue(theirs.company, { contact_id: theirs.customer.id, issue_date: '2026-11-10', status: 'draft', lines: [line(theirs.company)] });
    const random = crypto.randomUUID();
    const token = mine.company.token;
    const calls: [string, (id: string) => string, unknown?][] = [
      ['GET', (id) => `/api/v1/invoices/${id}`],
      ['PATCH', (id) => `/api/v1/invoices/${id}`, { notes: 'robado' }],
      ['DELETE', (id) => `/api/v1/invoices/${id}`],
      ['POST', (id) => `/api/v1/invoices/${id}/issue`],
      ['POST', (id) => `/api/v1/invoices/${id}/rectify`, { issue_date: '2026-11-11', reason: 'x', mode: 'substitution' }],
      ['POST', (id) => `/api/v1/invoices/${id}/payments`, { date: '2026-11-11', amount: '1.00' }],
      ['GET', (id) => `/api/v1/invoices/${id}/pdf`],
    ];
    for (const target of [foreign.id, foreignDraft.id]) {
      for (const [method, path, body] of calls) {
        const a = await app.request(method, path(target), { token, body });
        const b = await app.request(method, path(random), { token, body });
        expect([method, path(':id'), a.status]).toEqual([method, path(':id'), 404]);
        expect(a.body).toEqual(b.body);
      }
    }
    const create = (contactId: string, taxTypeId: string) => app.post('/api/v1/invoices', { contact_id: contactId, issue_date: '2026-11-11', lines: [{ ...line(mine.company), tax_type_id: taxTypeId }] }, token);
    const foreignContact = await create(theirs.customer.id, taxId(mine.company, 'IVA21'));
    const randomContact = await create(random, taxId(mine.company, 'IVA21'));
    expect([foreignContact.status, foreignContact.body]).toEqual([404, randomContact.body]);
    const foreignTax = await create(mine.customer.id, taxId(theirs.company, 'IVA21'));
    const randomTax = await create(mine.customer.id, random);
    expect([foreignTax.status, foreignTax.body]).toEqual([404, randomTax.body]);
    const patchDraft = await issue(mine.company, { contact_id: mine.customer.id, issue_date: '2026-11-11', status: 'draft', lines: [line(mine.company)] });
    expect((await app.patch(`/api/v1/invoices/${patchDraft.id}`, { contact_id: theirs.customer.id }, token)).status).toBe(404);
    expect((await app.get('/api/v1/invoices', token)).body.items.map((i: any) => i.id)).toEqual([patchDraft.id]);
    expect((await app.get(`/api/v1/invoices/${foreign.id}`, theirs.company.token)).body).toEqual(foreign);
    expect((await app.get(`/api/v1/invoices/${foreignDraft.id}`, theirs.company.token)).body.notes).toBeNull();
  });
});
