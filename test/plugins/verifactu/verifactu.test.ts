/**
 * VERI*FACTU records end to end (docs/domain/verifactu.md): a registration record in the issuing
 * transaction of every invoice and rectifying invoice, cancellation and correction records, one
 * unbroken chain per issuer under concurrent issuing, the QR code (URL on the invoice, PNG and SVG,
 * decoded back from the rendered PDF page), immutability enforced by the database, verification
 * that finds a tampered record, the XML export, the event log, and tenancy.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { validateXML } from 'xmllint-wasm';
import { strFromU8, unzipSync } from 'fflate';
import { softwareProducer } from '../../../lib/software-producer';
import { recipientId } from '../../../plugins/verifactu/recipient';
import sharp from 'sharp';
import { createApp } from '../../../kernel/app';
import { loadConfig } from '../../../kernel/config';
import { madridTimestamp, registrationHash } from '../../../plugins/verifactu/hash';
import { createCompany, VALID_CIFS, type TestCompany } from '../../support/factories';
import { backend } from '../../support/database';
import { createContact, download, pdfTexts, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';

/** The deployment's software producer (lib/software-producer.ts): named in every record's SistemaInformatico instead of the issuer. */
const PRODUCER_ENV = {
  SOFTWARE_PRODUCER_NAME: 'Programas Contables Ejemplo SL', SOFTWARE_PRODUCER_TAX_ID: VALID_CIFS[4], SOFTWARE_SYSTEM_NAME: 'Cuadra Pruebas',
  SOFTWARE_SYSTEM_ID: 'CP', SOFTWARE_VERSION: '9.8.7', SOFTWARE_INSTALLATION_NUMBER: 'instalacion-42',
};

let app: DocumentsTestApp;
let company: TestCompany;
let customer: any;
let person: any;
beforeAll(async () => {
  // unlimited: a long chain run (VERIFACTU_TEST_ROUNDS) sends more than a session's per-minute budget
  app = await startDocumentsApp({ unlimited: true, env: { VERIFACTU_QR_ENVIRONMENT: 'test', VERIFACTU_QR_LEGEND: 'sede', ...PRODUCER_ENV } });
  company = await createCompany(app);
  customer = await createContact(app, company.token, { name: 'Cliente Verificable SL' });
  person = await createContact(app, company.token, { name: 'Lucía Particular', customer_type: 'individual' });
}, 180_000);
afterAll(() => app?.close());

const NIF = VALID_CIFS[0];
const line = (price: string, code = 'IVA21') => ({ description: 'Servicio', quantity: '1', unit_price: price, tax_type_id: taxId(company, code) });
const issue = async (contactId: string, price: string, date = '2026-03-02', who = company) => {
  const res = await app.post('/api/v1/invoices', { contact_id: contactId, issue_date: date, lines: [{ ...line(price), tax_type_id: taxId(who, 'IVA21') }] }, who.token);
  expect(res.status).toBe(201);
  return res.body;
};
/** Every record (all pages), in chain order. */
const records = async (query = '', who = company) => {
  const items: any[] = [];
  for (;;) {
    const res = await app.get(`/api/v1/verifactu/records?limit=500&offset=${items.length}${query}`, who.token);
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    if (!res.body.items.length || items.length >= res.body.total) return { items, total: res.body.total };
  }
};

/**
 * The AEAT's own XSD files (SuministroLR.xsd, SuministroInformacion.xsd and the xmldsig-core-schema.xsd
 * it imports, as the AEAT publishes them), when VERIFACTU_OFFICIAL_XSD_DIR names a folder holding
 * them: the repository does not keep them (docs/domain/verifactu.md §5), so they are read at run time.
 */
const OFFICIAL_XSD_DIR = process.env.VERIFACTU_OFFICIAL_XSD_DIR || null;

/**
 * An export checked against the schema shipped in plugins/verifactu/xsd and, with
 * VERIFACTU_OFFICIAL_XSD_DIR set, against the AEAT's own XSD too (its errors prefixed "AEAT XSD").
 */
const validateExport = async (xml: string) => {
  const schemaFile = (dir: string, name: string) => ({ fileName: name, contents: readFileSync(join(dir, name), 'utf8') });
  const shipped = join(import.meta.dir, '../../../plugins/verifactu/xsd');
  const ours = await validateXML({ xml: { fileName: 'export.xml', contents: xml }, schema: schemaFile(shipped, 'SuministroLR.cuadra.xsd'), preload: schemaFile(shipped, 'SuministroInformacion.cuadra.xsd') });
  if (!OFFICIAL_XSD_DIR) return ours;
  // the AEAT's files import by absolute URL (SuministroInformacion.xsd imports xmldsig from the W3C's
  // site): every absolute schemaLocation is pointed at the preloaded file of that name, nothing fetched
  const local = (file: { fileName: string; contents: string }) =>
    ({ ...file, contents: file.contents.replace(/schemaLocation="https?:\/\/[^"]*\/([^"/]+)"/g, 'schemaLocation="$1"') });
  const official = await validateXML({
    xml: { fileName: 'export.xml', contents: xml }, schema: local(schemaFile(OFFICIAL_XSD_DIR, 'SuministroLR.xsd')),
    preload: [local(schemaFile(OFFICIAL_XSD_DIR, 'SuministroInformacion.xsd')), schemaFile(OFFICIAL_XSD_DIR, 'xmldsig-core-schema.xsd')],
  });
  return { valid: ours.valid && official.valid, errors: [...ours.errors, ...official.errors.map((e) => ({ ...e, message: `AEAT XSD: ${e.message}` }))] };
};

/** Every record links to the one before it, in order, with a well-formed Madrid generation time. */
function expectUnbroken(items: any[]) {
  items.forEach((r, i) => {
    // the database wrote the generation time; the TypeScript formatting of that instant agrees (Madrid's offset)
    expect(madridTimestamp(new Date(r.hash_fields.FechaHoraHusoGenRegistro))).toBe(r.hash_fields.FechaHoraHusoGenRegistro);
    expect(r.position).toBe(i + 1);
    expect(r.previous_hash).toBe(i === 0 ? '' : items[i - 1].hash);
    expect(r.hash_fields.Huella).toBe(r.previous_hash);
  });
}

describe(`registration records (${backend})`, () => {
  test('issuing, rectifying, correcting and cancelling chain records with the exact hashed values; the invoice shows hash, previous hash and QR URL', async () => {
    const first = await issue(customer.id, '100.00');
    expect(first.verifactu.previous_hash).toBe('');
    expect(first.verifactu.hash).toMatch(/^[0-9A-F]{64}$/);
    expect(first.verifactu.qr_url).toBe(`https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=${NIF}&numserie=${encodeURIComponent(first.number)}&fecha=02-03-2026&importe=121.00`);

    const simplified = await issue(person.id, '10.00');
    expect(simplified.verifactu.previous_hash).toBe(first.verifactu.hash);

    const draft = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-03-03', status: 'draft', lines: [line('50.00')] }, company.token);
    expect(draft.body.verifactu).toBeNull();
    const issuedDraft = await app.post(`/api/v1/invoices/${draft.body.id}/issue`, undefined, company.token);
    expect(issuedDraft.status).toBe(200);
    expect(issuedDraft.body.verifactu.previous_hash).toBe(simplified.verifactu.hash);

    const rectifying = await app.post(`/api/v1/invoices/${first.id}/rectify`, { issue_date: '2026-03-04', reason: 'Descuento pactado', mode: 'differences', lines: [line('-10.00')] }, company.token);
    expect(rectifying.status).toBe(201);
    const rectifiesSimplified = await app.post(`/api/v1/invoices/${simplified.id}/rectify`, { issue_date: '2026-03-04', reason: 'Devolución', mode: 'substitution' }, company.token);
    expect(rectifiesSimplified.status).toBe(201);

    const correction = await app.post('/api/v1/verifactu/corrections', { invoice_id: rectifying.body.id, invoice_type: 'R4', reason: 'Causa de rectificación: resto' }, company.token);
    expect(correction.status).toBe(201);
    expect(correction.body).toMatchObject({ record_type: 'registration', correction: true, invoice_type: 'R4', position: 6 });
    const cancellation = await app.post('/api/v1/verifactu/cancellations', { invoice_id: issuedDraft.body.id, reason: 'Emitida por error' }, company.token);
    expect(cancellation.status).toBe(201);
    expect(cancellation.body.hash_fields).toEqual({
      IDEmisorFacturaAnulada: NIF, NumSerieFacturaAnulada: issuedDraft.body.number, FechaExpedicionFacturaAnulada: '03-03-2026',
      Huella: correction.body.hash, FechaHoraHusoGenRegistro: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/),
    });
    expect((await app.post('/api/v1/verifactu/cancellations', { invoice_id: issuedDraft.body.id, reason: 'Otra vez' }, company.token)).status).toBe(409);
    expect((await app.post('/api/v1/verifactu/corrections', { invoice_id: issuedDraft.body.id, reason: 'x' }, company.token)).status).toBe(409);
    expect((await app.post('/api/v1/verifactu/corrections', { invoice_id: first.id, invoice_type: 'R2', reason: 'x' }, company.token)).status).toBe(422);
    expect((await app.post('/api/v1/verifactu/corrections', { invoice_id: draft.body.id, reason: 'x', extra: 1 }, company.token)).status).toBe(422);

    const { items, total } = await records();
    expect(total).toBe(7);
    expectUnbroken(items);
    expect(items.map((r: any) => [r.record_type, r.invoice_type])).toEqual([
      ['registration', 'F1'], ['registration', 'F2'], ['registration', 'F1'], ['registration', 'R1'], ['registration', 'R5'], ['registration', 'R4'], ['cancellation', null],
    ]);
    expect(items[0].hash_fields).toEqual({
      IDEmisorFactura: NIF, NumSerieFactura: first.number, FechaExpedicionFactura: '02-03-2026', TipoFactura: 'F1', CuotaTotal: '21.00', ImporteTotal: '121.00',
      Huella: '', FechaHoraHusoGenRegistro: items[0].hash_fields.FechaHoraHusoGenRegistro,
    });
    expect(registrationHash(items[0].hash_fields)).toBe(items[0].hash);
    expect(items[3].hash_fields).toMatchObject({ TipoFactura: 'R1', CuotaTotal: '-2.10', ImporteTotal: '-12.10' });
    // the rectified invoice shows its own record; a corrected one its newest registration
    expect((await app.get(`/api/v1/invoices/${rectifying.body.id}`, company.token)).body.verifactu.hash).toBe(correction.body.hash);
    const listed = (await app.get('/api/v1/invoices?limit=100', company.token)).body.items;
    expect(listed.find((i: any) => i.id === first.id).verifactu.hash).toBe(first.verifactu.hash);
    // period filter
    expect((await records('&from=2026-03-04&to=2026-03-04')).total).toBe(3);

    // an issue the statement refuses (a date before the series' last one) numbers nothing and records nothing
    const backwards = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-03-01', lines: [line('1.00')] }, company.token);
    expect(backwards.status).toBe(422);
    expect((await records()).total).toBe(7);

    const verify = await app.get('/api/v1/verifactu/verify', company.token);
    expect(verify.body).toMatchObject({ intact: true, records_checked: 7, first_broken: null, chains: [{ issuer_tax_id: NIF, length: 7, last_hash: cancellation.body.hash }] });
  });

  // VERIFACTU_TEST_ROUNDS=63 issues the issue's chain of 1,008 invoices 16 at a time (about a minute); the suite keeps 4 rounds.
  const ROUNDS = Number(process.env.VERIFACTU_TEST_ROUNDS ?? 4);
  test(`16 concurrent issues, ${ROUNDS} rounds: one unbroken chain, verified, and a tampered field found (${backend === 'postgres' ? 'really parallel' : 'serialised by the single connection'})`, async () => {
    const other = await createCompany(app, undefined, VALID_CIFS[1]);
    const buyer = await createContact(app, other.token, { name: 'Comprador Paralelo SL' });
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.all(Array.from({ length: 16 }, (_, i) => app.post('/api/v1/invoices', {
        contact_id: buyer.id, issue_date: '2026-04-01', lines: [{ description: `Pedido ${round}-${i}`, quantity: '1', unit_price: `${i + 1}.00`, tax_type_id: taxId(other, 'IVA21') }],
      }, other.token)));
      expect(results.map((r) => r.status)).toEqual(Array(16).fill(201));
    }
    const { items, total } = await records('', other);
    expect(total).toBe(16 * ROUNDS);
    expectUnbroken(items);
    expect(new Set(items.map((r: any) => r.invoice_number)).size).toBe(16 * ROUNDS);
    expect((await app.get('/api/v1/verifactu/verify', other.token)).body).toMatchObject({ intact: true, records_checked: 16 * ROUNDS });

    // tampering with one stored field, as the database owner past the triggers, is found
    const victim = items[Math.floor(items.length * 0.6)];
    await app.asOwner([
      'alter table verifactu_records disable trigger verifactu_records_immutable',
      `update verifactu_records set total = '9999.00' where id = '${victim.id}'`,
      'alter table verifactu_records enable trigger verifactu_records_immutable',
    ]);
    expect((await app.get('/api/v1/verifactu/verify', other.token)).body.first_broken).toEqual({
      record_id: victim.id, issuer_tax_id: VALID_CIFS[1], position: victim.position, invoice_number: victim.invoice_number, problem: 'hash',
    });
  }, 60_000);
});

describe('immutability', () => {
  test('the database refuses to change or delete a record or a log entry, for the application and the owner alike', async () => {
    const [record] = (await records()).items;
    for (const statement of [`update verifactu_records set total = '1.00' where id = '${record.id}'`, `delete from verifactu_records where id = '${record.id}'`]) {
      await expect(app.asAppRole(company.tenantId, statement)).rejects.toThrow();
      await expect(app.asOwner(statement)).rejects.toThrow(/immutable/);
    }
    await expect(app.asOwner('delete from verifactu_events')).rejects.toThrow(/immutable/);
    await expect(app.asOwner('truncate verifactu_records cascade')).rejects.toThrow(/truncated/);
  });
});

describe('QR code', () => {
  test('PNG and SVG with the invoice\'s URL; a draft has none (404)', async () => {
    const invoice = await issue(customer.id, '33.00', '2026-05-05');
    const png = await download(app, `/api/v1/invoices/${invoice.id}/qr`, company.token);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(await decodeQr(png.bytes)).toBe(invoice.verifactu.qr_url);
    const svg = await download(app, `/api/v1/invoices/${invoice.id}/qr?format=svg`, company.token);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await decodeQr(new Uint8Array(await sharp(Buffer.from(svg.bytes), { density: 300 }).png().toBuffer()))).toBe(invoice.verifactu.qr_url);
    expect((await app.get(`/api/v1/invoices/${invoice.id}/qr?format=gif`, company.token)).status).toBe(422);
    const draft = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-05-06', status: 'draft', lines: [line('5.00')] }, company.token);
    expect((await app.get(`/api/v1/invoices/${draft.body.id}/qr`, company.token)).status).toBe(404);
  });

  test('the PDF prints the QR on its first page with the configured legend: decoded from the rendered page', async () => {
    const invoice = await issue(customer.id, '44.00', '2026-05-07');
    const pdf = await download(app, `/api/v1/invoices/${invoice.id}/pdf`, company.token);
    expect(pdf.status).toBe(200);
    expect(pdfTexts(pdf.bytes).join(' ')).toContain('Factura verificable en la sede electrónica de la AEAT');
    const dir = mkdtempSync(join(tmpdir(), 'verifactu-pdf-'));
    try {
      const file = join(dir, 'invoice.pdf');
      await Bun.write(file, pdf.bytes);
      const rendered = Bun.spawnSync(['pdftoppm', '-png', '-r', '150', '-f', '1', '-l', '1', file, join(dir, 'page')]);
      expect(rendered.exitCode).toBe(0);
      const page = readdirSync(dir).find((name) => name.startsWith('page'))!;
      expect(await decodeQr(new Uint8Array(readFileSync(join(dir, page))))).toBe(invoice.verifactu.qr_url);
      // 35 mm by default, within the AEAT's 30–40 mm: the 600-pixel image is drawn at 600 / (35 / 25.4) ≈ 435 ppi (pdfimages lists it)
      const listed = Bun.spawnSync(['pdfimages', '-list', file]).stdout.toString().split('\n').find((row) => /^\s*1\s+\d+\s+image\s+600\s+600\b/.test(row));
      expect(listed).toBeDefined();
      const ppi = Number(listed!.trim().split(/\s+/)[12]);
      expect(ppi).toBeGreaterThanOrEqual(Math.floor(600 / (40 / 25.4)));
      expect(ppi).toBeLessThanOrEqual(Math.ceil(600 / (30 / 25.4)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('export and event log', () => {
  test('the XML export carries every record of the period with its exact hashed values, is valid against the shipped schema, and is logged', async () => {
    const res = await app.get('/api/v1/verifactu/export?from=2026-03-01&to=2026-03-31', company.token);
    expect(res.status).toBe(200);
    const validation = await validateExport(res.text);
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);
    // the schema is not a rubber stamp: a wrong amount format fails it
    expect((await validateExport(res.text.replace(/<sum1:CuotaTotal>(-?\d+)\.(\d)\d</, '<sum1:CuotaTotal>$1.$2<'))).valid).toBe(false);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const { items } = await records('&from=2026-03-01&to=2026-03-31');
    expect((res.text.match(/<sum:RegistroFactura>/g) ?? []).length).toBe(items.length);
    for (const r of items) expect(res.text).toContain(`<sum1:Huella>${r.hash}</sum1:Huella>`);
    expect(res.text).toContain('<sum1:PrimerRegistro>S</sum1:PrimerRegistro>');
    expect(res.text).toContain('<sum1:TipoFactura>R5</sum1:TipoFactura>');
    expect(res.text).toContain('<sum1:Subsanacion>S</sum1:Subsanacion>');
    expect(res.text).toContain('<sum1:RegistroAnulacion>');
    // the producer of the software from the deployment's configuration, in every record (registrations and cancellations), never the issuer
    const system = `<sum1:SistemaInformatico><sum1:NombreRazon>${PRODUCER_ENV.SOFTWARE_PRODUCER_NAME}</sum1:NombreRazon><sum1:NIF>${VALID_CIFS[4]}</sum1:NIF>`
      + `<sum1:NombreSistemaInformatico>Cuadra Pruebas</sum1:NombreSistemaInformatico><sum1:IdSistemaInformatico>CP</sum1:IdSistemaInformatico>`
      + '<sum1:Version>9.8.7</sum1:Version><sum1:NumeroInstalacion>instalacion-42</sum1:NumeroInstalacion>';
    expect(res.text.split(system).length - 1).toBe(items.length);
    expect(res.text).not.toContain(`<sum1:NIF>${NIF}</sum1:NIF><sum1:NombreSistemaInformatico>`);
    // up to 1,000 records: one XML file, as before, saying so in its headers
    expect([res.headers.get('x-verifactu-records'), res.headers.get('x-verifactu-batches'), res.headers.get('x-verifactu-batch')]).toEqual([String(items.length), '1', '1']);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="verifactu-2026-03-01-2026-03-31.xml"');
    expect((await app.get('/api/v1/verifactu/export?from=2026-03-31&to=2026-03-01', company.token)).status).toBe(422);
    expect((await app.get('/api/v1/verifactu/export?from=2026-03-01', company.token)).status).toBe(422);
    // not calendar days (the shape alone passes): 422 naming the parameter, never a 500
    expect((await app.get('/api/v1/verifactu/export?from=2026-02-30&to=2026-03-31', company.token)).body.detail[0].loc).toEqual(['query', 'from']);
    expect((await app.get('/api/v1/verifactu/records?to=2026-13-45', company.token)).status).toBe(422);
    expect((await app.get('/api/v1/verifactu/export?from=2020-01-01&to=2020-12-31', company.token)).status).toBe(404);
    const events = (await app.get('/api/v1/verifactu/events?limit=500', company.token)).body;
    const actions = events.items.map((e: any) => e.action);
    expect(actions[0]).toBe('exported');
    expect(actions).toContain('verified');
    const all = await records();
    const created = events.items.filter((e: any) => e.action === 'record_created');
    expect(created.map((e: any) => e.record_id).sort()).toEqual(all.items.map((r: any) => r.id).sort());
    const newest = all.items.at(-1);
    expect(created.find((e: any) => e.record_id === newest.id)).toMatchObject({ id: newest.id, detail: { record_type: newest.record_type, invoice_number: newest.invoice_number, hash: newest.hash } });
  });

  test('a record_created row logged before the records stood for their own creation is shown once, as it was written', async () => {
    const [oldest] = (await records()).items;
    const [legacy] = await app.asOwner<{ id: string }>([`select set_config('app.tenant_id', '${company.tenantId}', true)`, `insert into verifactu_events (tenant_id, action, record_id, detail, at)
      select tenant_id, 'record_created', id, jsonb_build_object('record_type', record_type, 'invoice_number', invoice_number, 'hash', hash), created_at
      from verifactu_records where id = '${oldest.id}' returning id::text as id`]);
    const events = (await app.get('/api/v1/verifactu/events?limit=500', company.token)).body;
    const created = events.items.filter((e: any) => e.action === 'record_created');
    expect(created.filter((e: any) => e.record_id === oldest.id).map((e: any) => e.id)).toEqual([legacy.id]);
    expect(created.length).toBe((await records()).total);
    expect(events.total).toBe(events.items.length);
  });
});

describe('legal grounds and operation dates', () => {
  test('the ground chosen at rectification gives R1–R4, any rectification of a simplified invoice is R5; the ground is on the invoice and its PDF; an operation date other than the issue date reaches the export', async () => {
    const own = await createCompany(app, undefined, VALID_CIFS[1]);
    const client = await createContact(app, own.token, { name: 'Deudor Concursado SL' });
    const consumer = await createContact(app, own.token, { name: 'Pablo Particular', customer_type: 'individual' });
    const ownLine = (price: string) => ({ description: 'Obra', quantity: '1', unit_price: price, tax_type_id: taxId(own, 'IVA21') });
    const create = async (contactId: string, extra: object = {}) => {
      const res = await app.post('/api/v1/invoices', { contact_id: contactId, issue_date: '2026-05-04', lines: [ownLine('200.00')], ...extra }, own.token);
      expect(res.status).toBe(201);
      return res.body;
    };
    const rectify = (id: string, body: object) => app.post(`/api/v1/invoices/${id}/rectify`, { issue_date: '2026-05-20', reason: 'Impago', mode: 'differences', lines: [ownLine('-50.00')], ...body }, own.token);

    const dated = await create(client.id, { operation_date: '2026-04-28' });
    const grounds: [string | undefined, string][] = [[undefined, 'R1'], ['error', 'R1'], ['insolvency', 'R2'], ['bad_debt', 'R3'], ['other', 'R4']];
    const rectifying: any[] = [];
    for (const [ground] of grounds) {
      const original = await create(client.id);
      const res = await rectify(original.id, ground ? { legal_ground: ground } : {});
      expect(res.status).toBe(201);
      expect(res.body.rectification_ground).toBe(ground ?? 'error');
      rectifying.push(res.body);
    }
    expect(dated.rectification_ground).toBeNull();
    const simplified = await create(consumer.id);
    const ofSimplified = await rectify(simplified.id, { legal_ground: 'bad_debt' });
    expect(ofSimplified.status).toBe(201);
    // an unknown ground is refused and changes nothing
    const before = (await records('', own)).total;
    const wrong = await rectify(dated.id, { legal_ground: 'concurso' });
    expect(wrong.status).toBe(422);
    expect((await records('', own)).total).toBe(before);

    const { items } = await records('', own);
    const typeOf = (invoiceId: string) => items.find((r: any) => r.invoice_id === invoiceId && r.record_type === 'registration').invoice_type;
    expect(rectifying.map((r) => typeOf(r.id))).toEqual(grounds.map(([, type]) => type));
    expect(typeOf(simplified.id)).toBe('F2');
    expect(typeOf(ofSimplified.body.id)).toBe('R5');
    expect((await app.get('/api/v1/verifactu/verify', own.token)).body.intact).toBe(true);
    // the VAT book of issued invoices names every invoice with the type of its record: a private
    // person without tax number is F2 in both ("sin identificación del destinatario")
    const book = (await app.get('/api/v1/tax-books/issued?from=2026-05-01&to=2026-05-31', own.token)).text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(';'));
    const [typeColumn, numberColumn] = [book[0].indexOf('Tipo de Factura'), book[0].indexOf('Identificación de la Factura Número')];
    const bookTypes = new Map(book.slice(1).map((r) => [r[numberColumn], r[typeColumn]]));
    const registrations = items.filter((r: any) => r.record_type === 'registration' && !r.correction);
    expect(registrations.length).toBe(bookTypes.size);
    for (const r of registrations) expect([r.invoice_number, bookTypes.get(r.hash_fields.NumSerieFactura)]).toEqual([r.invoice_number, r.invoice_type]);
    expect(bookTypes.get(simplified.number)).toBe('F2');

    const pdf = await download(app, `/api/v1/invoices/${rectifying[3].id}/pdf`, own.token);
    expect(pdf.status).toBe(200);
    expect(pdfTexts(pdf.bytes).join(' ')).toContain('Fundamento: art. 80.Cuatro LIVA (créditos total o parcialmente incobrables)');

    const exported = await app.get('/api/v1/verifactu/export?from=2026-05-01&to=2026-05-31', own.token);
    expect(exported.status).toBe(200);
    expect((await validateExport(exported.text)).errors).toEqual([]);
    for (const type of ['R2', 'R3', 'R4', 'R5']) expect(exported.text).toContain(`<sum1:TipoFactura>${type}</sum1:TipoFactura>`);
    // FechaOperacion only where it differs from the issue date: once, for the invoice dated 28 April
    expect(exported.text.match(/<sum1:FechaOperacion>[^<]*<\/sum1:FechaOperacion>/g)).toEqual(['<sum1:FechaOperacion>28-04-2026</sum1:FechaOperacion>']);
  });
});

describe('recipients (Destinatarios)', () => {
  test('a foreign business goes as IDOtro (an EU VAT number as 02, another country\'s tax number as 04); a recipient without any tax number is refused at issue (422), nothing numbered or recorded, until the contact has one', async () => {
    const own = await createCompany(app, undefined, VALID_CIFS[2]);
    const french = await createContact(app, own.token, { name: 'Client SARL', country: 'FR', vat: 'FR40303265045' });
    const american = await createContact(app, own.token, { name: 'Importer Inc', country: 'US', vat: '12-3456789' });
    const anonymous = await createContact(app, own.token, { name: 'No Number Ltd', country: 'US' });
    const body = (contactId: string, code: string, extra: object = {}) => ({
      contact_id: contactId, issue_date: '2026-06-01', lines: [{ description: 'Mercancía', quantity: '1', unit_price: '500.00', tax_type_id: taxId(own, code) }], ...extra,
    });
    expect((await app.post('/api/v1/invoices', body(french.id, 'IVAINTRA'), own.token)).status).toBe(201);
    expect((await app.post('/api/v1/invoices', body(american.id, 'EXPORT'), own.token)).status).toBe(201);

    const refused = await app.post('/api/v1/invoices', body(anonymous.id, 'EXPORT'), own.token);
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].loc).toEqual(['customer', 'vat']);
    expect(refused.body.detail[0].msg).toContain('No Number Ltd (US) has no tax number: an F1 invoice\'s VERI*FACTU record must identify its recipient');
    expect(refused.body.detail[0].msg).toContain(`PATCH /api/v1/contacts/${anonymous.id}`);
    // a draft is kept; issuing it is refused the same way
    const draft = await app.post('/api/v1/invoices', body(anonymous.id, 'EXPORT', { status: 'draft' }), own.token);
    expect(draft.status).toBe(201);
    expect((await app.post(`/api/v1/invoices/${draft.body.id}/issue`, undefined, own.token)).status).toBe(422);
    expect((await records('', own)).total).toBe(2);
    // once the contact has its number, the draft issues
    expect((await app.patch(`/api/v1/contacts/${anonymous.id}`, { vat: 'GB 123 4567 89' }, own.token)).status).toBe(200);
    expect((await app.post(`/api/v1/invoices/${draft.body.id}/issue`, undefined, own.token)).status).toBe(200);

    const exported = await app.get('/api/v1/verifactu/export?from=2026-06-01&to=2026-06-30', own.token);
    expect(exported.status).toBe(200);
    expect((await validateExport(exported.text)).errors).toEqual([]);
    const recipients = exported.text.match(/<sum1:Destinatarios>.*?<\/sum1:Destinatarios>/g);
    expect(recipients).toEqual([
      '<sum1:Destinatarios><sum1:IDDestinatario><sum1:NombreRazon>Client SARL</sum1:NombreRazon><sum1:IDOtro><sum1:CodigoPais>FR</sum1:CodigoPais><sum1:IDType>02</sum1:IDType><sum1:ID>FR40303265045</sum1:ID></sum1:IDOtro></sum1:IDDestinatario></sum1:Destinatarios>',
      '<sum1:Destinatarios><sum1:IDDestinatario><sum1:NombreRazon>Importer Inc</sum1:NombreRazon><sum1:IDOtro><sum1:CodigoPais>US</sum1:CodigoPais><sum1:IDType>04</sum1:IDType><sum1:ID>123456789</sum1:ID></sum1:IDOtro></sum1:IDDestinatario></sum1:Destinatarios>',
      '<sum1:Destinatarios><sum1:IDDestinatario><sum1:NombreRazon>No Number Ltd</sum1:NombreRazon><sum1:IDOtro><sum1:CodigoPais>US</sum1:CodigoPais><sum1:IDType>04</sum1:IDType><sum1:ID>GB123456789</sum1:ID></sum1:IDOtro></sum1:IDDestinatario></sum1:Destinatarios>',
    ]);
    // a correction cannot turn a simplified record (F2: a private person without tax number) into one that must name its recipient
    const person = await createContact(app, own.token, { name: 'Ana Particular', customer_type: 'individual' });
    const simplified = await app.post('/api/v1/invoices', body(person.id, 'IVA21'), own.token);
    expect(simplified.status).toBe(201);
    const corrected = await app.post('/api/v1/verifactu/corrections', { invoice_id: simplified.body.id, invoice_type: 'F1', reason: 'Tipo' }, own.token);
    expect(corrected.status).toBe(422);
    expect(corrected.body.detail[0]).toMatchObject({ loc: ['body', 'invoice_type'], type: 'value_error.verifactu_recipient' });
    // the schema checks the identification: an IDType outside the AEAT's list fails it
    expect((await validateExport(exported.text.replace('<sum1:IDType>04</sum1:IDType>', '<sum1:IDType>01</sum1:IDType>'))).valid).toBe(false);
  });

  test('a complete invoice to a private person abroad without a tax number (art. 6.1.d): F2 with FacturaSinIdentifDestinatarioArt61d, no Destinatarios, above 3,000 €; its rectification R5 alike; the VAT book agrees; a foreign business without one is still refused', async () => {
    const own = await createCompany(app, undefined, 'B76543214');
    const tourist = await createContact(app, own.token, { name: 'John Smith', country: 'US', customer_type: 'individual' });
    const french = await createContact(app, own.token, { name: 'Marie Dupont', country: 'FR', customer_type: 'individual', address: '1 rue de Rivoli', city: 'Paris' });
    const identified = await createContact(app, own.token, { name: 'Client SARL', country: 'FR', vat: 'FR40303265045' });
    const body = (contactId: string, code: string, price: string) => ({
      contact_id: contactId, issue_date: '2026-07-01', lines: [{ description: 'Mercancía', quantity: '1', unit_price: price, tax_type_id: taxId(own, code) }],
    });
    // an export of 4,800 € to a consumer in the United States, and a sale of 50 € with Spanish VAT to a French consumer
    const exported = await app.post('/api/v1/invoices', body(tourist.id, 'EXPORT', '4800.00'), own.token);
    expect(exported.status).toBe(201);
    expect(exported.body).toMatchObject({ simplified: true, simplified_reason: 'recipient_without_tax_id' });
    const domestic = await app.post('/api/v1/invoices', body(french.id, 'IVA21', '50.00'), own.token);
    expect(domestic.status).toBe(201);
    const rectified = await app.post(`/api/v1/invoices/${exported.body.id}/rectify`, {
      issue_date: '2026-07-10', reason: 'Devolución', mode: 'differences', lines: [{ description: 'Mercancía', quantity: '-1', unit_price: '800.00', tax_type_id: taxId(own, 'EXPORT') }],
    }, own.token);
    expect(rectified.status).toBe(201);
    expect((await app.post('/api/v1/invoices', body(identified.id, 'IVAINTRA', '500.00'), own.token)).status).toBe(201);

    const { items } = await records('', own);
    const typeOf = (invoiceId: string) => items.find((r: any) => r.invoice_id === invoiceId && r.record_type === 'registration').invoice_type;
    expect([typeOf(exported.body.id), typeOf(domestic.body.id), typeOf(rectified.body.id)]).toEqual(['F2', 'F2', 'R5']);

    const xml = (await app.get('/api/v1/verifactu/export?from=2026-07-01&to=2026-07-31', own.token)).text;
    expect((await validateExport(xml)).errors).toEqual([]);
    const registrations = xml.match(/<sum1:RegistroAlta>.*?<\/sum1:RegistroAlta>/g)!;
    expect(registrations.length).toBe(4);
    const byNumber = new Map(registrations.map((r) => [/<sum1:NumSerieFactura>([^<]*)</.exec(r)![1], r]));
    for (const invoice of [exported.body, domestic.body, rectified.body]) {
      const record = byNumber.get(invoice.number)!;
      expect(record).toContain('<sum1:FacturaSinIdentifDestinatarioArt61d>S</sum1:FacturaSinIdentifDestinatarioArt61d>');
      expect(record).not.toContain('<sum1:Destinatarios>');
    }
    expect(byNumber.get(exported.body.number)).toContain('<sum1:ImporteTotal>4800.00</sum1:ImporteTotal>');
    // the AEAT's validations over every record: F1, F3, R1–R4 name their recipients (1189); F2 and R5 do not (1190);
    // the mark only on F2 and R5 (1185); an F2 above 3,000 € only with the mark (1150)
    for (const record of registrations) {
      const type = /<sum1:TipoFactura>([^<]*)</.exec(record)![1];
      const marked = record.includes('<sum1:FacturaSinIdentifDestinatarioArt61d>S<');
      const named = record.includes('<sum1:Destinatarios>');
      expect([type, named]).toEqual([type, !['F2', 'R5'].includes(type)]);
      if (marked) expect(['F2', 'R5']).toContain(type);
      const total = Number(/<sum1:ImporteTotal>([^<]*)</.exec(record)![1]);
      if (type === 'F2' && Math.abs(total) > 3000) expect(marked).toBe(true);
    }
    // the schema has the element in its place and only S or N
    expect((await validateExport(xml.replace('<sum1:FacturaSinIdentifDestinatarioArt61d>S<', '<sum1:FacturaSinIdentifDestinatarioArt61d>X<'))).valid).toBe(false);

    // the VAT book of issued invoices says F2 as the records do
    const book = (await app.get('/api/v1/tax-books/issued?from=2026-07-01&to=2026-07-31', own.token)).text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(';'));
    const [typeColumn, numberColumn] = [book[0].indexOf('Tipo de Factura'), book[0].indexOf('Identificación de la Factura Número')];
    const bookTypes = new Map(book.slice(1).map((r) => [r[numberColumn], r[typeColumn]]));
    expect([bookTypes.get(exported.body.number), bookTypes.get(domestic.body.number)]).toEqual(['F2', 'F2']);

    // a business abroad without a tax number is not a private person: still refused at issue
    const business = await createContact(app, own.token, { name: 'Nameless Trading LLC', country: 'US' });
    const refused = await app.post('/api/v1/invoices', body(business.id, 'EXPORT', '4800.00'), own.token);
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].type).toBe('value_error.verifactu_recipient');
  });

  test('not subject by the place-of-supply rules (NOSUJETO, arts. 68–70 LIVA) and an OSS sale are N2 with no Spanish rate or quota, as the VAT book qualifies them; the hash does not cover the qualification', async () => {
    const own = await createCompany(app, undefined, VALID_CIFS[2]);
    const american = await createContact(app, own.token, { name: 'Consulting Inc', country: 'US', vat: '12-3456789' });
    const french = await createContact(app, own.token, { name: 'Jean Dupont', country: 'FR', customer_type: 'individual', address: '1 rue de Rivoli', city: 'Paris' });
    const oss = await app.post('/api/v1/taxes', { code: 'OSS-FR20', name: 'OSS Francia 20 %', kind: 'vat', rate: '20.00', regime: 'oss', country: 'FR' }, own.token);
    expect(oss.status).toBe(201);
    const sell = async (contactId: string, taxTypeId: string, extra: Record<string, unknown> = {}) => {
      const res = await app.post('/api/v1/invoices', { contact_id: contactId, issue_date: '2026-08-03', lines: [{ description: 'Servicio', quantity: '1', unit_price: '500.00', tax_type_id: taxTypeId, ...extra }] }, own.token);
      expect(res.status).toBe(201);
      return res.body;
    };
    const notSubject = await sell(american.id, taxId(own, 'NOSUJETO'), { nature: 'services' });
    const ossSale = await sell(french.id, oss.body.id);
    const xml = (await app.get('/api/v1/verifactu/export?from=2026-08-01&to=2026-08-31', own.token)).text;
    expect((await validateExport(xml)).errors).toEqual([]);
    const registrations = new Map(xml.match(/<sum1:RegistroAlta>.*?<\/sum1:RegistroAlta>/g)!.map((r) => [/<sum1:NumSerieFactura>([^<]*)</.exec(r)![1], r]));
    const detail = (number: string) => /<sum1:DetalleDesglose>.*?<\/sum1:DetalleDesglose>/.exec(registrations.get(number)!)![0];
    expect(detail(notSubject.number)).toBe('<sum1:DetalleDesglose><sum1:Impuesto>01</sum1:Impuesto><sum1:ClaveRegimen>01</sum1:ClaveRegimen>'
      + '<sum1:CalificacionOperacion>N2</sum1:CalificacionOperacion><sum1:BaseImponibleOimporteNoSujeto>500.00</sum1:BaseImponibleOimporteNoSujeto></sum1:DetalleDesglose>');
    expect(detail(ossSale.number)).toBe('<sum1:DetalleDesglose><sum1:Impuesto>01</sum1:Impuesto><sum1:ClaveRegimen>17</sum1:ClaveRegimen>'
      + '<sum1:CalificacionOperacion>N2</sum1:CalificacionOperacion><sum1:BaseImponibleOimporteNoSujeto>500.00</sum1:BaseImponibleOimporteNoSujeto></sum1:DetalleDesglose>');
    // the VAT book in the AEAT's format qualifies both rows as the records do
    const book = (await app.get('/api/v1/aeat/vat-books/issued?year=2026&format=csv', own.token)).text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(';'));
    const at = (heading: string) => book[0].indexOf(heading);
    const rows = new Map(book.slice(1).map((r) => [r[at('Identificación de la Factura Número')], [r[at('Clave de Operación')], r[at('Calificación de la Operación')], r[at('Operación Exenta')]]]));
    expect([rows.get(notSubject.number), rows.get(ossSale.number)]).toEqual([['01', 'N2', ''], ['17', 'N2', '']]);
    // the registration hash covers issuer, number, date, type, CuotaTotal, ImporteTotal, previous hash and timestamp: not the qualification
    const record = (await records('', own)).items.find((r: any) => r.invoice_id === notSubject.id && r.record_type === 'registration');
    expect(Object.keys(record.hash_fields).sort()).toEqual(['CuotaTotal', 'FechaExpedicionFactura', 'FechaHoraHusoGenRegistro', 'Huella', 'IDEmisorFactura', 'ImporteTotal', 'NumSerieFactura', 'TipoFactura']);
    expect(registrationHash(record.hash_fields)).toBe(record.hash);
    // [assumption] the OSS invoice's CuotaTotal and ImporteTotal are the invoice's, France's 20 % included, although its
    // N2 line carries the base alone (no official statement found either way: docs/domain/verifactu.md)
    const ossRecord = (await records('', own)).items.find((r: any) => r.invoice_id === ossSale.id && r.record_type === 'registration');
    expect([ossRecord.hash_fields.CuotaTotal, ossRecord.hash_fields.ImporteTotal]).toEqual(['100.00', '600.00']);
  });

  test('the mapping of a contact\'s tax number and country (pure)', () => {
    expect(recipientId('ESB12345674', 'ES')).toEqual({ id: { nif: 'B12345674' } });
    expect(recipientId('40303265045', 'FR')).toEqual({ id: { other: { country: 'FR', type: '02', id: 'FR40303265045' } } });
    expect(recipientId('094259216', 'GR')).toEqual({ id: { other: { country: 'GR', type: '02', id: 'EL094259216' } } });
    expect(recipientId('CHE-123.456.788', 'CH')).toEqual({ id: { other: { country: 'CH', type: '04', id: 'CHE123456788' } } });
    expect(recipientId('  ', 'US')).toEqual({ problem: 'has no tax number' });
    expect('problem' in recipientId('X'.repeat(21), 'US')).toBe(true);
  });
});

describe('more than 1,000 records', () => {
  test('the export splits into valid messages of at most 1,000 records: a ZIP of the numbered files, or one batch as XML; the chain runs on across them', async () => {
    const big = await createCompany(app, undefined, VALID_CIFS[3]);
    const buyer = await createContact(app, big.token, { name: 'Cliente Grande SL' });
    const first = await issue(buyer.id, '100.00', '2026-07-01', big);
    // 1,004 records more, appended by the plugin's own database function (the one every issue statement calls), in one round trip
    await app.asAppRole(big.tenantId, `do $$ declare d jsonb; begin
      select detail into d from verifactu_records where invoice_id = '${first.id}';
      for i in 1..1004 loop
        perform verifactu_append('${big.tenantId}'::uuid, gen_random_uuid(), '${VALID_CIFS[3]}', 'registration', false, gen_random_uuid(),
          'M-' || lpad(i::text, 5, '0'), date '2026-07-01', 'F1', null, null, null, null, '21.00', '121.00', null, d);
      end loop; end $$`);
    expect((await app.get('/api/v1/verifactu/verify', big.token)).body).toMatchObject({ intact: true, records_checked: 1005 });

    const zip = await download(app, '/api/v1/verifactu/export?from=2026-07-01&to=2026-07-31', big.token);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toBe('attachment; filename="verifactu-2026-07-01-2026-07-31.zip"');
    expect([zip.headers.get('x-verifactu-records'), zip.headers.get('x-verifactu-batches')]).toEqual(['1005', '2']);
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files)).toEqual(['verifactu-2026-07-01-2026-07-31-1-of-2.xml', 'verifactu-2026-07-01-2026-07-31-2-of-2.xml']);
    const [one, two] = Object.values(files).map((bytes) => strFromU8(bytes));
    for (const [xml, count] of [[one, 1000], [two, 5]] as const) {
      expect((xml.match(/<sum:RegistroFactura>/g) ?? []).length).toBe(count);
      expect(xml).toContain(`<sum:Cabecera><sum1:ObligadoEmision><sum1:NombreRazon>`);
      expect((await validateExport(xml)).errors).toEqual([]);
    }
    // one message more than the schema allows is refused by it: the split is needed
    expect((await validateExport(one.replace('</sum:RegFactuSistemaFacturacion>', `${two.match(/<sum:RegistroFactura>.*?<\/sum:RegistroFactura>/)![0]}</sum:RegFactuSistemaFacturacion>`))).valid).toBe(false);
    // the chain runs on: the second message's first record points at the first message's last record
    const lastOfOne = [...one.matchAll(/<sum1:Huella>([0-9A-F]{64})<\/sum1:Huella><\/sum1:RegistroAlta>/g)].at(-1)![1];
    expect(two.match(/<sum1:RegistroAnterior>.*?<sum1:Huella>([0-9A-F]{64})<\/sum1:Huella><\/sum1:RegistroAnterior>/)![1]).toBe(lastOfOne);
    expect(one).toContain('<sum1:PrimerRegistro>S</sum1:PrimerRegistro>');

    const second = await app.get('/api/v1/verifactu/export?from=2026-07-01&to=2026-07-31&batch=2', big.token);
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toContain('application/xml');
    expect([second.headers.get('x-verifactu-batch'), second.headers.get('x-verifactu-batches')]).toEqual(['2', '2']);
    expect(second.headers.get('content-disposition')).toBe('attachment; filename="verifactu-2026-07-01-2026-07-31-2-of-2.xml"');
    expect(second.text).toBe(two);
    const past = await app.get('/api/v1/verifactu/export?from=2026-07-01&to=2026-07-31&batch=3', big.token);
    expect(past.status).toBe(422);
    expect(past.body.detail[0].loc).toEqual(['query', 'batch']);
    expect((await app.get('/api/v1/verifactu/export?from=2026-07-01&to=2026-07-31&batch=0', big.token)).body.detail[0].loc).toEqual(['query', 'batch']);
    const logged = (await app.get('/api/v1/verifactu/events?limit=3', big.token)).body.items.filter((e: any) => e.action === 'exported');
    expect(logged[0].detail).toMatchObject({ records: 1005, batches: 2, batch: 2 });
  }, 120_000);
});

describe('tenancy and permissions', () => {
  test('another company\'s invoice and records are 404 / never listed', async () => {
    const stranger = await createCompany(app, undefined, VALID_CIFS[2]);
    const mine = (await records()).items[0];
    expect((await app.get(`/api/v1/invoices/${mine.invoice_id}/qr`, stranger.token)).status).toBe(404);
    expect((await app.post('/api/v1/verifactu/cancellations', { invoice_id: mine.invoice_id, reason: 'x' }, stranger.token)).status).toBe(404);
    expect((await app.post('/api/v1/verifactu/corrections', { invoice_id: mine.invoice_id, reason: 'x' }, stranger.token)).status).toBe(404);
    expect((await records(`&invoice_id=${mine.invoice_id}`, stranger)).total).toBe(0);
    expect((await records('', stranger)).total).toBe(0);
    expect((await app.get('/api/v1/verifactu/events', stranger.token)).body.total).toBe(0);
    expect((await app.get('/api/v1/verifactu/verify', stranger.token)).body).toMatchObject({ intact: true, records_checked: 0, chains: [] });
    expect((await app.get('/api/v1/verifactu/records')).status).toBe(401);
  });
});

describe('software producer', () => {
  test('read from the deployment\'s variables: a Spanish NIF (ES prefix dropped) or an EU VAT number (IDOtro); a placeholder, marked, while unset; wrong values refused naming the variable (the plugins\' setup calls it: start-up stops)', () => {
    expect(softwareProducer({ environment: {}, publicUrl: 'https://cuentas.example.es' })).toEqual({
      configured: false, name: 'Cuadra (productor sin configurar: SOFTWARE_PRODUCER_TAX_ID)', taxId: 'SINCONFIG', foreign: null,
      systemName: 'Cuadra', systemId: 'CU', version: expect.stringMatching(/^\d+\.\d+\.\d+/), installationNumber: 'cuentas.example.es',
    });
    expect(softwareProducer({ environment: { SOFTWARE_PRODUCER_NAME: 'Dev SL', SOFTWARE_PRODUCER_TAX_ID: 'es-b12345674' } })).toMatchObject({ configured: true, taxId: 'B12345674', foreign: null });
    expect(softwareProducer({ environment: { SOFTWARE_PRODUCER_NAME: 'Dev SARL', SOFTWARE_PRODUCER_TAX_ID: 'FR40303265045' } })).toMatchObject({ configured: true, taxId: 'FR40303265045', foreign: { country: 'FR' } });
    expect(() => softwareProducer({ environment: { SOFTWARE_PRODUCER_NAME: 'Dev SL', SOFTWARE_PRODUCER_TAX_ID: 'B12345670' } })).toThrow(/SOFTWARE_PRODUCER_TAX_ID: not a valid Spanish NIF/);
    expect(() => softwareProducer({ environment: { SOFTWARE_PRODUCER_TAX_ID: 'B12345674' } })).toThrow(/SOFTWARE_PRODUCER_NAME: required/);
    expect(() => softwareProducer({ environment: { SOFTWARE_SYSTEM_ID: 'CUA' } })).toThrow(/SOFTWARE_SYSTEM_ID/);
    expect(() => softwareProducer({ environment: { SOFTWARE_PRODUCER_NAME: 'Dev', SOFTWARE_PRODUCER_TAX_ID: 'NONSENSE' } })).toThrow(/SOFTWARE_PRODUCER_TAX_ID/);
  });

  test('in production without a configured producer the export answers 503 naming the variables (the records are kept and the QR works)', async () => {
    const production = await startDocumentsApp();
    try {
      const own = await createCompany(production);
      const buyer = await createContact(production, own.token, { name: 'Cliente SL' });
      const res = await production.post('/api/v1/invoices', { contact_id: buyer.id, issue_date: '2026-03-02', lines: [{ description: 'Servicio', quantity: '1', unit_price: '10.00', tax_type_id: taxId(own, 'IVA21') }] }, own.token);
      expect(res.status).toBe(201);
      expect(res.body.verifactu.qr_url).toStartWith('https://www2.agenciatributaria.gob.es/');
      const exported = await production.get('/api/v1/verifactu/export?from=2026-03-01&to=2026-03-31', own.token);
      expect(exported.status).toBe(503);
      expect(exported.body.detail).toContain('SOFTWARE_PRODUCER_TAX_ID');
    } finally {
      await production.close();
    }
  }, 60_000);
});

describe('settings', () => {
  test('start-up refuses a wrong QR environment, legend or size, naming the variable', async () => {
    for (const [name, value] of [['VERIFACTU_QR_ENVIRONMENT', 'staging'], ['VERIFACTU_QR_LEGEND', 'other'], ['VERIFACTU_QR_SIZE_MM', '50']]) {
      const config = loadConfig({ ...app.config.environment, [name]: value });
      await expect(createApp({ config })).rejects.toThrow(new RegExp(`Invalid settings of plugin "verifactu": ${name}`));
    }
  });
});

async function decodeQr(png: Uint8Array): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(png)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null;
}
