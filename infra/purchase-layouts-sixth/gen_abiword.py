"""AbiWord layouts (ab-*): each invoice written in a little HTML, turned here into AbiWord's own document format
(AWML), and laid out and printed by `abiword --to=pdf` (AbiWord's layout engine; the PDF is written through cairo)."""
import html
import os
import subprocess
import tempfile
from html.parser import HTMLParser

from model import D, fmt, pct, amount_words

e = html.escape


def qty(x, places=None):
    x = D(x)
    if places:
        return fmt(x).rsplit(',', 1)[0] + ',' + f'{x:.{places}f}'.split('.')[1]
    return str(int(x)) if x == x.to_integral() else str(x.normalize()).replace('.', ',')


def page(body, font='Liberation Serif', size='10pt'):
    return (f'<body>{body}</body>', font, size)


TABLE_WIDTHS = []


def T(widths_mm, border=True, pad=3):
    """A table with its column widths in mm (kept aside: AbiWord's document format wants them on the table)."""
    TABLE_WIDTHS.append(widths_mm)
    return f'<table data-frame="{1 if border else 0}">'


class Awml(HTMLParser):
    """Turns the little HTML these templates write (p, b, i, span, br, table, tr, td, hr) into AbiWord's own
    document format; AbiWord's HTML import loses alignment and lets character styles leak."""

    def __init__(self, widths):
        super().__init__(convert_charrefs=True)
        self.out, self.widths = [], iter(widths)
        self.runs = []  # stack of character props
        self.para = None  # props of the open paragraph, or None
        self.table = None  # [row, col, frame]

    @staticmethod
    def css(attrs):
        d = {}
        for part in (dict(attrs).get('style') or '').split(';'):
            if ':' in part:
                k, v = part.split(':', 1)
                d[k.strip()] = v.strip()
        return d

    def open_para(self, align='left'):
        if self.para is None:
            self.out.append(f'<p style="Normal" props="text-align:{align}">')
            self.para = align

    def close_para(self):
        if self.para is not None:
            self.out.append('</p>')
            self.para = None

    def char_props(self):
        merged = {}
        for r in self.runs:
            merged.update(r)
        return '; '.join(f'{k}:{v}' for k, v in merged.items())

    def handle_starttag(self, tag, attrs):
        css = self.css(attrs)
        run = {}
        if 'font-size' in css:
            run['font-size'] = css['font-size']
        if 'color' in css:
            run['color'] = css['color'].lstrip('#')
        if 'font-family' in css:
            run['font-family'] = css['font-family']
        if tag == 'b':
            run['font-weight'] = 'bold'
        if tag == 'i':
            run['font-style'] = 'italic'
        if tag in ('p', 'td'):
            if tag == 'td':
                r, c, frame = self.table
                style = '' if frame else '; left-style:none; right-style:none; top-style:none; bot-style:none'
                self.out.append(f'<cell props="left-attach:{c}; right-attach:{c + 1}; top-attach:{r}; bot-attach:{r + 1}{style}">')
                self.table[1] += 1
            self.close_para()
            self.open_para(css.get('text-align', 'left'))
        elif tag == 'br':
            self.out.append('<br/>')
            return
        elif tag == 'hr':
            self.close_para()
            self.out.append('<p style="Normal" props="bot-style:solid; bot-thickness:0.8pt"></p>')
            return
        elif tag == 'table':
            self.close_para()
            cols = ''.join(f'{w}mm/' for w in next(self.widths))
            self.out.append(f'<table props="table-column-props:{cols}; table-col-spacing:0.05in">')
            self.table = [-1, 0, dict(attrs).get('data-frame') == '1']
        elif tag == 'tr':
            self.table[0] += 1
            self.table[1] = 0
        self.runs.append(run)

    def handle_endtag(self, tag):
        if tag in ('br', 'hr'):
            return
        if self.runs:
            self.runs.pop()
        if tag in ('p', 'td'):
            self.close_para()
            if tag == 'td':
                self.out.append('</cell>')
        elif tag == 'table':
            self.out.append('</table>')
            self.table = None
            self.out.append('<p style="Normal"></p>')

    def handle_data(self, data):
        if not data.strip() and self.para is None:
            return
        self.open_para()
        self.out.append(f'<c props="{self.char_props()}">{html.escape(data, quote=False)}</c>')


def to_awml(doc, font, size, page_mm):
    body = doc.split('<body>', 1)[1].rsplit('</body>', 1)[0]
    widths = list(TABLE_WIDTHS)
    TABLE_WIDTHS.clear()
    parser = Awml(widths)
    parser.feed(body)
    parser.close_para()
    w, h, m = page_mm
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<abiword xmlns="http://www.abisource.com/awml.dtd" fileformat="1.1">\n'
            f'<styles><s type="P" name="Normal" props="font-family:{font}; font-size:{size}; margin-top:0pt; '
            f'margin-bottom:2pt; line-height:1.0; color:000000"/></styles>\n'
            f'<pagesize pagetype="Custom" orientation="portrait" width="{w}" height="{h}" units="mm" page-scale="1.000000"/>\n'
            f'<section props="page-margin-left:{m}mm; page-margin-right:{m}mm; page-margin-top:{m}mm; page-margin-bottom:{m}mm">\n'
            + ''.join(parser.out) + '\n</section>\n</abiword>\n')


def compile_doc(doc, font, size, out_pdf, page_mm=(210, 297, 20)):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, 'f.abw')
        with open(src, 'w', encoding='utf-8') as f:
            f.write(to_awml(doc, font, size, page_mm))
        r = subprocess.run(['abiword', '--to=pdf', '-o', out_pdf, src], capture_output=True, text=True)
        if r.returncode or not os.path.exists(out_pdf):
            raise RuntimeError(r.stderr[-2000:])


def R(s, bold=False):
    s = f'<b>{s}</b>' if bold else s
    return f'<td style="text-align:right">{s}</td>'


def C(s, bold=False):
    return f'<td>{"<b>" + s + "</b>" if bold else s}</td>'


def tr(*cells):
    return '<tr>' + ''.join(cells) + '</tr>'


def traductora(inv):
    s, c = inv.supplier, inv.customer
    r = inv.rows[0]
    rows = ''.join(tr(C(e(l.desc)), R(fmt(l.qty).rsplit(',', 1)[0] if l.qty == l.qty.to_integral() else qty(l.qty)),
                      R(str(l.price).replace('.', ',')), R(fmt(l.amount))) for l in inv.lines)
    return page(f"""
<p style="text-align:right;font-size:20pt"><b>Marta Lizana</b></p>
<p style="text-align:right">Traducción técnica · Technical translation<br>{e(s['addr'][0])}<br>{e(s['addr'][1])}<br>NIF {s['tax']}<br>marta.lizana@correo.es</p>
<p><b>FACTURA / INVOICE</b></p>
<p>Número / Number: {e(inv.number)}<br>Fecha / Date: {inv.date_text}</p>
<p>Cliente / Client:<br>{e(c['name'])}<br>{e(c['addr'][0])}<br>{e(c['addr'][1])}<br>CIF {c['tax']}</p>
{T([95, 25, 22, 28])}
{tr(C('Concepto / Item', True), R('Cantidad / Qty', True), R('Precio / Rate', True), R('Importe (€)', True))}
{rows}
</table>
<p></p>
{T([95, 30], border=False, pad=2)}
{tr(C('Base imponible / Taxable amount'), R(fmt(inv.subtotal)))}
{tr(C(f'IVA / VAT {pct(r["rate"])} %'), R(fmt(r['vat'])))}
{tr(C(f'Retención IRPF {pct(inv.irpf)} %'), R('-' + fmt(inv.irpf_amount)))}
{tr(C('TOTAL A PAGAR / AMOUNT DUE', True), R(fmt(inv.total) + ' €', True))}
</table>
<p style="font-size:8pt">Pago por transferencia / Payment by bank transfer: ES60 2085 5202 7103 3010 2214</p>
""")


def pescados(inv):
    s, c = inv.supplier, inv.customer
    r = inv.rows[0]
    rows = ''.join(tr(C(e(l.desc)), R(qty(l.qty, 3) if 'kg' in l.desc else qty(l.qty)), R(fmt(l.price)), R(fmt(l.amount))) for l in inv.lines)
    return page(f"""
{T([95, 75], border=False)}<tr><td><span style="font-size:18pt"><b>PESCADOS GALINDO</b></span><br><i>Mayoristas de pescado fresco y congelado desde 1971</i></td>
<td style="text-align:right">{e(s['name'])}<br>{e(s['addr'][0])}<br>{e(s['addr'][1])}<br>C.I.F. {s['tax']}</td></tr></table>
<hr>
<p>Nº Fra. <b>{e(inv.number)}</b> &nbsp;&nbsp;&nbsp; Fecha {inv.date_text} &nbsp;&nbsp;&nbsp; Albarán 26-2291</p>
<p>{e(c['name'])} — C.I.F. {c['tax']}<br>{e(c['addr'][0])} — {e(c['addr'][1])}</p>
{T([90, 25, 25, 30])}
{tr(C('Producto', True), R('Kg / Uds.', True), R('Precio', True), R('Importe', True))}
{rows}
</table>
<p></p>
{T([32, 22, 30, 40])}
{tr(C('Base imponible', True), C('I.V.A. %', True), C('Cuota I.V.A.', True), C('TOTAL FACTURA', True))}
{tr(R(fmt(inv.subtotal)), R(pct(r['rate'])), R(fmt(r['vat'])), R(fmt(inv.total) + ' €', True))}
</table>
<p style="font-size:8pt">Producto de la pesca. Zona de captura FAO 27. Pago: contado.</p>
""", font='Liberation Sans', size='9.5pt')


def mensajeria(inv):
    s, c = inv.supplier, inv.customer
    r = inv.rows[0]
    rows = ''.join(tr(C(e(l.desc)), R(qty(l.qty)), R(fmt(l.price)), R(fmt(l.amount))) for l in inv.lines)
    return page(f"""
<p style="font-size:22pt;color:#d35400"><b>somontano</b> express</p>
{T([85, 85], border=False, pad=2)}
{tr(C('<b>Datos del emisor</b>'), C('<b>Datos del cliente</b>'))}
{tr(C(e(s['name'])), C(e(c['name'])))}
{tr(C(e(s['addr'][0])), C(e(c['addr'][0])))}
{tr(C(e(s['addr'][1])), C(e(c['addr'][1])))}
{tr(C('CIF: ' + s['tax']), C('CIF: ' + c['tax']))}
</table>
<p></p>
{T([32, 35, 30, 30])}
{tr(C('Nº de factura', True), C('Fecha de emisión', True), C('Periodo', True), C('Cuenta', True))}
{tr(C(e(inv.number)), C(inv.date_text), C('Enero 2026'), C('C-11873'))}
</table>
<p></p>
{T([95, 25, 22, 28])}
{tr(C('Servicio', True), R('Unidades', True), R('Precio', True), R('Importe', True))}
{rows}
{tr(C('Base imponible'), C(''), C(''), R(fmt(inv.subtotal)))}
{tr(C(f'IVA {pct(r["rate"])}%'), C(''), C(''), R(fmt(r['vat'])))}
{tr(C('Total factura', True), C(''), C(''), R(fmt(inv.total) + ' €', True))}
</table>
<p style="font-size:8pt">Detalle de envíos disponible en el área de clientes. Cargo en cuenta el día 10.</p>
""", font='DejaVu Sans', size='9pt')


def informatica(inv):
    s, c = inv.supplier, inv.customer
    r = inv.rows[0]
    ef = lambda x: fmt(x, 'plain') + ' €'
    rows = ''.join(tr(C(e(l.desc)), R(qty(l.qty)), R(ef(l.price)), R(pct(l.disc) if l.disc else '0'),
                      R(ef(l.amount / l.qty) if l.disc else ef(l.price)), R(ef(l.amount))) for l in inv.lines)
    return page(f"""
<p><span style="font-size:16pt"><b>SIA · Sistemas Informáticos Alcañiz</b></span><br>{e(s['name'])} · CIF {s['tax']} · {e(s['addr'][0])} · {e(s['addr'][1])}</p>
{T([50, 35, 85])}
{tr(C('<b>FACTURA</b> ' + e(inv.number)), C('Fecha: ' + inv.date_text), C('Cliente: ' + e(c['name']) + '<br>CIF ' + c['tax'] + '<br>' + e(c['addr'][0]) + ', ' + e(c['addr'][1])))}
</table>
<p></p>
{T([68, 14, 24, 16, 24, 26], pad=2)}
{tr(C('Descripción', True), R('Cant.', True), R('Precio', True), R('Dto. %', True), R('Neto', True), R('Importe', True))}
{rows}
</table>
<p></p>
{T([40, 32])}
{tr(C('Base imponible'), R(ef(inv.subtotal)))}
{tr(C(f'IVA {pct(r["rate"])} %'), R(ef(r['vat'])))}
{tr(C('TOTAL', True), R(ef(inv.total), True))}
</table>
<p style="font-size:8pt">Garantía de equipos: 3 años. Pago por transferencia a 30 días.</p>
""", font='FreeSans', size='9pt')


def alarmas(inv):
    s, c = inv.supplier, inv.customer
    r = inv.rows[0]
    rows = ''.join(tr(C(e(l.desc)), R(qty(l.qty)), R(fmt(l.price)), R(fmt(l.amount))) for l in inv.lines)
    return page(f"""
<p style="text-align:center;font-size:18pt"><b>ALARMAS MONCAYO</b></p>
<p style="text-align:center;font-size:8pt">{e(s['name'])} — CIF {s['tax']} — {e(s['addr'][0])}, {e(s['addr'][1])} — Nº Registro D.G.P. 3.871</p>
<p>Factura: {e(inv.number)}<br>Fecha: {inv.date_text}<br>Abonado: 50-008812</p>
<p style="text-align:right">{e(c['name'])}<br>{e(c['addr'][0])}<br>{e(c['addr'][1])}<br>CIF {c['tax']}</p>
{T([95, 25, 22, 28])}
{tr(C('Concepto', True), R('Meses/Uds.', True), R('Precio', True), R('Importe', True))}
{rows}
</table>
<p style="text-align:right">Base imponible: {fmt(inv.subtotal)} €<br>IVA {pct(r['rate'])} %: {fmt(r['vat'])} €<br><b>Importe total: {fmt(inv.total)} €</b></p>
<p>Importe total: {amount_words(inv.total)}.</p>
<p style="font-size:8pt">Se cargará en su cuenta por domiciliación bancaria. Periodo: 01/04/2026 a 30/06/2026.</p>
""", font='DejaVu Serif', size='9.5pt')


def fruites(inv):
    s, c = inv.supplier, inv.customer
    rows = ''.join(tr(C(e(l.desc)), R(qty(l.qty)), R(fmt(l.price)), R(pct(l.rate)), R(fmt(l.amount))) for l in inv.lines)
    summ = ''.join(tr(R(fmt(r['base'])), R(pct(r['rate']) + ' %'), R(fmt(r['vat'])), R(pct(r['re_rate']) + ' %'), R(fmt(r['re']))) for r in inv.rows)
    return page(f"""
<p><span style="font-size:17pt;color:#2e7d32"><b>Fruites Segrià</b></span><br>{e(s['name'])}<br>{e(s['addr'][0])} · {e(s['addr'][1])}<br>NIF {s['tax']}</p>
<p style="text-align:right">Client: <b>{e(c['trade'])}</b><br>{e(c['name'])}<br>NIF {c['tax']}<br>{e(c['addr'][0])}<br>{e(c['addr'][1])}</p>
<p><b>Factura núm. {e(inv.number)}</b><br>Data: {inv.date_text}</p>
{T([70, 25, 22, 18, 30])}
{tr(C('Article', True), R('Quantitat', True), R('Preu', True), R('% IVA', True), R('Import', True))}
{rows}
</table>
<p></p>
{T([32, 20, 28, 42, 32])}
{tr(C('Base imposable', True), C('IVA', True), C('Quota IVA', True), C("Recàrrec d'equivalència", True), C('Quota recàrrec', True))}
{summ}
</table>
<p style="text-align:right;font-size:13pt"><b>Total factura: {fmt(inv.total)} €</b></p>
<p style="font-size:8pt">Client acollit al règim especial del recàrrec d'equivalència. Pagament al comptat.</p>
""", font='Liberation Sans', size='9.5pt')


def ticket_papeleria(inv):
    s = inv.supplier
    rows = ''.join(tr(C(f'{qty(l.qty)} x {e(l.desc)}'), R('A' if l.rate == 21 else 'B'), R(fmt(l.amount))) for l in inv.lines)
    summ = ''.join(tr(C(('A' if r['rate'] == 21 else 'B') + f' {pct(r["rate"])}%'), R(fmt(r['base'])), R(fmt(r['vat'])), R(fmt(r['base'] + r['vat']))) for r in inv.rows)
    return page(f"""
<p style="text-align:center"><b>EL TINTERO</b><br>papelería · librería<br>{e(s['name'])}<br>NIF {s['tax']}<br>{e(s['addr'][0])}<br>{e(s['addr'][1])}</p>
<p>Fra. simplificada nº {e(inv.number)}<br>{inv.date_text} · Caja 1</p>
{T([46, 6, 16], border=False, pad=1)}
{rows}
</table>
<p style="font-size:12pt"><b>TOTAL {fmt(inv.total)} €</b></p>
<p>Tarjeta ···· 4417: {fmt(inv.total)}</p>
{T([18, 16, 14, 16], border=False, pad=1)}
{tr(C('IVA'), R('Base'), R('Cuota'), R('Total'))}
{summ}
</table>
<p style="text-align:center">IVA incluido · Gracias</p>
""", font='Liberation Mono', size='8pt')


RENDER = {'ab-traductora-irpf15': traductora, 'ab-pescados-proveedor': pescados, 'ab-mensajeria-dos-columnas': mensajeria,
          'ab-informatica-columnas': informatica, 'ab-alarmas-letras': alarmas, 'ab-fruites-recargo-catala': fruites,
          'ab-ticket-papeleria': ticket_papeleria}


def render(inv, out_pdf):
    doc, font, size = RENDER[inv.id](inv)
    compile_doc(doc, font, size, out_pdf, page_mm=(80, 150, 4) if inv.id == 'ab-ticket-papeleria' else (210, 297, 20))
