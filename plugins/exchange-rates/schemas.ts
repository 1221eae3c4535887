import { t } from 'elysia';
import { literalUnion } from '../../kernel/schemas';
import { RATE_SOURCES } from './api';
import { RATE_PATTERN } from './convert';

const Currency = t.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 alphabetic code (validated against the list of active currencies; not EUR, whose rate is 1)', examples: ['USD'] });
const IsoDate = t.String({ format: 'date', description: 'YYYY-MM-DD', examples: ['2027-02-05'] });
const Rate = t.String({ pattern: RATE_PATTERN, description: 'Units of the currency per one euro, as the ECB publishes (USD "1.0705" means 1 EUR = 1.0705 USD); positive, at most 10 decimals', examples: ['1.0705'] });
const Source = literalUnion(RATE_SOURCES, { description: '`manual` (entered by hand) or `ecb` (imported from the ECB reference rates file)' });

export const ExchangeRateCreate = t.Object({
  currency: Currency,
  date: IsoDate,
  rate: Rate,
}, { additionalProperties: false });

export const ExchangeRateResponse = t.Object({
  id: t.String({ format: 'uuid' }),
  currency: t.String(),
  date: IsoDate,
  rate: t.String({ description: 'Units of the currency per one euro' }),
  source: Source,
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});

export const ExchangeRateLookup = t.Object({
  currency: t.String(),
  date: IsoDate,
  rate_date: t.String({ format: 'date', description: 'The day the rate was published for: the latest on or before `date` (a weekend or holiday takes the previous business day\'s)' }),
  rate: t.String({ description: 'Units of the currency per one euro ("1" for EUR)' }),
  source: t.String({ description: '`manual`, `ecb`, or `book` for EUR' }),
  amount: t.Optional(t.String({ description: 'The amount asked to convert, in the currency' })),
  euros: t.Optional(t.String({ description: '`amount` / `rate`, rounded to the cent half away from zero' })),
});

export const ExchangeRateImportResponse = t.Object({
  format: t.Literal('ecb'),
  days: t.Integer({ description: 'Days (Cube time) in the file' }),
  from: t.Union([IsoDate, t.Null()]),
  to: t.Union([IsoDate, t.Null()]),
  currencies: t.Array(t.String()),
  inserted: t.Integer({ description: 'Rates new to the table' }),
  updated: t.Integer({ description: 'Earlier ECB rates the file corrects' }),
  unchanged: t.Integer({ description: 'Rates the table already held with the same value' }),
  kept_manual: t.Integer({ description: 'Days the company entered a rate by hand for: kept, not overwritten' }),
  skipped_currencies: t.Array(t.String(), { description: 'Codes in the file that are no longer ISO 4217 currencies (e.g. HRK, CYP in the historical file): not stored' }),
});

export const ExchangeRateImportBody = t.Object({
  file: t.File({ description: 'The ECB euro foreign exchange reference rates XML: eurofxref-daily.xml, eurofxref-hist-90d.xml or eurofxref-hist.xml, as downloaded (nothing is fetched by the service)' }),
}, { $id: 'Body_import_exchange_rates_api_v1_exchange_rates_import_post' });

export const ExchangeRateListQuery = t.Object({
  currency: t.Optional(Currency),
  from: t.Optional(t.String({ format: 'date', description: 'Rates of this day or later' })),
  to: t.Optional(t.String({ format: 'date', description: 'Rates of this day or earlier' })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
});

export const ExchangeRateLookupQuery = t.Object({
  currency: Currency,
  date: t.String({ format: 'date', description: 'The day the rate is wanted for (an accrual date, an operation date)' }),
  amount: t.Optional(t.String({ pattern: '^-?\\d{1,15}(\\.\\d{1,2})?$', description: 'An amount in the currency to convert to euros' })),
});

export const exchangeRateModels = {
  ExchangeRateCreate, ExchangeRateResponse, ExchangeRateLookup, ExchangeRateImportResponse,
  PaginatedResponse_ExchangeRateResponse_: t.Object({ items: t.Array(ExchangeRateResponse), total: t.Integer({ minimum: 0 }), limit: t.Integer(), offset: t.Integer() }),
};
