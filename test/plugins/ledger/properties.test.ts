import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { createCompany, type TestCompany } from '../../support/factories';
import { cents, fromCents, postEntry, startLedgerApp, type LedgerTestApp } from './helpers';

let app: LedgerTestApp;
beforeAll(async () => { app = await startLedgerApp(); }, 60_000);
afterAll(() => app?.close());

const POSTABLE = ['4300', '4000', '4100', '472', '477', '473', '4751', '4750', '570', '572', '600', '623', '626', '629', '640', '642', '7000', '7050', '100', '129', '2817', '681'];

type ModelLine = { account: string; debit: bigint; credit: bigint };

/** A balanced entry: random debits and credits, then one line on the short side for the difference. */
const balancedLines = fc.record({
  debits: fc.array(fc.tuple(fc.constantFrom(...POSTABLE), fc.bigInt({ min: 1n, max: 10n ** 13n })), { minLength: 1, maxLength: 4 }),
  credits: fc.array(fc.tuple(fc.constantFrom(...POSTABLE), fc.bigInt({ min: 1n, max: 10n ** 13n })), { minLength: 1, maxLength: 4 }),
  closing: fc.constantFrom(...POSTABLE),
}).map(({ debits, credits, closing }) => {
  const lines: ModelLine[] = [
    ...debits.map(([account, amount]) => ({ account, debit: amount, credit: 0n })),
    ...credits.map(([account, amount]) => ({ account, debit: 0n, credit: amount })),
  ];
  const diff = lines.reduce((s, l) => s + l.debit - l.credit, 0n);
  if (diff > 0n) lines.push({ account: closing, debit: 0n, credit: diff });
  if (diff < 0n) lines.push({ account: closing, debit: -diff, credit: 0n });
  return lines;
});

const toWire = (lines: ModelLine[]) => lines.map((l) => (l.debit > 0n ? { account: l.account, debit: fromCents(l.debit) } : { account: l.account, credit: fromCents(l.credit) }));

async function trialBalanceByAccount(tenant: TestCompany, query = '') {
  const tb = await app.get(`/api/v1/ledger/trial-balance${query}`, tenant.token);
  expect(tb.status).toBe(200);
  return { totals: tb.body.totals, balances: new Map<string, bigint>(tb.body.accounts.map((r: any) => [r.account, cents(r.balance)])) };
}

describe('ledger properties (fast-check)', () => {
  test('random balanced manual entries and reversals: every entry balances and the trial balance sums to zero', async () => {
    const tenant = await createCompany(app);
    const model = new Map<string, bigint>();
    let debitTotal = 0n;
    const posted: { id: string; lines: ModelLine[] }[] = [];
    const reversed = new Set<string>();
    await fc.assert(fc.asyncProperty(balancedLines, fc.date({ min: new Date('2025-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }), fc.nat(),
      async (lines, date, pick) => {
        const day = date.toISOString().slice(0, 10);
        const res = await postEntry(app, tenant.token, toWire(lines), day, `Asiento aleatorio ${posted.length + 1}`);
        expect(res.status).toBe(201);
        const stored = res.body.lines.reduce((s: { d: bigint; c: bigint }, l: any) => ({ d: s.d + cents(l.debit), c: s.c + cents(l.credit) }), { d: 0n, c: 0n });
        expect(stored.d).toBe(stored.c);
        posted.push({ id: res.body.id, lines });
        for (const l of lines) model.set(l.account, (model.get(l.account) ?? 0n) + l.debit - l.credit);
        debitTotal += stored.d;
        // Now and then reverse an earlier entry (once): its effect on every account disappears.
        const candidate = posted[pick % posted.length];
        if (pick % 4 === 0 && !reversed.has(candidate.id)) {
          const rev = await app.post(`/api/v1/ledger/entries/${candidate.id}/reverse`, { date: '2026-12-31' }, tenant.token);
          expect(rev.status).toBe(201);
          reversed.add(candidate.id);
          for (const l of candidate.lines) { model.set(l.account, (model.get(l.account) ?? 0n) - l.debit + l.credit); debitTotal += l.debit; }
        }
        const { totals } = await trialBalanceByAccount(tenant);
        expect(totals.debit).toBe(totals.credit);
        expect(totals.balance).toBe('0.00');
      }), { numRuns: 40, seed: Number(process.env.FC_SEED ?? Date.now() % 2_147_483_647), verbose: 1 });

    const { totals, balances } = await trialBalanceByAccount(tenant);
    expect(cents(totals.debit)).toBe(debitTotal);
    for (const [account, balance] of model) expect({ account, balance: balances.get(account) ?? 0n }).toEqual({ account, balance });
    // Every stored entry balances, read back through the journal.
    let offset = 0;
    for (;;) {
      const page = await app.get(`/api/v1/ledger?limit=500&offset=${offset}`, tenant.token);
      for (const entry of page.body.items) {
        const d = entry.lines.reduce((s: bigint, l: any) => s + cents(l.debit), 0n);
        const c = entry.lines.reduce((s: bigint, l: any) => s + cents(l.credit), 0n);
        expect({ number: entry.number, d }).toEqual({ number: entry.number, d: c });
      }
      offset += page.body.items.length;
      if (offset >= page.body.total) break;
    }
    expect(offset).toBe(posted.length + reversed.size);
    // And the database agrees with the API: Σdebit − Σcredit = 0 per tenant, no unbalanced entry.
    const [sums] = await app.asAppRole<{ diff: string; unbalanced: number }>(tenant.tenantId, `
      select (select (sum(debit) - sum(credit))::text from journal_lines) as diff,
             (select count(*)::int from (select entry_id from journal_lines group by entry_id having sum(debit) <> sum(credit)) u) as unbalanced`);
    expect(sums).toEqual({ diff: '0.00', unbalanced: 0 });
  }, 120_000);
});

/** `which`, without a shell. */
const hasBinary = (name: string) => Bun.which(name) !== null;
const HLEDGER = hasBinary('hledger');
const LEDGER = hasBinary('ledger');
if (!HLEDGER) console.warn('SKIPPED: the `hledger` binary is not installed (Debian package `hledger`); the hledger cross-check did not run.');
if (!LEDGER) console.warn('SKIPPED: the `ledger` binary is not installed (Debian package `ledger`); the ledger-cli cross-check did not run.');

describe('independent engines agree with our trial balance', () => {
  let tenant: TestCompany;
  let journalFile: string;
  let dir: string;
  let ours: Map<string, bigint>;

  beforeAll(async () => {
    tenant = await createCompany(app);
    // The textbook entries of docs/domain/pgc-and-entries.md §3 …
    const textbook: [string, { account: string; debit?: string; credit?: string }[]][] = [
      ['Venta nacional 21%', [{ account: '4300', debit: '1210.00' }, { account: '7000', credit: '1000.00' }, { account: '477', credit: '210.00' }]],
      ['Servicios profesionales con IRPF', [{ account: '623', debit: '1000.00' }, { account: '472', debit: '210.00' }, { account: '4751', credit: '150.00' }, { account: '4100', credit: '1060.00' }]],
      ['Pago al profesional', [{ account: '4100', debit: '1060.00' }, { account: '572', credit: '1060.00' }]],
      ['Adquisición intracomunitaria', [{ account: '600', debit: '1000.00' }, { account: '472', debit: '210.00' }, { account: '4000', credit: '1000.00' }, { account: '477', credit: '210.00' }]],
      ['Exportación', [{ account: '4300', debit: '1000.00' }, { account: '7002', credit: '1000.00' }]],
      ['Cobro', [{ account: '572', debit: '1210.00' }, { account: '4300', credit: '1210.00' }]],
      ['Comisión bancaria', [{ account: '626', debit: '3.50' }, { account: '572', credit: '3.50' }]],
      ['Liquidación IVA', [{ account: '477', debit: '420.00' }, { account: '472', credit: '420.00' }]],
      ['Venta con recargo', [{ account: '4300', debit: '1262.00' }, { account: '7000', credit: '1000.00' }, { account: '477', credit: '210.00' }, { account: '477', credit: '52.00' }]],
    ];
    for (const [description, lines] of textbook) expect((await postEntry(app, tenant.token, lines, '2026-03-15', description)).status).toBe(201);
    // … a tenant sub-account, a reversal, and a few hundred random entries over two years.
    await app.post('/api/v1/ledger/accounts', { code: '4300001', name: 'Cliente; con "comillas"' }, tenant.token);
    const withSub = await postEntry(app, tenant.token, [{ account: '4300001', debit: '99.99' }, { account: '7050', credit: '99.99' }], '2026-04-01', 'Cliente 1; línea\ncon salto');
    await app.post(`/api/v1/ledger/entries/${withSub.body.id}/reverse`, { date: '2026-04-02' }, tenant.token);
    const random = fc.sample(fc.tuple(balancedLines, fc.date({ min: new Date('2025-01-01'), max: new Date('2026-12-31'), noInvalidDate: true })), { numRuns: 150, seed: 42 });
    for (const [lines, date] of random) expect((await postEntry(app, tenant.token, toWire(lines), date.toISOString().slice(0, 10), 'Aleatorio')).status).toBe(201);

    ours = (await trialBalanceByAccount(tenant)).balances;
    const exported = await app.get('/api/v1/ledger/export?format=hledger', tenant.token);
    expect(exported.status).toBe(200);
    dir = mkdtempSync(join(tmpdir(), 'cuadra-hledger-'));
    journalFile = join(dir, 'books.journal');
    writeFileSync(journalFile, exported.text);
  }, 120_000);
  afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

  const nonZero = (m: Map<string, bigint>) => new Map([...m].filter(([, v]) => v !== 0n));

  test.skipIf(!HLEDGER)('`hledger balance` on our hledger export gives our trial balance, account by account', async () => {
    const run = Bun.spawnSync(['hledger', '-f', journalFile, 'balance', '--flat', '-N', '-O', 'csv']);
    expect(run.exitCode).toBe(0);
    const theirs = new Map<string, bigint>();
    for (const line of run.stdout.toString().trim().split('\n').slice(1)) {
      const [, account, amount] = /^"([^"]+)","(-?[\d.]+) EUR"$/.exec(line.trim()) ?? [];
      expect(account).toBeDefined();
      theirs.set(account, cents(amount));
    }
    expect(theirs.size).toBeGreaterThan(10);
    expect(Object.fromEntries(nonZero(theirs))).toEqual(Object.fromEntries(nonZero(ours)));
    const total = Bun.spawnSync(['hledger', '-f', journalFile, 'balance', '-O', 'csv']);
    expect(total.stdout.toString().trim().split('\n').at(-1)).toMatch(/^"(Total:|total)",("0"|"0.00 EUR"|"")$/i);
  });

  test.skipIf(!LEDGER)('`ledger balance` (ledger-cli) on the same export agrees too', async () => {
    const run = Bun.spawnSync(['ledger', '-f', journalFile, 'balance', '--flat', '--no-total', '--balance-format', '%(account)\t%(quantity(display_total))\n']);
    expect(run.exitCode).toBe(0);
    const theirs = new Map<string, bigint>();
    for (const line of run.stdout.toString().trim().split('\n')) {
      const [account, amount] = line.split('\t');
      theirs.set(account, cents(amount));
    }
    expect(Object.fromEntries(nonZero(theirs))).toEqual(Object.fromEntries(nonZero(ours)));
  });
});
