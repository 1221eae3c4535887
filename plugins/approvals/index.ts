import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { DRAFTS_SCOPE } from '../../kernel/scopes';
import { migrations } from './migrations';
import { approvalRoutes } from './routes';
import { approvalModels } from './schemas';
import { ApprovalService, type ApprovalJson } from './service';
import { archivePart } from './archive';

declare module '../../kernel/kernel' {
  interface Services { approvals: ApprovalService }
}
declare module '../../kernel/hooks' {
  interface Events {
    'approval.requested': ApprovalJson;
    'approval.decided': ApprovalJson;
  }
}

export default definePlugin({
  name: 'approvals',
  tags: { approvals: 'What an API key with the drafts scope would issue, post, settle, close, delete or send, held until a person approves it (it then runs once) or rejects it' },
  dependsOn: ['tenants', 'identity'],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: approvalModels,
  permissions: {
    'approvals.read': rolesFrom('viewer'),
    // who decides a given request also needs the permission of the route it calls
    'approvals.decide': rolesFrom('member'),
  },
  // an agent that prepares follows what became of its requests
  readableWithScopes: { 'approvals.read': [DRAFTS_SCOPE] },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => {
        if (payload.allows('approvals.read')) payload.sections.approvals = await ApprovalService.exportAll(tx);
      },
      'tenant.erasing': async (tx) => { await tx.sql('delete from approvals where tenant_id = :tenant'); },
    },
  },
  setup(kernel) {
    const service = new ApprovalService(kernel);
    kernel.provide('approvals', service);
    kernel.hooks.onSync('request.held', 'approvals', (tx, held) => service.hold(tx, held));
  },
  routes: approvalRoutes,
});
