import { Type, type SchemaOptions, type TLiteral, type TNull, type TSchema, type TUnion } from '@sinclair/typebox';

type Literals<Values extends readonly string[]> = { -readonly [K in keyof Values]: TLiteral<Values[K]> };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One of a constant list of strings (`ROLES`, `CONTACT_KINDS`…), typed as their union. At run time
 * it is a string with `enum` (what the OpenAPI document and typed clients read; a TypeBox union of
 * literals would lose its description and default there) and the same list as an anchored
 * `pattern` (what the validator enforces). Validation errors name the allowed values.
 */
export function literalUnion<const Values extends readonly string[]>(values: Values, options?: SchemaOptions): TUnion<Literals<Values>> {
  return Type.String({ ...options, enum: [...values], pattern: `^(?:${values.map(escapeRegExp).join('|')})$` }) as unknown as TUnion<Literals<Values>>;
}

/** `schema` or null (a field the API answers as null when it has no value). */
export const Nullable = <T extends TSchema>(schema: T, options: SchemaOptions = {}): TUnion<[T, TNull]> => Type.Union([schema, Type.Null()], options);

/** The `cursor` query parameter of keyset-paginated lists (see lib/listing.ts). */
export const ListCursor = Type.String({
  minLength: 1, maxLength: 2000, pattern: '^[A-Za-z0-9_-]+$',
  description: 'Opaque: the `next_cursor` of the previous page (same filters and search). Not together with `offset`.',
});
