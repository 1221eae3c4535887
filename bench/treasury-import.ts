/**
 * Norma 43 import of --movements movements (100,000 by default) into one treasury, end to end:
 * multipart upload through the app (`POST /treasuries/{id}/import`, in process), detection, parse
 * with every control total, duplicate check, one set-based insert, one journal entry per booking
 * day, commit. Target ≥ 50,000 movements/s on PostgreSQL.
 *
 * Baseline, in the same run on the same database: the same rows (same columns and fingerprints,
 * already parsed) COPYed straight into bank_movements through postgres.js as the database owner,
 * for another treasury: every index and the foreign key, nothing else (no HTTP, no parsing, no
 * staging table or duplicate check, no row-level security, no ledger). Also measured: the same rows
 * by one `insert … select from unnest(…) on conflict do nothing` (the earlier baseline), parsing
 * alone, and re-importing the same file (every movement a duplicate).
 *
 * Run: .tools/node_modules/.bin/bun bench/treasury-import.ts [--movements 100000] [--days 90] [--rounds 3]
 *   BENCH_DB=postgres (default; BENCH_DATABASE_URL or postgres://root@127.0.0.1:5432/test) | pglite
 */
import { createCompany } from './support'; // sets the backend (BENCH_DB) before the test support loads

const { startDocumentsApp } = await import('../test/support/documents');
// by a computed path, so that deleting the treasury plugin (a leaf) leaves the repository type-checking
const treasuryPlugin = '../plugins/treasury/';
const { parseNorma43 } = await import(`${treasuryPlugin}importers/norma43`);
const { fingerprints } = await import(`${treasuryPlugin}fingerprint`);
const { default: postgres } = await import('postgres');

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const MOVEMENTS = Number(option('movements', '100000'));
const DAYS = Number(option('days', '90'));
const ROUNDS = Number(option('rounds', '3'));

/** A Norma 43 file of one account (the bank, branch and account of `ccc`): every movement a 22 and one or two 23. */
function statementFile(ccc: string, count: number, seed: number): string {
  const lines: string[] = [];
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  lines.push(`11${ccc}260101260331200000000000000978${'3'}${'EMPRESA DE PRUEBAS SL'.padEnd(26)}   `);
  let debits = 0, credits = 0, debitCents = 0n, creditCents = 0n;
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2026, 0, 1 + (i % DAYS)));
    const yymmdd = `${String(day.getUTCFullYear()).slice(2)}${pad(day.getUTCMonth() + 1, 2)}${pad(day.getUTCDate(), 2)}`;
    const cents = 100 + ((i * 7919 + seed) % 250_000);
    const debit = i % 3 === 0;
    if (debit) { debits++; debitCents += BigInt(cents); } else { credits++; creditCents += BigInt(cents); }
    lines.push(`22    0418${yymmdd}${yymmdd}${debit ? '03' : '04'}000${debit ? '1' : '2'}${pad(cents, 14)}${pad(i, 10)}${pad(seed, 12)}${`REF${pad(i, 13)}`}`);
    lines.push(`2301${`${debit ? 'RECIBO' : 'TRANSFERENCIA DE'} CLIENTE ${i % 997}`.padEnd(66)}${pad(i % 10_000, 10)}`);
    if (i % 2 === 0) lines.push(`2302${`FACTURA F-2026-${pad(i, 6)}`.padEnd(38)}${'B12345674'.padEnd(38)}`);
  }
  const closing = creditCents - debitCents;
  lines.push(`33${ccc}${pad(debits, 5)}${debitCents.toString().padStart(14, '0')}${pad(credits, 5)}${creditCents.toString().padStart(14, '0')}${closing < 0n ? '1' : '2'}${(closing < 0n ? -closing : closing).toString().padStart(14, '0')}978    `);
  lines.push(`88${'9'.repeat(18)}${pad(lines.length, 6)}${' '.repeat(54)}`);
  return lines.join('\r\n') + '\r\n';
}

/** A value in COPY's text format. */
const copyValue = (v: string | null) => (v === null ? '\\N' : v.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!));

const app = await startDocumentsApp({ unlimited: true });
const raw = app.adminUrl ? postgres(app.adminUrl, { max: 1, onnotice: () => {} }) : undefined;
const IBAN = 'ES9121000418450200051332';
const CCC = '210004180200051332';
try {
  const company = await createCompany(app);
  const rate = (n: number, ms: number) => `${Math.round(n / (ms / 1000)).toLocaleString('en')}/s`;
  console.log(`treasury import — ${navigator.hardwareConcurrency} cores, ${app.kernel.db.kind}, ${MOVEMENTS.toLocaleString('en')} movements over ${DAYS} days, ${ROUNDS} rounds`);
  const rows: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const file = new TextEncoder().encode(statementFile(CCC, MOVEMENTS, round + 1));
    let started = performance.now();
    const parsed = parseNorma43(file);
    const prints = fingerprints(parsed.movements);
    const parseMs = performance.now() - started;

    const treasury = (await app.post('/api/v1/treasuries', { kind: 'bank', name: `Banco ${round}`, iban: IBAN }, company.token)).body;
    const form = () => { const f = new FormData(); f.append('file', new File([file], 'extracto.n43')); return f; };
    started = performance.now();
    const res = await app.request('POST', `/api/v1/treasuries/${treasury.id}/import`, { token: company.token, form: form() });
    const importMs = performance.now() - started;
    if (res.status !== 200 || res.body.imported !== MOVEMENTS) throw new Error(`import failed: ${res.status} ${res.text.slice(0, 500)}`);
    started = performance.now();
    const again = await app.request('POST', `/api/v1/treasuries/${treasury.id}/import`, { token: company.token, form: form() });
    const againMs = performance.now() - started;
    if (again.body.duplicates !== MOVEMENTS) throw new Error(`re-import: ${again.text.slice(0, 500)}`);
    await app.post(`/api/v1/treasuries/${treasury.id}/archive`, undefined, company.token);

    let baselineMs = Number.NaN, unnestMs = Number.NaN;
    if (raw) {
      const m: any[] = parsed.movements;
      // the strong baseline: the same rows COPYed straight into bank_movements (every index, the foreign key)
      const copyTarget = (await app.post('/api/v1/treasuries', { kind: 'wallet', name: `Copia ${round}` }, company.token)).body;
      started = performance.now();
      const copyText = m.map((x, i) => [Bun.randomUUIDv7(), company.tenantId, copyTarget.id, x.bookingDate, x.valueDate, x.amount.toString(),
        x.description, x.reference, x.counterparty, x.counterpartyIban, prints[i]].map(copyValue).join('\t')).join('\n') + '\n';
      const writable = await raw.unsafe(`copy bank_movements (id, tenant_id, treasury_id, booking_date, value_date, amount, description, reference, counterparty, counterparty_iban, fingerprint) from stdin`).writable();
      await new Promise<void>((resolve, reject) => { writable.on('error', reject); writable.on('finish', resolve); writable.end(copyText); });
      baselineMs = performance.now() - started;
      await app.post(`/api/v1/treasuries/${copyTarget.id}/archive`, undefined, company.token);

      const other = (await app.post('/api/v1/treasuries', { kind: 'wallet', name: `Base ${round}` }, company.token)).body;
      started = performance.now();
      await raw`
        insert into bank_movements (id, tenant_id, treasury_id, booking_date, value_date, amount, description, reference, counterparty, counterparty_iban, fingerprint)
        select gen_random_uuid(), ${company.tenantId}::uuid, ${other.id}::uuid, x.d, x.v, x.a, x.t, x.r, x.c, x.i, x.f
        from unnest(${m.map((x) => x.bookingDate)}::date[], ${m.map((x) => x.valueDate)}::date[], ${m.map((x) => x.amount.toString())}::numeric[],
          ${m.map((x) => x.description)}::text[], ${m.map((x) => x.reference)}::text[], ${m.map((x) => x.counterparty)}::text[],
          ${m.map((x) => x.counterpartyIban)}::text[], ${prints}::uuid[]) as x (d, v, a, t, r, c, i, f)
        on conflict (tenant_id, treasury_id, booking_date, fingerprint) do nothing`;
      unnestMs = performance.now() - started;
      await app.post(`/api/v1/treasuries/${other.id}/archive`, undefined, company.token);
    }
    rows.push(`round ${round + 1}: import ${importMs.toFixed(0)} ms (${rate(MOVEMENTS, importMs)}), of which parse + fingerprints ${parseMs.toFixed(0)} ms; `
      + `re-import (all duplicates) ${againMs.toFixed(0)} ms (${rate(MOVEMENTS, againMs)}); `
      + (raw ? `raw COPY ${baselineMs.toFixed(0)} ms (${rate(MOVEMENTS, baselineMs)}): import / COPY ${(importMs / baselineMs).toFixed(2)}×; `
        + `raw unnest insert ${unnestMs.toFixed(0)} ms (${rate(MOVEMENTS, unnestMs)}): import / unnest ${(importMs / unnestMs).toFixed(2)}×` : 'no raw baseline on PGlite'));
    console.log(rows.at(-1));
  }
  console.log(`file size ${(statementFile(CCC, MOVEMENTS, 9).length / 1024 / 1024).toFixed(1)} MiB`);
} finally {
  await raw?.end();
  await app.close();
}
