import type { Principal } from '../../kernel/principal';
import type { PermissionRegistry } from '../../kernel/kernel';
import { permissionNeeds } from '../../kernel/scopes';
import { CORE_TOOLS, toolsetOf } from './toolsets';

/** One API operation offered as an MCP tool. */
export interface RouteTool {
  /** The tool's name: the operation id, with the action added where the id names only a thing (`settlements` → `settlements_create`). */
  name: string;
  operationId: string;
  /** One sentence on when to use the tool. */
  description: string;
  toolset: string;
  method: string;
  /** The OpenAPI path (`/api/v1/invoices/{id}/issue`). */
  path: string;
  permission: string;
  pathParameters: string[];
  queryParameters: string[];
  hasBody: boolean;
  /** An upload (multipart) operation: its file fields, each given as base64 or as the URL of a file Cuadra holds, and their limit in bytes. */
  files?: { fields: string[]; maxBytes: number };
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[]; additionalProperties: false };
  readOnly: boolean;
  annotations: ToolAnnotations;
}

export interface ToolAnnotations { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean }

/** The last word of a tool that changes something: what it does. A write whose operation id ends otherwise gets the verb of its method. */
export const ACTION_VERBS = new Set([
  'create', 'update', 'replace', 'delete', 'issue', 'rectify', 'send', 'resend', 'settle', 'reverse', 'archive', 'close', 'reopen',
  'merge', 'accept', 'reject', 'convert', 'pause', 'resume', 'dispose', 'depreciate', 'redeliver', 'secret', 'categorize', 'match',
  'recommended', 'sent', 'query', 'import', 'ingest', 'approve', 'ping',
]);
const VERB_OF_METHOD: Record<string, string> = { POST: 'create', PUT: 'replace', PATCH: 'update', DELETE: 'delete', GET: 'list' };
/** Reads whose operation id names only a thing. */
const READ_NAMES: Record<string, string> = {
  aeat: 'aeat_models_list', bank_movements: 'bank_movements_list', fiscal_years: 'fiscal_years_list', ledger: 'ledger_journal_list',
  open_items: 'open_items_list', payment_reminders: 'payment_reminders_list', search: 'search_query', team_members: 'team_members_list',
  tenant: 'tenant_get', webhooks_deliveries: 'webhooks_deliveries_list', invoices_sendings: 'invoices_sendings_list',
  quotes_sendings: 'quotes_sendings_list', proformas_sendings: 'proformas_sendings_list', recurring_invoices_runs: 'recurring_invoices_runs_list',
  fiscal_years_closings: 'fiscal_years_closings_list',
};
/** Writes whose operation id does not say what they do. */
const WRITE_NAMES: Record<string, string> = { ai_ingest_purchase: 'purchases_ingest' };
/** Writes that overwrite or remove what was there (beyond PUT, PATCH and DELETE). */
const DESTRUCTIVE_ACTIONS = /_(merge|archive|rotate_secret|reopen)$/;
/** Writes that reach outside Cuadra (e-mail, webhooks). */
const OPEN_WORLD_ACTIONS = /_(send|resend|redeliver|ping)$/;

/** The tool name of an operation: its id, with its action added when the id names only a thing. */
export function toolName(operationId: string, method: string, read: boolean): string {
  const last = operationId.split('_').pop()!;
  if (method === 'POST' && read) return ACTION_VERBS.has(last) ? operationId : `${operationId}_query`;
  if (method === 'GET') return READ_NAMES[operationId] ?? operationId;
  if (WRITE_NAMES[operationId]) return WRITE_NAMES[operationId];
  return ACTION_VERBS.has(last) ? operationId : `${operationId}_${VERB_OF_METHOD[method]}`;
}

/** The first sentence of an operation's summary, ending with a full stop. */
function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.;](\s|$)/);
  let sentence = end < 0 ? flat : flat.slice(0, end);
  // a long summary keeps its main clause: up to its first colon or dash
  if (sentence.length > 200) sentence = sentence.slice(0, Math.max(sentence.search(/: | — /), 0) || 200);
  return `${sentence.replace(/[\s,]+$/, '')}.`;
}

export function annotationsOf(method: string, name: string, read: boolean): ToolAnnotations {
  return {
    readOnlyHint: read,
    destructiveHint: !read && (method === 'DELETE' || method === 'PUT' || method === 'PATCH' || DESTRUCTIVE_ACTIONS.test(name)),
    // POSTs that act are not idempotent by their arguments alone (an idempotency_key makes a retry safe)
    idempotentHint: read || method !== 'POST',
    openWorldHint: !read && OPEN_WORLD_ACTIONS.test(name),
  };
}

const MAX_INLINE_DEPTH = 12;

/** The largest file a tool call carries inline (base64 in the JSON-RPC message); larger ones go by URL. */
export const MAX_INLINE_FILE_BYTES = 10 * 1024 * 1024;
/** The room a multipart envelope takes around the file in a route's body limit. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;
const mebibytes = (bytes: number) => `${Math.floor((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** How a tool takes a file: its bytes as base64, or the URL of a file Cuadra already holds. */
export function fileArgument(description: string | undefined, maxBytes: number) {
  const inline = Math.min(maxBytes, MAX_INLINE_FILE_BYTES);
  return {
    type: 'object', additionalProperties: false,
    description: `${description ? `${description.replace(/\.?$/, '.')} ` : ''}Give base64 (at most ${mebibytes(inline)}) or url, not both.`,
    properties: {
      base64: { type: 'string', contentEncoding: 'base64', maxLength: Math.ceil(inline / 3) * 4, description: 'The file\'s bytes, base64-encoded' },
      url: { type: 'string', description: `A file already uploaded: /api/v1/uploads/{id} (POST /api/v1/uploads), or another file URL of this API; at most ${mebibytes(maxBytes)}` },
      filename: { type: 'string', maxLength: 255, description: 'With base64: the file name (its extension helps recognise the format)' },
    },
  };
}

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
 * whose body, if any, is JSON or an upload (multipart: each file given as base64 or by URL). Names are the operation ids (`contacts_list`, `invoices_issue`) with
 * the action added where the id names only a thing, descriptions one sentence, arguments the path and query parameters by name
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
      const multipart = content?.['multipart/form-data'];
      if (content && !content['application/json'] && !multipart) continue;
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
      let files: RouteTool['files'];
      if (content) {
        const body = inline((content['application/json'] ?? multipart).schema, components);
        if (!content['application/json']) {
          const maxBytes = typeof operation['x-max-body-bytes'] === 'number' ? operation['x-max-body-bytes'] - MULTIPART_ENVELOPE_BYTES : MAX_INLINE_FILE_BYTES;
          const fields = Object.entries<any>(body.properties ?? {}).filter(([, field]) => field.format === 'binary').map(([field]) => field);
          for (const field of fields) body.properties[field] = fileArgument(body.properties[field].description, maxBytes);
          files = { fields, maxBytes };
        }
        properties.body = body;
        if (operation.requestBody.required !== false) required.push('body');
      }
      if (method === 'post') {
        properties.idempotency_key = { type: 'string', minLength: 1, maxLength: 255, description: 'Sent as Idempotency-Key: a retry with the same key replays the first answer instead of acting twice' };
      }
      // a read (a POST that only answers, as POST /dashboard/data, is guarded by a `.read` permission)
      const { area, access } = permissionNeeds(permission);
      const readOnly = method === 'get' || access === 'read';
      const name = toolName(operation.operationId, method.toUpperCase(), readOnly);
      tools.push({
        name,
        operationId: operation.operationId,
        description: CORE_TOOLS[name] ?? firstSentence(operation.summary ?? operation.description ?? name.replaceAll('_', ' ')),
        toolset: toolsetOf(name, area),
        method: method.toUpperCase(),
        path,
        permission,
        pathParameters,
        queryParameters,
        hasBody: Boolean(content),
        ...(files ? { files } : {}),
        inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
        readOnly,
        annotations: annotationsOf(method.toUpperCase(), name, readOnly),
      });
    }
  }
  return tools.sort((a, b) => a.name.localeCompare(b.name));
}

/** What the principal's role and scopes allow: the same test the API applies to each call. */
export const allowedFor = (permissions: PermissionRegistry, principal: Principal) => (tool: { permission: string }) =>
  permissions.allows(principal, tool.permission);
