/**
 * POST /api/v1/ai/ingest-purchase end to end: text-layer and scanned PDFs and a photo, read,
 * booked through the purchases plugin, deduplicated; the limits and refusals. OCR runs for real
 * (tesseract.js with the Spanish and English data from npm): two pages only, to keep the file fast.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { TestCompany } from '../../support/factories';
import { createContact, download, taxId, type DocumentsTestApp } from '../../support/documents';
import { ocrPoolOf } from '../../../plugins/purchase-ingestion';
import { OWN_CIF, startWithBuyerAndOther } from './app';
import { photoJpeg, scannedPdf, textPdf, uploader, type Lines } from './fixtures';

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  // one OCR worker and no waiting room: a second scanned upload at the same time is refused (503);
  // pages rendered at about 140 dpi (2 megapixels) are enough for the fixtures and quicker to read
  ({ app, company, other } = await startWithBuyerAndOther({ INGEST_OCR_WORKERS: '1', INGEST_OCR_QUEUE: '0', INGEST_PAGE_MEGAPIXELS: '2' }));
}, 60_000);
afterAll(() => app?.close());

const upload = (...args: Parameters<ReturnType<typeof uploader>>) => uploader(app)(...args);

const invoice = (number: string, extra: Lines = []): Lines => [
  'Suministros Levante S.L.',
  'CIF: A58818501',
  'Calle Colón 12, 46004 Valencia',
  `Cliente: Compradora Test SL - NIF ${OWN_CIF}`,
  `Factura nº ${number}`,
  'Fecha de factura: 15/03/2026',
  'Concepto: material de oficina',
  'Base imponible 1.250,40 €',
  'IVA 21% 1.250,40 262,58',
  'TOTAL FACTURA 1.512,98 €',
  ...extra,
];

describe('a PDF with a text layer', () => {
  let first: any;
  let firstFile: Buffer;

  test('is read from its text layer, the supplier created from its tax number (never the company\'s own), and booked', async () => {
    firstFile = await textPdf(invoice('F-2026/0042'));
    const res = await upload(firstFile, company.token);
    expect(res.status).toBe(201);
    first = res.body;
    const { extraction, purchase } = first;
    expect(extraction.supplier_tax_id).toEqual({ value: 'A58818501', confidence: expect.any(Number), source: 'text_layer', page: 1 });
    expect(extraction.supplier_tax_id.confidence).toBeGreaterThan(0.9);
    expect(extraction.supplier_name.value).toBe('Suministros Levante S.L.');
    expect([extraction.invoice_number.value, extraction.issue_date.value, extraction.subtotal.value, extraction.total.value]).toEqual(['F-2026/0042', '2026-03-15', '1250.40', '1512.98']);
    expect(extraction.vat.map((l: any) => [l.rate, l.base, l.amount])).toEqual([['21.00', '1250.40', '262.58']]);
    expect(extraction.cross_check).toEqual({ passed: true, computed_total: '1512.98' });
    expect(extraction.pages).toEqual([{ page: 1, source: 'text_layer', characters: expect.any(Number), confidence: 1 }]);
    expect(first.needs_review).toBe(false);
    expect(first.duplicate_of).toBeNull();
    expect(purchase).toMatchObject({ status: 'issued', kind: 'invoice', supplier_invoice_number: 'F-2026/0042', issue_date: '2026-03-15', subtotal: '1250.40', tax_total: '262.58', total: '1512.98', source: 'ocr', file_sha256: extraction.file_sha256 });
    expect(purchase.journal_entry_id).toBeTruthy();
    const supplier = (await app.get(`/api/v1/contacts/${purchase.contact_id}`, company.token)).body;
    expect(supplier).toMatchObject({ kind: 'supplier', vat: 'A58818501', name: 'Suministros Levante S.L.' });
  });

  test('the same bytes again: the existing purchase with duplicate_of, nothing created', async () => {
    const before = (await app.get('/api/v1/purchases', company.token)).body.total;
    const res = await upload(await textPdf(invoice('F-2026/0042')), company.token);
    expect(res.status).toBe(200);
    expect(res.body.duplicate_of).toBe(first.purchase.id);
    expect(res.body.purchase.id).toBe(first.purchase.id);
    expect((await app.get('/api/v1/purchases', company.token)).body.total).toBe(before);
  });

  test('another file of the same supplier invoice (a re-scan, an email copy): duplicate by tax number and invoice number', async () => {
    const res = await upload(await textPdf(invoice('F 2026/0042', ['Copia enviada por correo electrónico'])), company.token);
    if (res.status !== 200) console.log(JSON.stringify(res.body.extraction.invoice_number), res.body.purchase.supplier_invoice_number);
    expect(res.status).toBe(200);
    expect(res.body.duplicate_of).toBe(first.purchase.id);
  });

  test('the original is kept: GET /purchases/{id}/file answers its bytes as an attachment; another company, or a purchase entered by hand: 404', async () => {
    const file = await download(app, `/api/v1/purchases/${first.purchase.id}/file`, company.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toStartWith('attachment; filename="compra-');
    expect(Buffer.from(file.bytes).equals(firstFile)).toBe(true);
    expect((await download(app, `/api/v1/purchases/${first.purchase.id}/file`, other.token)).status).toBe(404);
    const manual = await app.post('/api/v1/purchases', {
      contact_id: first.purchase.contact_id, kind: 'expense', issue_date: '2026-03-03',
      lines: [{ description: 'Material de oficina', unit_price: '10.00', tax_type_id: taxId(company, 'IVA21') }],
    }, company.token);
    expect(manual.status).toBe(201);
    expect((await download(app, `/api/v1/purchases/${manual.body.id}/file`, company.token)).status).toBe(404);
  });

  test('another company uploading the same file gets its own purchase (deduplication is per company)', async () => {
    const res = await upload(await textPdf(invoice('F-2026/0042')), other.token);
    expect(res.status).toBe(201);
    expect(res.body.duplicate_of).toBeNull();
    expect(res.body.purchase.id).not.toBe(first.purchase.id);
    expect((await app.get(`/api/v1/purchases/${first.purchase.id}`, other.token)).status).toBe(404);
  });

  test('book=false prepares a draft; a total that does not add up leaves a draft flagged needs_review', async () => {
    const draft = await upload(await textPdf(invoice('F-2026/0043')), company.token, { book: 'false' });
    if (draft.status !== 201) console.log(JSON.stringify(draft.body));
    expect(draft.status).toBe(201);
    expect(draft.body.purchase.status).toBe('draft');
    expect(draft.body.needs_review).toBe(true);

    const wrong = await upload(await textPdf(invoice('F-2026/0044').map((l) => l.replace('1.512,98', '1.612,98'))), company.token);
    expect(wrong.status).toBe(201);
    expect(wrong.body.extraction.cross_check).toEqual({ passed: false, computed_total: '1512.98' });
    expect(wrong.body.extraction.total.confidence).toBeLessThan(0.8);
    expect(wrong.body.purchase.status).toBe('draft');
    expect(wrong.body.review_reasons.join(' ')).toContain('do not add up');
  });

  test('two uploads of the same new file at the same time create one purchase', async () => {
    const file = await textPdf(invoice('CC-1'));
    const answers = await Promise.all([upload(file, company.token), upload(file, company.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    const [created, duplicate] = answers.sort((a, b) => b.status - a.status);
    expect(duplicate.body.duplicate_of).toBe(created.body.purchase.id);
  });

  test('an EU supplier (VAT number of another Member State) is booked as an intra-community acquisition: reverse charge, self-assessed', async () => {
    const res = await upload(await textPdf([
      'Maschinenbau Weber GmbH', 'VAT DE136695976', 'Bill to: Compradora Test SL', `VAT ES${OWN_CIF}`, 'Invoice No. INV-7781', 'Date: 2026-03-02',
      'Net amount 1000.00 EUR', 'Reverse charge: VAT to be accounted for by the recipient', 'Total 1000.00 EUR',
    ]), company.token);
    expect(res.status).toBe(201);
    expect(res.body.extraction.supplier_country).toBe('DE');
    expect(res.body.purchase).toMatchObject({ status: 'issued', total: '1000.00', self_assessed_total: '210.00' });
    expect(res.body.purchase.tax_breakdown.map((b: any) => [b.code, b.self_assessed])).toEqual([['RCINTRACOM', true]]);
  });

  test('IRPF and recargo de equivalencia are read and booked with their tax types; contact_id names the supplier', async () => {
    const lawyer = await createContact(app, company.token, { name: 'Despacho Ruiz Abogados SLP', kind: 'supplier', vat: 'B86561412' });
    const res = await upload(await textPdf([
      'Despacho Ruiz Abogados SLP', 'NIF B86561412', 'Factura: A-17', 'Fecha: 2 de febrero de 2026',
      'Base imponible 2.000,00', 'IVA 21% 420,00', 'Recargo de equivalencia 5,2% 104,00', 'Retención IRPF 15% 300,00', 'Total a pagar 2.224,00',
    ]), company.token, { contact_id: lawyer.id });
    expect(res.status).toBe(201);
    expect(res.body.purchase).toMatchObject({ status: 'issued', contact_id: lawyer.id, issue_date: '2026-02-02', subtotal: '2000.00', withholding_total: '300.00', total: '2224.00' });
    expect(res.body.purchase.tax_breakdown.map((b: any) => [b.code, b.amount])).toEqual([['IVA21', '420.00'], ['RE52', '104.00'], ['IRPF15', '300.00']]);
  });
});

describe('asynchronous ingestion (async=true)', () => {
  test('202 with a job at once; the job, polled (wait=N long-polls), ends with what the synchronous call answers; another company sees no job', async () => {
    const started = await upload(await textPdf(invoice('AS-1')), company.token, { async: 'true' });
    expect(started.status).toBe(202);
    const jobId: string = started.body.id;
    expect([started.body.status, started.body.result, started.body.error]).toEqual([expect.stringMatching(/^(queued|running)$/), null, null]);
    const job = await app.get(`/api/v1/ai/ingest-purchase/jobs/${jobId}?wait=30`, company.token);
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ status: 'done', result_status: 201, error: null });
    expect(job.body.result.purchase).toMatchObject({ status: 'issued', supplier_invoice_number: 'AS-1', total: '1512.98' });
    expect((await app.get(`/api/v1/ai/ingest-purchase/jobs/${jobId}`, other.token)).status).toBe(404);

    const refused = await upload(Buffer.from('not a document at all'), company.token, { async: 'true' }, 'text/plain', 'a.txt');
    expect(refused.status).toBe(202);
    const failed = await app.get(`/api/v1/ai/ingest-purchase/jobs/${refused.body.id}?wait=30`, company.token);
    expect(failed.body).toMatchObject({ status: 'failed', result_status: 415, result: null, error: { status: 415, detail: expect.any(String) } });
  });
});

describe('refusals', () => {
  test('not a PDF, JPEG or PNG: 415; damaged or encrypted PDF, or more than 20 pages: 422', async () => {
    expect((await upload(Buffer.from('just some text, not a document'), company.token, {}, 'text/plain', 'a.txt')).status).toBe(415);
    const broken = await upload(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage'), company.token);
    expect([broken.status, typeof broken.body.detail]).toEqual([422, 'string']);
    const encrypted = await upload(await textPdf(invoice('E-1'), { userPassword: 'secret' }), company.token);
    expect(encrypted.status).toBe(422);
    expect(encrypted.body.detail).toContain('encrypted');
    const long = await upload(await textPdf(['Página'], { pages: 21 }), company.token);
    expect(long.status).toBe(422);
    expect(long.body.detail).toContain('21 pages');
  });

  test('over 10 MiB: 413 before the body is read', async () => {
    const res = await app.request('POST', '/api/v1/ai/ingest-purchase', {
      token: company.token, headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(11 * 1024 * 1024) },
      body: '--x--',
    } as any);
    expect(res.status).toBe(413);
  });

  test("treasury_id: a treasury of the company pays the booked purchase from its 572x; an unknown or another company's treasury, or contact: 404", async () => {
    const bank = await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Banco de pagos', iban: 'ES9121000418450200051332' }, company.token);
    expect(bank.status).toBe(201);
    const paid = await upload(await textPdf(invoice('T-1')), company.token, { treasury_id: bank.body.id });
    expect(paid.status).toBe(201);
    expect(paid.body.purchase).toMatchObject({ status: 'paid', total: '1512.98', amount_due: '0.00' });
    const after = await app.get(`/api/v1/treasuries/${bank.body.id}`, company.token);
    expect(after.body.balance).toBe('-1512.98');
    expect((await upload(await textPdf(invoice('T-2')), company.token, { treasury_id: crypto.randomUUID() })).status).toBe(404);
    const theirBank = await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Banco ajeno', iban: 'ES7921000813610123456789' }, other.token);
    expect(theirBank.status).toBe(201);
    expect((await upload(await textPdf(invoice('T-3')), company.token, { treasury_id: theirBank.body.id })).status).toBe(404);
    const theirs = await createContact(app, other.token, { name: 'Proveedor Ajeno SL', kind: 'supplier', vat: 'A28017895' });
    expect((await upload(await textPdf(invoice('X-1')), company.token, { contact_id: theirs.id })).status).toBe(404);
  });
});

describe('OCR', () => {
  test('a scanned PDF is read by OCR (source and page on each field) and booked; a second one at the same time is refused with 503 and Retry-After', async () => {
    const scanned = await scannedPdf([
      'Imprenta Gráfica Norte S.A.', 'CIF A28017895', 'Factura N° GN-2026-0815', 'Fecha: 28/02/2026',
      'Base imponible 540,00', 'IVA 10% 540,00 54,00', 'TOTAL 594,00 EUR',
    ]);
    // the first upload's page holds the only worker (INGEST_OCR_WORKERS=1, INGEST_OCR_QUEUE=0) until the
    // second upload has been answered: the pool tells when the page has taken it
    const pool = ocrPoolOf(app.kernel)!;
    const taken = Promise.withResolvers<{ busy: number; waiting: number }>();
    const secondAnswered = Promise.withResolvers<void>();
    const stopListening = pool.onPageStart(async (state) => { taken.resolve(state); await secondAnswered.promise; });
    let res: Awaited<ReturnType<typeof upload>>;
    try {
      const first = upload(scanned, company.token);
      expect(await taken.promise).toEqual({ busy: 1, waiting: 0 });
      expect(pool.saturated()).toBe(true);
      const busy = await upload(await scannedPdf(['Otra factura escaneada S.L.']), company.token);
      expect(busy.status).toBe(503);
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(busy.body.detail).toContain('busy');
      stopListening();
      secondAnswered.resolve();
      res = await first;
    } finally {
      stopListening();
      secondAnswered.resolve();
    }
    expect(res.status).toBe(201);
    const { extraction } = res.body;
    expect(extraction.pages).toEqual([{ page: 1, source: 'ocr', characters: expect.any(Number), confidence: expect.any(Number) }]);
    expect(extraction.supplier_tax_id).toMatchObject({ value: 'A28017895', source: 'ocr', page: 1 });
    expect([extraction.invoice_number.value, extraction.issue_date.value, extraction.total.value]).toEqual(['GN-2026-0815', '2026-02-28', '594.00']);
    expect(res.body.purchase).toMatchObject({ total: '594.00', supplier_invoice_number: 'GN-2026-0815' });
  }, 90_000);

  test('a photo of a ticket (JPEG) is read by OCR; without a number it is an expense', async () => {
    const res = await upload(await photoJpeg([
      'FERRETERIA EL CLAVO S.L.', 'NIF B65410011', 'Fecha 03/02/2026', 'Base 8,26', 'IVA 21% 1,73', 'TOTAL 9,99',
    ]), company.token, {}, 'image/jpeg', 'ticket.jpg');
    if (res.status !== 201) console.log(JSON.stringify(res.body, null, 1));
    expect(res.status).toBe(201);
    expect(res.body.extraction.file_kind).toBe('jpeg');
    expect(res.body.extraction.supplier_tax_id.value).toBe('B65410011');
    expect(res.body.extraction.total.value).toBe('9.99');
    expect(res.body.purchase).toMatchObject({ kind: 'expense', total: '9.99' });
  }, 90_000);
});

describe('erasure', () => {
  test("deleting the sole owner's account erases the company's files from the store", async () => {
    const uploaded = await upload(await textPdf(invoice('F-2026/0777')), other.token);
    expect(uploaded.status).toBe(201);
    const key = uploaded.body.extraction.file_sha256;
    expect(await app.kernel.files.get(other.tenantId, key)).not.toBeNull();
    expect((await app.post('/api/v1/account/delete', { password: other.password }, other.token)).status).toBe(200);
    expect(await app.kernel.files.get(other.tenantId, key)).toBeNull();
    expect(await app.kernel.files.get(company.tenantId, key)).toBeNull();
  });
});
