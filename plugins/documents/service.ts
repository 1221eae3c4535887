import { NotFound, ValidationFailed } from '../../kernel/errors';
import { rowBoolean } from '../../kernel/rows';
import type { Tx } from '../../kernel/uow';
import { LedgerService } from '../ledger/api';
import { pgArray } from './document';
import { documentKinds, type DocumentKind } from './kinds';
import { currencySql, itemColumns, itemOf, loadPayment, reverseSettlement, SETTLEMENT_PREFIXES, settlePayment, type OpenItem, type Payment } from './settlement';

/**
 * The documents service (`kernel.service('documents')`): open items and settlements of every
 * installed document kind, for plugins that must not know the kinds (reconciliation, dashboards,
 * reminders). Every function runs in the caller's unit of work.
 */

/** receivable: sales documents (customers owe them); payable: purchases (owed to suppliers). */
export type OpenItemSide = 'receivable' | 'payable';

/** An open item on the wire and for other plugins (snake_case, decimal strings). */
export interface OpenItemView {
  kind: OpenItemSide;
  /** The document kind: 'invoice', 'purchase'. */
  document_type: string;
  id: string;
  number: string;
  /** The number the document is known by (the supplier's number for a purchase). */
  label: string;
  contact_id: string;
  issue_date: string;
  due_date: string | null;
  /** Signed like the document: a rectifying document that credits is negative. */
  total: string;
  paid: string;
  outstanding: string;
  status: string;
  /** Due date (or issue date when it has none) before today with something outstanding. */
  overdue: boolean;
  /** The account the document is owed on (4300 for a sale, the purchase's 400x/410x). */
  account: string;
  /** ISO 4217: what `total`, `paid` and `outstanding` are in (EUR unless the document is in another currency). */
  currency: string;
}

export interface OpenItemsQuery {
  kind?: OpenItemSide;
  contactId?: string;
  documentIds?: string[];
  /** open (default): everything outstanding; overdue: only past its due date. */
  status?: 'open' | 'overdue';
  limit?: number;
  offset?: number;
}

export interface SettleRequest {
  date: string;
  /** Treasury (57x) or suspense (555x) account; the company's bank account (572) when omitted. */
  account?: string;
  allocations: { document_id: string; amount: string }[];
  /** Apply what is due and leave the rest on the contact's account instead of 409. */
  allowOverpayment?: boolean;
  /** What the entry names as its source (a bank movement), instead of the first document. */
  source?: { type: string; id: string };
}

export interface SettleResult {
  /** One per allocation; the first is the settlement's id (GET /settlements/{id}, events). */
  settlementIds: string[];
  journalEntryId: string;
}

export type OpenItemFacts = Pick<OpenItemView, 'kind' | 'id' | 'number' | 'label' | 'contact_id' | 'issue_date' | 'due_date' | 'outstanding' | 'currency'>;

export interface DocumentsService {
  openItems(tx: Tx, query?: OpenItemsQuery): Promise<OpenItemView[]>;
  /**
   * Every open item with only what matching needs (no account, status, totals or count), by issue
   * date and number: for a reader of thousands of items, such as the reconciliation board.
   */
  openItemFacts(tx: Tx): Promise<OpenItemFacts[]>;
  /** A page of open items and how many there are in all. */
  openItemsPage(tx: Tx, query?: OpenItemsQuery): Promise<{ items: OpenItemView[]; total: number }>;
  /** The document as an open item, whatever its kind (issued, paid or not); null when there is none or it is a draft. */
  findOpenItem(tx: Tx, documentId: string): Promise<OpenItemView | null>;
  settle(tx: Tx, request: SettleRequest): Promise<SettleResult>;
  /** Reverses the whole payment that settlement (any of its ids) belongs to, on `date`. */
  reverseSettlement(tx: Tx, settlementId: string, date: string): Promise<void>;
  /** The payment a settlement id belongs to, or null. */
  getSettlement(tx: Tx, settlementId: string): Promise<Payment | null>;
}

declare module '../../kernel/kernel' {
  interface Services { documents: DocumentsService }
}

const sideOf = (kind: DocumentKind): OpenItemSide => (kind.side === 'issued' ? 'receivable' : 'payable');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One branch of the open-items union: a kind and its condition over alias `d` of its table. */
interface Branch { kind: DocumentKind; where: string }

/** Open items of every branch in one statement, in due order, with the count of all. */
async function queryItems(tx: Tx, branches: Branch[], params: Record<string, unknown>, page?: { limit: number; offset: number }) {
  if (!branches.length) return { items: [] as OpenItemView[], total: 0 };
  const union = branches.map((b, i) => `select ${i} as branch, ${itemColumns(b.kind.settlement)}, (coalesce(d.due_date, d.issue_date) < current_date) as overdue
    from ${b.kind.settlement.table} d where d.tenant_id = :tenant and ${b.where}`).join('\n    union all\n    ');
  const rows = await tx.sql<any>(`select x.*, count(*) over () as full_count from (${union}) x
    order by x.due_date nulls last, x.issue_date, x.number, x.id ${page ? 'limit :limit offset :offset' : ''}`, { ...params, ...page });
  const accounts = rows.length ? await LedgerService.postingAccounts(tx) : null;
  const items = rows.map((row) => {
    const kind = branches[Number(row.branch)].kind;
    const item = itemOf(kind.settlement, row);
    return viewOf(kind, item, rowBoolean(row.overdue), item.account ?? (kind.side === 'issued' ? accounts!.customers : accounts!.serviceCreditors));
  });
  return { items, total: rows.length ? Number(rows[0].full_count) : 0 };
}

function viewOf(kind: DocumentKind, item: OpenItem, overdue: boolean, account: string): OpenItemView {
  return {
    kind: sideOf(kind), document_type: kind.name, id: item.id, number: item.number, label: item.label, contact_id: item.contactId, issue_date: item.issueDate,
    due_date: item.dueDate, total: item.total.toString(), paid: item.paid.toString(), outstanding: item.outstanding.toString(), status: item.status,
    overdue: overdue && !item.outstanding.isZero(), account, currency: item.currency,
  };
}

/** The open-items condition over a kind's table (a document replaced by a substituting rectification owes nothing: its substitute does). */
function openBranch(kind: DocumentKind, query: OpenItemsQuery): Branch {
  let where = `d.status in ('issued', 'partially_paid') and d.total <> d.amount_paid
    and not exists (select 1 from ${kind.settlement.table} r where r.tenant_id = d.tenant_id and r.rectifies_id = d.id and r.rectification_mode = 'substitution')`;
  if (query.contactId) where += ' and d.contact_id = :contactId::uuid';
  if (query.documentIds) where += ' and d.id = any(:ids::uuid[])';
  if (query.status === 'overdue') where += ' and coalesce(d.due_date, d.issue_date) < current_date';
  return { kind, where };
}

async function pageOf(tx: Tx, query: OpenItemsQuery, page?: { limit: number; offset: number }) {
  if (query.contactId && !UUID.test(query.contactId)) return { items: [], total: 0 };
  const ids = query.documentIds?.filter((id) => UUID.test(id));
  const branches = documentKinds().filter((k) => !query.kind || sideOf(k) === query.kind).map((k) => openBranch(k, query));
  return queryItems(tx, branches, { contactId: query.contactId ?? null, ids: ids ? pgArray(ids) : null }, page);
}

/** The kind of each document id (404 naming the first that no installed kind has for this tenant). */
async function kindsOf(tx: Tx, ids: string[], loc: (i: number) => (string | number)[]): Promise<Map<string, DocumentKind>> {
  const kinds = documentKinds();
  ids.forEach((id, i) => { if (!UUID.test(id)) throw ValidationFailed.field(loc(i), 'Not a UUID', 'type_error.uuid'); });
  const found = new Map<string, DocumentKind>();
  if (kinds.length) {
    const rows = await tx.sql<{ kind_no: number; id: string }>(kinds.map((k, i) => `select ${i} as kind_no, id::text as id from ${k.settlement.table} where tenant_id = :tenant and id = any(:ids::uuid[])`)
      .join(' union all '), { ids: pgArray(ids) });
    for (const row of rows) found.set(row.id, kinds[Number(row.kind_no)]);
  }
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw new NotFound(`Document ${missing} not found`);
  return found;
}

export const documentsService: DocumentsService = {
  async openItems(tx, query = {}) {
    return (await pageOf(tx, query, query.limit !== undefined ? { limit: query.limit, offset: query.offset ?? 0 } : undefined)).items;
  },

  async openItemFacts(tx) {
    const branches = documentKinds().map((k) => openBranch(k, {}));
    if (!branches.length) return [];
    const rows = await tx.sql<any>(branches.map((b, i) => `select ${i} as branch, d.id::text as id, d.number, ${b.kind.settlement.labelSql ?? 'd.number'} as label,
      d.contact_id::text as contact_id, d.issue_date::text as issue_date, d.due_date::text as due_date, (d.total - d.amount_paid)::text as outstanding,
      ${currencySql(b.kind.settlement)} as currency
      from ${b.kind.settlement.table} d where d.tenant_id = :tenant and ${b.where}`).join('\n    union all\n    ')
      // a fixed order: readers that break ties by position (the reconciliation board) answer the same every time
      + '\n    order by issue_date, number, branch, id');
    return rows.map((row) => ({
      kind: sideOf(branches[Number(row.branch)].kind), id: row.id, number: row.number, label: row.label ?? row.number, contact_id: row.contact_id,
      issue_date: row.issue_date, due_date: row.due_date, outstanding: row.outstanding, currency: row.currency,
    }));
  },

  openItemsPage: (tx, query = {}) => pageOf(tx, query, { limit: query.limit ?? 50, offset: query.offset ?? 0 }),

  async findOpenItem(tx, documentId) {
    if (!UUID.test(documentId)) return null;
    const branches = documentKinds().map((kind) => ({ kind, where: `d.id = :id::uuid and d.status <> 'draft'` }));
    const { items } = await queryItems(tx, branches, { id: documentId });
    return items[0] ?? null;
  },

  async settle(tx, request) {
    const kinds = await kindsOf(tx, request.allocations.map((a) => a.document_id), (i) => ['body', 'allocations', i, 'document_id']);
    return settlePayment(tx, {
      date: request.date, account: request.account, source: request.source,
      allocations: request.allocations.map((a) => ({ kind: kinds.get(a.document_id)!.settlement, id: a.document_id, amount: a.amount })),
    }, { overpayment: request.allowOverpayment ? 'allow' : 'conflict', prefixes: SETTLEMENT_PREFIXES });
  },

  async reverseSettlement(tx, settlementId, date) {
    if (!UUID.test(settlementId)) throw new NotFound('Settlement not found');
    await reverseSettlement(tx, settlementId, date);
  },

  async getSettlement(tx, settlementId) {
    if (!UUID.test(settlementId)) return null;
    return loadPayment(tx, settlementId);
  },
};

/** A payment on the wire. */
export const paymentToJson = (p: Payment) => ({
  id: p.id, date: p.date, amount: p.amount.toString(), account: p.account, journal_entry_id: p.journalEntryId, reversed: p.reversedAt !== null,
  reversed_at: p.reversedAt, created_at: p.createdAt,
  allocations: p.allocations.map((a) => ({ kind: a.kind, document_id: a.documentId, amount: a.amount.toString() })),
});
