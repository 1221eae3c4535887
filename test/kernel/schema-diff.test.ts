import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../support/app';

/**
 * The ORM entities agree with the migrated tables: MikroORM's schema diff (what it would run to turn
 * the migrated database into its entities) lists nothing beyond what the ORM does not model by
 * design. Those exceptions, each a whole category:
 * - row-level security, its policies, triggers and functions: written in the migrations only;
 * - tables no entity maps (the outbox, idempotency keys, counters read with named SQL);
 * - indexes, foreign keys and column defaults: declared in the migrations, which are the schema's
 *   source of truth; entities set their values on create;
 * - primary keys: the tables' lead with tenant_id (distribution by tenant), the entities' is the id;
 * Anything else (a missing or extra column, a different type, precision or nullability) is a
 * mirror that lies about its table and fails this test.
 * Invoices, purchases and the documents plugin have no entities: they read and write their tables
 * with named SQL only (one data-access style per plugin).
 */

const EXCEPTIONS: [string, RegExp][] = [
  ['row-level security', /(enable|disable|force|no force) row level security;$/],
  ['policies', /^(create|drop) policy /],
  ['triggers', /^drop trigger /],
  ['functions', /^drop function /],
  ['tables without an entity', /^drop table if exists /],
  ['indexes', /^drop index /],
  ['foreign keys and checks', /^alter table "\w+" drop constraint "\w+";$/],
  ['defaults', /^alter table "\w+" alter column "\w+" drop default;$/],
  // The entities identify a row by its id; the tables' primary keys lead with tenant_id so they can
  // be distributed by tenant (docs/scale-out.md, test/kernel/distribution-ready.test.ts).
  ['primary keys with tenant_id', /^alter table "\w+" add primary key \("id"\);$/],
  // Folded search text the database computes (a generated column behind a trigram index); no code
  // reads or writes it through an entity.
  ['generated search columns', /^alter table "\w+" drop column "search_(document|compact)"(, drop column "search_(document|compact)")*;$/],
];

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

describe('ORM entities and migrated tables', () => {
  test('the schema diff lists only the documented exceptions', async () => {
    const diff: string = await (app.kernel.db.orm as any).schema.getUpdateSchemaSQL({ wrap: false });
    const statements = diff.split('\n').map((line) => line.trim()).filter(Boolean);
    expect(statements.length).toBeGreaterThan(0); // the exceptions are real: the comparison ran
    const unexplained = statements
      .filter((statement) => !EXCEPTIONS.some(([, pattern]) => pattern.test(statement)));
    expect(unexplained).toEqual([]);
  });
});
