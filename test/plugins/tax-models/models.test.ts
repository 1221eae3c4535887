/**
 * The tax-model contract with three models installed: each model's routes exist only because it
 * contributes to `tax-models` (OpenAPI lists them, an unknown model is 404); modelo 111 (IRPF
 * withholdings of professionals, boxes 07–09, reconciled with 4751) and modelo 347 (counterparties
 * above 3,005.06 € a year, sales and purchases apart, quarterly breakdown, excluded operations),
 * every figure worked out by hand below; validation and tenancy.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { definePlugin } from '../../../kernel/plugin';
import { BoxSheet, type TaxModel } from '../../../plugins/tax-models/api';
import { cents, createContact, entryLines, startDocumentsApp, taxId, type DocumentsTestApp, documentBooker } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

/** A model from a plugin of its own, written only against the contract: its routes appear with nothing else changed. */
const SALES_MODEL: TaxModel = {
  code: '999',
  name: 'Prueba: ingresos del trimestre',
  periodicities: ['quarterly'],
  designs: [],
  boxes: [{ number: '01', label: 'Ingresos computables', kind: 'amount' }],
  async compute({ sums }) {
    const [sales] = await sums([], { side: 'issued' });
    const boxes = new BoxSheet().set('01', sales?.base ?? '0');
    return { boxes: boxes.toRecord(SALES_MODEL.boxes), result: '0.00', declarationType: 'N' };
  },
};
const salesModelPlugin = definePlugin({ name: 'test-model-999', dependsOn: ['tax-models'], contributes: { 'tax-models': [SALES_MODEL] } });

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp({ extraPlugins: [salesModelPlugin] });
  company = await createCompany(app);
  other = await createCompany(app);
  await createDocuments();
}, 300_000);
afterAll(() => app?.close());

const { created, lines, sale, purchase, tax } = documentBooker(() => app, () => company);
const ids: Record<string, string> = {};

async function createDocuments() {
  const customer = await createContact(app, company.token, { name: 'Cliente Nacional SL', vat: 'B65410011' });
  const atThreshold = await createContact(app, company.token, { name: 'Cliente Justo', vat: 'X1234567L' });
  const french = await createContact(app, company.token, { name: 'Client SARL', country: 'FR', vat: 'FR40303265045' });
  const lawyer = await createContact(app, company.token, { name: 'Abogados SLP', kind: 'supplier', vat: 'B86561412' });
  const designer = await createContact(app, company.token, { name: 'Diseñadora Autónoma', kind: 'supplier', vat: '12345678Z' });
  const landlord = await createContact(app, company.token, { name: 'Inmuebles SA', kind: 'supplier', vat: 'A28017895' });
  const builder = await createContact(app, company.token, { name: 'Construcciones SA', kind: 'supplier', vat: 'A58818501' });
  ids.customer = customer.id;

  // 111, 2T 2026: two professionals (15 % and 7 %), a rent at 19 % (modelo 115), a credit of −200 at 15 %
  const lawyerInvoice = await purchase(lawyer.id, '2026-04-10', { tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF15'), expense_account: '623' });
  await purchase(designer.id, '2026-05-10', { tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF7'), expense_account: '623' }, '2000.00');
  await purchase(landlord.id, '2026-05-11', { tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF19'), expense_account: '621' });
  await created(`/api/v1/purchases/${lawyerInvoice.id}/rectify`, {
    issue_date: '2026-06-01', reason: 'Abono', mode: 'differences', supplier_invoice_number: 'AB-1', lines: lines({ tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF15'), expense_account: '623' }, '-200.00'),
  });

  // 111, 3T 2026: a withholding the company's own type books on 473 instead of 4751: the register has it, 4751 does not
  const misbooked = await created('/api/v1/taxes', { code: 'IRPF15-473', name: 'IRPF 15 % mal contabilizado', kind: 'withholding', rate: '15.00', regime: 'domestic', purchases: { account: '473' } });
  await purchase(lawyer.id, '2026-07-10', { tax_type_id: tax('IVA21'), withholding_type_id: misbooked.id, expense_account: '623' });

  // 111, 4T 2026: one purchase withheld at 15 % over two VAT types, 100.03 each: the withholding of 200.06 is 30.01,
  // shared 15.01 / 15.00 between the register's two rows; 15.00 is 15 % of 100.03 (base 100.03), 15.01 is not: its
  // base is 15.01 × 100 / 15 = 100.0667 → 100.07 (the base the withholding was computed on): 08 = 200.10, 09 = 30.01
  const twoTypes = (vat: string) => ({ description: vat, quantity: '1', unit_price: '100.03', tax_type_id: tax(vat), withholding_type_id: tax('IRPF15'), expense_account: '623' });
  await created('/api/v1/purchases', { contact_id: designer.id, kind: 'invoice', supplier_invoice_number: 'D-4T', issue_date: '2026-10-20', lines: [twoTypes('IVA21'), twoTypes('IVA10')] });

  // 347, 2026: the customer 2,420.00 (1T) + 1,210.00 (3T) − 121.00 (4T credit) = 3,509.00; the landlord 3,300.00
  // without withholding (2T); the builder 4,000.00 under reverse charge (no VAT on its invoice); a customer at exactly
  // 3,005.06 (not above the threshold); an intra-EU sale, the withheld documents and the sale above excluded
  // (sales in date order: an invoice series never goes backwards)
  const first = await sale(customer.id, '2026-02-01', { tax_type_id: tax('IVA21') }, '2000.00');
  await sale(atThreshold.id, '2026-03-01', { tax_type_id: tax('IVA21') }, '2483.52');
  await sale(french.id, '2026-03-02', { tax_type_id: tax('IVAINTRA') }, '9000.00');
  // a sale where the customer withholds from us is no 111 of ours
  await sale(customer.id, '2026-04-15', { tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF15'), nature: 'services' });
  await sale(customer.id, '2026-08-01', { tax_type_id: tax('IVA21') });
  await created(`/api/v1/invoices/${first.id}/rectify`, { issue_date: '2026-11-02', reason: 'Descuento', mode: 'differences', lines: lines({ tax_type_id: tax('IVA21') }, '-100.00') });
  await purchase(landlord.id, '2026-06-10', { tax_type_id: tax('IVA10'), expense_account: '600' }, '3000.00');
  await purchase(builder.id, '2026-06-11', { tax_type_id: tax('ISP'), expense_account: '622' }, '4000.00');
}

const boxesOf = (item: any): Record<string, string> => Object.fromEntries(item.boxes.map((b: any) => [b.box, b.value]));
const nonZero = (boxes: Record<string, string>) => Object.fromEntries(Object.entries(boxes).filter(([, v]) => Number(v) !== 0));

describe('the tax-model contract', () => {
  test('every contributed model has its routes in OpenAPI; the file only where the model has one; other models are 404', async () => {
    const paths = (await app.get('/openapi.json')).body.paths;
    const aeat = Object.keys(paths).filter((p) => p.startsWith('/api/v1/aeat/')).sort();
    expect(aeat).toEqual(['/api/v1/aeat/111', '/api/v1/aeat/111/settle', '/api/v1/aeat/111/summary', '/api/v1/aeat/115', '/api/v1/aeat/115/file', '/api/v1/aeat/115/summary', '/api/v1/aeat/130', '/api/v1/aeat/130/file', '/api/v1/aeat/130/summary', '/api/v1/aeat/180', '/api/v1/aeat/180/file', '/api/v1/aeat/180/options', '/api/v1/aeat/180/summary', '/api/v1/aeat/190', '/api/v1/aeat/190/file', '/api/v1/aeat/190/summary', '/api/v1/aeat/303', '/api/v1/aeat/303/file', '/api/v1/aeat/303/options', '/api/v1/aeat/303/settle', '/api/v1/aeat/303/summary', '/api/v1/aeat/347', '/api/v1/aeat/347/file', '/api/v1/aeat/347/summary', '/api/v1/aeat/349', '/api/v1/aeat/349/file', '/api/v1/aeat/349/options', '/api/v1/aeat/349/summary', '/api/v1/aeat/390', '/api/v1/aeat/390/file', '/api/v1/aeat/390/options', '/api/v1/aeat/390/summary', '/api/v1/aeat/999', '/api/v1/aeat/999/summary', '/api/v1/aeat/profile', '/api/v1/aeat/prorrata', '/api/v1/aeat/vat-books/{book}']);
    const params = (path: string) => paths[path].get.parameters.filter((p: any) => p.in === 'query').map((p: any) => [p.name, p.required === true]);
    expect(params('/api/v1/aeat/303')).toEqual([['year', true], ['quarter', false], ['month', false]]);
    expect(params('/api/v1/aeat/347')).toEqual([['year', true]]);
    expect(Object.keys(paths['/api/v1/aeat/303'].get.responses['200'].content)).toEqual(['text/csv']);
    expect((await app.get('/api/v1/aeat/998?year=2026', company.token)).status).toBe(404);
    expect((await app.get('/api/v1/aeat/111/file?year=2026&quarter=1', company.token)).status).toBe(404);
  });

  test('a model contributed by a plugin of its own answers with no route code: its CSV and history', async () => {
    const csv = await app.get('/api/v1/aeat/999?year=2026&quarter=2', company.token);
    expect(csv.status).toBe(200);
    // the one sale of 2T 2026 (the one where the customer withholds)
    expect(csv.text).toBe('casilla;concepto;importe\r\n01;Ingresos computables;1000.00\r\n');
    const history = (await app.get('/api/v1/aeat/999/summary?year=2026', company.token)).body;
    expect(history.items.map((i: any) => [i.period, i.boxes[0].value])).toEqual([['1T', '13483.52'], ['2T', '1000.00'], ['3T', '1000.00'], ['4T', '-100.00']]);
    expect((await app.get('/api/v1/aeat/999?year=2026&month=5', company.token)).status).toBe(422);
  });
});

describe('modelo 111', () => {
  test('2T 2026: professionals in 07–09 (the rent at 19 % is the 115\'s), the credit subtracted; 28 and 30 to pay', async () => {
    const res = await app.get('/api/v1/aeat/111/summary?year=2026&quarter=2', company.token);
    expect(res.status).toBe(200);
    const [item] = res.body.items;
    expect(item).toMatchObject({ period: '2T', declaration_type: 'I', result: '260.00', design: null });
    // 07: lawyer and designer; 08: 1,000 + 2,000 − 200; 09: 150 + 140 − 30
    expect(nonZero(boxesOf(item))).toEqual({ '07': '2', '08': '2800.00', '09': '260.00', '28': '260.00', '30': '260.00' });
    expect(item.details.recipients.map((r: any) => [r.tax_id, r.base, r.withholding, r.rates])).toEqual([
      ['12345678Z', '2000.00', '140.00', [{ rate: '7.00', base: '2000.00', withholding: '140.00' }]],
      ['B86561412', '800.00', '120.00', [{ rate: '15.00', base: '800.00', withholding: '120.00' }]],
    ]);
    // 4751 holds the 111's withholdings and the 190.00 of the rent (modelo 115)
    const account = (await app.get('/api/v1/ledger/account/4751?from=2026-04-01&to=2026-06-30', company.token)).body;
    expect(cents(account.credit) - cents(account.debit)).toBe(cents(boxesOf(item)['09']) + cents('190.00'));
  });

  test('the CSV and the quarters without withholdings', async () => {
    const res = await app.get('/api/v1/aeat/111?year=2026&quarter=2', company.token);
    expect(res.status).toBe(200);
    const rows = res.text.trimEnd().split('\r\n');
    expect(rows[0]).toBe('casilla;concepto;importe');
    expect(rows).toContain('07;Rendimientos de actividades económicas, dinerarios: número de perceptores;2');
    expect(rows).toContain('09;Rendimientos de actividades económicas, dinerarios: importe de las retenciones;260.00');
    const history = (await app.get('/api/v1/aeat/111/summary?year=2026', company.token)).body;
    expect(history.items.map((i: any) => [i.period, i.declaration_type, i.result])).toEqual([['1T', 'N', '0.00'], ['2T', 'I', '260.00'], ['3T', 'I', '150.00'], ['4T', 'I', '30.01']]);
  });

  test('4T 2026: a row whose withholding its rate does not give declares the base the withholding was computed on', async () => {
    const [item] = (await app.get('/api/v1/aeat/111/summary?year=2026&quarter=4', company.token)).body.items;
    expect(nonZero(boxesOf(item))).toEqual({ '07': '1', '08': '200.10', '09': '30.01', '28': '30.01', '30': '30.01' });
    expect(item.details.recipients.map((r: any) => [r.tax_id, r.base, r.withholding, r.rates])).toEqual([
      ['12345678Z', '200.10', '30.01', [{ rate: '15.00', base: '200.10', withholding: '30.01' }]],
    ]);
  });
});

describe('the 111 settlement entry (POST /aeat/111/settle)', () => {
  const settle = (query: string, token = company.token) => app.post(`/api/v1/aeat/111/settle?${query}`, undefined, token);
  /** Credit minus debit of exactly this account (not its sub-accounts) over 2T 2026. */
  const balance = async (code: string) => {
    const account = (await app.get('/api/v1/ledger/trial-balance?from=2026-04-01&to=2026-06-30', company.token)).body.accounts.find((a: any) => a.account === code);
    return cents(account.credit) - cents(account.debit);
  };

  test('2T 2026: the 260.00 declared [28] leave 4751 for 4751111 (declared, to pay); the books balance; once only', async () => {
    const res = await settle('year=2026&quarter=2');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ date: '2026-06-30', source_type: 'tax_model' });
    expect(entryLines(res.body)).toEqual([['4751', '260.00', '0.00'], ['4751111', '0.00', '260.00']]);
    const debit = res.body.lines.reduce((sum: bigint, l: any) => sum + cents(l.debit), 0n);
    const credit = res.body.lines.reduce((sum: bigint, l: any) => sum + cents(l.credit), 0n);
    expect(debit).toBe(credit);
    // 4751 keeps the rent's 190.00 (modelo 115): 150 + 140 + 190 − 30 − 260
    expect(await balance('4751')).toBe(cents('190.00'));
    expect(await balance('4751111')).toBe(cents('260.00'));
    const again = await settle('year=2026&quarter=2');
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('already settled');
    expect(await balance('4751111')).toBe(cents('260.00'));
  });

  test("3T 2026: the register's 150.00 are not in 4751 (booked on 473): refused until the books are reconciled", async () => {
    const res = await settle('year=2026&quarter=3');
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('box [28] is 150.00');
    expect((await app.get('/api/v1/ledger/trial-balance?from=2026-07-01&to=2026-09-30', company.token)).body.accounts.map((a: any) => a.account)).not.toContain('4751111');
  });

  test('a quarter without withholdings has nothing to settle (another company\'s 2T included); bad periods are 422', async () => {
    for (const [query, token] of [['year=2026&quarter=1', company.token], ['year=2026&quarter=2', other.token], ['year=2026&quarter=5', company.token], ['year=2026', company.token]] as const) {
      expect([query, (await settle(query, token)).status]).toEqual([query, 422]);
    }
  });
});

describe('modelo 347', () => {
  test('2026: counterparties above 3,005.06 €, sales (B) and purchases (A) apart, VAT included, by quarter', async () => {
    const res = await app.get('/api/v1/aeat/347/summary?year=2026', company.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model: '347', periodicity: 'annual' });
    const [item] = res.body.items;
    expect(item).toMatchObject({ period: '0A', from: '2026-01-01', to: '2026-12-31' });
    expect(item.details.counterparties.map((c: any) => [c.key, c.tax_id, c.amount, c.quarters])).toEqual([
      ['A', 'A28017895', '3300.00', ['0.00', '3300.00', '0.00', '0.00']],
      ['A', 'A58818501', '4000.00', ['0.00', '4000.00', '0.00', '0.00']],
      ['B', 'B65410011', '3509.00', ['2420.00', '0.00', '1210.00', '-121.00']],
    ]);
    expect(item.details.counterparties[2]).toMatchObject({ contact_id: ids.customer, name: 'Cliente Nacional SL' });
    expect(nonZero(boxesOf(item))).toEqual({ '01': '3', '02': '10809.00' });
  });

  test('the CSV lists the counterparties', async () => {
    const res = await app.get('/api/v1/aeat/347?year=2026', company.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="modelo-347-2026-0A.csv"');
    expect(res.text.trimEnd().split('\r\n')).toEqual([
      'clave;nif;nombre;importe_anual;importe_1T;importe_2T;importe_3T;importe_4T',
      'A;A28017895;Inmuebles SA;3300.00;0.00;3300.00;0.00;0.00',
      'A;A58818501;Construcciones SA;4000.00;0.00;4000.00;0.00;0.00',
      'B;B65410011;Cliente Nacional SL;3509.00;2420.00;0.00;1210.00;-121.00',
    ]);
  });

  test('a key that may read tax models but not contacts gets the boxes without the counterparties or recipients, and 403 for the CSV', async () => {
    const keyFor = async (scopes: string[]) => (await app.post('/api/v1/auth/api-keys', { name: `models ${scopes.join(' ')}`, role: 'owner', scopes }, company.token)).body.key as string;
    const modelsOnly = await keyFor(['tax-models:read']);
    expect((await app.get('/api/v1/contacts', modelsOnly)).status).toBe(403);
    const full = (await app.get('/api/v1/aeat/347/summary?year=2026', company.token)).body.items[0];
    const narrowed = await app.get('/api/v1/aeat/347/summary?year=2026', modelsOnly);
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.items[0]).not.toHaveProperty('details');
    expect(narrowed.body.items[0].boxes).toEqual(full.boxes);
    expect(narrowed.text).not.toContain('B65410011');
    for (const quarter of [1, 2, 3, 4]) expect((await app.get(`/api/v1/aeat/111/summary?year=2026&quarter=${quarter}`, modelsOnly)).body.items[0]).not.toHaveProperty('details');
    const csv = await app.get('/api/v1/aeat/347?year=2026', modelsOnly);
    expect({ status: csv.status, detail: csv.body?.detail }).toEqual({ status: 403, detail: "This API key's scopes do not allow contacts.read" });
    // the 303's CSV lists boxes only: no contact data, no further permission
    expect((await app.get('/api/v1/aeat/303?year=2026&quarter=3', modelsOnly)).status).toBe(200);
    const withContacts = await keyFor(['tax-models:read', 'contacts:read']);
    expect((await app.get('/api/v1/aeat/347/summary?year=2026', withContacts)).body.items[0].details).toEqual(full.details);
    expect((await app.get('/api/v1/aeat/347?year=2026', withContacts)).status).toBe(200);
  });
});

describe('validation and tenancy', () => {
  test('bad years and periods → 422', async () => {
    for (const path of ['/api/v1/aeat/111?year=2026&quarter=5', '/api/v1/aeat/111?year=2026', '/api/v1/aeat/347?year=1999', '/api/v1/aeat/347', '/api/v1/aeat/347/summary?year=x', '/api/v1/aeat/111/summary?year=2026&periodicity=weekly']) {
      expect([path, (await app.get(path, company.token)).status]).toEqual([path, 422]);
    }
  });

  test("another company sees none of these documents", async () => {
    const m111 = (await app.get('/api/v1/aeat/111/summary?year=2026&quarter=2', other.token)).body.items[0];
    expect(nonZero(boxesOf(m111))).toEqual({});
    const m347 = (await app.get('/api/v1/aeat/347/summary?year=2026', other.token)).body.items[0];
    expect(m347.details.counterparties).toEqual([]);
    expect(m347.declaration_type).toBe('N');
  });
});
