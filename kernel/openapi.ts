import { dirname, join } from 'node:path';
import { toOpenAPISchema } from '@elysiajs/openapi';
import type { AnyElysia } from 'elysia';
import { registerStringFormats } from './formats';
import type { Kernel } from './kernel';
import { DEFAULT_MAX_BODY_BYTES, MAX_BODY_BYTES_KEY } from './request-body';

registerStringFormats();

const VERSION = '0.1.0';

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

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } });

/**
 * The OpenAPI 3.1.0 document: Elysia's generator for paths and named models, then the parts it
 * does not know — security per operation (from the permission/signedIn macros), the validation and
 * error shapes, and a default error response on every operation.
 */
export function buildOpenApiDocument(app: AnyElysia, kernel: Kernel) {
  const generated = toOpenAPISchema(app, { staticFile: false }, undefined, undefined, '3.1.0' as any) as any;
  for (const [path, operations] of Object.entries<any>(generated.paths ?? {})) {
    for (const [method, operation] of Object.entries<any>(operations)) {
      const auth = { permission: operation['x-permission'] as string | undefined, signedIn: operation['x-signed-in'] as string | undefined };
      operation.responses ??= {};
      if (auth.permission || auth.signedIn) {
        operation.security = auth.signedIn === 'session' ? [{ bearer: [] }] : [{ bearer: [] }, { apiKey: [] }];
        const roles = auth.permission ? kernel.permissions.rolesFor(auth.permission) : undefined;
        const note = auth.permission
          ? `Requires permission \`${auth.permission}\` (roles: ${roles!.join(', ')}).`
          : auth.signedIn === 'session' ? 'Requires a user session (API keys are refused).' : 'Requires a session or an API key.';
        operation.description = [operation.description, note].filter(Boolean).join('\n\n');
        operation.responses['401'] ??= errorResponse('Missing, invalid, expired or revoked credentials');
        operation.responses['403'] ??= errorResponse('Authenticated but not allowed');
        operation.parameters = [
          ...(operation.parameters ?? []).filter((p: any) => p.name?.toLowerCase() !== 'x-tenant-id'),
          { name: 'X-Tenant-Id', in: 'header', required: false, description: 'Act in another company of the signed-in user (API keys: only their own).', schema: { type: 'string', format: 'uuid' } },
        ];
      } else {
        operation.security = [];
      }
      if (operation.requestBody) {
        operation[MAX_BODY_BYTES_KEY] ??= DEFAULT_MAX_BODY_BYTES;
        operation.responses['413'] ??= errorResponse(`Request body larger than ${operation[MAX_BODY_BYTES_KEY]} bytes`);
      }
      if (operation.requestBody || operation.parameters?.length) {
        operation.responses['422'] = { description: 'Validation error', content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPValidationError' } } } };
      }
      operation.responses.default ??= errorResponse('Error');
    }
  }
  return {
    ...generated,
    openapi: '3.1.0',
    info: {
      title: 'Cuadra API',
      version: VERSION,
      description: 'Double-entry accounting for Spanish businesses. Money is a decimal string with two decimals. Errors are `{"detail": "..."}`; validation errors are 422 `HTTPValidationError`.',
    },
    servers: [{ url: kernel.config.publicUrl }],
    components: {
      ...generated.components,
      schemas: { ...generated.components?.schemas, ValidationError, HTTPValidationError, ErrorResponse },
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
<script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui' });</script>
</body></html>`;
}
