import type { TaxRegisterSum } from '../documents/api';
import { BoxSheet, capitalGoodsYearToJson, dec, max, min, PRORRATA_SUMS_BY, prorrataYear, prorrataYearToJson, type ModelInput, type ModelResult, type TaxPeriod } from '../tax-models/api';
import { BOXES_303 } from './boxes';
import { options303 } from './options';

/**
 * Modelo 303 from the tax register. The mapping from register rows to boxes is this model's own
 * (nothing is read from the tax types but their rate and regime as the register recorded them):
 *
 * - issued documents: domestic VAT by rate into 150–155, 165–167, 01–09; recargo de equivalencia
 *   by its rate into 156–158, 168–170, 16–24; exempt intra-EU supplies 59, exports 60, not subject
 *   by location 120 (123 under the one-stop shop), sales where the customer self-assesses 122;
 * - received documents: intra-EU acquisitions self-assessed in 10/11 and deducted in 36/37 (38/39
 *   capital goods); other reverse charge in 12/13 and 28/29 (30/31); imports 32/33 (34/35); other
 *   deductible VAT 28/29 (30/31); non-deductible VAT feeds no box;
 * - rectifying documents never go to the ordinary boxes: sales to 14/15 (recargo 25/26), purchases
 *   to 40/41, reverse-charge purchases to both, each with its own sign (a reduction is negative).
 * - under the general prorrata the register's deductible quotas are already at the provisional
 *   percentage (the purchase's registration deducted so much); the bases stay whole. The last
 *   period of the year adds box 44: the year's quotas with the right to deduct at the definitive
 *   percentage, less what the year deducted (`prorrataYear`, tax-models).
 * - the last period also adds box 43: the regularisation of the capital goods bought in the years
 *   before (arts. 107–109 LIVA; `capitalGoodsRegularisation`, tax-models), shown good by good in
 *   `details.capital_goods`.
 */

type Pair = readonly [base: string, quota: string];

const SALES_BY_RATE: Record<string, Pair> = {
  '0.00': ['150', '152'], '2.00': ['165', '167'], '4.00': ['01', '03'], '5.00': ['153', '155'], '7.50': ['153', '155'], '10.00': ['04', '06'], '21.00': ['07', '09'],
};

const FOURTH_QUARTER_2024 = (p: TaxPeriod) => p.from >= '2024-10-01' && p.to <= '2024-12-31';

/** Recargo de equivalencia by its rate; 0.5 % moved to 168–170 from October 2024 (before, with the temporary rates, it sat in 16–18). */
function surchargeBoxes(rate: string, period: TaxPeriod): Pair | undefined {
  switch (rate) {
    case '5.20': return ['22', '24'];
    case '1.40': return ['19', '21'];
    case '1.75': return ['156', '158'];
    case '0.26': return ['168', '170'];
    case '0.50': return period.from >= '2024-10-01' ? ['168', '170'] : ['16', '18'];
    case '0.00': case '0.62': case '1.00': return ['16', '18'];
    default: return undefined;
  }
}

/** Boxes for the information of exempt, not subject and reverse-charge sales (base only). */
const SALES_INFORMATION: Record<string, string> = { intra_eu: '59', export: '60', not_subject: '120', reverse_charge: '122', oss: '123' };

const rate2 = (rate: string | null) => (rate === null ? null : dec(rate).rescale(2).toString());

/** What the mapping needs of the register: its amounts summed by these columns (in the database; a quarter may hold millions of rows). */
const GROUPED_BY = ['side', 'kind', 'regime', 'rate', 'surchargeRate', 'capitalGood', 'deductible'] as const;

interface Group {
  side: string; kind: string; regime: string; rate: string; surchargeRate: string | null; capitalGood: boolean; deductible: boolean;
  base: string; quota: string; deductibleQuota: string; surcharge: string;
}

const groupOf = (sum: TaxRegisterSum): Group => ({
  side: String(sum.key.side), kind: String(sum.key.kind), regime: String(sum.key.regime), rate: String(sum.key.rate),
  surchargeRate: (sum.key.surchargeRate as string | null) ?? null, capitalGood: sum.key.capitalGood === true, deductible: sum.key.deductible === true,
  base: sum.base, quota: sum.quota, deductibleQuota: sum.deductibleQuota, surcharge: sum.surcharge,
});
const describe = (g: Group) => `${g.side} ${g.kind} ${g.regime}`;

export async function compute303({ period, sums, sumsOver, previous, options, prorrata, capitalGoods }: ModelInput): Promise<ModelResult> {
  const rows = (await sums(GROUPED_BY)).map(groupOf);
  const boxes = new BoxSheet();
  const unmapped: string[] = [];
  const surchargeRates = new Set<string>();

  const addSurcharge = (row: Group, rectifying: boolean) => {
    if (dec(row.surcharge).isZero()) return;
    if (rectifying) { boxes.add('25', row.base).add('26', row.surcharge); return; }
    const rate = rate2(row.surchargeRate) ?? '';
    const pair = surchargeBoxes(rate, period);
    if (!pair) { unmapped.push(`${describe(row)}: recargo de equivalencia ${rate} %`); return; }
    surchargeRates.add(rate);
    boxes.add(pair[0], row.base).add(pair[1], row.surcharge);
  };

  for (const row of rows) {
    const rectifying = row.kind === 'rectification';
    // deductible and non-deductible VAT apart: only the former feeds the deductible boxes, base included
    const deductible = row.deductible;
    if (row.side === 'issued') {
      const information = SALES_INFORMATION[row.regime];
      if (information) boxes.add(information, row.base);
      else if (row.regime === 'domestic') {
        const pair = rectifying ? (['14', '15'] as const) : SALES_BY_RATE[rate2(row.rate)!];
        if (pair) boxes.add(pair[0], row.base).add(pair[1], row.quota);
        else unmapped.push(`${describe(row)}: IVA ${row.rate} %`);
        addSurcharge(row, rectifying);
      }
      // exempt sales (art. 20) appear only in the annual volume of operations
      continue;
    }
    const selfAssessed = row.regime === 'intra_eu' || row.regime === 'reverse_charge';
    if (rectifying) {
      if (selfAssessed) boxes.add('14', row.base).add('15', row.quota);
      if (deductible) boxes.add('40', row.base).add('41', row.deductibleQuota);
      continue;
    }
    if (row.kind === 'intra_eu_acquisition') boxes.add('10', row.base).add('11', row.quota);
    if (row.kind === 'reverse_charge') boxes.add('12', row.base).add('13', row.quota);
    if (!deductible) continue;
    const [base, quota] = row.kind === 'intra_eu_acquisition' ? (row.capitalGood ? ['38', '39'] : ['36', '37'])
      : row.kind === 'import' ? (row.capitalGood ? ['34', '35'] : ['32', '33'])
        : row.capitalGood ? ['30', '31'] : ['28', '29'];
    boxes.add(base, row.base).add(quota, row.deductibleQuota);
  }

  setRates(boxes, period, surchargeRates);
  boxes.set('27', boxes.sum('152', '167', '03', '155', '06', '09', '11', '13', '15', '158', '170', '18', '21', '24', '26'));
  // 42 (REAGP compensations) is a regularisation the register does not know: zero;
  // 44 regularises the year's deductions to the definitive prorrata in its last period
  const yearly = period.last && prorrata.method === 'general'
    ? prorrataYear(prorrata, await sumsOver({ from: `${period.year}-01-01`, to: period.to }, PRORRATA_SUMS_BY))
    : null;
  if (yearly) boxes.set('44', yearly.regularisation);
  // 43 regularises, in the last period, the capital goods of the years before (arts. 107–109), whatever this year's method
  const capital = period.last ? await capitalGoods() : null;
  if (capital) boxes.set('43', capital.total);
  const capitalDetails = capital?.goods.length ? capitalGoodsYearToJson(capital) : null;
  boxes.set('45', boxes.sum('29', '31', '33', '35', '37', '39', '41', '42', '43', '44'));
  boxes.set('46', boxes.get('27').sub(boxes.get('45')));
  boxes.set('64', boxes.sum('46', '76'));
  boxes.set('65', '100.00'); // territorio común: all to the State
  boxes.set('66', boxes.get('64'));

  // what the previous period left to compensate: its own pending [87] and, when it was a C, its negative result
  const carried = previous ? dec(previous.boxes['87']).add(previous.declarationType === 'C' ? dec(previous.result).negate() : dec('0')) : dec('0');
  boxes.set('110', carried);
  const available = boxes.sum('66', '77', '68', '108');
  const { redeme, last_period_negative } = options303(options);
  // a refund (D: REDEME, or the last period when the company asks for it) includes all that is pending, so nothing stays in 87
  const refundable = redeme || (period.last && last_period_negative === 'refund');
  const refund = refundable && available.sub(carried).isNegative();
  boxes.set('78', refund ? carried : min(carried, max(available, dec('0'))));
  boxes.set('87', boxes.get('110').sub(boxes.get('78')));
  boxes.set('69', available.sub(boxes.get('78')));
  // 112 (from 2026: the payment on account of fuel deliveries out of a tax warehouse, Orden HAC/27/2026) is deducted;
  // the register does not know such payments, so it is zero
  boxes.set('71', boxes.get('69').sub(boxes.get('70')).add(boxes.get('109')).sub(boxes.get('112')));

  const result = boxes.get('71');
  const declarationType = result.isZero() ? 'N' : !result.isNegative() ? 'I' : refundable ? 'D' : 'C';
  return {
    boxes: boxes.toRecord(BOXES_303), result: result.toString(), declarationType,
    ...(unmapped.length || yearly || capitalDetails ? {
      details: { ...(unmapped.length ? { unmapped } : {}), ...(yearly ? { prorrata: prorrataYearToJson(yearly) } : {}), ...(capitalDetails ? { capital_goods: capitalDetails } : {}) },
    } : {}),
  };
}

/** The rate (tipo) boxes: constants of the form, and the temporary rates where the period had them. */
function setRates(boxes: BoxSheet, period: TaxPeriod, surchargeRates: Set<string>): void {
  const fourth2024 = FOURTH_QUARTER_2024(period);
  const before = period.to < '2024-10-01';
  boxes.set('151', '0.00').set('02', '4.00').set('05', '10.00').set('08', '21.00');
  boxes.set('166', fourth2024 ? '2.00' : '0.00');
  boxes.set('154', before ? '5.00' : fourth2024 ? '7.50' : '0.00');
  boxes.set('157', '1.75').set('20', '1.40').set('23', '5.20');
  boxes.set('17', fourth2024 ? '1.00' : before ? ([...surchargeRates].find((r) => ['0.62', '0.50'].includes(r)) ?? '0.00') : '0.00');
  boxes.set('169', period.from >= '2025-01-01' ? '0.50' : fourth2024 ? (surchargeRates.has('0.26') ? '0.26' : '0.50') : '0.00');
}
