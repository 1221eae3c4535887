import { postgresJs, postgresTarget } from '../../kernel/postgres-url';
import { discoverPlugins } from '../../kernel/loader';
import type { CuadraPlugin } from '../../kernel/plugin';
import { seededTaxTypeId } from '../../plugins/taxes/api';
import { startTestApp, type TestApp } from './app';
import { createCompany, type TestCompany } from './factories';
import { APP_ROLE } from '../../kernel/migration';

/**
 * Helpers for document tests (invoices, purchases): the app with two raw-SQL doors (to prove what
 * the database itself refuses), contacts, tax type ids, decimal arithmetic independent of the code
 * under test, and PDF text extraction.
 */
export interface DocumentsTestApp extends TestApp {
  /** Raw SQL as the application role, in one transaction whose tenant is `tenantId`. */
  asAppRole<T = any>(tenantId: string | null, statements: string | string[]): Promise<T[]>;
  /** Raw SQL as the tables' owner (no row-level security: BYPASSRLS on PostgreSQL, the superuser on PGlite), in one transaction. */
  asOwner<T = any>(statements: string | string[]): Promise<T[]>;
}

/** Every plugin of the repository but the named ones (e.g. the one-statement issue path needs no in-transaction `invoice.issued` subscriber). */
export async function pluginsWithout(...names: string[]): Promise<CuadraPlugin[]> {
  return (await discoverPlugins()).filter((plugin) => !names.includes(plugin.name));
}

export async function startDocumentsApp(options: { plugins?: CuadraPlugin[]; extraPlugins?: CuadraPlugin[]; env?: Record<string, string>; unlimited?: boolean } = {}): Promise<DocumentsTestApp> {
  // Property tests and benchmarks send thousands of requests with one credential: lift the default
  // per-principal rate limits for this app only (they are read from the environment at creation).
  const saved = { user: process.env.RATE_LIMIT_USER, key: process.env.RATE_LIMIT_API_KEY };
  if (options.unlimited) process.env.RATE_LIMIT_USER = process.env.RATE_LIMIT_API_KEY = '100000000';
  let app: TestApp;
  try {
    app = await startTestApp({ plugins: options.plugins, extraPlugins: options.extraPlugins, env: options.env });
  } finally {
    if (options.unlimited) {
      if (saved.user === undefined) delete process.env.RATE_LIMIT_USER; else process.env.RATE_LIMIT_USER = saved.user;
      if (saved.key === undefined) delete process.env.RATE_LIMIT_API_KEY; else process.env.RATE_LIMIT_API_KEY = saved.key;
    }
  }
  const asAppRole = async <T>(tenantId: string | null, statements: string | string[]): Promise<T[]> => {
    const em = app.kernel.db.orm.em.fork();
    em.setSessionContext({ variables: { 'app.tenant_id': tenantId ?? '' } });
    return em.transactional(async (tx) => {
      let last: T[] = [];
      for (const sql of [statements].flat()) last = await tx.getConnection().execute<T[]>(sql, [], 'all', tx.getTransactionContext());
      return last;
    });
  };
  const pglite = app.pglite;
  const asOwner = async <T>(statements: string | string[]): Promise<T[]> => {
    const list = [statements].flat();
    if (pglite) {
      await pglite.exec('reset role');
      try {
        return await pglite.transaction(async (tx) => {
          let last: T[] = [];
          for (const sql of list) last = (await tx.query<T>(sql)).rows;
          return last;
        });
      } finally {
        await pglite.exec(`set role ${APP_ROLE}`);
      }
    }
    const sql = postgresJs(postgresTarget(app.config.databaseOwnerUrl!), { max: 1 });
    try {
      return await sql.begin(async (tx) => {
        let last: any = [];
        for (const statement of list) last = await tx.unsafe(statement);
        return [...last] as T[];
      }) as T[];
    } finally {
      await sql.end();
    }
  };
  return Object.assign(app, { asAppRole, asOwner });
}

/** The id of a catalogue tax type of the company ('IVA21', 'RE52', 'IRPF15', …). */
export const taxId = (company: Pick<TestCompany, 'tenantId'>, code: string): string => seededTaxTypeId(company.tenantId, code);

/**
 * A contact with what an invoice to it needs (RD 1619/2012 art. 6.1.d-e): a business customer gets
 * an address and, in Spain, a tax number unless the test gives its own (or null).
 */
export async function createContact(app: TestApp, token: string, fields: Record<string, unknown>): Promise<any> {
  const business = (fields.customer_type ?? 'business') === 'business';
  const spanish = ((fields.country as string | undefined) ?? 'ES').toUpperCase() === 'ES';
  const defaults = business ? { address: 'Avenida Diagonal 100', city: 'Barcelona', ...(spanish ? { postal_code: '08019', vat: 'B65410011' } : {}) } : {};
  const res = await app.post('/api/v1/contacts', { kind: 'customer', ...defaults, ...fields }, token);
  if (res.status !== 201) throw new Error(`contact not created: ${res.status} ${res.text}`);
  return res.body;
}

/** POSTs a document (invoice, purchase) that must be created (201), and answers its body. */
export async function createDocument(app: TestApp, path: string, body: Record<string, unknown>, token: string): Promise<any> {
  const res = await app.post(path, body, token);
  if (res.status !== 201) throw new Error(`${path} not created: ${res.status} ${res.text}`);
  return res.body;
}

/** A journal entry as the ledger answers it. */
export const journalEntryOf = async (app: TestApp, token: string, id: string) => (await app.get(`/api/v1/ledger/entries/${id}`, token)).body;

/** A documents app with one company (one app per test file). */
export async function startWithCompany(): Promise<{ app: DocumentsTestApp; company: TestCompany }> {
  const app = await startDocumentsApp();
  return { app, company: await createCompany(app) };
}

/** Cents of a decimal string ("12.30" → 1230n), independent of the code under test. */
export const cents = (text: string): bigint => {
  const negative = text.trim().startsWith('-');
  const [whole, fraction = ''] = text.trim().replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -value : value;
};
export const fromCents = (value: bigint): string => {
  const negative = value < 0n;
  const a = negative ? -value : value;
  return `${negative ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
};

/** A journal entry's lines as [account, debit, credit] (for golden comparisons). */
export const entryLines = (entry: any): [string, string, string][] => entry.lines.map((l: any) => [l.account, l.debit, l.credit]);

/**
 * The text of a PDF as a reader gets it, extracted by poppler's `pdftotext` (Debian poppler-utils,
 * installed by `npm test` from infra/system-packages.json): it decodes the embedded fonts through
 * their ToUnicode maps as any PDF viewer's copy and search does, so a name that prints wrongly or
 * cannot be copied fails the test. One string per line, trimmed, empty lines left out.
 * `reading` (pdftotext's default) rebuilds the layout, so each table cell is a line of its own;
 * `raw` keeps the order the text was written in, so a table row is one line with every space in it.
 */
export function pdfTexts(bytes: Uint8Array, mode: 'reading' | 'raw' = 'reading'): string[] {
  if (!hasBinary('pdftotext')) throw new Error('pdftotext (Debian package poppler-utils) is needed to read PDFs in tests; `npm test` installs it (infra/system-packages.json)');
  const result = Bun.spawnSync(['pdftotext', ...(mode === 'raw' ? ['-raw'] : []), '-enc', 'UTF-8', '-', '-'], { stdin: bytes, stdout: 'pipe', stderr: 'pipe' });
  if (result.exitCode !== 0) throw new Error(`pdftotext failed: ${result.stderr.toString()}`);
  return result.stdout.toString().split('\n').map((line) => line.trim()).filter(Boolean);
}

/** A binary download as raw bytes. */
export async function download(app: TestApp, path: string, token: string) {
  const response = await app.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }));
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

export const hasBinary = (name: string) => Bun.which(name) !== null;

/** The counterparties of the VAT returns' golden years (303, 390): customers in Spain, France and the US; suppliers in Spain and Germany. */
export async function vatReturnContacts(app: TestApp, token: string) {
  return {
    customer: await createContact(app, token, { name: 'Cliente Nacional SL', vat: 'B65410011' }),
    french: await createContact(app, token, { name: 'Client SARL', country: 'FR', vat: 'FR40303265045' }),
    american: await createContact(app, token, { name: 'Importer Inc', country: 'US', vat: '12-3456789' }),
    lawyer: await createContact(app, token, { name: 'Abogados SLP', kind: 'supplier', vat: 'B86561412' }),
    german: await createContact(app, token, { name: 'Lieferant GmbH', kind: 'supplier', country: 'DE', vat: 'DE136695976' }),
    builder: await createContact(app, token, { name: 'Construcciones SA', kind: 'supplier', vat: 'A58818501' }),
  };
}

/**
 * Short-hands for tests that book many documents of one company (the app and company are read
 * when called, so they may be assigned in `beforeAll`): `created` (POST expecting 201), one-line
 * `lines`, a `sale`, a `purchase` (supplier numbers FR-1, FR-2, …) and a tax type id by code.
 */
export function documentBooker(app: () => TestApp, company: () => TestCompany) {
  async function created(path: string, body: Record<string, unknown>) {
    const res = await app().post(path, body, company().token);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body;
  }
  const lines = (line: Record<string, unknown>, amount = '1000.00') => [{ description: 'Base', quantity: '1', unit_price: amount, ...line }];
  let counter = 0;
  return {
    created,
    lines,
    sale: (contactId: string, date: string, line: Record<string, unknown>, amount?: string) =>
      created('/api/v1/invoices', { contact_id: contactId, issue_date: date, lines: lines(line, amount) }),
    purchase: (contactId: string, date: string, line: Record<string, unknown>, amount?: string) =>
      created('/api/v1/purchases', { contact_id: contactId, kind: 'invoice', supplier_invoice_number: `FR-${++counter}`, issue_date: date, lines: lines(line, amount) }),
    tax: (code: string) => taxId(company(), code),
  };
}
