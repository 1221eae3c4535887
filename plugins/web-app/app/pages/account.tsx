import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Dialog, DialogTrigger, Form, Heading, Label, Modal, Radio, RadioGroup } from 'react-aria-components';
import { create as createQr } from 'qrcode';
import { api, type Schemas } from '../api/client';
import { Field, Notice, PageTitle } from '../components';
import { FormProblem, useApiForm } from '../forms';
import { endOfDayInMadrid, formatDate } from '../format';
import { useT, type MessageKey } from '../i18n';
import { session } from '../session';
import { switchCompany } from '../company-switcher';
import { useMe } from '../me';
import { CompanyFields, companyBody } from './auth';

type Me = Schemas['MeResponse'];
export type Role = Me['memberships'][number]['role'];
export const ROLES: Role[] = ['owner', 'admin', 'accountant', 'member', 'viewer'];
export const roleKey = (role: Role) => `role.${role}` as MessageKey;


/** A native select of roles (labelled), the most dependable picker on phones and with screen readers. */
export function RoleSelect({ id, label, name, value, defaultValue, onChange, roles = ROLES, error }: {
  id: string; label: string; name?: string; value?: Role; defaultValue?: Role; onChange?: (role: Role) => void; roles?: Role[]; error?: string;
}) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} defaultValue={defaultValue} onChange={onChange ? (event) => onChange(event.target.value as Role) : undefined}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {roles.map((role) => <option key={role} value={role}>{t(roleKey(role))}</option>)}
      </select>
      {error ? <span id={`${id}-error`} className="error">{error}</span> : null}
    </div>
  );
}

/** A button that asks before doing something that cannot be undone (React Aria's dialog: focus kept inside, Escape cancels). */
export function ConfirmButton({ label, question, confirm, onConfirm, className }: {
  label: string; question: string; confirm: string; onConfirm: () => Promise<void> | void; className?: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button className={className}>{label}</Button>
      <Modal isDismissable className="modal">
        <Dialog className="dialog" role="alertdialog">
          <Heading slot="title">{label}</Heading>
          <p>{question}</p>
          <div className="actions">
            <Button onPress={() => setOpen(false)} autoFocus>{t('account.cancel')}</Button>
            <Button className="danger" onPress={async () => { setOpen(false); await onConfirm(); }}>{confirm}</Button>
          </div>
        </Dialog>
      </Modal>
    </DialogTrigger>
  );
}

/** The account: the person's details, their password, two-step sign-in and their companies. */
export function AccountPage() {
  const t = useT();
  const { me, reload } = useMe();
  return (
    <section>
      <PageTitle>{t('account.title')}</PageTitle>
      {me ? (
        <>
          <dl className="facts">
            <dt>{t('field.email')}</dt><dd>{me.user.email}</dd>
            {me.user.full_name ? <><dt>{t('field.fullName')}</dt><dd>{me.user.full_name}</dd></> : null}
          </dl>
          <MfaSection onChange={() => void reload()} />
          <CompaniesSection me={me} />
          <PasswordSection />
        </>
      ) : <p>{t('app.loading')}</p>}
    </section>
  );
}

/** Two-step sign-in: set up (the otpauth secret as a QR code and as text), confirm with a code, recovery codes once; or turn it off. */
function MfaSection({ onChange }: { onChange: () => void }) {
  const t = useT();
  const [status, setStatus] = useState<Schemas['MfaStatusResponse']>();
  const [setup, setSetup] = useState<Schemas['MfaSetupResponse']>();
  const [recovery, setRecovery] = useState<string[]>();
  const [news, setNews] = useState('');
  const [problem, setProblem] = useState<string>();
  const load = useCallback(async () => { const { data } = await api.GET('/api/v1/auth/mfa/status'); if (data) setStatus(data); }, []);
  useEffect(() => { void load(); }, [load]);

  async function start() {
    setNews('');
    const { data, error, response } = await api.POST('/api/v1/auth/mfa/setup');
    if (data) setSetup(data);
    else setProblem((error as { detail?: string } | undefined)?.detail ?? `${t('app.error')} (${response.status})`);
  }
  const activate = useApiForm((values) => api.POST('/api/v1/auth/mfa/activate', { body: { code: values.code.replace(/\s/g, '') } }), {
    onSuccess: (data) => { setSetup(undefined); setRecovery(data.recovery_codes); void load(); onChange(); },
  });
  const disable = useApiForm((values) => api.POST('/api/v1/auth/mfa/disable', { body: values.code ? { code: values.code.replace(/\s/g, '') } : { password: values.password } }), {
    onSuccess: () => { setRecovery(undefined); setNews(t('mfa.disabled')); void load(); onChange(); },
  });

  return (
    <section className="panel" aria-labelledby="mfa-title">
      <h2 id="mfa-title">{t('mfa.title')}</h2>
      {news ? <Notice>{news}</Notice> : null}
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      {!status ? <p>{t('app.loading')}</p> : recovery ? (
        <>
          <Notice>{t('mfa.enabled')}</Notice>
          <p>{t('mfa.recovery.intro')}</p>
          <ul className="codes" aria-label={t('mfa.recovery.list')}>{recovery.map((code) => <li key={code}><code>{code}</code></li>)}</ul>
          <CopyButton text={recovery.join('\n')} label={t('mfa.recovery.copy')} />
          <Button onPress={() => setRecovery(undefined)}>{t('mfa.recovery.done')}</Button>
        </>
      ) : status.enabled ? (
        <>
          <p role="status">{t('mfa.on', { count: status.recovery_codes_remaining })}</p>
          <h3>{t('mfa.disable')}</h3>
          <p>{t('mfa.disable.intro')}</p>
          <FormProblem problem={disable.problem} />
          <Form onSubmit={disable.onSubmit} validationBehavior="aria">
            <Field name="password" type="password" label={t('field.password')} autoComplete="current-password" error={disable.fieldError('password')} />
            <Field name="code" label={t('mfa.disable.code')} autoComplete="one-time-code" error={disable.fieldError('code')} />
            <Button type="submit" className="danger">{t('mfa.disable')}</Button>
          </Form>
        </>
      ) : setup ? (
        <>
          <p>{t('mfa.setup.scan')}</p>
          <QrCode text={setup.provisioning_uri} label={t('mfa.setup.qr')} />
          <p>{t('mfa.setup.manual')}</p>
          <p><code className="secret" aria-label={t('mfa.setup.secret')} data-secret={setup.secret}>{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code></p>
          <p><a href={setup.provisioning_uri}>{t('mfa.setup.open')}</a></p>
          <FormProblem problem={activate.problem} />
          <Form onSubmit={activate.onSubmit} validationBehavior="aria">
            <Field name="code" label={t('mfa.setup.code')} autoComplete="one-time-code" inputMode="numeric" isRequired error={activate.fieldError('code')} />
            <div className="actions start">
              <Button type="submit" className="primary">{t('mfa.setup.confirm')}</Button>
              <Button onPress={() => setSetup(undefined)}>{t('account.cancel')}</Button>
            </div>
          </Form>
        </>
      ) : (
        <>
          <p role="status">{t(status.pending ? 'mfa.pending' : 'mfa.off')}</p>
          <Button className="primary" onPress={start}>{t(status.pending ? 'mfa.restart' : 'mfa.start')}</Button>
        </>
      )}
    </section>
  );
}

/** The otpauth URI drawn as a QR code in SVG (the modules from `qrcode`, no canvas, no inline style). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = createQr(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    return { size: modules.size + 8, path: d };
  }, [text]);
  return (
    <svg className="qr" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Copies `text` to the clipboard and says so; where the browser refuses, it says to copy by hand. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span className="copy">
      <Button onPress={async () => {
        try { await navigator.clipboard.writeText(text); setState('copied'); } catch { setState('failed'); }
      }}>{label}</Button>
      <span role="status">{state === 'copied' ? t('account.copied') : state === 'failed' ? t('account.copyFailed') : ''}</span>
    </span>
  );
}

/** The companies the person belongs to: switch (a session for the other one) or create another. */
function CompaniesSection({ me }: { me: Me }) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const form = useApiForm(
    (values) => api.POST('/api/v1/auth/tenants', {
      body: companyBody(values),
    }),
    { onSuccess: (data) => { setAdding(false); session.set(data.access_token); } },
  );
  return (
    <section className="panel" aria-labelledby="companies-title">
      <h2 id="companies-title">{t('companies.title')}</h2>
      <ul className="cards">
        {me.memberships.map((m) => (
          <li key={m.tenant_id}>
            <strong>{m.tenant_name}</strong> · {t(roleKey(m.role))}
            {m.tenant_id === me.tenant?.id ? <span className="tag">{t('companies.active')}</span> : <SwitchButton tenantId={m.tenant_id} label={t('companies.switchTo', { name: m.tenant_name })} />}
          </li>
        ))}
      </ul>
      {adding ? (
        <>
          <h3>{t('companies.new')}</h3>
          <FormProblem problem={form.problem} />
          <Form onSubmit={form.onSubmit} validationBehavior="aria">
            <CompanyFields fieldError={form.fieldError} autoFocus />
            <div className="actions start">
              <Button type="submit" className="primary">{t('companies.create')}</Button>
              <Button onPress={() => { setAdding(false); form.setProblem(undefined); }}>{t('account.cancel')}</Button>
            </div>
          </Form>
        </>
      ) : <Button onPress={() => setAdding(true)}>{t('companies.new')}</Button>}
    </section>
  );
}

function SwitchButton({ tenantId, label }: { tenantId: string; label: string }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  return <>{' '}<Button onPress={async () => setFailed(!(await switchCompany(tenantId)))}>{label}</Button>{failed ? <Notice kind="error">{t('app.error')}</Notice> : null}</>;
}

/** What a page says once it is shown again after the session changed under it (the app re-mounts its pages then). */
let flash = '';
const takeFlash = () => { const said = flash; flash = ''; return said; };

/** Change the password with the API; its answer's X-Access-Token (the new session) replaces this one. */
function usePasswordChange(onChanged: () => void) {
  return useApiForm(
    async (values) => {
      const result = await api.POST('/api/v1/auth/change-password', { body: { current_password: values.current_password, new_password: values.new_password } });
      const token = result.response.headers.get('x-access-token');
      if (result.response.ok && token) { onChanged(); session.set(token); }
      return result;
    },
    { onSuccess: () => {} },
  );
}

function PasswordFields({ form, current }: { form: ReturnType<typeof usePasswordChange>; current: string }) {
  const t = useT();
  return (
    <>
      <Field name="current_password" type="password" label={current} autoComplete="current-password" isRequired error={form.fieldError('current_password')} />
      <Field name="new_password" type="password" label={t('password.new')} autoComplete="new-password" isRequired description={t('reset.hint')} error={form.fieldError('new_password')} />
    </>
  );
}

/** Change the password: the API ends every other session and answers the new session's token in X-Access-Token. */
function PasswordSection() {
  const t = useT();
  const [done] = useState(takeFlash);
  const form = usePasswordChange(() => { flash = t('password.changed'); });
  return (
    <section className="panel" aria-labelledby="password-title">
      <h2 id="password-title">{t('password.title')}</h2>
      {done ? <Notice>{done}</Notice> : null}
      <FormProblem problem={form.problem} />
      <Form onSubmit={form.onSubmit} validationBehavior="aria">
        <PasswordFields form={form} current={t('password.current')} />
        <Button type="submit">{t('password.submit')}</Button>
      </Form>
    </section>
  );
}

/**
 * A member created with a temporary password must replace it before anything else: the API lets
 * that session only change it, read /auth/me or log out, so the app shows only this.
 */
export function TemporaryPasswordPage() {
  const t = useT();
  const form = usePasswordChange(() => {});
  return (
    <section className="narrow">
      <PageTitle>{t('password.temporary.title')}</PageTitle>
      <p>{t('password.temporary.intro')}</p>
      <FormProblem problem={form.problem} />
      <Form onSubmit={form.onSubmit} validationBehavior="aria">
        <PasswordFields form={form} current={t('password.temporary.current')} />
        <Button type="submit" className="primary">{t('password.submit')}</Button>
      </Form>
    </section>
  );
}

type ApiKey = Schemas['ApiKeyListItem'];
type Reach = 'role' | 'read' | 'chosen';

/** The scopes a key is made with: none (the role's full reach), every read, or those typed; `drafts` holds its effects for approval. */
function scopesFor(reach: Reach, typed: string, drafts: boolean): string[] | null {
  const areas = reach === 'read' ? ['*:read'] : reach === 'chosen' ? typed.split(/[\s,]+/).filter(Boolean) : [];
  const scopes = drafts ? [...areas, 'drafts'] : areas;
  return scopes.length ? scopes : null;
}

/** The company's API keys (`agl_…`): list, create (the secret shown once, with copy), revoke. */
export function ApiKeysPage() {
  const t = useT();
  const { me } = useMe();
  const [keys, setKeys] = useState<ApiKey[]>();
  const [failed, setFailed] = useState<string>();
  const [created, setCreated] = useState<Schemas['ApiKeyCreateResponse']>();
  const [news, setNews] = useState('');
  const load = useCallback(async () => {
    const { data, error, response } = await api.GET('/api/v1/auth/api-keys');
    if (data) { setKeys(data); setFailed(undefined); } else setFailed((error as { detail?: string } | undefined)?.detail ?? `${t('app.error')} (${response.status})`);
  }, [t]);
  useEffect(() => { void load(); }, [load]);

  const ownRole = me?.memberships.find((m) => m.tenant_id === me.tenant?.id)?.role;
  const grantable = ownRole ? ROLES.slice(ROLES.indexOf(ownRole)) : ROLES;
  const [reach, setReach] = useState<Reach>('role');
  const [drafts, setDrafts] = useState(false);
  // A created key's form starts empty again (a new key remounts it).
  const [sent, setSent] = useState(0);
  const form = useApiForm(
    (values) => api.POST('/api/v1/auth/api-keys', {
      body: {
        name: values.name, role: (values.role || undefined) as Role | undefined,
        expires_at: values.expires_on ? endOfDayInMadrid(values.expires_on) : null, // the end of that day for the company, in Madrid
        scopes: scopesFor(reach, values.scopes ?? '', drafts),
      },
    }),
    { onSuccess: (data) => { setCreated(data); setNews(''); setSent((n) => n + 1); setReach('role'); setDrafts(false); void load(); } },
  );

  async function revoke(key: ApiKey) {
    const { response } = await api.DELETE('/api/v1/auth/api-keys/{key_id}', { params: { path: { key_id: key.key_id } } });
    if (!response.ok) { setFailed(`${t('app.error')} (${response.status})`); return; }
    setNews(t('keys.revoked', { name: key.name }));
    if (created?.key_id === key.key_id) setCreated(undefined);
    void load();
  }

  return (
    <section>
      <PageTitle>{t('keys.title')}</PageTitle>
      <p>{t('keys.intro')}</p>
      {news ? <Notice>{news}</Notice> : null}
      {failed ? <Notice kind="error">{failed}</Notice> : null}
      {created ? (
        <div className="panel secret-box">
          <Notice>{t('keys.created', { name: created.name })}</Notice>
          <Field label={t('keys.secret')} value={created.key} isReadOnly description={t('keys.secret.once')} />
          <div className="actions start">
            <CopyButton text={created.key} label={t('keys.copy')} />
            <Button onPress={() => setCreated(undefined)}>{t('keys.saved')}</Button>
          </div>
        </div>
      ) : null}
      <section className="panel" aria-labelledby="keys-new">
        <h2 id="keys-new">{t('keys.new')}</h2>
        <FormProblem problem={form.problem} />
        <Form key={sent} onSubmit={form.onSubmit} validationBehavior="aria">
          <Field name="name" label={t('keys.name')} isRequired error={form.fieldError('name')} />
          <div className="row">
            {me ? <RoleSelect id="key-role" name="role" label={t('keys.role')} roles={grantable} defaultValue={ownRole} error={form.fieldError('role')} /> : null}
            <Field name="expires_on" type="date" label={t('keys.expires')} description={t('keys.expires.hint')} error={form.fieldError('expires_at')} />
          </div>
          <RadioGroup value={reach} onChange={(value) => setReach(value as Reach)} className="radios">
            <Label>{t('keys.reach')}</Label>
            <Radio value="role">{t('keys.reach.role')}</Radio>
            <Radio value="read">{t('keys.reach.read')}</Radio>
            <Radio value="chosen">{t('keys.reach.chosen')}</Radio>
          </RadioGroup>
          {reach === 'chosen' ? (
            <Field name="scopes" label={t('keys.scopes')} description={t('keys.scopes.hint')} isRequired error={form.fieldError('scopes')} />
          ) : form.fieldError('scopes') ? <p className="error" role="alert">{form.fieldError('scopes')}</p> : null}
          <Checkbox isSelected={drafts} onChange={setDrafts} className="checkbox">
            <span className="box" aria-hidden="true" />{t('keys.drafts')}
          </Checkbox>
          <Button type="submit" className="primary">{t('keys.create')}</Button>
        </Form>
      </section>
      <section className="panel" aria-labelledby="keys-list">
        <h2 id="keys-list">{t('keys.list')}</h2>
        {!keys ? <p>{t('app.loading')}</p> : keys.length === 0 ? <p role="status">{t('keys.none')}</p> : (
          <ul className="cards" aria-labelledby="keys-list">
            {keys.map((key) => (
              <li key={key.key_id}>
                <strong>{key.name}</strong> <code>{key.prefix}…</code>
                <dl className="facts">
                  <dt>{t('keys.role')}</dt><dd>{t(roleKey(key.role))}</dd>
                  <dt>{t('keys.scopes')}</dt><dd>{key.scopes ? key.scopes.join(' ') : t('keys.reach.role')}</dd>
                  <dt>{t('keys.createdAt')}</dt><dd>{formatDate(key.created_at)}</dd>
                  <dt>{t('keys.lastUsed')}</dt><dd>{key.last_used_at ? formatDate(key.last_used_at) : t('keys.never')}</dd>
                  <dt>{t('keys.expires')}</dt><dd>{key.expires_at ? formatDate(key.expires_at) : t('keys.never')}</dd>
                </dl>
                <ConfirmButton label={t('keys.revoke', { name: key.name })} question={t('keys.revoke.question', { name: key.name })} confirm={t('keys.revoke.confirm')} className="danger" onConfirm={() => revoke(key)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
