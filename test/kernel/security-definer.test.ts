/**
 * SECURITY DEFINER functions run as their owner, who bypasses row-level security: one that the
 * application role could call would hand any tenant's unit of work other companies' rows (outbox
 * payloads, memberships of any user). Every such function in the schema, found in pg_proc (so a
 * function added later is checked too), must refuse the application role: the service calls the
 * ones that serve every tenant as the system role, for one statement at a time (Database.system).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadConfig } from '../../kernel/config';
import { APP_ROLE } from '../../kernel/migration';
import { startTestApp, type TestApp } from '../support/app';
import { createCompany, type TestCompany } from '../support/factories';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;

interface DefinerFunction { signature: string; name: string; args: string[]; executable: boolean }

beforeAll(async () => {
  app = await startTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
}, 120_000);
afterAll(() => app?.close());

/** Statements on the service's own connections, as the application role, in company A's tenant. */
async function asApplication<T>(work: (run: (sql: string) => Promise<any[]>) => Promise<T>): Promise<T> {
  return app.kernel.db.orm.em.fork().transactional(async (em) => {
    const run = (sql: string) => em.getConnection().execute(sql, [], 'all', em.getTransactionContext()) as Promise<any[]>;
    await run(`select set_config('app.tenant_id', '${a.tenantId}', true)`);
    return work(run);
  });
}

const definerFunctions = () => asApplication((run) => run(`
  select p.oid::regprocedure::text as signature, p.proname as name,
    coalesce((select array_agg(format_type(t, null) order by i) from unnest(p.proargtypes) with ordinality as a(t, i)), '{}') as args,
    has_function_privilege(current_user, p.oid, 'execute') as executable
  from pg_proc p where p.prosecdef and p.pronamespace = 'public'::regnamespace order by 1`)) as Promise<DefinerFunction[]>;

/** `args` as PostgreSQL may hand a text[] back (an array, or its literal `{a,b}`). */
const argTypes = (args: string[] | string): string[] => (Array.isArray(args) ? args : args.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((t) => t.replace(/^"|"$/g, '')));

describe('SECURITY DEFINER functions and the application role', () => {
  test('the service runs as the application role here', async () => {
    expect(await asApplication((run) => run('select current_user as role'))).toEqual([{ role: APP_ROLE }]);
  });

  test('every one is listed, and none is executable by the application role (nor by PUBLIC)', async () => {
    const functions = await definerFunctions();
    // the inventory: outbox, idempotency, authentication, invitations, webhooks, maintained counts
    expect(functions.length).toBeGreaterThanOrEqual(19);
    expect(functions.map((f) => f.signature)).toEqual(expect.arrayContaining([
      'cuadra_outbox_deliveries(text,uuid,integer)', 'cuadra_user_memberships(uuid)', 'cuadra_api_key_principal(text)',
      'cuadra_invitation_by_token(text)', 'cuadra_webhook_claim_due(timestamp with time zone,integer,interval)',
    ]));
    expect(functions.filter((f) => f.executable).map((f) => f.signature)).toEqual([]);
  });

  test('calling each one as the application role, with any arguments, is refused (42501) and answers nothing', async () => {
    for (const fn of await definerFunctions()) {
      const call = `select ${fn.name}(${argTypes(fn.args).map((type) => `null::${type}`).join(', ')})`;
      const outcome = await asApplication((run) => run(call)).then((rows) => ({ rows }), (error: any) => ({ code: error.code ?? error.cause?.code, message: String(error.message) }));
      expect({ call, outcome }).toEqual({ call, outcome: { code: '42501', message: expect.stringContaining('permission denied for function') } });
    }
  });

  test('other companies\' outbox payloads and other users\' memberships stay out of reach, while the service still serves them', async () => {
    const payloads = await asApplication((run) => run(`select payload::text from cuadra_outbox_deliveries('pending', null, 1000)`)).catch((error: Error) => error);
    expect(String(payloads)).toMatch(/permission denied/);
    const memberships = await asApplication((run) => run(`select * from cuadra_user_memberships('${b.userId}')`)).catch((error: Error) => error);
    expect(String(memberships)).toMatch(/permission denied/);
    // the system role's path: authentication and the user's own companies
    const me = await app.get('/api/v1/auth/me', b.token);
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(b.tenantId);
  });
});

describe('DATABASE_APP_ROLE', () => {
  test('is not a setting: another role name is refused at start-up instead of being ignored', () => {
    expect(() => loadConfig({ DATABASE_APP_ROLE: 'other_app_role' })).toThrow(/DATABASE_APP_ROLE is not a setting: the application role is always "cuadra_app"/);
    expect(() => loadConfig({ DATABASE_APP_ROLE: APP_ROLE })).not.toThrow();
  });
});
