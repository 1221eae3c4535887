/**
 * The tax register for rectifications by substitution and simplified invoices: a substitution's
 * rows are the corrected document in full plus the original's groups negated (dated as the
 * rectification), so a period's rows never count the original twice — also across periods and
 * when the substitute changes the VAT rate or cancels the original; a simplified invoice is
 * registered with kind `simplified` (F2 in the book). The books' totals still equal the 477/472
 * balances of each quarter.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { TaxRegister } from '../../../plugins/documents/api';
import { cents, createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
let customer: any;
let supplier: any;
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  customer = await createContact(app, company.token, { name: 'Cliente Sustitución SL', vat: 'B65410011' });
  supplier = await createContact(app, company.token, { name: 'Proveedor Sustitución SA', kind: 'supplier', vat: 'A58818501' });
}, 60_000);
afterAll(() => app?.close());

async function post(path: string, body: unknown) {
  const res = await app.post(path, body, company.token);
  expect({ path, status: res.status, body: res.status === 201 ? null : res.body }).toEqual({ path, status: 201, body: null });
  return res.body;
}
const lines = (price: string, code = 'IVA21') => [{ description: 'Servicio', quantity: '1', unit_price: price, tax_type_id: taxId(company, code), nature: 'services' }];
const invoice = (date: string, price: string, code = 'IVA21', contactId = customer.id) => post('/api/v1/invoices', { contact_id: contactId, issue_date: date, lines: lines(price, code) });
const substitute = (id: string, date: string, newLines: unknown[] | undefined, kind = 'invoices', extra: Record<string, unknown> = {}) =>
  post(`/api/v1/${kind}/${id}/rectify`, { issue_date: date, reason: 'Corrección', mode: 'substitution', ...(newLines ? { lines: newLines } : {}), ...extra });

const owner = () => app.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });
const rowsOf = async (documentId: string) => (await owner().run((tx) => TaxRegister.query(tx, { from: '2026-01-01', to: '2026-12-31' })))
  .filter((e) => e.documentId === documentId)
  .map((e) => ({ group: e.groupNo, kind: e.kind, number: e.number, date: e.accountingDate, tax: e.taxCode, base: e.base, quota: e.quota, deductible: e.deductibleQuota,
    rectifies: e.rectifies?.number ?? null, mode: e.rectifies?.mode ?? null, reverses: e.reversesOriginal, total: e.documentTotal }));

describe('rectification by substitution', () => {
  test('golden rows: the substitute in full, the original negated; the original counted once', async () => {
    const original = await invoice('2026-04-10', '1000.00');
    const rectifying = await substitute(original.id, '2026-05-10', lines('800.00'));
    expect(await rowsOf(rectifying.id)).toEqual([
      { group: 1, kind: 'rectification', number: rectifying.number, date: '2026-05-10', tax: 'IVA21', base: '800.00', quota: '168.00', deductible: '0.00', rectifies: original.number, mode: 'substitution', reverses: false, total: '968.00' },
      { group: 2, kind: 'rectification', number: rectifying.number, date: '2026-05-10', tax: 'IVA21', base: '-1000.00', quota: '-210.00', deductible: '0.00', rectifies: original.number, mode: 'substitution', reverses: true, total: '968.00' },
    ]);
    const all = [...await rowsOf(original.id), ...await rowsOf(rectifying.id)];
    expect(all.reduce((s, r) => s + cents(r.base), 0n)).toBe(80000n);
    expect(all.reduce((s, r) => s + cents(r.quota), 0n)).toBe(16800n);
  });

  test('a cancellation (no lines) and a change of rate: every original group is netted out', async () => {
    const cancelled = await invoice('2026-04-11', '500.00', 'IVA10');
    const cancelling = await substitute(cancelled.id, '2026-05-11', undefined);
    expect(await rowsOf(cancelling.id)).toEqual([
      { group: 1, kind: 'rectification', number: cancelling.number, date: '2026-05-11', tax: 'IVA10', base: '-500.00', quota: '-50.00', deductible: '0.00', rectifies: cancelled.number, mode: 'substitution', reverses: true, total: '0.00' },
    ]);
    const rate = await invoice('2026-04-12', '200.00');
    const rerated = await substitute(rate.id, '2026-05-12', lines('200.00', 'IVA10'));
    expect((await rowsOf(rerated.id)).map((r) => [r.group, r.tax, r.base, r.quota, r.reverses])).toEqual([[1, 'IVA10', '200.00', '20.00', false], [2, 'IVA21', '-200.00', '-42.00', true]]);
  });

  test('purchases: the supplier\'s substitution nets the registered original, deductible quota included', async () => {
    const purchase = await post('/api/v1/purchases', {
      contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'SUS-1', issue_date: '2026-04-15',
      lines: [{ description: 'Material', quantity: '1', unit_price: '1000.00', tax_type_id: taxId(company, 'IVA21'), expense_account: '600' }],
    });
    const rectifying = await substitute(purchase.id, '2026-05-15', [{ description: 'Material', quantity: '1', unit_price: '900.00', tax_type_id: taxId(company, 'IVA21'), expense_account: '600' }],
      'purchases', { supplier_invoice_number: 'SUS-1R' });
    expect((await rowsOf(rectifying.id)).map((r) => [r.kind, r.base, r.quota, r.deductible, r.rectifies, r.reverses])).toEqual([
      ['rectification', '900.00', '189.00', '189.00', 'SUS-1', false],
      ['rectification', '-1000.00', '-210.00', '-210.00', 'SUS-1', true],
    ]);
  });

  test('across quarters: the original in Q1, its substitution in Q2 (only the difference)', async () => {
    const original = await post('/api/v1/invoices', { contact_id: customer.id, series: 'T', issue_date: '2026-03-20', lines: lines('300.00') });
    const rectifying = await substitute(original.id, '2026-06-20', lines('250.00'));
    const q2 = (await rowsOf(rectifying.id)).reduce((s, r) => s + cents(r.quota), 0n);
    expect(q2).toBe(-1050n);
  });
});

describe('simplified invoices', () => {
  test('an invoice of up to 400 € to a business without tax number is registered as simplified (F2); a complete one stays an invoice', async () => {
    const bar = await createContact(app, company.token, { name: 'Bar Sin Datos SL', vat: null });
    const ticket = await invoice('2026-04-20', '100.00', 'IVA21', bar.id);
    expect((await rowsOf(ticket.id)).map((r) => [r.kind, r.base, r.quota])).toEqual([['simplified', '100.00', '21.00']]);
    const complete = await invoice('2026-04-20', '100.00');
    expect((await rowsOf(complete.id))[0].kind).toBe('invoice');
    const book = (await app.get('/api/v1/tax-books/issued?from=2026-04-20&to=2026-04-20', company.token)).text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(';'));
    const type = book[0].indexOf('Tipo de Factura');
    const number = book[0].indexOf('Identificación de la Factura Número');
    expect(book.slice(1).map((r) => [r[number], r[type]]).sort()).toEqual([[complete.number, 'F1'], [ticket.number, 'F2']].sort());
  });
});

describe('the books and the ledger', () => {
  test("each quarter's VAT books equal its 477 and 472 balances", async () => {
    for (const [from, to] of [['2026-01-01', '2026-03-31'], ['2026-04-01', '2026-06-30']]) {
      const book = async (side: string) => {
        const res = await app.get(`/api/v1/tax-books/${side}?from=${from}&to=${to}`, company.token);
        expect(res.status).toBe(200);
        const [header, ...rows] = res.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(';'));
        return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
      };
      const sum = (rows: Record<string, string>[], column: string) => rows.reduce((s, r) => s + cents(r[column] || '0.00'), 0n);
      const balance = async (account: string) => (await app.get(`/api/v1/ledger/account/${account}?from=${from}&to=${to}`, company.token)).body;
      const vat477 = await balance('477');
      const vat472 = await balance('472');
      expect(sum(await book('issued'), 'Cuota IVA Repercutida')).toBe(cents(vat477.credit) - cents(vat477.debit));
      expect(sum(await book('received'), 'Cuota Deducible')).toBe(cents(vat472.debit) - cents(vat472.credit));
    }
  });
});
