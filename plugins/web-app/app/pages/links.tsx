import { useEffect, useState } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { api, type Schemas } from '../api/client';
import { Field, Notice, PageTitle } from '../components';
import { FormProblem, useApiForm } from '../forms';
import { formatDate } from '../format';
import { useT, type MessageKey } from '../i18n';
import { navigate } from '../router';
import { session } from '../session';
import { mfaProblem } from './auth';

/** The pages Cuadra's emails lead to (no session needed): a password reset, an invitation; and asking for a reset. */

export function ForgotPasswordPage() {
  const t = useT();
  const [sent, setSent] = useState<string>();
  const form = useApiForm((values) => api.POST('/api/v1/auth/forgot-password', { body: { email: values.email.trim() } }), {
    onSuccess: (_data, values) => setSent(values.email.trim()),
  });
  return (
    <section className="narrow">
      <PageTitle>{t('forgot.title')}</PageTitle>
      {sent ? <Notice>{t('forgot.sent', { email: sent })}</Notice> : (
        <>
          <p>{t('forgot.intro')}</p>
          <FormProblem problem={form.problem} />
          <Form onSubmit={form.onSubmit} validationBehavior="aria">
            <Field name="email" type="email" label={t('field.email')} autoComplete="username" isRequired error={form.fieldError('email')} />
            <Button type="submit" className="primary">{t('forgot.submit')}</Button>
          </Form>
        </>
      )}
      <p><Link href="/login">{t('links.toLogin')}</Link></p>
    </section>
  );
}

/** Where the emailed reset link lands (/app/reset-password?token=…): choose the new password. */
export function ResetPasswordPage() {
  const t = useT();
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [done, setDone] = useState(false);
  const form = useApiForm((values) => api.POST('/api/v1/auth/reset-password', { body: { token, new_password: values.new_password } }), {
    // Earlier sessions stop working: forget this browser's, so the login page follows.
    onSuccess: () => { setDone(true); session.clear(); },
  });
  return (
    <section className="narrow">
      <PageTitle>{t('reset.title')}</PageTitle>
      {done ? <Notice>{t('reset.done')}</Notice> : !token ? <Notice kind="error">{t('reset.noToken')}</Notice> : (
        <>
          <FormProblem problem={form.problem} />
          <Form onSubmit={form.onSubmit} validationBehavior="aria">
            <Field name="new_password" type="password" label={t('password.new')} autoComplete="new-password" isRequired autoFocus description={t('reset.hint')} error={form.fieldError('new_password')} />
            <Button type="submit" className="primary">{t('reset.submit')}</Button>
          </Form>
        </>
      )}
      <p><Link href={done ? '/login' : '/forgot-password'}>{t(done ? 'links.toLogin' : 'reset.again')}</Link></p>
    </section>
  );
}

/**
 * Where the emailed invitation lands (/app/invitations/{token}): what it offers, then accept with
 * the account's password (and MFA code when asked) or, for someone new, a name and a new password.
 */
export function AcceptInvitationPage({ token }: { token: string }) {
  const t = useT();
  const [preview, setPreview] = useState<Schemas['InvitationPreview'] | 'gone' | 'expired' | 'failed'>();
  const [needsCode, setNeedsCode] = useState(false);
  useEffect(() => {
    let current = true;
    void api.GET('/api/v1/auth/invitations/{token}', { params: { path: { token } } }).then(({ data, response }) => {
      if (!current) return;
      setPreview(data ?? (response.status === 410 ? 'expired' : response.status === 404 || response.status === 422 ? 'gone' : 'failed'));
    });
    return () => { current = false; };
  }, [token]);
  const form = useApiForm(
    (values) => api.POST('/api/v1/auth/invitations/{token}/accept', {
      params: { path: { token } },
      body: { password: values.password, ...(values.full_name ? { full_name: values.full_name } : {}), ...(values.mfa_code ? { mfa_code: values.mfa_code.replace(/\s/g, '') } : {}) },
    }),
    {
      onSuccess: (data) => { session.set(data.access_token); navigate('/dashboard', { replace: true }); },
      problem: (found) => {
        const mfa = mfaProblem(found);
        if (!mfa) return found;
        setNeedsCode(true);
        if (mfa === 'required') return { fields: needsCode ? { mfa_code: t('login.mfa.hint') } : {} };
          return { fields: { mfa_code: t('login.mfa.invalid') } };
      },
    },
  );
  if (!preview) return <section className="narrow"><PageTitle>{t('invitation.title')}</PageTitle><p>{t('app.loading')}</p></section>;
  if (typeof preview === 'string') {
    return (
      <section className="narrow">
        <PageTitle>{t('invitation.title')}</PageTitle>
        <Notice kind="error">{t(`invitation.${preview}` as MessageKey)}</Notice>
        <p><Link href="/login">{t('links.toLogin')}</Link></p>
      </section>
    );
  }
  return (
    <section className="narrow">
      <PageTitle>{t('invitation.join', { company: preview.tenant_name })}</PageTitle>
      <p>{t(preview.invited_by ? 'invitation.offer' : 'invitation.offer.anonymous', { who: preview.invited_by ?? '', role: t(`role.${preview.role}` as MessageKey), email: preview.email })}</p>
      <p className="count">{t('invitation.expires', { date: formatDate(preview.expires_at) })}</p>
      <p>{t(preview.user_exists ? 'invitation.existing' : 'invitation.new')}</p>
      <FormProblem problem={form.problem} />
      <Form onSubmit={form.onSubmit} validationBehavior="aria">
        <input type="email" name="username" value={preview.email} autoComplete="username" readOnly hidden />
        {preview.user_exists ? null : <Field name="full_name" label={t('field.fullName')} autoComplete="name" error={form.fieldError('full_name')} />}
        <Field name="password" type="password" label={t(preview.user_exists ? 'field.password' : 'invitation.choosePassword')} isRequired
          autoComplete={preview.user_exists ? 'current-password' : 'new-password'} error={form.fieldError('password')} />
        {needsCode ? <Field name="mfa_code" label={t('field.mfaCode')} autoComplete="one-time-code" autoFocus description={t('login.mfa.hint')} error={form.fieldError('mfa_code')} /> : null}
        <Button type="submit" className="primary">{t('invitation.accept')}</Button>
      </Form>
    </section>
  );
}
