import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import '../tenants/hooks';
import { TaxSettings, TaxType } from './entities';
import './hooks';
import { migrations } from './migrations';
import { taxRoutes } from './routes';
import { taxModels } from './schemas';
import { TaxService, taxTypeToJson } from './service';
import { archivePart } from './archive';

export default definePlugin({
  name: 'taxes',
  tags: { taxes: 'Tax types (VAT, equivalence surcharge, withholding) of the company and its tax settings' },
  dependsOn: ['tenants'],
  entities: [TaxType, TaxSettings],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: taxModels,
  permissions: {
    'taxes.read': rolesFrom('viewer'),
    'taxes.manage': rolesFrom('accountant'),
  },
  // a key that may write documents can look up the tax types their lines name
  readableWithScopes: {
    'taxes.read': ['invoices:write', 'purchases:write', 'quotes:write', 'proformas:write', 'recurring-invoices:write'],
  },
  hooks: {
    sync: {
      // Runs inside the onboarding transaction, whose tenant is the new company.
      'tenant.created': async (tx) => {
        await TaxService.seedCatalogue(tx);
        await TaxService.settings(tx);
      },
      'account.exporting': async (tx, payload) => {
        const types = await tx.em.find(TaxType, {}, { orderBy: { code: 'asc' } });
        const settings = await TaxService.settings(tx);
        payload.sections.taxes = { tax_types: types.map(taxTypeToJson), oss_registered: settings.ossRegistered };
      },
      'tenant.erasing': async (tx) => {
        await tx.sql('delete from tax_settings where tenant_id = :tenant');
        await tx.sql('delete from tax_types where tenant_id = :tenant');
      },
    },
  },
  routes: taxRoutes,
});
