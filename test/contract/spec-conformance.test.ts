import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app';
import { seedSpecification, type SpecOperation, type SpecParameter } from '../support/seed-spec';

/**
 * The seed specification's operation tables, read at run time, against /openapi.json. Operations
 * of features not built yet are listed here by name; the list only shrinks (a listed operation that
 * appears fails the test until it is removed from the list).
 */
const PENDING = new Set<string>([
]);

/** §5 rule 5 names pre-login operations in words; these are the operations the words mean. */
const PRE_LOGIN: Record<string, string[]> = {
  health: ['GET /health'],
  login: ['POST /api/v1/auth/login'],
  'identity-provider login': ['POST /api/v1/auth/google'],
  register: ['POST /api/v1/auth/register'],
  'verify-email': ['GET /api/v1/auth/verify-email'],
  'forgot-password': ['POST /api/v1/auth/forgot-password'],
  'reset-password': ['POST /api/v1/auth/reset-password'],
  'invitation preview and accept': ['GET /api/v1/auth/invitations/{token}', 'POST /api/v1/auth/invitations/{token}/accept'],
  'widget-types': ['GET /api/v1/dashboard/widget-types'],
};

const spec = seedSpecification();
const operations = spec.operations;
const nameOf = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
const built = operations.filter((op) => !PENDING.has(nameOf(op)));
const preLogin = new Set(spec.preLogin.flatMap((words) => {
  const names = PRE_LOGIN[words];
  if (!names) throw new Error(`The pre-login operation "${words}" is not mapped to operations in this test`);
  return names;
}));

let app: TestApp;
let doc: any;
beforeAll(async () => {
  app = await startTestApp();
  doc = (await app.get('/openapi.json')).body;
});
afterAll(() => app.close());

const operationOf = (op: { method: string; path: string }) => doc.paths[op.path]?.[op.method.toLowerCase()];
const deref = (schema: any): any => (schema?.$ref ? deref(doc.components.schemas[schema.$ref.split('/').pop()]) : schema);
const enumOf = (schema: any): string[] | undefined => {
  const s = deref(schema);
  if (Array.isArray(s?.enum)) return s.enum;
  const variants = s?.anyOf ?? s?.oneOf;
  return Array.isArray(variants) && variants.every((v: any) => 'const' in v) ? variants.map((v: any) => v.const) : undefined;
};

/** What a declared parameter schema says, in the seed's terms; compared as a whole for a clear diff. */
function described(expected: SpecParameter, declared: any) {
  const schema = deref(declared.schema);
  const out: Record<string, unknown> = { name: declared.name };
  if (expected.type) out.type = schema.format === 'date' && schema.type === 'string' ? 'date' : schema.type;
  out.required = declared.required === true;
  if (expected.minimum !== undefined) out.minimum = schema.minimum;
  if (expected.maximum !== undefined) out.maximum = schema.maximum;
  if (expected.default !== undefined) out.default = schema.default;
  if (expected.values) out.values = enumOf(schema);
  if (expected.exactLength !== undefined) out.exactLength = schema.minLength === schema.maxLength ? schema.maxLength : `${schema.minLength}..${schema.maxLength}`;
  if (expected.maxLength !== undefined) out.maxLength = schema.maxLength;
  return out;
}
const expectedShape = (expected: SpecParameter) => {
  const { name, type, minimum, maximum, values, exactLength, maxLength } = expected;
  return Object.fromEntries(Object.entries({
    name, type, required: expected.required === true, minimum, maximum, default: expected.default, values, exactLength, maxLength,
  }).filter(([, value]) => value !== undefined));
};

describe('the seed specification is read', () => {
  test('its tables yield the operations of §4.1–4.7', () => {
    expect(operations.length).toBeGreaterThan(80);
    for (const section of ['4.1', '4.2', '4.3', '4.4', '4.5', '4.6', '4.7']) expect(operations.some((op) => op.section === section)).toBe(true);
    expect(operations.find((op) => op.path === '/api/v1/contacts' && op.method === 'GET')!.query.map((q) => q.name))
      .toEqual(['search', 'kind', 'country', 'customer_type', 'has_vat', 'external_source', 'limit', 'offset']);
  });

  test('every pending operation is one the specification lists, and none of them is served yet', () => {
    const listed = new Set(operations.map(nameOf));
    for (const name of PENDING) expect([name, listed.has(name)]).toEqual([name, true]);
    const served = [...PENDING].filter((name) => {
      const [method, path] = name.split(' ');
      return operationOf({ method, path });
    });
    expect(served).toEqual([]);
  });
});

describe.each(built.map((op) => [nameOf(op), op] as [string, SpecOperation]))('%s', (_name, op) => {
  test('is served with the exact path and path-parameter names', () => {
    const operation = operationOf(op);
    expect(operation ? 'served' : `missing (served: ${Object.keys(doc.paths).filter((p) => p.split('/')[3] === op.path.split('/')[3]).join(', ')})`).toBe('served');
    const inPath = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    const declared = (operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name).sort();
    expect(declared).toEqual(inPath);
  });

  test('answers the success status of the specification', () => {
    const responses = operationOf(op)?.responses ?? {};
    if (op.status === undefined) {
      expect(Object.keys(responses).some((code) => /^2\d\d$/.test(code))).toBe(true);
      return;
    }
    const successes = Object.keys(responses).filter((code) => /^[23]\d\d$/.test(code));
    expect(successes).toEqual([String(op.status)]);
    if (op.status === 204) expect(responses['204'].content).toBeUndefined();
  });

  test('declares its authentication as the specification says', () => {
    const operation = operationOf(op);
    const headers = (operation.parameters ?? []).filter((p: any) => p.in === 'header').map((p: any) => p.name.toLowerCase());
    if (preLogin.has(nameOf(op))) {
      expect(operation.security ?? []).toEqual([]);
      expect(headers).not.toContain('authorization');
      expect(headers).not.toContain('x-tenant-id');
      return;
    }
    expect(op.authenticated).toBe(true);
    expect((operation.security ?? []).some((requirement: any) => 'bearer' in requirement)).toBe(true);
    if (op.tenantScoped) expect(headers).toContain('x-tenant-id');
  });

  if (op.requestSchema || op.responseSchema) {
    test('names its request and response schemas as components', () => {
      const operation = operationOf(op);
      if (op.requestSchema) {
        const media = op.multipart ? 'multipart/form-data' : 'application/json';
        expect(Object.keys(operation.requestBody?.content ?? {})).toContain(media);
        expect(operation.requestBody.content[media].schema).toEqual({ $ref: `#/components/schemas/${op.requestSchema}` });
        expect(doc.components.schemas[op.requestSchema]).toBeDefined();
      }
      if (op.responseSchema) {
        const ref = { $ref: `#/components/schemas/${op.responseSchema}` };
        expect(operationOf(op).responses[String(op.status)].content['application/json'].schema).toEqual(op.responseIsArray ? { type: 'array', items: ref } : ref);
        expect(doc.components.schemas[op.responseSchema]).toBeDefined();
      }
    });
  }

  if (op.query.length) {
    test('takes the query parameters of the specification, with their types, values, defaults and limits', () => {
      const declared: any[] = (operationOf(op).parameters ?? []).filter((p: any) => p.in === 'query');
      for (const expected of op.query) {
        const parameter = declared.find((p) => p.name === expected.name);
        expect(parameter ? described(expected, parameter) : { name: expected.name, missing: true }).toEqual(expectedShape(expected));
      }
    });
  }
});

describe('§8 limits', () => {
  const limits = spec.limits;
  test.each(limits.map((limit) => [limit.scope, limit] as const))('%s', (scope, limit) => {
    const words = [
      ...scope.replace(/`[^`]*`/g, ' ').toLowerCase().split(/\s+/),
      ...[...scope.matchAll(/`([^`]+)`/g)].map((m) => m[1].toLowerCase()),
    ].filter((word) => word && !['filter', 'in', 'default', limit.parameter.name].includes(word));
    const explicitPath = words.find((word) => word.includes('/'));
    const matching = operations.filter((op) => op.query.some((q) => q.name === limit.parameter.name) && (explicitPath
      ? nameOf(op).toLowerCase() === explicitPath
      : words.every((word) => op.path.toLowerCase().split('/').includes(word))));
    expect(matching.length).toBeGreaterThan(0);
    for (const op of matching.filter((o) => !PENDING.has(nameOf(o)))) {
      const parameter = (operationOf(op).parameters ?? []).find((p: any) => p.in === 'query' && p.name === limit.parameter.name);
      expect([nameOf(op), parameter ? described(limit.parameter, parameter) : 'missing']).toEqual([nameOf(op), expectedShape(limit.parameter)]);
    }
  });
});

describe('§2 and §4.7: list endpoints accept limit, offset, from, to', () => {
  const convention = spec.listConvention;
  const lists = operations.filter((op) => spec.listOperations.includes(nameOf(op)));
  test('the convention and its list endpoints are read', () => {
    expect(convention).toEqual(['limit', 'offset', 'from', 'to']);
    expect(lists.map(nameOf)).toEqual(expect.arrayContaining(['GET /api/v1/invoices', 'GET /api/v1/purchases', 'GET /api/v1/taxes', 'GET /api/v1/ledger', 'GET /api/v1/contacts']));
  });
  test.each(lists.filter((op) => !PENDING.has(nameOf(op))).map((op) => [nameOf(op), op] as const))('%s', (_name, op) => {
    const declared = (operationOf(op).parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name);
    expect(declared).toEqual(expect.arrayContaining(convention));
  });
});

describe('§2 contact enums', () => {
  test('kind and customer_type take exactly the values of the specification, in requests, responses and filters', () => {
    const enums = spec.contactEnums;
    expect(Object.keys(enums).sort()).toEqual(['customer_type', 'kind']);
    for (const [field, values] of Object.entries(enums)) {
      for (const schema of ['ContactCreate', 'ContactUpdate', 'ContactResponse']) {
        expect([schema, field, enumOf(doc.components.schemas[schema].properties[field])]).toEqual([schema, field, values]);
      }
    }
  });

  test('MergeContactsBody lists duplicate_ids', () => {
    expect(deref(doc.components.schemas.MergeContactsBody).properties.duplicate_ids.type).toBe('array');
  });
});

describe('what a typed client needs', () => {
  const everyOperation = () => Object.entries<any>(doc.paths).flatMap(([path, ops]) => Object.entries<any>(ops).map(([method, op]) => ({ path, method, op })));

  test('every reference resolves', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(100);
    const unresolved = refs.filter((ref) => {
      const [, group, name] = /^#\/components\/(schemas|headers)\/(.+)$/.exec(ref) ?? [];
      return !group || !doc.components[group][name];
    });
    expect([...new Set(unresolved)]).toEqual([]);
  });

  test('integers are integers: no integer written as a string alternative', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"format":"integer"');
    expect(text).not.toContain('"format":"numeric"');
  });

  test('operation ids are unique, readable and stable', () => {
    const ids = everyOperation().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    const idOf = (method: string, path: string) => doc.paths[path][method].operationId;
    expect(idOf('get', '/api/v1/contacts')).toBe('contacts_list');
    expect(idOf('post', '/api/v1/contacts')).toBe('contacts_create');
    expect(idOf('get', '/api/v1/contacts/{contact_id}')).toBe('contacts_get');
    expect(idOf('get', '/api/v1/contacts/{contact_id}/tax-suggestion')).toBe('contacts_tax_suggestion');
    expect(idOf('post', '/api/v1/contacts/{keep_id}/merge')).toBe('contacts_merge');
    expect(idOf('delete', '/api/v1/auth/api-keys/{key_id}')).toBe('auth_api_keys_delete');
  });

  test('every tag used is described at the top', () => {
    const described = new Map<string, string>(doc.tags.map((tag: any) => [tag.name, tag.description]));
    for (const { op } of everyOperation()) for (const tag of op.tags ?? []) expect([tag, (described.get(tag) ?? '').length > 10]).toEqual([tag, true]);
  });

  test('errors, headers and examples a client can plan for', () => {
    for (const { path, method, op } of everyOperation()) {
      const name = `${method} ${path}`;
      const codes = Object.keys(op.responses);
      expect([name, codes.includes('429'), Boolean(op.responses['429'].headers?.['Retry-After'])]).toEqual([name, true, true]);
      if (path.includes('{')) expect([name, codes.includes('404')]).toEqual([name, true]);
      if (method !== 'get') expect([name, codes.includes('409')]).toEqual([name, true]);
      if (op.requestBody) expect([name, codes.includes('413'), codes.includes('415')]).toEqual([name, true, true]);
      if (method === 'post') expect([name, (op.parameters ?? []).some((p: any) => p.in === 'header' && p.name === 'Idempotency-Key')]).toEqual([name, true]);
      for (const [code, response] of Object.entries<any>(op.responses)) {
        if (/^2\d\d$/.test(code)) expect([name, code, Object.keys(response.headers ?? {})]).toEqual([name, code, expect.arrayContaining(['RateLimit', 'RateLimit-Policy'])]);
      }
      const json = op.requestBody?.content?.['application/json'];
      if (json) expect([name, json.example !== undefined]).toEqual([name, true]);
    }
  });

  test('request objects are closed (additionalProperties: false), as the service enforces', () => {
    for (const { path, method, op } of everyOperation()) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (schema) expect([`${method} ${path}`, deref(schema).additionalProperties]).toEqual([`${method} ${path}`, false]);
    }
  });
});
