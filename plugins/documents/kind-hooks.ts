import type { SyncHandler } from '../../kernel/hooks';
import type { SearchNeedle } from '../../lib/listing';
import { wantsKind, type SearchGroup } from '../../lib/search';
import type { Tx } from '../../kernel/uow';
import type { DocumentTables, OpenItemKind } from './kinds';
import type { SettlementKind } from './settlement';
import { contactHooks } from './lifecycle';

/**
 * The hooks every document kind answers the same way, for its `index.ts`: the contacts plugin's
 * (merge, delete, stats, activity), the account export (section `plugin`: every document as the
 * API answers it), tenant erasure, and the search box (kind `plugin`, with its `.read` permission).
 */
export function documentKindHooks<View>(kind: DocumentTables, answers: {
  statsKey: 'invoiced' | 'purchased'; activitySide: 'sale' | 'purchase';
  exportAll(tx: Tx): Promise<View[]>; toJson(view: View): unknown;
  eraseTenant(tx: Tx): Promise<void>;
  searchHits(tx: Tx, needle: SearchNeedle, limit: number): Promise<SearchGroup>;
}): ReturnType<typeof contactHooks> & {
  'account.exporting': SyncHandler<'account.exporting'>; 'tenant.erasing': SyncHandler<'tenant.erasing'>; 'search.collecting': SyncHandler<'search.collecting'>;
} {
  const section = kind.plugin;
  return {
    ...contactHooks(kind, answers.statsKey, answers.activitySide),
    // kernel lifecycle hooks, fired by the account plugin when it is installed
    'account.exporting': async (tx, payload) => { payload.sections[section] = { [section]: (await answers.exportAll(tx)).map(answers.toJson) }; },
    'tenant.erasing': async (tx) => { await answers.eraseTenant(tx); },
    // answered when the search plugin is installed (GET /search)
    'search.collecting': async (tx, payload) => {
      if (wantsKind(payload, section) && payload.allowed(`${section}.read`)) payload.groups.push(await answers.searchHits(tx, payload.needle, payload.limit));
    },
  };
}

/**
 * What every kind's `definePlugin` starts with: its plugin name, the plugins it builds on, and its
 * contribution to the `document-kinds` extension point (the descriptor and its settlement rule),
 * with `rest` (migrations, models, routes) as given.
 */
export const documentKindPlugin = <Rest extends object>(kind: DocumentTables, settlement: SettlementKind, rest: Rest, openItems?: OpenItemKind) => ({
  ...rest,
  name: kind.plugin,
  // documents: the shared lines, numbering, lifecycle, tax register and settlements (its api.ts)
  dependsOn: ['tenants', 'contacts', 'taxes', 'ledger', 'documents'],
  contributes: { 'document-kinds': [{ ...kind, settlement, ...(openItems ? { openItems } : {}) }] },
});
