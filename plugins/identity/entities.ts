import { defineEntity, p } from '@mikro-orm/core';

/** A person. Users belong to no tenant; memberships bind them to tenants with a role. */
export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary(),
    email: p.text(),
    passwordHash: p.text(),
    /** False for accounts created by an identity provider: the hash is a random placeholder. */
    passwordSet: p.boolean(),
    fullName: p.text().nullable(),
    emailVerifiedAt: p.datetime().nullable(),
    /** Bumped by a password change or reset: sessions carrying an older value stop working. */
    securityVersion: p.integer(),
    mustChangePassword: p.boolean(),
    /** When a temporary password (mustChangePassword) stops working; null for every other password. */
    passwordExpiresAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);

export const MembershipSchema = defineEntity({
  name: 'Membership',
  tableName: 'memberships',
  properties: {
    tenantId: p.uuid().primary(),
    userId: p.uuid().primary(),
    role: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Membership extends MembershipSchema.class {}
MembershipSchema.setClass(Membership);

export const ApiKeySchema = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    createdBy: p.uuid(),
    name: p.text(),
    role: p.text(),
    prefix: p.text(),
    keyHash: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastUsedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    scopes: p.array().nullable(),
  },
});
export class ApiKey extends ApiKeySchema.class {}
ApiKeySchema.setClass(ApiKey);

/** Single-use emailed tokens (verification, password reset); only a hash is stored. */
export const UserTokenSchema = defineEntity({
  name: 'UserToken',
  tableName: 'user_tokens',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    purpose: p.text(),
    tokenHash: p.text(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class UserToken extends UserTokenSchema.class {}
UserTokenSchema.setClass(UserToken);

/** A sign-in identity at an external provider (Google), keyed by (provider, subject), never by email. */
export const UserIdentitySchema = defineEntity({
  name: 'UserIdentity',
  tableName: 'user_identities',
  properties: {
    provider: p.text().primary(),
    subject: p.text().primary(),
    userId: p.uuid(),
    email: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class UserIdentity extends UserIdentitySchema.class {}
UserIdentitySchema.setClass(UserIdentity);
