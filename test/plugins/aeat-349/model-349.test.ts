/**
 * Modelo 349 over HTTP, a sociedad's 2026 with every figure worked out by hand:
 *
 * 1T  sale to Client SARL (FR) 5,000.00 goods + 1,000.00 services       → E FR 5,000.00, S FR 1,000.00
 *     purchase from Fornitore SpA (IT) 3,000.00 on 600 + 500.00 on 623  → A IT 3,000.00, I IT 500.00
 *     sale to a German customer whose VAT number fails its check digits, 700.00 goods → error
 *     a domestic sale (IVA21) 1,000.00                                  → not in the 349
 * 2T  sale to FR 2,000.00 goods, rectified in 2T by −100.00             → E FR 1,900.00
 *     sale to FR 800.00 services (25 April)                             → S FR 800.00
 *     the 1T sale rectified by −400.00 goods (differences, 5 May)       → rectification E FR 2026 1T: 5,000.00 → 4,600.00
 *     the 1T purchase credited −300.00 on 600 (2 June)                  → rectification A IT 2026 1T: 3,000.00 → 2,700.00
 * 3T  sale to FR 60,000.00 goods (10 July)                              → E FR 60,000.00; above 50,000 €: monthly required
 *     the 25 April sale replaced (substitution, 1 August) by 1,000.00   → rectification S FR 2026 2T: 800.00 → 1,000.00
 *                                                                         (monthly: August's return, of April, 04)
 *     the 1T sale rectified again by −100.00 (15 August)                → rectification E FR 2026 1T: 4,600.00 (as 2T left it) → 4,500.00
 * 4T  purchase from IT: a capital good 1,000.00 + 200.00 on 623         → A IT 1,000.00, I IT 200.00 (two register rows)
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createContact, documentBooker, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
const FR = 'FR40303265045';
const IT = 'IT00743110157';

beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  other = await createCompany(app);
  await createDocuments();
}, 300_000);
afterAll(() => app?.close());

const { created, tax } = documentBooker(() => app, () => company);
const line = (unit_price: string, fields: Record<string, unknown>) => ({ description: 'Concepto', quantity: '1', unit_price, ...fields });

async function createDocuments() {
  const french = await createContact(app, company.token, { name: 'Client SARL', country: 'FR', vat: FR });
  const italian = await createContact(app, company.token, { name: 'Fornitore SpA', kind: 'supplier', country: 'IT', vat: IT });
  // a well-formed German VAT number with wrong check digits: the contacts plugin keeps it, flagged invalid
  const german = await createContact(app, company.token, { name: 'Kunde GmbH', country: 'DE', vat: 'DE136695977' });
  if (german.vat_valid !== false) throw new Error('the German VAT number was meant to fail its check digits');
  const spanish = await createContact(app, company.token, { name: 'Cliente Nacional SL' });
  const sale = (contact: string, date: string, lines: unknown[]) => created('/api/v1/invoices', { contact_id: contact, issue_date: date, lines });
  const intra = tax('IVAINTRA');

  const first = await sale(french.id, '2026-01-15', [line('5000.00', { tax_type_id: intra, nature: 'goods' }), line('1000.00', { tax_type_id: intra, nature: 'services' })]);
  const bought = await created('/api/v1/purchases', {
    contact_id: italian.id, kind: 'invoice', supplier_invoice_number: 'IT-1', issue_date: '2026-02-10',
    lines: [line('3000.00', { tax_type_id: tax('RCINTRACOM'), expense_account: '600' }), line('500.00', { tax_type_id: tax('RCINTRACOM'), expense_account: '623' })],
  });
  await sale(german.id, '2026-03-01', [line('700.00', { tax_type_id: intra, nature: 'goods' })]);
  await sale(spanish.id, '2026-03-02', [line('1000.00', { tax_type_id: tax('IVA21') })]);

  const april = await sale(french.id, '2026-04-10', [line('2000.00', { tax_type_id: intra, nature: 'goods' })]);
  await sale(french.id, '2026-04-25', [line('800.00', { tax_type_id: intra, nature: 'services' })]).then((s) => { ids.services = s.id; });
  await created(`/api/v1/invoices/${april.id}/rectify`, { issue_date: '2026-04-30', reason: 'Descuento', mode: 'differences', lines: [line('-100.00', { tax_type_id: intra, nature: 'goods' })] });
  await created(`/api/v1/invoices/${first.id}/rectify`, { issue_date: '2026-05-05', reason: 'Devolución', mode: 'differences', lines: [line('-400.00', { tax_type_id: intra, nature: 'goods' })] });
  await created(`/api/v1/purchases/${bought.id}/rectify`, {
    issue_date: '2026-06-02', reason: 'Abono', mode: 'differences', supplier_invoice_number: 'IT-1-A', lines: [line('-300.00', { tax_type_id: tax('RCINTRACOM'), expense_account: '600' })],
  });

  await sale(french.id, '2026-07-10', [line('60000.00', { tax_type_id: intra, nature: 'goods' })]);
  await created(`/api/v1/invoices/${ids.services}/rectify`, { issue_date: '2026-08-01', reason: 'Precio corregido', mode: 'substitution', lines: [line('1000.00', { tax_type_id: intra, nature: 'services' })] });
  await created('/api/v1/purchases', {
    contact_id: italian.id, kind: 'invoice', supplier_invoice_number: 'IT-2', issue_date: '2026-10-05',
    lines: [line('1000.00', { tax_type_id: tax('RCINTRACOM'), expense_account: '217', capital_good: true }), line('200.00', { tax_type_id: tax('RCINTRACOM'), expense_account: '623' })],
  });
  await created(`/api/v1/invoices/${first.id}/rectify`, { issue_date: '2026-08-15', reason: 'Segunda devolución', mode: 'differences', lines: [line('-100.00', { tax_type_id: intra, nature: 'goods' })] });
}
const ids: Record<string, string> = {};

const summary = async (query: string, token = company.token) => {
  const res = await app.get(`/api/v1/aeat/349/summary?${query}`, token);
  expect(res.status).toBe(200);
  return res.body.items[0];
};
const boxesOf = (item: any): Record<string, string> => Object.fromEntries(item.boxes.map((b: any) => [b.box, b.value]));
const linesOf = (item: any) => item.details.lines.map((l: any) => [l.key, l.vat, l.base]);
const rectificationsOf = (item: any) => item.details.rectifications.map((r: any) => [r.key, r.vat, r.year, r.period, r.rectified_base, r.previous_base]);

describe('modelo 349', () => {
  test('1T: one line per operator and key (E, S, A, I); the customer without a valid EU VAT number is an error, not dropped', async () => {
    const item = await summary('year=2026&quarter=1');
    expect(item).toMatchObject({ period: '1T', periodicity: 'quarterly', declaration_type: 'I', design: '349 (Orden EHA/769/2010, diseño 2020)' });
    expect(linesOf(item)).toEqual([['A', IT, '3000.00'], ['E', FR, '5000.00'], ['I', IT, '500.00'], ['S', FR, '1000.00']]);
    expect(item.details.rectifications).toEqual([]);
    expect(item.details.errors.map((e: any) => [e.name, e.key, e.base, e.tax_id])).toEqual([['Kunde GmbH', 'E', '700.00', 'DE136695977']]);
    expect(boxesOf(item)).toEqual({ '01': '4', '02': '9500.00', '03': '0', '04': '0.00' });
    // deliveries of the quarter (5,000 + 1,000 + 700) are far from 50,000 €
    expect(item.details.periodicity).toMatchObject({ threshold: '50000.00', monthly_required: false, quarters: [{ quarter: '2026-1T', deliveries: '6700.00' }] });
  });

  test('2T: a rectification inside the quarter nets; one of 1T is a rectification line of 1T with the base declared before', async () => {
    const item = await summary('year=2026&quarter=2');
    expect(linesOf(item)).toEqual([['E', FR, '1900.00'], ['S', FR, '800.00']]);
    expect(rectificationsOf(item)).toEqual([['A', IT, 2026, '1T', '2700.00', '3000.00'], ['E', FR, 2026, '1T', '4600.00', '5000.00']]);
    expect(boxesOf(item)).toEqual({ '01': '2', '02': '2700.00', '03': '2', '04': '7300.00' });
    expect(item.details.errors).toEqual([]);
  });

  test('3T: a substitution of a 2T invoice rectifies 2T; a second rectification of 1T starts from what 2T left; deliveries above 50,000 € call for monthly returns', async () => {
    const item = await summary('year=2026&quarter=3');
    expect(linesOf(item)).toEqual([['E', FR, '60000.00']]);
    expect(rectificationsOf(item)).toEqual([['E', FR, 2026, '1T', '4500.00', '4600.00'], ['S', FR, 2026, '2T', '1000.00', '800.00']]);
    expect(item.details.periodicity.monthly_required).toBe(true);
    // monthly: July has the sale, August the rectification of April
    expect(linesOf(await summary('year=2026&month=7'))).toEqual([['E', FR, '60000.00']]);
    const august = await summary('year=2026&month=8');
    expect([linesOf(august), rectificationsOf(august)]).toEqual([[], [['E', FR, 2026, '01', '4500.00', '4600.00'], ['S', FR, 2026, '04', '1000.00', '800.00']]]);
  });

  test('4T: a purchase the register splits by capital good gives one key per row', async () => {
    expect(linesOf(await summary('year=2026&quarter=4'))).toEqual([['A', IT, '1000.00'], ['I', IT, '200.00']]);
  });

  test('the history is quarterly unless the company says it files monthly that year', async () => {
    const periods = async () => (await app.get('/api/v1/aeat/349/summary?year=2025', company.token)).body.items.map((i: any) => i.period);
    expect(await periods()).toEqual(['1T', '2T', '3T', '4T']);
    const put = await app.request('PUT', '/api/v1/aeat/349/options?year=2025', { body: { monthly: true }, token: company.token });
    expect([put.status, put.body.options]).toEqual([200, { monthly: true }]);
    expect(await periods()).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    expect((await app.request('PUT', '/api/v1/aeat/349/options?year=2025', { body: { monthly: 'yes' }, token: company.token })).status).toBe(422);
  });

  test('the CSV lists lines, rectifications and errors', async () => {
    const csv = await app.get('/api/v1/aeat/349?year=2026&quarter=2', company.token);
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n').slice(0, 4)).toEqual([
      'tipo;clave;nif_iva;nombre;base_imponible;ejercicio_rectificado;periodo_rectificado;base_anterior;error',
      `operacion;E;${FR};Client SARL;1900.00;;;;`, `operacion;S;${FR};Client SARL;800.00;;;;`, `rectificacion;A;${IT};Fornitore SpA;2700.00;2026;1T;3000.00;`,
    ]);
  });

  test('the file: type 1 and type 2 records of 500 positions, each field at its position', async () => {
    const res = await app.handle(new Request('http://localhost/api/v1/aeat/349/file?year=2026&quarter=2', { headers: { authorization: `Bearer ${company.token}` } }));
    expect(res.status).toBe(200);
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    const records = text.split('\r\n');
    expect(records.map((r) => [r.slice(0, 4), r.length])).toEqual([['1349', 500], ['2349', 500], ['2349', 500], ['2349', 500], ['2349', 500]]);
    const at = (r: string, position: number, length: number) => r.slice(position - 1, position - 1 + length);
    const [declarant, e, s, , rect] = records;
    expect([at(declarant, 5, 4), at(declarant, 136, 2), at(declarant, 138, 9), at(declarant, 147, 15), at(declarant, 162, 9), at(declarant, 171, 15)])
      .toEqual(['2026', '2T', '000000002', '000000000270000', '000000002', '000000000730000']);
    expect([at(e, 76, 17), at(e, 93, 11), at(e, 133, 1), at(e, 134, 13), at(s, 133, 1), at(s, 134, 13)]).toEqual([FR.padEnd(17), 'CLIENT SARL', 'E', '0000000190000', 'S', '0000000080000']);
    expect([at(rect, 76, 17), at(rect, 133, 1), at(rect, 134, 13), at(rect, 147, 4), at(rect, 151, 2), at(rect, 153, 13), at(rect, 166, 13)])
      .toEqual([FR.padEnd(17), 'E', ' '.repeat(13), '2026', '1T', '0000000460000', '0000000500000']);
    expect(at(declarant, 9, 9)).toBe(at(e, 9, 9));
  });

  test('another company sees none of these operations; bad periods and years without a design are 422', async () => {
    const theirs = await summary('year=2026&quarter=2', other.token);
    expect([theirs.details.lines, theirs.details.rectifications, theirs.details.errors, theirs.declaration_type]).toEqual([[], [], [], 'N']);
    for (const path of ['/api/v1/aeat/349/summary?year=2026&quarter=5', '/api/v1/aeat/349?year=2026&month=13', '/api/v1/aeat/349?year=2026&quarter=1&month=1',
      '/api/v1/aeat/349/file?year=2026', '/api/v1/aeat/349/file?year=2019&quarter=4', '/api/v1/aeat/349/summary?year=abc']) {
      expect([path, (await app.get(path, company.token)).status]).toEqual([path, 422]);
    }
    expect((await app.get('/api/v1/aeat/349/file?year=2019&quarter=4', company.token)).body.detail).toContain('no record design');
    // a year after the last design published: 422 naming the designs known
    const later = await app.get('/api/v1/aeat/349/file?year=2027&quarter=1', company.token);
    expect([later.status, later.body.detail]).toEqual([422, 'Model 349 has no record design for 2027 1T; the designs known: 349 (Orden EHA/769/2010, diseño 2020) (2020-01-01 to 2026-12-31)']);
  });
});
