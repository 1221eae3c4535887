import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, download, pdfTexts, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

/**
 * The invoice PDF as a Spanish business owner expects it: the Registro Mercantil entry (art. 24
 * RRM), the payment method and the collection account's IBAN, taxes by their names and not their
 * codes, only the columns some line uses, the mandatory mentions with their legal reference
 * (art. 6.1.j RD 1619/2012) and the logo. Read back with pdftotext, as a reader copies it.
 */
let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp(); }, 60_000);
afterAll(() => app?.close());

const ENTRY = { registry: 'Madrid', tomo: '12345', folio: '67', hoja: 'M-123456', inscripcion: '1ª' };
const REGISTRY_LINE = 'Inscrita en el Registro Mercantil de Madrid, tomo 12345, folio 67, hoja M-123456, inscripción 1ª';

type Line = { description?: string; tax?: string; unit_price?: string; discount_pct?: string; surcharge?: string; withholding?: string };
const line = (company: TestCompany, l: Line = {}) => ({
  description: l.description ?? 'Servicio', quantity: '1', unit_price: l.unit_price ?? '100.00', tax_type_id: taxId(company, l.tax ?? 'IVA21'),
  ...(l.discount_pct ? { discount_pct: l.discount_pct } : {}),
  ...(l.surcharge ? { surcharge_type_id: taxId(company, l.surcharge) } : {}),
  ...(l.withholding ? { withholding_type_id: taxId(company, l.withholding) } : {}),
});

async function issue(company: TestCompany, contactId: string, lines: Record<string, unknown>[]) {
  const res = await app.post('/api/v1/invoices', { contact_id: contactId, issue_date: '2026-10-01', lines }, company.token);
  expect([res.status, res.text]).toEqual([201, res.text]);
  return res.body;
}
const pdfOf = async (company: TestCompany, id: string) => {
  const res = await download(app, `/api/v1/invoices/${id}/pdf`, company.token);
  expect(res.status).toBe(200);
  return res.bytes;
};
const textOf = async (company: TestCompany, id: string) => pdfTexts(await pdfOf(company, id), 'raw').join('\n');
/** The header row of the lines' table. */
const columnsOf = (text: string) => text.split('\n').find((l) => l.startsWith('Descripción'))!.split(/\s+(?=[A-ZÁÉÍÓÚ])/);
const imagesIn = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').split('/Subtype /Image').length - 1;

describe('the company on its invoices', () => {
  test('the Registro Mercantil entry, the payment method and the collection account\'s IBAN are printed when set, and only then', async () => {
    const company = await createCompany(app);
    const customer = await createContact(app, company.token, { name: 'Cliente Pagador SL' });
    const before = await textOf(company, (await issue(company, customer.id, [line(company)])).id);
    expect(before).not.toContain('Registro Mercantil');
    expect(before).not.toContain('Forma de pago');
    expect(before).not.toContain('IBAN');

    expect((await app.patch('/api/v1/tenants/me', { mercantile_registry: ENTRY, default_payment_method: 'transfer' }, company.token)).status).toBe(200);
    const noAccount = await textOf(company, (await issue(company, customer.id, [line(company)])).id);
    expect(noAccount).toContain(REGISTRY_LINE);
    expect(noAccount).toContain('Forma de pago: Transferencia');
    expect(noAccount).not.toContain('IBAN');

    expect((await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Banco', iban: 'ES7921000813610123456789' }, company.token)).status).toBe(201);
    expect((await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Cobros', iban: 'ES9121000418450200051332', collection_account: true }, company.token)).status).toBe(201);
    const text = await textOf(company, (await issue(company, customer.id, [line(company)])).id);
    // under the issuer (wrapped to its column) and in the footer
    expect(text.replace(/\s+/g, ' ').split(REGISTRY_LINE)).toHaveLength(3);
    expect(text).toContain('Forma de pago: Transferencia — IBAN ES91 2100 0418 4502 0005 1332');
    expect(text).not.toContain('ES79 2100');

    await app.patch('/api/v1/tenants/me', { default_payment_method: null }, company.token);
    expect(await textOf(company, (await issue(company, customer.id, [line(company)])).id)).toContain('Pago por transferencia a IBAN ES91 2100 0418 4502 0005 1332');

    await app.patch('/api/v1/tenants/me', { default_payment_method: 'direct_debit' }, company.token);
    const debit = await textOf(company, (await issue(company, customer.id, [line(company)])).id);
    expect(debit).toContain('Forma de pago: Domiciliación bancaria');
    expect(debit).not.toContain('IBAN');
  });

  test('another company\'s collection account and registry never print on mine', async () => {
    const mine = await createCompany(app);
    const other = await createCompany(app);
    await app.patch('/api/v1/tenants/me', { mercantile_registry: ENTRY, default_payment_method: 'transfer' }, other.token);
    await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Cobros', iban: 'ES9121000418450200051332', collection_account: true }, other.token);
    const customer = await createContact(app, mine.token, { name: 'Cliente SL' });
    const invoice = await issue(mine, customer.id, [line(mine)]);
    const text = await textOf(mine, invoice.id);
    expect(text).not.toContain('Registro Mercantil');
    expect(text).not.toContain('ES91 2100');
    expect((await download(app, `/api/v1/invoices/${invoice.id}/pdf`, other.token)).status).toBe(404);
  });

  test('the logo heads the PDF once uploaded, and is gone once deleted', async () => {
    const company = await createCompany(app);
    const customer = await createContact(app, company.token, { name: 'Cliente SL' });
    const invoice = await issue(company, customer.id, [line(company)]);
    const without = imagesIn(await pdfOf(company, invoice.id));
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: { r: 10, g: 80, b: 160 } } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new File([png], 'logo.png', { type: 'image/png' }));
    expect((await app.request('POST', '/api/v1/tenants/me/logo', { token: company.token, form })).status).toBe(200);
    expect(imagesIn(await pdfOf(company, invoice.id))).toBe(without + 1);
    expect((await app.request('DELETE', '/api/v1/tenants/me/logo', { token: company.token })).status).toBe(204);
    expect(imagesIn(await pdfOf(company, invoice.id))).toBe(without);
  });
});

describe('the lines and taxes as printed', () => {
  test('taxes by their names, never their internal codes', async () => {
    const company = await createCompany(app);
    const customer = await createContact(app, company.token, { name: 'Cliente SL' });
    const text = await textOf(company, (await issue(company, customer.id, [line(company), line(company, { tax: 'IVA10', withholding: 'IRPF15' })])).id);
    for (const name of ['IVA general 21%', 'IVA reducido 10%', 'Retención IRPF 15%']) expect(text).toContain(name);
    expect(text).not.toMatch(/\((IVA21|IVA10|IRPF15)\)/);
    expect(text).not.toMatch(/\bIVA21\b|\bIRPF15\b/);
  });

  test('discount, surcharge and withholding columns only when a line has one', async () => {
    const company = await createCompany(app);
    const customer = await createContact(app, company.token, { name: 'Cliente SL' });
    const plain = columnsOf(await textOf(company, (await issue(company, customer.id, [line(company), line(company, { tax: 'IVA10' })])).id));
    expect(plain).toEqual(['Descripción', 'Cantidad', 'Precio unit.', 'Base imponible', 'IVA']);
    const discounted = await textOf(company, (await issue(company, customer.id, [line(company), line(company, { discount_pct: '12.5' })])).id);
    expect(columnsOf(discounted)).toEqual(['Descripción', 'Cantidad', 'Precio unit.', 'Dto.', 'Base imponible', 'IVA']);
    expect(discounted).toContain('12,5 %');
    const all = await textOf(company, (await issue(company, customer.id, [
      line(company, { withholding: 'IRPF15' }), line(company, { tax: 'IVA4', surcharge: 'RE05', discount_pct: '5' }),
    ])).id);
    expect(columnsOf(all)).toEqual(['Descripción', 'Cantidad', 'Precio unit.', 'Dto.', 'Base imponible', 'IVA', 'RE', 'IRPF']);
  });
});

describe('mandatory mentions (art. 6.1.j RD 1619/2012)', () => {
  test('exempt, intra-EU and reverse-charge operations carry their legend with the legal reference', async () => {
    const company = await createCompany(app);
    const exempt = await app.post('/api/v1/taxes', {
      code: 'EXENTO9', name: 'Exento de IVA (enseñanza)', kind: 'vat', rate: '0', regime: 'exempt',
      sales: { legend: 'Operación exenta de IVA (art. 20.Uno.9º LIVA)' },
    }, company.token);
    expect([exempt.status, exempt.text]).toEqual([201, exempt.text]);
    const school = await createContact(app, company.token, { name: 'Alumno SL' });
    const exemptText = await textOf(company, (await issue(company, school.id, [{ ...line(company), tax_type_id: exempt.body.id }])).id);
    expect(exemptText).toContain('Operación exenta de IVA (art. 20.Uno.9º LIVA)');
    expect(exemptText).not.toContain('EXENTO9');

    const french = await createContact(app, company.token, { name: 'Client SARL', country: 'FR', vat: 'FR40303265045', address: '1 rue de la Paix', city: 'Paris' });
    expect(await textOf(company, (await issue(company, french.id, [line(company, { tax: 'IVAINTRA' })])).id)).toContain('Entrega intracomunitaria exenta de IVA (art. 25 LIVA)');

    const builder = await createContact(app, company.token, { name: 'Constructora SL' });
    expect(await textOf(company, (await issue(company, builder.id, [line(company, { tax: 'ISPVENTA' })])).id)).toContain('Inversión del sujeto pasivo (art. 84.Uno.2º LIVA)');

    const domestic = await textOf(company, (await issue(company, builder.id, [line(company)])).id);
    expect(domestic).not.toMatch(/exenta|Inversión del sujeto pasivo/);
  });
});
