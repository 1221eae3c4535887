/**
 * An independent engine agrees with our books: a tenant seeded with invoices and purchases of every
 * kind (the textbook cases, reverse charge, imports, RE, withholdings, capital goods, OSS, payments,
 * rectifications by differences and by substitution, plus a hundred random documents) is exported
 * in hledger format (GET /ledger/export?format=hledger); `hledger balance` on that file must give
 * the same balance for every account as our trial balance, and a zero total. ledger-cli too.
 * Without the binaries the tests are skipped with a message, never passed silently.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { createCompany, type TestCompany } from '../../support/factories';
import { cents, createContact, hasBinary, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

const HLEDGER = hasBinary('hledger');
const LEDGER = hasBinary('ledger');
if (!HLEDGER) console.warn('SKIPPED: the `hledger` binary is not installed (Debian package `hledger`); the invoices/purchases hledger cross-check did not run.');
if (!LEDGER) console.warn('SKIPPED: the `ledger` binary is not installed (Debian package `ledger`); the invoices/purchases ledger-cli cross-check did not run.');

let app: DocumentsTestApp;
let company: TestCompany;
let dir: string;
let journalFile: string;
let ours: Map<string, bigint>;

const ok = async (res: Promise<{ status: number; text: string; body: any }>, status = 201) => {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.status} ${r.text.slice(0, 300)}`);
  return r.body;
};

beforeAll(async () => {
  app = await startDocumentsApp({ unlimited: true });
  company = await createCompany(app);
  const t = (code: string) => taxId(company, code);
  const oss = await ok(app.post('/api/v1/taxes', { code: 'OSSDE19', name: 'IVA Alemania 19% (OSS)', kind: 'vat', rate: '19.00', regime: 'oss', country: 'DE' }, company.token));
  const es = await createContact(app, company.token, { name: 'Cliente y Proveedor SL', kind: 'customer', customer_and_supplier: true, vat: 'B65410011' });
  const fr = await createContact(app, company.token, { name: 'Partenaire SARL', kind: 'customer', customer_and_supplier: true, country: 'FR', vat: 'FR40303265045' });
  const de = await createContact(app, company.token, { name: 'Verbraucher', kind: 'customer', country: 'DE', customer_type: 'individual' });
  const us = await createContact(app, company.token, { name: 'Partner Inc', kind: 'customer', customer_and_supplier: true, country: 'US', vat: '12-3456789' });
  const sale = (contact: any, date: string, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
    ok(app.post('/api/v1/invoices', { contact_id: contact.id, issue_date: date, lines: lines.map((l) => ({ description: 'Venta', quantity: '1', unit_price: '1000.00', ...l })), ...extra }, company.token));
  let n = 0;
  const buy = (contact: any, date: string, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
    ok(app.post('/api/v1/purchases', { contact_id: contact.id, kind: 'invoice', supplier_invoice_number: `H-${++n}`, issue_date: date, lines: lines.map((l) => ({ description: 'Compra', unit_price: '1000.00', ...l })), ...extra }, company.token));

  const s1 = await sale(es, '2026-01-10', [{ tax_type_id: t('IVA21') }, { tax_type_id: t('IVA10'), quantity: '3', unit_price: '33.333' }]);
  await sale(es, '2026-01-11', [{ tax_type_id: t('IVA21'), withholding_type_id: t('IRPF15'), nature: 'services' }]);
  await sale(es, '2026-01-12', [{ tax_type_id: t('IVA21'), surcharge_type_id: t('RE52') }, { tax_type_id: t('IVA4'), surcharge_type_id: t('RE05'), unit_price: '12.34' }]);
  await sale(fr, '2026-01-13', [{ tax_type_id: t('IVAINTRA') }, { tax_type_id: t('IVAINTRA'), nature: 'services' }, { tax_type_id: t('ISPVENTA'), nature: 'services' }]);
  await sale(us, '2026-01-14', [{ tax_type_id: t('EXPORT') }, { tax_type_id: t('NOSUJETO'), nature: 'services' }]);
  await sale(de, '2026-01-15', [{ tax_type_id: oss.id, unit_price: '99.99' }]);
  const s7 = await sale(es, '2026-01-16', [{ tax_type_id: t('IVA21'), quantity: '5', unit_price: '19.99', discount_pct: '12.5' }]);
  await ok(app.post(`/api/v1/invoices/${s1.id}/payments`, { date: '2026-02-01', amount: '500.00' }, company.token), 200);
  await ok(app.post(`/api/v1/invoices/${s1.id}/rectify`, { issue_date: '2026-02-02', reason: 'Abono', mode: 'differences', lines: [{ description: 'Abono', quantity: '-1', unit_price: '100.00', tax_type_id: t('IVA21') }] }, company.token));
  await ok(app.post(`/api/v1/invoices/${s7.id}/rectify`, { issue_date: '2026-02-03', reason: 'Precio', mode: 'substitution', lines: [{ description: 'Corregida', quantity: '5', unit_price: '18.00', tax_type_id: t('IVA21') }] }, company.token));

  const p1 = await buy(es, '2026-01-20', [{ tax_type_id: t('IVA21'), withholding_type_id: t('IRPF15'), expense_account: '623' }]);
  await buy(fr, '2026-01-21', [{ tax_type_id: t('RCINTRACOM'), expense_account: '600' }, { tax_type_id: t('RCINTRACOM'), expense_account: '217', capital_good: true }]);
  await buy(es, '2026-01-22', [{ tax_type_id: t('ISP'), expense_account: '622' }, { tax_type_id: t('IVA21'), surcharge_type_id: t('RE52'), expense_account: '600' }]);
  await buy(us, '2026-01-23', [{ tax_type_id: t('IMPORT'), expense_account: '600' }]);
  await buy(es, '2026-01-24', [{ tax_type_id: t('EXENTO'), expense_account: '625', unit_price: '321.09' }], { kind: 'expense', supplier_invoice_number: null });
  await ok(app.post(`/api/v1/purchases/${p1.id}/payments`, { date: '2026-02-10', amount: '1060.00' }, company.token), 200);

  // a hundred random documents, deterministic (seed 7)
  const codes = ['IVA21', 'IVA10', 'IVA4', 'IVA0', 'EXENTO'];
  const random = fc.sample(fc.record({
    purchase: fc.boolean(), code: fc.constantFrom(...codes), q: fc.integer({ min: 1, max: 5000 }), p: fc.integer({ min: 0, max: 9_999_999 }),
    withholding: fc.option(fc.constantFrom('IRPF15', 'IRPF7'), { nil: null }), day: fc.integer({ min: 1, max: 28 }),
  }), { numRuns: 100, seed: 7 }).sort((a, b) => a.day - b.day); // issue dates never go backwards in a series
  for (const r of random) {
    const line = { tax_type_id: t(r.code), quantity: `${Math.floor(r.q / 1000)}.${String(r.q % 1000).padStart(3, '0')}`, unit_price: `${Math.floor(r.p / 1000)}.${String(r.p % 1000).padStart(3, '0')}`, ...(r.withholding ? { withholding_type_id: t(r.withholding) } : {}) };
    if (r.purchase) await buy(es, `2026-03-${String(r.day).padStart(2, '0')}`, [{ ...line, expense_account: '629' }], { kind: 'expense', supplier_invoice_number: null });
    else await sale(es, `2026-03-${String(r.day).padStart(2, '0')}`, [line], { series: 'Z' });
  }

  const tb = await ok(app.get('/api/v1/ledger/trial-balance', company.token), 200);
  expect(tb.totals.balance).toBe('0.00');
  ours = new Map(tb.accounts.map((a: any) => [a.account, cents(a.balance)]));
  const exported = await app.get('/api/v1/ledger/export?format=hledger', company.token);
  expect(exported.status).toBe(200);
  dir = mkdtempSync(join(tmpdir(), 'cuadra-docs-hledger-'));
  journalFile = join(dir, 'books.journal');
  writeFileSync(journalFile, exported.text);
}, 180_000);
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await app?.close();
});

const nonZero = (m: Map<string, bigint>) => Object.fromEntries([...m].filter(([, v]) => v !== 0n).sort(([a], [b]) => a.localeCompare(b)));

describe('independent engines agree with the books the documents produced', () => {
  test('the seed produced the accounts it should (sales, purchases, reverse charge, capital goods, OSS, withholdings, treasury)', () => {
    for (const account of ['4300', '4000', '4100', '472', '4729', '477', '4779', '473', '4751', '572', '600', '217', '7000', '7001', '7002', '7050', '7051', '7052']) {
      expect([account, ours.has(account)]).toEqual([account, true]);
    }
  });

  test.skipIf(!HLEDGER)('`hledger balance` on the hledger export gives our trial balance, account by account, and a zero total', () => {
    const run = Bun.spawnSync(['hledger', '-f', journalFile, 'balance', '--flat', '-N', '-O', 'csv']);
    expect([run.exitCode, run.stderr.toString()]).toEqual([0, '']);
    const theirs = new Map<string, bigint>();
    for (const line of run.stdout.toString().trim().split('\n').slice(1)) {
      const [, account, amount] = /^"([^"]+)","(-?[\d.]+) EUR"$/.exec(line.trim()) ?? [];
      expect([line, account !== undefined]).toEqual([line, true]);
      theirs.set(account, cents(amount));
    }
    expect(theirs.size).toBeGreaterThan(15);
    expect(nonZero(theirs)).toEqual(nonZero(ours));
    const total = Bun.spawnSync(['hledger', '-f', journalFile, 'balance', '-O', 'csv']);
    expect(total.stdout.toString().trim().split('\n').at(-1)).toMatch(/^"(Total:|total)",("0"|"0.00 EUR"|"")$/i);
  });

  test.skipIf(!LEDGER)('`ledger balance` (ledger-cli) on the same export agrees too', () => {
    const run = Bun.spawnSync(['ledger', '-f', journalFile, 'balance', '--flat', '--no-total', '--balance-format', '%(account)\t%(quantity(display_total))\n']);
    expect(run.exitCode).toBe(0);
    const theirs = new Map<string, bigint>();
    for (const line of run.stdout.toString().trim().split('\n')) {
      const [account, amount] = line.split('\t');
      theirs.set(account, cents(amount));
    }
    expect(nonZero(theirs)).toEqual(nonZero(ours));
  });
});
