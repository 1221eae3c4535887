import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { exportBoards } from './boards';
import type { TopDimension, WidgetType } from './contract';
import { migrations } from './migrations';
import { dashboardRoutes } from './routes';
import { dashboardModels } from './schemas';
import { ledgerWidgets } from './widgets';
import { archivePart } from './archive';

/**
 * Dashboards: the company's boards of widgets, the widget catalogue and the widgets' data. Widget
 * types are contributions to the `widget-types` extension point (./contract.ts); the ones here read
 * the books through the ledger's public API and movements through the treasury service.
 */
export default definePlugin({
  name: 'dashboards',
  tags: { dashboards: 'Boards of widgets on a 12-column grid, the widget catalogue and each widget\'s data, from the books' },
  dependsOn: ['tenants', 'contacts', 'ledger', 'treasury', 'documents', 'tax-models'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: dashboardModels,
  extensionPoints: {
    'widget-types': { description: 'a dashboard widget type with its data provider', key: (widget: WidgetType) => widget.type },
    'top-dimensions': { description: 'a dimension of the top widget answered by the plugin that owns its data (product: invoices)', key: (dimension: TopDimension) => dimension.dim },
  },
  contributes: { 'widget-types': ledgerWidgets },
  permissions: {
    'dashboards.read': rolesFrom('viewer'),
    // boards are shared by the company: whoever may create documents may arrange them
    'dashboards.write': rolesFrom('member'),
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { payload.sections.dashboards = await exportBoards(tx); },
      'tenant.erasing': async (tx) => {
        await tx.sql(`delete from dashboard_default_boards where tenant_id = :tenant`);
        await tx.sql(`delete from dashboard_boards where tenant_id = :tenant`);
      },
    },
  },
  routes: dashboardRoutes,
});
