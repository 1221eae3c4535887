/**
 * Role × operation matrix generated from the route table: every /api/v1 route declares a permission
 * (or needs a session, or is on the short list of pre-login operations), and each route with a
 * permission answers 403 exactly to the roles that do not hold it. Routes of plugins added later are
 * picked up without touching this file.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ROLES } from '../../../kernel/roles';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany } from '../../support/factories';
import { SchemaSampler } from '../../support/schema-sample';
import { addMember } from '../../support/team';

/** Operations that take no credentials by design (the pre-login operations). */
const PUBLIC = [
  'POST /api/v1/auth/register', 'POST /api/v1/auth/login', 'POST /api/v1/auth/google', 'GET /api/v1/auth/verify-email',
  'POST /api/v1/auth/verify-email/resend', 'POST /api/v1/auth/forgot-password', 'POST /api/v1/auth/reset-password',
  'GET /api/v1/auth/invitations/:token', 'POST /api/v1/auth/invitations/:token/accept',
];
const isPublic = (method: string, path: string) => PUBLIC.includes(`${method} ${path}`) || (method === 'GET' && /\/widget-types$/.test(path));

let app: TestApp;
let spec: any;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  spec = (await app.get('/openapi.json')).body;
  const company = await createCompany(app, 'Matriz SL');
  tokens.owner = company.token;
  for (const role of ROLES) if (role !== 'owner') tokens[role] = (await addMember(app, company.token, role)).token;
});
afterAll(() => app.close());

interface RouteEntry { method: string; path: string; hooks?: { detail?: Record<string, unknown> } }
const apiRoutes = () => (app.app.routes as RouteEntry[]).filter((r) => r.path.startsWith('/api/v1/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');

/** A request with syntactically valid but nonexistent ids and body, built from the OpenAPI operation. */
function requestFor(route: RouteEntry, sampler: SchemaSampler) {
  const openapiPath = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const operation = spec.paths[openapiPath]?.[route.method.toLowerCase()];
  if (!operation) throw new Error(`${route.method} ${route.path} is missing from /openapi.json`);
  let path = route.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'path') path = path.replace(`:${parameter.name}`, encodeURIComponent(String(sampler.sample(parameter.schema))));
    if (parameter.in === 'query' && parameter.required) query.set(parameter.name, String(sampler.sample(parameter.schema)));
  }
  path = path.replace(/:([A-Za-z0-9_]+)/g, () => crypto.randomUUID());
  if (query.size) path += `?${query}`;
  const content = operation.requestBody?.content ?? {};
  const multipart = content['multipart/form-data'];
  const hasFile = multipart && Object.values<any>(sampler.deref(multipart.schema).properties ?? {}).some((p) => sampler.deref(p).format === 'binary');
  if (content['application/json'] && !hasFile) return { path, body: sampler.sample(content['application/json'].schema) };
  if (multipart) {
    const schema = sampler.deref(multipart.schema);
    const form = new FormData();
    for (const [name, property] of Object.entries<any>(schema.properties ?? {})) {
      const resolved = sampler.deref(property);
      if (resolved.format === 'binary' || resolved.type === 'object' || resolved.contentMediaType) form.append(name, new File([new Uint8Array([1, 2, 3])], 'x.bin', { type: 'application/octet-stream' }));
      else form.append(name, String(sampler.sample(resolved)));
    }
    return { path, form };
  }
  return { path };
}

describe('role × operation matrix', () => {
  test('every /api/v1 route declares a permission, a signed-in requirement, or is a listed pre-login operation', () => {
    const undeclared = apiRoutes().filter((r) => !r.hooks?.detail?.['x-permission'] && !r.hooks?.detail?.['x-signed-in'] && !isPublic(r.method, r.path));
    expect(undeclared.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  test('each role gets 403 exactly on the operations its role does not allow', async () => {
    const sampler = new SchemaSampler(spec.components.schemas);
    const guarded = apiRoutes().filter((r) => r.hooks?.detail?.['x-permission']);
    const mismatches: string[] = [];
    let cells = 0;
    for (const route of guarded) {
      const permission = route.hooks!.detail!['x-permission'] as string;
      const allowed = app.kernel.permissions.rolesFor(permission);
      for (const role of ROLES) {
        const { path, body, form } = requestFor(route, sampler) as { path: string; body?: unknown; form?: FormData };
        const res = await app.request(route.method, path, { token: tokens[role], body, form });
        cells++;
        const expectedForbidden = !allowed.includes(role);
        const ok = expectedForbidden ? res.status === 403 : res.status !== 403 && res.status !== 401 && res.status < 500;
        if (!ok) mismatches.push(`${role} ${route.method} ${path} (${permission}) → ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(cells).toBe(guarded.length * ROLES.length);
    // the matrix covers the team plugin's and the identity plugin's guarded routes at least
    const names = new Set(guarded.map((r) => r.hooks!.detail!['x-permission']));
    for (const name of ['team.read', 'team.manage', 'api_keys.manage', 'tenants.read', 'tenants.manage']) expect(names.has(name)).toBe(true);
  });

  test('without credentials every guarded or signed-in route is 401', async () => {
    const sampler = new SchemaSampler(spec.components.schemas);
    const failures: string[] = [];
    for (const route of apiRoutes().filter((r) => r.hooks?.detail?.['x-permission'] || r.hooks?.detail?.['x-signed-in'])) {
      const { path, body, form } = requestFor(route, sampler) as { path: string; body?: unknown; form?: FormData };
      const res = await app.request(route.method, path, { body, form });
      if (res.status !== 401) failures.push(`${route.method} ${path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
