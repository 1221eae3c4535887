import { t } from 'elysia';
import { ValidationFailed } from '../../kernel/errors';
import { literalUnion } from '../../kernel/schemas';
import { Decimal, money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import { computePeriod, modelListing } from '../tax-models/api';
import { LedgerService } from '../ledger/api';
import type { TopDimension, WidgetContext, WidgetType } from './contract';
import { flowsOf, isStock, METRICS, metricFromFlows, metricValue, monthlyFlowsOf, ratio, type Metric } from './figures';
import { monthsOf, periodRange, previousRange, shiftMonth, type DateRange } from './periods';
import { PeriodParam, type PeriodName } from './schemas';

const MetricParam = literalUnion(METRICS, { default: 'sales', description: 'sales (70), income (7), purchases (60), expenses (6), profit, vat_due (477 − 472), cash (57), receivables (43), payables (40, 41)' });
const Limit = (defaultValue: number) => t.Integer({ minimum: 1, maximum: 50, default: defaultValue });

/** Figures of the books: what GET /ledger/trial-balance needs. */
const LEDGER = ['ledger.read'] as const;
/** GET /dashboard/summary shows figures of the books only. */
export const SUMMARY_READS = LEDGER;

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const rangeJson = (range: DateRange) => ({ from: range.from, to: range.to });

async function monthlySeries(tx: Tx, metric: Metric, range: DateRange) {
  const months = monthsOf(range);
  const values: Decimal[] = [];
  const flows = isStock(metric) ? undefined : await monthlyFlowsOf(tx, range);
  for (const month of months) values.push(flows ? metricFromFlows(metric, flows(month.month)) : await metricValue(tx, metric, month));
  return months.map((month, i) => ({ month: month.month, from: month.from, to: month.to, value: values[i] }));
}

async function contactTotals(tx: Tx, dim: 'customer' | 'supplier', range: DateRange) {
  // Customers: what was invoiced to them (debits of 43, VAT included); suppliers: what they billed (credits of 40, 41).
  const prefixes = dim === 'customer' ? ['43'] : ['40', '41'];
  const totals = new Map<string, Decimal>();
  for (const prefix of prefixes) {
    for (const row of await LedgerService.totalsByContact(tx, prefix, range)) {
      totals.set(row.contactId, (totals.get(row.contactId) ?? Decimal.zero(2)).add(dim === 'customer' ? row.debit : row.credit));
    }
  }
  return totals;
}

/** Contact totals as the `top` widget lists them: the contact's id and current name. */
async function withContactNames(tx: Tx, rows: readonly { key: string; amount: Decimal }[]) {
  const names = new Map((await ContactService.identities(tx, rows.map((row) => row.key))).map((c) => [c.id, c.name]));
  return rows.map((row) => ({ contact_id: row.key, name: names.get(row.key) ?? null, amount: row.amount }));
}

const kpi: WidgetType = {
  type: 'kpi', title: 'KPI', description: 'One figure of the books over a period, with the previous period and the change',
  reads: LEDGER,
  defaultSize: { w: 3, h: 2 }, recommended: 10,
  query: t.Object({
    metric: t.Optional(MetricParam),
    period: t.Optional(PeriodParam('this_month')),
    compare: t.Optional(t.Boolean({ default: true, description: 'Add the previous period and the change' })),
  }),
  async data(tx, params, { today }) {
    const range = periodRange(params.period, today);
    const value = await metricValue(tx, params.metric, range);
    const out: Record<string, unknown> = { metric: params.metric, period: params.period, ...rangeJson(range), value };
    if (params.compare) {
      const before = previousRange(params.period, today);
      const previous = await metricValue(tx, params.metric, before);
      const change = value.sub(previous);
      out.previous = { ...rangeJson(before), value: previous };
      out.change = change;
      out.change_pct = ratio(change.mul(Decimal.parse('100')), previous.isNegative() ? previous.negate() : previous);
    }
    return out;
  },
};

const timeseries: WidgetType = {
  type: 'timeseries', title: 'Monthly evolution', description: 'A metric per calendar month of the period, months without activity at zero',
  reads: LEDGER,
  defaultSize: { w: 6, h: 4 }, recommended: 20,
  query: t.Object({
    metric: t.Optional(MetricParam),
    period: t.Optional(PeriodParam('last_12m')),
    chart_type: t.Optional(literalUnion(['bar', 'line', 'area'] as const, { default: 'bar', description: 'How the client draws it (echoed)' })),
  }),
  async data(tx, params, { today }) {
    const range = periodRange(params.period, today);
    const points = await monthlySeries(tx, params.metric, range);
    const total = isStock(params.metric) ? null : points.reduce((sum, p) => sum.add(p.value), Decimal.zero(2));
    return { metric: params.metric, period: params.period, chart_type: params.chart_type, ...rangeJson(range), points, total };
  },
};

/** The largest items of a dimension another plugin answers (`top-dimensions`): 422 when none is installed. */
async function dimensionTotals(kernel: WidgetContext['kernel'], tx: Tx, dim: TopDimension['dim'], range: DateRange) {
  const provider = kernel.contributions('top-dimensions').find((d) => d.dim === dim);
  if (!provider) throw ValidationFailed.field(['query', 'dim'], `No installed plugin reports the dimension "${dim}"`, 'value_error.dim');
  return (await provider.totals(tx, range)).filter((row) => !row.amount.isZero());
}

const top: WidgetType = {
  type: 'top', title: 'Top customers, suppliers or products',
  description: 'The largest customers (invoiced, debits of 43), suppliers (billed, credits of 40/41) or products (sales net of VAT and rectifications, by line description) of the period',
  reads: (params) => (params.dim === 'product' ? ['invoices.read'] : ['ledger.read', 'contacts.read']),
  defaultSize: { w: 4, h: 4 }, recommended: 30,
  query: t.Object({
    dim: t.Optional(literalUnion(['customer', 'supplier', 'product'] as const, { default: 'customer' })),
    period: t.Optional(PeriodParam('this_quarter')),
    limit: t.Optional(Limit(5)),
  }),
  async data(tx, params, { today, kernel }) {
    const range = periodRange(params.period, today);
    const rows = params.dim === 'product'
      ? await dimensionTotals(kernel, tx, 'product', range)
      : [...(await contactTotals(tx, params.dim, range)).entries()].filter(([, amount]) => !amount.isZero()).map(([key, amount]) => ({ key, name: null, amount }));
    rows.sort((a, b) => b.amount.compare(a.amount) || a.key.localeCompare(b.key));
    const shown = rows.slice(0, params.limit);
    const items = params.dim === 'product' ? shown : await withContactNames(tx, shown);
    return { dim: params.dim, period: params.period, ...rangeJson(range), items, total: rows.reduce((sum, row) => sum.add(row.amount), Decimal.zero(2)) };
  },
};

const treasuries: WidgetType = {
  type: 'treasuries', title: 'Treasuries', description: 'Balance of each treasury account (572x) in the books, and their total',
  reads: LEDGER,
  defaultSize: { w: 4, h: 3 }, recommended: 40,
  query: t.Object({}),
  async data(tx) {
    const accounts = (await LedgerService.chart(tx, { prefix: '572' })).filter((a) => a.code.length > 3);
    return {
      items: accounts.map((a) => ({ account: a.code, name: a.name, balance: a.balance })),
      total: accounts.reduce((sum, a) => sum.add(a.balance), Decimal.zero(2)),
    };
  },
};

const pendingReconciliation: WidgetType = {
  type: 'pending-reconciliation', title: 'Pending reconciliation', description: 'Bank movements not matched nor categorised yet: how many and their net amount (what sits on 555)',
  reads: ['treasury.read', 'ledger.read'],
  defaultSize: { w: 3, h: 2 }, recommended: 50,
  query: t.Object({}),
  async data(tx, _params, { kernel }) {
    const { total } = await kernel.service('treasury').listMovements(tx, { status: 'unmatched', limit: 1, offset: 0 });
    // money in sits on the credit side of 555, money out on the debit side
    const suspense = (await LedgerService.accountBalances(tx, ['555'])).get('555')!;
    return { count: total, amount: suspense.negate() };
  },
};

const uncategorizedMovements: WidgetType = {
  type: 'uncategorized-movements', title: 'Uncategorised movements', description: 'The latest bank movements still unmatched, newest first',
  reads: ['treasury.read'],
  defaultSize: { w: 6, h: 4 }, recommended: 90,
  query: t.Object({}),
  async data(tx, _params, { kernel }) {
    const page = await kernel.service('treasury').listMovements(tx, { status: 'unmatched', limit: 10, offset: 0 });
    return {
      total: page.total,
      items: page.items.map((m) => ({ id: m.id, treasury_id: m.treasury_id, date: m.date, amount: m.amount, description: m.description, counterparty: m.counterparty })),
    };
  },
};

const runway: WidgetType = {
  type: 'runway', title: 'Runway', description: 'Cash (57) over the average monthly net burn of the last full months; "infinite" when cash does not fall',
  reads: LEDGER,
  defaultSize: { w: 3, h: 2 }, recommended: 60,
  query: t.Object({ burn_window_months: t.Optional(t.Integer({ minimum: 1, maximum: 24, default: 3 })) }),
  async data(tx, params, { today }) {
    const months = params.burn_window_months as number;
    const year = Number(today.slice(0, 4)), month = Number(today.slice(5, 7));
    // the last `months` full months: from the end of the month before them to the end of last month
    const [ly, lm] = shiftMonth(year, month, -1);
    const [sy, sm] = shiftMonth(year, month, -months - 1);
    const [fy, fm] = shiftMonth(year, month, -months);
    const balance = async (asOf: string) => (await LedgerService.accountBalances(tx, ['57'], asOf)).get('57')!;
    const cash = await balance(today);
    const opening = await balance(lastDayOf(sy, sm));
    const closing = await balance(lastDayOf(ly, lm));
    const burn = money(ratio(opening.sub(closing), Decimal.of(BigInt(months), 0))!);
    return {
      cash, burn_window_months: months, window: { from: `${fy}-${pad(fm)}-01`, to: lastDayOf(ly, lm) },
      cash_change: closing.sub(opening), monthly_burn: burn,
      runway_months: burn.compare(Decimal.zero(2)) > 0 ? ratio(cash, burn) : 'infinite',
    };
  },
};

const topExpenseAccounts: WidgetType = {
  type: 'top-expense-accounts', title: 'Top expense accounts', description: 'The expense accounts (PGC group 6) with the largest net debit of the period',
  reads: LEDGER,
  defaultSize: { w: 4, h: 4 }, recommended: 70,
  query: t.Object({ period: t.Optional(PeriodParam('this_month')), limit: t.Optional(Limit(8)) }),
  async data(tx, params, { today }) {
    const range = periodRange(params.period as PeriodName, today);
    const { accounts } = await LedgerService.trialBalance(tx, range);
    const expenses = accounts.filter((a) => a.account.startsWith('6') && !a.balance.isZero())
      .sort((a, b) => b.balance.compare(a.balance) || a.account.localeCompare(b.account));
    return {
      period: params.period, ...rangeJson(range),
      items: expenses.slice(0, params.limit).map((a) => ({ account: a.account, name: a.name, amount: a.balance })),
      total: expenses.reduce((sum, a) => sum.add(a.balance), Decimal.zero(2)),
    };
  },
};

const upcomingTaxes: WidgetType = {
  type: 'upcoming-taxes', title: 'Upcoming taxes', description: 'Every tax model of the registry (303, 111, 347…) that applies to the company (its tax profile) with a period still to file: its due date and the result accrued so far, as the model computes it',
  reads: ['tax-models.read'],
  defaultSize: { w: 4, h: 3 }, recommended: 80,
  query: t.Object({}),
  async data(tx, _params, { today, kernel }) {
    const items = [];
    // the same listing as GET /api/v1/aeat: every installed model, its periods due in the company's periodicity
    for (const { model, reason, due } of await modelListing(tx, kernel.contributions('tax-models'), today)) {
      // a model that does not apply to the company's tax profile (a sociedad's 130) is not due
      if (reason !== null) continue;
      for (const { period, dueDate } of due) {
        const accrued = await computePeriod(tx, model, period.to < today ? period : { ...period, to: today });
        items.push({
          model: model.code, name: model.name, year: period.year, period: period.code, from: period.from, to: period.to,
          due_date: dueDate, amount: money(accrued.result), declaration_type: accrued.declarationType,
        });
      }
    }
    return { items: items.sort((x, y) => x.due_date.localeCompare(y.due_date) || x.model.localeCompare(y.model)) };
  },
};

const subscriptions: WidgetType = {
  type: 'subscriptions', title: 'Subscriptions', description: 'Recurring supplier charges: suppliers billed in at least 3 of the last 6 months, with their average monthly amount',
  reads: ['ledger.read', 'contacts.read'],
  defaultSize: { w: 4, h: 3 }, recommended: 100,
  query: t.Object({}),
  async data(tx, _params, { today }) {
    const months = monthsOf(periodRange('last_12m', today)).slice(-6);
    const seen = new Map<string, Decimal[]>();
    for (const month of months) {
      for (const [id, amount] of await contactTotals(tx, 'supplier', month)) {
        if (amount.isZero()) continue;
        seen.set(id, [...(seen.get(id) ?? []), amount]);
      }
    }
    const recurring = [...seen.entries()].filter(([, amounts]) => amounts.length >= 3);
    const names = new Map((await ContactService.identities(tx, recurring.map(([id]) => id))).map((c) => [c.id, c.name]));
    const items = recurring.map(([id, amounts]) => {
      const sum = amounts.reduce((s, a) => s.add(a), Decimal.zero(2));
      return { contact_id: id, name: names.get(id) ?? null, months: amounts.length, monthly_amount: ratio(sum, Decimal.of(BigInt(amounts.length), 0)) };
    }).sort((a, b) => money(b.monthly_amount!).compare(money(a.monthly_amount!)));
    return { from: months[0].from, to: months.at(-1)!.to, items, monthly_total: items.reduce((s, i) => s.add(money(i.monthly_amount!)), Decimal.zero(2)) };
  },
};

export const ledgerWidgets: WidgetType[] = [kpi, timeseries, top, treasuries, pendingReconciliation, runway, topExpenseAccounts, upcomingTaxes, subscriptions, uncategorizedMovements];

/** GET /dashboard/summary: the year's figures from the books. */
export async function yearSummary(tx: Tx, year: number, context: WidgetContext) {
  const range = { from: `${year}-01-01`, to: `${year}-12-31` };
  const byMonth = await monthlyFlowsOf(tx, range);
  const calendar = monthsOf(range);
  const flow = (prefix: string) => calendar.reduce((sum, { month }) => sum.add(byMonth(month)(prefix)), Decimal.zero(2));
  const asOf = context.today < range.to ? context.today : range.to;
  const stocks = await LedgerService.accountBalances(tx, ['57', '43', '40', '41'], asOf);
  const figures = Object.fromEntries((['sales', 'income', 'purchases', 'expenses', 'profit', 'vat_due'] as const).map((m) => [m, metricFromFlows(m, flow)]));
  const months = calendar.map(({ month }) => {
    const f = byMonth(month);
    return { month, sales: metricFromFlows('sales', f), expenses: metricFromFlows('expenses', f), profit: metricFromFlows('profit', f) };
  });
  return {
    year, ...range, ...figures, as_of: asOf,
    cash: stocks.get('57')!, receivables: stocks.get('43')!, payables: stocks.get('40')!.add(stocks.get('41')!).negate(), months,
  };
}
