/**
 * The round trip issue 36 asks for: company A issues a complete domestic invoice (21/10/4 %,
 * recargo de equivalencia, IRPF, a line discount) and a rectification of it (a credit note); every
 * installed syntax's e-invoice of each (Facturae unsigned and signed with A's certificate, UBL,
 * CII) is posted to POST /ai/ingest-purchase of a company B whose supplier A is, and booked
 * exactly: the same subtotal, VAT, recargo, IRPF and total, the same lines with the same bases, the
 * same tax breakdown in B's purchase tax types, issued with confidence 1. A signed Facturae's
 * signature is `valid` with A as holder, a tampered one `invalid`. The intra-community invoice (to
 * a French buyer, so no Cuadra company can book it) is read back by each syntax's reader with the
 * same amounts, lines and categories.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { installedSyntaxes, type EInvoiceSyntax } from '../../../plugins/einvoice/api';
import { createCompany, type TestCompany } from '../../support/factories';
import { cents, createContact, createDocument, fromCents, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { makeAuthority, makeCertificate, makePkcs12 } from '../../support/certificates';

const A_NIF = 'B12345674';
const B_NIF = 'B65410011';
const IBAN = 'ES9121000418450200051332';

let app: DocumentsTestApp;
let a: TestCompany;
let domestic: any;
let creditNote: any;
let intraEu: any;

/** Each way of writing the e-invoice, and a buyer company of its own (one booking of the same invoice each, no deduplication between them). */
interface Variant { name: string; format: string; signed: boolean; buyer?: TestCompany }
const variants: Variant[] = [];

beforeAll(async () => {
  app = await startDocumentsApp();
  a = await createCompany(app, 'Talleres Cuadra SL', A_NIF);
  expect((await app.patch('/api/v1/tenants/me', { default_payment_method: 'transfer' }, a.token)).status).toBe(200);
  expect((await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Cobros', iban: IBAN, collection_account: true }, a.token)).status).toBe(201);
  const authority = makeAuthority();
  const issued = makeCertificate(authority, { companyNif: A_NIF });
  const form = new FormData();
  form.append('file', new File([makePkcs12(issued.cert, issued.key, 'clave segura')], 'certificado.p12', { type: 'application/x-pkcs12' }));
  form.append('password', 'clave segura');
  expect((await app.request('POST', '/api/v1/tenants/me/certificate', { form, token: a.token })).status).toBe(200);

  const buyer = await createContact(app, a.token, { name: 'Gráficas Levante SL', vat: B_NIF, email: 'compras@example.com' });
  domestic = await createDocument(app, '/api/v1/invoices', {
    contact_id: buyer.id, issue_date: '2026-03-02', due_date: '2026-04-01', notes: 'Pedido 17',
    lines: [
      { description: 'Aceite de girasol', quantity: '2', unit_price: '100.00', discount_pct: '10', tax_type_id: taxId(a, 'IVA21'), surcharge_type_id: taxId(a, 'RE52') },
      { description: 'Pasta', quantity: '5', unit_price: '10.00', tax_type_id: taxId(a, 'IVA10'), surcharge_type_id: taxId(a, 'RE14') },
      { description: 'Pan', quantity: '3', unit_price: '10.00', tax_type_id: taxId(a, 'IVA4'), surcharge_type_id: taxId(a, 'RE05') },
      { description: 'Asesoría', quantity: '1', unit_price: '100.00', nature: 'services', tax_type_id: taxId(a, 'IVA21'), withholding_type_id: taxId(a, 'IRPF15') },
    ],
  }, a.token);
  const rectified = await app.post(`/api/v1/invoices/${domestic.id}/rectify`, {
    issue_date: '2026-03-10', reason: 'Devolución de una unidad de aceite', mode: 'differences',
    lines: [{ description: 'Aceite de girasol (devolución)', quantity: '-1', unit_price: '100.00', discount_pct: '10', tax_type_id: taxId(a, 'IVA21'), surcharge_type_id: taxId(a, 'RE52') }],
  }, a.token);
  expect(rectified.status).toBe(201);
  creditNote = rectified.body;

  const french = await createContact(app, a.token, { name: 'Société Acheteuse SARL', country: 'FR', vat: 'FR40303265045', address: '1 rue de Rivoli', city: 'Paris', postal_code: '75001' });
  intraEu = await createDocument(app, '/api/v1/invoices', {
    contact_id: french.id, issue_date: '2026-03-03', operation_date: '2026-03-01',
    lines: [
      { description: 'Maquinaria', quantity: '1', unit_price: '1000.00', tax_type_id: taxId(a, 'IVAINTRA') },
      { description: 'Instalación remota', quantity: '2', unit_price: '150.00', nature: 'services', tax_type_id: taxId(a, 'IVAINTRA') },
    ],
  }, a.token);

  for (const format of installedSyntaxes(app.kernel)) {
    variants.push({ name: format, format, signed: false });
    if (format === 'facturae') variants.push({ name: 'facturae signed', format, signed: true });
  }
  for (const variant of variants) {
    variant.buyer = await createCompany(app, 'Gráficas Levante SL', B_NIF);
    await createContact(app, variant.buyer.token, { kind: 'supplier', name: 'Talleres Cuadra SL', vat: A_NIF });
  }
}, 300_000);
afterAll(() => app?.close());

const einvoice = async (id: string, variant: Variant) => {
  const res = await app.get(`/api/v1/invoices/${id}/einvoice?format=${variant.format}&signed=${variant.signed}`, a.token);
  expect(res.status).toBe(200);
  return new Uint8Array(await new Response(res.text).arrayBuffer());
};
const ingest = (bytes: Uint8Array, buyer: TestCompany, name: string) => {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type: 'application/xml' }));
  return app.request('POST', '/api/v1/ai/ingest-purchase', { form, token: buyer.token });
};

/** What must survive the trip: totals, lines' bases, and the tax breakdown as [kind, rate, base, amount]. */
const amountsOf = (doc: any) => ({
  subtotal: doc.subtotal, tax_total: doc.tax_total, surcharge_total: doc.surcharge_total, withholding_total: doc.withholding_total, total: doc.total,
  bases: doc.lines.map((l: any) => l.base),
});
/**
 * The tax breakdown as [code, kind, rate, base, amount] per tax type, each group's type checked to be
 * the company's own. A purchase splits one VAT rate by deductibility (the VAT of lines with recargo is
 * not deductible for the retailer), so groups of one type are added up.
 */
const breakdownOf = (doc: any, company: TestCompany) => {
  const byCode = new Map<string, [string, string, string, bigint, bigint]>();
  for (const g of doc.tax_breakdown) {
    expect([g.code, g.tax_type_id]).toEqual([g.code, taxId(company, g.code)]);
    const row = byCode.get(g.code) ?? [g.code, g.kind, g.rate, 0n, 0n];
    row[3] += cents(g.base);
    row[4] += cents(g.amount);
    byCode.set(g.code, row);
  }
  return [...byCode.values()].map(([code, kind, rate, base, amount]) => [code, kind, rate, fromCents(base), fromCents(amount)]).sort((x, y) => x[0].localeCompare(y[0]));
};

describe('Cuadra\'s e-invoices booked by another Cuadra company', () => {
  test('each syntax: the invoice and its credit note booked with the same amounts, lines and taxes, confidence 1', async () => {
    expect(variants.map((v) => v.name)).toEqual(expect.arrayContaining(['facturae', 'facturae signed', 'ubl', 'cii']));
    for (const variant of variants) {
      for (const invoice of [domestic, creditNote]) {
        const bytes = await einvoice(invoice.id, variant);
        const res = await ingest(bytes, variant.buyer!, `${invoice.number}.xml`);
        const context = `${variant.name} ${invoice.number}`;
        expect([context, res.status, res.status === 201 ? res.body.review_reasons : res.body]).toEqual([context, 201, []]);
        const { purchase, extraction, einvoice: info } = res.body;
        expect([context, purchase.status, res.body.needs_review]).toEqual([context, 'issued', false]);
        expect([context, amountsOf(purchase)]).toEqual([context, amountsOf(invoice)]);
        expect([context, breakdownOf(purchase, variant.buyer!)]).toEqual([context, breakdownOf(invoice, a)]);
        // the file's own total: a credit note's is positive in UBL and CII (its type says it is credited), negative in Facturae
        expect([context, purchase.supplier_invoice_number, extraction.total.confidence, extraction.total.source, extraction.total.value.replace(/^-/, '')]).toEqual([context, invoice.number, 1, 'einvoice', purchase.total.replace(/^-/, '')]);
        if (variant.signed) expect([context, info.signature.status, info.signature.holder_tax_id]).toEqual([context, 'valid', A_NIF]);
        else expect([context, info.signature.status]).toEqual([context, 'unsigned']);
      }
    }
  }, 300_000);
});

describe('the intra-community invoice (to a French buyer) read back by each syntax\'s reader', () => {
  test('the same totals, lines, bases and VAT categories (K for the goods, AE for the service)', async () => {
    for (const syntax of app.kernel.contributions('einvoice-syntaxes') as EInvoiceSyntax[]) {
      const { invoice } = await syntax.read(await einvoice(intraEu.id, { name: syntax.name, format: syntax.name, signed: false }), null);
      expect([syntax.name, invoice.typeCode, invoice.number, invoice.totals.taxExclusive, invoice.totals.vatTotal, invoice.totals.taxInclusive, invoice.totals.payable])
        .toEqual([syntax.name, '380', intraEu.number, intraEu.subtotal, '0.00', intraEu.total, intraEu.total]);
      expect([syntax.name, invoice.lines.map((l) => [l.description, l.netAmount, l.vat.category])])
        .toEqual([syntax.name, [['Maquinaria', '1000.00', 'K'], ['Instalación remota', '300.00', 'AE']]]);
      expect([syntax.name, invoice.buyer.taxId, invoice.seller.taxId]).toEqual([syntax.name, 'FR40303265045', A_NIF]);
    }
  });
});

describe('signatures, the certificate and public administrations', () => {
  test('a signed Facturae altered after signing is booked with its signature invalid', async () => {
    const signed = new TextDecoder().decode(await einvoice(domestic.id, { name: 'facturae signed', format: 'facturae', signed: true }));
    expect(signed).toContain('<ItemDescription>Pasta</ItemDescription>');
    const tampered = new TextEncoder().encode(signed.replace('<ItemDescription>Pasta</ItemDescription>', '<ItemDescription>Pasta fresca</ItemDescription>'));
    const buyer = await createCompany(app, 'Gráficas Levante SL', B_NIF);
    const res = await ingest(tampered, buyer, 'alterada.xsig');
    expect(res.status).toBe(201);
    expect(res.body.einvoice.signature.status).toBe('invalid');
  });

  test('the buyer\'s DIR3 codes come from the contact into the Facturae', async () => {
    const council = await createContact(app, a.token, {
      name: 'Ayuntamiento de Ejemplo', vat: 'P2807900B', public_administration: true,
      administrative_centres: { accounting_office: 'L01280796', managing_body: 'L01280797', processing_unit: 'LA0002850' },
    });
    const invoice = await createDocument(app, '/api/v1/invoices', {
      contact_id: council.id, issue_date: '2026-03-04', lines: [{ description: 'Mantenimiento', quantity: '1', unit_price: '100.00', tax_type_id: taxId(a, 'IVA21') }],
    }, a.token);
    const xml = new TextDecoder().decode(await einvoice(invoice.id, { name: 'facturae', format: 'facturae', signed: false }));
    const centres = [...xml.matchAll(/<CentreCode>([^<]+)<\/CentreCode><RoleTypeCode>(\d\d)<\/RoleTypeCode>/g)].map((m) => [m[1], m[2]]);
    expect(centres).toEqual([['L01280796', '01'], ['L01280797', '02'], ['LA0002850', '03']]);
  });

  test('an expired certificate: signed=true is 409 saying so', async () => {
    await app.asOwner(`update company_certificates set valid_to = now() - interval '1 day' where tenant_id = '${a.tenantId}'`);
    const res = await app.get(`/api/v1/invoices/${domestic.id}/einvoice?format=facturae&signed=true`, a.token);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/expired on \d{4}-\d{2}-\d{2}/);
    expect((await app.get(`/api/v1/invoices/${domestic.id}/einvoice?format=facturae&signed=false`, a.token)).status).toBe(200);
  });
});
