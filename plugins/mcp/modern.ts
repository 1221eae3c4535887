import { ErrorCode, McpError, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { CAPABILITIES, INSTRUCTIONS, SERVER_INFO, type McpHandlers } from './server';

/**
 * MCP 2026-07-28 and later ("modern" revisions) over Streamable HTTP: no `initialize`, no session;
 * every request carries its protocol version and client capabilities in `_meta`, mirrored in the
 * `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers, and is answered on its own.
 * The earlier revisions (with the handshake) are served by the SDK's transport in routes.ts.
 */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'];
/** Every revision /mcp speaks, newest first: the modern ones here, the handshake ones through the SDK. */
export const PROTOCOL_VERSIONS = [...MODERN_PROTOCOL_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS];

const FIRST_MODERN_VERSION = MODERN_PROTOCOL_VERSIONS[0]!;
const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;
/** Error codes the 2026-07-28 revision defines (its reserved range -32020 to -32099). */
const HEADER_MISMATCH = -32020;
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** Tool and resource lists depend on the caller's role and scopes, and change only with a release. */
const LIST_CACHE = { ttlMs: 300_000, cacheScope: 'private' as const };

interface JsonRpcMessage { jsonrpc?: string; id?: string | number | null; method?: string; params?: Record<string, unknown> & { _meta?: Record<string, unknown> } }

const isModernVersion = (version: unknown): version is string => typeof version === 'string' && version >= FIRST_MODERN_VERSION;

/**
 * Whether a POST body belongs to a modern revision: a single request or notification that declares
 * its version in `_meta`, asks `server/discover`, or comes with a modern `MCP-Protocol-Version`.
 * Anything else (an `initialize`, a request of an initialized legacy client) is the SDK's.
 */
export function isModernMessage(message: unknown, headers: Headers): message is JsonRpcMessage {
  if (!message || typeof message !== 'object' || Array.isArray(message)) return false;
  const { method, params } = message as JsonRpcMessage;
  if (method === 'initialize') return false;
  return params?._meta?.[META.protocolVersion] !== undefined || method === 'server/discover' || isModernVersion(headers.get('mcp-protocol-version'));
}

const json = (status: number, body: unknown) => Response.json(body, { status });
const error = (status: number, id: JsonRpcMessage['id'], code: number, message: string, data?: unknown) =>
  json(status, { jsonrpc: '2.0', id: id ?? null, error: { code, message, ...(data === undefined ? {} : { data }) } });

/** A header value as the client sent it, decoded from the `=?base64?…?=` form used for values that are not plain ASCII. */
function headerValue(headers: Headers, name: string): string | null {
  const raw = headers.get(name);
  const encoded = raw?.match(/^=\?base64\?(.*)\?=$/);
  return encoded ? Buffer.from(encoded[1]!, 'base64').toString('utf8') : raw;
}

/** The headers must repeat what the body says, so a gateway that routes on them sees the truth. */
function headerMismatch(message: JsonRpcMessage, headers: Headers, version: string): string | undefined {
  const sentVersion = headers.get('mcp-protocol-version');
  if (sentVersion !== version) return `MCP-Protocol-Version header ${sentVersion === null ? 'is missing' : `'${sentVersion}'`} but _meta says '${version}'`;
  const method = headers.get('mcp-method');
  if (method !== message.method) return `Mcp-Method header ${method === null ? 'is missing' : `'${method}'`} but the body's method is '${message.method}'`;
  const named = message.method === 'tools/call' || message.method === 'prompts/get' ? message.params?.name : message.method === 'resources/read' ? message.params?.uri : undefined;
  if (named === undefined) return undefined;
  const name = headerValue(headers, 'mcp-name');
  if (name !== String(named)) return `Mcp-Name header ${name === null ? 'is missing' : `'${name}'`} but the body names '${String(named)}'`;
  return undefined;
}

/** Answers one modern request (or notification) with the caller's handlers. */
export async function serveModern(message: JsonRpcMessage, headers: Headers, handlers: McpHandlers): Promise<Response> {
  const { id, method } = message;
  if (typeof method !== 'string') return error(400, id, ErrorCode.InvalidRequest, 'Send a JSON-RPC request: this server takes no responses from clients');
  // this revision defines no client notification over HTTP; one is accepted and has no effect
  if (id === undefined) return new Response(null, { status: 202 });

  const meta = message.params?._meta ?? {};
  const version = meta[META.protocolVersion];
  if (typeof version !== 'string') return error(400, id, ErrorCode.InvalidParams, `_meta["${META.protocolVersion}"] is required (for example "${FIRST_MODERN_VERSION}")`);
  const mismatch = headerMismatch(message, headers, version);
  if (mismatch) return error(400, id, HEADER_MISMATCH, `Header mismatch: ${mismatch}`);
  if (!MODERN_PROTOCOL_VERSIONS.includes(version)) {
    return error(400, id, UNSUPPORTED_PROTOCOL_VERSION, 'Unsupported protocol version', { supported: PROTOCOL_VERSIONS, requested: version });
  }
  if (!meta[META.clientCapabilities] || typeof meta[META.clientCapabilities] !== 'object') {
    return error(400, id, ErrorCode.InvalidParams, `_meta["${META.clientCapabilities}"] is required (an object, {} for none)`);
  }

  const params = message.params ?? {};
  let result: Record<string, unknown>;
  try {
    switch (method) {
      case 'server/discover':
        result = { supportedVersions: PROTOCOL_VERSIONS, capabilities: CAPABILITIES, instructions: INSTRUCTIONS, ttlMs: 3_600_000, cacheScope: 'public' };
        break;
      case 'tools/list': result = { ...(await handlers.listTools()), ...LIST_CACHE }; break;
      case 'resources/list': result = { ...(await handlers.listResources()), ...LIST_CACHE }; break;
      case 'resources/templates/list': result = { resourceTemplates: [], ...LIST_CACHE }; break;
      case 'resources/read': {
        if (typeof params.uri !== 'string') throw new McpError(ErrorCode.InvalidParams, 'params.uri is required');
        result = { ...(await handlers.readResource({ uri: params.uri })), ttlMs: 0, cacheScope: 'private' };
        break;
      }
      case 'tools/call': {
        if (typeof params.name !== 'string') throw new McpError(ErrorCode.InvalidParams, 'params.name is required');
        const args = params.arguments;
        if (args !== undefined && (!args || typeof args !== 'object' || Array.isArray(args))) throw new McpError(ErrorCode.InvalidParams, 'params.arguments must be an object');
        result = await handlers.callTool({ name: params.name, arguments: args as Record<string, unknown> | undefined });
        break;
      }
      default:
        return error(404, id, ErrorCode.MethodNotFound, `Method not found: ${method}`);
    }
  } catch (thrown) {
    if (thrown instanceof McpError) return error(200, id, thrown.code, thrown.message.replace(/^MCP error -?\d+: /, ''), thrown.data);
    throw thrown;
  }
  return json(200, { jsonrpc: '2.0', id, result: { ...result, resultType: 'complete', _meta: { [META.serverInfo]: SERVER_INFO } } });
}
