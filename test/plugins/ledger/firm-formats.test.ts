import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { A3_ENTRY_LINE, A3_INVOICE_HEAD, A3_RECORD_HEAD, A3_VAT_DETAIL, CONTAPLUS_XDIARIO, CONTAPLUS_XSUBCTA, type FixedLayout } from '../../../plugins/ledger/firm-layouts';
import { postEntry, startLedgerApp, type LedgerTestApp } from './helpers';

let app: LedgerTestApp;
beforeAll(async () => { app = await startLedgerApp(); }, 60_000);
afterAll(() => app?.close());

/** Characters `position` (1-based) to `position + length - 1` of a record: what the layouts' sources specify. */
const at = (record: string, position: number, length: number) => record.slice(position - 1, position - 1 + length);

const upload = (token: string, content: string | Uint8Array, extra: Record<string, string | File> = {}, name = 'diario.dat') => {
  const form = new FormData();
  form.append('file', new File([content], name));
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  return app.request('POST', '/api/v1/ledger/import', { token, form });
};
const trial = async (token: string) => {
  const res = await app.get('/api/v1/ledger/trial-balance', token);
  expect(res.status).toBe(200);
  return { accounts: res.body.accounts, totals: res.body.totals };
};
/** The trial balance with names as the fixed-width files carry them (plain ASCII: accents dropped, docs/domain/firm-formats.md). */
const asciiNames = (tb: { accounts: any[]; totals: unknown }) => ({
  ...tb, accounts: tb.accounts.map((r) => ({ ...r, name: r.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '') })),
});
const records = (text: string) => {
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
};

/** A company with sales, collections, purchases (three-line entries), an own sub-account with an accented name and a reversal. */
async function companyWithBooks(): Promise<TestCompany> {
  const a = await createCompany(app);
  expect((await app.post('/api/v1/ledger/accounts', { code: '4300007', name: 'Cliente, "el de siempre"' }, a.token)).status).toBe(201);
  expect((await app.post('/api/v1/ledger/accounts', { code: '4000003', name: 'Proveedora Peña' }, a.token)).status).toBe(201);
  for (let i = 1; i <= 6; i++) {
    const day = `2026-0${i}-1${i}`;
    const sale = await postEntry(app, a.token, [{ account: '4300007', debit: `${1210 * i}.00` }, { account: '7000', credit: `${1000 * i}.00` }, { account: '477', credit: `${210 * i}.00` }], day, `Venta ${i}, factura F-${i}`);
    expect(sale.status).toBe(201);
    expect((await postEntry(app, a.token, [{ account: '572', debit: `${1210 * i}.00` }, { account: '4300007', credit: `${1210 * i}.00` }], day, `Cobro ${i}`)).status).toBe(201);
    expect((await postEntry(app, a.token, [{ account: '600', debit: '50.10' }, { account: '472', debit: '10.52' }, { account: '4000003', credit: '60.62' }], day, `Compra de café ${i}`)).status).toBe(201);
    if (i === 2) expect((await app.post(`/api/v1/ledger/entries/${sale.body.id}/reverse`, {}, a.token)).status).toBe(201);
  }
  return a;
}

describe('the layouts (plugins/ledger/firm-layouts.ts) are the documented ones', () => {
  const contiguous = (layout: FixedLayout) => {
    let next = 1;
    for (const field of layout.fields) {
      expect([layout.name, field.field, field.position]).toEqual([layout.name, field.field, next]);
      next += field.length;
    }
    expect([layout.name, next - 1]).toEqual([layout.name, layout.length]);
  };

  test('every field starts where the previous one ends, and the records have their documented lengths', () => {
    for (const layout of [A3_ENTRY_LINE, A3_INVOICE_HEAD, A3_VAT_DETAIL, CONTAPLUS_XDIARIO, CONTAPLUS_XSUBCTA]) contiguous(layout);
    expect(A3_ENTRY_LINE.length).toBe(254);
    expect(CONTAPLUS_XDIARIO.length).toBe(1189);
    expect(CONTAPLUS_XSUBCTA.length).toBe(161);
    const shape = (layout: FixedLayout) => Object.fromEntries(layout.fields.map((f) => [f.field, [f.position, f.length]]));
    expect(shape(A3_ENTRY_LINE)).toEqual({
      format: [1, 1], company: [2, 5], date: [7, 8], record_type: [15, 1], account: [16, 12], account_name: [28, 30], side: [58, 1], document: [59, 10],
      line_mark: [69, 1], description: [70, 30], amount: [100, 14], reserved: [114, 138], analytics: [252, 1], currency: [253, 1], generated: [254, 1],
    });
    for (const layout of [A3_ENTRY_LINE, A3_INVOICE_HEAD, A3_VAT_DETAIL]) {
      for (const field of A3_RECORD_HEAD.fields) expect([layout.name, shape(layout)[field.field]]).toEqual([layout.name, [field.position, field.length]]);
    }
    expect(shape(A3_INVOICE_HEAD)).toMatchObject({ invoice_kind: [58, 1], invoice_number: [59, 10], total: [100, 14], tax_id: [176, 14], name: [190, 40], operation_date: [237, 8], invoice_date: [245, 8] });
    expect(shape(A3_VAT_DETAIL)).toMatchObject({
      amount_kind: [58, 1], subtype: [100, 2], base: [102, 14], vat_rate: [116, 5], vat: [121, 14], surcharge: [140, 14], withholding: [159, 14],
      vat_account: [192, 12], surcharge_account: [204, 12], withholding_account: [216, 12], vat_account_2: [228, 12], surcharge_account_2: [240, 12],
    });
    const xdiario = shape(CONTAPLUS_XDIARIO);
    expect([xdiario.ASIEN, xdiario.FECHA, xdiario.SUBCTA, xdiario.CONTRA, xdiario.PTADEBE, xdiario.CONCEPTO, xdiario.PTAHABER, xdiario.DOCUMENTO,
      xdiario.MONEDAUSO, xdiario.EURODEBE, xdiario.EUROHABER, xdiario.NIC, xdiario.NCOBRPAGO]).toEqual([
      [1, 6], [7, 8], [15, 12], [27, 12], [39, 16], [55, 25], [80, 16], [130, 10], [238, 1], [239, 16], [255, 16], [348, 1], [1174, 16]]);
    expect(shape(CONTAPLUS_XSUBCTA)).toMatchObject({ COD: [1, 12], TITULO: [13, 40], NIF: [53, 15], TIPOIVA: [161, 1] });
  });
});

describe('GET /ledger/export?format=a3|contaplus', () => {
  test('A3: one 254-character record 0 per line, CR LF, field by field', async () => {
    const a = await createCompany(app);
    await postEntry(app, a.token, [{ account: '4300', debit: '1210.00' }, { account: '7000', credit: '1000.00' }, { account: '477', credit: '210.00' }], '2026-03-05', 'Factura F-1 de señal');
    const res = await app.get('/api/v1/ledger/export?format=a3&company=42', a.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('SUENLACE.DAT');
    const lines = records(res.text);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toHaveLength(254);
      expect([at(line, 1, 1), at(line, 2, 5), at(line, 7, 8), at(line, 15, 1), at(line, 59, 10), at(line, 70, 30), at(line, 252, 3)])
        .toEqual(['4', '00042', '20260305', '0', '1         ', 'Factura F-1 de senal          ', ' EN']);
      expect(at(line, 114, 138)).toBe(' '.repeat(138));
    }
    expect(lines.map((l) => [at(l, 16, 12), at(l, 28, 30).trim(), at(l, 58, 1), at(l, 69, 1), at(l, 100, 14)])).toEqual([
      ['4300        ', 'Clientes (euros)', 'D', 'I', '+0000001210.00'],
      ['7000        ', 'Ventas de mercaderias en Espan', 'H', 'M', '+0000001000.00'],
      ['477         ', 'Hacienda Publica, IVA repercut', 'H', 'U', '+0000000210.00'],
    ]);
    // with the firm's 8-digit codes
    const eight = records((await app.get('/api/v1/ledger/export?format=a3&digits=8', a.token)).text);
    expect(eight.map((l) => [at(l, 2, 5), at(l, 16, 12)])).toEqual([['00001', '43000000    '], ['00001', '70000000    '], ['00001', '47700000    ']]);
  });

  test('ContaPlus: XDiario field by field (1189 characters), XSubCta with the titles', async () => {
    const a = await createCompany(app);
    expect((await app.post('/api/v1/ledger/accounts', { code: '4300012', name: 'Café Núñez' }, a.token)).status).toBe(201);
    await postEntry(app, a.token, [{ account: '4300012', debit: '99.95' }, { account: '7050', credit: '99.95' }], '2026-04-30', 'Servicio de abril, con una descripción larga');
    await postEntry(app, a.token, [{ account: '572', debit: '1210.00' }, { account: '4300012', credit: '1110.05' }, { account: '7050', credit: '99.95' }], '2026-05-02', 'Cobro');
    const res = await app.get('/api/v1/ledger/export?format=contaplus&digits=8', a.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('XDiario');
    const lines = records(res.text);
    expect(lines.map((l) => l.length)).toEqual([1189, 1189, 1189, 1189, 1189]);
    const fields = (l: string) => [at(l, 1, 6), at(l, 7, 8), at(l, 15, 12), at(l, 27, 12), at(l, 39, 16), at(l, 55, 25), at(l, 80, 16), at(l, 130, 10), at(l, 238, 1), at(l, 239, 16), at(l, 255, 16), at(l, 348, 1)];
    expect(fields(lines[0])).toEqual(['     1', '20260430', '43000012    ', '70500000    ', '            0.00', 'Servicio de abril, con un', '            0.00', '1         ', '2', '           99.95', '            0.00', 'E']);
    expect(fields(lines[1]).slice(0, 4)).toEqual(['     1', '20260430', '70500000    ', '43000012    ']);
    expect(fields(lines[1]).slice(9, 11)).toEqual(['            0.00', '           99.95']);
    // a three-line entry has no single counterpart
    expect(lines.slice(2).map((l) => [at(l, 1, 6), at(l, 27, 12), at(l, 130, 10).trim()])).toEqual([['     2', ' '.repeat(12), '2'], ['     2', ' '.repeat(12), '2'], ['     2', ' '.repeat(12), '2']]);
    // untouched fields: numbers 0 / 0.00 right-aligned, dates blank, logicals F
    expect([at(lines[0], 96, 8), at(lines[0], 104, 16), at(lines[0], 287, 1), at(lines[0], 340, 8)]).toEqual(['       0', '            0.00', 'F', ' '.repeat(8)]);

    const subctas = records((await app.get('/api/v1/ledger/export?format=contaplus&part=accounts&digits=8', a.token)).text);
    expect(subctas.map((l) => [l.length, at(l, 1, 12), at(l, 13, 40).trim(), at(l, 153, 1)])).toEqual([
      [161, '43000012    ', 'Cafe Nunez', 'F'], [161, '57200000    ', 'Bancos e instituciones de credito c/c vi', 'F'], [161, '70500000    ', 'Prestaciones de servicios en Espana', 'F'],
    ]);
  });

  test('refusals before the download: codes longer than digits, an impossible period, formats of no such kind; tenancy', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    expect((await app.post('/api/v1/ledger/accounts', { code: '4300000099', name: 'Larga' }, a.token)).status).toBe(201);
    await postEntry(app, a.token, [{ account: '4300000099', debit: '5.00' }, { account: '7000', credit: '5.00' }], '2026-01-02', 'Solo de A');
    for (const format of ['a3', 'contaplus']) {
      const res = await app.get(`/api/v1/ledger/export?format=${format}&digits=8`, a.token);
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain('4300000099');
      expect((await app.get(`/api/v1/ledger/export?format=${format}&from=2026-02-01&to=2026-01-01`, a.token)).status).toBe(422);
      const theirs = await app.get(`/api/v1/ledger/export?format=${format}`, b.token);
      expect(theirs.status).toBe(200);
      expect(theirs.text).toBe('');
    }
    expect((await app.get('/api/v1/ledger/export?format=contaplus&part=accounts', b.token)).text).toBe('');
    expect((await app.get('/api/v1/ledger/export?format=a3&company=123456', a.token)).status).toBe(422);
    expect((await app.get('/api/v1/ledger/export?format=a3&digits=3', a.token)).status).toBe(422);
    expect((await app.get('/api/v1/ledger/export?format=sage', a.token)).status).toBe(422);

    // A3's amount has ten integer digits: a larger line is refused before the download, naming it; ContaPlus's field holds it
    const c = await createCompany(app);
    expect((await postEntry(app, c.token, [{ account: '572', debit: '10000000000.00' }, { account: '100', credit: '10000000000.00' }], '2026-03-01', 'Capital')).status).toBe(201);
    const big = await app.get('/api/v1/ledger/export?format=a3', c.token);
    expect(big.status).toBe(422);
    expect(big.body.detail[0].msg).toContain('10000000000.00');
    expect((await app.get('/api/v1/ledger/export?format=a3&from=2026-04-01', c.token)).status).toBe(200);
    const contaplus = await app.get('/api/v1/ledger/export?format=contaplus', c.token);
    expect(contaplus.status).toBe(200);
    expect(at(records(contaplus.text)[0], 239, 16)).toBe('  10000000000.00');
  });
});

describe('POST /ledger/import of A3 and ContaPlus files', () => {
  test('round trip: the A3 export, and the ContaPlus XDiario with its XSubCta, imported into empty companies give the same trial balance; twice posts once', async () => {
    const source = await companyWithBooks();
    const expected = await trial(source.token);
    expect(expected.accounts.length).toBeGreaterThan(5);

    const a3 = (await app.get('/api/v1/ledger/export?format=a3', source.token)).text;
    const target = await createCompany(app);
    const first = await upload(target.token, a3);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ entries: 19, lines: 51, accounts_created: ['4300007', '4000003'], already_imported: false });
    expect(asciiNames(await trial(target.token))).toEqual(asciiNames(expected));
    expect((await app.get('/api/v1/ledger/accounts?prefix=4000003', target.token)).body.map((acc: any) => acc.name)).toEqual(['Proveedora Pena']);
    const again = await upload(target.token, a3, { format: 'a3' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, already_imported: true });
    expect(asciiNames(await trial(target.token))).toEqual(asciiNames(expected));

    const xdiario = (await app.get('/api/v1/ledger/export?format=contaplus', source.token)).text;
    const xsubcta = (await app.get('/api/v1/ledger/export?format=contaplus&part=accounts', source.token)).text;
    const other = await createCompany(app);
    const fromContaplus = await upload(other.token, xdiario, { accounts: new File([xsubcta], 'XSubCta.txt') }, 'XDiario.txt');
    expect(fromContaplus.status).toBe(201);
    expect(fromContaplus.body).toMatchObject({ entries: 19, lines: 51 });
    expect(asciiNames(await trial(other.token))).toEqual(asciiNames(expected));
    expect((await app.get('/api/v1/ledger/accounts?prefix=4300007', other.token)).body.map((acc: any) => acc.name)).toEqual(['Cliente, "el de siempre"']);
    const descriptions = async (token: string) => (await app.get('/api/v1/ledger?limit=100', token)).body.items.map((e: any) => [e.date, e.description]);
    expect((await descriptions(other.token)).slice(0, 3)).toEqual([['2026-01-11', 'Venta 1, factura F-1'], ['2026-01-11', 'Cobro 1'], ['2026-01-11', 'Compra de cafe 1']]);
  });

  test('a hand-written A3 file (the documented layout): account records, 8-digit codes, a negative amount, a three-line entry', async () => {
    const a = await createCompany(app);
    const pad = (text: string, length: number) => text.padEnd(length).slice(0, length);
    const line = (date: string, account: string, name: string, side: string, mark: string, description: string, amount: string) =>
      `400001${date}0${pad(account, 12)}${pad(name, 30)}${side}${pad('F-77', 10)}${mark}${pad(description, 30)}${amount}${' '.repeat(138)} EN`;
    const accountRecord = (account: string, name: string) => `400001${'20260101'}C${pad(account, 12)}${pad(name, 30)}${' '.repeat(195)}EN`;
    const file = [
      accountRecord('43000123', 'Cliente de la gestoria'),
      line('20260210', '43000123', '', 'D', 'I', 'Factura F-77', '+0000000121.00'),
      line('20260210', '70000000', 'Ventas', 'H', 'M', 'Factura F-77', '+0000000100.00'),
      line('20260210', '47700000', 'IVA repercutido', 'D', 'U', 'Factura F-77', '-0000000021.00'),
      line('20260211', '57200000', 'Banco', 'D', 'I', 'Cobro F-77', '+0000000121.00'),
      line('20260211', '43000123', '', 'H', 'U', 'Cobro F-77', '+0000000121.00'),
    ].join('\r\n') + '\r\n\x1a';
    expect(file.split('\r\n').slice(0, 6).every((l) => l.length === 254)).toBe(true);
    const res = await upload(a.token, file);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ entries: 2, lines: 5 });
    expect(res.body.accounts_created.sort()).toEqual(['43000123', '47700000', '57200000', '70000000']);
    expect((await app.get('/api/v1/ledger/accounts?prefix=43000123', a.token)).body.map((acc: any) => [acc.name, acc.parent_code])).toEqual([['Cliente de la gestoria', '4300']]);
    const tb = await trial(a.token);
    expect(tb.accounts.map((r: any) => [r.account, r.debit, r.credit])).toEqual([
      ['43000123', '121.00', '121.00'], ['47700000', '0.00', '21.00'], ['57200000', '121.00', '0.00'], ['70000000', '0.00', '100.00'],
    ]);
  });

  test('hand-written A3 invoices (records 1 and 9): a sale with withholding, a purchase with reverse charge; an invoice that does not add up is refused', async () => {
    const a = await createCompany(app);
    const pad = (text: string, length: number) => text.padEnd(length).slice(0, length);
    const amount = (value: string) => (value.startsWith('-') ? '-' : '+') + value.replace('-', '').split('.')[0].padStart(10, '0') + '.' + value.split('.')[1];
    const head = (date: string, account: string, name: string, kind: string, number: string, description: string, total: string) =>
      `400001${date}1${pad(account, 12)}${pad(name, 30)}${kind}${pad(number, 10)}I${pad(description, 30)}${amount(total)}${' '.repeat(62)}${pad('B12345678', 14)}${pad(name, 40)}${pad('28001', 5)}  ${date}${date}EN`;
    const detail = (date: string, account: string, name: string, number: string, mark: string, base: string, rate: string, vat: string, ret: string, accounts: { vat?: string; ret?: string; vat2?: string } = {}) =>
      `400001${date}9${pad(account, 12)}${pad(name, 30)}C${pad(number, 10)}${mark}${pad('', 30)}01${amount(base)}${rate}${amount(vat)}00.00${amount('0.00')}${ret === '0.00' ? '00.00' : '15.00'}${amount(ret)}01SN${' '.repeat(15)}`
      + `${pad(accounts.vat ?? '', 12)}${pad('', 12)}${pad(accounts.ret ?? '', 12)}${pad(accounts.vat2 ?? '', 12)}${pad('', 12)} EN`;
    const sale = [
      head('20260415', '43000009', 'Cliente Nueve', '1', 'F-2026-9', 'Factura F-2026-9', '1452.00'),
      detail('20260415', '70500000', 'Servicios', 'F-2026-9', 'M', '1000.00', '21.00', '210.00', '150.00'),
      detail('20260415', '70500001', 'Servicios formacion', 'F-2026-9', 'U', '200.00', '21.00', '42.00', '0.00'),
    ];
    const purchase = [
      head('20260420', '41000002', 'Proveedor UE', '2', 'EU-77', '', '500.00'),
      detail('20260420', '62300000', 'Servicios profesionales', 'EU-77', 'U', '500.00', '21.00', '105.00', '0.00', { vat: '4720021', vat2: '4770021' }),
    ];
    for (const record of [...sale, ...purchase]) expect(record).toHaveLength(254);
    const res = await upload(a.token, [...sale, ...purchase].join('\r\n'));
    expect([res.status, res.body.entries]).toEqual([201, 2]);
    const journal = (await app.get('/api/v1/ledger?limit=5', a.token)).body.items;
    expect(journal.map((e: any) => [e.date, e.description, e.lines.map((l: any) => [l.account, l.debit, l.credit])])).toEqual([
      ['2026-04-15', 'Factura F-2026-9', [
        ['70500000', '0.00', '1000.00'], ['477', '0.00', '210.00'], ['70500001', '0.00', '200.00'], ['477', '0.00', '42.00'],
        ['43000009', '1302.00', '0.00'], ['473', '150.00', '0.00'],
      ]],
      ['2026-04-20', 'Factura EU-77', [['62300000', '500.00', '0.00'], ['4720021', '105.00', '0.00'], ['4770021', '0.00', '105.00'], ['41000002', '0.00', '500.00']]],
    ]);
    expect((await app.get('/api/v1/ledger/accounts?prefix=43000009', a.token)).body.map((acc: any) => acc.name)).toEqual(['Cliente Nueve']);

    const wrongTotal = [head('20260501', '43000009', 'Cliente Nueve', '1', 'F-10', 'Factura F-10', '1210.01'), detail('20260501', '70500000', 'Servicios', 'F-10', 'U', '1000.00', '21.00', '210.00', '0.00')];
    const refused = await upload(a.token, wrongTotal.join('\r\n'));
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].msg).toBe('Entry A3-1 (lines 1, 2) does not balance: debit 1210.01, credit 1210.00');
    const orphan = await upload(a.token, wrongTotal[1]);
    expect(orphan.body.detail[0].msg).toContain('outside an invoice');
    expect((await app.get('/api/v1/ledger', a.token)).body.total).toBe(2);
  });

  test('A3 company codes: a file with two companies, or another than `company`, is refused naming the lines; format 5 (510 characters) is refused as such', async () => {
    const a = await createCompany(app);
    const source = await createCompany(app);
    await postEntry(app, source.token, [{ account: '572', debit: '10.00' }, { account: '7000', credit: '10.00' }], '2026-01-05', 'Bien');
    await postEntry(app, source.token, [{ account: '572', debit: '20.00' }, { account: '7000', credit: '20.00' }], '2026-01-06', 'Otro');
    const good = records((await app.get('/api/v1/ledger/export?format=a3&company=7', source.token)).text);
    expect(good.map((l) => at(l, 2, 5))).toEqual(['00007', '00007', '00007', '00007']);
    const otherCompany = (l: string) => l.slice(0, 1) + '00008' + l.slice(6);
    const mixed = await upload(a.token, [good[0], good[1], otherCompany(good[2]), otherCompany(good[3])].join('\r\n'));
    expect(mixed.status).toBe(422);
    expect(mixed.body.detail.map((e: any) => e.msg)).toEqual([
      'The file holds 2 A3 companies; company 00007 on line(s) 1, 2: import one company per file',
      'The file holds 2 A3 companies; company 00008 on line(s) 3, 4: import one company per file',
    ]);
    const wrong = await upload(a.token, good.join('\r\n'), { company: '8' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail.map((e: any) => e.msg)).toEqual(['Line(s) 1, 2, 3, 4 belong to A3 company 00007, not 00008 (the company asked for)']);
    expect((await upload(a.token, good.join('\r\n'), { company: 'x' })).status).toBe(422);
    expect((await app.get('/api/v1/ledger', a.token)).body.total).toBe(0);
    const right = await upload(a.token, good.join('\r\n'), { company: '00007' });
    expect([right.status, right.body.entries]).toEqual([201, 2]);

    // format 5: '5' first, 510 characters (the currency at 509); recognised as A3, not taken for ContaPlus
    const format5 = good.map((l) => '5' + l.slice(1, 252) + ' '.repeat(256) + 'EN');
    expect(format5[0]).toHaveLength(510);
    for (const options of [{}, { format: 'a3' }] as Record<string, string>[]) {
      const refused = await upload(a.token, format5.join('\r\n'), options);
      expect(refused.status).toBe(422);
      expect(refused.body.detail.map((e: any) => e.msg)).toEqual(['A3 format 5 (510-character records) is not supported yet: line(s) 1, 2, 3, 4; export the file from A3 in format 4 (254-character records)']);
    }
    expect((await app.get('/api/v1/ledger', a.token)).body.total).toBe(2);
  });

  test('a hand-written ContaPlus XDiario with 8-digit codes and its XSubCta', async () => {
    const a = await createCompany(app);
    const pad = (text: string, length: number) => text.padEnd(length).slice(0, length);
    const num = (text: string, length: number) => text.padStart(length);
    // positions from the layout's source, written by hand: ASIEN 1-6, FECHA 7-14, SUBCTA 15-26, CONTRA 27-38, PTADEBE 39-54,
    // CONCEPTO 55-79, PTAHABER 80-95, then up to MONEDAUSO (238), EURODEBE 239-254, EUROHABER 255-270; the rest blank
    const record = (asien: string, date: string, account: string, contra: string, concept: string, debit: string, credit: string) =>
      (num(asien, 6) + date + pad(account, 12) + pad(contra, 12) + num('0.00', 16) + pad(concept, 25) + num('0.00', 16)).padEnd(237) + '2' + num(debit, 16) + num(credit, 16);
    const xdiario = [
      record('1', '20260301', '62900001', '57200001', 'Material de oficina', '45.30', '0.00'),
      record('1', '20260301', '57200001', '62900001', 'Material de oficina', '0.00', '45.30'),
    ].join('\r\n');
    const xsubcta = [pad('62900001', 12) + pad('Papeleria Lopez', 40), pad('57200001', 12) + pad('Banco Uno', 40)].join('\r\n');
    const res = await upload(a.token, xdiario, { accounts: new File([xsubcta], 'XSubCta.txt') }, 'XDiario.txt');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ entries: 1, lines: 2 });
    const created = (await app.get('/api/v1/ledger/accounts?prefix=62900001', a.token)).body;
    expect(created.map((acc: any) => [acc.code, acc.name, acc.parent_code])).toEqual([['62900001', 'Papeleria Lopez', '629']]);
    expect((await app.get('/api/v1/ledger?limit=5', a.token)).body.items.map((e: any) => [e.date, e.description])).toEqual([['2026-03-01', 'Material de oficina']]);
  });

  test('refusals name their lines and write nothing: unbalanced entries, records not read, unterminated entries, unknown groups', async () => {
    const a = await createCompany(app);
    const source = await createCompany(app);
    await postEntry(app, source.token, [{ account: '572', debit: '10.00' }, { account: '7000', credit: '10.00' }], '2026-01-05', 'Bien');
    const good = records((await app.get('/api/v1/ledger/export?format=a3', source.token)).text);
    const unbalanced = [good[0], good[1].replace('+0000000010.00', '+0000000009.99')].join('\r\n');
    const refused = await upload(a.token, unbalanced);
    expect(refused.status).toBe(422);
    expect(refused.body.detail.map((e: any) => e.msg)).toEqual(['Entry A3-1 (lines 1, 2) does not balance: debit 10.00, credit 9.99']);

    const creditNote = good[0].slice(0, 14) + '2' + good[0].slice(15);
    const notRead = await upload(a.token, [creditNote, good[0], good[1]].join('\r\n'));
    expect(notRead.status).toBe(422);
    expect(notRead.body.detail.map((e: any) => [e.loc, e.msg])).toEqual([[['body', 'file', 1], 'Line 1: record type 2 is not read (only entry lines 0, invoices 1 with their lines 9, and accounts C)']]);
    expect((await upload(a.token, good[0])).status).toBe(422);
    expect((await upload(a.token, [good[0], good[0], good[1]].join('\r\n'))).body.detail[0].msg).toContain('starts (I) before');
    expect((await upload(a.token, [good[0], good[1].slice(0, 200)].join('\r\n'), { format: 'a3' })).status).toBe(422);
    const badDate = [good[0].slice(0, 6) + '20260231' + good[0].slice(14), good[1].slice(0, 6) + '20260231' + good[1].slice(14)].join('\r\n');
    expect((await upload(a.token, badDate)).body.detail[0].msg).toContain('2026-02-31');
    const unknownGroup = good.map((l) => (l.slice(15, 27).trim() === '7000' ? l.slice(0, 15) + '9990001     ' + l.slice(27) : l)).join('\r\n');
    const noGroup = await upload(a.token, unknownGroup);
    expect(noGroup.status).toBe(422);
    expect(noGroup.body.detail[0].msg).toContain('Account 9990001');
    expect((await upload(a.token, unknownGroup, { mapping: '{"9990001":"7000"}' })).status).toBe(201);

    const xdiario = records((await app.get('/api/v1/ledger/export?format=contaplus', source.token)).text);
    const pesetas = xdiario.map((l) => l.slice(0, 237) + '1' + '0.00'.padStart(16) + '0.00'.padStart(16) + l.slice(270)).join('\r\n');
    const old = await upload(a.token, pesetas, { format: 'contaplus' });
    expect(old.status).toBe(422);
    expect(old.body.detail[0].msg).toContain('pesetas');
    expect((await upload(a.token, 'x'.repeat(100), { format: 'contaplus' })).status).toBe(422);
    expect((await upload(a.token, 'not a file at all', { format: 'a3' })).status).toBe(422);
    expect((await upload(a.token, good.join('\r\n'), { format: 'sage' })).status).toBe(422);

    // only the one good import (with its mapping) was written
    expect((await app.get('/api/v1/ledger', a.token)).body.total).toBe(1);
    expect(await app.asOwner(`select count(*)::int as n from ledger_imports where tenant_id = '${a.tenantId}'`)).toEqual([{ n: 1 }]);
  });
});
