import { rowBoolean } from '../../kernel/rows';
import { Conflict, NotFound, ValidationFailed } from '../../kernel/errors';
import { Decimal, money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { LedgerService, type JournalDraft, type JournalDraftLine, type PostingAccounts } from '../ledger/api';
import { abs, checkDates, checkPostableAccounts } from './document';
import type { DocumentState } from './lifecycle';
import { documentKind } from './kinds';
import { sided } from './posting';

/**
 * Settlements: the open item of a document (due, paid, outstanding) and the one operation that
 * settles it — a collection of a sales invoice, a payment of a purchase, and next a bank
 * statement line matched by reconciliation. The document kind gives its posting rule (which
 * accounts the entry touches stays the kind's); the checks, the entry, the settlement row and the
 * document's amount_paid/status are written here, once.
 */

/** An issued document seen as something owed: total, paid so far, still outstanding. */
export interface OpenItem {
  documentType: string;
  id: string;
  /** The number the entry names ("F-2026-000001", or the supplier's number). */
  label: string;
  contactId: string;
  issueDate: string;
  dueDate: string | null;
  status: DocumentState;
  total: Decimal;
  paid: Decimal;
  /** total − paid; zero for a document replaced by substitution. */
  outstanding: Decimal;
  /** The account the document is owed on when the document fixes it (a purchase's 4000/4100), else null. */
  account: string | null;
}

/** A payment as a kind's posting rule receives it. */
export interface SettlementPosting {
  item: OpenItem;
  date: string;
  amount: Decimal;
  treasuryAccount: string;
  /** A negative document: the money goes the other way (a refund). */
  refund: boolean;
}

/** What a document kind declares to be settled. */
export interface SettlementKind {
  /** `document_type` of its settlement rows ("invoice", "purchase"). */
  documentType: string;
  /** Its table, with `status`, `amount_paid`, `total`, `issue_date`, `due_date`, `contact_id`, `number`. */
  table: string;
  /** The label of an item's row (SQL over alias `d`), e.g. `coalesce(d.supplier_invoice_number, d.number)`. */
  labelSql?: string;
  /** The account the document is owed on (SQL over alias `d`), when the document stores it. */
  accountSql?: string;
  wording: { noun: string; draft: string; rectified: string; before: string };
  /** The kind's posting rule for a settlement. */
  entry(payment: SettlementPosting, accounts: PostingAccounts): JournalDraft;
}

const itemColumns = (kind: SettlementKind) => `d.id::text as id, ${kind.labelSql ?? 'd.number'} as label, ${kind.accountSql ?? 'null::text'} as account, d.number, d.contact_id::text as contact_id,
  d.issue_date::text as issue_date, d.due_date::text as due_date, d.status, d.total::text as total, d.amount_paid::text as paid,
  exists (select 1 from ${kind.table} r where r.tenant_id = d.tenant_id and r.rectifies_id = d.id and r.rectification_mode = 'substitution') as substituted`;

const itemOf = (kind: SettlementKind, row: any): OpenItem => {
  const total = money(row.total);
  const paid = money(row.paid);
  const substituted = rowBoolean(row.substituted);
  return {
    documentType: kind.documentType, id: row.id, label: row.label ?? row.number, contactId: row.contact_id, issueDate: row.issue_date, dueDate: row.due_date,
    status: row.status, total, paid, outstanding: substituted ? Decimal.zero(2) : total.sub(paid), account: row.account ?? null,
  };
};

/** Open items of a kind: issued documents with something outstanding, optionally of one contact. */
export async function openItems(tx: Tx, kind: SettlementKind, filter: { contactId?: string } = {}): Promise<OpenItem[]> {
  const rows = await tx.sql<any>(`select ${itemColumns(kind)} from ${kind.table} d
    where d.tenant_id = :tenant and d.status in ('issued', 'partially_paid') and d.total <> d.amount_paid
      and (:contactId::uuid is null or d.contact_id = :contactId::uuid)
    order by d.due_date nulls last, d.issue_date, d.number`, { contactId: filter.contactId ?? null });
  return rows.map((row) => itemOf(kind, row)).filter((item) => !item.outstanding.isZero());
}

/** One settlement of a document: `amount` (positive) on `date` through treasury `account` (572 by default). */
export interface SettleInput { date: string; amount: string; account?: string }

/** The document locked, checked to be payable by `amount` on `date`; 409/422 otherwise. */
async function payable(tx: Tx, kind: SettlementKind, id: string, date: string, amountText: string, loc: (string | number)[]): Promise<{ item: OpenItem; amount: Decimal }> {
  const { noun, draft, rectified, before } = kind.wording;
  const [row] = await tx.sql<any>(`select ${itemColumns(kind)} from ${kind.table} d where d.tenant_id = :tenant and d.id = :id::uuid for update of d`, { id });
  if (!row) throw new NotFound(`${noun} not found`);
  const item = itemOf(kind, row);
  if (item.status === 'draft') throw new Conflict(`A draft cannot be paid: ${draft}`);
  if (item.status === 'rectified') throw new Conflict(`${noun} ${row.number} has been rectified: ${rectified}`);
  const due = item.total.sub(item.paid);
  if (due.isZero()) throw new Conflict(`${noun} ${row.number} has nothing left to pay`);
  if (date < item.issueDate) throw ValidationFailed.field(['body', 'date'], `A payment cannot be dated before ${before} (${item.issueDate})`, 'value_error.date');
  const amount = money(amountText);
  if (amount.isZero() || amount.isNegative()) throw ValidationFailed.field([...loc, 'amount'], 'The amount must be positive', 'value_error.number.not_gt');
  if (amount.compare(abs(due)) > 0) throw ValidationFailed.field([...loc, 'amount'], `At most ${abs(due)} is due`, 'value_error.number.not_le');
  return { item, amount };
}

/** amount_paid and status after the settlement, and its row. */
async function apply(tx: Tx, kind: SettlementKind, item: OpenItem, amount: Decimal, date: string, treasury: string, entryId: string): Promise<string> {
  const signed = item.total.isNegative() ? amount.negate() : amount;
  const paid = item.paid.add(signed);
  const status: DocumentState = paid.eq(item.total) ? 'paid' : 'partially_paid';
  await tx.sql(`update ${kind.table} set amount_paid = :paid::numeric, status = :status, updated_at = now() where tenant_id = :tenant and id = :id::uuid`, { id: item.id, paid: paid.toString(), status });
  const settlementId = crypto.randomUUID();
  await tx.sql(`insert into settlements (id, tenant_id, document_type, document_id, date, amount, treasury_account, journal_entry_id)
    values (:sid::uuid, :tenant, :type, :id::uuid, :date::date, :amount::numeric, :treasury, :entryId::uuid)`,
  { sid: settlementId, type: kind.documentType, id: item.id, date, amount: signed.toString(), treasury, entryId });
  return settlementId;
}

async function treasuryAccount(tx: Tx, account: string | undefined, accounts: PostingAccounts): Promise<string> {
  const treasury = account ?? accounts.bank;
  await checkPostableAccounts(tx, [{ loc: ['body', 'account'], code: treasury, prefixes: ['57'] }]);
  return treasury;
}

/**
 * Settles (part of) one document: checks it can be paid and the amount fits what is outstanding,
 * posts the kind's entry, records the settlement and moves amount_paid and the status
 * (partially_paid / paid). The database lets only these two columns of an issued document change.
 */
export async function settle(tx: Tx, kind: SettlementKind, id: string, input: SettleInput): Promise<{ settlementId: string; journalEntryId: string }> {
  checkDates([{ loc: ['body', 'date'], value: input.date }]);
  const { item, amount } = await payable(tx, kind, id, input.date, input.amount, ['body']);
  const accounts = await LedgerService.postingAccounts(tx);
  const treasury = await treasuryAccount(tx, input.account, accounts);
  const entry = await LedgerService.post(tx, kind.entry({ item, date: input.date, amount, treasuryAccount: treasury, refund: item.total.isNegative() }, accounts));
  return { settlementId: await apply(tx, kind, item, amount, input.date, treasury, entry.id), journalEntryId: entry.id };
}

/** One document's part of a payment that settles several. */
export interface Allocation { kind: SettlementKind; id: string; amount: string }

/**
 * One payment settling several documents (a remittance, a bank statement line matched by
 * reconciliation), collections and payments mixed: each document is checked as by `settle`, and
 * ONE entry is posted — every kind's counterpart lines, and the treasury account's lines netted
 * into one. Each document gets its settlement row, all pointing at that entry.
 */
export async function settleMany(tx: Tx, input: { date: string; account?: string; allocations: Allocation[] }): Promise<{ settlementIds: string[]; journalEntryId: string }> {
  checkDates([{ loc: ['body', 'date'], value: input.date }]);
  if (!input.allocations.length) throw ValidationFailed.field(['body', 'allocations'], 'At least one document to settle', 'missing');
  const seen = new Set<string>();
  input.allocations.forEach((a, i) => {
    if (seen.has(a.id)) throw ValidationFailed.field(['body', 'allocations', i, 'id'], 'The same document twice in one payment', 'value_error.duplicate');
    seen.add(a.id);
  });
  const accounts = await LedgerService.postingAccounts(tx);
  const treasury = await treasuryAccount(tx, input.account, accounts);
  const checked = [];
  // documents in id order, so that two payments settling the same documents lock them alike
  for (const [i, a] of [...input.allocations.entries()].sort((x, y) => x[1].id.localeCompare(y[1].id))) {
    checked.push({ ...(await payable(tx, a.kind, a.id, input.date, a.amount, ['body', 'allocations', i])), kind: a.kind });
  }
  const lines: JournalDraftLine[] = [];
  let net = Decimal.zero(2);
  const labels: string[] = [];
  for (const { item, amount, kind } of checked) {
    const draft = kind.entry({ item, date: input.date, amount, treasuryAccount: treasury, refund: item.total.isNegative() }, accounts);
    labels.push(item.label);
    for (const line of draft.lines) {
      if (line.account === treasury && !line.contactId) net = net.add(line.debit ?? Decimal.zero(2)).sub(line.credit ?? Decimal.zero(2));
      else lines.push(line);
    }
  }
  const treasuryLine = sided(treasury, net, 'debit');
  const entry = await LedgerService.post(tx, {
    date: input.date, description: `Cobros y pagos: ${labels.join(', ')}`.slice(0, 500), sourceType: 'settlement', sourceId: checked[0].item.id,
    lines: treasuryLine ? [treasuryLine, ...lines] : lines,
  });
  const settlementIds: string[] = [];
  for (const { item, amount, kind } of checked) settlementIds.push(await apply(tx, kind, item, amount, input.date, treasury, entry.id));
  return { settlementIds, journalEntryId: entry.id };
}

/**
 * Reverses a payment (a returned direct debit, a payment recorded by mistake): its entry is
 * reversed on `date`, and every document it settled gets its amount_paid back and its status
 * (issued, or partially_paid when other settlements remain). A payment that settled several
 * documents is reversed whole. Once.
 */
export async function reverseSettlement(tx: Tx, settlementId: string, date: string): Promise<void> {
  checkDates([{ loc: ['body', 'date'], value: date }]);
  const [one] = await tx.sql<any>(`select journal_entry_id::text as entry_id, reversed_at from settlements where tenant_id = :tenant and id = :id::uuid for update`, { id: settlementId });
  if (!one) throw new NotFound('Settlement not found');
  if (one.reversed_at) throw new Conflict('This settlement has already been reversed');
  const rows = await tx.sql<any>(`select id::text as id, document_type, document_id::text as document_id, amount::text as amount
    from settlements where tenant_id = :tenant and journal_entry_id = :entry::uuid and reversed_at is null order by document_id for update`, { entry: one.entry_id });
  await LedgerService.reverse(tx, one.entry_id, date, 'Anulación de cobro/pago');
  for (const row of rows) {
    const kind = documentKind(row.document_type)?.settlement;
    if (!kind) throw new Error(`No document kind "${row.document_type}" is installed to reverse its settlement`);
    const [doc] = await tx.sql<{ paid: string }>(`select amount_paid::text as paid from ${kind.table} where tenant_id = :tenant and id = :id::uuid for update`, { id: row.document_id });
    const paid = money(doc.paid).sub(money(row.amount));
    await tx.sql(`update ${kind.table} set amount_paid = :paid::numeric, status = case when :paid::numeric = 0 then 'issued' else 'partially_paid' end, updated_at = now()
      where tenant_id = :tenant and id = :id::uuid`, { id: row.document_id, paid: paid.toString() });
  }
  await tx.sql(`update settlements set reversed_at = now() where tenant_id = :tenant and journal_entry_id = :entry::uuid and reversed_at is null`, { entry: one.entry_id });
}
