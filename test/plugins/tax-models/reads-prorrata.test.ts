/**
 * A model reads the company's VAT prorrata only when it declares `readsProrrata`: it then gets the
 * year's prorrata on both paths (its own route, the workspace's many-companies computation); a
 * model that reads it without the declaration fails naming itself, instead of being handed a
 * prorrata nobody read from the database.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { definePlugin } from '../../../kernel/plugin';
import { BoxSheet, resultsByTenant, type TaxModel } from '../../../plugins/tax-models/api';
import { startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

const BOXES = [{ number: '01', label: 'Porcentaje provisional', kind: 'count' as const }];
const prorrataModel = (code: string, readsProrrata: boolean): TaxModel => ({
  code, name: `Prueba ${code}`, periodicities: ['quarterly'], designs: [], boxes: BOXES, sumsOnly: true, readsProrrata,
  async compute({ prorrata }) {
    return {
      boxes: new BoxSheet().set('01', String(prorrata.provisionalPercent ?? 0)).toRecord(BOXES), result: '0.00', declarationType: 'N',
      details: { method: prorrata.method },
    };
  },
});
const modelsPlugin = definePlugin({
  name: 'test-models-reads-prorrata', dependsOn: ['tax-models'],
  contributes: { 'tax-models': [prorrataModel('993', true), prorrataModel('992', false)] },
});

let app: DocumentsTestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp({ extraPlugins: [modelsPlugin] });
  company = await createCompany(app);
  const set = await app.request('PUT', '/api/v1/aeat/prorrata?year=2026', { body: { method: 'general', provisional_percent: 80 }, token: company.token });
  expect(set.status).toBe(200);
}, 300_000);
afterAll(() => app?.close());

const quarter = { year: 2026, period: '1T', from: '2026-01-01', to: '2026-03-31', dueDate: '2026-04-20', settled: false };

describe('readsProrrata', () => {
  test('a model that declares it gets the year\'s prorrata on its route', async () => {
    const res = await app.get('/api/v1/aeat/993/summary?year=2026&quarter=1', company.token);
    expect(res.status).toBe(200);
    expect(res.body.items[0].details).toEqual({ method: 'general' });
    expect(res.body.items[0].boxes[0].value).toBe('80');
  });

  test('on the workspace path too; a model that did not declare it fails naming itself', async () => {
    const models = app.kernel.contributions('tax-models');
    const declared = await resultsByTenant(app.kernel.db, models, new Map([[company.tenantId, [{ model: '993', ...quarter }]]]));
    expect(declared.get(company.tenantId)?.get('993 2026 1T')).toEqual({ result: '0.00', declarationType: 'N' });
    await expect(resultsByTenant(app.kernel.db, models, new Map([[company.tenantId, [{ model: '992', ...quarter }]]])))
      .rejects.toThrow('Tax model 992 read the VAT prorrata (provisionalPercent) without declaring readsProrrata');
  });
});
