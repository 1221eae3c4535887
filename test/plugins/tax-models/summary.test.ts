import { afterAll, beforeAll, expect, test } from 'bun:test';
import { todayInSpain } from '../../../plugins/ledger/api';
import { periodsOfYear } from '../../../plugins/tax-models/periods';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';

/**
 * Every installed tax model's summary, for every periodicity it is filed by, over the whole range
 * of valid years: a past year lists all its periods, the current one those begun, a future year
 * none (it is not an error: the history is empty).
 */

let app: TestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startTestApp();
  company = await createCompany(app);
});
afterAll(async () => app?.close());

test('every model answers its summary for any valid year, a year not begun with an empty history', async () => {
  const models = app.kernel.contributions('tax-models');
  const today = todayInSpain();
  const current = Number(today.slice(0, 4));
  const years = [2000, current - 1, current, current + 1, 2100];
  const failures: string[] = [];
  let requests = 0;
  for (const model of models) {
    for (const periodicity of model.periodicities) {
      for (const year of years) {
        const res = await app.get(`/api/v1/aeat/${model.code}/summary?year=${year}&periodicity=${periodicity}`, company.token);
        requests += 1;
        const begun = periodsOfYear(year, periodicity).filter((period) => period.from <= today).map((period) => period.code);
        if (res.status !== 200) failures.push(`${model.code} ${periodicity} ${year} → ${res.status} ${res.text.slice(0, 120)}`);
        else if (JSON.stringify(res.body.items.map((item: { period: string }) => item.period)) !== JSON.stringify(begun)) {
          failures.push(`${model.code} ${periodicity} ${year}: periods ${res.body.items.map((item: { period: string }) => item.period)} instead of ${begun}`);
        }
      }
    }
  }
  console.log(`tax-model summaries: ${models.length} models, ${requests} requests, ${failures.length} failures`);
  expect(models.map((model) => model.code)).toEqual(expect.arrayContaining(['303', '111', '347']));
  expect(failures).toEqual([]);
});

test('a future year with a named period answers that period', async () => {
  const res = await app.get('/api/v1/aeat/303/summary?year=2100&quarter=4', company.token);
  expect(res.status).toBe(200);
  expect(res.body.items.map((item: { period: string }) => item.period)).toEqual(['4T']);
});
