import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { copyIn, copyInSupported } from '../../lib/copy-in';
import type { Principal } from '../../kernel/principal';
import type { Tx } from '../../kernel/uow';
import { startTestApp, type TestApp } from '../support/app';
import { createCompany, type TestCompany } from '../support/factories';

const supported = copyInSupported(process.env.CUADRA_TEST_DB === 'postgres' ? 'postgres' : 'pglite');
let app: TestApp | undefined;
let company: TestCompany;
beforeAll(async () => {
  if (!supported) return; // PGlite: nothing to start (the import's unnest path is tested in test/plugins/treasury)
  app = await startTestApp();
  company = await createCompany(app!, 'Copia SL');
});
afterAll(() => app?.close());

const uow = () => app!.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' } satisfies Principal);
const run = (tx: Tx, statement: string) => tx.em.getConnection().execute(statement, [], 'all', tx.em.getTransactionContext());

describe.skipIf(!supported)('copyIn (COPY FROM STDIN in the unit of work)', () => {
  test('values come back unchanged, tabs, newlines, backslashes and nulls included, inside the same transaction', async () => {
    const values = ['plain', 'tab\there', 'line\nbreak\r\n', 'back\\slash \\N', 'ñandú €', '', null];
    const rows = await uow().run(async (tx) => {
      await run(tx, 'create temporary table copy_probe (n int, v text) on commit drop');
      const copied = await copyIn(tx, 'copy_probe', ['n', 'v'], values.map((v, i) => [String(i), v]));
      expect(copied).toBe(values.length);
      return run(tx, 'select n, v from copy_probe order by n') as Promise<{ n: number; v: string | null }[]>;
    });
    expect(rows.map((r) => r.v)).toEqual(values);
  });

  test('a value the column refuses fails the statement and the transaction; the next unit of work runs normally', async () => {
    const failed = uow().run(async (tx) => {
      await run(tx, 'create temporary table copy_probe (d date) on commit drop');
      await copyIn(tx, 'copy_probe', ['d'], [['2026-01-01'], ['not a date']]);
    });
    await expect(failed).rejects.toThrow();
    const [row] = await uow().read<{ ok: number }>('select 1 as ok where :tenant::uuid is not null');
    expect(row!.ok).toBe(1);
  });

  test('rows made as they are sent: many chunks (more than the socket buffers), every row arrives once, intact', async () => {
    let made = 0;
    function* rows() {
      for (let i = 0; i < 60_000; i++) { made++; yield [String(i), `${'x'.repeat(200)}\t${i}`]; }
    }
    const [row] = await uow().run(async (tx) => {
      await run(tx, 'create temporary table copy_probe (n int, v text) on commit drop');
      expect(await copyIn(tx, 'copy_probe', ['n', 'v'], rows())).toBe(60_000);
      return run(tx, `select count(*)::int as n, count(distinct n)::int as distinct_n, bool_and(v = repeat('x', 200) || chr(9) || n) as intact from copy_probe`) as Promise<{ n: number; distinct_n: number; intact: boolean }[]>;
    });
    expect(made).toBe(60_000);
    expect(row).toEqual({ n: 60_000, distinct_n: 60_000, intact: true });
  });

  test('rows that fail while being made abandon the COPY with that error; the next unit of work runs normally', async () => {
    function* rows() {
      for (let i = 0; i < 20_000; i++) yield [String(i), 'y'.repeat(100)];
      throw new Error('the source broke');
    }
    const failed = uow().run(async (tx) => {
      await run(tx, 'create temporary table copy_probe (n int, v text) on commit drop');
      await copyIn(tx, 'copy_probe', ['n', 'v'], rows());
    });
    await expect(failed).rejects.toThrow('the source broke');
    const [row] = await uow().read<{ ok: number }>('select 1 as ok where :tenant::uuid is not null');
    expect(row!.ok).toBe(1);
  });

  test('NUL is refused (422)', async () => {
    const failed = uow().run(async (tx) => {
      await run(tx, 'create temporary table copy_probe (v text) on commit drop');
      await copyIn(tx, 'copy_probe', ['v'], [['a\u0000b']]);
    });
    await expect(failed).rejects.toMatchObject({ status: 422 });
  });
});
