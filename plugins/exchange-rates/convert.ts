import { Decimal } from '../../kernel/money';

/**
 * Pure conversion rules. A rate is what the ECB publishes: units of the currency per one euro
 * (USD 1.0705 means 1 EUR = 1.0705 USD), so
 *
 *   euros = amount / rate
 *
 * rounded once, to the cent, half away from zero: the nearest cent, and a result exactly half-way
 * between two cents goes to the larger absolute amount (the rule of the euro's introduction,
 * Regulation (EC) 1103/97 art. 5, and Spanish invoicing's). The division is exact (bigints) until
 * that single rounding; nothing passes through a JS number.
 */

/** The largest number of decimals a rate may carry (the ECB publishes at most five significant digits). */
export const RATE_MAX_DECIMALS = 10;
export const RATE_PATTERN = '^\\d{1,12}(\\.\\d{1,10})?$';

/** A rate from its decimal text, or null when it is not a positive decimal within the limits. */
export function parseRate(text: unknown): Decimal | null {
  if (typeof text !== 'string' || !new RegExp(RATE_PATTERN).test(text.trim())) return null;
  const rate = Decimal.parse(text.trim(), RATE_MAX_DECIMALS);
  return rate.isZero() ? null : rate;
}

/** `amount` (any scale) divided by `rate` (positive), rounded half away from zero to `scale` decimals. */
export function divide(amount: Decimal, rate: Decimal, scale = 2): Decimal {
  if (rate.isZero() || rate.isNegative()) throw new RangeError('A rate is positive');
  // amount.units / 10^a  ÷  rate.units / 10^r  =  amount.units · 10^r / (rate.units · 10^a)
  const shift = scale + rate.scale - amount.scale;
  let numerator = amount.units, denominator = rate.units;
  if (shift >= 0) numerator *= 10n ** BigInt(shift);
  else denominator *= 10n ** BigInt(-shift);
  const q = numerator / denominator, r = numerator % denominator;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const up = abs(r) * 2n >= denominator;
  return Decimal.of(up ? (numerator < 0n ? q - 1n : q + 1n) : q, scale);
}

/** An amount in a currency to euros at `rate` (units per euro), to the cent. */
export const convertToEuros = (amount: Decimal, rate: Decimal): Decimal => divide(amount, rate, 2);

/** Euros to an amount in a currency at `rate` (units per euro), to the cent (half away from zero). */
export const convertFromEuros = (euros: Decimal, rate: Decimal): Decimal => euros.mul(rate).round(2);
