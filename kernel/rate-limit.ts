import { createHash } from 'node:crypto';
import type { CounterStore } from '../lib/throttle';

/** A limit on one route (or every route): `limit` requests per `windowSeconds`, counted per credential or per IP. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** Only for these requests (method and path with :params); omitted = every request. */
  method?: string;
  path?: string;
  /** Count per client address even when a credential is present (login, password reset…). */
  by?: 'ip' | 'principal';
}

export interface RateLimitDecision { allowed: boolean; headers: Record<string, string>; retryAfterSeconds: number }

export interface DefaultRules { apiKey: RateLimitRule; session: RateLimitRule; anonymous: RateLimitRule }

/**
 * Defaults per API key, per session and per anonymous IP, per minute; RATE_LIMIT_API_KEY,
 * RATE_LIMIT_USER and RATE_LIMIT_IP override them. Plugins add stricter rules for sensitive routes.
 */
export function defaultRules(env: Record<string, string | undefined> = process.env): DefaultRules {
  const perMinute = (value: string | undefined, fallback: number) => (value && /^\d+$/.test(value) ? Number(value) : fallback);
  return {
    apiKey: { name: 'api-key', limit: perMinute(env.RATE_LIMIT_API_KEY, 1200), windowSeconds: 60 },
    session: { name: 'user', limit: perMinute(env.RATE_LIMIT_USER, 600), windowSeconds: 60 },
    anonymous: { name: 'ip', limit: perMinute(env.RATE_LIMIT_IP, 300), windowSeconds: 60 },
  };
}

const compile = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);

/**
 * Announces limits before they bite (IETF RateLimit-Policy / RateLimit headers on every response)
 * and refuses with 429 + Retry-After once a window is spent. Counters live in the CounterStore:
 * in-process, or Redis when REDIS_URL is set so that several instances share them.
 */
export class RateLimiter {
  private readonly routeRules: (RateLimitRule & { pattern: RegExp })[];

  constructor(private readonly store: CounterStore, routeRules: RateLimitRule[], private readonly defaults: DefaultRules = defaultRules()) {
    this.routeRules = routeRules.map((rule) => ({ ...rule, pattern: compile(rule.path ?? '.*') }));
  }

  /** Counters are keyed by a hash, never the credential; hashing once per credential keeps it off the hot path. */
  private readonly credentialKeys = new Map<string, string>();
  private keyOf(credential: string): string {
    let key = this.credentialKeys.get(credential);
    if (key === undefined) {
      if (this.credentialKeys.size >= 10_000) this.credentialKeys.clear();
      key = createHash('sha256').update(credential).digest('base64url').slice(0, 22);
      this.credentialKeys.set(credential, key);
    }
    return key;
  }

  async check(request: Request, clientIp: string, path = new URL(request.url).pathname): Promise<RateLimitDecision> {
    const credential = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const principalKey = credential ? this.keyOf(credential) : undefined;
    const base = credential ? (credential.startsWith('agl_') ? this.defaults.apiKey : this.defaults.session) : this.defaults.anonymous;
    const applicable: { rule: RateLimitRule; key: string }[] = [{ rule: base, key: principalKey ?? clientIp }];
    for (const rule of this.routeRules) {
      if (rule.method && rule.method !== request.method) continue;
      if (!rule.pattern.test(path)) continue;
      applicable.push({ rule, key: rule.by === 'principal' && principalKey ? principalKey : clientIp });
    }
    let strictest: { rule: RateLimitRule; remaining: number; reset: number } | undefined;
    let refused: { reset: number } | undefined;
    for (const { rule, key } of applicable) {
      const { count, resetInSeconds } = await this.store.increment(`rl:${rule.name}:${key}`, rule.windowSeconds);
      const remaining = Math.max(0, rule.limit - count);
      if (!strictest || remaining < strictest.remaining) strictest = { rule, remaining, reset: resetInSeconds };
      if (count > rule.limit && (!refused || resetInSeconds > refused.reset)) refused = { reset: resetInSeconds };
    }
    const policies = applicable.map(({ rule }) => `"${rule.name}";q=${rule.limit};w=${rule.windowSeconds}`).join(', ');
    const headers: Record<string, string> = {
      'RateLimit-Policy': policies,
      RateLimit: `"${strictest!.rule.name}";r=${strictest!.remaining};t=${strictest!.reset}`,
    };
    if (refused) headers['Retry-After'] = String(refused.reset);
    return { allowed: !refused, headers, retryAfterSeconds: refused?.reset ?? 0 };
  }
}
