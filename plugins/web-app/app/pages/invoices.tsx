import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button, Dialog, DialogTrigger, Form, Heading, Label, Link, Modal, Radio, RadioGroup, ToggleButton, ToggleButtonGroup,
} from 'react-aria-components';
import { api, problemOf, type Problem, type Schemas } from '../api/client';
import { DataTable, Field, ListCount, Notice, PageTitle } from '../components';
import { FormProblem, useApiForm } from '../forms';
import { decimalOf, formatDate, formatMoney, formatRate } from '../format';
import { useT, type MessageKey } from '../i18n';
import { currentPath, navigate, usePath } from '../router';

type Invoice = Schemas['InvoiceResponse'];
type Contact = Schemas['ContactResponse'];
type TaxType = Schemas['TaxTypeResponse'];
type Suggestion = Schemas['TaxSuggestionResponse'];
type Preview = Schemas['InvoicePreview'];
const STATUSES = ['all', 'draft', 'issued', 'partially_paid', 'paid', 'rectified'] as const;
type StatusFilter = typeof STATUSES[number];

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
/** /invoices, /invoices/new and /invoices/{id}. */
export function InvoicesPage() {
  usePath();
  const path = currentPath();
  const t = useT();
  if (path === '/invoices') return <InvoiceList />;
  if (path === '/invoices/new') return <InvoiceEditor />;
  const id = /^\/invoices\/([0-9a-f-]{36})$/.exec(path)?.[1];
  if (id) return <InvoiceView key={id} id={id} />;
  return <><PageTitle>{t('app.notFound')}</PageTitle><Notice kind="error">{t('app.notFound')}</Notice></>;
}

/** The company's customers by id (for names in the list and the editor's picker). */
function useCustomers() {
  const [customers, setCustomers] = useState<Contact[]>();
  useEffect(() => {
    api.GET('/api/v1/contacts', { params: { query: { kind: 'customer', limit: 500 } } }).then(({ data }) => setCustomers(data?.items ?? []));
  }, []);
  return customers;
}

const statusLabel = (t: ReturnType<typeof useT>, status: string) => t(`invoices.status.${status}` as MessageKey);

function InvoiceList() {
  const t = useT();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState<{ items: Invoice[]; total: number }>();
  const [failed, setFailed] = useState(false);
  const customers = useCustomers();
  const names = new Map((customers ?? []).map((c) => [c.id, c.name]));

  useEffect(() => {
    let current = true;
    api.GET('/api/v1/invoices', { params: { query: { status: status === 'all' ? undefined : status, limit: 100 } } }).then(({ data }) => {
      if (!current) return;
      setFailed(!data);
      if (data) setPage({ items: data.items, total: data.total });
    });
    return () => { current = false; };
  }, [status]);

  return (
    <section>
      <PageTitle>{t('invoices.title')}</PageTitle>
      <div className="toolbar">
        <ToggleButtonGroup aria-label={t('invoices.status')} selectionMode="single" disallowEmptySelection selectedKeys={[status]} className="languages wrap"
          onSelectionChange={(keys) => { const next = STATUSES.find((s) => s === [...keys][0]); if (next) setStatus(next); }}>
          {STATUSES.map((s) => <ToggleButton key={s} id={s}>{s === 'all' ? t('invoices.status.all') : statusLabel(t, s)}</ToggleButton>)}
        </ToggleButtonGroup>
        <Link href="/invoices/new" className="button primary">{t('invoices.new')}</Link>
      </div>
      {failed ? <Notice kind="error">{t('app.error')}</Notice> : null}
      <ListCount text={page ? t('invoices.total', { count: page.total }) : undefined} />
      {page ? (
        <DataTable label={t('invoices.table')} className="numbers-last" items={page.items} emptyText={t('invoices.empty')}
          rowHref={(invoice) => `/invoices/${invoice.id}`}
          columns={[
            { header: t('invoices.number'), isRowHeader: true, cell: (invoice) => invoice.number ?? t('invoices.draftNumber') },
            { header: t('invoices.date'), cell: (invoice) => formatDate(invoice.issue_date) },
            { header: t('invoices.customer'), cell: (invoice) => names.get(invoice.contact_id) ?? '' },
            { header: t('invoices.status'), cell: (invoice) => statusLabel(t, invoice.status) },
            { header: t('invoices.totalAmount'), cell: (invoice) => formatMoney(invoice.total, invoice.currency) },
          ]} />
      ) : null}
    </section>
  );
}

interface LineDraft { key: number; description: string; quantity: string; unit_price: string; tax_type_id: string }
let lineKeys = 0;
const blankLine = (taxTypeId: string): LineDraft => ({ key: ++lineKeys, description: '', quantity: '1', unit_price: '', tax_type_id: taxTypeId });

/**
 * A new invoice: pick the customer (the API suggests its VAT), type the lines; the totals shown are
 * the API's preview of this body (POST /invoices/preview: computed, nothing stored), asked a moment
 * after the last keystroke. Issuing creates the invoice with the same body; nothing is saved before.
 */
function InvoiceEditor() {
  const t = useT();
  const customers = useCustomers();
  const [taxes, setTaxes] = useState<TaxType[]>();
  const [contactId, setContactId] = useState('');
  const [issueDate, setIssueDate] = useState(today);
  const [lines, setLines] = useState<LineDraft[]>(() => [blankLine('')]);
  const [suggestion, setSuggestion] = useState<Suggestion>();
  const [preview, setPreview] = useState<Preview>();
  const [problem, setProblem] = useState<Problem>();
  const [asking, setAsking] = useState(false);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    api.GET('/api/v1/taxes', { params: { query: { kind: 'vat', active: true, limit: 200 } } }).then(({ data }) => setTaxes(data?.items ?? []));
  }, []);

  const suggested = useRef<string | undefined>(undefined);
  // The customer's VAT as the API suggests it: new lines take it, and lines still on the previous suggestion follow.
  useEffect(() => {
    if (!contactId) return;
    let current = true;
    api.GET('/api/v1/contacts/{contact_id}/tax-suggestion', { params: { path: { contact_id: contactId }, query: { context: 'sale' } } }).then(({ data }) => {
      if (!current || !data) return;
      const previous = suggested.current;
      suggested.current = data.tax_type_id;
      setLines((all) => all.map((line) => (!line.tax_type_id || line.tax_type_id === previous ? { ...line, tax_type_id: data.tax_type_id } : line)));
      setSuggestion(data);
    });
    return () => { current = false; };
  }, [contactId]);

  /** The body of POST /invoices for what is typed: the complete lines only; none without a customer. */
  const bodyOf = (state: { contactId: string; issueDate: string; lines: LineDraft[] }) => {
    const complete = state.lines.flatMap((line) => {
      const quantity = decimalOf(line.quantity), unitPrice = decimalOf(line.unit_price);
      return line.description.trim() && quantity && unitPrice && line.tax_type_id
        ? [{ description: line.description.trim(), quantity, unit_price: unitPrice, tax_type_id: line.tax_type_id }] : [];
    });
    return state.contactId && complete.length ? { contact_id: state.contactId, issue_date: state.issueDate, lines: complete } : undefined;
  };

  // Ask for the preview a moment after the last keystroke; one request at a time, the latest state wins.
  const latest = useRef({ contactId, issueDate, lines });
  latest.current = { contactId, issueDate, lines };
  const inFlight = useRef(false);
  const again = useRef(false);
  async function ask() {
    if (inFlight.current) { again.current = true; return; }
    const body = bodyOf(latest.current);
    if (!body) { setPreview(undefined); setDirty(false); return; }
    inFlight.current = true;
    setAsking(true);
    try {
      const result = await api.POST('/api/v1/invoices/preview', { body });
      if (result.data) { setPreview(result.data); setProblem(undefined); }
      else { setPreview(undefined); setProblem(problemOf(result.error, result.response.status)); }
    } catch {
      setProblem({ fields: {}, message: t('app.error') });
    } finally {
      inFlight.current = false;
      setAsking(false);
      if (again.current) { again.current = false; void ask(); } else setDirty(false);
    }
  }
  useEffect(() => {
    setDirty(true);
    const timer = setTimeout(() => void ask(), 300);
    return () => clearTimeout(timer);
  }, [contactId, issueDate, lines]);

  const issue = useApiForm(
    () => api.POST('/api/v1/invoices', { body: { ...bodyOf(latest.current)!, status: 'issued' } }),
    { onSuccess: (issued) => navigate(`/invoices/${(issued as Invoice).id}`, { replace: true }) },
  );
  const saveDraft = useApiForm(
    () => api.POST('/api/v1/invoices', { body: { ...bodyOf(latest.current)!, status: 'draft' } }),
    { onSuccess: (saved) => navigate(`/invoices/${(saved as Invoice).id}`, { replace: true }) },
  );

  const update = (key: number, patch: Partial<LineDraft>) => setLines((all) => all.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const lineError = (i: number, field: string) => problem?.fields[`lines.${i}.${field}`];
  const ready = Boolean(preview) && !problem && !dirty && !asking;

  return (
    <section>
      <PageTitle>{t('invoices.new')}</PageTitle>
      <p className="count">{t('invoices.editor.intro')}</p>
      <div className="row">
        <div className="field">
          <label htmlFor="invoice-customer">{t('invoices.customer')}</label>
          <select id="invoice-customer" value={contactId} onChange={(event) => setContactId(event.target.value)}
            aria-invalid={problem?.fields.contact_id ? true : undefined} aria-describedby={problem?.fields.contact_id ? 'invoice-customer-error' : undefined}>
            <option value="">{t('invoices.chooseCustomer')}</option>
            {(customers ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
          {problem?.fields.contact_id ? <span id="invoice-customer-error" className="error">{problem.fields.contact_id}</span> : null}
        </div>
        <Field label={t('invoices.date')} type="date" value={issueDate} onChange={setIssueDate} error={problem?.fields.issue_date} />
      </div>
      {suggestion ? (
        <Notice>{t('invoices.suggestion', { code: suggestion.code, rate: formatRate(suggestion.rate), reason: suggestion.reason })}</Notice>
      ) : null}
      <fieldset className="lines">
        <legend>{t('invoices.lines')}</legend>
        {lines.map((line, i) => (
          <div key={line.key} className="line" role="group" aria-label={t('invoices.line', { n: i + 1 })}>
            <Field label={t('invoices.description')} value={line.description} onChange={(v) => update(line.key, { description: v })} error={lineError(i, 'description')} />
            <Field label={t('invoices.quantity')} inputMode="decimal" value={line.quantity} onChange={(v) => update(line.key, { quantity: v })} error={lineError(i, 'quantity')} />
            <Field label={t('invoices.unitPrice')} inputMode="decimal" value={line.unit_price} onChange={(v) => update(line.key, { unit_price: v })} error={lineError(i, 'unit_price')} />
            <div className="field">
              <label htmlFor={`line-tax-${line.key}`}>{t('invoices.tax')}</label>
              <select id={`line-tax-${line.key}`} value={line.tax_type_id} onChange={(event) => update(line.key, { tax_type_id: event.target.value })}>
                <option value="">{t('invoices.chooseTax')}</option>
                {(taxes ?? []).map((tax) => <option key={tax.id} value={tax.id}>{tax.name}</option>)}
              </select>
            </div>
            {lines.length > 1 ? <Button className="quiet" onPress={() => setLines((all) => all.filter((l) => l.key !== line.key))}>{t('invoices.removeLine', { n: i + 1 })}</Button> : null}
          </div>
        ))}
        <Button onPress={() => setLines((all) => [...all, blankLine(suggestion?.tax_type_id ?? '')])}>{t('invoices.addLine')}</Button>
      </fieldset>
      <FormProblem problem={problem} />
      <Totals invoice={preview} pending={dirty || asking} />
      <FormProblem problem={issue.problem ?? saveDraft.problem} />
      <div className="actions">
        {/* one request at a time: while either is in flight the other is disabled (else a draft and an issued invoice) */}
        <Button isDisabled={!ready || issue.busy} onPress={() => void saveDraft.submitValues({})}>{t('invoices.saveDraft')}</Button>
        <Button className="primary" isDisabled={!ready || saveDraft.busy} onPress={() => void issue.submitValues({})}>{t('invoices.issue')}</Button>
      </div>
    </section>
  );
}

/** The totals as the API computed them (its preview, or the invoice's). */
function Totals({ invoice, pending }: { invoice?: Pick<Invoice, 'subtotal' | 'tax_breakdown' | 'total' | 'currency'>; pending?: boolean }) {
  const t = useT();
  return (
    <div className="totals-box" aria-live="polite" aria-busy={pending ? true : undefined}>
      <h2>{t('invoices.totals')}</h2>
      {invoice ? (
        <dl>
          <dt>{t('invoices.subtotal')}</dt><dd>{formatMoney(invoice.subtotal, invoice.currency)}</dd>
          {invoice.tax_breakdown.map((tax) => (
            <Pair key={tax.tax_type_id + tax.rate} label={t('invoices.taxLine', { name: tax.name, base: formatMoney(tax.base, invoice.currency) })} value={formatMoney(tax.amount, invoice.currency)} />
          ))}
          <dt className="grand">{t('invoices.totalAmount')}</dt><dd className="grand">{formatMoney(invoice.total, invoice.currency)}</dd>
        </dl>
      ) : <p className="count">{t('invoices.totals.empty')}</p>}
    </div>
  );
}
const Pair = ({ label, value }: { label: string; value: ReactNode }) => <><dt>{label}</dt><dd>{value}</dd></>;

function InvoiceView({ id }: { id: string }) {
  const t = useT();
  const [invoice, setInvoice] = useState<Invoice>();
  const [customer, setCustomer] = useState<Contact>();
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState('');
  const [pdf, setPdf] = useState<string>();

  const load = async () => {
    const { data } = await api.GET('/api/v1/invoices/{id}', { params: { path: { id } } });
    setFailed(!data);
    setInvoice(data);
    if (data) api.GET('/api/v1/contacts/{contact_id}', { params: { path: { contact_id: data.contact_id } } }).then(({ data: c }) => setCustomer(c));
  };
  useEffect(() => { void load(); }, [id]);
  useEffect(() => () => { if (pdf) URL.revokeObjectURL(pdf); }, [pdf]);

  async function showPdf() {
    const { data } = await api.GET('/api/v1/invoices/{id}/pdf', { params: { path: { id } }, parseAs: 'blob' });
    if (data) setPdf(URL.createObjectURL(new Blob([data as Blob], { type: 'application/pdf' })));
    else setNotice(t('app.error'));
  }

  if (failed) return <><PageTitle>{t('invoices.title')}</PageTitle><Notice kind="error">{t('app.notFound')}</Notice></>;
  if (!invoice) return <p>{t('app.loading')}</p>;
  if (invoice.status === 'draft') return <DraftNotice invoice={invoice} />;
  const done = (message: string) => { setNotice(message); void load(); };
  return (
    <section>
      <PageTitle>{t('invoices.heading', { number: invoice.number ?? '' })}</PageTitle>
      <p className="count">{t('invoices.summary', { status: statusLabel(t, invoice.status), date: formatDate(invoice.issue_date), customer: customer?.name ?? '' })}</p>
      {notice ? <Notice>{notice}</Notice> : null}
      <div className="actions start">
        <Button onPress={() => void showPdf()}>{t('invoices.pdf')}</Button>
        <SendDialog invoice={invoice} email={customer?.email ?? ''} onDone={(to) => done(t('invoices.sent', { to }))} />
        {invoice.status !== 'paid' && invoice.status !== 'rectified' ? <PaymentDialog invoice={invoice} onDone={() => done(t('invoices.paid'))} /> : null}
        {invoice.status !== 'rectified' ? <RectifyDialog invoice={invoice} /> : null}
      </div>
      <DataTable label={t('invoices.lines')} className="numbers-tail" items={invoice.lines.map((line) => ({ ...line, id: line.line_no }))}
        columns={[
          { header: t('invoices.description'), isRowHeader: true, cell: (line) => line.description },
          { header: t('invoices.quantity'), cell: (line) => line.quantity.replace('.', ',') },
          { header: t('invoices.unitPrice'), cell: (line) => formatMoney(line.unit_price, invoice.currency) },
          { header: t('invoices.tax'), cell: (line) => `${formatRate(line.tax_rate)} %` },
          { header: t('invoices.lineBase'), cell: (line) => formatMoney(line.base, invoice.currency) },
        ]} />
      <Totals invoice={invoice} />
      <dl className="paid">
        <Pair label={t('invoices.amountPaid')} value={formatMoney(invoice.amount_paid, invoice.currency)} />
        <Pair label={t('invoices.amountDue')} value={formatMoney(invoice.amount_due, invoice.currency)} />
      </dl>
      {pdf ? (
        <div className="pdf">
          <h2>{t('invoices.pdfTitle')}</h2>
          <iframe title={t('invoices.pdfTitle')} src={pdf} />
          <a href={pdf} download={`${invoice.number ?? 'factura'}.pdf`}>{t('invoices.download')}</a>
        </div>
      ) : null}
      <p><Link href="/invoices">{t('invoices.back')}</Link></p>
    </section>
  );
}

function DraftNotice({ invoice }: { invoice: Invoice }) {
  const t = useT();
  return (
    <section>
      <PageTitle>{t('invoices.draftNumber')}</PageTitle>
      <Totals invoice={invoice} />
      <p><Link href="/invoices">{t('invoices.back')}</Link></p>
    </section>
  );
}

/** A dialog with a form that calls the API; it closes on success. */
function ActionDialog({ label, title, open, setOpen, children }: { label: string; title: string; open: boolean; setOpen: (open: boolean) => void; children: ReactNode }) {
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button>{label}</Button>
      <Modal isDismissable className="modal">
        <Dialog className="dialog">
          <Heading slot="title">{title}</Heading>
          {children}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

function DialogActions({ onCancel, submit }: { onCancel: () => void; submit: string }) {
  const t = useT();
  return (
    <div className="actions">
      <Button onPress={onCancel}>{t('contacts.cancel')}</Button>
      <Button type="submit" className="primary">{submit}</Button>
    </div>
  );
}

function SendDialog({ invoice, email, onDone }: { invoice: Invoice; email: string; onDone: (to: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const form = useApiForm(
    (values) => api.POST('/api/v1/invoices/{id}/send', {
      params: { path: { id: invoice.id } },
      body: { to: values.to.split(/[,;\s]+/).filter(Boolean), ...(values.message ? { message: values.message } : {}) },
    }),
    { onSuccess: (sent) => { setOpen(false); onDone(sent.to.join(', ')); } },
  );
  return (
    <ActionDialog label={t('invoices.send')} title={t('invoices.send')} open={open} setOpen={(next) => { setOpen(next); if (!next) form.setProblem(undefined); }}>
      <FormProblem problem={form.problem} />
      <Form onSubmit={form.onSubmit} validationBehavior="aria">
        <Field name="to" type="email" label={t('invoices.sendTo')} defaultValue={email} isRequired autoFocus error={form.fieldError('to')} />
        <Field name="message" label={t('invoices.sendMessage')} error={form.fieldError('message')} />
        <DialogActions onCancel={() => setOpen(false)} submit={t('invoices.sendSubmit')} />
      </Form>
    </ActionDialog>
  );
}

function PaymentDialog({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [treasuries, setTreasuries] = useState<Schemas['TreasuryResponse'][]>();
  useEffect(() => {
    if (open && !treasuries) api.GET('/api/v1/treasuries', { params: { query: { limit: 100 } } }).then(({ data }) => setTreasuries(data?.items.filter((tr) => !tr.archived) ?? []));
  }, [open, treasuries]);
  const form = useApiForm(
    (values) => api.POST('/api/v1/invoices/{id}/payments', {
      params: { path: { id: invoice.id } },
      body: { date: values.date, amount: decimalOf(values.amount) ?? values.amount, ...(values.account ? { account: values.account } : {}) },
    }),
    { onSuccess: () => { setOpen(false); onDone(); } },
  );
  return (
    <ActionDialog label={t('invoices.pay')} title={t('invoices.pay')} open={open} setOpen={(next) => { setOpen(next); if (!next) form.setProblem(undefined); }}>
      <FormProblem problem={form.problem} />
      <Form onSubmit={form.onSubmit} validationBehavior="aria">
        <Field name="date" type="date" label={t('invoices.payDate')} defaultValue={today()} isRequired error={form.fieldError('date')} />
        <Field name="amount" inputMode="decimal" label={t('invoices.payAmount')} defaultValue={invoice.amount_due.replace('.', ',')} isRequired autoFocus error={form.fieldError('amount')} />
        {treasuries?.length ? (
          <div className="field">
            <label htmlFor="payment-account">{t('invoices.payAccount')}</label>
            <select id="payment-account" name="account" defaultValue={treasuries[0].ledger_account}>
              {treasuries.map((tr) => <option key={tr.id} value={tr.ledger_account}>{`${tr.name} (${tr.ledger_account})`}</option>)}
            </select>
          </div>
        ) : null}
        <DialogActions onCancel={() => setOpen(false)} submit={t('invoices.paySubmit')} />
      </Form>
    </ActionDialog>
  );
}

function RectifyDialog({ invoice }: { invoice: Invoice }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'differences' | 'substitution'>('differences');
  const form = useApiForm(
    (values) => api.POST('/api/v1/invoices/{id}/rectify', {
      params: { path: { id: invoice.id } },
      body: {
        issue_date: values.issue_date, reason: values.reason, mode,
        ...(mode === 'differences' ? {
          lines: [{ description: values.description, quantity: decimalOf(values.quantity) ?? values.quantity, unit_price: decimalOf(values.unit_price) ?? values.unit_price, tax_type_id: invoice.lines[0].tax_type_id }],
        } : {}),
      },
    }),
    { onSuccess: (rectifying) => { setOpen(false); navigate(`/invoices/${rectifying.id}`); } },
  );
  return (
    <ActionDialog label={t('invoices.rectify')} title={t('invoices.rectify')} open={open} setOpen={(next) => { setOpen(next); if (!next) form.setProblem(undefined); }}>
      <FormProblem problem={form.problem} />
      <Form onSubmit={form.onSubmit} validationBehavior="aria">
        <RadioGroup value={mode} onChange={(value) => setMode(value === 'substitution' ? 'substitution' : 'differences')} className="radios">
          <Label>{t('invoices.rectifyMode')}</Label>
          <Radio value="differences">{t('invoices.rectify.differences')}</Radio>
          <Radio value="substitution">{t('invoices.rectify.cancel')}</Radio>
        </RadioGroup>
        <Field name="reason" label={t('invoices.rectifyReason')} isRequired autoFocus error={form.fieldError('reason')} />
        <Field name="issue_date" type="date" label={t('invoices.date')} defaultValue={today()} isRequired error={form.fieldError('issue_date')} />
        {mode === 'differences' ? (
          <>
            <Field name="description" label={t('invoices.description')} isRequired error={form.fieldError('lines.0.description') ?? form.fieldError('lines')} />
            <div className="row">
              <Field name="quantity" inputMode="decimal" label={t('invoices.quantity')} defaultValue="-1" isRequired error={form.fieldError('lines.0.quantity')} />
              <Field name="unit_price" inputMode="decimal" label={t('invoices.unitPrice')} isRequired error={form.fieldError('lines.0.unit_price')} />
            </div>
          </>
        ) : null}
        <DialogActions onCancel={() => setOpen(false)} submit={t('invoices.rectifySubmit')} />
      </Form>
    </ActionDialog>
  );
}
