import { expect } from 'bun:test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { TestApp } from '../../support/app';

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
