"""Qt layouts (`qt-*`): Qt 5.15's own PDF writer (QPdfWriter). Most are rich text (a QTextDocument of
HTML tables, paginated and page-numbered by QTextDocument.print_, as a Qt desktop application prints
a report); two are drawn with QPainter at millimetre positions. Liberation and DejaVu fonts, subset."""
import os
from datetime import date
from html import escape

os.environ.setdefault('QT_QPA_PLATFORM', 'offscreen')
os.environ.setdefault('XDG_RUNTIME_DIR', '/tmp/eighth-build/xdg')
os.makedirs(os.environ['XDG_RUNTIME_DIR'], mode=0o700, exist_ok=True)

from model import D, Invoice, Line, Party, cif, dni, es, plain, en, pct, qty, long_date, euros_in_words, german_vat, MONTHS_EN
from parties import COMPANY, GROCER

GEN = 'Qt 5.15 QPdfWriter (PyQt5)'
_app = None


def app():
    global _app
    if _app is None:
        from PyQt5.QtWidgets import QApplication
        _app = QApplication.instance() or QApplication(['gen_qt'])
    return _app


def writer(path, width=210, height=297, margin=15):
    from PyQt5.QtGui import QPdfWriter, QPageSize, QPageLayout
    from PyQt5.QtCore import QSizeF, QMarginsF
    w = QPdfWriter(str(path))
    w.setPageSize(QPageSize(QSizeF(width, height), QPageSize.Millimeter))
    w.setPageMargins(QMarginsF(margin, margin, margin, margin), QPageLayout.Millimeter)
    w.setResolution(300)
    w.setCreator('Facturación (Qt)')
    return w


def print_html(html, path, font='Liberation Sans', size=9, width=210, height=297, margin=15):
    from PyQt5.QtGui import QTextDocument, QFont
    app()
    doc = QTextDocument()
    doc.setDefaultFont(QFont(font, size))
    doc.setHtml(html)
    doc.print_(writer(path, width, height, margin))


def e(s):
    return escape(str(s))


def party_html(p, caption=None, tax_caption='NIF'):
    head = f'<span style="font-size:7pt; color:#666">{e(caption)}</span><br>' if caption else ''
    return head + f'<b>{e(p.name)}</b><br>' + '<br>'.join(e(a) for a in p.address) + f'<br>{tax_caption}: {e(p.tax_id)}'


def lines_html(inv, cols, header_bg='#dddddd', border=0, font_size='9pt'):
    head = ''.join(f'<th align="{a}" bgcolor="{header_bg}">{e(c)}</th>' for c, a, _ in cols)
    body = ''.join('<tr>' + ''.join(f'<td align="{a}">{e(get(l))}</td>' for _, a, get in cols) + '</tr>' for l in inv.lines)
    return f'<table width="100%" cellspacing="0" cellpadding="3" border="{border}" style="font-size:{font_size}"><tr>{head}</tr>{body}</table>'


def asesoria_irpf15():
    s = Party('Pilar Escartín Lanuza', dni('17453092'), ['Asesoría fiscal y laboral', 'C/ Cádiz 9, 1º izda.', '50004 Zaragoza'])
    lines = [Line('Asesoramiento fiscal - cuota trimestral (1T 2026)', D('3'), D('145.00')), Line('Presentación modelos 303, 111 y 115 (1T)', D('1'), D('90.00')),
             Line('Gestión de nóminas (4 trabajadores x 3 meses)', D('12'), D('12.50'))]
    inv = Invoice('qt-asesoria-irpf15', GEN, 'tax adviser with IRPF 15 %, parties side by side', 'a tax adviser (DNI) with IRPF 15 %, supplier and customer blocks side by side in a two-column table under "EMITIDA POR" and "FACTURAR A", "Factura nº 2026/058", "9 de abril de 2026", "1.234,56 €"',
                  s, COMPANY, '2026/058', date(2026, 4, 9), lines, irpf=D('15'), photo=True)
    html = f'''<h2 style="color:#2a4d69">FACTURA</h2>
<table width="100%" cellpadding="4"><tr><td width="50%" valign="top">{party_html(s, 'EMITIDA POR')}</td><td width="50%" valign="top">{party_html(COMPANY, 'FACTURAR A', 'CIF')}</td></tr></table>
<p>Factura nº <b>2026/058</b> &nbsp;&nbsp;&nbsp; Fecha: <b>{long_date(inv.issued)}</b></p>
{lines_html(inv, [('Concepto', 'left', lambda l: l.description), ('Unidades', 'right', lambda l: qty(l.quantity)), ('Precio', 'right', lambda l: es(l.price) + ' €'), ('Importe', 'right', lambda l: es(l.amount) + ' €')], '#c9d6df')}
<br><table align="right" cellpadding="3">
<tr><td>Base imponible</td><td align="right">{es(inv.subtotal)} €</td></tr>
<tr><td>IVA (21 %)</td><td align="right">{es(inv.vat_total)} €</td></tr>
<tr><td>Retención IRPF (15 %)</td><td align="right">-{es(inv.withholding_total)} €</td></tr>
<tr><td><b>TOTAL A PAGAR</b></td><td align="right"><b>{es(inv.total)} €</b></td></tr></table>
<p style="font-size:8pt">Forma de pago: domiciliación bancaria.</p>'''
    return inv, html, {}


def marca_distribuidora():
    s = Party('Distribuidora Verde Aragonesa, S.L.', cif('B', '5012688'), ['Pol. Plaza, C/ Bari 33', '50197 Zaragoza'], brand='VERDALIA')
    lines = [Line('Cápsulas café ecológico (caja 100)', D('8'), D('24.90'), ref='VC-100'), Line('Té verde a granel 1 kg', D('3'), D('31.40'), rate=D('10'), ref='TV-1K'),
             Line('Vasos compostables 250 ml (1000)', D('2'), D('46.00'), ref='VS-250'), Line('Azúcar de caña en sobres (1000)', D('2'), D('19.80'), rate=D('10'), ref='AZ-S')]
    inv = Invoice('qt-marca-verdalia', GEN, 'brand supplier, legal name small, customer first', 'a distributor known by its brand "VERDALIA" in large type, its legal name and CIF only in 6 pt at the foot; the customer block first (top left); "Nº factura VD-26-01944", date "03/03/2026"; 21 and 10 %, the tax summary as one row per rate',
                  s, COMPANY, 'VD-26-01944', date(2026, 3, 3), lines, photo=True)
    html = f'''<table width="100%"><tr><td width="55%" valign="top">{party_html(COMPANY, None, 'CIF')}</td>
<td align="right" valign="top"><span style="font-size:30pt; font-weight:bold; color:#3a7d44">VERDALIA</span><br><span style="color:#3a7d44">café · té · hostelería sostenible</span></td></tr></table>
<br><br><table cellpadding="3"><tr><td>Nº factura</td><td><b>VD-26-01944</b></td><td width="40"></td><td>Fecha</td><td><b>03/03/2026</b></td></tr></table><br>
{lines_html(inv, [('Ref.', 'left', lambda l: l.ref), ('Producto', 'left', lambda l: l.description), ('Cant.', 'right', lambda l: qty(l.quantity)), ('Precio', 'right', lambda l: es(l.price)), ('IVA', 'right', lambda l: pct(l.rate) + '%'), ('Importe', 'right', lambda l: es(l.amount))], '#cfe8d3')}
<br><table width="60%" align="right" cellpadding="3" border="1" cellspacing="0"><tr><th>Tipo</th><th>Base</th><th>Cuota</th></tr>
{''.join(f'<tr><td align="center">IVA {pct(r)}%</td><td align="right">{es(b)}</td><td align="right">{es(v)}</td></tr>' for r, b, v in inv.vat_lines())}
<tr><td colspan="2" align="right"><b>TOTAL FACTURA</b></td><td align="right"><b>{es(inv.total)} €</b></td></tr></table>
<br><br><br><br><br><br><p style="font-size:6pt; color:#555">{e(s.name)} · CIF {s.tax_id} · {e(", ".join(s.address))} · Reg. Merc. Zaragoza T. 4120, F. 88, H. Z-58123</p>'''
    return inv, html, {}


def recargo_filas():
    s = Party('Hijos de Tomás Pallarés, S.L.', cif('B', '4400318'), ['C/ Ronda de Teruel 18', '44001 Teruel'])
    lines = [Line('Jamón curado DO Teruel (pieza)', D('2'), D('96.00'), rate=D('10')), Line('Aceite de oliva virgen extra 1 l', D('12'), D('8.95'), rate=D('4')),
             Line('Vino tinto crianza (caja 6)', D('3'), D('38.40')), Line('Melocotón de Calanda en almíbar', D('10'), D('4.60'), rate=D('10'))]
    inv = Invoice('qt-recargo-filas', GEN, 'food wholesaler to a shop in recargo, three rates', 'a food wholesaler to a grocer in recargo at 10+1,4, 4+0,5 and 21+5,2; a summary table with one row per rate (Base / % IVA / Cuota IVA / % R.E. / Cuota R.E.); "Serie" 2026 and "Factura" 000731 in two cells of a small table, never printed together (the label takes the number cell alone); date "14.04.2026"',
                  s, GROCER, '000731', date(2026, 4, 14), lines, recargo=True, scan='jpg')
    rows = ''.join(f'<tr><td align="right">{es(b)}</td><td align="right">{pct(r)}</td><td align="right">{es(v)}</td><td align="right">{pct(rr)}</td><td align="right">{es(re)}</td></tr>'
                   for (r, b, v), (rr, _, re) in zip(inv.vat_lines(), inv.surcharge_lines()))
    html = f'''<table width="100%"><tr><td width="62%" valign="top"><span style="font-size:15pt"><b>{e(s.name)}</b></span><br>{'<br>'.join(e(a) for a in s.address)}<br>CIF {s.tax_id}</td>
<td valign="top" align="right">{party_html(GROCER, 'Cliente')}<br><i>Régimen de recargo de equivalencia</i></td></tr></table><br>
<table border="1" cellspacing="0" cellpadding="4"><tr><th>Serie</th><th>Factura</th><th>Fecha</th></tr><tr><td>2026</td><td>000731</td><td>14.04.2026</td></tr></table><br>
{lines_html(inv, [('Artículo', 'left', lambda l: l.description), ('Cantidad', 'right', lambda l: qty(l.quantity)), ('Precio', 'right', lambda l: es(l.price)), ('% IVA', 'right', lambda l: pct(l.rate)), ('Importe', 'right', lambda l: es(l.amount))])}
<br><table width="100%" border="1" cellspacing="0" cellpadding="3"><tr><th>Base imponible</th><th>% IVA</th><th>Cuota IVA</th><th>% R.E.</th><th>Cuota R.E.</th></tr>{rows}</table>
<p align="right" style="font-size:12pt"><b>Total factura: {es(inv.total)} €</b></p>'''
    return inv, html, {}


def intracom_de():
    s = Party('Brenner Messtechnik GmbH', german_vat('81447326'), ['Industriestraße 41', '70565 Stuttgart, Germany'])
    lines = [Line('Digital pressure gauge DPG-200', D('4'), D('312.50'), exempt=True), Line('Calibration certificate (DAkkS)', D('4'), D('85.00'), exempt=True),
             Line('Shipping & packaging', D('1'), D('42.00'), exempt=True)]
    inv = Invoice('qt-intracom-de', GEN, 'intra-EU supplier in English, reverse charge', 'a German instruments maker invoicing in English: "Invoice no. 2026-10477", "March 4, 2026", amounts "1,632.00 EUR", a DE VAT id (USt-IdNr.), "Intra-Community supply, reverse charge", VAT 0 %',
                  s, COMPANY, '2026-10477', date(2026, 3, 4), lines, scan='jpg')
    html = f'''<table width="100%"><tr><td><span style="font-size:18pt"><b>BRENNER</b></span> <span style="font-size:10pt">Messtechnik</span></td><td align="right">{e(s.name)}<br>{'<br>'.join(e(a) for a in s.address)}<br>VAT ID: {s.tax_id}</td></tr></table><hr>
<p><b>Ship to / Bill to:</b><br>{e(COMPANY.name)}<br>{'<br>'.join(e(a) for a in COMPANY.address)}<br>Spain<br>VAT ID: ES{COMPANY.tax_id}</p>
<h3>INVOICE</h3><table cellpadding="2"><tr><td>Invoice no.</td><td>2026-10477</td></tr><tr><td>Invoice date</td><td>March 4, 2026</td></tr><tr><td>Customer no.</td><td>40187</td></tr><tr><td>Delivery note</td><td>LS-2026-03318</td></tr></table><br>
{lines_html(inv, [('Pos.', 'left', lambda l: str(inv.lines.index(l) + 1)), ('Description', 'left', lambda l: l.description), ('Qty', 'right', lambda l: qty(l.quantity)), ('Unit price EUR', 'right', lambda l: en(l.price)), ('Amount EUR', 'right', lambda l: en(l.amount))], '#e8e8e8')}
<br><table align="right" cellpadding="3"><tr><td>Net amount</td><td align="right">{en(inv.subtotal)} EUR</td></tr><tr><td>VAT 0 %</td><td align="right">0.00 EUR</td></tr>
<tr><td><b>Total amount</b></td><td align="right"><b>{en(inv.total)} EUR</b></td></tr></table><br><br><br><br><br>
<p style="font-size:8pt">Tax-exempt intra-Community supply (§ 4 Nr. 1b UStG). Reverse charge: VAT to be paid by the recipient. Payment: 30 days net.</p>'''
    return inv, html, {}


def canarias_igic():
    s = Party('Suministros Hosteleros Atlántico, S.L.', cif('B', '3501442'), ['C/ León y Castillo 210', '35004 Las Palmas de Gran Canaria'])
    lines = [Line('Vajilla porcelana (plato llano, caja 24)', D('3'), D('62.40'), rate=D('7')), Line('Cubertería acero (set 48 piezas)', D('2'), D('89.00'), rate=D('7')),
             Line('Mantelería hostelera', D('10'), D('14.50'), rate=D('7'))]
    inv = Invoice('qt-canarias-igic', GEN, 'Canary Islands supplier with IGIC 7 %', 'a supplier in the Canary Islands charging IGIC 7 % (not VAT): "Base imponible", "IGIC 7 %", "Nº Factura: LP/2026/0331", "22/04/2026"; the label carries the IGIC as the 7 % tax line',
                  s, COMPANY, 'LP/2026/0331', date(2026, 4, 22), lines, photo=True)
    html = f'''<table width="100%" cellpadding="6" bgcolor="#1f5f8b"><tr><td><span style="color:white; font-size:16pt"><b>{e(s.name)}</b></span><br><span style="color:white">{e(", ".join(s.address))} · CIF {s.tax_id}</span></td></tr></table><br>
<table width="100%"><tr><td width="50%">Nº Factura: <b>LP/2026/0331</b><br>Fecha: 22/04/2026<br>Forma de pago: transferencia</td><td>{party_html(COMPANY, 'Cliente', 'CIF')}</td></tr></table><br>
{lines_html(inv, [('Descripción', 'left', lambda l: l.description), ('Cant.', 'right', lambda l: qty(l.quantity)), ('Precio', 'right', lambda l: es(l.price)), ('Total', 'right', lambda l: es(l.amount))], '#d5e5f0')}
<br><table align="right" cellpadding="3"><tr><td>Base imponible</td><td align="right">{es(inv.subtotal)} €</td></tr><tr><td>IGIC 7 %</td><td align="right">{es(inv.vat_total)} €</td></tr>
<tr><td><b>Total</b></td><td align="right"><b>{es(inv.total)} €</b></td></tr></table><br><br><br><br><br><p style="font-size:7.5pt">Operación sujeta al Impuesto General Indirecto Canario (IGIC).</p>'''
    return inv, html, {}


def multipagina():
    s = Party('Ferretería Industrial Los Enlaces, S.L.', cif('B', '5029416'), ['Avda. Los Enlaces 27', '50011 Zaragoza'])
    items = ['Llave combinada 13 mm', 'Destornillador plano 5,5 mm', 'Martillo carpintero 500 g', 'Metro flexómetro 5 m', 'Nivel de burbuja 60 cm', 'Alicate universal 180 mm',
             'Sierra de arco', 'Cúter profesional', 'Cinta de carrocero 36 mm', 'Silicona neutra blanca', 'Pistola de silicona', 'Guantes de trabajo T10', 'Gafas de protección', 'Brocha 50 mm']
    lines = [Line(items[(i * 5) % 14], D(str(1 + (i * 7) % 12)), (D('1.85') + D(str((i * 41) % 300)) / 12).quantize(D('0.01')), ref=f'{31000 + i * 17}') for i in range(70)]
    inv = Invoice('qt-ferreteria-3pag', GEN, 'multi-page invoice paginated by Qt, totals on the last page', 'a hardware store\'s 70-line invoice that Qt\'s rich-text printing paginates over three pages (the table header repeated, page numbers at the foot), totals only at the end; "FACTURA A-2026-000812", date "2 de febrero de 2026"',
                  s, COMPANY, 'A-2026-000812', date(2026, 2, 2), lines, scan='pdf')
    body = ''.join(f'<tr><td>{l.ref}</td><td>{e(l.description)}</td><td align="right">{qty(l.quantity)}</td><td align="right">{es(l.price)}</td><td align="right">{es(l.amount)}</td></tr>' for l in lines)
    html = f'''<table width="100%"><tr><td><span style="font-size:14pt"><b>{e(s.name)}</b></span><br>{e(", ".join(s.address))}<br>CIF: {s.tax_id}</td><td align="right"><span style="font-size:14pt"><b>FACTURA A-2026-000812</b></span><br>{long_date(inv.issued)}</td></tr></table>
<p>{party_html(COMPANY, 'Cliente', 'CIF')}</p>
<table width="100%" cellspacing="0" cellpadding="3" border="1"><thead><tr><th>Código</th><th>Descripción</th><th>Cant.</th><th>Precio</th><th>Importe</th></tr></thead>{body}</table>
<br><table align="right" cellpadding="3"><tr><td>Base imponible</td><td align="right">{es(inv.subtotal)}</td></tr><tr><td>IVA 21%</td><td align="right">{es(inv.vat_total)}</td></tr><tr><td><b>Total factura</b></td><td align="right"><b>{es(inv.total)} €</b></td></tr></table>'''
    return inv, html, {}


def ticket_restaurante():
    s = Party('Casa Emilio Taberna, S.L.', cif('B', '5044519'), ['C/ Heroísmo 22', '50001 Zaragoza'])
    lines = [Line('Menú del día', D('4'), D('14.50'), rate=D('10')), Line('Botella vino Somontano', D('1'), D('16.00'), rate=D('10')), Line('Agua 1 l', D('2'), D('2.20'), rate=D('10')),
             Line('Cafés', D('4'), D('1.50'), rate=D('10'))]
    inv = Invoice('qt-ticket-restaurante', GEN, 'restaurant simplified invoice, VAT included', 'a restaurant\'s ticket (80 mm page), prices with 10 % included, "Fact. simplificada Nº 0012-004471", "05-06-2026 13:42", the base and cuota in a small table at the foot',
                  s, COMPANY, '0012-004471', date(2026, 6, 5), lines, vat_included=True, scan='jpg')
    rate, base, vat = inv.vat_lines()[0]
    html = f'''<p align="center"><b style="font-size:12pt">CASA EMILIO</b><br>{e(s.name)}<br>{e(s.address[0])} - {e(s.address[1])}<br>CIF {s.tax_id}</p>
<p>Fact. simplificada Nº 0012-004471<br>05-06-2026 13:42 · Mesa 7</p>
<table width="100%" cellspacing="0">{''.join(f'<tr><td>{qty(l.quantity)}</td><td>{e(l.description)}</td><td align="right">{es(l.amount)}</td></tr>' for l in lines)}</table><hr>
<table width="100%"><tr><td><b style="font-size:11pt">TOTAL</b></td><td align="right"><b style="font-size:11pt">{es(inv.total)} €</b></td></tr></table>
<table width="100%" style="font-size:7pt"><tr><td>Base</td><td>IVA 10%</td><td>Total</td></tr><tr><td>{es(base)}</td><td>{es(vat)}</td><td>{es(inv.total)}</td></tr></table>
<p align="center" style="font-size:7pt">IVA INCLUIDO · Gracias por su visita</p>'''
    return inv, html, {'width': 80, 'height': 115, 'margin': 4, 'font': 'DejaVu Sans Mono', 'size': 6}


def rectificativa():
    s = Party('Mobiliario de Oficina Zaragoza Norte, S.A.', cif('A', '5033847'), ['C/ Valle de Broto 6', '50015 Zaragoza'])
    lines = [Line('Devolución silla ergonómica modelo Atlas (2 uds.)', D('-2'), D('189.00')), Line('Abono portes de la devolución', D('-1'), D('25.00'))]
    inv = Invoice('qt-rectificativa', GEN, 'corrective invoice quoting the original', 'a "FACTURA RECTIFICATIVA" for returned chairs, negative quantities and amounts, "Nº R26-0017", the rectified invoice "F26-0398 de 12/02/2026" and its reason; date "2 de marzo de 2026"',
                  s, COMPANY, 'R26-0017', date(2026, 3, 2), lines, photo=True)
    html = f'''<table width="100%"><tr><td>{party_html(s, None, 'CIF')}</td><td align="right"><span style="font-size:15pt"><b>FACTURA RECTIFICATIVA</b></span><br>Nº R26-0017<br>{long_date(inv.issued)}</td></tr></table><br>
<p>{party_html(COMPANY, 'Cliente', 'CIF')}</p>
<p>Factura rectificada: F26-0398 de 12/02/2026. Motivo: devolución de mercancía (art. 80.Dos LIVA).</p>
{lines_html(inv, [('Descripción', 'left', lambda l: l.description), ('Cant.', 'right', lambda l: qty(l.quantity)), ('Precio', 'right', lambda l: es(l.price)), ('Importe', 'right', lambda l: es(l.amount))], '#eeeeee', 1)}
<br><table align="right" cellpadding="3"><tr><td>Base imponible</td><td align="right">{es(inv.subtotal)} €</td></tr><tr><td>IVA 21 %</td><td align="right">{es(inv.vat_total)} €</td></tr><tr><td><b>Total</b></td><td align="right"><b>{es(inv.total)} €</b></td></tr></table>'''
    return inv, html, {}


def clinica_exenta_mixta():
    s = Party('Clínica Dental Sonrisa Delicias, S.L.P.', cif('B', '5061937'), ['C/ Delicias 15', '50017 Zaragoza'])
    lines = [Line('Revisión y limpieza bucal (tratamiento)', D('1'), D('60.00'), exempt=True), Line('Empaste composite', D('2'), D('55.00'), exempt=True),
             Line('Kit de higiene dental (cepillo eléctrico)', D('1'), D('79.00')), Line('Colutorio 500 ml', D('2'), D('7.90'))]
    inv = Invoice('qt-clinica-mixta', GEN, 'exempt health services beside taxed products', 'a dental clinic billing a company: exempt treatments (art. 20.Uno.3º) as a 0 % line beside products at 21 %, the summary as one row per rate including "Exento"; "Nº 26000143", date "16/02/26"',
                  s, COMPANY, '26000143', date(2026, 2, 16), lines, scan='jpg')
    html = f'''<p><span style="font-size:16pt; color:#008080"><b>Sonrisa Delicias</b></span><br><span style="font-size:8pt">{e(s.name)} · {e(", ".join(s.address))} · CIF {s.tax_id}</span></p><hr>
<table width="100%"><tr><td>Factura Nº <b>26000143</b><br>Fecha: 16/02/26</td><td>{party_html(COMPANY, 'Paciente / Empresa', 'CIF')}</td></tr></table><br>
{lines_html(inv, [('Concepto', 'left', lambda l: l.description), ('Cant.', 'right', lambda l: qty(l.quantity)), ('Precio', 'right', lambda l: es(l.price)), ('IVA', 'right', lambda l: 'Exento' if l.exempt else '21%'), ('Importe', 'right', lambda l: es(l.amount))], '#d0eeee')}
<br><table align="right" border="1" cellspacing="0" cellpadding="3"><tr><th>Tipo</th><th>Base</th><th>Cuota</th></tr>
{''.join(f'<tr><td>{"Exento" if not r else "IVA " + pct(r) + "%"}</td><td align="right">{es(b)}</td><td align="right">{es(v)}</td></tr>' for r, b, v in inv.vat_lines())}
<tr><td><b>Total</b></td><td></td><td align="right"><b>{es(inv.total)} €</b></td></tr></table><br><br><br><br><br><br>
<p style="font-size:7.5pt">Servicios de asistencia sanitaria exentos de IVA (art. 20.Uno.3º Ley 37/1992).</p>'''
    return inv, html, {}


def total_letras():
    s = Party('Maderas y Tableros del Pirineo, S.L.', cif('B', '2213590'), ['Ctra. de Francia s/n', '22880 Canfranc (Huesca)'])
    lines = [Line('Tablero contrachapado abedul 18 mm', D('20'), D('42.80'), D('21'), D('7.5')), Line('Listón pino 45x45 (m)', D('120'), D('2.35'), D('21'), D('5')),
             Line('Barniz marino 4 l', D('3'), D('58.00'))]
    inv = Invoice('qt-maderas-letras', GEN, 'several amount columns, total in words', 'a timber merchant with columns Unidades / Precio / Bruto / Dto. % / Neto, and "Importa la presente factura: MIL … EUROS CON … CÉNTIMOS"; "Factura Nº 26-M-0152", date "19-ene-2026"',
                  s, COMPANY, '26-M-0152', date(2026, 1, 19), lines, photo=True)
    html = f'''<table width="100%"><tr><td valign="top"><span style="font-size:14pt"><b>{e(s.name)}</b></span><br>{'<br>'.join(e(a) for a in s.address)}<br>CIF {s.tax_id}</td><td align="right" valign="top">{party_html(COMPANY, 'Cliente', 'CIF')}</td></tr></table><br>
<table border="1" cellspacing="0" cellpadding="4"><tr><td>Factura Nº</td><td><b>26-M-0152</b></td><td>Fecha</td><td><b>19-ene-2026</b></td></tr></table><br>
{lines_html(inv, [('Artículo', 'left', lambda l: l.description), ('Unidades', 'right', lambda l: qty(l.quantity)), ('Precio', 'right', lambda l: es(l.price)), ('Bruto', 'right', lambda l: es(l.quantity * l.price)), ('Dto. %', 'right', lambda l: pct(l.discount)), ('Neto', 'right', lambda l: es(l.amount))], '#e4d8c8', 1)}
<br><table align="right" cellpadding="3"><tr><td>Base imponible</td><td align="right">{es(inv.subtotal)}</td></tr><tr><td>I.V.A. 21 %</td><td align="right">{es(inv.vat_total)}</td></tr><tr><td><b>Total factura</b></td><td align="right"><b>{es(inv.total)} €</b></td></tr></table><br><br><br><br><br>
<p>Importa la presente factura: <b>{euros_in_words(inv.total)}</b></p>'''
    return inv, html, {}


def painter_alquiler(path):
    s = Party('Inmuebles Coso Alto, S.L.', cif('B', '5052281'), ['Coso 98, 5º', '50001 Zaragoza'])
    lines = [Line('Renta local C/ Alfonso I 17 - mayo 2026', D('1'), D('1350.00')), Line('Gastos de comunidad repercutidos', D('1'), D('85.00'))]
    inv = Invoice('qt-alquiler-irpf19', GEN, 'rent with IRPF 19 %, summary in columns', 'a company letting premises, IRPF 19 % withheld; the summary as a row of captions (Base imponible, IVA 21 %, Retención 19 %, Total recibo) over a row of values; "Recibo-factura nº ALQ 05/2026", "1 de mayo de 2026"; drawn with QPainter',
                  s, COMPANY, 'ALQ 05/2026', date(2026, 5, 1), lines, irpf=D('19'), scan='jpg', photo=True)
    if path is None:
        return inv
    from PyQt5.QtGui import QPainter, QFont, QPen, QColor
    from PyQt5.QtCore import QRectF, Qt
    app(); w = writer(path, margin=0); p = QPainter(w)
    mm = 300 / 25.4
    def text(x, y, t, size=9, bold=False, align='l', family='Liberation Serif'):
        f = QFont(family); f.setPointSizeF(size); f.setBold(bold); p.setFont(f)
        flags = {'l': Qt.AlignLeft, 'r': Qt.AlignRight, 'c': Qt.AlignHCenter}[align] | Qt.AlignBottom
        x0 = x * mm - (200 * mm if align == 'r' else 100 * mm if align == 'c' else 0)
        p.drawText(QRectF(x0, (y - 10) * mm, 200 * mm if align != 'l' else 200 * mm, 10 * mm), flags, t)
    text(20, 25, s.name, 15, True); text(20, 31, ', '.join(s.address) + f' · C.I.F. {s.tax_id}', 9)
    p.setPen(QPen(QColor(0, 0, 0), 0.4 * mm)); p.drawLine(int(20 * mm), int(34 * mm), int(190 * mm), int(34 * mm))
    text(20, 48, 'RECIBO-FACTURA', 14, True); text(20, 55, 'nº ALQ 05/2026', 11); text(20, 61, f'Zaragoza, {long_date(inv.issued)}', 10)
    text(115, 48, 'Arrendatario:', 9, True); text(115, 54, COMPANY.name, 10); text(115, 59, ', '.join(COMPANY.address), 9); text(115, 64, 'C.I.F. ' + COMPANY.tax_id, 9)
    y = 82
    for l in lines:
        text(20, y, l.description, 10); text(190, y, es(l.amount) + ' €', 10, align='r'); y += 7
    y += 12
    caps = ['Base imponible', 'IVA 21 %', 'Retención 19 %', 'Total recibo']
    vals = [es(inv.subtotal), es(inv.vat_total), '-' + es(inv.withholding_total), es(inv.total) + ' €']
    p.drawRect(QRectF(20 * mm, (y - 6) * mm, 170 * mm, 16 * mm))
    for i, (cap, val) in enumerate(zip(caps, vals)):
        text(62 + 42.5 * i, y, cap, 9, True, 'r'); text(62 + 42.5 * i, y + 7, val, 10, i == 3, 'r')
    text(20, y + 25, 'Retención practicada conforme al art. 100 del Reglamento del IRPF (arrendamiento de inmuebles urbanos).', 8)
    p.end()
    return inv


def painter_cuotas_columnas(path):
    s = Party('Transportes Hermanos Abadía, S.L.', cif('B', '2270345'), ['Pol. Valle del Cinca, parc. 8', '22300 Barbastro (Huesca)'])
    lines = [Line('Porte Barbastro - Zaragoza (carga completa)', D('3'), D('420.00')), Line('Porte Zaragoza - Lleida (grupaje)', D('2'), D('185.00')),
             Line('Paletización y carga', D('6'), D('28.00')), Line('Seguro mercancía', D('1'), D('65.00'))]
    inv = Invoice('qt-transportes-cajas', GEN, 'header fields in boxes, totals in a column of boxes', 'a haulier drawn with QPainter: number, date and customer code each in its own captioned box ("Nº FACTURA" over "TA-0426/118"), the totals as a column of captioned boxes at the right; date "30/04/2026", amounts "1.863,00"',
                  s, COMPANY, 'TA-0426/118', date(2026, 4, 30), lines, scan='jpg')
    if path is None:
        return inv
    from PyQt5.QtGui import QPainter, QFont, QPen, QColor
    from PyQt5.QtCore import QRectF, Qt
    app(); w = writer(path, margin=0); p = QPainter(w)
    mm = 300 / 25.4
    def text(x, y, t, size=9, bold=False, align='l'):
        f = QFont('DejaVu Sans'); f.setPointSizeF(size); f.setBold(bold); p.setFont(f)
        flags = {'l': Qt.AlignLeft, 'r': Qt.AlignRight}[align] | Qt.AlignBottom
        p.drawText(QRectF(x * mm - (150 * mm if align == 'r' else 0), (y - 8) * mm, 150 * mm, 8 * mm), flags, t)
    def box(x, y, w_, h, caption, value, bold=False):
        p.setPen(QPen(QColor(0, 0, 0), 0.3 * mm)); p.drawRect(QRectF(x * mm, y * mm, w_ * mm, h * mm))
        p.fillRect(QRectF(x * mm, y * mm, w_ * mm, 5 * mm), QColor(225, 225, 225))
        text(x + 1.5, y + 4.2, caption, 6.5, True); text(x + w_ - 2, y + h - 1.5, value, 9, bold, 'r')
    text(15, 22, 'TRANSPORTES ABADÍA', 17, True); text(15, 28, s.name + ' · C.I.F. ' + s.tax_id, 8); text(15, 32.5, ', '.join(s.address), 8)
    box(120, 15, 40, 13, 'Nº FACTURA', 'TA-0426/118'); box(160, 15, 35, 13, 'FECHA', '30/04/2026'); box(120, 28, 40, 13, 'CÓD. CLIENTE', '0871'); box(160, 28, 35, 13, 'VENCIMIENTO', '30/05/2026')
    text(15, 48, COMPANY.name, 10, True); text(15, 53, ', '.join(COMPANY.address), 9); text(15, 58, 'C.I.F. ' + COMPANY.tax_id, 9)
    y = 75; text(15, y, 'Descripción', 8.5, True); text(130, y, 'Cant.', 8.5, True, 'r'); text(160, y, 'Precio', 8.5, True, 'r'); text(195, y, 'Importe', 8.5, True, 'r')
    p.drawLine(int(15 * mm), int((y + 1.5) * mm), int(195 * mm), int((y + 1.5) * mm)); y += 7
    for l in lines:
        text(15, y, l.description, 9); text(130, y, qty(l.quantity), 9, align='r'); text(160, y, es(l.price), 9, align='r'); text(195, y, es(l.amount), 9, align='r'); y += 6
    y += 10
    for i, (cap, val) in enumerate([('BASE IMPONIBLE', es(inv.subtotal)), ('I.V.A. 21%', es(inv.vat_total)), ('TOTAL FACTURA', es(inv.total) + ' €')]):
        box(150, y + 14 * i, 45, 13, cap, val, i == 2)
    p.end()
    return inv


HTML_LAYOUTS = [asesoria_irpf15, marca_distribuidora, recargo_filas, intracom_de, canarias_igic, multipagina, ticket_restaurante, rectificativa,
                clinica_exenta_mixta, total_letras]
PAINTER_LAYOUTS = [painter_alquiler, painter_cuotas_columnas]


def build(out_dir, work_dir, only=None):
    made = []
    for make in HTML_LAYOUTS:
        inv, html, page = make()
        if only and inv.id not in only:
            continue
        print_html(f'<html><body>{html}</body></html>', out_dir / f'{inv.id}.pdf', **page)
        made.append(inv)
    for make in PAINTER_LAYOUTS:
        inv = make(None)
        if only and inv.id not in only:
            continue
        make(out_dir / f'{inv.id}.pdf')
        made.append(inv)
    return made
