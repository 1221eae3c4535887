import { t } from 'elysia';

export const accountModels = {
  AccountDeleteRequest: t.Object({
    password: t.Optional(t.String({ minLength: 1, maxLength: 1024, description: 'Your current password (accounts that have one)' })),
    mfa_code: t.Optional(t.String({ maxLength: 64, description: 'With MFA enabled: a TOTP or recovery code (alone, for a password-less account)' })),
    id_token: t.Optional(t.String({ maxLength: 8192, description: 'Password-less (Google) accounts: a Google ID token at most 10 minutes old' })),
  }, { additionalProperties: false, description: 'Re-authentication: password (+ MFA code when enabled); a password-less account gives an MFA code or a fresh Google ID token' }),
  AccountDeleteResponse: t.Object({
    deleted_user_id: t.String({ format: 'uuid' }),
    deleted_tenant_ids: t.Array(t.String({ format: 'uuid' }), { description: 'Companies where you were the only owner: erased with all their data' }),
    left_tenant_ids: t.Array(t.String({ format: 'uuid' }), { description: 'Companies that had other owners: only your membership was removed' }),
  }),
  AccountExport: t.Object({
    format: t.Literal('cuadra.account-export'),
    version: t.Integer(),
    generated_at: t.String({ format: 'date-time' }),
    user: t.Record(t.String(), t.Unknown(), { description: 'Sections about you, one per plugin (identity, mfa, …)' }),
    tenants: t.Array(t.Object({
      tenant_id: t.String({ format: 'uuid' }),
      tenant_name: t.String(),
      role: t.String(),
      sections: t.Record(t.String(), t.Unknown(), { description: "The company's data, one section per plugin" }),
    })),
  }),
};
