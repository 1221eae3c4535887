/** What providers use from the search plugin (types only: a provider works without it). */
export type { SearchGroup, SearchHit } from './hooks';

/** Whether a provider of `kind` should answer this search. */
export const wantsKind = (payload: { kinds: readonly string[] }, kind: string): boolean => !payload.kinds.length || payload.kinds.includes(kind);

/** A comma-separated list of matched field names (from SQL) as an array. */
export const matchedFields = (list: string | null | undefined): string[] => (list ? list.split(',').filter(Boolean) : []);
