import { useEffect, useState } from 'react';
import {
  Button, Dialog, DialogTrigger, Form, Heading, Label, Modal, Radio, RadioGroup, SearchField, Input, ToggleButton, ToggleButtonGroup,
} from 'react-aria-components';
import { api, type Schemas } from '../api/client';
import { FormProblem, useApiForm } from '../forms';
import { DataTable, Field, ListCount, Notice, PageTitle } from '../components';
import { useT } from '../i18n';

type Contact = Schemas['ContactResponse'];

export function ContactsPage() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<'all' | 'customer' | 'supplier'>('all');
  const [page, setPage] = useState<{ items: Contact[]; total: number }>();
  const [failed, setFailed] = useState(false);
  const [created, setCreated] = useState<string>();
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let current = true;
    // Wait for a pause in typing before asking the API.
    const timer = setTimeout(async () => {
      const { data } = await api.GET('/api/v1/contacts', { params: { query: { search: search.trim() || undefined, kind: kind === 'all' ? undefined : kind, limit: 50 } } });
      if (!current) return;
      setFailed(!data);
      if (data) setPage({ items: data.items, total: data.total });
    }, search ? 250 : 0);
    return () => { current = false; clearTimeout(timer); };
  }, [search, kind, reload]);

  return (
    <section>
      <PageTitle>{t('contacts.title')}</PageTitle>
      {created ? <Notice>{t('contacts.created', { name: created })}</Notice> : null}
      <div className="toolbar">
        <SearchField value={search} onChange={setSearch} className="field search" aria-label={t('contacts.search')}>
          <Label>{t('contacts.search')}</Label>
          <Input />
        </SearchField>
        <ToggleButtonGroup aria-label={t('contacts.kind')} selectionMode="single" disallowEmptySelection selectedKeys={[kind]} className="languages"
          onSelectionChange={(keys) => { const next = [...keys][0]; if (next === 'all' || next === 'customer' || next === 'supplier') setKind(next); }}>
          <ToggleButton id="all">{t('contacts.kind.all')}</ToggleButton>
          <ToggleButton id="customer">{t('contacts.kind.customers')}</ToggleButton>
          <ToggleButton id="supplier">{t('contacts.kind.suppliers')}</ToggleButton>
        </ToggleButtonGroup>
        <NewContact onCreated={(name) => { setCreated(name); setReload((n) => n + 1); }} />
      </div>
      {failed ? <Notice kind="error">{t('app.error')}</Notice> : null}
      <ListCount text={page ? (page.total === 1 ? t('contacts.total.one') : t('contacts.total', { count: page.total })) : undefined} />
      {page ? (
        <DataTable label={t('contacts.table')} items={page.items} emptyText={t('contacts.empty')}
          columns={[
            { header: t('contacts.name'), isRowHeader: true, cell: (contact) => contact.name },
            { header: t('contacts.vat'), cell: (contact) => contact.vat ?? '' },
            { header: t('contacts.kind'), cell: (contact) => t(contact.kind === 'supplier' ? 'contacts.kind.supplier' : 'contacts.kind.customer') },
            { header: t('contacts.country'), cell: (contact) => contact.country },
            { header: t('contacts.email'), cell: (contact) => contact.email ?? '' },
          ]} />
      ) : null}
    </section>
  );
}

function NewContact({ onCreated }: { onCreated: (name: string) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'customer' | 'supplier'>('customer');
  const form = useApiForm(
    (values) => api.POST('/api/v1/contacts', {
      body: { kind, name: values.name, vat: values.vat || null, country: values.country || 'ES', email: values.email || null },
    }),
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
                <RadioGroup value={kind} onChange={(value) => setKind(value === 'supplier' ? 'supplier' : 'customer')} className="radios" orientation="horizontal">
                  <Label>{t('contacts.kind')}</Label>
                  <Radio value="customer">{t('contacts.kind.customer')}</Radio>
                  <Radio value="supplier">{t('contacts.kind.supplier')}</Radio>
                </RadioGroup>
                <Field name="name" label={t('contacts.name')} isRequired autoFocus error={form.fieldError('name')} />
                <Field name="vat" label={t('contacts.vat')} error={form.fieldError('vat')} />
                <Field name="country" label={t('contacts.country')} defaultValue="ES" maxLength={2} error={form.fieldError('country')} />
                <Field name="email" type="email" label={t('contacts.email')} error={form.fieldError('email')} />
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
