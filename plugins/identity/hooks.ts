declare module '../../kernel/hooks' {
  interface SyncHooks {
    /** Subscribers fill in facts other plugins own about a user (e.g. MFA) for /auth/me. */
    'identity.describe-user': { userId: string; facts: { mfa_enabled: boolean } };
  }
}
export {};
