import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { createContact, startDocumentsApp, taxId, type DocumentsTestApp } from '../../support/documents';
import { insertContactsSql } from '../contacts/support';
import { searchFold } from '../../../lib/listing';

/**
 * Indexed search (contacts, sales invoices, purchases), GET /search, and keyset cursors. Company B
 * holds look-alike data, so any leak across companies would show up in A's results.
 */
let app: DocumentsTestApp;
let a: TestCompany;
let b: TestCompany;
const ids: Record<string, string> = {};

const get = (path: string, company: TestCompany = a) => app.get(path, company.token);
const q = (value: string) => encodeURIComponent(value);
const names = async (search: string, company: TestCompany = a) => {
  const res = await get(`/api/v1/contacts?search=${q(search)}&limit=500`, company);
  expect([search, res.status]).toEqual([search, 200]);
  return res.body.items.map((c: any) => c.name).sort();
};

async function seed(company: TestCompany, tag: string) {
  const martinez = await createContact(app, company.token, {
    name: `MARTINEZ ${tag} DISTRIBUCIONES`, legal_name: `Distribuciones Martínez ${tag} Sociedad Limitada`, vat: 'B86561412',
    email: `pedidos@martinez-${tag.toLowerCase()}.es`, external_source: 'holded', external_id: `HLD-${tag}-77`,
  });
  const nunez = await createContact(app, company.token, { name: `Panadería Núñez ${tag}`, kind: 'customer', customer_and_supplier: true, email: `pan@nunez-${tag.toLowerCase()}.es` });
  const supplier = await createContact(app, company.token, { name: `Suministros Ibáñez ${tag}`, kind: 'supplier', vat: 'A28017895' });
  const iva21 = taxId(company, 'IVA21');
  const issued = await app.post('/api/v1/invoices', {
    contact_id: martinez.id, issue_date: '2026-11-02', notes: `Pedido urgente ${tag}`,
    lines: [{ description: `Consultoría fiscal trimestral ${tag}`, quantity: '1', unit_price: '300.00', tax_type_id: iva21 }],
  }, company.token);
  expect(issued.status).toBe(201);
  const draft = await app.post('/api/v1/invoices', {
    contact_id: nunez.id, issue_date: '2026-11-03', status: 'draft',
    lines: [{ description: `Harina de centeno ${tag}`, quantity: '10', unit_price: '2.00', tax_type_id: iva21 }],
  }, company.token);
  expect(draft.status).toBe(201);
  const purchase = await app.post('/api/v1/purchases', {
    contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: `FAC-${tag}-2026/0042`, issue_date: '2026-11-04',
    lines: [{ description: `Tóner para impresora láser ${tag}`, unit_price: '80.00', tax_type_id: iva21 }],
  }, company.token);
  expect(purchase.status).toBe(201);
  return { martinez: martinez.id, nunez: nunez.id, supplier: supplier.id, issued: issued.body, draft: draft.body.id, purchase: purchase.body };
}

let seededA: Awaited<ReturnType<typeof seed>>;
let seededB: Awaited<ReturnType<typeof seed>>;

beforeAll(async () => {
  app = await startDocumentsApp({ unlimited: true });
  a = await createCompany(app, 'Empresa A SL');
  b = await createCompany(app, 'Empresa B SL', 'A58818501');
  seededA = await seed(a, 'ALFA');
  seededB = await seed(b, 'BETA');
  ids.a = a.tenantId;
}, 120_000);
afterAll(() => app.close());

describe('contacts search', () => {
  test('finds by every field, ignoring accents and case, by substring and prefix', async () => {
    const martinez = ['MARTINEZ ALFA DISTRIBUCIONES'];
    expect(await names('Martínez')).toEqual(martinez); // accented query, unaccented upper-case name
    expect(await names('martinez alfa')).toEqual(martinez);
    expect(await names('MARTÍ')).toEqual(martinez); // prefix
    expect(await names('tribucion')).toEqual(martinez); // substring
    expect(await names('sociedad limitada')).toEqual(martinez); // legal name
    expect(await names('b86561412')).toEqual(martinez); // tax number, any case
    expect(await names('PEDIDOS@MARTINEZ-ALFA')).toEqual(martinez); // email
    expect(await names('hld-alfa-77')).toEqual(martinez); // external id
    expect(await names('NUNEZ')).toEqual(['Panadería Núñez ALFA']); // unaccented query, accented name
    expect(await names('panaderia nuñez')).toEqual(['Panadería Núñez ALFA']);
    expect(await names('ib')).toEqual(['MARTINEZ ALFA DISTRIBUCIONES', 'Suministros Ibáñez ALFA']); // two letters: substring, unranked
    expect(await names('zzzz')).toEqual([]);
  });

  test('ranks the best match first when searching, and keeps the name order otherwise', async () => {
    const own = await createCompany(app);
    for (const name of ['Garcíalandia Trading', 'Ana García', 'Construcciones Garci SL']) await createContact(app, own.token, { name });
    const ranked = (await get('/api/v1/contacts?search=garcia', own)).body.items.map((c: any) => c.name);
    expect(ranked).toEqual(['Ana García', 'Garcíalandia Trading']);
    const listed = (await get('/api/v1/contacts', own)).body.items.map((c: any) => c.name);
    expect(listed).toEqual(['Ana García', 'Construcciones Garci SL', 'Garcíalandia Trading']);
  });

  test('never shows another company\'s contacts', async () => {
    expect(await names('beta')).toEqual([]);
    expect(await names('Martínez', b)).toEqual(['MARTINEZ BETA DISTRIBUCIONES']);
    expect(await names('hld-alfa', b)).toEqual([]);
  });

  test('search_fold folds accents and case the same on both databases', async () => {
    const [row] = await app.asOwner<any>([`select search_fold('MARTÍNEZ Martínez martinez') as a, search_fold('Ñúñez ÇÀÜ Ærø Œuvre Łódź') as b,
      search_fold('100% real_name') as c, search_fold('Straße ΣΑΣ') as d`]);
    expect(row).toEqual({ a: 'martinez martinez martinez', b: 'nunez cau ærø œuvre łodz', c: '100% real_name', d: 'straße ΣΑΣ' });
  });

  test('the needle is folded in TypeScript exactly as search_fold folds what is searched', async () => {
    const letters: string[] = [];
    for (let code = 0x20; code <= 0x24f; code++) if (code < 0x7f || code >= 0xa0) letters.push(String.fromCodePoint(code));
    for (let code = 0x370; code <= 0x4ff; code += 7) letters.push(String.fromCodePoint(code));
    for (let code = 0x1e00; code <= 0x1eff; code++) letters.push(String.fromCodePoint(code));
    const sample = letters.join('');
    const [row] = await app.asOwner<any>([`select search_fold('${sample.replaceAll("'", "''")}') as folded`]);
    expect([...row.folded]).toEqual([...searchFold(sample)]);
  });

});

describe('document search', () => {
  const invoiceNumbers = async (search: string, company: TestCompany = a) => {
    const res = await get(`/api/v1/invoices?search=${q(search)}`, company);
    expect([search, res.status]).toEqual([search, 200]);
    return res.body.items.map((i: any) => i.id);
  };
  const purchaseIds = async (search: string, company: TestCompany = a) => {
    const res = await get(`/api/v1/purchases?search=${q(search)}`, company);
    expect([search, res.status]).toEqual([search, 200]);
    return res.body.items.map((p: any) => p.id);
  };

  test('sales invoices by number, customer name and tax number, notes, line description; drafts by their contact', async () => {
    const issued = [seededA.issued.id];
    expect(await invoiceNumbers(seededA.issued.number)).toEqual(issued);
    expect(await invoiceNumbers(seededA.issued.number.slice(0, 6).toLowerCase())).toEqual(issued); // prefix of the number
    expect(await invoiceNumbers('martínez alfa')).toEqual(issued); // customer name
    expect(await invoiceNumbers('B86561412')).toEqual(issued); // customer tax number
    expect(await invoiceNumbers('URGENTE')).toEqual(issued); // notes
    expect(await invoiceNumbers('consultoria fiscal')).toEqual(issued); // a line's description
    expect(await invoiceNumbers('centeno')).toEqual([seededA.draft]);
    expect(await invoiceNumbers('nunez alfa')).toEqual([seededA.draft]); // a draft, through its contact's name
    expect(await invoiceNumbers('beta')).toEqual([]);
    expect(await invoiceNumbers('Martinez BETA', b)).toEqual([seededB.issued.id]);
    const filtered = await get(`/api/v1/invoices?search=alfa&status=draft`);
    expect(filtered.body.items.map((i: any) => i.id)).toEqual([seededA.draft]);
    expect(filtered.body.total).toBe(1);
  });

  test('purchases by number, supplier invoice number, supplier name and tax number, line description', async () => {
    const purchase = [seededA.purchase.id];
    expect(await purchaseIds(seededA.purchase.number)).toEqual(purchase);
    expect(await purchaseIds('fac-alfa-2026/0042')).toEqual(purchase); // supplier's invoice number
    expect(await purchaseIds('2026/00')).toEqual(purchase);
    expect(await purchaseIds('IBANEZ')).toEqual(purchase); // supplier name
    expect(await purchaseIds('a28017895')).toEqual(purchase); // supplier tax number
    expect(await purchaseIds('toner para impresora')).toEqual(purchase); // a line's description
    expect(await purchaseIds('beta')).toEqual([]);
    expect(await purchaseIds('FAC-BETA', b)).toEqual([seededB.purchase.id]);
  });

  test('the search views show the transaction\'s company only', async () => {
    for (const view of ['contacts_searchable', 'invoices_searchable', 'invoice_lines_searchable', 'purchases_searchable', 'purchase_lines_searchable']) {
      const [mine] = await app.asAppRole<any>(a.tenantId, `select count(*)::int as n from ${view}`);
      const [theirs] = await app.asAppRole<any>(b.tenantId, `select count(*)::int as n from ${view}`);
      const [none] = await app.asAppRole<any>(null, `select count(*)::int as n from ${view}`);
      expect([view, mine.n > 0, theirs.n > 0, none.n]).toEqual([view, true, true, 0]);
      const column = view.includes('lines') ? (view.startsWith('invoice') ? 'invoice_id' : 'purchase_id') : 'id';
      const [crossed] = await app.asAppRole<any>(a.tenantId, `select count(*)::int as n from ${view} where ${column} in (${
        view.startsWith('contacts') ? `'${seededB.martinez}', '${seededB.nunez}'` : view.startsWith('invoice') ? `'${seededB.issued.id}', '${seededB.draft}'` : `'${seededB.purchase.id}'`})`);
      expect([view, crossed.n]).toEqual([view, 0]);
    }
  });
});

describe('GET /search', () => {
  test('top hits per kind, with what matched', async () => {
    const res = await get('/api/v1/search?q=Martínez');
    expect(res.status).toBe(200);
    const byKind = Object.fromEntries(res.body.results.map((g: any) => [g.kind, g]));
    expect(Object.keys(byKind).sort()).toEqual(['contacts', 'invoices', 'purchases']);
    expect(byKind.contacts.items.map((h: any) => [h.id, h.title, h.matched])).toEqual([
      [seededA.martinez, 'MARTINEZ ALFA DISTRIBUCIONES', ['name', 'legal_name', 'email']],
    ]);
    expect(byKind.contacts.items[0].score).toBeGreaterThan(0.5);
    expect(byKind.invoices.items.map((h: any) => [h.id, h.title, h.matched])).toEqual([[seededA.issued.id, seededA.issued.number, ['customer_name', 'customer_legal_name']]]);
    expect(byKind.purchases).toEqual({ kind: 'purchases', items: [], more: false });

    const lines = (await get('/api/v1/search?q=toner&kinds=purchases')).body;
    expect(lines.results.map((g: any) => g.kind)).toEqual(['purchases']);
    expect(lines.results[0].items[0]).toMatchObject({ id: seededA.purchase.id, title: 'FAC-ALFA-2026/0042', matched: ['lines.description'] });
    const draft = (await get('/api/v1/search?q=nunez&kinds=invoices')).body.results[0].items;
    expect(draft.map((h: any) => [h.id, h.title, h.matched])).toEqual([[seededA.draft, 'Borrador', ['contact']]]);
  });

  test('limit per kind and more', async () => {
    const own = await createCompany(app);
    await insertContactsSql(app, own.tenantId, 12, 'Ferretería');
    const res = (await get('/api/v1/search?q=ferreteria&limit=3&kinds=contacts', own)).body;
    expect(res.results[0].items).toHaveLength(3);
    expect(res.results[0].more).toBe(true);
    const all = (await get('/api/v1/search?q=ferreteria&limit=20&kinds=contacts', own)).body;
    expect(all.results[0]).toMatchObject({ more: false });
    expect(all.results[0].items).toHaveLength(12);
  });

  test('never crosses companies', async () => {
    for (const term of ['beta', 'FAC-BETA', 'centeno beta', 'HLD-BETA']) {
      const res = await get(`/api/v1/search?q=${q(term)}`);
      expect([term, res.body.results.flatMap((g: any) => g.items)]).toEqual([term, []]);
    }
    const own = (await get('/api/v1/search?q=beta', b)).body.results.flatMap((g: any) => g.items.map((h: any) => h.id));
    expect(own.length).toBeGreaterThan(0);
    for (const id of own) expect(Object.values(seededA).map((v: any) => v.id ?? v)).not.toContain(id);
  });
});

describe('validation', () => {
  test('more than 200 characters, or only wildcards and spaces, is 422 naming the parameter', async () => {
    const long = 'x'.repeat(201);
    for (const [path, param] of [['/api/v1/search', 'q'], ['/api/v1/contacts', 'search'], ['/api/v1/contacts/summary', 'search'], ['/api/v1/invoices', 'search'], ['/api/v1/purchases', 'search']]) {
      for (const value of [long, '%', '_', '*', '%%__**', ' % _ * ', '   ']) {
        const res = await get(`${path}?${param}=${q(value)}`);
        expect([path, value.slice(0, 10), res.status]).toEqual([path, value.slice(0, 10), 422]);
        expect(res.body.detail[0].loc).toEqual(['query', param]);
      }
      expect((await get(`${path}?${param}=${'x'.repeat(200)}`)).status).toBe(200);
    }
    expect((await get('/api/v1/search')).status).toBe(422);
    expect((await get('/api/v1/search?q=')).status).toBe(422);
    expect((await get('/api/v1/search?q=ab&limit=21')).status).toBe(422);
    expect((await get('/api/v1/search?q=ab&kinds=Contacts;')).status).toBe(422);
  });

  test('wildcards inside a search are literal', async () => {
    const own = await createCompany(app);
    await createContact(app, own.token, { name: 'Ahorro 100% garantizado' });
    await createContact(app, own.token, { name: 'Ahorro 1000 garantizado' });
    expect((await get(`/api/v1/contacts?search=${q('100%')}`, own)).body.items.map((c: any) => c.name)).toEqual(['Ahorro 100% garantizado']);
    expect((await get(`/api/v1/contacts?search=${q('o_1')}`, own)).body.items).toEqual([]);
  });
});

describe('cursor pagination', () => {
  async function walkByCursor(path: string, token: string, limit: number) {
    const seen: string[] = [];
    let cursor: string | null = null;
    const totals = new Set<number>();
    for (let page = 0; page < 100; page++) {
      const res: any = await app.get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token);
      expect([path, res.status]).toEqual([path, 200]);
      seen.push(...res.body.items.map((i: any) => i.id));
      totals.add(res.body.total);
      cursor = res.body.next_cursor;
      if (!cursor) break;
    }
    return { seen, totals: [...totals] };
  }
  async function walkByOffset(path: string, token: string, limit: number) {
    const seen: string[] = [];
    for (let offset = 0; ; offset += limit) {
      const res = await app.get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`, token);
      seen.push(...res.body.items.map((i: any) => i.id));
      if (res.body.items.length < limit) return seen;
    }
  }

  test('contacts: the same rows through cursor and offset, listed and searched', async () => {
    const own = await createCompany(app);
    await insertContactsSql(app, own.tenantId, 45, 'Cliente Martínez');
    await insertContactsSql(app, own.tenantId, 20, 'Martín');
    await insertContactsSql(app, own.tenantId, 10, 'Otro');
    for (const path of ['/api/v1/contacts', '/api/v1/contacts?search=martin', '/api/v1/contacts?search=ma', '/api/v1/contacts?search=cliente%20mart&kind=customer']) {
      const byCursor = await walkByCursor(path, own.token, 7);
      const byOffset = await walkByOffset(path, own.token, 7);
      expect([path, byCursor.seen]).toEqual([path, byOffset]);
      expect(new Set(byCursor.seen).size).toBe(byCursor.seen.length);
      expect([path, byCursor.totals]).toEqual([path, [byOffset.length]]);
    }
    expect((await walkByCursor('/api/v1/contacts', own.token, 7)).seen).toHaveLength(75);
    expect((await walkByCursor('/api/v1/contacts?search=martin', own.token, 7)).seen).toHaveLength(65);
  });

  test('invoices and purchases: the same rows through cursor and offset', async () => {
    const own = await createCompany(app);
    const customer = await createContact(app, own.token, { name: 'Cliente Serie' });
    const supplier = await createContact(app, own.token, { name: 'Proveedor Serie', kind: 'supplier' });
    const iva21 = taxId(own, 'IVA21');
    for (let i = 0; i < 13; i++) {
      const day = `2026-10-${String(1 + Math.floor(i / 4)).padStart(2, '0')}`; // issue dates never go backwards in a series
      const status = i % 3 === 0 ? 'draft' : 'issued';
      expect((await app.post('/api/v1/invoices', { contact_id: customer.id, issue_date: day, status, series: i % 2 ? 'F' : 'A',
        lines: [{ description: `Servicio ${i}`, quantity: '1', unit_price: '10.00', tax_type_id: iva21 }] }, own.token)).status).toBe(201);
      expect((await app.post('/api/v1/purchases', { contact_id: supplier.id, kind: 'invoice', supplier_invoice_number: `S-${i}`, issue_date: day, status,
        lines: [{ description: `Material ${i}`, unit_price: '10.00', tax_type_id: iva21 }] }, own.token)).status).toBe(201);
    }
    for (const path of ['/api/v1/invoices', '/api/v1/invoices?search=servicio', '/api/v1/invoices?search=serie&status=draft', '/api/v1/purchases', '/api/v1/purchases?search=material', '/api/v1/purchases?search=s-1']) {
      const byCursor = await walkByCursor(path, own.token, 4);
      const byOffset = await walkByOffset(path, own.token, 4);
      expect([path, byCursor.seen]).toEqual([path, byOffset]);
      expect([path, byCursor.totals]).toEqual([path, [byOffset.length]]);
    }
    expect((await walkByCursor('/api/v1/invoices', own.token, 4)).seen).toHaveLength(13);
  });

  test('a tampered or misused cursor is 422', async () => {
    const first = (await get('/api/v1/contacts?limit=1')).body;
    expect(first.next_cursor).toBeString();
    const ranked = (await get('/api/v1/contacts?limit=1&search=alfa')).body.next_cursor;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const tampered = [
      'not-a-cursor', '%%%', encode({ x: 1 }), encode(['name', 'a']), encode(['name', 'a', 'not-a-uuid']), encode(['name', 5, crypto.randomUUID()]),
      encode(['rank', 'a', crypto.randomUUID()]), first.next_cursor.slice(1), 'A'.repeat(2001),
    ];
    for (const cursor of tampered) {
      const res = await get(`/api/v1/contacts?cursor=${q(cursor)}`);
      expect([cursor.slice(0, 20), res.status]).toEqual([cursor.slice(0, 20), 422]);
      expect(res.body.detail[0].loc).toEqual(['query', 'cursor']);
    }
    // a list's cursor does not continue a search (different order), nor the other way round
    expect((await get(`/api/v1/contacts?search=alfa&cursor=${first.next_cursor}`)).status).toBe(422);
    expect((await get(`/api/v1/contacts?cursor=${ranked}`)).status).toBe(422);
    expect((await get(`/api/v1/contacts?cursor=${first.next_cursor}&offset=5`)).body.detail[0].loc).toEqual(['query', 'offset']);
    const invoiceCursor = (await get('/api/v1/invoices?limit=1')).body.next_cursor;
    expect(invoiceCursor).toBeString();
    expect((await get(`/api/v1/invoices?cursor=${first.next_cursor}`)).status).toBe(422);
    expect((await get(`/api/v1/purchases?cursor=${invoiceCursor}`)).status).toBe(422);
    expect((await get(`/api/v1/invoices?cursor=${invoiceCursor}`)).status).toBe(200);
  });
});
