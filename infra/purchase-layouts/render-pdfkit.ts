/** pdfkit layouts: text placed by hand at fixed coordinates (points), standard PDF fonts. */
import PDFDocument from 'pdfkit';
import { breakdown, dateText, lineNet, money, rateText, type Invoice } from './model';

type Doc = PDFKit.PDFDocument;
const qty = (q: number) => (Number.isInteger(q) ? String(q) : String(q).replace('.', ','));
const unit = (p: number) => money(Math.round(p * 100));

function render(options: PDFKit.PDFDocumentOptions, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ margin: 0, compress: true, info: { Title: 'Factura', Producer: 'layouts', Creator: 'layouts', CreationDate: new Date('2026-01-01T00:00:00Z') }, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}
const right = (doc: Doc, text: string, x: number, y: number, width = 80) => doc.text(text, x - width, y, { width, align: 'right', lineBreak: false });

export const PDFKIT_LAYOUTS: Record<string, (inv: Invoice) => Promise<Buffer>> = {
  'pdfkit-plain': (inv) => render({ size: 'A4' }, (doc) => {
    const b = breakdown(inv);
    const e = (c: number) => `${money(c, { thousands: '' })} €`;
    doc.font('Helvetica').fontSize(9);
    doc.text('Destinatario:', 50, 60).text(inv.customer.name, 50, 72).text(inv.customer.lines.join('\n'), 50, 84).text(`NIF ${inv.customer.taxId}`, 50, 108);
    doc.font('Helvetica-Bold').fontSize(12).text(inv.supplier.name, 300, 60, { width: 250, align: 'right' });
    doc.font('Helvetica').fontSize(9).text(`${inv.supplier.lines.join('\n')}\nCIF ${inv.supplier.taxId}`, 300, 76, { width: 250, align: 'right' });
    doc.font('Helvetica-Bold').fontSize(11).text(`Factura: ${inv.number}`, 50, 160).font('Helvetica').fontSize(9).text(`Fecha: ${dateText(inv.date, 'iso')}`, 50, 176);
    let y = 215;
    doc.font('Helvetica-Bold').text('Producto', 50, y).text('Cantidad', 300, y).text('Precio', 380, y).text('IVA', 440, y).text('Importe', 500, y);
    doc.moveTo(50, y + 13).lineTo(550, y + 13).stroke();
    doc.font('Helvetica');
    for (const i of inv.items) { y += 20; doc.text(i.desc, 50, y); right(doc, qty(i.qty), 340, y, 40); right(doc, unit(i.price), 420, y, 40); doc.text(`${i.vat}%`, 440, y); right(doc, e(lineNet(i)), 550, y); }
    y += 40;
    for (const v of b.vat) { doc.text(`Base ${v.rate}%: ${e(v.base)}    IVA ${v.rate}%: ${e(v.amount)}`, 300, y, { width: 250, align: 'right' }); y += 14; }
    doc.text(`Base imponible: ${e(b.subtotal)}`, 300, y + 4, { width: 250, align: 'right' });
    doc.font('Helvetica-Bold').fontSize(11).text(`Total: ${e(b.total)}`, 300, y + 22, { width: 250, align: 'right' });
  }),

  'pdfkit-boxes': (inv) => render({ size: 'A4' }, (doc) => {
    const b = breakdown(inv);
    const box = (x: number, y: number, w: number, caption: string, value: string, bold = false) => {
      doc.rect(x, y, w, 34).stroke();
      doc.font('Helvetica').fontSize(7).text(caption, x + 4, y + 4, { lineBreak: false });
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).text(value, x + 4, y + 17, { width: w - 8, lineBreak: false });
    };
    doc.font('Helvetica-Bold').fontSize(15).text(inv.supplier.name, 40, 40);
    doc.font('Helvetica').fontSize(9).text(inv.supplier.lines.join(' · '), 40, 60);
    box(40, 90, 120, 'N.I.F.', inv.supplier.taxId); box(165, 90, 120, 'NÚMERO', inv.number, true); box(290, 90, 120, 'FECHA', dateText(inv.date, 'dmy/')); box(415, 90, 140, 'PÁGINA', '1 / 1');
    doc.rect(40, 135, 515, 60).stroke();
    doc.fontSize(7).text('DATOS DEL CLIENTE', 44, 139).fontSize(10).text(`${inv.customer.name}   N.I.F. ${inv.customer.taxId}\n${inv.customer.lines.join(', ')}`, 44, 152);
    let y = 215;
    doc.rect(40, y, 515, 18).fillAndStroke('#dddddd', '#000000').fillColor('#000000');
    doc.font('Helvetica-Bold').fontSize(8).text('CONCEPTO', 46, y + 5).text('UDS.', 360, y + 5).text('PRECIO', 410, y + 5).text('IMPORTE', 490, y + 5);
    doc.font('Helvetica').fontSize(9);
    for (const i of inv.items) { y += 24; doc.text(i.desc, 46, y); right(doc, qty(i.qty), 385, y, 30); right(doc, unit(i.price), 465, y, 60); right(doc, money(lineNet(i)), 550, y, 70); }
    doc.rect(40, 215, 515, 380).stroke();
    box(40, 610, 125, 'BASE IMPONIBLE', money(b.subtotal)); box(170, 610, 70, '% IVA', '21,00'); box(245, 610, 120, 'CUOTA IVA', money(b.vat[0].amount)); box(370, 610, 185, 'TOTAL FACTURA (€)', money(b.total), true);
    doc.fontSize(7).text('Inscrita en el Registro Mercantil de Badajoz. Garantía de obra de 2 años.', 40, 660);
  }),

  'pdfkit-landscape': (inv) => render({ size: 'A4', layout: 'landscape' }, (doc) => {
    const b = breakdown(inv);
    doc.font('Times-Bold').fontSize(16).text(inv.supplier.name, 40, 36);
    doc.font('Times-Roman').fontSize(10).text(`${inv.supplier.lines.join(' — ')} — CIF: ${inv.supplier.taxId}`, 40, 56);
    doc.text(`Cliente: ${inv.customer.name} (${inv.customer.taxId}), ${inv.customer.lines.join(', ')}`, 40, 80);
    doc.font('Times-Bold').fontSize(12).text(`FACTURA ${inv.number}`, 560, 36, { width: 240, align: 'right' }).font('Times-Roman').fontSize(10).text(`Fecha: ${dateText(inv.date, 'dmy-')}`, 560, 54, { width: 240, align: 'right' });
    const cols = [40, 110]; const ends = [0, 0, 440, 520, 600, 650, 720, 800];
    const head = ['Código', 'Descripción', 'Cant.', 'Precio', 'Importe', '% IVA', 'Cuota IVA', 'Total línea'];
    let y = 120;
    doc.font('Times-Bold');
    head.forEach((h, k) => (k < 2 ? doc.text(h, cols[k], y) : right(doc, h, ends[k], y, 70)));
    doc.moveTo(40, y + 14).lineTo(800, y + 14).stroke();
    doc.font('Times-Roman');
    for (const i of inv.items) {
      y += 18; const net = lineNet(i), vat = Math.round((net * i.vat) / 100);
      doc.text(i.ref!, cols[0], y).text(i.desc, cols[1], y);
      [qty(i.qty), unit(i.price), money(net), `${i.vat}`, money(vat), money(net + vat)].forEach((v, k) => right(doc, v, ends[k + 2], y, 70));
    }
    y += 40;
    doc.font('Times-Bold').text('Resumen de impuestos', 420, y); y += 16; doc.font('Times-Roman');
    for (const v of b.vat) { doc.text(`Base ${v.rate}%`, 420, y); right(doc, money(v.base), 600, y); doc.text(`IVA ${v.rate}%`, 620, y); right(doc, money(v.amount), 800, y); y += 15; }
    doc.text('Base imponible total', 420, y + 4); right(doc, money(b.subtotal), 600, y + 4);
    doc.font('Times-Bold').fontSize(13).text('TOTAL FACTURA', 620, y + 24); right(doc, `${money(b.total)} €`, 800, y + 24, 90);
  }),

  'pdfkit-workshop': (inv) => render({ size: 'A4' }, (doc) => {
    const b = breakdown(inv);
    doc.font('Courier-Bold').fontSize(14).text(inv.supplier.name.toUpperCase(), 40, 40);
    doc.font('Courier').fontSize(9).text(`${inv.supplier.lines.join(', ')}\nC.I.F. ${inv.supplier.taxId}   Tel. 954 631 208   Reg. Ind. 41/0012345`, 40, 60);
    doc.font('Helvetica').fontSize(9);
    const rows = [['Orden de reparación', 'OR-5521'], ['Matrícula', '4821 KLM'], ['Kilómetros', '128.450'], ['Bastidor', 'VF1RFB00X63511209'], ['Fecha entrada', '12/09/2026']];
    rows.forEach(([k, v], n) => doc.text(`${k}: ${v}`, 40, 110 + n * 13));
    doc.font('Helvetica-Bold').fontSize(12).text(`FACTURA Nº ${inv.number}`, 330, 110).font('Helvetica').fontSize(9).text(`Fecha factura: ${dateText(inv.date, 'dmy/')}`, 330, 128).text(`Cliente: ${inv.customer.name}\nCIF: ${inv.customer.taxId}\n${inv.customer.lines.join(', ')}`, 330, 144);
    let y = 210;
    doc.font('Helvetica-Bold').text('Concepto', 40, y).text('Cant.', 330, y).text('Precio', 400, y).text('Importe', 500, y);
    doc.font('Helvetica');
    for (const i of inv.items) { y += 18; doc.text(i.desc, 40, y); right(doc, qty(i.qty), 355, y, 40); right(doc, unit(i.price), 440, y, 60); right(doc, money(lineNet(i)), 550, y, 70); }
    y += 40;
    doc.text(`Mano de obra: ${money(lineNet(inv.items[0]))}   Recambios: ${money(b.subtotal - lineNet(inv.items[0]))}`, 40, y);
    doc.text('Base imponible', 380, y); right(doc, money(b.subtotal), 550, y, 70);
    doc.text('I.V.A. 21 %', 380, y + 15); right(doc, money(b.vat[0].amount), 550, y + 15, 70);
    doc.font('Helvetica-Bold').text('TOTAL A PAGAR', 380, y + 32); right(doc, money(b.total), 550, y + 32, 70);
    doc.font('Helvetica').fontSize(7.5).text('Garantía de la reparación: 3 meses o 2.000 km (RD 1457/1986). Albarán de entrega ALB-2026-3377.', 40, 760);
  }),

  'pdfkit-ticket': (inv) => render({ size: [227, 420] }, (doc) => {
    const b = breakdown(inv);
    const c = (t: string, y: number, size = 8, font = 'Courier') => doc.font(font).fontSize(size).text(t, 10, y, { width: 207, align: 'center' });
    c(inv.supplier.name.toUpperCase(), 14, 9, 'Courier-Bold'); c(inv.supplier.lines.join('\n'), 38); c(`C.I.F.: ${inv.supplier.taxId}`, 62);
    c('FACTURA SIMPLIFICADA', 84, 9, 'Courier-Bold');
    doc.font('Courier').fontSize(8).text(`Nº FACTURA: ${inv.number}`, 12, 102).text(`FECHA: ${dateText(inv.date, 'dmy/')}  HORA: 08:17`, 12, 113).text('SURTIDOR: 04', 12, 124);
    doc.text('-'.repeat(36), 12, 136);
    const fuel = inv.items[0];
    doc.text(fuel.desc, 12, 148).text(`${qty(fuel.qty)} L x ${String(fuel.price).replace('.', ',')} EUR/L`, 12, 159); right(doc, money(lineNet(fuel)), 215, 159, 60);
    doc.text(inv.items[1].desc, 12, 174); right(doc, money(lineNet(inv.items[1])), 215, 174, 60);
    doc.text('-'.repeat(36), 12, 188);
    doc.font('Courier-Bold').fontSize(10).text('TOTAL EUR', 12, 200); right(doc, money(b.total), 215, 200, 80);
    doc.font('Courier').fontSize(8).text(`BASE IMPONIBLE`, 12, 222); right(doc, money(b.subtotal), 215, 222, 60);
    doc.text('IVA 21%', 12, 233); right(doc, money(b.vat[0].amount), 215, 233, 60);
    doc.text('PAGO: TARJETA ****4417', 12, 252);
    c('GRACIAS POR SU VISITA', 280);
  }),

  'pdfkit-multipage': (inv) => render({ size: 'A4', autoFirstPage: false }, (doc) => {
    const b = breakdown(inv);
    const perPage = 30;
    const pages = Math.ceil(inv.items.length / perPage);
    for (let p = 0; p < pages; p++) {
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(13).text(inv.supplier.name, 40, 40);
      if (p === 0) doc.font('Helvetica').fontSize(8.5).text(`${inv.supplier.lines.join(' · ')} · NIF ${inv.supplier.taxId}`, 40, 58);
      doc.font('Helvetica').fontSize(9).text(`Factura ${inv.number} · ${dateText(inv.date, 'dmy/')} · Página ${p + 1} de ${pages}`, 300, 40, { width: 255, align: 'right' });
      if (p === 0) doc.text(`Cliente: ${inv.customer.name} · NIF ${inv.customer.taxId} · ${inv.customer.lines.join(', ')}`, 40, 80);
      let y = 110;
      doc.font('Helvetica-Bold').text('Ref.', 40, y).text('Artículo', 100, y).text('Uds.', 330, y).text('Precio', 400, y).text('Importe', 500, y);
      doc.font('Helvetica');
      for (const i of inv.items.slice(p * perPage, (p + 1) * perPage)) { y += 18; doc.text(i.ref!, 40, y).text(i.desc, 100, y); right(doc, qty(i.qty), 350, y, 30); right(doc, unit(i.price), 440, y, 60); right(doc, money(lineNet(i)), 550, y, 70); }
      if (p < pages - 1) { y += 24; doc.font('Helvetica-Oblique').text('Continúa en la página siguiente', 300, y, { width: 250, align: 'right' }); }
      else {
        y += 36;
        doc.font('Helvetica').text('Base imponible', 360, y); right(doc, `${money(b.subtotal)} €`, 550, y, 90);
        doc.text('IVA 21%', 360, y + 16); right(doc, `${money(b.vat[0].amount)} €`, 550, y + 16, 90);
        doc.font('Helvetica-Bold').text('Total factura', 360, y + 34); right(doc, `${money(b.total)} €`, 550, y + 34, 90);
      }
    }
  }),

  'pdfkit-distractors': (inv) => render({ size: 'A4' }, (doc) => {
    const b = breakdown(inv);
    doc.font('Helvetica-Bold').fontSize(14).text(inv.supplier.name, 40, 40).font('Helvetica').fontSize(8.5).text(`${inv.supplier.lines.join(', ')}\nCIF ${inv.supplier.taxId} · Capital social 601.000 € · Tel. 949 263 100`, 40, 58);
    const meta: [string, string][] = [['Nº cliente', '430000123'], ['Nº pedido', 'PED-88231'], ['Fecha pedido', '21/10/2026'], ['Albarán', 'ALB-2026-1182'], ['Fecha albarán', '28/10/2026'], ['Factura nº', inv.number], ['Fecha factura', dateText(inv.date, 'dmy/')], ['Vencimiento', '04/12/2026']];
    meta.forEach(([k, v], n) => { doc.font('Helvetica').fontSize(9).text(k, 40 + (n % 4) * 130, 110 + Math.floor(n / 4) * 30); doc.font('Helvetica-Bold').text(v, 40 + (n % 4) * 130, 121 + Math.floor(n / 4) * 30); });
    doc.font('Helvetica').text(`Enviar a: ${inv.customer.name} · ${inv.customer.lines.join(', ')} · CIF ${inv.customer.taxId}`, 40, 180);
    let y = 215;
    doc.font('Helvetica-Bold').text('Descripción', 40, y).text('Cantidad', 320, y).text('Precio', 410, y).text('Importe', 500, y);
    doc.font('Helvetica');
    for (const i of inv.items) { y += 18; doc.text(i.desc, 40, y); right(doc, qty(i.qty), 360, y, 40); right(doc, unit(i.price), 450, y, 50); right(doc, money(lineNet(i)), 550, y, 70); }
    y += 36;
    doc.text('Base imponible', 360, y); right(doc, money(b.subtotal), 550, y, 80);
    doc.text(`IVA ${rateText(21)} %`, 360, y + 15); right(doc, money(b.vat[0].amount), 550, y + 15, 80);
    doc.font('Helvetica-Bold').text('Total', 360, y + 32); right(doc, money(b.total), 550, y + 32, 80);
    doc.font('Helvetica').fontSize(8).text(`Vencimientos: 04/12/2026 ${money(b.total)} €. Pedido mínimo 150,00 €. Portes pagados a partir de 300,00 €.`, 40, y + 70);
  }),
};
