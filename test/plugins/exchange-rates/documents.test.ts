import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal, money } from '../../../kernel/money';
import { euroBasis } from '../../../plugins/documents/currency';
import { computeDocumentLines } from '../../../plugins/documents/lines';
import { createContact, download, pdfTexts, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

/**
 * Documents in another currency, every figure worked out by hand from the rates of the fixture files
 * (USD 1.0820 on Mon 1 Feb 2027 … 1.1000 on Fri 5 Feb, 1.0850 on Mon 8 Feb; GBP 0.84750 on 3 Feb):
 *
 * - USD invoice of 2 × 500.00 USD at 21 %, issued Saturday 6 Feb → Friday's 1.1000:
 *   base 1000.00 / 1.1 = 909.0909… → 909.09 €; VAT 909.09 × 21 % = 190.9089 → 190.91 €;
 *   euro total 1,100.00 € (the document's own total stays 1,210.00 USD).
 *   Entry: Dr 4300 1,100.00 / Cr 7000 909.09 / Cr 477 190.91.
 *   Paid 1,210.00 USD on 8 Feb at 1.0850: 1210 / 1.085 = 1115.2073… → 1,115.21 €, carrying 1,100.00:
 *   Dr 572 1,115.21 / Cr 4300 1,100.00 / Cr 768 15.21 (a gain).
 * - USD invoice of 100.00 USD at 21 % issued 8 Feb with operation date Monday 1 Feb → 1.0820 (the
 *   accrual's rate): base 92.4214… → 92.42 €, VAT 19.4082 → 19.41 €, total 111.83 €.
 *   Paid 121.00 USD on 9 Feb at 1.0850 → 111.5207… → 111.52 €: Dr 572 111.52 / Dr 668 0.31 / Cr 4300 111.83.
 * - GBP purchase of 423.75 GBP at 21 % registered 3 Feb at 0.84750: base 500.00 €, VAT 105.00 €,
 *   total 605.00 € (512.74 GBP): Dr 629 500.00 / Dr 472 105.00 / Cr 4100 605.00.
 * - 303 of 1T 2027: accrued 21 % base 909.09 + 92.42 = 1,001.51, quota 190.91 + 19.41 = 210.32;
 *   deductible 500.00 / 105.00.
 */
const FIXTURES = join(import.meta.dir, '../../fixtures/exchange-rates');

let app: DocumentsTestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  for (const file of ['ecb-hist-2027-02-01-05.xml', 'ecb-daily-2027-02-08.xml']) {
    const form = new FormData();
    form.append('file', new File([readFileSync(join(FIXTURES, file))], file));
    expect((await app.request('POST', '/api/v1/exchange-rates/import', { token: company.token, form })).status).toBe(200);
  }
}, 120_000);
afterAll(() => app?.close());

const entryLines = async (token: string, id: string) => {
  const entry = (await app.get(`/api/v1/ledger/entries/${id}`, token)).body;
  return Object.fromEntries(entry.lines.map((l: any) => [l.account, Number(l.debit) ? `D ${l.debit}` : `C ${l.credit}`]));
};
async function expectBalancedBooks(tenantId: string) {
  const [row] = await app.asAppRole<{ unbalanced: number; debit: string; credit: string }>(tenantId, `
    select (select count(*)::int from (select entry_id from journal_lines group by entry_id having sum(debit) <> sum(credit)) u) as unbalanced,
      (select coalesce(sum(debit), 0)::text from journal_lines) as debit, (select coalesce(sum(credit), 0)::text from journal_lines) as credit`);
  expect(Number(row.unbalanced)).toBe(0);
  expect(row.debit).toBe(row.credit);
}

describe('euro view of a document (pure)', () => {
  test('bases converted per VAT type and allocated to lines; VAT on the euro bases', () => {
    const line = (base: string, i: number) => ({
      lineNo: i + 1, description: 'x', quantity: Decimal.parse('1'), unitPrice: money(base), discountPct: Decimal.zero(2), taxTypeId: 'iva21', taxRate: Decimal.parse('21'),
      surchargeTypeId: null, surchargeRate: null, withholdingTypeId: null, withholdingRate: null,
    });
    const doc = computeDocumentLines([line('500.00', 0), line('500.00', 1)] as any);
    const euros = computeDocumentLines(euroBasis(doc.lines as any, Decimal.parse('1.1000')) as any);
    expect(euros.lines.map((l: any) => l.base.toString())).toEqual(['454.55', '454.54']);
    expect([euros.subtotal.toString(), euros.taxTotal.toString(), euros.total.toString()]).toEqual(['909.09', '190.91', '1100.00']);
  });
});

describe('invoices and purchases in another currency', () => {
  let usdInvoice: any;
  let secondInvoice: any;

  test('a USD invoice: amounts in USD, euro figures at the rate of the accrual, a balanced entry in euros', async () => {
    const customer = await createContact(app, company.token, { name: 'Importadora SL', vat: 'B65410011' });
    const res = await app.post('/api/v1/invoices', {
      contact_id: customer.id, issue_date: '2027-02-06', currency: 'USD',
      lines: [{ description: 'Consultoría', quantity: '2', unit_price: '500.00', tax_type_id: taxId(company, 'IVA21') }],
    }, company.token);
    expect(res.status).toBe(201);
    usdInvoice = res.body;
    expect(usdInvoice).toMatchObject({
      status: 'issued', currency: 'USD', subtotal: '1000.00', tax_total: '210.00', total: '1210.00', exchange_rate: '1.1000', rate_date: '2027-02-05',
      euro_amounts: { accounting_date: '2027-02-06', subtotal: '909.09', tax_total: '190.91', total: '1100.00' },
    });
    expect(await entryLines(company.token, usdInvoice.journal_entry_id)).toEqual({ '4300': 'D 1100.00', '7000': 'C 909.09', '477': 'C 190.91' });
    // the VERI*FACTU record carries the euro total, like the register
    expect(usdInvoice.verifactu.qr_url).toContain('importe=1100.00');
    const again = (await app.get(`/api/v1/invoices/${usdInvoice.id}`, company.token)).body;
    expect(again).toMatchObject({ currency: 'USD', exchange_rate: '1.1000', euro_amounts: { total: '1100.00' } });
    const listed = (await app.get('/api/v1/invoices', company.token)).body.items.find((i: any) => i.id === usdInvoice.id);
    expect(listed.currency).toBe('USD');
    // the PDF: amounts in USD, the VAT quota in euros with the rate (art. 12 RD 1619/2012)
    const pdf = await download(app, `/api/v1/invoices/${usdInvoice.id}/pdf`, company.token);
    expect(pdf.status).toBe(200);
    const printed = (await pdfTexts(pdf.bytes, 'raw')).join(' ').replace(/\s+/g, ' ');
    expect(printed).toContain('1.210,00 USD');
    expect(printed).toContain('Cuota del impuesto en euros');
    expect(printed).toContain('190,91 €');
    expect(printed).toContain('1 EUR = 1,1000 USD');
    // no e-invoice yet for another currency: refused, not written as if in euros
    const einvoice = await app.get(`/api/v1/invoices/${usdInvoice.id}/einvoice?format=ubl`, company.token);
    expect(einvoice.status).toBe(422);
    expect(einvoice.body.detail).toContain('USD');

    // a draft in USD, issued later: the operation date's rate (1 Feb, 1.0820)
    const draft = await app.post('/api/v1/invoices', {
      contact_id: customer.id, issue_date: '2027-02-08', operation_date: '2027-02-01', currency: 'USD', status: 'draft',
      lines: [{ description: 'Soporte', quantity: '1', unit_price: '100.00', tax_type_id: taxId(company, 'IVA21') }],
    }, company.token);
    expect(draft.body).toMatchObject({ status: 'draft', currency: 'USD', exchange_rate: null, euro_amounts: null });
    const issued = await app.post(`/api/v1/invoices/${draft.body.id}/issue`, {}, company.token);
    expect(issued.status).toBe(200);
    secondInvoice = issued.body;
    expect(secondInvoice).toMatchObject({ total: '121.00', exchange_rate: '1.0820', rate_date: '2027-02-01', euro_amounts: { subtotal: '92.42', tax_total: '19.41', total: '111.83' } });
    expect(await entryLines(company.token, secondInvoice.journal_entry_id)).toEqual({ '4300': 'D 111.83', '7000': 'C 92.42', '477': 'C 19.41' });
  });

  test('payments in USD at another rate post the realised difference: 768 for a gain, 668 for a loss', async () => {
    const paid = await app.post(`/api/v1/invoices/${usdInvoice.id}/payments`, { date: '2027-02-08', amount: '1210.00' }, company.token);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', amount_paid: '1210.00' });
    const gain = await app.asAppRole<{ entry_id: string }>(company.tenantId, `select entry_id::text from journal_lines where account_code = '768'`);
    expect(gain).toHaveLength(1);
    expect(await entryLines(company.token, gain[0].entry_id)).toEqual({ '572': 'D 1115.21', '4300': 'C 1100.00', '768': 'C 15.21' });

    const second = await app.post(`/api/v1/invoices/${secondInvoice.id}/payments`, { date: '2027-02-09', amount: '121.00' }, company.token);
    expect(second.status).toBe(200);
    const loss = await app.asAppRole<{ entry_id: string }>(company.tenantId, `select entry_id::text from journal_lines where account_code = '668'`);
    expect(await entryLines(company.token, loss[0].entry_id)).toEqual({ '572': 'D 111.52', '668': 'D 0.31', '4300': 'C 111.83' });
    // the customer's euro account is settled exactly
    const [receivable] = await app.asAppRole<{ b: string }>(company.tenantId, `select coalesce(sum(debit - credit), 0)::text as b from journal_lines where account_code like '430%'`);
    expect(receivable.b).toBe('0.00');
    await expectBalancedBooks(company.tenantId);
  });

  test('a GBP purchase: euro figures in the entry and the register; 303 in euros', async () => {
    const supplier = await createContact(app, company.token, { name: 'British Supplies SL', kind: 'supplier', vat: 'A28017895' });
    const res = await app.post('/api/v1/purchases', {
      contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'UK-77', issue_date: '2027-02-03', currency: 'GBP',
      lines: [{ description: 'Material', unit_price: '423.75', tax_type_id: taxId(company, 'IVA21') }],
    }, company.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      currency: 'GBP', subtotal: '423.75', tax_total: '88.99', total: '512.74', exchange_rate: '0.84750',
      euro_amounts: { subtotal: '500.00', tax_total: '105.00', total: '605.00' },
    });
    expect(await entryLines(company.token, res.body.journal_entry_id)).toEqual({ '629': 'D 500.00', '472': 'D 105.00', '4100': 'C 605.00' });

    const summary = await app.get('/api/v1/aeat/303/summary?year=2027&quarter=1', company.token);
    expect(summary.status).toBe(200);
    const boxes = Object.fromEntries(summary.body.items[0].boxes.map((b: any) => [b.box, b.value]));
    expect([boxes['07'], boxes['09'], boxes['28'], boxes['29']]).toEqual(['1001.51', '210.32', '500.00', '105.00']);
    const books = await app.get('/api/v1/tax-books/issued?from=2027-01-01&to=2027-03-31', company.token);
    expect(books.status).toBe(200);
    expect(JSON.stringify(books.body)).toContain('909.09');
    await expectBalancedBooks(company.tenantId);
  });

  test('a USD treasury: movements in USD, its 573x in euros at each day\'s rate; a USD movement settles a USD invoice with the difference to 768', async () => {
    const customer = await createContact(app, company.token, { name: 'Cliente Dólar SL', vat: 'B65410011' });
    const invoice = (await app.post('/api/v1/invoices', {
      contact_id: customer.id, issue_date: '2027-02-08', operation_date: '2027-02-05', currency: 'USD',
      lines: [{ description: 'Licencia', quantity: '1', unit_price: '1000.00', tax_type_id: taxId(company, 'IVA21') }],
    }, company.token)).body;
    expect(invoice.euro_amounts.total).toBe('1100.00');
    // opening 100.00 USD on Friday 5 Feb at 1.1000 → 90.91 €
    const created = await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Cuenta USD', currency: 'USD', opening_balance: '100.00', opening_date: '2027-02-05' }, company.token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ currency: 'USD', balance: '90.91', currency_balance: '100.00' });
    const treasury = created.body;
    expect(treasury.ledger_account.startsWith('573')).toBe(true); // PGC: bank accounts in a foreign currency
    // 1,210.00 USD in on Monday 8 Feb at 1.0850 → 1,115.21 €
    const movement = await app.post(`/api/v1/treasuries/${treasury.id}/movements`, { date: '2027-02-08', amount: '1210.00', description: 'Pago Cliente Dólar' }, company.token);
    expect(movement.status).toBe(201);
    expect(movement.body.amount).toBe('1210.00');
    const after = (await app.get(`/api/v1/treasuries/${treasury.id}`, company.token)).body;
    expect(after).toMatchObject({ balance: '1206.12', currency_balance: '1310.00' });
    // matched to the USD invoice: Dr 555x 1,115.21 / Cr 4300 1,100.00 / Cr 768 15.21; the suspense account is clear
    const match = await app.post('/api/v1/reconciliation/manual-match', { movement_id: movement.body.id, document_id: invoice.id }, company.token);
    expect(match.status).toBe(201);
    expect((await app.get(`/api/v1/invoices/${invoice.id}`, company.token)).body.status).toBe('paid');
    const [suspense] = await app.asAppRole<{ b: string }>(company.tenantId, `select coalesce(sum(debit - credit), 0)::text as b from journal_lines where account_code = '${treasury.suspense_account}'`);
    expect(suspense.b).toBe('0.00');
    const [ledger] = await app.asAppRole<{ b: string }>(company.tenantId, `select coalesce(sum(debit - credit), 0)::text as b from journal_lines where account_code = '${treasury.ledger_account}'`);
    expect(ledger.b).toBe('1206.12');
    const [gain] = await app.asAppRole<{ b: string }>(company.tenantId, `select coalesce(sum(credit - debit), 0)::text as b from journal_lines where account_code = '768'`);
    expect(gain.b).toBe('30.42'); // 15.21 from the first payment, 15.21 now
    // (statements into a USD treasury: bank.test.ts); a code that is not ISO 4217 is 422
    expect((await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Cuenta XYZ', currency: 'XYZ' }, company.token)).status).toBe(422);
    await expectBalancedBooks(company.tenantId);
  });

  test('an intra-EU sale in USD: the 349 line and the VAT book carry its euros', async () => {
    const french = await createContact(app, company.token, { name: 'Client SARL', country: 'FR', vat: 'FR40303265045' });
    const res = await app.post('/api/v1/invoices', {
      contact_id: french.id, issue_date: '2027-02-08', currency: 'USD',
      lines: [{ description: 'Maquinaria', quantity: '1', unit_price: '1000.00', tax_type_id: taxId(company, 'IVAINTRA'), nature: 'goods' }],
    }, company.token);
    expect(res.status).toBe(201);
    // 1,000.00 USD at 1.0850 (the rate of 8 February, the issue date): 921.66 €
    expect(res.body).toMatchObject({ currency: 'USD', total: '1000.00', euro_amounts: { subtotal: '921.66', total: '921.66' } });
    const model = (await app.get('/api/v1/aeat/349/summary?year=2027&quarter=1', company.token)).body.items[0];
    expect(model.details.lines.map((l: any) => [l.key, l.vat, l.base])).toEqual([['E', 'FR40303265045', '921.66']]);
    const book = await download(app, '/api/v1/tax-books/issued?from=2027-02-08&to=2027-02-08&format=csv', company.token);
    const [header, ...rows] = new TextDecoder().decode(book.bytes).replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(';'));
    const row = rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]]))).find((r) => r['Identificación de la Factura Número'] === res.body.number)!;
    expect([row['Base Imponible'], row['Total Factura']]).toEqual(['921.66', '921.66']);
  });

  test('no rate on or before the accrual: 422 naming the currency and the day, nothing issued; a bad code is 422', async () => {
    const other = await createCompany(app);
    const customer = await createContact(app, other.token, { name: 'Cliente SL', vat: 'B65410011' });
    const res = await app.post('/api/v1/invoices', {
      contact_id: customer.id, issue_date: '2027-02-06', currency: 'CHF', lines: [{ description: 'x', quantity: '1', unit_price: '10.00', tax_type_id: taxId(other, 'IVA21') }],
    }, other.token);
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain('CHF');
    expect(res.body.detail).toContain('2027-02-06');
    expect((await app.get('/api/v1/invoices', other.token)).body.total).toBe(0);
    const bad = await app.post('/api/v1/invoices', {
      contact_id: customer.id, issue_date: '2027-02-06', currency: 'XXX', lines: [{ description: 'x', quantity: '1', unit_price: '10.00', tax_type_id: taxId(other, 'IVA21') }],
    }, other.token);
    expect(bad.status).toBe(422);
    // another company's USD invoice is 404
    expect((await app.get(`/api/v1/invoices/${usdInvoice.id}`, other.token)).status).toBe(404);
    // a USD treasury with an opening balance needs a rate of its opening day
    expect((await app.post('/api/v1/treasuries', { kind: 'bank', name: 'USD', currency: 'USD', opening_balance: '5.00', opening_date: '2027-02-05' }, other.token)).status).toBe(422);
  });

  test('a EUR-only company is unchanged: currency EUR, no conversion, the same entry as ever', async () => {
    const eur = await createCompany(app);
    const customer = await createContact(app, eur.token, { name: 'Cliente SL', vat: 'B65410011' });
    const res = await app.post('/api/v1/invoices', {
      contact_id: customer.id, issue_date: '2027-02-06', lines: [{ description: 'x', quantity: '1', unit_price: '100.00', tax_type_id: taxId(eur, 'IVA21') }],
    }, eur.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ currency: 'EUR', exchange_rate: null, rate_date: null, euro_amounts: null, total: '121.00' });
    expect(await entryLines(eur.token, res.body.journal_entry_id)).toEqual({ '4300': 'D 121.00', '7000': 'C 100.00', '477': 'C 21.00' });
    const paid = await app.post(`/api/v1/invoices/${res.body.id}/payments`, { date: '2027-02-08', amount: '121.00' }, eur.token);
    expect(paid.status).toBe(200);
    const [diff] = await app.asAppRole<{ n: number }>(eur.tenantId, `select count(*)::int as n from journal_lines where account_code in ('668', '768')`);
    expect(Number(diff.n)).toBe(0);
  });
});
