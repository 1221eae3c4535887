import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { startTestApp, type TestApp } from './app';

export interface GoogleClaims { sub?: string; email?: string; email_verified?: boolean; name?: string; aud?: string; iss?: string; iat?: number; exp?: number }

/**
 * A stand-in for Google's identity platform: RSA keys of the test's own, their JWKS served over a
 * real local HTTP server, and ID tokens signed with them.
 */
export async function startGoogleIdp() {
  const keys: { kid: string; privateKey: CryptoKey; jwk: JWK }[] = [];
  let fetches = 0;
  const newKey = async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    return { kid: crypto.randomUUID(), privateKey, jwk: await exportJWK(publicKey) };
  };
  const addKey = async () => { const key = await newKey(); keys.push(key); return key.kid; };
  await addKey();
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch() {
      fetches++;
      return Response.json({ keys: keys.map((k) => ({ ...k.jwk, kid: k.kid, alg: 'RS256', use: 'sig' })) });
    },
  });
  const clientId = `cuadra-test-${crypto.randomUUID().slice(0, 8)}.apps.googleusercontent.com`;
  const issuer = 'https://accounts.google.com';

  const signWith = (privateKey: CryptoKey, kid: string, claims: GoogleClaims) => {
    const now = Math.floor(Date.now() / 1000);
    const { sub, aud, iss, iat, exp, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setSubject(sub ?? String(Math.floor(Math.random() * 1e15)))
      .setAudience(aud ?? clientId)
      .setIssuer(iss ?? issuer)
      .setIssuedAt(iat ?? now)
      .setExpirationTime(exp ?? now + 3600)
      .sign(privateKey);
  };

  return {
    clientId,
    issuer,
    jwksUrl: `http://127.0.0.1:${server.port}/oauth2/v3/certs`,
    get fetches() { return fetches; },
    addKey,
    /** An ID token signed with the newest published key (or the key `kid`). */
    sign(claims: GoogleClaims, kid?: string) {
      const key = kid ? keys.find((k) => k.kid === kid)! : keys[keys.length - 1];
      return signWith(key.privateKey, key.kid, claims);
    },
    /** A token claiming a published `kid` but signed with another private key (bad signature). */
    async forge(claims: GoogleClaims) {
      const impostor = await newKey();
      return signWith(impostor.privateKey, keys[0].kid, claims);
    },
    stop: () => server.stop(true),
  };
}

export type GoogleIdp = Awaited<ReturnType<typeof startGoogleIdp>>;

/** Starts the app with Google sign-in pointed at `idp`. */
export async function startTestAppWithGoogle(idp: GoogleIdp, options: Parameters<typeof startTestApp>[0] = {}): Promise<TestApp> {
  return startTestApp({ ...options, env: { ...options.env, GOOGLE_CLIENT_ID: idp.clientId, GOOGLE_JWKS_URL: idp.jwksUrl } });
}
