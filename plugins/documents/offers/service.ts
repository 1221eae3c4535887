import { Conflict, NotFound, ValidationFailed } from '../../../kernel/errors';
import { searchNeedle, type SearchNeedle } from '../../../lib/listing';
import { rowBoolean } from '../../../kernel/rows';
import type { SearchGroup } from '../../../lib/search';
import type { Tx } from '../../../kernel/uow';
import { actsAs } from '../../contacts/api';
import { todayInSpain } from '../../ledger/api';
import { loadContext } from '../context';
import { checkDates, dec, iso, isoOrNull, type Loc } from '../document';
import { assertUuid, blankToNull, ContactAnswers, everyPage, listWhere } from '../lifecycle';
import { takeNumber } from '../numbering';
import { loadTaxTypes, withTaxTypeIds, type TaxTypeInfo } from '../tax-types';
import { typeIdsOf } from '../rows';
import { amountsOf, invoiceLinesOf, linesFromWire, loadOfferLines, writeOfferLines, type OfferLine, type OfferLineWire, type Totals } from './lines';
import { offerTables, type OfferKind, type OfferState } from './kind';

export interface OfferInput { contact_id: string; issue_date: string; valid_until?: string; notes?: string | null; lines: OfferLineWire[] }
export type OfferPatch = Partial<OfferInput>;
export interface OfferListQuery { limit?: number; offset?: number; from?: string; to?: string; status?: OfferState; contactId?: string; search?: string }

export interface OfferRecord extends Totals {
  id: string; status: OfferState; series: string; number: string; contactId: string; issueDate: string; validUntil: string; notes: string | null;
  invoiceId: string | null; sentAt: string | null; decidedAt: string | null; convertedAt: string | null; createdAt: string; updatedAt: string;
  lines: OfferLine[];
}
export interface OfferView { record: OfferRecord; types: ReadonlyMap<string, TaxTypeInfo> }

/** A document's notes hold at most this many characters (the invoice's too, which start with the offer's reference). */
const MAX_NOTES = 5000;

/** How long an offer holds when the request names no `valid_until`. */
export const DEFAULT_VALIDITY_DAYS = 30;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The list's and the search box's text match, folded as `searchNeedle` folds the text (`:pattern`). */
const MATCHES = `(search_fold(d.number) like :pattern or search_fold(coalesce(d.notes, '')) like :pattern)`;

/**
 * A sent offer whose `valid_until` has passed (in Spain's calendar, as the books count days) reads
 * as `expired`: in every read and in the list's filter alike.
 */
const stateSql = (alias: string) =>
  `(case when ${alias}.status = 'sent' and ${alias}.valid_until < (now() at time zone 'Europe/Madrid')::date then 'expired' else ${alias}.status end)`;

/** The lifecycle: which state each transition leaves and where it leads. */
const TRANSITIONS = {
  send: { from: ['draft'], to: 'sent', verb: 'marked sent' },
  accept: { from: ['sent'], to: 'accepted', verb: 'accepted' },
  reject: { from: ['sent', 'expired'], to: 'rejected', verb: 'rejected' },
} as const satisfies Record<string, { from: readonly OfferState[]; to: OfferState; verb: string }>;
export type OfferTransition = keyof typeof TRANSITIONS;
const CONVERTIBLE: readonly OfferState[] = ['draft', 'sent', 'accepted'];

/**
 * The service of one offer kind (quotes, proformas): every function runs in the caller's unit of
 * work. It writes only the kind's own tables; a conversion creates the invoice through the kind's
 * `createDraftInvoice` (the invoices plugin's service).
 */
export function offerService(kind: OfferKind) {
  const tables = offerTables(kind);
  const { table, seriesTable } = tables;
  const columns = `d.id::text as id, ${stateSql('d')} as status, d.series, d.number, d.contact_id::text as contact_id, d.issue_date::text as issue_date,
    d.valid_until::text as valid_until, d.notes, d.subtotal::text as subtotal, d.tax_total::text as tax_total, d.surcharge_total::text as surcharge_total,
    d.withholding_total::text as withholding_total, d.total::text as total, d.invoice_id::text as invoice_id, d.sent_at, d.decided_at, d.converted_at,
    d.created_at, d.updated_at`;

  const recordOf = (row: any, lines: OfferLine[]): OfferRecord => ({
    id: row.id, status: row.status, series: row.series, number: row.number, contactId: row.contact_id, issueDate: row.issue_date, validUntil: row.valid_until,
    notes: row.notes, subtotal: dec(row.subtotal), taxTotal: dec(row.tax_total), surchargeTotal: dec(row.surcharge_total), withholdingTotal: dec(row.withholding_total),
    total: dec(row.total), invoiceId: row.invoice_id, sentAt: isoOrNull(row.sent_at), decidedAt: isoOrNull(row.decided_at), convertedAt: isoOrNull(row.converted_at),
    createdAt: iso(row.created_at), updatedAt: iso(row.updated_at), lines,
  });

  async function find(tx: Tx, id: string, lock = false): Promise<OfferRecord> {
    assertUuid(id, kind.noun);
    const [row] = await tx.sql<any>(`select ${columns} from ${table} d where d.tenant_id = :tenant and d.id = :id::uuid${lock ? ' for update' : ''}`, { id });
    if (!row) throw new NotFound(`${kind.noun} not found`);
    return recordOf(row, (await loadOfferLines(tx, tables, [row.id])).get(row.id) ?? []);
  }

  const viewOf = async (tx: Tx, record: OfferRecord): Promise<OfferView> => ({ record, types: await loadTaxTypes(tx, typeIdsOf([record])) });

  async function customer(tx: Tx, contactId: string, loc: Loc): Promise<string> {
    const { contact } = await loadContext(tx, contactId, []);
    if (!actsAs(contact, 'customer')) {
      throw ValidationFailed.field(loc, `Contact ${contact.name} is a supplier; make it a customer (kind customer, or customer_and_supplier true) to send it a ${kind.noun.toLowerCase()}`, 'value_error.contact_kind');
    }
    return contact.id;
  }

  function checkValidity(issueDate: string, validUntil: string): void {
    if (validUntil < issueDate) throw ValidationFailed.field(['body', 'valid_until'], 'An offer cannot be valid until a date before its own', 'value_error.valid_until');
  }

  async function draftOf(tx: Tx, id: string, doing: string): Promise<OfferRecord> {
    const current = await find(tx, id, true);
    if (current.status !== 'draft') throw new Conflict(`${kind.noun} ${current.number} is ${current.status}: only a draft can be ${doing}`);
    return current;
  }

  const service = {
    tables,

    /** Numbers the offer at once in the kind's series (numbers are never reused, a deleted draft's included). */
    async create(tx: Tx, input: OfferInput): Promise<OfferView> {
      input = await withTaxTypeIds(tx, input);
      checkDates([{ loc: ['body', 'issue_date'], value: input.issue_date }, { loc: ['body', 'valid_until'], value: input.valid_until }]);
      const validUntil = input.valid_until ?? addDays(input.issue_date, DEFAULT_VALIDITY_DAYS);
      checkValidity(input.issue_date, validUntil);
      const contactId = await customer(tx, input.contact_id, ['body', 'contact_id']);
      const { lines, totals } = await linesFromWire(tx, input.lines, ['body', 'lines']);
      const id = crypto.randomUUID();
      const numbered = await takeNumber(tx, seriesTable, kind.series, input.issue_date);
      await tx.sql(`insert into ${table} (id, tenant_id, status, series, year, seq, number, contact_id, issue_date, valid_until, notes,
          subtotal, tax_total, surcharge_total, withholding_total, total)
        values (:id::uuid, :tenant, 'draft', :series, :year, :seq, :number, :contactId::uuid, :issueDate::date, :validUntil::date, :notes,
          :subtotal::numeric, :taxTotal::numeric, :surchargeTotal::numeric, :withholdingTotal::numeric, :total::numeric)`, {
        id, series: kind.series, ...numbered, contactId, issueDate: input.issue_date, validUntil, notes: blankToNull(input.notes), ...totalsParams(totals),
      });
      await writeOfferLines(tx, tables, id, lines, false);
      return service.get(tx, id);
    },

    get: async (tx: Tx, id: string): Promise<OfferView> => viewOf(tx, await find(tx, id)),

    /** Newest first; `status` filters on the state as read (a sent offer past its date is `expired`). */
    async list(tx: Tx, query: OfferListQuery) {
      const limit = query.limit ?? 50;
      const offset = query.offset ?? 0;
      const filtered = listWhere('d', { from: query.from, to: query.to, contactId: query.contactId });
      let where = filtered.where;
      const params: Record<string, unknown> = { ...filtered.params, limit, offset };
      if (query.status) { where += ` and ${stateSql('d')} = :status`; params.status = query.status; }
      const needle = searchNeedle(query.search, ['query', 'search']);
      if (needle) { where += ` and ${MATCHES}`; params.pattern = needle.pattern; }
      const [count] = await tx.sql<{ n: number }>(`select count(*)::int as n from ${table} d where ${where}`, params);
      const rows = await tx.sql<any>(`select ${columns} from ${table} d where ${where} order by d.issue_date desc, d.year desc, d.seq desc limit :limit offset :offset`, params);
      const lines = await loadOfferLines(tx, tables, rows.map((r) => r.id));
      const records = rows.map((r) => recordOf(r, lines.get(r.id) ?? []));
      const types = await loadTaxTypes(tx, typeIdsOf(records));
      return { items: records.map((record) => ({ record, types })), total: Number(count.n), limit, offset, next_cursor: null };
    },

    /** Changes a draft (409 once sent); `lines` replaces every line. The number stays. */
    async update(tx: Tx, id: string, patch: OfferPatch): Promise<OfferView> {
      patch = await withTaxTypeIds(tx, patch);
      const current = await draftOf(tx, id, 'changed');
      if (patch.issue_date === null) throw ValidationFailed.field(['body', 'issue_date'], 'Cannot be null', 'value_error.none');
      checkDates([{ loc: ['body', 'issue_date'], value: patch.issue_date }, { loc: ['body', 'valid_until'], value: patch.valid_until }]);
      const issueDate = patch.issue_date ?? current.issueDate;
      const validUntil = patch.valid_until ?? current.validUntil;
      checkValidity(issueDate, validUntil);
      const contactId = patch.contact_id !== undefined ? await customer(tx, patch.contact_id, ['body', 'contact_id']) : current.contactId;
      const computed = patch.lines !== undefined ? await linesFromWire(tx, patch.lines, ['body', 'lines']) : amountsOf(current.lines);
      await tx.sql(`update ${table} set contact_id = :contactId::uuid, issue_date = :issueDate::date, valid_until = :validUntil::date, notes = :notes,
          subtotal = :subtotal::numeric, tax_total = :taxTotal::numeric, surcharge_total = :surchargeTotal::numeric, withholding_total = :withholdingTotal::numeric,
          total = :total::numeric, updated_at = now()
        where tenant_id = :tenant and id = :id::uuid`, {
        id, contactId, issueDate, validUntil, notes: patch.notes !== undefined ? blankToNull(patch.notes) : current.notes, ...totalsParams(computed.totals),
      });
      if (patch.lines !== undefined) await writeOfferLines(tx, tables, id, computed.lines, true);
      return service.get(tx, id);
    },

    /** Deletes a draft (409 once sent); its number is not given again. */
    async delete(tx: Tx, id: string): Promise<void> {
      await draftOf(tx, id, 'deleted');
      await tx.sql(`delete from ${table} where tenant_id = :tenant and id = :id::uuid`, { id });
    },

    /** mark-sent, accept, reject: 409 from any other state. */
    async transition(tx: Tx, id: string, name: OfferTransition): Promise<OfferView> {
      const rule = TRANSITIONS[name];
      const current = await find(tx, id, true);
      if (!(rule.from as readonly OfferState[]).includes(current.status)) {
        throw new Conflict(`${kind.noun} ${current.number} is ${current.status}: only a ${rule.from.join(' or ')} ${kind.noun.toLowerCase()} can be ${rule.verb}`);
      }
      await tx.sql(`update ${table} set status = :to, updated_at = now(),
          sent_at = case when :to = 'sent' then now() else sent_at end,
          decided_at = case when :to in ('accepted', 'rejected') then now() else decided_at end
        where tenant_id = :tenant and id = :id::uuid`, { id, to: rule.to });
      return service.get(tx, id);
    },

    /**
     * A draft invoice dated today with the offer's customer and lines (the invoices plugin computes the same
     * totals from them); the offer records it and counts as accepted. Once only: a second
     * conversion is 409, and so is converting a rejected or expired offer.
     */
    async convert(tx: Tx, id: string): Promise<OfferView> {
      const current = await find(tx, id, true);
      if (current.invoiceId) throw new Conflict(`${kind.noun} ${current.number} was already converted into invoice ${current.invoiceId}`);
      if (!CONVERTIBLE.includes(current.status)) throw new Conflict(`${kind.noun} ${current.number} is ${current.status} and cannot be converted into an invoice`);
      const invoiceId = await kind.createDraftInvoice(tx, {
        contact_id: current.contactId, issue_date: todayInSpain(), status: 'draft', lines: invoiceLinesOf(current.lines),
        notes: [`${kind.reference} ${current.number}`, current.notes].filter(Boolean).join('\n').slice(0, MAX_NOTES),
      });
      await tx.sql(`update ${table} set invoice_id = :invoiceId::uuid, converted_at = now(), status = 'accepted', decided_at = coalesce(decided_at, now()), updated_at = now()
        where tenant_id = :tenant and id = :id::uuid`, { id, invoiceId });
      return service.get(tx, id);
    },

    /** search.collecting: offers whose number or notes hold the text, newest first. */
    async searchHits(tx: Tx, needle: SearchNeedle, limit: number): Promise<SearchGroup> {
      const rows = await tx.sql<{ id: string; number: string; issue_date: string; total: string; in_number: unknown }>(`
        select d.id::text as id, d.number, d.issue_date::text as issue_date, d.total::text as total, search_fold(d.number) like :pattern as in_number
        from ${table} d where d.tenant_id = :tenant and ${MATCHES} order by d.issue_date desc, d.year desc, d.seq desc limit :limit`, { pattern: needle.pattern, limit: limit + 1 });
      const items = rows.slice(0, limit).map((r) => ({
        id: r.id, title: r.number, subtitle: `${r.issue_date} · ${r.total} €`, matched: rowBoolean(r.in_number) ? ['number'] : ['notes'], score: 0,
      }));
      return { kind: kind.plugin, items, more: rows.length > limit };
    },

    /** account.exporting: every offer with its lines. */
    exportAll: (tx: Tx) => everyPage((page) => service.list(tx, page)),

    /** tenant.erasing. */
    async eraseTenant(tx: Tx): Promise<void> {
      for (const name of [tables.linesTable, table, seriesTable]) await tx.sql(`delete from ${name} where tenant_id = :tenant`);
    },

    /** contact.merging / contact.deleting, as every document kind answers them. */
    repoint: (tx: Tx, survivorId: string, duplicateIds: string[]) => ContactAnswers.repoint(tx, { table, noun: kind.noun }, survivorId, duplicateIds),
    references: (tx: Tx, contactId: string) => ContactAnswers.count(tx, { table, noun: kind.noun }, contactId),
  };
  return service;
}

export type OfferService = ReturnType<typeof offerService>;

const totalsParams = (t: Totals) => ({
  subtotal: t.subtotal.toString(), taxTotal: t.taxTotal.toString(), surchargeTotal: t.surchargeTotal.toString(), withholdingTotal: t.withholdingTotal.toString(), total: t.total.toString(),
});
