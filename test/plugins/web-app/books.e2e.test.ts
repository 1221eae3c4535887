import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { formatDate, formatMoney } from '../../../plugins/web-app/app/format';
import { fromCents, sumMoney, toCents } from '../../../plugins/web-app/app/decimal';
import { amountBehind, documentsBehind, DRILL_303, parseBookCsv } from '../../../plugins/web-app/app/vat-book';
import type { TestApp } from '../../support/app';
import { CHROMIUM, FLOW_TIMEOUT, launchPhone, pageChecks, PHONE, serveTestApp, warnWithoutChromium, watchedPage } from './browser';
import { backend } from '../../support/database';
import { createCompany } from '../../support/factories';
import { seedQuarter, type SeededQuarter } from './books-seed';

/**
 * The books in the web app (issue 33, flows 7 and 8) against the real API: taxes (the models and
 * their periods, the 303's boxes for a quarter and the documents behind a box, the CSV, the tax
 * agency's file and the VAT books downloaded) and the ledger (journal with filters, an entry, an
 * account's statement, a manual entry the API first refuses and then posts). A quarter of sales
 * and purchases is entered through the API first, so the 303's boxes are not zero; every figure
 * the page shows is checked against what the API answers.
 */
warnWithoutChromium('books');


let app: TestApp;
let server: ReturnType<typeof Bun.serve>;
let base: string;
let browser: Browser | undefined;
let page: Page;
let token: string;
let seeded: SeededQuarter;
const browserErrors: string[] = [];

beforeAll(async () => {
  ({ app, server, base } = await serveTestApp());
  const company = await createCompany(app, 'Talleres Ruiz SL');
  token = company.token;
  seeded = await seedQuarter(app, token);
  if (CHROMIUM && backend !== 'postgres') {
    // the first /app request builds the bundle (or finds it built): done here, not inside a page load's timeout
    expect((await fetch(`${base}/app`)).status).toBe(200);
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

/** An API answer's exact bytes (the tax agency's file is ISO-8859-1, not text to decode). */
async function bytesOf(path: string): Promise<Buffer> {
  const response = await app.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const quarterQuery = () => `year=${seeded.year}&quarter=${seeded.quarter}`;
const period = () => `${seeded.quarter}T`;
/** A box as the page prints it: Spanish punctuation, no currency. */
const boxText = (value: string) => formatMoney(value).replace(/\u00a0€$/, '');
const euros = (amount: string) => formatMoney(amount).replace(/\u00a0/g, ' ');

async function summary303() {
  const response = await app.get(`/api/v1/aeat/303/summary?year=${seeded.year}`, token);
  expect(response.status).toBe(200);
  const item = (response.body.items as { period: string; result: string; declaration_type: string; boxes: { box: string; value: string }[] }[]).find((p) => p.period === period())!;
  return { item, box: (code: string) => item.boxes.find((b) => b.box === code)!.value };
}

describe('exact sums and the VAT book read back (what the pages compute with)', () => {
  test('cents as BigInt: sums of decimal strings, negative and blank ones, never a JS number', () => {
    expect(toCents('1234.5')).toBe(123450n);
    expect(toCents('-0.30')).toBe(-30n);
    expect(toCents('1.234')).toBeUndefined();
    expect(toCents('abc')).toBeUndefined();
    expect(fromCents(-30n)).toBe('-0.30');
    expect(sumMoney(['0.10', '0.20', '', '99999999999999.99'])).toBe('100000000000000.29');
    expect(sumMoney(['2500.00', '-2450.00'])).toBe('50.00');
    expect(sumMoney(['1', 'x'])).toBeUndefined();
  });

  test('the book CSV: BOM, semicolons, quoted cells with semicolons and quotes', () => {
    const rows = parseBookCsv('\uFEFFA;B;C\r\n1;"Pérez; ""El Rápido"" SL";21.00\r\n;;\r\n2;Otra;10.00\r\n');
    expect(rows).toEqual([{ A: '1', B: 'Pérez; "El Rápido" SL', C: '21.00' }, { A: '2', B: 'Otra', C: '10.00' }]);
  });

  test('the seeded quarter\'s 303 is not zero, and the documents behind each box add up to it', async () => {
    const { item, box } = await summary303();
    for (const code of ['07', '09', '04', '06', '27', '28', '29', '30', '31', '45']) expect(toCents(box(code))! > 0n).toBe(true);
    expect(item.result).toBe(sumMoney([box('27'), `-${box('45')}`])!);
    const books = {
      issued: parseBookCsv((await app.get(`/api/v1/tax-books/issued?from=${seeded.from}&to=${seeded.to}`, token)).text),
      received: parseBookCsv((await app.get(`/api/v1/tax-books/received?from=${seeded.from}&to=${seeded.to}`, token)).text),
    };
    expect(books.issued.length).toBe(seeded.invoices.length + 3 + seeded.ossSales.length); // the clinic's invoices have a 10 % line too
    let checked = 0;
    for (const [code, drill] of Object.entries(DRILL_303)) {
      const rows = documentsBehind(books[drill.book], drill, drill.rateBox ? box(drill.rateBox) : undefined);
      expect([code, sumMoney(rows.map((row) => amountBehind(row, drill)))]).toEqual([code, box(code)]);
      if (rows.length) checked++;
    }
    expect(checked).toBe(8);
  });

  test('another company sees none of these documents behind its boxes', async () => {
    const other = await createCompany(app, 'Otra Empresa SL', 'A58818501');
    const book = await app.get(`/api/v1/tax-books/issued?from=${seeded.from}&to=${seeded.to}`, other.token);
    expect(book.status).toBe(200);
    expect(parseBookCsv(book.text)).toEqual([]);
    const theirs = (await app.get(`/api/v1/aeat/303/summary?year=${seeded.year}`, other.token)).body.items.find((p: { period: string }) => p.period === period());
    expect(theirs.boxes.find((b: { box: string }) => b.box === '07').value).toBe('0.00');
  });
});

const { pageProblems, fitsWidth, heading, shot, text } = pageChecks(() => page, browserErrors);
const rowOf = (scope: Page | ReturnType<Page['locator']>, header: string) => scope.getByRole('row').filter({ has: page.getByRole('rowheader', { name: header, exact: true }) });

/** Presses a button that downloads, and gives the download's name and bytes. */
async function downloadFrom(name: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

// The flows run in the PGlite pass (the embedded database a person starts with `npm start`); the API they
// drive is covered on PostgreSQL by each plugin's own tests and by the checks above.
describe.skipIf(!CHROMIUM || backend === 'postgres')('books in the browser (phone width, Spanish)', () => {
  test('taxes: each model\'s due periods; the 303\'s periods with status, a quarter\'s boxes, the documents behind a box; CSV, official file and VAT books downloaded', async () => {
    await page.goto(`${base}/app/login`);
    await page.evaluate(`localStorage.setItem('cuadra.session', ${JSON.stringify(token)})`);
    await page.goto(`${base}/app/dashboard`);
    await page.getByRole('link', { name: 'Impuestos' }).click();
    await heading('Impuestos').waitFor();
    const listing = (await app.get('/api/v1/aeat', token)).body.items as { code: string; name: string; applies: boolean; reason: string | null; due: { year: number; period: string; to: string; due_date: string }[] }[];
    const rows303 = rowOf(page, 'Modelo 303');
    await rows303.waitFor();
    const model303 = listing.find((m) => m.code === '303')!;
    expect(model303.due.length).toBeGreaterThan(0);
    for (const due of model303.due) {
      expect(await text(rows303)).toContain(`${due.period} ${due.year}: `);
      expect(await text(rows303)).toContain(`vence el ${formatDate(due.due_date)}`);
    }
    const notApplicable = listing.find((m) => !m.applies)!;
    expect(await text(rowOf(page, `Modelo ${notApplicable.code}`))).toContain(`No aplica: ${notApplicable.reason}`);
    expect(await page.getByRole('rowheader').count()).toBe(listing.length);
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);

    // The 303's year: every period with its status (the listing's due date where it is still to file) and result.
    await page.getByRole('rowheader', { name: 'Modelo 303', exact: true }).click();
    await heading('Modelo 303: IVA, autoliquidación').waitFor();
    await page.getByLabel('Ejercicio').selectOption(String(seeded.year));
    const { item, box } = await summary303();
    const periodRow = rowOf(page, `Ver ${period()}`);
    await periodRow.waitFor();
    const due = model303.due.find((d) => d.year === seeded.year && d.period === period());
    expect(await text(periodRow)).toContain(due ? `vence el ${formatDate(due.due_date)}` : 'plazo cerrado');
    expect(await text(periodRow)).toContain(euros(item.result));
    expect(await text(periodRow)).toContain(item.declaration_type === 'I' ? 'A ingresar' : item.declaration_type === 'C' ? 'A compensar' : 'A devolver');

    // The quarter's boxes: as the API computed them.
    await page.getByRole('rowheader', { name: `Ver ${period()}`, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: `Casillas de ${period()} ${seeded.year}` }).waitFor();
    const boxes = page.getByRole('region', { name: `Casillas del modelo 303, ${period()} ${seeded.year}` });
    for (const code of ['07', '08', '09', '04', '06', '27', '28', '29', '30', '31', '45', '46', '71']) {
      expect([code, await text(rowOf(boxes, code).getByRole('gridcell').nth(1))]).toEqual([code, boxText(box(code))]);
    }
    // only boxes with an amount (and the rates that go with them): the 4 % group is left out
    expect(await rowOf(boxes, '01').count()).toBe(0);
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);

    // The documents behind box 07 (the base at 21 %): the issued book's rows at that rate, adding up to the box.
    await rowOf(boxes, '07').getByText('Ver documentos').click();
    await page.getByRole('heading', { level: 2, name: 'Documentos de la casilla 07' }).waitFor();
    const issued = documentsBehind(parseBookCsv((await app.get(`/api/v1/tax-books/issued?from=${seeded.from}&to=${seeded.to}`, token)).text), DRILL_303['07'], box('08'));
    expect(issued.length).toBe(seeded.invoices.length);
    await page.getByText(`Del libro registro de facturas expedidas del periodo, las de tipo 21 %: ${issued.length} filas.`).waitFor();
    const documents = page.getByRole('region', { name: 'Documentos detrás de la casilla 07' });
    expect(await documents.getByRole('rowheader').allTextContents()).toEqual(issued.map((row) => row['Identificación de la Factura Número']));
    expect(await text(page.locator('.drill-sum'))).toBe(`Suma de los documentos: ${euros(box('07'))}. Casilla 07: ${boxText(box('07'))}.`);
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    // and box 29 (deductible VAT on current purchases): the rent, the supplies and the reverse-charged software,
    // not the computer nor the purchase bearing recargo de equivalencia (its VAT is not deductible)
    // (from the keyboard: the box's row, then Enter)
    await rowOf(boxes, '29').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Documentos de la casilla 29' }).waitFor();
    await page.getByText('Del libro registro de facturas recibidas del periodo (operaciones interiores corrientes): 7 filas.').waitFor();
    expect(await text(page.locator('.drill-sum'))).toBe(`Suma de los documentos: ${euros(box('29'))}. Casilla 29: ${boxText(box('29'))}.`);
    const behind29 = await text(page.getByRole('region', { name: 'Documentos detrás de la casilla 29' }));
    expect(behind29).not.toContain('EQ');
    expect(behind29).not.toContain('-RE');
    expect(behind29).toContain('CW-');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot('books-1-303-box-documents');
    await page.setViewportSize(PHONE);

    // The period's CSV and the tax agency's file: the API's bytes under the API's names.
    const csv = await downloadFrom(`Descargar CSV del ${period()}`);
    expect(csv.name).toBe(`modelo-303-${seeded.year}-${period()}.csv`);
    expect(csv.bytes.equals(await bytesOf(`/api/v1/aeat/303?${quarterQuery()}`))).toBe(true);
    expect(csv.bytes.toString('utf8')).toContain(`07;Régimen general 21%: base imponible;${box('07')}`);
    await page.getByText(`Descargado ${csv.name}.`).waitFor();
    const file = await downloadFrom(`Descargar fichero oficial del ${period()}`);
    expect(file.name).toMatch(new RegExp(`^B12345674${seeded.year}${period()}\\.303$`));
    expect(file.bytes.equals(await bytesOf(`/api/v1/aeat/303/file?${quarterQuery()}`))).toBe(true);
    expect(file.bytes.toString('latin1').startsWith(`<T3030${seeded.year}${period()}0000>`)).toBe(true);

    // The quarter's settlement posted (the closing entry, dated the period's last day); a second press is the API's 409, shown.
    await page.getByRole('button', { name: `Contabilizar la liquidación del ${period()}` }).click();
    const settled = page.getByText(/^Liquidación contabilizada en el asiento \d+\./);
    await settled.waitFor();
    const settlement = (await app.get(`/api/v1/ledger?source_type=tax_model&limit=5`, token)).body.items as { number: number; date: string; lines: { account: string; debit: string; credit: string }[] }[];
    expect(settlement).toHaveLength(1);
    expect(await settled.textContent()).toContain(`asiento ${settlement[0].number}.`);
    expect(settlement[0].date).toBe(seeded.to);
    // VAT charged and deductible cleared; the result (to pay) on the tax authority's account
    const lineOn = (account: string) => settlement[0].lines.find((l) => l.account.startsWith(account))!;
    expect(lineOn('477').debit).toBe(box('27'));
    expect(lineOn('4750').credit).toBe(item.result);
    await page.getByRole('button', { name: `Contabilizar la liquidación del ${period()}` }).click();
    await page.locator('.notice-error').waitFor();
    expect(((await page.locator('.notice-error').textContent()) ?? '').length).toBeGreaterThan(5);
    expect((await app.get(`/api/v1/ledger?source_type=tax_model&limit=5`, token)).body.total).toBe(1);
    expect(await pageProblems()).toEqual([]);

    // Another model's results: the 115 (nothing withheld on the rent here), its periods as the API gives them.
    await page.getByRole('link', { name: 'Volver a los impuestos' }).click();
    await heading('Impuestos').waitFor();
    await page.getByRole('rowheader', { name: 'Modelo 115', exact: true }).click();
    await heading(`Modelo 115: ${listing.find((m) => m.code === '115')!.name}`).waitFor();
    await page.getByLabel('Ejercicio').selectOption(String(seeded.year));
    const items115 = (await app.get(`/api/v1/aeat/115/summary?year=${seeded.year}`, token)).body.items as { period: string; result: string }[];
    await rowOf(page, `Ver ${items115[0].period}`).waitFor();
    expect(await page.getByRole('rowheader').count()).toBe(items115.length);
    for (const p of items115) expect(await text(rowOf(page, `Ver ${p.period}`))).toContain(euros(p.result));
    expect(await pageProblems()).toEqual([]);

    // The VAT books of the year: XLSX and CSV as the API writes them.
    await page.getByRole('link', { name: 'Volver a los impuestos' }).click();
    await heading('Impuestos').waitFor();
    await page.getByLabel('Ejercicio').selectOption(String(seeded.year));
    const xlsx = await downloadFrom('Facturas expedidas (XLSX)');
    expect(xlsx.name.endsWith('.xlsx')).toBe(true);
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const received = await downloadFrom('Facturas recibidas (CSV)');
    expect(received.bytes.equals(await bytesOf(`/api/v1/aeat/vat-books/received?year=${seeded.year}&format=csv`))).toBe(true);
    const capital = await downloadFrom('Bienes de inversión (CSV)');
    expect(capital.bytes.equals(await bytesOf(`/api/v1/aeat/vat-books/capital-goods?year=${seeded.year}&format=csv`))).toBe(true);
    expect(capital.bytes.toString('utf8')).toMatch(/;V-\d{4}-\d{2}-EQ;.*;1450,00;21,00;[\d,]*;304,50;/);
    await page.getByText(`Descargado ${capital.name}.`).waitFor();
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    await shot('books-2-taxes-vat-books');
  }, FLOW_TIMEOUT);

  test('ledger: the journal filtered by account, an entry opened, an account\'s statement with its running balance, a manual entry refused then posted', async () => {
    await page.getByRole('link', { name: 'Diario' }).click();
    await heading('Libro diario').waitFor();
    const all = (await app.get('/api/v1/ledger?limit=1', token)).body.total as number;
    expect(all).toBeGreaterThan(seeded.invoices.length);
    await page.getByText(`${all} asientos`).waitFor();
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);

    // Filtered: the entries with a line on 472 (input VAT), as the API lists them.
    await page.getByLabel('Cuenta (empieza por)').fill('472');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const vat = (await app.get('/api/v1/ledger?account=472&limit=50', token)).body as { total: number; items: { id: string; number: number; lines: { account: string; debit: string; credit: string }[] }[] };
    expect(vat.total).toBe(seeded.purchases + 1); // and the 303's settlement, which clears it
    await page.getByText(`${vat.total} asientos`).waitFor();
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(vat.items.map((e) => String(e.number)));
    await shot('books-3-journal-filtered');
    await page.getByLabel('Origen').selectOption('manual');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText('No hay asientos que coincidan.').waitFor();
    await page.getByLabel('Origen').selectOption('');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText(`${vat.total} asientos`).waitFor();

    // One entry opened: its lines as posted.
    const first = vat.items[0];
    await page.getByRole('rowheader', { name: String(first.number), exact: true }).click();
    await heading(`Asiento ${first.number}`).waitFor();
    for (const line of first.lines) {
      const shown = await text(rowOf(page, line.account));
      expect(shown).toContain(`${euros(line.debit)}${euros(line.credit)}`);
    }
    expect(await text(rowOf(page, 'Totales'))).toContain(euros(sumMoney(first.lines.map((l) => l.debit))!));
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);

    // The customers' account over the quarter, opened from the trial balance of the quarter: the running balance as the API computes it.
    await page.getByRole('link', { name: 'Sumas y saldos' }).click();
    await heading('Balance de sumas y saldos').waitFor();
    await page.getByLabel('Desde').fill(seeded.from);
    await page.getByLabel('Hasta').fill(seeded.to);
    await page.getByRole('button', { name: 'Mostrar' }).click();
    await page.getByText(`Periodo: ${formatDate(seeded.from)} – ${formatDate(seeded.to)}`).waitFor();
    await page.getByRole('rowheader', { name: '4300', exact: true }).click();
    await heading('Mayor de 4300 Clientes (euros)').waitFor();
    expect(new URL(page.url()).search).toBe(`?from=${seeded.from}&to=${seeded.to}`);
    const statement = (await app.get(`/api/v1/ledger/account/4300?from=${seeded.from}&to=${seeded.to}&limit=100`, token)).body as { opening_balance: string; debit: string; credit: string; closing_balance: string; items: { entry_number: number; balance: string; debit: string }[] };
    expect(statement.items.length).toBe(seeded.invoices.length + seeded.ossSales.length);
    await page.getByText(`Saldo inicial ${euros(statement.opening_balance)} · Debe ${euros(statement.debit)} · Haber ${euros(statement.credit)} · Saldo final ${euros(statement.closing_balance)}`).waitFor();
    const table = page.getByRole('region', { name: 'Movimientos de la cuenta 4300' });
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(statement.items.length + 2);
    for (const [i, item] of statement.items.entries()) {
      const cells = rows.nth(i + 2).getByRole('gridcell');
      expect([i, await text(cells.nth(1)), await text(cells.last())]).toEqual([i, String(item.entry_number), euros(item.balance)]);
    }
    expect(statement.items.at(-1)!.balance).toBe(statement.closing_balance);
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    // Another account typed in the statement's own form (the period kept): input VAT.
    await page.getByLabel('Cuenta', { exact: true }).fill('472');
    await page.getByRole('button', { name: 'Mostrar' }).click();
    await heading('Mayor de 472 Hacienda Pública, IVA soportado').waitFor();
    const input = (await app.get(`/api/v1/ledger/account/472?from=${seeded.from}&to=${seeded.to}&limit=100`, token)).body;
    await page.getByText(`Saldo final ${euros(input.closing_balance)}`, { exact: false }).waitFor();
    expect(await page.getByRole('region', { name: 'Movimientos de la cuenta 472' }).getByRole('row').count()).toBe(input.items.length + 2);

    // A manual entry: the balance shown while typing; an unbalanced one is the API's 422, shown in the page; then posted.
    await page.getByRole('link', { name: 'Diario' }).click();
    await page.getByRole('link', { name: 'Nuevo asiento manual' }).click();
    await heading('Nuevo asiento').waitFor();
    await page.getByLabel('Fecha').fill(seeded.to);
    await page.getByLabel('Concepto').fill('Nómina del trimestre');
    const line = (n: number) => page.getByRole('group', { name: `Línea ${n}` });
    await line(1).getByLabel('Cuenta').fill('640');
    await line(1).getByText('Sueldos y salarios').waitFor();
    await line(1).getByLabel('Debe').fill('2.500,00');
    await line(2).getByLabel('Cuenta').fill('47.6');
    await line(2).getByText('Cuenta no encontrada en el plan').waitFor();
    await line(2).getByLabel('Haber').fill('350');
    await page.getByRole('button', { name: 'Añadir línea' }).click();
    await line(3).getByLabel('Cuenta').fill('572');
    await line(3).getByLabel('Haber').fill('2.100,00');
    await page.getByText('Debe 2.500,00 € · Haber 2.450,00 € · Descuadre de 50,00 €').waitFor();
    // Not an account code: the API's 422 on that line's field.
    await page.getByRole('button', { name: 'Contabilizar asiento' }).click();
    const badAccount = line(2).getByLabel('Cuenta');
    await line(2).locator('input[aria-invalid="true"]').waitFor();
    const describedBy = (await badAccount.getAttribute('aria-describedby')) ?? '';
    const messages = await Promise.all(describedBy.split(' ').filter(Boolean).map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(messages.join(' ')).toMatch(/\S{3,}/);
    expect(await page.locator('.notice-error').count()).toBe(0); // on the line, not repeated for the entry
    expect(await pageProblems()).toEqual([]);
    await shot('books-4-manual-entry-refused');
    // A code, but the entry does not balance: the API's message for the entry.
    await badAccount.fill('476');
    await line(2).getByText('Organismos de la Seguridad Social, acreedores').waitFor();
    await page.getByRole('button', { name: 'Contabilizar asiento' }).click();
    await page.getByText('The entry does not balance: debits 2500.00 and credits 2450.00 differ by 50.00').waitFor();
    expect((await app.get('/api/v1/ledger?limit=1', token)).body.total).toBe(all);
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);

    await line(3).getByLabel('Haber').fill('2.150,00');
    await page.getByText('Debe 2.500,00 € · Haber 2.500,00 € · Cuadra').waitFor();
    await line(3).getByLabel('Haber').press('Enter');
    await page.getByText(`Asiento ${all + 1} contabilizado.`).waitFor();
    await heading(`Asiento ${all + 1}`).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const posted = (await app.get(`/api/v1/ledger/entries/${id}`, token)).body;
    expect(posted).toMatchObject({ number: all + 1, date: seeded.to, description: 'Nómina del trimestre', source_type: 'manual' });
    expect(posted.lines.map((l: { account: string; debit: string; credit: string }) => [l.account, l.debit, l.credit]))
      .toEqual([['640', '2500.00', '0.00'], ['476', '0.00', '350.00'], ['572', '0.00', '2150.00']]);
    expect(await text(rowOf(page, 'Totales'))).toContain('2.500,00 €2.500,00 €');
    expect(await pageProblems()).toEqual([]);
    expect(await fitsWidth()).toBe(true);
    await shot('books-5-manual-entry');

    // Reversed: a new entry with the sides swapped, which says what it reverses.
    await page.getByRole('button', { name: 'Revertir el asiento' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Concepto').inputValue()).toBe(`Anulación del asiento ${all + 1}`);
    expect(await pageProblems()).toEqual([]);
    await dialog.getByRole('button', { name: 'Contabilizar la reversión' }).click();
    await heading(`Asiento ${all + 2}`).waitFor();
    await page.getByText(`Revierte el asiento ${all + 1}.`).waitFor();
    const reversal = (await app.get(`/api/v1/ledger/entries/${new URL(page.url()).pathname.split('/').pop()}`, token)).body;
    expect(reversal).toMatchObject({ number: all + 2, reversal_of: id, description: `Anulación del asiento ${all + 1}` });
    expect(reversal.lines.map((l: { account: string; debit: string; credit: string }) => [l.account, l.debit, l.credit]))
      .toEqual([['640', '0.00', '2500.00'], ['476', '350.00', '0.00'], ['572', '2150.00', '0.00']]);
    expect((await app.get(`/api/v1/ledger/entries/${id}`, token)).body.reversed_by).toBe(reversal.id);
    expect(await pageProblems()).toEqual([]);

    // In English at desktop width: the same pages, the other catalogue.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('.languages').getByText('EN', { exact: true }).click();
    await heading(`Entry ${all + 2}`).waitFor();
    await page.getByText(`Reverses entry ${all + 1}.`).waitFor();
    await page.getByRole('link', { name: 'Taxes' }).click();
    await heading('Taxes').waitFor();
    await rowOf(page, 'Model 303').waitFor();
    expect(await pageProblems()).toEqual([]);
    await shot('books-6-english-taxes');
    await page.locator('.languages').getByText('ES', { exact: true }).click();
    await heading('Impuestos').waitFor();
    await page.setViewportSize(PHONE);
  }, FLOW_TIMEOUT);
});
