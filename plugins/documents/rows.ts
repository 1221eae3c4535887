import { rowBoolean } from '../../kernel/rows';
import { NotFound } from '../../kernel/errors';
import type { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { dec, iso, isoOrNull, pgArray } from './document';
import type { DocumentState, RectificationMode } from './lifecycle';
import { substitutedColumn } from './lifecycle';

/**
 * Reading documents and lines: the columns and row mappers every kind's table shares (a kind adds
 * its own columns and fields), the lines of several documents in one query, the tax types a set
 * of documents uses.
 */

/** What every kind's line record has. */
export interface LineRecordCommon {
  lineNo: number;
  description: string;
  quantity: Decimal;
  unitPrice: Decimal;
  discountPct: Decimal;
  taxTypeId: string;
  taxRate: Decimal;
  surchargeTypeId: string | null;
  surchargeRate: Decimal | null;
  withholdingTypeId: string | null;
  withholdingRate: Decimal | null;
  base: Decimal;
  taxAmount: Decimal;
  surchargeAmount: Decimal;
  withholdingAmount: Decimal;
}

/** What every kind's document record has. */
export interface DocumentRecordCommon {
  id: string;
  status: DocumentState;
  series: string;
  year: number | null;
  seq: number | null;
  number: string | null;
  contactId: string;
  issueDate: string;
  dueDate: string | null;
  operationDate: string | null;
  notes: string | null;
  subtotal: Decimal;
  taxTotal: Decimal;
  surchargeTotal: Decimal;
  withholdingTotal: Decimal;
  total: Decimal;
  amountPaid: Decimal;
  rectifiesId: string | null;
  rectificationMode: RectificationMode | null;
  rectificationReason: string | null;
  journalEntryId: string | null;
  issuedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Rectified by substitution: replaced by its rectifying document (amount due 0). */
  substituted: boolean;
  /** Brought from another system as an open item (./open-items-import.ts): not posted, no VERI*FACTU record; false when not read. */
  migrated?: boolean;
}

/** The shared columns of a kind's document table under `alias`, as `commonRecordOf` reads them. */
export const documentColumns = (table: string, alias: string) => `${alias}.id::text as id, ${alias}.status, ${alias}.series, ${alias}.year, ${alias}.seq,
  ${alias}.number, ${alias}.contact_id::text as contact_id, ${alias}.issue_date::text as issue_date, ${alias}.due_date::text as due_date,
  ${alias}.operation_date::text as operation_date, ${alias}.notes, ${alias}.subtotal::text as subtotal, ${alias}.tax_total::text as tax_total,
  ${alias}.surcharge_total::text as surcharge_total, ${alias}.withholding_total::text as withholding_total, ${alias}.total::text as total,
  ${alias}.amount_paid::text as amount_paid, ${alias}.rectifies_id::text as rectifies_id, ${alias}.rectification_mode, ${alias}.rectification_reason,
  ${alias}.journal_entry_id::text as journal_entry_id, ${alias}.issued_at, ${alias}.created_at, ${alias}.updated_at, ${substitutedColumn(table, alias)},
  ${alias}.migrated`;

export function commonRecordOf(row: any): DocumentRecordCommon {
  return {
    id: row.id, status: row.status, series: row.series, year: row.year == null ? null : Number(row.year), seq: row.seq == null ? null : Number(row.seq),
    number: row.number, contactId: row.contact_id, issueDate: row.issue_date, dueDate: row.due_date, operationDate: row.operation_date, notes: row.notes,
    subtotal: dec(row.subtotal), taxTotal: dec(row.tax_total), surchargeTotal: dec(row.surcharge_total), withholdingTotal: dec(row.withholding_total),
    total: dec(row.total), amountPaid: dec(row.amount_paid), rectifiesId: row.rectifies_id, rectificationMode: row.rectification_mode,
    rectificationReason: row.rectification_reason, journalEntryId: row.journal_entry_id, issuedAt: isoOrNull(row.issued_at), createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at), substituted: rowBoolean(row.substituted), migrated: rowBoolean(row.migrated ?? false),
  };
}

/** The shared columns of a kind's lines table, as `commonLineOf` reads them (plus `<key>::text as document_id`). */
export const lineColumns = (key: string) => `${key}::text as document_id, line_no, description, quantity::text as quantity, unit_price::text as unit_price,
  discount_pct::text as discount_pct, tax_type_id::text as tax_type_id, tax_rate::text as tax_rate, surcharge_type_id::text as surcharge_type_id,
  surcharge_rate::text as surcharge_rate, withholding_type_id::text as withholding_type_id, withholding_rate::text as withholding_rate,
  base::text as base, tax_amount::text as tax_amount, surcharge_amount::text as surcharge_amount, withholding_amount::text as withholding_amount`;

export function commonLineOf(row: any): LineRecordCommon {
  return {
    lineNo: Number(row.line_no), description: row.description, quantity: dec(row.quantity, 6), unitPrice: dec(row.unit_price, 6), discountPct: dec(row.discount_pct),
    taxTypeId: row.tax_type_id, taxRate: dec(row.tax_rate), surchargeTypeId: row.surcharge_type_id, surchargeRate: row.surcharge_rate == null ? null : dec(row.surcharge_rate),
    withholdingTypeId: row.withholding_type_id, withholdingRate: row.withholding_rate == null ? null : dec(row.withholding_rate),
    base: dec(row.base), taxAmount: dec(row.tax_amount), surchargeAmount: dec(row.surcharge_amount), withholdingAmount: dec(row.withholding_amount),
  };
}

/** Where a kind keeps its lines, and how it reads one. */
export interface LinesSource<L> { table: string; key: string; columns: string; lineOf: (row: any) => L }

/** The lines of these documents, by document, in line order (one query). */
export async function loadLinesOf<L>(tx: Tx, source: LinesSource<L>, ids: string[]): Promise<Map<string, L[]>> {
  const byDocument = new Map<string, L[]>();
  if (!ids.length) return byDocument;
  const rows = await tx.sql<any>(`select ${source.columns} from ${source.table} where tenant_id = :tenant and ${source.key} = any(:ids::uuid[]) order by ${source.key}, line_no`, { ids: pgArray(ids) });
  for (const row of rows) {
    const list = byDocument.get(row.document_id) ?? [];
    list.push(source.lineOf(row));
    byDocument.set(row.document_id, list);
  }
  return byDocument;
}

/** One document row of `table` (alias `alias`, the kind's `columns`), locked when `lock`; 404 as `noun` otherwise. */
export async function findDocumentRow(tx: Tx, kind: { table: string; alias: string; columns: string; noun: string }, id: string, lock = false): Promise<any> {
  const [row] = await tx.sql<any>(`select ${kind.columns} from ${kind.table} ${kind.alias} where ${kind.alias}.tenant_id = :tenant and ${kind.alias}.id = :id::uuid${lock ? ` for update of ${kind.alias}` : ''}`, { id });
  if (!row) throw new NotFound(`${kind.noun} not found`);
  return row;
}

/** Every tax type (VAT, surcharge, withholding) the lines of these documents use. */
export function typeIdsOf(records: readonly { lines: readonly Pick<LineRecordCommon, 'taxTypeId' | 'surchargeTypeId' | 'withholdingTypeId'>[] }[]): string[] {
  const ids = new Set<string>();
  for (const r of records) for (const l of r.lines) {
    ids.add(l.taxTypeId);
    if (l.surchargeTypeId) ids.add(l.surchargeTypeId);
    if (l.withholdingTypeId) ids.add(l.withholdingTypeId);
  }
  return [...ids];
}
