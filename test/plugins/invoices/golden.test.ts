/**
 * Golden tests: the textbook entries of docs/domain/pgc-and-entries.md §3 (base 1,000.00 €) produced by the matching
 * sales documents through the API, compared line by line with the book. The purchase side lives
 * in test/plugins/purchases/golden.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestCompany } from '../../support/factories';
import { createContact, entryLines, startWithCompany, taxId, type DocumentsTestApp } from '../../support/documents';

let app: DocumentsTestApp;
let company: TestCompany;
let domestic: any;
beforeAll(async () => {
  ({ app, company } = await startWithCompany());
  domestic = await createContact(app, company.token, { name: 'Cliente Nacional SL', vat: 'B65410011' });
}, 60_000);
afterAll(() => app?.close());

async function invoice(contactId: string, date: string, line: Record<string, unknown>) {
  const res = await app.post('/api/v1/invoices', { contact_id: contactId, issue_date: date, lines: [{ description: 'Base 1.000', quantity: '1', unit_price: '1000.00', ...line }] }, company.token);
  expect(res.status).toBe(201);
  return res.body;
}
const journalEntry = async (id: string) => (await app.get(`/api/v1/ledger/entries/${id}`, company.token)).body;

describe('docs/domain/pgc-and-entries.md §3 — sales side', () => {
  test('1. domestic sale of goods at 21%: Dr 4300 1,210.00 / Cr 7000 1,000.00 / Cr 477 210.00 (a service credits 705)', async () => {
    const goods = await invoice(domestic.id, '2026-01-15', { tax_type_id: taxId(company, 'IVA21') });
    expect(entryLines(await journalEntry(goods.journal_entry_id))).toEqual([['4300', '1210.00', '0.00'], ['7000', '0.00', '1000.00'], ['477', '0.00', '210.00']]);
    const service = await invoice(domestic.id, '2026-01-15', { tax_type_id: taxId(company, 'IVA21'), nature: 'services' });
    expect(entryLines(await journalEntry(service.journal_entry_id))).toEqual([['4300', '1210.00', '0.00'], ['7050', '0.00', '1000.00'], ['477', '0.00', '210.00']]);
  });

  test("2. the professional's mirror entry: Dr 4300 1,060 / Dr 473 150 / Cr 705 1,000 / Cr 477 210", async () => {
    const inv = await invoice(domestic.id, '2026-01-16', { tax_type_id: taxId(company, 'IVA21'), withholding_type_id: taxId(company, 'IRPF15'), nature: 'services' });
    expect(inv.total).toBe('1060.00');
    expect(entryLines(await journalEntry(inv.journal_entry_id))).toEqual([['4300', '1060.00', '0.00'], ['473', '150.00', '0.00'], ['7050', '0.00', '1000.00'], ['477', '0.00', '210.00']]);
  });

  test('services outside the EU and not subject to Spanish VAT credit 7052', async () => {
    const american = await createContact(app, company.token, { name: 'Client Corp', country: 'US', vat: '98-7654321' });
    const inv = await invoice(american.id, '2026-01-17', { tax_type_id: taxId(company, 'NOSUJETO'), nature: 'services' });
    expect(entryLines(await journalEntry(inv.journal_entry_id))).toEqual([['4300', '1000.00', '0.00'], ['7052', '0.00', '1000.00']]);
    const exportedService = await invoice(american.id, '2026-01-17', { tax_type_id: taxId(company, 'EXPORT'), nature: 'services' });
    expect(entryLines(await journalEntry(exportedService.journal_entry_id))).toEqual([['4300', '1000.00', '0.00'], ['7052', '0.00', '1000.00']]);
  });

  test('4. export of goods (art. 21): Dr 4300 1,000.00 / Cr 7002 1,000.00, no VAT; intra-EU supply (art. 25): Cr 7001', async () => {
    const american = await createContact(app, company.token, { name: 'Importer Inc', country: 'US', vat: '12-3456789' });
    const exported = await invoice(american.id, '2026-01-17', { tax_type_id: taxId(company, 'EXPORT') });
    expect(entryLines(await journalEntry(exported.journal_entry_id))).toEqual([['4300', '1000.00', '0.00'], ['7002', '0.00', '1000.00']]);
    const french = await createContact(app, company.token, { name: 'Client SARL', country: 'FR', vat: 'FR40303265045' });
    const intra = await invoice(french.id, '2026-01-17', { tax_type_id: taxId(company, 'IVAINTRA') });
    expect(entryLines(await journalEntry(intra.journal_entry_id))).toEqual([['4300', '1000.00', '0.00'], ['7001', '0.00', '1000.00']]);
  });

  test('5. collection of the customer invoice through the bank: Dr 572 1,210.00 / Cr 4300 1,210.00', async () => {
    const inv = await invoice(domestic.id, '2026-01-18', { tax_type_id: taxId(company, 'IVA21') });
    const paid = await app.post(`/api/v1/invoices/${inv.id}/payments`, { date: '2026-02-01', amount: '1210.00' }, company.token);
    expect(paid.body.status).toBe('paid');
    const [payment] = (await app.get(`/api/v1/ledger?source_type=invoice.payment&source_id=${inv.id}`, company.token)).body.items;
    expect(entryLines(payment)).toEqual([['572', '1210.00', '0.00'], ['4300', '0.00', '1210.00']]);
  });

  test('7. seller invoicing a retailer at 21% + 5.2% RE: Dr 4300 1,262 / Cr 7000 1,000 / Cr 477 210 (IVA) / Cr 477 52 (RE)', async () => {
    const inv = await invoice(domestic.id, '2026-01-19', { tax_type_id: taxId(company, 'IVA21'), surcharge_type_id: taxId(company, 'RE52') });
    const entry = await journalEntry(inv.journal_entry_id);
    expect(entryLines(entry)).toEqual([['4300', '1262.00', '0.00'], ['7000', '0.00', '1000.00'], ['477', '0.00', '210.00'], ['477', '0.00', '52.00']]);
    // each tax line carries its type and base, for the 303 boxes [07]/[09] and [22]/[24]
    expect(entry.lines.slice(2).map((l: any) => [l.tax_type_id, l.tax_base])).toEqual([[taxId(company, 'IVA21'), '1000.00'], [taxId(company, 'RE52'), '1000.00']]);
  });
});
