import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { Contact } from './entities';
import './hooks';
import { migrations } from './migrations';
import { contactRoutes } from './routes';
import { contactModels } from './schemas';

export default definePlugin({
  name: 'contacts',
  dependsOn: ['tenants', 'taxes'],
  entities: [Contact],
  migrations,
  models: contactModels,
  permissions: {
    'contacts.read': rolesFrom('viewer'),
    'contacts.write': rolesFrom('member'),
  },
  routes: contactRoutes,
});
