import { useEffect, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogTrigger, Form, Heading, Link, Modal } from 'react-aria-components';
import { api, problemOf, type Schemas } from '../api/client';
import { DataTable, Field, ListCount, Notice, PageTitle } from '../components';
import { sumMoney } from '../decimal';
import { FormProblem, formValues, useApiForm } from '../forms';
import { decimalOf, formatDate, formatMoney } from '../format';
import { useT, type MessageKey, type Translate } from '../i18n';
import { currentPath, navigate, usePath } from '../router';

type Entry = Schemas['JournalEntryResponse'];
type Statement = Schemas['LedgerAccountStatement'];

const PAGE = 50;
const STATEMENT_PAGE = 100;
const SOURCES = ['manual', 'invoice', 'purchase', 'invoice.payment', 'purchase.payment', 'bank_import', 'reconciliation', 'tax_model', 'depreciation',
  'fixed_asset', 'treasury.opening', 'sepa_remittance', 'sepa_payment_order'] as const;
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
const sourceLabel = (t: Translate, type: string) =>
  ((SOURCES as readonly string[]).includes(type) ? t(`ledger.source.${type}` as MessageKey) : t('ledger.source.other', { type }));
/** What an entry moves: the sum of its debits (equal to its credits). */
const entryAmount = (entry: Entry) => sumMoney(entry.lines.map((l) => l.debit)) ?? '';
const searchParams = (path: string) => new URLSearchParams(path.split('?')[1] ?? '');

function NotFound() {
  const t = useT();
  return <><PageTitle>{t('app.notFound')}</PageTitle><Notice kind="error">{t('app.notFound')}</Notice></>;
}

/** /ledger/journal (the journal with filters), /ledger/journal/new (a manual entry), /ledger/journal/{id} (one entry). */
export function JournalPage() {
  usePath();
  const path = currentPath();
  if (path === '/ledger/journal') return <JournalList />;
  if (path === '/ledger/journal/new') return <EntryEditor />;
  const id = /^\/ledger\/journal\/([0-9a-f-]{36})$/.exec(path)?.[1];
  if (id) return <EntryView key={id} id={id} />;
  return <NotFound />;
}

interface JournalFilters { from: string; to: string; account: string; source_type: string }

function JournalList() {
  const t = useT();
  const [filters, setFilters] = useState<JournalFilters>({ from: '', to: '', account: '', source_type: '' });
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ items: Entry[]; total: number }>();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    let current = true;
    setPage(undefined);
    api.GET('/api/v1/ledger', {
      params: { query: { limit: PAGE, offset, from: filters.from || undefined, to: filters.to || undefined, account: filters.account || undefined, source_type: filters.source_type || undefined } },
    }).then(({ data, error, response }) => {
      if (!current) return;
      if (data) { setProblem(undefined); setPage({ items: data.items, total: data.total }); }
      else setProblem(problemOf(error, response.status).message ?? '');
    });
    return () => { current = false; };
  }, [filters, offset]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    setOffset(0);
    setFilters({ from: isDate(values.from) ? values.from : '', to: isDate(values.to) ? values.to : '', account: values.account.trim(), source_type: values.source_type });
  }

  const count = page ? (page.total === 1 ? t('ledger.journal.total.one') : t('ledger.journal.total', { count: page.total })) : undefined;
  return (
    <section>
      <PageTitle>{t('ledger.journal.title')}</PageTitle>
      <div className="actions start">
        <Link className="button primary" href="/ledger/journal/new">{t('ledger.new.link')}</Link>
      </div>
      <Form onSubmit={submit} className="toolbar" validationBehavior="aria">
        <Field name="from" type="date" label={t('ledger.from')} />
        <Field name="to" type="date" label={t('ledger.to')} />
        <Field name="account" inputMode="numeric" label={t('ledger.journal.accountFilter')} />
        <div className="field">
          <label htmlFor="journal-source">{t('ledger.journal.source')}</label>
          <select id="journal-source" name="source_type" defaultValue="">
            <option value="">{t('ledger.source.all')}</option>
            {SOURCES.map((s) => <option key={s} value={s}>{sourceLabel(t, s)}</option>)}
          </select>
        </div>
        <Button type="submit">{t('ledger.journal.filter')}</Button>
      </Form>
      {problem !== undefined ? <Notice kind="error">{problem || t('app.error')}</Notice> : null}
      <ListCount text={count} />
      {page ? (
        <>
          <DataTable label={t('ledger.journal.table')} className="tail-1 wrap-cells" items={page.items} emptyText={t('ledger.journal.empty')}
            rowHref={(entry) => `/ledger/journal/${entry.id}`}
            columns={[
              { header: t('ledger.journal.number'), isRowHeader: true, cell: (entry) => String(entry.number) },
              { header: t('ledger.journal.date'), cell: (entry) => formatDate(entry.date) },
              { header: t('ledger.journal.description'), cell: (entry) => entry.description },
              { header: t('ledger.journal.source'), cell: (entry) => sourceLabel(t, entry.source_type) },
              { header: t('ledger.journal.amount'), cell: (entry) => formatMoney(entryAmount(entry)) },
            ]} />
          <Pager offset={offset} size={PAGE} total={page.total} onChange={setOffset} />
        </>
      ) : null}
    </section>
  );
}

function Pager({ offset, size, total, onChange }: { offset: number; size: number; total: number; onChange: (offset: number) => void }) {
  const t = useT();
  if (total <= size) return null;
  return (
    <div className="actions start">
      <Button isDisabled={offset === 0} onPress={() => onChange(Math.max(0, offset - size))}>{t('ledger.journal.previous')}</Button>
      <span className="count">{t('ledger.journal.range', { first: offset + 1, last: Math.min(total, offset + size), total })}</span>
      <Button isDisabled={offset + size >= total} onPress={() => onChange(offset + size)}>{t('ledger.journal.next')}</Button>
    </div>
  );
}

function EntryView({ id }: { id: string }) {
  const t = useT();
  const created = searchParams(usePath()).get('created') === '1';
  const [entry, setEntry] = useState<Entry>();
  const [original, setOriginal] = useState<Entry>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api.GET('/api/v1/ledger/entries/{id}', { params: { path: { id } } }).then(({ data }) => {
      setFailed(!data);
      setEntry(data);
      if (data?.reversal_of) api.GET('/api/v1/ledger/entries/{id}', { params: { path: { id: data.reversal_of } } }).then(({ data: o }) => setOriginal(o));
    });
  }, [id]);

  if (failed) return <><PageTitle>{t('ledger.journal.title')}</PageTitle><Notice kind="error">{t('app.notFound')}</Notice></>;
  if (!entry) return <p>{t('app.loading')}</p>;
  const totals = { debit: sumMoney(entry.lines.map((l) => l.debit)) ?? '', credit: sumMoney(entry.lines.map((l) => l.credit)) ?? '' };
  return (
    <section>
      <PageTitle>{t('ledger.entry.heading', { number: entry.number })}</PageTitle>
      {created ? <Notice>{t('ledger.entry.created', { number: entry.number })}</Notice> : null}
      <p className="count">{t('ledger.entry.summary', { date: formatDate(entry.date), source: sourceLabel(t, entry.source_type) })}</p>
      <p>{entry.description}</p>
      {entry.reversal_of ? <p>{t('ledger.entry.reverses', { number: original?.number ?? '…' })} <Link href={`/ledger/journal/${entry.reversal_of}`}>{t('ledger.entry.openOriginal')}</Link></p> : null}
      {entry.reversed_by ? <p>{t('ledger.entry.reversedBy')} <Link href={`/ledger/journal/${entry.reversed_by}`}>{t('ledger.entry.openReversal')}</Link></p> : null}
      {!entry.reversed_by && !entry.reversal_of ? <div className="actions start"><ReverseDialog entry={entry} /></div> : null}
      <DataTable label={t('ledger.entry.lines')} className="tail-2"
        items={[...entry.lines.map((l) => ({ ...l, id: String(l.line_no), isTotals: false })), { line_no: 0, account: t('ledger.totals'), account_name: '', debit: totals.debit, credit: totals.credit, id: 'totals', isTotals: true }]}
        rowHref={(line) => (line.isTotals ? (undefined as unknown as string) : `/ledger/account/${line.account}?to=${entry.date}`)}
        rowClassName={(line) => (line.isTotals ? 'totals' : undefined)}
        columns={[
          { header: t('ledger.account'), isRowHeader: true, cell: (line) => line.account },
          { header: t('ledger.name'), cell: (line) => line.account_name },
          { header: t('ledger.debit'), cell: (line) => formatMoney(line.debit) },
          { header: t('ledger.credit'), cell: (line) => formatMoney(line.credit) },
        ]} />
      <p><Link href="/ledger/journal">{t('ledger.entry.back')}</Link></p>
    </section>
  );
}

/** Reverse a posted entry (a new entry with debits and credits swapped, dated as chosen); the reversal opens. */
function ReverseDialog({ entry }: { entry: Entry }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const form = useApiForm<Entry>(
    (values) => api.POST('/api/v1/ledger/entries/{id}/reverse', {
      params: { path: { id: entry.id } },
      body: { date: values.date, ...(values.description.trim() ? { description: values.description.trim() } : {}) },
    }),
    { onSuccess: (reversal) => { setOpen(false); navigate(`/ledger/journal/${reversal.id}?created=1`); } },
  );
  return (
    <DialogTrigger isOpen={open} onOpenChange={(next) => { setOpen(next); if (!next) form.setProblem(undefined); }}>
      <Button>{t('ledger.reverse')}</Button>
      <Modal isDismissable className="modal">
        <Dialog className="dialog">
          <Heading slot="title">{t('ledger.reverse.title', { number: entry.number })}</Heading>
          <p>{t('ledger.reverse.intro')}</p>
          <FormProblem problem={form.problem} />
          <Form onSubmit={form.onSubmit} validationBehavior="aria">
            <Field name="date" type="date" label={t('ledger.new.date')} defaultValue={today() < entry.date ? entry.date : today()} isRequired error={form.fieldError('date')} />
            <Field name="description" label={t('ledger.new.description')} defaultValue={t('ledger.reverse.description', { number: entry.number })} error={form.fieldError('description')} />
            <div className="actions">
              <Button onPress={() => setOpen(false)}>{t('contacts.cancel')}</Button>
              <Button type="submit" className="primary">{t('ledger.reverse.submit')}</Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

interface LineDraft { key: number; account: string; debit: string; credit: string }
let nextKey = 1;
const blankLine = (): LineDraft => ({ key: nextKey++, account: '', debit: '', credit: '' });

/** The amount typed, as the API's decimal string: undefined when blank, the text as typed when it is not a number (the API answers for it). */
const typedAmount = (typed: string) => (typed.trim() === '' ? undefined : decimalOf(typed) ?? typed.trim());

function EntryEditor() {
  const t = useT();
  const [date, setDate] = useState(today());
  const [description, setDescription] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [blankLine(), blankLine()]);
  const [chart, setChart] = useState<Map<string, string>>();
  useEffect(() => {
    api.GET('/api/v1/ledger/accounts').then(({ data }) => setChart(new Map((data ?? []).map((a) => [a.code, a.name]))));
  }, []);

  const form = useApiForm<Entry>(() => api.POST('/api/v1/ledger/entries', {
    body: {
      date, description,
      lines: lines.map((l) => ({ account: l.account.trim(), debit: typedAmount(l.debit), credit: typedAmount(l.credit) })),
    },
  }), { onSuccess: (entry) => navigate(`/ledger/journal/${entry.id}?created=1`) });

  const update = (key: number, patch: Partial<LineDraft>) => setLines((all) => all.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const lineError = (i: number, field: string) => form.problem?.fields[`lines.${i}.${field}`];
  const badAmount = (typed: string) => (typed.trim() !== '' && decimalOf(typed) === undefined ? t('ledger.new.badAmount') : undefined);
  // What the browser can tell while typing; the API checks again when posting.
  const debits = sumMoney(lines.map((l) => decimalOf(l.debit) ?? ''));
  const credits = sumMoney(lines.map((l) => decimalOf(l.credit) ?? ''));
  const difference = debits !== undefined && credits !== undefined ? sumMoney([debits, `-${credits}`.replace(/^--/, '')]) : undefined;
  const balanced = difference !== undefined && /^-?0\.00$/.test(difference) && debits !== '0.00';
  // The entry's own message (its balance); a line's message shows on that line's field instead.
  const linesProblem = form.problem && !Object.keys(form.problem.fields).some((key) => key.startsWith('lines.')) ? form.problem.fields.lines : undefined;

  return (
    <section>
      <PageTitle>{t('ledger.new.title')}</PageTitle>
      <p className="count">{t('ledger.new.intro')}</p>
      <Form onSubmit={(event) => { event.preventDefault(); void form.submitValues({}); }} validationBehavior="aria">
        <div className="row">
          <Field label={t('ledger.new.date')} type="date" value={date} onChange={setDate} error={form.fieldError('date')} />
          <Field label={t('ledger.new.description')} value={description} onChange={setDescription} error={form.fieldError('description')} />
        </div>
        <fieldset className="lines">
          <legend>{t('ledger.new.lines')}</legend>
          {lines.map((line, i) => {
            const name = line.account.trim() ? chart?.get(line.account.trim()) : undefined;
            return (
              <div key={line.key} className="line" role="group" aria-label={t('ledger.new.line', { n: i + 1 })}>
                <Field label={t('ledger.new.account')} inputMode="numeric" value={line.account} onChange={(v) => update(line.key, { account: v })}
                  description={line.account.trim() && chart ? name ?? t('ledger.new.unknownAccount') : undefined} error={lineError(i, 'account')} />
                <Field label={t('ledger.new.debit')} inputMode="decimal" value={line.debit} onChange={(v) => update(line.key, { debit: v })}
                  error={lineError(i, 'debit') ?? badAmount(line.debit)} />
                <Field label={t('ledger.new.credit')} inputMode="decimal" value={line.credit} onChange={(v) => update(line.key, { credit: v })}
                  error={lineError(i, 'credit') ?? badAmount(line.credit)} />
                {lines.length > 2 ? <Button className="quiet" onPress={() => setLines((all) => all.filter((l) => l.key !== line.key))}>{t('ledger.new.removeLine', { n: i + 1 })}</Button> : null}
              </div>
            );
          })}
          <Button onPress={() => setLines((all) => [...all, blankLine()])}>{t('ledger.new.addLine')}</Button>
        </fieldset>
        <p className={balanced ? 'balance-check' : 'balance-check off'} role="status">
          {debits !== undefined && credits !== undefined ? `${t('ledger.new.totals', { debit: formatMoney(debits), credit: formatMoney(credits) })} · ` : ''}
          {balanced ? t('ledger.new.balanced') : difference !== undefined ? t('ledger.new.unbalanced', { difference: formatMoney(difference.replace(/^-/, '')) }) : ''}
        </p>
        {linesProblem ? <Notice kind="error">{linesProblem}</Notice> : null}
        <FormProblem problem={form.problem} />
        <div className="actions">
          <Button type="submit" className="primary">{t('ledger.new.submit')}</Button>
        </div>
      </Form>
    </section>
  );
}

/** /ledger/account (choose an account) and /ledger/account/{code}?from&to (its libro mayor with the running balance). */
export function AccountStatementPage() {
  const t = useT();
  const path = usePath();
  const code = /^\/ledger\/account\/([0-9]{1,12})$/.exec(currentPath())?.[1];
  const search = searchParams(path);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const [offset, setOffset] = useState(0);
  const [statement, setStatement] = useState<Statement>();
  const [problem, setProblem] = useState<string>();

  useEffect(() => { setOffset(0); }, [code, from, to]);
  useEffect(() => {
    if (!code) return;
    let current = true;
    setStatement(undefined);
    setProblem(undefined);
    api.GET('/api/v1/ledger/account/{code}', { params: { path: { code }, query: { from: from || undefined, to: to || undefined, limit: STATEMENT_PAGE, offset } } })
      .then(({ data, error, response }) => {
        if (!current) return;
        if (data) setStatement(data);
        else setProblem(response.status === 404 ? t('ledger.statement.notFound', { account: code }) : problemOf(error, response.status).message ?? t('app.error'));
      });
    return () => { current = false; };
    // t only words the problem; a change of language needs no new request
  }, [code, from, to, offset]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const query = new URLSearchParams();
    if (isDate(values.from)) query.set('from', values.from);
    if (isDate(values.to)) query.set('to', values.to);
    const account = values.account.trim();
    if (account) navigate(`/ledger/account/${encodeURIComponent(account)}${query.size ? `?${query}` : ''}`);
  }

  const rows = statement ? [
    ...(offset === 0 ? [{ id: 'opening', date: '', entry: '', entryId: '', description: t('ledger.statement.opening'), debit: '', credit: '', balance: statement.opening_balance }] : []),
    ...statement.items.map((item) => ({
      id: `${item.entry_id}-${item.line_no}`, date: formatDate(item.date), entry: String(item.entry_number), entryId: item.entry_id,
      description: item.account === statement.account ? item.description : `${item.account} · ${item.description}`, debit: item.debit, credit: item.credit, balance: item.balance,
    })),
  ] : [];
  return (
    <section>
      <PageTitle>{statement ? t('ledger.statement.heading', { account: statement.account, name: statement.name }) : t('ledger.statement.title')}</PageTitle>
      <Form key={`${code}-${from}-${to}`} onSubmit={submit} className="toolbar" validationBehavior="aria">
        <Field name="account" inputMode="numeric" label={t('ledger.statement.account')} defaultValue={code ?? ''} />
        <Field name="from" type="date" label={t('ledger.from')} defaultValue={from} />
        <Field name="to" type="date" label={t('ledger.to')} defaultValue={to} />
        <Button type="submit">{t('ledger.show')}</Button>
      </Form>
      {!code ? <p>{t('ledger.statement.choose')}</p> : null}
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {statement ? (
        <>
          <p className="count">{statement.from || statement.to ? t('ledger.period', { from: statement.from ? formatDate(statement.from) : '…', to: statement.to ? formatDate(statement.to) : '…' }) : t('ledger.allTime')}</p>
          <p className="statement-sums">{t('ledger.statement.sums', {
            opening: formatMoney(statement.opening_balance), debit: formatMoney(statement.debit), credit: formatMoney(statement.credit), closing: formatMoney(statement.closing_balance),
          })}</p>
          <p role="status" className="count">{t('ledger.statement.count', { shown: statement.items.length, total: statement.total })}</p>
          <DataTable label={t('ledger.statement.table', { account: statement.account })} className="tail-3 wrap-cells" items={rows} emptyText={t('ledger.statement.empty')}
            rowHref={(row) => (row.entryId ? `/ledger/journal/${row.entryId}` : (undefined as unknown as string))}
            columns={[
              { header: t('ledger.journal.date'), cell: (row) => row.date },
              { header: t('ledger.statement.entry'), cell: (row) => row.entry },
              { header: t('ledger.journal.description'), isRowHeader: true, cell: (row) => row.description },
              { header: t('ledger.debit'), cell: (row) => (row.debit ? formatMoney(row.debit) : '') },
              { header: t('ledger.credit'), cell: (row) => (row.credit ? formatMoney(row.credit) : '') },
              { header: t('ledger.statement.balance'), cell: (row) => formatMoney(row.balance) },
            ]} />
          <Pager offset={offset} size={STATEMENT_PAGE} total={statement.total} onChange={setOffset} />
        </>
      ) : code && !problem ? <p>{t('app.loading')}</p> : null}
    </section>
  );
}
