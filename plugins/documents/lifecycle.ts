import { Conflict, NotFound, ValidationFailed } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import type { SyncHandler } from '../../kernel/hooks';
import type { Tx } from '../../kernel/uow';
import { addContactStats } from '../contacts/api';
import { checkDates, dec, pgArray, type Loc } from './document';

/**
 * The draft → issued → (partially_paid → paid | rectified) lifecycle every document kind shares:
 * header checks, rectification rules, and the queries the contact hooks ask of each kind's table.
 * Each kind passes its table and its wording; the SQL and the rules are written once, here.
 */

export type DocumentState = 'draft' | 'issued' | 'partially_paid' | 'paid' | 'rectified';
export type RectificationMode = 'differences' | 'substitution';

/**
 * The legal ground of a rectification (art. 15 RD 1619/2012 with art. 80 LIVA), as printed, and the
 * type it has in the VAT books and in VERI*FACTU. Rectifying a simplified invoice is R5 whatever
 * the ground (the register and the VERI*FACTU chain each settle that against the rectified one).
 */
export const RECTIFICATION_GROUNDS = {
  error: { legalBasis: 'art. 80.Uno, Dos y Seis LIVA o error fundado en derecho', type: 'R1' },
  insolvency: { legalBasis: 'art. 80.Tres LIVA (concurso de acreedores)', type: 'R2' },
  bad_debt: { legalBasis: 'art. 80.Cuatro LIVA (créditos total o parcialmente incobrables)', type: 'R3' },
  other: { legalBasis: 'otras causas', type: 'R4' },
} as const;
export type RectificationGround = keyof typeof RECTIFICATION_GROUNDS;
export type RectificationType = 'R1' | 'R2' | 'R3' | 'R4' | 'R5';
/** A rectification's type by its ground (R1 when none was given); R5 is decided where the rectified document is known. */
export const rectificationTypeOf = (ground: RectificationGround | null | undefined): RectificationType => RECTIFICATION_GROUNDS[ground ?? 'error'].type;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 404 unless `id` is a UUID (a malformed id is a missing document, not a 422). */
export function assertUuid(id: string, noun: string): void {
  if (!UUID.test(id)) throw new NotFound(`${noun} not found`);
}

export const blankToNull = (text: string | null | undefined) => (text == null || !text.trim() ? null : text.trim());

/** Issue, due and operation dates are real dates, and the due date is not before the issue date. */
export function checkHeaderDates(input: { issue_date?: string; due_date?: string | null; operation_date?: string | null }, issueDate: string, dueDate: string | null): void {
  checkDates([
    { loc: ['body', 'issue_date'], value: input.issue_date },
    { loc: ['body', 'due_date'], value: input.due_date },
    { loc: ['body', 'operation_date'], value: input.operation_date },
  ]);
  if (dueDate && dueDate < issueDate) throw ValidationFailed.field(['body', 'due_date'], 'The due date cannot be before the issue date', 'value_error.due_date');
}

/** What rectifying needs of the original document. */
export interface Rectifiable {
  id: string;
  status: DocumentState;
  number: string | null;
  issueDate: string;
  total: Decimal;
  amountPaid: Decimal;
  rectifiesId: string | null;
}

/** A kind's table and the words its messages use. */
export interface KindTable {
  /** "invoices", "purchases" */
  table: string;
  /** "Invoice", "Purchase" */
  noun: string;
}

/**
 * The rules of a rectification, before anything is written (art. 15 RD 1619/2012): an issued
 * original that is not itself a rectification nor already fully rectified, dated no earlier, with
 * corrective lines when by differences, and no payments when by substitution. `wording` names the
 * original and its rectification as the kind's messages always have.
 */
export function checkRectification(original: Rectifiable, input: { issue_date: string; due_date?: string | null },
  wording: { itself: string; rectifiedAlready: string; datedBefore: string }): void {
  if (original.status === 'draft') throw new Conflict('A draft is not rectified: change it (PATCH) or delete it');
  if (original.rectifiesId) throw new Conflict(wording.itself);
  if (original.status === 'rectified') throw new Conflict(wording.rectifiedAlready);
  checkDates([{ loc: ['body', 'issue_date'], value: input.issue_date }, { loc: ['body', 'due_date'], value: input.due_date }]);
  if (input.issue_date < original.issueDate) throw ValidationFailed.field(['body', 'issue_date'], `${wording.datedBefore} (${original.issueDate})`, 'value_error.issue_date');
}

/** Differences must not flip the original's sign; the substitution needs an unpaid original. */
export function checkRectificationAmounts(original: Rectifiable, mode: RectificationMode, lineCount: number, noun: string): void {
  if (mode === 'differences' && lineCount === 0) throw ValidationFailed.field(['body', 'lines'], 'A rectification by differences needs the corrective lines', 'missing');
  if (mode === 'substitution' && !original.amountPaid.isZero()) throw new Conflict(`${noun} ${original.number} has payments recorded: rectify it by differences`);
}

/**
 * The status the original takes once this rectification is issued: `rectified` for a substitution
 * or for corrections that bring it to zero, unchanged (null) otherwise. 422 when the corrections
 * would take it past zero.
 */
export async function statusAfterRectification(tx: Tx, kind: KindTable, original: Rectifiable, mode: RectificationMode, correction: Decimal, what: string): Promise<'rectified' | null> {
  if (mode === 'substitution') return 'rectified';
  const [row] = await tx.sql<{ s: string }>(`select coalesce(sum(total), 0)::text as s from ${kind.table} where tenant_id = :tenant and rectifies_id = :id::uuid and status <> 'draft'`, { id: original.id });
  const remaining = original.total.add(dec(row.s)).add(correction);
  if (!remaining.isZero() && remaining.isNegative() !== original.total.isNegative()) {
    throw ValidationFailed.field(['body', 'lines'], `The corrections would take ${what} past zero (${remaining}): at most ${original.total.add(dec(row.s))} can be credited`, 'value_error.over_rectified');
  }
  return remaining.isZero() ? 'rectified' : null;
}

/** Marks the original rectified (the guard lets an issued document's status change). */
export async function markRectified(tx: Tx, kind: KindTable, id: string): Promise<void> {
  await tx.sql(`update ${kind.table} set status = 'rectified', updated_at = now() where tenant_id = :tenant and id = :id::uuid`, { id });
}

/** The filters every kind's list takes, over its table's `alias`: issue-date period, status, contact (422 for a bad period). */
export interface DocumentListFilters { from?: string; to?: string; status?: string; contactId?: string }

export function listWhere(alias: string, query: DocumentListFilters): { where: string; params: Record<string, unknown> } {
  checkDates([{ loc: ['query', 'from'], value: query.from }, { loc: ['query', 'to'], value: query.to }]);
  if (query.from && query.to && query.from > query.to) throw ValidationFailed.field(['query', 'from'], '"from" is after "to"', 'value_error.period');
  const params: Record<string, unknown> = {};
  let where = `${alias}.tenant_id = :tenant`;
  if (query.from) { where += ` and ${alias}.issue_date >= :from::date`; params.from = query.from; }
  if (query.to) { where += ` and ${alias}.issue_date <= :to::date`; params.to = query.to; }
  if (query.status) { where += ` and ${alias}.status = :status`; params.status = query.status; }
  if (query.contactId) { where += ` and ${alias}.contact_id = :contactId::uuid`; params.contactId = query.contactId; }
  return { where, params };
}

/** Not itself replaced by a substituting rectification (a substituted original does not count twice). */
const notSubstituted = (table: string, alias: string) =>
  `not exists (select 1 from ${table} r where r.tenant_id = ${alias}.tenant_id and r.rectifies_id = ${alias}.id and r.rectification_mode = 'substitution')`;

/** The substituted flag of a document row (`alias` of `table`), for the record mappers. */
export const substitutedColumn = (table: string, alias: string) => `(${alias}.status = 'rectified' and not ${notSubstituted(table, alias)}) as substituted`;

/** The answers every kind gives to the contacts plugin's hooks, over its own table. */
export const ContactAnswers = {
  /** contact.merging: the duplicates' documents point to the survivor (issued ones too: their printed party is frozen). */
  async repoint(tx: Tx, kind: KindTable, survivorId: string, duplicateIds: string[]): Promise<number> {
    const rows = await tx.sql<{ id: string }>(`update ${kind.table} set contact_id = :survivor::uuid where tenant_id = :tenant and contact_id = any(:ids::uuid[]) returning id`,
      { survivor: survivorId, ids: pgArray(duplicateIds) });
    return rows.length;
  },

  /** contact.deleting: every document (drafts included) keeps its contact. */
  async count(tx: Tx, kind: KindTable, contactId: string): Promise<number> {
    const [row] = await tx.sql<{ n: number }>(`select count(*)::int as n from ${kind.table} where tenant_id = :tenant and contact_id = :id::uuid`, { id: contactId });
    return Number(row.n);
  },

  /** contact.stats: issued documents, net of rectifications. */
  async stats(tx: Tx, kind: KindTable, contactId: string) {
    const [row] = await tx.sql<any>(`
      select count(*)::int as documents, coalesce(sum(d.total), 0)::text as amount, coalesce(sum(d.total - d.amount_paid), 0)::text as outstanding,
        min(d.issue_date)::text as first_date, max(d.issue_date)::text as last_date
      from ${kind.table} d
      where d.tenant_id = :tenant and d.contact_id = :id::uuid and d.status <> 'draft' and ${notSubstituted(kind.table, 'd')}`, { id: contactId });
    return { documents: Number(row.documents), amount: row.amount as string, outstanding: row.outstanding as string, firstDate: row.first_date as string | null, lastDate: row.last_date as string | null };
  },

  /** contact.activity: issued documents per contact and month. */
  async activity<S extends string>(tx: Tx, kind: KindTable, side: S, from: string, to: string) {
    return tx.sql<{ contact_id: string; month: string; side: S; documents: number; total: string }>(`
      select d.contact_id::text as contact_id, to_char(d.issue_date, 'YYYY-MM') as month, :side::text as side, count(*)::int as documents, sum(d.total)::text as total
      from ${kind.table} d
      where d.tenant_id = :tenant and d.status <> 'draft' and d.issue_date between :from::date and :to::date and ${notSubstituted(kind.table, 'd')}
      group by 1, 2`, { from, to, side });
  },
};

/**
 * The contacts plugin's hooks, answered for a kind over its table: merge (repoint), delete
 * (count references), stats (`statsKey`: the kind's total in ContactStats) and activity (`side`).
 */
export function contactHooks(kind: KindTable, statsKey: 'invoiced' | 'purchased', side: 'sale' | 'purchase'): {
  'contact.merging': SyncHandler<'contact.merging'>; 'contact.deleting': SyncHandler<'contact.deleting'>;
  'contact.stats': SyncHandler<'contact.stats'>; 'contact.activity': SyncHandler<'contact.activity'>;
} {
  return {
    'contact.merging': async (tx, payload) => { payload.repointed += await ContactAnswers.repoint(tx, kind, payload.survivorId, payload.duplicateIds); },
    'contact.deleting': async (tx, payload) => { payload.references += await ContactAnswers.count(tx, kind, payload.contactId); },
    'contact.stats': async (tx, payload) => {
      const s = await ContactAnswers.stats(tx, kind, payload.contactId);
      addContactStats(payload.stats, { documents: s.documents, [statsKey]: s.amount, outstanding: s.outstanding, firstDate: s.firstDate, lastDate: s.lastDate });
    },
    'contact.activity': async (tx, payload) => { payload.rows.push(...await ContactAnswers.activity(tx, kind, side, payload.from, payload.to)); },
  };
}

/** Every page of a kind's list, for account.exporting. */
export async function everyPage<T>(list: (page: { limit: number; offset: number }) => Promise<{ items: T[] }>): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await list({ limit: 500, offset });
    items.push(...page.items);
    if (page.items.length < 500) break;
  }
  return items;
}

/** tenant.erasing: the database lets issued documents go only in the erasure transaction. */
export async function eraseKind(tx: Tx, tables: { table: string; linesTable: string; seriesTable: string }): Promise<void> {
  await tx.sql(`select set_config('cuadra.erasing_tenant', :tenant::text, true)`);
  await tx.sql(`delete from ${tables.linesTable} where tenant_id = :tenant`);
  await tx.sql(`update ${tables.table} set rectifies_id = null, rectification_mode = null, rectification_reason = null where tenant_id = :tenant and rectifies_id is not null and status = 'draft'`);
  await tx.sql(`delete from ${tables.table} where tenant_id = :tenant and rectifies_id is not null`);
  await tx.sql(`delete from ${tables.table} where tenant_id = :tenant`);
  await tx.sql(`delete from ${tables.seriesTable} where tenant_id = :tenant`);
}

export type { Loc };
