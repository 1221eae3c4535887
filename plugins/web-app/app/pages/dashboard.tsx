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

const DEFAULT_PERIOD: Period = 'last_12m';

/**
 * The board and every widget's data in one request (POST /dashboard/board-data: the user's default
 * board, else the company's first, else the catalogue's recommended widgets), with the period
 * picker's period for the widgets that take one, and the expenses series asked beside it for the
 * sales chart. A chart whose companion is another series asks for it afterwards.
 */
async function loadBoard(period: Period): Promise<Loaded[]> {
  const { data } = await api.POST('/api/v1/dashboard/board-data', { body: { period, extra: [{ type: 'timeseries', params: { metric: 'expenses', period } }] } });
  if (!data) throw new Error('dashboard');
  return Promise.all(data.widgets.map(async (answer): Promise<Loaded> => {
    const widget: Widget = { id: answer.id, type: answer.type, params: answer.params, x: answer.x, y: answer.y, w: answer.w };
    if (!answer.data) return { widget, failed: true };
    const metric = typeof answer.params.metric === 'string' ? answer.params.metric : 'sales';
    const wanted = answer.type === 'timeseries' ? COMPANION[metric] : undefined;
    if (!wanted) return { widget, data: answer.data };
    const asked = data.extra.find((extra) => extra.params.metric === wanted && extra.params.period === answer.params.period)?.data;
    return { widget, data: answer.data, companion: asked ?? await widgetData('timeseries', { ...answer.params, metric: wanted }).catch(() => undefined) };
  }));
}

let prefetched: { period: Period; loading: Promise<Loaded[]> } | undefined;
/**
 * Starts loading the board for the default period before the page is drawn (main.tsx calls it
 * while the session is still being read, when the app opens on the dashboard); the page takes it
 * once, and asks again if it failed.
 */
export function prefetchDashboard(): void {
  prefetched = { period: DEFAULT_PERIOD, loading: loadBoard(DEFAULT_PERIOD) };
  prefetched.loading.catch(() => undefined);
}

async function widgetData(type: string, params: Record<string, unknown>): Promise<Data> {
  const { data } = await api.POST('/api/v1/dashboard/data', { body: { type, params } });
  if (!data) throw new Error(type);
  return (data as { data: Data }).data;
}

export function DashboardPage() {
  const t = useT();
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const [loaded, setLoaded] = useState<Loaded[]>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    const early = prefetched?.period === period ? prefetched.loading : undefined;
    prefetched = undefined;
    // a prefetch that failed (a session that had no company yet) is asked again
    (early ? early.catch(() => loadBoard(period)) : loadBoard(period)).then((all) => {
      if (!current) return;
      setFailed(false);
      setLoaded(all);
      performance.mark(DASHBOARD_READY);
    }, () => { if (current) setFailed(true); });
    return () => { current = false; };
  }, [period]);

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
