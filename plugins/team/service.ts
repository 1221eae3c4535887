import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Conflict, DomainError, Forbidden, NotFound } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import type { Principal } from '../../kernel/principal';
import { assertGrantWithinReach, grantRefusal, personGrant } from '../../kernel/grants';
import type { Role } from '../../kernel/roles';
import type { Tx } from '../../kernel/uow';
import { assertAcceptablePassword, hashPassword, IdentityApi, Memberships, Users, type MemberFacts } from '../identity/api';
import { TenantService } from '../tenants/api';
import { Invitation } from './entities';

export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
/** A quick-created member's temporary password stops working this long after it was made (docs/api.md). */
export const TEMPORARY_PASSWORD_TTL_MS = 72 * 3600_000;
const ROLE_NAMES: Record<Role, string> = { owner: 'propietario', admin: 'administrador', accountant: 'contable', member: 'miembro', viewer: 'solo lectura' };
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

class Gone extends DomainError { override readonly status = 410; }

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => { const value = randomBytes(32).toString('base64url'); return { value, hash: sha256(value) }; };

export function temporaryPassword(): string {
  let raw = '';
  for (let i = 0; i < 16; i++) raw += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return raw.match(/.{4}/g)!.join('-');
}

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';
export const invitationStatus = (i: { acceptedAt?: Date | null; revokedAt?: Date | null; expiresAt: Date }, now = Date.now()): InvitationStatus =>
  i.acceptedAt ? 'accepted' : i.revokedAt ? 'revoked' : i.expiresAt.getTime() <= now ? 'expired' : 'pending';

export const memberToJson = (m: MemberFacts) => ({ user_id: m.userId, email: m.email, full_name: m.fullName, role: m.role, joined_at: m.joinedAt.toISOString() });
export const invitationToJson = (i: Invitation) => ({
  inv_id: i.id, email: i.email, role: i.role as Role, status: invitationStatus(i), expires_at: i.expiresAt.toISOString(), created_at: i.createdAt.toISOString(),
});

/** Only owners touch owners (admins manage everyone else); nobody grants above their own reach (kernel/grants.ts). */
function assertMayManage(actor: Role, target: Role) {
  if (target === 'owner' && actor !== 'owner') throw new Forbidden('Only an owner can change or remove an owner');
}

interface InvitationLookup {
  inv_id: string; tenant_id: string; tenant_name: string; email: string; role: Role; invited_by: string | null;
  expires_at: Date | string; accepted_at: Date | string | null; revoked_at: Date | string | null; user_exists: boolean;
}

interface Mail { to: string; subject: string; text: string; link: string }

/** Members, roles, invitations and quick-create for the unit of work's tenant. */
export class TeamService {
  constructor(private readonly kernel: Kernel) {}

  private get identity() { return this.kernel.service('identity'); }

  async listMembers(tx: Tx) {
    return (await Memberships.list(tx)).map(memberToJson);
  }

  async updateMember(tx: Tx, actor: Principal, userId: string, role: Role) {
    const owners = await Memberships.lockOwners(tx);
    const member = await Memberships.get(tx, userId);
    if (!member) throw new NotFound('Member not found');
    assertMayManage(actor.role!, member.role);
    assertGrantWithinReach(actor, personGrant(role, false));
    if (member.role === 'owner' && role !== 'owner' && owners.length === 1) throw new Conflict('A company must keep at least one owner: make someone else owner first');
    await Memberships.setRole(tx, userId, role);
    return memberToJson({ ...member, role });
  }

  async removeMember(tx: Tx, actor: Principal, userId: string) {
    const owners = await Memberships.lockOwners(tx);
    const member = await Memberships.get(tx, userId);
    if (!member) throw new NotFound('Member not found');
    assertMayManage(actor.role!, member.role);
    if (member.role === 'owner' && owners.length === 1) throw new Conflict('A company must keep at least one owner: make someone else owner first');
    await Memberships.remove(tx, userId);
  }

  async listInvitations(tx: Tx) {
    const list = await tx.em.find(Invitation, {}, { orderBy: { createdAt: 'desc', id: 'asc' } });
    return list.map(invitationToJson);
  }

  /** For the GDPR export: every invitation with its status (never the token or its hash). */
  async exportInvitations(tx: Tx) {
    const list = await tx.em.find(Invitation, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return list.map((i) => ({
      ...invitationToJson(i), invited_by: i.invitedBy ?? null, accepted_by: i.acceptedBy ?? null,
      accepted_at: i.acceptedAt?.toISOString() ?? null, revoked_at: i.revokedAt?.toISOString() ?? null, sent_at: i.sentAt.toISOString(),
    }));
  }

  /** Creates an invitation and returns the email to send once the transaction has committed. */
  async invite(tx: Tx, actor: Principal, input: { email: string; role: Role }): Promise<{ invitation: ReturnType<typeof invitationToJson>; mail: Mail }> {
    assertGrantWithinReach(actor, personGrant(input.role, true));
    const email = input.email.trim().toLowerCase();
    await this.assertNotYetInvited(tx, email);
    return this.createInvitation(tx, actor, email, input.role);
  }

  /** 409 when the address is already a member here or has a pending invitation here (what the company sees anyway). */
  private async assertNotYetInvited(tx: Tx, email: string) {
    const existing = await Users.findByEmail(tx, email);
    if (existing && (await Memberships.get(tx, existing.id))) throw new Conflict('This person is already a member of the company');
    const pending = (await tx.em.find(Invitation, { email, acceptedAt: null, revokedAt: null })).filter((i) => invitationStatus(i) === 'pending');
    if (pending.length) throw new Conflict('There is already a pending invitation for this email: resend or revoke it');
  }

  private async createInvitation(tx: Tx, actor: Principal, email: string, role: Role) {
    const token = newToken();
    const invitation = tx.em.create(Invitation, {
      id: crypto.randomUUID(), email, role, tokenHash: token.hash, invitedBy: actor.userId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS), acceptedAt: null, acceptedBy: null, revokedAt: null, sentAt: new Date(),
    } as any);
    await tx.em.flush();
    return { invitation: invitationToJson(invitation), mail: await this.invitationMail(tx, actor, invitation, token.value) };
  }

  /** A new token and expiry for a pending (or expired) invitation; the old link stops working. */
  async resend(tx: Tx, actor: Principal, invitationId: string) {
    const invitation = await tx.em.findOne(Invitation, { id: invitationId });
    if (!invitation) throw new NotFound('Invitation not found');
    const status = invitationStatus(invitation);
    if (status === 'accepted' || status === 'revoked') throw new Conflict(`The invitation is ${status}; create a new one`);
    assertGrantWithinReach(actor, personGrant(invitation.role as Role, true));
    const token = newToken();
    invitation.tokenHash = token.hash;
    invitation.expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    invitation.sentAt = new Date();
    return { invitation: invitationToJson(invitation), mail: await this.invitationMail(tx, actor, invitation, token.value) };
  }

  async revoke(tx: Tx, actor: Principal, invitationId: string) {
    const invitation = await tx.em.findOne(Invitation, { id: invitationId });
    if (!invitation) throw new NotFound('Invitation not found');
    if (invitation.acceptedAt) throw new Conflict('The invitation was already accepted: remove the member instead');
    assertMayManage(actor.role!, invitation.role as Role);
    invitation.revokedAt ??= new Date();
    return invitationToJson(invitation);
  }

  private async invitationMail(tx: Tx, actor: Principal, invitation: Invitation, token: string): Promise<Mail> {
    const tenant = await TenantService.current(tx);
    const inviter = await IdentityApi.user(tx, actor.userId);
    const link = `${this.kernel.config.frontendUrl}/invitations/${encodeURIComponent(token)}`;
    const who = inviter ? (inviter.fullName ? `${inviter.fullName} (${inviter.email})` : inviter.email) : 'Un miembro del equipo';
    return {
      to: invitation.email,
      subject: `Te han invitado a ${tenant.name} en Cuadra`,
      text: `Hola:\n\n${who} te invita a unirte a ${tenant.name} en Cuadra con el rol de ${ROLE_NAMES[invitation.role as Role]}.\n\nPara aceptar la invitación, abre este enlace (caduca en 7 días y solo funciona una vez):\n\n${link}\n\nSi no esperabas esta invitación, ignora este mensaje.\n`,
      link,
    };
  }

  async send(mail: Mail) {
    await this.kernel.mail.send(mail);
  }

  /** Sends without holding up the answer (quick-create must take as long for an invitation as for an account). */
  sendLater(mail: Mail) {
    this.send(mail).catch((error) => this.kernel.logger.error('invitation mail failed', { error }));
  }

  private async lookup(token: string): Promise<InvitationLookup> {
    const [row] = await this.kernel.db.system<InvitationLookup>(
      'select * from cuadra_invitation_by_token(?)', [sha256(token)]);
    if (!row || row.accepted_at || row.revoked_at) throw new NotFound('This invitation does not exist or is no longer valid');
    if (new Date(row.expires_at).getTime() <= Date.now()) throw new Gone('This invitation has expired: ask for a new one');
    return row;
  }

  async preview(token: string) {
    const row = await this.lookup(token);
    return { tenant_name: row.tenant_name, email: row.email, role: row.role, invited_by: row.invited_by, expires_at: new Date(row.expires_at).toISOString(), user_exists: row.user_exists };
  }

  /**
   * An existing user proves it with their password (and MFA code when enabled); a new user sets a
   * password and is verified by the emailed token. Either way they join with the invited role and
   * get a session for that tenant.
   */
  async accept(token: string, input: { password: string; full_name?: string | null; mfa_code?: string }, clientIp: string) {
    const row = await this.lookup(token);
    let userId: string | null = null;
    let passwordHash: string | null = null;
    if (row.user_exists) {
      userId = (await this.identity.authenticate({ email: row.email, password: input.password, mfa_code: input.mfa_code }, clientIp)).id;
    } else {
      assertAcceptablePassword(input.password, ['body', 'password']);
      passwordHash = await hashPassword(input.password);
    }
    const tenantId = row.tenant_id;
    const joined = await this.kernel.unitOfWork(null).run(async (tx) => {
      const now = new Date();
      await this.assertInviterStillGrants(tx, row);
      const claimed = await tx.em.nativeUpdate(Invitation,
        { id: row.inv_id, tokenHash: sha256(token), acceptedAt: null, revokedAt: null, expiresAt: { $gt: now } }, { acceptedAt: now });
      if (claimed !== 1) throw new NotFound('This invitation does not exist or is no longer valid');
      if (userId) {
        await Users.markEmailVerified(tx, userId);
        if (await Memberships.get(tx, userId)) throw new Conflict('You are already a member of this company');
      } else {
        if (await Users.findByEmail(tx, row.email)) throw new Conflict('An account with this email was just created: accept with its password');
        userId = await Users.create(tx, { email: row.email, passwordHash: passwordHash!, fullName: input.full_name?.trim() || null, emailVerified: true, mustChangePassword: false });
      }
      await Memberships.add(tx, userId, row.role);
      await tx.em.nativeUpdate(Invitation, { id: row.inv_id }, { acceptedBy: userId });
      return userId;
    }, { tenantId });
    const session = await this.identity.issueSession(joined, tenantId);
    return { access_token: session.access_token, token_type: session.token_type, expires_in: session.expires_in, tenant_id: tenantId };
  }

  /**
   * An invitation is only as good as its inviter is now: a member whose current role may still
   * grant the invited role (kernel/grants.ts). Otherwise 409, and the invitation stays as it was.
   */
  private async assertInviterStillGrants(tx: Tx, row: InvitationLookup) {
    const invitation = await tx.em.findOne(Invitation, { id: row.inv_id });
    const inviter = invitation?.invitedBy ? await Memberships.get(tx, invitation.invitedBy, { lock: true }) : null;
    if (!inviter || grantRefusal({ kind: 'session', role: inviter.role }, personGrant(row.role, true))) {
      throw new Conflict(`Whoever sent this invitation can no longer grant the role ${row.role} in this company (they left or their role changed): ask for a new invitation`);
    }
  }

  /**
   * Creates an account with a temporary password (shown once, no email) that must be changed at
   * first login. An address that already has an account gets an emailed invitation instead, and
   * the answer has the same status and shape (its `user_id` names nobody), so creating a company
   * never tells whether an address has an account. `mail` is that invitation, to send after commit.
   */
  async quickCreate(tx: Tx, actor: Principal, input: { email: string; full_name?: string | null; role: Role }, passwordHash: string) {
    assertGrantWithinReach(actor, personGrant(input.role, true));
    const email = input.email.trim().toLowerCase();
    await this.assertNotYetInvited(tx, email);
    if (await Users.findByEmail(tx, email)) {
      const { mail } = await this.createInvitation(tx, actor, email, input.role);
      return { member: { user_id: crypto.randomUUID(), email, role: input.role }, mail };
    }
    const userId = await Users.create(tx, {
      email, passwordHash, fullName: input.full_name?.trim() || null, emailVerified: false, mustChangePassword: true, passwordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS),
    });
    await Memberships.add(tx, userId, input.role);
    return { member: { user_id: userId, email, role: input.role }, mail: null };
  }
}
