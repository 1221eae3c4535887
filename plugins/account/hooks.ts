declare module '../../kernel/hooks' {
  interface SyncHooks {
    /**
     * GDPR export, once per tenant the user belongs to, in a unit of work for that tenant: each
     * plugin adds its data under its own name (`sections[plugin] = …`), never secrets or hashes.
     */
    'account.exporting': { userId: string; tenantId: string; sections: Record<string, unknown> };
    /** GDPR export of what belongs to the person (profile, sign-in identities, MFA state), tenant-less. */
    'account.exporting-user': { userId: string; sections: Record<string, unknown> };
    /**
     * A tenant is being erased (its sole owner deleted their account), in a unit of work for that
     * tenant: each plugin deletes its rows. Subscribers run in reverse load order, so a plugin's
     * dependants have deleted their rows before it deletes its own. The tenants row goes last; foreign keys with
     * `on delete cascade` from tenants catch anything left.
     */
    'tenant.erasing': { tenantId: string };
  }
}
export {};
