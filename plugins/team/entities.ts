import { defineEntity, p } from '@mikro-orm/core';

/** An emailed invitation to join a tenant with a role. Only the token's SHA-256 is stored. */
export const InvitationSchema = defineEntity({
  name: 'Invitation',
  tableName: 'invitations',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    email: p.text(),
    role: p.text(),
    tokenHash: p.text(),
    invitedBy: p.uuid().nullable(),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    acceptedBy: p.uuid().nullable(),
    revokedAt: p.datetime().nullable(),
    sentAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Invitation extends InvitationSchema.class {}
InvitationSchema.setClass(Invitation);
