import { t } from 'elysia';
import { ROLES } from '../../kernel/roles';
import { literalUnion } from '../../kernel/schemas';

const Role = literalUnion(ROLES, { description: 'owner, admin, accountant, member or viewer (strongest first)' });
const Email = t.String({ format: 'email', maxLength: 254 });
const Timestamp = t.String({ format: 'date-time' });
const Uuid = t.String({ format: 'uuid' });

export const teamModels = {
  MemberOut: t.Object({ user_id: Uuid, email: t.String(), full_name: t.Union([t.String(), t.Null()]), role: Role, joined_at: Timestamp }),
  UpdateMemberRequest: t.Object({ role: Role }, { additionalProperties: false }),
  InviteRequest: t.Object({ email: Email, role: Role }, { additionalProperties: false }),
  InvitationOut: t.Object({
    inv_id: Uuid, email: t.String(), role: Role,
    status: t.Union([t.Literal('pending'), t.Literal('accepted'), t.Literal('revoked'), t.Literal('expired')]),
    expires_at: Timestamp, created_at: Timestamp,
  }),
  InvitationPreview: t.Object({
    tenant_name: t.String(), email: t.String(), role: Role,
    invited_by: t.Union([t.String(), t.Null()], { description: 'Name (or email) of who invited; null if that account is gone' }),
    expires_at: Timestamp,
    user_exists: t.Boolean({ description: 'True: accept with your current password. False: choose a password.' }),
  }),
  AcceptInvitationRequest: t.Object({
    password: t.String({ minLength: 1, maxLength: 1024, description: 'An existing user: their password. A new user: the password to set (10..256 chars).' }),
    full_name: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
    mfa_code: t.Optional(t.String({ maxLength: 64, description: 'An existing user with MFA: a TOTP or recovery code' })),
  }, { additionalProperties: false }),
  AcceptInvitationResponse: t.Object({ access_token: t.String(), token_type: t.Literal('bearer'), expires_in: t.Integer(), tenant_id: Uuid }),
  QuickCreateRequest: t.Object({ email: Email, full_name: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])), role: Role }, { additionalProperties: false }),
  QuickCreateResponse: t.Object({ user_id: Uuid, email: t.String(), role: Role, temporary_password: t.String({ description: 'Shown only here; it works for 72 hours, and a session from it may only change it (POST /auth/change-password), read /auth/me or log out' }) }),
};
