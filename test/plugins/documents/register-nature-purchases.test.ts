/**
 * The purchase side of the one goods-or-services rule (`TaxRegisterNature`), read straight from the
 * register of a real database, whatever return asks:
 *
 * - Accounts: 600, 6010001 (a sub-account of 601), 602 (compras) are goods; 607, 629 are services;
 *   a capital good is goods whatever its account (one on 623). Purchase of 2025-03-10 at 21 %:
 *   600 100.00, 6010001 200.00, 602 300.00, 607 500.00, 629 600.00 → one row of 1,700.00, VAT
 *   357.00: goods 600.00 and 357.00 × 600 / 1,700 = 126.00, services 1,100.00 and 231.00; the
 *   capital goods 217 400.00 and 623 800.00 → their own row of 1,200.00, VAT 252.00, all goods.
 *   A group 2 line not flagged as a capital good (goods by the rule too) cannot be entered: the
 *   purchase refuses a group 2 account without the flag (422, tested here).
 * - Deductibility splits a VAT type's lines too (the register's groups, the purchase kind's
 *   `registerGroupBy`): a domestic purchase of 2025-03-11 at 21 % with 1,000.00 on 600 bearing a
 *   5.2 % surcharge (not deductible: its own row, deductible quota 0) and 500.00 on 629 plain
 *   (deductible): the first row is all goods (1,000.00, VAT 210.00), the second all services
 *   (500.00, VAT 105.00, deductible 105.00). Matched by VAT type alone, both rows would read the
 *   lines together and share 1,000 / 1,500 of goods.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TaxRegisterNature, type NatureParts } from '../../../plugins/documents/api';
import { createContact, documentBooker, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
const { created, tax } = documentBooker(() => app, () => company);
const line = (unit_price: string, fields: Record<string, unknown>) => ({ description: 'Concepto', quantity: '1', unit_price, tax_type_id: tax('IVA21'), ...fields });
let accounts: { number: string };
let mixed: { number: string };

beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  expect((await app.post('/api/v1/ledger/accounts', { code: '6010001', name: 'Compras de materias primas A' }, company.token)).status).toBe(201);
  const supplier = await createContact(app, company.token, { name: 'Suministros SA', kind: 'supplier', vat: 'A58818501' });
  accounts = await created('/api/v1/purchases', {
    contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'S-1', issue_date: '2025-03-10', lines: [
      line('100.00', { expense_account: '600' }), line('200.00', { expense_account: '6010001' }), line('300.00', { expense_account: '602' }),
      line('400.00', { expense_account: '217', capital_good: true }), line('800.00', { expense_account: '623', capital_good: true }),
      line('500.00', { expense_account: '607' }), line('600.00', { expense_account: '629' }),
    ],
  });
  mixed = await created('/api/v1/purchases', {
    contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'S-2', issue_date: '2025-03-11', lines: [
      line('1000.00', { expense_account: '600', surcharge_type_id: tax('RE52') }), line('500.00', { expense_account: '629' }),
    ],
  });
}, 300_000);
afterAll(() => app?.close());

const plain = (p: NatureParts | null) => p && ({
  goods: [p.goods.base.toString(), p.goods.quota.toString(), p.goods.deductibleQuota.toString()],
  services: [p.services.base.toString(), p.services.quota.toString(), p.services.deductibleQuota.toString()],
});

/** The register's received rows of March 2025 with their goods and services parts, by purchase number and group. */
async function natures() {
  const owner = app.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });
  return owner.run(async (tx) => {
    const rows = await TaxRegisterNature.rows(tx, { from: '2025-03-01', to: '2025-03-31', side: 'received' });
    return rows.map(({ row: r, nature }) => ({ number: r.number, group: r.groupNo, capitalGood: r.capitalGood, base: r.base, deductible: r.deductibleQuota, ...plain(nature) }));
  });
}

describe('TaxRegisterNature over purchases', () => {
  test('accounts 600, 6010001 and 602 are goods, 607 and 629 services, a capital good on any account goods', async () => {
    const rows = (await natures()).filter((r) => r.number === accounts.number);
    expect(rows).toEqual([
      { number: accounts.number, group: 1, capitalGood: false, base: '1700.00', deductible: '357.00', goods: ['600.00', '126.00', '126.00'], services: ['1100.00', '231.00', '231.00'] },
      { number: accounts.number, group: 2, capitalGood: true, base: '1200.00', deductible: '252.00', goods: ['1200.00', '252.00', '252.00'], services: ['0.00', '0.00', '0.00'] },
    ]);
  });

  test('a group 2 account without the capital-good flag is refused (422 naming the line)', async () => {
    const supplier = await createContact(app, company.token, { name: 'Otro Proveedor SA', kind: 'supplier', vat: 'A28017895' });
    const res = await app.post('/api/v1/purchases', { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'S-3', issue_date: '2025-03-12', lines: [line('700.00', { expense_account: '213' })] }, company.token);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'lines', 0, 'expense_account'], type: 'value_error.account_group' });
  });

  test('a VAT type split by deductibility: each row reads only its own lines', async () => {
    const rows = (await natures()).filter((r) => r.number === mixed.number);
    expect(rows).toEqual([
      { number: mixed.number, group: 1, capitalGood: false, base: '1000.00', deductible: '0.00', goods: ['1000.00', '210.00', '0.00'], services: ['0.00', '0.00', '0.00'] },
      { number: mixed.number, group: 2, capitalGood: false, base: '500.00', deductible: '105.00', goods: ['0.00', '0.00', '0.00'], services: ['500.00', '105.00', '105.00'] },
    ]);
  });

  test('summed in the database by deductibility: each group the sum of its rows\' parts, and how many rows list goods and services', async () => {
    const owner = app.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });
    const sums = await owner.run((tx) => TaxRegisterNature.sums(tx, { from: '2025-03-01', to: '2025-03-31', side: 'received' }, ['deductible']));
    expect(sums.map((s) => ({ key: s.key, rows: s.rows, unmapped: s.unmapped, goodsRows: s.goodsRows, servicesRows: s.servicesRows, ...plain(s) }))).toEqual([
      // S-1's two rows (600.00 + 1,200.00 goods; 1,100.00 services) and S-2's plain row (500.00 services), in book order
      { key: { deductible: true }, rows: 3, unmapped: 0, goodsRows: 2, servicesRows: 2, goods: ['1800.00', '378.00', '378.00'], services: ['1600.00', '336.00', '336.00'] },
      // S-2's row bearing the surcharge: all goods, nothing deducted
      { key: { deductible: false }, rows: 1, unmapped: 0, goodsRows: 1, servicesRows: 0, goods: ['1000.00', '210.00', '0.00'], services: ['0.00', '0.00', '0.00'] },
    ]);
  });

  test('a share of half a cent rounds away from zero, a credit\'s too: 0.50 on 600 and 0.50 on 629 at 21 %, VAT 0.21 → goods 0.11, services 0.10', async () => {
    const supplier = await createContact(app, company.token, { name: 'Céntimos SL', kind: 'supplier', vat: 'B65410011' });
    const halves = [line('0.50', { expense_account: '600' }), line('0.50', { expense_account: '629' })];
    const bought = await created('/api/v1/purchases', { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'C-1', issue_date: '2025-04-10', lines: halves });
    await created(`/api/v1/purchases/${bought.id}/rectify`, {
      issue_date: '2025-04-20', reason: 'Abono', mode: 'differences', supplier_invoice_number: 'C-1-A',
      lines: [line('-0.50', { expense_account: '600' }), line('-0.50', { expense_account: '629' })],
    });
    const owner = app.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });
    const rows = await owner.run((tx) => TaxRegisterNature.rows(tx, { from: '2025-04-01', to: '2025-04-30', side: 'received' }));
    expect(rows.map(({ row, nature }) => ({ base: row.base, quota: row.quota, ...plain(nature) }))).toEqual([
      { base: '1.00', quota: '0.21', goods: ['0.50', '0.11', '0.11'], services: ['0.50', '0.10', '0.10'] },
      { base: '-1.00', quota: '-0.21', goods: ['-0.50', '-0.11', '-0.11'], services: ['-0.50', '-0.10', '-0.10'] },
    ]);
  });

  test('read for a list of contacts: only their rows', async () => {
    const owner = app.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });
    const [supplierOf] = await owner.run((tx) => TaxRegisterNature.rows(tx, { from: '2025-03-01', to: '2025-03-31', side: 'received' }));
    const of = (contactIds: string[]) => owner.run((tx) => TaxRegisterNature.rows(tx, { from: '2025-03-01', to: '2025-03-31', contactIds }));
    expect((await of([supplierOf!.row.counterparty.contactId])).map((r) => r.row.number)).toEqual([accounts.number, accounts.number, mixed.number, mixed.number]);
    expect(await of([crypto.randomUUID()])).toEqual([]);
  });
});
