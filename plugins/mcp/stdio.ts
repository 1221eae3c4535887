/**
 * `bun run mcp`: the MCP server over stdio for local agents (Claude Desktop, editors), relaying
 * every message to a running Cuadra's /mcp with the API key from the environment. The server does
 * the work (tools, scopes, tenancy); this process only carries messages, so it never opens the
 * database a running instance holds.
 *
 *   CUADRA_API_KEY  the agl_… key (required)
 *   CUADRA_URL      the service's base URL (default http://localhost:8000)
 *   CUADRA_TENANT_ID  the company, for a session token instead of a key (optional)
 */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export async function relayStdioToHttp(env: Record<string, string | undefined> = process.env): Promise<void> {
  const key = env.CUADRA_API_KEY?.trim();
  if (!key) {
    process.stderr.write('CUADRA_API_KEY is not set: create an API key (POST /api/v1/auth/api-keys) and export it\n');
    process.exit(2);
  }
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (env.CUADRA_TENANT_ID) headers['x-tenant-id'] = env.CUADRA_TENANT_ID;
  const upstream = new StreamableHTTPClientTransport(new URL('/mcp', env.CUADRA_URL ?? 'http://localhost:8000'), { requestInit: { headers } });
  const local = new StdioServerTransport();
  local.onmessage = (message: JSONRPCMessage) => {
    upstream.send(message).catch((error: Error) => {
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

if (import.meta.main) await relayStdioToHttp();
