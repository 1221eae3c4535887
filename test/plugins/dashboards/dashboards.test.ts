/**
 * Dashboards end to end on one seeded company (invoices, purchases, a bank with an opening balance
 * and unmatched movements, dated around today): boards and their grid rules, append-recommended,
 * the catalogue, and every widget's figures against the ledger's own trial balance.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { todayInSpain } from '../../../plugins/ledger/api';
import { cents, createContact, fromCents, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';
import { addMember } from '../../support/team';

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
const today = todayInSpain();
const ids: Record<string, string> = {};

const pad = (n: number) => String(n).padStart(2, '0');
/** The first day of the month `offset` months from today's. */
function monthStart(offset: number) {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 + offset;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
}
const monthEnd = (offset: number) => {
  const start = monthStart(offset);
  return new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 0)).toISOString().slice(0, 10);
};

async function created(path: string, body: Record<string, unknown>, token = company.token) {
  const res = await app.post(path, body, token);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
}
const put = (path: string, body: unknown, token = company.token) => app.request('PUT', path, { body, token });

beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  other = await createCompany(app);
  const customer = await createContact(app, company.token, { name: 'Cliente Uno SL', vat: 'B65410011' });
  const second = await createContact(app, company.token, { name: 'Cliente Dos SA', vat: 'A28017895' });
  const supplier = await createContact(app, company.token, { name: 'Hosting SL', kind: 'supplier', vat: 'B86561412' });
  Object.assign(ids, { customer: customer.id, second: second.id, supplier: supplier.id });
  const line = (amount: string, code = 'IVA21') => [{ description: 'Servicio', quantity: '1', unit_price: amount, tax_type_id: taxId(company, code) }];
  // oldest first: issue dates never go backwards within a series
  await created('/api/v1/invoices', { contact_id: customer.id, issue_date: monthStart(-1), lines: line('400.00') });
  await created('/api/v1/invoices', { contact_id: customer.id, issue_date: today, lines: line('1000.00') });
  await created('/api/v1/invoices', { contact_id: second.id, issue_date: today, lines: line('250.00') });
  for (const offset of [-2, -1, 0]) {
    await created('/api/v1/purchases', {
      contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: `H-${-offset}`, issue_date: offset === 0 ? today : monthStart(offset),
      lines: [{ description: 'Hosting', unit_price: '50.00', tax_type_id: taxId(company, 'IVA21') }],
    });
  }
  const bank = await created('/api/v1/treasuries', { kind: 'bank', name: 'Banco Uno', opening_balance: '5000.00', opening_date: monthEnd(-6) });
  ids.bank = bank.id;
  await created(`/api/v1/treasuries/${bank.id}/movements`, { date: today, amount: '300.00', description: 'Transferencia recibida' });
  await created(`/api/v1/treasuries/${bank.id}/movements`, { date: today, amount: '-120.50', description: 'Recibo luz' });
}, 120_000);
afterAll(() => app?.close());

async function trialBalance(query = '') {
  const res = await app.get(`/api/v1/ledger/trial-balance${query}`, company.token);
  expect(res.status).toBe(200);
  return res.body.accounts as { account: string; debit: string; credit: string; balance: string }[];
}
/** Σ balance (debit − credit) of the accounts starting with `prefix`, in cents. */
const balanceOf = (accounts: { account: string; balance: string }[], prefix: string) =>
  accounts.filter((a) => a.account.startsWith(prefix)).reduce((sum, a) => sum + cents(a.balance), 0n);
const thisMonth = `?from=${monthStart(0)}&to=${monthEnd(0)}`;
const data = async (path: string, token = company.token) => {
  const res = await app.get(`/api/v1/dashboard/data/${path}`, token);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body;
};

describe('catalogue', () => {
  test('lists every widget type without authentication', async () => {
    const res = await app.get('/api/v1/dashboard/widget-types');
    expect(res.status).toBe(200);
    expect(res.body.columns).toBe(12);
    const types = res.body.items.map((i: any) => i.type).sort();
    expect(types).toEqual(['einvoice-unanswered', 'kpi', 'pending-reconciliation', 'recent-invoices', 'runway', 'subscriptions', 'timeseries', 'top', 'top-expense-accounts', 'treasuries', 'uncategorized-movements', 'upcoming-taxes']);
    const kpi = res.body.items.find((i: any) => i.type === 'kpi');
    expect(kpi.data_endpoint).toBe('/api/v1/dashboard/data/kpi');
    expect(kpi.params.period.default).toBe('this_month');
    expect(kpi.params.compare.default).toBe(true);
  });
});

describe('boards', () => {
  test('create, read, list, update, default per user, delete', async () => {
    const board = await created('/api/v1/dashboard/boards', { name: 'Principal', is_default: true, widgets: [
      { type: 'kpi', params: { metric: 'cash' }, x: 0, y: 0, w: 3, h: 2 },
      { type: 'top', x: 3, y: 0, w: 9, h: 4 },
    ] });
    expect(board).toMatchObject({ name: 'Principal', is_default: true, columns: 12 });
    expect(board.widgets[0].params).toEqual({ metric: 'cash', period: 'this_month', compare: true });
    expect(board.widgets[1].params).toEqual({ dim: 'customer', period: 'this_quarter', limit: 5 });
    const list = await app.get('/api/v1/dashboard/boards', company.token);
    expect(list.body).toEqual([expect.objectContaining({ id: board.id, is_default: true, widget_count: 2 })]);
    const updated = await put(`/api/v1/dashboard/boards/${board.id}`, { name: 'Renombrado', widgets: [{ ...board.widgets[0], x: 6 }], is_default: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Renombrado', is_default: false, widgets: [{ id: board.widgets[0].id, x: 6 }] });
    expect((await app.del(`/api/v1/dashboard/boards/${board.id}`, company.token)).status).toBe(204);
    expect((await app.get(`/api/v1/dashboard/boards/${board.id}`, company.token)).status).toBe(404);
  });

  test('a viewer reads boards and data but changes no board; the default is per user', async () => {
    const board = await created('/api/v1/dashboard/boards', { name: 'Compartido', is_default: true });
    const viewer = await addMember(app, company.token, 'viewer');
    expect((await app.get('/api/v1/dashboard/boards', viewer.token)).body).toEqual(expect.arrayContaining([expect.objectContaining({ id: board.id, is_default: false })]));
    expect((await app.get('/api/v1/dashboard/data/kpi', viewer.token)).status).toBe(200);
    expect((await app.post('/api/v1/dashboard/boards', { name: 'No' }, viewer.token)).status).toBe(403);
    expect((await put(`/api/v1/dashboard/boards/${board.id}`, { is_default: true }, viewer.token)).status).toBe(403);
    expect((await app.get(`/api/v1/dashboard/boards/${board.id}`, company.token)).body.is_default).toBe(true);
    expect((await app.del(`/api/v1/dashboard/boards/${board.id}`, company.token)).status).toBe(204);
  });

  test('the grid: outside the 12 columns, overlapping, unknown types and bad parameters are 422', async () => {
    const post = (widgets: unknown[]) => app.post('/api/v1/dashboard/boards', { name: 'Mal', widgets }, company.token);
    const outside = await post([{ type: 'kpi', x: 10, y: 0, w: 4, h: 2 }]);
    expect(outside.status).toBe(422);
    expect(outside.body.detail[0].loc).toEqual(['body', 'widgets', 0, 'w']);
    const overlap = await post([{ type: 'kpi', x: 0, y: 0, w: 4, h: 2 }, { type: 'runway', x: 3, y: 1, w: 3, h: 2 }]);
    expect(overlap.status).toBe(422);
    expect(overlap.body.detail[0].loc).toEqual(['body', 'widgets', 1]);
    expect((await post([{ type: 'kpi', x: 0, y: 0, w: 4, h: 2 }, { type: 'runway', x: 4, y: 1, w: 3, h: 2 }])).status).toBe(201);
    expect((await post([{ type: 'kpi', x: 12, y: 0, w: 1, h: 2 }])).status).toBe(422);
    expect((await post([{ type: 'nope', x: 0, y: 0, w: 1, h: 1 }])).status).toBe(422);
    expect((await post([{ type: 'kpi', params: { period: 'someday' }, x: 0, y: 0, w: 1, h: 1 }])).status).toBe(422);
    expect((await post([{ type: 'kpi', params: { colour: 'red' }, x: 0, y: 0, w: 1, h: 1 }])).status).toBe(422);
  });

  test('another company\'s board is 404 and never listed', async () => {
    const board = await created('/api/v1/dashboard/boards', { name: 'Privado' });
    expect((await app.get(`/api/v1/dashboard/boards/${board.id}`, other.token)).status).toBe(404);
    expect((await put(`/api/v1/dashboard/boards/${board.id}`, { name: 'x' }, other.token)).status).toBe(404);
    expect((await app.del(`/api/v1/dashboard/boards/${board.id}`, other.token)).status).toBe(404);
    expect((await app.post(`/api/v1/dashboard/boards/${board.id}/append-recommended`, undefined, other.token)).status).toBe(404);
    expect((await app.get('/api/v1/dashboard/boards', other.token)).body).toEqual([]);
  });

  test('the GDPR export has the company\'s boards with their widgets and whose default each is; no other company\'s', async () => {
    const own = await createCompany(app);
    const board = await created('/api/v1/dashboard/boards', { name: 'Exportable', is_default: true, widgets: [{ type: 'treasuries', x: 0, y: 0, w: 4, h: 3 }] }, own.token);
    await created('/api/v1/dashboard/boards', { name: 'De otra empresa' }, other.token);
    const exported = await app.get('/api/v1/account/export', own.token);
    expect(exported.status).toBe(200);
    const section = exported.body.tenants.find((t: any) => t.tenant_id === own.tenantId).sections.dashboards;
    expect(section.boards).toEqual([expect.objectContaining({
      id: board.id, name: 'Exportable', widgets: board.widgets, default_for_users: [own.userId], created_at: board.created_at,
    })]);
  });

  test('append-recommended adds the missing types below, keeps the rest, and is idempotent', async () => {
    const board = await created('/api/v1/dashboard/boards', { name: 'Plantilla', widgets: [{ type: 'kpi', x: 2, y: 0, w: 3, h: 3 }] });
    const res = await app.post(`/api/v1/dashboard/boards/${board.id}/append-recommended`, undefined, company.token);
    expect(res.status).toBe(200);
    const widgets = res.body.widgets;
    expect(widgets[0]).toEqual(board.widgets[0]);
    const catalogue = (await app.get('/api/v1/dashboard/widget-types')).body.items.filter((i: any) => i.recommended).map((i: any) => i.type);
    expect(widgets.map((w: any) => w.type).sort()).toEqual([...catalogue].sort());
    for (const added of widgets.slice(1)) expect(added.y).toBeGreaterThanOrEqual(3);
    for (const [i, a] of widgets.entries()) {
      expect(a.x + a.w).toBeLessThanOrEqual(12);
      for (const b of widgets.slice(i + 1)) expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h).toBe(false);
    }
    const again = await app.post(`/api/v1/dashboard/boards/${board.id}/append-recommended`, undefined, company.token);
    expect(again.body.widgets).toEqual(widgets);
  });
});

describe('widget data equals the books', () => {
  test('kpi: sales, expenses and cash of this month, with the previous month', async () => {
    const month = await trialBalance(thisMonth);
    const last = await trialBalance(`?from=${monthStart(-1)}&to=${monthEnd(-1)}`);
    const kpi = await data('kpi');
    expect(kpi).toMatchObject({ metric: 'sales', period: 'this_month', from: monthStart(0), to: monthEnd(0) });
    expect(cents(kpi.value)).toBe(-balanceOf(month, '70'));
    expect(cents(kpi.value)).toBe(125000n);
    expect(cents(kpi.previous.value)).toBe(-balanceOf(last, '70'));
    expect(cents(kpi.change)).toBe(cents(kpi.value) - cents(kpi.previous.value));
    expect(cents((await data('kpi?metric=expenses')).value)).toBe(balanceOf(month, '6'));
    const cash = await data('kpi?metric=cash&compare=false');
    expect(cents(cash.value)).toBe(balanceOf(await trialBalance(`?to=${monthEnd(0)}`), '57'));
    expect(cash.previous).toBeUndefined();
    expect((await app.get('/api/v1/dashboard/data/kpi?period=someday', company.token)).status).toBe(422);
    expect((await app.get('/api/v1/dashboard/data/kpi?metric=magic', company.token)).status).toBe(422);
  });

  test('POST /dashboard/data dispatches to the same provider', async () => {
    const res = await app.post('/api/v1/dashboard/data', { type: 'kpi', params: { metric: 'profit', period: 'this_year' } }, company.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(await data('kpi?metric=profit&period=this_year'));
    expect((await app.post('/api/v1/dashboard/data', { type: 'nope' }, company.token)).status).toBe(422);
    expect((await app.post('/api/v1/dashboard/data', { type: 'top', params: { limit: 0 } }, company.token)).status).toBe(422);
  });

  test('timeseries: twelve zero-filled months whose sum is the year\'s sales', async () => {
    const series = await data('timeseries?chart_type=line');
    expect(series.chart_type).toBe('line');
    expect(series.points).toHaveLength(12);
    expect(series.points.at(-1).month).toBe(today.slice(0, 7));
    expect(series.points[0].value).toBe('0.00');
    expect(cents(series.total)).toBe(-balanceOf(await trialBalance(`?from=${monthStart(-11)}&to=${monthEnd(0)}`), '70'));
  });

  test('top customers and suppliers: what the books post on 430 and 400 per contact', async () => {
    const quarter = await data('top?period=last_12m&limit=1');
    expect(quarter.items).toHaveLength(1);
    expect(quarter.items[0]).toMatchObject({ contact_id: ids.customer, name: 'Cliente Uno SL' });
    expect(cents(quarter.items[0].amount)).toBe(121000n + 48400n);
    expect(cents(quarter.total)).toBe(121000n + 48400n + 30250n);
    const suppliers = await data('top?dim=supplier&period=last_12m');
    expect(suppliers.items.map((i: any) => i.contact_id)).toEqual([ids.supplier]);
    const year = await trialBalance(`?from=${monthStart(-11)}&to=${monthEnd(0)}`);
    expect(cents(suppliers.total)).toBe(year.filter((a) => a.account.startsWith('40') || a.account.startsWith('41')).reduce((s, a) => s + cents(a.credit), 0n));
  });

  test('top products: sales by line description, net of rectifications, summing to the sales the books post', async () => {
    const shop = await createCompany(app);
    const client = await createContact(app, shop.token, { name: 'Cafetería Central SL', vat: 'B65410011' });
    const line = (description: string, price: string, quantity = '1') => ({ description, quantity, unit_price: price, tax_type_id: taxId(shop, 'IVA21') });
    const sell = (lines: object[]) => created('/api/v1/invoices', { contact_id: client.id, issue_date: today, lines }, shop.token);
    const rectify = async (id: string, mode: string, lines: object[]) => {
      const res = await app.post(`/api/v1/invoices/${id}/rectify`, { issue_date: today, reason: 'Corrección', mode, lines }, shop.token);
      expect(res.status).toBe(201);
    };
    const first = await sell([line('Café molido', '100.00', '2'), line('Té verde', '50.00')]);
    await sell([line(' café  MOLIDO ', '30.00')]);
    await rectify(first.id, 'differences', [line('Café molido', '-20.00')]);
    const cups = await sell([line('Tazas', '80.00')]);
    await rectify(cups.id, 'substitution', [line('Tazas', '60.00')]);

    const top = await data('top?dim=product&period=this_month&limit=2', shop.token);
    expect(top).toMatchObject({ dim: 'product', period: 'this_month', from: monthStart(0), to: monthEnd(0) });
    expect(top.items.map((i: any) => [i.key, i.amount])).toEqual([['café molido', '210.00'], ['tazas', '60.00']]);
    expect(top.total).toBe('320.00');
    const sales = await data('kpi?metric=sales&period=this_month&compare=false', shop.token);
    expect(sales.value).toBe(top.total);
    expect((await data('top?dim=product&period=this_month', other.token)).items).toEqual([]);
    expect((await app.get('/api/v1/dashboard/data/top?dim=brand', shop.token)).status).toBe(422);
  });

  test('treasuries, pending reconciliation, uncategorised movements and runway', async () => {
    const all = await trialBalance();
    const treasuries = await data('treasuries');
    expect(treasuries.items).toHaveLength(1);
    expect(cents(treasuries.total)).toBe(balanceOf(all, '572'));
    expect(treasuries.total).toBe('5179.50');
    const pending = await data('pending-reconciliation');
    expect(pending.count).toBe(2);
    expect(cents(pending.amount)).toBe(-balanceOf(all, '555'));
    expect(pending.amount).toBe('179.50');
    const movements = await data('uncategorized-movements');
    expect(movements.total).toBe(2);
    const runway = await data('runway?burn_window_months=2');
    expect(runway.burn_window_months).toBe(2);
    expect(cents(runway.cash)).toBe(balanceOf(all, '57'));
    expect(runway.runway_months).toBe('infinite');
    expect((await app.get('/api/v1/dashboard/data/runway?burn_window_months=0', company.token)).status).toBe(422);
  });

  test('top expense accounts, upcoming taxes, subscriptions, recent invoices', async () => {
    const month = await trialBalance(thisMonth);
    const expenses = await data('top-expense-accounts');
    for (const item of expenses.items) expect(cents(item.amount)).toBe(cents(month.find((a) => a.account === item.account)!.balance));
    expect(cents(expenses.total)).toBe(balanceOf(month, '6'));
    const quarterStart = monthStart(-((Number(today.slice(5, 7)) - 1) % 3));
    const year = Number(today.slice(0, 4)), quarter = Math.ceil(Number(today.slice(5, 7)) / 3);
    const taxes = await data('upcoming-taxes');
    // every model of the registry, from its own computation and due date
    const vat = taxes.items.filter((i: any) => i.model === '303').at(-1);
    expect(vat).toMatchObject({ year, period: `${quarter}T`, from: quarterStart, due_date: quarter === 4 ? `${year + 1}-01-30` : `${year}-${pad(quarter * 3 + 1)}-20` });
    const model303 = await app.get(`/api/v1/aeat/303/summary?year=${year}&quarter=${quarter}`, company.token);
    expect(model303.status).toBe(200);
    expect(vat.amount).toBe(model303.body.items[0].result);
    expect(taxes.items.find((i: any) => i.model === '111' && i.period === `${quarter}T`).due_date).toBe(quarter === 4 ? `${year + 1}-01-20` : `${year}-${pad(quarter * 3 + 1)}-20`);
    expect(taxes.items.find((i: any) => i.model === '347' && i.year === year).due_date).toBe(new Date(Date.UTC(year + 1, 2, 0)).toISOString().slice(0, 10));
    expect(taxes.items.map((i: any) => i.due_date)).toEqual(taxes.items.map((i: any) => i.due_date).sort());
    expect(taxes.items.every((i: any) => i.due_date >= today)).toBe(true);
    const subscriptions = await data('subscriptions');
    expect(subscriptions.items).toEqual([expect.objectContaining({ contact_id: ids.supplier, months: 3, monthly_amount: '60.50' })]);
    const recent = await data('recent-invoices?limit=2');
    expect(recent.items).toHaveLength(2);
    expect(recent.total).toBe(3);
    expect((await data('recent-invoices?status=paid')).items).toEqual([]);
    expect((await app.get('/api/v1/dashboard/data/recent-invoices?status=bogus', company.token)).status).toBe(422);
  });

  test('summary of the year and its limits', async () => {
    const year = Number(today.slice(0, 4));
    const books = await trialBalance(`?from=${year}-01-01&to=${year}-12-31`);
    const summary = (await app.get(`/api/v1/dashboard/summary?year=${year}`, company.token)).body;
    expect(cents(summary.sales)).toBe(-balanceOf(books, '70'));
    expect(cents(summary.expenses)).toBe(balanceOf(books, '6'));
    expect(summary.months).toHaveLength(12);
    expect(fromCents(summary.months.reduce((s: bigint, m: any) => s + cents(m.sales), 0n))).toBe(summary.sales);
    expect((await app.get('/api/v1/dashboard/summary?year=1999', company.token)).status).toBe(422);
    expect((await app.get('/api/v1/dashboard/summary?year=2101', company.token)).status).toBe(422);
  });

  test('the summary, KPIs and time series (read from the maintained balances) equal sums over the raw journal lines', async () => {
    const year = Number(today.slice(0, 4));
    /** Σ(debit − credit) of the lines on accounts starting with `prefix` between two dates, in cents, as the owner. */
    const lines = async (prefix: string, from: string, to: string) => {
      const [row] = await app.asOwner<{ b: string }>(`select coalesce(sum(debit - credit), 0)::text as b from journal_lines
        where tenant_id = '${company.tenantId}' and account_code like '${prefix}%' and entry_date between '${from}' and '${to}'`);
      return cents(row.b.includes('.') ? row.b : `${row.b}.00`);
    };
    const summary = (await app.get(`/api/v1/dashboard/summary?year=${year}`, company.token)).body;
    expect(cents(summary.sales)).toBe(-(await lines('70', `${year}-01-01`, `${year}-12-31`)));
    expect(cents(summary.expenses)).toBe(await lines('6', `${year}-01-01`, `${year}-12-31`));
    expect(cents(summary.vat_due)).toBe(-(await lines('477', `${year}-01-01`, `${year}-12-31`)) - (await lines('472', `${year}-01-01`, `${year}-12-31`)));
    expect(cents(summary.cash)).toBe(await lines('57', '1900-01-01', summary.as_of));
    expect(cents(summary.receivables)).toBe(await lines('43', '1900-01-01', summary.as_of));
    for (const month of summary.months) {
      const from = `${month.month}-01`;
      const to = new Date(Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)), 0)).toISOString().slice(0, 10);
      expect({ month: month.month, sales: cents(month.sales) }).toEqual({ month: month.month, sales: -(await lines('70', from, to)) });
    }
    // a period ending today: partial months read lines, whole ones the balances
    const ytd = await data('kpi?metric=expenses&period=ytd&compare=false');
    expect(cents(ytd.value)).toBe(await lines('6', ytd.from, ytd.to));
    const cash = await data('kpi?metric=cash&period=this_month&compare=false');
    expect(cents(cash.value)).toBe(await lines('57', '1900-01-01', cash.to));
    const series = await data('timeseries?metric=purchases&period=last_12m');
    for (const point of series.points) expect(cents(point.value)).toBe(await lines('60', point.from, point.to));
  });

  test('another company sees none of these figures', async () => {
    expect((await data('kpi?period=last_12m', other.token)).value).toBe('0.00');
    expect((await data('treasuries', other.token)).items).toEqual([]);
    expect((await data('pending-reconciliation', other.token)).count).toBe(0);
    expect((await data('top?period=last_12m', other.token)).items).toEqual([]);
    expect((await data('recent-invoices', other.token)).items).toEqual([]);
    expect((await app.get('/api/v1/dashboard/summary', other.token)).body.sales).toBe('0.00');
  });
});
