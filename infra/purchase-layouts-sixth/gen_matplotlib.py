"""matplotlib layouts (mp-*): each page drawn on a figure in millimetres and saved by matplotlib's PDF backend
(TrueType fonts embedded, fonttype 42)."""
import os

import matplotlib
matplotlib.use('pdf')
import matplotlib.pyplot as plt
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle, FancyBboxPatch

from model import D, fmt, pct, amount_words

matplotlib.rcParams['pdf.fonttype'] = 42
os.environ.setdefault('SOURCE_DATE_EPOCH', '1780000000')


class Page:
    def __init__(self, w=210, h=297, font='DejaVu Sans'):
        self.w, self.h = w, h
        self.fig = plt.figure(figsize=(w / 25.4, h / 25.4))
        self.font = font

    def t(self, x, y, s, size=9, ha='left', weight='normal', font=None, color='black', style='normal', va='baseline'):
        self.fig.text(x / self.w, 1 - y / self.h, s, fontsize=size, ha=ha, va=va, fontweight=weight,
                      family=font or self.font, color=color, fontstyle=style)

    def line(self, x0, y0, x1, y1, lw=0.6, color='black'):
        self.fig.add_artist(Line2D([x0 / self.w, x1 / self.w], [1 - y0 / self.h, 1 - y1 / self.h], lw=lw, color=color))

    def box(self, x, y, w, h, fill='none', edge='black', lw=0.6, round_=False):
        xy = (x / self.w, 1 - (y + h) / self.h)
        if round_:
            p = FancyBboxPatch(xy, w / self.w, h / self.h, boxstyle='round,pad=0.004', fc=fill, ec=edge, lw=lw,
                               transform=self.fig.transFigure)
        else:
            p = Rectangle(xy, w / self.w, h / self.h, fc=fill, ec=edge, lw=lw, transform=self.fig.transFigure)
        self.fig.add_artist(p)

    def save(self, path):
        self.fig.savefig(path, format='pdf', metadata={'Creator': 'matplotlib', 'Title': 'Factura'})
        plt.close(self.fig)


def qty(x):
    x = D(x)
    return str(int(x)) if x == x.to_integral() else str(x.normalize()).replace('.', ',')


def table(p, x_cols, y, heads, rows, size=8.5, step=5.2, aligns=None, head_weight='bold', rule=True):
    """Columns at x positions (right edge for 'right' aligned); returns the y after the last row."""
    aligns = aligns or ['left'] + ['right'] * (len(heads) - 1)
    for x, h, a in zip(x_cols, heads, aligns):
        p.t(x, y, h, size, ha=a, weight=head_weight)
    if rule:
        p.line(x_cols[0], y + 1.8, x_cols[-1] if aligns[-1] == 'right' else 195, y + 1.8)
    y += step + 1
    for r in rows:
        for x, v, a in zip(x_cols, r, aligns):
            p.t(x, y, v, size, ha=a)
        y += step
    return y


def climatizacion(inv, path):
    s, c = inv.supplier, inv.customer
    p = Page(font='Liberation Sans')
    p.t(18, 30, 'KLIMAX', 40, weight='bold', color='#0b5394', font='DejaVu Sans')
    p.t(19, 37, 'frío · calor · aire limpio', 10, color='#0b5394', style='italic')
    p.box(120, 16, 72, 26, round_=True)
    p.t(124, 23, 'Nº factura', 8, color='#555555'); p.t(188, 23, inv.number, 10, ha='right', weight='bold')
    p.t(124, 30, 'Fecha', 8, color='#555555'); p.t(188, 30, inv.date_text, 10, ha='right')
    p.t(124, 37, 'Vencimiento', 8, color='#555555'); p.t(188, 37, '19/03/2026', 10, ha='right')
    p.t(18, 58, 'Facturar a:', 8, color='#555555')
    for i, l in enumerate([c['name'], c['addr'][0], c['addr'][1], 'CIF ' + c['tax']]):
        p.t(18, 64 + i * 5, l, 10)
    p.t(120, 58, 'Contrato de mantenimiento', 8, color='#555555'); p.t(120, 64, 'CM-0388 · Nave 14 · 3 equipos', 10)
    rows = [[l.desc, qty(l.qty), fmt(l.price), fmt(l.amount)] for l in inv.lines]
    p.box(18, 92, 174, 7, fill='#0b5394', edge='none')
    y = 97
    for x, h, a in zip([20, 140, 162, 190], ['Descripción', 'Cant.', 'Precio', 'Importe'], ['left', 'right', 'right', 'right']):
        p.t(x, y, h, 9, ha=a, color='white', weight='bold')
    y = 106
    for r in rows:
        for x, v, a in zip([20, 140, 162, 190], r, ['left', 'right', 'right', 'right']):
            p.t(x, y, v, 9, ha=a)
        p.line(18, y + 2, 192, y + 2, lw=0.3, color='#999999')
        y += 7
    r = inv.rows[0]
    y += 6
    for cap, v, bold in [('Base imponible', fmt(inv.subtotal), False), (f'IVA {pct(r["rate"])}%', fmt(r['vat']), False),
                         ('TOTAL €', fmt(inv.total), True)]:
        p.t(150, y, cap, 10, ha='right', weight='bold' if bold else 'normal')
        p.t(190, y, v, 11 if bold else 10, ha='right', weight='bold' if bold else 'normal')
        y += 7
    p.t(18, 250, 'Pago por domiciliación SEPA. Gracias por confiar en KLIMAX.', 9)
    p.line(18, 276, 192, 276, lw=0.3)
    p.t(105, 281, f"{s['name']} · CIF {s['tax']} · {s['addr'][0]}, {s['addr'][1]} · Inscrita en el Registro Mercantil de Zaragoza, tomo 4.418, folio 102, hoja Z-71230",
        5.5, ha='center', color='#444444')
    p.save(path)


def ticket_cafeteria(inv, path):
    s = inv.supplier
    h = 165
    p = Page(80, h, font='DejaVu Sans Mono')
    y = 10
    for l, size, w in [('LOS PORCHES', 13, 'bold'), ('cafetería · restaurante', 7, 'normal'), (s['name'], 6.5, 'normal'),
                       ('CIF ' + s['tax'], 6.5, 'normal'), (s['addr'][0], 6.5, 'normal'), (s['addr'][1], 6.5, 'normal')]:
        p.t(40, y, l, size, ha='center', weight=w)
        y += 4.5 if size < 10 else 6
    y += 3
    p.t(40, y, 'FACTURA SIMPLIFICADA', 8, ha='center', weight='bold'); y += 5
    p.t(5, y, f'Nº: {inv.number}', 7); y += 4
    p.t(5, y, f'Fecha: {inv.date_text}', 7); p.t(75, y, 'Mesa 12', 7, ha='right'); y += 4
    p.t(5, y, 'Camarero: ROSA', 7); y += 3
    p.t(40, y, '-' * 38, 7, ha='center'); y += 4
    p.t(5, y, 'UDS ARTICULO', 7); p.t(56, y, 'PVP', 7, ha='right'); p.t(75, y, 'IMPORTE', 7, ha='right'); y += 4
    for l in inv.lines:
        p.t(5, y, f'{qty(l.qty):>3} {l.desc.upper()}', 7); p.t(56, y, fmt(l.price), 7, ha='right'); p.t(75, y, fmt(l.amount), 7, ha='right')
        y += 4
    p.t(40, y, '-' * 38, 7, ha='center'); y += 6
    p.t(5, y, 'TOTAL', 11, weight='bold'); p.t(75, y, fmt(inv.total) + ' EUR', 11, ha='right', weight='bold'); y += 7
    p.t(5, y, 'Entregado efectivo', 7); p.t(75, y, '60,00', 7, ha='right'); y += 4
    p.t(5, y, 'Cambio', 7); p.t(75, y, fmt(D('60') - inv.total), 7, ha='right'); y += 6
    r = inv.rows[0]
    p.t(5, y, '%IVA  BASE IMP.   CUOTA', 7); y += 4
    p.t(5, y, f"{pct(r['rate']):>4}  {fmt(r['base']):>9}  {fmt(r['vat']):>6}", 7); y += 6
    p.t(40, y, 'IVA INCLUIDO · GRACIAS POR SU VISITA', 6.5, ha='center')
    p.save(path)


def aduanas(inv, path):
    s, c = inv.supplier, inv.customer
    p = Page(font='Liberation Serif')
    p.t(18, 22, 'CONSIGNACIONES Y ADUANAS DEL MEDITERRÁNEO', 13, weight='bold')
    p.t(18, 28, f"{s['name']} · C.I.F. {s['tax']} · {s['addr'][0]} · {s['addr'][1]}", 7.5)
    p.t(18, 32, 'Representante aduanero autorizado · OEA ES AEOF 0000 2271', 7.5)
    p.line(18, 35, 192, 35, lw=1.2)
    p.t(18, 46, 'FACTURA', 16, weight='bold')
    for i, (k, v) in enumerate([('Número', inv.number), ('Fecha', inv.date_text), ('Expediente', 'IMP-26-1187'),
                                ('Contenedor', 'MSKU 402118-6'), ('B/L', 'MAEU 26NGB0411729')]):
        p.t(18, 55 + i * 5, k + ':', 8.5); p.t(45, 55 + i * 5, v, 8.5, weight='bold' if i < 2 else 'normal')
    p.box(118, 42, 74, 34)
    for i, l in enumerate(['Cliente / Importador', c['name'], c['addr'][0], c['addr'][1], 'C.I.F. ' + c['tax'], 'EORI ES' + c['tax']]):
        p.t(121, 48 + i * 5, l, 8.5 if i else 7.5, weight='bold' if i == 1 else 'normal')
    p.t(18, 88, 'Datos del DUA de importación: 26ES00461110028733 · Origen: China (Ningbo) · Valor en aduana 8.166,34 EUR', 8)
    p.t(18, 93, 'Mercancía: 14 palés de cajas plegables de polipropileno (TARIC 3923 10 90 00)', 8)
    y = table(p, [18, 192], 104, ['Conceptos sujetos a IVA (honorarios)', 'Importe €'],
              [[l.desc, fmt(l.amount)] for l in inv.lines], size=8.5)
    r = inv.rows[0]
    y += 2
    p.line(120, y - 3, 192, y - 3, lw=0.3)
    p.t(150, y + 1, 'Base imponible', 8.5, ha='right'); p.t(192, y + 1, fmt(inv.subtotal), 8.5, ha='right'); y += 5
    p.t(150, y + 1, f'I.V.A. {pct(r["rate"])}%', 8.5, ha='right'); p.t(192, y + 1, fmt(r['vat']), 8.5, ha='right'); y += 12
    y = table(p, [18, 192], y, ['Suplidos (pagados por cuenta del cliente, art. 78.Tres.3º LIVA)', 'Importe €'],
              [[d, fmt(a)] for d, a in inv.suplidos], size=8.5)
    p.t(150, y + 1, 'Total suplidos', 8.5, ha='right'); p.t(192, y + 1, fmt(inv.suplidos_total), 8.5, ha='right')
    y += 14
    p.box(110, y - 6, 82, 10, fill='#eeeeee')
    p.t(114, y + 0.5, 'TOTAL A PAGAR', 11, weight='bold'); p.t(189, y + 0.5, fmt(inv.total) + ' €', 11, ha='right', weight='bold')
    p.t(18, 262, 'El IVA a la importación y los derechos figuran en la carta de pago del DUA, a nombre del importador.', 7.5)
    p.t(18, 266, 'Pago: transferencia inmediata. IBAN ES33 0081 0693 1100 0188 4410.', 7.5)
    p.save(path)


def limpieza(inv, path):
    s, c = inv.supplier, inv.customer
    p = Page(font='Liberation Sans')
    p.t(105, 24, 'FACTURA', 20, ha='center', weight='bold', color='#2a6f2a')
    left = ['CLIENTE', c['name'], c['addr'][0], c['addr'][1], 'CIF: ' + c['tax']]
    right = ['PROVEEDOR', s['name'], s['addr'][0], s['addr'][1], 'CIF: ' + s['tax']]
    for i, (a, b) in enumerate(zip(left, right)):
        p.t(18, 42 + i * 5.5, a, 9, weight='bold' if i == 0 else 'normal')
        p.t(112, 42 + i * 5.5, b, 9, weight='bold' if i == 0 else 'normal')
    p.t(18, 78, f'Factura: {inv.number}', 10, weight='bold'); p.t(112, 78, f'Fecha: {inv.date_text}', 10)
    rows = [[l.desc, qty(l.qty), fmt(l.price, 'sp'), fmt(l.amount, 'sp')] for l in inv.lines]
    y = table(p, [18, 140, 163, 192], 92, ['Servicio', 'Cantidad', 'Precio', 'Importe'], rows, size=9, step=6.5)
    r = inv.rows[0]
    p.line(18, y - 3, 192, y - 3, lw=0.3)
    y += 4
    for cap, v in [('Suma', fmt(inv.subtotal, 'sp')), (f'IVA {pct(r["rate"])} %', fmt(r['vat'], 'sp')), ('Total factura', fmt(inv.total, 'sp') + ' €')]:
        p.t(163, y, cap, 9.5, ha='right', weight='bold' if cap.startswith('Total') else 'normal')
        p.t(192, y, v, 9.5, ha='right', weight='bold' if cap.startswith('Total') else 'normal')
        y += 6
    p.t(18, 270, 'Forma de pago: recibo domiciliado a 30 días. Inscrita en el R.M. de Teruel.', 7.5)
    p.save(path)


def disenadora(inv, path):
    s, c = inv.supplier, inv.customer
    p = Page(font='DejaVu Sans')
    p.t(18, 28, 'giulia ferraresi', 22, color='#c2185b', font='DejaVu Serif', style='italic')
    p.t(18, 35, 'graphic & packaging design', 9, color='#777777')
    p.t(192, 24, 'INVOICE / FACTURA', 14, ha='right', weight='bold')
    p.t(192, 31, f'Invoice No. / Nº factura: {inv.number}', 9, ha='right')
    p.t(192, 36, f'Date / Fecha: {inv.date_text}', 9, ha='right')
    p.t(18, 52, 'From', 8, color='#777777'); p.t(110, 52, 'Bill to / Cliente', 8, color='#777777')
    for i, (a, b) in enumerate(zip([s['name'], 'NIE ' + s['tax'], s['addr'][0], s['addr'][1]],
                                    [c['name'], 'CIF ' + c['tax'], c['addr'][0], c['addr'][1]])):
        p.t(18, 58 + i * 5, a, 9); p.t(110, 58 + i * 5, b, 9)
    rows = [[l.desc, qty(l.qty), fmt(l.price), fmt(l.amount)] for l in inv.lines]
    y = table(p, [18, 140, 165, 192], 92, ['Description', 'Qty', 'Rate €', 'Amount €'], rows, size=9, step=6.5)
    r = inv.rows[0]
    y += 6
    for cap, v in [('Subtotal', fmt(inv.subtotal)), (f'VAT / IVA {pct(r["rate"])}%', fmt(r['vat'])),
                   (f'Withholding / Retención IRPF {pct(inv.irpf)}%', '-' + fmt(inv.irpf_amount)), ('Total due', fmt(inv.total) + ' €')]:
        big = cap.startswith('Total')
        p.t(165, y, cap, 10 if big else 9, ha='right', weight='bold' if big else 'normal')
        p.t(192, y, v, 10 if big else 9, ha='right', weight='bold' if big else 'normal')
        y += 6.5
    p.t(18, 255, 'Retención del 7 %: inicio de actividad profesional (art. 95 RIRPF).', 8)
    p.t(18, 260, 'Payment / Pago: IBAN ES07 0182 5322 4102 0163 9917 · 15 days', 8)
    p.save(path)


def distribuidor(inv, path):
    s, c = inv.supplier, inv.customer
    p = Page(font='Liberation Sans')
    p.t(18, 22, 'CIERZO', 26, weight='bold', color='#8b0000')
    p.t(18, 28, 'distribución alimentaria', 8.5, color='#8b0000')
    for i, l in enumerate([s['name'], s['addr'][0] + ' · ' + s['addr'][1], 'C.I.F. ' + s['tax'] + ' · Tel. 976 470 122']):
        p.t(80, 17 + i * 4.5, l, 8)
    p.box(18, 38, 80, 14)
    p.t(21, 43, f'Fac. nº {inv.number}', 10, weight='bold'); p.t(21, 49, f'Fecha factura: {inv.date_text}', 9)
    p.box(112, 38, 80, 24)
    for i, l in enumerate([c['name'], 'Comedor de empresa', c['addr'][0], c['addr'][1], 'C.I.F. ' + c['tax']]):
        p.t(115, 43 + i * 4.3, l, 8.5)
    rows = [[l.desc, qty(l.qty), fmt(l.price), pct(l.rate), fmt(l.amount)] for l in inv.lines]
    y = table(p, [18, 128, 150, 168, 192], 72, ['Artículo', 'Cant.', 'Precio', '% IVA', 'Importe'], rows, size=8.5, step=5.5)
    rs = sorted(inv.rows, key=lambda r: r['rate'])
    y += 8
    xs = [118, 142, 166, 192]
    p.t(18, y, '', 8)
    for x, r in zip(xs, rs):
        p.t(x, y, f'IVA {pct(r["rate"])} %', 8.5, ha='right', weight='bold')
    p.t(192, y, '', 8)
    p.line(60, y + 1.8, 192, y + 1.8, lw=0.4)
    for i, (cap, key) in enumerate([('Base imponible', 'base'), ('% IVA', 'rate'), ('Cuota IVA', 'vat'), ('Total', 'tot')]):
        yy = y + 7 + i * 5.5
        p.t(60, yy, cap, 8.5)
        for x, r in zip(xs, rs):
            v = pct(r['rate']) if key == 'rate' else fmt(r['base'] + r['vat']) if key == 'tot' else fmt(r[key])
            p.t(x, yy, v, 8.5, ha='right')
    y += 36
    p.box(120, y - 6, 72, 10, fill='#8b0000', edge='none')
    p.t(124, y + 0.5, 'TOTAL FACTURA', 10, color='white', weight='bold'); p.t(189, y + 0.5, fmt(inv.total) + ' €', 11, ha='right', color='white', weight='bold')
    p.t(18, 272, 'Vencimiento 18/04/2026 · Recibo domiciliado · Registro Sanitario 40.012345/Z', 7)
    p.save(path)


def electricista(inv, path):
    s, c = inv.supplier, inv.customer
    p = Page(font='FreeSerif')
    p.t(105, 22, 'INSTALACIONES ELÉCTRICAS PALLARÉS', 15, ha='center', weight='bold')
    p.t(105, 28, f"{s['name']} · C.I.F.: {s['tax']}", 9, ha='center')
    p.t(105, 33, f"{s['addr'][0]} · {s['addr'][1]} · Tel. 978 871 004 · Empresa instaladora RI-44/0123", 8, ha='center')
    p.line(18, 37, 192, 37, lw=0.8)
    p.t(18, 50, f'FACTURA Nº {inv.number}', 12, weight='bold')
    p.t(192, 50, inv.date_text, 10, ha='right')
    for i, l in enumerate(['Sres. ' + c['name'], c['addr'][0], c['addr'][1], 'C.I.F.: ' + c['tax']]):
        p.t(18, 62 + i * 5, l, 10)
    rows = [[l.desc, qty(l.qty), fmt(l.price), fmt(l.amount)] for l in inv.lines]
    y = table(p, [18, 140, 163, 192], 95, ['CONCEPTO', 'CANTIDAD', 'PRECIO', 'IMPORTE'], rows, size=9.5, step=6.5)
    r = inv.rows[0]
    y += 8
    for cap, v in [('BASE IMPONIBLE', fmt(inv.subtotal)), (f'I.V.A. {pct(r["rate"])} %', fmt(r['vat'])), ('TOTAL', fmt(inv.total))]:
        p.t(163, y, cap, 10, ha='right', weight='bold' if cap == 'TOTAL' else 'normal')
        p.t(192, y, v, 10, ha='right', weight='bold' if cap == 'TOTAL' else 'normal')
        y += 6
    y += 8
    p.t(18, y, 'SON: ' + amount_words(inv.total).upper(), 9.5, weight='bold')
    p.t(18, 262, 'Forma de pago: transferencia bancaria a 30 días.', 8.5)
    p.save(path)


def saas(inv, path):
    s, c = inv.supplier, inv.customer
    p = Page(font='DejaVu Sans')
    p.t(18, 24, 'nubedata', 22, weight='bold', color='#1565c0')
    p.t(192, 22, 'Invoice', 18, ha='right')
    for i, (k, v) in enumerate([('Invoice No.', inv.number), ('Date of issue', inv.date_text), ('Period', '1 May 2026 – 30 Apr 2027')]):
        p.t(140, 32 + i * 5, k, 8.5, color='#555555'); p.t(192, 32 + i * 5, v, 8.5, ha='right')
    for i, l in enumerate([s['name'], s['addr'][0], s['addr'][1], 'Spain', 'VAT ES' + s['tax']]):
        p.t(18, 48 + i * 4.5, l, 8.5)
    p.t(18, 78, 'Bill to', 8.5, weight='bold')
    for i, l in enumerate([c['name'], c['addr'][0], c['addr'][1], 'Spain', 'VAT ES' + c['tax']]):
        p.t(18, 83 + i * 4.5, l, 8.5)
    p.t(18, 118, f'{fmt(inv.total, "en")} € due 15 May 2026', 13, weight='bold')
    rows = [[l.desc, qty(l.qty), fmt(l.price, 'en') + ' €', fmt(l.amount, 'en') + ' €'] for l in inv.lines]
    y = table(p, [18, 130, 160, 192], 132, ['Description', 'Qty', 'Unit price', 'Amount'], rows, size=8.5, step=6)
    r = inv.rows[0]
    y += 4
    for cap, v in [('Subtotal', fmt(inv.subtotal, 'en') + ' €'), (f'VAT ({pct(r["rate"])}% on {fmt(r["base"], "en")} €)', fmt(r['vat'], 'en') + ' €'),
                   ('Total', fmt(inv.total, 'en') + ' €'), ('Amount due', fmt(inv.total, 'en') + ' €')]:
        p.line(110, y - 4, 192, y - 4, lw=0.2, color='#bbbbbb')
        p.t(112, y, cap, 8.5, weight='bold' if cap == 'Amount due' else 'normal'); p.t(192, y, v, 8.5, ha='right', weight='bold' if cap == 'Amount due' else 'normal')
        y += 6
    p.t(18, 275, f"{s['name']} · NIF {s['tax']} · Registro Mercantil de Madrid, tomo 40.118, folio 77, hoja M-712044", 7, color='#555555')
    p.save(path)


RENDER = {'mp-climatizacion-marca': climatizacion, 'mp-ticket-cafeteria': ticket_cafeteria, 'mp-agente-aduanas': aduanas,
          'mp-limpieza-cliente-izq': limpieza, 'mp-disenadora-irpf7': disenadora, 'mp-distribuidor-tabla-vertical': distribuidor,
          'mp-electricista-letras': electricista, 'mp-saas-ingles': saas}


def render(inv, out_pdf):
    RENDER[inv.id](inv, out_pdf)
