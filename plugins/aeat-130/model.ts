import { Decimal } from '../../kernel/money';
import { DESIGNS_130, file130 } from './file';
import { BoxSheet, dec, max, min, type BoxDefinition, type BoxKind, type ModelInput, type ModelResult, type TaxModel, type TaxPeriod, type TaxProfile, standardDueDate } from '../tax-models/api';

const box = (number: string, label: string, kind: BoxKind = 'amount'): BoxDefinition => ({ number, label, kind });

/** The boxes of modelo 130 (pago fraccionado del IRPF, actividades económicas en estimación directa). */
export const BOXES_130: readonly BoxDefinition[] = [
  box('01', 'Actividades distintas de las agrícolas…: ingresos computables del año hasta el fin del trimestre'),
  box('02', 'Gastos fiscalmente deducibles del año hasta el fin del trimestre'),
  box('03', 'Rendimiento neto ([01] − [02])', 'signed'),
  box('04', '20 % del importe de la casilla [03] (cero si no es positivo)'),
  box('05', 'A deducir: de los trimestres anteriores, suma de los importes positivos de la casilla [07]'),
  box('06', 'A deducir: retenciones e ingresos a cuenta soportados en el año hasta el fin del trimestre'),
  box('07', 'Pago fraccionado previo del trimestre ([04] − [05] − [06])', 'signed'),
  box('08', 'Actividades agrícolas, ganaderas, forestales y pesqueras: volumen de ingresos del trimestre'),
  box('09', '2 % del importe de la casilla [08]'),
  box('10', 'A deducir: retenciones e ingresos a cuenta soportados en el trimestre (agrícolas…)'),
  box('11', 'Pago fraccionado previo del trimestre ([09] − [10])', 'signed'),
  box('12', 'Suma de pagos fraccionados previos del trimestre ([07] + [11], cero si no es positiva)'),
  box('13', 'A deducir: minoración por aplicación de la deducción del artículo 110.3 c) del Reglamento', 'signed'),
  box('14', 'Diferencia ([12] − [13])', 'signed'),
  box('15', 'A deducir: resultados negativos de trimestres anteriores del mismo año'),
  box('16', 'A deducir: pago de préstamos para la adquisición o rehabilitación de la vivienda habitual'),
  box('17', 'Total ([14] − [15] − [16])', 'signed'),
  box('18', 'A deducir (solo en autoliquidación complementaria): resultado de las anteriores del mismo período'),
  box('19', 'Resultado de la autoliquidación ([17] − [18])', 'signed'),
];

const ZERO = () => Decimal.zero(2);
const TWENTY = Decimal.parse('20');

/** What a 130 hands the next quarter of the year (in `details`, read back through the contract's `previous`). */
interface Carried {
  /** Σ of the positive [07] of the quarters so far: the next quarter's [05]. */
  positive_07: string;
  /** Negative results ([19]) of the quarters so far not yet deducted: the next quarter's [15] at most. */
  negatives_pending: string;
}

/** The figures the books give from the 1st of January to the end of the quarter. */
export interface YearToDate {
  /** Group 7 (ventas e ingresos): Σcredit − Σdebit. */
  income: Decimal;
  /** Group 6 (compras y gastos): Σdebit − Σcredit. */
  expenses: Decimal;
  /** IRPF withheld from the company on its sales invoices (issued side of the tax register). */
  withholdings: Decimal;
}

/**
 * A quarter's boxes from the year-to-date figures and what the earlier quarters of the year carried
 * (null for the first). Pure: the test works it by hand.
 *  [04] = 20 % of [03] when positive; [05] = Σ positive [07] before; [07] = [04] − [05] − [06];
 *  [12] = [07] + [11] (no agricultural activity: [11] = 0), zero when not positive; [13], [16] and
 *  [18] are not computed (zero); [15] = the negative results of earlier quarters not yet deducted,
 *  at most [14]; [19] = [17] − [18].
 */
export function boxes130(ytd: YearToDate, carried: Carried | null): { boxes: BoxSheet; next: Carried } {
  const boxes = new BoxSheet();
  boxes.set('01', ytd.income).set('02', ytd.expenses);
  const net = ytd.income.sub(ytd.expenses);
  boxes.set('03', net);
  boxes.set('04', net.isNegative() ? ZERO() : net.percent(TWENTY));
  const earlier = carried ? dec(carried.positive_07) : ZERO();
  boxes.set('05', earlier).set('06', ytd.withholdings);
  const previous07 = boxes.get('04').sub(boxes.get('05')).sub(boxes.get('06'));
  boxes.set('07', previous07);
  boxes.set('12', max(previous07.add(boxes.get('11')), ZERO()));
  boxes.set('14', boxes.get('12').sub(boxes.get('13')));
  const pending = carried ? dec(carried.negatives_pending) : ZERO();
  boxes.set('15', min(pending, max(boxes.get('14'), ZERO())));
  boxes.set('17', boxes.get('14').sub(boxes.get('15')).sub(boxes.get('16')));
  const result = boxes.get('17').sub(boxes.get('18'));
  boxes.set('19', result);
  const next: Carried = {
    positive_07: earlier.add(max(previous07, ZERO())).rescale(2).toString(),
    negatives_pending: pending.sub(boxes.get('15')).add(result.isNegative() ? result.negate() : ZERO()).rescale(2).toString(),
  };
  return { boxes, next };
}

/** The year's first day to the quarter's last: what the 130 adds up. */
const yearToDate = (period: TaxPeriod) => ({ from: `${period.year}-01-01`, to: period.to });

/** Groups 6 and 7 from the ledger (year-end entries left out) and the withholdings borne from the tax register, year to date. */
export async function yearToDateOf(input: Pick<ModelInput, 'period' | 'accountTotals' | 'sumsOver'>): Promise<YearToDate> {
  const range = yearToDate(input.period);
  const groups = await input.accountTotals({ ...range, level: 1 });
  const group = (code: string) => groups.find((g) => g.account === code) ?? { debit: ZERO(), credit: ZERO() };
  const [issued] = await input.sumsOver(range, [], { side: 'issued' });
  return {
    income: group('7').credit.sub(group('7').debit).rescale(2),
    expenses: group('6').debit.sub(group('6').credit).rescale(2),
    withholdings: issued ? dec(issued.withholding).rescale(2) : ZERO(),
  };
}

export async function compute130(input: ModelInput): Promise<ModelResult> {
  const ytd = await yearToDateOf(input);
  const carried = (input.previous?.details?.carried as Carried | undefined) ?? null;
  const { boxes, next } = boxes130(ytd, carried);
  const result = boxes.get('19');
  return {
    boxes: boxes.toRecord(BOXES_130), result: result.toString(),
    // I a ingresar; N negativa (nothing to pay); B a deducir, a negative result before the last quarter
    declarationType: result.compare(ZERO()) > 0 ? 'I' : result.isNegative() && !input.period.last ? 'B' : 'N',
    details: { year_to_date: yearToDate(input.period), carried: next },
  };
}

/** Only an autónomo (persona física) in estimación directa files the 130. */
export function applies130(profile: TaxProfile): string | null {
  if (profile.legalForm === 'company') return 'modelo 130 is filed by individuals (autónomos) in estimación directa; a company (sociedad) pays corporate income tax instead';
  if (profile.legalForm === 'entity') return 'an entidad en atribución de rentas does not file modelo 130: each member files it for their share of the income';
  if (profile.irpfMethod !== 'directa_normal' && profile.irpfMethod !== 'directa_simplificada') return 'modelo 130 is for individuals whose IRPF method is estimación directa';
  return null;
}

export const MODEL_130: TaxModel = {
  code: '130',
  name: 'Pago fraccionado del IRPF: actividades económicas en estimación directa',
  periodicities: ['quarterly'],
  designs: DESIGNS_130.map((d) => ({ from: d.from, to: d.to, version: d.version })),
  boxes: BOXES_130,
  chained: true,
  compute: compute130,
  sumsOnly: true,
  applies: applies130,
  file: file130,
  // the fourth quarter is filed until the 30th of January
  dueDate: (period) => (period.index === 4 ? `${period.year + 1}-01-30` : standardDueDate(period)),
};
