/**
 * pdf-lib layouts (standard PDF fonts, WinAnsi): pl-* . Run by build.py as
 * `bun render_pdflib.ts <invoice.json> <out.pdf>`; the JSON carries every amount already formatted
 * by model.py, so no arithmetic happens here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb, type RGB } from 'pdf-lib';

interface Party { name: string; nif: string; address: string[]; phone?: string; email?: string; trade?: string }
interface Line { desc: string; qty: string; price: string; rate: string; surcharge: string | null; net: string; vat: string; with_vat: string }
interface Group { rate: string; surcharge: string | null; base: string; vat: string; re: string | null }
interface Invoice { id: string; supplier: Party; customer: Party; number: string; date_text: string; lines: Line[]; groups: Group[]; subtotal: string; vat: string; re: string; withholding_rate: string | null; withholding: string; total: string; total_words: string }

const [dataPath, outPath] = process.argv.slice(2);
const inv = JSON.parse(readFileSync(dataPath, 'utf8')) as Invoice;
const MM = 72 / 25.4;
const doc = await PDFDocument.create();
doc.setCreationDate(new Date('2026-01-01T00:00:00Z')); doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
doc.setProducer('pdf-lib'); doc.setCreator('pdf-lib');
const fonts = {
  helv: await doc.embedFont(StandardFonts.Helvetica), helvB: await doc.embedFont(StandardFonts.HelveticaBold),
  times: await doc.embedFont(StandardFonts.TimesRoman), timesB: await doc.embedFont(StandardFonts.TimesRomanBold), timesI: await doc.embedFont(StandardFonts.TimesRomanItalic),
  cour: await doc.embedFont(StandardFonts.Courier), courB: await doc.embedFont(StandardFonts.CourierBold),
};

/** A page measured in millimetres from the top left. */
class Sheet {
  page: PDFPage; h: number;
  constructor(w = 210, h = 297) { this.page = doc.addPage([w * MM, h * MM]); this.h = h; }
  text(x: number, y: number, s: string, size = 9, font: PDFFont = fonts.helv, align: 'L' | 'R' | 'C' = 'L', color: RGB = rgb(0, 0, 0)) {
    const w = font.widthOfTextAtSize(s, size) / MM;
    const dx = align === 'L' ? 0 : align === 'R' ? -w : -w / 2;
    this.page.drawText(s, { x: (x + dx) * MM, y: (this.h - y) * MM, size, font, color });
  }
  rect(x: number, y: number, w: number, h: number, fill?: RGB, border?: RGB, bw = 0.6) {
    this.page.drawRectangle({ x: x * MM, y: (this.h - y - h) * MM, width: w * MM, height: h * MM, color: fill, borderColor: border, borderWidth: border ? bw : 0 });
  }
  line(x1: number, y1: number, x2: number, y2: number, t = 0.5, color: RGB = rgb(0, 0, 0)) {
    this.page.drawLine({ start: { x: x1 * MM, y: (this.h - y1) * MM }, end: { x: x2 * MM, y: (this.h - y2) * MM }, thickness: t, color });
  }
}
const pct = (r: string) => `${r} %`;

const layouts: Record<string, () => void> = {
  'pl-alarmas-trimestral': () => {
    const p = new Sheet(); const s = inv.supplier, c = inv.customer; const red = rgb(0.75, 0.1, 0.1);
    p.rect(14, 14, 92, 30, undefined, rgb(0, 0, 0));
    p.text(17, 20, 'DATOS DEL CLIENTE', 7, fonts.helvB);
    [c.name, ...c.address, `NIF: ${c.nif}`].forEach((a, k) => p.text(17, 26 + k * 4.6, a, 9, k === 0 ? fonts.helvB : fonts.helv));
    p.text(196, 20, 'VIGILIA', 22, fonts.helvB, 'R', red); p.text(196, 26, 'SEGURIDAD', 9, fonts.helv, 'R', red);
    p.text(196, 33, s.name, 8, fonts.helv, 'R'); p.text(196, 37, `${s.address[0]} · ${s.address[1]}`, 8, fonts.helv, 'R');
    p.text(196, 41, `CIF ${s.nif} · Empresa de seguridad inscrita DGP nº 3.442`, 8, fonts.helv, 'R');
    p.rect(14, 52, 182, 12, rgb(0.94, 0.94, 0.94));
    p.text(17, 57, 'FACTURA', 7, fonts.helvB); p.text(17, 62, inv.number, 10, fonts.helvB);
    p.text(70, 57, 'FECHA', 7, fonts.helvB); p.text(70, 62, inv.date_text, 10);
    p.text(110, 57, 'PERIODO', 7, fonts.helvB); p.text(110, 62, 'Dic. 2025 - Feb. 2026', 10);
    p.text(160, 57, 'Nº ABONADO', 7, fonts.helvB); p.text(160, 62, '0048-7731', 10);
    let y = 76;
    p.text(14, y, 'CONCEPTO', 8, fonts.helvB); p.text(150, y, 'IVA', 8, fonts.helvB, 'R'); p.text(196, y, 'IMPORTE', 8, fonts.helvB, 'R');
    p.line(14, y + 2, 196, y + 2, 1); y += 8;
    for (const l of inv.lines) { p.text(14, y, l.desc, 9); p.text(150, y, pct(l.rate), 9, fonts.helv, 'R'); p.text(196, y, l.net, 9, fonts.helv, 'R'); y += 6; }
    y += 10; const g = inv.groups[0];
    for (const [k, v] of [['Base imponible', inv.subtotal], [`IVA ${pct(g.rate)}`, g.vat]]) { p.text(160, y, k, 9, fonts.helv, 'R'); p.text(196, y, v, 9, fonts.helv, 'R'); y += 5.5; }
    p.rect(120, y - 1, 76, 9, red); p.text(124, y + 5, 'TOTAL A PAGAR', 10, fonts.helvB, 'L', rgb(1, 1, 1)); p.text(193, y + 5, `${inv.total} EUR`, 10, fonts.helvB, 'R', rgb(1, 1, 1));
    p.text(14, 270, 'Cargo en cuenta el día 5. Servicio de atención 24 h: 900 410 220. Las cuotas de conexión se facturan trimestralmente.', 7);
  },
  'pl-garaje-irpf19': () => {
    const p = new Sheet(148, 210); const s = inv.supplier, c = inv.customer;
    p.text(74, 18, 'RECIBO - FACTURA DE ALQUILER', 13, fonts.timesB, 'C');
    p.text(74, 25, `Nº ${inv.number}`, 11, fonts.times, 'C'); p.text(74, 31, `Fecha: ${inv.date_text}`, 10, fonts.times, 'C');
    p.text(12, 44, 'Arrendatario:', 9, fonts.timesI);
    [c.name, ...c.address, `CIF ${c.nif}`].forEach((a, k) => p.text(36, 44 + k * 4.6, a, 10, fonts.times));
    let y = 72; p.line(12, y, 136, y);
    y += 7;
    for (const l of inv.lines) { p.text(12, y, l.desc, 10, fonts.times); p.text(136, y, l.net, 10, fonts.times, 'R'); y += 6; }
    y += 4; p.line(80, y - 3, 136, y - 3, 0.4);
    const g = inv.groups[0];
    for (const [k, v] of [['Base imponible', inv.subtotal], [`I.V.A. ${pct(g.rate)}`, `+ ${g.vat}`], [`Retención I.R.P.F. ${pct(inv.withholding_rate!)}`, `- ${inv.withholding}`]]) {
      p.text(80, y, k, 10, fonts.times); p.text(136, y, v, 10, fonts.times, 'R'); y += 6;
    }
    p.line(80, y - 3, 136, y - 3, 0.8);
    p.text(80, y + 3, 'LÍQUIDO A PAGAR', 11, fonts.timesB); p.text(136, y + 3, `${inv.total} €`, 11, fonts.timesB, 'R');
    p.text(12, y + 16, `Son ${inv.total_words}.`, 9.5, fonts.timesI);
    p.line(12, 180, 136, 180, 0.3);
    p.text(74, 186, `${s.name} · NIF ${s.nif}`, 8, fonts.times, 'C');
    p.text(74, 190, `${s.address.join(' · ')} · Retención a cuenta del IRPF/IS: art. 100 RIRPF (arrendamiento de inmuebles urbanos)`, 6.5, fonts.times, 'C');
  },
  'pl-fruteria-recargo': () => {
    const p = new Sheet(); const s = inv.supplier, c = inv.customer; const green = rgb(0.15, 0.45, 0.1);
    p.text(14, 20, 'FRUTAS SELECTAS DUERO', 16, fonts.courB, 'L', green); p.text(14, 25, 'MAYORISTAS - MERCAOLID', 10, fonts.cour, 'L', green);
    p.text(14, 31, `${s.name}  CIF ${s.nif}`, 7.5, fonts.cour); p.text(14, 35, s.address[0], 7.5, fonts.cour); p.text(14, 39, `${s.address[1]}  Tel. ${s.phone}`, 7.5, fonts.cour);
    p.rect(130, 14, 66, 24, undefined, green);
    p.text(133, 20, 'FACTURA', 9, fonts.courB); p.text(133, 26, inv.number, 10, fonts.courB); p.text(133, 32, `Fecha ${inv.date_text}`, 9, fonts.cour);
    p.text(14, 48, 'Cliente:', 9, fonts.courB);
    [c.name, ...c.address, `NIF ${c.nif}  (Recargo de equivalencia)`].forEach((a, k) => p.text(34, 48 + k * 4.4, a, 9, fonts.cour));
    let y = 72; p.line(14, y, 196, y, 0.8, green); y += 5;
    const cols: [number, string, 'L' | 'R'][] = [[14, 'ARTICULO', 'L'], [118, 'KG/UD', 'R'], [138, 'PRECIO', 'R'], [152, 'IVA', 'R'], [166, 'R.E.', 'R'], [196, 'IMPORTE', 'R']];
    for (const [x, h, a] of cols) p.text(x, y, h, 8.5, fonts.courB, a);
    y += 2; p.line(14, y, 196, y, 0.5, green); y += 5;
    for (const l of inv.lines) {
      [l.desc, l.qty, l.price, l.rate, l.surcharge ?? '', l.net].forEach((v, k) => p.text(cols[k][0], y, v, 8.5, fonts.cour, cols[k][2]));
      y += 5;
    }
    y += 8; p.line(14, y, 196, y, 0.5, green); y += 6;
    const heads: [number, string][] = [[40, 'BASE'], [60, '%IVA'], [86, 'CUOTA IVA'], [106, '%R.E.'], [132, 'CUOTA R.E.']];
    for (const [x, h] of heads) p.text(x, y, h, 8.5, fonts.courB, 'R');
    for (const g of inv.groups) { y += 5; [g.base, g.rate, g.vat, g.surcharge ?? '', g.re ?? ''].forEach((v, k) => p.text(heads[k][0], y, v, 8.5, fonts.cour, 'R')); }
    p.text(196, y - 5, 'TOTAL FACTURA', 9, fonts.courB, 'R'); p.text(196, y + 1, inv.total, 13, fonts.courB, 'R');
    p.text(14, 272, 'Mercancia revisada a la entrega. No se admiten devoluciones pasadas 24 h. Pago contado.', 7.5, fonts.cour);
  },
  'pl-transporte-palets': () => {
    const p = new Sheet(); const s = inv.supplier, c = inv.customer; const navy = rgb(0.1, 0.15, 0.35);
    p.text(14, 18, 'Facturar a:', 8, fonts.helvB, 'L', navy);
    [c.name, ...c.address, `NIF ${c.nif}`].forEach((a, k) => p.text(14, 24 + k * 4.6, a, 9.5, k === 0 ? fonts.helvB : fonts.helv));
    p.rect(120, 12, 76, 36, rgb(0.92, 0.93, 0.97));
    p.text(124, 19, 'TRANSPORTES PALETIZADOS', 10, fonts.helvB, 'L', navy); p.text(124, 24, 'MESETA', 10, fonts.helvB, 'L', navy);
    [s.name, ...s.address, `CIF: ${s.nif}  ·  ${s.phone}`].forEach((a, k) => p.text(124, 30 + k * 4, a, 7.5));
    p.text(14, 62, 'Factura', 18, fonts.helvB, 'L', navy);
    p.text(60, 58, 'Número', 7.5, fonts.helv); p.text(60, 63, inv.number, 10, fonts.helvB);
    p.text(100, 58, 'Fecha de factura', 7.5, fonts.helv); p.text(100, 63, inv.date_text, 10, fonts.helvB);
    p.text(140, 58, 'Condiciones', 7.5, fonts.helv); p.text(140, 63, 'Transferencia 45 días', 10, fonts.helv);
    let y = 78;
    const cols: [number, string, 'L' | 'R'][] = [[14, 'Descripción', 'L'], [110, 'Cant.', 'R'], [130, 'Precio', 'R'], [152, 'Base', 'R'], [166, '% IVA', 'R'], [182, 'IVA', 'R'], [196, 'Total', 'R']];
    p.rect(14, y - 5, 182, 7, navy);
    for (const [x, h, a] of cols) p.text(x, y, h, 8, fonts.helvB, a, rgb(1, 1, 1));
    y += 8;
    for (const l of inv.lines) {
      [l.desc, l.qty, l.price, l.net, l.rate, l.vat, l.with_vat].forEach((v, k) => p.text(cols[k][0], y, v, 8.5, fonts.helv, cols[k][2]));
      y += 6;
    }
    y += 8; const g = inv.groups[0];
    for (const [k, v] of [['Total base imponible', inv.subtotal], [`Total IVA (${pct(g.rate)})`, inv.vat]]) { p.text(170, y, k, 9, fonts.helv, 'R'); p.text(196, y, v, 9, fonts.helv, 'R'); y += 5.5; }
    p.line(130, y - 2, 196, y - 2, 0.8, navy);
    p.text(170, y + 4, 'Total factura', 11, fonts.helvB, 'R'); p.text(196, y + 4, `${inv.total} €`, 11, fonts.helvB, 'R');
    p.text(14, 266, 'IVA calculado por línea y redondeado al céntimo. Recargo de combustible según cláusula 6 de las condiciones generales.', 7.5);
    p.text(14, 270, 'Inscrita en el R.M. de Madrid, tomo 30.118, folio 201, hoja M-541.902.', 7.5);
  },
  'pl-arquitecta-irpf7': () => {
    const p = new Sheet(); const s = inv.supplier, c = inv.customer; const gold = rgb(0.6, 0.45, 0.15);
    p.text(105, 26, s.name.toUpperCase(), 15, fonts.times, 'C'); p.text(105, 32, s.address[0].toUpperCase(), 8, fonts.times, 'C', gold);
    p.line(80, 36, 130, 36, 0.5, gold);
    p.text(196, 50, `Bilbao, ${inv.date_text}`, 10, fonts.times, 'R');
    p.text(14, 62, 'Para:', 9, fonts.timesI, 'L', gold);
    [c.name, ...c.address, `NIF ${c.nif}`].forEach((a, k) => p.text(14, 68 + k * 5, a, 10.5, fonts.times));
    p.text(14, 100, `FACTURA ${inv.number}`, 12, fonts.timesB);
    let y = 114;
    for (const l of inv.lines) { p.text(14, y, l.desc + (l.qty !== '1' ? ` (${l.qty} h a ${l.price} €)` : ''), 10.5, fonts.times); p.text(196, y, `${l.net} €`, 10.5, fonts.times, 'R'); y += 7; }
    y += 6; p.line(120, y - 3, 196, y - 3, 0.4, gold);
    const g = inv.groups[0];
    for (const [k, v] of [['Base imponible', inv.subtotal], [`IVA ${pct(g.rate)}`, g.vat], [`Retención IRPF ${pct(inv.withholding_rate!)}`, `-${inv.withholding}`]]) { p.text(120, y, k, 10.5, fonts.times); p.text(196, y, `${v} €`, 10.5, fonts.times, 'R'); y += 6.5; }
    p.text(120, y + 3, 'Total', 12, fonts.timesB); p.text(196, y + 3, `${inv.total} €`, 12, fonts.timesB, 'R');
    p.text(14, y + 18, `Asciende la presente factura a ${inv.total_words}.`, 10, fonts.timesI);
    p.text(14, 250, 'Retención del 7 % por inicio de actividad profesional (art. 101.5 Ley 35/2006 y art. 95 RIRPF).', 8.5, fonts.times);
    p.text(14, 255, `NIE ${s.nif} · ${s.address.slice(1).join(', ')} · ${s.email}`, 8.5, fonts.times);
    p.text(14, 260, 'Pago por transferencia: ES80 2080 5801 1012 3456 7891.', 8.5, fonts.times);
  },
};

const layout = layouts[inv.id];
if (!layout) throw new Error(`no pdf-lib layout ${inv.id}`);
layout();
writeFileSync(outPath, await doc.save({ useObjectStreams: false }));
