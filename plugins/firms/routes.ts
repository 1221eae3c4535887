import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { FirmAccessService } from './service';
import { firmModels } from './schemas';

const AccessParams = t.Object({ access_id: t.String({ format: 'uuid' }) });

export const firmRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:firms' })
    .use(kernel.http)
    .model(firmModels)
    // the client's side
    .post('/team/firm-access', async ({ uow, body, set }) => {
      const access = await uow.run((tx) => FirmAccessService.grant(tx, body.firm_tax_id, body.role));
      set.status = 201;
      return access;
    }, {
      permission: 'firm_access.manage', body: 'FirmAccessCreate', response: { 201: 'FirmAccess' },
      detail: { summary: 'Give an accounting firm access to this company, by the firm\'s tax id and with a role for its members; pending until the firm accepts', tags: ['team'] },
    })
    .get('/team/firm-access', ({ uow }) => uow.run((tx) => FirmAccessService.listGranted(tx)), {
      permission: 'firm_access.read', response: { 200: 'FirmAccessList' },
      detail: { summary: 'The accounting firms given access to this company (pending, active and ended), newest first', tags: ['team'] },
    })
    .patch('/team/firm-access/:access_id', ({ uow, params, body }) => uow.run((tx) => FirmAccessService.setRole(tx, params.access_id, body.role)), {
      permission: 'firm_access.manage', params: AccessParams, body: 'FirmAccessUpdate', response: { 200: 'FirmAccess' },
      detail: { summary: 'Change the role a firm\'s members have in this company (from their next request)', tags: ['team'] },
    })
    .delete('/team/firm-access/:access_id', async ({ uow, params, set }) => {
      await uow.run((tx) => FirmAccessService.revoke(tx, params.access_id));
      set.status = 204;
    }, {
      permission: 'firm_access.manage', params: AccessParams,
      detail: { summary: 'Revoke a firm\'s access: every member and API key of the firm loses access to this company at once', tags: ['team'] },
    })
    // the firm's side
    .get('/firm/clients', ({ uow }) => uow.run((tx) => FirmAccessService.listClients(tx)), {
      permission: 'firm.read', response: { 200: 'FirmAccessList' },
      detail: { summary: 'The client companies that gave this firm access (pending, active and ended), newest first', tags: ['firms'] },
    })
    .post('/firm/clients/:access_id/accept', ({ uow, params }) => uow.run((tx) => FirmAccessService.answer(tx, params.access_id, 'active')), {
      permission: 'firm.manage', params: AccessParams, response: { 200: 'FirmAccess' },
      detail: { summary: 'Accept a client\'s pending access: from now on the firm\'s members act there with its role (X-Tenant-Id or switch-tenant)', tags: ['firms'] },
    })
    .post('/firm/clients/:access_id/decline', ({ uow, params }) => uow.run((tx) => FirmAccessService.answer(tx, params.access_id, 'declined')), {
      permission: 'firm.manage', params: AccessParams, response: { 200: 'FirmAccess' },
      detail: { summary: 'Decline a client\'s pending access', tags: ['firms'] },
    });
