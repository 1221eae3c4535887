import { useEffect, useState, type ReactNode } from 'react';
import { Button, DropZone, FileTrigger, Form, Link, Text } from 'react-aria-components';
import { api, type Schemas } from '../api/client';
import { DataTable, Field, ListCount, Notice, PageTitle } from '../components';
import { FormProblem, useApiForm } from '../forms';
import { decimalOf, formatDate, formatMoney, formatRate } from '../format';
import { useT, type MessageKey } from '../i18n';
import { currentPath, navigate, usePath } from '../router';

type Purchase = Schemas['PurchaseResponse'];
type Extraction = Schemas['PurchaseExtraction'];
type Ingested = Schemas['IngestPurchaseResponse'];
type Contact = Schemas['ContactResponse'];
type TaxType = Schemas['TaxTypeResponse'];
type Job = Schemas['IngestPurchaseJob'];
const ACCEPTED = ['application/pdf', 'image/jpeg', 'image/png'];

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
const statusLabel = (t: ReturnType<typeof useT>, status: string) => t(`purchases.status.${status}` as MessageKey);

/** /purchases, /purchases/new and /purchases/{id} (?job=… after an upload: the extraction to review). */
export function PurchasesPage() {
  usePath();
  const path = currentPath();
  const t = useT();
  if (path === '/purchases') return <PurchaseList />;
  if (path === '/purchases/new') return <ManualPurchase />;
  const id = /^\/purchases\/([0-9a-f-]{36})$/.exec(path)?.[1];
  if (id) return <PurchaseView key={id} id={id} job={new URLSearchParams(window.location.search).get('job')} />;
  return <><PageTitle>{t('app.notFound')}</PageTitle><Notice kind="error">{t('app.notFound')}</Notice></>;
}

function PurchaseList() {
  const t = useT();
  const [page, setPage] = useState<{ items: Purchase[]; total: number }>();
  useEffect(() => {
    api.GET('/api/v1/purchases', { params: { query: { limit: 100 } } }).then(({ data }) => setPage(data ? { items: data.items, total: data.total } : { items: [], total: 0 }));
  }, []);
  return (
    <section>
      <PageTitle>{t('purchases.title')}</PageTitle>
      <Upload />
      <p><Link href="/purchases/new" className="button">{t('purchases.manual')}</Link></p>
      <ListCount text={page ? t('purchases.total', { count: page.total }) : undefined} />
      {page ? (
        <DataTable label={t('purchases.table')} className="numbers-last" items={page.items} emptyText={t('purchases.empty')}
          rowHref={(purchase) => `/purchases/${purchase.id}`}
          columns={[
            { header: t('purchases.number'), isRowHeader: true, cell: (purchase) => purchase.supplier_invoice_number ?? purchase.number ?? t('invoices.draftNumber') },
            { header: t('invoices.date'), cell: (purchase) => formatDate(purchase.issue_date) },
            { header: t('purchases.supplier'), cell: (purchase) => purchase.supplier?.name ?? '' },
            { header: t('invoices.status'), cell: (purchase) => statusLabel(t, purchase.status) },
            { header: t('invoices.totalAmount'), cell: (purchase) => formatMoney(purchase.total, purchase.currency) },
          ]} />
      ) : null}
    </section>
  );
}

/**
 * Drop a PDF or a photo (or pick one): POST /ai/ingest-purchase with async=true and book=false (a
 * draft at most: a person reviews it first), then the job is polled until the file is read.
 */
function Upload() {
  const t = useT();
  const [state, setState] = useState<{ step: 'idle' | 'uploading' | Job['status']; message?: string; error?: string }>({ step: 'idle' });
  async function ingest(file: File) {
    if (!ACCEPTED.includes(file.type)) { setState({ step: 'idle', error: t('purchases.upload.type') }); return; }
    setState({ step: 'uploading' });
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('book', 'false');
    form.append('async', 'true');
    const started = await api.POST('/api/v1/ai/ingest-purchase', { body: { file: '', book: false, async: true }, bodySerializer: () => form });
    const first = started.data as unknown as Job | undefined;
    if (!first?.id) { setState({ step: 'idle', error: (started.error as { detail?: string } | undefined)?.detail ?? t('app.error') }); return; }
    let job: Job = first;
    while (job.status === 'queued' || job.status === 'running') {
      setState({ step: job.status });
      const polled: { data?: Job } = await api.GET('/api/v1/ai/ingest-purchase/jobs/{job_id}', { params: { path: { job_id: job.id }, query: { wait: 10 } } });
      if (!polled.data) { setState({ step: 'idle', error: t('app.error') }); return; }
      job = polled.data;
    }
    if (job.status === 'failed' || !job.result) { setState({ step: 'idle', error: job.error?.detail ?? t('app.error') }); return; }
    navigate(`/purchases/${job.result.purchase.id}?job=${job.id}`);
  }
  const busy = state.step !== 'idle';
  return (
    <>
      <DropZone className="dropzone" isDisabled={busy} aria-label={t('purchases.drop')}
        getDropOperation={(types) => (ACCEPTED.some((type) => types.has(type)) ? 'copy' : 'cancel')}
        onDrop={async (event) => {
          const item = event.items.find((i) => i.kind === 'file');
          if (item && item.kind === 'file') void ingest(await item.getFile());
        }}>
        <Text slot="label">{t('purchases.drop')}</Text>
        <FileTrigger acceptedFileTypes={ACCEPTED} onSelect={(files) => { const file = files?.[0]; if (file) void ingest(file); }}>
          <Button isDisabled={busy}>{t('purchases.pick')}</Button>
        </FileTrigger>
      </DropZone>
      <p role="status" className="count">{busy ? t(`purchases.upload.${state.step}` as MessageKey) : ''}</p>
      {state.error ? <Notice kind="error">{state.error}</Notice> : null}
    </>
  );
}

/** How sure the reading is, shown as a word and a colour (never colour alone). */
function Confidence({ value }: { value: number | undefined }) {
  const t = useT();
  if (value === undefined) return null;
  const level = value >= 0.9 ? 'high' : value >= 0.6 ? 'medium' : 'low';
  return <span className={`confidence conf-${level}`}>{t(`purchases.confidence.${level}` as MessageKey, { pct: Math.round(value * 100) })}</span>;
}

function PurchaseView({ id, job }: { id: string; job: string | null }) {
  const t = useT();
  const [purchase, setPurchase] = useState<Purchase>();
  const [ingested, setIngested] = useState<Ingested>();
  const [failed, setFailed] = useState(false);
  const load = async () => {
    const { data } = await api.GET('/api/v1/purchases/{id}', { params: { path: { id } } });
    setFailed(!data);
    setPurchase(data);
  };
  useEffect(() => {
    void load();
    if (job) api.GET('/api/v1/ai/ingest-purchase/jobs/{job_id}', { params: { path: { job_id: job } } }).then(({ data }) => setIngested(data?.result ?? undefined));
  }, [id, job]);

  const book = useApiForm(
    async (values) => {
      const patched = await api.PATCH('/api/v1/purchases/{id}', {
        params: { path: { id } }, body: { supplier_invoice_number: values.supplier_invoice_number || null, issue_date: values.issue_date },
      });
      if (!patched.response.ok) return patched;
      return api.POST('/api/v1/purchases/{id}/issue', { params: { path: { id } } });
    },
    { onSuccess: () => { navigate(`/purchases/${id}`, { replace: true }); void load(); } },
  );

  if (failed) return <><PageTitle>{t('purchases.title')}</PageTitle><Notice kind="error">{t('app.notFound')}</Notice></>;
  if (!purchase) return <p>{t('app.loading')}</p>;
  const extraction: Extraction | undefined = ingested?.purchase.id === purchase.id ? ingested.extraction : undefined;
  const totals = (
    <dl className="paid wide">
      <dt>{t('invoices.subtotal')} {extraction ? <Confidence value={extraction.subtotal.confidence} /> : null}</dt><dd>{formatMoney(purchase.subtotal, purchase.currency)}</dd>
      {purchase.tax_breakdown.map((tax) => {
        const read = extraction?.vat.find((v) => Number(v.rate) === Number(tax.rate));
        return <Pair key={tax.tax_type_id} label={<>{t('invoices.taxLine', { name: tax.name, base: formatMoney(tax.base, purchase.currency) })} {read ? <Confidence value={read.confidence} /> : null}</>} value={formatMoney(tax.amount, purchase.currency)} />;
      })}
      <dt className="grand">{t('invoices.totalAmount')} {extraction ? <Confidence value={extraction.total.confidence} /> : null}</dt>
      <dd className="grand">{formatMoney(purchase.total, purchase.currency)}</dd>
    </dl>
  );

  if (purchase.status !== 'draft') {
    return (
      <section>
        <PageTitle>{t('purchases.heading', { number: purchase.supplier_invoice_number ?? purchase.number ?? '' })}</PageTitle>
        <p className="count">{t('invoices.summary', { status: statusLabel(t, purchase.status), date: formatDate(purchase.issue_date), customer: purchase.supplier?.name ?? '' })}</p>
        {totals}
        <p><Link href="/purchases">{t('purchases.back')}</Link></p>
      </section>
    );
  }
  return (
    <section>
      <PageTitle>{t('purchases.review')}</PageTitle>
      {ingested?.needs_review && ingested.review_reasons.length ? (
        <Notice>{t('purchases.reasons')} {ingested.review_reasons.join(' ')}</Notice>
      ) : null}
      {extraction ? (
        <dl className="extracted">
          <dt>{t('purchases.supplier')}</dt>
          <dd>{purchase.supplier?.name ?? extraction.supplier_name.value ?? ''} <Confidence value={extraction.supplier_name.confidence} /></dd>
          <dt>{t('purchases.supplierTaxId')}</dt>
          <dd>{extraction.supplier_tax_id.value ?? '—'} <Confidence value={extraction.supplier_tax_id.confidence} /></dd>
          <dt>{t('purchases.crossCheck')}</dt>
          <dd>{extraction.cross_check.passed ? t('purchases.crossCheck.ok') : t('purchases.crossCheck.failed')}</dd>
        </dl>
      ) : <p className="count">{t('invoices.summary', { status: statusLabel(t, purchase.status), date: formatDate(purchase.issue_date), customer: purchase.supplier?.name ?? '' })}</p>}
      <FormProblem problem={book.problem} />
      <Form onSubmit={book.onSubmit} validationBehavior="aria">
        <div className="row">
          <div className="field-with-confidence">
            <Field name="supplier_invoice_number" label={t('purchases.number')} defaultValue={purchase.supplier_invoice_number ?? extraction?.invoice_number.value ?? ''}
              error={book.fieldError('supplier_invoice_number')} />
            {extraction ? <Confidence value={extraction.invoice_number.confidence} /> : null}
          </div>
          <div className="field-with-confidence">
            <Field name="issue_date" type="date" label={t('invoices.date')} defaultValue={purchase.issue_date} isRequired error={book.fieldError('issue_date')} />
            {extraction ? <Confidence value={extraction.issue_date.confidence} /> : null}
          </div>
        </div>
        {totals}
        <div className="actions">
          <Button type="submit" className="primary">{t('purchases.book')}</Button>
        </div>
      </Form>
    </section>
  );
}
const Pair = ({ label, value }: { label: ReactNode; value: ReactNode }) => <><dt>{label}</dt><dd>{value}</dd></>;

/** A purchase entered by hand: supplier, their number, date, one line; registered at once. */
function ManualPurchase() {
  const t = useT();
  const [suppliers, setSuppliers] = useState<Contact[]>();
  const [taxes, setTaxes] = useState<TaxType[]>();
  useEffect(() => {
    api.GET('/api/v1/contacts', { params: { query: { kind: 'supplier', limit: 500 } } }).then(({ data }) => setSuppliers(data?.items ?? []));
    api.GET('/api/v1/taxes', { params: { query: { kind: 'vat', active: true, limit: 200 } } }).then(({ data }) => setTaxes(data?.items ?? []));
  }, []);
  const form = useApiForm(
    (values) => api.POST('/api/v1/purchases', {
      body: {
        contact_id: values.contact_id, kind: 'invoice', supplier_invoice_number: values.supplier_invoice_number || null, issue_date: values.issue_date, status: 'issued',
        lines: [{ description: values.description, unit_price: decimalOf(values.unit_price) ?? values.unit_price, tax_type_id: values.tax_type_id }],
      },
    }),
    { onSuccess: (created) => navigate(`/purchases/${created.id}`, { replace: true }) },
  );
  return (
    <section className="narrow">
      <PageTitle>{t('purchases.manual')}</PageTitle>
      <FormProblem problem={form.problem} />
      <Form onSubmit={form.onSubmit} validationBehavior="aria">
        <div className="field">
          <label htmlFor="purchase-supplier">{t('purchases.supplier')}</label>
          <select id="purchase-supplier" name="contact_id" required defaultValue="">
            <option value="" disabled>{t('purchases.chooseSupplier')}</option>
            {(suppliers ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
          {form.fieldError('contact_id') ? <span className="error">{form.fieldError('contact_id')}</span> : null}
        </div>
        <Field name="supplier_invoice_number" label={t('purchases.number')} error={form.fieldError('supplier_invoice_number')} />
        <Field name="issue_date" type="date" label={t('invoices.date')} defaultValue={today()} isRequired error={form.fieldError('issue_date')} />
        <Field name="description" label={t('invoices.description')} isRequired error={form.fieldError('lines.0.description')} />
        <Field name="unit_price" inputMode="decimal" label={t('purchases.base')} isRequired error={form.fieldError('lines.0.unit_price')} />
        <div className="field">
          <label htmlFor="purchase-tax">{t('invoices.tax')}</label>
          <select id="purchase-tax" name="tax_type_id" required defaultValue="">
            <option value="" disabled>{t('invoices.chooseTax')}</option>
            {(taxes ?? []).map((tax) => <option key={tax.id} value={tax.id}>{`${tax.name} (${formatRate(tax.rate)} %)`}</option>)}
          </select>
        </div>
        <Button type="submit" className="primary">{t('purchases.register')}</Button>
      </Form>
    </section>
  );
}
