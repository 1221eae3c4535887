import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { Decimal, money } from '../../kernel/money';
import { noContent } from '../../kernel/openapi';
import { queryBounds } from '../../kernel/query-bounds';
import { convertToEuros } from './convert';
import { parseEcbFile, ECB_LIMITS } from './ecb';
import { Rates, rateToJson } from './rates';
import { ExchangeRateImportBody, ExchangeRateListQuery, ExchangeRateLookupQuery, exchangeRateModels } from './schemas';

const tags = ['exchange-rates'];
const RateParams = t.Object({ rate_id: t.String({ format: 'uuid' }) });

export const exchangeRateRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:exchange-rates' })
    .use(kernel.http)
    .model(exchangeRateModels)
    .get('/exchange-rates', async ({ uow, query }) => {
      const limit = query.limit ?? 50, offset = query.offset ?? 0;
      const page = await uow.run((tx) => Rates.list(tx, { currency: query.currency, from: query.from, to: query.to, limit, offset }));
      return { items: page.items.map(rateToJson), total: page.total, limit, offset };
    }, {
      permission: 'exchange-rates.read', query: ExchangeRateListQuery, transform: queryBounds(ExchangeRateListQuery),
      response: { 200: 'PaginatedResponse_ExchangeRateResponse_' },
      detail: { summary: 'The company\'s exchange-rate table, newest day first; optional filter by currency and period', tags },
    })
    .get('/exchange-rates/lookup', async ({ uow, query }) => uow.run(async (tx) => {
      const found = await Rates.rateOn(tx, query.currency, query.date);
      if (query.amount === undefined) return found;
      const amount = money(query.amount);
      const euros = found.source === 'book' ? amount : convertToEuros(amount, Decimal.parse(found.rate, 20));
      return { ...found, amount: amount.toString(), euros: euros.toString() };
    }), {
      permission: 'exchange-rates.read', query: ExchangeRateLookupQuery, response: { 200: 'ExchangeRateLookup' },
      detail: {
        summary: 'The rate that applies on a day: the latest one on or before it (weekends and holidays take the previous business day\'s); '
          + 'with `amount`, its euro equivalent (amount / rate, to the cent half away from zero). 422 naming the currency and the day when the table has none',
        tags,
      },
    })
    .get('/exchange-rates/:rate_id', async ({ uow, params }) => rateToJson(await uow.run((tx) => Rates.get(tx, params.rate_id))), {
      permission: 'exchange-rates.read', params: RateParams, response: { 200: 'ExchangeRateResponse' },
      detail: { summary: 'One rate of the table', tags },
    })
    .post('/exchange-rates', async ({ uow, body, set }) => {
      const row = await uow.run((tx) => Rates.create(tx, body));
      set.status = 201;
      return rateToJson(row);
    }, {
      permission: 'exchange-rates.write', body: 'ExchangeRateCreate', response: { 201: 'ExchangeRateResponse' },
      detail: { summary: 'Enter a rate by hand (e.g. the bank\'s rate of a day): ISO 4217 currency, day, units per euro; 409 when the day already has one', tags },
    })
    .delete('/exchange-rates/:rate_id', async ({ uow, params, set }) => {
      await uow.run((tx) => Rates.remove(tx, params.rate_id));
      set.status = 204;
    }, {
      permission: 'exchange-rates.write', params: RateParams,
      detail: { summary: 'Delete a rate (documents already converted keep the rate they were converted at)', tags, responses: noContent },
    })
    .post('/exchange-rates/import', async ({ uow, body }) => {
      const bytes = new Uint8Array(await body.file.arrayBuffer());
      const file = parseEcbFile(bytes);
      return uow.run((tx) => Rates.importEcb(tx, file));
    }, {
      permission: 'exchange-rates.write', body: ExchangeRateImportBody, maxBodyBytes: ECB_LIMITS.maxBytes + 64 * 1024,
      response: { 200: 'ExchangeRateImportResponse' },
      detail: {
        summary: 'Import the ECB\'s euro foreign exchange reference rates XML (daily or historical file, uploaded: nothing is fetched). '
          + 'New rates are added, corrected ECB rates updated, rates entered by hand kept; currencies no longer in ISO 4217 are skipped and listed',
        tags,
      },
    });
