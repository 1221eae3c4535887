import { TooManyRequests } from '../kernel/errors';

/**
 * Counts events per key in a fixed window (e.g. failed logins per account and per IP). In-process
 * here; a shared store can implement the same interface so limits hold across instances.
 */
export interface CounterStore {
  /** Adds one and returns the count and the seconds until the window resets. */
  increment(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  peek(key: string): Promise<{ count: number; resetInSeconds: number }>;
  clear(key: string): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /** `now` (milliseconds) lets tests move time instead of waiting. */
  constructor(private readonly now: () => number = Date.now) {}

  async increment(key: string, windowSeconds: number) {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    window.count += 1;
    return { count: window.count, resetInSeconds: Math.ceil((window.resetAt - now) / 1000) };
  }

  async peek(key: string) {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return { count: 0, resetInSeconds: 0 };
    return { count: window.count, resetInSeconds: Math.ceil((window.resetAt - now) / 1000) };
  }

  async clear(key: string) { this.windows.delete(key); }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** "At most `limit` failures per key within `windowSeconds`", checked before the attempt. */
export class FailureLimiter {
  constructor(private readonly store: CounterStore, private readonly name: string, private readonly limit: number, private readonly windowSeconds: number) {}

  async assertAllowed(keys: string[]): Promise<void> {
    for (const key of keys) {
      const { count, resetInSeconds } = await this.store.peek(`${this.name}:${key}`);
      if (count >= this.limit) throw new TooManyRequests('Too many failed attempts, try again later', resetInSeconds);
    }
  }

  async recordFailure(keys: string[]): Promise<void> {
    for (const key of keys) await this.store.increment(`${this.name}:${key}`, this.windowSeconds);
  }

  async reset(keys: string[]): Promise<void> {
    for (const key of keys) await this.store.clear(`${this.name}:${key}`);
  }
}
