import type { Kernel } from '../../kernel/kernel';
import type { ReachedCompany } from './extensions';
import { BadRequest, Conflict, Forbidden, NotFound, Unauthorized, ValidationFailed } from '../../kernel/errors';
import { assertGrantWithinReach } from '../../kernel/grants';
import { FailureLimiter } from '../../lib/throttle';
import type { Principal } from '../../kernel/principal';
import { roleAtLeast, type Role } from '../../kernel/roles';
import { scopeCatalogue, unknownScopes } from '../../kernel/scopes';
import type { Tx } from '../../kernel/uow';
import { TenantService, tenantToJson, type TenantInput } from '../tenants/api';
import { ApiKey, Membership, User, UserIdentity, UserToken } from './entities';
import { GoogleIdTokens, googleSettings, googleSettingsFrom } from './google';
import { LoginThrottle } from './login-throttle';
import { apiKeysVisibleTo } from './members';
import { API_KEY_PREFIX, TEMPORARY_PASSWORD_EXPIRED } from './authenticators';
import { assertAcceptablePassword, decoyHash, hashPassword, verifyPassword } from './passwords';
import { MAX_SESSION_SECONDS, newSecret, sha256, type SessionOrigin, type SessionTokens } from './tokens';
import { MailNotDelivered } from '../../lib/mail';

const VERIFY_TTL_MS = 48 * 3600_000;
const RESET_TTL_MS = 3600_000;
const normaliseEmail = (email: string) => email.trim().toLowerCase();
/** The session a principal's new token continues: same id, same start, so the same end. */
const sessionOf = (principal: Principal): SessionOrigin | undefined =>
  principal.sessionId && principal.sessionStartedAt !== undefined ? { sessionId: principal.sessionId, startedAt: principal.sessionStartedAt } : undefined;

type TokenPurpose = 'verify_email' | 'reset_password';

/** Identity flows: registration, login, email tokens, passwords, tenants of a user, API keys. */
export class IdentityService {
  readonly logins: LoginThrottle;
  /** Wrong passwords when confirming a destructive operation, per account (the caller is signed in). */
  readonly reauthenticationFailures: FailureLimiter;
  readonly google: GoogleIdTokens;

  constructor(private readonly kernel: Kernel, readonly sessions: SessionTokens) {
    this.logins = new LoginThrottle(kernel.counters);
    this.reauthenticationFailures = new FailureLimiter(kernel.counters, 'reauthentication-failures', 10, 15 * 60);
    this.google = new GoogleIdTokens(googleSettingsFrom(kernel.settings(googleSettings)));
  }

  private uow(principal: Principal | null = null) { return this.kernel.unitOfWork(principal); }

  async register(input: { email: string; password: string; full_name?: string | null }) {
    assertAcceptablePassword(input.password, ['body', 'password']);
    const email = normaliseEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    const { user, token } = await this.uow().run(async (tx) => {
      if (await tx.em.findOne(User, { email })) throw new Conflict('An account with this email already exists');
      const user = tx.em.create(User, {
        id: crypto.randomUUID(), email, passwordHash, passwordSet: true, fullName: input.full_name ?? null,
        emailVerifiedAt: null, securityVersion: 1, mustChangePassword: false,
      } as any);
      await tx.em.flush();
      const token = this.issueToken(tx, user.id, 'verify_email', VERIFY_TTL_MS);
      return { user, token };
    }, { tenantId: null });
    // the account exists from here on: a mail server that is down does not undo it (POST /auth/verify-email/resend sends the link again)
    await this.sendVerification(user.email, token).catch((error) => {
      if (!(error instanceof MailNotDelivered)) throw error;
      this.kernel.logger.warn('the confirmation mail was not sent', { userId: user.id, error: error.message });
    });
    const session = await this.sessions.issue(user.id, null, user.securityVersion);
    return { user_id: user.id, email: user.email, email_verified: false, ...session };
  }

  private issueToken(tx: Tx, userId: string, purpose: TokenPurpose, ttlMs: number): string {
    const secret = newSecret();
    tx.em.create(UserToken, { id: crypto.randomUUID(), userId, purpose, tokenHash: secret.hash, expiresAt: new Date(Date.now() + ttlMs), usedAt: null } as any);
    return secret.value;
  }

  private async sendVerification(email: string, token: string) {
    const link = `${this.kernel.config.publicUrl}/api/v1/auth/verify-email?token=${encodeURIComponent(token)}`;
    await this.kernel.mail.send({
      to: email,
      subject: 'Confirma tu correo electrónico en Cuadra',
      text: `Hola:\n\nPara confirmar tu dirección de correo en Cuadra, abre este enlace (caduca en 48 horas):\n\n${link}\n\nSi no has creado una cuenta, ignora este mensaje.\n`,
      link,
    });
  }

  /** Consumes a verification token; answers the status the redirect reports. */
  async verifyEmail(token: string): Promise<'verified' | 'already_verified' | 'invalid' | 'expired'> {
    return this.uow().run(async (tx) => {
      const stored = await tx.em.findOne(UserToken, { tokenHash: sha256(token), purpose: 'verify_email' });
      if (!stored) return 'invalid';
      if (stored.usedAt) return 'already_verified';
      if (stored.expiresAt.getTime() < Date.now()) return 'expired';
      stored.usedAt = new Date();
      const user = await tx.em.findOneOrFail(User, { id: stored.userId });
      user.emailVerifiedAt ??= new Date();
      return 'verified';
    }, { tenantId: null });
  }

  async resendVerification(principal: Principal | null, email: string | undefined): Promise<void> {
    if (!principal && !email) throw ValidationFailed.field(['body', 'email'], 'Field required', 'missing');
    const result = await this.uow().run(async (tx) => {
      const user = principal ? await tx.em.findOne(User, { id: principal.userId }) : await tx.em.findOne(User, { email: normaliseEmail(email!) });
      if (!user || user.emailVerifiedAt) return undefined;
      await tx.em.nativeUpdate(UserToken, { userId: user.id, purpose: 'verify_email', usedAt: null }, { usedAt: new Date() });
      return { email: user.email, token: this.issueToken(tx, user.id, 'verify_email', VERIFY_TTL_MS) };
    }, { tenantId: null });
    if (result) await this.sendVerification(result.email, result.token);
  }

  async login(input: { email: string; password: string; mfa_code?: string }, clientIp: string) {
    const user = await this.authenticate(input, clientIp);
    const memberships = await this.memberships(user.id);
    const tenantId = memberships[0]?.tenant_id ?? null;
    return { ...(await this.sessions.issue(user.id, tenantId, user.securityVersion)), tenant_id: tenantId };
  }

  /**
   * Email + password (+ MFA when enabled), with the login lockouts: what login and accepting an
   * invitation as an existing user both need. Throws 401/429; answers the user.
   */
  async authenticate(input: { email: string; password: string; mfa_code?: string | null }, clientIp: string): Promise<User> {
    const email = normaliseEmail(input.email);
    const { known } = await this.logins.assertAllowed(email, clientIp);
    const user = await this.uow().run((tx) => tx.em.findOne(User, { email }), { tenantId: null });
    const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
    if (!user || !valid) {
      await this.logins.recordFailure(email, clientIp, known);
      throw new Unauthorized('Incorrect email or password');
    }
    await this.logins.recordSuccess(email, clientIp);
    if (user.mustChangePassword && user.passwordExpiresAt && user.passwordExpiresAt.getTime() <= Date.now()) throw new Unauthorized(TEMPORARY_PASSWORD_EXPIRED);
    await this.requireSecondFactor(user.id, input.mfa_code);
    return user;
  }

  /**
   * Sign-in with a Google ID token. (a) A linked subject signs in its user. (b) Otherwise an account
   * with the token's email is linked only when Google says the email is verified (409 otherwise:
   * log in with the password first); if that account's own email was never verified, its password
   * is disabled and its sessions revoked (it may have been pre-registered by someone else).
   * (c) Otherwise a new account is created (no usable password) and sent to onboarding. MFA applies.
   */
  async googleLogin(input: { id_token: string; mfa_code?: string }) {
    const claims = await this.google.verify(input.id_token);
    const placeholder = () => hashPassword(crypto.randomUUID() + crypto.randomUUID());
    const userId = await this.uow().run(async (tx) => {
      const linked = await tx.em.findOne(UserIdentity, { provider: 'google', subject: claims.sub });
      if (linked) return linked.userId;
      if (!claims.email) throw new BadRequest('The Google ID token carries no email address');
      const existing = await tx.em.findOne(User, { email: claims.email });
      if (existing) {
        if (!claims.emailVerified) {
          throw new Conflict('An account with this email already exists and Google has not verified the email: log in with your email and password first');
        }
        if (!existing.emailVerifiedAt) {
          existing.emailVerifiedAt = new Date();
          existing.passwordHash = await placeholder();
          existing.passwordSet = false;
          // a temporary password, if it had one, is gone with the rest
          existing.mustChangePassword = false;
          existing.passwordExpiresAt = null;
          existing.securityVersion += 1;
          await tx.invalidatePrincipals();
        }
        tx.em.create(UserIdentity, { provider: 'google', subject: claims.sub, userId: existing.id, email: claims.email } as any);
        return existing.id;
      }
      const user = tx.em.create(User, {
        id: crypto.randomUUID(), email: claims.email, passwordHash: await placeholder(), passwordSet: false, fullName: claims.name,
        emailVerifiedAt: claims.emailVerified ? new Date() : null, securityVersion: 1, mustChangePassword: false,
      } as any);
      await tx.em.flush(); // the identity row references the user: insert the user first
      tx.em.create(UserIdentity, { provider: 'google', subject: claims.sub, userId: user.id, email: claims.email } as any);
      return user.id;
    }, { tenantId: null });
    await this.requireSecondFactor(userId, input.mfa_code);
    const memberships = await this.memberships(userId);
    return this.issueSession(userId, memberships[0]?.tenant_id ?? null);
  }

  /**
   * Re-authentication before a destructive operation (account deletion). Accounts with a password
   * give it; password-less accounts (created through Google) give an MFA code or a fresh Google ID
   * token linked to them. When MFA is enabled, a password or ID token needs a code too.
   * Failures are 422 on the field at fault; repeated password failures lock like logins.
   */
  async reauthenticate(userId: string, input: { password?: string | null; mfa_code?: string | null; id_token?: string | null }): Promise<void> {
    const user = await this.uow().run((tx) => tx.em.findOne(User, { id: userId }), { tenantId: null });
    if (!user) throw new Unauthorized('Session revoked');
    const mfaCode = input.mfa_code?.trim() || null;
    const demandSecondFactor = async () => {
      const { required, satisfied } = await this.secondFactor(userId, mfaCode);
      if (required && !satisfied) throw ValidationFailed.field(['body', 'mfa_code'], mfaCode ? 'Invalid MFA code' : 'MFA code required', mfaCode ? 'value_error.mfa_code' : 'missing');
    };
    if (input.password) {
      if (!user.passwordSet) throw ValidationFailed.field(['body', 'password'], 'This account has no password: confirm with an MFA code or a Google sign-in (id_token)', 'value_error.no_password');
      const keys = [user.id];
      await this.reauthenticationFailures.assertAllowed(keys);
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await this.reauthenticationFailures.recordFailure(keys);
        throw ValidationFailed.field(['body', 'password'], 'The password is not correct', 'value_error.password_incorrect');
      }
      return demandSecondFactor();
    }
    if (input.id_token) {
      const claims = await this.google.verify(input.id_token);
      const linked = await this.uow().run((tx) => tx.em.findOne(UserIdentity, { provider: 'google', subject: claims.sub }), { tenantId: null });
      if (!linked || linked.userId !== userId) throw ValidationFailed.field(['body', 'id_token'], 'This Google account is not linked to you', 'value_error.id_token');
      if (Date.now() / 1000 - claims.issuedAt > 10 * 60) throw ValidationFailed.field(['body', 'id_token'], 'Sign in with Google again: the ID token must be at most 10 minutes old', 'value_error.id_token_stale');
      return demandSecondFactor();
    }
    if (mfaCode && !user.passwordSet) {
      const { required, satisfied } = await this.secondFactor(userId, mfaCode);
      if (!required) throw ValidationFailed.field(['body', 'mfa_code'], 'MFA is not enabled: confirm with a Google sign-in (id_token)', 'value_error.mfa_disabled');
      if (!satisfied) throw ValidationFailed.field(['body', 'mfa_code'], 'Invalid MFA code', 'value_error.mfa_code');
      return;
    }
    throw ValidationFailed.field(['body', 'password'], user.passwordSet ? 'Field required' : 'Confirm with an MFA code or a Google sign-in (id_token)', 'missing');
  }

  /** A session for a user (in `tenantId`, or none), at the user's current security version. */
  async issueSession(userId: string, tenantId: string | null) {
    const user = await this.uow().run((tx) => tx.em.findOne(User, { id: userId }), { tenantId: null });
    if (!user) throw new Unauthorized('Session revoked');
    return { ...(await this.sessions.issue(userId, tenantId, user.securityVersion)), tenant_id: tenantId };
  }

  /**
   * Asks the plugins that own second factors (MFA) whether this user needs one and whether `mfaCode`
   * satisfies it; the answer is committed (an accepted code is never accepted again).
   */
  async secondFactor(userId: string, mfaCode: string | null | undefined): Promise<{ required: boolean; satisfied: boolean }> {
    const payload = { userId, mfaCode: mfaCode?.trim() || null, required: false, satisfied: false };
    await this.uow().run((tx) => tx.hook('identity.login-second-factor', payload), { tenantId: null });
    return { required: payload.required, satisfied: payload.satisfied };
  }

  /** 401 "MFA code required" / "Invalid MFA code" unless the user's second factor (if any) is proven. */
  async requireSecondFactor(userId: string, mfaCode: string | null | undefined): Promise<void> {
    const { required, satisfied } = await this.secondFactor(userId, mfaCode);
    if (required && !satisfied) throw new Unauthorized(mfaCode?.trim() ? 'Invalid MFA code' : 'MFA code required');
  }

  async memberships(userId: string): Promise<{ tenant_id: string; tenant_name: string; role: Role }[]> {
    const rows = await this.kernel.db.system<{ tenant_id: string; tenant_name: string; role: Role }>(
      'select tenant_id, tenant_name, role from cuadra_user_memberships(?)', [userId]);
    return rows.map((r: { tenant_id: string; tenant_name: string; role: Role }) => ({ tenant_id: r.tenant_id, tenant_name: r.tenant_name, role: r.role }));
  }

  async me(principal: Principal) {
    const memberships = await this.memberships(principal.userId);
    return this.uow(principal).run(async (tx) => {
      const user = await tx.em.findOne(User, { id: principal.userId });
      if (!user) throw new Unauthorized('Session revoked');
      const facts = { mfa_enabled: false };
      await tx.hook('identity.describe-user', { userId: user.id, facts });
      const tenant = principal.tenantId ? await TenantService.current(tx) : null;
      return {
        user: { id: user.id, email: user.email, email_verified: !!user.emailVerifiedAt, full_name: user.fullName ?? null, mfa_enabled: facts.mfa_enabled, created_at: user.createdAt.toISOString() },
        tenant: tenant ? tenantToJson(tenant, this.kernel.config.publicUrl) : null,
        memberships,
        onboarding_required: memberships.length === 0,
        password_change_required: user.mustChangePassword,
      };
    });
  }

  async changePassword(principal: Principal, input: { current_password: string; new_password: string }) {
    assertAcceptablePassword(input.new_password, ['body', 'new_password']);
    const user = await this.uow().run((tx) => tx.em.findOne(User, { id: principal.userId }), { tenantId: null });
    if (!user) throw new Unauthorized('Session revoked');
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      throw ValidationFailed.field(['body', 'current_password'], 'The current password is not correct', 'value_error.password_incorrect');
    }
    if (input.new_password === input.current_password) throw ValidationFailed.field(['body', 'new_password'], 'The new password must differ from the current one');
    const passwordHash = await hashPassword(input.new_password);
    const securityVersion = await this.uow().run(async (tx) => {
      const fresh = await tx.em.findOneOrFail(User, { id: principal.userId });
      fresh.passwordHash = passwordHash;
      fresh.passwordSet = true;
      fresh.securityVersion += 1;
      await tx.invalidatePrincipals();
      fresh.mustChangePassword = false;
      fresh.passwordExpiresAt = null;
      return fresh.securityVersion;
    }, { tenantId: null });
    return { ...(await this.sessions.issue(principal.userId, principal.tenantId, securityVersion)), tenant_id: principal.tenantId };
  }

  /**
   * Answers the same way, after the same work, whether or not the email has an account: the
   * request only queues an `identity.password-reset-requested` event (one outbox row either way);
   * looking the account up, issuing the token and sending the mail happen after the answer, in
   * `sendPasswordReset`, so neither the answer nor its timing tells which emails exist.
   */
  async forgotPassword(emailInput: string): Promise<void> {
    const email = normaliseEmail(emailInput);
    await this.uow().run(async (tx) => tx.publish('identity.password-reset-requested', { email }), { tenantId: null });
  }

  /** The outbox subscriber of `identity.password-reset-requested`: mails a fresh reset link to an existing account, nothing otherwise. */
  async sendPasswordReset(email: string): Promise<void> {
    const found = await this.uow().run(async (tx) => {
      const user = await tx.em.findOne(User, { email });
      if (!user) return undefined;
      await tx.em.nativeUpdate(UserToken, { userId: user.id, purpose: 'reset_password', usedAt: null }, { usedAt: new Date() });
      return { email: user.email, token: this.issueToken(tx, user.id, 'reset_password', RESET_TTL_MS) };
    }, { tenantId: null });
    if (!found) return;
    const link = `${this.kernel.config.frontendUrl}/reset-password?token=${encodeURIComponent(found.token)}`;
    await this.kernel.mail.send({
      to: found.email,
      subject: 'Restablece tu contraseña de Cuadra',
      text: `Hola:\n\nHemos recibido una solicitud para restablecer tu contraseña. Abre este enlace en la próxima hora:\n\n${link}\n\nEl enlace solo funciona una vez. Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.\n`,
      link,
    });
  }

  async resetPassword(input: { token: string; new_password: string }): Promise<void> {
    assertAcceptablePassword(input.new_password, ['body', 'new_password']);
    const passwordHash = await hashPassword(input.new_password);
    await this.uow().run(async (tx) => {
      const stored = await tx.em.findOne(UserToken, { tokenHash: sha256(input.token), purpose: 'reset_password' });
      if (!stored || stored.usedAt || stored.expiresAt.getTime() < Date.now()) throw new BadRequest('The reset link is invalid or has expired');
      stored.usedAt = new Date();
      const user = await tx.em.findOneOrFail(User, { id: stored.userId });
      user.passwordHash = passwordHash;
      user.passwordSet = true;
      user.securityVersion += 1;
      await tx.invalidatePrincipals();
      user.mustChangePassword = false;
      user.passwordExpiresAt = null;
      // Proving control of the mailbox also verifies it.
      user.emailVerifiedAt ??= new Date();
    }, { tenantId: null });
  }

  /** Creates a company with the user as owner and returns a session for it. */
  async createTenant(principal: Principal, input: TenantInput & { name: string; tax_id: string }, onlyIfFirst: boolean) {
    if (principal.kind !== 'session') throw new Forbidden('Companies are created by people, not API keys');
    if (onlyIfFirst && (await this.memberships(principal.userId)).length > 0) throw new Conflict('Onboarding is already complete; use POST /api/v1/auth/tenants to add another company');
    const tenantId = crypto.randomUUID();
    const { tenant, securityVersion } = await this.uow(principal).run(async (tx) => {
      const user = await tx.em.findOneOrFail(User, { id: principal.userId });
      const tenant = await TenantService.create(tx, input);
      tx.em.create(Membership, { tenantId, userId: principal.userId, role: 'owner' } as any);
      return { tenant, securityVersion: user.securityVersion };
    }, { tenantId });
    return { tenant: tenantToJson(tenant, this.kernel.config.publicUrl), ...(await this.sessions.issue(principal.userId, tenantId, securityVersion, sessionOf(principal))) };
  }

  /** Access to `tenantId` through what a caller holds, for someone who is not its member (a firm's client, see TenantAccess). */
  async reach(tenantId: string, through: readonly { tenantId: string; role: Role }[]): Promise<ReachedCompany | null> {
    for (const access of this.kernel.contributions('tenant-access')) {
      const reached = await access.reach(this.kernel.db, tenantId, through);
      if (reached) return reached;
    }
    return null;
  }

  /** Every company these memberships reach without being a member (a firm's clients), with the role and the company it comes through. */
  async reachable(userId: string): Promise<ReachedCompany[]> {
    return this.reachableThrough((await this.memberships(userId)).map((m) => ({ tenantId: m.tenant_id, role: m.role })));
  }

  /** Every company reached without being a member through what a caller holds (an API key: its company and role). */
  async reachableThrough(through: readonly { tenantId: string; role: Role }[]): Promise<ReachedCompany[]> {
    const reached = new Map<string, ReachedCompany>();
    for (const access of this.kernel.contributions('tenant-access')) {
      for (const company of await access.reachable(this.kernel.db, through)) if (!reached.has(company.tenantId)) reached.set(company.tenantId, company);
    }
    return [...reached.values()];
  }

  async switchTenant(principal: Principal, tenantId: string) {
    if (principal.kind !== 'session') throw new Forbidden('API keys are bound to one company');
    const memberships = await this.memberships(principal.userId);
    if (!memberships.some((m) => m.tenant_id === tenantId) && !(await this.reach(tenantId, memberships.map((m) => ({ tenantId: m.tenant_id, role: m.role }))))) throw new Forbidden('You are not a member of that company');
    const user = await this.uow().run((tx) => tx.em.findOneOrFail(User, { id: principal.userId }), { tenantId: null });
    return { ...(await this.sessions.issue(principal.userId, tenantId, user.securityVersion, sessionOf(principal))), tenant_id: tenantId };
  }

  /**
   * Ends the caller's session at once: every token of it (this one and those from switching
   * company) is refused from now on, on every instance. Other sessions of the user go on.
   */
  async logout(principal: Principal): Promise<void> {
    const session = sessionOf(principal);
    if (principal.kind !== 'session' || !session) throw new Forbidden('Only a user session can be logged out');
    await this.uow().run(async (tx) => {
      const execute = (sql: string, params: unknown[]) => tx.em.getConnection().execute(sql, params, 'run', tx.em.getTransactionContext());
      await execute('delete from revoked_sessions where expires_at < now()', []);
      await execute('insert into revoked_sessions (session_id, user_id, expires_at) values (?, ?, ?) on conflict (session_id) do nothing',
        [session.sessionId, principal.userId, new Date(session.startedAt + MAX_SESSION_SECONDS * 1000)]);
      await tx.invalidatePrincipals();
    }, { tenantId: null });
  }

  async createApiKey(principal: Principal, input: { name: string; role?: Role; expires_at?: string | null; scopes?: string[] | null }) {
    if (principal.kind !== 'session') throw new Forbidden('API keys are created from a user session');
    const scopes = input.scopes ? [...new Set(input.scopes)] : null;
    const unknown = scopes ? unknownScopes(scopes, this.kernel.permissions.all().keys()) : [];
    if (unknown.length) {
      throw ValidationFailed.field(['body', 'scopes'], `Unknown scopes: ${unknown.join(', ')} (known: ${scopeCatalogue(this.kernel.permissions.all().keys()).join(', ')})`, 'value_error.scope');
    }
    const role = input.role ?? 'member';
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw ValidationFailed.field(['body', 'expires_at'], 'The expiry must be in the future');
    assertGrantWithinReach(principal, { role, scopes, expiresAt });
    const secret = newSecret(API_KEY_PREFIX);
    const key = await this.uow(principal).run(async (tx) => tx.em.create(ApiKey, {
      id: crypto.randomUUID(), createdBy: principal.userId, name: input.name.trim(), role,
      prefix: secret.value.slice(0, 12), keyHash: secret.hash, lastUsedAt: null, expiresAt, scopes,
    } as any));
    return { key_id: key.id, name: key.name, role, key: secret.value, prefix: key.prefix, created_at: key.createdAt.toISOString(), expires_at: key.expiresAt?.toISOString() ?? null, scopes };
  }

  /** Admins see every key of the company; others see the keys they created. */
  async listApiKeys(principal: Principal) {
    const keys = await this.uow(principal).run((tx) => tx.em.find(ApiKey, apiKeysVisibleTo(principal), { orderBy: { createdAt: 'asc', id: 'asc' } }));
    return keys.map((k) => ({
      key_id: k.id, name: k.name, role: k.role as Role, prefix: k.prefix, created_at: k.createdAt.toISOString(),
      last_used_at: k.lastUsedAt?.toISOString() ?? null, expires_at: k.expiresAt?.toISOString() ?? null, scopes: k.scopes ?? null,
    }));
  }

  async deleteApiKey(principal: Principal, keyId: string): Promise<void> {
    await this.uow(principal).run(async (tx) => {
      const key = await tx.em.findOne(ApiKey, { id: keyId });
      if (!key || (!roleAtLeast(principal.role!, 'admin') && key.createdBy !== principal.userId)) throw new NotFound('API key not found');
      tx.em.remove(key);
      await tx.invalidatePrincipals();
    });
  }
}
