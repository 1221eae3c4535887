import { createHash } from 'node:crypto';
import type { Database } from './database';

const TTL_HOURS = 24;
const MAX_KEY_LENGTH = 255;
const json = (status: number, detail: unknown) => new Response(JSON.stringify({ detail }), { status, headers: { 'content-type': 'application/json' } });
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

interface StoredResponse { fingerprint: string; status: number | null; headers: Record<string, string> | null; body: Uint8Array | null }

/**
 * Idempotency-Key on POST: the first response is stored per (principal, key) for 24 hours with a
 * fingerprint of the request. A replay returns it with `Idempotent-Replayed: true`; the same key
 * with another request is 422; a duplicate arriving while the first is still running is 409.
 * The claim is a row insert, so the guarantee holds across instances sharing the database.
 * Server errors (5xx) are not stored: the client may retry them with the same key.
 */
export class IdempotencyGuard {
  constructor(private readonly db: Database) {}

  async handle(request: Request, clientIp: string, next: (request: Request) => Promise<Response>): Promise<Response> {
    const key = request.headers.get('idempotency-key');
    if (request.method !== 'POST' || key === null) return next(request);
    if (!key.trim() || key.length > MAX_KEY_LENGTH) {
      return json(422, [{ loc: ['header', 'idempotency-key'], msg: `Idempotency-Key must have 1 to ${MAX_KEY_LENGTH} characters`, type: 'value_error' }]);
    }
    const body = new Uint8Array(await request.arrayBuffer());
    const url = new URL(request.url);
    const fingerprint = sha256(`${request.method} ${url.pathname}${url.search}\n${request.headers.get('content-type') ?? ''}\n`) + sha256(body);
    const credential = request.headers.get('authorization');
    const scope = credential ? `cred:${sha256(credential)}` : `ip:${clientIp}`;
    const replayable = new Request(request.url, { method: request.method, headers: request.headers, body });

    const connection = () => this.db.orm.em.fork().getConnection();
    const claimed = await connection().execute<{ key: string }[]>(
      `insert into idempotency_keys (scope, key, fingerprint, expires_at) values (?, ?, ?, now() + interval '${TTL_HOURS} hours')
       on conflict (scope, key) do update set fingerprint = excluded.fingerprint, status = null, headers = null, body = null,
         created_at = now(), expires_at = excluded.expires_at
       where idempotency_keys.expires_at < now()
          -- a claim whose instance died mid-request is taken over after five minutes
          or (idempotency_keys.status is null and idempotency_keys.created_at < now() - interval '5 minutes')
       returning key`, [scope, key, fingerprint]);

    if (claimed.length === 0) {
      const [stored] = await connection().execute<StoredResponse[]>(
        'select fingerprint, status, headers, body from idempotency_keys where scope = ? and key = ?', [scope, key]);
      if (!stored) return json(409, 'A request with this Idempotency-Key is being processed; retry shortly');
      if (stored.fingerprint !== fingerprint) {
        return json(422, [{ loc: ['header', 'idempotency-key'], msg: 'This Idempotency-Key was used with a different request', type: 'value_error.idempotency_key_reused' }]);
      }
      if (stored.status === null) return json(409, 'A request with this Idempotency-Key is being processed; retry shortly');
      return new Response(stored.body && stored.body.length ? stored.body : null, { status: stored.status, headers: { ...stored.headers, 'idempotent-replayed': 'true' } });
    }

    let response: Response;
    try {
      response = await next(replayable);
    } catch (error) {
      await connection().execute('delete from idempotency_keys where scope = ? and key = ?', [scope, key]);
      throw error;
    }
    if (response.status >= 500) {
      await connection().execute('delete from idempotency_keys where scope = ? and key = ?', [scope, key]);
      return response;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => { if (!/^(ratelimit|ratelimit-policy|retry-after|x-request-id|set-cookie)$/i.test(name)) headers[name] = value; });
    await connection().execute('update idempotency_keys set status = ?, headers = ?, body = ? where scope = ? and key = ?',
      [response.status, JSON.stringify(headers), Buffer.from(bytes), scope, key]);
    return new Response(bytes.length ? bytes : null, { status: response.status, headers: response.headers });
  }

  /** Removes expired keys; called periodically. */
  async purgeExpired(): Promise<void> {
    await this.db.orm.em.fork().getConnection().execute('delete from idempotency_keys where expires_at < now()');
  }
}
