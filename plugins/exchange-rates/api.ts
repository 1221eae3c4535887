/**
 * What other plugins (documents, invoices, purchases, treasury, settlements) use from the
 * exchange-rates plugin, through `kernel.service('exchange-rates')` inside their own unit of work:
 *
 *   const fx = kernel.service('exchange-rates');
 *   const { rate, rate_date } = await fx.rateOn(tx, 'USD', '2027-02-06');   // the latest rate on or before that day
 *   const euros = await fx.toEuros(tx, money('1000.00'), 'USD', '2027-02-06'); // Decimal, to the cent
 *
 * Rates are units of the currency per one euro, as the ECB publishes them. A day without a rate
 * takes the latest earlier one (weekends, TARGET holidays); no rate at all on or before the day is
 * `Unprocessable` (422) naming the currency and the day. EUR is always 1. The table is each
 * company's own (tenant rows).
 */
import type { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';

export { ISO_4217, BOOK_CURRENCY, isCurrency } from './currencies';
export { convertToEuros, convertFromEuros, divide, parseRate, RATE_PATTERN } from './convert';

export const RATE_SOURCES = ['manual', 'ecb'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** The rate that applies on a day. */
export interface RateOnDay {
  currency: string;
  /** The day asked for. */
  date: string;
  /** The day the rate was published for (on or before `date`); equal to `date` for EUR. */
  rate_date: string;
  /** Units of `currency` per one euro, as stored ("1.0705"); "1" for EUR. */
  rate: string;
  source: RateSource | 'book';
}

export interface ExchangeRateService {
  /** The rate for `currency` on `date` (YYYY-MM-DD), or Unprocessable (422) when the table has none on or before it. */
  rateOn(tx: Tx, currency: string, date: string): Promise<RateOnDay>;
  /** `amount` in `currency` to euros at the rate of `date`, rounded to the cent half away from zero. */
  toEuros(tx: Tx, amount: Decimal, currency: string, date: string): Promise<Decimal>;
}

declare module '../../kernel/kernel' {
  interface Services { 'exchange-rates': ExchangeRateService }
}
export { exchangeRateService as ExchangeRates } from './service';
