import type { Kernel } from '../../kernel/kernel';

/**
 * The protected resources of this server (RFC 8707 resource indicators, RFC 9728 metadata): the
 * REST API, named by the server's public URL, and the MCP server at /mcp. A token is issued for
 * one of them and acts only there; the MCP server's own calls into the API (its tools) act for
 * the MCP request that made them.
 */
export interface ProtectedResource {
  /** The resource identifier clients send as `resource` and find in the metadata. */
  id: string;
  /** Where its RFC 9728 metadata is served (the resource's path after /.well-known/oauth-protected-resource). */
  metadataPath: string;
  name: string;
  /** Whether a request (path on this server) is addressed to the resource. */
  serves(path: string): boolean;
}

export const MCP_PATH = '/mcp';
export const API_PATH = '/api/v1';
export const RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

export function protectedResources(kernel: Kernel): { api: ProtectedResource; mcp: ProtectedResource } {
  const base = kernel.config.publicUrl;
  return {
    api: {
      id: base, metadataPath: RESOURCE_METADATA_PATH, name: 'Cuadra REST API',
      serves: (path) => path === API_PATH || path.startsWith(`${API_PATH}/`),
    },
    mcp: {
      id: `${base}${MCP_PATH}`, metadataPath: `${RESOURCE_METADATA_PATH}${MCP_PATH}`, name: 'Cuadra MCP server',
      serves: (path) => path === MCP_PATH,
    },
  };
}

/** The resource a request is addressed to, or null (the metadata and OAuth endpoints themselves). */
export function resourceOf(resources: ReturnType<typeof protectedResources>, path: string): ProtectedResource | null {
  if (resources.mcp.serves(path)) return resources.mcp;
  if (resources.api.serves(path)) return resources.api;
  return null;
}

/** The resource a `resource` parameter names, or null when it names none of ours. */
export function resourceNamed(resources: ReturnType<typeof protectedResources>, id: string): ProtectedResource | null {
  const wanted = id.replace(/\/+$/, '');
  return [resources.api, resources.mcp].find((resource) => resource.id === wanted) ?? null;
}
