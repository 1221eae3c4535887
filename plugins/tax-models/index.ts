import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { softwareProducer } from '../../lib/software-producer';
import { useDisposalSources, type CapitalGoodDisposals } from './capital-goods';
import type { TaxModel } from './contract';
import { migrations } from './migrations';
import { eraseOptions, exportOptions } from './options';
import { eraseSettlements, exportSettlements } from './settlements';
import { eraseTaxProfile, exportTaxProfile, TaxProfileResponse, TaxProfileUpdate } from './profile';
import { taxModelRoutes } from './routes';
import { taxModelModels } from './schemas';
import { archivePart } from './archive';
import { eraseVatProrratas, exportVatProrratas, VatProrrataResponse, VatProrrataUpdate } from './prorrata';

/**
 * Tax models (modelos de la AEAT) as contributions: this plugin owns the `tax-models` extension
 * point and mounts, for every contributed model, its CSV, its history and its import file. Each
 * model (aeat-303, aeat-111, aeat-347…) is its own plugin written against ./api.ts.
 */
export default definePlugin({
  name: 'tax-models',
  tags: { 'tax-models': 'Tax models (303, 111, 347…) prepared from the tax register: CSV, history and the tax agency\'s import file' },
  dependsOn: ['tenants', 'ledger', 'documents'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: { ...taxModelModels, TaxProfileResponse, TaxProfileUpdate, VatProrrataResponse, VatProrrataUpdate },
  extensionPoints: {
    'tax-models': { description: 'a tax model (modelo) computed from the tax register', key: (model: TaxModel) => model.code },
    'capital-good-disposals': { description: 'the sales of capital goods, for their VAT regularisation (art. 110 LIVA)', key: (source: CapitalGoodDisposals) => source.name },
  },
  permissions: {
    'tax-models.read': rolesFrom('viewer'),
    'tax-models.settle': rolesFrom('accountant'),
    'tax-models.configure': rolesFrom('accountant'),
  },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { payload.sections['tax-models'] = { settlements: await exportSettlements(tx), options: await exportOptions(tx), profile: await exportTaxProfile(tx), prorratas: await exportVatProrratas(tx) }; },
      'tenant.erasing': async (tx) => { await eraseSettlements(tx); await eraseOptions(tx); await eraseTaxProfile(tx); await eraseVatProrratas(tx); },
    },
  },
  routes: taxModelRoutes,
  // the software producer (lib/software-producer.ts; shared with verifactu) fills the import files' "NIF empresa desarrollo": checked at start-up
  setup(kernel) {
    softwareProducer(kernel.config);
    useDisposalSources(() => kernel.contributions('capital-good-disposals'));
  },
});
