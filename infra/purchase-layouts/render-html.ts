/** HTML/CSS templates printed to PDF by Chromium: one template per layout, none shared. */
import { amountWords, breakdown, dateText, lineGross, lineNet, money, rateText, type Invoice, type MoneyStyle } from './model';

export interface HtmlPage { html: string; pdf: { format?: 'A4' | 'A5'; width?: string; height?: string; landscape?: boolean; margin?: Record<string, string> } }
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const qty = (q: number) => (Number.isInteger(q) ? String(q) : String(q).replace('.', ','));
const eur = (c: number, style: MoneyStyle = { euro: 'after' }) => money(c, style);
const unit = (p: number, style: MoneyStyle = {}) => money(Math.round(p * 100), style);
const BASE_CSS = `*{box-sizing:border-box} body{margin:0;color:#222} table{border-collapse:collapse}`;

export const HTML_LAYOUTS: Record<string, (inv: Invoice) => HtmlPage> = {
  'html-classic': (inv) => {
    const b = breakdown(inv);
    return { pdf: { format: 'A4', margin: { top: '18mm', bottom: '18mm', left: '16mm', right: '16mm' } }, html: `<style>${BASE_CSS}
      body{font:10.5pt Arial,Helvetica,sans-serif} .head{display:flex;justify-content:space-between} .logo{width:64px;height:64px;background:#1f5fa0;color:#fff;font:bold 26pt Georgia;display:flex;align-items:center;justify-content:center;margin-bottom:6px}
      .client{border:1px solid #888;padding:8px 12px;width:46%;margin-top:30px} h1{font-size:18pt;color:#1f5fa0;margin:28px 0 8px}
      table.lines{width:100%;margin-top:14px} .lines th{background:#1f5fa0;color:#fff;padding:5px;text-align:left} .lines td{padding:5px;border-bottom:1px solid #ddd} .r{text-align:right}
      .totals{margin-left:auto;margin-top:14px;width:42%} .totals td{padding:4px 6px} .totals tr.big td{font-weight:bold;border-top:2px solid #1f5fa0;font-size:12pt}</style>
      <div class="head"><div><div class="logo">T</div><b>${esc(inv.supplier.name)}</b><br>${inv.supplier.lines.map(esc).join('<br>')}<br>CIF: ${inv.supplier.taxId}</div>
      <div class="client"><small>CLIENTE</small><br><b>${esc(inv.customer.name)}</b><br>${inv.customer.lines.map(esc).join('<br>')}<br>CIF: ${inv.customer.taxId}</div></div>
      <h1>FACTURA</h1><div>Factura nº: <b>${inv.number}</b> &nbsp;&nbsp;&nbsp; Fecha: ${dateText(inv.date, 'dmy/')}</div>
      <table class="lines"><tr><th>Descripción</th><th class="r">Cantidad</th><th class="r">Precio</th><th class="r">Importe</th></tr>
      ${inv.items.map((i) => `<tr><td>${esc(i.desc)}</td><td class="r">${qty(i.qty)}</td><td class="r">${unit(i.price)}</td><td class="r">${eur(lineNet(i))}</td></tr>`).join('')}</table>
      <table class="totals"><tr><td>Base imponible</td><td class="r">${eur(b.subtotal)}</td></tr>${b.vat.map((v) => `<tr><td>IVA ${v.rate}%</td><td class="r">${eur(v.amount)}</td></tr>`).join('')}
      <tr class="big"><td>TOTAL</td><td class="r">${eur(b.total)}</td></tr></table>
      <p style="margin-top:40px;font-size:9pt">Forma de pago: transferencia a ES12 2100 0418 4502 0005 1332 · Vencimiento 30 días</p>` };
  },

  'html-customer-first': (inv) => {
    const b = breakdown(inv);
    return { pdf: { format: 'A4', margin: { top: '14mm', bottom: '14mm', left: '18mm', right: '18mm' } }, html: `<style>${BASE_CSS}
      body{font:10pt 'DejaVu Serif',Georgia,serif;position:relative;min-height:265mm} .to{font-size:11pt;margin-top:10mm;line-height:1.4} .brand{position:absolute;top:0;right:0;text-align:right;font:italic bold 16pt Georgia;color:#7a2e1d}
      .meta{margin-top:14mm;display:grid;grid-template-columns:40mm 60mm;row-gap:3px} table{width:100%;margin-top:10mm} th{border-bottom:1.5px solid #000;text-align:left;padding:4px} td{padding:4px} .r{text-align:right}
      .sum{width:70mm;margin-left:auto;margin-top:8mm} .sum td{border-top:1px solid #aaa} footer{position:absolute;bottom:0;left:0;right:0;font-size:7.5pt;color:#555;border-top:1px solid #999;padding-top:3px}</style>
      <div class="brand">Albaicín<br><span style="font:9pt Georgia;color:#333">talleres gráficos</span></div>
      <div class="to"><b>FACTURAR A</b><br>${esc(inv.customer.name)}<br>CIF ${inv.customer.taxId}<br>${inv.customer.lines.map(esc).join('<br>')}</div>
      <div class="meta"><span>Número de factura</span><b>${inv.number}</b><span>Fecha factura</span><span>${dateText(inv.date, 'dmy.')}</span><span>Forma de pago</span><span>Recibo domiciliado</span></div>
      <table><tr><th>Concepto</th><th class="r">Uds.</th><th class="r">Precio unidad</th><th class="r">Importe €</th></tr>
      ${inv.items.map((i) => `<tr><td>${esc(i.desc)}</td><td class="r">${qty(i.qty)}</td><td class="r">${unit(i.price)}</td><td class="r">${money(lineNet(i))}</td></tr>`).join('')}</table>
      <table class="sum"><tr><td>Base imponible</td><td class="r">${money(b.subtotal)}</td></tr><tr><td>IVA (21%)</td><td class="r">${money(b.vat[0].amount)}</td></tr><tr><td><b>Total factura €</b></td><td class="r"><b>${money(b.total)}</b></td></tr></table>
      <footer>${esc(inv.supplier.name)} · ${inv.supplier.lines.map(esc).join(' · ')} · CIF ${inv.supplier.taxId.slice(0, 1)}-${inv.supplier.taxId.slice(1)} · Inscrita en el Registro Mercantil de Granada, tomo 1.204, folio 88, hoja GR-31.207</footer>` };
  },

  'html-multicolumn': (inv) => {
    const b = breakdown(inv);
    const rows = inv.items.map((i) => { const net = lineNet(i), vat = Math.round((net * i.vat) / 100); return `<tr><td>${i.ref}</td><td>${esc(i.desc)}</td><td class="r">${qty(i.qty)}</td><td class="r">${unit(i.price)}</td><td class="r">${i.disc ? `${i.disc},00` : ''}</td><td class="r">${money(net)}</td><td class="r">${i.vat}</td><td class="r">${money(vat)}</td><td class="r">${money(net + vat)}</td></tr>`; }).join('');
    return { pdf: { format: 'A4', margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } }, html: `<style>${BASE_CSS}
      body{font:8.5pt 'Liberation Sans',Arial,sans-serif} .top{display:grid;grid-template-columns:1fr 1fr;gap:10mm} .box{border:1px solid #333;padding:6px;border-radius:4px}
      table.l{width:100%;margin-top:8mm} .l th{border:1px solid #333;background:#eee;padding:3px} .l td{border-left:1px solid #333;border-right:1px solid #333;padding:3px} .l tr:last-child td{border-bottom:1px solid #333} .r{text-align:right}
      .t{margin-top:6mm;margin-left:auto} .t td{padding:3px 8px;border:1px solid #333}</style>
      <div class="top"><div><div style="font:bold 15pt Arial">${esc(inv.supplier.name)}</div>${inv.supplier.lines.map(esc).join('<br>')}<br>C.I.F. ${inv.supplier.taxId}<br>Tel. 942 254 100 · pedidos@hosteleracantabrico.es</div>
      <div class="box"><b>Cliente:</b> 430001287<br>${esc(inv.customer.name)}<br>${inv.customer.lines.map(esc).join('<br>')}<br>C.I.F. ${inv.customer.taxId}</div></div>
      <div style="margin-top:6mm"><span class="box">FACTURA Nº ${inv.number}</span> &nbsp; <span class="box">FECHA ${dateText(inv.date, 'dmy/')}</span> &nbsp; <span class="box">PEDIDO P-2026-1182</span> &nbsp; <span class="box">ALBARÁN AL-55210</span></div>
      <table class="l"><tr><th>Ref.</th><th>Descripción</th><th>Cant.</th><th>Precio</th><th>Dto.%</th><th>Neto</th><th>IVA%</th><th>Cuota IVA</th><th>Total</th></tr>${rows}</table>
      <table class="t"><tr><td>Total bruto</td><td class="r">${money(b.gross)}</td></tr><tr><td>Descuentos</td><td class="r">-${money(b.discount)}</td></tr>
      ${b.vat.map((v) => `<tr><td>Base ${v.rate}%</td><td class="r">${money(v.base)}</td><td>IVA ${v.rate}%</td><td class="r">${money(v.amount)}</td></tr>`).join('')}
      <tr><td>Base imponible</td><td class="r">${money(b.subtotal)}</td><td>Total IVA</td><td class="r">${money(b.total - b.subtotal)}</td></tr><tr><td colspan="3"><b>TOTAL FACTURA (EUR)</b></td><td class="r"><b>${money(b.total)}</b></td></tr></table>` };
  },

  'html-multipage': (inv) => {
    const b = breakdown(inv);
    const rows = inv.items.map((i) => `<tr><td>${i.ref}</td><td>${esc(i.desc)}</td><td class="r">${qty(i.qty)}</td><td class="r">${unit(i.price)}</td><td class="r">${i.vat}%</td><td class="r">${money(lineNet(i))}</td></tr>`).join('');
    return { pdf: { format: 'A4', margin: { top: '15mm', bottom: '15mm', left: '15mm', right: '15mm' } }, html: `<style>${BASE_CSS}
      body{font:9.5pt 'DejaVu Sans',sans-serif} table{width:100%} thead th{border-bottom:1px solid #000;text-align:left;padding:3px} td{padding:2.6px 3px;border-bottom:1px dotted #bbb} .r{text-align:right}
      .hdr{display:flex;justify-content:space-between;margin-bottom:6mm} .tot{page-break-inside:avoid;margin-top:8mm;width:55%;margin-left:auto} .tot td{border:none}</style>
      <div class="hdr"><div><b style="font-size:13pt">${esc(inv.supplier.name)}</b><br>${inv.supplier.lines.map(esc).join('<br>')}<br>NIF ${inv.supplier.taxId}</div>
      <div style="text-align:right"><b style="font-size:14pt">FACTURA ${inv.number}</b><br>Fecha de expedición: ${dateText(inv.date, 'dmy/')}<br><br>${esc(inv.customer.name)}<br>NIF ${inv.customer.taxId}<br>${inv.customer.lines.map(esc).join('<br>')}</div></div>
      <table><thead><tr><th>Código</th><th>Artículo</th><th class="r">Cant.</th><th class="r">Precio</th><th class="r">IVA</th><th class="r">Importe</th></tr></thead><tbody>${rows}</tbody></table>
      <table class="tot">${b.vat.map((v) => `<tr><td>Base imponible al ${v.rate}%</td><td class="r">${money(v.base)} €</td></tr><tr><td>Cuota IVA ${v.rate}%</td><td class="r">${money(v.amount)} €</td></tr>`).join('')}
      <tr><td>Suma de bases</td><td class="r">${money(b.subtotal)} €</td></tr><tr><td><b>Total a pagar</b></td><td class="r"><b>${money(b.total)} €</b></td></tr></table>` };
  },

  'html-recargo': (inv) => {
    const b = breakdown(inv);
    return { pdf: { format: 'A4', margin: { top: '15mm', bottom: '15mm', left: '15mm', right: '15mm' } }, html: `<style>${BASE_CSS}
      body{font:10pt Verdana,'DejaVu Sans',sans-serif} .h{background:#2d5a27;color:#fff;padding:8px 12px;display:flex;justify-content:space-between} table{width:100%;margin-top:6mm} th{background:#e4efe2;padding:4px;text-align:left} td{padding:4px} .r{text-align:right}
      .tax th,.tax td{border:1px solid #2d5a27;text-align:right}</style>
      <div class="h"><div><b style="font-size:14pt">${esc(inv.supplier.name)}</b><br>${inv.supplier.lines.map(esc).join(' — ')}</div><div>CIF: ${inv.supplier.taxId}</div></div>
      <div style="display:flex;justify-content:space-between;margin-top:6mm"><div>Factura: <b>${inv.number}</b><br>Fecha: ${dateText(inv.date, 'dmy-')}<br>Régimen del cliente: recargo de equivalencia</div>
      <div style="border:1px solid #aaa;padding:6px;width:45%">${esc(inv.customer.name)}<br>NIF: ${inv.customer.taxId}<br>${inv.customer.lines.map(esc).join('<br>')}</div></div>
      <table><tr><th>Artículo</th><th class="r">Cantidad</th><th class="r">Precio</th><th class="r">% IVA</th><th class="r">Importe</th></tr>
      ${inv.items.map((i) => `<tr><td>${esc(i.desc)}</td><td class="r">${qty(i.qty)}</td><td class="r">${unit(i.price)}</td><td class="r">${i.vat}</td><td class="r">${money(lineNet(i))}</td></tr>`).join('')}</table>
      <table class="tax"><tr><th>Base imponible</th><th>% IVA</th><th>Cuota IVA</th><th>% R.E.</th><th>Cuota R.E.</th></tr>
      ${b.vat.map((v, k) => `<tr><td>${money(v.base)}</td><td>${v.rate},00</td><td>${money(v.amount)}</td><td>${rateText(b.surcharge[k].rate)}</td><td>${money(b.surcharge[k].amount)}</td></tr>`).join('')}</table>
      <div style="text-align:right;margin-top:5mm;font-size:12pt">Suma bases: ${money(b.subtotal)} € &nbsp; <b>TOTAL FACTURA: ${money(b.total)} €</b></div>` };
  },

  'html-irpf15': (inv) => {
    const b = breakdown(inv);
    return { pdf: { format: 'A4', margin: { top: '25mm', bottom: '20mm', left: '25mm', right: '25mm' } }, html: `<style>${BASE_CSS}
      body{font:11pt 'Liberation Serif','Times New Roman',serif;line-height:1.45} .name{font-size:17pt;letter-spacing:1px} table{width:100%;margin-top:10mm} td{padding:5px 0} .r{text-align:right} hr{border:0;border-top:1px solid #000}</style>
      <div class="name">${esc(inv.supplier.name).toUpperCase()}</div><div>${inv.supplier.lines.map(esc).join('<br>')}<br>NIF: ${inv.supplier.taxId}</div><hr>
      <p>Valencia, ${dateText(inv.date, 'words')}</p><p><b>FACTURA Nº ${inv.number}</b></p>
      <p>Cliente: ${esc(inv.customer.name)}, con CIF ${inv.customer.taxId}, domicilio en ${inv.customer.lines.map(esc).join(', ')}.</p>
      <table><tr><td>${esc(inv.items[0].desc)}</td><td class="r">${money(lineNet(inv.items[0]))} €</td></tr>
      <tr><td>Base imponible</td><td class="r">${money(b.subtotal)} €</td></tr><tr><td>IVA 21 %</td><td class="r">${money(b.vat[0].amount)} €</td></tr>
      <tr><td>Retención IRPF 15 %</td><td class="r">-${money(b.withholding[0].amount)} €</td></tr><tr><td><b>Total a percibir</b></td><td class="r"><b>${money(b.total)} €</b></td></tr></table>
      <p style="margin-top:14mm">Pago por transferencia a la cuenta ES76 0081 0216 7000 0123 4567.</p>` };
  },

  'html-irpf7-nie': (inv) => {
    const b = breakdown(inv);
    return { pdf: { format: 'A4', margin: { top: '16mm', bottom: '16mm', left: '20mm', right: '20mm' } }, html: `<style>${BASE_CSS}
      body{font:10pt 'Noto Sans','DejaVu Sans',sans-serif;color:#333} .grid{display:grid;grid-template-columns:1fr 1fr;gap:8mm;margin-top:8mm} .k{color:#888;font-size:8pt;text-transform:uppercase;letter-spacing:1px}
      table{width:100%;margin-top:10mm} th{font-size:8pt;color:#888;text-align:left;border-bottom:1px solid #ccc;padding:4px 0} td{padding:6px 0;border-bottom:1px solid #eee} .r{text-align:right}
      .t{width:50%;margin-left:auto} .t td{border:none;padding:3px 0}</style>
      <div style="font-size:22pt;font-weight:300">Factura</div>
      <div class="grid"><div><div class="k">De</div>${esc(inv.supplier.name)}<br>${inv.supplier.lines.map(esc).join('<br>')}<br>NIE ${inv.supplier.taxId}</div>
      <div><div class="k">Para</div>${esc(inv.customer.name)}<br>${inv.customer.lines.map(esc).join('<br>')}<br>CIF ${inv.customer.taxId}</div>
      <div><div class="k">Nº de factura</div>${inv.number}</div><div><div class="k">Fecha</div>${dateText(inv.date, 'dmy/')}</div></div>
      <table><tr><th>Concepto</th><th class="r">Horas</th><th class="r">Tarifa</th><th class="r">Importe</th></tr>
      ${inv.items.map((i) => `<tr><td>${esc(i.desc)}</td><td class="r">${qty(i.qty)}</td><td class="r">${unit(i.price)} €/h</td><td class="r">${money(lineNet(i))} €</td></tr>`).join('')}</table>
      <table class="t"><tr><td>Subtotal</td><td class="r">${money(b.subtotal)} €</td></tr><tr><td>IVA (21%)</td><td class="r">${money(b.vat[0].amount)} €</td></tr>
      <tr><td>IRPF (-7%)</td><td class="r">-${money(b.withholding[0].amount)} €</td></tr><tr><td><b>Total</b></td><td class="r"><b>${money(b.total)} €</b></td></tr></table>
      <p style="font-size:8pt;color:#888;margin-top:12mm">Retención del 7 % por inicio de actividad profesional (art. 101.5 LIRPF).</p>` };
  },

  'html-exempt': (inv) => {
    const b = breakdown(inv);
    return { pdf: { format: 'A4', margin: { top: '15mm', bottom: '15mm', left: '15mm', right: '15mm' } }, html: `<style>${BASE_CSS}
      body{font:10pt Arial,sans-serif} .band{border-left:6px solid #e08a00;padding-left:10px} table{width:100%;margin-top:8mm} th{border-bottom:2px solid #e08a00;text-align:left;padding:4px} td{padding:5px 4px;vertical-align:top} .r{text-align:right}
      .sum{width:60%;margin-left:auto;margin-top:6mm} .sum td{border-top:1px solid #ddd}</style>
      <div class="band"><b style="font-size:15pt">${esc(inv.supplier.name)}</b><br>${inv.supplier.lines.map(esc).join(' · ')} · CIF ${inv.supplier.taxId}</div>
      <div style="margin-top:8mm;display:flex;gap:20mm"><div><b>FACTURA</b><br>Número: ${inv.number}<br>Fecha: ${dateText(inv.date, 'dmy/')}</div><div><b>CLIENTE</b><br>${esc(inv.customer.name)} (${inv.customer.taxId})<br>${inv.customer.lines.map(esc).join(', ')}</div></div>
      <table><tr><th>Concepto</th><th class="r">Alumnos/uds.</th><th class="r">Precio</th><th class="r">IVA</th><th class="r">Importe</th></tr>
      ${inv.items.map((i) => `<tr><td>${esc(i.desc)}</td><td class="r">${qty(i.qty)}</td><td class="r">${unit(i.price)}</td><td class="r">${i.vat ? `${i.vat}%` : 'Exento'}</td><td class="r">${money(lineNet(i))} €</td></tr>`).join('')}</table>
      <table class="sum"><tr><td>Base exenta</td><td class="r">${money(b.vat[1].base)} €</td></tr><tr><td>Base imponible 21%</td><td class="r">${money(b.vat[0].base)} €</td></tr><tr><td>IVA 21%</td><td class="r">${money(b.vat[0].amount)} €</td></tr>
      <tr><td>Total base</td><td class="r">${money(b.subtotal)} €</td></tr><tr><td><b>TOTAL</b></td><td class="r"><b>${money(b.total)} €</b></td></tr></table>
      <p style="font-size:8.5pt">Operación exenta de IVA en virtud del artículo 20.Uno.9º de la Ley 37/1992 en la parte de formación.</p>` };
  },

  'html-ticket': (inv) => {
    const b = breakdown(inv);
    return { pdf: { width: '80mm', height: '125mm', margin: { top: '4mm', bottom: '4mm', left: '4mm', right: '4mm' } }, html: `<style>${BASE_CSS}
      body{font:8.5pt 'DejaVu Sans Mono',monospace} .c{text-align:center} table{width:100%} td{padding:1px 0} .r{text-align:right} hr{border:0;border-top:1px dashed #000}</style>
      <div class="c"><b style="font-size:10.5pt">${esc(inv.supplier.name.toUpperCase())}</b><br>${inv.supplier.lines.map(esc).join('<br>')}<br>CIF ${inv.supplier.taxId}</div><hr>
      <div class="c"><b>FACTURA SIMPLIFICADA</b></div><div>Nº: ${inv.number}</div><div>Fecha: ${dateText(inv.date, 'dmy/')} 18:42 &nbsp; Caja 03</div><hr>
      <table>${inv.items.map((i) => `<tr><td>${i.qty > 1 ? `${i.qty} x ` : ''}${esc(i.desc)}</td><td class="r">${money(lineNet(i))}</td></tr>`).join('')}</table><hr>
      <table><tr><td><b>TOTAL</b></td><td class="r"><b>${money(b.total)} €</b></td></tr><tr><td>Tarjeta</td><td class="r">${money(b.total)}</td></tr></table><hr>
      <table><tr><td>IVA</td><td class="r">BASE</td><td class="r">CUOTA</td></tr>${b.vat.map((v) => `<tr><td>${v.rate}%</td><td class="r">${money(v.base)}</td><td class="r">${money(v.amount)}</td></tr>`).join('')}</table><hr>
      <div class="c">IVA INCLUIDO · GRACIAS POR SU VISITA</div>` };
  },

  'html-eu-vat': (inv) => {
    const b = breakdown(inv);
    const e = (c: number) => money(c, { euro: 'before' });
    return { pdf: { format: 'A4', margin: { top: '18mm', bottom: '18mm', left: '18mm', right: '18mm' } }, html: `<style>${BASE_CSS}
      body{font:10pt Helvetica,Arial,sans-serif} h1{font-size:20pt;margin:0} .sub{color:#666} table{width:100%;margin-top:8mm} th{text-align:left;border-bottom:1px solid #000;padding:4px} td{padding:5px 4px} .r{text-align:right}</style>
      <div style="display:flex;justify-content:space-between"><div><h1>INVOICE <span class="sub">/ FACTURA</span></h1>No. / Nº: ${inv.number}<br>Date / Fecha: ${dateText(inv.date, 'iso')}</div>
      <div style="text-align:right"><b>${esc(inv.supplier.name)}</b><br>${inv.supplier.lines.map(esc).join('<br>')}<br>VAT No. / NIF-IVA: ES${inv.supplier.taxId}</div></div>
      <div style="margin-top:8mm"><b>Bill to / Cliente</b><br>${esc(inv.customer.name)}<br>${inv.customer.lines.map(esc).join('<br>')}<br>VAT No.: ES${inv.customer.taxId}</div>
      <table><tr><th>Description / Descripción</th><th class="r">Qty</th><th class="r">Unit price</th><th class="r">Amount</th></tr>
      ${inv.items.map((i) => `<tr><td>${esc(i.desc)}</td><td class="r">${qty(i.qty)}</td><td class="r">${e(i.price * 100)}</td><td class="r">${e(lineNet(i))}</td></tr>`).join('')}</table>
      <table style="width:50%;margin-left:auto"><tr><td>Net amount / Base imponible</td><td class="r">${e(b.subtotal)}</td></tr><tr><td>VAT / IVA 21%</td><td class="r">${e(b.vat[0].amount)}</td></tr><tr><td><b>Total</b></td><td class="r"><b>${e(b.total)}</b></td></tr></table>` };
  },

  'html-words': (inv) => {
    const b = breakdown(inv);
    return { pdf: { format: 'A4', margin: { top: '20mm', bottom: '20mm', left: '20mm', right: '20mm' } }, html: `<style>${BASE_CSS}
      body{font:10.5pt Georgia,'DejaVu Serif',serif} .frame{border:2px solid #5b3a1a;padding:8mm} table{width:100%;margin-top:6mm} th{background:#5b3a1a;color:#fff;padding:4px} td{padding:5px;border-bottom:1px solid #d9c7b0} .r{text-align:right}</style>
      <div class="frame"><div style="text-align:center"><b style="font-size:16pt;color:#5b3a1a">${esc(inv.supplier.name)}</b><br>${inv.supplier.lines.map(esc).join(' – ')}<br>C.I.F.: ${inv.supplier.taxId}</div>
      <div style="display:flex;justify-content:space-between;margin-top:8mm"><div>Sr./Sres.: ${esc(inv.customer.name)}<br>${inv.customer.lines.map(esc).join('<br>')}<br>C.I.F.: ${inv.customer.taxId}</div><div>FACTURA Nº: ${inv.number}<br>FECHA: ${dateText(inv.date, 'dmy2/')}</div></div>
      <table><tr><th>CANT.</th><th>CONCEPTO</th><th>PRECIO</th><th>IMPORTE</th></tr>${inv.items.map((i) => `<tr><td>${qty(i.qty)}</td><td>${esc(i.desc)}</td><td class="r">${unit(i.price)}</td><td class="r">${money(lineNet(i))}</td></tr>`).join('')}</table>
      <table style="width:55%;margin-left:auto"><tr><td>SUMA</td><td class="r">${money(b.subtotal)}</td></tr><tr><td>21% I.V.A.</td><td class="r">${money(b.vat[0].amount)}</td></tr><tr><td><b>TOTAL €</b></td><td class="r"><b>${money(b.total)}</b></td></tr></table>
      <p style="margin-top:8mm"><i>Son: ${amountWords(b.total)}.</i></p></div>` };
  },

  'html-telecom': (inv) => {
    const b = breakdown(inv);
    return { pdf: { format: 'A4', margin: { top: '12mm', bottom: '12mm', left: '14mm', right: '14mm' } }, html: `<style>${BASE_CSS}
      body{font:9.5pt 'Liberation Sans',Arial,sans-serif} .top{display:flex;justify-content:space-between;align-items:flex-start} .logo{font:bold 20pt Arial;color:#c2185b}
      .panel{background:#f6e3ec;padding:8px;border-radius:6px;width:48%} .big{font-size:20pt;color:#c2185b;font-weight:bold} table{width:100%;margin-top:6mm} td{padding:4px;border-bottom:1px solid #eee} .r{text-align:right} h3{color:#c2185b;margin:8mm 0 0}</style>
      <div class="top"><div><div class="logo">meseta<span style="color:#333">conecta</span></div>${esc(inv.supplier.name)} · CIF ${inv.supplier.taxId}<br>${inv.supplier.lines.map(esc).join(' · ')}</div>
      <div class="panel">Importe de esta factura<div class="big">${money(b.total)} €</div>Se cargará en su cuenta ES91 ···· 4402 el 10/03/2026</div></div>
      <table style="width:60%"><tr><td>Titular</td><td>${esc(inv.customer.name)} (${inv.customer.taxId})</td></tr><tr><td>Número de factura</td><td>${inv.number}</td></tr><tr><td>Fecha de emisión</td><td>${dateText(inv.date, 'dmy/')}</td></tr><tr><td>Periodo facturado</td><td>01/02/2026 - 28/02/2026</td></tr><tr><td>Número de cliente</td><td>7700193284</td></tr></table>
      <h3>Detalle de consumo</h3><table>${inv.items.map((i) => `<tr><td>${esc(i.desc)}</td><td class="r">${money(lineNet(i))} €</td></tr>`).join('')}</table>
      <h3>Resumen</h3><table style="width:55%"><tr><td>Total servicios</td><td class="r">${money(b.subtotal)} €</td></tr><tr><td>Base imponible</td><td class="r">${money(b.subtotal)} €</td></tr><tr><td>IVA 21% sobre ${money(b.subtotal)}</td><td class="r">${money(b.vat[0].amount)} €</td></tr><tr><td><b>Total factura</b></td><td class="r"><b>${money(b.total)} €</b></td></tr></table>
      <p style="font-size:8pt;color:#666">Consumo de datos 84,3 GB. Minutos 612. Próxima factura aproximadamente el 01/04/2026.</p>` };
  },

  'html-erp-grid': (inv) => {
    const b = breakdown(inv);
    return { pdf: { format: 'A4', margin: { top: '10mm', bottom: '10mm', left: '10mm', right: '10mm' } }, html: `<style>${BASE_CSS}
      body{font:8.5pt Arial,sans-serif} .b{border:1px solid #000;padding:4px} .hdr{display:grid;grid-template-columns:1.3fr 1fr;gap:4mm} .cap{font-size:6.5pt;color:#444}
      table{width:100%} .l{margin-top:4mm} .l th{border:1px solid #000;background:#ddd;padding:3px} .l td{padding:3px;border-left:1px solid #000;border-right:1px solid #000} .r{text-align:right}
      .g{margin-top:3mm} .g th{border:1px solid #000;background:#ddd;font-size:7.5pt;padding:2px} .g td{border:1px solid #000;text-align:right;padding:3px}</style>
      <div class="hdr"><div class="b"><b style="font-size:13pt">${esc(inv.supplier.name)}</b><br>${inv.supplier.lines.map(esc).join('<br>')}<br>N.I.F. ${inv.supplier.taxId} · Tel. 976 470 211</div>
      <div class="b"><span class="cap">Cliente</span><br>${esc(inv.customer.name)}<br>${inv.customer.lines.map(esc).join('<br>')}<br>N.I.F. ${inv.customer.taxId}</div></div>
      <table class="g"><tr><th>FACTURA</th><th>FECHA</th><th>CÓD. CLIENTE</th><th>FORMA DE PAGO</th><th>PÁGINA</th></tr><tr><td style="text-align:center">${inv.number}</td><td style="text-align:center">${dateText(inv.date, 'dmy/')}</td><td style="text-align:center">000412</td><td style="text-align:center">Giro 60 días</td><td style="text-align:center">1</td></tr></table>
      <table class="l"><tr><th>Referencia</th><th>Descripción</th><th>Cantidad</th><th>Precio</th><th>% Dto.</th><th>% IVA</th><th>Importe</th></tr>
      ${inv.items.map((i) => `<tr><td>${i.ref}</td><td>${esc(i.desc)}</td><td class="r">${qty(i.qty)}</td><td class="r">${unit(i.price, { thousands: '' })}</td><td class="r">${i.disc ?? ''}</td><td class="r">${i.vat}</td><td class="r">${money(lineNet(i))}</td></tr>`).join('')}<tr style="height:120mm"><td></td><td></td><td></td><td></td><td></td><td></td><td></td></tr></table>
      <table class="g"><tr><th>IMPORTE BRUTO</th><th>DTO. P.P.</th><th>BASE IMPONIBLE</th><th>% IVA</th><th>CUOTA IVA</th><th>% R.E.</th><th>CUOTA R.E.</th><th>TOTAL FACTURA</th></tr>
      ${b.vat.map((v, k) => `<tr><td>${money(inv.items.filter((i) => i.vat === v.rate).reduce((s, i) => s + lineGross(i), 0))}</td><td>${money(inv.items.filter((i) => i.vat === v.rate).reduce((s, i) => s + lineGross(i) - lineNet(i), 0))}</td><td>${money(v.base)}</td><td>${v.rate},00</td><td>${money(v.amount)}</td><td></td><td></td><td>${k === 0 ? `<b>${money(b.total)}</b>` : ''}</td></tr>`).join('')}</table>` };
  },

  'html-modern': (inv) => {
    const b = breakdown(inv);
    const e = (c: number) => money(c, { euro: 'before' }).replace(' ', '');
    return { pdf: { format: 'A4', margin: { top: '0', bottom: '10mm', left: '0', right: '0' } }, html: `<style>${BASE_CSS}
      body{font:10pt 'Open Sans','DejaVu Sans',sans-serif} .banner{background:#222;color:#fff;padding:14mm 16mm 10mm;display:flex;justify-content:space-between} .banner h1{font-size:34pt;margin:0;letter-spacing:4px}
      .main{display:grid;grid-template-columns:2fr 1fr;gap:10mm;padding:10mm 16mm} .side{background:#f1f1f1;padding:6mm} table{width:100%} td{padding:6px 0;border-bottom:1px solid #ddd} .r{text-align:right} .k{font-size:8pt;color:#777;text-transform:uppercase}</style>
      <div class="banner"><div><h1>FACTURA</h1>${inv.number} · ${dateText(inv.date, 'dmon')}</div><div style="text-align:right"><b>${esc(inv.supplier.name)}</b><br>${inv.supplier.lines.map(esc).join('<br>')}<br>CIF ${inv.supplier.taxId}</div></div>
      <div class="main"><div><div class="k">Cliente</div>${esc(inv.customer.name)} · ${inv.customer.taxId}<br>${inv.customer.lines.map(esc).join(', ')}<br><br>
      <table>${inv.items.map((i) => `<tr><td>${esc(i.desc)}</td><td class="r">${e(lineNet(i))}</td></tr>`).join('')}</table></div>
      <div class="side"><div class="k">Base imponible</div><div>${e(b.subtotal)}</div><br><div class="k">IVA 21%</div><div>${e(b.vat[0].amount)}</div><br><div class="k">Total</div><div style="font-size:18pt;font-weight:bold">${e(b.total)}</div></div></div>` };
  },
};
