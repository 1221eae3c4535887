import { useCallback, useEffect, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { api, type Schemas } from '../api/client';
import { Field, Notice, PageTitle } from '../components';
import { FormProblem, useApiForm } from '../forms';
import { formatDate } from '../format';
import { useMe } from '../me';
import { useT, type MessageKey } from '../i18n';
import { ConfirmButton, CopyButton, ROLES, RoleSelect, roleKey, type Role } from './account';

type Member = Schemas['MemberOut'];
type Invitation = Schemas['InvitationOut'];
const MANAGERS: Role[] = ['owner', 'admin'];

/**
 * The company's people: members with their roles (changed or removed by owners and admins, never
 * above their own role), invitations by email (pending ones resent or revoked).
 */
export function TeamPage() {
  const t = useT();
  // the shell's signed-in person (re-read after a change to a membership, which may be one's own)
  const { me, reload } = useMe();
  const [members, setMembers] = useState<Member[]>();
  const [invitations, setInvitations] = useState<Invitation[]>();
  const [news, setNews] = useState('');
  const [problem, setProblem] = useState('');

  const role = me?.memberships.find((m) => m.tenant_id === me.tenant?.id)?.role;
  const managing = Boolean(role && MANAGERS.includes(role));
  const load = useCallback(async () => {
    const people = await api.GET('/api/v1/team/members');
    if (people.data) setMembers(people.data);
    else setProblem(detailOf(people.error) ?? t('app.error'));
    if (managing) {
      const { data } = await api.GET('/api/v1/team/invitations');
      if (data) setInvitations(data);
    }
  }, [t, managing]);
  useEffect(() => { void load(); }, [load]);

  const ownRole = me?.memberships.find((m) => m.tenant_id === me.tenant?.id)?.role;
  const manages = Boolean(ownRole && MANAGERS.includes(ownRole));
  const grantable = ownRole ? ROLES.slice(ROLES.indexOf(ownRole)) : [];
  const say = (text: string) => { setProblem(''); setNews(text); };
  const fail = (error: unknown, status: number) => { setNews(''); setProblem(detailOf(error) ?? `${t('app.error')} (${status})`); };

  async function changeRole(member: Member, role: Role) {
    const { data, error, response } = await api.PATCH('/api/v1/team/members/{user_id}', { params: { path: { user_id: member.user_id } }, body: { role } });
    if (data) say(t('team.roleChanged', { name: nameOf(member), role: t(roleKey(role)) }));
    else fail(error, response.status);
    void reload();
    void load();
  }
  async function remove(member: Member) {
    const { error, response } = await api.DELETE('/api/v1/team/members/{user_id}', { params: { path: { user_id: member.user_id } } });
    if (response.ok) say(t('team.removed', { name: nameOf(member) }));
    else fail(error, response.status);
    void reload();
    void load();
  }
  async function resend(invitation: Invitation) {
    const { error, response } = await api.POST('/api/v1/team/invitations/{inv_id}/resend', { params: { path: { inv_id: invitation.inv_id } } });
    if (response.ok) say(t('team.resent', { email: invitation.email }));
    else fail(error, response.status);
    void load();
  }
  async function revoke(invitation: Invitation) {
    const { error, response } = await api.DELETE('/api/v1/team/invitations/{inv_id}', { params: { path: { inv_id: invitation.inv_id } } });
    if (response.ok) say(t('team.revoked', { email: invitation.email }));
    else fail(error, response.status);
    void load();
  }

  // A sent form starts empty again (a new key remounts it).
  const [sent, setSent] = useState(0);
  const invite = useApiForm(
    (values) => api.POST('/api/v1/team/invitations', { body: { email: values.email.trim(), role: values.role as Role } }),
    { onSuccess: (data) => { say(t('team.invited', { email: data.email })); setSent((n) => n + 1); void load(); } },
  );
  const [temporary, setTemporary] = useState<Schemas['QuickCreateResponse']>();
  const quick = useApiForm(
    (values) => api.POST('/api/v1/team/members/quick-create', { body: { email: values.email.trim(), full_name: values.full_name || null, role: values.role as Role } }),
    { onSuccess: (data) => { setNews(''); setProblem(''); setTemporary(data); setSent((n) => n + 1); void load(); } },
  );

  return (
    <section>
      <PageTitle>{t('team.title')}</PageTitle>
      {news ? <Notice>{news}</Notice> : null}
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <section className="panel" aria-labelledby="members-title">
        <h2 id="members-title">{t('team.members')}</h2>
        {!members ? <p>{t('app.loading')}</p> : (
          <ul className="cards" aria-labelledby="members-title">
            {members.map((member) => {
              const self = member.user_id === me?.user.id;
              // Owners and admins change others' roles, never to or from a role above their own.
              const editable = manages && !self && grantable.includes(member.role);
              return (
                <li key={member.user_id}>
                  <strong>{nameOf(member)}</strong>{member.full_name ? <> · {member.email}</> : null}{self ? <span className="tag">{t('team.you')}</span> : null}
                  <p className="count">{t('team.since', { date: formatDate(member.joined_at) })}</p>
                  {editable ? (
                    <div className="row">
                      {/* The role changes when the button is pressed, not on each arrow key in the list. */}
                      <form className="inline" key={member.role} onSubmit={(event) => {
                        event.preventDefault();
                        const role = new FormData(event.currentTarget).get('role') as Role;
                        if (role && role !== member.role) void changeRole(member, role);
                      }}>
                        <RoleSelect id={`role-${member.user_id}`} name="role" label={t('team.roleOf', { name: nameOf(member) })} defaultValue={member.role} roles={grantable} />
                        <Button type="submit">{t('team.saveRole', { name: nameOf(member) })}</Button>
                      </form>
                      <ConfirmButton label={t('team.remove', { name: nameOf(member) })} question={t('team.remove.question', { name: nameOf(member) })}
                        confirm={t('team.remove.confirm')} className="danger" onConfirm={() => remove(member)} />
                    </div>
                  ) : <p>{t(roleKey(member.role))}</p>}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {manages ? (
        <>
          <section className="panel" aria-labelledby="invite-title">
            <h2 id="invite-title">{t('team.invite')}</h2>
            <p>{t('team.invite.intro')}</p>
            <FormProblem problem={invite.problem} />
            <Form key={sent} onSubmit={invite.onSubmit} validationBehavior="aria">
              <div className="row">
                <Field name="email" type="email" label={t('field.email')} isRequired error={invite.fieldError('email')} />
                <RoleSelect id="invite-role" name="role" label={t('team.role')} roles={grantable} defaultValue={grantable.includes('member') ? 'member' : grantable[0]} error={invite.fieldError('role')} />
              </div>
              <Button type="submit" className="primary">{t('team.invite.send')}</Button>
            </Form>
          </section>
          <section className="panel" aria-labelledby="quick-title">
            <h2 id="quick-title">{t('team.quick')}</h2>
            <p>{t('team.quick.intro')}</p>
            {temporary ? (
              <div className="secret-box">
                <Notice>{t('team.quick.created', { email: temporary.email })}</Notice>
                <Field label={t('team.quick.password')} value={temporary.temporary_password} isReadOnly description={t('team.quick.once')} />
                <div className="actions start">
                  <CopyButton text={temporary.temporary_password} label={t('team.quick.copy')} />
                  <Button onPress={() => setTemporary(undefined)}>{t('keys.saved')}</Button>
                </div>
              </div>
            ) : null}
            <FormProblem problem={quick.problem} />
            <Form key={sent} onSubmit={quick.onSubmit} validationBehavior="aria">
              <div className="row">
                <Field name="email" type="email" label={t('team.quick.email')} isRequired error={quick.fieldError('email')} />
                <Field name="full_name" label={t('field.fullName')} error={quick.fieldError('full_name')} />
              </div>
              <RoleSelect id="quick-role" name="role" label={t('team.quick.role')} roles={grantable} defaultValue={grantable.includes('member') ? 'member' : grantable[0]} error={quick.fieldError('role')} />
              <Button type="submit">{t('team.quick.submit')}</Button>
            </Form>
          </section>
          <section className="panel" aria-labelledby="invitations-title">
            <h2 id="invitations-title">{t('team.invitations')}</h2>
            {!invitations ? <p>{t('app.loading')}</p> : invitations.length === 0 ? <p>{t('team.invitations.none')}</p> : (
              <ul className="cards" aria-labelledby="invitations-title">
                {invitations.map((invitation) => (
                  <li key={invitation.inv_id}>
                    <strong>{invitation.email}</strong> · {t(roleKey(invitation.role))} · <span className={`tag status-${invitation.status}`}>{t(`team.status.${invitation.status}` as MessageKey)}</span>
                    <p className="count">{t('team.expires', { date: formatDate(invitation.expires_at) })}</p>
                    {invitation.status === 'pending' || invitation.status === 'expired' ? (
                      <div className="actions start">
                        <Button onPress={() => resend(invitation)}>{t('team.resend', { email: invitation.email })}</Button>
                        {invitation.status === 'pending' ? (
                          <ConfirmButton label={t('team.revoke', { email: invitation.email })} question={t('team.revoke.question', { email: invitation.email })}
                            confirm={t('team.revoke.confirm')} className="danger" onConfirm={() => revoke(invitation)} />
                        ) : null}
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </section>
  );
}

const nameOf = (member: Member) => member.full_name || member.email;
const detailOf = (error: unknown) => {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' ? detail : undefined;
};
