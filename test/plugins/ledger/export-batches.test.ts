import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { postEntry, startLedgerApp, type LedgerTestApp } from './helpers';

/**
 * The streamed journal exports read each batch in its own short report (journalBatches in
 * plugins/ledger/service.ts): a download the client has stopped reading holds no transaction and
 * no pooled connection. The app runs with ONE pooled connection (PGlite has one session anyway):
 * a request made while a download is paused only completes when the export holds nothing.
 */
let app: LedgerTestApp;
let a: TestCompany;
const ENTRIES = 1200; // 2400 ContaPlus records of 1191 bytes: ~2.7 MiB, beyond what the response queues (1 MiB)

beforeAll(async () => {
  const saved = process.env.DATABASE_POOL_MAX;
  process.env.DATABASE_POOL_MAX = '1';
  try {
    app = await startLedgerApp();
  } finally {
    if (saved === undefined) delete process.env.DATABASE_POOL_MAX; else process.env.DATABASE_POOL_MAX = saved;
  }
  a = await createCompany(app);
  let csv = 'entry_number,date,description,account,debit,credit\n';
  for (let i = 1; i <= ENTRIES; i++) {
    const date = `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    csv += `${i},${date},Venta ${i},572,${i}.25,\n${i},${date},Venta ${i},7000,,${i}.25\n`;
  }
  const form = new FormData();
  form.append('file', new File([csv], 'diario.csv'));
  const imported = await app.request('POST', '/api/v1/ledger/import', { token: a.token, form });
  expect(imported.status).toBe(201);
}, 300_000);
afterAll(() => app?.close());

const download = (path: string, token: string) =>
  app.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.7' } }));

async function rest(reader: { read(): Promise<{ done: boolean; value?: Uint8Array }> }, first: Uint8Array): Promise<string> {
  const chunks = [first];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value!);
  }
  return Buffer.concat(chunks).toString('latin1');
}

describe('a paused journal download holds no connection (one pooled connection)', () => {
  test('ContaPlus XDiario: other requests answer and write while the client has stopped reading; the file is whole, once, up to where it started', async () => {
    const res = await download('/api/v1/ledger/export?format=contaplus', a.token);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read(); // the export has written; it now waits for the client with most of the file unread
    expect(first.done).toBe(false);

    // with the export holding its transaction open, these would wait for the only connection forever
    const tb = await app.get('/api/v1/ledger/trial-balance', a.token);
    expect(tb.status).toBe(200);
    const late = await postEntry(app, a.token, [{ account: '572', debit: '9.99' }, { account: '7000', credit: '9.99' }], '2026-06-30', 'Posterior a la descarga');
    expect(late.status).toBe(201);

    const records = (await rest(reader, first.value!)).split('\r\n').filter(Boolean);
    expect(records.length).toBe(2 * ENTRIES); // no batch twice, and not the entry posted after the export started
    const asien = records.map((r) => Number(r.slice(0, 6)));
    expect(asien[0]).toBe(1);
    expect(asien.at(-1)).toBe(ENTRIES); // ASIEN counts on across batches: each entry once
    expect(new Set(asien).size).toBe(ENTRIES);
    expect(records.some((r) => r.includes('Posterior a la descarga'))).toBe(false);
  }, 120_000);

});
