import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rowBoolean, rowBooleanOrNull, rowInteger, rowIntegerOrNull, rowJson } from '../../kernel/rows';
import { startTestApp, type TestApp } from '../support/app';
import { createCompany } from '../support/factories';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

const STATEMENT = `select :tenant::uuid is not null as yes, false as no, null::boolean as unknown, 9007199254740991::int8 as big,
  7::int4 as small, null::int8 as none, '{"a":[1,"x"]}'::json as j, '{"b":true}'::jsonb as jb`;

const normalised = (row: Record<string, unknown>) => ({
  yes: rowBoolean(row.yes), no: rowBoolean(row.no), unknown: rowBooleanOrNull(row.unknown),
  big: rowInteger(row.big), small: rowInteger(row.small), none: rowIntegerOrNull(row.none), j: rowJson(row.j), jb: rowJson(row.jb),
});
const EXPECTED = { yes: true, no: false, unknown: null, big: 9007199254740991, small: 7, none: null, j: { a: [1, 'x'] }, jb: { b: true } };

describe('named SQL rows, normalised', () => {
  test('a unit of work, a one-round-trip read and a one-round-trip write give the same values', async () => {
    const company = await createCompany(app);
    const uow = app.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });
    const [viaTx] = await uow.run((tx) => tx.sql(STATEMENT));
    const [viaRead] = await uow.read(STATEMENT);
    const [viaWrite] = await uow.write(STATEMENT);
    expect([normalised(viaTx), normalised(viaRead), normalised(viaWrite)]).toEqual([EXPECTED, EXPECTED, EXPECTED]);
  });

  test('text booleans and integers beyond the safe range', () => {
    expect([rowBoolean('t'), rowBoolean('f'), rowBoolean(null)]).toEqual([true, false, false]);
    expect(() => rowInteger('9007199254740993')).toThrow('Not a safe integer');
  });
});
