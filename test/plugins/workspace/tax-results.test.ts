/**
 * The workspace's computed result of each tax model due: for a set of companies at once
 * (resultsByTenant, one register statement per question for all of them), the same figures as each
 * company's own GET /aeat/{model}/summary for the period — a quarterly filer whose 303 compensates
 * a negative quarter into the next, a monthly filer, rents (115) and a professional (111)
 * withheld, an autónomo's 130 (its year to date from the ledger), a company under the VAT prorrata
 * (its 4T's box 44 at a definitive percentage set by hand) — on days in different filing windows;
 * the 349 reads documents, so it has no result there (null).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TAX_REGISTER_SUM_KEYS, TaxRegisterSums } from '../../../plugins/documents/tax-register-sums';
import { dueByTenant, resultsByTenant } from '../../../plugins/tax-models/api';
import { workspaceCompanies } from '../../../plugins/workspace/companies';
import { createContact, documentBooker, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let quarterly: TestCompany, monthly: TestCompany, autonomo: TestCompany, empty: TestCompany, prorrata: TestCompany;

beforeAll(async () => {
  app = await startDocumentsApp();
  [quarterly, monthly, autonomo, empty, prorrata] = [await createCompany(app), await createCompany(app), await createCompany(app), await createCompany(app), await createCompany(app)];
  await books(quarterly);
  await books(monthly);
  await books(autonomo);
  const { created, lines, tax } = documentBooker(() => app, () => autonomo);
  const client = await createContact(app, autonomo.token, { name: 'Cliente Grande SA', kind: 'customer', vat: 'B65410011' });
  // in a series of its own: series F has gone on to November
  await created('/api/v1/invoices', { contact_id: client.id, series: 'G', issue_date: '2026-08-20', lines: lines({ tax_type_id: tax('IVA21') }, '10000.00') });
  const ok = (res: { status: number; text: string }) => { if (res.status !== 200) throw new Error(res.text); };
  ok(await app.request('PUT', '/api/v1/aeat/303/options?year=2026', { body: { monthly: true }, token: monthly.token }));
  ok(await app.request('PUT', '/api/v1/aeat/303/options?year=2026', { body: { last_period_negative: 'compensate' }, token: quarterly.token }));
  ok(await app.request('PATCH', '/api/v1/aeat/profile', { body: { legal_form: 'individual', irpf_method: 'directa_simplificada' }, token: autonomo.token }));
  await prorrataBooks();
}, 300_000);
afterAll(() => app?.close());

/** Sales each quarter, a big purchase in 2T (a negative 303 there), rents and a lawyer withheld. */
async function books(company: TestCompany) {
  const { sale, purchase, tax } = documentBooker(() => app, () => company);
  const customer = await createContact(app, company.token, { name: 'Comprador SA', kind: 'customer', vat: 'A58818501' });
  const landlord = await createContact(app, company.token, { name: 'Inmuebles Centro SA', kind: 'supplier', vat: 'A28017895' });
  const lawyer = await createContact(app, company.token, { name: 'Abogados SLP', kind: 'supplier', vat: 'B86561412' });
  const vat21 = { tax_type_id: tax('IVA21') };
  await sale(customer.id, '2026-02-10', vat21, '1000.00');
  await purchase(landlord.id, '2026-03-01', { ...vat21, withholding_type_id: tax('IRPF19'), expense_account: '621' }, '800.00');
  await purchase(lawyer.id, '2026-03-20', { ...vat21, withholding_type_id: tax('IRPF15'), expense_account: '623' }, '300.00');
  await purchase(landlord.id, '2026-05-05', { ...vat21, expense_account: '600' }, '5000.00');
  await sale(customer.id, '2026-08-12', vat21, '2000.00');
  await purchase(landlord.id, '2026-09-01', { ...vat21, withholding_type_id: tax('IRPF19'), expense_account: '621' }, '800.00');
  await sale(customer.id, '2026-09-15', vat21, '700.00');
  await sale(customer.id, '2026-11-03', vat21, '400.00');
}

/**
 * The general prorrata at a provisional 80 %, its definitive percentage set by hand at 60 % (the
 * register's would be 50 %): 1T a taxed sale of 1,000 and a purchase of 1,000 at 21 % (168.00 of
 * its 210.00 deducted), 4T an exempt sale of 1,000.
 */
async function prorrataBooks() {
  const { sale, purchase, tax } = documentBooker(() => app, () => prorrata);
  const res = await app.request('PUT', '/api/v1/aeat/prorrata?year=2026', { body: { method: 'general', provisional_percent: 80, definitive_percent: 60 }, token: prorrata.token });
  if (res.status !== 200) throw new Error(res.text);
  const customer = await createContact(app, prorrata.token, { name: 'Comprador SA', kind: 'customer', vat: 'A58818501' });
  const supplier = await createContact(app, prorrata.token, { name: 'Abogados SLP', kind: 'supplier', vat: 'B86561412' });
  await sale(customer.id, '2026-02-10', { tax_type_id: tax('IVA21') }, '1000.00');
  await purchase(supplier.id, '2026-03-01', { tax_type_id: tax('IVA21'), expense_account: '623' }, '1000.00');
  await sale(customer.id, '2026-11-03', { tax_type_id: tax('EXENTO') }, '1000.00');
}

/** The company's own figure for a period, from its model endpoint. */
async function own(company: TestCompany, model: string, year: number, period: string) {
  const which = period === '0A' ? '' : period.endsWith('T') ? `&quarter=${period[0]}` : `&month=${Number(period)}`;
  const res = await app.get(`/api/v1/aeat/${model}/summary?year=${year}${which}`, company.token);
  expect(res.status).toBe(200);
  const [item] = res.body.items;
  return { result: item.result, declarationType: item.declaration_type };
}

describe('computed results of the models due, for many companies', () => {
  for (const today of ['2026-04-10', '2026-07-15', '2026-10-05', '2026-12-10', '2027-01-12']) {
    test(`${today}: each result equals the company's own model endpoint`, async () => {
      const models = app.kernel.contributions('tax-models');
      const companies = [quarterly, monthly, autonomo, empty, prorrata];
      const due = await dueByTenant(app.kernel.db, models, companies.map((c) => c.tenantId), today);
      const results = await resultsByTenant(app.kernel.db, models, due);
      let compared = 0;
      for (const company of companies) {
        for (const d of due.get(company.tenantId) ?? []) {
          const computed = results.get(company.tenantId)?.get(`${d.model} ${d.year} ${d.period}`);
          if (!['303', '111', '115', '130'].includes(d.model)) { expect(computed).toBeUndefined(); continue; }
          expect({ company: company.tenantId, model: d.model, period: d.period, ...computed })
            .toEqual({ company: company.tenantId, model: d.model, period: d.period, ...await own(company, d.model, d.year, d.period) });
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(0);
    });
  }

  test('the figures by hand: the quarterly 303 compensates its 2T into 3T; the monthly filer\'s September; rents and the lawyer', async () => {
    const models = app.kernel.contributions('tax-models');
    const due = await dueByTenant(app.kernel.db, models, [quarterly.tenantId, monthly.tenantId], '2026-10-05');
    const results = await resultsByTenant(app.kernel.db, models, due);
    const q = results.get(quarterly.tenantId)!, m = results.get(monthly.tenantId)!;
    // 1T: 1,000 × 21 % − (800 + 300) × 21 % = −21 (C); 2T: −1,050, with the 21 carried −1,071 (C);
    // 3T: 2,700 × 21 % − 800 × 21 % = 399, all of it compensated: 0 (N), 672 still to compensate
    expect(q.get('303 2026 3T')).toEqual({ result: '0.00', declarationType: 'N' });
    // the monthly filer's September: 700 × 21 % − 800 × 21 % = −21 (C)
    expect(m.get('303 2026 09')).toEqual({ result: '-21.00', declarationType: 'C' });
    expect(m.get('303 2026 09')).toEqual(await own(monthly, '303', 2026, '09'));
    expect(q.get('115 2026 3T')).toEqual({ result: '152.00', declarationType: 'I' });
    // the lawyer was paid in 1T: nothing withheld in 3T
    expect(q.get('111 2026 3T')).toEqual({ result: '0.00', declarationType: 'N' });
    const april = await resultsByTenant(app.kernel.db, models, await dueByTenant(app.kernel.db, models, [quarterly.tenantId], '2026-04-10'));
    // 1T: 300 × 15 % = 45 withheld from the lawyer; 800 × 19 % = 152 from the landlord
    expect(april.get(quarterly.tenantId)!.get('111 2026 1T')).toEqual({ result: '45.00', declarationType: 'I' });
    expect(april.get(quarterly.tenantId)!.get('115 2026 1T')).toEqual({ result: '152.00', declarationType: 'I' });
    expect(april.get(quarterly.tenantId)!.get('303 2026 1T')).toEqual({ result: '-21.00', declarationType: 'C' });
  });

  test('under the prorrata: the 4T 303 regularises to the definitive percentage set by hand, as the company\'s own endpoint does', async () => {
    const models = app.kernel.contributions('tax-models');
    const results = await resultsByTenant(app.kernel.db, models, await dueByTenant(app.kernel.db, models, [prorrata.tenantId], '2027-01-12'));
    // box 44: 210.00 × 60 % = 126.00 − 168.00 = −42.00; nothing charged in 4T, so [46] = 42.00 to pay
    expect(results.get(prorrata.tenantId)!.get('303 2026 4T')).toEqual({ result: '42.00', declarationType: 'I' });
    const [q4] = (await app.get('/api/v1/aeat/303/summary?year=2026&quarter=4', prorrata.token)).body.items;
    expect(q4.boxes.find((b: any) => b.box === '44').value).toBe('-42.00');
    expect(results.get(prorrata.tenantId)!.get('303 2026 4T')).toEqual(await own(prorrata, '303', 2026, '4T'));
  });

  test('GET /workspace/companies carries each due model\'s result and declaration type (null where not computed)', async () => {
    const res = await app.get('/api/v1/workspace/companies', autonomo.token);
    expect(res.status).toBe(200);
    const [row] = res.body.items;
    for (const d of row.taxes_due) {
      if (['303', '111', '115', '130'].includes(d.model)) expect({ result: d.result, declarationType: d.declaration_type }).toEqual(await own(autonomo, d.model, d.year, d.period));
      else expect([d.result, d.declaration_type]).toEqual([null, null]);
    }
    // the same page on a day in the 3T filing window (the page's own code, as the route calls it, with that day)
    const page = await workspaceCompanies(app.kernel, { kind: 'session', userId: autonomo.userId, tenantId: autonomo.tenantId, role: 'owner' }, { limit: 50, offset: 0 }, '2026-10-05');
    const due = page.items[0].taxes_due!;
    expect(due.map((d) => d.model).sort()).toEqual(['111', '115', '130', '303', '349']);
    for (const d of due) {
      if (d.model === '349') expect([d.result, d.declaration_type]).toEqual([null, null]);
      else expect({ result: d.result, declarationType: d.declaration_type }).toEqual(await own(autonomo, d.model, d.year, d.period));
    }
    expect(due.find((d) => d.model === '115')!.result).toBe('152.00');
    // 130, 3T year to date: income 1,000 + 2,000 + 700 + 10,000 = 13,700 against 6,900 of expenses: a payment due
    expect(due.find((d) => d.model === '130')!.declaration_type).toBe('I');
    expect(Number(due.find((d) => d.model === '130')!.result)).toBeGreaterThan(0);
  });

  test('the register sums for many companies group by every key exactly as one company\'s own sums (the SQL function repeats the key list)', async () => {
    const q = { from: '2026-01-01', to: '2026-12-31' };
    const tenants = [quarterly.tenantId, autonomo.tenantId, empty.tenantId];
    for (const key of TAX_REGISTER_SUM_KEYS) {
      const many = await TaxRegisterSums.queryMany(app.kernel.db, tenants, q, [key, 'side']);
      for (const tenantId of tenants) {
        const own = await app.kernel.unitOfWork(null).run((tx) => TaxRegisterSums.query(tx, q, [key, 'side']), { tenantId });
        expect({ key, tenantId, sums: many.get(tenantId) ?? [] }).toEqual({ key, tenantId, sums: own });
      }
    }
    const withheld = await TaxRegisterSums.queryMany(app.kernel.db, tenants, { ...q, side: 'received', withheld: true }, ['withholdingRate']);
    expect(withheld.get(quarterly.tenantId)!.map((s) => s.key.withholdingRate).sort()).toEqual(['15.00', '19.00']);
  });
});
