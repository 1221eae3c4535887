import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { Conflict, Unauthorized, ValidationFailed } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { persistentSecret } from '../../kernel/secrets';
import type { Tx } from '../../kernel/uow';
import { IdentityApi } from '../identity/api';
import { MfaBackoff } from './backoff';
import { SecretBox } from './crypto';
import { MfaCredential, MfaRecoveryCode } from './entities';
import { mfaSettings } from './settings';

export const ISSUER = 'Cuadra';
const PERIOD = 30;
const DIGITS = 6;
const RECOVERY_CODES = 10;
/** Base32-like alphabet without look-alikes (0/o, 1/l): 10 characters carry 50 bits. */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

const totpFor = (secret: string, label = 'user') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });

const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const isTotpShape = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

export function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) raw += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

export interface MfaStatus { enabled: boolean; pending: boolean; recovery_codes_remaining: number }

/**
 * TOTP (RFC 6238, via otpauth) with one-time recovery codes. Codes are accepted within ±1 time step
 * and never twice; failed attempts make the account wait longer and longer (MfaBackoff: 5 free,
 * then 1 minute doubling up to a day, 429 with Retry-After), and the account holder is emailed
 * when the waits start.
 */
export class MfaService {
  readonly failures: MfaBackoff;
  private readonly box: SecretBox;

  constructor(private readonly kernel: Kernel) {
    this.box = new SecretBox(persistentSecret(kernel.config.dataDir, 'mfa', kernel.settings(mfaSettings).MFA_ENCRYPTION_KEY));
    this.failures = new MfaBackoff(kernel.counters);
  }

  private credential(tx: Tx, userId: string) { return tx.em.findOne(MfaCredential, { userId }); }

  async status(tx: Tx, userId: string): Promise<MfaStatus> {
    const credential = await this.credential(tx, userId);
    const remaining = credential?.enabledAt ? await tx.em.count(MfaRecoveryCode, { userId, usedAt: null }) : 0;
    return { enabled: !!credential?.enabledAt, pending: !!credential?.pendingSealed, recovery_codes_remaining: remaining };
  }

  async isEnabled(tx: Tx, userId: string): Promise<boolean> {
    return !!(await this.credential(tx, userId))?.enabledAt;
  }

  /** Stores a new pending secret (replacing any earlier pending one); MFA stays off until activation. */
  async setup(tx: Tx, userId: string): Promise<{ secret: string; provisioning_uri: string }> {
    const user = await IdentityApi.user(tx, userId);
    if (!user) throw new Unauthorized('Session revoked');
    let credential = await this.credential(tx, userId);
    if (credential?.enabledAt) throw new Conflict('MFA is already enabled; disable it before setting it up again');
    const secret = new Secret({ size: 20 }).base32;
    const sealed = this.box.seal(secret, userId);
    if (!credential) {
      credential = tx.em.create(MfaCredential, { userId, secretSealed: null, enabledAt: null, pendingSealed: sealed, pendingCreatedAt: new Date(), lastUsedStep: null } as any);
    } else {
      credential.pendingSealed = sealed;
      credential.pendingCreatedAt = new Date();
    }
    return { secret, provisioning_uri: totpFor(secret, user.email).toString() };
  }

  /** A valid code for the pending secret enables MFA and returns ten recovery codes (shown once). */
  async activate(tx: Tx, userId: string, code: string): Promise<{ enabled: true; recovery_codes: string[] }> {
    const credential = await this.credential(tx, userId);
    if (credential?.enabledAt) throw new Conflict('MFA is already enabled');
    if (!credential?.pendingSealed) throw new Conflict('Nothing to activate: call POST /auth/mfa/setup first');
    await this.failures.assertAllowed(userId);
    const step = isTotpShape(code) ? this.matchingStep(this.box.open(credential.pendingSealed, userId), code) : null;
    if (step === null) {
      await this.recordFailure(tx, userId);
      throw ValidationFailed.field(['body', 'code'], 'The code is not valid for the pending secret; check the time on your device', 'value_error.mfa_code');
    }
    await this.failures.reset(userId);
    credential.secretSealed = credential.pendingSealed;
    credential.enabledAt = new Date();
    credential.pendingSealed = null;
    credential.pendingCreatedAt = null;
    credential.lastUsedStep = step;
    return { enabled: true, recovery_codes: await this.replaceRecoveryCodes(tx, userId) };
  }

  private async replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
    await tx.em.nativeDelete(MfaRecoveryCode, { userId });
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((c) => IdentityApi.hashSecret(normaliseRecovery(c))));
    for (const codeHash of hashes) tx.em.create(MfaRecoveryCode, { id: crypto.randomUUID(), userId, codeHash, usedAt: null } as any);
    return codes;
  }

  /**
   * Turns MFA off with the current password, or a current TOTP or recovery code (a password-less
   * account has only the codes). Clears the secret, any pending secret and the recovery codes.
   */
  async disable(tx: Tx, userId: string, input: { password?: string; code?: string }): Promise<MfaStatus> {
    if (!input.password && !input.code) throw ValidationFailed.field(['body', 'password'], 'Send your password or a current MFA code', 'missing');
    const credential = await this.credential(tx, userId);
    if (!credential?.enabledAt && !credential?.pendingSealed) throw new Conflict('MFA is not enabled');
    await this.failures.assertAllowed(userId);
    let proven = false;
    if (input.password) proven = await IdentityApi.checkPassword(tx, userId, input.password);
    if (!proven && input.code && credential.enabledAt) proven = await this.consume(tx, credential, input.code);
    if (!proven) {
      await this.recordFailure(tx, userId);
      const field = input.code ? 'code' : 'password';
      throw ValidationFailed.field(['body', field], input.code ? 'The MFA code is not valid' : 'The password is not correct', `value_error.${field === 'code' ? 'mfa_code' : 'password_incorrect'}`);
    }
    await this.failures.reset(userId);
    await tx.em.nativeDelete(MfaRecoveryCode, { userId });
    tx.em.remove(credential);
    return { enabled: false, pending: false, recovery_codes_remaining: 0 };
  }

  /** The login hook: a second factor is required once MFA is enabled; `mfaCode` may satisfy it. */
  async checkSignIn(tx: Tx, payload: { userId: string; mfaCode: string | null; required: boolean; satisfied: boolean }): Promise<void> {
    const credential = await this.credential(tx, payload.userId);
    if (!credential?.enabledAt) return;
    payload.required = true;
    await this.failures.assertAllowed(payload.userId);
    if (!payload.mfaCode) return;
    if (await this.consume(tx, credential, payload.mfaCode)) {
      payload.satisfied = true;
      await this.failures.reset(payload.userId);
    } else {
      await this.recordFailure(tx, payload.userId);
    }
  }

  /** Counts a failed code; when it starts the waits, the account holder is emailed (a mail failure is only logged). */
  private async recordFailure(tx: Tx, userId: string): Promise<void> {
    const { alert, failures, waitSeconds } = await this.failures.recordFailure(userId);
    if (!alert) return;
    try {
      const user = await IdentityApi.user(tx, userId);
      if (!user) return;
      await this.kernel.mail.send({
        to: user.email,
        subject: 'Intentos fallidos de verificación en dos pasos en tu cuenta de Cuadra',
        text: `Hola:\n\nAlguien ha introducido ${failures} códigos de verificación en dos pasos incorrectos seguidos en tu cuenta de Cuadra. `
          + `Para llegar a ese paso hace falta tu contraseña (o una sesión abierta): si no has sido tú, cámbiala cuanto antes.\n\n`
          + `Cada nuevo fallo obliga a esperar el doble antes del siguiente intento (ahora ${Math.round(waitSeconds / 60)} minuto(s), hasta un día); un código correcto lo deja todo como estaba.\n`,
      });
    } catch (error) {
      this.kernel.logger.warn('MFA failure alert not sent', { error, userId });
    }
  }

  /**
   * Accepts a TOTP code (±1 step, and only for a step after the last accepted one — the update is
   * atomic, so two concurrent uses of one code cannot both pass) or an unused recovery code.
   */
  private async consume(tx: Tx, credential: MfaCredential, code: string): Promise<boolean> {
    const userId = credential.userId;
    if (isTotpShape(code)) {
      const step = this.matchingStep(this.box.open(credential.secretSealed!, userId), code);
      if (step === null) return false;
      const updated = await tx.em.nativeUpdate(MfaCredential, { userId, $or: [{ lastUsedStep: null }, { lastUsedStep: { $lt: step } }] } as any, { lastUsedStep: step });
      if (updated !== 1) this.kernel.logger.warn('replayed TOTP code refused', { userId });
      return updated === 1;
    }
    const normalised = normaliseRecovery(code);
    if (normalised.length !== RECOVERY_LENGTH || [...normalised].some((c) => !RECOVERY_ALPHABET.includes(c))) return false;
    const unused = await tx.em.find(MfaRecoveryCode, { userId, usedAt: null });
    for (const candidate of unused) {
      if (await IdentityApi.verifySecret(candidate.codeHash, normalised)) {
        return (await tx.em.nativeUpdate(MfaRecoveryCode, { id: candidate.id, usedAt: null }, { usedAt: new Date() })) === 1;
      }
    }
    return false;
  }

  /** The time step `code` belongs to, within one step of now, or null. */
  private matchingStep(secret: string, code: string): number | null {
    const timestamp = Date.now();
    const totp = totpFor(secret);
    const delta = totp.validate({ token: code.replace(/\s/g, ''), timestamp, window: 1 });
    return delta === null ? null : totp.counter({ timestamp }) + delta;
  }

  /** What the GDPR export shows about MFA: state and dates, never the secret or the codes. */
  async exportSection(tx: Tx, userId: string) {
    const credential = await this.credential(tx, userId);
    const status = await this.status(tx, userId);
    return { ...status, enabled_at: credential?.enabledAt?.toISOString() ?? null };
  }
}
