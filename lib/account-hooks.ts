import type { Principal } from '../kernel/principal';

/*
 * The account plugin's hooks (GDPR export of a person's data). They are declared here, not in the
 * plugin that fires them, so every plugin owning data can answer them whether or not the account
 * plugin is installed; with nobody firing them, the answers simply never run.
 */
declare module '../kernel/hooks' {
  interface SyncHooks {
    /**
     * GDPR export, once per tenant the user belongs to, in a unit of work for that tenant: each
     * plugin adds its data under its own name (`sections[plugin] = …`), never secrets or hashes,
     * and only what `reader` (the caller, with their role in this tenant and their scopes) may read
     * through the API: `allows(permission)` answers as the permission guard of a route would.
     */
    'account.exporting': { userId: string; tenantId: string; sections: Record<string, unknown>; reader: Principal; allows: (permission: string) => boolean };
    /** GDPR export of what belongs to the person (profile, sign-in identities, MFA state), tenant-less. */
    'account.exporting-user': { userId: string; sections: Record<string, unknown> };
  }
}
