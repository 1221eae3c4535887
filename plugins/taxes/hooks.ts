declare module '../../kernel/hooks' {
  interface SyncHooks {
    /**
     * Intra-EU distance sales to consumers (goods + TBE services, art. 73 LIVA) of the tenant in
     * `year`. Invoice plugins add their figure to `total` (a decimal string, "0.00" to start).
     */
    'taxes.distance-sales': { tenantId: string; year: number; total: string };
  }
}
export {};
