/**
 * The sort key of contact lists: the name lower-cased without accents ("Ángel" sorts with
 * "angel"), compared byte by byte (collation "C"), the same on every database. Searching folds in
 * SQL instead (`search_fold`, see filters.ts).
 */
export const nameSortKey = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
