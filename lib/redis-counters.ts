import Redis from 'ioredis';
import type { CounterStore } from './throttle';

/**
 * Fixed-window counters in Redis, so that limits hold across every instance sharing REDIS_URL.
 * INCR and the expiry are set atomically in one script.
 */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`;

export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;
  constructor(url: string, private readonly prefix = 'cuadra:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  }

  async increment(key: string, windowSeconds: number) {
    const [count, ttl] = (await this.redis.eval(INCREMENT, 1, this.prefix + key, String(windowSeconds * 1000))) as [number, number];
    return { count, resetInSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async peek(key: string) {
    const [value, ttl] = await this.redis.multi().get(this.prefix + key).pttl(this.prefix + key).exec().then((r) => r!.map(([, v]) => v) as [string | null, number]);
    return { count: Number(value ?? 0), resetInSeconds: ttl > 0 ? Math.ceil(ttl / 1000) : 0 };
  }

  async clear(key: string) { await this.redis.del(this.prefix + key); }

  async close() { await this.redis.quit(); }
}
