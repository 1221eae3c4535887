/**
 * The MCP server driven by the official SDK's client over Streamable HTTP (in process, through the
 * app's own request pipeline): initialize, tools from the routes, calls that go through the API,
 * resources, and what a key's role and scopes hide.
 */
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestApp, type TestApp } from '../../support/app';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';

let app: TestApp;
let company: TestCompany;
let other: TestCompany;
const clients: Client[] = [];

async function connect(token: string, headers: Record<string, string> = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
    requestInit: { headers: { authorization: `Bearer ${token}`, ...headers } },
    fetch: (url, init) => app.handle(new Request(String(url), init)),
  });
  const client = new Client({ name: 'cuadra-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const json = (result: any) => JSON.parse(result.content[0].text);
const resourceText = async (client: Client, uri: string) => {
  const [content] = (await client.readResource({ uri })).contents;
  return 'text' in content ? content.text : '';
};

beforeAll(async () => {
  app = await startTestApp();
  company = await createCompany(app);
  other = await createCompany(app, 'Otra Empresa SL', 'A58818501');
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await app.close();
});

test('an API key agent lists tools from the routes, creates a contact, creates and issues an invoice', async () => {
  const { key } = await createApiKey(app, company.token, 'member');
  const client = await connect(key);
  expect(client.getServerVersion()?.name).toBe('cuadra');

  const { tools } = await client.listTools();
  const names = tools.map((tool) => tool.name);
  expect(names).toEqual(expect.arrayContaining(['whoami', 'contacts_list', 'contacts_create', 'invoices_create', 'invoices_issue', 'ledger_accounts_list', 'taxes_list']));
  expect(names).not.toContain('ledger_entries'); // accountants write journal entries; members do not
  expect(names).not.toContain('auth_me'); // sessions only
  const create = tools.find((tool) => tool.name === 'contacts_create')!;
  expect(create.description).toMatch(/contacts\.write/);
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
  expect(readable.filter((name) => name !== 'whoami').every((name) => name.startsWith('contacts_'))).toBe(true);
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

/** A folder holding `bun` (this very runtime), as a user's PATH has it for `bun run mcp`. */
function bunOnPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cuadra-bun-'));
  symlinkSync(process.execPath, join(dir, 'bun'));
  return dir;
}

test('bun run mcp relays stdio to a running server with the key from the environment', async () => {
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => app.handle(request) });
  try {
    const { key } = await createApiKey(app, company.token, 'viewer');
    const transport = new StdioClientTransport({
      command: process.execPath, args: ['run', 'mcp'], cwd: `${import.meta.dir}/../../..`, stderr: 'pipe',
      env: { PATH: `${bunOnPath()}:${process.env.PATH ?? ''}`, CUADRA_API_KEY: key, CUADRA_URL: `http://127.0.0.1:${server.port}` },
    });
    const client = new Client({ name: 'cuadra-stdio-test', version: '1.0.0' });
    let stderr = '';
    transport.stderr?.on('data', (chunk) => { stderr += String(chunk); });
    await client.connect(transport).catch((error) => { throw new Error(`${error.message}: ${stderr}`); });
    clients.push(client);
    expect(json(await client.callTool({ name: 'whoami', arguments: {} }))).toMatchObject({ tenant_id: company.tenantId, role: 'viewer' });
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('contacts_create');
  } finally {
    server.stop(true);
  }
});
