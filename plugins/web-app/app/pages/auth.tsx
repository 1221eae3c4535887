import { useState } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { api, type Problem } from '../api/client';
import { Field, Notice, PageTitle } from '../components';
import { FormProblem, useApiForm } from '../forms';
import { useT } from '../i18n';
import { navigate } from '../router';
import { session } from '../session';

/** Whether a failed sign-in asks for the second factor ("required") or refused the code given ("invalid"). */
export function mfaProblem(found: Problem): 'required' | 'invalid' | undefined {
  const said = found.fields.mfa_code ?? found.message ?? '';
  return said === 'MFA code required' ? 'required' : said === 'Invalid MFA code' ? 'invalid' : undefined;
}

export function LoginPage({ notice }: { notice?: string }) {
  const t = useT();
  const [needsCode, setNeedsCode] = useState(false);
  const form = useApiForm(
    (values) => api.POST('/api/v1/auth/login', {
      body: { email: values.email, password: values.password, ...(values.mfa_code ? { mfa_code: values.mfa_code.replace(/\s/g, '') } : {}) },
    }),
    {
      onSuccess: (data) => { session.set(data.access_token); navigate('/', { replace: true }); },
      problem: (found, response) => {
        // The API asks for the second factor with a 401 "MFA code required": the first time the
        // code field appears with its hint; a wrong code then shows on that field.
        const mfa = mfaProblem(found);
        if (mfa) {
          setNeedsCode(true);
          if (mfa === 'required') return { fields: needsCode ? { mfa_code: t('login.mfa.hint') } : {} };
          return { fields: { mfa_code: t('login.mfa.invalid') } };
        }
        return response.status === 401 ? { fields: {}, message: t('login.failed') } : found;
      },
    },
  );
  return (
    <section className="narrow">
      <PageTitle>{t('login.title')}</PageTitle>
      {notice ? <Notice>{notice}</Notice> : null}
      <FormProblem problem={form.problem} />
      <Form onSubmit={form.onSubmit} validationBehavior="aria">
        <Field name="email" type="email" label={t('field.email')} autoComplete="username" isRequired error={form.fieldError('email')} />
        <Field name="password" type="password" label={t('field.password')} autoComplete="current-password" isRequired error={form.fieldError('password')} />
        {needsCode ? <Field name="mfa_code" label={t('field.mfaCode')} autoComplete="one-time-code" autoFocus description={t('login.mfa.hint')} error={form.fieldError('mfa_code')} /> : null}
        <Button type="submit" className="primary">{t('login.submit')}</Button>
      </Form>
      <p><Link href="/forgot-password">{t('login.forgot')}</Link></p>
      <p><Link href="/register">{t('login.noAccount')}</Link></p>
    </section>
  );
}

export function RegisterPage() {
  const t = useT();
  const form = useApiForm(
    (values) => api.POST('/api/v1/auth/register', { body: { email: values.email, password: values.password, full_name: values.full_name || null } }),
    {
      onSuccess: (data) => {
        session.set(data.access_token);
        navigate(`/verify-email?email=${encodeURIComponent(data.email)}`, { replace: true });
      },
    },
  );
  return (
    <section className="narrow">
      <PageTitle>{t('register.title')}</PageTitle>
      <FormProblem problem={form.problem} />
      <Form onSubmit={form.onSubmit} validationBehavior="aria">
        <Field name="full_name" label={t('field.fullName')} autoComplete="name" error={form.fieldError('full_name')} />
        <Field name="email" type="email" label={t('field.email')} autoComplete="email" isRequired error={form.fieldError('email')} />
        <Field name="password" type="password" label={t('field.password')} autoComplete="new-password" isRequired error={form.fieldError('password')} />
        <Button type="submit" className="primary">{t('register.submit')}</Button>
      </Form>
      <p><Link href="/login">{t('register.haveAccount')}</Link></p>
    </section>
  );
}

/** After registering: the emailed link brings the user back into the app (/app/?email_verification=…). */
export function VerifyEmailPage({ email }: { email: string }) {
  const t = useT();
  const [resent, setResent] = useState(false);
  async function resend() {
    const { response } = await api.POST('/api/v1/auth/verify-email/resend', { body: {} });
    setResent(response.ok);
  }
  return (
    <section className="narrow">
      <PageTitle>{t('register.sent.title')}</PageTitle>
      <p>{t('register.sent.body', { email })}</p>
      <Button onPress={resend}>{t('register.sent.resend')}</Button>
      {resent ? <Notice>{t('register.sent.resent')}</Notice> : null}
    </section>
  );
}

/** A new company's body from its form (onboarding, or another company from the account page). */
export const companyBody = (values: Record<string, string>) => ({
  name: values.name, tax_id: values.tax_id.trim().toUpperCase(),
  address: values.address || null, city: values.city || null, postal_code: values.postal_code || null, province: values.province || null,
});

/** A new company's fields: name, tax number and address (the same on onboarding and when adding another). */
export function CompanyFields({ fieldError, autoFocus }: { fieldError: (name: string) => string | undefined; autoFocus?: boolean }) {
  const t = useT();
  return (
    <>
      <Field name="name" label={t('onboarding.name')} autoComplete="organization" isRequired autoFocus={autoFocus} error={fieldError('name')} />
      <Field name="tax_id" label={t('onboarding.taxId')} isRequired error={fieldError('tax_id')} />
      <Field name="address" label={t('onboarding.address')} autoComplete="street-address" error={fieldError('address')} />
      <div className="row">
        <Field name="postal_code" label={t('onboarding.postalCode')} autoComplete="postal-code" error={fieldError('postal_code')} />
        <Field name="city" label={t('onboarding.city')} autoComplete="address-level2" error={fieldError('city')} />
      </div>
      <Field name="province" label={t('onboarding.province')} autoComplete="address-level1" error={fieldError('province')} />
    </>
  );
}

export function OnboardingPage({ notice, onDone }: { notice?: string; onDone: () => void }) {
  const t = useT();
  const form = useApiForm(
    (values) => api.POST('/api/v1/auth/onboarding/complete', {
      body: companyBody(values),
    }),
    { onSuccess: (data) => { session.set(data.access_token); onDone(); } },
  );
  return (
    <section className="narrow">
      <PageTitle>{t('onboarding.title')}</PageTitle>
      {notice ? <Notice>{notice}</Notice> : null}
      <p>{t('onboarding.intro')}</p>
      <FormProblem problem={form.problem} />
      <Form onSubmit={form.onSubmit} validationBehavior="aria">
        <CompanyFields fieldError={form.fieldError} />
        <Button type="submit" className="primary">{t('onboarding.submit')}</Button>
      </Form>
    </section>
  );
}
