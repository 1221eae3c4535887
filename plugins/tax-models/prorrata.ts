import { t } from 'elysia';
import { Conflict, Unprocessable, ValidationFailed } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import { literalUnion } from '../../kernel/schemas';
import type { Tx } from '../../kernel/uow';
import { deductiblePart, TaxRegisterSums, type TaxRegisterSum } from '../documents/api';

/**
 * The company's VAT prorrata of a year (Ley 37/1992 del IVA, arts. 102–106): `none` (every
 * deductible quota deducted in full) or `general` (art. 104: each quota deducted at the
 * provisional percentage during the year, regularised to the definitive one in the last period).
 * The special prorrata (art. 106) is not kept. Rules and sources: docs/domain/vat.md §prorrata.
 */
export const PRORRATA_METHODS = ['none', 'general'] as const;
export type ProrrataMethod = typeof PRORRATA_METHODS[number];

export interface VatProrrata {
  method: ProrrataMethod;
  /** The percentage deducted during the year (1–100); 100 under `none`. */
  provisionalPercent: number;
  /** The activity the prorrata applies to, as the 390 names it (page 07); empty when not given. */
  activity: string;
  /** Its CNAE code (three characters), for the 390; empty when not given. */
  cnae: string;
  /**
   * The definitive percentage set by hand (1–100), replacing the one computed from the register
   * (art. 104.Tres exclusions, art. 94.Uno.2º operations that would not give the right in Spain);
   * null to compute it.
   */
  definitivePercent: number | null;
}

export const NO_PRORRATA: VatProrrata = { method: 'none', provisionalPercent: 100, activity: '', cnae: '', definitivePercent: null };

export const VatProrrataResponse = t.Object({
  year: t.Integer(),
  method: literalUnion(PRORRATA_METHODS, { description: '`none`: every deductible quota is deducted in full; `general`: the regla de prorrata general (art. 104 LIVA)' }),
  provisional_percent: t.Integer({ minimum: 1, maximum: 100, description: 'The percentage of each deductible quota deducted during the year (100 under `none`)' }),
  activity: t.String({ description: 'The activity the prorrata applies to (the 390\'s page 07); empty when not given' }),
  cnae: t.String({ description: 'Its CNAE code, three characters (the 390\'s page 07); empty when not given' }),
  definitive_percent: t.Union([t.Integer({ minimum: 1, maximum: 100 }), t.Null()], { description: 'The definitive percentage set by hand, which replaces the one computed from the year\'s tax register; null when it is computed' }),
}, { description: 'The company\'s VAT prorrata of a year' });

export const VatProrrataUpdate = t.Object({
  method: literalUnion(PRORRATA_METHODS, { description: '`none` or `general` (the regla de prorrata general)' }),
  provisional_percent: t.Optional(t.Integer({
    minimum: 1, maximum: 100,
    description: 'Under `general`: the provisional percentage deducted during the year. Left out, it is the previous year\'s definitive percentage, computed from that year\'s tax register when this is saved (422 when that year has no operations). Not allowed under `none`',
  })),
  activity: t.Optional(t.String({ maxLength: 40, description: 'The activity the prorrata applies to, as the 390 names it' })),
  cnae: t.Optional(t.String({ pattern: '^([0-9A-Z]{3})?$', description: 'The activity\'s CNAE code, three characters (empty for none)' })),
  definitive_percent: t.Optional(t.Integer({
    minimum: 1, maximum: 100,
    description: 'Under `general`: the year\'s definitive percentage, a whole number 1–100, when the one computed from the tax register is not right (sales the register cannot leave out under art. 104.Tres LIVA, operations located elsewhere that would not give the right to deduct in Spain); it replaces the computed one in the last period\'s box 44, the 390 and the capital goods book. Left out, the percentage is computed. Not allowed under `none`',
  })),
}, { additionalProperties: false, description: 'The company\'s VAT prorrata of a year' });

export const prorrataToJson = (year: number, p: VatProrrata) => ({ year, method: p.method, provisional_percent: p.provisionalPercent, activity: p.activity, cnae: p.cnae, definitive_percent: p.definitivePercent });

export type ProrrataRow = { method: ProrrataMethod; provisional_percent: number | string | null; activity: string | null; cnae: string | null; definitive_percent: number | string | null };

export function prorrataFromRow(row: ProrrataRow | undefined): VatProrrata {
  if (!row || row.method === 'none') return { ...NO_PRORRATA, activity: row?.activity ?? '', cnae: row?.cnae ?? '' };
  return {
    method: row.method, provisionalPercent: Number(row.provisional_percent), activity: row.activity ?? '', cnae: row.cnae ?? '',
    definitivePercent: row.definitive_percent === null || row.definitive_percent === undefined ? null : Number(row.definitive_percent),
  };
}

/** The company's prorrata of a year (`none` when it set none). */
/** What a model that did not declare `readsProrrata` gets as `input.prorrata`: reading it is a bug in the model, said so. */
export const undeclaredProrrata = (model: { code: string }): VatProrrata =>
  new Proxy({} as VatProrrata, { get: (_, property) => { throw new Error(`Tax model ${model.code} read the VAT prorrata (${String(property)}) without declaring readsProrrata`); } });

export async function vatProrrataOf(tx: Tx, year: number): Promise<VatProrrata> {
  const [row] = await tx.sql<ProrrataRow>(`select method, provisional_percent, activity, cnae, definitive_percent from company_vat_prorratas where tenant_id = :tenant and year = :year`, { year });
  return prorrataFromRow(row);
}

/**
 * Where each sale of the register stands in the prorrata's fraction (art. 104.Dos LIVA), by the
 * regime of its VAT type: with right to deduct (taxed domestic sales, exports, intra-EU supplies,
 * sales with reverse charge), or without (exempt, art. 20). Operations located elsewhere (not
 * subject, OSS, intra-EU services) give it only if they would in Spain (art. 94.Uno.2º), which the
 * register cannot tell: they are assumed to, and `definitive_percent` corrects a year where not.
 * Not counted: purchases, and any regime not listed.
 */
export const PRORRATA_REGIMES: Readonly<Record<string, 'with_right' | 'without_right'>> = {
  domestic: 'with_right', export: 'with_right', intra_eu: 'with_right', reverse_charge: 'with_right', not_subject: 'with_right', oss: 'with_right',
  exempt: 'without_right',
};

/** The year's operations as the prorrata counts them, and the percentage they give. */
export interface ProrrataOperations {
  /** The bases of every operation counted (the denominator). */
  total: Decimal;
  /** The bases of those that give the right to deduct (the numerator). */
  withRight: Decimal;
  /** withRight / total × 100, rounded up to the next whole unit (art. 104.Dos); null without operations. */
  percent: number | null;
}

/** The operations of the year from the register's sums grouped by `side` and `regime`. */
export function prorrataOperations(sums: readonly TaxRegisterSum[]): ProrrataOperations {
  let total = Decimal.zero(2), withRight = Decimal.zero(2);
  for (const sum of sums) {
    if (sum.key.side !== 'issued') continue;
    const place = PRORRATA_REGIMES[String(sum.key.regime)];
    if (!place) continue;
    const base = Decimal.parse(sum.base, 6).rescale(2);
    total = total.add(base);
    if (place === 'with_right') withRight = withRight.add(base);
  }
  return { total, withRight, percent: definitivePercent(withRight, total) };
}

/** The definitive percentage: the fraction × 100 rounded up to the next whole unit, within 0–100; null when the total is not positive. */
export function definitivePercent(withRight: Decimal, total: Decimal): number | null {
  const t = total.rescale(2).units, w = withRight.rescale(2).units;
  if (t <= 0n) return null;
  if (w <= 0n) return 0;
  if (w >= t) return 100;
  return Number((w * 100n + t - 1n) / t);
}

/** The year's definitive percentage: the one set by hand, else the operations', else (a year without operations) the provisional one. */
export const definitivePercentOf = (prorrata: VatProrrata, operations: ProrrataOperations): number =>
  prorrata.definitivePercent ?? operations.percent ?? prorrata.provisionalPercent;

/** The register's operations of a whole year (accounting dates). */
export async function yearOperations(tx: Tx, year: number): Promise<ProrrataOperations> {
  return prorrataOperations(await TaxRegisterSums.query(tx, { from: `${year}-01-01`, to: `${year}-12-31`, side: 'issued' }, ['side', 'regime']));
}

/**
 * Whether the year's purchases deducted less than their whole deductible VAT (some were registered
 * under a prorrata below 100 %): the register's received deductible quotas against their quotas.
 */
async function deductedShort(tx: Tx, year: number): Promise<boolean> {
  const sums = await TaxRegisterSums.query(tx, { from: `${year}-01-01`, to: `${year}-12-31`, side: 'received' }, ['side', 'deductible']);
  return sums.some((sum) => sum.key.deductible === true && Decimal.parse(sum.quota, 6).rescale(2).compare(Decimal.parse(sum.deductibleQuota, 6).rescale(2)) !== 0);
}

/**
 * Sets the prorrata of a year. Under `general` without a percentage, the provisional one is the
 * previous year's definitive percentage (art. 105.Uno), computed now from that year's register.
 * A year whose purchases were already deducted at less than 100 % cannot go back to `none`: only
 * the general prorrata's last period brings them to what the year may deduct (409).
 */
export async function saveVatProrrata(tx: Tx, year: number, body: { method: ProrrataMethod; provisional_percent?: number; activity?: string; cnae?: string; definitive_percent?: number }): Promise<VatProrrata> {
  let percent = 100;
  if (body.method === 'none') {
    if (body.provisional_percent !== undefined) throw ValidationFailed.field(['body', 'provisional_percent'], 'Without prorrata every deductible quota is deducted in full: give no provisional_percent');
    if (body.definitive_percent !== undefined) throw ValidationFailed.field(['body', 'definitive_percent'], 'Without prorrata there is no definitive percentage: give no definitive_percent');
    if (await deductedShort(tx, year)) {
      throw new Conflict(`Purchases of ${year} were registered deducting only part of their VAT under the prorrata: without it nothing would bring them back to the full deduction. `
        + 'Keep the method general (the last period regularises every purchase to the definitive percentage; give definitive_percent 100 if the year gives the right to deduct in full)');
    }
  } else if (body.provisional_percent !== undefined) {
    percent = body.provisional_percent;
  } else {
    const previous = await yearOperations(tx, year - 1);
    if (previous.percent === null) {
      throw new Unprocessable(`The register of ${year - 1} has no operations to give a definitive prorrata to start ${year} with: give provisional_percent (1–100)`);
    }
    if (previous.percent === 0) {
      throw new Unprocessable(`The definitive prorrata of ${year - 1} is 0 %, which cannot be a provisional percentage: give provisional_percent (1–100)`);
    }
    percent = previous.percent;
  }
  const next: VatProrrata = { method: body.method, provisionalPercent: percent, activity: body.activity ?? '', cnae: body.cnae ?? '', definitivePercent: body.definitive_percent ?? null };
  await tx.sql(`insert into company_vat_prorratas (tenant_id, year, method, provisional_percent, activity, cnae, definitive_percent)
    values (:tenant, :year, :method, :percent, :activity, :cnae, :definitive)
    on conflict (tenant_id, year) do update set method = excluded.method, provisional_percent = excluded.provisional_percent,
      activity = excluded.activity, cnae = excluded.cnae, definitive_percent = excluded.definitive_percent, updated_at = now()`,
  { year, method: next.method, percent: next.method === 'none' ? null : percent, activity: next.activity, cnae: next.cnae, definitive: next.definitivePercent });
  return next;
}

export async function exportVatProrratas(tx: Tx) {
  return tx.sql(`select year, method, provisional_percent, activity, cnae, definitive_percent, updated_at from company_vat_prorratas where tenant_id = :tenant order by year`);
}

export async function eraseVatProrratas(tx: Tx): Promise<void> {
  await tx.sql(`delete from company_vat_prorratas where tenant_id = :tenant`);
}

/** The year's prorrata as the last period regularises it (art. 105 LIVA). */
export interface ProrrataYear {
  method: ProrrataMethod;
  provisionalPercent: number;
  /** The year's definitive percentage (`definitivePercentOf`: set by hand, else the operations', else the provisional one). */
  definitivePercent: number;
  operations: ProrrataOperations;
  /** The year's VAT borne with the right to deduct, in full (received groups with a deductible quota), and what its returns deducted of it. */
  quotas: Decimal;
  deducted: Decimal;
  /** The part of `regularisation` on capital goods (the books put it on 6342/6392 rather than 6341/6391). */
  capitalGoodsRegularisation: Decimal;
  /**
   * The quotas at the definitive percentage less what was deducted, current goods and capital goods
   * each rounded to cents: the 303's box 44 of the last period, the 390's box 522.
   */
  regularisation: Decimal;
}

/** The groupings `prorrataYear` reads, over the whole year up to the last period's end. */
export const PRORRATA_SUMS_BY = ['side', 'regime', 'deductible', 'capitalGood'] as const;

/** The year's regularisation from its register sums grouped by `PRORRATA_SUMS_BY`; null when the year has no general prorrata. */
export function prorrataYear(prorrata: VatProrrata, sums: readonly TaxRegisterSum[]): ProrrataYear | null {
  if (prorrata.method !== 'general') return null;
  const operations = prorrataOperations(sums);
  const definitivePercent = definitivePercentOf(prorrata, operations);
  const zero = () => ({ quotas: Decimal.zero(2), deducted: Decimal.zero(2) });
  const parts = { current: zero(), capital: zero() };
  for (const sum of sums) {
    if (sum.key.side !== 'received' || sum.key.deductible !== true) continue;
    const part = sum.key.capitalGood === true ? parts.capital : parts.current;
    part.quotas = part.quotas.add(Decimal.parse(sum.quota, 6)).rescale(2);
    part.deducted = part.deducted.add(Decimal.parse(sum.deductibleQuota, 6)).rescale(2);
  }
  const regularise = (p: { quotas: Decimal; deducted: Decimal }) => deductiblePart(p.quotas, definitivePercent).sub(p.deducted).rescale(2);
  const capitalGoodsRegularisation = regularise(parts.capital);
  return {
    method: prorrata.method, provisionalPercent: prorrata.provisionalPercent, definitivePercent, operations,
    quotas: parts.current.quotas.add(parts.capital.quotas).rescale(2), deducted: parts.current.deducted.add(parts.capital.deducted).rescale(2),
    capitalGoodsRegularisation, regularisation: regularise(parts.current).add(capitalGoodsRegularisation).rescale(2),
  };
}

/** A `ProrrataYear` as the models' `details` show it. */
export const prorrataYearToJson = (y: ProrrataYear) => ({
  method: y.method, provisional_percent: y.provisionalPercent, definitive_percent: y.definitivePercent,
  operations: y.operations.total.toString(), operations_with_right: y.operations.withRight.toString(),
  quotas: y.quotas.toString(), deducted: y.deducted.toString(), regularisation: y.regularisation.toString(),
  regularisation_capital_goods: y.capitalGoodsRegularisation.toString(),
});
