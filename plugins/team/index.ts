import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { Invitation } from './entities';
import { migrations } from './migrations';
import { teamRoutes } from './routes';
import { teamModels } from './schemas';
import { TeamService } from './service';
import { archivePart } from './archive';

let team: TeamService;

export default definePlugin({
  name: 'team',
  tags: { team: 'Members of the company, their roles, invitations and members created with a temporary password' },
  dependsOn: ['identity', 'tenants'],
  entities: [Invitation],
  migrations,
  contributesIfInstalled: { 'company-archive': [archivePart] },
  models: teamModels,
  permissions: {
    'team.read': rolesFrom('viewer'),
    'team.manage': rolesFrom('admin'),
  },
  rateLimits: [
    { name: 'invitation-preview', method: 'GET', path: '/api/v1/auth/invitations/:token', limit: 30, windowSeconds: 60, by: 'ip' },
    { name: 'invitation-accept', method: 'POST', path: '/api/v1/auth/invitations/:token/accept', limit: 10, windowSeconds: 60, by: 'ip' },
    { name: 'invitations', method: 'POST', path: '/api/v1/team/invitations', limit: 30, windowSeconds: 60, by: 'principal' },
  ],
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => {
        payload.sections.team = { invitations: payload.allows('team.manage') ? await team.exportInvitations(tx) : [] };
      },
      'tenant.erasing': async (tx) => { await tx.sql('delete from invitations where tenant_id = :tenant'); },
    },
  },
  setup(kernel) {
    team = new TeamService(kernel);
  },
  routes: (kernel) => teamRoutes(kernel, () => team),
});
