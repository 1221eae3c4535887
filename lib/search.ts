/**
 * The search box's contract (GET /search, served by the search plugin). Each plugin that owns
 * searchable records answers the `search.collecting` hook with its own SQL on its own tables. The
 * contract lives in the kernel, like the lifecycle hooks, so that a provider compiles and runs
 * whether or not the search plugin is installed.
 */
import type { SearchNeedle } from './listing';

/** One hit of a kind, as the search box shows it. */
export interface SearchHit {
  id: string;
  /** What to show first: a contact's name, a document's number (or "draft"). */
  title: string;
  /** A second line: tax number and email, customer and date … */
  subtitle: string | null;
  /** The fields the text was found in (e.g. `name`, `vat`, `lines.description`). */
  matched: string[];
  /** 0..1, how well the best field matches; 0 for one- and two-character searches (not ranked). */
  score: number;
}

/** The hits of one kind: at most `limit`, best first; `more` when there are others. */
export interface SearchGroup { kind: string; items: SearchHit[]; more: boolean }

declare module '../kernel/hooks' {
  interface SyncHooks {
    /**
     * GET /search: each plugin that owns searchable records is a provider. It runs its own SQL on
     * its own tables in the request's unit of work (its tenant only), and pushes one group, unless
     * `allowed` says the caller may not read that kind: its role and API-key scopes, checked as the
     * kind's own routes check them (`Kernel.permissions.allows`).
     */
    'search.collecting': {
      needle: SearchNeedle;
      /** Hits per kind. */
      limit: number;
      /** Kinds the caller asked for; empty: every kind. */
      kinds: readonly string[];
      allowed(permission: string): boolean;
      groups: SearchGroup[];
    };
  }
}

/** Whether a provider of `kind` should answer this search. */
export const wantsKind = (payload: { kinds: readonly string[] }, kind: string): boolean => !payload.kinds.length || payload.kinds.includes(kind);

/** A comma-separated list of matched field names (from SQL) as an array. */
export const matchedFields = (list: string | null | undefined): string[] => (list ? list.split(',').filter(Boolean) : []);
