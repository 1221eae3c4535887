import { type ComponentType, type ReactNode, lazy, StrictMode, Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, I18nProvider, Link, RouterProvider, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { api, type Schemas } from './api/client';
import { Notice, PageTitle } from './components';
import { LOCALES, LocaleProvider, translator, useLocale, useT, type Locale, type MessageKey } from './i18n';
import { BASE, currentPath, navigate, usePath } from './router';
import { session } from './session';
import { LoginPage, OnboardingPage, RegisterPage, VerifyEmailPage } from './pages/auth';
import { CompanySwitcher } from './company-switcher';
import { MeContext, type Me } from './me';

// Pages behind the login load on first visit (their own chunks), keeping the first load small.
const ContactsPage = lazy(() => import('./pages/contacts').then((m) => ({ default: m.ContactsPage })));
const DashboardPage = lazy(() => import('./pages/dashboard').then((m) => ({ default: m.DashboardPage })));
const InvoicesPage = lazy(() => import('./pages/invoices').then((m) => ({ default: m.InvoicesPage })));
const PurchasesPage = lazy(() => import('./pages/purchases').then((m) => ({ default: m.PurchasesPage })));
const BanksPage = lazy(() => import('./pages/banks').then((m) => ({ default: m.BanksPage })));
const TrialBalancePage = lazy(() => import('./pages/ledger').then((m) => ({ default: m.TrialBalancePage })));
const TaxesPage = lazy(() => import('./pages/taxes').then((m) => ({ default: m.TaxesPage })));
const JournalPage = lazy(() => import('./pages/journal').then((m) => ({ default: m.JournalPage })));
const AccountStatementPage = lazy(() => import('./pages/journal').then((m) => ({ default: m.AccountStatementPage })));
const AccountPage = lazy(() => import('./pages/account').then((m) => ({ default: m.AccountPage })));
const ApiKeysPage = lazy(() => import('./pages/account').then((m) => ({ default: m.ApiKeysPage })));
const TeamPage = lazy(() => import('./pages/team').then((m) => ({ default: m.TeamPage })));
const ForgotPasswordPage = lazy(() => import('./pages/links').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./pages/links').then((m) => ({ default: m.ResetPasswordPage })));
const TemporaryPasswordPage = lazy(() => import('./pages/account').then((m) => ({ default: m.TemporaryPasswordPage })));
const AcceptInvitationPage = lazy(() => import('./pages/links').then((m) => ({ default: m.AcceptInvitationPage })));

const LOCALE_KEY = 'cuadra.locale';
const VERIFICATION_OUTCOMES = ['verified', 'already_verified', 'invalid', 'expired'] as const;

/** Pages that need no session. */
const PUBLIC = new Set(['/login', '/register']);
const HOME = '/dashboard';
// Opening on the dashboard with a session: its chunk and its data load while the session is read.
if (session.token() && currentPath() === HOME) void import('./pages/dashboard').then((m) => m.prefetchDashboard());
/** The signed-in pages: path → page, in the navigation's order. */
const PAGES: { path: string; label: MessageKey; Page: ComponentType }[] = [
  { path: '/dashboard', label: 'nav.dashboard', Page: DashboardPage },
  { path: '/invoices', label: 'nav.invoices', Page: InvoicesPage },
  { path: '/purchases', label: 'nav.purchases', Page: PurchasesPage },
  { path: '/banks', label: 'nav.banks', Page: BanksPage },
  { path: '/contacts', label: 'nav.contacts', Page: ContactsPage },
  { path: '/ledger/trial-balance', label: 'nav.trialBalance', Page: TrialBalancePage },
  { path: '/ledger/journal', label: 'nav.journal', Page: JournalPage },
  { path: '/ledger/account', label: 'nav.accountStatement', Page: AccountStatementPage },
  { path: '/taxes', label: 'nav.taxes', Page: TaxesPage },
  { path: '/team', label: 'nav.team', Page: TeamPage },
  { path: '/api-keys', label: 'nav.apiKeys', Page: ApiKeysPage },
  { path: '/account', label: 'nav.account', Page: AccountPage },
];

/** Where Cuadra's emailed links land, with or without a session: a password reset, an invitation (and asking for a reset). */
function linkPage(path: string): ReactNode {
  if (path === '/forgot-password') return <ForgotPasswordPage />;
  if (path === '/reset-password') return <ResetPasswordPage />;
  const invitation = /^\/invitations\/([^/]+)$/.exec(path);
  return invitation ? <AcceptInvitationPage token={decodeURIComponent(invitation[1])} /> : null;
}

function App() {
  const [locale, setLocaleState] = useState<Locale>(() => (localStorage.getItem(LOCALE_KEY) === 'en' ? 'en' : 'es'));
  const setLocale = useCallback((next: Locale) => { localStorage.setItem(LOCALE_KEY, next); setLocaleState(next); }, []);
  useEffect(() => { document.documentElement.lang = locale; document.title = translator(locale)('app.name'); }, [locale]);
  return (
    <LocaleProvider locale={locale} setLocale={setLocale}>
      {/* React Aria's own strings (a search field's clear button, for one) follow the app's language. */}
      <I18nProvider locale={locale === 'es' ? 'es-ES' : 'en-GB'}>
        <RouterProvider navigate={(path) => navigate(path)} useHref={(path) => BASE + path}>
          <Shell />
        </RouterProvider>
      </I18nProvider>
    </LocaleProvider>
  );
}

function Shell() {
  const t = useT();
  usePath();
  const path = currentPath();
  const token = useSyncExternalStore(session.subscribe, session.token);
  const [me, setMe] = useState<Me | null>();
  // What the emailed verification link says when it lands here (?email_verification=…), shown once.
  const [notice, setNotice] = useState<string>(() => {
    const outcome = new URLSearchParams(window.location.search).get('email_verification');
    const known = VERIFICATION_OUTCOMES.find((o) => o === outcome);
    if (known) history.replaceState(null, '', window.location.pathname);
    return known ? t(`verification.${known}` as MessageKey) : '';
  });

  const loadMe = useCallback(async () => {
    const asked = session.token();
    if (!asked) { setMe(null); return; }
    const { data } = await api.GET('/api/v1/auth/me');
    // a stale answer (the session changed while it was in flight: logout, another login) is dropped
    if (session.token() === asked) setMe(data ?? null);
  }, []);
  useEffect(() => { setMe(undefined); void loadMe(); }, [token, loadMe]);

  async function logout() {
    await api.POST('/api/v1/auth/logout');
    session.clear();
    setNotice(t('login.loggedOut'));
    navigate('/login', { replace: true });
  }

  let page: ReactNode = linkPage(path);
  if (page) page = <Suspense fallback={<p>{t('app.loading')}</p>}>{page}</Suspense>;
  else if (token && me === undefined) page = <p>{t('app.loading')}</p>;
  else if (!token || !me) {
    if (path === '/register') page = <RegisterPage />;
    else page = <LoginPage notice={notice} />;
  } else if (path.startsWith('/verify-email')) {
    page = <VerifyEmailPage email={new URLSearchParams(window.location.search).get('email') ?? me.user.email} />;
  } else if (me.password_change_required) {
    page = <Suspense fallback={<p>{t('app.loading')}</p>}><TemporaryPasswordPage /></Suspense>;
  } else if (me.onboarding_required) {
    page = <OnboardingPage notice={notice} onDone={() => { setNotice(''); void loadMe().then(() => navigate(HOME, { replace: true })); }} />;
  } else if (path === '/' || PUBLIC.has(path)) {
    page = <Redirect to={HOME} />;
  } else {
    const found = PAGES.find((p) => path === p.path || path.startsWith(`${p.path}/`));
    if (found) page = <Suspense fallback={<p>{t('app.loading')}</p>}><found.Page /></Suspense>;
  }
  if (!page) page = <><PageTitle>{t('app.notFound')}</PageTitle><Notice kind="error">{t('app.notFound')}</Notice></>;

  const meContext = useMemo(() => ({ me: me ?? undefined, reload: loadMe }), [me, loadMe]);
  const signedIn = Boolean(token && me && !me.onboarding_required && !me.password_change_required);
  // A notice for the way in (email confirmed, logged out) is spent once the user is in.
  useEffect(() => { if (signedIn) setNotice(''); }, [signedIn]);
  return (
    <>
      <a className="skip" href="#main">{t('app.skip')}</a>
      <header className="top">
        <span className="brand">{t('app.name')}</span>
        {signedIn && me ? <CompanySwitcher me={me} /> : null}
        <LanguagePicker />
        {token && me ? <Button onPress={logout} className="quiet">{t('nav.logout')}</Button> : null}
      </header>
      {signedIn ? (
        <nav aria-label={t('nav.main')} className="nav">
          {PAGES.map((p) => <Link key={p.path} href={p.path} aria-current={path === p.path || path.startsWith(`${p.path}/`) ? 'page' : undefined}>{t(p.label)}</Link>)}
        </nav>
      ) : null}
      <main id="main"><MeContext.Provider value={meContext}>{page}</MeContext.Provider></main>
    </>
  );
}

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

function LanguagePicker() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  return (
    <ToggleButtonGroup aria-label={t('app.language')} selectionMode="single" disallowEmptySelection selectedKeys={[locale]}
      onSelectionChange={(keys) => { const next = [...keys][0]; if (next === 'es' || next === 'en') setLocale(next); }} className="languages">
      {LOCALES.map((l) => <ToggleButton key={l} id={l} lang={l}>{l.toUpperCase()}</ToggleButton>)}
    </ToggleButtonGroup>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
