declare module '../../kernel/hooks' {
  interface SyncHooks {
    /** A tenant was created in this transaction: seed per-tenant data (charts, catalogues). */
    'tenant.created': { tenantId: string };
  }
}
export {};
