import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Cuadra-Signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one `v1` per valid secret (two during a rotation). */
export function signatureHeader(body: string, secrets: string[], unixSeconds: number): string {
  const signed = `${unixSeconds}.${body}`;
  return [`t=${unixSeconds}`, ...secrets.map((secret) => `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`)].join(',');
}

/**
 * The receiver's check, as docs/webhooks.md shows it: some `v1` matches the HMAC of `"<t>.<raw
 * body>"` with the secret, and `t` is within `toleranceSeconds` of now (a replayed old delivery fails).
 */
export function verifySignature(body: string, header: string, secret: string, options: { toleranceSeconds?: number; now?: number } = {}): boolean {
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string]);
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (!Number.isInteger(t) || Math.abs(now - t) > (options.toleranceSeconds ?? 300)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts.some(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value) && timingSafeEqual(Buffer.from(value, 'hex'), expected));
}
