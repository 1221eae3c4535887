/**
 * The company's certificate through the API (upload, read, delete, every refusal, who may, other
 * companies), signing a Facturae with the stored certificate, and the public administrations'
 * DIR3 codes on contacts with the refusal to issue an invoice without them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { addMember, tenantSql } from '../../support/team';
import { facturaeXml } from '../../../plugins/facturae/write';
import { readFacturae } from '../../../plugins/facturae/read';
import { openPkcs12 } from '../../../plugins/company-certificate/pkcs12';
import { makeAuthority, makeCertificate, makePkcs12, type TestAuthority } from '../../support/certificates';
import { completeInvoice } from './model';

let app: DocumentsTestApp;
let a: TestCompany;
let b: TestCompany;
let authority: TestAuthority;

beforeAll(async () => {
  app = await startDocumentsApp();
  a = await createCompany(app, 'Talleres Cuadra SL', 'B12345674');
  b = await createCompany(app, 'Gráficas Levante SL', 'B65410011');
  authority = makeAuthority();
}, 120_000);
afterAll(() => app?.close());

function upload(company: { token: string }, file: Uint8Array, password: string) {
  const form = new FormData();
  form.append('file', new File([file], 'certificado.p12', { type: 'application/x-pkcs12' }));
  form.append('password', password);
  return app.request('POST', '/api/v1/tenants/me/certificate', { form, token: company.token });
}

const p12For = (options: Parameters<typeof makeCertificate>[1], password = 'clave segura', withKey = true) => {
  const issued = makeCertificate(authority, options);
  return makePkcs12(issued.cert, withKey ? issued.key : null, password, [authority.cert]);
};

const signing = () => app.kernel.contributions('einvoice-signing')[0]!;

describe('company certificate', () => {
  test('upload answers the certificate without its secret; the key is stored sealed; GET reads it back; the stored certificate signs', async () => {
    const file = p12For({ companyNif: 'B12345674' });
    const uploaded = await upload(a, file, 'clave segura');
    expect(uploaded.status).toBe(200);
    expect(Object.keys(uploaded.body).sort()).toEqual(['issuer', 'nif', 'serial_number', 'subject', 'uploaded_at', 'valid_from', 'valid_to']);
    expect(uploaded.body).toMatchObject({ nif: 'B12345674', issuer: 'C=ES, O=Cuadra Test CA, CN=Cuadra Test Root' });
    expect(uploaded.body.subject).toContain('organizationIdentifier=VATES-B12345674');
    expect(new Date(uploaded.body.valid_to).getTime()).toBeGreaterThan(Date.now());
    expect((await app.get('/api/v1/tenants/me/certificate', a.token)).body).toEqual(uploaded.body);

    const [row] = await tenantSql(app, a.tenantId, 'select key_sealed from company_certificates where tenant_id = :tenant');
    expect(row.key_sealed).toStartWith('v1.');
    const { pkcs8 } = openPkcs12(file, 'clave segura');
    expect(row.key_sealed).not.toContain(Buffer.from(pkcs8).toString('base64').slice(100, 140));
    expect(row.key_sealed).not.toContain(Buffer.from(pkcs8).toString('base64url').slice(100, 140));

    const signer = await signing().signerFor(a.tenantId);
    expect(signer).not.toBeNull();
    const signed = await signer!.sign(facturaeXml(completeInvoice), 'facturae-3.1');
    const read = await readFacturae(new TextEncoder().encode(signed), signing().verifier);
    expect(read.signature).toMatchObject({ status: 'valid', holderTaxId: 'B12345674' });
    expect(await signing().signerFor(b.tenantId)).toBeNull();
  });

  test('every refusal says why, and leaves the stored certificate as it was', async () => {
    const before = (await app.get('/api/v1/tenants/me/certificate', a.token)).body;
    const day = 86_400_000;
    const cases: Array<[Uint8Array, string, string]> = [
      [p12For({ companyNif: 'B12345674' }), 'otra clave', 'Wrong password'],
      [new TextEncoder().encode('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'), 'x', 'not a PKCS#12'],
      [crypto.getRandomValues(new Uint8Array(600)), 'x', 'not a PKCS#12'],
      [p12For({ companyNif: 'B12345674' }, 'clave', false), 'clave', 'no private key'],
      [p12For({ companyNif: 'B12345674', notBefore: new Date(Date.now() - 800 * day), notAfter: new Date(Date.now() - day) }), 'clave segura', 'expired on'],
      [p12For({ companyNif: 'B12345674', notBefore: new Date(Date.now() + 10 * day) }), 'clave segura', 'not valid yet'],
      [p12For({ companyNif: 'B65410011' }), 'clave segura', "is for NIF B65410011, not the company's NIF B12345674"],
      [p12For({ companyNif: null, personNif: '00000000T', commonName: 'PEDRO GARCÍA' }), 'clave segura', 'is for NIF 00000000T'],
    ];
    for (const [file, password, reason] of cases) {
      const res = await upload(a, file, password);
      expect([reason, res.status]).toEqual([reason, 422]);
      expect(res.body.detail).toContain(reason);
    }
    const missing = app.request('POST', '/api/v1/tenants/me/certificate', { form: new FormData(), token: a.token });
    expect((await missing).status).toBe(422);
    expect((await app.get('/api/v1/tenants/me/certificate', a.token)).body).toEqual(before);
  });

  test('owner and admin only; another company sees and deletes nothing of it', async () => {
    const admin = await addMember(app, a.token, 'admin');
    expect((await app.get('/api/v1/tenants/me/certificate', admin.token)).status).toBe(200);
    for (const role of ['accountant', 'member', 'viewer']) {
      const member = await addMember(app, a.token, role);
      expect([role, (await app.get('/api/v1/tenants/me/certificate', member.token)).status]).toEqual([role, 403]);
      expect([role, (await upload(member, p12For({ companyNif: 'B12345674' }), 'clave segura')).status]).toEqual([role, 403]);
      expect([role, (await app.del('/api/v1/tenants/me/certificate', member.token)).status]).toEqual([role, 403]);
    }
    expect((await app.get('/api/v1/tenants/me/certificate', b.token)).status).toBe(404);
    expect((await app.del('/api/v1/tenants/me/certificate', b.token)).status).toBe(404);
    expect((await app.get('/api/v1/tenants/me/certificate', a.token, { 'x-tenant-id': b.tenantId })).status).toBe(403);
    expect((await app.get('/api/v1/tenants/me/certificate', a.token)).status).toBe(200);
    expect((await app.get('/api/v1/tenants/me/certificate')).status).toBe(401);
  });

  test('DELETE removes it: GET is 404 and the company has no signer', async () => {
    expect((await app.del('/api/v1/tenants/me/certificate', a.token)).status).toBe(204);
    expect((await app.get('/api/v1/tenants/me/certificate', a.token)).status).toBe(404);
    expect((await app.del('/api/v1/tenants/me/certificate', a.token)).status).toBe(404);
    expect(await signing().signerFor(a.tenantId)).toBeNull();
  });
});

describe('public administrations (DIR3)', () => {
  const invoice = (contactId: string) => ({
    contact_id: contactId, issue_date: '2026-03-15', lines: [{ description: 'Mantenimiento', quantity: '1', unit_price: '100.00', tax_type_id: taxId(a, 'IVA21') }],
  });

  test('a public administration is invoiced only with its three DIR3 codes, which the contact keeps', async () => {
    const council = await createContact(app, a.token, { name: 'Ayuntamiento de Ejemplo', vat: 'P2807900B', public_administration: true });
    expect(council).toMatchObject({ public_administration: true, administrative_centres: null });
    const refused = await app.post('/api/v1/invoices', invoice(council.id), a.token);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'contact_id'], type: 'value_error.dir3_missing' })]);
    expect(refused.body.detail[0].msg).toContain('DIR3');

    const partial = await app.patch(`/api/v1/contacts/${council.id}`, { administrative_centres: { accounting_office: 'L01280796', managing_body: 'L01280796' } }, a.token);
    expect(partial.status).toBe(422);
    expect(partial.body.detail[0].loc.slice(0, 2)).toEqual(['body', 'administrative_centres']);
    const bad = await app.patch(`/api/v1/contacts/${council.id}`, { administrative_centres: { accounting_office: 'L0128-0796', managing_body: 'L01280796', processing_unit: 'LA0002850' } }, a.token);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'administrative_centres', 'accounting_office']);

    const coded = await app.patch(`/api/v1/contacts/${council.id}`, { administrative_centres: { accounting_office: 'l01280796', managing_body: 'L01280796', processing_unit: 'LA0002850' } }, a.token);
    expect(coded.status).toBe(200);
    expect(coded.body.administrative_centres).toEqual({ accounting_office: 'L01280796', managing_body: 'L01280796', processing_unit: 'LA0002850', proposing_body: null });
    expect((await app.get(`/api/v1/contacts/${council.id}`, a.token)).body.administrative_centres).toEqual(coded.body.administrative_centres);
    expect((await app.post('/api/v1/invoices', invoice(council.id), a.token)).status).toBe(201);
  });

  test('giving the codes marks the contact as a public administration; a company contact is invoiced as before', async () => {
    const ministry = await createContact(app, a.token, { name: 'Ministerio de Ejemplo', vat: 'P2807900B',
      administrative_centres: { accounting_office: 'E04921301', managing_body: 'E04921301', processing_unit: 'E04921301', proposing_body: 'E04921302' } });
    expect(ministry.public_administration).toBe(true);
    const other = await createContact(app, a.token, { name: 'Cliente privado' });
    expect(other).toMatchObject({ public_administration: false, administrative_centres: null });
    expect((await app.post('/api/v1/invoices', invoice(other.id), a.token)).status).toBe(201);
    // clearing the codes of a public administration makes its next invoice refused again
    expect((await app.patch(`/api/v1/contacts/${ministry.id}`, { administrative_centres: null }, a.token)).body.public_administration).toBe(true);
    expect((await app.post('/api/v1/invoices', invoice(ministry.id), a.token)).status).toBe(422);
    // another company's contact is not found
    expect((await app.patch(`/api/v1/contacts/${ministry.id}`, { public_administration: false }, b.token)).status).toBe(404);
  });
});
