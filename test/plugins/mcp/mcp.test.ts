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
import { approximateTokens } from '../../../plugins/mcp/server';
import { ACTION_VERBS, toolsFromOpenApi } from '../../../plugins/mcp/tools';
import { startTestApp, type TestApp } from '../../support/app';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';

let app: TestApp;
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
  } finally {
    server.stop(true);
  }
});
