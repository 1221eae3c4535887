import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { embedFonts, pdfLine, type FontWeight } from '../../lib/pdf-fonts';
import { formatEuro } from '../../lib/spanish-amounts';
import { AnnualAccounts, type AnnualAccountsView, type ModelKey } from '../annual-accounts/api';
import { fiscalYear } from '../fiscal-years/api';
import { LedgerService, YEAR_END_SOURCE_TYPES } from '../ledger/api';
import { TenantService } from '../tenants/api';

/**
 * The Libro de Inventarios y Cuentas Anuales of a year (Código de Comercio art. 28.1): it opens with
 * the detailed initial balance, transcribes at least quarterly the trial balances (sumas y saldos),
 * and closes with the year-end inventory and the annual accounts. Figures come from the ledger's
 * maintained monthly balances and the annual-accounts plugin; the year-end entries are read as the
 * law reads them: the initial balance is what the previous year carried in (its closing and the
 * opening entry left out, which mirror each other), the quarters and the inventory show the year
 * before its regularisation and closing.
 */
interface AccountBalance { account: string; name: string; debit: Decimal; credit: Decimal }

const zero = () => Decimal.zero(2);
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const { regularisation, closing, opening } = YEAR_END_SOURCE_TYPES;
const isBalanceSheet = (account: string) => /^[1-5]/.test(account);

export interface InventoryBook {
  company: { name: string; taxId: string | null };
  year: number; start: string; end: string;
  initial: AccountBalance[];
  /** What groups 6 and 7 carried into the year, when the previous year was not regularised. */
  initialUnregularised: Decimal;
  quarters: { label: string; to: string; accounts: AccountBalance[] }[];
  inventory: AccountBalance[];
  statements: AnnualAccountsView[];
}

export async function inventoryBook(tx: Tx, year: number, model: ModelKey): Promise<InventoryBook> {
  const tenant = await TenantService.current(tx);
  const period = fiscalYear(year, tenant.fiscalYearStartMonth ?? 1);
  const names = new Map((await LedgerService.accountNames(tx)).map((a) => [a.code, a.name]));
  const withNames = (rows: { account: string; debit: Decimal; credit: Decimal }[]) =>
    rows.filter((r) => !r.debit.eq(r.credit)).map((r) => ({ ...r, name: names.get(r.account) ?? '' }));

  const carried = await LedgerService.totalsByAccount(tx, { to: dayBefore(period.start), excludeSourceTypes: [closing, opening] });
  const initial = withNames(carried.filter((r) => isBalanceSheet(r.account)));
  const initialUnregularised = carried.filter((r) => !isBalanceSheet(r.account)).reduce((sum, r) => sum.add(r.debit).sub(r.credit), zero());

  const quarterEnds = [3, 6, 9, 12].map((months) => {
    const [y, m] = period.start.split('-').map(Number);
    const last = new Date(Date.UTC(y, m - 1 + months, 0)).toISOString().slice(0, 10);
    return { label: `${months / 3}.º trimestre`, to: last };
  });
  const quarters = [];
  for (const quarter of quarterEnds) {
    // from the year's start: its opening entry included, its regularisation and closing not
    const rows = await LedgerService.totalsByAccount(tx, { from: period.start, to: quarter.to, excludeSourceTypes: [regularisation, closing] });
    // a trial balance lists every account with movement, even one whose balance came back to zero
    quarters.push({ ...quarter, accounts: rows.filter((r) => !r.debit.isZero() || !r.credit.isZero()).map((r) => ({ ...r, name: names.get(r.account) ?? '' })) });
  }
  const atEnd = await LedgerService.totalsByAccount(tx, { to: period.end, excludeSourceTypes: [closing, opening] });
  const inventory = withNames(atEnd.filter((r) => isBalanceSheet(r.account)));
  const statements = [await AnnualAccounts.statement(tx, year, 'balance_sheet', model), await AnnualAccounts.statement(tx, year, 'profit_and_loss', model)];
  return { company: { name: tenant.name, taxId: tenant.taxId ?? null }, year, start: period.start, end: period.end, initial, initialUnregularised, quarters, inventory, statements };
}

/** The book as one PDF, pages numbered "página n de N" as a book to be legalised is. */
export async function inventoryBookPdf(book: InventoryBook): Promise<Uint8Array> {
  const { default: PDFDocument } = await import('pdfkit');
  const margin = 40;
  const title = `Libro de Inventarios y Cuentas Anuales · ejercicio ${book.year}`;
  const doc = new PDFDocument({
    size: 'A4', margins: { top: margin, left: margin, right: margin, bottom: 20 }, compress: false, bufferPages: true,
    info: { Title: pdfLine(`${title} - ${book.company.name}`), Creator: 'Cuadra', Author: pdfLine(book.company.name) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const fonts = embedFonts(doc);
  const width = doc.page.width - margin * 2;
  const bottom = doc.page.height - 50;
  let y = margin;
  const text = (value: string, x: number, at: number, options: Record<string, unknown>, weight: FontWeight = 'regular') =>
    fonts.draw(pdfLine(value), x, at, { lineBreak: false, ...options }, weight);
  const room = (height: number) => { if (y + height > bottom) { doc.addPage(); y = margin; } };

  const section = (heading: string, note?: string) => {
    room(60);
    doc.fontSize(11); text(heading, margin, y, { width }, 'bold'); y += 16;
    if (note) { doc.fontSize(8); text(note, margin, y, { width }); y += 14; }
  };
  /** A table: the label column takes what the amount columns leave. */
  const table = (headers: string[], rows: { cells: string[]; bold?: boolean }[], amountColumns: number) => {
    const amountWidth = 78;
    const labelWidth = width - amountWidth * amountColumns;
    const row = (cells: string[], weight: FontWeight) => {
      room(12);
      doc.fontSize(7.5);
      text(cells[0], margin, y, { width: labelWidth - 6, ellipsis: true }, weight);
      cells.slice(1).forEach((cell, i) => text(cell, margin + labelWidth + i * amountWidth, y, { width: amountWidth, align: 'right' }, weight));
      y += 11;
    };
    row(headers, 'bold');
    for (const r of rows) row(r.cells, r.bold ? 'bold' : 'regular');
    y += 10;
  };
  const balancesTable = (accounts: AccountBalance[]) => {
    let debit = zero(), credit = zero();
    const rows = accounts.map((a) => {
      const balance = a.debit.sub(a.credit);
      if (balance.isNegative()) credit = credit.add(balance.negate()); else debit = debit.add(balance);
      return { cells: [`${a.account} ${a.name}`, balance.isNegative() ? '' : formatEuro(balance), balance.isNegative() ? formatEuro(balance.negate()) : ''] };
    });
    table(['Cuenta', 'Saldo deudor', 'Saldo acreedor'], [...rows, { cells: ['Total', formatEuro(debit), formatEuro(credit)], bold: true }], 2);
  };
  const trialTable = (accounts: AccountBalance[]) => {
    const totals = { debit: zero(), credit: zero(), dr: zero(), cr: zero() };
    const rows = accounts.map((a) => {
      const balance = a.debit.sub(a.credit);
      totals.debit = totals.debit.add(a.debit); totals.credit = totals.credit.add(a.credit);
      if (balance.isNegative()) totals.cr = totals.cr.add(balance.negate()); else totals.dr = totals.dr.add(balance);
      return { cells: [`${a.account} ${a.name}`, formatEuro(a.debit), formatEuro(a.credit), balance.isNegative() ? '' : formatEuro(balance), balance.isNegative() ? formatEuro(balance.negate()) : ''] };
    });
    table(['Cuenta', 'Sumas debe', 'Sumas haber', 'Saldo deudor', 'Saldo acreedor'],
      [...rows, { cells: ['Total', formatEuro(totals.debit), formatEuro(totals.credit), formatEuro(totals.dr), formatEuro(totals.cr)], bold: true }], 4);
  };

  doc.fontSize(14); text(title, margin, y, { width }, 'bold'); y += 20;
  doc.fontSize(9); text(`${book.company.name}${book.company.taxId ? ` · NIF ${book.company.taxId}` : ''} · del ${book.start} al ${book.end}`, margin, y, { width }); y += 24;

  section('1. Balance inicial detallado', `Saldos de las cuentas de balance al comienzo del ejercicio (${book.start}), tal como los trae el ejercicio anterior.`);
  balancesTable(book.initial);
  if (!book.initialUnregularised.isZero()) {
    doc.fontSize(8); text(`Resultado del ejercicio anterior pendiente de regularizar (grupos 6 y 7): ${formatEuro(book.initialUnregularised.negate())}`, margin, y, { width }); y += 16;
  }
  section('2. Balances de comprobación trimestrales', 'Sumas y saldos acumulados desde el comienzo del ejercicio (asiento de apertura incluido; sin regularización ni cierre).');
  for (const quarter of book.quarters) {
    room(40);
    doc.fontSize(9); text(`${quarter.label} (hasta el ${quarter.to})`, margin, y, { width }, 'bold'); y += 13;
    trialTable(quarter.accounts);
  }
  section('3. Inventario de cierre del ejercicio', `Saldos de las cuentas de balance al ${book.end}, antes del asiento de cierre.`);
  balancesTable(book.inventory);
  section('4. Cuentas anuales');
  for (const statement of book.statements) {
    room(40);
    doc.fontSize(10); text(statement.title, margin, y, { width }, 'bold'); y += 14;
    for (const side of statement.sides) {
      table([side.title, String(statement.year), String(statement.previous.year)],
        side.lines.map((line) => ({ cells: [`${'  '.repeat(line.level)}${line.label}`, formatEuro(line.amount), formatEuro(line.previous_amount)], bold: line.kind !== 'line' })), 2);
    }
  }
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.fontSize(7);
    text(`${book.company.name} · ${title} · página ${i + 1} de ${range.count}`, margin, doc.page.height - 30, { width, align: 'center' });
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
