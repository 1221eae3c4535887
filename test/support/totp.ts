import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './app';

const totp = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** The code of the time step `offset` steps away from now (0 = current, -1 = previous, …). */
export const totpCode = (secret: string, offset = 0) => totp(secret).generate({ timestamp: Date.now() + offset * 30_000 });

/** Waits, when needed, so that at least `marginMs` remain in the current step (keeps step-sensitive tests deterministic). */
export async function awaitStepMargin(marginMs = 4000): Promise<void> {
  const remaining = TOTP.remaining({ period: 30 });
  if (remaining < marginMs) await Bun.sleep(remaining + 50);
}

/**
 * Sets up and activates MFA for the session `token`. Activation consumes the current step, so the next
 * code a test can use is `totpCode(secret, 1)`.
 */
export async function enableMfa(app: TestApp, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await awaitStepMargin();
  const setup = await app.post('/api/v1/auth/mfa/setup', undefined, token);
  if (setup.status !== 200) throw new Error(`mfa setup failed: ${setup.status} ${setup.text}`);
  const activate = await app.post('/api/v1/auth/mfa/activate', { code: totpCode(setup.body.secret) }, token);
  if (activate.status !== 200) throw new Error(`mfa activate failed: ${activate.status} ${activate.text}`);
  return { secret: setup.body.secret, recoveryCodes: activate.body.recovery_codes };
}
