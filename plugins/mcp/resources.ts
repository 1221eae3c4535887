/**
 * Read-mostly data offered as MCP resources, each read through a list operation of the API. A
 * resource is listed only when the plugin serving its operation is installed and the caller may
 * call it (so a key without `ledger:read` sees no chart of accounts).
 */
export interface ListResource {
  uri: string;
  name: string;
  description: string;
  /** The operation id whose answer is the resource's content. */
  operationId: string;
  query?: Record<string, string>;
}

export const RESOURCES: ListResource[] = [
  {
    uri: 'cuadra://ledger/accounts', name: 'Chart of accounts', operationId: 'ledger_accounts_list',
    description: 'The company\'s chart of accounts (PGC): code, name, type, and the sub-accounts it opened',
  },
  {
    uri: 'cuadra://taxes', name: 'Tax types', operationId: 'taxes_list', query: { limit: '500' },
    description: 'The company\'s tax types (IVA, recargo de equivalencia, IRPF, exempt, intra-EU, OSS…) with their ids, for document lines',
  },
];
