declare module '../../kernel/hooks' {
  interface SyncHooks {
    /** Subscribers fill in facts other plugins own about a user (e.g. MFA) for /auth/me. */
    'identity.describe-user': { userId: string; facts: { mfa_enabled: boolean } };
    /**
     * Runs in a tenant-less unit of work once the first factor (password, Google ID token) has been
     * verified. A plugin that owns a second factor for this user sets `required`; when `mfaCode`
     * proves it, it sets `satisfied` (and records what replay protection needs in this transaction).
     * Identity refuses the sign-in when `required && !satisfied`. A subscriber may throw (e.g. 429).
     */
    'identity.login-second-factor': { userId: string; mfaCode: string | null; required: boolean; satisfied: boolean };
  }
  interface Events {
    /**
     * Someone asked for a password reset link for `email` (normalised), whether or not it has an
     * account: identity looks the account up and mails the link after the request was answered.
     */
    'identity.password-reset-requested': { email: string };
  }
}
export {};
