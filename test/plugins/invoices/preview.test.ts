import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, createDocument, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { addMember } from '../../support/team';

/**
 * POST /invoices/preview: the body of POST /invoices in, the amounts the created invoice gets out,
 * nothing stored. Each body is previewed, then created (issued, and as a draft), and the preview
 * must equal what was created, field for field.
 */
let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp(); }, 60_000);
afterAll(() => app?.close());

const AMOUNTS = ['currency', 'subtotal', 'tax_total', 'surcharge_total', 'withholding_total', 'total', 'tax_breakdown', 'legends', 'lines'] as const;
const amountsOf = (invoice: Record<string, unknown>) => Object.fromEntries(AMOUNTS.map((key) => [key, invoice[key]]));

async function setup() {
  const company = await createCompany(app);
  const customer = await createContact(app, company.token, { name: 'Comercial Levante SL', vat: 'B12345674', address: 'Calle Mayor 1', city: 'Valencia', postal_code: '46001', province: 'Valencia' });
  return { company, customer };
}

/** Invoices of the company, drafts included: what a preview must not add to. */
const invoiceCount = async (company: TestCompany) => (await app.get('/api/v1/invoices?limit=1', company.token)).body.total as number;

const line = (company: TestCompany, fields: { description?: string; quantity?: string; unit_price: string; tax: string; surcharge?: string; withholding?: string; discount_pct?: string; nature?: string }) => ({
  description: fields.description ?? 'Artículo',
  quantity: fields.quantity ?? '1',
  unit_price: fields.unit_price,
  tax_type_id: taxId(company, fields.tax),
  ...(fields.surcharge ? { surcharge_type_id: taxId(company, fields.surcharge) } : {}),
  ...(fields.withholding ? { withholding_type_id: taxId(company, fields.withholding) } : {}),
  ...(fields.discount_pct ? { discount_pct: fields.discount_pct } : {}),
  ...(fields.nature ? { nature: fields.nature } : {}),
});

describe('POST /invoices/preview', () => {
  test('answers exactly the lines, breakdown and totals of the invoice then created (21/10/4 %, recargo, IRPF, discounts), storing nothing', async () => {
    const { company, customer } = await setup();
    const bodies: Record<string, unknown>[] = [
      // the three VAT rates on one invoice, with a discount and a quantity with decimals
      { contact_id: customer.id, issue_date: '2026-03-02', lines: [
        line(company, { unit_price: '1000.00', tax: 'IVA21', discount_pct: '12.5' }),
        line(company, { quantity: '3.333333', unit_price: '19.99', tax: 'IVA10' }),
        line(company, { quantity: '7', unit_price: '0.125', tax: 'IVA4', discount_pct: '3' }),
      ] },
      // recargo de equivalencia beside each rate
      { contact_id: customer.id, issue_date: '2026-03-03', lines: [
        line(company, { unit_price: '250.00', tax: 'IVA21', surcharge: 'RE52' }),
        line(company, { unit_price: '99.95', tax: 'IVA10', surcharge: 'RE14', discount_pct: '5' }),
        line(company, { unit_price: '12.34', tax: 'IVA4', surcharge: 'RE05' }),
      ] },
      // IRPF withheld on services, rounding per type on the summed bases
      { contact_id: customer.id, issue_date: '2026-03-04', notes: 'Honorarios', lines: [
        line(company, { unit_price: '1234.56', tax: 'IVA21', withholding: 'IRPF15', nature: 'services' }),
        ...Array.from({ length: 10 }, () => line(company, { unit_price: '0.10', tax: 'IVA21', withholding: 'IRPF15', nature: 'services' })),
        line(company, { unit_price: '300.00', tax: 'IVA21', withholding: 'IRPF7', nature: 'services', discount_pct: '33.33' }),
      ] },
    ];
    for (const body of bodies) {
      const before = await invoiceCount(company);
      const preview = await app.post('/api/v1/invoices/preview', body, company.token);
      expect(preview.status).toBe(200);
      expect(Object.keys(preview.body).sort()).toEqual([...AMOUNTS].sort());
      expect(await invoiceCount(company)).toBe(before);
      const issued = await createDocument(app, '/api/v1/invoices', body, company.token);
      const draft = await createDocument(app, '/api/v1/invoices', { ...body, status: 'draft' }, company.token);
      expect(preview.body).toEqual(amountsOf(issued));
      expect(preview.body).toEqual(amountsOf(draft));
    }
    // the same body previewed again answers the same (nothing was taken: no number, no counter)
    const again = await app.post('/api/v1/invoices/preview', bodies[0], company.token);
    expect(again.body.total).toBe((await app.post('/api/v1/invoices/preview', bodies[0], company.token)).body.total);
    const withRe = (await app.post('/api/v1/invoices/preview', bodies[1], company.token)).body;
    expect(withRe.tax_breakdown.map((b: any) => b.code)).toEqual(['IVA21', 'IVA10', 'IVA4', 'RE52', 'RE14', 'RE05']);
    expect(withRe.surcharge_total).not.toBe('0.00');
    expect((await app.post('/api/v1/invoices/preview', bodies[2], company.token)).body.withholding_total).not.toBe('0.00');
  });

  test('tax codes instead of ids, and another currency, are previewed as the draft they create', async () => {
    const { company, customer } = await setup();
    const body = { contact_id: customer.id, issue_date: '2026-04-01', currency: 'USD', lines: [{ description: 'Servicio', quantity: '2', unit_price: '45.50', tax_code: 'IVA21' }] };
    const preview = await app.post('/api/v1/invoices/preview', body, company.token);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ currency: 'USD', subtotal: '91.00', tax_total: '19.11', total: '110.11' });
    const draft = await createDocument(app, '/api/v1/invoices', { ...body, status: 'draft' }, company.token);
    expect(preview.body).toEqual(amountsOf(draft));
  });

  test('bad input is 422 at the field, nothing is stored; a wrong role is 403, no session 401', async () => {
    const { company, customer } = await setup();
    const ok = { contact_id: customer.id, issue_date: '2026-05-01', lines: [line(company, { unit_price: '100.00', tax: 'IVA21' })] };
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ ...ok, issue_date: '2026-02-30' }, ['body', 'issue_date']],
      [{ ...ok, due_date: '2026-04-01' }, ['body', 'due_date']],
      [{ ...ok, lines: [] }, ['body', 'lines']],
      [{ ...ok, lines: [{ ...ok.lines[0], quantity: '1.1234567' }] }, ['body', 'lines', 0, 'quantity']],
      [{ ...ok, lines: [{ ...ok.lines[0], unit_price: 12 }] }, ['body', 'lines', 0, 'unit_price']],
      [{ ...ok, lines: [{ ...ok.lines[0], discount_pct: '101' }] }, ['body', 'lines', 0, 'discount_pct']],
      [{ ...ok, lines: [{ ...ok.lines[0], tax_type_id: taxId(company, 'IRPF15') }] }, ['body', 'lines', 0, 'tax_type_id']],
      [{ ...ok, lines: [{ ...ok.lines[0], surcharge_type_id: taxId(company, 'IVA21') }] }, ['body', 'lines', 0, 'surcharge_type_id']],
      [{ ...ok, lines: [{ description: 'x', quantity: '1', unit_price: '1.00', tax_code: 'NOPE' }] }, ['body', 'lines', 0, 'tax_code']],
      [{ ...ok, currency: 'XXX' }, ['body', 'currency']],
      [{ ...ok, series: 'R' }, ['body', 'series']],
      [{ ...ok, contact_id: 'nope' }, ['body', 'contact_id']],
      [{ ...ok, unknown_field: 1 }, ['body', 'unknown_field']],
    ];
    for (const [body, loc] of cases) {
      const res = await app.post('/api/v1/invoices/preview', body, company.token);
      expect([JSON.stringify(loc), res.status]).toEqual([JSON.stringify(loc), 422]);
      expect([JSON.stringify(loc), res.body.detail.some((d: any) => JSON.stringify(d.loc) === JSON.stringify(loc))]).toEqual([JSON.stringify(loc), true]);
    }
    const supplier = await createContact(app, company.token, { kind: 'supplier', name: 'Proveedor SL', vat: 'A58818501' });
    expect((await app.post('/api/v1/invoices/preview', { ...ok, contact_id: supplier.id }, company.token)).status).toBe(422);
    expect(await invoiceCount(company)).toBe(0);

    const viewer = await addMember(app, company.token, 'viewer');
    expect((await app.post('/api/v1/invoices/preview', ok, viewer.token)).status).toBe(403);
    expect((await app.post('/api/v1/invoices/preview', ok)).status).toBe(401);
  });

  test('another company\'s customer or tax type is 404, as if it did not exist', async () => {
    const a = await setup();
    const b = await setup();
    const body = { contact_id: a.customer.id, issue_date: '2026-06-01', lines: [line(b.company, { unit_price: '10.00', tax: 'IVA21' })] };
    const foreignContact = await app.post('/api/v1/invoices/preview', body, b.company.token);
    expect(foreignContact.status).toBe(404);
    const foreignTax = await app.post('/api/v1/invoices/preview', { ...body, contact_id: b.customer.id, lines: [line(a.company, { unit_price: '10.00', tax: 'IVA21' })] }, b.company.token);
    expect(foreignTax.status).toBe(404);
    expect(await invoiceCount(a.company)).toBe(0);
    expect(await invoiceCount(b.company)).toBe(0);
  });
});
