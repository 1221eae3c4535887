"""Gnumeric layouts (gn-*): each invoice written as a Gnumeric workbook (the XML of a sheet, cells, styles and
merges, as a small business keeps its invoice template in a spreadsheet) and printed to PDF by `ssconvert`."""
import gzip
import os
import subprocess
import tempfile
from xml.sax.saxutils import escape

from model import D, fmt, pct

ALIGN = {'left': 'GNM_HALIGN_LEFT', 'right': 'GNM_HALIGN_RIGHT', 'center': 'GNM_HALIGN_CENTER', None: 'GNM_HALIGN_GENERAL'}


def col_name(c):
    return chr(ord('A') + c)


class Sheet:
    def __init__(self, widths_pt, font='Sans', size=10, grid=False, header='', footer='', margins_pt=(54, 54, 40, 40)):
        self.widths, self.font, self.size, self.grid = widths_pt, font, size, grid
        self.header, self.footer, self.margins = header, footer, margins_pt
        self.cells, self.styles, self.merges, self.heights = {}, {}, [], {}

    def set(self, r, c, value, bold=False, italic=False, size=None, align=None, border='', fill=None, color=None,
            font=None, merge=0, wrap=False):
        self.cells[(r, c)] = str(value)
        self.styles[(r, c)] = dict(bold=bold, italic=italic, size=size or self.size, align=align, border=border,
                                   fill=fill, color=color, font=font or self.font, wrap=wrap)
        if (size or 0) > 11:
            self.heights[r] = max(self.heights.get(r, 0), round(size * 1.45, 1))
        if merge:
            self.merges.append(f'{col_name(c)}{r + 1}:{col_name(c + merge)}{r + 1}')
            for k in range(1, merge + 1):
                self.styles.setdefault((r, c + k), dict(self.styles[(r, c)]))

    def frame(self, r, c, border):
        st = self.styles.setdefault((r, c), dict(bold=False, italic=False, size=self.size, align=None, border='',
                                                 fill=None, color=None, font=self.font, wrap=False))
        st['border'] = ''.join(sorted(set(st['border'] + border)))

    def row(self, r, c, values, **style):
        aligns = style.pop('aligns', None)
        for i, v in enumerate(values):
            self.set(r, c + i, v, align=aligns[i] if aligns else style.get('align'), **{k: v2 for k, v2 in style.items() if k != 'align'})

    @staticmethod
    def rgb(hex_):
        h = hex_.lstrip('#')
        return ':'.join(f'{int(h[i:i + 2], 16) * 257:X}' for i in (0, 2, 4))

    def xml(self):
        max_r = max(r for r, _ in list(self.cells) + list(self.styles))
        max_c = len(self.widths) - 1
        regions = []
        for (r, c), st in sorted(self.styles.items()):
            b = st['border']
            sides = {'t': 'Top', 'b': 'Bottom', 'l': 'Left', 'r': 'Right'}
            borders = ''.join(f'<gnm:{name} Style="1" Color="0:0:0"/>' for k, name in sides.items() if k in b)
            back = self.rgb(st['fill']) if st['fill'] else 'FFFF:FFFF:FFFF'
            fore = self.rgb(st['color']) if st['color'] else '0:0:0'
            regions.append(
                f'<gnm:StyleRegion startCol="{c}" startRow="{r}" endCol="{c}" endRow="{r}">'
                f'<gnm:Style HAlign="{ALIGN[st["align"]]}" VAlign="GNM_VALIGN_BOTTOM" WrapText="{int(st["wrap"])}" ShrinkToFit="0" '
                f'Rotation="0" Shade="{1 if st["fill"] else 0}" Indent="0" Locked="1" Hidden="0" Fore="{fore}" Back="{back}" '
                f'PatternColor="0:0:0" Format="General"><gnm:Font Unit="{st["size"]}" Bold="{int(st["bold"])}" '
                f'Italic="{int(st["italic"])}" Underline="0" StrikeThrough="0" Script="0">{escape(st["font"])}</gnm:Font>'
                + (f'<gnm:StyleBorder>{borders}</gnm:StyleBorder>' if borders else '') + '</gnm:Style></gnm:StyleRegion>')
        cols = ''.join(f'<gnm:ColInfo No="{i}" Unit="{w}"/>' for i, w in enumerate(self.widths))
        rows = ''.join(f'<gnm:RowInfo No="{r}" Unit="{h}"/>' for r, h in sorted(self.heights.items()))
        cells = ''.join(f'<gnm:Cell Row="{r}" Col="{c}" ValueType="60">{escape(v)}</gnm:Cell>'
                        for (r, c), v in sorted(self.cells.items()))
        merges = ''.join(f'<gnm:Merge>{m}</gnm:Merge>' for m in self.merges)
        t, b, l, rt = self.margins
        return f'''<?xml version="1.0" encoding="UTF-8"?>
<gnm:Workbook xmlns:gnm="http://www.gnumeric.org/v10.dtd">
<gnm:SheetNameIndex><gnm:SheetName gnm:Cols="256" gnm:Rows="65536">Factura</gnm:SheetName></gnm:SheetNameIndex>
<gnm:Sheets><gnm:Sheet DisplayFormulas="0" HideZero="0" HideGrid="0" HideColHeader="0" HideRowHeader="0" DisplayOutlines="1" OutlineSymbolsBelow="1" OutlineSymbolsRight="1" Visibility="GNM_SHEET_VISIBILITY_VISIBLE" GridColor="0:0:0">
<gnm:Name>Factura</gnm:Name><gnm:MaxCol>{max_c}</gnm:MaxCol><gnm:MaxRow>{max_r}</gnm:MaxRow><gnm:Zoom>1</gnm:Zoom>
<gnm:PrintInformation><gnm:Margins><gnm:top Points="{t}" PrefUnit="mm"/><gnm:bottom Points="{b}" PrefUnit="mm"/><gnm:left Points="{l}" PrefUnit="mm"/><gnm:right Points="{rt}" PrefUnit="mm"/><gnm:header Points="24" PrefUnit="mm"/><gnm:footer Points="24" PrefUnit="mm"/></gnm:Margins>
<gnm:Scale type="percentage" percentage="100"/><gnm:vcenter value="0"/><gnm:hcenter value="0"/><gnm:grid value="{int(self.grid)}"/><gnm:even_if_only_styles value="0"/><gnm:monochrome value="0"/><gnm:draft value="0"/><gnm:titles value="0"/><gnm:do_not_print value="0"/><gnm:print_range value="GNM_PRINT_ACTIVE_SHEET"/><gnm:order>d_then_r</gnm:order><gnm:orientation>portrait</gnm:orientation>
<gnm:Header Left="" Middle="{escape(self.header, {'"': '&quot;'})}" Right=""/><gnm:Footer Left="" Middle="{escape(self.footer, {'"': '&quot;'})}" Right=""/><gnm:paper>iso_a4</gnm:paper></gnm:PrintInformation>
<gnm:Styles>{''.join(regions)}</gnm:Styles>
<gnm:Cols DefaultSizePts="60">{cols}</gnm:Cols><gnm:Rows DefaultSizePts="14">{rows}</gnm:Rows>
<gnm:Cells>{cells}</gnm:Cells>
<gnm:MergedRegions>{merges}</gnm:MergedRegions>
</gnm:Sheet></gnm:Sheets></gnm:Workbook>
'''

    def save_pdf(self, out_pdf):
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, 'factura.gnumeric')
            with gzip.open(src, 'wt', encoding='utf-8') as f:
                f.write(self.xml())
            r = subprocess.run(['ssconvert', src, out_pdf], capture_output=True, text=True)
            if r.returncode or not os.path.exists(out_pdf):
                raise RuntimeError(r.stderr[-2000:])


def qty(x):
    x = D(x)
    return str(int(x)) if x == x.to_integral() else str(x.normalize()).replace('.', ',')


def autonomo(inv):
    s, c = inv.supplier, inv.customer
    sh = Sheet([300, 45, 70, 80], font='Liberation Sans', grid=True, header='&[TAB]', footer='Página &[PAGE]')
    sh.set(0, 0, s['name'], bold=True, size=14)
    sh.set(1, 0, 'Ingeniero Técnico Industrial · Colegiado nº 1.187')
    sh.set(2, 0, s['addr'][0]); sh.set(3, 0, s['addr'][1]); sh.set(4, 0, 'NIF: ' + s['tax'])
    sh.set(6, 0, 'FACTURA Nº', bold=True, align='right'); sh.set(6, 1, inv.number, bold=True, size=12, align='left')
    sh.set(7, 0, 'FECHA', bold=True, align='right'); sh.set(7, 1, inv.date_text, align='left', merge=1)
    sh.set(9, 0, 'CLIENTE:', bold=True)
    for i, l in enumerate([c['name'], c['addr'][0], c['addr'][1], 'CIF: ' + c['tax']]):
        sh.set(10 + i, 0, l)
    r = 15
    sh.row(r, 0, ['CONCEPTO', 'UDS.', 'PRECIO', 'IMPORTE'], bold=True, fill='#d9d9d9', aligns=['left', 'right', 'right', 'right'])
    for l in inv.lines:
        r += 1
        sh.row(r, 0, [l.desc, qty(l.qty), fmt(l.price), fmt(l.amount)], aligns=['left', 'right', 'right', 'right'])
    rr = inv.rows[0]
    r += 2
    for cap, v in [('BASE IMPONIBLE', fmt(inv.subtotal)), (f'IVA {pct(rr["rate"])}%', fmt(rr['vat'])),
                   (f'IRPF -{pct(inv.irpf)}%', '-' + fmt(inv.irpf_amount)), ('TOTAL FACTURA', fmt(inv.total))]:
        sh.set(r, 2, cap, bold=cap.startswith('TOTAL'), align='right'); sh.set(r, 3, v, bold=cap.startswith('TOTAL'), align='right')
        r += 1
    r += 2
    sh.set(r, 0, 'Forma de pago: transferencia bancaria · IBAN ES21 3080 0001 2521 1456 7302')
    return sh


def mayorista(inv):
    s, c = inv.supplier, inv.customer
    sh = Sheet([60, 215, 45, 55, 30, 65], font='DejaVu Sans', size=9)
    sh.set(0, 0, 'COMERCIAL EMBALAJES RIBAGORZA', bold=True, size=15, color='#1f4e79', merge=5)
    sh.set(1, 0, f"{s['name']} - CIF {s['tax']} - {s['addr'][0]} - {s['addr'][1]} - Tel. 974 540 218", size=8, merge=5)
    sh.set(3, 0, 'Nº factura', bold=True, border='tblr'); sh.set(3, 1, inv.number, border='tblr')
    sh.set(4, 0, 'Fecha', bold=True, border='tblr'); sh.set(4, 1, inv.date_text, border='tblr')
    sh.set(5, 0, 'Pedido', bold=True, border='tblr'); sh.set(5, 1, 'PED-0218 / albarán 7702', border='tblr')
    sh.set(3, 3, 'Cliente', bold=True, merge=2)
    for i, l in enumerate([c['name'], c['addr'][0] + ', ' + c['addr'][1], 'CIF ' + c['tax']]):
        sh.set(4 + i, 3, l, merge=2)
    r = 9
    sh.row(r, 0, ['Referencia', 'Descripción', 'Uds.', 'Precio', '% IVA', 'Importe'], bold=True, border='tblr', fill='#bdd7ee',
           aligns=['left', 'left', 'right', 'right', 'right', 'right'])
    for l in inv.lines:
        r += 1
        sh.row(r, 0, [l.extra['ref'], l.desc, qty(l.qty), fmt(l.price), pct(l.rate), fmt(l.amount)], border='tblr',
               aligns=['left', 'left', 'right', 'right', 'right', 'right'])
    for k in range(3):
        r += 1
        sh.row(r, 0, [''] * 6, border='tblr')
    r += 2
    sh.row(r, 1, ['', 'Base', '% IVA', '', 'Cuota'], bold=True, aligns=[None, 'right', 'right', None, 'right'])
    for rr in inv.rows:
        r += 1
        sh.row(r, 1, ['', fmt(rr['base']), pct(rr['rate']), '', fmt(rr['vat'])], aligns=[None, 'right', 'right', None, 'right'])
    r += 2
    sh.set(r, 2, 'TOTAL FACTURA', bold=True, size=11, merge=2, align='right'); sh.set(r, 5, fmt(inv.total), bold=True, size=11, align='right', border='tblr')
    r += 3
    sh.set(r, 0, 'Vencimiento: 30 días f.f. Transferencia a ES84 0049 1820 1121 1006 4417 (Santander).', size=8, merge=5)
    return sh


def serie(inv):
    s, c = inv.supplier, inv.customer
    sh = Sheet([200, 55, 65, 80], font='Liberation Serif', size=10, footer='&[PAGE]')
    sh.set(0, 0, 'VENDING BAJO CINCA', bold=True, size=16)
    sh.set(1, 0, s['name']); sh.set(2, 0, s['addr'][0] + ' · ' + s['addr'][1]); sh.set(3, 0, 'CIF ' + s['tax'])
    sh.set(0, 2, 'FACTURA', bold=True, size=16, align='right', merge=1)
    sh.row(5, 2, ['SERIE', 'NÚMERO'], bold=True, border='tblr', align='center')
    sh.row(6, 2, ['B', inv.number], border='tblr', align='center')
    sh.set(7, 2, 'FECHA', bold=True, border='tblr', align='center'); sh.set(7, 3, inv.date_text, border='tblr', align='center')
    for i, l in enumerate(['Cliente: ' + c['name'], c['addr'][0], c['addr'][1], 'CIF ' + c['tax']]):
        sh.set(5 + i, 0, l)
    r = 11
    sh.row(r, 0, ['Descripción', 'Cant.', 'Precio', 'Total'], bold=True, border='tb', aligns=['left', 'right', 'right', 'right'])
    for l in inv.lines:
        r += 1
        sh.row(r, 0, [f'{l.desc} ({pct(l.rate)}%)', qty(l.qty), fmt(l.price), fmt(l.amount)], aligns=['left', 'right', 'right', 'right'])
    r += 2
    for rr in inv.rows:
        sh.set(r, 0, f'Base imponible al {pct(rr["rate"])}%', align='right'); sh.set(r, 1, fmt(rr['base']), align='right')
        sh.set(r, 2, f'IVA {pct(rr["rate"])}%', align='right'); sh.set(r, 3, fmt(rr['vat']), align='right')
        r += 1
    r += 1
    sh.set(r, 2, 'TOTAL', bold=True, align='right', border='tb'); sh.set(r, 3, fmt(inv.total) + ' €', bold=True, align='right', border='tb')
    return sh


def reformas(inv):
    s, c = inv.supplier, inv.customer
    e = lambda x: 'EUR ' + fmt(x)
    sh = Sheet([215, 45, 75, 95], font='Liberation Sans', size=9.5)
    sh.set(0, 0, s['name'].upper(), bold=True, size=13, merge=3)
    sh.set(1, 0, f"{s['addr'][0]} - {s['addr'][1]} - C.I.F. {s['tax']} - REA 44/0213", merge=3)
    sh.set(3, 0, 'FACTURA', bold=True, size=13)
    sh.set(4, 0, 'Número: ' + inv.number); sh.set(5, 0, 'Fecha: ' + inv.date_text)
    sh.set(6, 0, 'Obra: reforma nave 14, Polígono La Noria (Alcañiz)')
    sh.set(3, 2, 'Cliente', bold=True)
    for i, l in enumerate([c['name'], c['addr'][0], c['addr'][1], 'C.I.F. ' + c['tax']]):
        sh.set(4 + i, 2, l, merge=1)
    r = 9
    sh.row(r, 0, ['Partida', 'Medición', 'Precio', 'Importe'], bold=True, fill='#e2efda', border='tblr', aligns=['left', 'right', 'right', 'right'])
    for l in inv.lines:
        r += 1
        sh.row(r, 0, [l.desc, qty(l.qty), e(l.price), e(l.amount)], border='tblr', aligns=['left', 'right', 'right', 'right'])
    r += 2
    for cap, v in [('Base imponible', e(inv.subtotal)), ('IVA (inversión del sujeto pasivo)', e(0)), ('TOTAL FACTURA', e(inv.total))]:
        sh.set(r, 1, cap, align='right', bold=cap.startswith('TOTAL'), merge=1); sh.set(r, 3, v, align='right', bold=cap.startswith('TOTAL'))
        r += 1
    r += 1
    sh.set(r, 0, 'Operación con inversión del sujeto pasivo conforme al art. 84.Uno.2º.f) de la Ley 37/1992 del IVA.', merge=3)
    sh.set(r + 1, 0, 'El destinatario declara que actúa como empresario y que la obra es de renovación de una edificación.', merge=3)
    return sh


def pedidos(inv):
    s, c = inv.supplier, inv.customer
    sh = Sheet([45, 55, 190, 45, 50, 65], font='Liberation Sans', size=9.5, grid=True, header='Horno San Lorenzo - Factura ' + inv.number,
               footer='Página &[PAGE] de &[PAGES]')
    sh.set(0, 0, 'HORNO SAN LORENZO', bold=True, size=14, merge=3)
    sh.set(1, 0, f"{s['name']} · CIF {s['tax']} · {s['addr'][0]} · {s['addr'][1]}", size=8.5, merge=5)
    sh.set(3, 0, 'Factura', bold=True); sh.set(3, 1, inv.number, merge=1); sh.set(4, 0, 'Fecha', bold=True); sh.set(4, 1, inv.date_text, merge=1)
    sh.set(3, 3, 'Cliente:', bold=True); sh.set(3, 4, c['name'], merge=1)
    sh.set(4, 4, 'CIF ' + c['tax'], merge=1); sh.set(5, 4, c['addr'][1], merge=1)
    r = 7
    sh.row(r, 0, ['Día', 'Albarán', 'Producto', 'Uds.', 'Precio', 'Importe'], bold=True, fill='#fce4d6', aligns=['left', 'left', 'left', 'right', 'right', 'right'])
    for l in inv.lines:
        r += 1
        sh.row(r, 0, [l.extra['day'], l.extra['albaran'], f'{l.desc} ({pct(l.rate)}%)', qty(l.qty), fmt(l.price), fmt(l.amount)],
               aligns=['left', 'left', 'left', 'right', 'right', 'right'])
    r += 2
    sh.row(r, 2, ['Resumen', 'Tipo', 'Base', 'Cuota'], bold=True, aligns=['left', 'right', 'right', 'right'])
    for rr in sorted(inv.rows, key=lambda x: x['rate']):
        r += 1
        sh.row(r, 2, ['IVA', pct(rr['rate']) + ' %', fmt(rr['base']), fmt(rr['vat'])], aligns=['left', 'right', 'right', 'right'])
    r += 2
    sh.set(r, 2, 'TOTAL FACTURA (marzo 2026)', bold=True); sh.set(r, 5, fmt(inv.total), bold=True, align='right')
    r += 2
    sh.set(r, 0, 'Cargo en cuenta el día 5 del mes siguiente.', merge=4)
    return sh


def bodega(inv):
    s, c = inv.supplier, inv.customer
    sh = Sheet([175, 45, 60, 40, 55, 40, 55], font='DejaVu Serif', size=9)
    sh.set(0, 0, 'Bodegas del Matarraña', bold=True, italic=True, size=18, color='#7b1f3a', merge=3)
    sh.set(1, 0, f"{s['name']} · CIF {s['tax']}", merge=4); sh.set(2, 0, s['addr'][0] + ', ' + s['addr'][1], merge=4)
    sh.set(0, 5, 'Nº Fra.', bold=True, align='right'); sh.set(0, 6, inv.number, align='right')
    sh.set(1, 5, 'Fecha', bold=True, align='right'); sh.set(1, 6, inv.date_text, align='right')
    for i, l in enumerate([c['trade'], c['name'] + ' · NIF ' + c['tax'], c['addr'][0] + ', ' + c['addr'][1], 'Recargo de equivalencia']):
        sh.set(4 + i, 2, l, merge=4, bold=(i == 0))
    r = 9
    sh.row(r, 0, ['Artículo', 'Cajas', 'Botellas', '', 'Precio', '', 'Importe'], bold=True, border='b', aligns=['left', 'right', 'right', None, 'right', None, 'right'])
    for l in inv.lines:
        r += 1
        boxes = '' if 'Bag' in l.desc else str(int(l.qty) // 6)
        sh.row(r, 0, [l.desc, boxes, qty(l.qty), '', fmt(l.price), '', fmt(l.amount)], aligns=['left', 'right', 'right', None, 'right', None, 'right'])
    r += 3
    heads = ['Base imponible', '% IVA', 'IVA', '% R.E.', 'R.E.', 'Total']
    sh.row(r, 1, heads, bold=True, border='tb', align='right')
    for rr in inv.rows:
        r += 1
        sh.row(r, 1, [fmt(rr['base']), pct(rr['rate']), fmt(rr['vat']), pct(rr['re_rate']), fmt(rr['re']), fmt(inv.total)], align='right')
    r += 2
    sh.set(r, 0, 'Pago a 30 días. Devolución de envases no admitida. Registro Embotellador 4521-TE.', size=8, merge=6)
    return sh


def italiano(inv):
    s, c = inv.supplier, inv.customer
    sh = Sheet([200, 40, 70, 80], font='Liberation Sans', size=9.5, header='', footer='Pag. &[PAGE]')
    sh.set(0, 0, 'OFFICINE MECCANICHE BERTOLAZZI', bold=True, size=14, merge=3)
    sh.set(1, 0, f"{s['name']} · {s['addr'][0]} · {s['addr'][1]}", merge=3)
    sh.set(2, 0, f"P.IVA / VAT {s['tax']} · Cap. soc. € 120.000 i.v. · REA BS-402118", merge=3)
    sh.set(4, 0, 'Fattura n. / Invoice No.', bold=True); sh.set(4, 1, inv.number, merge=1)
    sh.set(5, 0, 'Data / Date', bold=True); sh.set(5, 1, inv.date_text, merge=1)
    sh.set(6, 0, 'DDT n. 412 del 20/06/2026', italic=True)
    sh.set(8, 0, 'Spett.le / Customer:', bold=True)
    for i, l in enumerate([c['name'], c['addr'][0], c['addr'][1] + ' - SPAGNA / SPAIN', 'VAT ES' + c['tax']]):
        sh.set(9 + i, 0, l)
    r = 14
    sh.row(r, 0, ['Descrizione / Description', 'Q.tà', 'Prezzo / Price', 'Importo / Amount'], bold=True, border='tb', fill='#eeeeee',
           aligns=['left', 'right', 'right', 'right'])
    for l in inv.lines:
        r += 1
        sh.row(r, 0, [l.desc, qty(l.qty), fmt(l.price), fmt(l.amount)], aligns=['left', 'right', 'right', 'right'])
    r += 2
    for cap, v in [('Imponibile / Taxable amount', fmt(inv.subtotal)), ('IVA / VAT 0% (art. 41 D.L. 331/93)', '0,00'),
                   ('Totale fattura / Invoice total EUR', fmt(inv.total))]:
        sh.set(r, 0, cap, align='right', bold=cap.startswith('Totale'), merge=2); sh.set(r, 3, v, align='right', bold=cap.startswith('Totale'))
        r += 1
    r += 1
    sh.set(r, 0, 'Operazione non imponibile, cessione intracomunitaria - inversione contabile / reverse charge (art. 196 Dir. 2006/112/CE).', size=8, merge=3)
    sh.set(r + 1, 0, 'Pagamento: bonifico 60 gg d.f. · IBAN IT60 X054 2811 1010 0000 0123 456', size=8, merge=3)
    return sh


def alquiler(inv):
    s, c = inv.supplier, inv.customer
    sh = Sheet([260, 70, 80, 90], font='Liberation Serif', size=10.5, footer='')
    sh.set(0, 0, 'FACTURA DE ALQUILER', bold=True, size=14, merge=3, align='center')
    sh.set(2, 0, 'Arrendadora:', bold=True); sh.set(2, 2, 'Arrendataria:', bold=True)
    for i, (a, b) in enumerate(zip([s['name'], 'DNI ' + s['tax'], s['addr'][0], s['addr'][1]],
                                   [c['name'], 'CIF ' + c['tax'], c['addr'][0], c['addr'][1]])):
        sh.set(3 + i, 0, a); sh.set(3 + i, 2, b, merge=1)
    sh.set(8, 0, 'Nº ' + inv.number, bold=True); sh.set(8, 2, inv.date_text, merge=1, align='right')
    r = 10
    sh.row(r, 0, ['Concepto', '', '', 'Importe'], bold=True, border='b', aligns=['left', None, None, 'right'])
    for l in inv.lines:
        r += 1
        sh.set(r, 0, l.desc, merge=2); sh.set(r, 3, fmt(l.amount), align='right')
    rr = inv.rows[0]
    r += 2
    for cap, v in [('Base imponible', fmt(inv.subtotal)), (f'IVA {pct(rr["rate"])} %', fmt(rr['vat'])),
                   (f'Retención IRPF {pct(inv.irpf)} %', '-' + fmt(inv.irpf_amount)), ('Total a pagar', fmt(inv.total))]:
        sh.set(r, 2, cap, border='tblr', bold=cap.startswith('Total')); sh.set(r, 3, v, align='right', border='tblr', bold=cap.startswith('Total'))
        r += 1
    r += 1
    sh.set(r, 0, 'Retención del 19 % por arrendamiento de inmueble urbano (modelo 115). Pago por transferencia los cinco primeros días del mes.', size=8.5, merge=3)
    return sh


RENDER = {'gn-alquiler-irpf19': alquiler, 'gn-autonomo-irpf15': autonomo, 'gn-mayorista-hoja': mayorista, 'gn-serie-celdas': serie, 'gn-reformas-isp': reformas,
          'gn-pedidos-2pag': pedidos, 'gn-bodega-recargo': bodega, 'gn-italiano-intracom': italiano}


def render(inv, out_pdf):
    RENDER[inv.id](inv).save_pdf(out_pdf)
