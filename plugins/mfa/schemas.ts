import { t } from 'elysia';

const Code = t.String({ minLength: 1, maxLength: 32, description: '6-digit TOTP code or a recovery code (xxxxx-xxxxx)' });

export const mfaModels = {
  MfaStatusResponse: t.Object({
    enabled: t.Boolean(),
    pending: t.Boolean({ description: 'A setup is waiting for activation' }),
    recovery_codes_remaining: t.Integer({ minimum: 0 }),
  }),
  MfaSetupResponse: t.Object({
    secret: t.String({ description: 'Base32 TOTP secret (SHA-1, 6 digits, 30 s)' }),
    provisioning_uri: t.String({ description: 'otpauth://totp/… for authenticator apps (QR code)' }),
  }),
  MfaActivateRequest: t.Object({ code: t.String({ minLength: 1, maxLength: 16, description: 'A current 6-digit code from the authenticator' }) }, { additionalProperties: false }),
  MfaActivateResponse: t.Object({
    enabled: t.Literal(true),
    recovery_codes: t.Array(t.String(), { minItems: 10, maxItems: 10, description: 'Shown only here; each works once' }),
  }),
  MfaDisableRequest: t.Object({
    password: t.Optional(t.String({ minLength: 1, maxLength: 1024 })),
    code: t.Optional(Code),
  }, { additionalProperties: false, description: 'The current password, or a current TOTP or recovery code (one of them)' }),
};
