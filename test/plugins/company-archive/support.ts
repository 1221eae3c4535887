import { expect } from 'bun:test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import type { TestApp } from '../../support/app';
import { createContact, taxId } from '../../support/documents';
import type { TestCompany } from '../../support/factories';

export const sha256 = (bytes: Uint8Array): string => new Bun.CryptoHasher('sha256').update(bytes).digest('hex');

/** The company's archive as its owner downloads it. */
export async function archiveOf(app: TestApp, token: string): Promise<Uint8Array> {
  const response = await app.handle(new Request('http://localhost/api/v1/tenants/me/archive', { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '192.0.2.10' } }));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  return new Uint8Array(await response.arrayBuffer());
}

/** POST /tenants/import with `bytes` as the body. */
export async function importArchive(app: TestApp, token: string, bytes: Uint8Array): Promise<{ status: number; body: any }> {
  const response = await app.handle(new Request('http://localhost/api/v1/tenants/import', {
    method: 'POST', body: bytes, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/zip', 'x-forwarded-for': '192.0.2.11' },
  }));
  const text = await response.text();
  let body: any = text;
  try { body = JSON.parse(text); } catch {}
  return { status: response.status, body };
}

/**
 * The archive with its entries changed by `change` (in order, format.json first); with
 * `refreshManifest`, the manifest is rewritten to match, as someone who knows the format would.
 */
export function rezip(archive: Uint8Array, change: (files: Record<string, Uint8Array>) => void, options: { refreshManifest?: boolean } = {}): Uint8Array {
  const files = unzipSync(archive);
  change(files);
  if (options.refreshManifest && files['manifest.json']) {
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    for (const entry of manifest.entries) {
      const bytes = files[entry.path];
      if (!bytes) continue;
      entry.sha256 = sha256(bytes);
      entry.bytes = bytes.byteLength;
      if (entry.rows !== undefined) entry.rows = strFromU8(bytes).split('\n').filter(Boolean).length;
    }
    delete files['manifest.json'];
    files['manifest.json'] = strToU8(JSON.stringify(manifest));
  }
  return zipSync(files);
}

const all = async (app: TestApp, token: string, path: string) => {
  const items: any[] = [];
  for (;;) {
    const res = await app.get(`${path}${path.includes('?') ? '&' : '?'}limit=100&offset=${items.length}`, token);
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    if (!res.body.items.length || items.length >= res.body.total) return items;
  }
};

/** What must be equal between a company and its restored copy: numbers, books, chain, files. */
export async function companyFigures(app: TestApp, token: string) {
  const me = (await app.get('/api/v1/tenants/me', token)).body;
  const trial = await app.get('/api/v1/ledger/trial-balance?from=2026-01-01&to=2026-12-31', token);
  expect(trial.status).toBe(200);
  const invoices = await all(app, token, '/api/v1/invoices');
  const purchases = await all(app, token, '/api/v1/purchases');
  const treasuries = await all(app, token, '/api/v1/treasuries');
  const records = await all(app, token, '/api/v1/verifactu/records');
  const verify = await app.get('/api/v1/verifactu/verify', token);
  const logo = await app.handle(new Request('http://localhost/api/v1/tenants/me/logo', { headers: { authorization: `Bearer ${token}` } }));
  return {
    company: { name: me.name, tax_id: me.tax_id, address: me.address },
    trialBalance: trial.body.rows ?? trial.body.accounts ?? trial.body,
    invoices: invoices.map((i) => ({ id: i.id, number: i.number, status: i.status, total: i.total, amount_paid: i.amount_paid, lines: i.lines?.length })),
    purchases: purchases.map((p) => ({ id: p.id, number: p.number, status: p.status, total: p.total })),
    treasuries: treasuries.map((t) => ({ id: t.id, name: t.name, balance: t.balance })),
    chain: records.map((r) => ({ hash: r.hash, previous_hash: r.previous_hash, position: r.position })),
    verifies: verify.body.intact,
    logo: logo.status === 200 ? sha256(new Uint8Array(await logo.arrayBuffer())) : null,
  };
}

/** A little of everything: contacts, issued and rectifying invoices, a payment, a purchase, a treasury with a movement, an upload, a logo. */
export async function fillCompany(app: TestApp, company: TestCompany): Promise<void> {
  const customer = await createContact(app, company.token, { name: 'Cliente Archivado SL' });
  const supplier = await createContact(app, company.token, { name: 'Proveedor Archivado SL', kind: 'supplier', vat: 'A58818501' });
  const line = (price: string) => ({ description: 'Servicio', quantity: '3', unit_price: price, tax_type_id: taxId(company, 'IVA21') });
  const sale = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-03-02', lines: [line('100.10'), line('0.35')] }, company.token);
  expect(sale.status).toBe(201);
  expect((await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-03-05', lines: [line('19.99')] }, company.token)).status).toBe(201);
  expect((await app.post(`/api/v1/invoices/${sale.body.id}/rectify`, { issue_date: '2026-03-20', reason: 'Descuento', mode: 'differences', lines: [{ ...line('10.00'), quantity: '-1' }] }, company.token)).status).toBe(201);
  expect((await app.post(`/api/v1/invoices/${sale.body.id}/payments`, { date: '2026-04-02', amount: '100.00', account: '572' }, company.token)).status).toBe(200);
  expect((await app.post('/api/v1/purchases', { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: 'P-77', issue_date: '2026-03-03', lines: [line('40.00')] }, company.token)).status).toBe(201);
  const draft = await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: '2026-03-06', status: 'draft', lines: [line('5.00')] }, company.token);
  expect(draft.status).toBe(201);
  const bank = await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Banco', iban: 'ES9121000418450200051332', opening_balance: '1000.00', opening_date: '2026-01-01' }, company.token);
  expect(bank.status).toBe(201);
  expect((await app.post(`/api/v1/treasuries/${bank.body.id}/movements`, { date: '2026-03-10', amount: '-12.34', description: 'Comisión' }, company.token)).status).toBe(201);
  const form = new FormData();
  form.append('file', new File([strToU8('Fecha;Importe\n2026-03-01;1,00\n')], 'extracto.csv', { type: 'text/csv' }));
  expect((await app.request('POST', '/api/v1/uploads', { form, token: company.token })).status).toBe(201);
  const png = await sharp({ create: { width: 8, height: 4, channels: 3, background: { r: 200, g: 10, b: 10 } } }).png().toBuffer();
  const logo = new FormData();
  logo.append('file', new File([png], 'logo.png', { type: 'image/png' }));
  expect((await app.request('POST', '/api/v1/tenants/me/logo', { form: logo, token: company.token })).status).toBe(200);
}
