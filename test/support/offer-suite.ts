import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from './factories';
import { addMember } from './team';
import { createContact, download, pdfTexts, startDocumentsApp, taxId, type DocumentsTestApp } from './documents';

/**
 * The behaviour every offer kind (quotes, proformas) must have, run once per kind against its own
 * routes: numbering in its series, the lifecycle and its 409s, expiry, conversion into a draft
 * invoice, the PDF, validation, tenancy and the contact hooks. Nothing here knows the kind but
 * what `spec` says.
 */
export interface OfferKindSpec {
  /** The plugin's path and tables: 'quotes' → /api/v1/quotes, quote_lines, quote_series. */
  plugin: string;
  /** Singular table prefix: 'quote'. */
  name: string;
  series: string;
  /** How the converted invoice's notes name the offer ("Según presupuesto"). */
  reference: string;
  /** Text the PDF must show besides the number and the customer. */
  pdfTexts: string[];
}

export function offerKindSuite(spec: OfferKindSpec): void {
  const base = `/api/v1/${spec.plugin}`;
  let app: DocumentsTestApp;
  beforeAll(async () => { app = await startDocumentsApp(); }, 60_000);
  afterAll(() => app?.close());

  const line = (company: TestCompany, fields: Record<string, string> = {}) => {
    const { tax = 'IVA21', surcharge, withholding, ...rest } = fields;
    return {
      description: 'Diseño de la web', quantity: '1', unit_price: '1000.00', tax_type_id: taxId(company, tax),
      ...(surcharge ? { surcharge_type_id: taxId(company, surcharge) } : {}), ...(withholding ? { withholding_type_id: taxId(company, withholding) } : {}), ...rest,
    };
  };
  async function setup() {
    const company = await createCompany(app);
    const customer = await createContact(app, company.token, { name: 'Cliente Presupuestos SL', vat: 'B12345674' });
    return { company, customer };
  }
  const create = async (company: TestCompany, body: Record<string, unknown>) => {
    const res = await app.post(base, body, company.token);
    if (res.status !== 201) throw new Error(`${base}: ${res.status} ${res.text}`);
    return res.body;
  };
  const act = (company: TestCompany, id: string, action: string) => app.post(`${base}/${id}/${action}`, undefined, company.token);
  const stored = async (company: TestCompany) => {
    const [row] = await app.asOwner<{ documents: number; lines: number; counters: number }>(`select
      (select count(*)::int from ${spec.plugin} where tenant_id = '${company.tenantId}') as documents,
      (select count(*)::int from ${spec.name}_lines where tenant_id = '${company.tenantId}') as lines,
      (select coalesce(sum(last_number), 0)::int from ${spec.name}_series where tenant_id = '${company.tenantId}') as counters`);
    return row;
  };

  describe(`${spec.plugin}: creating, numbering and changing`, () => {
    test(`numbered at once in series ${spec.series} per year, never reusing a number; totals as invoices compute them`, async () => {
      const { company, customer } = await setup();
      const first = await create(company, {
        contact_id: customer.id, issue_date: '2026-01-10', valid_until: '2026-02-10', notes: 'Entrega en dos fases',
        lines: [line(company, { quantity: '2', unit_price: '500', discount_pct: '10' }), line(company, { tax: 'IVA10', unit_price: '100', withholding: 'IRPF15', nature: 'services' })],
      });
      expect(first).toMatchObject({
        series: spec.series, number: `${spec.series}-2026-000001`, status: 'draft', contact_id: customer.id, valid_until: '2026-02-10', notes: 'Entrega en dos fases',
        subtotal: '1000.00', tax_total: '199.00', surcharge_total: '0.00', withholding_total: '15.00', total: '1184.00', invoice_id: null,
      });
      expect(first.lines.map((l: any) => [l.line_no, l.base, l.tax_amount, l.withholding_amount, l.nature])).toEqual([[1, '900.00', '189.00', '0.00', 'goods'], [2, '100.00', '10.00', '15.00', 'services']]);
      expect(first.tax_breakdown.map((b: any) => [b.code, b.kind, b.base, b.amount])).toEqual([['IVA21', 'vat', '900.00', '189.00'], ['IVA10', 'vat', '100.00', '10.00'], ['IRPF15', 'withholding', '100.00', '15.00']]);
      // valid for 30 days when no date is given
      const second = await create(company, { contact_id: customer.id, issue_date: '2026-01-31', lines: [line(company)] });
      expect([second.number, second.valid_until]).toEqual([`${spec.series}-2026-000002`, '2026-03-02']);
      expect((await app.del(`${base}/${second.id}`, company.token)).status).toBe(204);
      expect((await app.get(`${base}/${second.id}`, company.token)).status).toBe(404);
      const third = await create(company, { contact_id: customer.id, issue_date: '2026-02-01', lines: [line(company)] });
      const nextYear = await create(company, { contact_id: customer.id, issue_date: '2027-01-05', lines: [line(company)] });
      expect([third.number, nextYear.number]).toEqual([`${spec.series}-2026-000003`, `${spec.series}-2027-000001`]);
      const fetched = await app.get(`${base}/${first.id}`, company.token);
      expect(fetched.status).toBe(200);
      expect(fetched.body).toEqual(first);
    });

    test('a draft is changed (lines replaced, totals recomputed); the list filters by date, status, contact and text; the search box finds them', async () => {
      const { company, customer } = await setup();
      const other = await createContact(app, company.token, { name: 'Otro Cliente SL', vat: 'A58818501' });
      const a = await create(company, { contact_id: customer.id, issue_date: '2026-03-01', lines: [line(company)] });
      const b = await create(company, { contact_id: other.id, issue_date: '2026-04-01', notes: 'Reforma cocina', lines: [line(company)] });
      const patched = await app.patch(`${base}/${a.id}`, { lines: [line(company, { unit_price: '200' }), line(company, { unit_price: '100', tax: 'IVA10' })], notes: 'Pedido 42' }, company.token);
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ number: a.number, subtotal: '300.00', tax_total: '52.00', total: '352.00', notes: 'Pedido 42' });
      expect(patched.body.lines).toHaveLength(2);
      expect((await act(company, b.id, 'mark-sent')).status).toBe(200);
      const numbers = async (query: string) => (await app.get(`${base}?${query}`, company.token)).body.items.map((x: any) => x.number);
      expect(await numbers('')).toEqual([b.number, a.number]);
      expect(await numbers('from=2026-03-15')).toEqual([b.number]);
      expect(await numbers('to=2026-03-15')).toEqual([a.number]);
      expect(await numbers('status=draft')).toEqual([a.number]);
      expect(await numbers(`contact_id=${other.id}`)).toEqual([b.number]);
      expect(await numbers('search=cocina')).toEqual([b.number]);
      expect(await numbers(`search=${a.number.slice(-3)}`)).toEqual([a.number]);
      expect(await numbers('search=COCINÁ')).toEqual([b.number]);
      expect((await app.get(`${base}?search=%25%25`, company.token)).status).toBe(422);
      const found = (await app.get(`/api/v1/search?q=cocina&kinds=${spec.plugin}`, company.token)).body.results;
      expect(found.map((g: any) => [g.kind, g.items.map((i: any) => [i.id, i.title, i.matched])])).toEqual([[spec.plugin, [[b.id, b.number, ['notes']]]]]);
      expect((await app.get(`/api/v1/search?q=fontanería&kinds=${spec.plugin}`, company.token)).body.results).toEqual([]);
      const page = (await app.get(`${base}?limit=1&offset=1`, company.token)).body;
      expect([page.total, page.limit, page.offset, page.items.map((x: any) => x.number)]).toEqual([2, 1, 1, [a.number]]);
      expect((await app.get(`${base}?limit=0`, company.token)).status).toBe(422);
      expect((await app.get(`${base}?from=2026-05-01&to=2026-04-01`, company.token)).status).toBe(422);
    });

    test('bad requests are 422 (or 404 for a tax type or contact that is not the company\'s) and write nothing, not even a number', async () => {
      const { company, customer } = await setup();
      const supplier = await createContact(app, company.token, { name: 'Proveedor SL', kind: 'supplier', vat: 'A58818501' });
      const valid = { contact_id: customer.id, issue_date: '2026-05-01', lines: [line(company)] };
      const refusals: [Record<string, unknown>, number, string][] = [
        [{ ...valid, lines: [] }, 422, 'lines'],
        [{ ...valid, valid_until: '2026-04-30' }, 422, 'valid_until'],
        [{ ...valid, issue_date: '2026-02-30' }, 422, 'issue_date'],
        [{ ...valid, lines: [line(company, { unit_price: '1,5' })] }, 422, 'unit_price'],
        [{ ...valid, lines: [line(company, { tax: 'IRPF15' })] }, 422, 'tax_type_id'],
        [{ ...valid, lines: [line(company, { tax: 'IVAINTRA', surcharge: 'RE52' })] }, 422, 'surcharge_type_id'],
        [{ ...valid, contact_id: supplier.id }, 422, 'contact_id'],
        [{ ...valid, series: 'X' }, 422, 'series'],
        [{ ...valid, lines: [{ ...line(company), tax_type_id: crypto.randomUUID() }] }, 404, 'Tax type'],
        [{ ...valid, contact_id: crypto.randomUUID() }, 404, 'Contact'],
      ];
      for (const [body, status, mention] of refusals) {
        const res = await app.post(base, body, company.token);
        expect([status, res.status, res.text.includes(mention)]).toEqual([status, status, true]);
      }
      expect(await stored(company)).toEqual({ documents: 0, lines: 0, counters: 0 });
      const made = await create(company, valid);
      expect(made.number).toBe(`${spec.series}-2026-000001`);
      expect(await stored(company)).toEqual({ documents: 1, lines: 1, counters: 1 });
      const patches: [Record<string, unknown>, number][] = [
        [{}, 422], [{ valid_until: '2026-04-01' }, 422], [{ contact_id: supplier.id }, 422], [{ lines: [] }, 422], [{ status: 'sent' }, 422],
        [{ lines: [line(company, { tax: 'IRPF15' })] }, 422], [{ lines: [{ ...line(company), tax_type_id: crypto.randomUUID() }] }, 404],
      ];
      for (const [body, status] of patches) expect([body, (await app.patch(`${base}/${made.id}`, body, company.token)).status]).toEqual([body, status]);
      expect((await app.get(`${base}/${made.id}`, company.token)).body).toEqual(made);
    });
  });

  describe(`${spec.plugin}: states`, () => {
    test('draft → sent → accepted; any other move is 409; only drafts change or go', async () => {
      const { company, customer } = await setup();
      const q = await create(company, { contact_id: customer.id, issue_date: '2026-06-01', valid_until: '2099-12-31', lines: [line(company)] });
      expect((await act(company, q.id, 'accept')).status).toBe(409);
      expect((await act(company, q.id, 'reject')).status).toBe(409);
      const sent = await act(company, q.id, 'mark-sent');
      expect(sent.status).toBe(200);
      expect(sent.body.status).toBe('sent');
      expect(sent.body.sent_at).not.toBeNull();
      expect((await act(company, q.id, 'mark-sent')).status).toBe(409);
      const patch = await app.patch(`${base}/${q.id}`, { notes: 'tarde' }, company.token);
      expect([patch.status, patch.body.detail]).toEqual([409, expect.stringContaining('only a draft')]);
      expect((await app.del(`${base}/${q.id}`, company.token)).status).toBe(409);
      const accepted = await act(company, q.id, 'accept');
      expect([accepted.status, accepted.body.status]).toEqual([200, 'accepted']);
      expect(accepted.body.decided_at).not.toBeNull();
      for (const action of ['accept', 'reject', 'mark-sent']) expect([action, (await act(company, q.id, action)).status]).toEqual([action, 409]);
      const r = await create(company, { contact_id: customer.id, issue_date: '2026-06-02', valid_until: '2099-12-31', lines: [line(company)] });
      await act(company, r.id, 'mark-sent');
      expect((await act(company, r.id, 'reject')).body.status).toBe('rejected');
      expect((await act(company, r.id, 'accept')).status).toBe(409);
      expect((await act(company, r.id, 'convert')).status).toBe(409);
      expect((await act(company, crypto.randomUUID(), 'accept')).status).toBe(404);
    });

    test('a sent offer past its valid_until reads as expired, in the list filter too; it cannot be accepted or converted, but can be rejected', async () => {
      const { company, customer } = await setup();
      const old = await create(company, { contact_id: customer.id, issue_date: '2020-01-01', valid_until: '2020-01-31', lines: [line(company)] });
      const current = await create(company, { contact_id: customer.id, issue_date: '2020-01-02', valid_until: '2099-12-31', lines: [line(company)] });
      // a draft does not expire: it is not in the customer's hands yet
      expect((await app.get(`${base}/${old.id}`, company.token)).body.status).toBe('draft');
      expect((await act(company, old.id, 'mark-sent')).body.status).toBe('expired');
      expect((await act(company, current.id, 'mark-sent')).body.status).toBe('sent');
      const numbers = async (status: string) => (await app.get(`${base}?status=${status}`, company.token)).body.items.map((x: any) => x.number);
      expect([await numbers('expired'), await numbers('sent')]).toEqual([[old.number], [current.number]]);
      expect((await act(company, old.id, 'accept')).status).toBe(409);
      expect((await act(company, old.id, 'convert')).status).toBe(409);
      expect((await act(company, old.id, 'reject')).body.status).toBe('rejected');
    });
  });

  describe(`${spec.plugin}: conversion into a draft invoice`, () => {
    test('the invoice is a draft with the same customer, lines and totals; the offer records it; a second conversion is 409; no books, no tax register', async () => {
      const { company, customer } = await setup();
      const q = await create(company, {
        contact_id: customer.id, issue_date: '2026-07-01', valid_until: '2099-12-31', notes: 'Obra nueva',
        lines: [line(company, { quantity: '3', unit_price: '33.333333', discount_pct: '5' }), line(company, { surcharge: 'RE52', unit_price: '250' }), line(company, { withholding: 'IRPF15', nature: 'services' })],
      });
      await act(company, q.id, 'mark-sent');
      const converted = await act(company, q.id, 'convert');
      expect(converted.status).toBe(200);
      expect([converted.body.status, typeof converted.body.invoice_id]).toEqual(['accepted', 'string']);
      expect(converted.body.converted_at).not.toBeNull();
      const invoice = (await app.get(`/api/v1/invoices/${converted.body.invoice_id}`, company.token)).body;
      expect(invoice).toMatchObject({
        status: 'draft', number: null, contact_id: customer.id, journal_entry_id: null, issue_date: new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date()),
        subtotal: q.subtotal, tax_total: q.tax_total, surcharge_total: q.surcharge_total, withholding_total: q.withholding_total, total: q.total,
      });
      expect(invoice.notes).toBe(`${spec.reference} ${q.number}\nObra nueva`);
      const shape = (l: any) => [l.description, l.quantity, l.unit_price, l.discount_pct, l.tax_type_id, l.surcharge_type_id, l.withholding_type_id, l.nature, l.base, l.tax_amount, l.surcharge_amount, l.withholding_amount];
      expect(invoice.lines.map(shape)).toEqual(q.lines.map(shape));
      expect((await app.get(`${base}/${q.id}`, company.token)).body.invoice_id).toBe(converted.body.invoice_id);
      const again = await act(company, q.id, 'convert');
      expect([again.status, again.body.detail]).toEqual([409, expect.stringContaining('already converted')]);
      const [books] = await app.asOwner<{ n: number }>(`select (select count(*) from journal_entries where tenant_id = '${company.tenantId}')
        + (select count(*) from tax_register where tenant_id = '${company.tenantId}') + (select count(*) from invoices where tenant_id = '${company.tenantId}' and status <> 'draft') as n`);
      expect(Number(books.n)).toBe(0);
      // the draft invoice is the invoices plugin's: issuing it is what books it
      const issued = await app.post(`/api/v1/invoices/${invoice.id}/issue`, undefined, company.token);
      expect([issued.status, issued.body.total]).toEqual([200, q.total]);
    });

    test('concurrent conversions make one invoice: one 200, the others 409', async () => {
      const { company, customer } = await setup();
      const q = await create(company, { contact_id: customer.id, issue_date: '2026-07-03', valid_until: '2099-12-31', lines: [line(company)] });
      const answers = await Promise.all(Array.from({ length: 4 }, () => act(company, q.id, 'convert')));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      const [row] = await app.asOwner<{ n: number }>(`select count(*)::int as n from invoices where tenant_id = '${company.tenantId}'`);
      expect(row.n).toBe(1);
    });

    test('a draft converts too (and counts as accepted), even with notes as long as allowed', async () => {
      const { company, customer } = await setup();
      const q = await create(company, { contact_id: customer.id, issue_date: '2026-07-02', notes: 'n'.repeat(5000), lines: [line(company)] });
      const converted = await act(company, q.id, 'convert');
      expect([converted.status, converted.body.status]).toEqual([200, 'accepted']);
      const invoice = (await app.get(`/api/v1/invoices/${converted.body.invoice_id}`, company.token)).body;
      expect([invoice.total, invoice.notes.length, invoice.notes.startsWith(`${spec.reference} ${q.number}\nnnn`)]).toEqual(['1210.00', 5000, true]);
    });
  });

  describe(`${spec.plugin}: PDF, tenancy, contacts and the account`, () => {
    test('the PDF carries the title, its notices, the number, validity, customer, totals, the registry entry and the payment details', async () => {
      const { company, customer } = await setup();
      const q = await create(company, { contact_id: customer.id, issue_date: '2026-08-03', valid_until: '2026-09-02', lines: [line(company, { description: 'Mantenimiento anual' })] });
      const pdf = await download(app, `${base}/${q.id}/pdf`, company.token);
      expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      expect(pdf.headers.get('content-disposition')).toContain(q.number);
      const texts = pdfTexts(pdf.bytes, 'raw').join('\n');
      for (const expected of [...spec.pdfTexts, q.number, 'Cliente Presupuestos SL', 'Mantenimiento anual', 'Válido hasta: 02/09/2026', 'IVA general 21%', '1.210,00']) expect(texts).toContain(expected);
      expect(texts).not.toContain('FACTURA SIMPLIFICADA');
      expect(texts).not.toContain('Registro Mercantil');
      // the company's Registro Mercantil entry (art. 24 RRM: on all its documents) and how to pay it
      const registry = { registry: 'Madrid', tomo: '12345', folio: '67', hoja: 'M-123456', inscripcion: '1ª' };
      expect((await app.patch('/api/v1/tenants/me', { mercantile_registry: registry, default_payment_method: 'transfer' }, company.token)).status).toBe(200);
      expect((await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Cobros', iban: 'ES9121000418450200051332', collection_account: true }, company.token)).status).toBe(201);
      const detailed = pdfTexts((await download(app, `${base}/${q.id}/pdf`, company.token)).bytes, 'raw').join('\n');
      expect(detailed).toContain('Registro Mercantil de Madrid');
      expect(detailed).toContain('Forma de pago: Transferencia — IBAN ES91 2100 0418 4502 0005 1332');
    });

    test('the PDF carries the mentions an invoice would (art. 6.1.j RD 1619/2012): reverse charge for intra-EU services, the exemption for goods', async () => {
      const { company, customer } = await setup();
      const q = await create(company, { contact_id: customer.id, issue_date: '2026-08-03', lines: [
        line(company, { tax: 'IVAINTRA', description: 'Consultoría', nature: 'services' }), line(company, { tax: 'IVAINTRA', description: 'Maquinaria', nature: 'goods' })] });
      const texts = pdfTexts((await download(app, `${base}/${q.id}/pdf`, company.token)).bytes, 'raw').join('\n');
      expect(texts).toContain('Inversión del sujeto pasivo (art. 84.Uno.2º LIVA');
      expect(texts).toContain('Entrega intracomunitaria exenta');
    });

    test("another company's offer is 404 on every route, and absent from its list", async () => {
      const { company, customer } = await setup();
      const q = await create(company, { contact_id: customer.id, issue_date: '2026-09-01', lines: [line(company)] });
      const stranger = await createCompany(app);
      const tries = [
        app.get(`${base}/${q.id}`, stranger.token), app.patch(`${base}/${q.id}`, { notes: 'x' }, stranger.token), app.del(`${base}/${q.id}`, stranger.token),
        ...['mark-sent', 'accept', 'reject', 'convert'].map((action) => act(stranger, q.id, action)),
        download(app, `${base}/${q.id}/pdf`, stranger.token),
      ];
      expect((await Promise.all(tries)).map((r) => r.status)).toEqual(Array(8).fill(404));
      expect((await app.get(base, stranger.token)).body.total).toBe(0);
      // nor can one be created for another company's contact
      expect((await app.post(base, { contact_id: customer.id, issue_date: '2026-09-01', lines: [line(stranger)] }, stranger.token)).status).toBe(404);
      expect((await app.get(`${base}/${q.id}`, company.token)).body.status).toBe('draft');
    });

    test('a contact with offers is not deleted; merging repoints them; the account export has them and erasure removes them', async () => {
      const { company, customer } = await setup();
      const duplicate = await createContact(app, company.token, { name: 'Cliente Duplicado SL', vat: 'A58818501' });
      const q = await create(company, { contact_id: duplicate.id, issue_date: '2026-10-01', lines: [line(company)] });
      expect((await app.del(`/api/v1/contacts/${duplicate.id}`, company.token)).status).toBe(409);
      const merged = await app.post(`/api/v1/contacts/${customer.id}/merge`, { duplicate_ids: [duplicate.id] }, company.token);
      expect(merged.status).toBe(200);
      expect((await app.get(`${base}/${q.id}`, company.token)).body.contact_id).toBe(customer.id);
      const exported = await app.get('/api/v1/account/export', company.token);
      expect(exported.body.tenants[0].sections[spec.plugin][spec.plugin].map((x: any) => x.number)).toEqual([q.number]);
      const erased = await app.post('/api/v1/account/delete', { password: company.password }, company.token);
      expect(erased.status).toBe(200);
      expect(await stored(company)).toEqual({ documents: 0, lines: 0, counters: 0 });
    });

    test('viewers read but do not write; OpenAPI names the models', async () => {
      const { company, customer } = await setup();
      const q = await create(company, { contact_id: customer.id, issue_date: '2026-11-01', lines: [line(company)] });
      const viewer = await addMember(app, company.token, 'viewer');
      expect((await app.get(`${base}/${q.id}`, viewer.token)).status).toBe(200);
      expect((await app.post(base, { contact_id: customer.id, issue_date: '2026-11-01', lines: [line(company)] }, viewer.token)).status).toBe(403);
      for (const action of ['mark-sent', 'accept', 'reject', 'convert']) expect([action, (await act(viewer as unknown as TestCompany, q.id, action)).status]).toEqual([action, 403]);
      expect((await app.get(`${base}/${q.id}`, company.token)).body.status).toBe('draft');
      const spec_ = (await app.get('/openapi.json')).body;
      const noun = spec.name[0].toUpperCase() + spec.name.slice(1);
      for (const model of [`${noun}Create`, `${noun}Update`, `${noun}Response`, `${noun}Line`, `PaginatedResponse_${noun}Response_`]) {
        expect([model, spec_.components.schemas[model] !== undefined]).toEqual([model, true]);
      }
      expect(spec_.paths[`${base}/{id}/convert`].post.tags).toEqual([spec.plugin]);
    });
  });
}
