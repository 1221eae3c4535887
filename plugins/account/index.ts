import { definePlugin } from '../../kernel/plugin';
import { accountRoutes } from './routes';
import { accountModels } from './schemas';
import { AccountService } from './service';

let account: AccountService;

export default definePlugin({
  name: 'account',
  tags: { account: 'Your personal data: export everything about you and your companies, or delete your account' },
  dependsOn: ['identity', 'tenants'],
  models: accountModels,
  rateLimits: [
    { name: 'account-export', method: 'GET', path: '/api/v1/account/export', limit: 10, windowSeconds: 3600, by: 'principal' },
    { name: 'account-delete', method: 'POST', path: '/api/v1/account/delete', limit: 10, windowSeconds: 600, by: 'principal' },
  ],
  setup(kernel) {
    account = new AccountService(kernel);
  },
  routes: (kernel) => accountRoutes(kernel, () => account),
});
