import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../../support/app';
import { CHROMIUM, FLOW_TIMEOUT, launchPhone, pageChecks, serveTestApp, SHOTS, warnWithoutChromium, watchedPage } from './browser';
import { backend } from '../../support/database';
import { createCompany, type TestCompany } from '../../support/factories';
import { seededTaxTypeId } from '../../../plugins/taxes/api';

/**
 * The contacts page in a real browser (Debian's Chromium, headless, phone width, Spanish) against
 * the app started in-process: the seed's filters and the summary counts as the API gives them,
 * edit with the API's tax-id message inline, merge two contacts (the duplicate's invoice moves),
 * export the filtered list as a file. Screenshot of the last step: test-output/web-app/<backend>/.
 */
warnWithoutChromium('contacts');

let app: TestApp;
let server: ReturnType<typeof Bun.serve>;
let base: string;
let browser: Browser | undefined;
let page: Page;
let company: TestCompany;
const browserErrors: string[] = [];

beforeAll(async () => {
  ({ app, server, base } = await serveTestApp());
  if (CHROMIUM && backend === 'pglite') {
    let context;
    ({ browser, context } = await launchPhone({ acceptDownloads: true }));
    page = await watchedPage(context, browserErrors);
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  await app?.close();
});

const { pageProblems, fitsWidth, heading } = pageChecks(() => page, browserErrors);
/** The summary's figure for a label ("Clientes" → "3"). */
const summaryFigure = (label: string) => page.locator('dl.summary div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
const apiSummary = async (query = '') => (await app.get(`/api/v1/contacts/summary${query}`, company.token)).body;

describe.skipIf(!CHROMIUM || backend === 'postgres')('contacts in the browser (phone width, Spanish)', () => {
  test('filters and summary counts as the API gives them; edit with the tax-id message inline; merge; export', async () => {
    company = await createCompany(app, 'Ferretería Ruiz SL');
    const post = async (body: Record<string, unknown>) => {
      const res = await app.post('/api/v1/contacts', body, company.token);
      if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
      return res.body;
    };
    const address = { address: 'Calle Mayor 12', city: 'Valencia', postal_code: '46001', province: 'Valencia' };
    const keep = await post({ kind: 'customer', name: 'Hostelería Levante SL', vat: 'B65410011', email: 'facturas@levante.example', ...address });
    const duplicate = await post({ kind: 'customer', name: 'Hosteleria Levante', email: 'pedidos@levante.example', ...address });
    await post({ kind: 'customer', name: 'Lucía Gómez', customer_type: 'individual' });
    await post({ kind: 'customer', name: 'Boulangerie Dupont SARL', country: 'FR', vat: 'FR40303265045' });
    await post({ kind: 'supplier', name: 'Suministros Eléctricos Vega SL', vat: 'B46987657', ...address });
    const invoice = await app.post('/api/v1/invoices', {
      contact_id: duplicate.id, issue_date: new Date().toISOString().slice(0, 10), status: 'draft',
      lines: [{ description: 'Menú del día', quantity: '10', unit_price: '12.50', tax_type_id: seededTaxTypeId(company.tenantId, 'IVA10') }],
    }, company.token);
    expect(invoice.status).toBe(201);

    // Signed in as the company's owner (the session the app keeps), straight onto the page.
    await page.goto(`${base}/app/login`);
    await page.evaluate(`localStorage.setItem('cuadra.session', ${JSON.stringify(company.token)})`);
    await page.goto(`${base}/app/contacts`);
    await heading('Contactos').waitFor();
    await page.getByText('5 contactos').waitFor();
    const all = await apiSummary();
    expect(all).toMatchObject({ total: 5, customers: 4, suppliers: 1, without_vat: 2 });
    expect(await summaryFigure('Clientes').textContent()).toBe(String(all.customers));
    expect(await summaryFigure('Proveedores').textContent()).toBe(String(all.suppliers));
    expect(await summaryFigure('Sin NIF').textContent()).toBe(String(all.without_vat));
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);

    // The seed's filters: country, type of person, with or without a tax number; the counts follow.
    await page.getByLabel('País', { exact: true }).fill('fr');
    await page.getByText('1 contacto', { exact: true }).waitFor();
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Boulangerie Dupont SARL']);
    await page.getByLabel('País', { exact: true }).fill('');
    await page.getByLabel('Tipo de persona').selectOption({ label: 'Particular' });
    await page.getByText('1 contacto', { exact: true }).waitFor();
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Lucía Gómez']);
    await page.getByLabel('Tipo de persona').selectOption({ label: 'Todas' });
    await page.getByLabel('NIF', { exact: true }).selectOption({ label: 'Sin NIF' });
    await page.getByText('2 contactos').waitFor();
    const withoutVat = await apiSummary('?has_vat=false');
    expect(await summaryFigure('Clientes').textContent()).toBe(String(withoutVat.customers));
    expect(await summaryFigure('Sin NIF').textContent()).toBe('2');
    expect((await page.getByRole('rowheader').allTextContents()).sort()).toEqual(['Hosteleria Levante', 'Lucía Gómez']);
    await page.getByLabel('NIF', { exact: true }).selectOption({ label: 'Con o sin NIF' });
    await page.getByText('5 contactos').waitFor();
    expect(await pageProblems()).toEqual([]);

    // Edit: a wrong tax id is refused by the API and said under the field; corrected, it is saved.
    await page.getByRole('button', { name: 'Editar Lucía Gómez' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Editar Lucía Gómez' }).waitFor();
    expect(await dialog.getByLabel('Nombre').inputValue()).toBe('Lucía Gómez');
    await dialog.getByLabel('NIF / CIF / NIF-IVA').fill('12345678A');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await dialog.locator('input[aria-invalid="true"][name="vat"]').waitFor();
    const describedBy = (await dialog.getByLabel('NIF / CIF / NIF-IVA').getAttribute('aria-describedby')) ?? '';
    expect((await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent())?.length).toBeGreaterThan(3);
    expect(await pageProblems()).toEqual([]);
    await dialog.getByLabel('NIF / CIF / NIF-IVA').fill('12345678Z');
    await dialog.getByLabel('Correo electrónico').fill('lucia@example.com');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Contacto «Lucía Gómez» guardado.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('row').filter({ hasText: 'Lucía Gómez' }).filter({ hasText: '12345678Z' }).waitFor();
    const lucia = (await app.get('/api/v1/contacts?search=lucia', company.token)).body.items[0];
    expect(lucia).toMatchObject({ vat: '12345678Z', email: 'lucia@example.com', customer_type: 'individual' });
    await summaryFigure('Sin NIF').getByText('1', { exact: true }).waitFor();

    // Merge the duplicate into the contact kept: its invoice moves, it is gone.
    await page.getByRole('button', { name: 'Fusionar duplicados' }).click();
    const merge = page.getByRole('dialog');
    await merge.getByLabel('Contacto que se conserva').selectOption(keep.id);
    await merge.getByLabel(/^Duplicado/).selectOption(keep.id);
    await merge.getByText('Elige dos contactos distintos.').waitFor();
    expect(await merge.getByRole('button', { name: 'Fusionar', exact: true }).isDisabled()).toBe(true);
    await merge.getByLabel(/^Duplicado/).selectOption(duplicate.id);
    expect(await pageProblems()).toEqual([]);
    await merge.getByRole('button', { name: 'Fusionar', exact: true }).click();
    await page.getByText('«Hosteleria Levante» fusionado en «Hostelería Levante SL»: 1 documentos reasignados.').waitFor();
    await page.getByText('4 contactos').waitFor();
    expect((await app.get(`/api/v1/contacts/${duplicate.id}`, company.token)).status).toBe(404);
    expect((await app.get(`/api/v1/invoices/${invoice.body.id}`, company.token)).body.contact_id).toBe(keep.id);
    expect(await summaryFigure('Clientes').textContent()).toBe('3');

    // Export the customers as CSV: the file the API names, with the listed contacts.
    await page.getByRole('radio', { name: 'Clientes' }).click();
    await page.getByText('3 contactos').waitFor();
    await page.getByLabel('Formato de exportación').selectOption({ label: 'CSV' });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^contactos-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    for (const name of ['Hostelería Levante SL', 'Lucía Gómez', 'Boulangerie Dupont SARL']) expect(csv).toContain(name);
    expect(csv).not.toContain('Suministros Eléctricos Vega SL');
    await page.getByText(`Descargado ${download.suggestedFilename()}.`).waitFor();
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'contacts-exported.png'), fullPage: true });
  }, FLOW_TIMEOUT);
});
