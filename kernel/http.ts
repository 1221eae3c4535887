import { Elysia } from 'elysia';
import type { TSchema } from '@sinclair/typebox';
import { DomainError, Forbidden, translateDatabaseError, Unauthorized, ValidationFailed, type FieldError } from './errors';
import type { Kernel } from './kernel';
import { PASSWORD_CHANGE_REQUIRED, type Principal } from './principal';
import type { Role } from './roles';
import { MAX_BODY_BYTES_KEY, STREAMED_BODY_KEY } from './request-body';
import type { Effect, HeldRequest } from './hooks';
import { holdsEffects } from './scopes';

/**
 * A route's effect: one class, or one class unless the body asks for a draft
 * (`{ effect: 'issue', unless: { status: 'draft' } }`: POST /invoices issues unless status is draft).
 */
export type EffectDeclaration = Effect | { effect: Effect; unless: Record<string, string | number | boolean> };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/**
 * Maps TypeBox/Elysia validation errors to FastAPI's HTTPValidationError items, with messages a
 * person can act on (see `actionableMessage`). `loc` starts with where the value was: `path`,
 * `query` or `body` (Elysia calls path parameters `params`).
 */
export function validationDetail(error: any, listPathFor: (field: string) => string | undefined = () => undefined): FieldError[] {
  const where: string = error?.type === 'params' ? 'path' : error?.type ?? 'body';
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
    const choices: any[] | undefined = issue.schema?.anyOf;
    const allowed: unknown[] | undefined = Array.isArray(issue.schema?.enum) ? issue.schema.enum
      : Array.isArray(choices) && choices.length && choices.every((c) => c && 'const' in c) ? choices.map((c) => c.const) : undefined;
    if (missing) items.push({ loc, msg: 'Field required', type: 'missing' });
    else if (allowed) items.push({ loc, msg: `Input should be one of: ${allowed.join(', ')}`, type: 'enum' });
    else items.push({ loc, msg: actionableMessage(issue.schema, issue.value, where, path.findLast((p) => typeof p === 'string'), listPathFor) ?? String(issue.summary ?? issue.message ?? 'Invalid value'), type: 'value_error' });
  }
  return items;
}

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const DECIMAL_PATTERN = /^\^(-\?)?\\d.*\\\.\\d/;
const UUID_EXAMPLE = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

/** The variants of a schema that may hold a value (a nullable field is a union with null). */
const variantsOf = (schema: any): any[] => (Array.isArray(schema?.anyOf) ? schema.anyOf.filter((v: any) => v?.type !== 'null') : schema ? [schema] : []);

/**
 * A message that says what to send instead, for the mistakes clients make most: a date in another
 * format, a code or name where an id goes, an amount as a JSON number, text as a number, an
 * integer as text. Undefined when none applies (the validator's own message is kept).
 */
function actionableMessage(schema: any, value: unknown, where: string, field: string | undefined, listPathFor: (field: string) => string | undefined): string | undefined {
  const variants = variantsOf(schema);
  // a query or path integer is a union of the integer and the text Elysia coerces it from
  const coerced = (v: any) => v?.type === 'string' && ['integer', 'numeric'].includes(v.format);
  const text = variants.find((v) => v?.type === 'string' && !coerced(v));
  const shown = JSON.stringify(value)?.slice(0, 60);
  if (text && typeof value === 'number') {
    if (DECIMAL_PATTERN.test(String(text.pattern ?? ''))) return `Send the amount as a decimal string, "${value}" in quotes, not a JSON number: amounts are exact decimals ("1234.50")`;
    return `Expected text (a JSON string), got the number ${value}: send "${value}"`;
  }
  if (text?.format === 'date' || text?.pattern === DATE_PATTERN) {
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${shown} is not a calendar date: expected YYYY-MM-DD, e.g. 2026-03-15`;
    if (typeof value === 'string') return `Expected a date as YYYY-MM-DD (e.g. 2026-03-15), got ${shown}`;
  }
  if (text?.format === 'uuid' && typeof value === 'string') {
    const list = field ? listPathFor(field) : undefined;
    const hint = list ? `; GET ${list} lists them with their ids` : '';
    return `Expected an id (a UUID such as ${UUID_EXAMPLE}), got ${shown}: send the \`id\` the API gave the record, not its code or name${hint}`;
  }
  const integer = variants.find((v) => v?.type === 'integer' || v?.type === 'number' || coerced(v));
  if (integer && !text && value !== null && value !== undefined) {
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return where === 'body' ? `Expected a JSON number, got the text ${shown}: send ${value.trim()} without quotes` : undefined;
    if (typeof value === 'number' && integer.type === 'integer' && !Number.isInteger(value)) return `Expected a whole number, got ${value}`;
    if (typeof value !== 'number') return `Expected a ${integer.type === 'number' ? 'number' : 'whole number'}, got ${shown}`;
  }
  return undefined;
}

/**
 * The collection that lists the records a field such as `contact_id` or `tax_type_id` names: the
 * GET route of the plural of the field's stem (`contacts`, `treasuries`), or of its first word
 * (`taxes` for `tax_type_id`), among the given paths.
 */
export function collectionLister(getPaths: readonly string[]): (field: string) => string | undefined {
  const collections = new Map<string, string>();
  for (const path of getPaths) {
    const last = path.split('/').at(-1) ?? '';
    if (path.startsWith('/api/v1/') && last && !last.startsWith(':') && !last.includes('{')) collections.set(last.replaceAll('-', '_'), path);
  }
  const plurals = (stem: string) => [`${stem}s`, `${stem}es`, stem.replace(/y$/, 'ies')];
  return (field) => {
    const stem = field.replace(/_ids?$/, '');
    if (stem === field) return undefined;
    const words = stem.split('_');
    for (const candidate of [...plurals(stem), ...plurals(words[0])]) {
      const path = collections.get(candidate);
      if (path) return path;
    }
    return undefined;
  };
}

/**
 * The kernel's HTTP pieces that every plugin `.use()`s: error mapping, authentication and
 * permission checks, the NUL guard on text input and per-route body limits. Registered `scoped`
 * so hooks reach feature routes but never leak onto public routes outside the instance that used it.
 *
 * Order for a protected route: the body is bounded (size, nesting) in the request pipeline, then
 * the credential and permission are checked in `transform`, before schema validation, so an
 * unauthenticated caller learns nothing about the input and gets 401 whatever it sent; then
 * validation, then the NUL guard, then the handler.
 */
export function createHttpContext(kernel: Kernel, models: Record<string, TSchema> = {}) {
  const authenticated = new WeakMap<Request, Principal>();
  const principalOf = async (request: Request) => authenticated.get(request) ?? kernel.authenticate(request);
  // Elysia's validator drops properties a schema does not declare; a typed client that misspells
  // a field would never learn. The body as sent is kept here and, once the caller is known, checked
  // against the route's own schema: 422 naming each unknown field, beside the validation errors
  // when there are some. A route that declares no body takes none: every field sent is unknown.
  const bodiesAsSent = new WeakMap<Request, unknown>();
  const unknownBodyFields = (request: Request, route: string): FieldError[] => {
    const sent = bodiesAsSent.get(request);
    if (sent === undefined) return [];
    const schema = kernel.bodySchemaOf(request.method, route);
    if (schema) return unknownFields(schema, sent, ['body'], models);
    return sent && typeof sent === 'object' && !Array.isArray(sent) ? Object.keys(sent).map((key) => unknownField(['body', key])) : [];
  };
  /**
   * For a caller that may only prepare (scope `drafts`), a request with an effect is handed to the
   * `request.held` hook instead of its handler; the subscriber's answer (or 403) goes back.
   */
  const holdIfPreparing = async (request: Request, route: string, effect: Effect): Promise<Response | undefined> => {
    const principal = authenticated.get(request);
    if (!principal || !holdsEffects(principal.scopes)) return undefined;
    const sent = bodiesAsSent.get(request);
    if (sent instanceof FormData || (sent && typeof sent === 'object' && Object.values(sent).some((value) => value instanceof Blob))) {
      throw new Forbidden(`This API key prepares only (scope drafts), and a file upload that would ${effect} cannot wait for approval: send it with a key without the drafts scope`);
    }
    const url = new URL(request.url);
    const permission = kernel.routeDetailOf(request.method, route)?.['x-permission'];
    const held: HeldRequest = {
      effect, permission: typeof permission === 'string' ? permission : null, method: request.method, path: `${url.pathname}${url.search}`,
      contentType: sent === undefined ? null : 'application/json', body: sent === undefined ? null : JSON.stringify(sent),
      idempotencyKey: request.headers.get('idempotency-key'),
    };
    await kernel.unitOfWork(principal).run((tx) => tx.hook('request.held', held));
    if (!held.answer) throw new Forbidden(`This API key prepares only (scope drafts): to ${effect} needs a person's approval, and nothing in this installation keeps requests for approval`);
    return json(held.answer.status, held.answer.body);
  };
  return new Elysia({ name: 'cuadra:context' })
    .onError({ as: 'scoped' }, ({ code, error, request }) => handleError(kernel, code, error, request))
    .onTransform({ as: 'scoped' }, ({ body, request, route }) => {
      if (body === undefined || body === null) return;
      bodiesAsSent.set(request, body);
      unknownFieldsOfBody.set(request, () => unknownBodyFields(request, route));
    })
    .onBeforeHandle({ as: 'scoped' }, ({ body, query, params, request, route }) => {
      const unknown = unknownBodyFields(request, route);
      if (unknown.length) throw new ValidationFailed(unknown);
      rejectNulCharacters({ body, query, params });
      kernel.markExecuting(request, { route, params: params as Record<string, string>, principal: authenticated.get(request) });
    })
    .macro({
      /** Requires a principal with an active tenant whose role holds `permission`. */
      permission(permission: string) {
        const roles = kernel.permissions.rolesFor(permission);
        return {
          detail: { 'x-permission': permission, 'x-roles': [...roles] } as Record<string, unknown>,
          ...authenticateFirst(async ({ request }: { request: Request }) => {
            const principal = await kernel.authenticate(request);
            if (principal.passwordChangeRequired) throw new Forbidden(PASSWORD_CHANGE_REQUIRED);
            const refusal = kernel.permissions.refusal(principal, permission);
            if (refusal) throw new Forbidden(refusal);
            authenticated.set(request, principal);
          }),
          async resolve({ request }) {
            const principal = await principalOf(request);
            return { principal, uow: kernel.unitOfWork(principal, request) };
          },
          // deleting is an effect on every route, declared or not
          // (async: Elysia awaits only hooks it sees are async)
          beforeHandle: async ({ request, route }: { request: Request; route: string }) => request.method === 'DELETE' ? await holdIfPreparing(request, route, 'delete') : undefined,
        };
      },
      /**
       * What the route does beyond preparing a draft (issue, post, settle, close, delete, send):
       * a caller with the `drafts` scope gets its request held for a person's approval instead.
       */
      effect(declared: EffectDeclaration) {
        const effect = typeof declared === 'string' ? declared : declared.effect;
        const unless = typeof declared === 'string' ? {} : declared.unless;
        const draftWhen = Object.entries(unless).map(([field, value]) => `${field} is ${JSON.stringify(value)}`).join(' and ');
        return {
          detail: { 'x-effect': draftWhen ? `${effect} (unless ${draftWhen})` : effect } as Record<string, unknown>,
          async beforeHandle({ request, route }: { request: Request; route: string }) {
            const sent = bodiesAsSent.get(request) as Record<string, unknown> | undefined;
            const asksDraft = draftWhen !== '' && Object.entries(unless).every(([field, value]) => sent?.[field] === value);
            return asksDraft ? undefined : await holdIfPreparing(request, route, effect);
          },
        };
      },
      /**
       * Requires a signed-in principal; 'session' refuses API keys; 'password-change' is a session
       * that may also be one that must change its temporary password first (every other route
       * refuses those). The tenant may be absent.
       */
      signedIn(kind: 'session' | 'password-change' | 'any') {
        return {
          detail: { 'x-signed-in': kind } as Record<string, unknown>,
          ...authenticateFirst(async ({ request }: { request: Request }) => {
            const principal = await kernel.authenticate(request);
            if (kind !== 'any' && principal.kind !== 'session') throw new Forbidden('This operation needs a user session, not an API key');
            if (kind !== 'password-change' && principal.passwordChangeRequired) throw new Forbidden(PASSWORD_CHANGE_REQUIRED);
            authenticated.set(request, principal);
          }),
          async resolve({ request }) {
            const principal = await principalOf(request);
            return { principal, uow: kernel.unitOfWork(principal, request) };
          },
        };
      },
      /** The route's own body limit in bytes (uploads); others get DEFAULT_MAX_BODY_BYTES. */
      maxBodyBytes(bytes: number) {
        return { detail: { [MAX_BODY_BYTES_KEY]: bytes } as Record<string, unknown> };
      },
      /** The handler reads `request.body` as a stream (never whole in memory), up to `maxBodyBytes`; declare `parse: 'none'` too. */
      streamedBody(streamed: boolean) {
        return { detail: { [STREAMED_BODY_KEY]: streamed } as Record<string, unknown> };
      },
    });
}

/**
 * A macro's `transform` that authenticates. Elysia appends a macro's hooks after the route's own,
 * so a route `transform` (such as a query bounds check) would answer 422 before the caller is
 * known; `introspect`, which sees the route's options, moves authentication to the front.
 */
function authenticateFirst(authenticate: (context: { request: Request }) => Promise<void>) {
  return {
    transform: authenticate,
    introspect(options: Record<string, unknown>) {
      const others = [options.transform].flat().filter((hook) => hook !== undefined && hook !== authenticate);
      options.transform = [authenticate, ...others];
    },
  };
}

/**
 * PostgreSQL text cannot hold U+0000, and no field of this API means one: a NUL anywhere in the
 * body (at any depth), the query or the path answers 422 naming the field. Runs after validation,
 * on input whose nesting the request pipeline already bounded; the walk uses its own stack.
 * (Header values cannot carry NUL: the HTTP layer refuses them.)
 */
export function rejectNulCharacters(input: { body?: unknown; query?: unknown; params?: unknown }): void {
  const pending: { value: unknown; loc: (string | number)[] }[] = [
    { value: input.params, loc: ['path'] },
    { value: input.query, loc: ['query'] },
    { value: input.body, loc: ['body'] },
  ];
  while (pending.length) {
    const { value, loc } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw ValidationFailed.field(loc, 'Must not contain NUL (U+0000) characters', 'value_error.nul_character');
    } else if (Array.isArray(value)) value.forEach((item, index) => pending.push({ value: item, loc: [...loc, index] }));
    else if (value && typeof value === 'object' && !(value instanceof Blob)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) throw ValidationFailed.field(loc, 'Must not contain NUL (U+0000) characters', 'value_error.nul_character');
        pending.push({ value: item, loc: [...loc, key] });
      }
    }
  }
}

/** For a request refused by validation, the unknown fields of its body (set by the HTTP context). */
const unknownFieldsOfBody = new WeakMap<Request, () => FieldError[]>();

/** Validation errors, then the body's unknown fields that they do not already name. */
function withUnknownFields(request: Request, detail: FieldError[]): FieldError[] {
  const named = new Set(detail.map((item) => item.loc.join('\u0000')));
  const unknown = (unknownFieldsOfBody.get(request)?.() ?? []).filter((item) => !named.has(item.loc.join('\u0000')));
  return [...detail, ...unknown];
}

export function handleError(kernel: Kernel, code: unknown, error: unknown, request: Request): Response {
  if (error instanceof ValidationFailed) return json(422, { detail: kernel.startedExecuting(request) ? error.errors : withUnknownFields(request, error.errors) });
  if (error instanceof Unauthorized) return json(401, { detail: error.message }, { ...error.headers, 'WWW-Authenticate': kernel.authenticationChallenge(request, error.bearerError) });
  if (error instanceof DomainError) return json(error.status, { detail: error.message }, error.headers);
  switch (code) {
    case 'VALIDATION': return json(422, { detail: withUnknownFields(request, validationDetail(error, kernel.listPathFor)) });
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
  return createHttpContext(kernel, models).model(models as {});
}

/** A route's body schema as Elysia keeps it: a model name, a `$ref` to one, or a schema. */
export function resolveModel(schema: unknown, models: Record<string, TSchema>): any {
  let current: any = typeof schema === 'string' ? models[schema] : schema;
  for (let hops = 0; current?.$ref && hops < 10; hops++) current = models[String(current.$ref).replace('#/components/schemas/', '')];
  return current;
}

/**
 * Properties of `value` that its schema does not declare, at any depth, as validation items
 * (`extra_forbidden`). Request objects are closed unless a schema opens itself
 * (`additionalProperties: true` or a schema for the extra values); the OpenAPI document says so.
 */
export function unknownFields(schema: unknown, value: unknown, loc: (string | number)[], models: Record<string, TSchema>): FieldError[] {
  const resolved = resolveModel(schema, models);
  if (!resolved || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    return resolved.items ? value.flatMap((item, index) => unknownFields(resolved.items, item, [...loc, index], models)) : [];
  }
  const variants: any[] | undefined = resolved.anyOf ?? resolved.oneOf;
  if (Array.isArray(variants)) {
    const objects = variants.map((v) => resolveModel(v, models)).filter((v) => v?.type === 'object');
    return objects.length === 1 ? unknownFields(objects[0], value, loc, models) : [];
  }
  if (resolved.type !== 'object' || !resolved.properties) return [];
  const errors: FieldError[] = [];
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const declared = resolved.properties[key];
    if (declared) errors.push(...unknownFields(declared, child, [...loc, key], models));
    else if (resolved.additionalProperties === undefined || resolved.additionalProperties === false) errors.push(unknownField([...loc, key], nearestField(key, resolved.properties, models)));
  }
  return errors;
}

function unknownField(loc: (string | number)[], suggestion?: string): FieldError {
  const hint = suggestion ? `; did you mean "${suggestion}"?` : '';
  return { loc, msg: `Unknown field "${loc.at(-1)}": it is not part of this request${hint}`, type: 'extra_forbidden' };
}

/**
 * The declared field an unknown one most likely meant: one that lists it among its other names
 * (`x-aliases`: `vat` for `tax_id`), else the closest spelling (at most one edit in three
 * letters, at least one), else none.
 */
export function nearestField(name: string, properties: Record<string, any>, models: Record<string, TSchema> = {}): string | undefined {
  const lower = name.toLowerCase();
  for (const [field, schema] of Object.entries(properties)) {
    const aliases = resolveModel(schema, models)?.['x-aliases'];
    if (Array.isArray(aliases) && aliases.some((alias) => String(alias).toLowerCase() === lower)) return field;
  }
  let best: { field: string; distance: number } | undefined;
  for (const field of Object.keys(properties)) {
    const distance = editDistance(lower, field.toLowerCase());
    if (distance <= Math.max(1, Math.floor(Math.max(field.length, lower.length) / 3)) && distance < (best?.distance ?? Infinity)) best = { field, distance };
  }
  return best?.field;
}

/** Levenshtein distance, with a transposition counted as one edit. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}
export type HttpContext = ReturnType<typeof createHttpContextWithModels>;
