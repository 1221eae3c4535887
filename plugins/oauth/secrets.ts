import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Prefixes make a leaked value recognisable (secret scanners) and route a bearer to its authenticator. */
export const ACCESS_TOKEN_PREFIX = 'cqo_at_';
export const REFRESH_TOKEN_PREFIX = 'cqo_rt_';
export const CODE_PREFIX = 'cqo_ac_';

/** A random URL-safe value (256 bits) and the SHA-256 stored instead of it. */
export function newOpaque(prefix: string): { value: string; hash: string } {
  const value = prefix + randomBytes(32).toString('base64url');
  return { value, hash: sha256Hex(value) };
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * PKCE with S256 (RFC 7636 §4.6): the challenge is base64url(SHA-256(verifier)). A verifier is
 * 43 to 128 characters of [A-Za-z0-9-._~] (§4.1); anything else never matches.
 */
export const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
export const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER_PATTERN.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/** Constant-time comparison of two strings (CSRF tokens). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
