import { rowBoolean } from '../../kernel/rows';
import { ValidationFailed } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { checkDates, pgArray, type Party } from './document';
import { rectificationTypeOf, type RectificationGround, type RectificationMode, type RectificationType } from './lifecycle';
import type { TaxTypeInfo } from './tax-types';

/**
 * The tax register: one row per issued (or registered) document and tax line group — the lines
 * of one VAT type (and, on purchases, one capital-good flag and deductibility) — with what tax
 * models, VERI*FACTU and the VAT record books need: the counterparty as printed, the kind of
 * operation, the dates, the rectified document, base, rate, quota, surcharge and withholding.
 *
 * Rows are computed in JavaScript by `registerRows` from the document's lines as issued and
 * written by the register's issue step (./issue-steps-own.ts) inside the one issue statement, the
 * number taken from its `numbered` CTE. The table accepts no change afterwards (its trigger), and
 * is read only through `TaxRegister`.
 */

export type RegisterSide = 'issued' | 'received';
export const REGISTER_KINDS = ['invoice', 'simplified', 'rectification', 'purchase_invoice', 'expense', 'import', 'intra_eu_acquisition', 'reverse_charge'] as const;
export type RegisterKind = typeof REGISTER_KINDS[number];

/** A document line as the register groups it. */
export interface RegisterLine {
  taxTypeId: string;
  taxRate: Decimal;
  surchargeRate: Decimal | null;
  withholdingRate: Decimal | null;
  base: Decimal;
  /** The VAT of the line: charged, borne, or self-assessed (reverse charge). */
  quota: Decimal;
  surcharge: Decimal;
  withholding: Decimal;
  capitalGood?: boolean;
  /** Purchases: false when the VAT is not deductible (recargo de equivalencia borne). */
  deductible?: boolean;
}

/** The document, as issued. */
export interface RegisterDocument {
  documentType: string;
  documentId: string;
  side: RegisterSide;
  /** The purchase kind (`invoice` | `expense`); none for sales. */
  purchaseKind?: 'invoice' | 'expense';
  /** Null when the number is taken in the same statement (then `numbered.number`). */
  number: string | null;
  supplierNumber?: string | null;
  issueDate: string;
  operationDate: string | null;
  contactId: string;
  counterparty: Party;
  rectifiesId: string | null;
  rectifiesNumber: string | null;
  rectificationMode: RectificationMode | null;
  /** A rectification's legal ground (R1 when none is given; R5 whenever the rectified document was simplified). */
  rectificationGround?: RectificationGround | null;
  total: Decimal;
  /** A sales invoice issued as simplified (art. 4 RD 1619/2012: F2 in the books and VERI*FACTU). */
  simplified?: boolean;
  /** A rectification of a simplified invoice (R5 in the books and VERI*FACTU); see `rectifiesSimplified`. */
  rectifiesSimplified?: boolean;
  /**
   * Received documents: the percentage of their deductible VAT that is deducted (the VAT prorrata's
   * provisional percentage, art. 104 LIVA); 100 when not given. Each group's deductible quota is
   * `deductiblePart` of its quota, as the purchase's entry posts it.
   */
  deductiblePercent?: number;
}

/** The part of a quota deducted at a percentage (1–100), rounded half away from zero to cents: the register's and the posting's one rule. */
export const deductiblePart = (quota: Decimal, percent: number): Decimal =>
  (percent >= 100 ? quota.rescale(2) : quota.percent(Decimal.parse(String(percent), 0), 2));

const kindOf = (doc: RegisterDocument, type: TaxTypeInfo | undefined): RegisterKind => {
  if (doc.rectifiesId) return 'rectification';
  if (doc.side === 'issued') return doc.simplified ? 'simplified' : 'invoice';
  if (type?.regime === 'import') return 'import';
  if (type?.regime === 'intra_eu') return 'intra_eu_acquisition';
  if (type?.regime === 'reverse_charge') return 'reverse_charge';
  return doc.purchaseKind === 'expense' ? 'expense' : 'purchase_invoice';
};

/** The register rows of one document: its lines grouped by VAT type (and capital good, deductibility), in order of first appearance. */
export function registerRows(doc: RegisterDocument, lines: readonly RegisterLine[], types: ReadonlyMap<string, TaxTypeInfo>) {
  const groups = new Map<string, { line: RegisterLine; base: Decimal; quota: Decimal; surcharge: Decimal; withholding: Decimal; surchargeRate: Decimal | null; withholdingRate: Decimal | null }>();
  for (const line of lines) {
    const key = `${line.taxTypeId}|${line.capitalGood ?? false}|${line.deductible ?? true}`;
    const group = groups.get(key) ?? { line, base: Decimal.zero(2), quota: Decimal.zero(2), surcharge: Decimal.zero(2), withholding: Decimal.zero(2), surchargeRate: null, withholdingRate: null };
    group.base = group.base.add(line.base).rescale(2);
    group.quota = group.quota.add(line.quota).rescale(2);
    group.surcharge = group.surcharge.add(line.surcharge).rescale(2);
    group.withholding = group.withholding.add(line.withholding).rescale(2);
    group.surchargeRate ??= line.surchargeRate;
    group.withholdingRate ??= line.withholdingRate;
    groups.set(key, group);
  }
  const party = doc.counterparty;
  return [...groups.values()].map((g, i) => {
    const type = types.get(g.line.taxTypeId);
    return {
      document_type: doc.documentType, document_id: doc.documentId, group_no: i + 1, side: doc.side, kind: kindOf(doc, type), number: doc.number,
      supplier_number: doc.supplierNumber ?? null, issue_date: doc.issueDate, operation_date: doc.operationDate, accounting_date: doc.issueDate,
      contact_id: doc.contactId, counterparty_name: party.legal_name ?? party.name, counterparty_tax_id: party.tax_id, counterparty_country: party.country,
      rectifies_id: doc.rectifiesId, rectifies_number: doc.rectifiesNumber, rectification_mode: doc.rectificationMode,
      rectification_type: doc.rectifiesId ? rectificationTypeOf(doc.rectificationGround) : null, capital_good: g.line.capitalGood ?? false,
      tax_type_id: g.line.taxTypeId, tax_code: type?.code ?? '', regime: type?.regime ?? 'domestic', base: g.base.toString(), rate: g.line.taxRate.toString(),
      quota: g.quota.toString(), deductible_quota: doc.side === 'received' && (g.line.deductible ?? true) ? deductiblePart(g.quota, doc.deductiblePercent ?? 100).toString() : '0.00',
      surcharge_rate: g.surchargeRate?.toString() ?? null, surcharge: g.surcharge.toString(), withholding_rate: g.withholdingRate?.toString() ?? null,
      withholding: g.withholding.toString(), document_total: doc.total.toString(), rectifies_simplified: !!doc.rectifiesId && !!doc.rectifiesSimplified,
    };
  });
}

const COLUMNS = `document_type, document_id, group_no, side, kind, number, supplier_number, issue_date, operation_date, accounting_date, contact_id, counterparty_name,
  counterparty_tax_id, counterparty_country, rectifies_id, rectifies_number, rectification_mode, rectification_type, capital_good, tax_type_id, tax_code, regime,
  base, rate, quota, deductible_quota, surcharge_rate, surcharge, withholding_rate, withholding, document_total, rectifies_simplified`;

/**
 * The insert of `:register` (JSON of `registerRows`). With `numbered`, rows without a number take
 * it from that CTE of the enclosing statement (and nothing is written when it is empty).
 */
export const registerInsertSql = (numbered?: string) => `
    insert into tax_register (tenant_id, ${COLUMNS})
    select :tenant, x.document_type, x.document_id, x.group_no, x.side, x.kind, ${numbered ? `coalesce(x.number, ${numbered}.number)` : 'x.number'}, x.supplier_number,
      x.issue_date, x.operation_date, x.accounting_date, x.contact_id, x.counterparty_name, x.counterparty_tax_id, x.counterparty_country, x.rectifies_id,
      x.rectifies_number, x.rectification_mode, x.rectification_type, x.capital_good, x.tax_type_id, x.tax_code, x.regime, x.base, x.rate, x.quota,
      x.deductible_quota, x.surcharge_rate, x.surcharge, x.withholding_rate, x.withholding, x.document_total, coalesce(x.rectifies_simplified, false)
    from jsonb_to_recordset(:register::jsonb) as x (document_type text, document_id uuid, group_no int, side text, kind text, number text, supplier_number text,
      issue_date date, operation_date date, accounting_date date, contact_id uuid, counterparty_name text, counterparty_tax_id text, counterparty_country text,
      rectifies_id uuid, rectifies_number text, rectification_mode text, rectification_type text, capital_good boolean, tax_type_id uuid, tax_code text,
      regime text, base numeric,
      rate numeric, quota numeric, deductible_quota numeric, surcharge_rate numeric, surcharge numeric, withholding_rate numeric, withholding numeric,
      document_total numeric, rectifies_simplified boolean)${numbered ? ` cross join ${numbered}` : ''}`;

// ------------------------------------------------------------------------------------------------
// The read API
// ------------------------------------------------------------------------------------------------

/** One row of the register, as `TaxRegister.query` answers it (amounts as decimal strings). */
export interface TaxRegisterEntry {
  documentType: string;
  documentId: string;
  groupNo: number;
  side: RegisterSide;
  kind: RegisterKind;
  number: string;
  supplierNumber: string | null;
  issueDate: string;
  operationDate: string | null;
  accountingDate: string;
  counterparty: { contactId: string; name: string; taxId: string | null; country: string };
  /**
   * `simplified`: the rectified document was a simplified invoice; `type`: R1–R5 as the VAT books
   * and VERI*FACTU name it (R5 when `simplified`, else by the rectification's legal ground).
   */
  rectifies: { id: string; number: string | null; mode: RectificationMode; simplified: boolean; type: RectificationType } | null;
  capitalGood: boolean;
  taxTypeId: string;
  taxCode: string;
  regime: string;
  base: string;
  rate: string;
  quota: string;
  deductibleQuota: string;
  surchargeRate: string | null;
  surcharge: string;
  withholdingRate: string | null;
  withholding: string;
  documentTotal: string;
  /**
   * A row of a rectification by substitution that cancels one group of the rectified document:
   * the original's amounts negated, dated as the rectification. The substitute's own rows carry
   * its full amounts; so summing a period's rows nets the original out (never counted twice).
   */
  reversesOriginal: boolean;
}

export interface TaxRegisterQuery {
  /** Accounting dates, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  side?: RegisterSide;
  kinds?: RegisterKind[];
  /** Tax type ids (the VAT type of the group). */
  taxTypeIds?: string[];
  /** Tax type codes, e.g. ['IVA21', 'IVA10']. */
  taxCodes?: string[];
  /** The regimes of the rows' VAT types, e.g. ['intra_eu'] (the taxes plugin's `TaxRegime`). */
  regimes?: string[];
  contactId?: string;
  /** Only the rows of these contacts. */
  contactIds?: readonly string[];
  counterpartyTaxId?: string;
  /** Only the rows of capital goods (true) or of the rest (false). */
  capitalGood?: boolean;
  /** Only the rows with an IRPF withholding (true) or without one (false). */
  withheld?: boolean;
  /** Only the rows withheld at one of these rates (percent as decimal text, '19.00'): the 115's rents are read without the 111's rows. */
  withholdingRates?: readonly string[];
  /** Leaves out the rows withheld at these rates (rows without a rate stay): the 111 reads its rows without the 115's rents. */
  withholdingRatesExcluded?: readonly string[];
}

export const entryOf = (r: any): TaxRegisterEntry => ({
  documentType: r.document_type, documentId: r.document_id, groupNo: Number(r.group_no), side: r.side, kind: r.kind, number: r.number, supplierNumber: r.supplier_number,
  issueDate: r.issue_date, operationDate: r.operation_date, accountingDate: r.accounting_date,
  counterparty: { contactId: r.contact_id, name: r.counterparty_name, taxId: r.counterparty_tax_id, country: r.counterparty_country },
  rectifies: r.rectifies_id ? {
    id: r.rectifies_id, number: r.rectifies_number, mode: r.rectification_mode, simplified: rowBoolean(r.rectifies_simplified),
    type: rowBoolean(r.rectifies_simplified) ? 'R5' : r.rectification_type ?? 'R1',
  } : null,
  capitalGood: rowBoolean(r.capital_good), taxTypeId: r.tax_type_id, taxCode: r.tax_code, regime: r.regime,
  // numeric(18,2) and numeric(5,2) columns read as text: already the exact string with two decimals
  base: r.base, rate: r.rate, quota: r.quota, deductibleQuota: r.deductible_quota, surchargeRate: r.surcharge_rate, surcharge: r.surcharge,
  withholdingRate: r.withholding_rate, withholding: r.withholding, documentTotal: r.document_total,
  reversesOriginal: rowBoolean(r.reverses_original),
});

/** The columns `entryOf` reads, as every register read selects them. */
export const REGISTER_COLUMNS = `document_type, document_id::text as document_id, group_no, side, kind, number, supplier_number, issue_date::text as issue_date,
  operation_date::text as operation_date, accounting_date::text as accounting_date, contact_id::text as contact_id, counterparty_name, counterparty_tax_id,
  counterparty_country, rectifies_id::text as rectifies_id, rectifies_number, rectification_mode, rectification_type, capital_good, tax_type_id::text as tax_type_id, tax_code,
  regime, base::text as base, rate::text as rate, quota::text as quota, deductible_quota::text as deductible_quota, surcharge_rate::text as surcharge_rate,
  surcharge::text as surcharge, withholding_rate::text as withholding_rate, withholding::text as withholding, document_total::text as document_total,
  reverses_original, rectifies_simplified`;
const REGISTER_SELECT = `select ${REGISTER_COLUMNS} from tax_register`;

/** Most rows one query answers (a year of a busy company fits; page by period beyond it). */
export const TAX_REGISTER_MAX_ROWS = 200_000;

/**
 * The WHERE clause of a register query and its parameters (`TaxRegister.query` and the sums of
 * `tax-register-sums.ts` filter alike); checks the period first. The capital-good and withheld
 * flags are written into the statement, not passed: only then does the planner match the partial
 * indexes of capital goods and of withheld rows (tax_register_capital_goods, tax_register_withheld)
 * in a prepared statement's generic plan.
 */
export function registerFilter(q: TaxRegisterQuery): { where: string; params: Record<string, unknown> } {
  checkDates([{ loc: ['query', 'from'], value: q.from }, { loc: ['query', 'to'], value: q.to }]);
  if (q.from > q.to) throw ValidationFailed.field(['query', 'from'], '"from" is after "to"', 'value_error.period');
  return {
    where: `where tenant_id = :tenant and accounting_date between :from::date and :to::date
        and (:side::text is null or side = :side::text)
        and (:kinds::text[] is null or kind = any(:kinds::text[]))
        and (:typeIds::uuid[] is null or tax_type_id = any(:typeIds::uuid[]))
        and (:codes::text[] is null or tax_code = any(:codes::text[]))
        and (:regimes::text[] is null or regime = any(:regimes::text[]))
        and (:contactId::uuid is null or contact_id = :contactId::uuid)
        ${q.contactIds == null ? '' : 'and contact_id = any(:contactIds::uuid[])'}
        and (:taxId::text is null or counterparty_tax_id = :taxId::text)
        ${q.capitalGood == null ? '' : q.capitalGood ? 'and capital_good' : 'and not capital_good'}
        ${q.withheld == null ? '' : q.withheld ? 'and withholding <> 0' : 'and withholding = 0'}
        ${q.withholdingRates == null ? '' : 'and withholding_rate = any(:withholdingRates::numeric[])'}
        ${q.withholdingRatesExcluded == null ? '' : 'and (withholding_rate is null or withholding_rate <> all(:withholdingRatesExcluded::numeric[]))'}`,
    params: {
      from: q.from, to: q.to, side: q.side ?? null, kinds: q.kinds ? pgArray(q.kinds) : null, typeIds: q.taxTypeIds ? pgArray(q.taxTypeIds) : null,
      codes: q.taxCodes ? pgArray(q.taxCodes) : null, regimes: q.regimes ? pgArray(q.regimes) : null, contactId: q.contactId ?? null, taxId: q.counterpartyTaxId ?? null,
      ...(q.contactIds == null ? {} : { contactIds: pgArray(q.contactIds) }),
      ...(q.withholdingRates == null ? {} : { withholdingRates: pgArray(q.withholdingRates) }),
      ...(q.withholdingRatesExcluded == null ? {} : { withholdingRatesExcluded: pgArray(q.withholdingRatesExcluded) }),
    },
  };
}

/**
 * The stable read API of the tax register, for tax models (303, 347, 349), VERI*FACTU and the VAT
 * record books. Runs in the caller's unit of work, tenant-scoped; rows come in book order
 * (accounting date, number, group).
 */
export const TaxRegister = {
  async query(tx: Tx, q: TaxRegisterQuery): Promise<TaxRegisterEntry[]> {
    const { where, params } = registerFilter(q);
    const rows = await tx.sql<any>(`
      ${REGISTER_SELECT}
      ${where}
      order by accounting_date, number, group_no
      limit ${TAX_REGISTER_MAX_ROWS}`, params);
    return rows.map(entryOf);
  },

  /**
   * Was the document registered as a simplified invoice? What a rectification of it passes as
   * `rectifiesSimplified` (read by primary key: its side and accounting (issue) date).
   */
  async isSimplified(tx: Tx, doc: { side: RegisterSide; accountingDate: string; documentId: string }): Promise<boolean> {
    return (await TaxRegister.ofDocument(tx, doc)).some((row) => row.kind === 'simplified');
  },

  /** The register rows of one document (empty for a draft), found by its side and accounting (issue) date. */
  async ofDocument(tx: Tx, doc: { side: RegisterSide; accountingDate: string; documentId: string }): Promise<TaxRegisterEntry[]> {
    const rows = await tx.sql<any>(`
      ${REGISTER_SELECT} where tenant_id = :tenant and side = :side and accounting_date = :date::date and document_id = :id::uuid order by group_no`,
    { side: doc.side, date: doc.accountingDate, id: doc.documentId });
    return rows.map(entryOf);
  },
};

/** The rectifying document of a substitution, as `registerSubstitution` dates and numbers the rows that cancel its original. */
export interface SubstitutionRegister {
  documentType: string;
  side: RegisterSide;
  documentId: string;
  number: string;
  supplierNumber?: string | null;
  issueDate: string;
  total: Decimal;
  rectifiesId: string;
  /** The original's issue date: its rows' accounting date, so that they are read by primary key. */
  rectifiesIssueDate: string;
  /** How the rectifying document names the original (its number, or the supplier's). */
  rectifiesNumber: string | null;
  rectificationGround?: RectificationGround | null;
}

/**
 * A rectification by substitution replaces its original whole (art. 15 RD 1619/2012; VERI*FACTU
 * TipoRectificativa S): besides its own rows (the corrected document, in full), the rectifying
 * document gets one row per group of the original with the original's amounts negated, dated and
 * numbered as the rectification. The original's rows stay as registered (the register is
 * append-only); a period's rows then sum to what is owed: the original counted once, the
 * difference in the rectification's period (303 boxes 14/15 for sales, 40/41 for purchases), just
 * as the ledger reverses the original's entry on the rectification's date. Both documents' rows
 * are found by the register's primary key (side, accounting date = issue date, document).
 */
export async function registerSubstitution(tx: Tx, doc: SubstitutionRegister): Promise<void> {
  await tx.sql(`
    insert into tax_register (tenant_id, ${COLUMNS}, reverses_original)
    select o.tenant_id, :type, :id::uuid,
      coalesce((select max(group_no) from tax_register
        where tenant_id = :tenant and side = :side and accounting_date = :date::date and document_id = :id::uuid and document_type = :type), 0) + row_number() over (order by o.group_no),
      o.side, 'rectification', :number, :supplierNumber, :date::date, null, :date::date, o.contact_id, o.counterparty_name, o.counterparty_tax_id, o.counterparty_country,
      o.document_id, :rectifiesNumber, 'substitution', :rectificationType, o.capital_good, o.tax_type_id, o.tax_code, o.regime, -o.base, o.rate, -o.quota,
      -o.deductible_quota, o.surcharge_rate, -o.surcharge, o.withholding_rate, -o.withholding, :total::numeric, o.kind = 'simplified', true
    from tax_register o
    where o.tenant_id = :tenant and o.side = :side and o.accounting_date = :originalDate::date and o.document_id = :original::uuid
      and o.document_type = :type and not o.reverses_original`, {
    type: doc.documentType, side: doc.side, originalDate: doc.rectifiesIssueDate, id: doc.documentId, number: doc.number, supplierNumber: doc.supplierNumber ?? null, date: doc.issueDate, total: doc.total.toString(),
    original: doc.rectifiesId, rectifiesNumber: doc.rectifiesNumber, rectificationType: rectificationTypeOf(doc.rectificationGround),
  });
}

/** contact.merging: register rows follow the surviving contact (the trigger allows only this change, only during a merge). */
export async function repointRegister(tx: Tx, survivorId: string, duplicateIds: string[]): Promise<void> {
  await tx.sql(`update tax_register set contact_id = :survivor::uuid where tenant_id = :tenant and contact_id = any(:ids::uuid[])`, { survivor: survivorId, ids: pgArray(duplicateIds) });
}

/** tenant.erasing */
export async function eraseRegister(tx: Tx): Promise<void> {
  await tx.sql(`select set_config('cuadra.erasing_tenant', :tenant::text, true)`);
  await tx.sql(`delete from settlements where tenant_id = :tenant`);
  await tx.sql(`delete from tax_register where tenant_id = :tenant`);
}
