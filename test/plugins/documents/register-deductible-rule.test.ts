/**
 * One deductibility rule, written three times: `registerRowDeductible` (TypeScript, for code that
 * reads register rows: the 390's intra-EU part, the VAT books' capital goods, the register's
 * nature), the `deductible` key of `TaxRegisterSums.query` (SQL, the 303 and the 390 group by it)
 * and the same key of the many-company SQL function `cuadra_tax_register_sums` (the workspace's
 * tax results). Register rows covering every case the rule tells apart, one row per case, each
 * grouped alone: the three answers, row by row, and the answer worked out by hand.
 *
 * The rule (docs/domain/vat.md §3): a group's VAT is deductible when its deductible quota is not
 * zero, or when it is received VAT not borne under the recargo de equivalencia (no surcharge rate,
 * not even 0 %) and not zero, whose deductible quota the VAT prorrata rounded to 0.00. Issued rows
 * never are; exempt, not-subject and zero-rate rows have no VAT to deduct.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { registerRowDeductible, TaxRegister, TaxRegisterSums } from '../../../plugins/documents/api';
import { startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;

/**
 * Each case: its label (the row's counterparty tax id, so that grouping by it keeps the row alone),
 * the register row's columns that matter, and whether its VAT is deductible, by hand.
 */
interface Case {
  label: string;
  side: 'issued' | 'received';
  kind: string;
  regime: string;
  capitalGood?: boolean;
  base: string;
  rate: string;
  quota: string;
  deductibleQuota: string;
  surchargeRate?: string;
  surcharge?: string;
  rectification?: boolean;
  deductible: boolean;
}
const CASES: Case[] = [
  // received, the general case and its prorrata: deducted in full, in part, or rounded to nothing
  { label: 'R-FULL', side: 'received', kind: 'purchase_invoice', regime: 'domestic', base: '1000.00', rate: '21.00', quota: '210.00', deductibleQuota: '210.00', deductible: true },
  { label: 'R-PRORRATA-50', side: 'received', kind: 'purchase_invoice', regime: 'domestic', base: '1000.00', rate: '21.00', quota: '210.00', deductibleQuota: '105.00', deductible: true },
  // 2.00 at 21 % = 0.42; at a 1 % prorrata 0.0042 → 0.00: still deductible VAT (the 303's boxes 28/29 count it)
  { label: 'R-PRORRATA-0', side: 'received', kind: 'purchase_invoice', regime: 'domestic', base: '2.00', rate: '21.00', quota: '0.42', deductibleQuota: '0.00', deductible: true },
  { label: 'R-EXPENSE', side: 'received', kind: 'expense', regime: 'domestic', base: '100.00', rate: '10.00', quota: '10.00', deductibleQuota: '10.00', deductible: true },
  // recargo de equivalencia borne: neither the VAT nor the surcharge is deductible, also at a 0 % surcharge
  { label: 'R-SURCHARGE', side: 'received', kind: 'purchase_invoice', regime: 'domestic', base: '1000.00', rate: '21.00', quota: '210.00', deductibleQuota: '0.00', surchargeRate: '5.20', surcharge: '52.00', deductible: false },
  { label: 'R-SURCHARGE-0', side: 'received', kind: 'purchase_invoice', regime: 'domestic', base: '100.00', rate: '0.00', quota: '0.00', deductibleQuota: '0.00', surchargeRate: '0.00', surcharge: '0.00', deductible: false },
  // capital goods, deducted and borne under the surcharge
  { label: 'R-CAPITAL', side: 'received', kind: 'purchase_invoice', regime: 'domestic', capitalGood: true, base: '2000.00', rate: '21.00', quota: '420.00', deductibleQuota: '420.00', deductible: true },
  { label: 'R-CAPITAL-0', side: 'received', kind: 'purchase_invoice', regime: 'domestic', capitalGood: true, base: '2.00', rate: '21.00', quota: '0.42', deductibleQuota: '0.00', deductible: true },
  { label: 'R-CAPITAL-SURCHARGE', side: 'received', kind: 'purchase_invoice', regime: 'domestic', capitalGood: true, base: '1000.00', rate: '21.00', quota: '210.00', deductibleQuota: '0.00', surchargeRate: '5.20', surcharge: '52.00', deductible: false },
  // self-assessed VAT: an intra-EU acquisition (also a tiny one under a 1 % prorrata), a domestic reverse charge, an import
  { label: 'R-INTRA-EU', side: 'received', kind: 'intra_eu_acquisition', regime: 'intra_eu', base: '1000.00', rate: '21.00', quota: '210.00', deductibleQuota: '210.00', deductible: true },
  { label: 'R-INTRA-EU-0', side: 'received', kind: 'intra_eu_acquisition', regime: 'intra_eu', base: '2.00', rate: '21.00', quota: '0.42', deductibleQuota: '0.00', deductible: true },
  { label: 'R-REVERSE', side: 'received', kind: 'reverse_charge', regime: 'reverse_charge', base: '1000.00', rate: '21.00', quota: '210.00', deductibleQuota: '210.00', deductible: true },
  { label: 'R-IMPORT', side: 'received', kind: 'import', regime: 'import', base: '500.00', rate: '21.00', quota: '105.00', deductibleQuota: '105.00', deductible: true },
  // no VAT to deduct: exempt, not subject, a zero rate
  { label: 'R-EXEMPT', side: 'received', kind: 'purchase_invoice', regime: 'exempt', base: '300.00', rate: '0.00', quota: '0.00', deductibleQuota: '0.00', deductible: false },
  { label: 'R-NOT-SUBJECT', side: 'received', kind: 'purchase_invoice', regime: 'not_subject', base: '300.00', rate: '0.00', quota: '0.00', deductibleQuota: '0.00', deductible: false },
  { label: 'R-ZERO-RATE', side: 'received', kind: 'purchase_invoice', regime: 'domestic', base: '300.00', rate: '0.00', quota: '0.00', deductibleQuota: '0.00', deductible: false },
  // received rectifications: negative quotas, deducted, rounded to nothing, borne under the surcharge; an intra-EU one
  { label: 'R-RECT', side: 'received', kind: 'rectification', regime: 'domestic', rectification: true, base: '-100.00', rate: '21.00', quota: '-21.00', deductibleQuota: '-21.00', deductible: true },
  { label: 'R-RECT-0', side: 'received', kind: 'rectification', regime: 'domestic', rectification: true, base: '-1.00', rate: '21.00', quota: '-0.21', deductibleQuota: '0.00', deductible: true },
  { label: 'R-RECT-SURCHARGE', side: 'received', kind: 'rectification', regime: 'domestic', rectification: true, base: '-100.00', rate: '21.00', quota: '-21.00', deductibleQuota: '0.00', surchargeRate: '5.20', surcharge: '-5.20', deductible: false },
  { label: 'R-RECT-INTRA-EU', side: 'received', kind: 'rectification', regime: 'intra_eu', rectification: true, base: '-100.00', rate: '21.00', quota: '-21.00', deductibleQuota: '-21.00', deductible: true },
  // issued rows: output VAT, never deductible, whatever their regime or quota
  { label: 'I-GENERAL', side: 'issued', kind: 'invoice', regime: 'domestic', base: '1000.00', rate: '21.00', quota: '210.00', deductibleQuota: '0.00', deductible: false },
  { label: 'I-SURCHARGE', side: 'issued', kind: 'invoice', regime: 'domestic', base: '1000.00', rate: '21.00', quota: '210.00', deductibleQuota: '0.00', surchargeRate: '5.20', surcharge: '52.00', deductible: false },
  { label: 'I-SIMPLIFIED', side: 'issued', kind: 'simplified', regime: 'domestic', base: '10.00', rate: '21.00', quota: '2.10', deductibleQuota: '0.00', deductible: false },
  { label: 'I-EXEMPT', side: 'issued', kind: 'invoice', regime: 'intra_eu', base: '2000.00', rate: '0.00', quota: '0.00', deductibleQuota: '0.00', deductible: false },
  { label: 'I-NOT-SUBJECT', side: 'issued', kind: 'invoice', regime: 'not_subject', base: '1000.00', rate: '0.00', quota: '0.00', deductibleQuota: '0.00', deductible: false },
  { label: 'I-RECT', side: 'issued', kind: 'rectification', regime: 'domestic', rectification: true, base: '-100.00', rate: '21.00', quota: '-21.00', deductibleQuota: '0.00', deductible: false },
];
const FROM = '2027-03-01';
const TO = '2027-03-31';

beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  const sql = (text: string | undefined) => (text === undefined ? 'null' : `'${text}'`);
  await app.asOwner(CASES.map((c, i) => `
    insert into tax_register (tenant_id, document_type, document_id, group_no, side, kind, number, issue_date, accounting_date, contact_id, counterparty_name,
      counterparty_tax_id, counterparty_country, rectifies_id, rectifies_number, rectification_mode, capital_good, tax_type_id, tax_code, regime,
      base, rate, quota, deductible_quota, surcharge_rate, surcharge, document_total)
    values ('${company.tenantId}', '${c.side === 'issued' ? 'invoice' : 'purchase'}', gen_random_uuid(), 1, '${c.side}', '${c.kind}', 'D-${String(i + 1).padStart(3, '0')}',
      date '${FROM}' + ${i % 28}, date '${FROM}' + ${i % 28}, gen_random_uuid(), 'Caso ${c.label}', '${c.label}', 'ES',
      ${c.rectification ? 'gen_random_uuid()' : 'null'}, ${c.rectification ? `'D-000'` : 'null'}, ${c.rectification ? `'differences'` : 'null'},
      ${c.capitalGood ? 'true' : 'false'}, gen_random_uuid(), 'IVA', '${c.regime}',
      ${c.base}, ${c.rate}, ${c.quota}, ${c.deductibleQuota}, ${sql(c.surchargeRate)}, ${c.surcharge ?? '0'}, ${c.base} + ${c.quota})`));
}, 300_000);
afterAll(() => app?.close());

describe('the deductibility rule: TypeScript and SQL agree row by row', () => {
  test('every case: registerRowDeductible, the sums\' deductible key, the many-company function\'s, and the hand answer', async () => {
    const q = { from: FROM, to: TO };
    const [rows, sums] = await app.kernel.unitOfWork(null).run(async (tx) => [
      await TaxRegister.query(tx, q),
      await TaxRegisterSums.query(tx, q, ['counterpartyTaxId', 'deductible']),
    ] as const, { tenantId: company.tenantId });
    const many = (await TaxRegisterSums.queryMany(app.kernel.db, [company.tenantId], q, ['counterpartyTaxId', 'deductible'])).get(company.tenantId) ?? [];
    // every case is one register row, grouped alone by its label
    expect(rows.map((r) => r.counterparty.taxId).sort()).toEqual(CASES.map((c) => c.label).sort());
    expect([sums.length, many.length]).toEqual([CASES.length, CASES.length]);
    const answers = (label: string) => ({
      typescript: registerRowDeductible(rows.find((r) => r.counterparty.taxId === label)!),
      sums: sums.find((s) => s.key.counterpartyTaxId === label)?.key.deductible,
      many: many.find((s) => s.key.counterpartyTaxId === label)?.key.deductible,
    });
    expect(CASES.map((c) => [c.label, answers(c.label)])).toEqual(CASES.map((c) => [c.label, { typescript: c.deductible, sums: c.deductible, many: c.deductible }]));
  });
});
