import { Type, type SchemaOptions, type TLiteral, type TUnion } from '@sinclair/typebox';

type Literals<Values extends readonly string[]> = { -readonly [K in keyof Values]: TLiteral<Values[K]> };

/**
 * A union of string literals built from a constant list (`ROLES`, `CONTACT_KINDS`…), typed as that
 * union: `t.Union(list.map(t.Literal))` would type it as an array of literals, which handlers see
 * as `never`.
 */
export function literalUnion<const Values extends readonly string[]>(values: Values, options?: SchemaOptions): TUnion<Literals<Values>> {
  return Type.Union(values.map((value) => Type.Literal(value)), options) as unknown as TUnion<Literals<Values>>;
}

/** The `cursor` query parameter of keyset-paginated lists (see kernel/listing.ts). */
export const ListCursor = Type.String({
  minLength: 1, maxLength: 2000, pattern: '^[A-Za-z0-9_-]+$',
  description: 'Opaque: the `next_cursor` of the previous page (same filters and search). Not together with `offset`.',
});
