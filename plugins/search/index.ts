import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import '../../lib/search';
import { searchRoutes, SearchResponse } from './routes';

/**
 * GET /search for front ends' search boxes. The plugin owns no table and reads none: it fires
 * `search.collecting` (the contract is in lib/search.ts), and each plugin that owns searchable
 * records (contacts, invoices, purchases …) answers with its best hits from its own SQL. A kind
 * the caller may not read through its own routes (role or API-key scopes) is left out.
 */
export default definePlugin({
  name: 'search',
  dependsOn: ['tenants'],
  models: { SearchResponse },
  permissions: { 'search.read': rolesFrom('viewer') },
  tags: { search: 'The search box: the best contacts, invoices and purchases matching a text, per kind, with the fields that matched' },
  routes: searchRoutes,
});
