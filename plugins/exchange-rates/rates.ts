import { Conflict, NotFound, Unprocessable, ValidationFailed, type FieldError } from '../../kernel/errors';
import { pgArray } from '../../kernel/sql-params';
import type { Tx } from '../../kernel/uow';
import { isIsoDate } from '../ledger/api';
import type { RateOnDay, RateSource } from './api';
import { BOOK_CURRENCY, isCurrency } from './currencies';
import { parseRate } from './convert';
import type { EcbFile } from './ecb';

export interface RateRow { id: string; currency: string; date: string; rate: string; source: RateSource; created_at: unknown; updated_at: unknown }

const COLUMNS = `id::text as id, currency, rate_date::text as date, rate::text as rate, source, created_at, updated_at`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export const rateToJson = (row: RateRow) => ({
  id: row.id, currency: row.currency, date: row.date, rate: row.rate, source: row.source, created_at: iso(row.created_at), updated_at: iso(row.updated_at),
});

export interface ImportSummary {
  format: 'ecb';
  days: number;
  from: string | null;
  to: string | null;
  currencies: string[];
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rates entered by hand for a day the file also covers: kept (a deliberate choice is not overwritten). */
  kept_manual: number;
  skipped_currencies: string[];
}

/** A currency code for a query, upper-cased; field error when not ISO 4217. */
function checkCurrency(raw: unknown, errors: FieldError[], loc: (string | number)[]): string {
  const code = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  if (!isCurrency(code)) errors.push({ loc, msg: 'Not an active ISO 4217 currency code (e.g. USD, GBP, CHF)', type: 'value_error.currency' });
  else if (code === BOOK_CURRENCY) errors.push({ loc, msg: 'The euro is the books\' currency: its rate is always 1', type: 'value_error.currency' });
  return code;
}

export const Rates = {
  async list(tx: Tx, query: { currency?: string; from?: string; to?: string; limit: number; offset: number }): Promise<{ items: RateRow[]; total: number }> {
    const errors: FieldError[] = [];
    const params: Record<string, unknown> = { limit: query.limit, offset: query.offset };
    let where = 'tenant_id = :tenant';
    if (query.currency !== undefined) { params.currency = checkCurrency(query.currency, errors, ['query', 'currency']); where += ' and currency = :currency'; }
    if (query.from !== undefined) { where += ' and rate_date >= :from::date'; params.from = query.from; }
    if (query.to !== undefined) { where += ' and rate_date <= :to::date'; params.to = query.to; }
    if (errors.length) throw new ValidationFailed(errors);
    const [count] = await tx.sql<{ n: number }>(`select count(*)::int as n from exchange_rates where ${where}`, params);
    const items = await tx.sql<RateRow>(`select ${COLUMNS} from exchange_rates where ${where} order by rate_date desc, currency limit :limit offset :offset`, params);
    return { items, total: Number(count.n) };
  },

  async get(tx: Tx, id: string): Promise<RateRow> {
    if (!UUID.test(id)) throw new NotFound('Exchange rate not found');
    const [row] = await tx.sql<RateRow>(`select ${COLUMNS} from exchange_rates where tenant_id = :tenant and id = :id::uuid`, { id });
    if (!row) throw new NotFound('Exchange rate not found');
    return row;
  },

  /** A rate entered by hand; 409 when the company already has one for that currency and day. */
  async create(tx: Tx, input: { currency: string; date: string; rate: string }): Promise<RateRow> {
    const errors: FieldError[] = [];
    const currency = checkCurrency(input.currency, errors, ['body', 'currency']);
    if (!isIsoDate(input.date)) errors.push({ loc: ['body', 'date'], msg: 'Not a valid date (YYYY-MM-DD)', type: 'value_error.date' });
    const rate = parseRate(input.rate);
    if (!rate) errors.push({ loc: ['body', 'rate'], msg: 'A positive decimal with at most 10 decimals: units of the currency per one euro (USD "1.0705")', type: 'value_error.rate' });
    if (errors.length) throw new ValidationFailed(errors);
    const [row] = await tx.sql<RateRow>(`insert into exchange_rates (id, tenant_id, currency, rate_date, rate, source)
      values (:id::uuid, :tenant, :currency, :date::date, :rate::numeric, 'manual')
      on conflict (tenant_id, currency, rate_date) do nothing returning ${COLUMNS}`, { id: crypto.randomUUID(), currency, date: input.date, rate: rate!.toString() });
    if (!row) throw new Conflict(`The company already has a ${currency} rate for ${input.date}: delete it first to enter another`);
    return row;
  },

  async remove(tx: Tx, id: string): Promise<void> {
    await Rates.get(tx, id);
    await tx.sql(`delete from exchange_rates where tenant_id = :tenant and id = :id::uuid`, { id });
  },

  /** The ECB file's rates stored: new days inserted, changed ECB rates updated, manual ones kept. */
  async importEcb(tx: Tx, file: EcbFile): Promise<ImportSummary> {
    const dates = file.rates.map((r) => r.date).sort();
    const summary: ImportSummary = {
      format: 'ecb', days: file.days, from: dates[0] ?? null, to: dates.at(-1) ?? null,
      currencies: [...new Set(file.rates.map((r) => r.currency))].sort(), inserted: 0, updated: 0, unchanged: 0, kept_manual: 0,
      skipped_currencies: file.skipped_currencies,
    };
    const CHUNK = 20_000;
    for (let start = 0; start < file.rates.length; start += CHUNK) {
      const chunk = file.rates.slice(start, start + CHUNK);
      const params = {
        ids: pgArray(chunk.map(() => crypto.randomUUID())), currencies: pgArray(chunk.map((r) => r.currency)), dates: pgArray(chunk.map((r) => r.date)), rates: pgArray(chunk.map((r) => r.rate)),
      };
      // what the table already holds for these days, through its unique index
      const [held] = await tx.sqlBulk<{ manual: number; same: number }>(`
        select count(*) filter (where e.source = 'manual')::int as manual, count(*) filter (where e.source = 'ecb' and e.rate = i.rate)::int as same
        from unnest(:currencies::text[], :dates::date[], :rates::numeric[]) as i (currency, rate_date, rate)
        join exchange_rates e on e.tenant_id = :tenant and e.currency = i.currency and e.rate_date = i.rate_date`, params);
      // new days inserted, changed ECB rates updated (xmax is 0 on a row this statement inserted), manual rates left alone
      const [written] = await tx.sqlBulk<{ inserted: number; updated: number }>(`
        with written as (
          insert into exchange_rates as e (id, tenant_id, currency, rate_date, rate, source)
          select id, :tenant, currency, rate_date, rate, 'ecb' from unnest(:ids::uuid[], :currencies::text[], :dates::date[], :rates::numeric[]) as i (id, currency, rate_date, rate)
          on conflict (tenant_id, currency, rate_date) do update set rate = excluded.rate, updated_at = now()
            where e.source = 'ecb' and e.rate <> excluded.rate
          returning (e.xmax = 0) as inserted
        )
        select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated from written`, params);
      const counts = { inserted: written.inserted, updated: written.updated, manual: held.manual, same: held.same };
      summary.inserted += Number(counts.inserted); summary.updated += Number(counts.updated);
      summary.kept_manual += Number(counts.manual); summary.unchanged += Number(counts.same);
    }
    return summary;
  },

  /** The latest rate on or before `date`; 422 naming the currency and the day when there is none. */
  async rateOn(tx: Tx, currency: string, date: string): Promise<RateOnDay> {
    const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
    if (code === BOOK_CURRENCY) return { currency: code, date, rate_date: date, rate: '1', source: 'book' };
    if (!isCurrency(code)) throw new Unprocessable(`${JSON.stringify(String(currency).slice(0, 10))} is not an ISO 4217 currency code`);
    if (!isIsoDate(date)) throw new Unprocessable(`${JSON.stringify(String(date).slice(0, 20))} is not a date (YYYY-MM-DD)`);
    const [row] = await tx.sql<{ rate: string; rate_date: string; source: RateSource }>(`select rate::text as rate, rate_date::text as rate_date, source from exchange_rates
      where tenant_id = :tenant and currency = :currency and rate_date <= :date::date order by rate_date desc limit 1`, { currency: code, date });
    if (!row) throw new Unprocessable(`No ${code} exchange rate on or before ${date}: enter one (POST /api/v1/exchange-rates) or import the ECB's reference rates file (POST /api/v1/exchange-rates/import)`);
    return { currency: code, date, rate_date: row.rate_date, rate: row.rate, source: row.source };
  },
};
