import { Decimal } from '../../kernel/money';
import type { TaxRegisterSum } from '../documents/api';
import { BoxSheet, dec, type ModelResult } from '../tax-models/api';
import {
  BOXES_390, GROUPS_FROM_303, IMPORT_CAPITAL, IMPORT_CURRENT, INTERIOR_CAPITAL, INTERIOR_CURRENT, INTRA_EU_CAPITAL, INTRA_EU_CURRENT_GOODS, INTRA_EU_GOODS,
  INTRA_EU_SERVICES, INTRA_EU_SERVICES_DEDUCTIBLE, ORDINARY, SURCHARGE, TOTALS, type RatePairs,
} from './boxes';

/**
 * Modelo 390 from the year's tax register (pure: register sums in, boxes out), and its check
 * against the year's 303s. The register rows map to boxes as in the 303 (same side, kind, regime,
 * rate, capital-good and deductible columns), broken down further by rate where the 390 asks.
 */

/** Sales whose base the 390 asks for in one box, whatever the rate. */
const SALES_INFORMATION: Record<string, string> = { intra_eu: '103', export: '104', not_subject: '110', exempt: '105' };

const pairOf = (table: RatePairs, rate: string) => table.find(([r]) => r === rate);

/** One group of the register's sums, as the mapping reads it. */
export interface Group390 {
  side: string; kind: string; regime: string; rate: string; surchargeRate: string | null; capitalGood: boolean; deductible: boolean;
  base: string; quota: string; deductibleQuota: string; surcharge: string;
}

export const GROUPED_BY = ['side', 'kind', 'regime', 'rate', 'surchargeRate', 'capitalGood', 'deductible'] as const;

const rate2 = (rate: string | null) => (rate === null ? '' : dec(rate).rescale(2).toString());

export const groupOf = (sum: TaxRegisterSum): Group390 => ({
  side: String(sum.key.side), kind: String(sum.key.kind), regime: String(sum.key.regime), rate: rate2(sum.key.rate as string | null),
  surchargeRate: sum.key.surchargeRate == null ? null : rate2(sum.key.surchargeRate as string), capitalGood: sum.key.capitalGood === true, deductible: sum.key.deductible === true,
  base: sum.base, quota: sum.quota, deductibleQuota: sum.deductibleQuota, surcharge: sum.surcharge,
});

/** Intra-EU acquisitions of one rate: the 390 splits them into goods and services, which the register does not tell apart. */
export interface IntraEuAcquisition { rate: string; base: string; quota: string; deductible_base: string; deductible_quota: string }

export interface Boxes390 {
  boxes: BoxSheet;
  /** Intra-EU acquisitions that are not investment goods, by rate (303 boxes 10/11 and 36/37). */
  intraEu: IntraEuAcquisition[];
  /** Register groups no box of this plugin takes, described. */
  unmapped: string[];
}

/**
 * One intra-EU acquisition that is not an investment good, told goods or services by its purchase's
 * lines (the register does not say): the 390 has boxes for each, accrued and deductible.
 */
export interface IntraEuPart { nature: 'goods' | 'services'; rate: string; deductible: boolean; base: string; quota: string; deductibleQuota: string }

/**
 * The 390's boxes from the year's register sums. Intra-EU acquisitions of investment goods are
 * goods and come from the groups; the others come from `acquisitions`, split by nature (their
 * groups give the `intraEu` detail only). `prorrataRegularisation` is the year's regularisation to
 * the definitive prorrata ([522], the last 303's [44]; `prorrataYear` of tax-models);
 * `capitalGoodsRegularisation` the year's regularisation of the capital goods bought in the years
 * before ([63], the last 303's [43]; `capitalGoodsRegularisation` of tax-models).
 */
export function boxes390(groups: readonly Group390[], acquisitions: readonly IntraEuPart[] = [], prorrataRegularisation?: Decimal, capitalGoodsRegularisation?: Decimal): Boxes390 {
  const boxes = new BoxSheet();
  if (prorrataRegularisation) boxes.set('522', prorrataRegularisation);
  if (capitalGoodsRegularisation) boxes.set('63', capitalGoodsRegularisation);
  const unmapped: string[] = [];
  const intraEu = new Map<string, { base: Decimal; quota: Decimal; deductibleBase: Decimal; deductibleQuota: Decimal }>();
  const describe = (g: Group390, what: string) => `${g.side} ${g.kind} ${g.regime} ${what}`;
  const put = (table: RatePairs, rate: string, base: string, quota: string, g: Group390, what: string) => {
    const pair = pairOf(table, rate);
    if (pair) boxes.add(pair[1], base).add(pair[2], quota);
    else unmapped.push(describe(g, `${what} ${rate} %`));
  };

  for (const g of groups) {
    const rectifying = g.kind === 'rectification';
    if (g.side === 'issued') {
      const information = SALES_INFORMATION[g.regime];
      if (information) { boxes.add(information, g.base); continue; }
      if (g.regime !== 'domestic') { unmapped.push(describe(g, 'sales')); continue; }
      boxes.add('99', g.base);
      if (rectifying) boxes.add('29', g.base).add('30', g.quota);
      else put(ORDINARY, g.rate, g.base, g.quota, g, 'IVA');
      if (!dec(g.surcharge).isZero()) {
        if (rectifying) boxes.add('43', g.base).add('44', g.surcharge);
        else put(SURCHARGE, g.surchargeRate ?? '', g.base, g.surcharge, g, 'recargo de equivalencia');
      }
      continue;
    }
    const selfAssessed = g.regime === 'intra_eu' || g.regime === 'reverse_charge';
    if (rectifying) {
      if (selfAssessed) boxes.add('29', g.base).add('30', g.quota);
      if (g.deductible) boxes.add('639', g.base).add('62', g.deductibleQuota);
      continue;
    }
    if (g.regime === 'exempt') { boxes.add('230', g.base); continue; }
    if (!g.deductible && !dec(g.quota).isZero() && g.kind !== 'intra_eu_acquisition' && g.kind !== 'reverse_charge') { boxes.add('232', g.base); continue; }
    if (g.kind === 'intra_eu_acquisition') {
      if (g.capitalGood) {
        // goods: accrued (303 box 10/11) and, when deductible, deducted as an investment good (38/39)
        put(INTRA_EU_GOODS, g.rate, g.base, g.quota, g, 'IVA devengado');
        if (g.deductible) put(INTRA_EU_CAPITAL, g.rate, g.base, g.deductibleQuota, g, 'IVA');
      }
      const entry = intraEu.get(g.rate) ?? { base: Decimal.zero(2), quota: Decimal.zero(2), deductibleBase: Decimal.zero(2), deductibleQuota: Decimal.zero(2) };
      entry.base = entry.base.add(dec(g.base)).rescale(2);
      entry.quota = entry.quota.add(dec(g.quota)).rescale(2);
      if (g.deductible && !g.capitalGood) {
        entry.deductibleBase = entry.deductibleBase.add(dec(g.base)).rescale(2);
        entry.deductibleQuota = entry.deductibleQuota.add(dec(g.deductibleQuota)).rescale(2);
      }
      intraEu.set(g.rate, entry);
      continue;
    }
    if (g.kind === 'reverse_charge') boxes.add('27', g.base).add('28', g.quota);
    if (!g.deductible) continue;
    const table = g.kind === 'import' ? (g.capitalGood ? IMPORT_CAPITAL : IMPORT_CURRENT) : g.capitalGood ? INTERIOR_CAPITAL : INTERIOR_CURRENT;
    put(table, g.rate, g.base, g.deductibleQuota, g, 'IVA deducible');
  }
  for (const part of acquisitions) {
    const describePart = (what: string) => `received intra_eu_acquisition ${part.nature} ${what} ${part.rate} %`;
    const accrued = pairOf(part.nature === 'goods' ? INTRA_EU_GOODS : INTRA_EU_SERVICES, part.rate);
    if (accrued) boxes.add(accrued[1], part.base).add(accrued[2], part.quota);
    else unmapped.push(describePart('IVA devengado'));
    if (!part.deductible) continue;
    const deducted = pairOf(part.nature === 'goods' ? INTRA_EU_CURRENT_GOODS : INTRA_EU_SERVICES_DEDUCTIBLE, part.rate);
    if (deducted) boxes.add(deducted[1], part.base).add(deducted[2], part.deductibleQuota);
    else unmapped.push(describePart('IVA deducible'));
  }
  for (const total of TOTALS) boxes.set(total.box, boxes.sum(...total.of).sub(boxes.sum(...(total.less ?? []))));
  return {
    boxes, unmapped,
    intraEu: [...intraEu.entries()].sort(([a], [b]) => dec(a).compare(dec(b))).map(([rate, e]) => ({
      rate, base: e.base.toString(), quota: e.quota.toString(), deductible_base: e.deductibleBase.toString(), deductible_quota: e.deductibleQuota.toString(),
    })),
  };
}

/** What the 390 reads of each 303 of the year, in order: its declaration type, result and boxes. */
export interface Return303 { declarationType: string; result: string; boxes: Record<string, string> }

/**
 * The boxes the 390 takes from the year's 303s (section 9 and [85], [86]): [85] what the year
 * began with to compensate (the first 303's [110]); [95] the results to pay; [96] the refunds of
 * the periods before the last (monthly refund register); [97]/[98] the last period to compensate
 * (with what stays pending from before, its [87]) or to refund; [86] = [84] − [85]. When the 390
 * agrees with the 303s, [86] = [95] − [96] − [97] − [98] (`liquidationCheck`).
 */
export function liquidation390(boxes: BoxSheet, returns303: readonly Return303[]): void {
  const first = returns303[0], last = returns303[returns303.length - 1];
  const owed = (r: Return303) => dec(r.result).negate();
  boxes.set('85', first ? dec(first.boxes['110'] ?? '0') : Decimal.zero(2));
  boxes.set('86', boxes.get('84').sub(boxes.get('85')));
  boxes.set('95', returns303.filter((r) => r.declarationType === 'I').reduce((t, r) => t.add(dec(r.result)), Decimal.zero(2)));
  boxes.set('96', returns303.slice(0, -1).filter((r) => r.declarationType === 'D').reduce((t, r) => t.add(owed(r)), Decimal.zero(2)));
  boxes.set('97', last ? dec(last.boxes['87'] ?? '0').add(last.declarationType === 'C' ? owed(last) : Decimal.zero(2)) : Decimal.zero(2));
  boxes.set('98', last?.declarationType === 'D' ? owed(last) : Decimal.zero(2));
}

/** [86] against the 303s' results: equal when the year's returns and the 390 agree. */
export function liquidationCheck(boxes: BoxSheet): Check303 {
  const fromReturns = boxes.get('95').sub(boxes.sum('96', '97', '98')).rescale(2);
  const value = boxes.get('86').rescale(2);
  return { boxes_390: ['86'], boxes_303: ['95 − 96 − 97 − 98'], value_390: value.toString(), sum_303: fromReturns.toString(), equal: value.eq(fromReturns) };
}

/** One equality between the 390 and the sum of the year's 303s. */
export interface Check303 { boxes_390: string[]; boxes_303: string[]; value_390: string; sum_303: string; equal: boolean }

/**
 * Every equality the 390 keeps with the year's 303s: a box that repeats 303 boxes, and a group of
 * 390 boxes that breaks one 303 box down (by rate, by goods and services, by investment goods).
 */
export function checks303(result: Boxes390, returns303: readonly Record<string, string>[]): Check303[] {
  const sum303 = (boxes: readonly string[]) => returns303.reduce((total, r) => boxes.reduce((t, b) => t.add(dec(r[b] ?? '0')), total), Decimal.zero(2)).rescale(2);
  const check = (boxes390: readonly string[], boxes303: readonly string[], value: Decimal): Check303 => {
    const expected = sum303(boxes303);
    return { boxes_390: [...boxes390], boxes_303: [...boxes303], value_390: value.rescale(2).toString(), sum_303: expected.toString(), equal: value.rescale(2).eq(expected) };
  };
  return [
    ...BOXES_390.filter((b) => b.from303).map((b) => check([b.number], b.from303!, result.boxes.get(b.number))),
    ...GROUPS_FROM_303.map((g) => check(g.boxes390, g.boxes303, result.boxes.sum(...g.boxes390))),
  ];
}

export interface ExemptionInput {
  /** The company keeps its VAT books through the SII. */
  sii: boolean;
  /** Its only activities are renting urban property and/or the simplified VAT regime. */
  exemptingActivitiesOnly: boolean;
  /** The periodicity of its 303s that year. */
  periodicity303: string;
}

/** Why the company need not file the 390 of the year (it fills the last 303's annual boxes instead), or null when it must. */
export function exemption({ sii, exemptingActivitiesOnly, periodicity303 }: ExemptionInput): string | null {
  if (sii) return 'The company keeps its VAT record books through the SII (Suministro Inmediato de Información): exempt from the annual summary';
  if (exemptingActivitiesOnly && periodicity303 === 'quarterly') {
    return 'Quarterly 303 filer in territorio común whose only activities are renting urban property and/or the simplified regime: exempt from the 390; the annual information goes in the last 303 of the year';
  }
  return null;
}

/** The 390's result: informative (nothing to pay), `exempt` when the company need not file it. */
export function result390(boxes: Record<string, string>, exempt: boolean, details: Record<string, unknown>): ModelResult {
  const any = Object.values(boxes).some((v) => !dec(v).isZero());
  return { boxes, result: '0.00', declarationType: exempt ? 'exempt' : any ? 'I' : 'N', details };
}
