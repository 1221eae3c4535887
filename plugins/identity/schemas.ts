import { t } from 'elysia';
import { ROLES } from '../../kernel/roles';
import { CreateTenantRequest, TenantMe } from '../tenants/api';
import { literalUnion } from '../../kernel/schemas';
import { SCOPE_PATTERN } from '../../kernel/scopes';

const Email = t.String({ format: 'email', maxLength: 254 });
const Password = t.String({ minLength: 1, maxLength: 1024 });
const Role = literalUnion(ROLES);
const Timestamp = t.String({ format: 'date-time' });
const Scope = t.String({ pattern: SCOPE_PATTERN, maxLength: 64, description: '`<area>:read` or `<area>:write` (`contacts:read`, `invoices:write`, `*:read`), or `drafts`: the key prepares, and what it would issue, post, settle, close, delete or send waits for a person\'s approval (GET /api/v1/approvals)' });
const ScopeList = t.Array(Scope, { minItems: 1, maxItems: 64, description: 'Narrows the role: the key may only do what both its role and one of these scopes allow' });
const GrantedScopes = t.Union([t.Array(t.String()), t.Null()], { description: 'The scopes narrowing the role; null: the role\'s full reach' });
const TokenFields = { access_token: t.String(), token_type: t.Literal('bearer'), expires_in: t.Integer() };

export const identityModels = {
  RegisterRequest: t.Object({ email: Email, password: Password, full_name: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])) }),
  RegisterResponse: t.Object({ user_id: t.String({ format: 'uuid' }), email: t.String(), email_verified: t.Boolean(), ...TokenFields }),
  LoginRequest: t.Object({ email: t.String({ maxLength: 254 }), password: Password, mfa_code: t.Optional(t.String({ maxLength: 64 })) }),
  LoginResponse: t.Object({ ...TokenFields, tenant_id: t.Union([t.String({ format: 'uuid' }), t.Null()]) }),
  IdentityProviderLoginRequest: t.Object({
    id_token: t.String({ minLength: 1, maxLength: 8192, description: 'A Google ID token (JWT) for this service\'s client id' }),
    mfa_code: t.Optional(t.String({ maxLength: 64, description: 'When MFA is enabled: a TOTP or recovery code' })),
  }),
  ChangePasswordRequest: t.Object({ current_password: Password, new_password: Password }),
  ResendVerificationRequest: t.Object({ email: t.Optional(Email) }),
  ForgotPasswordRequest: t.Object({ email: t.String({ maxLength: 254 }) }),
  ResetPasswordRequest: t.Object({ token: t.String({ minLength: 1, maxLength: 200 }), new_password: Password }),
  OnboardingCompleteRequest: CreateTenantRequest,
  CreateTenantRequest,
  OnboardingCompleteResponse: t.Object({ tenant: TenantMe, ...TokenFields }),
  SwitchTenantRequest: t.Object({ tenant_id: t.String({ format: 'uuid' }) }),
  ApiKeyCreate: t.Object({
    name: t.String({ minLength: 1, maxLength: 100 }),
    role: t.Optional(Role),
    expires_at: t.Optional(t.Union([Timestamp, t.Null()])),
    scopes: t.Optional(t.Union([ScopeList, t.Null()])),
  }),
  ApiKeyCreateResponse: t.Object({
    key_id: t.String({ format: 'uuid' }), name: t.String(), role: Role, key: t.String({ description: 'Shown only once' }),
    prefix: t.String(), created_at: Timestamp, expires_at: t.Union([Timestamp, t.Null()]), scopes: GrantedScopes,
  }),
  ApiKeyListItem: t.Object({
    key_id: t.String({ format: 'uuid' }), name: t.String(), role: Role, prefix: t.String(),
    created_at: Timestamp, last_used_at: t.Union([Timestamp, t.Null()]), expires_at: t.Union([Timestamp, t.Null()]),
    scopes: GrantedScopes,
  }),
  MeResponse: t.Object({
    user: t.Object({
      id: t.String({ format: 'uuid' }), email: t.String(), email_verified: t.Boolean(), full_name: t.Union([t.String(), t.Null()]),
      mfa_enabled: t.Boolean(), created_at: Timestamp,
    }),
    tenant: t.Union([TenantMe, t.Null()]),
    memberships: t.Array(t.Object({ tenant_id: t.String({ format: 'uuid' }), tenant_name: t.String(), role: Role })),
    onboarding_required: t.Boolean(),
    password_change_required: t.Boolean(),
  }),
};
