/**
 * `npm run --silent mcp` (through infra/bootstrap.mjs, which installs Bun when missing): the MCP server over stdio for local agents (Claude Desktop, editors), relaying
 * every message to a running Cuadra's /mcp with the API key from the environment. The server does
 * the work (tools, scopes, tenancy); this process only carries messages, so it never opens the
 * database a running instance holds.
 *
 *   CUADRA_API_KEY  the agl_… key (required)
 *   CUADRA_URL      the service's base URL (default http://localhost:8000)
 *   CUADRA_TENANT_ID  the company, for a session token instead of a key (optional)
 *   CUADRA_MCP_TOOLSETS  toolsets listed beyond core, comma separated, or `all` (optional)
 */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export const USAGE = `Cuadra MCP stdio relay: speaks MCP on stdin/stdout and relays every message to a running Cuadra's /mcp.

  npm run --silent mcp          (from the Cuadra folder; --silent keeps npm's banner off stdout)

Environment:
  CUADRA_API_KEY       the agl_… API key (required)
  CUADRA_URL           the service's base URL (default http://localhost:8000)
  CUADRA_TENANT_ID     the company, for a session token instead of a key
  CUADRA_MCP_TOOLSETS  toolsets listed beyond core, comma separated (banking,dashboards) or all
`;

/** The relay's endpoint: /mcp of the service, with the toolsets asked for. */
export function relayEndpoint(env: Record<string, string | undefined>): URL {
  const url = new URL('/mcp', env.CUADRA_URL ?? 'http://localhost:8000');
  const toolsets = env.CUADRA_MCP_TOOLSETS?.trim();
  if (toolsets) url.searchParams.set('toolsets', toolsets);
  return url;
}

export async function relayStdioToHttp(env: Record<string, string | undefined> = process.env): Promise<void> {
  const key = env.CUADRA_API_KEY?.trim();
  if (!key) {
    process.stderr.write('CUADRA_API_KEY is not set: create an API key (POST /api/v1/auth/api-keys) and export it\n');
    process.exit(2);
  }
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (env.CUADRA_TENANT_ID) headers['x-tenant-id'] = env.CUADRA_TENANT_ID;
  const endpoint = relayEndpoint(env);
  const upstream = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers } });
  const local = new StdioServerTransport();
  local.onmessage = (message: JSONRPCMessage) => {
    const sent = modernHeaders(message) ? relayModern(endpoint, headers, message, (answer) => local.send(answer)) : upstream.send(message);
    sent.catch((error: Error) => {
      if ('id' in message && 'method' in message) {
        local.send({ jsonrpc: '2.0', id: message.id, error: { code: -32000, message: `Cuadra at ${env.CUADRA_URL ?? 'http://localhost:8000'}: ${error.message}` } });
      } else process.stderr.write(`cuadra mcp: ${error.message}\n`);
    });
  };
  upstream.onmessage = (message) => { void local.send(message); };
  upstream.onerror = (error) => process.stderr.write(`cuadra mcp: ${error.message}\n`);
  local.onclose = () => { void upstream.close(); };
  await upstream.start();
  await local.start();
}

const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';

/**
 * The HTTP headers a 2026-07-28 request carries (version, method, name), or undefined for a message
 * of a revision with the handshake. A stdio client sends none, so the relay adds them.
 */
export function modernHeaders(message: JSONRPCMessage): Record<string, string> | undefined {
  if (!('method' in message) || !('id' in message)) return undefined;
  const params = (message.params ?? {}) as { _meta?: Record<string, unknown>; name?: unknown; uri?: unknown };
  const version = params._meta?.[PROTOCOL_VERSION_META];
  if (typeof version !== 'string') return undefined;
  const headers: Record<string, string> = { 'mcp-protocol-version': version, 'mcp-method': message.method };
  const name = params.name ?? params.uri;
  if ((message.method === 'tools/call' || message.method === 'resources/read' || message.method === 'prompts/get') && name !== undefined) {
    const text = String(name);
    headers['mcp-name'] = /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(text) && !/^=\?base64\?.*\?=$/.test(text) ? text : `=?base64?${Buffer.from(text).toString('base64')}?=`;
  }
  return headers;
}

/** One 2026-07-28 request: its own POST, its JSON-RPC answer (errors included) back on stdout. */
async function relayModern(endpoint: URL, credential: Record<string, string>, message: JSONRPCMessage, deliver: (answer: JSONRPCMessage) => Promise<void>): Promise<void> {
  const response = await fetch(endpoint, {
    method: 'POST', body: JSON.stringify(message),
    headers: { ...credential, ...modernHeaders(message), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  });
  const text = await response.text();
  let answer: JSONRPCMessage | undefined;
  try { answer = JSON.parse(text); } catch {}
  if (!answer || !('jsonrpc' in answer)) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  await deliver(answer);
}

if (import.meta.main) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) process.stdout.write(USAGE);
  else await relayStdioToHttp();
}
