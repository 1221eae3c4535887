"""PostScript written line by line (as a till or an old ERP prints) and turned into PDF by
Ghostscript's ps2pdf, for the `ps-` layouts. Fonts re-encoded to ISO Latin-1 for the accents."""
from __future__ import annotations

import subprocess

from common import money, rate, shown_id, when
from model import D, Invoice

PROLOGUE = '''%!PS-Adobe-3.0
/latin { findfont dup length dict begin { 1 index /FID ne { def } { pop pop } ifelse } forall /Encoding ISOLatin1Encoding 256 array copy dup 45 /hyphen put def currentdict end definefont pop } def
/Cour /Courier latin /CourB /Courier-Bold latin /Helv /Helvetica latin /HelvB /Helvetica-Bold latin
/F { exch findfont exch scalefont setfont } def
/L { moveto show } def
/R { moveto dup stringwidth pop neg 0 rmoveto show } def
/C { moveto dup stringwidth pop 2 div neg 0 rmoveto show } def
'''


def s(text: str) -> str:
    raw = text.replace('€', 'EUR').encode('latin-1')
    out = ''
    for ch in raw:
        c = chr(ch)
        out += '\\' + c if c in '()\\' else (c if 32 <= ch < 127 else f'\\{ch:03o}')
    return f'({out})'


class Page:
    def __init__(self):
        self.ops = []

    def font(self, name, size):
        self.ops.append(f'/{name} {size} F')

    def left(self, x, y, text):
        self.ops.append(f'{s(text)} {x} {y} L')

    def right(self, x, y, text):
        self.ops.append(f'{s(text)} {x} {y} R')

    def centre(self, x, y, text):
        self.ops.append(f'{s(text)} {x} {y} C')

    def box(self, x, y, w, h, width=0.8):
        self.ops.append(f'{width} setlinewidth newpath {x} {y} moveto {w} 0 rlineto 0 {h} rlineto {-w} 0 rlineto closepath stroke')

    def rule(self, x1, y, x2, dash=False):
        self.ops.append(f'{"[2 2] 0 setdash " if dash else ""}0.6 setlinewidth newpath {x1} {y} moveto {x2} {y} lineto stroke [] 0 setdash')


def ticket(inv: Invoice) -> str:
    width, lines_h = 226, 12
    n = 22 + len(inv.lines) + 3 * len(inv.rates())
    height = 40 + n * lines_h + 60
    pg = Page()
    y = height - 24
    letters = {D('4'): 'A', D('10'): 'B', D('21'): 'C'}

    def nl(k=1):
        nonlocal y
        y -= lines_h * k
    pg.font('CourB', 10)
    words, line = inv.supplier.name.upper().split(), ''
    for w in words:  # the name wrapped at a word on a narrow roll
        if len(line) + len(w) + 1 > 30:
            pg.centre(width / 2, y, line); nl(); line = ''
        line = f'{line} {w}'.strip()
    pg.centre(width / 2, y, line); nl()
    pg.font('Cour', 8.5)
    for a in inv.supplier.address:
        pg.centre(width / 2, y, a); nl()
    pg.centre(width / 2, y, f'NIF {shown_id(inv)}'); nl(1.5)
    pg.font('CourB', 8.5)
    pg.left(8, y, 'FACTURA SIMPLIFICADA'); nl()
    pg.font('Cour', 8.5)
    pg.left(8, y, f'N\u00ba {inv.number}'); nl()
    pg.left(8, y, f'{when(inv)}  {inv.style.get("time", "")}'); pg.right(width - 8, y, 'Caja 02'); nl()
    pg.rule(8, y + 8, width - 8, dash=True); nl(0.5)
    for l in inv.lines:
        tag = f' {letters[l.vat]}' if inv.style.get('letters') else ''
        desc = (f'{l.quantity} x ' if l.quantity != 1 else '') + l.description
        pg.left(8, y, desc[:30]); pg.right(width - 8, y, money(inv, l.net) + tag); nl()
    pg.rule(8, y + 8, width - 8, dash=True); nl(0.3)
    pg.font('CourB', 11)
    pg.left(8, y, 'TOTAL EUR'); pg.right(width - 8, y, money(inv, inv.total)); nl(1.5)
    pg.font('Cour', 8)
    if inv.style.get('letters'):
        pg.left(8, y, '   %IVA      BASE     CUOTA'); nl()
        for r in inv.breakdown():
            pg.left(8, y, f'{letters[r["rate"]]} {rate(r["rate"]):>4}%{money(inv, r["base"]):>10}{money(inv, r["vat"]):>10}'); nl()
    else:
        for r in inv.breakdown():
            pg.left(8, y, f'Base imp. {rate(r["rate"])}%'); pg.right(width - 8, y, money(inv, r['base'])); nl()
            pg.left(8, y, f'Cuota IVA {rate(r["rate"])}%'); pg.right(width - 8, y, money(inv, r['vat'])); nl()
    nl(0.5)
    pg.left(8, y, 'Tarjeta ****4417  PAGADO'); nl()
    pg.centre(width / 2, y, 'GRACIAS POR SU VISITA'); nl()
    return f'<< /PageSize [{width} {int(height)}] >> setpagedevice\n' + '\n'.join(pg.ops) + '\nshowpage\n'


def form(inv: Invoice) -> str:
    pg = Page()
    pg.font('CourB', 13)
    pg.left(50, 790, inv.supplier.name.upper())
    pg.font('Cour', 9.5)
    pg.left(50, 776, ', '.join(inv.supplier.address))
    pg.left(50, 763, f'C.I.F.: {shown_id(inv)}   Tel. 925 22 18 40')
    pg.box(330, 660, 230, 80)
    pg.left(338, 728, 'CLIENTE')
    for i, t in enumerate([inv.customer.name, *inv.customer.address, f'N.I.F.: {inv.customer.tax_id}']):
        pg.left(338, 714 - 12 * i, t)
    pg.box(50, 690, 250, 40)
    pg.left(56, 718, 'FACTURA N.   FECHA        PAGINA')
    pg.left(56, 700, f'{inv.number:<12} {when(inv):<12} 1')
    pg.box(50, 360, 510, 280)
    pg.left(56, 626, 'ARTICULO                        CANT.   PRECIO    IMPORTE')
    pg.rule(50, 620, 560)
    y = 604
    for l in inv.lines:
        pg.left(56, y, f'{l.description[:31]:<31} {str(l.quantity):>5} {money(inv, l.price):>8} {money(inv, l.net):>10}')
        y -= 14
    pg.box(50, 250, 510, 95)
    pg.left(56, 330, 'B.IMPONIBLE   %IVA   CUOTA IVA   %R.E.   CUOTA R.E.')
    y = 314
    for r in inv.breakdown():
        pg.left(56, y, f'{money(inv, r["base"]):>11}   {rate(r["rate"]):>4}   {money(inv, r["vat"]):>9}   {rate(r["re_rate"]):>5}   {money(inv, r["re"]):>10}')
        y -= 14
    pg.font('CourB', 11)
    pg.left(330, 262, f'TOTAL FACTURA {money(inv, inv.total):>10}')
    pg.font('Cour', 7.5)
    pg.left(50, 230, 'Forma de pago: RECIBO DOMICILIADO 30 DIAS. Sujeto a recargo de equivalencia.')
    return '\n'.join(pg.ops) + '\nshowpage\n'


def plain(inv: Invoice) -> str:
    pg = Page()
    pg.font('HelvB', 15); pg.left(56, 790, inv.supplier.name)
    pg.font('Helv', 10)
    for i, a in enumerate([*inv.supplier.address, f'NIF {shown_id(inv)}', 'Tel. 920 34 01 77']):
        pg.left(56, 772 - 13 * i, a)
    pg.font('HelvB', 20); pg.right(540, 790, 'FACTURA')
    pg.font('Helv', 10)
    pg.right(540, 770, f'Número: {inv.number}'); pg.right(540, 756, f'Fecha: {when(inv)}')
    pg.left(330, 690, 'Cliente:')
    for i, a in enumerate([inv.customer.name, *inv.customer.address, f'NIF {inv.customer.tax_id}']):
        pg.left(330, 676 - 13 * i, a)
    pg.font('HelvB', 10)
    pg.left(56, 580, 'Descripción'); pg.right(380, 580, 'Cant.'); pg.right(460, 580, 'Precio'); pg.right(540, 580, 'Importe')
    pg.rule(56, 574, 540)
    pg.font('Helv', 10)
    y = 558
    for l in inv.lines:
        pg.left(56, y, l.description); pg.right(380, y, str(l.quantity).replace('.', ',')); pg.right(460, y, money(inv, l.price)); pg.right(540, y, money(inv, l.net))
        y -= 16
    pg.rule(300, y, 540)
    r = inv.breakdown()[0]
    for label, v in (('Base imponible', money(inv, inv.subtotal)), (f'IVA {rate(r["rate"])}%', money(inv, r['vat']))):
        y -= 16
        pg.left(330, y, label); pg.right(540, y, v)
    y -= 20
    pg.font('HelvB', 12); pg.left(330, y, 'TOTAL'); pg.right(540, y, money(inv, inv.total) + ' EUR')
    return '\n'.join(pg.ops) + '\nshowpage\n'


def render(inv: Invoice, out_pdf: str, tmp: str):
    body = {'ticket': ticket, 'form': form, 'plain': plain}[inv.style['template']](inv)
    src = f'{tmp}/{inv.id}.ps'
    open(src, 'w').write(PROLOGUE + body)
    subprocess.run(['ps2pdf', '-dPDFSETTINGS=/prepress', src, out_pdf], check=True, capture_output=True)
