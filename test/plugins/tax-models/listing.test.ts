import { afterAll, beforeAll, expect, test } from 'bun:test';
import { todayInSpain } from '../../../plugins/ledger/api';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';

/**
 * GET /api/v1/aeat and the dashboard's upcoming-taxes widget read one listing: every installed
 * model that applies to the company is in the widget with the periods the listing says are due, in
 * the company's periodicity (a monthly 303 filer sees months); a model that does not apply is not.
 */

let app: TestApp;
let company: TestCompany;
let individual: TestCompany;
let monthly: TestCompany;
beforeAll(async () => {
  app = await startTestApp();
  company = await createCompany(app);
  individual = await createCompany(app);
  monthly = await createCompany(app);
  expect((await app.patch('/api/v1/aeat/profile', { legal_form: 'individual', irpf_method: 'directa_normal' }, individual.token)).status).toBe(200);
  const year = Number(todayInSpain().slice(0, 4));
  expect((await app.request('PUT', `/api/v1/aeat/303/options?year=${year}`, { body: { monthly: true }, token: monthly.token })).status).toBe(200);
}, 300_000);
afterAll(async () => app?.close());

type Due = { model: string; year: number; period: string; due_date: string };
const key = (d: Due) => `${d.model} ${d.year} ${d.period} ${d.due_date}`;

async function both(who: TestCompany) {
  const listing = await app.get('/api/v1/aeat', who.token);
  expect(listing.status).toBe(200);
  const widget = await app.get('/api/v1/dashboard/data/upcoming-taxes', who.token);
  expect(widget.status).toBe(200);
  const applying = listing.body.items.filter((i: any) => i.applies);
  const listed: Due[] = applying.flatMap((i: any) => i.due.map((d: any) => ({ model: i.code, year: d.year, period: d.period, due_date: d.due_date })));
  return { listing: listing.body.items, applying, listed, shown: widget.body.items as (Due & { amount: string })[] };
}

test('the widget shows every model that applies, with the due periods and dates of GET /aeat', async () => {
  const today = todayInSpain();
  for (const who of [company, individual, monthly]) {
    const { applying, listed, shown } = await both(who);
    expect(shown.map(key).sort()).toEqual(listed.map(key).sort());
    // every applying model has a period due (the one in progress is always ahead of its deadline)
    expect(new Set(shown.map((i) => i.model))).toEqual(new Set(applying.map((i: any) => i.code)));
    expect(shown.every((i) => i.due_date >= today && /^-?\d+\.\d{2}$/.test(i.amount))).toBe(true);
  }
});

test('a model that does not apply is listed with its reason and not shown; a monthly 303 filer sees months', async () => {
  const forCompany = await both(company);
  const forIndividual = await both(individual);
  expect(forCompany.listing.find((i: any) => i.code === '130')).toMatchObject({ applies: false });
  expect(forCompany.listing.find((i: any) => i.code === '130').reason).toBeTruthy();
  expect(forCompany.shown.some((i) => i.model === '130')).toBe(false);
  expect(forIndividual.shown.some((i) => i.model === '130')).toBe(true);

  const forMonthly = await both(monthly);
  const vat = forMonthly.listing.find((i: any) => i.code === '303');
  expect(vat.periodicity).toBe('monthly');
  expect(vat.due.every((d: any) => /^(0[1-9]|1[0-2])$/.test(d.period))).toBe(true);
  expect(forMonthly.shown.filter((i) => i.model === '303').every((i) => /^(0[1-9]|1[0-2])$/.test(i.period))).toBe(true);
  // another company's options do not change this one's periodicity
  const vatOfCompany = forCompany.listing.find((i: any) => i.code === '303');
  expect(vatOfCompany.periodicity).toBe('quarterly');
  expect(forCompany.shown.filter((i) => i.model === '303').every((i) => /^[1-4]T$/.test(i.period))).toBe(true);
  // the current month of a monthly filer: due on the 20th of the next month (the last one of the year on 30 January)
  const today = todayInSpain();
  const month = Number(today.slice(5, 7)), year = Number(today.slice(0, 4));
  const current = vat.due.find((d: any) => d.period === today.slice(5, 7));
  expect(current.due_date).toBe(month === 12 ? `${year + 1}-01-30` : `${year}-${String(month + 1).padStart(2, '0')}-20`);
});
