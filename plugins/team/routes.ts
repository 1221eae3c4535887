import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { noContent } from '../../kernel/openapi';
import { hashPassword } from '../identity/api';
import { teamModels } from './schemas';
import { temporaryPassword, type TeamService } from './service';

const tags = ['team'];
const UserIdParams = t.Object({ user_id: t.String({ format: 'uuid' }) });
const InvitationParams = t.Object({ inv_id: t.String({ format: 'uuid' }) });
const TokenParams = t.Object({ token: t.String({ minLength: 20, maxLength: 200 }) });

export const teamRoutes = (kernel: Kernel, team: () => TeamService) =>
  new Elysia({ name: 'cuadra:team' })
    .use(kernel.http)
    .model(teamModels)
    .get('/team/members', ({ uow }) => uow.run((tx) => team().listMembers(tx)),
      { permission: 'team.read', response: { 200: t.Array(teamModels.MemberOut) }, detail: { summary: 'Members of the company with their roles (array)', tags } })
    .patch('/team/members/:user_id', ({ uow, principal, params, body }) => uow.run((tx) => team().updateMember(tx, principal, params.user_id, body.role)),
      { permission: 'team.manage', params: UserIdParams, body: 'UpdateMemberRequest', response: { 200: 'MemberOut' }, detail: { summary: "Change a member's role (never above yours; only owners change owners; the last owner stays: 409)", tags } })
    .delete('/team/members/:user_id', async ({ uow, principal, params, set }) => {
      await uow.run((tx) => team().removeMember(tx, principal, params.user_id));
      set.status = 204;
    }, { permission: 'team.manage', params: UserIdParams, detail: { summary: 'Remove a member (and their API keys here); the last owner cannot be removed (409)', tags, responses: noContent } })
    .post('/team/members/quick-create', async ({ uow, principal, body, set }) => {
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      const { member, mail } = await uow.run((tx) => team().quickCreate(tx, principal, body, passwordHash));
      if (mail) team().sendLater(mail);
      set.status = 201;
      return { ...member, temporary_password: password };
    }, {
      permission: 'team.manage', body: 'QuickCreateRequest', response: { 201: 'QuickCreateResponse' },
      detail: {
        summary: 'Create a member with a temporary password (shown once, no email); they must change it at first login',
        description: 'From a user session only (API keys never add people: 403), with a role not above yours. An address that already has an account is not created: it is emailed an invitation to join with that role, and the answer has the same status and shape (its `user_id` names nobody until they accept), so this operation never reveals whether an address has an account. A member or pending invitation of this company is 409.',
        tags,
      },
    })
    .get('/team/invitations', ({ uow }) => uow.run((tx) => team().listInvitations(tx)),
      { permission: 'team.manage', response: { 200: t.Array(teamModels.InvitationOut) }, detail: { summary: 'Invitations of the company, newest first (array), with status pending/accepted/revoked/expired', tags } })
    .post('/team/invitations', async ({ uow, principal, body, set }) => {
      const { invitation, mail } = await uow.run((tx) => team().invite(tx, principal, body));
      await team().send(mail);
      set.status = 201;
      return invitation;
    }, { permission: 'team.manage', body: 'InviteRequest', response: { 201: 'InvitationOut' }, detail: { summary: 'Invite someone by email (link to FRONTEND_URL/invitations/{token}, single use, 7 days)', description: 'From a user session only (API keys never add people: 403), with a role not above yours.', tags } })
    .post('/team/invitations/:inv_id/resend', async ({ uow, principal, params, set }) => {
      const { mail } = await uow.run((tx) => team().resend(tx, principal, params.inv_id));
      await team().send(mail);
      set.status = 204;
    }, { permission: 'team.manage', params: InvitationParams, detail: { summary: 'Send the invitation again with a new link (the old link stops working; 7 more days)', tags, responses: noContent } })
    .delete('/team/invitations/:inv_id', async ({ uow, principal, params, set }) => {
      await uow.run((tx) => team().revoke(tx, principal, params.inv_id));
      set.status = 204;
    }, { permission: 'team.manage', params: InvitationParams, detail: { summary: 'Revoke an invitation; its link stops working', tags, responses: noContent } })
    .get('/auth/invitations/:token', ({ params }) => team().preview(params.token),
      { params: TokenParams, response: { 200: 'InvitationPreview' }, detail: { summary: 'What an invitation link offers (no auth); 404 unknown/used/revoked, 410 expired', tags: ['auth'] } })
    .post('/auth/invitations/:token/accept', ({ params, body, request }) => team().accept(params.token, body, kernel.clientIp(request)),
      { params: TokenParams, body: 'AcceptInvitationRequest', response: { 200: 'AcceptInvitationResponse' }, detail: { summary: 'Accept an invitation (no auth): existing users give their password, new users choose one; answers a session for the company', description: 'The invitation holds only while whoever sent it is still a member whose role may grant the invited role: otherwise 409, and the invitation is left as it was.', tags: ['auth'] } });
