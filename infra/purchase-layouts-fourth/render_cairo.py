"""pycairo layouts (Cairo's PDF surface, text drawn with the toy font API): ca-* ."""
import cairo
from model import es, rate_text

MM = 72 / 25.4


class Page:
    def __init__(self, out, w_mm=210, h_mm=297):
        self.surface = cairo.PDFSurface(out, w_mm * MM, h_mm * MM)
        self.surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, '2026-01-01T00:00:00Z')
        self.cr = cairo.Context(self.surface)
        self.cr.scale(MM, MM)
        self.w, self.h = w_mm, h_mm

    def text(self, x, y, s, size=3.2, bold=False, align='L', font='DejaVu Sans', color=(0, 0, 0), italic=False):
        cr = self.cr
        cr.select_font_face(font, cairo.FONT_SLANT_ITALIC if italic else cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
        cr.set_font_size(size); cr.set_source_rgb(*color)
        width = cr.text_extents(s).x_advance
        dx = {'L': 0, 'R': -width, 'C': -width / 2}[align]
        cr.move_to(x + dx, y); cr.show_text(s)
        return width

    def rect(self, x, y, w, h, fill=None, stroke=None, lw=0.25):
        cr = self.cr; cr.rectangle(x, y, w, h)
        if fill:
            cr.set_source_rgb(*fill); cr.fill_preserve() if stroke else cr.fill()
        if stroke:
            cr.set_source_rgb(*stroke); cr.set_line_width(lw); cr.stroke()

    def line(self, x1, y1, x2, y2, lw=0.25, color=(0, 0, 0), dash=None):
        cr = self.cr; cr.set_source_rgb(*color); cr.set_line_width(lw)
        cr.set_dash(dash or []); cr.move_to(x1, y1); cr.line_to(x2, y2); cr.stroke(); cr.set_dash([])

    def next_page(self):
        self.cr.show_page()

    def close(self):
        self.surface.finish()


def saas(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    p = Page(out)
    d = lambda v: es(v, thousands='', decimal='.')
    accent = (0.36, 0.2, 0.75)
    p.text(18, 24, 'nubeflow', 9, True, color=accent)
    p.text(192, 20, 'Factura', 5, True, 'R')
    p.text(192, 26, i['number'], 3.2, align='R', color=(0.4, 0.4, 0.4))
    p.rect(18, 36, 174, 26, fill=(0.95, 0.94, 0.99))
    p.text(24, 45, 'Importe total', 3.2, color=(0.4, 0.4, 0.4))
    p.text(24, 56, f'{d(t.total)} EUR', 9, True)
    p.text(110, 45, 'Fecha de emisión', 3, color=(0.4, 0.4, 0.4)); p.text(110, 51, i['date_text'], 3.4)
    p.text(150, 45, 'Vencimiento', 3, color=(0.4, 0.4, 0.4)); p.text(150, 51, 'Pagada (tarjeta)', 3.4)
    y = 76
    p.text(18, y, 'DE', 2.6, True, color=(0.5, 0.5, 0.5)); p.text(110, y, 'FACTURAR A', 2.6, True, color=(0.5, 0.5, 0.5))
    for k, (a, b) in enumerate(zip([s['name'], *s['address'], f"NIF {s['nif']}", s['email']], [c['name'], *c['address'], f"NIF {c['nif']}", ''])):
        p.text(18, y + 6 + k * 4.6, a, 3.1, bold=k == 0); p.text(110, y + 6 + k * 4.6, b, 3.1, bold=k == 0)
    y = 116
    p.text(18, y, 'Descripción', 2.8, True, color=(0.4, 0.4, 0.4)); p.text(128, y, 'Cant.', 2.8, True, 'R', color=(0.4, 0.4, 0.4))
    p.text(154, y, 'Precio unit.', 2.8, True, 'R', color=(0.4, 0.4, 0.4)); p.text(192, y, 'Importe (EUR)', 2.8, True, 'R', color=(0.4, 0.4, 0.4))
    p.line(18, y + 2.5, 192, y + 2.5, 0.3)
    y += 9
    for l in i['lines']:
        p.text(18, y, l.desc, 3.1); p.text(128, y, f'{l.qty.normalize():f}', 3.1, align='R')
        p.text(154, y, d(l.price), 3.1, align='R'); p.text(192, y, d(l.net), 3.1, align='R')
        p.line(18, y + 3, 192, y + 3, 0.1, (0.8, 0.8, 0.8)); y += 8
    y += 6
    for k, v, b in [('Subtotal', d(t.subtotal), False), (f"IVA ({rate_text(t.groups[0]['rate'])}%)", d(t.vat), False), ('Total', d(t.total) + ' EUR', True), ('Importe pagado', d(t.total) + ' EUR', False), ('Importe pendiente', '0.00 EUR', False)]:
        p.text(130, y, k, 3.2, b); p.text(192, y, v, 3.2, b, 'R'); y += 6
    p.text(18, 270, 'Nubeflow Software, S.L. · Inscrita en el Registro Mercantil de Madrid, tomo 41.207, folio 15, hoja M-730.118.', 2.5, color=(0.5, 0.5, 0.5))
    p.text(18, 274, '¿Preguntas? Escríbenos a billing@nubeflow.es · Cargo realizado en la tarjeta terminada en 2290.', 2.5, color=(0.5, 0.5, 0.5))
    p.close()


def mensajeria(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    p = Page(out)
    lines = i['lines']
    pages = [lines[:22], lines[22:]]
    for n, chunk in enumerate(pages, 1):
        p.rect(0, 0, 210, 20, fill=(0.98, 0.78, 0.1))
        p.text(14, 13, 'UPN', 9, True); p.text(38, 13, 'urgencias paquetería norte', 4)
        p.text(196, 9, f'FACTURA {i["number"]}', 3.4, True, 'R'); p.text(196, 15, f'Pág. {n}/2', 3, align='R')
        y = 30
        if n == 1:
            p.text(14, y, s['name'], 3.4, True)
            for k, a in enumerate([*s['address'], f"CIF {s['nif']} · Atención al cliente {s['phone']}"]):
                p.text(14, y + 5 + k * 4.2, a, 2.9)
            p.rect(118, y - 5, 78, 30, stroke=(0, 0, 0))
            p.text(121, y, 'Cliente nº 48-22917', 2.8, color=(0.4, 0.4, 0.4))
            for k, a in enumerate([c['name'], *c['address'], f"NIF {c['nif']}"]):
                p.text(121, y + 5 + k * 4.6, a, 3.1, bold=k == 0)
            y = 66
            p.text(14, y, f'Fecha factura: {i["date_text"]}', 3.2); p.text(80, y, 'Periodo: 01/01/2026 - 31/01/2026', 3.2); p.text(150, y, 'Vto.: 28/02/2026', 3.2)
            y = 78
        cols = [(14, 'Fecha · Envío · Destino', 'L'), (150, 'Kg', 'R'), (170, 'Tipo IVA', 'R'), (196, 'Importe', 'R')]
        for x, h, a in cols:
            p.text(x, y, h, 2.9, True, a)
        p.line(14, y + 2, 196, y + 2, 0.4); y += 7
        for l in chunk:
            p.text(14, y, l.desc, 3); p.text(150, y, l.extra['kg'], 3, align='R')
            p.text(170, y, 'Exento' if l.rate == 0 else rate_text(l.rate) + ' %', 3, align='R'); p.text(196, y, es(l.net), 3, align='R')
            y += 5.6
        if n == 1:
            p.text(196, 285, 'Suma y sigue en página 2', 2.8, italic=True, align='R')
            p.next_page()
    y += 6
    p.line(100, y, 196, y, 0.4); y += 7
    for g in t.groups:
        label = 'Base exenta (art. 21 LIVA, envíos a Canarias)' if g['rate'] == 0 else f"Base imponible {rate_text(g['rate'])} %"
        p.text(100, y, label, 3.1); p.text(196, y, es(g['base']), 3.1, align='R'); y += 5.5
        if g['rate']:
            p.text(100, y, f"IVA {rate_text(g['rate'])} %", 3.1); p.text(196, y, es(g['vat']), 3.1, align='R'); y += 5.5
    p.text(100, y + 3, 'TOTAL FACTURA', 4, True); p.text(196, y + 3, es(t.total) + ' €', 4, True, 'R')
    p.text(14, 280, 'Domiciliación SEPA: ES76 0049 1500 0512 3456 7892 · Ref. mandato UPN-48-22917', 2.6, color=(0.3, 0.3, 0.3))
    p.close()


def prevencion(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    p = Page(out)
    green = (0.1, 0.45, 0.35)
    p.cr.set_source_rgb(*green); p.cr.arc(24, 24, 8, 0, 6.283); p.cr.fill()
    p.text(24, 26.5, 'PLC', 3.4, True, 'C', color=(1, 1, 1))
    p.text(36, 21, s['name'], 5, True, font='DejaVu Serif', color=green)
    p.text(36, 27, f"Servicio de Prevención Ajeno acreditado · {s['address'][0]}, {s['address'][1]}", 2.8)
    p.text(36, 31, f"C.I.F.: {s['nif']} · Tel. {s['phone']}", 2.8)
    p.line(14, 38, 196, 38, 0.6, green)
    p.text(14, 50, 'EMPRESA CLIENTE', 2.6, True, color=green)
    for k, a in enumerate([c['name'], *c['address'], f"C.I.F.: {c['nif']}", 'Centro de trabajo: Zamudio · 23 trabajadores']):
        p.text(14, 56 + k * 4.6, a, 3.2)
    p.text(130, 50, 'FACTURA', 2.6, True, color=green)
    p.text(130, 56, f"Nº {i['number']}", 3.8, True)
    p.text(130, 62, i['date_text'], 3.2)
    p.text(130, 68, 'Contrato SP-2019-0417', 3.0)
    y = 92
    p.rect(14, y - 5, 182, 7, fill=(0.9, 0.95, 0.93))
    for x, h, a in [(16, 'Concepto', 'L'), (140, 'Uds.', 'R'), (162, 'Precio', 'R'), (194, 'Importe', 'R')]:
        p.text(x, y, h, 3, True, a)
    y += 8
    for l in i['lines']:
        p.text(16, y, l.desc, 3.05); p.text(140, y, f'{l.qty.normalize():f}', 3.05, align='R')
        p.text(162, y, es(l.price), 3.05, align='R'); p.text(194, y, es(l.net), 3.05, align='R')
        p.text(16, y + 4, 'Exento de IVA (art. 20.Uno.3º Ley 37/1992)' if l.rate == 0 else f'IVA {rate_text(l.rate)} %', 2.5, italic=True, color=(0.35, 0.35, 0.35))
        y += 11
    y += 4
    p.text(60, y, 'Tipo', 3, True, 'R'); p.text(100, y, 'Base', 3, True, 'R'); p.text(135, y, 'Cuota', 3, True, 'R')
    p.line(40, y + 2, 140, y + 2)
    for g in t.groups:
        y += 6
        p.text(60, y, 'Exento' if g['rate'] == 0 else f"{rate_text(g['rate'])} %", 3.1, align='R'); p.text(100, y, es(g['base']), 3.1, align='R'); p.text(135, y, es(g['vat']), 3.1, align='R')
    y += 12
    p.text(140, y, 'Total', 4.2, True, 'R'); p.text(194, y, es(t.total) + ' €', 4.2, True, 'R')
    p.text(14, 278, 'Acreditación de la Autoridad Laboral nº SPA-39/021. Pago por transferencia a 30 días fecha factura.', 2.6)
    p.close()


def gestoria(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    p = Page(out)
    p.text(105, 22, s['name'].upper(), 4.6, True, 'C', font='DejaVu Serif')
    p.text(105, 28, f"{s['address'][0]} · {s['address'][1]} · Tel. {s['phone']}", 2.9, align='C', font='DejaVu Serif')
    p.text(105, 32.5, f"NIF {s['nif']} · Colegio Oficial de Gestores Administrativos del País Vasco nº 1.187", 2.9, align='C', font='DejaVu Serif')
    p.line(30, 36, 180, 36, 0.2); p.line(30, 37, 180, 37, 0.2)
    p.text(20, 52, f"Bilbao, {i['date_text']}", 3.2, font='DejaVu Serif')
    for k, a in enumerate([c['name'], *c['address'], f"NIF {c['nif']}"]):
        p.text(120, 52 + k * 4.8, a, 3.2, font='DejaVu Serif')
    p.text(20, 82, f"Factura número:  {i['number']}", 3.6, True, font='DejaVu Serif')
    y = 96
    p.text(20, y, 'HONORARIOS', 3.1, True, font='DejaVu Serif'); y += 7
    for l in i['lines']:
        p.text(24, y, l.desc + (f"  ({l.qty.normalize():f} x {es(l.price)})" if l.qty != 1 else ''), 3.1, font='DejaVu Serif')
        p.text(190, y, es(l.net), 3.1, align='R', font='DejaVu Serif'); y += 5.6
    p.line(150, y - 2, 190, y - 2)
    y += 3
    rows = [('Total honorarios (base imponible)', es(t.subtotal)), (f"I.V.A. {rate_text(t.groups[0]['rate'])} %", es(t.vat)),
            (f"Retención I.R.P.F. {rate_text(t.withholding_rate)} %", '-' + es(t.withholding))]
    for k, v in rows:
        p.text(100, y, k, 3.1, font='DejaVu Serif'); p.text(190, y, v, 3.1, align='R', font='DejaVu Serif'); y += 5.6
    y += 6
    p.text(20, y, 'SUPLIDOS (pagados por cuenta del cliente, no sujetos a IVA)', 3.1, True, font='DejaVu Serif'); y += 7
    for k, v in i['suplidos']:
        p.text(24, y, k, 3.1, font='DejaVu Serif'); p.text(190, y, es(v), 3.1, align='R', font='DejaVu Serif'); y += 5.6
    p.text(100, y + 1, 'Total suplidos', 3.1, font='DejaVu Serif'); p.text(190, y + 1, es(t.outside), 3.1, align='R', font='DejaVu Serif')
    y += 12
    p.rect(96, y - 6, 98, 10, stroke=(0, 0, 0), lw=0.4)
    p.text(100, y, 'IMPORTE A PAGAR', 3.8, True, font='DejaVu Serif'); p.text(190, y, es(t.total) + ' euros', 3.8, True, 'R', font='DejaVu Serif')
    p.text(20, 272, 'Cargo en cuenta según mandato. Los suplidos se justifican con los documentos de pago adjuntos (art. 78.Tres.3º LIVA).', 2.7, font='DejaVu Serif')
    p.close()


def peaje(i, out):
    s, t = i['supplier'], i['totals']
    p = Page(out, 70, 110)
    mono = 'DejaVu Sans Mono'
    g = t.groups[0]
    rows = [('AUTOPISTAS DEL CANTÁBRICO', True, 'C'), ('CONCESIONARIA, S.A.', True, 'C'), ('', False, 'L'),
            (s['address'][0].upper(), False, 'C'), ('', False, 'L'),
            ('FACTURA SIMPLIFICADA', True, 'C'), (f"N.: {i['number']}", False, 'L'), (f"FECHA: {i['date_text']}", False, 'L'),
            ('ENTRADA: UGALDEBIETA', False, 'L'), ('SALIDA : CASTRO URDIALES', False, 'L'), ('CATEGORIA: LIGEROS', False, 'L'), ('', False, 'L'),
            (f"IMPORTE:        {es(t.total)} EUR", True, 'L'), (f"BASE IMPONIBLE:  {es(g['base'])}", False, 'L'), (f"IVA {rate_text(g['rate'])}%:          {es(g['vat'])}", False, 'L'),
            ('', False, 'L'), ('PAGO: TARJETA ****8830', False, 'L'), ('', False, 'L'), (f"C.I.F. {s['nif']}", False, 'C'), ('GRACIAS - BUEN VIAJE', False, 'C')]
    y = 10
    for txt, b, a in rows:
        p.text({'C': 35, 'L': 6}[a], y, txt, 2.7, b, a, font=mono); y += 4.2
    p.close()


def maquinaria(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    p = Page(out)
    orange = (0.9, 0.45, 0.05)
    p.rect(14, 14, 6, 30, fill=orange)
    p.text(24, 22, 'ALQUILERES', 5, True, font='DejaVu Sans Condensed'); p.text(24, 29, 'MAQUINARIA EBRO', 5, True, font='DejaVu Sans Condensed', color=orange)
    p.text(24, 36, f"{s['name']} · CIF {s['nif']}", 2.8); p.text(24, 40, f"{s['address'][0]} · {s['address'][1]} · {s['phone']}", 2.8)
    p.text(196, 22, 'FACTURA DE ALQUILER', 3.6, True, 'R')
    p.text(196, 29, f"Nº {i['number']}", 3.4, align='R'); p.text(196, 35, f"Fecha: {i['date_text']}", 3.2, align='R')
    p.text(196, 41, 'Contrato 26-C-0912 · Obra: Zamudio', 2.8, align='R')
    p.rect(14, 52, 182, 22, stroke=(0.5, 0.5, 0.5))
    p.text(18, 58, 'Arrendatario', 2.6, color=(0.4, 0.4, 0.4))
    p.text(18, 64, c['name'], 3.4, True); p.text(18, 69, f"{c['address'][0]}, {c['address'][1]} · NIF {c['nif']}", 3)
    y = 86
    for x, h, a in [(14, 'Equipo / servicio', 'L'), (126, 'Días/ud.', 'R'), (154, 'Tarifa', 'R'), (196, 'Importe', 'R')]:
        p.text(x, y, h, 3, True, a, color=orange)
    p.line(14, y + 2, 196, y + 2, 0.5, orange); y += 8
    for l in i['lines']:
        p.text(14, y, l.desc, 3.1); p.text(126, y, f'{l.qty.normalize():f}', 3.1, align='R')
        p.text(154, y, es(l.price), 3.1, align='R'); p.text(196, y, es(l.net), 3.1, align='R'); y += 6
    y += 8
    rows = [('Base imponible', es(t.subtotal)), (f"IVA {rate_text(t.groups[0]['rate'])} %", es(t.vat)),
            ('Total alquiler', es(t.subtotal + t.vat)), ('Fianza (no sujeta, se devuelve al retorno de los equipos)', es(t.outside))]
    for k, v in rows:
        p.text(186 - 80, y, k, 3, align='R' if False else 'L') if False else p.text(96, y, k, 3); p.text(196, y, v, 3.1, align='R'); y += 6
    p.line(96, y - 2, 196, y - 2, 0.4)
    p.text(96, y + 4, 'TOTAL A PAGAR', 4, True); p.text(196, y + 4, es(t.total) + ' €', 4, True, 'R')
    p.text(14, 276, 'Periodo de alquiler: 10/08/2026 al 19/08/2026. Pago al contado a la firma del contrato.', 2.7)
    p.close()


LAYOUTS = {'ca-saas-suscripcion': saas, 'ca-mensajeria-envios': mensajeria, 'ca-prevencion-exenta': prevencion,
           'ca-gestoria-suplidos': gestoria, 'ca-peaje-ticket': peaje, 'ca-alquiler-maquinaria': maquinaria}
