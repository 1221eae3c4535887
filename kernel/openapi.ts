import { dirname, join } from 'node:path';
import { toOpenAPISchema } from '@elysiajs/openapi';
import type { AnyElysia } from 'elysia';
import { registerStringFormats } from '../lib/formats';
import type { Kernel } from './kernel';
import { DEFAULT_MAX_BODY_BYTES, MAX_BODY_BYTES_KEY } from './request-body';

registerStringFormats();

/** The service's version (OpenAPI document, trace resource). */
export const VERSION = '0.1.0';

const ValidationError = {
  type: 'object',
  title: 'ValidationError',
  required: ['loc', 'msg', 'type'],
  properties: {
    loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
    msg: { type: 'string' },
    type: { type: 'string' },
  },
};
const HTTPValidationError = { type: 'object', title: 'HTTPValidationError', properties: { detail: { type: 'array', items: { $ref: '#/components/schemas/ValidationError' } } } };
const ErrorResponse = { type: 'object', title: 'ErrorResponse', required: ['detail'], properties: { detail: { type: 'string' } } };

const errorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
});

const rateLimitHeaders = {
  RateLimit: { $ref: '#/components/headers/RateLimit' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
};
const headers = {
  RateLimit: { description: 'What is left of each policy that applies: `"<policy>";r=<requests left>;t=<seconds to the window\'s end>`', schema: { type: 'string' }, example: '"api-key";r=1187;t=42' },
  'RateLimit-Policy': { description: 'The policies that apply: `"<policy>";q=<requests>;w=<window seconds>`', schema: { type: 'string' }, example: '"api-key";q=1200;w=60' },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 1 } },
};
const idempotencyKey = {
  name: 'Idempotency-Key', in: 'header', required: false,
  description: 'Makes a retry safe: the first response is kept for 24 hours per credential and key and replayed (with `Idempotent-Replayed: true`) instead of running the request again.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** Optional metadata a route puts in its `detail` for the document builder. */
export interface OperationHints {
  /** The operation accepts an optional session (behaves differently with one). */
  'x-auth-optional'?: boolean;
  /** The body may be left out. */
  'x-body-optional'?: boolean;
}

/** A route's `detail.responses` entry for an operation that answers 204 with no body. */
export const noContent = { 204: { description: 'Done; no body' } } as Record<number, any>;

const METHOD_VERB: Record<string, string> = { get: 'get', post: 'create', put: 'replace', patch: 'update', delete: 'delete' };

/**
 * Stable readable operation ids from the path: `contacts_list`, `contacts_create`, `contacts_get`,
 * `contacts_tax_suggestion`, `auth_api_keys_delete`. Path parameters are left out; the method
 * names the action where one path serves several.
 */
export function operationIdFor(path: string, method: string, methodsOnPath: string[]): string {
  const segments = path.replace(/^\/api\/v1\//, '/').split('/').filter(Boolean);
  const words = segments.filter((s) => !s.startsWith('{')).map((s) => s.replace(/[^A-Za-z0-9]+/g, '_').toLowerCase());
  const base = words.join('_');
  const onItem = segments.length > 0 && segments[segments.length - 1].startsWith('{');
  if (onItem) return `${base}_${METHOD_VERB[method] ?? method}`;
  if (methodsOnPath.length === 1) return base;
  if (method === 'get') return methodsOnPath.includes('post') ? `${base}_list` : `${base}_get`;
  return `${base}_${METHOD_VERB[method] ?? method}`;
}

/**
 * Elysia's generator writes every integer as `string | integer` (what query coercion accepts) and
 * repeats named models inline with their `$id`. Typed clients need integers as integers and named
 * models as references: this walks the document and tidies both.
 */
function tidySchemas(node: any, components: Record<string, any>): any {
  if (Array.isArray(node)) return node.map((item) => tidySchemas(item, components));
  if (!node || typeof node !== 'object') return node;
  const variants = node.anyOf;
  if (Array.isArray(variants) && variants.length === 2) {
    const coerced = variants.find((v: any) => v?.type === 'string' && ['integer', 'numeric', 'boolean'].includes(v.format));
    const typed = variants.find((v: any) => v !== coerced && ['integer', 'number', 'boolean'].includes(v?.type));
    if (coerced && typed) {
      const { anyOf: _, ...outer } = node;
      return tidySchemas({ ...outer, ...typed }, components);
    }
  }
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) return { ...node, $ref: `#/components/schemas/${node.$ref}` };
  // literalUnion's pattern only enforces its enum: the enum says it to clients.
  if (Array.isArray(node.enum) && typeof node.pattern === 'string' && node.pattern.startsWith('^(?:')) {
    const { pattern: _, ...rest } = node;
    return tidySchemas(rest, components);
  }
  if (typeof node.$id === 'string') {
    const name = node.$id.replace('#/components/schemas/', '');
    const { $id: _, ...schema } = node;
    if (!components[name]) components[name] = tidySchemas(schema, components);
    return { $ref: `#/components/schemas/${name}` };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = key === 'example' || key === 'examples' || key === 'default' ? value : tidySchemas(value, components);
  return out;
}

/** Marks the objects a request body may hold as closed, as the kernel enforces (kernel/http.ts). */
function closeRequestObjects(schema: any, components: Record<string, any>, seen = new Set<any>()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  if (typeof schema.$ref === 'string') return closeRequestObjects(components[schema.$ref.split('/').pop()], components, seen);
  if (schema.type === 'object' && schema.properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
  for (const child of [...Object.values(schema.properties ?? {}), schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    closeRequestObjects(child, components, seen);
  }
}

/**
 * Plausible examples for the strings whose shape alone would make the docs invent one (Swagger UI
 * fills a pattern with random text: `"subtotal": "-121656644834.0"`): money and other decimals by
 * the field's name, dates, months, times and ids. A schema's own example wins.
 */
function decimalExample(name: string | undefined, pattern: string): string | undefined {
  if (!/^\^(-\?)?(\\d|\[0-9\])/.test(pattern) || !/\\\.(\\d|\[0-9\])/.test(pattern)) return undefined;
  if (pattern.includes('{1,6}')) return '1';
  const field = name ?? '';
  if (/rate|pct|percent/.test(field)) return '21.00';
  if (/tax|vat|quota|surcharge|withholding/.test(field)) return '21.00';
  if (/subtotal|base|price|net/.test(field)) return '100.00';
  if (/total|amount|balance|due|paid|outstanding|debit|credit|remaining/.test(field)) return '121.00';
  return '100.00';
}

const ID_EXAMPLE = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

function exampleForShape(schema: any, name: string | undefined): string | undefined {
  switch (schema.format) {
    case 'uuid': return ID_EXAMPLE;
    case 'date': return '2026-03-15';
    case 'date-time': return '2026-03-15T10:30:00Z';
  }
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : '';
  if (pattern === '^\\d{4}-\\d{2}-\\d{2}$') return '2026-03-15';
  if (pattern === '^\\d{4}-\\d{2}$') return '2026-03';
  return decimalExample(name, pattern);
}

/** Adds `examples` to string schemas of a known shape, in place (see exampleForShape). */
function addShapeExamples(node: any, name?: string): void {
  if (Array.isArray(node)) return node.forEach((item) => addShapeExamples(item, name));
  if (!node || typeof node !== 'object') return;
  const types = [node.type].flat();
  if (types.includes('string') && !('examples' in node || 'example' in node || 'enum' in node || 'const' in node || 'default' in node)) {
    const example = exampleForShape(node, name);
    if (example !== undefined) node.examples = [example];
  }
  for (const [key, value] of Object.entries<any>(node)) {
    if (key === 'example' || key === 'examples' || key === 'default' || key === 'enum' || key === 'const') continue;
    if (key === 'properties' && value && typeof value === 'object') for (const [field, child] of Object.entries(value)) addShapeExamples(child, field);
    else if (key === 'parameters' && Array.isArray(value)) value.forEach((parameter) => addShapeExamples(parameter?.schema, parameter?.name));
    else addShapeExamples(value, key === 'items' || key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'schema' ? name : undefined);
  }
}

/** The names of the components a request body reaches, at any depth. */
function requestComponents(paths: Record<string, any>, components: Record<string, any>): Set<string> {
  const reached = new Set<string>();
  const visit = (node: any): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') {
      const name = node.$ref.split('/').pop();
      if (reached.has(name) || !components[name]) return;
      reached.add(name);
      return visit(components[name]);
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'example' && key !== 'examples' && key !== 'default') visit(value);
  };
  for (const operations of Object.values<any>(paths)) for (const operation of Object.values<any>(operations)) visit(operation.requestBody);
  return reached;
}

/**
 * A field a request may leave out says so in `required`; its `default` is what the service then
 * assumes. Client generators read a property's `default` as "always present" (openapi-typescript's
 * default `defaultNonNullable`), which is true of a response but made clients send every such
 * field. In the schemas requests reach, the default moves into the description; a query
 * parameter keeps it (generators leave parameters optional). A file has no default.
 */
function describeRequestDefaults(node: any, seen = new Set<any>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) return node.forEach((item) => describeRequestDefaults(item, seen));
  for (const [key, value] of Object.entries<any>(node)) {
    if (key === 'example' || key === 'examples' || key === 'enum' || key === 'const') continue;
    if (key === 'properties' && value && typeof value === 'object') {
      for (const property of Object.values<any>(value)) {
        if (!property || typeof property !== 'object' || !('default' in property)) continue;
        const { default: fallback, ...rest } = property;
        for (const k of Object.keys(property)) delete property[k];
        const binary = rest.format === 'binary';
        const said = binary || (typeof rest.description === 'string' && /\bdefault\b/i.test(rest.description));
        Object.assign(property, rest, said ? {} : { description: `${rest.description ? `${String(rest.description).replace(/([^.!?])$/, '$1.')} ` : ''}Default: \`${JSON.stringify(fallback)}\`.` });
      }
    }
    describeRequestDefaults(value, seen);
  }
}

const hasFile = (schema: any): boolean => Object.values<any>(schema?.properties ?? {}).some((p) => p?.format === 'binary');

/** Plausible values for common field names, so that generated examples read like real requests. */
const EXAMPLE_BY_NAME: Record<string, string> = {
  email: 'ana@example.com', password: 'una clave bien larga', current_password: 'una clave bien larga', new_password: 'otra clave bien larga',
  name: 'Ana Robles SL', full_name: 'Ana Robles', tax_id: 'B12345674', vat: 'B12345674', description: 'Consultoría', reason: 'Error en el precio',
  code: '123456', id_token: 'eyJhbGciOiJSUzI1NiJ9…', token: 'el-token-del-enlace', country: 'ES', currency: 'EUR',
};

/**
 * A small example that satisfies a schema: its own example or default, else the first choice of
 * each field (by the field's name for common text fields, by the pattern for money and dates).
 */
export function exampleOf(input: any, components: Record<string, any>, depth = 0, name?: string): unknown {
  let schema = input;
  while (schema?.$ref) schema = components[schema.$ref.split('/').pop()];
  if (!schema || depth > 6) return null;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) return exampleOf(variants.find((v: any) => v?.type !== 'null') ?? variants[0], components, depth + 1, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required: string[] = schema.required ?? Object.keys(schema.properties ?? {}).slice(0, schema.minProperties ?? 0);
      for (const key of required) out[key] = exampleOf(schema.properties?.[key], components, depth + 1, key);
      return out;
    }
    case 'array': return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(schema.items, components, depth + 1));
    case 'integer': case 'number': return schema.minimum ?? 1;
    case 'boolean': return false;
    case 'null': return null;
  }
  switch (schema.format) {
    case 'uuid': return '3fa85f64-5717-4562-b3fc-2c963f66afa6';
    case 'email': return 'ana@example.com';
    case 'date': return '2026-01-15';
    case 'date-time': return '2026-01-15T10:00:00Z';
    case 'binary': return undefined;
  }
  const pattern = String(schema.pattern ?? '');
  if (pattern.includes('\\d{4}-\\d{2}-\\d{2}')) return '2026-01-15';
  if (pattern.includes('\\.\\d{2}') || pattern.includes('\\.\\d{1,2}')) return '100.00';
  return (name && EXAMPLE_BY_NAME[name]) ?? 'string';
}

/**
 * The OpenAPI 3.1.0 document: Elysia's generator for paths and named models, then the parts it
 * does not know — security per operation (from the permission/signedIn macros), the validation and
 * error shapes, the errors every operation may answer (rate limit, idempotency conflict, body too
 * large), the rate-limit headers, readable operation ids, tag descriptions and request examples.
 */
export function buildOpenApiDocument(app: AnyElysia, kernel: Kernel, tags: { name: string; description: string }[] = []) {
  const generated = toOpenAPISchema(app, { staticFile: false }, undefined, undefined, '3.1.0' as any) as any;
  const components: Record<string, any> = {};
  for (const [name, schema] of Object.entries<any>(generated.components?.schemas ?? {})) {
    const { $id: _, ...rest } = schema;
    components[name] = rest;
  }
  for (const name of Object.keys(components)) components[name] = tidySchemas(components[name], components);
  const paths: Record<string, any> = tidySchemas(generated.paths ?? {}, components);
  for (const [path, operations] of Object.entries<any>(paths)) {
    const methods = Object.keys(operations);
    for (const [method, operation] of Object.entries<any>(operations)) {
      const auth = { permission: operation['x-permission'] as string | undefined, signedIn: operation['x-signed-in'] as string | undefined };
      operation.operationId = operationIdFor(path, method, methods);
      operation.responses ??= {};
      if (auth.permission || auth.signedIn) {
        const sessionOnly = auth.signedIn === 'session' || auth.signedIn === 'password-change';
        operation.security = sessionOnly ? [{ bearer: [] }] : [{ bearer: [] }, { apiKey: [] }];
        const roles = auth.permission ? kernel.permissions.rolesFor(auth.permission) : undefined;
        const note = auth.permission
          ? `Requires permission \`${auth.permission}\` (roles: ${roles!.join(', ')}).`
          : sessionOnly ? 'Requires a user session (API keys are refused).' : 'Requires a session or an API key.';
        operation.description = [operation.description, note].filter(Boolean).join('\n\n');
        operation.responses['401'] ??= errorResponse('Missing, invalid, expired or revoked credentials');
        operation.responses['403'] ??= errorResponse('Authenticated but not allowed');
        operation.parameters = [
          ...(operation.parameters ?? []).filter((p: any) => p.name?.toLowerCase() !== 'x-tenant-id'),
          { name: 'X-Tenant-Id', in: 'header', required: false, description: 'Act in another company of the signed-in user (API keys: only their own).', schema: { type: 'string', format: 'uuid' } },
        ];
      } else if (operation['x-auth-optional']) {
        operation.security = [{}, { bearer: [] }];
      } else {
        operation.security = [];
      }
      if (auth.permission && method === 'delete') operation['x-effect'] ??= 'delete';
      // (no 202 among the responses: the seed specification fixes each operation's success status)
      if (operation['x-effect']) {
        operation.description = [operation.description, `Effect: \`${operation['x-effect']}\` (an API key with the \`drafts\` scope gets 202 and a pending approval instead).`].filter(Boolean).join('\n\n');
      }
      const body = operation.requestBody;
      if (body && operation['x-body-optional']) body.required = false;
      delete operation['x-auth-optional'];
      delete operation['x-body-optional'];
      if (body?.content) {
        const schema = body.content['application/json']?.schema ?? Object.values<any>(body.content)[0]?.schema;
        const resolved = schema?.$ref ? components[schema.$ref.split('/').pop()] : schema;
        // a body that is a file as it comes (a zip read as a stream) keeps the media type it declares
        const binary = resolved?.type === 'string' && resolved?.format === 'binary';
        const media = binary ? Object.keys(body.content)[0]! : hasFile(resolved) ? 'multipart/form-data' : 'application/json';
        const example = media === 'application/json' ? exampleOf(schema, components) : undefined;
        body.content = { [media]: { schema, ...(example === undefined ? {} : { example }) } };
        if (!binary) closeRequestObjects(schema, components);
      }
      if (method === 'post') operation.parameters = [...(operation.parameters ?? []), idempotencyKey];
      if (operation.requestBody) {
        operation[MAX_BODY_BYTES_KEY] ??= DEFAULT_MAX_BODY_BYTES;
        operation.responses['413'] ??= errorResponse(`Request body larger than ${operation[MAX_BODY_BYTES_KEY]} bytes`);
      }
      if (operation.requestBody || operation.parameters?.length) {
        operation.responses['422'] = { description: 'Validation error', content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPValidationError' } } } };
      }
      if (path.includes('{')) operation.responses['404'] ??= errorResponse('Not found (another company\'s ids answer the same)');
      if (method !== 'get') operation.responses['409'] ??= errorResponse(method === 'post' ? 'Conflicts with the current state, or a request with the same Idempotency-Key is still running' : 'Conflicts with the current state');
      if (operation.requestBody) {
        operation.responses['413'] ??= errorResponse('Request body too large');
        operation.responses['415'] ??= errorResponse('Unsupported content type');
      }
      operation.responses['429'] ??= errorResponse('Too many requests', { ...rateLimitHeaders, 'Retry-After': { $ref: '#/components/headers/Retry-After' } });
      for (const [code, response] of Object.entries<any>(operation.responses)) {
        if (/^2\d\d$/.test(code)) response.headers = { ...response.headers, ...rateLimitHeaders };
      }
      operation.responses.default ??= errorResponse('Error');
    }
  }
  // Requests already get a whole example each (exampleOf); the shape examples go to what only
  // responses use, which is what the docs show as sample answers (and what MCP tools never carry).
  const requested = requestComponents(paths, components);
  for (const name of requested) describeRequestDefaults(components[name]);
  for (const [name, schema] of Object.entries(components)) if (!requested.has(name)) addShapeExamples(schema);
  for (const operations of Object.values<any>(paths)) {
    for (const operation of Object.values<any>(operations)) {
      describeRequestDefaults(operation.requestBody);
      addShapeExamples(operation.responses);
    }
  }
  const used = new Set(Object.values<any>(paths).flatMap((ops) => Object.values<any>(ops).flatMap((op) => op.tags ?? [])));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cuadra API',
      version: VERSION,
      description: 'Double-entry accounting for Spanish businesses. Money is a decimal string with two decimals. Errors are `{"detail": "..."}`; validation errors are 422 `HTTPValidationError`.',
    },
    servers: [{ url: kernel.config.publicUrl }],
    tags: tags.filter((tag) => used.has(tag.name)),
    paths,
    components: {
      schemas: { ...components, ValidationError, HTTPValidationError, ErrorResponse },
      headers,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Session token from login' },
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'agl_…', description: 'API key (`agl_…`) sent as a bearer token' },
      },
    },
  };
}


const swaggerDir = () => dirname(Bun.resolveSync('swagger-ui-dist/package.json', import.meta.dir));
export const docsAsset = (file: 'swagger-ui-bundle.js' | 'swagger-ui.css') => join(swaggerDir(), file);

/** Interactive docs served entirely by this service (no CDN). */
export function docsPage(): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Cuadra API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', filter: true, deepLinking: true });</script>
</body></html>`;
}
