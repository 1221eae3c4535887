/**
 * The tax register and the VAT record books: the golden documents (sales and purchases, base
 * 1,000.00 €) each leave one register row per tax group with the counterparty, kind and amounts;
 * the books' totals equal the 477/472 balances of the period; the backfill computes the same rows
 * as issuing; the register is immutable and tenant-scoped; settlements can be reversed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import ExcelJS from 'exceljs';
import { rowBoolean } from '../../../kernel/rows';
import { RECTIFIES_SIMPLIFIED_BACKFILL, registerBackfillSql, TaxRegister } from '../../../plugins/documents/api';
import { INVOICE_REGISTER_BACKFILL, INVOICE_SIMPLIFIED_RECLASSIFY } from '../../../plugins/invoices/migrations';
import { PURCHASE_REGISTER_BACKFILL } from '../../../plugins/purchases/migrations';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
const ids: Record<string, string> = {};
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  other = await createCompany(app);
}, 60_000);
afterAll(() => app?.close());

async function created(path: string, body: Record<string, unknown>) {
  const res = await app.post(path, body, company.token);
  expect(res.status).toBe(201);
  return res.body;
}
const baseLine = (line: Record<string, unknown>) => [{ description: 'Base 1.000', quantity: '1', unit_price: '1000.00', ...line }];
const invoice = (contactId: string, line: Record<string, unknown>) => created('/api/v1/invoices', { contact_id: contactId, issue_date: '2026-04-15', lines: baseLine(line) });
let counter = 0;
const purchase = (contactId: string, line: Record<string, unknown>, fields: Record<string, unknown> = {}) => created('/api/v1/purchases', {
  contact_id: contactId, kind: 'invoice', supplier_invoice_number: `FR-${++counter}`, issue_date: '2026-04-20', lines: baseLine(line), ...fields,
});
const register = (tenantId: string) => app.asAppRole<any>(tenantId, `select document_id::text as document_id, group_no, side, kind, number, supplier_number,
  contact_id::text as contact_id, counterparty_name, counterparty_tax_id, counterparty_country, tax_code, capital_good, base::text as base, rate::text as rate,
  quota::text as quota, deductible_quota::text as deductible_quota, surcharge::text as surcharge, withholding::text as withholding,
  rectifies_number, rectification_mode, document_total::text as document_total
  from tax_register order by number, group_no`);
const row = (rows: any[], documentId: string) => rows.filter((r) => r.document_id === documentId).map(({ document_id: _, ...rest }) => rest);

describe('the tax register', () => {
  test('golden sales documents: one row per tax group, with the customer, the kind and the amounts', async () => {
    const domestic = await createContact(app, company.token, { name: 'Cliente Nacional SL', vat: 'B65410011' });
    const french = await createContact(app, company.token, { name: 'Client SARL', country: 'FR', vat: 'FR40303265045' });
    const american = await createContact(app, company.token, { name: 'Importer Inc', country: 'US', vat: '12-3456789' });
    ids.goods = (await invoice(domestic.id, { tax_type_id: taxId(company, 'IVA21') })).id;
    ids.professional = (await invoice(domestic.id, { tax_type_id: taxId(company, 'IVA21'), withholding_type_id: taxId(company, 'IRPF15'), nature: 'services' })).id;
    ids.retailer = (await invoice(domestic.id, { tax_type_id: taxId(company, 'IVA21'), surcharge_type_id: taxId(company, 'RE52') })).id;
    ids.intra = (await invoice(french.id, { tax_type_id: taxId(company, 'IVAINTRA') })).id;
    ids.export = (await invoice(american.id, { tax_type_id: taxId(company, 'EXPORT') })).id;
    // a draft has no register row; issuing it (the statement path of POST /invoices/{id}/issue) writes it
    const draft = await app.post('/api/v1/invoices', { contact_id: domestic.id, issue_date: '2026-04-16', status: 'draft', lines: [
      { description: 'A', quantity: '2', unit_price: '100.00', tax_type_id: taxId(company, 'IVA21') },
      { description: 'B', quantity: '1', unit_price: '100.00', tax_type_id: taxId(company, 'IVA10') },
      { description: 'C', quantity: '1', unit_price: '50.00', tax_type_id: taxId(company, 'IVA21') },
    ] }, company.token);
    ids.twoRates = draft.body.id;
    expect(row(await register(company.tenantId), ids.twoRates)).toEqual([]);
    expect((await app.post(`/api/v1/invoices/${ids.twoRates}/issue`, {}, company.token)).status).toBe(200);

    const rows = await register(company.tenantId);
    const customer = { side: 'issued', kind: 'invoice', supplier_number: null, contact_id: domestic.id, counterparty_name: 'Cliente Nacional SL', counterparty_tax_id: 'B65410011', counterparty_country: 'ES', capital_good: false, rectifies_number: null, rectification_mode: null };
    expect(row(rows, ids.goods)).toEqual([expect.objectContaining({ ...customer, group_no: 1, tax_code: 'IVA21', base: '1000.00', rate: '21.00', quota: '210.00', surcharge: '0.00', withholding: '0.00', deductible_quota: '0.00', document_total: '1210.00' })]);
    expect(row(rows, ids.professional)).toEqual([expect.objectContaining({ ...customer, tax_code: 'IVA21', base: '1000.00', quota: '210.00', withholding: '150.00', document_total: '1060.00' })]);
    expect(row(rows, ids.retailer)).toEqual([expect.objectContaining({ ...customer, tax_code: 'IVA21', base: '1000.00', quota: '210.00', surcharge: '52.00', document_total: '1262.00' })]);
    expect(row(rows, ids.intra)).toEqual([expect.objectContaining({ kind: 'invoice', contact_id: french.id, counterparty_tax_id: 'FR40303265045', counterparty_country: 'FR', tax_code: 'IVAINTRA', base: '1000.00', quota: '0.00' })]);
    expect(row(rows, ids.export)).toEqual([expect.objectContaining({ kind: 'invoice', counterparty_name: 'Importer Inc', counterparty_tax_id: '123456789', counterparty_country: 'US', tax_code: 'EXPORT', base: '1000.00', quota: '0.00', document_total: '1000.00' })]);
    expect(row(rows, ids.twoRates).map((r) => [r.group_no, r.tax_code, r.base, r.quota])).toEqual([[1, 'IVA21', '250.00', '52.50'], [2, 'IVA10', '100.00', '10.00']]);
    expect(row(rows, ids.twoRates)[0].number).toMatch(/^F-2026-\d{6}$/);
  });

  test('golden purchases: supplier, kind (purchase invoice, intra-EU acquisition, reverse charge, import, expense) and deductible quota', async () => {
    const lawyer = await createContact(app, company.token, { name: 'Abogados Asociados SLP', kind: 'supplier', vat: 'B86561412' });
    const german = await createContact(app, company.token, { name: 'Lieferant GmbH', kind: 'supplier', country: 'DE', vat: 'DE136695976' });
    const builder = await createContact(app, company.token, { name: 'Construcciones SA', kind: 'supplier', vat: 'A58818501' });
    const wholesaler = await createContact(app, company.token, { name: 'Mayorista SA', kind: 'supplier', vat: 'A28017895' });
    ids.services = (await purchase(lawyer.id, { tax_type_id: taxId(company, 'IVA21'), withholding_type_id: taxId(company, 'IRPF15'), expense_account: '623' })).id;
    ids.acquisition = (await purchase(german.id, { tax_type_id: taxId(company, 'RCINTRACOM'), expense_account: '600' })).id;
    ids.capital = (await purchase(german.id, { tax_type_id: taxId(company, 'RCINTRACOM'), expense_account: '217', capital_good: true })).id;
    ids.isp = (await purchase(builder.id, { tax_type_id: taxId(company, 'ISP'), expense_account: '622' })).id;
    ids.import = (await purchase(builder.id, { tax_type_id: taxId(company, 'IMPORT'), expense_account: '600' })).id;
    ids.re = (await purchase(wholesaler.id, { tax_type_id: taxId(company, 'IVA21'), surcharge_type_id: taxId(company, 'RE52'), expense_account: '600' })).id;
    ids.ticket = (await purchase(wholesaler.id, { tax_type_id: taxId(company, 'IVA10'), expense_account: '629' }, { kind: 'expense', supplier_invoice_number: null })).id;

    const rows = await register(company.tenantId);
    expect(row(rows, ids.services)).toEqual([expect.objectContaining({
      side: 'received', kind: 'purchase_invoice', supplier_number: expect.stringMatching(/^FR-/), contact_id: lawyer.id, counterparty_name: 'Abogados Asociados SLP',
      counterparty_tax_id: 'B86561412', counterparty_country: 'ES', tax_code: 'IVA21', base: '1000.00', quota: '210.00', deductible_quota: '210.00', withholding: '150.00', document_total: '1060.00',
    })]);
    expect(row(rows, ids.services)[0].number).toMatch(/^P-2026-\d{6}$/);
    expect(row(rows, ids.acquisition)).toEqual([expect.objectContaining({ kind: 'intra_eu_acquisition', counterparty_country: 'DE', counterparty_tax_id: 'DE136695976', base: '1000.00', quota: '210.00', deductible_quota: '210.00', capital_good: false, document_total: '1000.00' })]);
    expect(row(rows, ids.capital)).toEqual([expect.objectContaining({ kind: 'intra_eu_acquisition', capital_good: true, quota: '210.00', deductible_quota: '210.00' })]);
    expect(row(rows, ids.isp)).toEqual([expect.objectContaining({ kind: 'reverse_charge', counterparty_name: 'Construcciones SA', quota: '210.00', deductible_quota: '210.00' })]);
    expect(row(rows, ids.import)).toEqual([expect.objectContaining({ kind: 'import', quota: '210.00', deductible_quota: '210.00', document_total: '1210.00' })]);
    expect(row(rows, ids.re)).toEqual([expect.objectContaining({ kind: 'purchase_invoice', quota: '210.00', surcharge: '52.00', deductible_quota: '0.00', document_total: '1262.00' })]);
    expect(row(rows, ids.ticket)).toEqual([expect.objectContaining({ kind: 'expense', supplier_number: null, tax_code: 'IVA10', quota: '100.00', deductible_quota: '100.00' })]);
  });

  test('the query\'s regimes filter answers only the rows of those regimes, in the database (the 349 reads intra_eu that way)', async () => {
    const owner = app.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });
    const [all, intraEu, two] = await owner.run((tx) => Promise.all([
      TaxRegister.query(tx, { from: '2026-01-01', to: '2026-12-31', side: 'received' }),
      TaxRegister.query(tx, { from: '2026-01-01', to: '2026-12-31', side: 'received', regimes: ['intra_eu'] }),
      TaxRegister.query(tx, { from: '2026-01-01', to: '2026-12-31', side: 'received', regimes: ['intra_eu', 'import'] }),
    ]));
    expect(new Set(all.map((r) => r.regime)).size).toBeGreaterThan(2);
    expect(intraEu.map((r) => r.documentId).sort()).toEqual([ids.acquisition, ids.capital].sort());
    expect(two.map((r) => r.documentId).sort()).toEqual(all.filter((r) => r.regime === 'intra_eu' || r.regime === 'import').map((r) => r.documentId).sort());
    expect(two.some((r) => r.documentId === ids.import)).toBe(true);
  });

  test('a rectification is registered with the rectified number and mode, in the same transaction as the rectifying invoice', async () => {
    const rectifying = await app.post(`/api/v1/invoices/${ids.goods}/rectify`, {
      issue_date: '2026-04-25', reason: 'Descuento', mode: 'differences', lines: [{ description: 'Descuento', quantity: '-1', unit_price: '100.00', tax_type_id: taxId(company, 'IVA21') }],
    }, company.token);
    expect(rectifying.status).toBe(201);
    const original = (await app.get(`/api/v1/invoices/${ids.goods}`, company.token)).body;
    expect(row(await register(company.tenantId), rectifying.body.id)).toEqual([expect.objectContaining({
      kind: 'rectification', rectifies_number: original.number, rectification_mode: 'differences', base: '-100.00', quota: '-21.00', document_total: '-121.00',
    })]);
  });

  test("the VAT books' totals equal the 477 and 472 balances of the period", async () => {
    const book = async (side: string) => {
      const res = await app.get(`/api/v1/tax-books/${side}?from=2026-04-01&to=2026-06-30`, company.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      const [header, ...lines] = res.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(';'));
      return lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
    };
    const cents = (text: string) => BigInt((text || '0.00').replace('.', ''));
    const sum = (rows: Record<string, string>[], pick: (r: Record<string, string>) => string) => rows.reduce((s, r) => s + cents(pick(r)), 0n);
    const issued = await book('issued');
    const received = await book('received');
    expect(issued).toHaveLength(8);
    expect(received).toHaveLength(7);
    expect(issued[0]).toMatchObject({ 'Autoliquidación Ejercicio': '2026', 'Autoliquidación Periodo': '2T', 'Tipo de Factura': 'F1', 'NIF Destinatario Identificación': 'B65410011' });
    expect(received.find((r) => r['Clave de Operación'] === '09')).toMatchObject({ 'NIF Expedidor Tipo': '02', 'NIF Expedidor Código País': 'DE', 'Inversión del Sujeto Pasivo': 'S' });
    const balance = async (account: string) => (await app.get(`/api/v1/ledger/account/${account}?from=2026-04-01&to=2026-06-30`, company.token)).body;
    const vat477 = await balance('477');
    const vat472 = await balance('472');
    const selfAssessed = received.filter((r) => r['Inversión del Sujeto Pasivo'] === 'S');
    // 477: VAT and RE charged on sales, plus the VAT self-assessed on reverse-charge purchases
    expect(sum(issued, (r) => r['Cuota IVA Repercutida']) + sum(issued, (r) => r['Cuota Recargo eq.']) + sum(selfAssessed, (r) => r['Cuota IVA Soportada']))
      .toBe(cents(vat477.credit) - cents(vat477.debit));
    // 472 (4729 included): the deductible VAT of the received book
    expect(sum(received, (r) => r['Cuota Deducible'])).toBe(cents(vat472.debit) - cents(vat472.credit));
    expect(cents(vat472.debit)).toBeGreaterThan(0n);
  });

  test('the books as xlsx; bad periods are 422; another company sees none of these rows', async () => {
    const res = await app.request('GET', '/api/v1/tax-books/received?from=2026-04-01&to=2026-06-30&format=xlsx', { token: company.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const raw = await app.handle(new Request('http://localhost/api/v1/tax-books/received?from=2026-04-01&to=2026-06-30&format=xlsx', { headers: { authorization: `Bearer ${company.token}` } }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await raw.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(8);
    expect(sheet.getRow(1).getCell(1).value).toBe('Autoliquidación Ejercicio');
    expect((await app.get('/api/v1/tax-books/issued?from=2026-06-30&to=2026-04-01', company.token)).status).toBe(422);
    expect((await app.get('/api/v1/tax-books/other?from=2026-04-01&to=2026-06-30', company.token)).status).toBe(422);
    expect((await app.get('/api/v1/tax-books/issued?from=2026-13-01&to=2026-06-30', company.token)).status).toBe(422);
    const foreign = await app.get('/api/v1/tax-books/issued?from=2026-01-01&to=2026-12-31', other.token);
    expect(foreign.status).toBe(200);
    expect(foreign.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n')).toHaveLength(1);
    expect(await register(other.tenantId)).toEqual([]);
  });

  test('the register is immutable: no update, no delete', async () => {
    await expect(app.asAppRole(company.tenantId, `update tax_register set base = base + 1`)).rejects.toThrow(/append-only/);
    await expect(app.asAppRole(company.tenantId, `delete from tax_register`)).rejects.toThrow(/append-only/);
  });

  test('the backfill migration computes exactly the rows issuing wrote', async () => {
    const before = await register(company.tenantId);
    const after = await app.asOwner<any>([
      `select set_config('cuadra.erasing_tenant', '${company.tenantId}', true)`,
      `delete from tax_register where tenant_id = '${company.tenantId}'`,
      registerBackfillSql(INVOICE_REGISTER_BACKFILL),
      registerBackfillSql(PURCHASE_REGISTER_BACKFILL),
      `select count(*)::int as n from tax_register where tenant_id = '${company.tenantId}'`,
    ]);
    expect(Number(after[0].n)).toBe(before.length);
    expect(await register(company.tenantId)).toEqual(before);
  });

  test('simplified invoices the old backfill registered as invoices are corrected, and their rectifications flagged (R5)', async () => {
    const shop = await createCompany(app);
    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await app.post(path, body, shop.token);
      expect({ path, status: res.status }).toEqual({ path, status: 201 });
      return res.body;
    };
    const bar = await createContact(app, shop.token, { name: 'Bar Sin Datos SL', vat: null });
    const client = await createContact(app, shop.token, { name: 'Cliente Completo SL', vat: 'B65410011' });
    const lines = (quantity: string) => [{ description: 'Servicio', quantity, unit_price: '100.00', tax_type_id: taxId(shop, 'IVA21') }];
    const ticket = await post('/api/v1/invoices', { contact_id: bar.id, issue_date: '2026-04-15', lines: lines('1') });
    const complete = await post('/api/v1/invoices', { contact_id: client.id, issue_date: '2026-04-15', lines: lines('1') });
    await post(`/api/v1/invoices/${ticket.id}/rectify`, { issue_date: '2026-04-16', reason: 'Devolución', mode: 'differences', lines: lines('-0.5') });
    await post(`/api/v1/invoices/${complete.id}/rectify`, { issue_date: '2026-04-16', reason: 'Devolución', mode: 'differences', lines: lines('-0.5') });
    const rows = async () => (await app.asAppRole<any>(shop.tenantId, `select number, kind, rectifies_simplified, base::text as base from tax_register order by number, group_no`))
      .map((r) => [r.number, r.kind, rowBoolean(r.rectifies_simplified), r.base]);
    const issued = await rows();
    expect(issued.map(([, kind, flag, base]) => [kind, flag, base]).sort()).toEqual([
      ['invoice', false, '100.00'], ['rectification', false, '-50.00'], ['rectification', true, '-50.00'], ['simplified', false, '100.00'],
    ]);
    await app.asOwner([
      `select set_config('cuadra.erasing_tenant', '${shop.tenantId}', true)`,
      `delete from tax_register where tenant_id = '${shop.tenantId}'`,
      registerBackfillSql(INVOICE_REGISTER_BACKFILL),
    ]);
    // the first backfill knew no simplified invoices
    expect((await rows()).map(([, kind, flag]) => [kind, flag]).sort()).toEqual([['invoice', false], ['invoice', false], ['rectification', false], ['rectification', false]]);
    await app.asOwner([...INVOICE_SIMPLIFIED_RECLASSIFY, ...RECTIFIES_SIMPLIFIED_BACKFILL]);
    expect(await rows()).toEqual(issued);
  });
});

describe('settlements', () => {
  const owner = () => app.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });

  test('a collection through the route is a settlement; reversing it reverses the entry and the invoice is due again', async () => {
    const { reverseSettlement } = await import('../../../plugins/documents/api');
    const paid = await app.post(`/api/v1/invoices/${ids.professional}/payments`, { date: '2026-05-01', amount: '1000.00' }, company.token);
    expect(paid.body).toMatchObject({ status: 'partially_paid', amount_paid: '1000.00', amount_due: '60.00' });
    const [settlement] = await app.asAppRole<any>(company.tenantId, `select id::text as id, amount::text as amount, journal_entry_id::text as entry from settlements where document_id = '${ids.professional}'`);
    expect(settlement.amount).toBe('1000.00');
    expect(settlement.entry).toBeTruthy();
    await owner().run((tx) => reverseSettlement(tx, settlement.id, '2026-05-02'));
    expect((await app.get(`/api/v1/invoices/${ids.professional}`, company.token)).body).toMatchObject({ status: 'issued', amount_paid: '0.00', amount_due: '1060.00' });
    await expect(owner().run((tx) => reverseSettlement(tx, settlement.id, '2026-05-02'))).rejects.toThrow(/already been reversed/);
  });

  test('one payment settles several documents (a collection and a supplier payment): one entry, the bank netted; open items follow; reversal undoes it whole', async () => {
    const { openItems, reverseSettlement, settleMany } = await import('../../../plugins/documents/api');
    const { INVOICE_SETTLEMENT } = await import('../../../plugins/invoices/api');
    const { PURCHASE_SETTLEMENT } = await import('../../../plugins/purchases/api');
    const before = await owner().run((tx) => openItems(tx, INVOICE_SETTLEMENT));
    const retailer = before.find((i) => i.id === ids.retailer)!;
    expect(retailer.label).toMatch(/^F-2026-/);
    expect(retailer.outstanding.toString()).toBe('1262.00');
    const result = await owner().run((tx) => settleMany(tx, { date: '2026-05-10', allocations: [
      { kind: INVOICE_SETTLEMENT, id: ids.retailer, amount: '1262.00' },
      { kind: PURCHASE_SETTLEMENT, id: ids.services, amount: '500.00' },
    ] }));
    expect(result.settlementIds).toHaveLength(2);
    const entry = (await app.get(`/api/v1/ledger/entries/${result.journalEntryId}`, company.token)).body;
    // Dr 572 762 (1,262 in − 500 out) / Cr 4300 1,262 / Dr 4100 500
    expect(entry.lines.map((l: any) => [l.account, l.debit, l.credit]).sort()).toEqual([['4100', '500.00', '0.00'], ['4300', '0.00', '1262.00'], ['572', '762.00', '0.00']]);
    expect((await app.get(`/api/v1/invoices/${ids.retailer}`, company.token)).body).toMatchObject({ status: 'paid', amount_due: '0.00' });
    expect((await app.get(`/api/v1/purchases/${ids.services}`, company.token)).body).toMatchObject({ status: 'partially_paid', amount_paid: '500.00', amount_due: '560.00' });
    expect((await owner().run((tx) => openItems(tx, INVOICE_SETTLEMENT))).some((i) => i.id === ids.retailer)).toBe(false);
    // too much, or twice the same document: 422 and nothing written
    await expect(owner().run((tx) => settleMany(tx, { date: '2026-05-11', allocations: [{ kind: PURCHASE_SETTLEMENT, id: ids.services, amount: '560.01' }] }))).rejects.toThrow(/At most 560.00/);
    await expect(owner().run((tx) => settleMany(tx, { date: '2026-05-11', allocations: [
      { kind: PURCHASE_SETTLEMENT, id: ids.services, amount: '1.00' }, { kind: PURCHASE_SETTLEMENT, id: ids.services, amount: '1.00' },
    ] }))).rejects.toThrow(/twice/);
    await owner().run((tx) => reverseSettlement(tx, result.settlementIds[1], '2026-05-12'));
    expect((await app.get(`/api/v1/invoices/${ids.retailer}`, company.token)).body).toMatchObject({ status: 'issued', amount_due: '1262.00' });
    expect((await app.get(`/api/v1/purchases/${ids.services}`, company.token)).body).toMatchObject({ status: 'issued', amount_due: '1060.00' });
  });
});
