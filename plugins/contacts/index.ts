import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { Contact } from './entities';
import './hooks';
import { migrations } from './migrations';
import { contactRoutes } from './routes';
import { contactModels } from './schemas';
import { wantsKind } from '../../lib/search';
import { ContactService, contactJson } from './service';
import { archivePart } from './archive';

export default definePlugin({
  name: 'contacts',
  tags: { contacts: 'Customers and suppliers: filters, summary, export, statistics, tax-type suggestion and merging duplicates' },
  dependsOn: ['tenants', 'taxes'],
  entities: [Contact],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: contactModels,
  permissions: {
    'contacts.read': rolesFrom('viewer'),
    'contacts.write': rolesFrom('member'),
  },
  hooks: {
    sync: {
      // Kernel lifecycle hooks, fired by the account plugin when it is installed.
      'account.exporting': async (tx, payload) => {
        const contacts = await tx.em.find(Contact, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
        payload.sections.contacts = { contacts: contacts.map(contactJson) };
      },
      'tenant.erasing': async (tx) => { await tx.sql('delete from contacts where tenant_id = :tenant'); },
      // answered when the search plugin is installed (GET /search)
      'search.collecting': async (tx, payload) => {
        if (wantsKind(payload, 'contacts') && payload.allowed('contacts.read')) payload.groups.push(await ContactService.searchHits(tx, payload.needle, payload.limit));
      },
    },
  },
  routes: contactRoutes,
});
