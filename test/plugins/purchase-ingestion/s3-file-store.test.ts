/**
 * The originals of ingested purchases kept in S3-compatible storage (FILE_STORE=s3), against a real
 * S3 server started in the test process (s3rver, test/support/s3.ts): stored under the company's
 * prefix, served by GET /purchases/{id}/file, readable by another instance sharing the bucket, and
 * erased with the company. On both databases.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestCompany } from '../../support/factories';
import { download, type DocumentsTestApp } from '../../support/documents';
import { startS3Server } from '../../support/s3';
import { OWN_CIF, startWithBuyerAndOther } from './app';
import { textPdf, uploader } from './fixtures';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  s3 = await startS3Server();
  ({ app, company, other } = await startWithBuyerAndOther(s3.env));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const invoice = (number: string) => [
  'Suministros Levante S.L.', 'CIF: A58818501', `Cliente: Compradora Test SL - NIF ${OWN_CIF}`, `Factura nº ${number}`,
  'Fecha de factura: 15/03/2026', 'Base imponible 100,00 €', 'IVA 21% 21,00 €', 'TOTAL 121,00 €',
];

describe('FILE_STORE=s3', () => {
  test('the original is put in the bucket under the company; GET /purchases/{id}/file answers it from there; another company: 404', async () => {
    const file = await textPdf(invoice('S3-1'));
    const res = await uploader(app)(file, company.token);
    expect(res.status).toBe(201);
    const key: string = res.body.extraction.file_sha256;
    const object = s3.client.file(`${company.tenantId}/${key}`);
    expect(Buffer.from(await object.arrayBuffer()).equals(file)).toBe(true);
    expect((await object.stat()).type).toBe('application/pdf');

    const served = await download(app, `/api/v1/purchases/${res.body.purchase.id}/file`, company.token);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(served.bytes).equals(file)).toBe(true);
    expect((await download(app, `/api/v1/purchases/${res.body.purchase.id}/file`, other.token)).status).toBe(404);
  });

  test('a file gone from the bucket: 404, not a 500', async () => {
    const res = await uploader(app)(await textPdf(invoice('S3-2')), company.token);
    expect(res.status).toBe(201);
    await s3.client.delete(`${company.tenantId}/${res.body.extraction.file_sha256}`);
    const served = await download(app, `/api/v1/purchases/${res.body.purchase.id}/file`, company.token);
    expect(served.status).toBe(404);
  });

  test("deleting the sole owner's account erases the company's objects, and only those", async () => {
    const theirs = await uploader(app)(await textPdf(invoice('S3-3')), other.token);
    expect(theirs.status).toBe(201);
    const ours = await uploader(app)(await textPdf(invoice('S3-4')), company.token);
    expect(ours.status).toBe(201);
    expect((await s3.client.list({ prefix: `${other.tenantId}/` })).keyCount).toBe(1);
    expect((await app.post('/api/v1/account/delete', { password: other.password }, other.token)).status).toBe(200);
    expect((await s3.client.list({ prefix: `${other.tenantId}/` })).keyCount ?? 0).toBe(0);
    expect(await s3.client.file(`${company.tenantId}/${ours.body.extraction.file_sha256}`).exists()).toBe(true);
  });
});
