import { expect } from 'bun:test';
import type { TestApp } from '../../support/app';
export { pdfTexts } from '../../support/documents';

/** A contact through the API; fails the test when it is not created. */
export async function createContact(app: TestApp, token: string, fields: Record<string, unknown>): Promise<any> {
  const res = await app.post('/api/v1/contacts', { kind: 'customer', ...fields }, token);
  if (res.status !== 201) throw new Error(`contact not created: ${res.status} ${res.text}`);
  return res.body;
}

/** A binary download: the raw bytes, not decoded text (a BOM would be dropped by Response.text()). */
export async function download(app: TestApp, path: string, token: string) {
  const response = await app.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }));
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

/** Parses our CSV (';' separated, quoted fields with doubled quotes, CRLF lines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], cell = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') { row.push(cell); cell = ''; }
    else if (ch === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; }
    else cell += ch;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}


/** Inserts `count` contacts straight into the database for one tenant (fast; bypasses the API). */
export async function insertContactsSql(app: TestApp, tenantId: string, count: number, namePrefix = 'Bulk'): Promise<void> {
  await app.kernel.unitOfWork(null).run(async (tx) => {
    await tx.sql(`
      insert into contacts (id, tenant_id, kind, name, customer_type, country, vat_valid, name_key)
      select gen_random_uuid(), :tenant, 'customer', :prefix || ' ' || lpad(i::text, 6, '0'), 'business', 'ES', false,
             :folded || ' ' || lpad(i::text, 6, '0')
      from generate_series(1, :count) as i`, { prefix: namePrefix, folded: namePrefix.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(), count });
  }, { tenantId });
}

export const expectValidation = (res: { status: number; body: any }, loc: (string | number)[]) => {
  expect(res.status).toBe(422);
  expect(res.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
};
