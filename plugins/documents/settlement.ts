import { rowBoolean } from '../../kernel/rows';
import { Conflict, NotFound, ValidationFailed } from '../../kernel/errors';
import { Decimal, money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { LedgerService, type JournalDraft, type JournalDraftLine, type PostingAccounts } from '../ledger/api';
import { abs, checkDates, checkPostableAccounts } from './document';
import type { DocumentPaidPayload, SettlementPayload } from './events';
import type { DocumentState } from './lifecycle';
import { documentKind } from './kinds';
import { sided } from './posting';
import { foreignSettlement, withExchangeDifference } from './currency';

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
  /** The document's number ("F-2026-000001"; purchases: the registration number). */
  number: string;
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
  /** The document's currency (ISO 4217; EUR unless it was issued in another): what `total`, `paid` and `outstanding` are in. */
  currency: string;
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

/** The columns of an open item over alias `d` of the kind's table (see `itemOf`). */
export const itemColumns = (kind: SettlementKind) => `d.id::text as id, ${kind.labelSql ?? 'd.number'} as label, ${kind.accountSql ?? 'null::text'} as account, d.number, d.contact_id::text as contact_id,
  d.issue_date::text as issue_date, d.due_date::text as due_date, d.status, d.total::text as total, d.amount_paid::text as paid,
  exists (select 1 from ${kind.table} r where r.tenant_id = d.tenant_id and r.rectifies_id = d.id and r.rectification_mode = 'substitution') as substituted,
  ${currencySql(kind)} as currency`;

/** A document's currency over alias `d` of the kind's table: its row in document_currencies, else EUR. */
export const currencySql = (kind: { documentType: string }) => `coalesce((select c.currency from document_currencies c
    where c.tenant_id = d.tenant_id and c.document_type = '${kind.documentType.replace(/'/g, "''")}' and c.document_id = d.id), 'EUR')`;

export const itemOf = (kind: SettlementKind, row: any): OpenItem => {
  const total = money(row.total);
  const paid = money(row.paid);
  const substituted = rowBoolean(row.substituted);
  return {
    documentType: kind.documentType, id: row.id, number: row.number, label: row.label ?? row.number, contactId: row.contact_id, issueDate: row.issue_date, dueDate: row.due_date,
    status: row.status, total, paid, outstanding: substituted ? Decimal.zero(2) : total.sub(paid), account: row.account ?? null, currency: row.currency ?? 'EUR',
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

/**
 * What to do with an amount larger than what is outstanding: refuse with 422 (the documents'
 * payment routes), refuse with 409 (the documents service), or apply what is due and leave the
 * rest (the excess) on the contact's account.
 */
export type Overpayment = 'invalid' | 'conflict' | 'allow';

/** A document checked to be settled: `amount` applied to it, `excess` beyond what it owed (both positive). */
export interface Checked { kind: SettlementKind; item: OpenItem; amount: Decimal; excess: Decimal }

/** The document locked, checked to be payable by `amount` on `date`; 409/422 otherwise. */
export async function payable(tx: Tx, kind: SettlementKind, id: string, date: string, amountText: string, loc: (string | number)[], overpayment: Overpayment = 'invalid'): Promise<Checked> {
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
  if (amount.compare(abs(due)) > 0) {
    if (overpayment === 'invalid') throw ValidationFailed.field([...loc, 'amount'], `At most ${abs(due)} is due`, 'value_error.number.not_le');
    if (overpayment === 'conflict') throw new Conflict(`At most ${abs(due)} is due on ${noun.toLowerCase()} ${item.label}: send allow_overpayment to leave the rest on the contact's account`);
    return { kind, item, amount: abs(due), excess: amount.sub(abs(due)) };
  }
  return { kind, item, amount, excess: Decimal.zero(2) };
}

/**
 * amount_paid and status after the settlement, and its row; `document.paid` when nothing is left
 * due. Every row of one payment carries `paymentId`, the id of its first row (the settlement's id).
 */
async function apply(tx: Tx, { kind, item, amount, excess }: Checked, date: string, treasury: string, entryId: string, paymentId?: string): Promise<string> {
  const signed = item.total.isNegative() ? amount.negate() : amount;
  const paid = item.paid.add(signed);
  const status: DocumentState = paid.eq(item.total) ? 'paid' : 'partially_paid';
  await tx.sql(`update ${kind.table} set amount_paid = :paid::numeric, status = :status, updated_at = now() where tenant_id = :tenant and id = :id::uuid`, { id: item.id, paid: paid.toString(), status });
  const settlementId = crypto.randomUUID();
  await tx.sql(`insert into settlements (id, tenant_id, document_type, document_id, date, amount, excess, treasury_account, journal_entry_id, payment_id)
    values (:sid::uuid, :tenant, :type, :id::uuid, :date::date, :amount::numeric, :excess::numeric, :treasury, :entryId::uuid, :paymentId::uuid)`,
  { sid: settlementId, type: kind.documentType, id: item.id, date, amount: signed.toString(), excess: (item.total.isNegative() ? excess.negate() : excess).toString(), treasury, entryId, paymentId: paymentId ?? settlementId });
  if (status === 'paid') {
    tx.publish('document.paid', {
      kind: kind.documentType, id: item.id, number: item.number, contact_id: item.contactId, total: item.total.toString(), paid: paid.toString(), settlement_id: paymentId ?? settlementId,
    } satisfies DocumentPaidPayload);
  }
  return settlementId;
}

/** Rows of one payment, applied in order: the first row's id is the payment's. */
async function applyAll(tx: Tx, checked: Checked[], date: string, treasury: string, entryId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const one of checked) ids.push(await apply(tx, one, date, treasury, entryId, ids[0]));
  return ids;
}

/** The net movement on `account` of a payment's entry: positive when money comes in. */
const netOn = (account: string, lines: readonly JournalDraftLine[]) =>
  lines.filter((l) => l.account === account).reduce((net, l) => net.add(l.debit ?? Decimal.zero(2)).sub(l.credit ?? Decimal.zero(2)), Decimal.zero(2));

function publishCreated(tx: Tx, id: string, date: string, amount: Decimal, account: string, entryId: string, checked: Checked[]): void {
  tx.publish('settlement.created', {
    id, date, amount: amount.toString(), account, journal_entry_id: entryId,
    allocations: checked.map((c) => ({ kind: c.kind.documentType, document_id: c.item.id, amount: c.amount.add(c.excess).toString() })),
  } satisfies SettlementPayload);
}

/** Account prefixes a payment may go through: treasury (57x), and for the documents service the suspense account 555x. */
export const TREASURY_PREFIXES = ['57'];
export const SETTLEMENT_PREFIXES = ['57', '555'];

export async function treasuryAccount(tx: Tx, account: string | undefined, accounts: PostingAccounts, prefixes: string[] = TREASURY_PREFIXES): Promise<string> {
  const treasury = account ?? accounts.bank;
  await checkPostableAccounts(tx, [{ loc: ['body', 'account'], code: treasury, prefixes }]);
  return treasury;
}

/**
 * Settles (part of) one document: checks it can be paid and the amount fits what is outstanding,
 * posts the kind's entry (through a treasury account, 57x, unless the caller allows other groups:
 * an advance applied through 407), records the settlement and moves amount_paid and the status
 * (partially_paid / paid). The database lets only these two columns of an issued document change.
 */
export async function settle(tx: Tx, kind: SettlementKind, id: string, input: SettleInput, prefixes: string[] = TREASURY_PREFIXES): Promise<{ settlementId: string; journalEntryId: string }> {
  checkDates([{ loc: ['body', 'date'], value: input.date }]);
  const checked = await payable(tx, kind, id, input.date, input.amount, ['body']);
  const { item, amount } = checked;
  const accounts = await LedgerService.postingAccounts(tx);
  const treasury = await treasuryAccount(tx, input.account, accounts, prefixes);
  // a document in another currency: its carrying euros settled, the difference at the day's rate to 668/768 (./currency.ts)
  const fx = await foreignSettlement(tx, kind.documentType, item, amount, input.date);
  const built = kind.entry({ item, date: input.date, amount: fx ? fx.carrying : amount, treasuryAccount: treasury, refund: item.total.isNegative() }, accounts);
  const draft = fx ? withExchangeDifference(built, treasury, fx.received) : built;
  const entry = await LedgerService.post(tx, draft);
  const settlementId = await apply(tx, checked, input.date, treasury, entry.id);
  publishCreated(tx, settlementId, input.date, netOn(treasury, draft.lines), treasury, entry.id, [checked]);
  return { settlementId, journalEntryId: entry.id };
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
  return settlePayment(tx, input, { overpayment: 'invalid', prefixes: TREASURY_PREFIXES });
}

/** `settleMany` with the documents service's policy: which accounts, what an overpayment does. */
export async function settlePayment(tx: Tx, input: { date: string; account?: string; allocations: Allocation[]; source?: { type: string; id: string } }, policy: { overpayment: Overpayment; prefixes: string[] }): Promise<{ settlementIds: string[]; journalEntryId: string }> {
  checkDates([{ loc: ['body', 'date'], value: input.date }]);
  if (!input.allocations.length) throw ValidationFailed.field(['body', 'allocations'], 'At least one document to settle', 'missing');
  const seen = new Set<string>();
  input.allocations.forEach((a, i) => {
    if (seen.has(a.id)) throw ValidationFailed.field(['body', 'allocations', i, 'id'], 'The same document twice in one payment', 'value_error.duplicate');
    seen.add(a.id);
  });
  const accounts = await LedgerService.postingAccounts(tx);
  const treasury = await treasuryAccount(tx, input.account, accounts, policy.prefixes);
  const checked: Checked[] = [];
  // documents in id order, so that two payments settling the same documents lock them alike
  for (const [i, a] of [...input.allocations.entries()].sort((x, y) => x[1].id.localeCompare(y[1].id))) {
    checked.push(await payable(tx, a.kind, a.id, input.date, a.amount, ['body', 'allocations', i], policy.overpayment));
  }
  const lines: JournalDraftLine[] = [];
  let net = Decimal.zero(2);
  const labels: string[] = [];
  for (const { item, amount, excess, kind } of checked) {
    // an excess is posted with the rest: it stays on the contact's account (an advance, a credit in its favour)
    const fx = await foreignSettlement(tx, kind.documentType, item, amount, input.date);
    if (fx && !excess.isZero()) throw ValidationFailed.field(['body', 'allocations'], `A document in ${fx.currency} cannot be overpaid: settle at most what is due`, 'value_error.number.not_le');
    const built = kind.entry({ item, date: input.date, amount: fx ? fx.carrying : amount.add(excess), treasuryAccount: treasury, refund: item.total.isNegative() }, accounts);
    const draft = fx ? withExchangeDifference(built, treasury, fx.received) : built;
    labels.push(item.label);
    for (const line of draft.lines) {
      if (line.account === treasury && !line.contactId) net = net.add(line.debit ?? Decimal.zero(2)).sub(line.credit ?? Decimal.zero(2));
      else lines.push(line);
    }
  }
  const treasuryLine = sided(treasury, net, 'debit');
  const entry = await LedgerService.post(tx, {
    date: input.date, description: `Cobros y pagos: ${labels.join(', ')}`.slice(0, 500), sourceType: input.source?.type ?? 'settlement', sourceId: input.source?.id ?? checked[0].item.id,
    lines: treasuryLine ? [treasuryLine, ...lines] : lines,
  });
  const settlementIds = await applyAll(tx, checked, input.date, treasury, entry.id);
  publishCreated(tx, settlementIds[0], input.date, net, treasury, entry.id, checked);
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
  const payment = await loadPayment(tx, settlementId);
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
  if (payment) tx.publish('settlement.reversed', eventOf(payment));
}

/** A payment as the API and its events show it: the movement on `account` and the documents it settled. */
export interface Payment {
  id: string;
  date: string;
  account: string;
  journalEntryId: string;
  /** Net movement on `account`: positive when money comes in. */
  amount: Decimal;
  reversedAt: string | null;
  createdAt: string;
  allocations: { kind: string; documentId: string; amount: Decimal; settlementId: string }[];
}

/**
 * The payment that settlement row `id` belongs to (any of its rows' ids), null when there is none.
 * The movement's sign follows each document's side: a sales document's settlement brings money
 * in, a purchase's takes it out (reversed for negative documents).
 */
export async function loadPayment(tx: Tx, id: string): Promise<Payment | null> {
  const rows = await tx.sql<any>(`select s.id::text as id, coalesce(s.payment_id, s.id)::text as payment_id, s.document_type, s.document_id::text as document_id,
      s.amount::text as amount, s.excess::text as excess, s.date::text as date, s.treasury_account, s.journal_entry_id::text as journal_entry_id,
      s.reversed_at, s.created_at
    from settlements s
    where s.tenant_id = :tenant and s.journal_entry_id = (select journal_entry_id from settlements where tenant_id = :tenant and id = :id::uuid)
    order by (s.id = coalesce(s.payment_id, s.id)) desc, s.document_id`, { id });
  if (!rows.length) return null;
  const first = rows[0];
  let amount = Decimal.zero(2);
  const allocations = rows.map((r) => {
    const applied = money(r.amount).add(money(r.excess));
    amount = documentKind(r.document_type)?.side === 'received' ? amount.sub(applied) : amount.add(applied);
    return { kind: r.document_type as string, documentId: r.document_id as string, amount: abs(applied), settlementId: r.id as string };
  });
  return {
    id: first.payment_id, date: first.date, account: first.treasury_account, journalEntryId: first.journal_entry_id, amount,
    reversedAt: first.reversed_at ? new Date(first.reversed_at).toISOString() : null, createdAt: new Date(first.created_at).toISOString(), allocations,
  };
}

export const eventOf = (p: Payment): SettlementPayload => ({
  id: p.id, date: p.date, amount: p.amount.toString(), account: p.account, journal_entry_id: p.journalEntryId,
  allocations: p.allocations.map((a) => ({ kind: a.kind, document_id: a.documentId, amount: a.amount.toString() })),
});
