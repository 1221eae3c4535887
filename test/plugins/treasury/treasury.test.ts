import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { definePlugin } from '../../../kernel/plugin';
import { startTestApp, type TestApp } from '../../support/app';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';
import { camt053 } from './camt-builder';
import { norma43, WORKED_EXAMPLE, type N43Account, type N43Movement } from './norma43-builder';

const IBAN_1 = 'ES9121000418450200051332'; // CCC 2100 0418 45 0200051332
const IBAN_2 = 'ES7921000813610123456789';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
const ids: Record<string, string> = {};

beforeAll(async () => {
  // a subscriber, so that the events are queued in the outbox (none is stored without one)
  const probe = definePlugin({ name: 'treasury-events-probe', hooks: { events: { 'bank_movement.imported': async () => {}, 'bank_movement.created': async () => {} } } });
  app = await startTestApp({ extraPlugins: [probe] });
  [a, b] = [await createCompany(app), await createCompany(app)];
}, 120_000);
afterAll(() => app?.close());

const upload = (token: string, treasuryId: string, content: string | Uint8Array, name = 'extracto.txt', mapping?: string) => {
  const form = new FormData();
  form.append('file', new File([content], name));
  if (mapping !== undefined) form.append('mapping', mapping);
  return app.request('POST', `/api/v1/treasuries/${treasuryId}/import`, { token, form });
};

const movementsOf = async (token: string, treasuryId: string) =>
  (await app.get(`/api/v1/bank-movements?treasury_id=${treasuryId}&limit=500`, token)).body.items as any[];

const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * The books balance, and every treasury's balance is its 572x balance in the ledger and equals
 * its opening balance plus all its movements.
 */
async function booksAgree(token: string) {
  const trial = (await app.get('/api/v1/ledger/trial-balance', token)).body;
  expect(trial.totals.debit).toBe(trial.totals.credit);
  const treasuries = (await app.get('/api/v1/treasuries?include_archived=true', token)).body.items as any[];
  for (const treasury of treasuries) {
    const account = (await app.get(`/api/v1/ledger/account/${treasury.ledger_account}?limit=1`, token)).body;
    const movements = await movementsOf(token, treasury.id);
    const expected = movements.reduce((sum, m) => sum + cents(m.amount), cents(treasury.opening_balance));
    expect([treasury.name, account.closing_balance, cents(treasury.balance)]).toEqual([treasury.name, treasury.balance, expected]);
  }
}

const first: N43Account = { bank: '2100', branch: '0418', account: '0200051332', start: '260101', end: '260131', movements: WORKED_EXAMPLE };
const other: N43Account = { bank: '2100', branch: '0813', account: '0123456789', start: '260101', end: '260131', movements: [{ date: '260120', common: '02', cents: 100000 }] };

describe('treasuries', () => {
  test('creation assigns 572x and 555x sub-accounts and posts the opening balance; the list shows the balance from the books', async () => {
    const bank = await app.post('/api/v1/treasuries', { kind: 'bank', name: 'BBVA cuenta', iban: 'es91 2100 0418 4502 0005 1332', opening_balance: '1000.00', opening_date: '2025-12-31' }, a.token);
    expect(bank.status).toBe(201);
    expect(bank.body).toMatchObject({ kind: 'bank', iban: IBAN_1, currency: 'EUR', ledger_account: '5720001', suspense_account: '5550001', balance: '1000.00', opening_balance: '1000.00' });
    const entry = (await app.get(`/api/v1/ledger/entries/${bank.body.opening_entry_id}`, a.token)).body;
    expect(entry.lines.map((l: any) => [l.account, l.debit, l.credit])).toEqual([['5720001', '1000.00', '0.00'], ['120', '0.00', '1000.00']]);
    const wallet = await app.post('/api/v1/treasuries', { kind: 'wallet', name: 'PayPal', provider: 'paypal ventas@example.com' }, a.token);
    expect(wallet.body).toMatchObject({ ledger_account: '5720002', suspense_account: '5550002', balance: '0.00', iban: null, opening_entry_id: null });
    ids.bank = bank.body.id;
    ids.wallet = wallet.body.id;
    const list = await app.get('/api/v1/treasuries', a.token);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, limit: 50, offset: 0 });
    expect(list.body.items.map((t: any) => [t.name, t.balance])).toEqual([['BBVA cuenta', '1000.00'], ['PayPal', '0.00']]);
    await booksAgree(a.token);
  });

  test.each([
    ['an invalid IBAN', { kind: 'bank', name: 'X', iban: 'ES9121000418450200051333' }, 'iban'],
    ['an unknown kind', { kind: 'cash', name: 'X' }, 'kind'],
    ['a currency that is not ISO 4217', { kind: 'wallet', name: 'X', currency: 'XYZ' }, 'currency'],
    ['an amount with three decimals', { kind: 'wallet', name: 'X', opening_balance: '1.234' }, 'opening_balance'],
    ['a field that does not exist', { kind: 'wallet', name: 'X', balance: '5.00' }, null],
  ])('creation with %s is a 422', async (_name, body, field) => {
    const res = await app.post('/api/v1/treasuries', body, a.token);
    expect(res.status).toBe(422);
    if (field) expect(res.body.detail.map((d: any) => d.loc.at(-1))).toContain(field);
  });

  test('the same IBAN twice is a conflict; PATCH renames; archived treasuries leave the list and take no movements', async () => {
    expect((await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Otra', iban: IBAN_1 }, a.token)).status).toBe(409);
    const spare = (await app.post('/api/v1/treasuries', { kind: 'payment_processor', name: 'Stripe', provider: 'stripe acct_1' }, a.token)).body;
    const renamed = await app.patch(`/api/v1/treasuries/${spare.id}`, { name: 'Stripe EU' }, a.token);
    expect(renamed.body.name).toBe('Stripe EU');
    expect((await app.patch(`/api/v1/treasuries/${spare.id}`, { iban: 'nope' }, a.token)).status).toBe(422);
    expect((await app.post(`/api/v1/treasuries/${spare.id}/archive`, undefined, a.token)).body.archived).toBe(true);
    expect((await app.get('/api/v1/treasuries', a.token)).body.items.map((t: any) => t.name)).not.toContain('Stripe EU');
    expect((await app.get('/api/v1/treasuries?include_archived=true', a.token)).body.items.map((t: any) => t.name)).toContain('Stripe EU');
    expect((await app.post(`/api/v1/treasuries/${spare.id}/movements`, { date: '2026-01-01', amount: '1.00', description: 'x' }, a.token)).status).toBe(409);
    expect((await upload(a.token, spare.id, 'Fecha;Importe\n01/01/2026;1,00\n')).status).toBe(409);
  });
});

describe('bank movements', () => {
  test('a Norma 43 file with two accounts imports the treasury\'s account: totals checked, zero amounts reported, posted against 555x', async () => {
    const res = await upload(a.token, ids.bank, norma43([other, first]), 'enero.n43');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      format: 'norma43', account: '210004180200051332', other_accounts: ['210008130123456789'], imported: 3, duplicates: 0, rejected: 1,
      from: '2026-01-05', to: '2026-01-12',
    });
    expect(res.body.rejected_lines).toEqual([{ line: 10, reason: 'Zero amount: nothing to book' }]);
    const treasury = (await app.get(`/api/v1/treasuries/${ids.bank}`, a.token)).body;
    expect(treasury.balance).toBe('1101.96');
    const suspense = (await app.get('/api/v1/ledger/account/5550001?limit=1', a.token)).body;
    expect(suspense.closing_balance).toBe('-101.96');
    const movements = await movementsOf(a.token, ids.bank);
    expect(movements.map((m) => [m.date, m.amount, m.status])).toEqual([
      ['2026-01-12', '280.29', 'unmatched'], ['2026-01-07', '-178.30', 'unmatched'], ['2026-01-05', '-0.03', 'unmatched'],
    ]);
    expect(movements[0]).toMatchObject({ booking_date: '2026-01-12', reference: 'F-2026-000001', counterparty: 'TRANSFERENCIA DE CLIENTE EJEMPLO SL', import_id: res.body.import_id });
    ids.movement = movements[0].id;
    await booksAgree(a.token);
  });

  test('re-importing the same file, or one whose period overlaps, imports nothing twice', async () => {
    const again = await upload(a.token, ids.bank, norma43([first, other]));
    expect(again.body).toMatchObject({ imported: 0, duplicates: 3, import_id: null });
    const overlapping: N43Account = {
      ...first, start: '260110', end: '260215', movements: [WORKED_EXAMPLE[3], { date: '260201', common: '17', cents: -1250 }, { date: '260201', common: '17', cents: -1250 }],
    };
    const res = await upload(a.token, ids.bank, norma43([overlapping]));
    expect(res.body).toMatchObject({ imported: 2, duplicates: 1, rejected: 0 });
    expect((await app.get(`/api/v1/treasuries/${ids.bank}`, a.token)).body.balance).toBe('1076.96');
    await booksAgree(a.token);
  });

  test('a Norma 43 file whose totals fail is refused whole, with the line and the reason, and nothing is imported', async () => {
    const before = (await movementsOf(a.token, ids.bank)).length;
    const broken = norma43([{ ...first, start: '260301', end: '260331', movements: [{ date: '260302', cents: 5000 }], totals: { creditCents: 5001 } }]);
    const res = await upload(a.token, ids.bank, broken);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc: ['body', 'file', 3], msg: 'Line 3: Record 33 totals 50.01 in credits; the movements add up to 50.00', type: 'value_error.statement' }]);
    expect((await movementsOf(a.token, ids.bank)).length).toBe(before);
    await booksAgree(a.token);
  });

  test('CAMT.053 and CSV imports; a file for another account and an unknown format are refused', async () => {
    const camtBank = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'CaixaBank', iban: IBAN_2 }, a.token)).body;
    const camt = await upload(a.token, camtBank.id, camt053('08', IBAN_2), 'camt.xml');
    expect(camt.body).toMatchObject({ format: 'camt053', account: IBAN_2, imported: 5, rejected: 1 });
    expect((await upload(a.token, camtBank.id, camt053('08', IBAN_2))).body).toMatchObject({ imported: 0, duplicates: 5 });
    expect((await app.get(`/api/v1/treasuries/${camtBank.id}`, a.token)).body.balance).toBe('1207.50');
    const wrong = await upload(a.token, camtBank.id, camt053('04', IBAN_1));
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0].msg).toBe(`The statement is for ${IBAN_1}, not for this treasury's IBAN ${IBAN_2}`);

    const csv = 'Fecha;Concepto;Cargo;Abono\n02/03/2026;Cobro PayPal;;1.500,00\n03/03/2026;Comisión PayPal;45,30;\n04/03/2026;Roto;x;\n';
    const mapped = await upload(a.token, ids.wallet, csv, 'paypal.csv', JSON.stringify({ date: 'Fecha', description: 'Concepto', debit: 'Cargo', credit: 'Abono' }));
    expect(mapped.body).toMatchObject({ format: 'csv', account: null, imported: 2, rejected: 1, rejected_lines: [{ line: 4, reason: 'Not an amount: "x"' }] });
    expect((await upload(a.token, ids.wallet, csv)).body).toMatchObject({ imported: 0, duplicates: 2 });
    expect((await app.get(`/api/v1/treasuries/${ids.wallet}`, a.token)).body.balance).toBe('1454.70');
    expect((await upload(a.token, ids.wallet, csv, 'x.csv', '{"date": 3}')).status).toBe(422);
    expect((await upload(a.token, ids.wallet, Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0]))).status).toBe(415);
    expect((await upload(a.token, ids.wallet, '')).status).toBe(422);
    await booksAgree(a.token);
  });

  test('an upload over the size limit is a 413 before it is read', async () => {
    const res = await app.handle(new Request(`http://localhost/api/v1/treasuries/${ids.wallet}/import`, {
      method: 'POST', headers: { authorization: `Bearer ${a.token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(64 * 1024 * 1024) }, body: '--x--',
    }));
    expect(res.status).toBe(413);
  });

  test('manual movements post at once; filters by status, period and text; one movement by id', async () => {
    const created = await app.post(`/api/v1/treasuries/${ids.bank}/movements`, { date: '2026-02-10', amount: '-12.10', description: 'Comisión transferencia', counterparty: 'Banco' }, a.token);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ amount: '-12.10', status: 'unmatched', import_id: null });
    expect((await app.get(`/api/v1/bank-movements/${created.body.id}`, a.token)).body.id).toBe(created.body.id);
    for (const body of [{ date: '2026-02-30', amount: '1.00', description: 'x' }, { date: '2026-02-10', amount: '0.00', description: 'x' }, { date: '2026-02-10', amount: '1.001', description: 'x' }]) {
      expect((await app.post(`/api/v1/treasuries/${ids.bank}/movements`, body, a.token)).status).toBe(422);
    }
    const search = await app.get(`/api/v1/bank-movements?search=comision&treasury_id=${ids.bank}`, a.token);
    expect(search.body.items.map((m: any) => m.amount).sort()).toEqual(['-0.03', '-12.10', '-12.50', '-12.50']);
    const period = await app.get(`/api/v1/bank-movements?treasury_id=${ids.bank}&from=2026-01-06&to=2026-01-31`, a.token);
    expect(period.body.items.map((m: any) => m.amount)).toEqual(['280.29', '-178.30']);
    expect((await app.get('/api/v1/bank-movements?status=matched', a.token)).body.total).toBe(0);
    expect((await app.get('/api/v1/bank-movements?status=lost', a.token)).status).toBe(422);
    expect((await app.get('/api/v1/bank-movements?limit=0', a.token)).status).toBe(422);
    expect((await app.get('/api/v1/bank-movements?from=yesterday', a.token)).status).toBe(422);
    await booksAgree(a.token);
  });

  test('the treasury service other plugins use', async () => {
    const treasury = app.kernel.service('treasury');
    const run = <T>(work: (tx: any) => Promise<T>) => app.kernel.unitOfWork(null).run(work, { tenantId: a.tenantId });
    expect(await run((tx) => treasury.suspenseAccount(tx, ids.bank))).toBe('5550001');
    expect(await run((tx) => treasury.ledgerAccount(tx, ids.bank))).toBe('5720001');
    const matched = await run((tx) => treasury.setMovementStatus(tx, ids.movement, 'matched'));
    expect(matched).toMatchObject({ id: ids.movement, treasury_id: ids.bank, date: '2026-01-12', amount: '280.29', status: 'matched' });
    expect((await run((tx) => treasury.listMovements(tx, { status: 'matched', limit: 10, offset: 0 }))).items.map((m) => m.id)).toEqual([ids.movement]);
    expect(await app.kernel.unitOfWork(null).run((tx) => treasury.getMovement(tx, ids.movement), { tenantId: b.tenantId })).toBeNull();
    await run((tx) => treasury.setMovementStatus(tx, ids.movement, 'unmatched'));
  });
});

describe('tenancy and roles', () => {
  test('another company\'s treasuries and movements answer 404 on every route and never appear in lists', async () => {
    const form = new FormData();
    form.append('file', new File(['Fecha;Importe\n01/01/2026;1,00\n'], 'x.csv'));
    const responses = [
      await app.get(`/api/v1/treasuries/${ids.bank}`, b.token),
      await app.patch(`/api/v1/treasuries/${ids.bank}`, { name: 'Mine' }, b.token),
      await app.post(`/api/v1/treasuries/${ids.bank}/archive`, undefined, b.token),
      await app.request('POST', `/api/v1/treasuries/${ids.bank}/import`, { token: b.token, form }),
      await app.post(`/api/v1/treasuries/${ids.bank}/movements`, { date: '2026-01-01', amount: '1.00', description: 'x' }, b.token),
      await app.get(`/api/v1/bank-movements/${ids.movement}`, b.token),
    ];
    expect(responses.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await app.get('/api/v1/treasuries?include_archived=true', b.token)).body.total).toBe(0);
    expect((await app.get(`/api/v1/bank-movements?treasury_id=${ids.bank}`, b.token)).body.total).toBe(0);
    expect((await app.get('/api/v1/bank-movements', b.token)).body.total).toBe(0);
    expect((await app.get(`/api/v1/treasuries/${ids.bank}`, a.token)).body.name).toBe('BBVA cuenta');
  });

  test('the GDPR export carries the company\'s treasuries and movements', async () => {
    const res = await app.get('/api/v1/account/export', a.token);
    const section = res.body.tenants.find((t: any) => t.tenant_id === a.tenantId).sections.treasury;
    expect(section.treasuries.map((t: any) => t.id)).toContain(ids.bank);
    expect(section.movements.map((m: any) => m.id)).toContain(ids.movement);
    expect(section.imports.length).toBeGreaterThan(0);
  });

  test('imports and manual movements publish their after-commit events in the same transaction', async () => {
    const outbox = app.kernel.outbox;
    const deliveries = [...await outbox.deliveries('pending', { tenantId: a.tenantId, limit: 1000 }), ...await outbox.deliveries('delivered', { tenantId: a.tenantId, limit: 1000 })]
      .filter((d) => d.subscriber === 'treasury-events-probe')
      .sort((x, y) => new Date(x.createdAt as any).getTime() - new Date(y.createdAt as any).getTime());
    const events = deliveries.map((d) => ({ name: d.event, payload: typeof d.payload === 'string' ? JSON.parse(d.payload) : d.payload }));
    const imported = events.filter((e: any) => e.name === 'bank_movement.imported').map((e: any) => e.payload);
    expect(imported.filter((p: any) => p.treasury_id === ids.bank).map((p: any) => p.count)).toEqual([3, 2]);
    expect(imported.every((p: any) => typeof p.import_id === 'string')).toBe(true);
    expect(events.filter((e: any) => e.name === 'bank_movement.created').map((e: any) => e.payload)).toEqual([
      expect.objectContaining({ treasury_id: ids.bank, amount: '-12.10', date: '2026-02-10' }),
    ]);
  });

  test('a viewer reads treasuries but does not import', async () => {
    const viewer = await createApiKey(app, a.token, 'viewer');
    expect((await app.get('/api/v1/treasuries', viewer.key)).status).toBe(200);
    expect((await upload(viewer.key, ids.wallet, 'Fecha;Importe\n01/01/2026;1,00\n')).status).toBe(403);
  });
});

test('the database refuses a movement naming a treasury that is not its company\'s, or moving to another treasury', async () => {
  const asCompany = <T>(company: TestCompany, work: (tx: any) => Promise<T>) => app.kernel.unitOfWork(null).run(work, { tenantId: company.tenantId });
  const insert = (treasuryId: string) => (tx: any) => tx.sql(`insert into bank_movements (id, tenant_id, treasury_id, booking_date, amount, fingerprint)
    values (:id::uuid, :tenant, :treasury::uuid, date '2026-02-01', 1, :id::uuid)`, { id: crypto.randomUUID(), treasury: treasuryId });
  const theirs = (await app.post('/api/v1/treasuries', { kind: 'wallet', name: 'Caja B' }, b.token)).body;
  await expect(asCompany(a, insert(theirs.id))).rejects.toThrow(/does not exist/);
  await expect(asCompany(a, insert(crypto.randomUUID()))).rejects.toThrow(/does not exist/);
  await expect(asCompany(a, (tx) => tx.sql(`update bank_movements set treasury_id = :other::uuid where tenant_id = :tenant and id = :id::uuid`,
    { other: ids.wallet, id: ids.movement }))).rejects.toThrow(/does not exist|stays in its treasury/);
  // the company's own treasury is accepted (rolled back: the books would not know the row)
  await expect(asCompany(a, async (tx) => { await insert(ids.wallet)(tx); throw new Error('rolled back'); })).rejects.toThrow('rolled back');
});

test('a statement of several staging batches imports whole; one repeating part of it imports only the rest, equal movements by their ordinal', async () => {
  // company b, whose books the other tests do not list movement by movement (booksAgree reads 500)
  const big = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Grande' }, b.token)).body;
  // 45,000 movements over February; every 997th repeats the one before it (same day, amount and texts)
  const all: N43Movement[] = [];
  for (let i = 0; i < 45_000; i++) {
    const n = i % 997 === 1 ? i - 1 : i;
    all.push({ date: `2602${String(1 + (n % 28)).padStart(2, '0')}`, cents: (n % 3 === 0 ? -1 : 1) * (100 + n), ref2: `R${n}`, concepts: [['01', `CLIENTE ${n % 500}`, '']] });
  }
  const file = (movements: N43Movement[]) => norma43([{ ...first, start: '260201', end: '260228', movements }]);
  const sum = (movements: N43Movement[]) => movements.reduce((total, m) => total + m.cents, 0);
  const firstPart = await upload(b.token, big.id, file(all.slice(0, 30_000)));
  expect(firstPart.body).toMatchObject({ imported: 30_000, duplicates: 0 });
  const whole = await upload(b.token, big.id, file(all));
  expect(whole.body).toMatchObject({ imported: 15_000, duplicates: 30_000 });
  const treasury = (await app.get(`/api/v1/treasuries/${big.id}`, b.token)).body;
  expect(cents(treasury.balance)).toBe(sum(all));
  const account = (await app.get(`/api/v1/ledger/account/${treasury.ledger_account}?limit=1`, b.token)).body;
  expect(account.closing_balance).toBe(treasury.balance);
  expect((await upload(b.token, big.id, file(all))).body).toMatchObject({ imported: 0, duplicates: 45_000 });
}, 120_000);

test('two imports of the same statement at once store each movement once and post it once', async () => {
  const wallet = (await app.post('/api/v1/treasuries', { kind: 'wallet', name: 'Carrera' }, a.token)).body;
  const csv = 'Fecha;Concepto;Importe\n02/03/2026;Cobro uno;10,00\n03/03/2026;Cobro dos;-2,50\n03/03/2026;Cobro dos;-2,50\n';
  const [one, two] = await Promise.all([upload(a.token, wallet.id, csv, 'a.csv'), upload(a.token, wallet.id, csv, 'b.csv')]);
  expect([one.status, two.status]).toEqual([200, 200]);
  expect([one.body.imported + two.body.imported, one.body.duplicates + two.body.duplicates]).toEqual([3, 3]);
  expect((await movementsOf(a.token, wallet.id)).map((m) => m.amount).sort()).toEqual(['-2.50', '-2.50', '10.00']);
  await booksAgree(a.token);
});
