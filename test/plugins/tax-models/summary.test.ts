import { afterAll, beforeAll, expect, test } from 'bun:test';
import { todayInSpain } from '../../../plugins/ledger/api';
import { periodsOfYear } from '../../../plugins/tax-models/periods';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';

/**
 * Every installed tax model's summary, for every periodicity it is filed by, over the whole range
 * of valid years: a past year lists all its periods, the current one those begun, a future year
 * none (it is not an error: the history is empty). A model that does not apply to a company (its
 * tax profile) is asked by one it applies to (a sociedad, else an autónomo), and is 422 for the other.
 */

let app: TestApp;
let company: TestCompany;
let individual: TestCompany;
beforeAll(async () => {
  app = await startTestApp();
  company = await createCompany(app);
  individual = await createCompany(app);
  await app.patch('/api/v1/aeat/profile', { legal_form: 'individual' }, individual.token);
});
afterAll(async () => app?.close());

test('every model answers its summary for any valid year, a year not begun with an empty history', async () => {
  const models = app.kernel.contributions('tax-models');
  const today = todayInSpain();
  const current = Number(today.slice(0, 4));
  const years = [2000, current - 1, current, current + 1, 2100];
  const failures: string[] = [];
  let requests = 0;
  const applies = async (who: TestCompany) => new Map((await app.get('/api/v1/aeat', who.token)).body.items.map((item: { code: string; applies: boolean }) => [item.code, item.applies]));
  const [toCompany, toIndividual] = [await applies(company), await applies(individual)];
  for (const model of models) {
    const asker = toCompany.get(model.code) ? company : toIndividual.get(model.code) ? individual : undefined;
    if (!asker) { failures.push(`${model.code} applies to neither a sociedad nor an autónomo`); continue; }
    const refused = asker === company ? undefined : company;
    if (refused && (await app.get(`/api/v1/aeat/${model.code}/summary?year=${current}`, refused.token)).status !== 422) failures.push(`${model.code}: not 422 for a company it does not apply to`);
    for (const periodicity of model.periodicities) {
      for (const year of years) {
        const res = await app.get(`/api/v1/aeat/${model.code}/summary?year=${year}&periodicity=${periodicity}`, asker.token);
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
