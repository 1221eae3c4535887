import { useState } from 'react';
import { api, type Schemas } from './api/client';
import { useT } from './i18n';
import { session } from './session';

/** Asks the API for a session in another company of the person; the whole app then follows the new session. */
export async function switchCompany(tenantId: string): Promise<boolean> {
  const { data } = await api.POST('/api/v1/auth/switch-tenant', { body: { tenant_id: tenantId } });
  if (data) session.set(data.access_token);
  return Boolean(data);
}

/**
 * The header's company picker, for people in more than one company: choosing one asks for a
 * session there (`POST /auth/switch-tenant`) and every page re-reads its data with it.
 */
export function CompanySwitcher({ me }: { me: Schemas['MeResponse'] }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  if (!me.tenant) return null;
  if (me.memberships.length < 2) return <span className="company">{t('company.current', { name: me.tenant.name })}</span>;
  return (
    <span className="company switcher">
      <label htmlFor="company-switch">{t('companies.switch')}</label>{' '}
      <select id="company-switch" value={me.tenant.id} onChange={async (event) => setFailed(!(await switchCompany(event.target.value)))}>
        {me.memberships.map((m) => <option key={m.tenant_id} value={m.tenant_id}>{m.tenant_name}</option>)}
      </select>
      {failed ? <span role="alert" className="error"> {t('app.error')}</span> : null}
    </span>
  );
}
