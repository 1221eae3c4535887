import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Kernel } from '../../kernel/kernel';
import type { Principal } from '../../kernel/principal';
import { RESOURCES } from './resources';
import { allowedFor, MAX_INLINE_FILE_BYTES, toolsFromOpenApi, type RouteTool, type ToolAnnotations } from './tools';
import { ALL_TOOLSETS, CORE_TOOLSET, TOOLSET_DESCRIPTIONS } from './toolsets';

/** Calls one API operation as the MCP caller (same credential, same company); a FormData body is sent as multipart, anything else as JSON. */
export type ApiCall = (method: string, pathAndQuery: string, body: unknown, headers: Record<string, string>) => Promise<Response>;

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const noArguments = { type: 'object' as const, properties: {}, additionalProperties: false as const };

const WHOAMI = {
  name: 'whoami',
  description: 'Use first to see which company (tenant id and name), role, API key and scopes this connection acts as.',
  inputSchema: noArguments,
  annotations: READ_ONLY,
};
const TOOLSETS_LIST = {
  name: 'toolsets_list',
  description: 'Use when no listed tool fits: lists the toolsets beyond core (name, purpose, tools, size) and which are listed on this connection.',
  inputSchema: noArguments,
  annotations: READ_ONLY,
};
const TOOLSETS_ENABLE = {
  name: 'toolsets_enable',
  description: 'Use to get the tools of named toolsets (their names, descriptions and arguments) to call them now, and the /mcp URL that lists them.',
  inputSchema: {
    type: 'object' as const, additionalProperties: false as const, required: ['toolsets'],
    properties: { toolsets: { type: 'array', minItems: 1, items: { type: 'string' }, description: 'Toolset names from toolsets_list, or "all"' } },
  },
  annotations: READ_ONLY,
};
const META_TOOLS = [WHOAMI, TOOLSETS_LIST, TOOLSETS_ENABLE];

/** A tool as `tools/list` shows it. */
export const listedTool = (tool: RouteTool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations });

/** The size of a `tools/list` answer in tokens, counted as its JSON's UTF-8 bytes / 4. */
export const approximateTokens = (tools: unknown[]) => Math.ceil(Buffer.byteLength(JSON.stringify({ tools })) / 4);

let cachedTools: { document: unknown; tools: RouteTool[] } | undefined;
export function routeTools(kernel: Kernel): RouteTool[] {
  const document = kernel.openApiDocument();
  if (!cachedTools || cachedTools.document !== document) cachedTools = { document, tools: toolsFromOpenApi(document) };
  return cachedTools.tools;
}

/** The request path of a tool call: path parameters filled in, query parameters appended. */
function requestPath(tool: RouteTool, args: Record<string, unknown>): string {
  let path = tool.path;
  for (const name of tool.pathParameters) path = path.replace(`{${name}}`, encodeURIComponent(String(args[name] ?? '')));
  const query = new URLSearchParams();
  for (const name of tool.queryParameters) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The multipart body of an upload tool's call: each file from its base64 or fetched from its URL
 * (a GET of this API with the caller's credential, so it sees only what the caller may read), the
 * other fields as form values. A string is what is wrong with the arguments.
 */
async function uploadForm(files: NonNullable<RouteTool['files']>, body: unknown, call: ApiCall): Promise<FormData | string> {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null || files.fields.includes(name)) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const name of files.fields) {
    const file = fields[name] as { base64?: unknown; url?: unknown; filename?: unknown } | undefined;
    if (!file) continue;
    if ((file.base64 === undefined) === (file.url === undefined)) return `body.${name}: give base64 or url, one of them`;
    const filename = typeof file.filename === 'string' && file.filename ? file.filename : name;
    if (typeof file.base64 === 'string') {
      const base64 = file.base64.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) return `body.${name}.base64 is not base64`;
      const bytes = Buffer.from(base64, 'base64');
      const limit = Math.min(files.maxBytes, MAX_INLINE_FILE_BYTES);
      if (bytes.byteLength > limit) return `body.${name}.base64 holds ${bytes.byteLength} bytes; at most ${limit} inline: upload the file (POST /api/v1/uploads) and give its url`;
      form.append(name, new File([bytes], filename));
      continue;
    }
    const url = typeof file.url === 'string' ? file.url : '';
    const path = url.replace(/^cuadra:\/\//, '/api/v1/').replace(/^https?:\/\/[^/]+/, '');
    if (!path.startsWith('/api/v1/')) return `body.${name}.url must be a file URL of this API (/api/v1/uploads/{id}), not ${url.slice(0, 100)}`;
    const response = await call('GET', path, undefined, {});
    if (!response.ok) return `body.${name}.url ${path}: ${response.status} ${await response.text().then((text) => { try { return JSON.parse(text).detail ?? text; } catch { return text; } })}`;
    const type = response.headers.get('content-type') ?? 'application/octet-stream';
    const disposition = response.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1];
    form.append(name, new File([await response.arrayBuffer()], disposition ?? filename, { type }));
  }
  return form;
}

const errorText = (status: number, detail: unknown) => `${status}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`;

/** A tool's result from the API's answer: JSON as text, files as embedded resources, errors with the API's detail. */
async function toolResult(response: Response, uri: string): Promise<CallToolResult> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status >= 400) {
    const text = await response.text();
    let detail: unknown = text;
    try { detail = JSON.parse(text).detail ?? text; } catch {}
    return { isError: true, content: [{ type: 'text', text: errorText(response.status, detail) }] };
  }
  if (response.status === 204) return { content: [{ type: 'text', text: `Done (${response.status})` }] };
  // a key with the drafts scope: the request waits for a person (the answer is the pending approval)
  if (response.status === 202) return { content: [{ type: 'text', text: `Not done yet: held for a person's approval (202). ${await response.text()}` }] };
  if (type.includes('json') || type.startsWith('text/')) return { content: [{ type: 'text', text: await response.text() }] };
  const blob = Buffer.from(await response.arrayBuffer()).toString('base64');
  return { content: [{ type: 'resource', resource: { uri, mimeType: type || 'application/octet-stream', blob } }] };
}

export const SERVER_INFO = { name: 'cuadra', version: '0.1.0' };
export const CAPABILITIES = { tools: {}, resources: {} };
export const INSTRUCTIONS = 'Cuadra: double-entry accounting for Spanish businesses. Money is a decimal string with two decimals ("1234.50"). Call whoami to see the company and role. The core tools cover the daily work; toolsets_list and toolsets_enable reach the rest (or connect to /mcp?toolsets=name,name or ?toolsets=all). Tools map one to one to the REST API (/openapi.json); arguments are the path and query parameters by name plus `body`. A document line names its tax with `tax_code` (IVA21) or `tax_type_id`.';

/** What the server answers, whatever the protocol revision that carries it. */
export interface McpHandlers {
  listTools(): Promise<{ tools: ReturnType<typeof listedTool>[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<CallToolResult>;
  listResources(): Promise<{ resources: { uri: string; name: string; description: string; mimeType: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: { uri: string; mimeType: string; text: string }[] }>;
}

/**
 * The MCP methods for one authenticated caller: the tools are the API operations its role and
 * scopes allow, each executed through the API itself (`call`), so validation, tenancy,
 * idempotency and rate limits are the API's.
 */
export function mcpHandlers(kernel: Kernel, principal: Principal, call: ApiCall, toolsets: Set<string> = new Set([CORE_TOOLSET]), endpoint = '/mcp'): McpHandlers {
  const allowed = allowedFor(kernel.permissions, principal);
  const tools = () => routeTools(kernel).filter(allowed);

  const listed = (tool: RouteTool) => toolsets.has(ALL_TOOLSETS) || toolsets.has(tool.toolset);

  const callTool = async (params: { name: string; arguments?: Record<string, unknown> }): Promise<CallToolResult> => {
    const args = params.arguments ?? {};
    if (params.name === WHOAMI.name) return { content: [{ type: 'text', text: JSON.stringify(await whoami(principal, call)) }] };
    if (params.name === TOOLSETS_LIST.name) return { content: [{ type: 'text', text: JSON.stringify(toolsetsOverview(tools(), listed)) }] };
    if (params.name === TOOLSETS_ENABLE.name) {
      const wanted = Array.isArray(args.toolsets) ? args.toolsets.map(String) : [];
      const available = new Set(tools().map((tool) => tool.toolset));
      const unknown = wanted.filter((name) => name !== ALL_TOOLSETS && !available.has(name));
      if (!wanted.length || unknown.length) {
        return { isError: true, content: [{ type: 'text', text: errorText(422, `Unknown toolsets: ${unknown.join(', ') || '(none given)'}; available: ${[...available].sort().join(', ')}`) }] };
      }
      const enabled = tools().filter((tool) => wanted.includes(ALL_TOOLSETS) || wanted.includes(tool.toolset));
      const names = wanted.includes(ALL_TOOLSETS) ? [ALL_TOOLSETS] : [...new Set([...toolsets, ...wanted])].filter((name) => name !== CORE_TOOLSET);
      return { content: [{ type: 'text', text: JSON.stringify({
        toolsets: wanted,
        note: 'Call these tools by name now; to have them in tools/list, connect to list_url.',
        list_url: `${endpoint}?toolsets=${names.join(',')}`,
        tools: enabled.map(listedTool),
      }) }] };
    }
    const tool = routeTools(kernel).find((t) => t.name === params.name);
    if (!tool || !allowed(tool)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    const unknown = Object.keys(args).filter((name) => !(name in tool.inputSchema.properties));
    if (unknown.length) return { isError: true, content: [{ type: 'text', text: errorText(422, `Unknown arguments: ${unknown.join(', ')}`) }] };
    const missing = tool.pathParameters.filter((name) => args[name] === undefined || args[name] === null || args[name] === '');
    if (missing.length) return { isError: true, content: [{ type: 'text', text: errorText(422, `Missing arguments: ${missing.join(', ')}`) }] };
    const headers: Record<string, string> = {};
    if (typeof args.idempotency_key === 'string') headers['idempotency-key'] = args.idempotency_key;
    const path = requestPath(tool, args);
    let body = tool.hasBody ? args.body ?? {} : undefined;
    if (tool.files) {
      const form = await uploadForm(tool.files, body, call);
      if (typeof form === 'string') return { isError: true, content: [{ type: 'text', text: errorText(422, form) }] };
      body = form;
    }
    const response = await call(tool.method, path, body, headers);
    return toolResult(response, `cuadra://${path.replace(/^\/api\/v1\//, '')}`);
  };

  const resources = () => {
    const byOperation = new Map(routeTools(kernel).map((tool) => [tool.operationId, tool]));
    return RESOURCES.flatMap((resource) => {
      const tool = byOperation.get(resource.operationId);
      return tool && allowed(tool) ? [{ resource, tool }] : [];
    });
  };
  return {
    listTools: async () => ({ tools: [...META_TOOLS, ...tools().filter(listed).map(listedTool)] }),
    callTool,
    listResources: async () => ({
      resources: resources().map(({ resource }) => ({ uri: resource.uri, name: resource.name, description: resource.description, mimeType: 'application/json' })),
    }),
    readResource: async (params) => {
      const found = resources().find(({ resource }) => resource.uri === params.uri);
      if (!found) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${params.uri}`);
      const response = await call('GET', requestPath(found.tool, found.resource.query ?? {}), undefined, {});
      const text = await response.text();
      if (!response.ok) throw new McpError(ErrorCode.InternalError, errorText(response.status, (() => { try { return JSON.parse(text).detail; } catch { return text; } })()));
      return { contents: [{ uri: found.resource.uri, mimeType: 'application/json', text }] };
    },
  };
}

/** The server for the revisions with an `initialize` handshake (2025-11-25 and earlier), through the SDK. */
export function createLegacyMcpServer(handlers: McpHandlers): Server {
  const server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => handlers.listTools());
  server.setRequestHandler(CallToolRequestSchema, (request) => handlers.callTool(request.params as { name: string; arguments?: Record<string, unknown> }));
  server.setRequestHandler(ListResourcesRequestSchema, () => handlers.listResources());
  server.setRequestHandler(ReadResourceRequestSchema, (request) => handlers.readResource(request.params));
  return server;
}

/** Every toolset the caller may use: purpose, tool names, size, and whether this connection lists it. */
function toolsetsOverview(tools: RouteTool[], listed: (tool: RouteTool) => boolean) {
  const byToolset = new Map<string, RouteTool[]>();
  for (const tool of tools) byToolset.set(tool.toolset, [...(byToolset.get(tool.toolset) ?? []), tool]);
  return {
    toolsets: [...byToolset].sort(([a], [b]) => (a === CORE_TOOLSET ? -1 : b === CORE_TOOLSET ? 1 : a.localeCompare(b))).map(([name, members]) => {
      // core is listed on every connection, with whoami and the toolset tools
      const shown = [...(name === CORE_TOOLSET ? META_TOOLS : []), ...members.map(listedTool)];
      return {
        name, description: TOOLSET_DESCRIPTIONS[name] ?? `The ${name} tools.`, listed: name === CORE_TOOLSET || listed(members[0]!),
        tool_count: shown.length, approximate_tokens: approximateTokens(shown), tools: shown.map((tool) => tool.name),
      };
    }),
    how_to_enable: 'toolsets_enable with their names, or connect to /mcp?toolsets=name,name (or ?toolsets=all)',
  };
}

async function whoami(principal: Principal, call: ApiCall) {
  const tenant = await call('GET', '/api/v1/tenants/me', undefined, {});
  const company = tenant.ok ? ((await tenant.json()) as { name?: string }).name ?? null : null;
  return {
    credential: principal.kind, user_id: principal.userId, tenant_id: principal.tenantId, company_name: company,
    role: principal.role, api_key_id: principal.apiKeyId ?? null, scopes: principal.scopes ?? null,
  };
}
