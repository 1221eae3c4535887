import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Kernel } from '../../kernel/kernel';
import type { Principal } from '../../kernel/principal';
import { RESOURCES } from './resources';
import { allowedFor, toolsFromOpenApi, type RouteTool } from './tools';

/** Calls one API operation as the MCP caller (same credential, same company). */
export type ApiCall = (method: string, pathAndQuery: string, body: unknown, headers: Record<string, string>) => Promise<Response>;

const WHOAMI = {
  name: 'whoami',
  description: 'Who this connection acts as: the company (tenant id and name), the role, the API key and its scopes. Pick another company of a signed-in user with the X-Tenant-Id header.',
  inputSchema: { type: 'object' as const, properties: {}, additionalProperties: false as const },
  annotations: { readOnlyHint: true },
};

let cachedTools: { document: unknown; tools: RouteTool[] } | undefined;
function routeTools(kernel: Kernel): RouteTool[] {
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
  if (type.includes('json') || type.startsWith('text/')) return { content: [{ type: 'text', text: await response.text() }] };
  const blob = Buffer.from(await response.arrayBuffer()).toString('base64');
  return { content: [{ type: 'resource', resource: { uri, mimeType: type || 'application/octet-stream', blob } }] };
}

/**
 * An MCP server for one authenticated caller: the tools are the API operations its role and
 * scopes allow, each executed through the API itself (`call`), so validation, tenancy,
 * idempotency and rate limits are the API's.
 */
export function createMcpServer(kernel: Kernel, principal: Principal, call: ApiCall): Server {
  const server = new Server({ name: 'cuadra', version: '0.1.0' }, {
    capabilities: { tools: {}, resources: {} },
    instructions: 'Cuadra: double-entry accounting for Spanish businesses. Money is a decimal string with two decimals ("1234.50"). Call whoami to see the company and role. Tools map one to one to the REST API (/openapi.json); arguments are the path and query parameters by name plus `body`.',
  });
  const allowed = allowedFor(kernel.permissions, principal);
  const tools = () => routeTools(kernel).filter(allowed);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [WHOAMI, ...tools().map((tool) => ({
      name: tool.name, description: tool.description, inputSchema: tool.inputSchema,
      annotations: { readOnlyHint: tool.readOnly, destructiveHint: tool.method === 'DELETE' },
    }))],
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (request.params.name === WHOAMI.name) return { content: [{ type: 'text', text: JSON.stringify(await whoami(principal, call)) }] };
    const tool = routeTools(kernel).find((t) => t.name === request.params.name);
    if (!tool || !allowed(tool)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const unknown = Object.keys(args).filter((name) => !(name in tool.inputSchema.properties));
    if (unknown.length) return { isError: true, content: [{ type: 'text', text: errorText(422, `Unknown arguments: ${unknown.join(', ')}`) }] };
    const missing = tool.pathParameters.filter((name) => args[name] === undefined || args[name] === null || args[name] === '');
    if (missing.length) return { isError: true, content: [{ type: 'text', text: errorText(422, `Missing arguments: ${missing.join(', ')}`) }] };
    const headers: Record<string, string> = {};
    if (typeof args.idempotency_key === 'string') headers['idempotency-key'] = args.idempotency_key;
    const path = requestPath(tool, args);
    const response = await call(tool.method, path, tool.hasBody ? args.body ?? {} : undefined, headers);
    return toolResult(response, `cuadra://${path.replace(/^\/api\/v1\//, '')}`);
  });

  const resources = () => {
    const byOperation = new Map(routeTools(kernel).map((tool) => [tool.name, tool]));
    return RESOURCES.flatMap((resource) => {
      const tool = byOperation.get(resource.operationId);
      return tool && allowed(tool) ? [{ resource, tool }] : [];
    });
  };
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: resources().map(({ resource }) => ({ uri: resource.uri, name: resource.name, description: resource.description, mimeType: 'application/json' })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const found = resources().find(({ resource }) => resource.uri === request.params.uri);
    if (!found) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${request.params.uri}`);
    const response = await call('GET', requestPath(found.tool, found.resource.query ?? {}), undefined, {});
    const text = await response.text();
    if (!response.ok) throw new McpError(ErrorCode.InternalError, errorText(response.status, (() => { try { return JSON.parse(text).detail; } catch { return text; } })()));
    return { contents: [{ uri: found.resource.uri, mimeType: 'application/json', text }] };
  });
  return server;
}

async function whoami(principal: Principal, call: ApiCall) {
  const tenant = await call('GET', '/api/v1/tenants/me', undefined, {});
  const company = tenant.ok ? ((await tenant.json()) as { name?: string }).name ?? null : null;
  return {
    credential: principal.kind, user_id: principal.userId, tenant_id: principal.tenantId, company_name: company,
    role: principal.role, api_key_id: principal.apiKeyId ?? null, scopes: principal.scopes ?? null,
  };
}
