/**
 * Property test (fast-check): random sales invoices and purchases over every tax type of the
 * catalogue (plus a company-defined OSS rate), with random quantities, prices, discounts,
 * recargo de equivalencia and withholdings, now and then a collection, a payment or a
 * rectification. After each step:
 *   - the document's totals equal the sums of its lines, and every line's base and every tax
 *     type's amount equal an independent bigint computation (VAT per type on the summed bases,
 *     half away from zero);
 *   - its journal entry balances, and the trial balance sums to zero.
 * At the end the database agrees: Σdebit − Σcredit = 0, no unbalanced entry, numbers gapless.
 * FC_SEED replays a run.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { createCompany, type TestCompany } from '../../support/factories';
import { cents, createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp({ unlimited: true }); }, 60_000);
afterAll(() => app?.close());

// ------------------------------------------------------------------------------------------------
// The oracle: decimal arithmetic on bigints, written apart from the code under test
// ------------------------------------------------------------------------------------------------
const scaled = (text: string, scale: number): bigint => {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return negative ? -value : value;
};
/** n / d rounded half away from zero. */
const roundDiv = (n: bigint, d: bigint): bigint => {
  const q = n / d, r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= d ? (n < 0n ? q - 1n : q + 1n) : q;
};
/** Base in cents: q (1e6) × p (1e6) × (100 − d) (1e2) / 100 → 1e14 → cents. */
const oracleBase = (q: string, p: string, d: string) => roundDiv(scaled(q, 6) * scaled(p, 6) * (10000n - scaled(d, 2)), 100n * 10n ** 12n);
/** rate% of a base in cents (rate with two decimals). */
const oracleTax = (baseCents: bigint, rate: string) => roundDiv(baseCents * scaled(rate, 2), 10000n);

// ------------------------------------------------------------------------------------------------
// Generators
// ------------------------------------------------------------------------------------------------
const SALES_VAT = ['IVA21', 'IVA10', 'IVA4', 'IVA0', 'EXENTO', 'IVAINTRA', 'EXPORT', 'NOSUJETO', 'OSS', 'ISPVENTA', 'OSSFR20'];
const PURCHASE_VAT = ['IVA21', 'IVA10', 'IVA4', 'IVA0', 'EXENTO', 'NOSUJETO', 'RCINTRACOM', 'ISP', 'IMPORT'];
const SURCHARGE_FOR: Record<string, string[]> = { IVA21: ['RE52', 'RE175'], IVA10: ['RE14'], IVA4: ['RE05'] };
const WITHHOLDINGS = ['IRPF15', 'IRPF7', 'IRPF19'];
const RATES: Record<string, string> = {
  IVA21: '21.00', IVA10: '10.00', IVA4: '4.00', IVA0: '0.00', EXENTO: '0.00', IVAINTRA: '0.00', EXPORT: '0.00', NOSUJETO: '0.00', OSS: '0.00', ISPVENTA: '0.00',
  OSSFR20: '20.00', RCINTRACOM: '21.00', ISP: '21.00', IMPORT: '21.00', RE52: '5.20', RE14: '1.40', RE05: '0.50', RE175: '1.75', IRPF15: '15.00', IRPF7: '7.00', IRPF19: '19.00',
};

const decimal = (maxWhole: number, decimals: number, min = 0) => fc.tuple(fc.integer({ min, max: maxWhole }), fc.integer({ min: 0, max: 10 ** decimals - 1 }), fc.integer({ min: 0, max: decimals }))
  .map(([whole, fraction, places]) => (places === 0 ? String(whole) : `${whole}.${String(fraction).padStart(decimals, '0').slice(0, places)}`));

const lineArb = (vatCodes: string[], side: 'sales' | 'purchases') => fc.record({
  quantity: decimal(999, 6, 0).filter((q) => scaled(q, 6) > 0n),
  unitPrice: decimal(99_999, 6),
  discount: fc.oneof(fc.constant('0'), decimal(100, 2).filter((d) => scaled(d, 2) <= 10000n)),
  vat: fc.constantFrom(...vatCodes),
  surchargePick: fc.nat(),
  withSurcharge: fc.boolean(),
  withholding: fc.option(fc.constantFrom(...WITHHOLDINGS), { nil: null }),
  nature: fc.constantFrom('goods', 'services'),
  capital: fc.boolean(),
  expense: fc.constantFrom('600', '621', '623', '628', '629'),
}).map((l) => {
  const surcharges = SURCHARGE_FOR[l.vat];
  const surcharge = l.withSurcharge && surcharges ? surcharges[l.surchargePick % surcharges.length] : null;
  return { ...l, surcharge, side };
});

type GenLine = ReturnType<typeof lineArb> extends fc.Arbitrary<infer T> ? T : never;

const stepArb = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('sale' as const), lines: fc.array(lineArb(SALES_VAT, 'sales'), { minLength: 1, maxLength: 4 }), draftFirst: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('purchase' as const), lines: fc.array(lineArb(PURCHASE_VAT, 'purchases'), { minLength: 1, maxLength: 4 }), expense: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), part: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rectify' as const), pick: fc.nat(), substitution: fc.boolean() }) },
);

// ------------------------------------------------------------------------------------------------

function checkDocumentAgainstOracle(doc: any, lines: GenLine[], side: 'sales' | 'purchases') {
  // every line base, independently
  lines.forEach((l, i) => expect([i, doc.lines[i].base]).toEqual([i, fromCents(oracleBase(l.quantity, l.unitPrice, l.discount))]));
  // each tax type: amount on the summed bases
  const sums = new Map<string, bigint>();
  const add = (code: string | null) => { if (code) sums.set(code, 0n); };
  lines.forEach((l) => { add(l.vat); add(l.surcharge); add(l.withholding); });
  for (const code of sums.keys()) {
    const base = lines.reduce((s, l, i) => (l.vat === code || l.surcharge === code || l.withholding === code ? s + cents(doc.lines[i].base) : s), 0n);
    const items = doc.tax_breakdown.filter((b: any) => b.code === code);
    const amount = items.reduce((s: bigint, b: any) => s + cents(b.amount), 0n);
    const baseSeen = items.reduce((s: bigint, b: any) => s + cents(b.base), 0n);
    expect([code, baseSeen, amount]).toEqual([code, base, oracleTax(base, RATES[code])]);
  }
  // totals are the sums of the lines
  const sum = (field: string) => doc.lines.reduce((s: bigint, l: any) => s + cents(l[field]), 0n);
  expect(cents(doc.subtotal)).toBe(sum('base'));
  expect(cents(doc.tax_total)).toBe(sum('tax_amount') + sum('surcharge_amount'));
  expect(cents(doc.surcharge_total)).toBe(sum('surcharge_amount'));
  expect(cents(doc.withholding_total)).toBe(sum('withholding_amount'));
  expect(cents(doc.total)).toBe(cents(doc.subtotal) + cents(doc.tax_total) - cents(doc.withholding_total));
  if (side === 'purchases') expect(cents(doc.self_assessed_total)).toBe(sum('self_assessed_amount'));
}

const fromCents = (value: bigint): string => {
  const negative = value < 0n;
  const a = negative ? -value : value;
  return `${negative ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
};

async function expectBalancedEntry(company: TestCompany, entryId: string | null) {
  if (!entryId) return;
  const entry = (await app.get(`/api/v1/ledger/entries/${entryId}`, company.token)).body;
  const d = entry.lines.reduce((s: bigint, l: any) => s + cents(l.debit), 0n);
  const c = entry.lines.reduce((s: bigint, l: any) => s + cents(l.credit), 0n);
  expect([entry.number, d]).toEqual([entry.number, c]);
}

describe('documents properties (fast-check)', () => {
  test('random invoices and purchases over every tax type: totals = Σ lines = the oracle, every entry balances, the trial balance sums to zero', async () => {
    const company = await createCompany(app);
    const oss = await app.post('/api/v1/taxes', { code: 'OSSFR20', name: 'IVA Francia 20% (OSS)', kind: 'vat', rate: '20.00', regime: 'oss', country: 'FR' }, company.token);
    expect(oss.status).toBe(201);
    const ids: Record<string, string> = new Proxy({}, { get: (_t, code: string) => (code === 'OSSFR20' ? oss.body.id : taxId(company, code)) });
    const domestic = await createContact(app, company.token, { name: 'Nacional SL', kind: 'customer', customer_and_supplier: true, vat: 'B65410011' });
    const french = await createContact(app, company.token, { name: 'Société SARL', kind: 'customer', customer_and_supplier: true, country: 'FR', vat: 'FR40303265045' });
    const american = await createContact(app, company.token, { name: 'Corp Inc', kind: 'customer', customer_and_supplier: true, country: 'US', vat: '12-3456789' });
    // the customer's tax number is required for intra-EU and reverse-charge lines, the OSS rate of FR needs a French customer
    const contactFor = (lines: GenLine[]) => (lines.some((l) => ['IVAINTRA', 'ISPVENTA', 'OSSFR20', 'RCINTRACOM'].includes(l.vat)) ? french
      : lines.some((l) => l.vat === 'EXPORT' || l.vat === 'IMPORT') ? american : domestic);

    const issued: { kind: 'sale' | 'purchase'; id: string }[] = [];
    let supplierNumber = 0;
    let step = 0;
    const done = { sales: 0, purchases: 0, payments: 0, rectifications: 0, codes: new Set<string>() };
    await fc.assert(fc.asyncProperty(stepArb, async (s) => {
      step++;
      if (s.kind === 'sale' || s.kind === 'purchase') {
        const side = s.kind === 'sale' ? 'sales' : 'purchases';
        const contact = contactFor(s.lines);
        const wire = s.lines.map((l) => ({
          description: `Línea ${step}`, quantity: l.quantity, unit_price: l.unitPrice, discount_pct: l.discount, tax_type_id: ids[l.vat],
          ...(l.surcharge ? { surcharge_type_id: ids[l.surcharge] } : {}), ...(l.withholding ? { withholding_type_id: ids[l.withholding] } : {}),
          ...(s.kind === 'sale' ? { nature: l.nature } : { expense_account: l.capital ? '217' : l.expense, capital_good: l.capital }),
        }));
        const url = s.kind === 'sale' ? '/api/v1/invoices' : '/api/v1/purchases';
        const body = s.kind === 'sale'
          ? { contact_id: contact.id, issue_date: '2026-06-15', lines: wire, status: s.draftFirst ? 'draft' : 'issued' }
          : { contact_id: contact.id, kind: s.expense ? 'expense' : 'invoice', supplier_invoice_number: s.expense ? null : `PROP-${++supplierNumber}`, issue_date: '2026-06-15', lines: wire };
        let res = await app.post(url, body, company.token);
        expect([res.status, res.text.slice(0, 300)]).toEqual([201, res.text.slice(0, 300)]);
        checkDocumentAgainstOracle(res.body, s.lines, side);
        if (s.kind === 'sale' && s.draftFirst) {
          res = await app.post(`/api/v1/invoices/${res.body.id}/issue`, undefined, company.token);
          expect(res.status).toBe(200);
          checkDocumentAgainstOracle(res.body, s.lines, side);
        }
        await expectBalancedEntry(company, res.body.journal_entry_id);
        issued.push({ kind: s.kind, id: res.body.id });
        if (s.kind === 'sale') done.sales++; else done.purchases++;
        for (const l of s.lines) for (const code of [l.vat, l.surcharge, l.withholding]) if (code) done.codes.add(code);
      } else if (issued.length) {
        const target = issued[s.pick % issued.length];
        const base = target.kind === 'sale' ? '/api/v1/invoices' : '/api/v1/purchases';
        const doc = (await app.get(`${base}/${target.id}`, company.token)).body;
        if (s.kind === 'pay' && ['issued', 'partially_paid'].includes(doc.status) && !doc.rectifies_id && cents(doc.amount_due) > 0n) {
          const amount = fromCents((cents(doc.amount_due) * BigInt(s.part) + 99n) / 100n);
          const res = await app.post(`${base}/${target.id}/payments`, { date: '2026-06-30', amount }, company.token);
          expect([res.status, res.text.slice(0, 200)]).toEqual([200, res.text.slice(0, 200)]);
          expect(res.body.status).toBe(cents(res.body.amount_due) === 0n ? 'paid' : 'partially_paid');
          done.payments++;
        }
        if (s.kind === 'rectify' && doc.status === 'issued' && !doc.rectifies_id) {
          const body = s.substitution
            ? { issue_date: '2026-06-20', reason: 'Sustitución aleatoria', mode: 'substitution', supplier_invoice_number: `RECT-${++supplierNumber}` }
            : { issue_date: '2026-06-20', reason: 'Abono aleatorio', mode: 'differences', supplier_invoice_number: `RECT-${++supplierNumber}`,
              lines: [{ ...Object.fromEntries(Object.entries(doc.lines[0]).filter(([k]) => ['description', 'unit_price', 'tax_type_id', 'surcharge_type_id', 'withholding_type_id', 'expense_account', 'capital_good', 'nature', 'discount_pct'].includes(k))), quantity: `-${doc.lines[0].quantity}` }] };
          if (target.kind === 'sale') delete (body as any).supplier_invoice_number;
          const res = await app.post(`${base}/${target.id}/rectify`, body, company.token);
          // a correction that would take the document past zero (other lines negative) is refused
          expect([201, 422]).toContain(res.status);
          if (res.status === 201) { await expectBalancedEntry(company, res.body.journal_entry_id); done.rectifications++; }
        }
      }
      const tb = (await app.get('/api/v1/ledger/trial-balance', company.token)).body;
      expect([tb.totals.debit, tb.totals.balance]).toEqual([tb.totals.credit, '0.00']);
    }), { numRuns: 60, seed: Number(process.env.FC_SEED ?? Date.now() % 2_147_483_647), endOnFailure: true });

    console.log(`documents properties: ${done.sales} invoices, ${done.purchases} purchases, ${done.payments} payments, ${done.rectifications} rectifications, ${done.codes.size} tax codes`);
    expect(done.sales + done.purchases).toBeGreaterThan(20);
    // the database agrees with the API
    const [sums] = await app.asAppRole<{ diff: string | null; unbalanced: number; entries: number }>(company.tenantId, `
      select (select coalesce(sum(debit) - sum(credit), 0)::text from journal_lines) as diff,
             (select count(*)::int from (select entry_id from journal_lines group by entry_id having sum(debit) <> sum(credit)) u) as unbalanced,
             (select count(*)::int from journal_entries) as entries`);
    expect({ diff: sums.diff, unbalanced: sums.unbalanced }).toEqual({ diff: '0.00', unbalanced: 0 });
    for (const table of ['invoices', 'purchases']) {
      const gaps = await app.asAppRole<{ series: string; year: number; n: number; max: number }>(company.tenantId, `
        select series, year, count(*)::int as n, max(seq) as max from ${table} where seq is not null group by series, year`);
      for (const g of gaps) expect([table, g.series, g.n]).toEqual([table, g.series, Number(g.max)]);
    }
  }, 300_000);
});
