import { sqlMigration } from '../kernel/migration';

/**
 * Accent- and case-insensitive search, the same on PostgreSQL and PGlite.
 *
 * `search_fold(text)` decomposes the text (Unicode NFD), drops the combining accents
 * (U+0300–U+036F), lower-cases ASCII letters and the few Latin letters that have no decomposition
 * (Æ Ø Ł Đ Œ Þ): "Martínez", "MARTINEZ" and "martinez" all become "martinez", "Ñ" becomes "n".
 * It is ours rather than the `unaccent` extension because an index expression or a generated
 * column must be IMMUTABLE (unaccent is only STABLE: its rules file can change) and because it
 * answers the same whatever the database's locale (`collate "C"`: PGlite has no other), so an
 * index built on one database finds what the other would. Greek, Cyrillic and other scripts keep
 * their case. translate() over a large table of accented letters would do the same job some ten
 * times slower (it scans its whole table for every character).
 *
 * `pg_trgm` (shipped by PostgreSQL, and by PGlite as a contrib extension) indexes trigrams of the
 * folded text: `LIKE '%needle%'` and similarity ranking use GIN indexes over `search_fold(...)`.
 * `btree_gin` (likewise) lets such an index lead with `tenant_id`, so that a search in one company
 * of many does not fetch the other companies' matches only to drop them.
 */
export const textSearchMigrations = [
  sqlMigration('20261224000000_kernel_text_search', [
    `create extension if not exists pg_trgm`,
    // a tenant's id beside the trigrams in one GIN index: a search reads only its company's entries
    `create extension if not exists btree_gin`,
    `create function search_fold(value text) returns text language sql immutable strict parallel safe
       as $$ select translate(lower(regexp_replace(normalize(value, NFD), '[\\u0300-\\u036f]', '', 'g') collate "C"), 'ÆØŁĐŒÞ', 'æøłđœþ') $$`,
  ]),
];
