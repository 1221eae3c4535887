import { Decimal } from '../../kernel/money';

/**
 * Amounts as Spanish invoices print them: "1.234,56", "1234,56", "-12,00", "1 234,56"; also the
 * point-decimal "1234.56" of tickets and foreign suppliers when no comma decimal is present; and
 * "4.364.00", a Spanish amount whose decimal comma OCR read as a point; and the Swiss "3'493.00".
 */
const AMOUNT = /(?<![\d.,])-?(?:\d{1,3}(?:[. ]\d{3})+|\d+),\d{2}(?![\d])|(?<![\d.,])-?(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2}(?!\d|[.,]\d)|(?<![\d.,])-?\d{1,3}(?:\.\d{3})+\.\d{2}(?![\d]|[.,]\d)|(?<![\d.,'’])-?\d{1,3}(?:['’]\d{3})+\.\d{2}(?![\d]|[.,]\d)/g;
/** Something printed with its cents ("12,50", "1.234,56 €"), as a row of a table or a summary holds and a party's block does not. */
export const WITH_CENTS = /\d[.,]\d{2}(?![\d.,])/;
/** Thousands grouped by points and the decimal comma read as one more point ("4.364.00", as OCR reads 4.364,00). */
const POINTS_ONLY = /^-?\d{1,3}(?:\.\d{3})+\.\d{2}$/;

/** The minus an old accounting program prints after the figures ("1.309,60-"), never one joining a range. */
const TRAILING_MINUS = /^-(?![\d])/;

export function amountsIn(text: string): Decimal[] {
  return [...text.matchAll(AMOUNT)].flatMap((m) => {
    const amount = parseAmount(m[0]);
    if (!amount) return [];
    return TRAILING_MINUS.test(text.slice(m.index! + m[0].length)) && !amount.isNegative() ? [amount.negate()] : [amount];
  });
}

export function parseAmount(raw: string): Decimal | null {
  const text = raw.trim();
  const comma = /,\d{2}$/.test(text);
  const plain = comma ? text.replace(/[. ]/g, '').replace(',', '.') : POINTS_ONLY.test(text) ? text.replace(/\.(?=.*\.)/g, '') : text.replace(/[,'’]/g, '');
  if (!/^-?\d+\.\d{2}$/.test(plain)) return null;
  return Decimal.parse(plain).rescale(2);
}

/** The rates of Spanish VAT, the Canaries' IGIC and Ceuta and Melilla's IPSI that a quota printed without its rate, or a bare number, may be. */
export const KNOWN_VAT_RATES: readonly Decimal[] = ['21', '10', '4', '5', '2', '7', '3', '9.5', '15', '20'].map((r) => Decimal.parse(r).rescale(2));

/** A rate's number as printed: "21", "5,2", "1.75", "21,000" (a web shop's three decimals). */
const RATE_NUMBER = String.raw`\d{1,2}(?:[.,]\d{1,2}0?)?`;
/** Percentages such as "21%", "21 %", "5,2%", "1.75 %", "21,000 %". */
export const PERCENTAGE = new RegExp(String.raw`(${RATE_NUMBER})\s*%`, 'g');
const RATE_CELL = new RegExp(String.raw`^(${RATE_NUMBER})\s*%?$`);
const rateOf = (number: string) => Decimal.parse(number.replace(',', '.')).rescale(2);

export function ratesIn(text: string): Decimal[] {
  return [...text.matchAll(PERCENTAGE)].map((m) => rateOf(m[1]));
}

/** A cell holding a rate and nothing else ("21", "10 %"): the rate, else null. */
export function rateOfCell(text: string | undefined): Decimal | null {
  const m = text?.trim().match(RATE_CELL);
  return m ? rateOf(m[1]) : null;
}

/** a ≈ b within one cent per term (rounding on each line of the invoice). */
export const near = (a: Decimal, b: Decimal, cents = 1) => {
  const diff = a.sub(b);
  const abs = diff.isNegative() ? diff.negate() : diff;
  return abs.compare(Decimal.parse(`0.${String(cents).padStart(2, '0')}`)) <= 0;
};
