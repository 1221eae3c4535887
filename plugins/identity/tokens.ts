import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { Unauthorized } from '../../kernel/errors';

/** Lifetime of one token; a client gets a new one by logging in again (or switching company). */
export const SESSION_SECONDS = 3600;
/** A session ends this long after its login, whatever tokens it was handed since. */
export const MAX_SESSION_SECONDS = 12 * 3600;
/** Clocks of other issuers may run this far ahead; a token issued later than that is refused. */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * `jti` names the token, `sid` the session it belongs to (the login that started it, kept when
 * switching company) and `auth_time` when that login happened. Tokens from before sessions had
 * ids carry neither: their `jti` and `iat` stand in.
 */
export interface SessionClaims { sub: string; tid: string | null; sv: number; jti: string; iat: number; exp: number; sid: string; auth_time: number }

/** The session a new token continues (switching company), or none for a fresh login. */
export interface SessionOrigin { sessionId: string; startedAt: number }

/** HS256 session tokens. Only HS256 verifies: `alg: none` and every other algorithm are refused. */
export class SessionTokens {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: string, tenantId: string | null, securityVersion: number, origin?: SessionOrigin): Promise<{ access_token: string; token_type: 'bearer'; expires_in: number }> {
    const now = Math.floor(Date.now() / 1000);
    const startedAt = origin ? Math.floor(origin.startedAt / 1000) : now;
    const expiresIn = Math.min(SESSION_SECONDS, startedAt + MAX_SESSION_SECONDS - now);
    if (expiresIn <= 0) throw new Unauthorized('Session expired');
    const token = await new SignJWT({ tid: tenantId, sv: securityVersion, sid: origin?.sessionId ?? crypto.randomUUID(), auth_time: startedAt })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .setJti(crypto.randomUUID())
      .sign(this.key);
    return { access_token: token, token_type: 'bearer', expires_in: expiresIn };
  }

  async verify(token: string): Promise<SessionClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['sub', 'exp', 'iat', 'jti'] });
      if (typeof payload.sv !== 'number') throw new Unauthorized('Invalid session token');
      const claims = { ...payload, sid: payload.sid ?? payload.jti, auth_time: payload.auth_time ?? payload.iat } as SessionClaims;
      if (typeof claims.sid !== 'string' || typeof claims.auth_time !== 'number') throw new Unauthorized('Invalid session token');
      const now = Date.now() / 1000;
      if (claims.iat > now + CLOCK_SKEW_SECONDS || claims.auth_time > now + CLOCK_SKEW_SECONDS) throw new Unauthorized('Invalid session token');
      // Whatever `exp` says, a session (and so any token of it) ends MAX_SESSION_SECONDS after its login.
      if (now - Math.min(claims.auth_time, claims.iat) > MAX_SESSION_SECONDS) throw new Unauthorized('Session expired');
      return claims;
    } catch (error) {
      if (error instanceof Unauthorized) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new Unauthorized('Session expired');
      throw new Unauthorized('Invalid session token');
    }
  }
}

/** A random URL-safe secret (256 bits) and the SHA-256 we store instead of it. */
export function newSecret(prefix = ''): { value: string; hash: string } {
  const value = prefix + randomBytes(32).toString('base64url');
  return { value, hash: sha256(value) };
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
