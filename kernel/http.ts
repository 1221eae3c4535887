import { Elysia } from 'elysia';
import type { TSchema } from '@sinclair/typebox';
import { DomainError, Forbidden, translateDatabaseError, Unauthorized, ValidationFailed, type FieldError } from './errors';
import type { Kernel } from './kernel';
import type { Principal } from './principal';
import type { Role } from './roles';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** Maps TypeBox/Elysia validation errors to FastAPI's HTTPValidationError items. */
export function validationDetail(error: any): FieldError[] {
  const where: string = error?.type ?? 'body';
  const all: any[] = Array.isArray(error?.all) && error.all.length ? error.all : [{ path: '', message: error?.message ?? 'Invalid value' }];
  const seen = new Set<string>();
  const items: FieldError[] = [];
  for (const issue of all) {
    const path = String(issue.path ?? '').split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const loc = [where, ...path];
    const key = loc.join('\u0000');
    if (seen.has(key)) continue;
    seen.add(key);
    const missing = issue.value === undefined && path.length > 0;
    items.push({ loc, msg: missing ? 'Field required' : String(issue.summary ?? issue.message ?? 'Invalid value'), type: missing ? 'missing' : 'value_error' });
  }
  return items;
}

/**
 * The kernel's HTTP pieces that every plugin `.use()`s: error mapping, authentication and
 * permission checks. Registered `scoped` so hooks reach feature routes but never leak onto public
 * routes outside the instance that used it.
 */
export function createHttpContext(kernel: Kernel) {
  return new Elysia({ name: 'cuadra:context' })
    .onError({ as: 'scoped' }, ({ code, error, request }) => handleError(kernel, code, error, request))
    .macro({
      /** Requires a principal with an active tenant whose role holds `permission`. */
      permission(permission: string) {
        const roles = kernel.permissions.rolesFor(permission);
        return {
          detail: { 'x-permission': permission, 'x-roles': [...roles] } as Record<string, unknown>,
          async resolve({ request }) {
            const principal = await kernel.authenticate(request);
            if (!principal.tenantId || !principal.role) throw new Forbidden('No active company: complete onboarding or switch tenant first');
            if (!roles.includes(principal.role)) throw new Forbidden(`Your role (${principal.role}) does not allow ${permission}`);
            return { principal, uow: kernel.unitOfWork(principal) };
          },
        };
      },
      /** Requires a signed-in principal; 'session' refuses API keys. The tenant may be absent. */
      signedIn(kind: 'session' | 'any') {
        return {
          detail: { 'x-signed-in': kind } as Record<string, unknown>,
          async resolve({ request }) {
            const principal = await kernel.authenticate(request);
            if (kind === 'session' && principal.kind !== 'session') throw new Forbidden('This operation needs a user session, not an API key');
            return { principal, uow: kernel.unitOfWork(principal) };
          },
        };
      },
    });
}

export function handleError(kernel: Kernel, code: unknown, error: unknown, request: Request): Response {
  if (error instanceof ValidationFailed) return json(422, { detail: error.errors });
  if (error instanceof DomainError) return json(error.status, { detail: error.message }, error.headers);
  switch (code) {
    case 'VALIDATION': return json(422, { detail: validationDetail(error) });
    case 'NOT_FOUND': return json(404, { detail: 'Not Found' });
    case 'PARSE': return json(400, { detail: 'The request body could not be parsed' });
    case 'INVALID_FILE_TYPE': return json(415, { detail: 'Unsupported file type' });
  }
  // database errors raised outside a unit of work (e.g. a lost connection during authentication)
  const translated = translateDatabaseError(error);
  if (translated) return json(translated.status, { detail: translated.message }, translated.headers);
  const status = (error as { status?: number })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return json(status, { detail: (error as Error).message || 'Bad request' });
  }
  kernel.logger.error('unhandled error', { requestId: kernel.requestId(request), path: new URL(request.url).pathname, error });
  return json(500, { detail: 'Internal Server Error' });
}

export type { Principal, Role };
export { Unauthorized };

/**
 * The context with every plugin's named models, so routes may reference any model by its name
 * (`body: 'ContactCreate'`) and the OpenAPI document gets them as components. The names are known
 * only at start-up, so the type carries none of them: a plugin's routes `.model(ownModels)` after
 * `.use(kernel.http)` to have handler bodies typed from its own models.
 */
export function createHttpContextWithModels(kernel: Kernel, models: Record<string, TSchema>) {
  return createHttpContext(kernel).model(models as {});
}
export type HttpContext = ReturnType<typeof createHttpContextWithModels>;
