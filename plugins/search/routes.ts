import { Elysia, t } from 'elysia';
import { searchNeedle, SEARCH_MAX_LENGTH } from '../../lib/listing';
import type { Kernel } from '../../kernel/kernel';
import { queryBounds } from '../../kernel/query-bounds';
import type { SearchGroup } from '../../lib/search';

const tags = ['search'];

export const SearchQuery = t.Object({
  q: t.String({ minLength: 1, maxLength: SEARCH_MAX_LENGTH, description: 'Text to find, case- and accent-insensitive, anywhere in the searched fields. Only wildcards (`%`, `_`, `*`) or spaces: 422.' }),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 20, default: 5, description: 'Hits per kind' })),
  kinds: t.Optional(t.String({ maxLength: 200, pattern: '^[a-z_]+(,[a-z_]+)*$', description: 'Comma-separated kinds to search (e.g. `contacts,invoices`); all by default' })),
});

const SearchHitSchema = t.Object({
  id: t.String({ format: 'uuid' }),
  title: t.String(),
  subtitle: t.Union([t.String(), t.Null()]),
  matched: t.Array(t.String(), { description: 'The fields the text was found in' }),
  score: t.Number({ description: '0..1 similarity of the best field; 0 when the search is shorter than three characters (not ranked)' }),
});
export const SearchResponse = t.Object({
  q: t.String(),
  results: t.Array(t.Object({
    kind: t.String({ description: '`contacts`, `invoices`, `purchases` … (one per installed provider whose records the caller may read: its role and, for an API key, its scopes must allow the kind\'s own `.read` permission, as `GET /contacts` or `GET /invoices` would)' }),
    items: t.Array(SearchHitSchema, { description: 'Best first' }),
    more: t.Boolean({ description: 'More hits exist than `limit`: open the kind\'s list with `search=` to see them' }),
  })),
});

export const searchRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:search' })
    .use(kernel.http)
    .model({ SearchResponse })
    .get('/search', async ({ uow, query, principal }) => {
      const needle = searchNeedle(query.q, ['query', 'q'])!;
      const payload = {
        needle,
        limit: query.limit ?? 5,
        kinds: query.kinds ? query.kinds.split(',') : [],
        allowed: (permission: string) => kernel.permissions.allows(principal, permission),
        groups: [] as SearchGroup[],
      };
      await uow.run((tx) => tx.hook('search.collecting', payload));
      return { q: query.q, results: payload.groups };
    }, {
      permission: 'search.read', query: SearchQuery, transform: queryBounds(SearchQuery), response: { 200: 'SearchResponse' },
      detail: { summary: 'Search box: the best contacts, invoices and purchases matching `q`, per kind, with the fields that matched', tags },
    });
