import { TooManyRequests } from '../../kernel/errors';
import type { CounterStore } from '../../lib/throttle';

/**
 * Failed MFA codes per account: the first `freeFailures` cost nothing; from then on each failure
 * makes the account wait before the next attempt, `firstWaitSeconds` doubling up to
 * `maxWaitSeconds`. Failures are remembered for `memorySeconds` from the first one, or until a
 * code is accepted. docs/api.md gives the yearly chance this leaves an attacker holding the
 * password.
 */
export const MFA_BACKOFF = {
  freeFailures: 5,
  firstWaitSeconds: 60,
  maxWaitSeconds: 24 * 3600,
  memorySeconds: 365 * 86_400,
} as const;

/** The wait after the `failures`-th consecutive failure (0 while failures are free). */
export const waitAfterFailures = (failures: number): number =>
  failures < MFA_BACKOFF.freeFailures ? 0 : Math.min(MFA_BACKOFF.maxWaitSeconds, MFA_BACKOFF.firstWaitSeconds * 2 ** (failures - MFA_BACKOFF.freeFailures));

export class MfaBackoff {
  constructor(private readonly store: CounterStore) {}

  /** 429 with Retry-After while the account waits after its failures; nothing is checked or counted then. */
  async assertAllowed(userId: string): Promise<void> {
    const wait = await this.store.peek(this.waitKey(userId));
    if (wait.count > 0) throw new TooManyRequests('Too many failed MFA codes, try again later', Math.max(1, wait.resetInSeconds));
  }

  /** Counts a failure and starts the wait it earns. `alert`: this failure started the waits (the account holder is told). */
  async recordFailure(userId: string): Promise<{ failures: number; waitSeconds: number; alert: boolean }> {
    const { count } = await this.store.increment(this.failuresKey(userId), MFA_BACKOFF.memorySeconds);
    const waitSeconds = waitAfterFailures(count);
    if (waitSeconds > 0) await this.store.increment(this.waitKey(userId), waitSeconds);
    return { failures: count, waitSeconds, alert: count === MFA_BACKOFF.freeFailures };
  }

  async reset(userId: string): Promise<void> {
    await this.store.clear(this.failuresKey(userId));
    await this.store.clear(this.waitKey(userId));
  }

  private failuresKey(userId: string) { return `mfa-failures:${userId}`; }
  private waitKey(userId: string) { return `mfa-wait:${userId}`; }
}
