import { embedFonts, pdfLine, type FontWeight } from '../../lib/pdf-fonts';
import type { Decimal } from '../../kernel/money';
import { trimDecimal } from './calc';
import type { Party } from './document';
import type { PrintableDocument, PrintableLine } from './printable';

/**
 * Any printable document as a PDF: heading (logo, title, notices, number and dates), both parties,
 * an optional preamble (what a rectifying invoice rectifies), the lines, each tax rate with its base
 * and amount, the totals, the mandatory mentions, the payment details and notes; page numbers and
 * the issuer's Registro Mercantil entry in the footer.
 *
 * Set in the embedded Unicode fonts of `lib/pdf-fonts.ts` (subsets), so every name prints as
 * written in any Latin, Greek, Cyrillic or Japanese script; uncompressed.
 */

const MM = 72 / 25.4;

import { formatEuro } from '../../lib/spanish-amounts';

export { formatEuro };
const formatQuantity = (value: string) => trimDecimal(value).replace('.', ',');
const formatPct = (rate: string) => `${rate.replace(/\.?0+$/, '').replace('.', ',') || '0'} %`;
const isZero = (value: string | null) => !value || /^-?0*\.?0*$/.test(value);

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

interface Column { label: string; width: number; cell: (line: PrintableLine) => string; optional?: (line: PrintableLine) => string | null }

/** Description, quantity, price, base and VAT always; discount, surcharge and withholding only when some line has one. */
function columnsFor(lines: readonly PrintableLine[], width: number): Column[] {
  const all: Column[] = [
    { label: 'Cantidad', width: 0.09, cell: (l) => formatQuantity(l.quantity) },
    { label: 'Precio unit.', width: 0.12, cell: (l) => formatEuro(trimDecimal(l.unitPrice, 2)) },
    { label: 'Dto.', width: 0.07, cell: (l) => isZero(l.discountPct) ? '' : formatPct(l.discountPct!), optional: (l) => l.discountPct },
    { label: 'Base imponible', width: 0.14, cell: (l) => formatEuro(l.base) },
    { label: 'IVA', width: 0.08, cell: (l) => l.taxRate === null ? '' : formatPct(l.taxRate) },
    { label: 'RE', width: 0.07, cell: (l) => isZero(l.surchargeRate) ? '' : formatPct(l.surchargeRate!), optional: (l) => l.surchargeRate },
    { label: 'IRPF', width: 0.09, cell: (l) => isZero(l.withholdingRate) ? '' : formatPct(l.withholdingRate!), optional: (l) => l.withholdingRate },
  ];
  const shown = all.filter((c) => !c.optional || lines.some((l) => !isZero(c.optional!(l))));
  const description = 1 - shown.reduce((sum, c) => sum + c.width, 0);
  return [{ label: 'Descripción', width: description, cell: (l: PrintableLine) => l.description }, ...shown].map((c) => ({ ...c, width: c.width * width }));
}

export async function renderPdf(document: PrintableDocument): Promise<Uint8Array> {
  const margin = 40;
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4', margins: { top: margin, left: margin, right: margin, bottom: 20 }, compress: false, bufferPages: true,
    info: { Title: pdfLine(document.documentTitle), Creator: 'Cuadra', Author: pdfLine(document.issuer.name), CreationDate: document.createdAt },
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

  // Stamps first: the content starts below them (a VERI*FACTU QR goes before the document's content).
  for (const stamp of document.stamps ?? []) {
    const side = stamp.sizeMm * MM;
    doc.image(Buffer.from(stamp.png), margin, y, { width: side, height: side });
    style('bold', 9);
    paragraph(stamp.caption, margin + side + 8, y + side / 2 - 6, { width: width - side - 8 });
    style('regular', 10);
    y += side + 8;
  }

  // Heading: logo on the left, title, notices, number and dates on the right.
  let logoHeight = 0;
  if (document.logo) {
    try {
      doc.image(Buffer.from(document.logo), margin, y, { fit: [150, 60] });
      logoHeight = 64;
    } catch {
      logoHeight = 0; // an unreadable logo never stops the document
    }
  }
  style('bold', 16);
  text(document.title, margin, y, { width, align: 'right' });
  let headingY = y + 22;
  style('bold', 10);
  for (const notice of document.notices ?? []) { text(notice, margin, headingY, { width, align: 'right' }); headingY += 13; }
  style('regular', 10);
  const meta = [`Número: ${document.number ?? '—'}`, ...document.headingLines];
  meta.forEach((line, i) => text(line, margin, headingY + i * 13, { width, align: 'right' }));
  y = Math.max(y + logoHeight, headingY + meta.length * 13) + 14;

  // Parties.
  const column = (width - 20) / 2;
  /** The party's lines, then `note` (the registry entry) wrapped in smaller type; answers the height used. */
  const partyBlock = (label: string, party: Party, x: number, note?: string | null) => {
    style('bold', 9);
    text(label, x, y);
    style('regular', 10);
    const lines = partyLines(party);
    lines.forEach((line, i) => text(line, x, y + 14 + i * 13, { width: column, ellipsis: true }));
    const height = 14 + lines.length * 13;
    if (!note) return height;
    style('regular', 8);
    return paragraph(note, x, y + height + 2, { width: column }).y - y;
  };
  const used = Math.max(
    partyBlock('EMISOR', document.issuer, margin, document.issuerRegistry),
    partyBlock(document.customerLabel ?? 'DESTINATARIO', document.customer, margin + column + 20),
  );
  y += used + 12;

  if (document.preamble) {
    style('bold', 10);
    text(document.preamble.heading, margin, y, { width });
    y += 13;
    style('regular', 10);
    for (const line of document.preamble.paragraphs) y = paragraph(line, margin, y, { width }).y + 2;
    y += 6;
  }

  // Lines.
  const cols = columnsFor(document.lines, width);
  const header = () => {
    style('bold', 8.5);
    let x = margin;
    for (const [i, c] of cols.entries()) { text(c.label, x + 2, y, { width: c.width - 4, align: i === 0 ? 'left' : 'right' }); x += c.width; }
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
  for (const line of document.lines) {
    const description = pdfLine(line.description);
    style('regular', 8.5);
    const height = Math.max(12, fonts.select(description).heightOfString(description, { width: cols[0].width - 4 }) + 3);
    ensure(height);
    style('regular', 8.5);
    paragraph(description, margin + 2, y, { width: cols[0].width - 4 });
    let x = margin + cols[0].width;
    for (const c of cols.slice(1)) { text(c.cell(line), x + 2, y, { width: c.width - 4, align: 'right' }); x += c.width; }
    y += height;
  }
  doc.moveTo(margin, y).lineTo(margin + width, y).lineWidth(0.5).stroke();
  y += 10;

  // Taxes: each rate with its base and amount.
  ensure(16 + document.taxes.length * 12);
  const taxCols = [0.46, 0.14, 0.2, 0.2].map((w) => w * width);
  const taxRow = (cells: string[], bold = false) => {
    style(bold ? 'bold' : 'regular', 9);
    let x = margin;
    cells.forEach((cell, i) => { text(cell, x + 2, y, { width: taxCols[i] - 4, align: i === 0 ? 'left' : 'right' }); x += taxCols[i]; });
    y += 12;
  };
  taxRow(['Impuesto', 'Tipo', 'Base imponible', 'Cuota'], true);
  for (const tax of document.taxes) {
    ensure(12);
    taxRow([tax.name, formatPct(tax.rate), formatEuro(tax.base), formatEuro(tax.amount)]);
  }
  y += 6;

  // Totals.
  ensure(14 * (document.totals.length + 1) + 6);
  const labelX = margin + width * 0.5;
  style('regular', 10);
  for (const [label, value] of document.totals) {
    text(label, labelX, y, { width: width * 0.3 });
    text(`${formatEuro(value)} ${document.currencySymbol ?? '€'}`, labelX + width * 0.3, y, { width: width * 0.2, align: 'right' });
    y += 14;
  }
  style('bold', 11);
  text(document.grandTotal[0], labelX, y, { width: width * 0.3 });
  text(`${formatEuro(document.grandTotal[1])} ${document.currencySymbol ?? '€'}`, labelX + width * 0.3, y, { width: width * 0.2, align: 'right' });
  y += 22;

  // Mandatory mentions, payment and notes.
  style('regular', 9);
  for (const legend of document.legends) {
    ensure(12);
    y = paragraph(legend, margin, y, { width }).y + 2;
  }
  for (const line of document.paymentLines ?? []) {
    ensure(12);
    y = paragraph(line, margin, y + 2, { width }).y;
  }
  if (document.notes) {
    ensure(24);
    y = paragraph(`Observaciones: ${document.notes}`, margin, y + 4, { width }).y;
  }

  // Page numbers (and the issuer's registry entry) on every page.
  const range = doc.bufferedPageRange();
  const issuerName = document.issuer.legal_name ?? document.issuer.name;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0; // the footer sits below the bottom margin: no page break for it
    style('regular', 7.5);
    if (document.issuerRegistry) text(`${issuerName} · ${document.issuerRegistry}`, margin, doc.page.height - 40, { width, align: 'center' });
    text(`${issuerName} · ${document.reference} · Página ${i + 1} de ${range.count}`, margin, doc.page.height - 30, { width, align: 'center' });
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
