import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { createApp } from '../../kernel/app';
import { loadConfig } from '../../kernel/config';
import { ExtensionRegistry } from '../../kernel/extensions';
import { definePlugin, type CuadraPlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { startTestApp, type TestApp } from '../support/app';
import { createCompany } from '../support/factories';

/** What the owner (a dashboard) expects of a widget type; contributors are checked against it. */
interface TestWidgetType { kind: string; title: string; render(values: readonly number[]): string }

declare module '../../kernel/extensions' {
  interface ExtensionPoints { 'test-widget-types': TestWidgetType }
}

const dashboard = definePlugin({
  name: 'test-dashboard',
  dependsOn: ['tenants'],
  extensionPoints: { 'test-widget-types': { description: 'a kind of dashboard widget', key: (widget) => widget.kind } },
  permissions: { 'test-dashboard.read': rolesFrom('viewer') },
  // The owner's own contribution comes first: it loads before its contributors.
  contributes: { 'test-widget-types': [{ kind: 'count', title: 'Count', render: (values) => String(values.length) }] },
  routes: (kernel) => new Elysia({ name: 'cuadra:test-dashboard' }).use(kernel.http)
    .get('/test-dashboard', () => kernel.contributions('test-widget-types').map((widget) => ({ kind: widget.kind, shown: widget.render([1, 2, 3]) })),
      { permission: 'test-dashboard.read' }),
});

const sums = definePlugin({
  name: 'test-sums',
  dependsOn: ['test-dashboard'],
  contributes: { 'test-widget-types': [{ kind: 'sum', title: 'Sum', render: (values) => String(values.reduce((a, b) => a + b, 0)) }] },
});

const maxima = definePlugin({
  name: 'test-maxima',
  dependsOn: ['test-sums'],
  contributes: { 'test-widget-types': [{ kind: 'max', title: 'Maximum', render: (values) => String(Math.max(...values)) }] },
  // A point whose owner is not in this build: accepted untyped and ignored.
  contributesIfInstalled: { 'test-report-formats': [{ name: 'ods' }] },
});

// Typing: a contribution is checked against the owner's declared type, and so is the point's name.
export const mistyped = definePlugin({
  name: 'test-mistyped',
  // @ts-expect-error render is missing
  contributes: { 'test-widget-types': [{ kind: 'broken', title: 'Broken' }] },
});
export const unknownPoint = definePlugin({
  name: 'test-unknown-point',
  // @ts-expect-error no plugin declares this point, so a mandatory contribution does not compile
  contributes: { 'test-no-such-point': [{}] },
});

describe('extension points', () => {
  let app: TestApp;
  beforeAll(async () => { app = await startTestApp({ extraPlugins: [maxima, dashboard, sums] }); });
  afterAll(() => app.close());

  test('the owner reads every contribution, typed, in plugin dependency order', async () => {
    const company = await createCompany(app);
    const response = await app.get('/api/v1/test-dashboard', company.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([{ kind: 'count', shown: '3' }, { kind: 'sum', shown: '6' }, { kind: 'max', shown: '3' }]);
    expect(app.kernel.extensions.contributors('test-widget-types').map((c) => c.plugin)).toEqual(['test-dashboard', 'test-sums', 'test-maxima']);
  });

  test('services are typed the same way: a declared one is read without a cast, an undeclared name does not compile', () => {
    const identity = app.kernel.service('identity');
    expect(typeof identity.memberships).toBe('function');
    // @ts-expect-error no plugin declares a 'ledger' service (its unread registration was removed)
    expect(() => app.kernel.service('ledger')).toThrow('Service "ledger" is not provided');
  });
});

describe('extension point errors stop start-up', () => {
  const config = () => loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: `/tmp/cuadra-extensions-${crypto.randomUUID()}`, LOG_LEVEL: 'error' });
  const orphanPlugin = definePlugin({ name: 'test-orphan', dependsOn: ['tenants'], contributes: sums.contributes });

  test('a contribution to a point whose owner is not installed names the plugin and the point', async () => {
    await expect(createApp({ config: config(), extraPlugins: [orphanPlugin] }))
      .rejects.toThrow('Plugin "test-orphan" contributes to extension point "test-widget-types", which no installed plugin declares');
  });

  test('an optional contribution is ignored when the owner is absent, and collected when present', () => {
    const optional = definePlugin({ name: 'test-optional', contributesIfInstalled: { 'test-widget-types': sums.contributes['test-widget-types'] } });
    expect(ExtensionRegistry.collect([optional]).declared('test-widget-types')).toBe(false);
    const withOwner = ExtensionRegistry.collect([dashboard, optional]);
    expect(withOwner.contributors('test-widget-types').map((c) => `${c.plugin}:${c.value.kind}`)).toEqual(['test-dashboard:count', 'test-optional:sum']);
  });

  test('two contributions with the same key, or two owners of one point, are refused', () => {
    const twin = definePlugin({ name: 'test-twin', contributes: sums.contributes });
    expect(() => ExtensionRegistry.collect([dashboard, sums, twin])).toThrow('Extension point "test-widget-types": plugins "test-sums" and "test-twin" both contribute "sum"');
    const rival: CuadraPlugin = { name: 'test-rival', extensionPoints: dashboard.extensionPoints };
    expect(() => ExtensionRegistry.collect([dashboard, rival])).toThrow('Extension point "test-widget-types" is declared by two plugins: "test-dashboard" and "test-rival"');
  });

  test('reading a point no installed plugin declares fails clearly', () => {
    expect(() => ExtensionRegistry.collect([]).contributors('test-widget-types')).toThrow('Extension point "test-widget-types" is not declared by any installed plugin');
  });
});
