import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, type Schemas } from '../api/client';
import { BarList, ColumnChart } from '../charts';
import { Notice, PageTitle } from '../components';
import { formatDate, formatMoney } from '../format';
import { useLocale, useT, type MessageKey } from '../i18n';
import { DASHBOARD_READY } from '../marks';

type Widget = Pick<Schemas['DashboardOut']['widgets'][number], 'type' | 'params'> & { id: string; x: number; y: number; w: number };
type Data = Record<string, unknown>;
interface Loaded { widget: Widget; data?: Data; companion?: Data; failed?: boolean }

export const PERIODS = ['this_month', 'last_month', 'this_quarter', 'last_quarter', 'this_year', 'last_year', 'last_12m', 'ytd'] as const;
type Period = typeof PERIODS[number];
/** The companion series drawn beside a monthly metric, so a month's sales and expenses compare. */
const COMPANION: Record<string, string> = { sales: 'expenses', income: 'expenses', expenses: 'sales', purchases: 'sales' };

/**
 * The user's default board (else the company's first; with none, the catalogue's recommended
 * widgets), each widget's data from POST /dashboard/data with the period picker's period for the
 * widgets that take one.
 */
async function boardWidgets(): Promise<{ widgets: Widget[]; periodic: Set<string> }> {
  const [{ data: boards }, { data: catalogue }] = await Promise.all([api.GET('/api/v1/dashboard/boards'), api.GET('/api/v1/dashboard/widget-types')]);
  if (!boards || !catalogue) throw new Error('dashboard');
  const periodic = new Set(catalogue.items.filter((item) => 'period' in item.params).map((item) => item.type));
  const chosen = boards.find((board) => board.is_default) ?? boards[0];
  if (chosen) {
    const { data: board } = await api.GET('/api/v1/dashboard/boards/{board_id}', { params: { path: { board_id: chosen.id } } });
    if (!board) throw new Error('dashboard');
    return { widgets: [...board.widgets].sort((a, b) => a.y - b.y || a.x - b.x), periodic };
  }
  let x = 0, y = 0;
  const widgets = catalogue.items.filter((item) => item.recommended).map((item) => {
    if (x + item.default_size.w > catalogue.columns) { x = 0; y += 1; }
    const widget = { id: item.type, type: item.type, params: {}, x, y, w: item.default_size.w };
    x += item.default_size.w;
    return widget;
  });
  return { widgets, periodic };
}

async function widgetData(type: string, params: Record<string, unknown>): Promise<Data> {
  const { data } = await api.POST('/api/v1/dashboard/data', { body: { type, params } });
  if (!data) throw new Error(type);
  return (data as { data: Data }).data;
}

export function DashboardPage() {
  const t = useT();
  const [period, setPeriod] = useState<Period>('last_12m');
  const [board, setBoard] = useState<{ widgets: Widget[]; periodic: Set<string> }>();
  const [loaded, setLoaded] = useState<Loaded[]>();
  const [failed, setFailed] = useState(false);

  useEffect(() => { boardWidgets().then(setBoard, () => setFailed(true)); }, []);

  useEffect(() => {
    if (!board) return;
    let current = true;
    const paramsOf = (widget: Widget) => (board.periodic.has(widget.type) ? { ...widget.params, period } : widget.params);
    Promise.all(board.widgets.map(async (widget): Promise<Loaded> => {
      try {
        const params = paramsOf(widget);
        const metric = typeof params.metric === 'string' ? params.metric : 'sales';
        const [data, companion] = await Promise.all([
          widgetData(widget.type, params),
          widget.type === 'timeseries' && COMPANION[metric] ? widgetData('timeseries', { ...params, metric: COMPANION[metric] }) : undefined,
        ]);
        return { widget, data, companion };
      } catch {
        return { widget, failed: true };
      }
    })).then((all) => {
      if (!current) return;
      setLoaded(all);
      performance.mark(DASHBOARD_READY);
    });
    return () => { current = false; };
  }, [board, period]);

  return (
    <section>
      <PageTitle>{t('dashboard.title')}</PageTitle>
      <div className="toolbar">
        <div className="field period">
          <label htmlFor="dashboard-period">{t('dashboard.period')}</label>
          <select id="dashboard-period" value={period} onChange={(event) => setPeriod(event.target.value as Period)}>
            {PERIODS.map((p) => <option key={p} value={p}>{t(`period.${p}` as MessageKey)}</option>)}
          </select>
        </div>
      </div>
      {failed ? <Notice kind="error">{t('app.error')}</Notice> : null}
      {loaded ? (
        <div className="board" data-ready="true">
          {loaded.map((item) => (
            <article key={item.widget.id} className={`widget w${item.widget.w}`} aria-labelledby={`widget-${item.widget.id}`}>
              <h2 id={`widget-${item.widget.id}`}>{widgetTitle(t, item.widget, item.data)}</h2>
              {item.failed || !item.data ? <p>{t('dashboard.widgetFailed')}</p> : <WidgetBody widget={item.widget} data={item.data} companion={item.companion} />}
            </article>
          ))}
        </div>
      ) : failed ? null : <p>{t('app.loading')}</p>}
    </section>
  );
}

function widgetTitle(t: ReturnType<typeof useT>, widget: Widget, data?: Data): string {
  const key = `widget.${widget.type}` as MessageKey;
  if (widget.type === 'kpi') return t(`metric.${String(data?.metric ?? widget.params.metric ?? 'sales')}` as MessageKey);
  if (widget.type === 'top') return t(`widget.top.${String(data?.dim ?? widget.params.dim ?? 'customer')}` as MessageKey);
  if (widget.type === 'timeseries') {
    const metric = String(data?.metric ?? widget.params.metric ?? 'sales');
    return COMPANION[metric] ? t('widget.timeseries.pair', { a: t(`metric.${metric}` as MessageKey), b: t(`metric.${COMPANION[metric]}` as MessageKey).toLocaleLowerCase() }) : t(`metric.${metric}` as MessageKey);
  }
  return key in CATALOGUE_KEYS ? t(key) : widget.type;
}
const CATALOGUE_KEYS: Record<string, true> = Object.fromEntries([
  'widget.treasuries', 'widget.pending-reconciliation', 'widget.runway', 'widget.top-expense-accounts', 'widget.upcoming-taxes',
  'widget.uncategorized-movements', 'widget.subscriptions', 'widget.recent-invoices', 'widget.einvoice-unanswered',
].map((k) => [k, true]));

const str = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
const list = (value: unknown) => (Array.isArray(value) ? (value as Data[]) : []);

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return <p className="figure"><span className="figure-label">{label}</span> <strong>{value}</strong>{note ? <span className="figure-note">{note}</span> : null}</p>;
}

function WidgetBody({ widget, data, companion }: { widget: Widget; data: Data; companion?: Data }) {
  const t = useT();
  const { locale } = useLocale();
  const monthName = useMemo(() => new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-GB', { month: 'short', timeZone: 'UTC' }), [locale]);
  const range = data.from && data.to ? t('dashboard.range', { from: formatDate(str(data.from)), to: formatDate(str(data.to)) }) : undefined;
  switch (widget.type) {
    case 'kpi': {
      const pct = str(data.change_pct);
      return <Figure label={range ?? ''} value={formatMoney(str(data.value))} note={pct ? t('dashboard.change', { pct: pct.replace('.', ',') }) : undefined} />;
    }
    case 'timeseries': {
      const points = list(data.points);
      const labels = points.map((p) => `${monthName.format(new Date(`${str(p.month)}-01T00:00:00Z`)).replace('.', '')} ${str(p.month).slice(2, 4)}`);
      const metric = str(data.metric);
      const series = [{ name: t(`metric.${metric}` as MessageKey), className: 'series-a', values: points.map((p) => str(p.value)) }];
      if (companion) series.push({ name: t(`metric.${str(companion.metric)}` as MessageKey), className: 'series-b', values: list(companion.points).map((p) => str(p.value)) });
      return (
        <>
          <ColumnChart title={t('dashboard.month')} labels={labels} series={series} caption={range ?? ''} />
          <p className="count">{series.map((s, i) => `${s.name}: ${formatMoney(str((i === 0 ? data : companion)?.total ?? '0'))}`).join(' · ')}</p>
        </>
      );
    }
    case 'top': {
      const items = list(data.items).map((item) => ({ name: str(item.name ?? item.key ?? t('dashboard.unnamed')), amount: str(item.amount) }));
      return items.length ? <><BarList items={items} label={range ?? ''} /><p className="count">{range}</p></> : <p>{t('dashboard.nothing')}</p>;
    }
    case 'top-expense-accounts': {
      const items = list(data.items).map((item) => ({ name: `${str(item.account)} ${str(item.name)}`.trim(), amount: str(item.amount) }));
      return items.length ? <><BarList items={items} label={range ?? ''} /><p className="count">{range}</p></> : <p>{t('dashboard.nothing')}</p>;
    }
    case 'treasuries': {
      const items = list(data.items).map((item) => ({ name: str(item.name ?? item.account), amount: str(item.balance) }));
      return (
        <>
          {items.length ? <BarList items={items} label={t('widget.treasuries')} /> : <p>{t('dashboard.nothing')}</p>}
          <Figure label={t('dashboard.total')} value={formatMoney(str(data.total))} />
        </>
      );
    }
    case 'runway': {
      const months = str(data.runway_months);
      return (
        <>
          <Figure label={t('dashboard.runway')} value={months === 'infinite' ? t('dashboard.runway.infinite') : t('dashboard.runway.months', { months: months.replace('.', ',') })} />
          <p className="count">{t('dashboard.runway.detail', { cash: formatMoney(str(data.cash)), burn: formatMoney(str(data.monthly_burn)) })}</p>
        </>
      );
    }
    case 'pending-reconciliation':
      return <Figure label={t('dashboard.pending', { count: str(data.count) })} value={formatMoney(str(data.amount))} />;
    case 'upcoming-taxes': {
      const items = list(data.items);
      if (!items.length) return <p>{t('dashboard.nothing')}</p>;
      return (
        <ul className="plain">
          {items.map((item, i) => (
            <li key={i}>
              <strong>{t('dashboard.tax', { model: str(item.model), period: str(item.period), year: str(item.year) })}</strong>
              {' '}{t('dashboard.due', { date: formatDate(str(item.due_date)) })}: {formatMoney(str(item.amount))}
            </li>
          ))}
        </ul>
      );
    }
    case 'uncategorized-movements': case 'recent-invoices': case 'subscriptions': {
      const items = list(data.items);
      if (!items.length) return <p>{t('dashboard.nothing')}</p>;
      return (
        <ul className="plain">
          {items.slice(0, 8).map((item, i) => (
            <li key={i}>{[item.date ? formatDate(str(item.date)) : item.issue_date ? formatDate(str(item.issue_date)) : '', str(item.description ?? item.name ?? item.number ?? item.contact_name ?? '')].filter(Boolean).join(' · ')}{' '}
              <span className="amount">{formatMoney(str(item.amount ?? item.total ?? item.monthly_amount ?? ''))}</span></li>
          ))}
        </ul>
      );
    }
    default:
      return <p className="count">{t('dashboard.noDrawing')}</p>;
  }
}
