import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { Unauthorized } from '../../kernel/errors';

export const SESSION_SECONDS = 3600;

export interface SessionClaims { sub: string; tid: string | null; sv: number; jti: string; iat: number; exp: number }

/** HS256 session tokens. Only HS256 verifies: `alg: none` and every other algorithm are refused. */
export class SessionTokens {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: string, tenantId: string | null, securityVersion: number): Promise<{ access_token: string; token_type: 'bearer'; expires_in: number }> {
    const token = await new SignJWT({ tid: tenantId, sv: securityVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${SESSION_SECONDS}s`)
      .setJti(crypto.randomUUID())
      .sign(this.key);
    return { access_token: token, token_type: 'bearer', expires_in: SESSION_SECONDS };
  }

  async verify(token: string): Promise<SessionClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['sub', 'exp', 'iat', 'jti'] });
      if (typeof payload.sv !== 'number') throw new Unauthorized('Invalid session token');
      return payload as unknown as SessionClaims;
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
