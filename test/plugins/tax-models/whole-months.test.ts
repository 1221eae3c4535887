/**
 * The tax models' readers of other ranges than the period (`accountTotals`, `sumsOver`) read whole
 * months, on a company's own routes as in the workspace's many-companies computation: a model that
 * asks for part of a month gets a 422 naming the range on both paths, never a 500.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { definePlugin } from '../../../kernel/plugin';
import { totalsByAccountByTenant } from '../../../plugins/ledger/api';
import { BoxSheet, resultsByTenant, type TaxModel } from '../../../plugins/tax-models/api';
import { createContact, documentBooker, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

const BOXES = [{ number: '01', label: 'Importe', kind: 'amount' as const }];
/** A model that reads the ledger over the range given: the whole quarter, or one that starts mid-month. */
const totalsModel = (code: string, from: string): TaxModel => ({
  code, name: `Prueba ${code}`, periodicities: ['quarterly'], designs: [], boxes: BOXES, sumsOnly: true,
  async compute({ accountTotals, period }) {
    const groups = await accountTotals({ from, to: period.to, level: 1 });
    const sales = groups.find((g) => g.account === '7');
    return { boxes: new BoxSheet().set('01', sales ? sales.credit.toString() : '0').toRecord(BOXES), result: '0.00', declarationType: 'N' };
  },
});
const sumsOverModel: TaxModel = {
  code: '994', name: 'Prueba 994', periodicities: ['quarterly'], designs: [], boxes: BOXES, sumsOnly: true,
  async compute({ sumsOver, period }) {
    await sumsOver({ from: period.from, to: '2026-02-15' }, []);
    return { boxes: new BoxSheet().toRecord(BOXES), result: '0.00', declarationType: 'N' };
  },
};
const modelsPlugin = definePlugin({
  name: 'test-models-whole-months', dependsOn: ['tax-models'],
  contributes: { 'tax-models': [totalsModel('996', '2026-01-01'), totalsModel('995', '2026-01-15'), sumsOverModel] },
});

let app: DocumentsTestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp({ extraPlugins: [modelsPlugin] });
  company = await createCompany(app);
  const customer = await createContact(app, company.token, { name: 'Cliente SL', vat: 'B65410011' });
  const { sale, tax } = documentBooker(() => app, () => company);
  await sale(customer.id, '2026-02-10', { tax_type_id: tax('IVA21') }, '1000.00');
}, 300_000);
afterAll(() => app?.close());

const quarter = { year: 2026, period: '1T', from: '2026-01-01', to: '2026-03-31', dueDate: '2026-04-20', settled: false };

describe('whole months on both paths', () => {
  test('a company\'s own route: whole months answer; part of a month is 422 naming the range, from accountTotals and sumsOver', async () => {
    const good = await app.get('/api/v1/aeat/996/summary?year=2026&quarter=1', company.token);
    expect(good.status).toBe(200);
    expect(good.body.items[0].boxes[0].value).toBe('1000.00');
    const partial = await app.get('/api/v1/aeat/995/summary?year=2026&quarter=1', company.token);
    expect(partial.status).toBe(422);
    expect(partial.body.detail).toBe('accountTotals reads whole months (from the first of a month to the last of one): 2026-01-15–2026-03-31 is not');
    const sums = await app.get('/api/v1/aeat/994/summary?year=2026&quarter=1', company.token);
    expect(sums.status).toBe(422);
    expect(sums.body.detail).toContain('sumsOver reads whole months');
  });

  test('the workspace path (resultsByTenant, totalsByAccountByTenant): the same rule, the same error', async () => {
    const models = app.kernel.contributions('tax-models');
    const good = await resultsByTenant(app.kernel.db, models, new Map([[company.tenantId, [{ model: '996', ...quarter }]]]));
    expect(good.get(company.tenantId)?.get('996 2026 1T')).toEqual({ result: '0.00', declarationType: 'N' });
    for (const model of ['995', '994']) {
      await expect(resultsByTenant(app.kernel.db, models, new Map([[company.tenantId, [{ model, ...quarter }]]])))
        .rejects.toMatchObject({ status: 422, message: expect.stringContaining('reads whole months') });
    }
    for (const range of [{ from: '2026-01-02', to: '2026-03-31' }, { from: '2026-01-01', to: '2026-03-30' }, { from: '2026-04-01', to: '2026-03-31' }, { from: '2026-01-01', to: '2026-02-30' }]) {
      await expect(totalsByAccountByTenant(app.kernel.db, [company.tenantId], { ...range, level: 1 })).rejects.toMatchObject({ status: 422 });
    }
    const totals = await totalsByAccountByTenant(app.kernel.db, [company.tenantId], { from: '2026-01-01', to: '2026-03-31', level: 1 });
    expect(totals.get(company.tenantId)?.find((t) => t.account === '7')?.credit.toString()).toBe('1000.00');
  });
});
