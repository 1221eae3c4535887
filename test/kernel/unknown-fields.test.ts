import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app';
import { createCompany, type TestCompany } from '../support/factories';
import { SchemaSampler } from '../support/schema-sample';

/**
 * The unknown-field guard covers every body the API takes: each POST, PUT and PATCH of the route
 * table is sent, as the owner of a company, a body sampled from its OpenAPI schema (or none) plus
 * one field no route declares. Each answers 422 naming that field, whether or not the rest of the
 * sampled body passed validation; a route without a body declares no fields at all, and one whose
 * body is a file (not JSON, not a form) refuses the JSON with 415.
 */

const UNKNOWN = 'cuadra_unknown_field';

let app: TestApp;
let owner: TestCompany;
let document: any;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createCompany(app);
  document = (await app.get('/openapi.json')).body;
});
afterAll(async () => app?.close());

function bodyWithUnknownField(sampler: SchemaSampler, operation: any): { body: RequestInit['body']; headers: Record<string, string> } {
  const content = operation?.requestBody?.content ?? {};
  const multipart = content['multipart/form-data']?.schema;
  if (multipart) {
    const form = new FormData();
    form.append(UNKNOWN, 'x');
    return { body: form, headers: {} };
  }
  const sample = content['application/json'] ? sampler.sample(content['application/json'].schema) : {};
  const body = sample && typeof sample === 'object' && !Array.isArray(sample) ? { ...sample, [UNKNOWN]: 1 } : { [UNKNOWN]: 1 };
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

test('every operation that may take a body answers 422 extra_forbidden for a field it does not declare', async () => {
  const sampler = new SchemaSampler(document.components.schemas);
  const walker = await createCompany(app);
  // Operations that end the session run last, so the rest runs signed in.
  const routes = app.app.routes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && route.path.startsWith('/api/v1/'))
    .sort((a, b) => Number(a.path.endsWith('/auth/logout')) - Number(b.path.endsWith('/auth/logout')));
  const escaped: string[] = [];
  let withBody = 0;
  for (const route of routes) {
    const openApiPath = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const operation = document.paths[openApiPath]?.[route.method.toLowerCase()];
    if (operation?.requestBody) withBody += 1;
    const { body, headers } = bodyWithUnknownField(sampler, operation);
    const query = (operation?.parameters ?? []).filter((parameter: any) => parameter.in === 'query' && parameter.required)
      .map((parameter: any) => `${parameter.name}=${encodeURIComponent(String(sampler.sample(parameter.schema)))}`).join('&');
    const path = route.path.replace(/:([A-Za-z_]+)/g, () => crypto.randomUUID()) + (query ? `?${query}` : '');
    const response = await app.handle(new Request(`http://localhost${path}`, {
      method: route.method, body, headers: { authorization: `Bearer ${walker.token}`, 'x-forwarded-for': '203.0.113.41', ...headers },
    }));
    const answer = await response.json().catch(() => undefined) as { detail?: unknown } | undefined;
    const content = operation?.requestBody?.content ?? {};
    if (operation?.requestBody && !content['application/json'] && !content['multipart/form-data']) {
      // a file as the whole body (a company archive) has no fields: JSON is refused as the wrong type
      if (response.status !== 415) escaped.push(`${route.method} ${route.path} → ${response.status}: a binary body must refuse JSON with 415`);
      continue;
    }
    const named = Array.isArray(answer?.detail) && answer.detail.some((item: any) => item.type === 'extra_forbidden' && item.loc.join('.') === `body.${UNKNOWN}`);
    if (response.status !== 422 || !named) escaped.push(`${route.method} ${route.path} → ${response.status} ${String(JSON.stringify(answer)).slice(0, 160)}`);
  }
  console.log(`unknown fields: ${routes.length} operations (${withBody} with a body in OpenAPI), ${escaped.length} escaped`);
  expect(routes.length).toBeGreaterThan(50);
  expect(escaped).toEqual([]);
});

test('settlements name the unknown field and record nothing', async () => {
  const created = await app.post('/api/v1/settlements', { date: '2026-03-01', allocations: [{ document_id: crypto.randomUUID(), amount: '1.00' }], memo: 'x' }, owner.token);
  expect(created.status).toBe(422);
  expect(created.body.detail).toEqual([{ loc: ['body', 'memo'], msg: 'Unknown field "memo": it is not part of this request', type: 'extra_forbidden' }]);
  const reversed = await app.post(`/api/v1/settlements/${crypto.randomUUID()}/reverse`, { date: '2026-03-01', reason: 'x' }, owner.token);
  expect(reversed.status).toBe(422);
  expect(reversed.body.detail).toEqual([{ loc: ['body', 'reason'], msg: 'Unknown field "reason": it is not part of this request', type: 'extra_forbidden' }]);
  expect((await app.get('/api/v1/open-items', owner.token)).body.total).toBe(0);
});

test('validation messages say what to send instead, in the HTTPValidationError shape', async () => {
  const detailOf = async (response: Promise<{ status: number; body: any }>) => {
    const { status, body } = await response;
    expect(status).toBe(422);
    return body.detail.map((item: { loc: (string | number)[]; msg: string; type: string }) => [item.loc.join('.'), item.msg, item.type]);
  };
  const line = { description: 'Consultoría', quantity: '1', unit_price: '100.00', tax_type_id: crypto.randomUUID() };
  const invoice = { contact_id: crypto.randomUUID(), issue_date: '2026-03-15', lines: [line] };

  // a date names its format, not a regular expression; an impossible day says so
  expect(await detailOf(app.post('/api/v1/invoices', { ...invoice, issue_date: '15/03/2026' }, owner.token)))
    .toEqual([['body.issue_date', 'Expected a date as YYYY-MM-DD (e.g. 2026-03-15), got "15/03/2026"', 'value_error']]);
  expect(await detailOf(app.post('/api/v1/treasuries', { kind: 'bank', name: 'Caja', opening_date: '2026-02-30' }, owner.token)))
    .toEqual([['body.opening_date', '"2026-02-30" is not a calendar date: expected YYYY-MM-DD, e.g. 2026-03-15', 'value_error']]);
  // a code where an id goes: what an id is, and the list that has it
  expect(await detailOf(app.post('/api/v1/invoices', { ...invoice, lines: [{ ...line, tax_type_id: 'IVA21' }] }, owner.token))).toEqual([[
    'body.lines.0.tax_type_id',
    'Expected an id (a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6), got "IVA21": send the `id` the API gave the record, not its code or name; GET /api/v1/taxes lists them with their ids',
    'value_error',
  ]]);
  // money as a JSON number
  expect(await detailOf(app.post('/api/v1/invoices', { ...invoice, lines: [{ ...line, unit_price: 100 }] }, owner.token)))
    .toEqual([['body.lines.0.unit_price', 'Send the amount as a decimal string, "100" in quotes, not a JSON number: amounts are exact decimals ("1234.50")', 'value_error']]);
  // an unknown field names the one meant: another name for it, or a near spelling
  expect(await detailOf(app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente SL', tax_id: 'B65410011' }, owner.token)))
    .toEqual([['body.tax_id', 'Unknown field "tax_id": it is not part of this request; did you mean "vat"?', 'extra_forbidden']]);
  expect(await detailOf(app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente SL', postcode: '08019' }, owner.token)))
    .toEqual([['body.postcode', 'Unknown field "postcode": it is not part of this request; did you mean "postal_code"?', 'extra_forbidden']]);
  // path parameters are `path` in loc, as in the OpenAPI document; query integers say so
  expect(await detailOf(app.get('/api/v1/invoices/F-2026-000001', owner.token)))
    .toEqual([['path.id', 'Expected an id (a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6), got "F-2026-000001": send the `id` the API gave the record, not its code or name', 'value_error']]);
  expect(await detailOf(app.get('/api/v1/contacts?limit=all', owner.token))).toEqual([['query.limit', 'Expected a whole number, got "all"', 'value_error']]);
});
