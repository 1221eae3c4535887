import { defineEntity, p } from '@mikro-orm/core';

/** A user's TOTP state. Belongs to a person, not a tenant. Secrets are stored sealed (AES-256-GCM). */
export const MfaCredentialSchema = defineEntity({
  name: 'MfaCredential',
  tableName: 'mfa_credentials',
  properties: {
    userId: p.uuid().primary(),
    secretSealed: p.text().nullable(),
    enabledAt: p.datetime().nullable(),
    pendingSealed: p.text().nullable(),
    pendingCreatedAt: p.datetime().nullable(),
    /** The newest accepted TOTP time step: a code is accepted only for a later step (no replay). */
    lastUsedStep: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class MfaCredential extends MfaCredentialSchema.class {}
MfaCredentialSchema.setClass(MfaCredential);

/** One-time recovery codes; only their argon2id hashes are kept. */
export const MfaRecoveryCodeSchema = defineEntity({
  name: 'MfaRecoveryCode',
  tableName: 'mfa_recovery_codes',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    codeHash: p.text(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class MfaRecoveryCode extends MfaRecoveryCodeSchema.class {}
MfaRecoveryCodeSchema.setClass(MfaRecoveryCode);
