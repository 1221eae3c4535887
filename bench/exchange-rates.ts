/**
 * Foreign currency, three figures each beside a same-run baseline:
 * 1. converting 100,000 amounts to euros (`convertToEuros`: exact bigint division, one rounding)
 *    against the VAT arithmetic every document already does on the same amounts (`Decimal.percent`);
 * 2. importing an ECB historical reference rates file of the real size (every TARGET day since
 *    1999, 30 currencies: about 200,000 rates, ~7 MiB) end to end through
 *    POST /exchange-rates/import, against parsing the same file alone (lib/xml-limits.ts);
 * 3. issuing N invoices in USD (converted at issue, in a unit of work) against N in EUR (the
 *    one-statement issue path), alternated in the same sitting on the same database.
 * Targets: USD issuing ≥ 0.5× EUR issuing; a historical file imported in under 10 s.
 *
 * Run: .tools/node_modules/.bin/bun bench/exchange-rates.ts [--amounts 100000] [--invoices 200] [--rounds 3]
 *   (BENCH_DB=pglite for the embedded database)
 */
import { createCompany, fmt, median, ms, startBenchApp } from './support';
import { Decimal } from '../kernel/money';
import { convertToEuros } from '../plugins/exchange-rates/convert';
import { parseEcbFile } from '../plugins/exchange-rates/ecb';
import { seededTaxTypeId } from '../plugins/taxes/api';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const AMOUNTS = Number(option('amounts', '100000'));
const INVOICES = Number(option('invoices', '200'));
const ROUNDS = Number(option('rounds', '3'));

// 1. conversion
const amounts = Array.from({ length: AMOUNTS }, (_, i) => Decimal.of(BigInt((i * 7919) % 10_000_000) - 5_000_000n, 2));
const rate = Decimal.parse('1.0850');
const vat = Decimal.parse('21');
const convert: number[] = [], percent: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  let start = performance.now();
  for (const amount of amounts) amount.percent(vat);
  percent.push(ms(start));
  start = performance.now();
  for (const amount of amounts) convertToEuros(amount, rate);
  convert.push(ms(start));
}
console.log(`convert ${AMOUNTS} amounts: ${fmt(median(convert))} (${Math.round(AMOUNTS / median(convert) * 1000)}/s) vs VAT percent ${fmt(median(percent))} → ${(median(convert) / median(percent)).toFixed(2)}× the baseline's time`);

// 2. the historical file
const CURRENCIES = ['USD', 'JPY', 'BGN', 'CZK', 'DKK', 'GBP', 'HUF', 'PLN', 'RON', 'SEK', 'CHF', 'ISK', 'NOK', 'TRY', 'AUD', 'BRL', 'CAD', 'CNY', 'HKD', 'IDR', 'ILS', 'INR', 'KRW', 'MXN', 'MYR', 'NZD', 'PHP', 'SGD', 'THB', 'ZAR'];
const days: string[] = [];
for (let d = new Date(Date.UTC(2026, 11, 31)); d >= new Date(Date.UTC(1999, 0, 4)); d.setUTCDate(d.getUTCDate() - 1)) {
  if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.push(d.toISOString().slice(0, 10));
}
const cubes = days.map((day, i) => `<Cube time="${day}">${CURRENCIES.map((c, k) => `<Cube currency="${c}" rate="${(1 + ((i * 31 + k * 17) % 9000) / 10000).toFixed(4)}"/>`).join('')}</Cube>`);
const hist = new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><gesmes:subject>Reference rates</gesmes:subject><gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender><Cube>${cubes.join('\n')}</Cube></gesmes:Envelope>`);
const rateCount = days.length * CURRENCIES.length;

// a benchmark is one busy client: the per-user request limit is not what it measures
process.env.RATE_LIMIT_USER = process.env.RATE_LIMIT_API_KEY = '100000000';
const bench = await startBenchApp();
const { app } = bench;
try {
  const parseTimes: number[] = [], importTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    parseEcbFile(hist);
    parseTimes.push(ms(start));
    const company = await createCompany(app);
    const form = new FormData();
    form.append('file', new File([hist], 'eurofxref-hist.xml'));
    start = performance.now();
    const res = await app.request('POST', '/api/v1/exchange-rates/import', { token: company.token, form });
    importTimes.push(ms(start));
    if (res.status !== 200 || res.body.inserted !== rateCount) throw new Error(`import failed: ${res.status} ${res.text.slice(0, 300)}`);
  }
  console.log(`ECB historical file (${(hist.length / 1048576).toFixed(1)} MiB, ${days.length} days, ${rateCount} rates): import ${fmt(median(importTimes))} `
    + `(${Math.round(rateCount / median(importTimes) * 1000)} rates/s) vs parsing alone ${fmt(median(parseTimes))}`);

  // 3. issuing in USD and in EUR
  const company = await createCompany(app);
  const form = new FormData();
  form.append('file', new File([hist], 'eurofxref-hist.xml'));
  await app.request('POST', '/api/v1/exchange-rates/import', { token: company.token, form });
  const contact = await app.post('/api/v1/contacts', { kind: 'customer', name: 'Importadora SL', vat: 'B65410011', address: 'Calle Mayor 1', city: 'Madrid', postal_code: '28001' }, company.token);
  if (contact.status !== 201) throw new Error(`contact failed: ${contact.status} ${contact.text}`);
  const customer = contact.body.id;
  const iva21 = seededTaxTypeId(company.tenantId, 'IVA21');
  let day = 0;
  const issue = async (currency: string) => {
    const start = performance.now();
    for (let i = 0; i < INVOICES; i++) {
      const date = new Date(Date.UTC(2026, 0, 1 + Math.floor(day++ / 50))).toISOString().slice(0, 10);
      const res = await app.post('/api/v1/invoices', {
        contact_id: customer, issue_date: date, currency, lines: [{ description: 'Servicio', quantity: '3', unit_price: '123.45', tax_type_id: iva21 }],
      }, company.token);
      if (res.status !== 201) throw new Error(`issue failed: ${res.status} ${res.text.slice(0, 300)}`);
    }
    return INVOICES / ms(start) * 1000;
  };
  await issue('EUR'); await issue('USD'); // warm-up
  const eur: number[] = [], usd: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    eur.push(await issue('EUR'));
    usd.push(await issue('USD'));
    console.log(`round ${round + 1}: EUR ${eur.at(-1)!.toFixed(0)}/s, USD ${usd.at(-1)!.toFixed(0)}/s`);
  }
  console.log(`issuing ${INVOICES} invoices (create and issue, one client): EUR ${median(eur).toFixed(0)}/s, USD ${median(usd).toFixed(0)}/s → ${(median(usd) / median(eur)).toFixed(2)}× (target ≥ 0.50)`);
} finally {
  await bench.close();
}
