/**
 * The purchase side of the one goods-or-services rule (`registerNature`), read straight from the
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
import { registerNature, TaxRegister, type NatureParts } from '../../../plugins/documents/api';
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
    const rows = await TaxRegister.query(tx, { from: '2025-03-01', to: '2025-03-31', side: 'received' });
    const parts = await registerNature(tx, rows);
    return rows.map((r, i) => ({ number: r.number, group: r.groupNo, capitalGood: r.capitalGood, base: r.base, deductible: r.deductibleQuota, ...plain(parts[i]) }));
  });
}

describe('registerNature over purchases', () => {
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
});
