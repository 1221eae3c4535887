import { FailureLimiter, type CounterStore } from '../../lib/throttle';

/**
 * The sign-in lockout policy (docs/api.md states it for clients). Failures are counted so that
 * nobody can keep an account's owner out by knowing the email, and nobody can lock out everyone
 * behind one address (an office behind NAT):
 * - per (account, address): 10 failures in 15 minutes refuse that pair only;
 * - per account, from addresses it has never signed in from: 100 failures an hour;
 * - per address, across accounts that never signed in from it: 300 failures an hour;
 * - an address the account has signed in from successfully (in the last 90 days) is exempt from
 *   all three, so an attacker elsewhere never locks the owner out there; its own budget is 100
 *   failures an hour for that (account, address), which bounds guessing from there too.
 * A success clears the pair's failures and (re)marks the address as known for 90 days.
 */
export const LOGIN_LOCKOUT = {
  pair: { limit: 10, windowSeconds: 15 * 60 },
  account: { limit: 100, windowSeconds: 3600 },
  address: { limit: 300, windowSeconds: 3600 },
  knownPair: { limit: 100, windowSeconds: 3600 },
  knownAddressDays: 90,
} as const;

export class LoginThrottle {
  private readonly pair: FailureLimiter;
  private readonly account: FailureLimiter;
  private readonly address: FailureLimiter;
  private readonly knownPair: FailureLimiter;

  constructor(private readonly store: CounterStore) {
    const limiter = (name: string, rule: { limit: number; windowSeconds: number }) => new FailureLimiter(store, name, rule.limit, rule.windowSeconds);
    this.pair = limiter('login-pair-failures', LOGIN_LOCKOUT.pair);
    this.account = limiter('login-account-failures', LOGIN_LOCKOUT.account);
    this.address = limiter('login-address-failures', LOGIN_LOCKOUT.address);
    this.knownPair = limiter('login-known-pair-failures', LOGIN_LOCKOUT.knownPair);
  }

  /** Throws 429 (with Retry-After) when this attempt is refused; answers whether the address is known to the account. */
  async assertAllowed(account: string, address: string): Promise<{ known: boolean }> {
    const pair = `${account} ${address}`;
    const known = (await this.store.peek(this.knownKey(pair))).count > 0;
    if (known) {
      await this.knownPair.assertAllowed([pair]);
    } else {
      await this.pair.assertAllowed([pair]);
      await this.account.assertAllowed([account]);
      await this.address.assertAllowed([address]);
    }
    return { known };
  }

  async recordFailure(account: string, address: string, known: boolean): Promise<void> {
    const pair = `${account} ${address}`;
    if (known) return this.knownPair.recordFailure([pair]);
    await this.pair.recordFailure([pair]);
    await this.account.recordFailure([account]);
    await this.address.recordFailure([address]);
  }

  async recordSuccess(account: string, address: string): Promise<void> {
    const pair = `${account} ${address}`;
    await this.pair.reset([pair]);
    await this.knownPair.reset([pair]);
    // a fresh window: the address stays known for the full period after each success
    await this.store.clear(this.knownKey(pair));
    await this.store.increment(this.knownKey(pair), LOGIN_LOCKOUT.knownAddressDays * 86_400);
  }

  private knownKey(pair: string): string { return `login-known-address:${pair}`; }
}
