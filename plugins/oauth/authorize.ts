import { randomBytes } from 'node:crypto';
import { Elysia } from 'elysia';
import { DomainError } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import type { Principal } from '../../kernel/principal';
import { scopeCatalogue, unknownScopes } from '../../kernel/scopes';
import { ClientMetadataRefused, fetchClientMetadataDocument, isMetadataDocumentUrl, type ClientRecord } from './clients';
import { acceptableText } from './protocol';
import { resourceNamed, type protectedResources, type ProtectedResource } from './resources';
import { CHALLENGE_PATTERN, sameSecret } from './secrets';
import type { OAuthService } from './service';
import { consentWords, type ConsentWords } from './consent-text';
import { oauthSettings } from './settings';

type Resources = ReturnType<typeof protectedResources>;

const SESSION_COOKIE = 'cuadra_oauth_session';
const CSRF_COOKIE = 'cuadra_oauth_csrf';
const COOKIE_SECONDS = 3600;
/** The authorization request's parameters, carried through the sign-in and consent forms. */
const REQUEST_PARAMETERS = ['response_type', 'client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method', 'state', 'scope', 'resource'] as const;
/** Who may let a client act for them on a company: whoever may mint that company's API keys. */
const GRANT_PERMISSION = 'api_keys.manage';

interface AuthorizationRequest {
  client: ClientRecord;
  redirectUri: string;
  codeChallenge: string;
  state: string | null;
  scopes: string[];
  resource: ProtectedResource;
  params: Record<string, string>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const cookies = (request: Request): Record<string, string> => Object.fromEntries((request.headers.get('cookie') ?? '').split(';')
  .map((part) => part.trim().split('=')).filter((pair) => pair.length === 2 && pair[0]).map(([name, value]) => [name, decodeURIComponent(value)]));

/** A refusal shown on Cuadra's page: the client or its redirect URI cannot be trusted with it (RFC 6749 §4.1.2.1). */
class PageError extends Error {
  constructor(message: string, readonly status = 400) { super(message); }
}

/** A refusal sent back to the client at its redirect URI. */
class RedirectError extends Error {
  constructor(readonly error: string, message: string) { super(message); }
}

export function authorizeRoutes(kernel: Kernel, service: OAuthService, resources: Resources) {
  const base = kernel.config.publicUrl;
  const secure = base.startsWith('https:');
  const cookie = (name: string, value: string, maxAge: number) =>
    `${name}=${encodeURIComponent(value)}; Path=/oauth; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
  const catalogue = () => scopeCatalogue(kernel.permissions.all().keys());

  /** The client named by client_id: a metadata document (fetched now, or stored at the first step) or a registered client. */
  async function clientOf(clientId: string, fetchDocument: boolean): Promise<ClientRecord> {
    if (isMetadataDocumentUrl(clientId) && fetchDocument) {
      try {
        const client = await fetchClientMetadataDocument(clientId, kernel.settings(oauthSettings).OAUTH_ALLOW_LOOPBACK_CLIENT_METADATA);
        await service.saveClient(client);
        return client;
      } catch (error) {
        if (error instanceof ClientMetadataRefused) throw new PageError(`The client's metadata document cannot be used: ${error.message}`);
        throw error;
      }
    }
    const client = await service.client(clientId);
    if (!client) throw new PageError('Unknown client_id: register the client (POST /oauth/register) or use the URL of its metadata document');
    return client;
  }

  /** Checks an authorization request (RFC 6749 §4.1.1, PKCE, RFC 8707). */
  async function readRequest(params: Record<string, string>, fetchDocument: boolean): Promise<AuthorizationRequest> {
    if (!params.client_id) throw new PageError('client_id is required');
    const client = await clientOf(params.client_id, fetchDocument);
    const redirectUri = params.redirect_uri;
    if (!redirectUri) throw new PageError('redirect_uri is required');
    if (!client.redirectUris.includes(redirectUri)) throw new PageError('redirect_uri is not one the client registered');
    const state = params.state ?? null;
    const back = { client, redirectUri, state };
    try {
      if (params.response_type !== 'code') throw new RedirectError('unsupported_response_type', 'response_type must be code');
      if (params.code_challenge_method !== 'S256') throw new RedirectError('invalid_request', 'PKCE is required: code_challenge_method must be S256');
      if (!CHALLENGE_PATTERN.test(params.code_challenge ?? '')) throw new RedirectError('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters)');
      const resource = params.resource ? resourceNamed(resources, params.resource) : resources.api;
      if (!resource) throw new RedirectError('invalid_target', `resource must be ${resources.mcp.id} (the MCP server) or ${resources.api.id} (the REST API)`);
      const scopes = [...new Set((params.scope ?? '').split(' ').filter(Boolean))];
      const unknown = unknownScopes(scopes, kernel.permissions.all().keys());
      if (unknown.length) throw new RedirectError('invalid_scope', `Unknown scopes: ${unknown.join(', ')}`);
      return { ...back, codeChallenge: params.code_challenge, scopes, resource, params };
    } catch (error) {
      if (error instanceof RedirectError) throw Object.assign(error, { back });
      throw error;
    }
  }

  const redirectTo = (back: { redirectUri: string; state: string | null }, values: Record<string, string>) => {
    const url = new URL(back.redirectUri);
    for (const [name, value] of Object.entries(values)) url.searchParams.set(name, value);
    if (back.state !== null) url.searchParams.set('state', back.state);
    url.searchParams.set('iss', base);
    return new Response(null, { status: 303, headers: { location: url.href, 'cache-control': 'no-store' } });
  };

  const page = (w: ConsentWords, status: number, title: string, body: string, setCookies: string[] = []) => {
    const headers = new Headers({
      'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    });
    for (const value of setCookies) headers.append('set-cookie', value);
    return new Response(`<!doctype html>
<html lang="${w.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Cuadra</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}
fieldset{border:1px solid #ccc;margin:1rem 0;padding:.5rem 1rem}label{display:block;margin:.3rem 0}.error{color:#a00}
code{background:#f4f4f4;padding:0 .2rem}button{margin:.5rem .5rem 0 0;padding:.4rem 1rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>
`, { status, headers });
  };

  /** The CSRF value of this browser (double-submit: a cookie and the same value in each form). */
  const csrfOf = (request: Request) => {
    const existing = cookies(request)[CSRF_COOKIE];
    return existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? { value: existing, setCookie: [] } : (() => {
      const value = randomBytes(32).toString('base64url');
      return { value, setCookie: [cookie(CSRF_COOKIE, value, COOKIE_SECONDS)] };
    })();
  };

  const hidden = (params: Record<string, string>, csrf: string) => [
    ...REQUEST_PARAMETERS.filter((name) => params[name] !== undefined).map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name])}">`),
    `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`,
  ].join('');

  /** The person signed in on this browser (the session cookie), or null. */
  async function signedIn(request: Request, tenantId?: string): Promise<Principal | null> {
    const token = cookies(request)[SESSION_COOKIE];
    if (!token) return null;
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (tenantId) headers['x-tenant-id'] = tenantId;
    try {
      const principal = await kernel.authenticate(new Request(`${base}/oauth/authorize`, { headers }));
      return principal.kind === 'session' && !principal.passwordChangeRequired ? principal : null;
    } catch (error) {
      if (error instanceof DomainError && error.status < 500) return null;
      throw error;
    }
  }

  function signInPage(w: ConsentWords, request: AuthorizationRequest, csrf: { value: string; setCookie: string[] }, message?: string, status = 200) {
    const client = escapeHtml(request.client.clientName);
    return page(w, status, w.signInTitle(request.client.clientName), `
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<p>${w.signInIntro(client)}</p>
<form method="post" action="/oauth/authorize/sign-in">${hidden(request.params, csrf.value)}
<label>${w.email} <input type="email" name="email" autocomplete="username" required></label>
<label>${w.password} <input type="password" name="password" autocomplete="current-password" required></label>
<label>${w.mfaCode} <input type="text" name="mfa_code" inputmode="numeric" autocomplete="one-time-code"></label>
<button type="submit">${w.signIn}</button></form>`, csrf.setCookie);
  }

  async function consentPage(w: ConsentWords, person: Principal, request: AuthorizationRequest, csrf: { value: string; setCookie: string[] }, message?: string, status = 200) {
    const identity = kernel.service('identity');
    const allowed = kernel.permissions.rolesFor(GRANT_PERMISSION);
    const companies = (await identity.memberships(person.userId)).filter((m) => allowed.includes(m.role));
    const { client } = request;
    const origin = client.origin === 'metadata_document' ? w.fromDocument(escapeHtml(client.clientId)) : w.registered;
    const body = companies.length === 0
      ? `<p>${w.noCompany}</p>`
      : `${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<p>${w.consentIntro(escapeHtml(client.clientName), origin, escapeHtml(request.resource.id), escapeHtml(request.resource.name), escapeHtml(new URL(request.redirectUri).origin))}</p>
<form method="post" action="/oauth/authorize">${hidden(request.params, csrf.value)}
<fieldset><legend>${w.company}</legend>${companies.map((m, index) => `<label><input type="radio" name="tenant_id" value="${m.tenant_id}"${index === 0 ? ' checked' : ''}> ${escapeHtml(m.tenant_name)} (${w.yourRole(m.role)})</label>`).join('')}</fieldset>
<fieldset><legend>${w.scopes}</legend>${catalogue().map((scope) => `<label><input type="checkbox" name="grant_scope" value="${scope}"${request.scopes.includes(scope) ? ' checked' : ''}> <code>${scope}</code></label>`).join('')}</fieldset>
<button type="submit" name="decision" value="allow">${w.allow}</button><button type="submit" name="decision" value="deny">${w.deny}</button></form>`;
    return page(w, status, w.consentTitle(client.clientName), `${body}
<form method="post" action="/oauth/authorize/sign-out">${hidden(request.params, csrf.value)}<button type="submit">${w.signOut}</button></form>`, csrf.setCookie);
  }

  /** Runs a step of the flow, turning refusals into Cuadra's error page or a redirect to the client. */
  const step = async (request: Request, work: (w: ConsentWords) => Promise<Response>): Promise<Response> => {
    const w = consentWords(request);
    try {
      return await work(w);
    } catch (error) {
      if (error instanceof PageError) return page(w, error.status, w.refused, `<p class="error" role="alert">${escapeHtml(error.message)}</p>`);
      if (error instanceof RedirectError) return redirectTo((error as RedirectError & { back: AuthorizationRequest }).back, { error: error.error, error_description: error.message });
      throw error;
    }
  };

  /** A form post: its fields (a field sent twice is a list), after the CSRF check. */
  async function form(request: Request): Promise<URLSearchParams> {
    if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) throw new PageError('Send the form as application/x-www-form-urlencoded', 415);
    const fields = new URLSearchParams(await request.text());
    for (const [name, value] of fields) if (!acceptableText(value)) throw new PageError(`The field ${name} is too long or holds a NUL character`);
    const expected = cookies(request)[CSRF_COOKIE];
    if (!expected || !sameSecret(expected, fields.get('csrf') ?? '')) throw new PageError('This form has expired or did not come from this page: go back to the application and start again', 403);
    return fields;
  }
  const requestParams = (fields: URLSearchParams) =>
    Object.fromEntries(REQUEST_PARAMETERS.filter((name) => fields.has(name)).map((name) => [name, fields.get(name)!]));
  const backToAuthorize = (params: Record<string, string>, setCookies: string[]) => {
    const headers = new Headers({ location: `/oauth/authorize?${new URLSearchParams(params)}`, 'cache-control': 'no-store' });
    for (const value of setCookies) headers.append('set-cookie', value);
    return new Response(null, { status: 303, headers });
  };

  return new Elysia({ name: 'oauth:authorize' })
    .get('/oauth/authorize', ({ request }) => step(request, async (w) => {
      const query = new URL(request.url).searchParams;
      for (const name of REQUEST_PARAMETERS) {
        if (query.getAll(name).length > 1) throw new PageError(`The parameter ${name} is sent more than once`);
        if (!acceptableText(query.get(name) ?? '')) throw new PageError(`The parameter ${name} is too long or holds a NUL character`);
      }
      const authorization = await readRequest(Object.fromEntries(REQUEST_PARAMETERS.filter((n) => query.has(n)).map((n) => [n, query.get(n)!])), true);
      const csrf = csrfOf(request);
      const person = await signedIn(request);
      return person ? consentPage(w, person, authorization, csrf) : signInPage(w, authorization, csrf);
    }), { detail: { hide: true } })
    .post('/oauth/authorize/sign-in', ({ request }) => step(request, async (w) => {
      const fields = await form(request);
      const authorization = await readRequest(requestParams(fields), false);
      const csrf = csrfOf(request);
      try {
        const session = await kernel.service('identity').login({
          email: fields.get('email') ?? '', password: fields.get('password') ?? '', ...(fields.get('mfa_code') ? { mfa_code: fields.get('mfa_code')! } : {}),
        }, kernel.clientIp(request));
        const person = await kernel.authenticate(new Request(`${base}/oauth/authorize`, { headers: { authorization: `Bearer ${session.access_token}` } }));
        if (person.passwordChangeRequired) return signInPage(w, authorization, csrf, w.changePasswordFirst, 403);
        return backToAuthorize(authorization.params, [cookie(SESSION_COOKIE, session.access_token, COOKIE_SECONDS)]);
      } catch (error) {
        if (error instanceof DomainError && error.status < 500) return signInPage(w, authorization, csrf, error.message, error.status);
        throw error;
      }
    }), { parse: 'none', detail: { hide: true } })
    .post('/oauth/authorize/sign-out', ({ request }) => step(request, async () => {
      const fields = await form(request);
      return backToAuthorize(requestParams(fields), [cookie(SESSION_COOKIE, '', 0)]);
    }), { parse: 'none', detail: { hide: true } })
    .post('/oauth/authorize', ({ request }) => step(request, async (w) => {
      const fields = await form(request);
      const authorization = await readRequest(requestParams(fields), false);
      const csrf = csrfOf(request);
      const person = await signedIn(request);
      if (!person) return signInPage(w, authorization, csrf, w.sessionEnded, 401);
      if (fields.get('decision') !== 'allow') throw Object.assign(new RedirectError('access_denied', 'The person declined'), { back: authorization });
      const scopes = [...new Set(fields.getAll('grant_scope'))];
      const refused = unknownScopes(scopes, kernel.permissions.all().keys());
      const tenantId = fields.get('tenant_id') ?? '';
      const member = /^[0-9a-f-]{36}$/i.test(tenantId) ? await signedIn(request, tenantId) : null;
      const again = (message: string) => consentPage(w, person, { ...authorization, scopes: scopes.filter((s) => !refused.includes(s)) }, csrf, message, 422);
      if (!scopes.length || refused.length) return again(scopes.length ? `Unknown scopes: ${refused.join(', ')}` : w.chooseScope);
      if (!member || kernel.permissions.refusal(member, GRANT_PERMISSION)) return again(w.chooseCompany);
      const code = await service.grant(member, { client: authorization.client, scopes, resource: authorization.resource.id, redirectUri: authorization.redirectUri, codeChallenge: authorization.codeChallenge });
      return redirectTo(authorization, { code });
    }), { parse: 'none', detail: { hide: true } });
}
