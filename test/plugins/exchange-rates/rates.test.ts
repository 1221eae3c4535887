import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal, money } from '../../../kernel/money';
import { convertToEuros, divide } from '../../../plugins/exchange-rates/convert';
import { parseEcbFile } from '../../../plugins/exchange-rates/ecb';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany } from '../../support/factories';

/**
 * The exchange-rate table: manual entry (ISO 4217 checked), the ECB reference rates file (a daily
 * and a multi-day one written from the format), the rate of a day (the latest on or before it),
 * 422 naming the currency and the day when there is none, and companies apart.
 */
const FIXTURES = join(import.meta.dir, '../../fixtures/exchange-rates');
const daily = readFileSync(join(FIXTURES, 'ecb-daily-2027-02-08.xml'));
const hist = readFileSync(join(FIXTURES, 'ecb-hist-2027-02-01-05.xml'));

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); }, 120_000);
afterAll(() => app?.close());

const upload = (token: string, content: Uint8Array | string, name = 'eurofxref.xml') => {
  const form = new FormData();
  form.append('file', new File([content], name, { type: 'text/xml' }));
  return app.request('POST', '/api/v1/exchange-rates/import', { token, form });
};
const lookup = (token: string, currency: string, date: string, amount?: string) =>
  app.get(`/api/v1/exchange-rates/lookup?currency=${currency}&date=${date}${amount ? `&amount=${amount}` : ''}`, token);

describe('conversion rule (pure)', () => {
  test('euros = amount / rate, one rounding to the cent, half away from zero', () => {
    expect(convertToEuros(money('1000.00'), Decimal.parse('1.0850')).toString()).toBe('921.66'); // 921.658986…
    expect(convertToEuros(money('-1000.00'), Decimal.parse('1.0850')).toString()).toBe('-921.66');
    // exactly half a cent: 0.25 / 2 = 0.125 → 0.13, and -0.13
    expect(convertToEuros(money('0.25'), Decimal.parse('2')).toString()).toBe('0.13');
    expect(convertToEuros(money('-0.25'), Decimal.parse('2')).toString()).toBe('-0.13');
    expect(convertToEuros(money('100000.00'), Decimal.parse('162.37')).toString()).toBe('615.88'); // JPY, 615.877317…
    expect(divide(money('1.00'), Decimal.parse('3'), 4).toString()).toBe('0.3333');
  });

  test('the ECB file parser reads days, currencies and skips withdrawn codes; refuses what is not the format', () => {
    const parsed = parseEcbFile(new Uint8Array(hist));
    expect(parsed.days).toBe(5);
    expect(parsed.rates).toHaveLength(15);
    expect(parsed.skipped_currencies).toEqual(['HRK']);
    expect(parsed.rates.find((r) => r.currency === 'GBP' && r.date === '2027-02-03')?.rate).toBe('0.84750');
    expect(() => parseEcbFile(new TextEncoder().encode('<a><b/></a>'))).toThrow(/gesmes:Envelope/);
  });
});

describe('exchange-rate table over HTTP', () => {
  test('manual entry: ISO 4217 checked, rate a positive decimal string, EUR refused, duplicate day 409, list filters', async () => {
    const c = await createCompany(app);
    const created = await app.post('/api/v1/exchange-rates', { currency: 'USD', date: '2027-01-15', rate: '1.0705' }, c.token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ currency: 'USD', date: '2027-01-15', rate: '1.0705', source: 'manual' });
    expect((await app.post('/api/v1/exchange-rates', { currency: 'USD', date: '2027-01-15', rate: '1.08' }, c.token)).status).toBe(409);
    for (const body of [
      { currency: 'XYZ', date: '2027-01-15', rate: '1.1' },
      { currency: 'EUR', date: '2027-01-15', rate: '1' },
      { currency: 'HRK', date: '2022-01-15', rate: '7.5' },
      { currency: 'GBP', date: '2027-02-30', rate: '0.85' },
      { currency: 'GBP', date: '2027-01-15', rate: '0' },
      { currency: 'GBP', date: '2027-01-15', rate: '-0.85' },
      { currency: 'GBP', date: '2027-01-15', rate: 0.85 },
    ]) {
      const res = await app.post('/api/v1/exchange-rates', body, c.token);
      expect(res.status).toBe(422);
    }
    const bad = await app.post('/api/v1/exchange-rates', { currency: 'XYZ', date: '2027-01-15', rate: '1.1' }, c.token);
    expect(bad.body.detail[0].loc).toEqual(['body', 'currency']);
    await app.post('/api/v1/exchange-rates', { currency: 'GBP', date: '2027-01-16', rate: '0.8444' }, c.token);
    const usd = await app.get('/api/v1/exchange-rates?currency=USD', c.token);
    expect(usd.body.total).toBe(1);
    const period = await app.get('/api/v1/exchange-rates?from=2027-01-16&to=2027-01-31', c.token);
    expect(period.body.items.map((r: any) => r.currency)).toEqual(['GBP']);
    expect((await app.get('/api/v1/exchange-rates?currency=ZZZ', c.token)).status).toBe(422);
    expect((await app.del(`/api/v1/exchange-rates/${created.body.id}`, c.token)).status).toBe(204);
    expect((await app.get('/api/v1/exchange-rates?currency=USD', c.token)).body.total).toBe(0);
  });

  test('ECB multi-day then daily file; weekend lookups take Friday\'s rate; re-import changes nothing; manual rates kept', async () => {
    const c = await createCompany(app);
    // a manual USD rate for Wednesday: the file does not overwrite it
    await app.post('/api/v1/exchange-rates', { currency: 'USD', date: '2027-02-03', rate: '1.0888' }, c.token);
    const first = await upload(c.token, hist, 'eurofxref-hist.xml');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ format: 'ecb', days: 5, from: '2027-02-01', to: '2027-02-05', currencies: ['GBP', 'JPY', 'USD'], inserted: 14, updated: 0, unchanged: 0, kept_manual: 1, skipped_currencies: ['HRK'] });
    const again = await upload(c.token, hist);
    expect(again.body).toMatchObject({ inserted: 0, updated: 0, unchanged: 14, kept_manual: 1 });
    const second = await upload(c.token, daily, 'eurofxref-daily.xml');
    expect(second.body).toMatchObject({ days: 1, from: '2027-02-08', to: '2027-02-08', inserted: 5 });

    expect((await lookup(c.token, 'USD', '2027-02-03')).body).toMatchObject({ rate: '1.0888', source: 'manual', rate_date: '2027-02-03' });
    // Saturday and Sunday: Friday's rate
    for (const day of ['2027-02-05', '2027-02-06', '2027-02-07']) {
      expect((await lookup(c.token, 'USD', day)).body).toMatchObject({ currency: 'USD', date: day, rate_date: '2027-02-05', rate: '1.1000', source: 'ecb' });
    }
    expect((await lookup(c.token, 'usd', '2027-02-09')).body.rate_date).toBe('2027-02-08');
    // conversion with the lookup: 1,000.00 USD on Sunday at 1.1000 = 909.090909… → 909.09
    expect((await lookup(c.token, 'USD', '2027-02-07', '1000.00')).body).toMatchObject({ amount: '1000.00', euros: '909.09' });
    expect((await lookup(c.token, 'EUR', '2027-02-07', '12.34')).body).toMatchObject({ rate: '1', euros: '12.34' });

    const missing = await lookup(c.token, 'USD', '2027-01-31');
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toContain('USD');
    expect(missing.body.detail).toContain('2027-01-31');
    const chf = await lookup(c.token, 'CHF', '2027-02-05');
    expect(chf.status).toBe(422);
    expect(chf.body.detail).toContain('CHF');

    // a corrected ECB file updates its rate
    const corrected = new TextDecoder().decode(daily).replace("rate='1.0850'", "rate='1.0851'");
    expect((await upload(c.token, corrected)).body).toMatchObject({ inserted: 0, updated: 1, unchanged: 4 });
  });

  test('files that are not the ECB format, or hostile XML, are refused with 4xx and nothing stored', async () => {
    const c = await createCompany(app);
    expect((await upload(c.token, '<root/>')).status).toBe(422);
    expect((await upload(c.token, 'not xml at all <')).status).toBe(422);
    const doctype = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><gesmes:Envelope xmlns:gesmes="g"><Cube><Cube time="2027-02-01"><Cube currency="USD" rate="&a;"/></Cube></Cube></gesmes:Envelope>`;
    expect((await upload(c.token, doctype)).status).toBe(422);
    const badRate = new TextDecoder().decode(daily).replace("rate='0.85120'", "rate='N/A'");
    const refused = await upload(c.token, badRate);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain('GBP');
    const badDate = new TextDecoder().decode(daily).replace("time='2027-02-08'", "time='2027-02-31'");
    expect((await upload(c.token, badDate)).status).toBe(422);
    expect((await app.get('/api/v1/exchange-rates', c.token)).body.total).toBe(0);
  });

  test('each company keeps its own table: another company\'s rate is 404 and its rates do not apply', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const mine = await app.post('/api/v1/exchange-rates', { currency: 'GBP', date: '2027-02-01', rate: '0.85' }, a.token);
    expect((await app.get(`/api/v1/exchange-rates/${mine.body.id}`, a.token)).status).toBe(200);
    expect((await app.get(`/api/v1/exchange-rates/${mine.body.id}`, b.token)).status).toBe(404);
    expect((await app.del(`/api/v1/exchange-rates/${mine.body.id}`, b.token)).status).toBe(404);
    expect((await lookup(b.token, 'GBP', '2027-02-01')).status).toBe(422);
    expect((await app.get('/api/v1/exchange-rates', b.token)).body.total).toBe(0);
    expect((await app.get('/api/v1/exchange-rates')).status).toBe(401);
  });
});
