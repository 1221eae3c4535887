import { ValidationFailed } from '../kernel/errors';

/**
 * What lists and searches share: the search text of a query and opaque keyset cursors.
 *
 * What is searched is folded in SQL by `search_fold(...)` (migrations/text-search.ts); the needle
 * is folded here by `searchFold`, the same steps in TypeScript, so that it reaches PostgreSQL
 * as a plain parameter: the planner then sees the pattern's trigrams and picks the trigram index
 * (a pattern computed inside the statement looks unselective to it and gets a sequential scan).
 * A test compares both folds over every Latin letter on both databases.
 */

const NO_DECOMPOSITION: Record<string, string> = { Æ: 'æ', Ø: 'ø', Ł: 'ł', Đ: 'đ', Œ: 'œ', Þ: 'þ' };

/** search_fold() in TypeScript: NFD, combining accents (U+0300–U+036F) dropped, ASCII and Æ Ø Ł Đ Œ Þ lower-cased. */
export const searchFold = (text: string): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[A-ZÆØŁĐŒÞ]/g, (c) => NO_DECOMPOSITION[c] ?? c.toLowerCase());

export const SEARCH_MAX_LENGTH = 200;

/** A search needle, folded: `text` to rank with, `pattern` a LIKE pattern for a substring match. */
export interface SearchNeedle {
  text: string;
  /** `%text%` with LIKE's own wildcards escaped: `%` and `_` are searched for literally. */
  pattern: string;
  /** Three or more characters: trigram indexes apply and results are ranked by similarity. */
  ranked: boolean;
}

const ONLY_WILDCARDS = /^[\s%_*]*$/u;

/**
 * The needle of a search parameter: whitespace runs become one space (a field separator is a
 * newline, so no match spans two fields). Undefined or empty: no search. More than 200 characters,
 * or nothing but wildcards (`%`, `_`, `*`) and spaces: 422 naming `loc`.
 */
export function searchNeedle(raw: string | undefined, loc: (string | number)[]): SearchNeedle | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length > SEARCH_MAX_LENGTH) throw ValidationFailed.field(loc, `At most ${SEARCH_MAX_LENGTH} characters`, 'value_error.any_str.max_length');
  if (ONLY_WILDCARDS.test(raw)) throw ValidationFailed.field(loc, 'Type some text to search for: wildcards and spaces alone match everything', 'value_error.search_wildcards');
  const text = searchFold(raw.replace(/\s+/gu, ' ').trim());
  return { text, pattern: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, ranked: [...text].length >= 3 };
}

/**
 * One key of a list's order. `expression` is SQL over the list's row alias; it must not be null
 * (coalesce a nullable column to a value that sorts where the nulls go).
 */
export interface SortKey { expression: string; direction: 'asc' | 'desc'; type: 'text' | 'uuid' | 'int' | 'real' | 'date' | 'timestamptz' }

export type CursorValue = string | number;

const CURSOR_MAX_LENGTH = 2_000;
const VALUE_CHECKS: Record<SortKey['type'], (value: unknown) => boolean> = {
  text: (v) => typeof v === 'string' && v.length <= 1_000 && !v.includes('\u0000'),
  uuid: (v) => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  int: (v) => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 2_147_483_647,
  real: (v) => typeof v === 'number' && Number.isFinite(v),
  date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  timestamptz: (v) => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))),
};

/**
 * A cursor is base64url of JSON `[order, ...values]`: the name of the order it walks (a search
 * ranks, a plain list does not, so one cannot continue the other) and the last row's sort key.
 */
export function encodeCursor(order: string, values: CursorValue[]): string {
  return Buffer.from(JSON.stringify([order, ...values])).toString('base64url');
}

/** The sort key a cursor carries, checked against the keys of `order`: anything else is 422. */
export function decodeCursor(cursor: string, order: string, keys: readonly SortKey[], loc: (string | number)[] = ['query', 'cursor']): CursorValue[] {
  const invalid = () => ValidationFailed.field(loc, 'Invalid cursor: pass back the next_cursor of the previous page of the same list and search', 'value_error.cursor');
  if (cursor.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(decoded) || decoded.length !== keys.length + 1 || decoded[0] !== order) throw invalid();
  const values = decoded.slice(1) as unknown[];
  if (!keys.every((key, i) => VALUE_CHECKS[key.type](values[i]))) throw invalid();
  return values as CursorValue[];
}

/**
 * The rows after `values` in the order `keys`, as a WHERE clause with bound parameters (named
 * `<prefix>0`, `<prefix>1` …). The first key also appears alone (`k0 >= v0`) so an index on it
 * bounds the scan: a deep page reads what the first page reads.
 */
export function keysetAfter(keys: readonly SortKey[], values: readonly CursorValue[], prefix = 'after_'): { where: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  const placeholder = (i: number) => `cast(:${prefix}${i} as ${keys[i].type})`;
  keys.forEach((_, i) => { params[`${prefix}${i}`] = values[i]; });
  const alternatives = keys.map((key, i) => {
    const equalBefore = keys.slice(0, i).map((k, j) => `${k.expression} = ${placeholder(j)}`);
    return [...equalBefore, `${key.expression} ${key.direction === 'asc' ? '>' : '<'} ${placeholder(i)}`].join(' and ');
  });
  const bound = `${keys[0].expression} ${keys[0].direction === 'asc' ? '>=' : '<='} ${placeholder(0)}`;
  return { where: `(${bound} and ((${alternatives.join(') or (')})))`, params };
}

/** ORDER BY for `keys`. */
export const orderBy = (keys: readonly SortKey[]): string => keys.map((k) => `${k.expression} ${k.direction}`).join(', ');

/** The values of `keys` for a row selected with `sortKeyColumns(keys)`. */
export function sortKeyOf(row: Record<string, unknown>, keys: readonly SortKey[]): CursorValue[] {
  return keys.map((key, i) => {
    const value = row[`sort_key_${i}`];
    return key.type === 'int' || key.type === 'real' ? Number(value) : String(value);
  });
}

/** Select-list items that return each key as the cursor will carry it (dates and timestamps as text). */
export const sortKeyColumns = (keys: readonly SortKey[]): string =>
  keys.map((k, i) => `${k.type === 'int' || k.type === 'real' ? k.expression : `(${k.expression})::text`} as sort_key_${i}`).join(', ');

/** Cursor and offset are two ways to say where a page starts: not both. */
export function assertOneStart(cursor: string | undefined, offset: number | undefined): void {
  if (cursor !== undefined && offset) throw ValidationFailed.field(['query', 'offset'], 'Send either cursor or offset, not both', 'value_error.cursor_with_offset');
}

/** The parameters a search clause reads: `:search_pattern` (LIKE) and `:search_text` (ranking). */
export const needleParams = (needle: SearchNeedle) => ({ search_pattern: needle.pattern, search_text: needle.text });

/** SQL for how well `document` matches a ranked search (0..1), or 0 when the needle is too short to rank. */
export const rankSql = (needle: SearchNeedle, document: string): string =>
  (needle.ranked ? `word_similarity(:search_text, ${document})` : 'cast(0 as real)');

/**
 * SQL listing, comma-separated, the names of the fields (`name` → SQL expression, may be null)
 * whose folded text contains the needle: "what matched" in search results.
 */
export const matchedFieldsSql = (fields: Record<string, string>): string =>
  `concat_ws(',', ${Object.entries(fields).map(([name, expression]) => `case when search_fold(${expression}) like :search_pattern then '${name}' end`).join(', ')})`;
