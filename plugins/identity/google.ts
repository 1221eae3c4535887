import { Type } from '@sinclair/typebox';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { DomainError, Unauthorized } from '../../kernel/errors';
import { defineSettings, type SettingsValues } from '../../kernel/settings';

export const DEFAULT_GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const DEFAULT_GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export class ServiceUnavailable extends DomainError { override readonly status = 503; }

/** Google sign-in, configured by the identity plugin's environment variables (validated at start-up). */
export const googleSettings = defineSettings({
  GOOGLE_CLIENT_ID: Type.Optional(Type.String({ description: 'the OAuth client id; unset, POST /auth/google answers 503' })),
  GOOGLE_JWKS_URL: Type.String({ default: DEFAULT_GOOGLE_JWKS_URL, pattern: '^https?://\\S+$', description: "an http(s) URL of Google's key set" }),
  GOOGLE_ISSUERS: Type.String({ default: DEFAULT_GOOGLE_ISSUERS.join(','), description: 'accepted issuers, comma-separated' }),
});

export interface GoogleSettings { clientId?: string; jwksUrl: string; issuers: string[] }

export function googleSettingsFrom(values: SettingsValues<typeof googleSettings>): GoogleSettings {
  const issuers = values.GOOGLE_ISSUERS.split(',').map((s) => s.trim()).filter(Boolean);
  return { clientId: values.GOOGLE_CLIENT_ID, jwksUrl: values.GOOGLE_JWKS_URL, issuers: issuers.length ? issuers : DEFAULT_GOOGLE_ISSUERS };
}

export interface GoogleIdentity { sub: string; email: string | null; emailVerified: boolean; name: string | null; issuedAt: number }

/**
 * Verifies Google ID tokens: RS256 signature against the JWKS (cached by jose and fetched again,
 * at most once a second, when a token names an unknown `kid`), `iss`, `aud` = our client id, `exp`.
 * Key material comes only from the configured JWKS URL; `jku`/`x5u`/`jwk` headers are ignored.
 */
export class GoogleIdTokens {
  private readonly jwks?: ReturnType<typeof createRemoteJWKSet>;

  constructor(readonly settings: GoogleSettings) {
    if (settings.clientId) {
      this.jwks = createRemoteJWKSet(new URL(settings.jwksUrl), { cooldownDuration: 1000, cacheMaxAge: 10 * 60_000, timeoutDuration: 5000 });
    }
  }

  get configured() { return !!this.jwks; }

  async verify(idToken: string): Promise<GoogleIdentity> {
    if (!this.jwks) throw new ServiceUnavailable('Google sign-in is not configured on this server (GOOGLE_CLIENT_ID)');
    try {
      const { payload } = await jwtVerify(idToken, this.jwks, {
        algorithms: ['RS256'], issuer: this.settings.issuers, audience: this.settings.clientId, requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || !payload.sub || payload.sub.length > 255) throw new Unauthorized('Invalid Google ID token');
      const email = typeof payload.email === 'string' && payload.email.length <= 254 ? payload.email.trim().toLowerCase() : null;
      return {
        sub: payload.sub,
        email,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: typeof payload.name === 'string' ? payload.name.slice(0, 200) : null,
        issuedAt: payload.iat!,
      };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (error instanceof joseErrors.JWKSTimeout || (error instanceof joseErrors.JOSEError && error.code === 'ERR_JWKS_INVALID')) {
        throw new ServiceUnavailable('Google keys could not be fetched; try again later');
      }
      if (error instanceof joseErrors.JOSEError) throw new Unauthorized(error instanceof joseErrors.JWTExpired ? 'The Google ID token has expired' : 'Invalid Google ID token');
      // fetch failures (network) surface as TypeError from fetch
      throw new ServiceUnavailable('Google keys could not be fetched; try again later');
    }
  }
}
