import type { TObject } from '@sinclair/typebox';
import { ValidationFailed } from './errors';

/**
 * Elysia coerces numeric query parameters before validating them, and a range failure found
 * there (`limit=0`) reports no parameter name: the kernel would answer `loc: ["property"]`.
 * This route `transform` checks the declared minimum/maximum of integer query parameters first, so
 * the 422 names the parameter. Format errors (`limit=abc`) are left to normal validation, which
 * already names it.
 */
export function queryBounds(schema: TObject) {
  // Elysia rewrites numeric query schemas in place (anyOf string|integer) but keeps the bounds on top.
  const bounded = Object.entries(schema.properties)
    .filter(([, property]: [string, any]) => typeof property.minimum === 'number' || typeof property.maximum === 'number')
    .map(([key, property]: [string, any]) => ({ key, minimum: property.minimum as number | undefined, maximum: property.maximum as number | undefined }));
  // Before validation the query still holds the raw strings, whatever type the schema gives them.
  return ({ query }: { query: object }) => {
    for (const { key, minimum, maximum } of bounded) {
      const raw = (query as Record<string, unknown>)[key];
      // Read the number the way the coercion does ("1e3", " 7", "0x10", " " → 0); anything else
      // is left to normal validation, which names the parameter.
      const value = typeof raw === 'string' ? Number(raw) : Number.NaN;
      if (!Number.isFinite(value)) continue;
      if (minimum !== undefined && value < minimum) throw ValidationFailed.field(['query', key], `Must be greater than or equal to ${minimum}`, 'value_error.number.not_ge');
      if (maximum !== undefined && value > maximum) throw ValidationFailed.field(['query', key], `Must be less than or equal to ${maximum}`, 'value_error.number.not_le');
    }
  };
}
