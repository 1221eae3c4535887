import { useEffect, useState } from 'react';
import { Button, Link, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { api, problemOf, type Schemas } from '../api/client';
import type { paths } from '../api/schema';
import { DataTable, Notice, PageTitle } from '../components';
import { sumMoney } from '../decimal';
import { saveBlob } from '../download';
import { amountBehind, documentsBehind, drillOf, parseBookCsv, type BookRow } from '../vat-book';
import { formatDate, formatMoney, formatRate } from '../format';
import { useT, type MessageKey, type Translate } from '../i18n';
import { currentPath, navigate, usePath } from '../router';

type Listing = NonNullable<Awaited<ReturnType<typeof loadListing>>>;
type Model = Listing[number];
type Summary = Schemas['TaxModelSummary'];
type Period = Summary['items'][number];
type Box = Period['boxes'][number];

const VAT_BOOKS = ['issued', 'received', 'capital-goods'] as const;
const BOOK_FORMATS = ['xlsx', 'csv'] as const;

/** Today in the browser, YYYY-MM-DD (only to say whether a due period is still in progress). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

const loadListing = async () => (await api.GET('/api/v1/aeat')).data?.items;

/** A period's query as the model's routes take it: `year`, and `quarter` (1T–4T) or `month` (01–12). */
function periodQuery(period: Pick<Period, 'year' | 'period' | 'periodicity'>): { year: number; quarter?: number; month?: number } {
  if (period.periodicity === 'quarterly') return { year: period.year, quarter: Number.parseInt(period.period, 10) };
  if (period.periodicity === 'monthly') return { year: period.year, month: Number.parseInt(period.period, 10) };
  return { year: period.year };
}

/** A box's value as the form prints it: Spanish punctuation, no currency (boxes hold rates and counts too). */
const formatBox = (value: string) => formatMoney(value).replace(/\u00a0€$/, '');
const isZero = (value: string) => /^-?0*(\.0*)?$/.test(value.trim());

/** What the period's status is, from the listing's periods due: in progress, to file by its due date, or its deadline passed. */
function periodStatus(t: Translate, model: Model | undefined, period: Period): string {
  const due = model?.due.find((d) => d.year === period.year && d.period === period.period);
  if (!due) return t('taxes.status.closed');
  const status = t(today() <= due.to ? 'taxes.status.open' : 'taxes.status.toFile');
  return t('taxes.statusDue', { status, date: formatDate(due.due_date) });
}

/** /taxes (the models and the VAT books) and /taxes/{code} (a model's year, a period's boxes, a box's documents). */
export function TaxesPage() {
  usePath();
  const path = currentPath();
  if (path === '/taxes') return <TaxesHome />;
  const code = /^\/taxes\/([0-9]{3})$/.exec(path)?.[1];
  if (code) return <ModelPage key={code} code={code} />;
  return <NotFound />;
}

function NotFound() {
  const t = useT();
  return <><PageTitle>{t('app.notFound')}</PageTitle><Notice kind="error">{t('app.notFound')}</Notice></>;
}

/** Downloads what a call answers (a CSV, an XLSX, the tax agency's file) under the name the API gives it. */
async function saveDownload(call: Promise<{ data?: unknown; error?: unknown; response: Response }>, fallback: string): Promise<{ name?: string; problem?: string }> {
  const { data, error, response } = await call;
  if (!response.ok || !(data instanceof Blob)) return { problem: problemOf(error, response.status).message ?? '' };
  return { name: saveBlob(data, response, fallback) };
}

/** A notice for the last download: its name, or what went wrong. */
function useDownloads() {
  const t = useT();
  const [notice, setNotice] = useState<{ kind: 'info' | 'error'; text: string }>();
  const run = async (call: Promise<{ data?: unknown; error?: unknown; response: Response }>, fallback: string) => {
    try {
      const { name, problem } = await saveDownload(call, fallback);
      setNotice(name ? { kind: 'info', text: t('taxes.downloaded', { name }) } : { kind: 'error', text: problem || t('app.error') });
    } catch {
      setNotice({ kind: 'error', text: t('app.error') });
    }
  };
  const shown = notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null;
  return { run, shown };
}

function YearPicker({ year, onChange, id }: { year: number; onChange: (year: number) => void; id: string }) {
  const t = useT();
  const current = new Date().getFullYear();
  return (
    <div className="field period">
      <label htmlFor={id}>{t('taxes.year')}</label>
      <select id={id} value={year} onChange={(event) => onChange(Number(event.target.value))}>
        {Array.from({ length: 6 }, (_, i) => current - i).map((y) => <option key={y} value={y}>{y}</option>)}
      </select>
    </div>
  );
}

function TaxesHome() {
  const t = useT();
  const [models, setModels] = useState<Listing>();
  const [failed, setFailed] = useState(false);
  const [year, setYear] = useState(new Date().getFullYear());
  const downloads = useDownloads();
  useEffect(() => { loadListing().then((items) => { setFailed(!items); setModels(items); }); }, []);

  return (
    <section>
      <PageTitle>{t('taxes.title')}</PageTitle>
      <h2>{t('taxes.models')}</h2>
      {failed ? <Notice kind="error">{t('app.error')}</Notice> : null}
      {models ? (
        <DataTable label={t('taxes.models.table')} className="wrap-cells" items={models.map((m) => ({ ...m, id: m.code }))}
          rowHref={(m) => `/taxes/${m.code}`}
          columns={[
            { header: t('taxes.model'), isRowHeader: true, cell: (m) => `${t('taxes.model')} ${m.code}` },
            { header: t('taxes.name'), cell: (m) => m.name },
            { header: t('taxes.periodicity'), cell: (m) => periodicityLabel(t, m.periodicity) },
            {
              header: t('taxes.due'),
              cell: (m) => (!m.applies ? t('taxes.notApplicable', { reason: m.reason ?? '' })
                : m.due.length ? m.due.map((d) => t('taxes.dueLine', { period: d.period, year: d.year, status: t(today() <= d.to ? 'taxes.status.open' : 'taxes.status.toFile'), date: formatDate(d.due_date) })).join(' · ')
                  : t('taxes.nothingDue')),
            },
          ]} />
      ) : failed ? null : <p>{t('app.loading')}</p>}

      <h2>{t('taxes.books')}</h2>
      <p className="count">{t('taxes.books.intro')}</p>
      <div className="toolbar">
        <YearPicker id="books-year" year={year} onChange={setYear} />
      </div>
      <div className="actions start">
        {VAT_BOOKS.flatMap((book) => BOOK_FORMATS.map((format) => (
          <Button key={`${book}-${format}`} onPress={() => void downloads.run(
            api.GET('/api/v1/aeat/vat-books/{book}', { params: { path: { book }, query: { year, format } }, parseAs: 'blob' }), `${book}-${year}.${format}`)}>
            {t('taxes.book.download', { book: t(`taxes.book.${book}` as MessageKey), format: format.toUpperCase() })}
          </Button>
        )))}
      </div>
      {downloads.shown}
    </section>
  );
}

const periodicityLabel = (t: Translate, periodicity: string) =>
  (['quarterly', 'monthly', 'annual'].includes(periodicity) ? t(`taxes.periodicity.${periodicity}` as MessageKey) : periodicity);
const declarationLabel = (t: Translate, type: string) =>
  (['I', 'N', 'C', 'D', 'exempt'].includes(type) ? t(`taxes.declaration.${type}` as MessageKey) : type);

/** The models whose period has a closing entry (`POST /aeat/{code}/settle`): checked against the API's paths when compiling. */
type SettleCode = Extract<keyof paths, `/api/v1/aeat/${string}/settle`> extends `/api/v1/aeat/${infer C}/settle` ? C : never;
const SETTLES: readonly SettleCode[] = ['303', '111'];
const settles = (code: string): code is SettleCode => (SETTLES as readonly string[]).includes(code);

/** The model's routes under /api/v1/aeat/{code}: every model has the same shapes (TaxModelSummary, CSV, file). */
const modelPath = <S extends '' | '/summary' | '/file'>(code: string, suffix: S) => `/api/v1/aeat/${code}${suffix}` as `/api/v1/aeat/303${S}`;

function ModelPage({ code }: { code: string }) {
  const t = useT();
  const search = new URLSearchParams(usePath().split('?')[1] ?? '');
  const year = Number(search.get('year')) || new Date().getFullYear();
  const [model, setModel] = useState<Model>();
  const [summary, setSummary] = useState<Summary>();
  const [problem, setProblem] = useState<string>();
  const [onlyFilled, setOnlyFilled] = useState(true);
  const downloads = useDownloads();

  useEffect(() => { loadListing().then((items) => setModel(items?.find((m) => m.code === code))); }, [code]);
  useEffect(() => {
    let current = true;
    setSummary(undefined);
    setProblem(undefined);
    api.GET(modelPath(code, '/summary'), { params: { query: { year } } }).then(({ data, error, response }) => {
      if (!current) return;
      if (data) setSummary(data);
      else setProblem(problemOf(error, response.status).message ?? '');
    });
    return () => { current = false; };
  }, [code, year]);

  const go = (params: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries({ year, period: search.get('period') ?? undefined, box: search.get('box') ?? undefined, ...params })) {
      if (value !== undefined && value !== '') next.set(key, String(value));
    }
    navigate(`/taxes/${code}?${next}`);
  };
  const period = summary?.items.find((p) => p.period === search.get('period'));
  const box = search.get('box') ?? undefined;

  return (
    <section>
      <PageTitle>{t('taxes.modelHeading', { code, name: model?.name ?? summary?.name ?? '' })}</PageTitle>
      <p><Link href="/taxes">{t('taxes.back')}</Link></p>
      <div className="toolbar">
        <YearPicker id="model-year" year={year} onChange={(y) => go({ year: y, period: undefined, box: undefined })} />
      </div>
      {problem !== undefined ? <Notice kind="error">{problem || t('app.error')}</Notice> : null}
      {summary ? (
        <>
          <h2>{t('taxes.periods')}</h2>
          <DataTable label={t('taxes.periods.table', { code, year })} className="tail-1" items={summary.items.map((p) => ({ ...p, id: p.period }))}
            rowHref={(p) => `/taxes/${code}?year=${p.year}&period=${p.period}`}
            rowClassName={(p) => (p.period === period?.period ? 'selected' : undefined)}
            columns={[
              { header: t('taxes.period'), isRowHeader: true, cell: (p) => t('taxes.openPeriod', { period: p.period }) },
              { header: t('taxes.dates'), cell: (p) => `${formatDate(p.from)} – ${formatDate(p.to)}` },
              { header: t('taxes.status'), cell: (p) => periodStatus(t, model, p) },
              { header: t('taxes.declaration'), cell: (p) => declarationLabel(t, p.declaration_type) },
              { header: t('taxes.result'), cell: (p) => formatMoney(p.result) },
            ]} />
        </>
      ) : problem !== undefined ? null : <p>{t('app.loading')}</p>}

      {period ? (
        <>
          <h2>{t('taxes.boxesHeading', { period: period.period, year: period.year })}</h2>
          <div className="actions start">
            <Button onPress={() => void downloads.run(api.GET(modelPath(code, ''), { params: { query: periodQuery(period) as { year: number } }, parseAs: 'blob' }), `modelo-${code}.csv`)}>
              {t('taxes.downloadCsv', { period: period.period })}
            </Button>
            {model?.has_file ? (
              <Button onPress={() => void downloads.run(api.GET(modelPath(code, '/file'), { params: { query: periodQuery(period) as { year: number } }, parseAs: 'blob' }), `modelo-${code}.txt`)}>
                {t('taxes.downloadFile', { period: period.period })}
              </Button>
            ) : null}
          </div>
          {downloads.shown}
          {settles(code) ? <SettlePeriod key={`${period.year}-${period.period}`} code={code} period={period} /> : null}
          <ToggleButtonGroup aria-label={t('taxes.boxesHeading', { period: period.period, year: period.year })} selectionMode="single" disallowEmptySelection
            selectedKeys={[onlyFilled ? 'filled' : 'all']} onSelectionChange={(keys) => setOnlyFilled([...keys][0] === 'filled')} className="languages wrap">
            <ToggleButton id="filled">{t('taxes.onlyFilled')}</ToggleButton>
            <ToggleButton id="all">{t('taxes.allBoxes')}</ToggleButton>
          </ToggleButtonGroup>
          <BoxesTable code={code} period={period} onlyFilled={onlyFilled} />
          {box && drillOf(code, box) ? <BoxDocuments key={`${period.period}-${box}`} code={code} period={period} box={box} onClose={() => go({ box: undefined })} /> : null}
        </>
      ) : null}
    </section>
  );
}

/** Posts the period's closing entry (the 303: VAT charged and deductible cleared against what is to pay or to carry forward); once, a second time is the API's 409. */
function SettlePeriod({ code, period }: { code: SettleCode; period: Period }) {
  const t = useT();
  const [outcome, setOutcome] = useState<{ entry?: Schemas['JournalEntryResponse']; problem?: string }>();
  const [busy, setBusy] = useState(false);
  async function settle() {
    if (busy) return;
    setBusy(true);
    try {
      const { data, error, response } = await api.POST(`/api/v1/aeat/${code}/settle` as '/api/v1/aeat/303/settle', { params: { query: periodQuery(period) } });
      setOutcome(data ? { entry: data } : { problem: problemOf(error, response.status).message || t('app.error') });
    } catch {
      setOutcome({ problem: t('app.error') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <div className="actions start">
        <Button onPress={() => void settle()}>{t('taxes.settle', { period: period.period })}</Button>
      </div>
      {outcome?.entry ? (
        <Notice>{t('taxes.settled', { number: outcome.entry.number })} <Link href={`/ledger/journal/${outcome.entry.id}`}>{t('taxes.openEntry')}</Link></Notice>
      ) : outcome?.problem ? <Notice kind="error">{outcome.problem}</Notice> : null}
    </>
  );
}

/** A period's boxes; a box whose documents can be listed (the 303's bases and quotas) is a link to them, `?box=`. */
function BoxesTable({ code, period, onlyFilled }: { code: string; period: Period; onlyFilled: boolean }) {
  const t = useT();
  // A rate box (…: tipo) holds the rate whether or not anything was taxed at it: shown with its base.
  const shown = period.boxes.filter((b, i) => !onlyFilled || (/: tipo$/.test(b.label) ? i > 0 && !isZero(period.boxes[i - 1].value) : !isZero(b.value)));
  const drillable = (b: Box) => Boolean(drillOf(code, b.box)) && !isZero(b.value);
  return (
    <DataTable label={t('taxes.boxes.table', { code, period: period.period, year: period.year })} className="boxes" items={shown.map((b) => ({ ...b, id: b.box }))}
      rowHref={(b) => (drillable(b) ? `/taxes/${code}?year=${period.year}&period=${period.period}&box=${b.box}` : (undefined as unknown as string))}
      columns={[
        { header: t('taxes.box'), isRowHeader: true, cell: (b: Box) => b.box },
        { header: t('taxes.concept'), cell: (b: Box) => b.label },
        { header: t('taxes.value'), cell: (b: Box) => formatBox(b.value) },
        { header: t('taxes.drill'), cell: (b: Box) => (drillable(b) ? <span className="drill-link">{t('taxes.drill.open')}</span> : null) },
      ]} />
  );
}

/** The drill shows this many rows at most (a big company's quarter has thousands); the sum is of them all. */
const DRILL_SHOWN = 200;

function BoxDocuments({ code, period, box, onClose }: { code: string; period: Period; box: string; onClose: () => void }) {
  const t = useT();
  const drill = drillOf(code, box)!;
  const [rows, setRows] = useState<BookRow[]>();
  const [failed, setFailed] = useState(false);
  const value = period.boxes.find((b) => b.box === box)?.value ?? '0.00';
  const rate = drill.rateBox ? period.boxes.find((b) => b.box === drill.rateBox)?.value : undefined;

  useEffect(() => {
    let current = true;
    api.GET('/api/v1/tax-books/{book}', { params: { path: { book: drill.book }, query: { from: period.from, to: period.to, format: 'csv' } }, parseAs: 'text' })
      .then(({ data }) => {
        if (!current) return;
        if (typeof data !== 'string') { setFailed(true); return; }
        setRows(documentsBehind(parseBookCsv(data), drill, rate));
        // the documents arrived: keyboard and screen-reader users are taken to them (the page's heading had the focus)
        requestAnimationFrame(() => document.getElementById('drill-heading')?.focus());
      });
    return () => { current = false; };
  }, [drill.book, drill.capitalGood, period.from, period.to, rate]);

  const quotaColumn = drill.book === 'issued' ? 'Cuota IVA Repercutida' : 'Cuota Deducible';
  const sum = rows ? sumMoney(rows.map((row) => amountBehind(row, drill))) : undefined;
  const book = t(`taxes.drill.book.${drill.book}` as MessageKey);
  return (
    <section className="drill" aria-labelledby="drill-heading">
      <h2 id="drill-heading" tabIndex={-1}>{t('taxes.documents', { box })}</h2>
      {failed ? <Notice kind="error">{t('app.error')}</Notice> : null}
      {rows ? (
        <>
          <p role="status" className="count">
            {rate !== undefined ? t('taxes.drill.intro', { book, rate: formatRate(rate), count: rows.length })
              : t(drill.capitalGood ? 'taxes.drill.introCapital' : 'taxes.drill.introAll', { book, count: rows.length })}
          </p>
          {rows.length > DRILL_SHOWN ? <p className="count">{t('taxes.drill.more', { shown: DRILL_SHOWN, more: rows.length - DRILL_SHOWN })}</p> : null}
          <DataTable label={t('taxes.drill.table', { box })} className="tail-3" items={rows.slice(0, DRILL_SHOWN).map((row, i) => ({ row, id: i }))}
            columns={[
              { header: t('taxes.doc.number'), isRowHeader: true, cell: ({ row }) => (drill.book === 'issued' ? row['Identificación de la Factura Número'] : row['Identificación Factura del Expedidor (Serie-Número)']) },
              { header: t('taxes.doc.date'), cell: ({ row }) => formatDate(row['Fecha Expedición']) },
              { header: t('taxes.doc.party'), cell: ({ row }) => row[drill.book === 'issued' ? 'Nombre Destinatario' : 'Nombre Expedidor'] },
              { header: t('taxes.doc.taxId'), cell: ({ row }) => row[drill.book === 'issued' ? 'NIF Destinatario Identificación' : 'NIF Expedidor Identificación'] },
              { header: t('taxes.doc.base'), cell: ({ row }) => formatMoney(row['Base Imponible']) },
              { header: t('taxes.doc.rate'), cell: ({ row }) => `${formatRate(row['Tipo de IVA'])} %` },
              { header: t('taxes.doc.quota'), cell: ({ row }) => formatMoney(row[quotaColumn]) },
            ]} />
          <p className="drill-sum">{t('taxes.drill.sum', { sum: sum === undefined ? '—' : formatMoney(sum), box, value: formatBox(value) })}</p>
          <Button onPress={onClose}>{t('taxes.drill.close')}</Button>
        </>
      ) : failed ? null : <p>{t('app.loading')}</p>}
    </section>
  );
}
