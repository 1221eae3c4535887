import type { ExchangeRateService } from './api';
import { convertToEuros } from './convert';
import { Decimal } from '../../kernel/money';
import { Rates } from './rates';

/** The service other plugins get through `kernel.service('exchange-rates')` (contract in ./api.ts). */
export const exchangeRateService: ExchangeRateService = {
  rateOn: (tx, currency, date) => Rates.rateOn(tx, currency, date),
  async toEuros(tx, amount, currency, date) {
    const found = await Rates.rateOn(tx, currency, date);
    return found.source === 'book' ? amount.round(2) : convertToEuros(amount, Decimal.parse(found.rate, 20));
  },
};
