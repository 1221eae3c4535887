import { describe, expect, test } from 'bun:test';
import { FormatRegistry, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import '../../kernel/openapi';
import { STRING_FORMATS } from '../../lib/formats';

describe('string formats of request schemas', () => {
  test('ours are the registered ones once the OpenAPI module is loaded (not the per-call zod checks it installs)', () => {
    for (const [name, check] of Object.entries(STRING_FORMATS)) expect(FormatRegistry.Get(name)).toBe(check);
  });

  test('uuid: RFC 9562 versions and variant, nil and max', () => {
    const schema = Type.String({ format: 'uuid' });
    for (const ok of ['0b1c8f6e-3a2d-4c5b-9e8f-1a2b3c4d5e6f', '0B1C8F6E-3A2D-7C5B-AE8F-1A2B3C4D5E6F', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff']) {
      expect(Value.Check(schema, ok)).toBe(true);
    }
    for (const bad of ['0b1c8f6e-3a2d-0c5b-9e8f-1a2b3c4d5e6f', '0b1c8f6e-3a2d-4c5b-7e8f-1a2b3c4d5e6f', '0b1c8f6e3a2d4c5b9e8f1a2b3c4d5e6f', ' 0b1c8f6e-3a2d-4c5b-9e8f-1a2b3c4d5e6f', '']) {
      expect(Value.Check(schema, bad)).toBe(false);
    }
  });

  test('date: a real calendar day, leap years included', () => {
    const schema = Type.String({ format: 'date' });
    for (const ok of ['2026-01-31', '2028-02-29', '2000-02-29', '2026-12-31']) expect(Value.Check(schema, ok)).toBe(true);
    for (const bad of ['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-01', '2026-01-01T00:00:00Z', '26-01-01']) {
      expect(Value.Check(schema, bad)).toBe(false);
    }
  });

  test('date-time: the day it names must exist (the database refuses 30 February); the forms it took before still pass', () => {
    const schema = Type.String({ format: 'date-time' });
    for (const ok of ['2026-02-28T10:00:00Z', '2028-02-29T23:59:59.123+01:00', '2026-11-27', '2026-11-27 10:00:00']) expect(Value.Check(schema, ok)).toBe(true);
    for (const bad of ['2026-02-30', '2026/02/30', '2026-2-30', '2026 02 30', '2026-02-30T10:00:00Z', '2026-04-31T00:00:00+02:00', '2026-13-01T00:00:00Z', 'yesterday']) expect(Value.Check(schema, bad)).toBe(false);
  });

  test('email', () => {
    const schema = Type.String({ format: 'email' });
    for (const ok of ['ana@example.es', "o'neil+tag@sub.example.com"]) expect(Value.Check(schema, ok)).toBe(true);
    for (const bad of ['ana@', '.ana@example.es', 'ana..b@example.es', 'ana@example', 'ana@example.c', 'ana example@x.es']) expect(Value.Check(schema, bad)).toBe(false);
  });
});
