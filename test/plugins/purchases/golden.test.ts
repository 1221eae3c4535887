/**
 * Golden tests: the textbook entries of docs/domain/pgc-and-entries.md §2 and §3 (base 1,000.00 €) produced by the
 * matching purchase documents through the API, line by line.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestCompany } from '../../support/factories';
import { createContact, entryLines, startWithCompany, taxId, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
let company: TestCompany;
let lawyer: any;
let german: any;
beforeAll(async () => {
  ({ app, company } = await startWithCompany());
  lawyer = await createContact(app, company.token, { name: 'Abogados Asociados SLP', kind: 'supplier', vat: 'B86561412' });
  german = await createContact(app, company.token, { name: 'Lieferant GmbH', kind: 'supplier', country: 'DE', vat: 'DE136695976' });
}, 60_000);
afterAll(() => app?.close());

let counter = 0;
async function purchase(contactId: string, line: Record<string, unknown>, fields: Record<string, unknown> = {}) {
  const res = await app.post('/api/v1/purchases', {
    contact_id: contactId, kind: 'invoice', supplier_invoice_number: `FR-${++counter}`, issue_date: '2026-02-10',
    lines: [{ description: 'Base 1.000', unit_price: '1000.00', ...line }], ...fields,
  }, company.token);
  expect(res.status).toBe(201);
  return res.body;
}
const journalEntry = async (id: string) => (await app.get(`/api/v1/ledger/entries/${id}`, company.token)).body;

describe('docs/domain/pgc-and-entries.md §3 — purchase side', () => {
  test('2. professional services at 21% with 15% IRPF: Dr 623 1,000 / Dr 472 210 / Cr 4751 150 / Cr 4100 1,060; payment Dr 4100 / Cr 572 1,060', async () => {
    const inv = await purchase(lawyer.id, { tax_type_id: taxId(company, 'IVA21'), withholding_type_id: taxId(company, 'IRPF15'), expense_account: '623' });
    expect(inv).toMatchObject({ subtotal: '1000.00', tax_total: '210.00', withholding_total: '150.00', total: '1060.00', payable_account: '4100' });
    const entry = await journalEntry(inv.journal_entry_id);
    expect(entryLines(entry)).toEqual([['623', '1000.00', '0.00'], ['472', '210.00', '0.00'], ['4751', '0.00', '150.00'], ['4100', '0.00', '1060.00']]);
    // 303 [28]/[29] from the 472 line, modelo 111 from the 4751 line: type and base on each
    expect(entry.lines.slice(1, 3).map((l: any) => [l.tax_type_id, l.tax_base])).toEqual([[taxId(company, 'IVA21'), '1000.00'], [taxId(company, 'IRPF15'), '1000.00']]);
    const paid = await app.post(`/api/v1/purchases/${inv.id}/payments`, { date: '2026-02-28', amount: '1060.00' }, company.token);
    expect(paid.body.status).toBe('paid');
    const [payment] = (await app.get(`/api/v1/ledger?source_type=purchase.payment&source_id=${inv.id}`, company.token)).body.items;
    expect(entryLines(payment)).toEqual([['4100', '1060.00', '0.00'], ['572', '0.00', '1060.00']]);
  });

  test('3. intra-community acquisition of goods at 21%: Dr 600 1,000 / Dr 472 210 / Cr 4000 1,000 / Cr 477 210; supplier total 1,000', async () => {
    const inv = await purchase(german.id, { tax_type_id: taxId(company, 'RCINTRACOM'), expense_account: '600' });
    expect(inv).toMatchObject({ subtotal: '1000.00', tax_total: '0.00', self_assessed_total: '210.00', total: '1000.00', payable_account: '4000' });
    expect(inv.tax_breakdown).toEqual([expect.objectContaining({ code: 'RCINTRACOM', base: '1000.00', amount: '210.00', self_assessed: true, deductible: true })]);
    const entry = await journalEntry(inv.journal_entry_id);
    expect(entryLines(entry)).toEqual([['600', '1000.00', '0.00'], ['472', '210.00', '0.00'], ['4000', '0.00', '1000.00'], ['477', '0.00', '210.00']]);
    // both legs carry the type and the base: 303 [36]/[37] from 472, [10]/[11] from 477
    expect(entry.lines.filter((l: any) => l.tax_type_id).map((l: any) => [l.account, l.tax_base])).toEqual([['472', '1000.00'], ['477', '1000.00']]);
  });

  test('3b. a capital good goes to 38/39 instead of 36/37: its deductible VAT is posted on 4729', async () => {
    const inv = await purchase(german.id, { tax_type_id: taxId(company, 'RCINTRACOM'), expense_account: '217', capital_good: true });
    expect(entryLines(await journalEntry(inv.journal_entry_id))).toEqual([['217', '1000.00', '0.00'], ['4729', '210.00', '0.00'], ['4100', '0.00', '1000.00'], ['477', '0.00', '210.00']]);
    const domestic = await purchase(lawyer.id, { tax_type_id: taxId(company, 'IVA21'), expense_account: '217', capital_good: true });
    expect(entryLines(await journalEntry(domestic.journal_entry_id))).toEqual([['217', '1000.00', '0.00'], ['4729', '210.00', '0.00'], ['4100', '0.00', '1210.00']]);
    expect((await app.get('/api/v1/ledger/accounts?prefix=4729', company.token)).body[0]).toMatchObject({ code: '4729', parent_code: '472' });
  });

  test('intra-EU services (art. 69) and domestic reverse charge (ISP): same self-assessment, 472 and 477', async () => {
    const services = await purchase(german.id, { tax_type_id: taxId(company, 'RCINTRACOM'), expense_account: '629' });
    expect(entryLines(await journalEntry(services.journal_entry_id))).toEqual([['629', '1000.00', '0.00'], ['472', '210.00', '0.00'], ['4100', '0.00', '1000.00'], ['477', '0.00', '210.00']]);
    const builder = await createContact(app, company.token, { name: 'Construcciones SA', kind: 'supplier', vat: 'A58818501' });
    const isp = await purchase(builder.id, { tax_type_id: taxId(company, 'ISP'), expense_account: '622' });
    expect(entryLines(await journalEntry(isp.journal_entry_id))).toEqual([['622', '1000.00', '0.00'], ['472', '210.00', '0.00'], ['4100', '0.00', '1000.00'], ['477', '0.00', '210.00']]);
  });

  test('imports post the customs VAT to 472 only (no 477 leg)', async () => {
    const forwarder = await createContact(app, company.token, { name: 'Transitarios SL', kind: 'supplier', vat: 'B65410011' });
    const dua = await purchase(forwarder.id, { tax_type_id: taxId(company, 'IMPORT'), expense_account: '600' });
    expect(dua).toMatchObject({ tax_total: '210.00', self_assessed_total: '0.00', total: '1210.00' });
    expect(entryLines(await journalEntry(dua.journal_entry_id))).toEqual([['600', '1000.00', '0.00'], ['472', '210.00', '0.00'], ['4000', '0.00', '1210.00']]);
  });

  test('7. retailer under recargo de equivalencia: VAT and RE are not deductible — Dr 600 1,262.00 / Cr 4000 1,262.00', async () => {
    const wholesaler = await createContact(app, company.token, { name: 'Mayorista SA', kind: 'supplier', vat: 'A28017895' });
    const inv = await purchase(wholesaler.id, { tax_type_id: taxId(company, 'IVA21'), surcharge_type_id: taxId(company, 'RE52'), expense_account: '600' });
    expect(inv).toMatchObject({ subtotal: '1000.00', tax_total: '262.00', surcharge_total: '52.00', total: '1262.00' });
    expect(inv.lines[0]).toMatchObject({ tax_amount: '210.00', surcharge_amount: '52.00', deductible: false });
    const entry = await journalEntry(inv.journal_entry_id);
    expect(entryLines(entry)).toEqual([['600', '1262.00', '0.00'], ['4000', '0.00', '1262.00']]);
    expect(entry.lines.every((l: any) => l.tax_type_id === null)).toBe(true);
  });
});
