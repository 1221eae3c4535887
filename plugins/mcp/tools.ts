import type { Principal } from '../../kernel/principal';
import type { PermissionRegistry } from '../../kernel/kernel';
import { permissionNeeds } from '../../kernel/scopes';

/** One API operation offered as an MCP tool. */
export interface RouteTool {
  name: string;
  description: string;
  method: string;
  /** The OpenAPI path (`/api/v1/invoices/{id}/issue`). */
  path: string;
  permission: string;
  pathParameters: string[];
  queryParameters: string[];
  hasBody: boolean;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[]; additionalProperties: false };
  readOnly: boolean;
}

const MAX_INLINE_DEPTH = 12;

/** A schema with every `$ref` to a component replaced by the component (tools carry no components). */
function inline(schema: any, components: Record<string, any>, depth = 0): any {
  if (Array.isArray(schema)) return schema.map((item) => inline(item, components, depth));
  if (!schema || typeof schema !== 'object') return schema;
  if (typeof schema.$ref === 'string') {
    const target = components[schema.$ref.split('/').pop()];
    if (!target || depth >= MAX_INLINE_DEPTH) return {};
    const { $ref: _, ...siblings } = schema;
    return { ...inline(target, components, depth + 1), ...inline(siblings, components, depth) };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === 'example' || key === 'examples' || key === 'default' || key === 'enum' || key === 'const' ? value : inline(value, components, depth);
  }
  return out;
}

/**
 * The tools of the OpenAPI document: every operation guarded by a permission (so open to API keys)
 * whose body, if any, is JSON. Names are the operation ids (`contacts_list`, `invoices_issue`),
 * descriptions the summaries and descriptions, arguments the path and query parameters by name
 * plus `body` for the request body, with the JSON Schemas the routes validate against.
 */
export function toolsFromOpenApi(document: any): RouteTool[] {
  const components: Record<string, any> = document.components?.schemas ?? {};
  const tools: RouteTool[] = [];
  for (const [path, operations] of Object.entries<any>(document.paths ?? {})) {
    for (const [method, operation] of Object.entries<any>(operations)) {
      const permission: string | undefined = operation['x-permission'];
      if (!permission) continue;
      const content = operation.requestBody?.content;
      if (content && !content['application/json']) continue;
      const properties: Record<string, unknown> = {};
      const required: string[] = [];
      const pathParameters: string[] = [];
      const queryParameters: string[] = [];
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'path' && parameter.in !== 'query') continue;
        (parameter.in === 'path' ? pathParameters : queryParameters).push(parameter.name);
        properties[parameter.name] = { ...inline(parameter.schema ?? {}, components), ...(parameter.description ? { description: parameter.description } : {}) };
        if (parameter.required || parameter.in === 'path') required.push(parameter.name);
      }
      if (content) {
        properties.body = inline(content['application/json'].schema, components);
        if (operation.requestBody.required !== false) required.push('body');
      }
      if (method === 'post') {
        properties.idempotency_key = { type: 'string', minLength: 1, maxLength: 255, description: 'Sent as Idempotency-Key: a retry with the same key replays the first answer instead of acting twice' };
      }
      tools.push({
        name: operation.operationId,
        description: [operation.summary, operation.description].filter(Boolean).join('\n\n'),
        method: method.toUpperCase(),
        path,
        permission,
        pathParameters,
        queryParameters,
        hasBody: Boolean(content),
        inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
        // a read (a POST that only answers, as POST /dashboard/data, is guarded by a `.read` permission)
        readOnly: method === 'get' || permissionNeeds(permission).access === 'read',
      });
    }
  }
  return tools.sort((a, b) => a.name.localeCompare(b.name));
}

/** What the principal's role and scopes allow: the same test the API applies to each call. */
export const allowedFor = (permissions: PermissionRegistry, principal: Principal) => (tool: { permission: string }) =>
  permissions.allows(principal, tool.permission);
