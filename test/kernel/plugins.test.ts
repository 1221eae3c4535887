import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { defineEntity, p } from '@mikro-orm/core';
import { Elysia, t } from 'elysia';
import { orderPlugins } from '../../kernel/loader';
import { sqlMigration, tenantRowLevelSecurity } from '../../kernel/migration';
import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { startTestApp, type TestApp } from '../support/app';
import { createCompany } from '../support/factories';
import { freshDatabase } from '../support/database';
import { createApp } from '../../kernel/app';
import { loadConfig } from '../../kernel/config';

const NoteSchema = defineEntity({
  name: 'PluginTestNote',
  tableName: 'plugin_test_notes',
  properties: { id: p.uuid().primary(), tenantId: p.uuid(), text: p.string() },
});
class PluginTestNote extends NoteSchema.class {}
NoteSchema.setClass(PluginTestNote);

const testNoteModels = { TestNote: t.Object({ id: t.String(), text: t.String() }), TestNoteCreate: t.Object({ text: t.String({ minLength: 1 }) }) };

const notesPlugin = definePlugin({
  name: 'test-notes',
  dependsOn: ['tenants'],
  entities: [PluginTestNote],
  migrations: [sqlMigration('20261122000900_test_notes', [
    `create table plugin_test_notes (id uuid primary key, tenant_id uuid not null references tenants (id), text text not null)`,
    ...tenantRowLevelSecurity('plugin_test_notes'),
  ])],
  models: testNoteModels,
  permissions: { 'test-notes.write': rolesFrom('member') },
  routes: (kernel) => new Elysia({ name: 'cuadra:test-notes' })
    .use(kernel.http)
    .model(testNoteModels)
    .post('/test-notes', async ({ uow, body, set }) => {
      set.status = 201;
      const note = await uow.run(async (tx) => tx.em.create(PluginTestNote, { id: crypto.randomUUID(), text: body.text } as any));
      return { id: note.id, text: note.text };
    }, { permission: 'test-notes.write', body: 'TestNoteCreate', response: { 201: 'TestNote' } })
    .get('/test-notes', async ({ uow }) => uow.run(async (tx) => (await tx.em.find(PluginTestNote, {})).map((n) => ({ id: n.id, text: n.text }))),
      { permission: 'test-notes.write' }),
});

describe('plugin system', () => {
  let app: TestApp;
  beforeAll(async () => { app = await startTestApp({ extraPlugins: [notesPlugin] }); });
  afterAll(() => app.close());

  test('a plugin contributes a route, a named model and a tenant-scoped entity', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    expect((await app.post('/api/v1/test-notes', { text: 'hola A' }, a.token)).status).toBe(201);
    expect((await app.post('/api/v1/test-notes', { text: 'hola B' }, b.token)).status).toBe(201);
    const listA = await app.get('/api/v1/test-notes', a.token);
    expect(listA.body.map((n: any) => n.text)).toEqual(['hola A']);
    const invalid = await app.post('/api/v1/test-notes', { text: '' }, a.token);
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail[0].loc).toEqual(['body', 'text']);
    const spec = (await app.get('/openapi.json')).body;
    expect(spec.components.schemas.TestNote).toBeDefined();
    expect(spec.paths['/api/v1/test-notes'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/TestNoteCreate');
  });
});

describe('plugin ordering', () => {
  const plugin = (name: string, dependsOn: string[] = []) => definePlugin({ name, dependsOn });
  test('orders by dependsOn', () => {
    expect(orderPlugins([plugin('c', ['b']), plugin('b', ['a']), plugin('a')]).map((x) => x.name)).toEqual(['a', 'b', 'c']);
  });
  test('a missing dependency stops start-up with a clear message', async () => {
    expect(() => orderPlugins([plugin('invoices', ['contacts'])])).toThrow('Plugin "invoices" depends on "contacts", which is not installed');
    const database = await freshDatabase();
    const config = loadConfig({ DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl, DATA_DIR: `/tmp/cuadra-missing-${crypto.randomUUID()}`, LOG_LEVEL: 'error' });
    await expect(createApp({ config, extraPlugins: [plugin('orphan', ['nowhere'])] })).rejects.toThrow('depends on "nowhere"');
    await database.drop();
  });
  test('a dependency cycle stops start-up', () => {
    expect(() => orderPlugins([plugin('a', ['b']), plugin('b', ['a'])])).toThrow(/cycle: a -> b -> a/);
  });
  test('a tenant table without forced RLS stops start-up', async () => {
    const leaky = definePlugin({
      name: 'leaky',
      migrations: [sqlMigration('20261122000901_leaky', ['create table leaky_rows (id uuid primary key, tenant_id uuid not null)'])],
    });
    const database = await freshDatabase();
    const config = loadConfig({ DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl, DATA_DIR: `/tmp/cuadra-leaky-${crypto.randomUUID()}`, LOG_LEVEL: 'error' });
    await expect(createApp({ config, extraPlugins: [leaky] })).rejects.toThrow('without forced row-level security: leaky_rows');
    await database.drop();
  });
});
