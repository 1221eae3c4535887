import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { DEFAULT_MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../../kernel/request-body';
import { startTestApp, type TestApp } from '../support/app';
import { createApiKey, createCompany, type TestCompany } from '../support/factories';

let app: TestApp;
let owner: TestCompany;
let apiKey: string;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createCompany(app);
  apiKey = (await createApiKey(app, owner.token)).key;
});
afterAll(async () => app?.close());

/** A body that counts how much of it the service pulled; it would go on for ever. */
function endlessBody(chunkBytes = 64 * 1024) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulled += chunkBytes;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
    },
  }, { highWaterMark: 0 });
  return { stream, counter };
}

const send = async (method: string, path: string, init: { body?: RequestInit['body']; headers?: Record<string, string>; token?: string }) => {
  const headers: Record<string, string> = { 'x-forwarded-for': '203.0.113.7', ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await app.handle(new Request(`http://localhost${path}`, { method, headers, body: init.body, duplex: 'half' } as RequestInit));
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
};

describe('body size', () => {
  test('a declared Content-Length over the limit answers 413 before a byte is read', async () => {
    const { stream, counter } = endlessBody();
    const res = await send('POST', '/api/v1/contacts', { body: stream, token: owner.token, headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.detail).toContain(String(DEFAULT_MAX_BODY_BYTES));
    expect(counter.pulled).toBe(0);
  });

  test('a chunked body (no Content-Length) is read only up to the limit, then 413', async () => {
    const { stream, counter } = endlessBody();
    const res = await send('POST', '/api/v1/contacts', { body: stream, token: owner.token, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(DEFAULT_MAX_BODY_BYTES + 64 * 1024);
  });

  test('the limit holds without credentials too, and on public routes', async () => {
    const { stream, counter } = endlessBody();
    const res = await send('POST', '/api/v1/auth/login', { body: stream, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(DEFAULT_MAX_BODY_BYTES + 64 * 1024);
  });

  test('the logo route has its own, larger limit: a 50 MB upload is refused from its Content-Length', async () => {
    const { stream, counter } = endlessBody();
    const res = await send('POST', '/api/v1/tenants/me/logo', {
      body: stream, token: owner.token,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(counter.pulled).toBe(0);
  });

  test('a logo body between the default and the logo limit is read (the route limit applies, not the default)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(1536 * 1024)], { type: 'image/png' }), 'big.png');
    const res = await send('POST', '/api/v1/tenants/me/logo', { body: form, token: owner.token });
    // not 413: the bytes reached the service, which finds they are not an image
    expect(res.status).toBe(415);
  });

  test('a JSON body just under the default limit is parsed and validated as usual', async () => {
    const body = JSON.stringify({ kind: 'customer', name: 'x'.repeat(DEFAULT_MAX_BODY_BYTES - 100) });
    const res = await send('POST', '/api/v1/contacts', { body, token: owner.token, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'name']);
  });
});

describe('over a real socket', () => {
  /** Sends only the request head (no body) and answers the status line the server writes back. */
  async function headOnly(port: number, path: string, contentLength: number, contentType: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${owner.token}\r\nContent-Type: ${contentType}\r\nContent-Length: ${contentLength}\r\n\r\n`);
      });
      socket.once('data', (chunk) => { resolve(chunk.toString().split('\r\n')[0]); socket.destroy(); });
      socket.once('error', reject);
      setTimeout(() => { socket.destroy(); resolve('no answer while the body was withheld'); }, 10_000).unref();
    });
  }

  test('the server answers 413 to the request head alone: route limit in the pipeline, the largest limit in the server', async () => {
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', maxRequestBodySize: app.maxBodyBytes, fetch: (request) => app.handle(request) });
    try {
      expect(app.maxBodyBytes).toBeGreaterThan(2 * 1024 * 1024);
      expect(await headOnly(server.port!, '/api/v1/contacts', 2 * 1024 * 1024, 'application/json')).toMatch(/^HTTP\/1\.1 413 /);
      expect(await headOnly(server.port!, '/api/v1/tenants/me/logo', 50 * 1024 * 1024, 'multipart/form-data; boundary=x')).toMatch(/^HTTP\/1\.1 413 /);
    } finally {
      server.stop(true);
    }
  });
});

describe('JSON nesting', () => {
  const deepArrays = '['.repeat(100_000);
  const deepObjects = '{"a":'.repeat(24_000) + '1' + '}'.repeat(24_000); // 120 KB

  test.each([
    ['[ x 100,000', deepArrays],
    ['120 KB of nested objects', deepObjects],
  ])('%s answers 400 at once, with or without credentials', async (_, body) => {
    for (const token of [owner.token, undefined]) {
      const res = await send('POST', '/api/v1/contacts', { body, token, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
    const patch = await send('PATCH', '/api/v1/tenants/me', { body, token: owner.token, headers: { 'content-type': 'application/json' } });
    expect(patch.status).toBe(400);
  });

  test('JSON nested too deep inside a form field (multipart or urlencoded) is refused the same way', async () => {
    // the framework parses a form field that looks like JSON; 60,000 levels overflowed the stack
    const deep = '['.repeat(60_000) + ']'.repeat(60_000);
    const form = new FormData();
    form.append('kind', 'customer');
    form.append('name', deep);
    const multipart = await send('POST', '/api/v1/contacts', { body: form, token: owner.token });
    expect(multipart.status).toBe(400);
    const urlencoded = await send('POST', '/api/v1/invoices', { body: `lines=${encodeURIComponent(deep)}`, token: owner.token, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(urlencoded.status).toBe(400);
    expect(urlencoded.body.detail).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
  });

  test('memory stays flat under a stream of deeply nested bodies', async () => {
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 40; i++) {
      const res = await send('POST', '/api/v1/invoices', { body: deepObjects, token: owner.token, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
    }
    Bun.gc(true);
    const growthMb = (process.memoryUsage().rss - before) / 1024 / 1024;
    expect(growthMb).toBeLessThan(64);
  });

  test('nesting within the bound reaches validation (422), and brackets inside strings do not count', async () => {
    const nested = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    const res = await send('POST', '/api/v1/contacts', { body: JSON.stringify({ kind: 'customer', name: nested, notes: nested }), token: owner.token, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(201);
    const deep = JSON.stringify({ kind: 'customer', name: 'x', notes: JSON.parse('['.repeat(MAX_JSON_DEPTH - 1) + ']'.repeat(MAX_JSON_DEPTH - 1)) });
    expect((await send('POST', '/api/v1/contacts', { body: deep, token: owner.token, headers: { 'content-type': 'application/json' } })).status).toBe(422);
  });
});

describe('NUL characters', () => {
  test.each(['name', 'legal_name', 'address', 'city', 'postal_code', 'province'])('PATCH /tenants/me %s with NUL is a 422 naming it', async (field) => {
    const res = await app.patch('/api/v1/tenants/me', { [field]: 'Calle\u0000Mayor' }, owner.token);
    // 422 naming the field: from the NUL guard, or earlier from the field's own pattern
    expect(res.status).toBe(422);
    expect(res.body.detail.map((item: { loc: unknown }) => item.loc)).toEqual([['body', field]]);
  });

  test('POST /auth/api-keys name with NUL is a 422 naming it', async () => {
    const res = await app.post('/api/v1/auth/api-keys', { name: 'bot\u0000' }, owner.token);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'name']);
  });

  test('public routes, nested fields, the query and path parameters are guarded too', async () => {
    const login = await app.post('/api/v1/auth/login', { email: 'a@example.com', password: 'x\u0000y' });
    expect(login.status).toBe(422);
    expect(login.body.detail[0].loc).toEqual(['body', 'password']);

    const contact = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente' }, owner.token)).body;
    const invoice = await app.post('/api/v1/invoices', {
      contact_id: contact.id, issue_date: '2026-03-01',
      lines: [{ description: 'Servicio\u0000', quantity: '1', unit_price: '10.00', tax_type_id: crypto.randomUUID() }],
    }, owner.token);
    expect(invoice.status).toBe(422);
    expect(invoice.body.detail[0].loc).toEqual(['body', 'lines', 0, 'description']);

    const query = await app.get('/api/v1/contacts?search=a%00b', owner.token);
    expect(query.status).toBe(422);
    expect(query.body.detail[0].loc).toEqual(['query', 'search']);
  });
});

describe('authentication comes before validation', () => {
  test.each([
    ['GET', '/api/v1/contacts?limit=0'],
    ['GET', '/api/v1/contacts?limit=abc'],
    ['GET', '/api/v1/invoices?from=not-a-date'],
    ['GET', '/api/v1/contacts/not-a-uuid'],
    ['POST', '/api/v1/contacts'],
    ['PATCH', '/api/v1/tenants/me'],
    ['GET', '/api/v1/auth/me?x=%00'],
  ])('%s %s without credentials is 401 whatever the input', async (method, path) => {
    const res = await app.request(method, path, method === 'GET' ? {} : { body: { name: 42, unknown: '\u0000' } });
    expect(res.status).toBe(401);
  });

  test('a bad credential is 401 before a bad body', async () => {
    const res = await app.post('/api/v1/contacts', { name: 42 }, 'not.a.jwt');
    expect(res.status).toBe(401);
  });

  test('a permission failure is 403 before a bad body; an API key on a session-only route is 403', async () => {
    expect((await app.post('/api/v1/auth/change-password', { current_password: 7 }, apiKey)).status).toBe(403);
    const user = await app.post('/api/v1/auth/register', { email: `nobody-${Date.now()}@example.com`, password: 'Una clave bastante larga 1', full_name: 'N' });
    expect((await app.post('/api/v1/contacts', { name: 42 }, user.body.access_token)).status).toBe(403);
  });

  test('with valid credentials the same inputs are 422', async () => {
    expect((await app.get('/api/v1/contacts?limit=0', owner.token)).status).toBe(422);
    expect((await app.post('/api/v1/contacts', { name: 42 }, owner.token)).status).toBe(422);
  });
});
