import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatDate, formatMoney, formatRate } from '../../../plugins/web-app/app/format';
import { buildWebApp } from '../../../plugins/web-app/build';
import { clientTypes, SCHEMA_FILE } from '../../../infra/web-app-client';
import type { TestApp } from '../../support/app';
import { CHROMIUM, FLOW_TIMEOUT, launchPhone, pageChecks, PHONE, ROOT, serveTestApp, warnWithoutChromium, watchedPage } from './browser';
import { backend } from '../../support/database';
import { startSmtpServer, linkIn } from '../../support/smtp';
import { DASHBOARD_READY } from '../../../plugins/web-app/app/marks';
import { seedYear, type SeededYear } from './seed';
import { textPdf } from '../purchase-ingestion/fixtures';
import { norma43 } from '../treasury/norma43-builder';

/**
 * The web app in a real browser: Debian's Chromium driven by playwright-core, headless, against
 * the app started in-process on a free port (its real API, PGlite or PostgreSQL as the run says).
 * Screenshots of each flow's last step go to test-output/web-app/ (git ignores it).
 */
const root = ROOT;
warnWithoutChromium('flows');

const INITIAL_JS_BUDGET = 250 * 1024;

let app: TestApp;
let server: ReturnType<typeof Bun.serve>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let base: string;
let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
let seeded: SeededYear;
/** What the browser reports as errors (a content-security-policy refusal, an uncaught exception). */
const browserErrors: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  // No FRONTEND_URL: the web-app plugin makes the emailed links lead into /app by itself.
  ({ app, server, base } = await serveTestApp(() => ({ FRONTEND_URL: undefined, SMTP_URL: smtp.url })));
  if (CHROMIUM) {
    ({ browser, context } = await launchPhone());
    page = await watchedPage(context, browserErrors);
  }
  // Starting the app on PGlite and the browser can take long on a busy machine.
}, 240_000);

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  await app?.close();
  await smtp?.close();
});

describe('display formats (the API\'s strings, re-punctuated, never a JS number)', () => {
  test('money as 1.234,56 €, dates as 27/11/2026, rates as 21 %', () => {
    const shown = (amount: string) => formatMoney(amount).replace(/\u00a0/g, ' ');
    expect(shown('1234.56')).toBe('1.234,56 €');
    expect(shown('1234567890123.5')).toBe('1.234.567.890.123,50 €');
    expect(shown('-0.30')).toBe('-0,30 €');
    expect(shown('-0.00')).toBe('0,00 €');
    expect(shown('7')).toBe('7,00 €');
    expect(shown('12.345678')).toBe('12,345678 €');
    expect(shown('99999999999999.99')).toBe('99.999.999.999.999,99 €');
    expect(formatMoney('abc')).toBe('abc');
    expect(formatDate('2026-11-27')).toBe('27/11/2026');
    expect([formatRate('21.00'), formatRate('5.20'), formatRate('0.50'), formatRate('10'), formatRate('x')]).toEqual(['21', '5,2', '0,5', '10', 'x']);
    expect(formatDate('2026-01-05T10:00:00Z')).toBe('05/01/2026');
  });
});

describe('serving /app', () => {
  test('deep links answer the app page with a self-only CSP; hashed assets are immutable and gzipped; the build is cached', async () => {
    const shell = await fetch(`${base}/app/contacts/deep/link`);
    expect(shell.status).toBe(200);
    expect(shell.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    const csp = shell.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await shell.text();
    expect(await (await fetch(`${base}/app`)).text()).toBe(html);
    expect(html).not.toMatch(/https?:\/\//);

    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1] ?? '';
    const stylesheet = /<link rel="stylesheet"[^>]* href="([^"]+)"/.exec(html)?.[1] ?? '';
    const js = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-encoding')).toBeNull();
    expect((await js.text()).length).toBeGreaterThan(1000);
    const css = await fetch(`${base}${stylesheet}`, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect((await fetch(`${base}/app/assets/missing-0000.js`)).status).toBe(404);

    // The same sources: the build folder is reused as it is, not rebuilt.
    const cacheRoot = join(app.config.dataDir, 'web-app');
    const first = await buildWebApp(cacheRoot);
    const builtAt = statSync(join(first.dir, 'manifest.json')).mtimeMs;
    const again = await buildWebApp(cacheRoot);
    expect(again.dir).toBe(first.dir);
    expect(statSync(join(again.dir, 'manifest.json')).mtimeMs).toBe(builtAt);
    expect(script).toBe(`/app/assets/${Object.keys(first.assets).find((name) => name.startsWith('main-') && name.endsWith('.js'))}`);
    console.log(`[web-app] initial JavaScript ${(first.initialJsGzipBytes / 1024).toFixed(1)} KiB gzip (budget 250), CSS ${(first.initialCssGzipBytes / 1024).toFixed(1)} KiB gzip`);
    expect(first.initialJsGzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  test('the committed API types are those generated from this /openapi.json, and the app type-checks against them', async () => {
    const document = await (await fetch(`${base}/openapi.json`)).json();
    expect(await clientTypes(document)).toBe(readFileSync(SCHEMA_FILE, 'utf8'));
    const tsc = Bun.spawnSync([process.execPath, 'node_modules/typescript-7/bin/tsc', '--noEmit', '-p', 'plugins/web-app/app/tsconfig.json'], { cwd: root });
    expect(tsc.stdout.toString() + tsc.stderr.toString()).toBe('');
  }, FLOW_TIMEOUT);
});

const { accessibilityViolations, pageProblems, fitsWidth, heading, shot } = pageChecks(() => page, browserErrors);

// The flows run in the PGlite pass (the embedded database a person starts with `npm start`); the API they
// drive is covered on PostgreSQL by each plugin's own tests.
describe.skipIf(!CHROMIUM || backend === 'postgres')('flows in the browser (phone width, Spanish)', () => {
  const email = `web-${Date.now()}@example.com`;
  const password = 'Una clave bastante larga 2026';

  test('register, confirm the email from the link, create the company', async () => {
    await page.goto(`${base}/app/register`);
    await heading('Crear una cuenta').waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('es');
    expect(await pageProblems()).toEqual([]);
    await page.getByLabel('Nombre completo').fill('Marta Ruiz');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill(password);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await heading('Revisa tu correo').waitFor();
    expect(await page.getByText(email).count()).toBe(1);

    // The emailed link goes through the API and lands back in the app, which says so.
    const link = linkIn((await smtp.lastTo(email)).text);
    expect(link.startsWith(`${base}/api/v1/auth/verify-email?token=`)).toBe(true);
    await page.goto(link);
    await heading('Datos de tu empresa').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/');
    await page.getByText('Correo confirmado.').waitFor();

    // A wrong tax id: the API's 422 message shows on the field itself.
    await page.getByLabel('Nombre comercial').fill('Talleres Ruiz SL');
    await page.getByLabel('NIF/CIF').fill('B12345670');
    await page.getByLabel('Dirección').fill('Calle Mayor 1');
    await page.getByLabel('Código postal').fill('28013');
    await page.getByLabel('Población').fill('Madrid');
    await page.getByLabel('Provincia').fill('Madrid');
    await page.getByRole('button', { name: 'Crear empresa' }).click();
    const taxId = page.getByLabel('NIF/CIF');
    await page.locator('input[aria-invalid="true"][name="tax_id"]').waitFor();
    const describedBy = (await taxId.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).not.toBe('');
    expect((await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent())?.length).toBeGreaterThan(3);
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);

    await taxId.fill('B12345674');
    await page.getByRole('button', { name: 'Crear empresa' }).click();
    // In: the dashboard is home, its widgets empty for a new company.
    await heading('Panel').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/dashboard');
    await page.getByText('Empresa: Talleres Ruiz SL').waitFor();
    await page.locator('.board[data-ready]').waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Saldos de tesorería' }).count()).toBe(1);
    await shot('1-onboarding-done');
  }, FLOW_TIMEOUT);

  test('contacts: create with the keyboard only (tax-id message inline), then search', async () => {
    await page.getByRole('link', { name: 'Contactos' }).click();
    await heading('Contactos').waitFor();
    await page.getByText('0 contactos').waitFor();
    await page.getByRole('button', { name: 'Nuevo contacto' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    // The name field has the focus when the dialog opens.
    await page.keyboard.type('Distribuciones Norte SA');
    await page.keyboard.press('Tab');
    await page.keyboard.type('A58818500');
    await page.keyboard.press('Enter');
    await page.locator('input[aria-invalid="true"][name="vat"]').waitFor();
    expect(await pageProblems()).toEqual([]);
    const vat = page.getByRole('dialog').getByLabel('NIF / CIF / NIF-IVA');
    await vat.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('A58818501');
    await page.keyboard.press('Enter');
    await page.getByText('Contacto «Distribuciones Norte SA» creado.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByText('1 contacto', { exact: true }).waitFor();
    expect(await page.getByRole('rowheader', { name: 'Distribuciones Norte SA' }).count()).toBe(1);

    // One more through the API, then the search narrows the list.
    const token = String(await page.evaluate('localStorage.getItem("cuadra.session")'));
    expect((await app.post('/api/v1/contacts', { kind: 'supplier', name: 'Papelería Sur SL' }, token)).status).toBe(201);
    await page.reload();
    await page.getByText('2 contactos').waitFor();
    await page.getByLabel('Buscar contactos').fill('papeleria');
    await page.getByText('1 contacto', { exact: true }).waitFor();
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Papelería Sur SL']);
    expect(await page.getByRole('row').nth(1).textContent()).toContain('Proveedor');
    // The kind filter, with the search cleared: customers only.
    await page.getByLabel('Buscar contactos').fill('');
    await page.getByText('2 contactos').waitFor();
    await page.getByRole('radio', { name: 'Clientes' }).click();
    await page.getByText('1 contacto', { exact: true }).waitFor();
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Distribuciones Norte SA']);
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    await shot('2-contacts-search');
  }, FLOW_TIMEOUT);

  test('trial balance: the API\'s decimal strings in Spanish format, totals that match', async () => {
    const token = String(await page.evaluate('localStorage.getItem("cuadra.session")'));
    const year = new Date().getFullYear();
    const entry = await app.post('/api/v1/ledger/entries', {
      date: `${year}-03-15`, description: 'Aportación de capital',
      lines: [{ account: '572', debit: '1234.56' }, { account: '100', credit: '1234.56' }],
    }, token);
    expect(entry.status).toBe(201);
    await page.getByRole('link', { name: 'Sumas y saldos' }).click();
    await heading('Balance de sumas y saldos').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/ledger/trial-balance');
    await page.getByText(`Periodo: 01/01/${year} – 31/12/${year}`).waitFor();
    const totals = page.getByRole('row').filter({ hasText: 'Totales' });
    await totals.waitFor();
    expect((await totals.textContent())?.replace(/\u00a0/g, ' ')).toContain('1.234,56 €');
    const bank = (await page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '572', exact: true }) }).textContent()) ?? '';
    expect(bank.replace(/\u00a0/g, ' ')).toContain('1.234,56 €');
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);

    // Another period: nothing moved in it.
    await page.getByLabel('Desde').fill(`${year - 1}-01-01`);
    await page.getByLabel('Hasta').fill(`${year - 1}-12-31`);
    await page.getByRole('button', { name: 'Mostrar' }).click();
    await page.getByText('Sin movimientos en el periodo.').waitFor();
    // A reload of the deep link stays on the page.
    await page.reload();
    await heading('Balance de sumas y saldos').waitFor();
    await page.getByRole('row').filter({ hasText: 'Totales' }).waitFor();
    await shot('3-trial-balance');
  }, FLOW_TIMEOUT);

  test('dashboard: a year of data seeded through the API, drawn as the board\'s widgets; the period picker; time to data', async () => {
    const token = String(await page.evaluate('localStorage.getItem("cuadra.session")'));
    seeded = await seedYear(app, token);
    const widget = async (type: string, params: Record<string, unknown> = {}) => (await app.post('/api/v1/dashboard/data', { type, params }, token)).body.data;
    const shown = async (locator: ReturnType<Page['locator']>) => ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' ');
    const euros = (amount: string) => formatMoney(amount).replace(/\u00a0/g, ' ');

    // A cold navigation: the page, the bundle, the session, the board, every widget's data.
    await page.goto(`${base}/app/dashboard`);
    await heading('Panel').waitFor();
    await page.locator('.board[data-ready]').waitFor();
    const loadMs = Number(await page.evaluate(`(() => {
      const ready = performance.getEntriesByName('${DASHBOARD_READY}')[0];
      return performance.measure('cuadra:dashboard-load', { start: 0, end: ready.startTime }).duration;
    })()`));
    console.log(`[web-app] dashboard data shown ${loadMs.toFixed(0)} ms after navigation (${seeded.invoices} invoices, ${process.env.CUADRA_TEST_DB ?? 'pglite'})`);
    // Where the time went: the document, then each script and API call, from the navigation's start (ms).
    const timeline = await page.evaluate(`[performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
      .map((e) => Math.round(e.startTime) + '–' + Math.round(e.responseEnd) + ' ' + (e.initiatorType === 'navigation' ? 'page' : new URL(e.name).pathname.replace(/^.*\\/(assets|api\\/v1)\\//, '')))`) as string[];
    console.log(`[web-app] dashboard timeline: ${timeline.join(', ')}`);
    expect(loadMs).toBeGreaterThan(0);

    // Sales and expenses for the last 12 months: the chart's table holds the API's twelve months.
    const chart = page.locator('article').filter({ has: page.getByRole('heading', { level: 2, name: 'Ventas y gastos por mes' }) });
    const months = (await widget('timeseries', { metric: 'sales', period: 'last_12m' })).points as { value: string }[];
    expect(months).toHaveLength(12);
    const rows = chart.locator('table tbody tr');
    expect(await rows.count()).toBe(12);
    expect(await shown(rows.nth(11).locator('td').first())).toBe(euros(months[11].value));
    // Treasury, top customers, runway, upcoming taxes, pending reconciliation: as the API says.
    const treasuries = await widget('treasuries');
    const treasury = page.locator('article').filter({ has: page.getByRole('heading', { level: 2, name: 'Saldos de tesorería' }) });
    expect(await shown(treasury)).toContain(`Cuenta principal${euros(treasuries.items[0].balance)}`);
    const top = page.locator('article').filter({ has: page.getByRole('heading', { level: 2, name: 'Mejores clientes' }) });
    for (const customer of seeded.customers) expect(await shown(top)).toContain(customer.name);
    await page.getByRole('heading', { level: 2, name: 'Autonomía de caja' }).waitFor();
    expect(await shown(page.locator('article').filter({ has: page.getByRole('heading', { level: 2, name: 'Próximos impuestos' }) }))).toContain('Modelo 303');
    expect(await shown(page.locator('article').filter({ has: page.getByRole('heading', { level: 2, name: 'Pendiente de conciliar' }) }))).toContain('0 movimientos');
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);

    // The period picker: last quarter, three months, and the sales figure the API gives for it.
    await page.getByLabel('Periodo').selectOption('last_quarter');
    // (no waitForFunction: its string predicate is evaluated in the page, which the CSP forbids)
    await rows.nth(2).waitFor();
    await rows.nth(3).waitFor({ state: 'detached' });
    const quarter = await widget('kpi', { metric: 'sales', period: 'last_quarter' });
    const kpi = page.locator('article').filter({ has: page.getByRole('heading', { level: 2, name: 'Ventas', exact: true }) });
    await kpi.getByText(euros(quarter.value)).waitFor();
    expect(await pageProblems()).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot('4-dashboard');
    // The README's picture of the app: WEB_APP_DOCS_SCREENSHOT=1 writes it from this step.
    if (process.env.WEB_APP_DOCS_SCREENSHOT === '1') await page.screenshot({ path: join(root, 'docs', 'web-app.png'), fullPage: true });
    await page.setViewportSize(PHONE);
  }, FLOW_TIMEOUT);

  test('invoices: filter by status; a new invoice with the suggested VAT and the API\'s totals as you type; issue, PDF, email, payment, rectify', async () => {
    const token = String(await page.evaluate('localStorage.getItem("cuadra.session")'));
    const text = async (locator: ReturnType<Page['locator']>) => ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' ');
    await page.getByRole('link', { name: 'Facturas' }).click();
    await heading('Facturas').waitFor();
    await page.getByText(`${seeded.invoices} facturas`).waitFor();
    const paid = (await app.get('/api/v1/invoices?status=paid&limit=1', token)).body.total as number;
    expect(paid).toBe(seeded.invoices - 1);
    await page.getByRole('radio', { name: 'Cobrada', exact: true }).click();
    await page.getByText(`${paid} facturas`).waitFor();
    expect(await page.getByRole('row').count()).toBe(paid + 1);
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);

    await page.getByRole('link', { name: 'Nueva factura' }).click();
    await heading('Nueva factura').waitFor();
    const customer = seeded.customers[1];
    await page.getByLabel('Cliente').selectOption({ label: customer.name });
    // The API's suggestion for this customer (a Spanish business): the general VAT, which the line takes.
    await page.getByText('IVA sugerido para este cliente: IVA21 (21 %).').waitFor();
    const line1 = page.getByRole('group', { name: 'Línea 1' });
    await line1.getByLabel('Descripción').fill('Reparación de maquinaria');
    await line1.getByLabel('Cantidad').fill('2');
    await line1.getByLabel('Precio unitario').fill('150,25');
    expect(await line1.getByLabel('IVA').inputValue()).toBe(seeded.vat21);
    const totals = page.locator('.totals-box');
    // 2 × 150,25 = 300,50; 21 % = 63,105 → 63,11 (half away from zero): as the API's preview says.
    await totals.getByText('363,61 €').waitFor();
    await page.getByRole('button', { name: 'Añadir línea' }).click();
    const line2 = page.getByRole('group', { name: 'Línea 2' });
    await line2.getByLabel('Descripción').fill('Desplazamiento');
    await line2.getByLabel('Precio unitario').fill('30');
    // VAT on the summed base: 330,50 × 21 % = 69,405 → 69,41.
    await totals.getByText('399,91 €').waitFor();
    expect(await text(totals)).toContain('69,41 €');
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    // The totals are the API's preview: nothing was stored while typing.
    expect((await app.get('/api/v1/invoices?status=draft', token)).body.total).toBe(0);
    expect((await app.get('/api/v1/invoices?limit=1', token)).body.total).toBe(seeded.invoices);

    const issue = page.getByRole('button', { name: 'Emitir factura' });
    // the click waits for the button to be enabled: the preview answered, nothing typed since
    await issue.click();
    await page.getByRole('heading', { level: 1, name: /^Factura F-/ }).waitFor();
    const number = ((await page.locator('main h1').textContent()) ?? '').replace('Factura ', '');
    await page.getByText(`Emitida · `).waitFor();

    // The PDF, fetched through the API and shown in the page.
    const pdfResponse = page.waitForResponse((r) => r.url().endsWith(`/pdf`));
    await page.getByRole('button', { name: 'Ver PDF' }).click();
    const pdf = await pdfResponse;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(await page.locator('iframe[title="Vista previa del PDF"]').getAttribute('src')).toMatch(/^blob:/);
    const invoiceId = new URL(page.url()).pathname.split('/').pop();
    expect((await app.request('GET', `/api/v1/invoices/${invoiceId}/pdf`, { token })).text.startsWith('%PDF-')).toBe(true);

    // Send by email to the customer's address, prefilled.
    await page.getByRole('button', { name: 'Enviar por correo' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Para').inputValue()).toBe(customer.email);
    expect(await pageProblems()).toEqual([]);
    await dialog.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByText(`Factura enviada a ${customer.email}.`).waitFor();
    const mail = await smtp.lastTo(customer.email);
    expect(mail.attachments.some((a) => a.contentType.startsWith('application/pdf'))).toBe(true);

    // A partial collection into the bank.
    await page.getByRole('button', { name: 'Registrar cobro' }).click();
    expect(await page.getByRole('dialog').getByLabel('Importe').inputValue()).toBe('399,91');
    await page.getByRole('dialog').getByLabel('Importe').fill('100,00');
    await page.getByRole('dialog').getByRole('button', { name: 'Registrar', exact: true }).click();
    await page.getByText('Cobro registrado.').waitFor();
    await page.getByText('Cobrada en parte · ').waitFor();
    expect(await text(page.locator('dl.paid'))).toContain('299,91 €');

    // Rectify by differences: the trip is taken off; the rectifying invoice (series R) opens.
    await page.getByRole('button', { name: 'Rectificar' }).click();
    const rectify = page.getByRole('dialog');
    await rectify.getByLabel('Motivo').fill('Desplazamiento no realizado');
    await rectify.getByLabel('Descripción').fill('Anulación del desplazamiento');
    await rectify.getByLabel('Precio unitario').fill('30');
    expect(await pageProblems()).toEqual([]);
    await rectify.getByRole('button', { name: 'Emitir rectificativa' }).click();
    await page.getByRole('heading', { level: 1, name: /^Factura R/ }).waitFor();
    expect(await text(page.locator('.totals-box'))).toContain('-36,30 €');
    const rectifying = (await app.get(`/api/v1/invoices?search=${encodeURIComponent(number)}&limit=5`, token)).body;
    expect(rectifying.items.some((i: { number: string }) => i.number === number)).toBe(true);
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    await shot('5-invoice-rectified');
  }, FLOW_TIMEOUT);

  test('purchases: a PDF read by the API, its fields with their confidence, corrected and booked; one entered by hand', async () => {
    const token = String(await page.evaluate('localStorage.getItem("cuadra.session")'));
    const text = async (locator: ReturnType<Page['locator']>) => ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' ');
    const now = new Date();
    const day = `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
    const supplier = seeded.suppliers[1];
    const pdf = await textPdf([supplier.name, 'CIF B46987657', 'Calle Industria 4, 46001 Valencia', `Factura: V-${now.getFullYear()}-118`, `Fecha: ${day}`,
      'Material eléctrico', 'Base imponible 200,00', 'IVA 21% 42,00', 'Total 242,00'], { standardFont: true });

    await page.getByRole('link', { name: 'Compras' }).click();
    await heading('Compras').waitFor();
    await page.getByText(`${seeded.invoices} compras`).waitFor();
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    // The drop zone's file picker takes the same path as a dropped file.
    await page.locator('.dropzone input[type="file"]').setInputFiles({ name: 'factura-vega.pdf', mimeType: 'application/pdf', buffer: pdf });
    await heading('Revisar la compra').waitFor({ timeout: 60_000 });
    const number = page.getByLabel('Nº de factura del proveedor');
    expect(await number.inputValue()).toBe(`V-${now.getFullYear()}-118`);
    expect(await text(page.locator('.extracted'))).toContain(supplier.name);
    expect(await text(page.locator('.extracted'))).toContain('B46987657');
    expect(await page.locator('.confidence').count()).toBeGreaterThanOrEqual(5);
    expect(await text(page.locator('main'))).toContain('242,00 €');
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    expect((await app.get(`/api/v1/purchases/${id}`, token)).body.status).toBe('draft');

    // Corrected and booked.
    await number.fill(`V-${now.getFullYear()}-0118`);
    await page.getByRole('button', { name: 'Contabilizar' }).click();
    await heading(`Compra V-${now.getFullYear()}-0118`).waitFor();
    await page.getByText('Registrada · ').waitFor();
    const booked = (await app.get(`/api/v1/purchases/${id}`, token)).body;
    expect(booked).toMatchObject({ status: 'issued', supplier_invoice_number: `V-${now.getFullYear()}-0118`, total: '242.00' });
    await shot('6-purchase-booked');

    // By hand.
    await page.getByRole('link', { name: 'Volver a las compras' }).click();
    await page.getByRole('link', { name: 'Nueva compra a mano' }).click();
    await heading('Nueva compra a mano').waitFor();
    await page.getByLabel('Proveedor', { exact: true }).selectOption({ label: seeded.suppliers[0].name });
    await page.getByLabel('Nº de factura del proveedor').fill('A-EXTRA-1');
    await page.getByLabel('Descripción').fill('Reparación del local');
    await page.getByLabel('Base imponible').fill('80,00');
    await page.getByLabel('IVA', { exact: true }).selectOption(seeded.vat21);
    expect(await pageProblems()).toEqual([]);
    await page.getByRole('button', { name: 'Registrar compra' }).click();
    await heading('Compra A-EXTRA-1').waitFor();
    expect(await text(page.locator('main'))).toContain('96,80 €');
    expect(await fitsWidth()).toBe(true);
  }, FLOW_TIMEOUT);

  test('banks: the treasury\'s balance, a Norma 43 statement imported, the suggested match accepted from the keyboard, then undone', async () => {
    const token = String(await page.evaluate('localStorage.getItem("cuadra.session")'));
    const now = new Date();
    const yymmdd = `${String(now.getFullYear()).slice(2)}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
    const open = seeded.openInvoice;
    const payer = open.customer.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
    const statement = norma43([{
      bank: '2100', branch: '0418', account: '0200051332', start: yymmdd, end: yymmdd, name: 'TALLERES RUIZ SL',
      movements: [{ date: yymmdd, common: '02', cents: Number(open.total.replace('.', '')), concepts: [['01', `TRANSFERENCIA ${payer}`, open.number]] }],
    }]);

    await page.getByRole('link', { name: 'Bancos' }).click();
    await heading('Bancos').waitFor();
    const balance = (await app.get(`/api/v1/treasuries/${seeded.treasuryId}`, token)).body.balance as string;
    await page.locator('.treasuries').getByText(formatMoney(balance).replace(/\u00a0/g, ' ')).waitFor();
    await page.locator('.treasuries .dropzone input[type="file"]').setInputFiles({ name: 'extracto.n43', mimeType: 'text/plain', buffer: Buffer.from(statement, 'latin1') });
    await page.getByText('Cuenta principal: 1 movimientos importados, 0 ya estaban.').waitFor();
    await page.getByText('1 movimientos por conciliar').waitFor();
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);

    // The API's proposal is the open invoice: accepted with the keyboard.
    const accept = page.getByRole('button', { name: `Aceptar ${open.number}` });
    await accept.focus();
    await page.keyboard.press('Enter');
    await page.getByText(`Conciliado con ${open.number}.`).waitFor();
    await page.getByText('0 movimientos por conciliar').waitFor();
    expect((await app.get(`/api/v1/invoices/${open.id}`, token)).body.status).toBe('paid');
    await shot('7-banks-matched');

    await page.getByRole('button', { name: 'Deshacer' }).click();
    await page.getByText('Deshecho.').waitFor();
    await page.getByText('1 movimientos por conciliar').waitFor();
    expect((await app.get(`/api/v1/invoices/${open.id}`, token)).body.status).toBe('issued');
    expect(await pageProblems()).toEqual([]);
  }, FLOW_TIMEOUT);

  test('log out, log in with the keyboard only, and the English catalogue', async () => {
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await heading('Iniciar sesión').waitFor();
    await page.getByText('Has cerrado la sesión.').waitFor();
    expect(await page.evaluate('localStorage.getItem("cuadra.session")')).toBeNull();
    expect(await pageProblems()).toEqual([]);

    // A wrong password, then the right one, typed and submitted from the keyboard.
    await page.getByLabel('Correo electrónico').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('no es la clave');
    await page.keyboard.press('Enter');
    await page.getByText('Correo o contraseña incorrectos.').waitFor();
    await page.getByLabel('Contraseña').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await heading('Panel').waitFor();

    await page.locator('.languages').getByText('EN', { exact: true }).click();
    await heading('Dashboard').waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
    await page.getByRole('heading', { level: 2, name: 'Sales and expenses by month' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Trial balance' }).click();
    await heading('Trial balance').waitFor();
    await page.getByRole('row').filter({ hasText: 'Totals' }).waitFor();
    expect(await pageProblems()).toEqual([]);
    await shot('8-english-desktop');
    await page.locator('.languages').getByText('ES', { exact: true }).click();
    await heading('Balance de sumas y saldos').waitFor();
    await page.getByRole('row').filter({ hasText: 'Totales' }).waitFor();
    await shot('9-trial-balance-desktop');
    await page.setViewportSize(PHONE);
  }, FLOW_TIMEOUT);
});
