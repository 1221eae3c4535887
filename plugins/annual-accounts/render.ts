import { formatEuro } from '../../lib/spanish-amounts';
import { embedFonts, pdfLine, type FontWeight } from '../../lib/pdf-fonts';
import type { AnnualAccountsView } from './service';

/**
 * The statements as XLSX and PDF: company, year, model and both years' columns. Amounts stay the
 * exact decimal strings of the JSON in the workbook (a float cell could round them) and are printed
 * with Spanish grouping in the PDF.
 */

const MODEL_NAMES: Record<string, string> = { pymes: 'Modelo de PYMES', abreviado: 'Modelo abreviado', normal: 'Modelo normal' };

const heading = (view: AnnualAccountsView) => ({
  title: `${view.title} del ejercicio ${view.year}`,
  company: [view.company.legal_name || view.company.name, view.company.tax_id ? `NIF ${view.company.tax_id}` : null].filter(Boolean).join(' · '),
  period: `Ejercicio del ${view.start_date} al ${view.end_date} · ${MODEL_NAMES[view.model] ?? view.model} · importes en euros`,
});

export async function statementXlsx(view: AnnualAccountsView): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cuadra';
  const sheet = workbook.addWorksheet(view.statement === 'balance_sheet' ? 'Balance' : 'Pérdidas y ganancias');
  const head = heading(view);
  sheet.columns = [{ width: 14 }, { width: 80 }, { width: 40 }, { width: 18 }, { width: 18 }];
  sheet.addRow([head.title]).font = { bold: true, size: 13 };
  sheet.addRow([head.company]);
  sheet.addRow([head.period]);
  sheet.addRow([]);
  for (const side of view.sides) {
    const header = sheet.addRow(['Código', side.title, 'Cuentas', String(view.year), String(view.previous.year)]);
    header.font = { bold: true };
    for (const line of side.lines) {
      const row = sheet.addRow([line.code, `${'  '.repeat(line.level)}${line.label}`, line.accounts?.join(', ') ?? '', line.amount, line.previous_amount]);
      if (line.kind !== 'line') row.font = { bold: true };
      row.getCell(4).alignment = { horizontal: 'right' };
      row.getCell(5).alignment = { horizontal: 'right' };
    }
    sheet.addRow([]);
  }
  if (view.unmapped.length) {
    sheet.addRow(['Cuentas con saldo sin partida en el modelo']).font = { bold: true };
    for (const u of view.unmapped) sheet.addRow([u.account, `Saldo deudor (− acreedor) en ${u.year}`, '', u.balance]);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer() as ArrayBuffer);
}

export async function statementPdf(view: AnnualAccountsView): Promise<Uint8Array> {
  const margin = 40;
  const { default: PDFDocument } = await import('pdfkit');
  const head = heading(view);
  const doc = new PDFDocument({
    size: 'A4', margins: { top: margin, left: margin, right: margin, bottom: 20 }, compress: false, bufferPages: true,
    info: { Title: pdfLine(head.title), Creator: 'Cuadra', Author: pdfLine(view.company.name) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const fonts = embedFonts(doc);
  const width = doc.page.width - margin * 2;
  const amountWidth = 80;
  const labelWidth = width - amountWidth * 2 - 10;
  const bottom = doc.page.height - 50;
  let y = margin;
  const text = (value: string, x: number, at: number, options: Record<string, unknown>, weight: FontWeight = 'regular') =>
    fonts.draw(pdfLine(value), x, at, { lineBreak: false, ...options }, weight);
  const columns = (weight: FontWeight = 'bold') => {
    doc.fontSize(8);
    text(String(view.year), margin + labelWidth + 10, y, { width: amountWidth, align: 'right' }, weight);
    text(String(view.previous.year), margin + labelWidth + 10 + amountWidth, y, { width: amountWidth, align: 'right' }, weight);
  };

  doc.fontSize(13); text(head.title, margin, y, { width }, 'bold'); y += 20;
  doc.fontSize(9); text(head.company, margin, y, { width }); y += 13;
  text(head.period, margin, y, { width }); y += 22;
  for (const side of view.sides) {
    if (y > bottom - 40) { doc.addPage(); y = margin; }
    doc.fontSize(10); text(side.title, margin, y, { width: labelWidth }, 'bold'); columns(); y += 16;
    for (const line of side.lines) {
      if (y > bottom) { doc.addPage(); y = margin; columns(); y += 14; }
      const weight: FontWeight = line.kind === 'line' ? 'regular' : 'bold';
      const indent = line.level * 10;
      doc.fontSize(8);
      text(line.label, margin + indent, y, { width: labelWidth - indent, ellipsis: true }, weight);
      text(formatEuro(line.amount), margin + labelWidth + 10, y, { width: amountWidth, align: 'right' }, weight);
      text(formatEuro(line.previous_amount), margin + labelWidth + 10 + amountWidth, y, { width: amountWidth, align: 'right' }, weight);
      y += 12;
    }
    y += 14;
  }
  if (view.unmapped.length) {
    if (y > bottom - 30) { doc.addPage(); y = margin; }
    doc.fontSize(9); text('Cuentas con saldo sin partida en el modelo (saldo deudor positivo)', margin, y, { width }, 'bold'); y += 14;
    for (const u of view.unmapped) {
      if (y > bottom) { doc.addPage(); y = margin; }
      doc.fontSize(8); text(`${u.account} (${u.year})`, margin, y, { width: labelWidth }); text(formatEuro(u.balance), margin + labelWidth + 10, y, { width: amountWidth, align: 'right' });
      y += 12;
    }
  }
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.fontSize(7);
    text(`${head.company} · ${head.title} · página ${i + 1} de ${range.count}`, margin, doc.page.height - 30, { width, align: 'center' });
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
