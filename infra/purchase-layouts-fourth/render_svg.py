"""SVG written by hand, turned into PDF by librsvg (`rsvg-convert -f pdf`): sv-* ."""
import subprocess
from xml.sax.saxutils import escape
from model import es, rate_text, amount_in_words


class Svg:
    def __init__(self, w=210, h=297):
        self.w, self.h, self.parts = w, h, []

    def text(self, x, y, s, size=3.2, bold=False, align='L', font='DejaVu Sans', color='#000', italic=False, spacing=None):
        anchor = {'L': 'start', 'R': 'end', 'C': 'middle'}[align]
        extra = f' letter-spacing="{spacing}"' if spacing else ''
        self.parts.append(f'<text xml:space="preserve" x="{x}" y="{y}" font-family="{font}" font-size="{size}" font-weight="{"bold" if bold else "normal"}" '
                          f'font-style="{"italic" if italic else "normal"}" fill="{color}" text-anchor="{anchor}"{extra}>{escape(s)}</text>')

    def rect(self, x, y, w, h, fill='none', stroke='none', sw=0.25, rx=0):
        self.parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" fill="{fill}" stroke="{stroke}" stroke-width="{sw}"/>')

    def line(self, x1, y1, x2, y2, sw=0.25, color='#000', dash=None):
        d = f' stroke-dasharray="{dash}"' if dash else ''
        self.parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{color}" stroke-width="{sw}"{d}/>')

    def raw(self, s):
        self.parts.append(s)

    def save(self, out):
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.w}mm" height="{self.h}mm" viewBox="0 0 {self.w} {self.h}">'
               f'<rect width="{self.w}" height="{self.h}" fill="#fff"/>' + ''.join(self.parts) + '</svg>')
        subprocess.run(['rsvg-convert', '-f', 'pdf', '-o', out], input=svg.encode(), check=True)


def floristeria(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    v = Svg()
    for k in range(7):
        v.raw(f'<circle cx="{30 + k * 5}" cy="{22 + (k % 2) * 4}" r="3.2" fill="#{["c2185b", "7b1fa2", "f06292"][k % 3]}" opacity="0.7"/>')
    v.text(70, 24, 'Lirio Azul', 11, font='DejaVu Serif', italic=True, color='#4a148c')
    v.text(70, 31, 'floristería · decoración floral · eventos', 3, color='#7b1fa2')
    v.text(196, 18, s['name'], 3, True, 'R'); v.text(196, 22.5, s['address'][0], 2.8, align='R'); v.text(196, 26.5, s['address'][1], 2.8, align='R')
    v.text(196, 30.5, f"Tel. {s['phone']} · NIF {s['nif']}", 2.8, align='R')
    v.raw('<path d="M14 40 Q105 34 196 40" stroke="#c2185b" fill="none" stroke-width="0.6"/>')
    v.text(14, 54, 'Factura', 6, font='DejaVu Serif', italic=True, color='#4a148c')
    v.text(14, 62, f"nº {i['number']}", 3.4, True); v.text(14, 67, f"fecha {i['date_text']}", 3.2)
    v.rect(110, 46, 86, 28, fill='#fce4ec', rx=3)
    for k, a in enumerate([c['name'], *c['address'], f"NIF {c['nif']}"]):
        v.text(114, 53 + k * 5, a, 3.2, bold=k == 0)
    y = 90
    for x, h, a in [(14, 'Artículo', 'L'), (130, 'Cant.', 'R'), (150, 'Precio', 'R'), (166, 'IVA', 'R'), (196, 'Total', 'R')]:
        v.text(x, y, h, 3, True, a, color='#4a148c')
    v.line(14, y + 2, 196, y + 2, 0.3, '#4a148c'); y += 9
    for l in i['lines']:
        v.text(14, y, l.desc, 3.2); v.text(130, y, f'{l.qty.normalize():f}', 3.2, align='R'); v.text(150, y, es(l.price), 3.2, align='R')
        v.text(166, y, rate_text(l.rate) + '%', 3.2, align='R'); v.text(196, y, es(l.net), 3.2, align='R')
        v.line(14, y + 2.5, 196, y + 2.5, 0.15, '#ccc', '1,1'); y += 8
    y += 8
    for g in t.groups:
        v.text(150, y, f"Base {rate_text(g['rate'])}%", 3.1, align='R'); v.text(196, y, es(g['base']), 3.1, align='R'); y += 5.2
        v.text(150, y, f"IVA {rate_text(g['rate'])}%", 3.1, align='R'); v.text(196, y, es(g['vat']), 3.1, align='R'); y += 6.5
    v.rect(120, y - 2, 76, 10, fill='#4a148c', rx=2)
    v.text(126, y + 4.6, 'TOTAL', 3.8, True, color='#fff'); v.text(192, y + 4.6, es(t.total) + ' €', 3.8, True, 'R', color='#fff')
    v.text(105, 282, '¡Gracias por confiar en nosotros! · IBAN ES91 2100 0418 4502 0005 1332', 2.8, align='C', italic=True, color='#7b1fa2')
    v.save(out)


def celler(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    v = Svg()
    wine = '#6d1a36'
    v.rect(0, 0, 210, 297, fill='#fbf8f1')
    v.text(105, 24, 'CELLER COOPERATIU', 6, True, 'C', font='DejaVu Serif', color=wine, spacing=1)
    v.text(105, 31, 'de la Vall del Corb', 5, align='C', font='DejaVu Serif', italic=True, color=wine)
    v.text(105, 38, f"{s['name']} · NIF {s['nif']} · {s['address'][0]} · {s['address'][1]} · Tel. {s['phone']}", 2.6, align='C')
    v.line(20, 42, 190, 42, 0.3, wine)
    v.text(20, 54, 'FACTURA', 4.4, True, color=wine)
    v.text(20, 61, f"Número: {i['number']}", 3.2); v.text(20, 66, f"Data: {i['date_text']}", 3.2); v.text(20, 71, 'Venciment: 2/11/2026', 3.2)
    v.text(110, 54, 'Client', 2.8, italic=True, color='#555')
    for k, a in enumerate([c['trade'], c['name'], *c['address'], f"NIF {c['nif']}", 'Règim especial del recàrrec d\'equivalència']):
        v.text(110, 60 + k * 4.6, a, 3.1, bold=k == 0)
    y = 98
    v.rect(20, y - 5, 170, 7, fill=wine)
    for x, h, a in [(22, 'Descripció', 'L'), (118, 'Unitats', 'R'), (138, 'Preu', 'R'), (154, 'IVA', 'R'), (168, 'R.E.', 'R'), (188, 'Import', 'R')]:
        v.text(x, y, h, 2.9, True, a, color='#fff')
    y += 8
    for l in i['lines']:
        v.text(22, y, l.desc, 3); v.text(118, y, f'{l.qty.normalize():f}', 3, align='R'); v.text(138, y, es(l.price), 3, align='R')
        v.text(154, y, rate_text(l.rate) + '%', 3, align='R'); v.text(168, y, rate_text(l.surcharge) + '%', 3, align='R'); v.text(188, y, es(l.net), 3, align='R')
        y += 6
    y += 10
    heads = [(40, 'Base imposable'), (70, '% IVA'), (98, 'Quota IVA'), (128, '% Recàrrec'), (160, 'Quota recàrrec')]
    for x, h in heads:
        v.text(x, y, h, 2.8, True, 'R', color=wine)
    v.line(20, y + 2, 165, y + 2, 0.3, wine)
    for g in t.groups:
        y += 6
        for (x, _), val in zip(heads, [es(g['base']), rate_text(g['rate']) + '%', es(g['vat']), rate_text(g['surcharge']) + '%', es(g['re'])]):
            v.text(x, y, val, 3, align='R')
    y += 14
    v.text(150, y, 'Total base imposable', 3, align='R'); v.text(188, y, es(t.subtotal), 3, align='R'); y += 5.5
    v.text(150, y, 'Total IVA', 3, align='R'); v.text(188, y, es(t.vat), 3, align='R'); y += 5.5
    v.text(150, y, "Total recàrrec d'equivalència", 3, align='R'); v.text(188, y, es(t.re), 3, align='R'); y += 8
    v.text(150, y, 'TOTAL FACTURA', 4, True, 'R', color=wine); v.text(188, y, es(t.total) + ' €', 4, True, 'R', color=wine)
    v.text(20, 280, 'Inscrita al Registre de Cooperatives de Catalunya, full 4.118. Pagament per rebut domiciliat.', 2.6, italic=True, color='#555')
    v.save(out)


def limpieza(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    v = Svg()
    blue = '#0b6e99'
    v.rect(0, 0, 44, 297, fill='#eaf4f8')
    v.text(8, 30, 'Getxo', 6, True, color=blue); v.text(8, 37, 'Garbi', 6, True, color=blue)
    for k, a in enumerate(['Limpiezas Integrales', 'Getxo Garbi, S.L.', '', *s['address'], '', f"Tel. {s['phone']}", '', 'C.I.F.', s['nif'], '', 'Certificado', 'ISO 9001 / 14001']):
        v.text(8, 50 + k * 4.4, a, 2.7)
    # window-envelope position: the customer at 110 mm from the left, 45 mm from the top
    for k, a in enumerate([c['name'], 'Dpto. de Administración', *c['address']]):
        v.text(112, 50 + k * 5, a, 3.4, bold=k == 0)
    v.text(56, 100, f"Getxo, {i['date_text']}", 3.2)
    v.text(56, 112, f"FACTURA Nº {i['number']}", 4.2, True, color=blue)
    v.text(56, 118, f"N.I.F. cliente: {c['nif']}   ·   Contrato 2021/118", 3)
    y = 134
    v.line(56, y - 5, 196, y - 5, 0.4, blue)
    v.text(56, y, 'Concepto', 3, True); v.text(196, y, 'Importe', 3, True, 'R')
    v.line(56, y + 2, 196, y + 2, 0.2); y += 9
    for l in i['lines']:
        v.text(56, y, l.desc, 3.1); v.text(196, y, es(l.net), 3.1, align='R'); y += 7
    y += 10
    g = t.groups[0]
    for k, val in [('Base imponible', es(t.subtotal)), (f"I.V.A. ({rate_text(g['rate'])}%)", es(t.vat))]:
        v.text(150, y, k, 3.1, align='R'); v.text(196, y, val, 3.1, align='R'); y += 6
    v.line(120, y - 2, 196, y - 2, 0.4, blue)
    v.text(150, y + 4, 'Total factura', 4, True, 'R'); v.text(196, y + 4, es(t.total) + ' €', 4, True, 'R')
    v.text(56, 270, 'Forma de pago: recibo domiciliado el día 10 del mes siguiente.', 2.8)
    v.text(56, 274.5, 'Registro Mercantil de Bizkaia, tomo 5.102, folio 44, hoja BI-58.013.', 2.8)
    v.save(out)


def carpinteria(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    v = Svg()
    brown = '#5d4037'
    v.raw(f'<polygon points="14,14 34,14 24,30" fill="{brown}"/>')
    v.text(40, 21, 'Carpintería · Ebanistería', 4.8, font='DejaVu Serif', color=brown)
    v.text(40, 28, 'GOIKOETXEA', 6.5, True, font='DejaVu Serif', color=brown, spacing=1.5)
    v.text(14, 40, f"{s['name']} — {s['address'][0]}, {s['address'][1]} — Tel. {s['phone']} — NIF {s['nif']}", 2.7)
    v.rect(14, 48, 90, 26, stroke=brown, sw=0.3)
    v.text(17, 54, 'Nº factura', 2.7, color='#777'); v.text(17, 59.5, i['number'], 3.6, True)
    v.text(60, 54, 'Fecha', 2.7, color='#777'); v.text(60, 59.5, i['date_text'], 3.6, True)
    v.text(17, 67, 'Presupuesto aceptado P-26-031', 2.8)
    v.text(118, 52, 'Cliente', 2.7, color='#777')
    for k, a in enumerate([c['name'], *c['address'], f"NIF: {c['nif']}"]):
        v.text(118, 58 + k * 4.6, a, 3.1, bold=k == 0)
    y = 90
    v.rect(14, y - 5, 182, 7, fill='#efebe9')
    for x, h, a in [(16, 'Descripción del trabajo', 'L'), (132, 'Cantidad', 'R'), (160, 'P. unitario', 'R'), (194, 'Importe', 'R')]:
        v.text(x, y, h, 3, True, a)
    y += 9
    for l in i['lines']:
        v.text(16, y, l.desc, 3.1); v.text(132, y, f'{l.qty.normalize():f}', 3.1, align='R'); v.text(160, y, es(l.price), 3.1, align='R'); v.text(194, y, es(l.net), 3.1, align='R')
        y += 7
    y += 10
    g = t.groups[0]
    rows = [('Base imponible', es(t.subtotal), False), (f"IVA {rate_text(g['rate'])} %", es(t.vat), False), ('TOTAL FACTURA', es(t.total) + ' €', True),
            ('Entregado a cuenta (15/04/2026)', '-' + es(i['advance']), False), ('PENDIENTE DE PAGO', es(t.total - __import__('decimal').Decimal(i['advance'])) + ' €', True)]
    for k, val, b in rows:
        v.text(160, y, k, 3.4 if b else 3.1, b, 'R'); v.text(194, y, val, 3.4 if b else 3.1, b, 'R'); y += 6.5
    v.text(14, 262, 'Garantía de 2 años en mano de obra. Madera con certificado FSC.', 2.8, italic=True)
    v.text(14, 267, 'Pago del pendiente: transferencia a ES07 3035 0051 1105 1001 2345 (Laboral Kutxa).', 2.8)
    v.save(out)


def ticket_libreria(i, out):
    s, t = i['supplier'], i['totals']
    v = Svg(76, 128)
    mono = 'DejaVu Sans Mono'
    rows = [(38, 'C', 'LIBRERÍA · PAPELERÍA', True), (38, 'C', 'ZUBIZARRETA', True), (38, 'C', s['name'], False), (38, 'C', s['address'][0] + ' · ' + s['address'][1], False),
            (38, 'C', f"NIF {s['nif']}", False), (0, 'L', '', False), (38, 'C', 'FACTURA SIMPLIFICADA', True), (4, 'L', f"Ticket: {i['number']}", False),
            (4, 'L', f"Fecha: {i['date_text']}   Hora: 11:06", False), (4, 'L', 'Atendido por: MAITE', False), (4, 'L', '=' * 38, False)]
    for l in i['lines']:
        rows.append((4, 'L', l.desc[:36], False))
        rows.append((72, 'R', f"{l.qty.normalize():f} x {es(l.price)} = {es(l.net)}  {rate_text(l.rate)}%", False))
    rows += [(4, 'L', '=' * 38, False), (4, 'L', f"TOTAL A PAGAR {es(t.total):>22}", True), (4, 'L', '', False),
             (4, 'L', ' TIPO   BASE IMPONIBLE   CUOTA IVA', False)]
    for g in t.groups:
        rows.append((4, 'L', f" {rate_text(g['rate']):>3}% {es(g['base']):>15} {es(g['vat']):>11}", False))
    rows += [(4, 'L', '', False), (4, 'L', 'Efectivo          120,00', False), (4, 'L', f"Cambio            {es(120 - t.total)}", False),
             (0, 'L', '', False), (38, 'C', 'IVA incluido. Gracias por su compra.', False)]
    y = 8
    for x, a, txt, b in rows:
        if txt:
            v.text(x, y, txt, 2.55, b, a, font=mono)
        y += 3.9
    v.save(out)


def agua(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    v = Svg()
    teal = '#00838f'
    v.raw(f'<path d="M24 12 C18 22 14 27 14 32 A10 10 0 0 0 34 32 C34 27 30 22 24 12 Z" fill="{teal}"/>')
    v.text(40, 26, 'txorierri', 9, True, color=teal); v.text(40, 32, 'ur partzuergoa · aguas', 3, color=teal)
    v.rect(120, 12, 76, 30, fill='#e0f2f1', rx=2)
    for k, (a, b) in enumerate([('Nº factura', i['number']), ('Fecha emisión', i['date_text']), ('Periodo', '10/11/2025 - 09/01/2026'), ('Póliza', '0093471-01')]):
        v.text(123, 19 + k * 6, a, 2.8, color='#555'); v.text(193, 19 + k * 6, b, 3.1, True, 'R')
    v.text(14, 52, 'Titular del contrato', 2.8, color='#555')
    for k, a in enumerate([c['name'], *c['address'], f"NIF {c['nif']}"]):
        v.text(14, 58 + k * 4.6, a, 3.2, bold=k == 0)
    v.text(120, 52, 'Lecturas', 2.8, True, color=teal)
    for k, (a, b) in enumerate([('Lectura anterior (10/11/2025)', '4.118 m³'), ('Lectura actual (09/01/2026)', '4.205 m³'), ('Consumo del periodo', '87 m³')]):
        v.text(120, 58 + k * 5, a, 3); v.text(196, 58 + k * 5, b, 3, align='R')
    y = 90
    v.rect(14, y - 5, 182, 7, fill=teal)
    for x, h, a in [(16, 'Concepto', 'L'), (120, 'Cantidad', 'R'), (146, 'Precio', 'R'), (162, 'IVA', 'R'), (194, 'Importe €', 'R')]:
        v.text(x, y, h, 3, True, a, color='#fff')
    y += 8
    for l in i['lines']:
        v.text(16, y, l.desc, 3.1); v.text(120, y, f'{l.qty.normalize():f}', 3.1, align='R')
        v.text(146, y, f'{l.price:.4f}'.replace('.', ',') if l.price.as_tuple().exponent < -2 else es(l.price), 3.1, align='R')
        v.text(162, y, rate_text(l.rate) + '%', 3.1, align='R'); v.text(194, y, es(l.net), 3.1, align='R'); y += 6.5
    y += 8
    for g in t.groups:
        v.text(150, y, f"Base imponible IVA {rate_text(g['rate'])}%", 3.1, align='R'); v.text(194, y, es(g['base']), 3.1, align='R'); y += 5.5
        v.text(150, y, f"Cuota IVA {rate_text(g['rate'])}%", 3.1, align='R'); v.text(194, y, es(g['vat']), 3.1, align='R'); y += 6.5
    v.rect(110, y - 3, 86, 11, fill=teal, rx=2)
    v.text(114, y + 4.5, 'IMPORTE TOTAL', 3.8, True, color='#fff'); v.text(192, y + 4.5, es(t.total) + ' €', 4.2, True, 'R', color='#fff')
    v.text(14, y + 24, 'Se cargará en su cuenta ES** **** **** **** **** 4471 a partir del 30/01/2026.', 3)
    v.line(14, 276, 196, 276, 0.2, teal)
    v.text(105, 281, f"{s['name']} · {s['address'][0]} · {s['address'][1]} · C.I.F. {s['nif']} · Averías 24 h 900 300 480", 2.6, align='C', color='#555')
    v.save(out)


LAYOUTS = {'sv-floristeria': floristeria, 'sv-celler-recarrec': celler, 'sv-limpieza-ventana': limpieza,
           'sv-carpinteria-anticipo': carpinteria, 'sv-ticket-libreria': ticket_libreria, 'sv-agua-suministro': agua}
