import { Elysia } from 'elysia';
import { Forbidden } from '../../kernel/errors';
import { handleError } from '../../kernel/http';
import type { Kernel } from '../../kernel/kernel';
import { PASSWORD_CHANGE_REQUIRED } from '../../kernel/principal';
import { DEFAULT_MAX_BODY_BYTES, MAX_BODY_BYTES_KEY } from '../../kernel/request-body';
import type { ApiCall } from './server';
import { MAX_INLINE_FILE_BYTES } from './tools';
import { ALL_TOOLSETS, parseToolsetsParameter } from './toolsets';

export const MCP_PATH = '/mcp';
/** A JSON-RPC message with the largest inline file (base64 is 4/3 of the bytes) and the rest of the call. */
export const MCP_MAX_BODY_BYTES = Math.ceil(MAX_INLINE_FILE_BYTES / 3) * 4 + DEFAULT_MAX_BODY_BYTES;

const methodNotAllowed = () => new Response(JSON.stringify({ detail: 'This MCP server is stateless: POST JSON-RPC messages to /mcp' }), {
  status: 405, headers: { allow: 'POST', 'content-type': 'application/json' },
});

/**
 * Streamable HTTP at /mcp, stateless: each POST carries the caller's bearer credential (API key or
 * session, plus `X-Tenant-Id` for a session), gets the handlers built for that caller and a JSON
 * answer. A request that declares a 2026-07-28 revision in `_meta` is answered by modern.ts; the
 * revisions with an `initialize` handshake by the SDK's transport. Tool calls go through the app's
 * own request pipeline with the same credential.
 */
export function mcpRoutes(kernel: Kernel) {
  const serve = async (request: Request): Promise<Response> => {
    let principal;
    try {
      principal = await kernel.authenticate(request);
      if (principal.passwordChangeRequired) throw new Forbidden(PASSWORD_CHANGE_REQUIRED);
      if (!principal.tenantId || !principal.role) throw new Forbidden('No active company: complete onboarding or pick one with X-Tenant-Id');
    } catch (error) {
      return handleError(kernel, undefined, error, request);
    }
    const forwarded: Record<string, string> = { authorization: request.headers.get('authorization')! };
    const tenant = request.headers.get('x-tenant-id');
    if (tenant) forwarded['x-tenant-id'] = tenant;
    const clientIp = kernel.clientIp(request);
    const call: ApiCall = (method, pathAndQuery, body, headers) => kernel.dispatch(new Request(new URL(pathAndQuery, request.url).href, {
      method,
      headers: { ...forwarded, ...headers, ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    }), clientIp);
    // the SDK (and the schema libraries under it) loads with the first MCP request, not at start-up
    const [{ WebStandardStreamableHTTPServerTransport }, { createLegacyMcpServer, mcpHandlers, routeTools }, { isModernMessage, serveModern }] = await Promise.all([
      import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'), import('./server'), import('./modern'),
    ]);
    const toolsets = parseToolsetsParameter(new URL(request.url).searchParams.get('toolsets'));
    const known = new Set([ALL_TOOLSETS, ...routeTools(kernel).map((tool) => tool.toolset)]);
    const unknown = [...toolsets].filter((name) => !known.has(name));
    if (unknown.length) {
      return Response.json({ detail: `Unknown toolsets in ?toolsets=: ${unknown.join(', ')}; known: ${[...known].sort().join(', ')}` }, { status: 400 });
    }
    const handlers = mcpHandlers(kernel, principal, call, toolsets, MCP_PATH);
    const body = await request.text();
    let message: unknown;
    try { message = JSON.parse(body); } catch { message = undefined; }
    if (isModernMessage(message, request.headers)) return serveModern(message, request.headers, handlers);

    // a revision with the handshake: the SDK's transport, stateless (every request answered alone, no session id)
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = createLegacyMcpServer(handlers);
    await server.connect(transport);
    try {
      return await transport.handleRequest(new Request(request.url, { method: 'POST', headers: request.headers, body }));
    } finally {
      await server.close();
    }
  };
  return new Elysia({ name: 'mcp' })
    // room for a file given inline (base64) to an upload tool
    .post(MCP_PATH, ({ request }) => serve(request), { parse: 'none', detail: { hide: true, [MAX_BODY_BYTES_KEY]: MCP_MAX_BODY_BYTES } as Record<string, unknown> })
    // stateless: no stream for server-initiated messages, no session to end
    .get(MCP_PATH, () => methodNotAllowed(), { detail: { hide: true } })
    .delete(MCP_PATH, () => methodNotAllowed(), { detail: { hide: true } });
}
