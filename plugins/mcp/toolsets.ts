/**
 * Which tools a client sees: a lean `core` toolset for the daily work by default, the rest in named
 * toolsets asked for with `/mcp?toolsets=banking,dashboards` (or `all`) or read with the
 * `toolsets_enable` tool. Toolsets only shape `tools/list`: a call to any tool the caller's role and
 * scopes allow is served whatever the list showed.
 */

export const CORE_TOOLSET = 'core';
export const ALL_TOOLSETS = 'all';

/**
 * The core toolset: who am I, contacts, invoices, purchases, movements and matching, taxes, the 303
 * and the main reports; each with a sentence on when to use it (the other tools take the first
 * sentence of their operation's summary).
 */
export const CORE_TOOLS: Record<string, string> = {
  contacts_list: 'Use to find a customer or supplier (by name, tax number or kind) and get its id before creating documents.',
  contacts_create: 'Use to add a customer or supplier that contacts_list does not find; the tax number, country and IBAN are checked.',
  invoices_list: 'Use to find sales invoices by status, contact, dates or number, for example the unpaid or overdue ones.',
  invoices_get: 'Use to read one sales invoice in full: lines, taxes, totals, payments and status.',
  invoices_create: 'Use to create a sales invoice for a contact (issued at once unless status is draft); name each line\'s tax by tax_code (IVA21) or tax_type_id.',
  invoices_issue: 'Use to issue a draft sales invoice: it gets its number and its journal entry, and can no longer be edited.',
  purchases_list: 'Use to find received (purchase) invoices by status, supplier, dates or number.',
  purchases_create: 'Use to record a received invoice from a supplier with its lines and taxes (tax_code such as IVA21, or tax_type_id).',
  purchases_ingest: 'Use to book a received invoice from its file (PDF, photo or e-invoice XML), given as base64 or as the URL of an upload.',
  bank_movements_list: 'Use to list bank movements, for example the ones not yet matched or categorised.',
  reconciliation_board: 'Use to see the unmatched bank movements next to the open invoices and purchases they most likely settle.',
  reconciliation_matches_create: 'Use to match a bank movement with the invoices or purchases it pays, which settles them.',
  reconciliation_categorize: 'Use to book a bank movement that no document explains (fees, payroll, taxes) to a ledger account.',
  open_items_list: 'Use to see what customers owe and what is owed to suppliers: the open (unsettled) documents.',
  taxes_list: 'Use to get the company\'s tax types: their codes (IVA21, IVA10, IRPF15, EXENTO…) and ids for document lines.',
  aeat_303_summary: 'Use to see model 303 (quarterly VAT return) of a year as JSON: each period\'s boxes, result and status.',
  ledger_trial_balance: 'Use to get the balance of every ledger account over a period (sumas y saldos).',
  annual_accounts_profit_and_loss: 'Use to get the profit and loss account of a fiscal year in the official PGC layout.',
};

/** The toolset of a permission area (`treasury` → `banking`); an area not named here is its own toolset. */
const TOOLSET_OF_AREA: Record<string, string> = {
  invoices: 'sales', quotes: 'sales', proformas: 'sales', 'recurring-invoices': 'sales', 'payment-reminders': 'sales', verifactu: 'sales',
  purchases: 'purchases',
  contacts: 'contacts',
  treasury: 'banking', reconciliation: 'banking', settlements: 'banking', sepa: 'banking', 'exchange-rates': 'banking',
  'tax-models': 'tax-models', taxes: 'tax-models', 'tax-books': 'tax-models',
  ledger: 'ledger', 'legal-books': 'ledger', 'annual-accounts': 'ledger', 'fiscal-years': 'ledger', 'fixed-assets': 'ledger',
  dashboards: 'dashboards', search: 'dashboards',
  api_keys: 'admin', team: 'admin', tenants: 'admin', 'company-certificate': 'admin', webhooks: 'admin',
};

/** What each named toolset is for (the `toolsets_list` answer); a toolset not described here is named by its area. */
export const TOOLSET_DESCRIPTIONS: Record<string, string> = {
  core: 'The daily work: contacts, invoices, purchases, bank movements and matching, tax types, the 303 and the main reports.',
  sales: 'Everything else on sales: quotes, proformas, recurring invoices, rectifying, sending, payments, e-invoices, VeriFactu, reminders.',
  purchases: 'Everything else on purchases: editing, issuing, payments, rectifying, e-invoice status, ingestion jobs.',
  contacts: 'Contact details, merging, statistics, exports and tax suggestions.',
  banking: 'Treasuries, movements, settlements, SEPA mandates, payment orders and direct debits, exchange rates.',
  'tax-models': 'Every AEAT model (111, 115, 130, 180, 303, 347, 349, 390): files, options, settling; the tax profile, tax types and VAT books.',
  ledger: 'Journal entries, accounts, locks, legal books, annual accounts, fiscal years and fixed assets.',
  dashboards: 'Dashboard boards and widget data (KPIs, runway, top customers…) and the global search.',
  admin: 'API keys, team, company details and certificate, webhooks.',
  approvals: 'What a key with the drafts scope asked to issue, post, settle, close, delete or send: follow it; a person approves or rejects.',
};

/** The toolset of a tool: `core` when it is in the core list, else the toolset of its permission's area. */
export function toolsetOf(toolName: string, permissionArea: string): string {
  if (toolName in CORE_TOOLS) return CORE_TOOLSET;
  return TOOLSET_OF_AREA[permissionArea] ?? permissionArea;
}

/** The toolsets a `toolsets` query parameter asks for (comma separated; `all` for every one), core always included. */
export function parseToolsetsParameter(value: string | null): Set<string> {
  const names = new Set([CORE_TOOLSET]);
  for (const name of (value ?? '').split(',').map((part) => part.trim()).filter(Boolean)) names.add(name);
  return names;
}
