import { embedFonts, pdfLine, type FontWeight } from '../../kernel/pdf-fonts';
import type { Decimal } from '../../kernel/money';
import { issuedAsSimplified, regimesOf } from './legal-content';
import { breakdownOf, legendsOf, type InvoiceRecord } from './service';
import { RECTIFICATION_GROUNDS, trimDecimal, type Party, type TaxTypeInfo } from '../documents/api';

/**
 * The invoice as a PDF with the content of art. 6.1 RD 1619/2012 (docs/domain/invoice-content.md §2): number and
 * series, issue date (and operation date when it differs), both parties' full names, tax numbers
 * and addresses, the lines with unit price and discount, each tax rate with its base and amount,
 * the withholding, the totals, the mandatory mentions (exemptions, "Inversión del sujeto pasivo")
 * and, for a rectifying invoice, the invoice it rectifies and why. The tenant's logo heads it.
 *
 * Set in the embedded Unicode fonts of `kernel/pdf-fonts.ts` (subsets), so every name prints as
 * written in any Latin, Greek, Cyrillic or Japanese script; uncompressed.
 */

export interface InvoicePdfInput {
  record: InvoiceRecord;
  types: ReadonlyMap<string, TaxTypeInfo>;
  /** For drafts (no snapshot yet): the current data of the company and the customer. */
  issuer: Party;
  customer: Party;
  logo?: Buffer | null;
  rectified?: { number: string | null; issueDate: string } | null;
  /** Images other plugins print at the top of the first page (`invoice-pdf-stamps`), e.g. the VERI*FACTU QR code. */
  stamps?: readonly { png: Uint8Array; sizeMm: number; caption: string }[];
}

const MM = 72 / 25.4;

/** 1234567.5 → "1.234.567,50" (Spanish grouping; from the decimal string, never a float). */
export function formatEuro(value: Decimal | string): string {
  const text = typeof value === 'string' ? value : value.toString();
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped},${fraction.padEnd(2, '0')}`;
}
const formatQuantity = (value: string) => value.replace('.', ',');
const formatDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const formatPct = (rate: string) => `${rate.replace(/\.?0+$/, '').replace('.', ',') || '0'} %`;

function partyLines(party: Party): string[] {
  const lines = [party.legal_name && party.legal_name !== party.name ? party.legal_name : party.name];
  if (party.legal_name && party.legal_name !== party.name) lines.push(party.name);
  lines.push(party.tax_id ? `NIF: ${party.tax_id}` : 'NIF: —');
  if (party.address) lines.push(party.address);
  const place = [party.postal_code, party.city].filter(Boolean).join(' ');
  const region = [place, party.province].filter(Boolean).join(', ');
  if (region) lines.push(region);
  lines.push(party.country === 'ES' ? 'España' : party.country);
  return lines;
}

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const { record, types } = input;
  const margin = 40;
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4', margins: { top: margin, left: margin, right: margin, bottom: 20 }, compress: false, bufferPages: true,
    info: { Title: `Factura ${record.number ?? 'borrador'}`, Creator: 'Cuadra', Author: pdfLine(input.issuer.name), CreationDate: new Date(record.issuedAt ?? record.createdAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const width = doc.page.width - margin * 2;
  const bottom = () => doc.page.height - 50;
  let y = margin;
  const fonts = embedFonts(doc);
  let weight: FontWeight = 'regular';
  const style = (w: FontWeight, size: number) => { weight = w; doc.fontSize(size); };
  /** One line of text, clipped to its options' width. */
  const text = (value: string, x: number, at: number, options: Record<string, unknown> = {}) => {
    return fonts.draw(pdfLine(value), x, at, { lineBreak: false, ...options }, weight);
  };
  /** A paragraph that wraps within its options' width. */
  const paragraph = (value: string, x: number, at: number, options: Record<string, unknown>) => {
    return fonts.draw(pdfLine(value), x, at, options, weight);
  };

  // Stamps first: the content starts below them (a VERI*FACTU QR goes before the invoice's content).
  for (const stamp of input.stamps ?? []) {
    const side = stamp.sizeMm * MM;
    doc.image(Buffer.from(stamp.png), margin, y, { width: side, height: side });
    style('bold', 9);
    paragraph(stamp.caption, margin + side + 8, y + side / 2 - 6, { width: width - side - 8 });
    style('regular', 10);
    y += side + 8;
  }

  // Heading: logo on the left, title and number on the right.
  let logoHeight = 0;
  if (input.logo) {
    try {
      doc.image(input.logo, margin, y, { fit: [150, 60] });
      logoHeight = 64;
    } catch {
      logoHeight = 0; // an unreadable logo never stops the invoice
    }
  }
  const simplified = !!record.customer && issuedAsSimplified(record.customer, regimesOf(record.lines, input.types), { total: record.total, rectifying: !!record.rectifiesId });
  const title = record.status === 'draft' ? 'BORRADOR (sin validez como factura)'
    : `${record.rectifiesId ? 'FACTURA RECTIFICATIVA' : 'FACTURA'}${simplified ? ' SIMPLIFICADA' : ''}`;
  style('bold', 16);
  text(title, margin, y, { width, align: 'right' });
  style('regular', 10);
  const meta = [
    `Número: ${record.number ?? '—'}`,
    `Serie: ${record.series}`,
    `Fecha de expedición: ${formatDate(record.issueDate)}`,
    ...(record.operationDate && record.operationDate !== record.issueDate ? [`Fecha de la operación: ${formatDate(record.operationDate)}`] : []),
    ...(record.dueDate ? [`Vencimiento: ${formatDate(record.dueDate)}`] : []),
  ];
  meta.forEach((line, i) => text(line, margin, y + 22 + i * 13, { width, align: 'right' }));
  y = Math.max(y + logoHeight, y + 22 + meta.length * 13) + 14;

  // Parties.
  const column = (width - 20) / 2;
  const partyBlock = (label: string, party: Party, x: number) => {
    style('bold', 9);
    text(label, x, y);
    style('regular', 10);
    const lines = partyLines(party);
    lines.forEach((line, i) => text(line, x, y + 14 + i * 13, { width: column, ellipsis: true }));
    return 14 + lines.length * 13;
  };
  const used = Math.max(partyBlock('EMISOR', record.issuer ?? input.issuer, margin), partyBlock('DESTINATARIO', record.customer ?? input.customer, margin + column + 20));
  y += used + 12;

  if (record.rectifiesId) {
    style('bold', 10);
    const mode = record.rectificationMode === 'substitution' ? 'por sustitución' : 'por diferencias';
    const ref = input.rectified ? `${input.rectified.number ?? '—'} de ${formatDate(input.rectified.issueDate)}` : '—';
    text(`Factura rectificativa ${mode} de la factura ${ref} (art. 15 RD 1619/2012)`, margin, y, { width });
    y += 13;
    style('regular', 10);
    y = paragraph(`Motivo: ${record.rectificationReason ?? ''}`, margin, y, { width }).y + 2;
    y = paragraph(`Fundamento: ${RECTIFICATION_GROUNDS[record.rectificationGround ?? 'error'].legalBasis}`, margin, y, { width }).y + 8;
  }

  // Lines.
  const cols = [
    { label: 'Descripción', width: 0.34, align: 'left' as const },
    { label: 'Cantidad', width: 0.09, align: 'right' as const },
    { label: 'Precio unit.', width: 0.12, align: 'right' as const },
    { label: 'Dto.', width: 0.07, align: 'right' as const },
    { label: 'Base imponible', width: 0.14, align: 'right' as const },
    { label: 'IVA', width: 0.08, align: 'right' as const },
    { label: 'RE', width: 0.07, align: 'right' as const },
    { label: 'IRPF', width: 0.09, align: 'right' as const },
  ].map((c) => ({ ...c, width: c.width * width }));
  const header = () => {
    style('bold', 8.5);
    let x = margin;
    for (const c of cols) { text(c.label, x + 2, y, { width: c.width - 4, align: c.align }); x += c.width; }
    y += 12;
    doc.moveTo(margin, y - 2).lineTo(margin + width, y - 2).lineWidth(0.5).stroke();
    y += 2;
  };
  const ensure = (height: number) => {
    if (y + height <= bottom()) return;
    doc.addPage();
    y = margin;
    header();
  };
  header();
  style('regular', 8.5);
  for (const line of record.lines) {
    const description = pdfLine(line.description);
    style('regular', 8.5);
    const height = Math.max(12, fonts.select(description).heightOfString(description, { width: cols[0].width - 4 }) + 3);
    ensure(height);
    style('regular', 8.5);
    paragraph(description, margin + 2, y, { width: cols[0].width - 4 });
    const cells = [
      formatQuantity(trimDecimal(line.quantity.toString())),
      formatEuro(trimDecimal(line.unitPrice.toString(), 2)),
      line.discountPct.isZero() ? '' : formatPct(line.discountPct.toString()),
      formatEuro(line.base),
      formatPct(line.taxRate.toString()),
      line.surchargeRate ? formatPct(line.surchargeRate.toString()) : '',
      line.withholdingRate ? formatPct(line.withholdingRate.toString()) : '',
    ];
    let x = margin + cols[0].width;
    cells.forEach((cell, i) => { text(cell, x + 2, y, { width: cols[i + 1].width - 4, align: 'right' }); x += cols[i + 1].width; });
    y += height;
  }
  doc.moveTo(margin, y).lineTo(margin + width, y).lineWidth(0.5).stroke();
  y += 10;

  // Taxes: each rate with its base and amount.
  const breakdown = breakdownOf(record.lines, types);
  ensure(16 + breakdown.length * 12);
  style('bold', 9);
  const taxCols = [0.46, 0.14, 0.2, 0.2].map((w) => w * width);
  const taxRow = (cells: string[], bold = false) => {
    style(bold ? 'bold' : 'regular', 9);
    let x = margin;
    cells.forEach((cell, i) => { text(cell, x + 2, y, { width: taxCols[i] - 4, align: i === 0 ? 'left' : 'right' }); x += taxCols[i]; });
    y += 12;
  };
  taxRow(['Impuesto', 'Tipo', 'Base imponible', 'Cuota'], true);
  for (const item of breakdown) {
    ensure(12);
    taxRow([`${item.name} (${item.code})`, formatPct(item.rate), formatEuro(item.base), formatEuro(item.amount)]);
  }
  y += 6;

  // Totals.
  const totals: [string, string][] = [
    ['Base imponible', formatEuro(record.subtotal)],
    ['Cuota de IVA', formatEuro(record.taxTotal.sub(record.surchargeTotal))],
    ...(record.surchargeTotal.isZero() ? [] : [['Recargo de equivalencia', formatEuro(record.surchargeTotal)] as [string, string]]),
    ...(record.withholdingTotal.isZero() ? [] : [['Retención IRPF', `-${formatEuro(record.withholdingTotal)}`] as [string, string]]),
  ];
  ensure(14 * (totals.length + 1) + 6);
  const labelX = margin + width * 0.5;
  style('regular', 10);
  for (const [label, value] of totals) {
    text(label, labelX, y, { width: width * 0.3 });
    text(`${value} €`, labelX + width * 0.3, y, { width: width * 0.2, align: 'right' });
    y += 14;
  }
  style('bold', 11);
  text('TOTAL FACTURA', labelX, y, { width: width * 0.3 });
  text(`${formatEuro(record.total)} €`, labelX + width * 0.3, y, { width: width * 0.2, align: 'right' });
  y += 22;

  // Mandatory mentions and notes.
  const legends = legendsOf(record, types);
  if (legends.length || record.notes) {
    style('regular', 9);
    for (const legend of legends) {
      ensure(12);
      y = paragraph(legend, margin, y, { width }).y + 2;
    }
    if (record.notes) {
      ensure(24);
      y = paragraph(`Observaciones: ${record.notes}`, margin, y + 4, { width }).y;
    }
  }

  // Page numbers on every page.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0; // the footer sits below the bottom margin: no page break for it
    style('regular', 7.5);
    text(`${(record.issuer ?? input.issuer).legal_name ?? (record.issuer ?? input.issuer).name} · ${record.number ?? 'Borrador'} · Página ${i + 1} de ${range.count}`, margin, doc.page.height - 30, { width, align: 'center' });
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
