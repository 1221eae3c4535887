/**
 * Contacts are searched case- and accent-insensitively without the `unaccent` extension (PGlite has
 * none): the service stores a folded copy of the searchable fields, and the query is folded the
 * same way. "Français" and "francais" both fold to "francais"; "España" to "espana".
 */
export const foldForSearch = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Fields are joined with a newline so that a search never matches across two fields. */
export const searchTextOf = (fields: (string | null | undefined)[]): string =>
  fields.filter((f): f is string => !!f).map(foldForSearch).join('\n');
