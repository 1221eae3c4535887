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
 * The header's company picker, for people in more than one company: choosing one and pressing the
 * button (a change of context happens on request, never on a keystroke in the list) asks for a
 * session there (`POST /auth/switch-tenant`) and every page re-reads its data with it.
 */
export function CompanySwitcher({ me }: { me: Schemas['MeResponse'] }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  if (!me.tenant) return null;
  if (me.memberships.length < 2) return <span className="company">{t('company.current', { name: me.tenant.name })}</span>;
  const current = me.tenant.id;
  return (
    <form className="company switcher" onSubmit={async (event) => {
      event.preventDefault();
      const chosen = String(new FormData(event.currentTarget).get('tenant_id') ?? '');
      if (chosen && chosen !== current) setFailed(!(await switchCompany(chosen)));
    }}>
      <label htmlFor="company-switch">{t('companies.switch')}</label>
      <select id="company-switch" name="tenant_id" defaultValue={current} key={current}>
        {me.memberships.map((m) => <option key={m.tenant_id} value={m.tenant_id}>{m.tenant_name}</option>)}
      </select>
      <button type="submit">{t('companies.go')}</button>
      {failed ? <span role="alert" className="error">{t('app.error')}</span> : null}
    </form>
  );
}
