/**
 * OAuth for agent clients, end to end with browser-less clients: the official MCP SDK's OAuth client
 * (discovery, dynamic registration, PKCE, code exchange, then tool calls over /mcp), and a client
 * identified by its metadata document served from an in-process HTTP server (PKCE refused with the
 * wrong verifier, refresh rotation and reuse detection, revocation). A person signs in and consents
 * on Cuadra's own pages, driven by fetch with a cookie jar. Tokens act on one company and one resource.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { ClientMetadataRefused, fetchClientMetadataDocument, metadataUrlRefusal } from '../../../plugins/oauth/clients';
import { startTestApp, type TestApp } from '../../support/app';
import { COMPANY_ADDRESS, createCompany, type TestCompany } from '../../support/factories';
import { addMember } from '../../support/team';

const BASE = 'http://api.cuadra.test';
let app: TestApp;
let company: TestCompany;
let secondCompanyId: string;
let stranger: TestCompany;
let metadataServer: ReturnType<typeof Bun.serve>;
let metadataClientId: string;
const REDIRECT = 'http://127.0.0.1:53682/callback';

/** fetch into the app (any host: the app answers as PUBLIC_URL), from one fixed address. */
const appFetch = (url: string | URL, init?: RequestInit) => app.handle(new Request(String(url), init), '203.0.113.7');

/** A user agent without JavaScript: follows nothing by itself, keeps cookies, reads forms. */
class Browser {
  private readonly jar = new Map<string, string>();
  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await appFetch(new URL(url, BASE).href, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = pair.split('=');
      if (attributes.some((a) => a.trim() === 'Max-Age=0')) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }
  /** Submits the page's form whose action is `action`, with its hidden fields and `fields`. */
  async submit(html: string, action: string, fields: [string, string][]): Promise<Response> {
    const form = html.split('<form').find((part) => part.includes(`action="${action}"`));
    if (!form) throw new Error(`No form posting to ${action} in:\n${html}`);
    const body = new URLSearchParams();
    for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) body.append(match[1], unescape(match[2]));
    for (const [name, value] of fields) body.append(name, value);
    return this.go(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  }
}
const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const browser = new Browser();
const jsonOf = (response: Response): Promise<any> => response.json();

/** Signs in when asked, consents with `scopes` on `tenantId`; answers the redirect back to the client. */
async function consent(authorizationUrl: string, tenantId: string, scopes: string[], as: { browser: Browser; email: string; password: string } = { browser, ...company }): Promise<URL> {
  const { browser } = as;
  let page = await browser.go(authorizationUrl);
  let html = await page.text();
  if (html.includes('action="/oauth/authorize/sign-in"')) {
    expect(page.status).toBe(200);
    page = await browser.submit(html, '/oauth/authorize/sign-in', [['email', as.email], ['password', as.password]]);
    expect(page.status).toBe(303);
    page = await browser.go(page.headers.get('location')!);
    html = await page.text();
  }
  expect(page.status).toBe(200);
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  expect(html).toContain('<button type="submit" name="decision" value="allow">Permitir</button>');
  const answer = await browser.submit(html, '/oauth/authorize', [['tenant_id', tenantId], ...scopes.map((s): [string, string] => ['grant_scope', s]), ['decision', 'allow']]);
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!);
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const authorizeUrl = (params: Record<string, string>) => `${BASE}/oauth/authorize?${new URLSearchParams({ response_type: 'code', code_challenge_method: 'S256', ...params })}`;

const tokenRequest = (params: Record<string, string>) => appFetch(`${BASE}/oauth/token`, {
  method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params),
});

/** The metadata-document client through consent and code exchange: its tokens. */
async function metadataClientTokens(tenantId: string, scopes: string[], resource: string, as?: Parameters<typeof consent>[3]) {
  const { verifier, challenge } = pkce();
  const back = await consent(authorizeUrl({ client_id: metadataClientId, redirect_uri: REDIRECT, code_challenge: challenge, state: 's1', scope: scopes.join(' '), resource }), tenantId, scopes, as);
  expect(back.searchParams.get('state')).toBe('s1');
  expect(back.searchParams.get('iss')).toBe(BASE);
  const res = await tokenRequest({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT, client_id: metadataClientId, code_verifier: verifier, resource });
  expect(res.status).toBe(200);
  return jsonOf(res) as Promise<{ access_token: string; refresh_token: string; scope: string; expires_in: number; token_type: string }>;
}

beforeAll(async () => {
  app = await startTestApp({ env: { OAUTH_ALLOW_LOOPBACK_CLIENT_METADATA: 'true' } });
  company = await createCompany(app);
  const second = await app.post('/api/v1/auth/tenants', { name: 'Segunda Empresa SL', tax_id: 'B65410011', ...COMPANY_ADDRESS }, company.token);
  expect(second.status).toBe(201);
  secondCompanyId = second.body.tenant.id;
  stranger = await createCompany(app, 'Ajena SL', 'A58818501');
  metadataServer = Bun.serve({
    hostname: '127.0.0.1', port: 0,
    fetch: (request) => new URL(request.url).pathname === '/client.json'
      ? Response.json({ client_id: metadataClientId, client_name: 'Agente de pruebas', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] })
      : new Response('not found', { status: 404 }),
  });
  metadataClientId = `http://127.0.0.1:${metadataServer.port}/client.json`;
}, 600_000);
afterAll(async () => {
  metadataServer?.stop(true);
  await app?.close();
});

test('the MCP SDK client discovers Cuadra, registers, gets consent and calls tools on the company it was granted', async () => {
  const anonymous = await appFetch(`${BASE}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${BASE}/.well-known/oauth-protected-resource/mcp"`);
  const resource = await jsonOf(await appFetch(`${BASE}/.well-known/oauth-protected-resource/mcp`));
  expect(resource).toMatchObject({ resource: `${BASE}/mcp`, authorization_servers: [BASE], bearer_methods_supported: ['header'] });
  expect(resource.scopes_supported).toContain('contacts:write');
  const server = await jsonOf(await appFetch(`${BASE}/.well-known/oauth-authorization-server`));
  expect(server).toMatchObject({ issuer: BASE, code_challenge_methods_supported: ['S256'], client_id_metadata_document_supported: true, token_endpoint_auth_methods_supported: ['none'] });
  expect((await jsonOf(await appFetch(`${BASE}/.well-known/oauth-protected-resource`))).resource).toBe(BASE);

  let saved: { client?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string; redirectedTo?: URL } = {};
  const provider: OAuthClientProvider = {
    redirectUrl: REDIRECT,
    clientMetadata: { client_name: 'SDK agent', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' },
    clientInformation: () => saved.client,
    saveClientInformation: (client) => { saved.client = client; },
    tokens: () => saved.tokens,
    saveTokens: (tokens) => { saved.tokens = tokens; },
    redirectToAuthorization: async (url) => { saved.redirectedTo = await consent(url.href, company.tenantId, ['*:read', 'contacts:write']); },
    saveCodeVerifier: (verifier) => { saved.verifier = verifier; },
    codeVerifier: () => saved.verifier!,
  };
  expect(await auth(provider, { serverUrl: `${BASE}/mcp`, fetchFn: appFetch })).toBe('REDIRECT');
  expect(saved.client?.client_id).toMatch(/^cuadra-client-/);
  const code = saved.redirectedTo!.searchParams.get('code')!;
  expect(await auth(provider, { serverUrl: `${BASE}/mcp`, authorizationCode: code, fetchFn: appFetch })).toBe('AUTHORIZED');
  expect(saved.tokens).toMatchObject({ token_type: 'Bearer', scope: '*:read contacts:write' });

  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), { authProvider: provider, fetch: appFetch });
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    const who = JSON.parse(((await client.callTool({ name: 'whoami', arguments: {} })).content as { text: string }[])[0].text);
    expect(who).toMatchObject({ credential: 'api_key', tenant_id: company.tenantId, role: 'owner', scopes: ['*:read', 'contacts:write'] });
    expect(who.company_name).toBeTruthy();
    const created = await client.callTool({ name: 'contacts_create', arguments: { body: { kind: 'customer', name: 'Cliente OAuth SL' } } });
    expect(created.isError).toBeFalsy();
    // the scopes granted shape the tools: contacts may be written, invoices only read
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['contacts_create', 'invoices_list']));
    expect(names).not.toContain('invoices_create');
  } finally {
    await client.close();
  }
  // the MCP token is for /mcp: presented to the REST API directly it is refused
  const direct = await appFetch(`${BASE}/api/v1/contacts`, { headers: { authorization: `Bearer ${saved.tokens!.access_token}` } });
  expect(direct.status).toBe(401);
  expect(direct.headers.get('www-authenticate')).toBe(`Bearer error="invalid_token", resource_metadata="${BASE}/.well-known/oauth-protected-resource"`);
  // the contact exists in the granted company only
  const mine = await app.get('/api/v1/contacts?q=OAuth', company.token);
  expect(mine.body.items.map((c: any) => c.name)).toContain('Cliente OAuth SL');
  const switched = await app.post('/api/v1/auth/switch-tenant', { tenant_id: secondCompanyId }, company.token);
  expect((await app.get('/api/v1/contacts?q=OAuth', switched.body.access_token)).body.items).toEqual([]);
}, 120_000);

test('a metadata-document client: wrong PKCE verifier refused, code single-use, refresh rotates and a reused refresh token revokes the family', async () => {
  const { verifier, challenge } = pkce();
  const back = await consent(authorizeUrl({ client_id: metadataClientId, redirect_uri: REDIRECT, code_challenge: challenge, resource: BASE }), company.tenantId, ['contacts:read']);
  const code = back.searchParams.get('code')!;
  const wrong = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: metadataClientId, code_verifier: pkce().verifier });
  expect(wrong.status).toBe(400);
  expect(await jsonOf(wrong)).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('PKCE') });
  const again = await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: metadataClientId, code_verifier: verifier });
  expect((await jsonOf(again)).error).toBe('invalid_grant');

  const first = await metadataClientTokens(company.tenantId, ['contacts:read'], BASE);
  expect(first).toMatchObject({ token_type: 'Bearer', scope: 'contacts:read', expires_in: 3600 });
  expect((await app.get('/api/v1/contacts', first.access_token)).status).toBe(200);
  expect((await app.post('/api/v1/contacts', { kind: 'customer', name: 'No' }, first.access_token)).status).toBe(403);

  const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: metadataClientId });
  expect(refreshed.status).toBe(200);
  const second = await jsonOf(refreshed);
  expect(second.refresh_token).not.toBe(first.refresh_token);
  expect((await app.get('/api/v1/contacts', second.access_token)).status).toBe(200);

  const replay = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: metadataClientId });
  expect(replay.status).toBe(400);
  expect((await jsonOf(replay)).error).toBe('invalid_grant');
  expect((await app.get('/api/v1/contacts', second.access_token)).status).toBe(401);
  expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: second.refresh_token, client_id: metadataClientId })).status).toBe(400);

  // two refreshes racing with one token: the second is reuse and ends the family, whatever the winner got
  const racing = await metadataClientTokens(company.tenantId, ['contacts:read'], BASE);
  const raced = await Promise.all([1, 2].map(() => tokenRequest({ grant_type: 'refresh_token', refresh_token: racing.refresh_token, client_id: metadataClientId })));
  expect(raced.filter((res) => res.status === 400).length).toBeGreaterThanOrEqual(1);
  for (const res of raced.filter((r) => r.status === 200)) {
    const winner = await jsonOf(res);
    expect((await app.get('/api/v1/contacts', winner.access_token)).status).toBe(401);
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: winner.refresh_token, client_id: metadataClientId })).status).toBe(400);
  }
}, 120_000);

test('audience and company: a REST token is refused at /mcp, a token never acts on another company, grants are listed and revoked with API keys', async () => {
  const tokens = await metadataClientTokens(company.tenantId, ['*:read'], BASE);
  const atMcp = await appFetch(`${BASE}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
  expect(atMcp.status).toBe(401);
  expect(atMcp.headers.get('www-authenticate')).toContain('error="invalid_token"');
  const otherResource = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: metadataClientId, resource: `${BASE}/mcp` });
  expect((await jsonOf(otherResource)).error).toBe('invalid_target');

  // the person owns the second company too, yet the token is for the first only
  const elsewhere = await app.get('/api/v1/contacts', tokens.access_token, { 'x-tenant-id': secondCompanyId });
  expect(elsewhere.status).toBe(403);
  expect((await app.get('/api/v1/contacts', tokens.access_token, { 'x-tenant-id': stranger.tenantId })).status).toBe(403);

  const listed = await app.get('/api/v1/auth/oauth-grants', company.token);
  expect(listed.status).toBe(200);
  const grant = listed.body.find((g: any) => g.scopes.join() === '*:read' && g.resource === BASE);
  expect(grant).toMatchObject({ client_id: metadataClientId, client_name: 'Agente de pruebas', user_id: company.userId });
  expect((await app.get('/api/v1/auth/api-keys', company.token)).status).toBe(200);
  // another company's owner neither sees nor revokes it
  expect((await app.get('/api/v1/auth/oauth-grants', stranger.token)).body).toEqual([]);
  expect((await app.del(`/api/v1/auth/oauth-grants/${grant.grant_id}`, stranger.token)).status).toBe(404);
  expect((await app.get('/api/v1/contacts', tokens.access_token)).status).toBe(200);

  expect((await app.del(`/api/v1/auth/oauth-grants/${grant.grant_id}`, company.token)).status).toBe(204);
  expect((await app.get('/api/v1/contacts', tokens.access_token)).status).toBe(401);
  expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: metadataClientId })).status).toBe(400);
  expect((await app.get('/api/v1/auth/oauth-grants', company.token)).body.map((g: any) => g.grant_id)).not.toContain(grant.grant_id);

  // RFC 7009 revocation by the client ends its token family
  const revocable = await metadataClientTokens(company.tenantId, ['contacts:read'], BASE);
  const revoked = await appFetch(`${BASE}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: revocable.refresh_token, client_id: metadataClientId }) });
  expect(revoked.status).toBe(200);
  expect((await app.get('/api/v1/contacts', revocable.access_token)).status).toBe(401);
}, 120_000);

test('a grant with the drafts scope prepares; its deletions wait for a person, run once as the grant, and not after the grant is revoked', async () => {
  const tokens = await metadataClientTokens(company.tenantId, ['drafts', 'contacts:write'], BASE);
  const made = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Borrador OAuth SL' }, tokens.access_token);
  expect(made.status).toBe(201);
  const held = await app.del(`/api/v1/contacts/${made.body.id}`, tokens.access_token);
  expect(held.status).toBe(202);
  expect(held.body).toMatchObject({ status: 'pending', effect: 'delete', method: 'DELETE' });
  // the agent sees what it asked for; the contact is still there
  expect((await app.get('/api/v1/approvals', tokens.access_token)).body.items.map((a: any) => a.id)).toEqual([held.body.id]);
  expect((await app.get(`/api/v1/contacts/${made.body.id}`, company.token)).status).toBe(200);
  const approved = await app.post(`/api/v1/approvals/${held.body.id}/approve`, undefined, company.token);
  expect(approved.status).toBe(200);
  expect(approved.body).toMatchObject({ status: 'approved', result: { status: 204 } });
  expect((await app.get(`/api/v1/contacts/${made.body.id}`, company.token)).status).toBe(404);

  // revoked before the decision: the approval cannot run as a grant that no longer acts
  const other = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Otro borrador SL' }, tokens.access_token);
  const heldAgain = await app.del(`/api/v1/contacts/${other.body.id}`, tokens.access_token);
  expect(heldAgain.status).toBe(202);
  const grant = (await app.get('/api/v1/auth/oauth-grants', company.token)).body.find((g: any) => g.scopes.includes('drafts'));
  expect((await app.del(`/api/v1/auth/oauth-grants/${grant.grant_id}`, company.token)).status).toBe(204);
  const refused = await app.post(`/api/v1/approvals/${heldAgain.body.id}/approve`, undefined, company.token);
  expect(refused.status).toBe(409);
  expect((await app.get(`/api/v1/contacts/${other.body.id}`, company.token)).status).toBe(200);
}, 120_000);

test('a token acts with the person\'s current role: lowered, it is lowered; removed from the company, it ends', async () => {
  const member = await addMember(app, company.token, 'accountant');
  const tokens = await metadataClientTokens(company.tenantId, ['*:write'], BASE, { browser: new Browser(), email: member.email, password: member.password });
  expect((await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente del contable SL' }, tokens.access_token)).status).toBe(201);
  expect((await app.patch(`/api/v1/team/members/${member.userId}`, { role: 'viewer' }, company.token)).status).toBe(200);
  const lowered = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Otro SL' }, tokens.access_token);
  expect(lowered.status).toBe(403);
  expect(lowered.body.detail).toMatch(/role \(viewer\)/);
  expect((await app.del(`/api/v1/team/members/${member.userId}`, company.token)).status).toBe(204);
  expect((await app.get('/api/v1/contacts', tokens.access_token)).status).toBe(401);

  // a person still on a temporary password is asked to change it first, not let through
  const temporary = await app.post('/api/v1/team/members/quick-create', { email: `temporal-${Date.now()}@example.com`, role: 'member', full_name: 'Temporal' }, company.token);
  const fresh = new Browser();
  const { challenge } = pkce();
  const signIn = await (await fresh.go(authorizeUrl({ client_id: metadataClientId, redirect_uri: REDIRECT, code_challenge: challenge }))).text();
  const refused = await fresh.submit(signIn, '/oauth/authorize/sign-in', [['email', temporary.body.email], ['password', temporary.body.temporary_password]]);
  expect(refused.status).toBe(403);
  expect(await refused.text()).toContain('contraseña temporal');
}, 120_000);

test('refusals: plain PKCE, unknown resources and scopes go back to the client; unknown clients, foreign redirects and forged forms stop at Cuadra', async () => {
  const { challenge } = pkce();
  // the pages speak Spanish, or English to a browser that prefers it
  const english = await browser.go(authorizeUrl({ client_id: metadataClientId, redirect_uri: REDIRECT, code_challenge: challenge }), { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
  const englishPage = await english.text();
  expect(englishPage).toContain('<html lang="en">');
  expect(englishPage).toContain('value="allow">Allow</button>');
  const plain = await browser.go(authorizeUrl({ client_id: metadataClientId, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'plain', state: 'x' }));
  expect(plain.status).toBe(303);
  expect(Object.fromEntries(new URL(plain.headers.get('location')!).searchParams)).toMatchObject({ error: 'invalid_request', state: 'x' });
  const target = await browser.go(authorizeUrl({ client_id: metadataClientId, redirect_uri: REDIRECT, code_challenge: challenge, resource: 'https://elsewhere.example/mcp' }));
  expect(new URL(target.headers.get('location')!).searchParams.get('error')).toBe('invalid_target');
  const scope = await browser.go(authorizeUrl({ client_id: metadataClientId, redirect_uri: REDIRECT, code_challenge: challenge, scope: 'everything:write' }));
  expect(new URL(scope.headers.get('location')!).searchParams.get('error')).toBe('invalid_scope');

  expect((await browser.go(authorizeUrl({ client_id: 'cuadra-client-nobody', redirect_uri: REDIRECT, code_challenge: challenge }))).status).toBe(400);
  const foreign = await browser.go(authorizeUrl({ client_id: metadataClientId, redirect_uri: 'https://attacker.example/cb', code_challenge: challenge }));
  expect(foreign.status).toBe(400);
  expect(foreign.headers.get('location')).toBeNull();
  const forged = await appFetch(`${BASE}/oauth/authorize`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ client_id: metadataClientId, redirect_uri: REDIRECT, decision: 'allow', csrf: 'x'.repeat(43) }) });
  expect(forged.status).toBe(403);

  const register = (body: unknown) => appFetch(`${BASE}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await jsonOf(await register({ redirect_uris: ['http://evil.example/cb'] }))).error).toBe('invalid_redirect_uri');
  // a redirect URI with commas and quotes comes back exactly as registered
  const odd = 'https://agent.example/cb?x="a,b"&y={c}';
  const registered = await jsonOf(await register({ client_name: 'Odd', redirect_uris: [odd] }));
  const oddAnswer = await browser.go(authorizeUrl({ client_id: registered.client_id, redirect_uri: odd, code_challenge: challenge, code_challenge_method: 'plain' }));
  expect(new URL(oddAnswer.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  expect((await jsonOf(await register({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' }))).error).toBe('invalid_client_metadata');
  expect((await appFetch(`${BASE}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).status).toBe(400);
  expect((await jsonOf(await tokenRequest({ grant_type: 'password', client_id: metadataClientId }))).error).toBe('unsupported_grant_type');
  // browser-based clients may call the metadata and token endpoints from any origin (no cookies there)
  const preflight = await appFetch(`${BASE}/oauth/token`, { method: 'OPTIONS', headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' } });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  expect((await tokenRequest({ grant_type: 'password', client_id: metadataClientId })).headers.get('access-control-allow-origin')).toBe('*');
  expect((await appFetch(`${BASE}/.well-known/oauth-authorization-server`)).headers.get('access-control-allow-origin')).toBe('*');
  // what the database cannot store is refused as input, never a 500
  expect((await jsonOf(await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'a\u0000b' }))).error).toBe('invalid_request');
  expect((await jsonOf(await register({ redirect_uris: [REDIRECT], client_name: 'a\u0000b' }))).error).toBe('invalid_client_metadata');
  expect((await browser.go(authorizeUrl({ client_id: 'a\u0000b', redirect_uri: REDIRECT, code_challenge: challenge }))).status).toBe(400);
});

test('client metadata URLs: https with a path and a host name, never an address, localhost or dot segments', () => {
  expect(metadataUrlRefusal('https://agent.example/client.json', false)).toBeNull();
  for (const url of ['http://agent.example/client.json', 'https://agent.example/', 'https://agent.example/a/../b', 'https://user:pw@agent.example/c', 'https://10.0.0.1/c', 'https://localhost/c', 'https://[::1]/c']) {
    expect({ url, refused: metadataUrlRefusal(url, false) !== null }).toEqual({ url, refused: true });
  }
  expect(metadataUrlRefusal('http://127.0.0.1:8080/client.json', true)).toBeNull();
});

test('a client metadata document is fetched from the address its host resolved to once, and only a public one', async () => {
  // the document listens on 127.0.0.2; "localhost" is made to resolve there, once: the fetch must
  // connect to that address (nothing of ours listens on 127.0.0.1 at this port)
  let clientId = '';
  const pinned = Bun.serve({ hostname: '127.0.0.2', port: 0, fetch: (): Response => Response.json({ client_id: clientId, client_name: 'Fijado', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }) });
  clientId = `http://localhost:${pinned.port}/client.json`;
  try {
    const asked: string[] = [];
    const client = await fetchClientMetadataDocument(clientId, true, async (host) => { asked.push(host); return ['127.0.0.2']; });
    expect(client).toMatchObject({ clientId, origin: 'metadata_document' });
    expect(asked).toEqual(['localhost']);
  } finally {
    pinned.stop(true);
  }
  // one non-public address among the answers refuses the name, before any connection
  const refused = fetchClientMetadataDocument('https://agent.example.com/client.json', false, async () => ['93.184.216.34', '10.0.0.5']);
  await expect(refused).rejects.toBeInstanceOf(ClientMetadataRefused);
  await expect(refused).rejects.toThrow('resolves to a private, loopback or reserved address');
});
