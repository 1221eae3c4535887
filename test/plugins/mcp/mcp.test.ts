/**
 * The MCP server driven by the official SDK's client over Streamable HTTP (in process, through the
 * app's own request pipeline): initialize, tools from the routes, calls that go through the API,
 * resources, and what a key's role and scopes hide.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { approximateTokens } from '../../../plugins/mcp/server';
import { ACTION_VERBS, toolsFromOpenApi } from '../../../plugins/mcp/tools';
import { startTestApp, type TestApp } from '../../support/app';
import { ublBytes } from '../../support/ubl-samples';
import { norma43 } from '../treasury/norma43-builder';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';

let app: TestApp;
const modernClients: ModernClient[] = [];
let company: TestCompany;
let other: TestCompany;
const clients: Client[] = [];

async function connect(token: string, headers: Record<string, string> = {}, path = '/mcp'): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`http://localhost${path}`), {
    requestInit: { headers: { authorization: `Bearer ${token}`, ...headers } },
    fetch: (url, init) => app.handle(new Request(String(url), init)),
  });
  const client = new Client({ name: 'cuadra-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const META_TOOLS = ['whoami', 'toolsets_list', 'toolsets_enable'];
const json = (result: any) => JSON.parse(result.content[0].text);
const resourceText = async (client: Client, uri: string) => {
  const [content] = (await client.readResource({ uri })).contents;
  return 'text' in content ? content.text : '';
};

beforeAll(async () => {
  app = await startTestApp();
  company = await createCompany(app);
  other = await createCompany(app, 'Otra Empresa SL', 'A58818501');
}, 600_000);
afterAll(async () => {
  for (const client of clients) await client.close();
  for (const client of modernClients) await client.close();
  await app?.close();
});

test('an API key agent lists tools from the routes, creates a contact, creates and issues an invoice', async () => {
  const { key } = await createApiKey(app, company.token, 'member');
  const client = await connect(key, {}, '/mcp?toolsets=all');
  expect(client.getServerVersion()?.name).toBe('cuadra');

  const { tools } = await client.listTools();
  const names = tools.map((tool) => tool.name);
  expect(names).toEqual(expect.arrayContaining(['whoami', 'contacts_list', 'contacts_create', 'invoices_create', 'invoices_issue', 'ledger_accounts_list', 'taxes_list']));
  expect(names).not.toContain('ledger_entries_create'); // accountants write journal entries; members do not
  expect(names).not.toContain('auth_me'); // sessions only
  const create = tools.find((tool) => tool.name === 'contacts_create')!;
  expect(create.description).toMatch(/^Use to add a customer or supplier/);
  expect((create.inputSchema.properties as any).body.properties.name.type).toBe('string');

  const me = json(await client.callTool({ name: 'whoami', arguments: {} }));
  expect(me).toMatchObject({ credential: 'api_key', tenant_id: company.tenantId, role: 'member', scopes: null });
  expect(me.company_name).toMatch(/^Empresa /);

  const contact = await client.callTool({ name: 'contacts_create', arguments: { body: {
    kind: 'customer', name: 'Cliente MCP SL', vat: 'B65410011', address: 'Calle Agente 1', city: 'Madrid', postal_code: '28001',
  } } });
  expect(contact.isError).toBeFalsy();
  const contactId = json(contact).id;

  const resources = await client.listResources();
  expect(resources.resources.map((r) => r.uri).sort()).toEqual(['cuadra://ledger/accounts', 'cuadra://taxes']);
  const taxes = JSON.parse(await resourceText(client, 'cuadra://taxes'));
  const iva21 = taxes.items.find((tax: any) => tax.code === 'IVA21');
  expect(iva21).toBeDefined();
  const chart = JSON.parse(await resourceText(client, 'cuadra://ledger/accounts'));
  expect(JSON.stringify(chart)).toContain('"430"');

  const draft = json(await client.callTool({ name: 'invoices_create', arguments: { idempotency_key: 'mcp-invoice-1', body: {
    contact_id: contactId, issue_date: '2026-11-02', status: 'draft',
    lines: [{ description: 'Consultoría', quantity: '2', unit_price: '50.00', tax_type_id: iva21.id }],
  } } }));
  expect(draft.status).toBe('draft');
  // the API's idempotency: the same key replays the first answer
  const replay = json(await client.callTool({ name: 'invoices_create', arguments: { idempotency_key: 'mcp-invoice-1', body: {
    contact_id: contactId, issue_date: '2026-11-02', status: 'draft',
    lines: [{ description: 'Consultoría', quantity: '2', unit_price: '50.00', tax_type_id: iva21.id }],
  } } }));
  expect(replay.id).toBe(draft.id);

  const issued = json(await client.callTool({ name: 'invoices_issue', arguments: { id: draft.id } }));
  expect(issued).toMatchObject({ id: draft.id, status: 'issued', total: '121.00' });
  expect((await app.get(`/api/v1/invoices/${draft.id}`, key)).body.status).toBe('issued');
  if (app.plugins.some((p) => p.name === 'audit')) {
    // each write the agent made is audited once, as the operation it was (not as a POST to /mcp)
    const audited = (await app.get('/api/v1/audit?limit=100', company.token)).body.items.map((e: any) => `${e.method} ${e.route}`);
    expect(audited.filter((e: string) => e.includes('/mcp'))).toEqual([]);
    expect(audited.filter((e: string) => e === 'POST /api/v1/contacts')).toHaveLength(1);
    expect(audited.filter((e: string) => e === 'POST /api/v1/invoices/{id}/issue')).toHaveLength(1);
  }

  // a key with the drafts scope prepares the same way, and its issue waits for a person
  if (!app.plugins.some((p) => p.name === 'approvals')) return;
  const preparing = (await app.post('/api/v1/auth/api-keys', { name: 'agente', role: 'member', scopes: ['invoices:write', 'contacts:read', 'drafts'] }, company.token)).body.key;
  const agent = await connect(preparing, {}, '/mcp?toolsets=approvals');
  const second = json(await agent.callTool({ name: 'invoices_create', arguments: { body: {
    contact_id: contactId, issue_date: '2026-11-02', status: 'draft', lines: [{ description: 'Revisión', quantity: '1', unit_price: '80.00', tax_type_id: iva21.id }],
  } } }));
  const held = await agent.callTool({ name: 'invoices_issue', arguments: { id: second.id } });
  expect(held.isError).toBeFalsy();
  const text = (held.content as any)[0].text as string;
  expect(text).toMatch(/^Not done yet: held for a person's approval \(202\)\. \{/);
  const approval = JSON.parse(text.slice(text.indexOf('{')));
  expect(approval).toMatchObject({ status: 'pending', effect: 'issue' });
  expect(json(await agent.callTool({ name: 'approvals_get', arguments: { id: approval.id } })).status).toBe('pending');
  expect((await app.get(`/api/v1/invoices/${second.id}`, key)).body.status).toBe('draft');
});

test('tool errors carry the API\'s detail; another company\'s ids are not found', async () => {
  const { key } = await createApiKey(app, company.token, 'member');
  const client = await connect(key);
  const invalid = await client.callTool({ name: 'contacts_create', arguments: { body: { kind: 'nobody' } } });
  expect(invalid.isError).toBe(true);
  expect((invalid.content as any)[0].text).toMatch(/^422: \[.*"loc":\["body"/);
  const theirs = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Ajeno SL' }, other.token)).body.id;
  const foreign = await client.callTool({ name: 'contacts_get', arguments: { contact_id: theirs } });
  expect(foreign.isError).toBe(true);
  expect((foreign.content as any)[0].text).toMatch(/^404: /);
  const unknownArgument = await client.callTool({ name: 'contacts_list', arguments: { colour: 'red' } });
  expect((unknownArgument.content as any)[0].text).toBe('422: Unknown arguments: colour');
});

test('a viewer key and a read-scoped key see no write tools; a session picks its company with X-Tenant-Id', async () => {
  const viewer = await connect((await createApiKey(app, company.token, 'viewer')).key);
  const viewerTools = (await viewer.listTools()).tools;
  expect(viewerTools.map((t) => t.name)).toContain('contacts_list');
  expect(viewerTools.filter((t) => !t.annotations?.readOnlyHint).map((t) => t.name)).toEqual([]);
  await expect(viewer.callTool({ name: 'contacts_create', arguments: { body: { kind: 'customer', name: 'X' } } })).rejects.toThrow(/Unknown tool/);

  const scoped = await app.post('/api/v1/auth/api-keys', { name: 'lector', role: 'admin', scopes: ['contacts:read'] }, company.token);
  const reader = await connect(scoped.body.key);
  const readable = (await reader.listTools()).tools.map((t) => t.name);
  expect(readable.filter((name) => !META_TOOLS.includes(name)).every((name) => name.startsWith('contacts_'))).toBe(true);
  expect(readable).not.toContain('contacts_create');
  expect((await reader.listResources()).resources).toEqual([]);

  const session = await connect(company.token, { 'x-tenant-id': company.tenantId });
  expect(json(await session.callTool({ name: 'whoami', arguments: {} }))).toMatchObject({ credential: 'session', tenant_id: company.tenantId, role: 'owner' });
});

test('without credentials /mcp is 401 with WWW-Authenticate; another company\'s X-Tenant-Id is 403', async () => {
  const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
  const anonymous = await app.request('POST', '/mcp', { body: init, headers: { accept: 'application/json, text/event-stream' } });
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
  const foreign = await app.request('POST', '/mcp', { body: init, token: company.token, headers: { accept: 'application/json, text/event-stream', 'x-tenant-id': other.tenantId } });
  expect(foreign.status).toBe(403);
});

test('a key scoped to contacts and invoices finds the tax types its invoice lines name; one scoped to contacts alone does not', async () => {
  const writer = (await app.post('/api/v1/auth/api-keys', { name: 'facturas', role: 'admin', scopes: ['contacts:write', 'invoices:write'] }, company.token)).body.key;
  const rest = await app.get('/api/v1/taxes?limit=500', writer);
  expect(rest.status).toBe(200);
  const iva21 = rest.body.items.find((tax: any) => tax.code === 'IVA21');
  expect(iva21).toBeDefined();
  const client = await connect(writer);
  expect((await client.listTools()).tools.map((t) => t.name)).toContain('taxes_list');
  expect((await client.listResources()).resources.map((r) => r.uri)).toContain('cuadra://taxes');
  const contact = json(await client.callTool({ name: 'contacts_create', arguments: { body: { kind: 'customer', name: 'Cliente Alcance SL', vat: 'B86561412', address: 'Calle 1', city: 'Madrid', postal_code: '28001' } } }));
  const invoice = await client.callTool({ name: 'invoices_create', arguments: { body: {
    contact_id: contact.id, issue_date: '2026-11-03', lines: [{ description: 'Servicio', quantity: '1', unit_price: '10.00', tax_type_id: iva21.id }],
  } } });
  expect(invoice.isError).toBeFalsy();
  expect(json(invoice).total).toBe('12.10');
  // reading tax types is all the invoice scope adds: managing them still needs taxes:write
  const manage = await app.post('/api/v1/taxes', { code: 'X1', name: 'X', kind: 'vat', rate: '1' }, writer);
  expect(manage.status).toBe(403);
  expect(manage.body.detail).toMatch(/scopes do not allow taxes\.manage/);

  const contactsOnly = (await app.post('/api/v1/auth/api-keys', { name: 'contactos', role: 'member', scopes: ['contacts:write'] }, company.token)).body.key;
  expect((await app.get('/api/v1/taxes', contactsOnly)).status).toBe(403);
});

/** Every POST the v2 client makes: the JSON-RPC body and the headers sent and received. */
interface Exchange { method: string; body: any; sent: Headers; status: number; received: Headers }

/** The official v2 SDK client (`@modelcontextprotocol/client`) on /mcp, in the given negotiation mode; `exchanges` records the wire. */
async function connectV2(token: string, mode: 'legacy' | 'auto' | { pin: string }, exchanges: Exchange[] = []) {
  const transport = new ModernHTTPClientTransport(new URL('http://localhost/mcp'), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: async (url, init) => {
      const request = new Request(String(url), init);
      const body = request.method === 'POST' ? await request.clone().json() : undefined;
      const response = await app.handle(request);
      exchanges.push({ method: request.method, body, sent: request.headers, status: response.status, received: response.headers });
      return response;
    },
  });
  const client = new ModernClient({ name: 'cuadra-v2-test', version: '2.0.0' }, { versionNegotiation: { mode } });
  await client.connect(transport);
  modernClients.push(client);
  return client;
}

test('MCP 2026-07-28 with the official v2 client: no initialize, no session id, server/discover, every request self-describing', async () => {
  const { key } = await createApiKey(app, company.token, 'member');
  const exchanges: Exchange[] = [];
  const client = await connectV2(key, { pin: '2026-07-28' }, exchanges);
  expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
  expect(client.getServerVersion()?.name).toBe('cuadra');
  expect(client.getInstructions()).toMatch(/tax_code/);

  const tools = (await client.listTools()).tools.map((tool) => tool.name);
  expect(tools).toEqual(expect.arrayContaining([...META_TOOLS, 'contacts_create', 'invoices_create']));
  expect(json(await client.callTool({ name: 'whoami', arguments: {} }))).toMatchObject({ tenant_id: company.tenantId, role: 'member' });
  const taxes = JSON.parse(await resourceText(client as unknown as Client, 'cuadra://taxes'));
  expect(taxes.items.map((tax: any) => tax.code)).toContain('IVA21');
  const failed = await client.callTool({ name: 'contacts_create', arguments: { body: { kind: 'nobody' } } });
  expect(failed.isError).toBe(true);

  expect(exchanges.map((e) => e.body.method)).toEqual(['server/discover', 'tools/list', 'tools/call', 'resources/read', 'tools/call']);
  for (const exchange of exchanges) {
    expect(exchange.method).toBe('POST');
    expect(exchange.status).toBe(200);
    expect(exchange.received.get('mcp-session-id')).toBeNull();
    expect(exchange.sent.get('mcp-session-id')).toBeNull();
    expect(exchange.sent.get('mcp-protocol-version')).toBe('2026-07-28');
    expect(exchange.body.params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
  }
  // the discover answer as the spec lays it out
  const discover = await rawModern('server/discover', {}, key);
  expect(discover.status).toBe(200);
  // newest first: the stateless revision, then those with the handshake
  expect(discover.body.result.supportedVersions.slice(0, 4)).toEqual(['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26']);
  expect(discover.body.result).toMatchObject({
    resultType: 'complete', capabilities: { tools: {}, resources: {} }, cacheScope: 'public', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'cuadra' } },
  });
  const list = await rawModern('tools/list', {}, key);
  expect(list.body.result).toMatchObject({ resultType: 'complete', cacheScope: 'private', ttlMs: expect.any(Number) });
});

/** One modern JSON-RPC request on /mcp as a client would send it, headers from the body unless `headers` says otherwise. */
async function rawModern(method: string, params: Record<string, unknown>, token: string, headers: Record<string, string> = {}, version = '2026-07-28') {
  const name = params.name ?? params.uri;
  return app.request('POST', '/mcp', {
    token,
    headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': version, 'mcp-method': method, ...(name ? { 'mcp-name': String(name) } : {}), ...headers },
    body: { jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': {} } } },
  });
}

test('earlier revisions still negotiate: the v2 client in legacy and auto modes, and an initialize for each older version', async () => {
  const { key } = await createApiKey(app, company.token, 'viewer');
  const legacyExchanges: Exchange[] = [];
  const legacy = await connectV2(key, 'legacy', legacyExchanges);
  expect(legacy.getNegotiatedProtocolVersion()).toBe('2025-11-25');
  expect(json(await legacy.callTool({ name: 'whoami', arguments: {} }))).toMatchObject({ role: 'viewer' });
  expect(legacyExchanges[0]!.body.method).toBe('initialize');
  expect(legacyExchanges.every((e) => e.received.get('mcp-session-id') === null)).toBe(true);

  const auto = await connectV2(key, 'auto');
  expect(auto.getNegotiatedProtocolVersion()).toBe('2026-07-28');
  expect((await auto.listTools()).tools.length).toBeGreaterThan(5);

  for (const version of ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']) {
    const init = await app.request('POST', '/mcp', { token: key, headers: { accept: 'application/json, text/event-stream' }, body: {
      jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    } });
    expect(init.status).toBe(200);
    expect(init.body.result.protocolVersion).toBe(version);
    expect(init.headers.get('mcp-session-id')).toBeNull();
  }
  // a client asking a revision newer than any in its handshake gets the newest handshake revision
  const future = await app.request('POST', '/mcp', { token: key, headers: { accept: 'application/json, text/event-stream' }, body: {
    jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2026-07-28', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
  } });
  expect(future.body.result.protocolVersion).toBe('2025-11-25');
});

test('a modern request that is malformed gets the 2026-07-28 errors: unsupported version, header mismatch, missing _meta, unknown method', async () => {
  const { key } = await createApiKey(app, company.token, 'viewer');
  const unsupported = await rawModern('tools/list', {}, key, {}, '2099-01-01');
  expect(unsupported.status).toBe(400);
  expect(unsupported.body.error).toMatchObject({ code: -32022, data: { requested: '2099-01-01', supported: expect.arrayContaining(['2026-07-28', '2025-11-25']) } });

  const wrongMethod = await rawModern('tools/list', {}, key, { 'mcp-method': 'tools/call' });
  expect(wrongMethod.status).toBe(400);
  expect(wrongMethod.body.error.code).toBe(-32020);
  expect(wrongMethod.body.error.message).toMatch(/Mcp-Method/);
  const wrongName = await rawModern('tools/call', { name: 'whoami', arguments: {} }, key, { 'mcp-name': 'contacts_list' });
  expect(wrongName.body.error.code).toBe(-32020);
  // a name that is not plain ASCII travels base64-encoded in the header
  const encoded = await rawModern('tools/call', { name: 'whoami', arguments: {} }, key, { 'mcp-name': `=?base64?${Buffer.from('whoami').toString('base64')}?=` });
  expect(encoded.status).toBe(200);
  expect(JSON.parse(encoded.body.result.content[0].text).role).toBe('viewer');

  const noCapabilities = await app.request('POST', '/mcp', { token: key, headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' }, body: {
    jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
  } });
  expect(noCapabilities.status).toBe(400);
  expect(noCapabilities.body.error.code).toBe(-32602);

  const unknownMethod = await rawModern('prompts/list', {}, key);
  expect(unknownMethod.status).toBe(404);
  expect(unknownMethod.body.error.code).toBe(-32601);
  const unknownResource = await rawModern('resources/read', { uri: 'cuadra://nothing' }, key);
  expect(unknownResource.body.error.code).toBe(-32602);
  expect((await app.request('GET', '/mcp', { token: key })).status).toBe(405);
});

test('a line names its taxes by code (tax_code, surcharge_code, withholding_code) on every document kind, over REST and MCP; an unknown code names where the codes are', async () => {
  const { token } = company;
  const taxes = (await app.get('/api/v1/taxes?limit=500', token)).body.items as { id: string; code: string }[];
  const idOf = (code: string) => taxes.find((tax) => tax.code === code)!.id;
  const customer = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente Códigos SL', vat: 'B86561412', address: 'Calle 2', city: 'Madrid', postal_code: '28001' }, token)).body.id;
  const supplier = (await app.post('/api/v1/contacts', { kind: 'supplier', name: 'Proveedor Códigos SA', vat: 'A58818501', address: 'Calle 3', city: 'Madrid', postal_code: '28002' }, token)).body.id;
  const line = { description: 'Servicio', quantity: '1', unit_price: '100.00', tax_code: 'IVA21', withholding_code: 'irpf15' };
  const sale = { contact_id: customer, issue_date: '2026-11-04', lines: [line] };

  const invoice = await app.post('/api/v1/invoices', { ...sale, status: 'draft' }, token);
  expect(invoice.status).toBe(201);
  expect(invoice.body.lines[0]).toMatchObject({ tax_type_id: idOf('IVA21'), withholding_type_id: idOf('IRPF15') });
  expect(invoice.body.total).toBe('106.00');
  const issued = await app.post('/api/v1/invoices', sale, token); // issued at once: the path that reads without a transaction
  expect(issued.body).toMatchObject({ status: 'issued', total: '106.00' });
  const patched = await app.patch(`/api/v1/invoices/${invoice.body.id}`, { lines: [{ ...line, tax_code: 'IVA10', withholding_code: null }] }, token);
  expect(patched.body.lines[0].tax_type_id).toBe(idOf('IVA10'));
  const rectified = await app.post(`/api/v1/invoices/${issued.body.id}/rectify`, { mode: 'differences', reason: 'Descuento', issue_date: '2026-11-05', lines: [{ ...line, quantity: '-1' }] }, token);
  expect(rectified.status).toBe(201);
  expect(rectified.body.total).toBe('-106.00');

  const purchase = await app.post('/api/v1/purchases', { contact_id: supplier, kind: 'expense', issue_date: '2026-11-04', lines: [{ description: 'Material', unit_price: '10.00', tax_code: 'IVA21', surcharge_code: 'RE52' }] }, token);
  expect(purchase.status).toBe(201);
  expect(purchase.body.lines[0]).toMatchObject({ tax_type_id: idOf('IVA21'), surcharge_type_id: idOf('RE52') });
  for (const path of ['/api/v1/quotes', '/api/v1/proformas']) {
    const offer = await app.post(path, sale, token);
    expect(offer.status, path).toBe(201);
    expect(offer.body.lines[0].tax_type_id, path).toBe(idOf('IVA21'));
  }
  const template = await app.post('/api/v1/recurring-invoices', { contact_id: customer, start_date: '2026-12-01', action: 'draft', lines: [line] }, token);
  expect(template.status).toBe(201);
  expect(template.body.lines[0]).toMatchObject({ tax_type_id: idOf('IVA21'), withholding_type_id: idOf('IRPF15') });
  expect(template.body.lines[0].tax_code).toBeUndefined();

  const unknown = await app.post('/api/v1/invoices', { ...sale, lines: [{ ...line, tax_code: 'IVA22' }] }, token);
  expect(unknown.status).toBe(422);
  expect(unknown.body.detail[0]).toMatchObject({ loc: ['body', 'lines', 0, 'tax_code'], type: 'value_error.tax_code' });
  expect(unknown.body.detail[0].msg).toMatch(/IVA22.*GET \/api\/v1\/taxes/);
  const both = await app.post('/api/v1/quotes', { ...sale, lines: [{ ...line, tax_type_id: idOf('IVA21') }] }, token);
  expect(both.status).toBe(422);
  expect(both.body.detail[0].loc).toEqual(['body', 'lines', 0, 'tax_code']);
  const neither = await app.post('/api/v1/purchases', { contact_id: supplier, kind: 'expense', issue_date: '2026-11-04', lines: [{ description: 'x', unit_price: '1.00' }] }, token);
  expect(neither.status).toBe(422);
  expect(neither.body.detail[0]).toMatchObject({ loc: ['body', 'lines', 0, 'tax_type_id'], type: 'missing' });
  // another company's codes are its own: the same code resolves to that company's type
  const theirs = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Ajeno Códigos SL', vat: 'B65410011', address: 'C', city: 'Madrid', postal_code: '28001' }, other.token);
  const foreign = await app.post('/api/v1/invoices', { contact_id: theirs.body.id, issue_date: '2026-11-04', status: 'draft', lines: [line] }, other.token);
  expect(foreign.body.lines[0].tax_type_id).not.toBe(idOf('IVA21'));
  expect(foreign.body.lines[0].tax_type_id).toBe((await app.get('/api/v1/taxes?limit=500', other.token)).body.items.find((tax: any) => tax.code === 'IVA21').id);

  const agent = await connect((await createApiKey(app, token, 'member')).key);
  const created = await agent.callTool({ name: 'invoices_create', arguments: { body: { ...sale, status: 'draft', lines: [{ description: 'Agente', quantity: '2', unit_price: '50.00', tax_code: 'IVA21' }] } } });
  expect(json(created)).toMatchObject({ status: 'draft', total: '121.00' });
  const wrong = await agent.callTool({ name: 'invoices_create', arguments: { body: { ...sale, lines: [{ description: 'x', quantity: '1', unit_price: '1.00', tax_code: 'NOPE' }] } } });
  expect((wrong.content as any)[0].text).toMatch(/^422: .*NOPE.*GET \/api\/v1\/taxes/);
});

test('files as tools: statement import and purchase ingestion take the file as base64 or as the URL of an upload', async () => {
  const { key } = await createApiKey(app, company.token, 'accountant');
  const agent = await connect(key, {}, '/mcp?toolsets=all');
  const tools = new Map((await agent.listTools()).tools.map((tool) => [tool.name, tool]));
  const ingest = tools.get('purchases_ingest')!;
  const fileArgument = (ingest.inputSchema.properties as any).body.properties.file;
  expect(Object.keys(fileArgument.properties)).toEqual(['base64', 'url', 'filename']);
  expect(fileArgument.description).toMatch(/at most 10 MiB.*base64.*url/s);
  expect(fileArgument.properties.base64.maxLength).toBe(Math.ceil((10 * 1024 * 1024) / 3) * 4);
  expect((tools.get('treasuries_import')!.inputSchema.properties as any).body.properties.file.properties.url.description).toMatch(/at most 32 MiB/);

  const treasury = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Banco Ficheros', iban: 'ES7921000813610123456789' }, company.token)).body.id;
  const statement = norma43([{ bank: '2100', branch: '0813', account: '0123456789', start: '261101', end: '261130', movements: [{ date: '261102', cents: 12100 }, { date: '261103', cents: -500 }] }]);
  const imported = await agent.callTool({ name: 'treasuries_import', arguments: { treasury_id: treasury, body: { file: { base64: Buffer.from(statement).toString('base64'), filename: 'noviembre.n43' } } } });
  expect(imported.isError).toBeFalsy();
  expect(json(imported)).toMatchObject({ imported: 2 });

  const invoice = ublBytes({
    number: 'UP-2026-0042', issueDate: '2026-11-06', seller: { name: 'Suministros Subida SL', vat: 'ESB65410011', country: 'ES', city: 'Valencia', postalCode: '46001' },
    buyer: { name: 'Empresa Compradora SL', vat: 'ESB12345674', country: 'ES' }, lines: [{ name: 'Tóner', quantity: '2', price: '40.00' }],
  });
  const form = new FormData();
  form.append('file', new File([invoice], 'factura.xml', { type: 'application/xml' }));
  const uploaded = await app.request('POST', '/api/v1/uploads', { token: key, form });
  expect(uploaded.status).toBe(201);
  expect(uploaded.body).toMatchObject({ url: `/api/v1/uploads/${uploaded.body.id}`, filename: 'factura.xml', content_type: 'application/xml', size: invoice.byteLength });
  const booked = await agent.callTool({ name: 'purchases_ingest', arguments: { body: { file: { url: uploaded.body.url } } } });
  expect(booked.isError).toBeFalsy();
  expect(json(booked).purchase).toMatchObject({ supplier_invoice_number: 'UP-2026-0042', total: '96.80' });
  // the same bytes inline: recognised as the file already booked
  const again = await agent.callTool({ name: 'purchases_ingest', arguments: { body: { file: { base64: invoice.toString('base64'), filename: 'factura.xml' } } } });
  expect(json(again).duplicate_of).toBe(json(booked).purchase.id);

  const both = await agent.callTool({ name: 'purchases_ingest', arguments: { body: { file: { base64: 'AAAA', url: uploaded.body.url } } } });
  expect((both.content as any)[0].text).toBe('422: body.file: give base64 or url, one of them');
  const outside = await agent.callTool({ name: 'purchases_ingest', arguments: { body: { file: { url: 'https://example.com/factura.pdf' } } } });
  expect((outside.content as any)[0].text).toMatch(/^422: body\.file\.url must be a file URL of this API/);
  const notBase64 = await agent.callTool({ name: 'purchases_ingest', arguments: { body: { file: { base64: 'no es base64!' } } } });
  expect((notBase64.content as any)[0].text).toBe('422: body.file.base64 is not base64');

  // an upload is its company's: another company's key, and its agent, find nothing
  const theirs = (await createApiKey(app, other.token, 'accountant')).key;
  expect((await app.get(uploaded.body.url, theirs)).status).toBe(404);
  const foreignAgent = await connect(theirs);
  const foreign = await foreignAgent.callTool({ name: 'purchases_ingest', arguments: { body: { file: { url: uploaded.body.url } } } });
  expect((foreign.content as any)[0].text).toMatch(/^422: body\.file\.url \/api\/v1\/uploads\/.*: 404 Upload not found/);
  expect((await app.get(uploaded.body.url, (await createApiKey(app, company.token, 'viewer')).key)).status).toBe(403);
  const read = await app.request('GET', uploaded.body.url, { token: key });
  expect(read.headers.get('content-disposition')).toBe('attachment; filename="factura.xml"');
  const exported = (await app.get('/api/v1/account/export', company.token)).body.tenants.find((t: any) => t.tenant_id === company.tenantId).sections;
  expect(exported.uploads.map((u: any) => [u.id, u.filename])).toContainEqual([uploaded.body.id, 'factura.xml']);
  expect((await app.del(uploaded.body.url, key)).status).toBe(204);
  expect((await app.get(uploaded.body.url, key)).status).toBe(404);
});

/** Every tool's operation from the OpenAPI document, by tool name: what the annotations must agree with. */
const operationsByTool = () => new Map(toolsFromOpenApi(app.kernel.openApiDocument()).map((tool) => [tool.name, tool]));
const TOKEN_BUDGET = 8000;

test('lean by default: the core toolset stays within 8,000 tokens of tools/list (UTF-8 bytes / 4); ?toolsets= adds named toolsets', async () => {
  const accountant = await connect((await createApiKey(app, company.token, 'accountant')).key);
  const core = (await accountant.listTools()).tools;
  const coreTokens = approximateTokens(core);
  expect(core.length).toBeGreaterThanOrEqual(15);
  expect(core.length).toBeLessThanOrEqual(22);
  expect(coreTokens).toBeLessThanOrEqual(TOKEN_BUDGET);
  expect(core.map((t) => t.name)).toEqual(expect.arrayContaining([
    ...META_TOOLS, 'contacts_list', 'contacts_create', 'invoices_create', 'invoices_issue', 'purchases_create', 'bank_movements_list',
    'reconciliation_matches_create', 'taxes_list', 'aeat_303_summary', 'ledger_trial_balance',
  ]));
  expect(core.map((t) => t.name)).not.toContain('dashboard_data_kpi');

  const owner = await connect(company.token, { 'x-tenant-id': company.tenantId }, '/mcp?toolsets=all');
  const all = (await owner.listTools()).tools;
  expect(all.length).toBeGreaterThan(150);
  const overview = json(await owner.callTool({ name: 'toolsets_list', arguments: {} }));
  const rows = overview.toolsets.map((set: any) => `| \`${set.name}\` | ${set.tool_count} | ${set.approximate_tokens} |`);
  console.log(`core for an accountant key: ${core.length} tools, ${coreTokens} tokens\n${rows.join('\n')}`);
  expect(overview.toolsets[0]).toMatchObject({ name: 'core', listed: true });
  expect(overview.toolsets.map((set: any) => set.name)).toEqual(expect.arrayContaining(['admin', 'banking', 'dashboards', 'ledger', 'sales', 'tax-models']));
  expect(overview.toolsets.reduce((sum: number, set: any) => sum + set.tool_count, 0)).toBe(all.length);
  expect(overview.toolsets[0].tools).toEqual(expect.arrayContaining(META_TOOLS));

  const banking = await connect(company.token, { 'x-tenant-id': company.tenantId }, '/mcp?toolsets=banking,dashboards');
  const bankingNames = (await banking.listTools()).tools.map((t) => t.name);
  expect(bankingNames).toEqual(expect.arrayContaining(['contacts_list', 'treasuries_create', 'settlements_create', 'dashboard_data_kpi']));
  expect(bankingNames).not.toContain('aeat_111');
  const unknown = await app.request('POST', '/mcp?toolsets=banking,nope', { token: company.token, headers: { accept: 'application/json, text/event-stream', 'x-tenant-id': company.tenantId }, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
  expect(unknown.status).toBe(400);
  expect(unknown.body.detail).toMatch(/nope.*known: .*banking/);
});

test('toolsets_enable hands over the tools of a toolset, callable on a lean connection', async () => {
  const client = await connect((await createApiKey(app, company.token, 'accountant')).key);
  const enabled = json(await client.callTool({ name: 'toolsets_enable', arguments: { toolsets: ['banking'] } }));
  expect(enabled.list_url).toBe('/mcp?toolsets=banking');
  const create = enabled.tools.find((tool: any) => tool.name === 'treasuries_create');
  expect(create.inputSchema.properties.body).toBeDefined();
  expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('treasuries_create');
  const treasury = await client.callTool({ name: 'treasuries_create', arguments: { body: { kind: 'bank', name: 'Caja MCP', iban: 'ES9121000418450200051332' } } });
  expect(treasury.isError).toBeFalsy();
  expect(json(treasury).name).toBe('Caja MCP');
  const wrong = await client.callTool({ name: 'toolsets_enable', arguments: { toolsets: ['nope'] } });
  expect(wrong.isError).toBe(true);
  expect((wrong.content as any)[0].text).toMatch(/^422: Unknown toolsets: nope; available: .*banking/);
});

test('every tool says what it does: a verb in the name of each write, one sentence, annotations that agree with its method', async () => {
  const owner = await connect(company.token, { 'x-tenant-id': company.tenantId }, '/mcp?toolsets=all');
  const tools = (await owner.listTools()).tools;
  const operations = operationsByTool();
  expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
  for (const tool of tools) {
    const where = `${tool.name}: ${JSON.stringify(tool.annotations)} ${tool.description}`;
    expect(tool.description, where).toMatch(/^[A-Z][^\n]*\.$/);
    expect(tool.description!.length, where).toBeLessThanOrEqual(240);
    expect(tool.description!.slice(0, -1), where).not.toMatch(/\.\s+[A-Z]/);
    const annotations = tool.annotations!;
    for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) expect(typeof annotations[hint], where).toBe('boolean');
    if (META_TOOLS.includes(tool.name)) { expect(annotations.readOnlyHint).toBe(true); continue; }
    const operation = operations.get(tool.name)!;
    expect(operation, where).toBeDefined();
    // reads are GET-backed, or a POST that only answers and says so (`dashboard_data_query`)
    expect(annotations.readOnlyHint, where).toBe(operation.method === 'GET' || (operation.method === 'POST' && tool.name.endsWith('_query') && operation.permission.endsWith('.read')));
    if (annotations.readOnlyHint) {
      expect(annotations.destructiveHint || annotations.openWorldHint, where).toBe(false);
      expect(annotations.idempotentHint, where).toBe(true);
      continue;
    }
    expect(ACTION_VERBS.has(tool.name.split('_').pop()!), where).toBe(true);
    if (operation.method === 'DELETE' || operation.method === 'PUT' || operation.method === 'PATCH') expect(annotations.destructiveHint, where).toBe(true);
    if (operation.method === 'DELETE') expect(tool.name, where).toEndWith('_delete');
    if (operation.method === 'POST') expect(annotations.idempotentHint, where).toBe(false);
  }
  const byName = new Map(tools.map((t) => [t.name, t]));
  for (const name of ['settlements_create', 'treasuries_movements_create', 'ledger_entries_create', 'invoices_payments_create']) expect(byName.has(name), name).toBe(true);
  for (const name of ['settlements', 'treasuries_movements', 'ledger_entries']) expect(byName.has(name), name).toBe(false);
  expect(byName.get('contacts_merge')!.annotations!.destructiveHint).toBe(true);
  expect(byName.get('invoices_send')!.annotations!.openWorldHint).toBe(true);
  expect(byName.get('invoices_issue')!.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
});

/**
 * A Cuadra folder as a user has it after cloning, for `npm run mcp`: the real package.json,
 * bun.lock, bootstrap and plugins, and this checkout's Bun in .tools/. Its node_modules holds only
 * the install stamp bootstrap writes after `bun install` (the packages resolve from this checkout's
 * through the linked plugins), so the run installs nothing into the shared dependencies.
 */
function cuadraFolder(): string {
  const root = join(import.meta.dir, '..', '..', '..');
  const dir = mkdtempSync(join(tmpdir(), 'cuadra-npm-'));
  for (const file of ['package.json', 'bun.lock']) copyFileSync(join(root, file), join(dir, file));
  mkdirSync(join(dir, 'infra'));
  copyFileSync(join(root, 'infra', 'bootstrap.mjs'), join(dir, 'infra', 'bootstrap.mjs'));
  symlinkSync(join(root, 'plugins'), join(dir, 'plugins'));
  symlinkSync(realpathSync(join(root, '.tools')), join(dir, '.tools'));
  mkdirSync(join(dir, 'node_modules'));
  const stamp = createHash('sha256').update(readFileSync(join(dir, 'bun.lock'))).update(readFileSync(join(dir, 'package.json'))).digest('hex');
  writeFileSync(join(dir, 'node_modules', '.cuadra-lock-hash'), stamp);
  return dir;
}

/** PATH with Node and npm but no Bun, as on a machine set up the README's way. */
function nodeOnlyPath(): string {
  const dirs = ['/usr/local/bin', '/usr/bin', '/bin'].filter((dir) => existsSync(join(dir, 'node')) || existsSync(join(dir, 'sh')));
  for (const dir of dirs) expect(existsSync(join(dir, 'bun'))).toBe(false);
  return dirs.join(':');
}

const npmAvailable = Bun.which('npm') !== null && Bun.which('node') !== null;

test.skipIf(!npmAvailable)('npm run mcp (the README\'s desktop configuration, no bun on PATH) relays stdio to a running server with the key from the environment', async () => {
  const folder = cuadraFolder();
  const PATH = nodeOnlyPath();
  const help = Bun.spawnSync(['npm', '--prefix', folder, 'run', '--silent', 'mcp', '--', '--help'], { env: { PATH, HOME: process.env.HOME ?? tmpdir() }, cwd: tmpdir() });
  expect(help.stderr.toString()).not.toMatch(/not found|ERR!/);
  expect(help.stdout.toString()).toStartWith('Cuadra MCP stdio relay');
  expect(help.exitCode).toBe(0);

  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => app.handle(request) });
  try {
    const { key } = await createApiKey(app, company.token, 'viewer');
    // exactly the README's configuration: command npm, args --prefix <folder> run --silent mcp
    const transport = new StdioClientTransport({
      command: 'npm', args: ['--prefix', folder, 'run', '--silent', 'mcp'], cwd: tmpdir(), stderr: 'pipe',
      env: { PATH, HOME: process.env.HOME ?? tmpdir(), CUADRA_API_KEY: key, CUADRA_URL: `http://127.0.0.1:${server.port}`, CUADRA_MCP_TOOLSETS: 'dashboards' },
    });
    const client = new Client({ name: 'cuadra-stdio-test', version: '1.0.0' });
    let stderr = '';
    transport.stderr?.on('data', (chunk) => { stderr += String(chunk); });
    const stdoutNoise: Error[] = [];
    client.onerror = (error) => stdoutNoise.push(error);
    await client.connect(transport).catch((error) => { throw new Error(`${error.message}: ${stderr}`); });
    clients.push(client);
    expect(json(await client.callTool({ name: 'whoami', arguments: {} }))).toMatchObject({ tenant_id: company.tenantId, role: 'viewer' });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('contacts_create');
    expect(names).toContain('dashboard_data_kpi'); // CUADRA_MCP_TOOLSETS reached the URL
    expect(stdoutNoise).toEqual([]); // nothing but JSON-RPC on stdout

    // a 2026-07-28 client on the same relay: its requests reach /mcp with the headers that revision requires
    const modern = new ModernClient({ name: 'cuadra-stdio-v2', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const modernTransport = new ModernStdioClientTransport({
      command: 'npm', args: ['--prefix', folder, 'run', '--silent', 'mcp'], cwd: tmpdir(), stderr: 'pipe',
      env: { PATH, HOME: process.env.HOME ?? tmpdir(), CUADRA_API_KEY: key, CUADRA_URL: `http://127.0.0.1:${server.port}` },
    });
    await modern.connect(modernTransport);
    modernClients.push(modern);
    expect(modern.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(json(await modern.callTool({ name: 'whoami', arguments: {} }))).toMatchObject({ tenant_id: company.tenantId, role: 'viewer' });
  } finally {
    server.stop(true);
  }
});
