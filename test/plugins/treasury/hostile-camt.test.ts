/**
 * Hostile CAMT.053 files, generated here: an external (SYSTEM) entity, billion laughs, 10,000
 * levels of nesting, a very wide file, a file over the size limit and giant lines. Each answers a
 * clear 4xx, none a 5xx, and nothing is imported; the time and RSS growth of each are printed.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { CAMT_LIMITS } from '../../../plugins/treasury/importers/camt053';
import { startTestApp, type TestApp } from '../../support/app';
import { createCompany, type TestCompany } from '../../support/factories';
import { camt053 } from './camt-builder';

const IBAN = 'ES9121000418450200051332';
let app: TestApp;
let company: TestCompany;
let treasuryId: string;

beforeAll(async () => {
  app = await startTestApp();
  company = await createCompany(app);
  const bank = await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Banco', iban: IBAN, opening_balance: '0.00', opening_date: '2025-12-31' }, company.token);
  treasuryId = bank.body.id;
}, 300_000);
afterAll(() => app?.close());

const valid = camt053('08', IBAN);
const [head, rest] = [valid.slice(0, valid.indexOf('<Document')), valid.slice(valid.indexOf('<Document'))];
const firstEntry = valid.slice(valid.indexOf('<Ntry>'), valid.indexOf('</Ntry>') + '</Ntry>'.length);
const withDoctype = (doctype: string, body: string) => `${head}${doctype}\n${body}`;
const laughs = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`)].join('');

const HOSTILE: [string, () => string, number][] = [
  ['XXE: a SYSTEM entity', () => withDoctype('<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>', rest.replace('Factura F-2026-000001', '&xxe;')), 422],
  ['billion laughs', () => withDoctype(`<!DOCTYPE Document [${laughs}]>`, rest.replace('Factura F-2026-000001', '&lol9;')), 422],
  ['10,000 levels of nesting', () => valid.replace('<Ntry>', `<Ntry>${'<X>'.repeat(10_000)}${'</X>'.repeat(10_000)}`), 422],
  ['a very wide file (450,000 attributes and elements)', () => valid.replace('<Ntry>', `<Ntry><W${Array.from({ length: 200_000 }, (_, i) => ` a${i}=""`).join('')}/>${'<Y/>'.repeat(250_000)}`), 422],
  ['a file over the size limit (30 MB of entries)', () => valid.replace(firstEntry, firstEntry.repeat(Math.ceil(30_000_000 / firstEntry.length))), 413],
  ['a giant line (a 2 MB remittance text)', () => valid.replace('Factura F-2026-000001', 'x'.repeat(2_000_000)), 422],
];

test('every hostile CAMT file answers a clear 4xx and imports nothing', async () => {
  const upload = (content: string) => {
    const form = new FormData();
    form.append('file', new File([content], 'extracto.xml'));
    return app.request('POST', `/api/v1/treasuries/${treasuryId}/import`, { token: company.token, form });
  };
  const figures: string[] = [];
  const answers: [string, number, boolean][] = [];
  for (const [name, build] of HOSTILE) {
    const content = build();
    Bun.gc(true);
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(content);
    const ms = performance.now() - started;
    const grown = Math.max(0, process.memoryUsage().rss - rss);
    figures.push(`${name}: ${(content.length / 1e6).toFixed(1)} MB → ${res.status} in ${ms.toFixed(0)} ms, RSS +${(grown / 1024 / 1024).toFixed(0)} MB (${String(JSON.stringify(res.body?.detail ?? res.body)).slice(0, 110)})`);
    const clear = typeof res.body?.detail === 'string' ? res.body.detail.length > 10 : Array.isArray(res.body?.detail) && res.body.detail[0]?.msg?.length > 10;
    answers.push([name, res.status, clear]);
  }
  console.log(`hostile CAMT files (limits ${JSON.stringify(CAMT_LIMITS)}):\n  ${figures.join('\n  ')}`);
  expect(answers.map(([name, status]) => [name, status])).toEqual(HOSTILE.map(([name, , expected]) => [name, expected]));
  expect(answers.filter(([, status]) => status >= 500)).toEqual([]);
  expect(answers.filter(([, , clear]) => !clear)).toEqual([]);
  const movements = await app.get(`/api/v1/bank-movements?treasury_id=${treasuryId}`, company.token);
  expect(movements.body.items).toEqual([]);
  // the valid statement still imports
  const imported = await upload(valid);
  expect(imported.status).toBe(200);
  expect(imported.body.imported).toBeGreaterThan(0);
}, 300_000);
