/**
 * Cross-origin access for browser front ends served from other origins (`CORS_ORIGINS`, none by
 * default). Applied in the request pipeline around the app, so that every answer an allowed origin
 * gets carries the headers, including a 429 of the rate limiter; a preflight is answered before
 * rate limits and routes. Requests from other origins get no CORS header at all, so browsers keep
 * them from reading anything. Credentials travel in the `authorization` header, never in cookies,
 * so `Access-Control-Allow-Credentials` is not needed.
 */
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'authorization, content-type, idempotency-key, x-request-id, accept, accept-language, x-read-from';
/** Response headers a browser script may read besides the safelisted ones. */
const EXPOSED_HEADERS = 'x-request-id, ratelimit, ratelimit-policy, retry-after, content-disposition, location, idempotent-replayed, x-access-token, x-verifactu-records, x-verifactu-batches, x-verifactu-batch';

export class CorsPolicy {
  private readonly origins: ReadonlySet<string>;
  private readonly any: boolean;

  /** `origins`: exact origins (`https://app.example.com`), or `*` for any origin. */
  constructor(origins: readonly string[]) {
    const list = origins.map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean);
    this.any = list.includes('*');
    this.origins = new Set(list.map((o) => o.toLowerCase()));
  }

  get enabled(): boolean {
    return this.any || this.origins.size > 0;
  }

  private allowedOrigin(request: Request): string | null {
    const origin = request.headers.get('origin');
    if (!origin) return null;
    return this.any || this.origins.has(origin.toLowerCase()) ? origin : null;
  }

  /** The answer to a preflight from an allowed origin; null for anything else (handled as usual). */
  preflight(request: Request): Response | null {
    if (request.method !== 'OPTIONS' || !request.headers.has('access-control-request-method')) return null;
    const origin = this.allowedOrigin(request);
    if (!origin) return null;
    return new Response(null, {
      status: 204,
      headers: {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': '600',
        vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
      },
    });
  }

  /** Adds the CORS headers to a response for an allowed origin (in place). */
  decorate(request: Request, response: Response): void {
    if (!this.enabled) return;
    const origin = this.allowedOrigin(request);
    const vary = response.headers.get('vary');
    if (!/\borigin\b/i.test(vary ?? '')) response.headers.set('vary', vary ? `${vary}, Origin` : 'Origin');
    if (!origin) return;
    response.headers.set('access-control-allow-origin', origin);
    response.headers.set('access-control-expose-headers', EXPOSED_HEADERS);
  }
}

/** `CORS_ORIGINS`: comma-separated origins. */
export const parseOrigins = (value: string | undefined): string[] => (value ?? '').split(',').map((o) => o.trim()).filter(Boolean);
