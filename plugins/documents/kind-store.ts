import { Conflict, NotFound, ValidationFailed } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { contextColumns } from './context';
import { iso, jsonOrNull } from './document';
import type { DocumentTables } from './kinds';
import { assertUuid } from './lifecycle';
import type { ComputedDocument } from './lines';
import { documentList, type DocumentListQuery } from './list';
import { commonLineOf, commonRecordOf, documentColumns, findDocumentRow, lineColumns, loadLinesOf, typeIdsOf, type DocumentRecordCommon, type LineRecordCommon, type LinesSource } from './rows';
import type { DocumentTable } from './search';
import { loadTaxTypes, type TaxTypeInfo } from './tax-types';

/**
 * A kind's documents in its tables, written and read the same way for every kind: the shared
 * columns plus the kind's own (declared as column → SQL type), drafts inserted with their lines in
 * one statement, changed and deleted only while drafts, read one at a time or a page at a time.
 */

/** SQL types of a kind's own columns, by column. */
export type OwnColumns = Readonly<Record<string, 'text' | 'numeric' | 'boolean' | 'uuid' | 'jsonb' | 'int'>>;

export interface KindRows<R extends DocumentRecordCommon & { lines: L[] }, L extends LineRecordCommon> {
  kind: DocumentTables;
  /** The kind's own document columns read over `alias` (after the shared ones). */
  columns(alias: string): string;
  recordOf(common: DocumentRecordCommon, row: any, lines: L[]): R;
  /** The kind's own line columns, written from `lineValues` and read for `lineOf`. */
  lineColumns: OwnColumns;
  lineOf(common: LineRecordCommon, row: any): L;
  lineValues(line: L): Record<string, unknown>;
}

/** The header of a draft, as every kind stores it. */
export interface DraftHeader {
  id: string; series: string; contactId: string; issueDate: string; dueDate: string | null; operationDate: string | null; notes: string | null;
  rectifiesId: string | null; rectificationMode: DocumentRecordCommon['rectificationMode']; rectificationReason: string | null;
}

/** A value of one of the kind's own document columns, with its SQL type. */
export type OwnValues = Record<string, readonly [OwnColumns[string], unknown]>;

const SHARED_LINES: OwnColumns = {
  line_no: 'int', description: 'text', quantity: 'numeric', unit_price: 'numeric', discount_pct: 'numeric', tax_type_id: 'uuid', tax_rate: 'numeric',
  surcharge_type_id: 'uuid', surcharge_rate: 'numeric', withholding_type_id: 'uuid', withholding_rate: 'numeric', base: 'numeric', tax_amount: 'numeric',
  surcharge_amount: 'numeric', withholding_amount: 'numeric',
};

const text = (value: { toString(): string } | null | undefined) => (value == null ? null : value.toString());
const readColumn = ([name, type]: [string, string]) => (type === 'numeric' ? `${name}::text as ${name}` : name);

export function kindStore<R extends DocumentRecordCommon & { lines: L[] }, L extends LineRecordCommon>(rows: KindRows<R, L>) {
  const { table, linesTable, linesKey, noun } = rows.kind;
  const lineTypes = { ...SHARED_LINES, ...rows.lineColumns };
  const lines: LinesSource<L> = {
    table: linesTable, key: linesKey, columns: [lineColumns(linesKey), ...Object.entries(rows.lineColumns).map(readColumn)].join(', '),
    lineOf: (row) => rows.lineOf(commonLineOf(row), row),
  };
  const columnsOver = (alias: string) => `${documentColumns(table, alias)}, ${rows.columns(alias)}`;
  const recordOf = (row: any, lines: L[]) => rows.recordOf(commonRecordOf(row), row, lines);
  const names = Object.keys(lineTypes);

  /** The lines of `:lines` (JSON of `linesPayload`) inserted under the document `documentIdSql`. */
  const linesInsertSql = (documentIdSql: string) => `
    insert into ${linesTable} (tenant_id, ${linesKey}, ${names.join(', ')})
    select :tenant, ${documentIdSql}, ${names.map((n) => `x.${n}`).join(', ')}
    from jsonb_to_recordset(:lines::jsonb) as x (${names.map((n) => `${n} ${lineTypes[n]}`).join(', ')})`;

  const linesPayload = (records: readonly L[]) => JSON.stringify(records.map((l) => ({
    line_no: l.lineNo, description: l.description, quantity: text(l.quantity), unit_price: text(l.unitPrice), discount_pct: text(l.discountPct),
    tax_type_id: l.taxTypeId, tax_rate: text(l.taxRate), surcharge_type_id: l.surchargeTypeId, surcharge_rate: text(l.surchargeRate),
    withholding_type_id: l.withholdingTypeId, withholding_rate: text(l.withholdingRate), base: text(l.base), tax_amount: text(l.taxAmount),
    surcharge_amount: text(l.surchargeAmount), withholding_amount: text(l.withholdingAmount), ...rows.lineValues(l),
  })));

  const totals = (computed: ComputedDocument<L>) => ({
    subtotal: computed.subtotal.toString(), taxTotal: computed.taxTotal.toString(), surchargeTotal: computed.surchargeTotal.toString(),
    withholdingTotal: computed.withholdingTotal.toString(), total: computed.total.toString(),
  });
  const ownParams = (own: OwnValues) => Object.fromEntries(Object.entries(own).map(([column, [, value]]) => [`own_${column}`, value]));
  const ownValue = (column: string, type: string) => `:own_${column}::${type}`;

  const store = {
    kind: rows.kind, lines, columns: columnsOver, recordOf, linesInsertSql, linesPayload, totals,

    async find(tx: Tx, id: string, lock = false): Promise<R> {
      assertUuid(id, noun);
      const row = await findDocumentRow(tx, { table, noun, alias: 'd', columns: columnsOver('d') }, id, lock);
      return recordOf(row, (await loadLinesOf(tx, lines, [row.id])).get(row.id) ?? []);
    },

    async get(tx: Tx, id: string): Promise<{ record: R; types: Map<string, TaxTypeInfo> }> {
      const record = await store.find(tx, id);
      return { record, types: await loadTaxTypes(tx, typeIdsOf([record])) };
    },

    /** A page of the kind's list; `filter` adds the kind's own conditions over alias `d`. */
    async list(tx: Tx, doc: DocumentTable, query: DocumentListQuery, filter?: (where: string, params: Record<string, unknown>) => string) {
      const { records, types, ...page } = await documentList<L, R>(tx, doc, query, { columns: columnsOver('d'), lines, recordOf, typeIdsOf, filter });
      return { items: records.map((record) => ({ record, types: types as ReadonlyMap<string, TaxTypeInfo> })), ...page };
    },

    /** A draft and its lines in one statement (one round trip); the record as stored, with the kind's own fields from `own`. */
    async insertDraft(tx: Tx, header: DraftHeader, computed: ComputedDocument<L>, own: OwnValues): Promise<DocumentRecordCommon & { lines: L[] }> {
      const ownColumns = Object.keys(own);
      const [row] = await tx.sql<{ created_at: unknown; updated_at: unknown }>(`
        with document as (
          insert into ${table} (id, tenant_id, status, series, contact_id, issue_date, due_date, operation_date, notes, subtotal, tax_total, surcharge_total,
            withholding_total, total, rectifies_id, rectification_mode, rectification_reason${ownColumns.map((c) => `, ${c}`).join('')})
          values (:id::uuid, :tenant, 'draft', :series, :contactId::uuid, :issueDate::date, :dueDate::date, :operationDate::date, :notes, :subtotal::numeric,
            :taxTotal::numeric, :surchargeTotal::numeric, :withholdingTotal::numeric, :total::numeric, :rectifiesId::uuid, :mode, :reason
            ${ownColumns.map((c) => `, ${ownValue(c, own[c][0])}`).join('')})
          returning created_at, updated_at
        ), lines as (${linesInsertSql(':id::uuid')})
        select created_at, updated_at from document`, {
        ...header, mode: header.rectificationMode, reason: header.rectificationReason, lines: linesPayload(computed.lines), ...totals(computed), ...ownParams(own),
      });
      return store.draftRecord(header, computed, iso(row.created_at), iso(row.updated_at));
    },

    /** A draft as `insertDraft` stores it (the kind adds its own fields). */
    draftRecord(header: DraftHeader, computed: ComputedDocument<L>, createdAt: string, updatedAt: string): DocumentRecordCommon & { lines: L[] } {
      return {
        id: header.id, series: header.series, contactId: header.contactId, issueDate: header.issueDate, dueDate: header.dueDate, operationDate: header.operationDate,
        notes: header.notes, rectifiesId: header.rectifiesId, rectificationMode: header.rectificationMode, rectificationReason: header.rectificationReason,
        status: 'draft', year: null, seq: null, number: null, subtotal: computed.subtotal, taxTotal: computed.taxTotal, surchargeTotal: computed.surchargeTotal,
        withholdingTotal: computed.withholdingTotal, total: computed.total, amountPaid: Decimal.zero(2), journalEntryId: null, issuedAt: null,
        createdAt, updatedAt, substituted: false, lines: computed.lines,
      };
    },

    /** Changes a draft's header and totals (and its lines when `replaceLines`); 409 once it is no longer a draft. */
    async updateDraft(tx: Tx, header: Omit<DraftHeader, 'rectifiesId' | 'rectificationMode' | 'rectificationReason'>, computed: ComputedDocument<L>, own: OwnValues, replaceLines: boolean): Promise<void> {
      const [row] = await tx.sql<{ updated_at: unknown }>(`
        update ${table} set series = :series, contact_id = :contactId::uuid, issue_date = :issueDate::date, due_date = :dueDate::date,
          operation_date = :operationDate::date, notes = :notes, subtotal = :subtotal::numeric, tax_total = :taxTotal::numeric,
          surcharge_total = :surchargeTotal::numeric, withholding_total = :withholdingTotal::numeric, total = :total::numeric,
          ${Object.entries(own).map(([c, [type]]) => `${c} = ${ownValue(c, type)}, `).join('')}updated_at = now()
        where tenant_id = :tenant and id = :id::uuid and status = 'draft' returning updated_at`, { ...header, ...totals(computed), ...ownParams(own) });
      if (!row) throw new Conflict(`The ${noun.toLowerCase()} is no longer a draft`);
      if (!replaceLines) return;
      await tx.sql(`delete from ${linesTable} where tenant_id = :tenant and ${linesKey} = :id::uuid`, { id: header.id });
      await tx.sql(linesInsertSql(':id::uuid'), { id: header.id, lines: linesPayload(computed.lines) });
    },

    /** Deletes a draft; an issued document is 409 (`refusal`: how the kind says it is corrected instead). */
    async deleteDraft(tx: Tx, id: string, refusal: (current: R) => string): Promise<void> {
      const current = await store.find(tx, id, true);
      if (current.status !== 'draft') throw new Conflict(refusal(current));
      await tx.sql(`delete from ${table} where tenant_id = :tenant and id = :id::uuid and status = 'draft'`, { id });
    },

    /**
     * A draft with its lines and what issuing reads of its neighbours (contact, company, tax types:
     * `contextFromRow`) in one statement, and `seen` (its `updated_at`); `lock`: FOR UPDATE, inside a transaction.
     */
    draftForIssueSql: (lock: boolean) => `
      select ${columnsOver('d')}, d.updated_at::text as seen,
        (select coalesce(json_agg(l order by l.line_no), '[]') from (select ${lines.columns} from ${linesTable} where tenant_id = d.tenant_id and ${linesKey} = d.id) l) as lines,
        ${contextColumns('d.contact_id', `array(
          select unnest(array[tax_type_id, surcharge_type_id, withholding_type_id]) from ${linesTable} where tenant_id = d.tenant_id and ${linesKey} = d.id)`)}
      from ${table} d where d.tenant_id = :tenant and d.id = :id::uuid${lock ? ' for update of d' : ''}`,

    /** The draft of a `draftForIssueSql` row (404 when none; 409 once issued). */
    draftForIssue(row: any): { record: R; seen: string } {
      if (!row) throw new NotFound(`${noun} not found`);
      const record = recordOf(row, (jsonOrNull<any[]>(row.lines) ?? []).map(lines.lineOf));
      if (record.status !== 'draft') throw new Conflict(`${noun} ${record.number} is already issued`);
      return { record, seen: row.seen };
    },

    /** The draft to change, locked (409 once issued: `refusal`), and the patch's shared checks. */
    async draftToPatch(tx: Tx, id: string, patch: object & { issue_date?: string | null }, refusal: (current: R) => string): Promise<R> {
      const current = await store.find(tx, id, true);
      if (current.status !== 'draft') throw new Conflict(refusal(current));
      if (Object.values(patch).every((v) => v === undefined)) throw ValidationFailed.field(['body'], 'Send at least one field to change', 'missing');
      if (patch.issue_date === null) throw ValidationFailed.field(['body', 'issue_date'], 'Cannot be null', 'value_error.none');
      return current;
    },
  };
  return store;
}

export type KindStore<R extends DocumentRecordCommon & { lines: L[] }, L extends LineRecordCommon> = ReturnType<typeof kindStore<R, L>>;
