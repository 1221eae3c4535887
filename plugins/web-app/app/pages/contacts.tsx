import { useEffect, useState } from 'react';
import {
  Button, Dialog, DialogTrigger, Form, Heading, Input, Label, Modal, Radio, RadioGroup, SearchField, ToggleButton, ToggleButtonGroup,
} from 'react-aria-components';
import { api, type Schemas } from '../api/client';
import { saveBlob } from '../download';
import { FormProblem, useApiForm } from '../forms';
import { DataTable, Field, ListCount, Notice, PageTitle } from '../components';
import { useT } from '../i18n';

type Contact = Schemas['ContactResponse'];
type Summary = Schemas['ContactSummary'];
type Kind = 'customer' | 'supplier';
const EXPORT_FORMATS = ['xlsx', 'csv', 'json', 'pdf'] as const;
type ExportFormat = typeof EXPORT_FORMATS[number];

/** The list's filters, as GET /contacts, /contacts/summary and /contacts/export name them. */
/** A native select over a fixed list of values (the first usually '' for "all"): only those values come back. */
function ChoiceFilter<V extends string>(props: { id: string; label: string; value: V; choices: readonly (readonly [V, string])[]; onChange: (value: V) => void }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => {
        const chosen = props.choices.find(([value]) => value === e.target.value);
        if (chosen) props.onChange(chosen[0]);
      }}>
        {props.choices.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
      </select>
    </div>
  );
}

interface Filters { search: string; kind: 'all' | Kind; country: string; customerType: '' | 'business' | 'individual'; hasVat: '' | 'true' | 'false' }

const queryOf = (f: Filters) => ({
  search: f.search.trim() || undefined,
  kind: f.kind === 'all' ? undefined : f.kind,
  country: /^[A-Za-z]{2}$/.test(f.country.trim()) ? f.country.trim().toUpperCase() : undefined,
  customer_type: f.customerType || undefined,
  has_vat: f.hasVat === '' ? undefined : f.hasVat === 'true',
});

export function ContactsPage() {
  const t = useT();
  const [filters, setFilters] = useState<Filters>({ search: '', kind: 'all', country: '', customerType: '', hasVat: '' });
  const [page, setPage] = useState<{ items: Contact[]; total: number }>();
  const [summary, setSummary] = useState<Summary>();
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [editing, setEditing] = useState<Contact>();
  const [reload, setReload] = useState(0);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const done = (message: string) => { setNotice(message); setReload((n) => n + 1); };

  useEffect(() => {
    let current = true;
    // Wait for a pause in typing before asking the API; the page and its counts in parallel.
    const timer = setTimeout(async () => {
      const query = queryOf(filters);
      const [list, counts] = await Promise.all([
        api.GET('/api/v1/contacts', { params: { query: { ...query, limit: 50 } } }),
        api.GET('/api/v1/contacts/summary', { params: { query } }),
      ]);
      if (!current) return;
      setFailed(!list.data || !counts.data);
      if (list.data) setPage({ items: list.data.items, total: list.data.total });
      if (counts.data) setSummary(counts.data);
    }, filters.search || filters.country ? 250 : 0);
    return () => { current = false; clearTimeout(timer); };
  }, [filters, reload]);

  return (
    <section>
      <PageTitle>{t('contacts.title')}</PageTitle>
      {notice ? <Notice>{notice}</Notice> : null}
      <div className="toolbar">
        <SearchField value={filters.search} onChange={(search) => set({ search })} className="field search" aria-label={t('contacts.search')}>
          <Label>{t('contacts.search')}</Label>
          <Input />
        </SearchField>
        <ToggleButtonGroup aria-label={t('contacts.kind')} selectionMode="single" disallowEmptySelection selectedKeys={[filters.kind]} className="languages"
          onSelectionChange={(keys) => { const next = [...keys][0]; if (next === 'all' || next === 'customer' || next === 'supplier') set({ kind: next }); }}>
          <ToggleButton id="all">{t('contacts.kind.all')}</ToggleButton>
          <ToggleButton id="customer">{t('contacts.kind.customers')}</ToggleButton>
          <ToggleButton id="supplier">{t('contacts.kind.suppliers')}</ToggleButton>
        </ToggleButtonGroup>
        <NewContact onCreated={(name) => done(t('contacts.created', { name }))} />
      </div>
      <fieldset className="filters">
        <legend>{t('contacts.filters')}</legend>
        <Field label={t('contacts.filter.country')} description={t('contacts.filter.country.hint')} value={filters.country} maxLength={2}
          onChange={(country) => set({ country })} />
        <ChoiceFilter id="contacts-customer-type" label={t('contacts.filter.customerType')} value={filters.customerType}
          choices={[['', t('contacts.filter.customerType.all')], ['business', t('contacts.filter.customerType.business')], ['individual', t('contacts.filter.customerType.individual')]]}
          onChange={(customerType) => set({ customerType })} />
        <ChoiceFilter id="contacts-has-vat" label={t('contacts.filter.hasVat')} value={filters.hasVat}
          choices={[['', t('contacts.filter.hasVat.all')], ['true', t('contacts.filter.hasVat.with')], ['false', t('contacts.filter.hasVat.without')]]}
          onChange={(hasVat) => set({ hasVat })} />
      </fieldset>
      {failed ? <Notice kind="error">{t('app.error')}</Notice> : null}
      <ListCount text={page ? (page.total === 1 ? t('contacts.total.one') : t('contacts.total', { count: page.total })) : undefined} />
      {summary ? (
        <dl className="summary" aria-label={t('contacts.summary')}>
          <div><dt>{t('contacts.summary.customers')}</dt><dd>{summary.customers}</dd></div>
          <div><dt>{t('contacts.summary.suppliers')}</dt><dd>{summary.suppliers}</dd></div>
          <div><dt>{t('contacts.summary.withoutVat')}</dt><dd>{summary.without_vat}</dd></div>
          <div><dt>{t('contacts.summary.linked')}</dt><dd>{summary.payment_processor_linked}</dd></div>
        </dl>
      ) : null}
      <div className="actions start">
        <MergeContacts contacts={page?.items ?? []} onMerged={done} />
        <ExportContacts filters={filters} onExported={(file) => setNotice(t('contacts.exported', { file }))} />
      </div>
      {page ? (
        <DataTable label={t('contacts.table')} items={page.items} emptyText={t('contacts.empty')}
          columns={[
            { header: t('contacts.name'), isRowHeader: true, cell: (contact) => contact.name },
            { header: t('contacts.vat'), cell: (contact) => contact.vat ?? '' },
            { header: t('contacts.kind'), cell: (contact) => t(contact.kind === 'supplier' ? 'contacts.kind.supplier' : 'contacts.kind.customer') },
            { header: t('contacts.country'), cell: (contact) => contact.country },
            { header: t('contacts.email'), cell: (contact) => contact.email ?? '' },
            { header: t('contacts.actions'), cell: (contact) => <Button className="quiet" aria-label={t('contacts.editOf', { name: contact.name })} onPress={() => setEditing(contact)}>{t('contacts.edit')}</Button> },
          ]} />
      ) : null}
      {editing ? <EditContact key={editing.id} contact={editing} onClose={() => setEditing(undefined)} onSaved={(name) => { setEditing(undefined); done(t('contacts.saved', { name })); }} /> : null}
    </section>
  );
}

/** The fields a contact is created and edited with; the API's 422 messages under each. */
function ContactFields({ form, kind, setKind, contact }: {
  form: ReturnType<typeof useApiForm<Contact>>; kind: Kind; setKind: (kind: Kind) => void; contact?: Contact;
}) {
  const t = useT();
  return (
    <>
      <RadioGroup value={kind} onChange={(value) => setKind(value === 'supplier' ? 'supplier' : 'customer')} className="radios" orientation="horizontal">
        <Label>{t('contacts.kind')}</Label>
        <Radio value="customer">{t('contacts.kind.customer')}</Radio>
        <Radio value="supplier">{t('contacts.kind.supplier')}</Radio>
      </RadioGroup>
      <Field name="name" label={t('contacts.name')} isRequired autoFocus defaultValue={contact?.name} error={form.fieldError('name')} />
      <Field name="vat" label={t('contacts.vat')} defaultValue={contact?.vat ?? ''} error={form.fieldError('vat')} />
      <Field name="country" label={t('contacts.country')} defaultValue={contact?.country ?? 'ES'} maxLength={2} error={form.fieldError('country')} />
      <Field name="email" type="email" label={t('contacts.email')} defaultValue={contact?.email ?? ''} error={form.fieldError('email')} />
    </>
  );
}

const bodyOf = (kind: Kind, values: Record<string, string>) => ({
  kind, name: values.name, vat: values.vat?.trim() || null, country: values.country?.trim() || 'ES', email: values.email?.trim() || null,
});

function NewContact({ onCreated }: { onCreated: (name: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<Kind>('customer');
  const form = useApiForm(
    (values) => api.POST('/api/v1/contacts', { body: bodyOf(kind, values) }),
    { onSuccess: (data) => { setOpen(false); onCreated(data.name); } },
  );

  return (
    <DialogTrigger isOpen={open} onOpenChange={(next) => { setOpen(next); if (!next) form.setProblem(undefined); }}>
      <Button className="primary">{t('contacts.new')}</Button>
      <Modal isDismissable className="modal">
        <Dialog className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title">{t('contacts.new')}</Heading>
              <FormProblem problem={form.problem} />
              <Form onSubmit={form.onSubmit} validationBehavior="aria">
                <ContactFields form={form} kind={kind} setKind={setKind} />
                <div className="actions">
                  <Button onPress={close}>{t('contacts.cancel')}</Button>
                  <Button type="submit" className="primary">{t('contacts.create')}</Button>
                </div>
              </Form>
            </>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

/** A contact's dialog, its fields as stored; saving sends them (PATCH), a blank optional field clears it. */
function EditContact({ contact, onClose, onSaved }: { contact: Contact; onClose: () => void; onSaved: (name: string) => void }) {
  const t = useT();
  const [kind, setKind] = useState<Kind>(contact.kind === 'supplier' ? 'supplier' : 'customer');
  const form = useApiForm(
    (values) => api.PATCH('/api/v1/contacts/{contact_id}', { params: { path: { contact_id: contact.id } }, body: bodyOf(kind, values) }),
    { onSuccess: (data) => onSaved(data.name) },
  );
  return (
    <Modal isDismissable isOpen onOpenChange={(open) => { if (!open) onClose(); }} className="modal">
      <Dialog className="dialog">
        <Heading slot="title">{t('contacts.editOf', { name: contact.name })}</Heading>
        <FormProblem problem={form.problem} />
        <Form onSubmit={form.onSubmit} validationBehavior="aria">
          <ContactFields form={form} kind={kind} setKind={setKind} contact={contact} />
          <div className="actions">
            <Button onPress={onClose}>{t('contacts.cancel')}</Button>
            <Button type="submit" className="primary">{t('contacts.save')}</Button>
          </div>
        </Form>
      </Dialog>
    </Modal>
  );
}

/** Two contacts of the list: the duplicate's documents move to the one kept, and the duplicate goes (POST /contacts/{keep_id}/merge). */
function MergeContacts({ contacts, onMerged }: { contacts: Contact[]; onMerged: (message: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [keep, setKeep] = useState('');
  const [duplicate, setDuplicate] = useState('');
  const form = useApiForm(
    () => api.POST('/api/v1/contacts/{keep_id}/merge', { params: { path: { keep_id: keep } }, body: { duplicate_ids: [duplicate] } }),
    {
      onSuccess: (data) => {
        setOpen(false);
        const gone = contacts.find((c) => c.id === duplicate)?.name ?? '';
        onMerged(t('contacts.merge.done', { duplicate: gone, name: data.contact.name, documents: data.documents_repointed }));
      },
    },
  );
  const same = Boolean(keep) && keep === duplicate;
  const options = contacts.map((c) => <option key={c.id} value={c.id}>{c.vat ? `${c.name} (${c.vat})` : c.name}</option>);
  return (
    <DialogTrigger isOpen={open} onOpenChange={(next) => { setOpen(next); if (!next) { form.setProblem(undefined); setKeep(''); setDuplicate(''); } }}>
      <Button isDisabled={contacts.length < 2}>{t('contacts.merge')}</Button>
      <Modal isDismissable className="modal">
        <Dialog className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title">{t('contacts.merge')}</Heading>
              <FormProblem problem={form.problem} />
              <Form onSubmit={(event) => { event.preventDefault(); if (keep && duplicate && !same) void form.submitValues({}); }}>
                <div className="field">
                  <label htmlFor="merge-keep">{t('contacts.merge.keep')}</label>
                  <select id="merge-keep" value={keep} onChange={(e) => setKeep(e.target.value)} required>
                    <option value="">{t('contacts.merge.choose')}</option>
                    {options}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="merge-duplicate">{t('contacts.merge.duplicate')}</label>
                  <select id="merge-duplicate" value={duplicate} onChange={(e) => setDuplicate(e.target.value)} required
                    aria-invalid={same ? true : undefined} aria-describedby={same ? 'merge-same' : undefined}>
                    <option value="">{t('contacts.merge.choose')}</option>
                    {options}
                  </select>
                  {same ? <span id="merge-same" className="error">{t('contacts.merge.same')}</span> : null}
                </div>
                <div className="actions">
                  <Button onPress={close}>{t('contacts.cancel')}</Button>
                  <Button type="submit" className="primary" isDisabled={!keep || !duplicate || same}>{t('contacts.merge.submit')}</Button>
                </div>
              </Form>
            </>
          )}
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

/** The filtered contacts as a file (GET /contacts/export), saved by the browser under the API's name. */
function ExportContacts({ filters, onExported }: { filters: Filters; onExported: (file: string) => void }) {
  const t = useT();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      const { data, response } = await api.GET('/api/v1/contacts/export', { params: { query: { ...queryOf(filters), format } }, parseAs: 'blob' });
      setFailed(!data);
      if (!data) return;
      onExported(saveBlob(data as Blob, response, `contactos.${format}`));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="row">
      <div className="field">
        <label htmlFor="contacts-export-format">{t('contacts.export.format')}</label>
        <select id="contacts-export-format" value={format} onChange={(e) => setFormat(EXPORT_FORMATS.find((f) => f === e.target.value) ?? 'xlsx')}>
          {EXPORT_FORMATS.map((f) => <option key={f} value={f}>{t(`contacts.export.${f}`)}</option>)}
        </select>
      </div>
      <Button onPress={() => void download()}>{t('contacts.export')}</Button>
      {failed ? <Notice kind="error">{t('app.error')}</Notice> : null}
    </div>
  );
}
