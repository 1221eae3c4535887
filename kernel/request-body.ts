import type { AnyElysia } from 'elysia';
import { PayloadTooLarge } from './errors';

/** Body limit of a route that declares none (JSON bodies of every ordinary operation fit easily). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Deepest nesting of arrays and objects a JSON body may have; real payloads need four or five. */
export const MAX_JSON_DEPTH = 64;
/** The OpenAPI extension (and route `detail` key) that carries a route's own body limit. */
export const MAX_BODY_BYTES_KEY = 'x-max-body-bytes';
/** The route detail key of a route that reads its body as a stream (`streamedBody`): never held in memory whole. */
export const STREAMED_BODY_KEY = 'x-streamed-body';

const json = (status: number, detail: string) =>
  new Response(JSON.stringify({ detail }), { status, headers: { 'content-type': 'application/json' } });

const compile = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);

/**
 * Guards every request body before anything reads, parses or walks it: the size limit comes from
 * the route (`maxBodyBytes` option, kept in its `detail`) or the default; a declared
 * Content-Length over the limit answers 413 without reading a byte, and a body without one (chunked)
 * is read only up to the limit. JSON nested deeper than MAX_JSON_DEPTH (the body, or a form field)
 * answers 400 before the parser sees it, so no recursive walk (parser, validator, error builder)
 * can exhaust the stack or the memory.
 */
export class BodyGuard {
  private readonly routes: { method: string; pattern: RegExp; limit: number; streamed: boolean }[];
  /** The largest body any route accepts: the server refuses anything larger itself. */
  readonly largestLimit: number;

  constructor(app: AnyElysia, readonly defaultLimit = DEFAULT_MAX_BODY_BYTES) {
    this.routes = app.routes
      .map((route) => ({ route, detail: (route.hooks as { detail?: Record<string, unknown> })?.detail }))
      .map(({ route, detail }) => ({ route, limit: detail?.[MAX_BODY_BYTES_KEY], streamed: detail?.[STREAMED_BODY_KEY] === true }))
      .filter((entry): entry is { route: (typeof app.routes)[number]; limit: number; streamed: boolean } => typeof entry.limit === 'number')
      .map(({ route, limit, streamed }) => ({ method: route.method.toUpperCase(), pattern: compile(route.path), limit, streamed }));
    this.largestLimit = Math.max(defaultLimit, ...this.routes.map((route) => route.limit));
  }

  limitFor(method: string, path: string): number {
    return this.routeFor(method, path)?.limit ?? this.defaultLimit;
  }

  private routeFor(method: string, path: string) {
    return this.routes.find((route) => (route.method === method || route.method === 'ALL') && route.pattern.test(path));
  }

  /**
   * The request with its body read into memory within the limit, or the 4xx response that ends it.
   * Requests that carry no body (GET, HEAD) pass through untouched.
   */
  async admit(request: Request, path: string): Promise<Request | Response> {
    if (request.method === 'GET' || request.method === 'HEAD' || request.body === null) return request;
    const route = this.routeFor(request.method, path);
    const limit = route?.limit ?? this.defaultLimit;
    const tooLarge = () => json(413, `The request body may be at most ${limit} bytes`);
    const declared = request.headers.get('content-length');
    if (declared !== null && Number(declared) > limit) return tooLarge();
    // a streamed body is handed on as it comes, cut off with an error past the limit
    if (route?.streamed) return new Request(request.url, { method: request.method, headers: request.headers, body: limited(request.body, limit), signal: request.signal, duplex: 'half' } as RequestInit);
    const bytes = await readAtMost(request.body, limit);
    if (!bytes) return tooLarge();
    if (await nestedTooDeep(request.headers.get('content-type'), bytes)) return json(400, `JSON in the request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    return new Request(request.url, { method: request.method, headers: request.headers, body: bytes, signal: request.signal });
  }
}

/** `body` as it comes, erroring with PayloadTooLarge (413) once it passes `limit` bytes. */
function limited(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > limit) controller.error(new PayloadTooLarge(`The request body may be at most ${limit} bytes`));
      else controller.enqueue(chunk);
    },
  }));
}

/** The whole stream, or undefined as soon as it passes `limit` bytes (the rest is never read). */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Whether JSON in the body nests deeper than MAX_JSON_DEPTH: the body itself when it is JSON, or
 * each field of a form, since the framework parses a field that looks like JSON into a value. The
 * framework picks its parser by the content type's 13th character (application/json,
 * application/x-www-form-urlencoded, multipart/form-data); so does this.
 */
async function nestedTooDeep(contentType: string | null, bytes: Uint8Array): Promise<boolean> {
  const type = contentType?.toLowerCase() ?? '';
  const marker = type.charCodeAt(12);
  if (type.includes('json') || marker === 106) return jsonDepthExceeds(bytes, MAX_JSON_DEPTH);
  let fields: Iterable<unknown>;
  if (type.startsWith('multipart/') || marker === 114) {
    try {
      fields = (await new Response(bytes, { headers: { 'content-type': contentType! } }).formData()).values();
    } catch {
      return false; // not a form after all: the framework's own parser refuses it
    }
  } else if (type.includes('urlencoded') || marker === 120) fields = new URLSearchParams(new TextDecoder().decode(bytes)).values();
  else return false;
  const encoder = new TextEncoder();
  for (const field of fields) if (typeof field === 'string' && jsonDepthExceeds(encoder.encode(field), MAX_JSON_DEPTH)) return true;
  return false;
}

/** One pass over the bytes, counting brackets outside strings; it never recurses. */
export function jsonDepthExceeds(bytes: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === 0x5c) i++; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return false;
}
