/**
 * Scoped API keys, checked on every operation of the registered routes: a key whose scopes do not
 * cover an operation's permission is refused before anything else happens, and a key scoped to
 * exactly that permission's area is let through. Operations added by new plugins are covered
 * without touching this file.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { permissionNeeds } from '../../../kernel/scopes';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';

let app: TestApp;
let owner: TestCompany;
let spec: any;
const keys = new Map<string, string>();

async function scopedKey(scopes: string[], role = 'owner'): Promise<string> {
  const cacheKey = `${role} ${scopes.join(' ')}`;
  if (!keys.has(cacheKey)) {
    const res = await app.post('/api/v1/auth/api-keys', { name: `scoped ${cacheKey}`, role, scopes }, owner.token);
    if (res.status !== 201) throw new Error(`api key failed: ${res.status} ${res.text}`);
    expect(res.body.scopes).toEqual(scopes);
    keys.set(cacheKey, res.body.key);
  }
  return keys.get(cacheKey)!;
}

const operations = () => Object.entries<any>(spec.paths).flatMap(([path, ops]) =>
  Object.entries<any>(ops).filter(([, op]) => op['x-permission']).map(([method, op]) => ({
    method: method.toUpperCase(), permission: op['x-permission'] as string,
    path: path.replace(/\{[^}]+\}/g, '3fa85f64-5717-4562-b3fc-2c963f66afa6'),
  })));

beforeAll(async () => {
  app = await startTestApp();
  owner = await createCompany(app);
  spec = (await app.get('/openapi.json')).body;
});
afterAll(() => app.close());

test('every permission-guarded operation refuses a key whose scopes miss it, and admits one scoped to it', async () => {
  const checked = operations();
  expect(checked.length).toBeGreaterThan(30);
  const areas = [...new Set(checked.map((op) => permissionNeeds(op.permission).area))];
  for (const op of checked) {
    const need = permissionNeeds(op.permission);
    const otherArea = areas.find((area) => area !== need.area)!;
    const missing = need.access === 'read' ? [`${otherArea}:write`] : ['*:read', `${need.area}:read`];
    const denied = await app.request(op.method, op.path, { token: await scopedKey(missing), body: op.method === 'GET' ? undefined : {} });
    expect({ op, status: denied.status, detail: denied.body?.detail }).toEqual({ op, status: 403, detail: `This API key's scopes do not allow ${op.permission}` });

    const granted = await app.request(op.method, op.path, { token: await scopedKey([`${need.area}:${need.access}`]), body: op.method === 'GET' ? undefined : {} });
    // an aggregate (search, dashboards) may still refuse what it would show of another resource
    expect({ op, scopeDenied: String(granted.body?.detail) === `This API key's scopes do not allow ${op.permission}` }).toEqual({ op, scopeDenied: false });
  }
});

test('write covers reads of its area, *:read covers every read, and a scope never lifts the role', async () => {
  const writer = await scopedKey(['contacts:write']);
  expect((await app.get('/api/v1/contacts', writer)).status).toBe(200);
  expect((await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente Scoped SL' }, writer)).status).toBe(201);
  expect((await app.get('/api/v1/ledger/accounts', writer)).status).toBe(403);

  const reader = await scopedKey(['*:read']);
  expect((await app.get('/api/v1/ledger/accounts', reader)).status).toBe(200);
  expect((await app.post('/api/v1/contacts', { kind: 'customer', name: 'Otro SL' }, reader)).status).toBe(403);

  const viewer = await scopedKey(['*:write'], 'viewer');
  const res = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Otro SL' }, viewer);
  expect(res.status).toBe(403);
  expect(res.body.detail).toMatch(/role \(viewer\)/);
});

test('unknown or malformed scopes are refused; keys list their scopes (null: the role\'s full reach)', async () => {
  for (const scopes of [['nothing:read'], ['contacts:delete'], ['contacts'], []]) {
    const res = await app.post('/api/v1/auth/api-keys', { name: 'bad', scopes }, owner.token);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc[0]).toBe('body');
  }
  const plain = await app.post('/api/v1/auth/api-keys', { name: 'plain' }, owner.token);
  expect(plain.body.scopes).toBeNull();
  const listed = await app.get('/api/v1/auth/api-keys', owner.token);
  expect(listed.status).toBe(200);
  expect(listed.body.find((k: any) => k.key_id === plain.body.key_id).scopes).toBeNull();
  expect(listed.body.find((k: any) => k.name === 'scoped owner contacts:write').scopes).toEqual(['contacts:write']);
});
