import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';
import { cents, postEntry, startLedgerApp, type LedgerTestApp, type Line } from './helpers';

let app: LedgerTestApp;
beforeAll(async () => { app = await startLedgerApp(); }, 60_000);
afterAll(() => app?.close());

const sale = [
  { account: '4300', debit: '1210.00' },
  { account: '7000', credit: '1000.00' },
  { account: '477', credit: '210.00' },
];

async function journalTotals(tenant: TestCompany) {
  const tb = await app.get('/api/v1/ledger/trial-balance', tenant.token);
  expect(tb.status).toBe(200);
  return tb.body.totals;
}

describe('the PGC chart', () => {
  test('a new company gets groups 1–7 with the accounts of docs/domain/pgc-and-entries.md §1', async () => {
    const a = await createCompany(app);
    const res = await app.get('/api/v1/ledger/accounts', a.token);
    expect(res.status).toBe(200);
    const byCode = new Map(res.body.map((acc: any) => [acc.code, acc]));
    expect(res.body.length).toBeGreaterThan(300);
    for (const group of ['1', '2', '3', '4', '5', '6', '7']) expect(byCode.get(group)).toMatchObject({ is_postable: false, parent_code: null });
    for (const code of ['4300', '4000', '4100', '438', '407', '7000', '7001', '7002', '7050', '7051', '7052', '7060', '7080', '7090', '600', '601', '602', '607',
      '621', '622', '623', '624', '625', '626', '627', '628', '629', '631', '472', '477', '4700', '4709', '473', '4750', '4751', '4752', '476', '570', '572', '6341', '6391']) {
      expect(byCode.get(code)).toMatchObject({ code, is_postable: true, created_by_tenant: false });
    }
    expect(byCode.get('4300')).toMatchObject({ name: 'Clientes (euros)', parent_code: '430', group: 4 });
    expect(byCode.get('430')).toMatchObject({ is_postable: false, parent_code: '43' });
    for (const acc of res.body) {
      expect(acc.group).toBe(Number(acc.code[0]));
      if (acc.parent_code) expect(acc.code.startsWith(acc.parent_code)).toBe(true);
      expect(acc.balance).toBe('0.00');
    }
  });

  test('a tenant adds sub-accounts under an account; headings and mismatches are refused', async () => {
    const a = await createCompany(app);
    const created = await app.post('/api/v1/ledger/accounts', { code: '4300001', name: 'Cliente Acme SL' }, a.token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: '4300001', parent_code: '4300', group: 4, is_postable: true, created_by_tenant: true });
    expect((await app.post('/api/v1/ledger/accounts', { code: '4300001', name: 'Otra vez' }, a.token)).status).toBe(409);
    // No account of 3+ digits prefixes 8000001 (group 8 is not seeded): the code and the group do not match the chart.
    const orphan = await app.post('/api/v1/ledger/accounts', { code: '8000001', name: 'Huérfana' }, a.token);
    expect(orphan.status).toBe(422);
    expect(orphan.body.detail[0].loc).toEqual(['body', 'code']);
    const mismatch = await app.post('/api/v1/ledger/accounts', { code: '4300002', name: 'Mal padre', parent_code: '472' }, a.token);
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.detail[0].loc).toEqual(['body', 'parent_code']);
    // The parent is the longest existing prefix: 430 is a prefix of 4300002 but 4300 is closer.
    expect((await app.post('/api/v1/ledger/accounts', { code: '4300002', name: 'Padre lejano', parent_code: '430' }, a.token)).status).toBe(422);
    expect((await app.post('/api/v1/ledger/accounts', { code: '4300002', name: 'Padre justo', parent_code: '4300' }, a.token)).status).toBe(201);
    expect((await app.post('/api/v1/ledger/accounts', { code: '43', name: 'Corta' }, a.token)).status).toBe(422);
    expect((await app.post('/api/v1/ledger/accounts', { code: '0430001', name: 'Cero' }, a.token)).status).toBe(422);
    // The new account takes postings and its balance rolls up into 4300, 430, 43 and 4.
    expect((await postEntry(app, a.token, [{ account: '4300001', debit: '50.00' }, { account: '7050', credit: '50.00' }])).status).toBe(201);
    const chart = new Map((await app.get('/api/v1/ledger/accounts?prefix=4', a.token)).body.map((acc: any) => [acc.code, acc.balance]));
    for (const code of ['4300001', '4300', '430', '43', '4']) expect(chart.get(code)).toBe('50.00');
    expect(chart.has('7050')).toBe(false);
  });

  test('roles: viewers read the books, members cannot write them, accountants can', async () => {
    const a = await createCompany(app);
    const viewer = await createApiKey(app, a.token, 'viewer');
    const member = await createApiKey(app, a.token, 'member');
    const accountant = await createApiKey(app, a.token, 'accountant');
    expect((await app.get('/api/v1/ledger/trial-balance', viewer.key)).status).toBe(200);
    expect((await app.get('/api/v1/ledger', member.key)).status).toBe(200);
    expect((await postEntry(app, viewer.key, sale)).status).toBe(403);
    expect((await postEntry(app, member.key, sale)).status).toBe(403);
    expect((await app.post('/api/v1/ledger/accounts', { code: '4300009', name: 'X' }, member.key)).status).toBe(403);
    expect((await postEntry(app, accountant.key, sale)).status).toBe(201);
    expect((await app.get('/api/v1/ledger')).status).toBe(401);
  });
});

describe('manual entries', () => {
  test('fields a client may not set are not taken (mass assignment)', async () => {
    const a = await createCompany(app);
    const res = await app.post('/api/v1/ledger/entries', {
      date: '2026-01-15', description: 'x', source_type: 'invoice', source_id: crypto.randomUUID(), number: 77, reversal_of: crypto.randomUUID(),
      lines: sale.map((l) => ({ ...l, account_name: 'Hacked', line_no: 9 })),
    }, a.token);
    expect(res.status === 201 || res.status === 422).toBe(true);
    if (res.status === 201) {
      expect(res.body).toMatchObject({ number: 1, source_type: 'manual', source_id: null, reversal_of: null });
      expect(res.body.lines.map((l: any) => [l.line_no, l.account_name])).toEqual([[1, 'Clientes (euros)'], [2, 'Ventas de mercaderías en España'], [3, 'Hacienda Pública, IVA repercutido']]);
    }
  });

  test('a balanced entry is stored with gapless numbers, account names and lines in order', async () => {
    const a = await createCompany(app);
    const first = await postEntry(app, a.token, sale, '2026-01-15', 'Venta 1');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ number: 1, date: '2026-01-15', description: 'Venta 1', source_type: 'manual', source_id: null, reversal_of: null, reversed_by: null });
    expect(first.body.lines).toEqual([
      { line_no: 1, account: '4300', account_name: 'Clientes (euros)', debit: '1210.00', credit: '0.00', contact_id: null, tax_type_id: null, tax_base: null },
      { line_no: 2, account: '7000', account_name: 'Ventas de mercaderías en España', debit: '0.00', credit: '1000.00', contact_id: null, tax_type_id: null, tax_base: null },
      { line_no: 3, account: '477', account_name: 'Hacienda Pública, IVA repercutido', debit: '0.00', credit: '210.00', contact_id: null, tax_type_id: null, tax_base: null },
    ]);
    expect((await app.get(`/api/v1/ledger/entries/${first.body.id}`, a.token)).body).toEqual(first.body);
    // Refused attempts consume no number.
    expect((await postEntry(app, a.token, [{ account: '4300', debit: '1.00' }, { account: '7000', credit: '2.00' }])).status).toBe(422);
    expect((await postEntry(app, a.token, [{ account: '4309999', debit: '1.00' }, { account: '7000', credit: '1.00' }])).status).toBe(422);
    const parallel = await Promise.all(Array.from({ length: 8 }, (_, i) => postEntry(app, a.token, sale, '2026-02-01', `Venta paralela ${i}`)));
    expect(parallel.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(parallel.map((r) => r.body.number).sort((x, y) => x - y)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  const invalid: [string, unknown, (string | number)[]][] = [
    ['an unknown account', [{ account: '4309999', debit: '10.00' }, { account: '7000', credit: '10.00' }], ['body', 'lines', 0, 'account']],
    ['a group heading (430)', [{ account: '430', debit: '10.00' }, { account: '7000', credit: '10.00' }], ['body', 'lines', 0, 'account']],
    ['a group (4)', [{ account: '4300', debit: '10.00' }, { account: '7', credit: '10.00' }], ['body', 'lines', 1, 'account']],
    ['a negative amount', [{ account: '4300', debit: '-10.00' }, { account: '7000', credit: '-10.00' }], ['body', 'lines', 0, 'debit']],
    ['an unbalanced entry', [{ account: '4300', debit: '121.00' }, { account: '7000', credit: '100.00' }], ['body', 'lines']],
    ['a line with both debit and credit', [{ account: '4300', debit: '10.00', credit: '10.00' }, { account: '7000', credit: '0.00', debit: '0.00' }], ['body', 'lines', 0]],
    ['a line with no amount', [{ account: '4300', debit: '10.00' }, { account: '7000', credit: '10.00' }, { account: '477' }], ['body', 'lines', 2]],
    ['three decimals', [{ account: '4300', debit: '10.005' }, { account: '7000', credit: '10.005' }], ['body', 'lines', 0, 'debit']],
    ['a single line', [{ account: '4300', debit: '10.00' }], ['body', 'lines']],
    ['an account that is not a code', [{ account: '43a0', debit: '10.00' }, { account: '7000', credit: '10.00' }], ['body', 'lines', 0, 'account']],
    ['a number instead of a string', [{ account: '4300', debit: 10 }, { account: '7000', credit: '10.00' }], ['body', 'lines', 0, 'debit']],
  ];
  for (const [what, lines, loc] of invalid) {
    test(`422 for ${what}`, async () => {
      const a = await createCompany(app);
      const res = await postEntry(app, a.token, lines as any);
      expect(res.status).toBe(422);
      expect(res.body.detail.some((d: any) => JSON.stringify(d.loc.slice(0, loc.length)) === JSON.stringify(loc))).toBe(true);
      expect((await app.get('/api/v1/ledger', a.token)).body.total).toBe(0);
    });
  }

  test('422, never 500, for bad dates and bodies', async () => {
    const a = await createCompany(app);
    for (const body of [
      { date: '2026-02-30', description: 'x', lines: sale },
      { date: '0999-01-01', description: 'x', lines: sale },
      { date: '15/01/2026', description: 'x', lines: sale },
      { date: '2026-01-15', description: '', lines: sale },
      { date: '2026-01-15', description: 'x', lines: sale.map((l) => ({ ...l, contact_id: 'not-a-uuid' })) },
      { date: '2026-01-15', description: 'x', lines: [{ account: '4300', debit: '9999999999999999.99' }, { account: '7000', credit: '9999999999999999.99' }] },
      { date: '2026-01-15', description: 'x', lines: 'nope' },
      'not json',
    ]) {
      const res = await app.post('/api/v1/ledger/entries', body, a.token);
      expect([400, 422]).toContain(res.status);
    }
    for (const path of ['/api/v1/ledger?from=2026-13-01', '/api/v1/ledger?limit=0', '/api/v1/ledger?limit=abc', '/api/v1/ledger?account=4x',
      '/api/v1/ledger/trial-balance?from=2026-05-01&to=2026-04-01', '/api/v1/ledger/trial-balance?level=13', '/api/v1/ledger/account/abc',
      '/api/v1/ledger/export?format=pdf', '/api/v1/ledger?source_id=1']) {
      const res = await app.get(path, a.token);
      expect({ path, status: res.status }).toEqual({ path, status: 422 });
    }
    expect((await app.get('/api/v1/ledger', a.token)).body.total).toBe(0);
    expect((await app.get('/api/v1/ledger/entries/not-a-uuid', a.token)).status).toBe(404);
    expect((await app.get('/api/v1/ledger/account/4309999', a.token)).status).toBe(404);
  });
});

describe('the database enforces balance at commit', () => {
  test('an unbalanced entry inserted with raw SQL inside a transaction fails at COMMIT', async () => {
    const a = await createCompany(app);
    const id = crypto.randomUUID();
    const attempt = app.asAppRole(a.tenantId, [
      `insert into journal_entries (id, tenant_id, number, date, description, source_type) values ('${id}', '${a.tenantId}', 900, '2026-03-01', 'raw', 'manual')`,
      `insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit) values
         ('${a.tenantId}', '${id}', 1, '2026-03-01', '4300', 121.00, 0), ('${a.tenantId}', '${id}', 2, '2026-03-01', '7000', 0, 100.00)`,
      // Each statement succeeded: the check is deferred to COMMIT.
      `select count(*)::int as n from journal_lines where entry_id = '${id}'`,
    ]);
    await expect(attempt).rejects.toThrow(/Journal entry 900 is unbalanced: debit 121.00 credit 100.00/);
    expect(await app.asAppRole(a.tenantId, `select 1 from journal_entries where id = '${id}'`)).toHaveLength(0);
  });

  test('an entry without lines fails at COMMIT; a balanced raw entry commits', async () => {
    const a = await createCompany(app);
    const empty = crypto.randomUUID();
    await expect(app.asAppRole(a.tenantId, `insert into journal_entries (id, tenant_id, number, date, description, source_type)
      values ('${empty}', '${a.tenantId}', 901, '2026-03-01', 'raw', 'manual')`)).rejects.toThrow(/has no lines/);
    const ok = crypto.randomUUID();
    await app.asAppRole(a.tenantId, [
      `insert into journal_entries (id, tenant_id, number, date, description, source_type) values ('${ok}', '${a.tenantId}', 902, '2026-03-01', 'raw', 'manual')`,
      `insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit) values
         ('${a.tenantId}', '${ok}', 1, '1999-01-01', '4300', 5.00, 0), ('${a.tenantId}', '${ok}', 2, '1999-01-01', '7000', 0, 5.00)`,
    ]);
    // The line's date is the entry's, whatever the insert said.
    expect(await app.asAppRole(a.tenantId, `select distinct entry_date::text as d from journal_lines where entry_id = '${ok}'`)).toEqual([{ d: '2026-03-01' }]);
  });

  test('the commit-time failure reaches a unit of work as a 422 domain error, not a 500', async () => {
    const a = await createCompany(app);
    const id = crypto.randomUUID();
    const run = app.kernel.unitOfWork(null).run(async (tx) => {
      await tx.sql(`insert into journal_entries (id, tenant_id, number, date, description, source_type) values (:id::uuid, :tenant, 903, '2026-03-01', 'raw', 'manual')`, { id });
      await tx.sql(`insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit) values (:tenant, :id::uuid, 1, '2026-03-01', '4300', 1, 0)`, { id });
    }, { tenantId: a.tenantId });
    await expect(run).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/unbalanced/) });
  });

  test('an entry of 1,000 lines (the most one request takes) posts; the same entry one cent off is refused whole', async () => {
    const a = await createCompany(app);
    const lines: Line[] = [...Array.from({ length: 999 }, (_, i) => ({ account: '572', debit: `${i + 1}.01` })), { account: '100', credit: '' }];
    const total = lines.slice(0, -1).reduce((sum, l) => sum + cents(l.debit!), 0n);
    const credit = (value: bigint) => `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
    lines[999].credit = credit(total + 1n);
    const off = await postEntry(app, a.token, lines);
    expect(off.status).toBe(422);
    expect(await journalTotals(a)).toMatchObject({ debit: '0.00', credit: '0.00' });
    lines[999].credit = credit(total);
    const ok = await postEntry(app, a.token, lines);
    expect(ok.status).toBe(201);
    expect(ok.body.lines).toHaveLength(1000);
    expect(await journalTotals(a)).toMatchObject({ debit: credit(total), credit: credit(total), balance: '0.00' });
    // The database alone: a raw 1,000-line entry one cent off fails at COMMIT.
    const id = crypto.randomUUID();
    const values = lines.map((l, i) => `('${a.tenantId}', '${id}', ${i + 1}, '2026-03-01', '${l.account}', ${l.debit ?? 0}, ${i === 999 ? credit(total - 1n) : 0})`);
    await expect(app.asAppRole(a.tenantId, [
      `insert into journal_entries (id, tenant_id, number, date, description, source_type) values ('${id}', '${a.tenantId}', 905, '2026-03-01', 'raw', 'manual')`,
      `insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit) values ${values.join(', ')}`,
    ])).rejects.toThrow(/Journal entry 905 is unbalanced/);
  });

  test('lines on a heading account or on another tenant\'s account are refused by the database', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    await app.post('/api/v1/ledger/accounts', { code: '4300777', name: 'Solo de B' }, b.token);
    const id = crypto.randomUUID();
    const entry = `insert into journal_entries (id, tenant_id, number, date, description, source_type) values ('${id}', '${a.tenantId}', 904, '2026-03-01', 'raw', 'manual')`;
    await expect(app.asAppRole(a.tenantId, [entry, `insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit) values
      ('${a.tenantId}', '${id}', 1, '2026-03-01', '430', 5, 0), ('${a.tenantId}', '${id}', 2, '2026-03-01', '7000', 0, 5)`])).rejects.toThrow(/heading/);
    await expect(app.asAppRole(a.tenantId, [entry, `insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit) values
      ('${a.tenantId}', '${id}', 1, '2026-03-01', '4300777', 5, 0), ('${a.tenantId}', '${id}', 2, '2026-03-01', '7000', 0, 5)`])).rejects.toThrow(/foreign key/);
  });
});

describe('posted entries are immutable', () => {
  test('a reversal request may come without a body', async () => {
    const a = await createCompany(app);
    const entry = (await postEntry(app, a.token, sale, '2026-01-15')).body;
    const res = await app.request('POST', `/api/v1/ledger/entries/${entry.id}/reverse`, { token: a.token });
    expect(res.status).toBe(201);
    expect(res.body.reversal_of).toBe(entry.id);
  });

  test('the API offers no way to change or delete an entry', async () => {
    const a = await createCompany(app);
    const entry = (await postEntry(app, a.token, sale)).body;
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      const res = await app.request(method, `/api/v1/ledger/entries/${entry.id}`, { body: method === 'DELETE' ? undefined : { description: 'cambiado', lines: [] }, token: a.token });
      expect([404, 405]).toContain(res.status);
    }
    expect((await app.get(`/api/v1/ledger/entries/${entry.id}`, a.token)).body).toEqual(entry);
  });

  test('UPDATE and DELETE of posted rows are refused by the database (app role and owner alike)', async () => {
    const a = await createCompany(app);
    const entry = (await postEntry(app, a.token, sale)).body;
    const before = await app.get('/api/v1/ledger/trial-balance', a.token);
    // The application role holds no UPDATE privilege on the journal…
    await expect(app.asAppRole(a.tenantId, `update journal_lines set debit = 1 where entry_id = '${entry.id}' and line_no = 1`)).rejects.toThrow(/permission denied/);
    await expect(app.asAppRole(a.tenantId, `update journal_entries set description = 'x' where id = '${entry.id}'`)).rejects.toThrow(/permission denied/);
    // …and the triggers refuse deletes from it and every change from the owner.
    await expect(app.asAppRole(a.tenantId, `delete from journal_lines where entry_id = '${entry.id}'`)).rejects.toThrow(/Line 1 of journal entry 1 is posted and immutable/);
    await expect(app.asAppRole(a.tenantId, `delete from journal_entries where id = '${entry.id}'`)).rejects.toThrow(/Journal entry 1 is posted and immutable/);
    await expect(app.asOwner(`update journal_lines set debit = 1, credit = 0 where entry_id = '${entry.id}' and line_no = 1`)).rejects.toThrow(/posted and immutable/);
    await expect(app.asOwner(`update journal_entries set date = '2020-01-01' where id = '${entry.id}'`)).rejects.toThrow(/posted and immutable/);
    await expect(app.asOwner(`delete from journal_lines where entry_id = '${entry.id}'`)).rejects.toThrow(/posted and immutable/);
    await expect(app.asOwner(`truncate journal_lines`)).rejects.toThrow(/cannot be truncated/);
    // No line can be added to a posted entry either.
    await expect(app.asAppRole(a.tenantId, `insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit)
      values ('${a.tenantId}', '${entry.id}', 4, '2026-01-15', '572', 1, 0), ('${a.tenantId}', '${entry.id}', 5, '2026-01-15', '7000', 0, 1)`)).rejects.toThrow(/posted and immutable/);
    expect((await app.get(`/api/v1/ledger/entries/${entry.id}`, a.token)).body).toEqual(entry);
    expect((await app.get('/api/v1/ledger/trial-balance', a.token)).body).toEqual(before.body);
  });

  test('only the erasure flow deletes books, and only its own tenant\'s', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    await postEntry(app, a.token, sale);
    await postEntry(app, b.token, sale);
    // The erasure flag for another tenant does not open this one's rows.
    await expect(app.asAppRole(a.tenantId, [`select set_config('cuadra.erasing_tenant', '${b.tenantId}', true)`, `delete from journal_lines`])).rejects.toThrow(/immutable/);
    const { LedgerService } = await import('../../../plugins/ledger/api');
    await app.kernel.unitOfWork(null).run((tx) => LedgerService.eraseTenantBooks(tx), { tenantId: a.tenantId });
    expect(await app.asAppRole(a.tenantId, `select 1 from journal_lines union all select 1 from journal_entries union all select 1 from accounts`)).toHaveLength(0);
    expect((await app.get('/api/v1/ledger', b.token)).body.total).toBe(1);
    expect((await journalTotals(b)).debit).toBe('1210.00');
  });
});

describe('reversal', () => {
  test('swaps every line, links both entries, and happens once', async () => {
    const a = await createCompany(app);
    const vat21 = (await app.get('/api/v1/taxes?kind=vat', a.token)).body.items.find((type: any) => type.code === 'IVA21').id;
    const entry = (await postEntry(app, a.token, [
      { account: '4300', debit: '1210.00' }, { account: '7000', credit: '1000.00' },
      { account: '477', credit: '210.00', tax_type_id: vat21, tax_base: '1000.00' },
    ], '2026-01-15')).body;
    expect((await app.post(`/api/v1/ledger/entries/${entry.id}/reverse`, { date: '2026-01-14' }, a.token)).status).toBe(422);
    expect((await app.post(`/api/v1/ledger/entries/${entry.id}/reverse`, { date: 'ayer' }, a.token)).status).toBe(422);
    const reversal = await app.post(`/api/v1/ledger/entries/${entry.id}/reverse`, { date: '2026-02-01', description: 'Factura anulada' }, a.token);
    expect(reversal.status).toBe(201);
    expect(reversal.body).toMatchObject({ number: 2, date: '2026-02-01', description: 'Factura anulada', reversal_of: entry.id, source_type: 'manual' });
    expect(reversal.body.lines.map((l: any) => [l.account, l.debit, l.credit, l.tax_base])).toEqual([
      ['4300', '0.00', '1210.00', null], ['7000', '1000.00', '0.00', null], ['477', '210.00', '0.00', '-1000.00'],
    ]);
    expect((await app.get(`/api/v1/ledger/entries/${entry.id}`, a.token)).body.reversed_by).toBe(reversal.body.id);
    expect((await app.post(`/api/v1/ledger/entries/${entry.id}/reverse`, {}, a.token)).status).toBe(409);
    const tb = (await app.get('/api/v1/ledger/trial-balance', a.token)).body;
    expect(tb.accounts.every((r: any) => r.balance === '0.00')).toBe(true);
    expect(tb.totals).toMatchObject({ debit: '2420.00', credit: '2420.00', balance: '0.00' });
  });

  test("another tenant's entry cannot be reversed or read: 404 exactly like a missing id", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const entry = (await postEntry(app, a.token, sale)).body;
    const foreign = await app.post(`/api/v1/ledger/entries/${entry.id}/reverse`, {}, b.token);
    const missing = await app.post(`/api/v1/ledger/entries/${crypto.randomUUID()}/reverse`, {}, b.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await app.get(`/api/v1/ledger/entries/${entry.id}`, b.token)).status).toBe(404);
    expect((await app.get('/api/v1/ledger', b.token)).body.total).toBe(0);
    expect((await app.get(`/api/v1/ledger/entries/${entry.id}`, a.token)).body.reversed_by).toBeNull();
    // A reversal row pointing at another tenant's entry cannot even be stored (composite foreign key).
    const id = crypto.randomUUID();
    await expect(app.asAppRole(b.tenantId, [
      `insert into journal_entries (id, tenant_id, number, date, description, source_type, reversal_of) values ('${id}', '${b.tenantId}', 1, '2026-03-01', 'x', 'manual', '${entry.id}')`,
      `insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit) values ('${b.tenantId}', '${id}', 1, '2026-03-01', '4300', 1, 0), ('${b.tenantId}', '${id}', 2, '2026-03-01', '7000', 0, 1)`,
    ])).rejects.toThrow(/foreign key/);
  });
});

describe('cross-tenant', () => {
  test("GET /ledger/account/{code} of another tenant's sub-account is 404, like a code that does not exist", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    expect((await app.post('/api/v1/ledger/accounts', { code: '4300123', name: 'Cliente secreto de A' }, a.token)).status).toBe(201);
    await postEntry(app, a.token, [{ account: '4300123', debit: '99.00' }, { account: '7050', credit: '99.00' }]);
    expect((await app.get('/api/v1/ledger/account/4300123', a.token)).status).toBe(200);
    const foreign = await app.get('/api/v1/ledger/account/4300123', b.token);
    const missing = await app.get('/api/v1/ledger/account/4300999', b.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    // B's shared chart accounts show none of A's movements.
    expect((await app.get('/api/v1/ledger/account/7050', b.token)).body).toMatchObject({ total: 0, closing_balance: '0.00' });
    expect((await app.get('/api/v1/ledger/accounts?prefix=4300', b.token)).body.map((x: any) => x.code)).not.toContain('4300123');
    expect((await app.get('/api/v1/ledger/export', b.token)).text).not.toContain('4300123');
  });
});

describe('reports', () => {
  test('journal filters, account statement with running balance, trial balance by period and level', async () => {
    const a = await createCompany(app);
    const contact = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente Uno SL' }, a.token)).body.id;
    await postEntry(app, a.token, [{ account: '572', debit: '3000.00' }, { account: '100', credit: '3000.00' }], '2025-12-31', 'Capital inicial');
    await postEntry(app, a.token, [{ account: '4300', debit: '1210.00', contact_id: contact }, { account: '7000', credit: '1000.00' }, { account: '477', credit: '210.00' }], '2026-01-10', 'Factura 1');
    await postEntry(app, a.token, [{ account: '572', debit: '1210.00' }, { account: '4300', credit: '1210.00', contact_id: contact }], '2026-01-20', 'Cobro factura 1');
    await postEntry(app, a.token, [{ account: '626', debit: '2.50' }, { account: '572', credit: '2.50' }], '2026-02-03', 'Comisión');

    const byAccount = await app.get('/api/v1/ledger?account=43', a.token);
    expect(byAccount.body.items.map((e: any) => e.description)).toEqual(['Factura 1', 'Cobro factura 1']);
    expect(byAccount.body.items[0].lines).toHaveLength(3);
    expect((await app.get(`/api/v1/ledger?contact_id=${contact}`, a.token)).body.total).toBe(2);
    expect((await app.get('/api/v1/ledger?from=2026-01-15&to=2026-01-31', a.token)).body.items.map((e: any) => e.number)).toEqual([3]);
    const page = await app.get('/api/v1/ledger?limit=2&offset=1', a.token);
    expect(page.body).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(page.body.items.map((e: any) => e.number)).toEqual([2, 3]);
    expect((await app.get('/api/v1/ledger?source_type=invoice', a.token)).body.total).toBe(0);

    const mayor = await app.get('/api/v1/ledger/account/572?from=2026-01-01', a.token);
    expect(mayor.body).toMatchObject({ account: '572', opening_balance: '3000.00', debit: '1210.00', credit: '2.50', closing_balance: '4207.50', total: 2 });
    expect(mayor.body.items.map((i: any) => [i.entry_number, i.debit, i.credit, i.balance])).toEqual([[3, '1210.00', '0.00', '4210.00'], [4, '0.00', '2.50', '4207.50']]);
    const second = await app.get('/api/v1/ledger/account/572?from=2026-01-01&limit=1&offset=1', a.token);
    expect(second.body.items.map((i: any) => i.balance)).toEqual(['4207.50']);

    const year = (await app.get('/api/v1/ledger/trial-balance?from=2026-01-01&to=2026-12-31', a.token)).body;
    expect(year.accounts.map((r: any) => [r.account, r.debit, r.credit, r.debit_balance, r.credit_balance])).toEqual([
      ['4300', '1210.00', '1210.00', '0.00', '0.00'],
      ['477', '0.00', '210.00', '0.00', '210.00'],
      ['572', '1210.00', '2.50', '1207.50', '0.00'],
      ['626', '2.50', '0.00', '2.50', '0.00'],
      ['7000', '0.00', '1000.00', '0.00', '1000.00'],
    ]);
    expect(year.totals).toEqual({ debit: '2422.50', credit: '2422.50', balance: '0.00', debit_balance: '1210.00', credit_balance: '1210.00' });
    const groups = (await app.get('/api/v1/ledger/trial-balance?level=1', a.token)).body;
    expect(groups.accounts.map((r: any) => [r.account, r.name, r.balance])).toEqual([
      ['1', 'Financiación básica', '-3000.00'], ['4', 'Acreedores y deudores por operaciones comerciales', '-210.00'],
      ['5', 'Cuentas financieras', '4207.50'], ['6', 'Compras y gastos', '2.50'], ['7', 'Ventas e ingresos', '-1000.00'],
    ]);
    expect(groups.totals.balance).toBe('0.00');
  });

  test('CSV export: one row per line, quoted, formula-safe', async () => {
    const a = await createCompany(app);
    await postEntry(app, a.token, sale, '2026-01-15', '=HYPERLINK("http://x"), "venta"');
    const res = await app.get('/api/v1/ledger/export?format=csv', a.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const rows = res.text.trim().split('\r\n');
    expect(rows[0]).toBe('entry_number,date,entry_id,description,source_type,source_id,reversal_of,line_no,account,account_name,debit,credit,contact_id,tax_type_id,tax_base');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://x""), ""venta"""`);
    expect(rows[3]).toContain(',3,477,"Hacienda Pública, IVA repercutido",0.00,210.00,');
  });
});

describe('account plugin hooks', () => {
  const hasAccountPlugin = existsSync(join(import.meta.dir, '../../../plugins/account/index.ts'));
  if (!hasAccountPlugin) console.warn('SKIPPED: plugins/account is not installed; the GDPR export/erasure hooks of the ledger were not exercised.');

  test.skipIf(!hasAccountPlugin)('the GDPR export carries the ledger, and deleting the sole owner erases the books', async () => {
    const a = await createCompany(app);
    await app.post('/api/v1/ledger/accounts', { code: '4300042', name: 'Cliente exportado' }, a.token);
    const entry = (await postEntry(app, a.token, [{ account: '4300042', debit: '12.00' }, { account: '7050', credit: '12.00' }], '2026-06-01', 'Exportable')).body;
    await app.post(`/api/v1/ledger/entries/${entry.id}/reverse`, {}, a.token);
    const exported = await app.get('/api/v1/account/export', a.token);
    expect(exported.status).toBe(200);
    const section = JSON.parse(exported.text).tenants.find((t: any) => t.sections?.ledger).sections.ledger;
    expect(section.accounts).toEqual([{ code: '4300042', name: 'Cliente exportado', parent_code: '4300' }]);
    expect(section.journal.map((e: any) => [e.number, e.description, e.lines.length])).toEqual([[1, 'Exportable', 2], [2, 'Anulación del asiento 1: Exportable', 2]]);

    const deleted = await app.post('/api/v1/account/delete', { password: a.password }, a.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted_tenant_ids).toEqual([a.tenantId]);
    for (const table of ['journal_lines', 'journal_entries', 'accounts', 'ledger_counters']) {
      expect([table, await app.asOwner(`select 1 from ${table} where tenant_id = '${a.tenantId}'`)]).toEqual([table, []]);
    }
  });
});

describe('journal files out and in (GET /ledger/export, POST /ledger/import)', () => {
  const upload = (token: string, content: string | Uint8Array, mapping?: string, name = 'diario.csv') => {
    const form = new FormData();
    form.append('file', new File([content], name));
    if (mapping !== undefined) form.append('mapping', mapping);
    return app.request('POST', '/api/v1/ledger/import', { token, form });
  };
  const trial = async (token: string) => {
    const res = await app.get('/api/v1/ledger/trial-balance', token);
    expect(res.status).toBe(200);
    return { accounts: res.body.accounts, totals: res.body.totals };
  };
  const HEADER = 'entry_number,date,description,account,account_name,debit,credit';

  /** A company with a couple of dozen entries: sales, purchases, payments, one own sub-account and a reversal. */
  async function companyWithBooks() {
    const a = await createCompany(app);
    expect((await app.post('/api/v1/ledger/accounts', { code: '4300007', name: 'Cliente, "el de siempre"' }, a.token)).status).toBe(201);
    for (let i = 1; i <= 8; i++) {
      const day = `2026-0${1 + (i % 6)}-1${i % 10}`;
      const base = `${100 * i}.${String(i * 7 % 100).padStart(2, '0')}`;
      const vat = (Number(base.replace('.', '')) * 21 / 100 / 100).toFixed(2);
      const total = ((Number(base.replace('.', '')) + Number(vat.replace('.', ''))) / 100).toFixed(2);
      const sale = await postEntry(app, a.token, [{ account: '4300007', debit: total }, { account: '7000', credit: base }, { account: '477', credit: vat }], day, `Venta ${i}; factura F-${i}`);
      expect(sale.status).toBe(201);
      expect((await postEntry(app, a.token, [{ account: '572', debit: total }, { account: '4300007', credit: total }], day, `Cobro ${i}`)).status).toBe(201);
      expect((await postEntry(app, a.token, [{ account: '600', debit: '50.10' }, { account: '472', debit: '10.52' }, { account: '4000', credit: '60.62' }], day, `=Compra ${i}`)).status).toBe(201);
      if (i === 3) expect((await app.post(`/api/v1/ledger/entries/${sale.body.id}/reverse`, {}, a.token)).status).toBe(201);
    }
    return a;
  }

  test('round trip: the CSV export imported into an empty company gives the same trial balance; the same file twice posts once; XLSX too', async () => {
    const source = await companyWithBooks();
    const exported = await app.get('/api/v1/ledger/export?format=csv', source.token);
    expect(exported.status).toBe(200);
    const expected = await trial(source.token);
    expect(expected.accounts.length).toBeGreaterThan(5);

    const target = await createCompany(app);
    const first = await upload(target.token, exported.text);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ entries: 25, lines: 67, accounts_created: ['4300007'], first_number: 1, last_number: 25, already_imported: false });
    expect(await trial(target.token)).toEqual(expected);
    const created = (await app.get('/api/v1/ledger/accounts?prefix=4300007', target.token)).body;
    expect(created.map((acc: any) => [acc.code, acc.name, acc.parent_code])).toEqual([['4300007', 'Cliente, "el de siempre"', '4300']]);
    const journal = (await app.get('/api/v1/ledger?limit=2', target.token)).body;
    expect(journal.items[0]).toMatchObject({ source_type: 'ledger_import', source_id: first.body.id });
    const descriptions = async (token: string) => (await app.get('/api/v1/ledger?limit=100', token)).body.items.map((e: any) => [e.date, e.description]);
    expect(await descriptions(target.token)).toEqual(await descriptions(source.token));

    const again = await upload(target.token, exported.text, undefined, 'otra-vez.csv');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, already_imported: true, entries: 25 });
    expect(await trial(target.token)).toEqual(expected);

    const xlsx = await app.handle(new Request('http://localhost/api/v1/ledger/export?format=xlsx', { headers: { authorization: `Bearer ${source.token}` } }));
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const other = await createCompany(app);
    const fromXlsx = await upload(other.token, new Uint8Array(await xlsx.arrayBuffer()), undefined, 'diario.xlsx');
    expect(fromXlsx.status).toBe(201);
    expect(await trial(other.token)).toEqual(expected);

    // another company importing the same file is a first import of its own
    expect((await upload(other.token, exported.text)).body.already_imported).toBe(false);
    expect((await app.get('/api/v1/ledger', source.token)).body.total).toBe(25);
  });

  test('a file from Spanish accounting software: ISO-8859-1, semicolons; its accents arrive intact', async () => {
    const b = await createCompany(app);
    const text = ['entry_number;date;description;account;account_name;debit;credit',
      '1;2026-02-03;Compra de café y azúcar, señal;600;Compras de mercaderías;12.40;',
      '1;2026-02-03;Compra de café y azúcar, señal;572;Bancos;;12.40'].join('\r\n');
    const latin1 = Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
    expect(latin1.some((byte) => byte > 0x7f)).toBe(true); // not valid UTF-8: decoded as ISO-8859-1
    const res = await upload(b.token, latin1);
    expect(res.status).toBe(201);
    const exported = await app.get('/api/v1/ledger/export?format=csv', b.token);
    expect(exported.text).toContain('Compra de café y azúcar, señal');
  });

  test('refusals: unbalanced entries with their lines, accounts of no known group, the period lock, roles; nothing written', async () => {
    const a = await createCompany(app);
    const unbalanced = [HEADER,
      '1,2026-02-01,Bien,572,,100.00,', '1,2026-02-01,Bien,7000,,,100.00',
      '2,2026-02-02,Mal,572,,100.00,', '2,2026-02-02,Mal,7000,,,99.99',
      '3,2026-02-03,Mal también,600,,5.00,', '3,2026-02-03,Mal también,400,,,5.01'].join('\r\n');
    const refused = await upload(a.token, unbalanced);
    expect(refused.status).toBe(422);
    expect(refused.body.detail.map((e: any) => e.msg)).toEqual([
      'Entry 2 (lines 4, 5) does not balance: debit 100.00, credit 99.99',
      'Entry 3 (lines 6, 7) does not balance: debit 5.00, credit 5.01',
    ]);

    const unknown = [HEADER, '1,2026-02-01,Alta,9990001,Rara,10.00,', '1,2026-02-01,Alta,43000012,Cliente propio,,10.00'].join('\n');
    const noGroup = await upload(a.token, unknown);
    expect(noGroup.status).toBe(422);
    expect(noGroup.body.detail.map((e: any) => [e.loc, e.msg.split(' is ')[0]])).toEqual([[['body', 'file', 2], 'Account 9990001']]);
    expect((await upload(a.token, unknown, '{"9990001": "5720001", "43000012": "4300012"}')).status).toBe(201);
    expect((await app.get('/api/v1/ledger/accounts?prefix=43000', a.token)).body.map((acc: any) => acc.code)).not.toContain('43000012');
    expect((await trial(a.token)).accounts.map((r: any) => r.account)).toEqual(['4300012', '5720001']);

    for (const bad of ['{"x": 5}', 'not json']) expect((await upload(a.token, unknown, bad)).status).toBe(422);
    const hostile: (string | Uint8Array)[] = [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0xff, 0x13]), new Uint8Array([0, 1, 2, 0xfe, 0xff]),
      `${HEADER}\n1,2026-02-01,${'x'.repeat(600)},57200000000001,,1.00,\n1,2026-02-01,X,7000,,,1.00`, `${HEADER}\n"unterminated,2026-02-01`];
    for (const bad of hostile) expect((await upload(a.token, bad)).status).toBe(422);
    expect((await upload(a.token, unknown, JSON.stringify({ a: { b: [1] } }))).status).toBe(422);
    for (const bad of ['date,account\n2026-01-01,572', `${HEADER}\n1,2026-02-30,X,572,,1.00,\n1,2026-02-30,X,7000,,,1.00`, `${HEADER}\n1,2026-02-01,X,572,,1.001,\n1,2026-02-01,X,7000,,,1.001`, '']) {
      expect((await upload(a.token, bad)).status).toBe(422);
    }

    expect((await app.request('PUT', '/api/v1/ledger/lock', { token: a.token, body: { locked_until: '2026-03-31' } })).status).toBe(200);
    const locked = await upload(a.token, [HEADER, '1,2026-04-01,Abierto,572,,1.00,', '1,2026-04-01,Abierto,7000,,,1.00', '2,2026-03-31,Cerrado,572,,1.00,', '2,2026-03-31,Cerrado,7000,,,1.00'].join('\n'));
    expect(locked.status).toBe(409);
    expect((await app.get('/api/v1/ledger', a.token)).body.total).toBe(1);
    expect(await app.asOwner(`select count(*)::int as n from ledger_imports where tenant_id = '${a.tenantId}'`)).toEqual([{ n: 1 }]);

    const viewer = await createApiKey(app, a.token, 'viewer');
    expect((await upload(viewer.key, [HEADER, '1,2026-05-01,X,572,,1.00,', '1,2026-05-01,X,7000,,,1.00'].join('\n'))).status).toBe(403);
  });

  test('tenancy: an import lands in the caller\'s company only; its import rows are invisible to another', async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const file = [HEADER, '1,2026-05-01,Solo de A,572,,7.00,', '1,2026-05-01,Solo de A,7000,,,7.00'].join('\n');
    const imported = await upload(a.token, file);
    expect(imported.status).toBe(201);
    expect((await app.get('/api/v1/ledger', b.token)).body.total).toBe(0);
    expect((await app.get('/api/v1/ledger/export', b.token)).text).not.toContain('Solo de A');
    expect(await app.asAppRole(b.tenantId, `select id from ledger_imports`)).toEqual([]);
    expect((await app.asAppRole(a.tenantId, `select id::text from ledger_imports`)).map((r: any) => r.id)).toEqual([imported.body.id]);
    // the same file in B posts in B, as its own first import
    expect((await upload(b.token, file)).body).toMatchObject({ already_imported: false, entries: 1 });
  });
});
