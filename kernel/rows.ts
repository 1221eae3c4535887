/**
 * Column values from named SQL (`tx.sql`, `uow.read`, `uow.write`) as one type on both drivers.
 * The ORM's connections (pg, PGlite) and the one-round-trip statements (postgres.js, or PGlite's
 * `exec`, simple protocol) differ for int8/numeric (string or number), json (text or parsed) and, where a value
 * travels as text, booleans ('t'/'f'). Read such columns through these instead of comparing driver
 * output by hand.
 */
export const rowBoolean = (value: unknown): boolean => value === true || value === 't' || value === 'true';

export const rowBooleanOrNull = (value: unknown): boolean | null => (value == null ? null : rowBoolean(value));

/** int2/int4/int8 counts and sequence numbers; throws beyond JavaScript's safe integers. */
export function rowInteger(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Not a safe integer: ${String(value)}`);
  return number;
}

export const rowIntegerOrNull = (value: unknown): number | null => (value == null ? null : rowInteger(value));

/** json and jsonb columns, parsed once whatever the driver did. */
export const rowJson = <T = unknown>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
