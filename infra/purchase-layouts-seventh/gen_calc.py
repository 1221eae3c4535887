"""LibreOffice Calc layouts (`lc-*`): invoices made in a spreadsheet. Each is written as a flat ODF
spreadsheet (.fods: cells, merges, borders, column widths, page style with its footer) and printed
to PDF by `soffice --headless --convert-to pdf` (Calc's own layout and PDF export)."""
import os
import re
import shutil
import subprocess
from decimal import Decimal as D
from xml.sax.saxutils import escape

from captions import C
from model import fmt, pct

NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
      'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
      'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"')
FONT = {'lc-fontanero-plantilla': 'Liberation Sans', 'lc-serie-numero': 'DejaVu Sans', 'lc-bebidas-columnas': 'Liberation Sans Narrow',
        'lc-arquitecte-catala': 'Liberation Serif', 'lc-local-irpf19': 'Liberation Sans', 'lc-ticket-ferreteria': 'Liberation Mono',
        'lc-cooperativa-2pag': 'DejaVu Sans Condensed', 'lc-fruta-vertical': 'Liberation Sans'}
B = '0.5pt solid #000000'
CELL_STYLES = {
    'n': '', 'b': 'fo:font-weight="bold"', 'big': 'fo:font-weight="bold" fo:font-size="15pt"', 'brand': 'fo:font-weight="bold" fo:font-size="12pt"',
    'small': 'fo:font-size="7pt"', 'r': '', 'rb': 'fo:font-weight="bold"', 'c': '',
    'hdr': f'fo:font-weight="bold" fo:background-color="#d9d9d9" fo:border="{B}"', 'hdrr': f'fo:font-weight="bold" fo:background-color="#d9d9d9" fo:border="{B}"',
    'cell': f'fo:border="{B}"', 'cellr': f'fo:border="{B}"', 'tot': f'fo:font-weight="bold" fo:font-size="12pt" fo:border="1.5pt solid #000000"',
    'box': f'fo:border-left="{B}" fo:border-right="{B}"', 'boxtop': f'fo:border-left="{B}" fo:border-right="{B}" fo:border-top="{B}"',
    'boxbot': f'fo:border-left="{B}" fo:border-right="{B}" fo:border-bottom="{B}"',
}
RIGHT = {'r', 'rb', 'hdrr', 'cellr', 'tot'}


def styles_xml(font, size):
    out = []
    for name, props in CELL_STYLES.items():
        align = 'end' if name in RIGHT else ('center' if name == 'c' else 'start')
        text_props = re.findall(r'fo:font-[a-z]+="[^"]*"', props)
        cell_props = re.sub(r'fo:font-[a-z]+="[^"]*"', '', props)
        if not any(t.startswith('fo:font-size') for t in text_props):
            text_props.append(f'fo:font-size="{size}pt"')
        out.append(f'<style:style style:name="{name}" style:family="table-cell"><style:table-cell-properties {cell_props} style:vertical-align="middle"/>'
                   f'<style:paragraph-properties fo:text-align="{align}"/>'
                   f'<style:text-properties style:font-name="{font}" {" ".join(text_props)}/></style:style>')
    return '\n'.join(out)


def cell(v, st='n', span=1):
    if v is None or v == '':
        return f'<table:table-cell table:style-name="{st}"' + (f' table:number-columns-spanned="{span}"/>' if span > 1 else '/>') + ('<table:covered-table-cell/>' * (span - 1))
    a = f' table:number-columns-spanned="{span}"' if span > 1 else ''
    return f'<table:table-cell table:style-name="{st}" office:value-type="string"{a}><text:p>{escape(str(v))}</text:p></table:table-cell>' + '<table:covered-table-cell/>' * (span - 1)


def rows_for(lay, calc):
    o = lay['opt']
    c = C[o.get('lang', 'es')]
    st, cur = o.get('style', 'es'), o.get('cur', '')
    money = lambda x: fmt(x, st, cur)
    plain = lambda x: fmt(x, st, '')
    sup, cus = lay['supplier'], lay['customer']
    R = []  # each row: list of (value, style, span)
    n = 6
    lid = lay['id']
    if o.get('ticket'):
        R.append([(sup['name'], 'b', 3)])
        for a in sup['addr']:
            R.append([(a, 'n', 3)])
        R.append([(f"NIF {sup['tid']}", 'n', 3)])
        R.append([])
        R.append([(f"{lay['num_label']} {lay['number']}", 'b', 3)])
        R.append([(lay['date_text'], 'n', 3)])
        R.append([('Art.', 'hdr', 1), ('Ud', 'hdrr', 1), ('Importe', 'hdrr', 1)])
        for ln in calc['lines']:
            R.append([(ln['desc'], 'n', 3)])
            R.append([('', 'n', 1), (f"{ln['qty']} x {fmt(D(ln['price']), st)}", 'r', 1), (plain(ln['amount']), 'r', 1)])
        R.append([])
        R.append([('TOTAL (IVA incl.)', 'b', 2), (money(calc['total']), 'rb', 1)])
        R.append([])
        R.append([('Tipo', 'hdr', 1), ('Base', 'hdrr', 1), ('Cuota', 'hdrr', 1)])
        for v in calc['vat']:
            R.append([(f"IVA {pct(v['rate'])}%", 'n', 1), (plain(v['base']), 'r', 1), (plain(v['amount']), 'r', 1)])
        R.append([])
        R.append([('Efectivo', 'n', 2), (plain(D('50.00')), 'r', 1)])
        R.append([('Cambio', 'n', 2), (plain(D('50.00') - calc['total']), 'r', 1)])
        R.append([('Gracias por su visita', 'c', 3)])
        return R, 3, None
    # --- header: supplier block left, title right
    R.append([(sup['name'], 'big', n - 1), (c['invoice'], 'brand', 1)])
    for a in sup['addr']:
        R.append([(a, 'n', 4)])
    R.append([(f"{c['nif']}: {sup['tid']}", 'n', 4)])
    R.append([])
    # --- meta left, customer box right on the same rows
    if lay.get('series'):
        meta = [[('SERIE', 'hdr', 1), (lay['num_label'], 'hdr', 1), ('FECHA', 'hdr', 1)], [(lay['series'], 'cell', 1), (lay['number'], 'cell', 1), (lay['date_text'], 'cell', 1)]]
    else:
        meta = [[(lay['num_label'], 'b', 1), (lay['number'], 'n', 1), ('', 'n', 1)], [(c['date'].rstrip(':'), 'b', 1), (lay['date_text'], 'n', 1), ('', 'n', 1)]]
    box = [(c['customer'], 'boxtop'), (cus['name'], 'box'), *[(a, 'box') for a in cus['addr']], (f"{c['nif']}: {cus['tid']}", 'boxbot')]
    for i in range(max(len(meta), len(box))):
        row = list(meta[i]) if i < len(meta) else [('', 'n', 3)]
        if i < len(box):
            row += [(box[i][0], box[i][1], 3)]
        R.append(row)
    R.append([])
    header_row = len(R)
    # --- lines
    if lid == 'lc-bebidas-columnas':
        n = 8
        R.append([(c['desc'], 'hdr', 2), ('Cajas', 'hdrr', 1), ('Uds./caja', 'hdrr', 1), ('Unidades', 'hdrr', 1), ('Precio ud.', 'hdrr', 1), ('Dto. %', 'hdrr', 1), ('Importe', 'hdrr', 1)])
        for ln, cases, per in zip(calc['lines'], o['cases'], o['per_case']):
            R.append([(ln['desc'] + f" ({pct(ln['rate'])}%)", 'cell', 2), (cases, 'cellr', 1), (per, 'cellr', 1), (ln['qty'], 'cellr', 1),
                      (fmt(D(ln['price']), st), 'cellr', 1), (pct(ln['disc']) if ln['disc'] else '', 'cellr', 1), (plain(ln['amount']), 'cellr', 1)])
    else:
        multi = len({ln['rate'] for ln in calc['lines']}) > 1
        R.append([(c['desc'], 'hdr', 3 if not multi else 2)] + ([('% IVA', 'hdrr', 1)] if multi else []) + [(c['qty'], 'hdrr', 1), (c['price'], 'hdrr', 1), (c['amount'], 'hdrr', 1)])
        for ln in calc['lines']:
            q = ln['qty']
            qs = str(q).replace('.', ',')
            R.append([(ln['desc'], 'cell', 3 if not multi else 2)] + ([(pct(ln['rate']), 'cellr', 1)] if multi else []) +
                     [(qs, 'cellr', 1), (fmt(D(ln['price']), st) if D(ln['price']).as_tuple().exponent == -2 else str(ln['price']).replace('.', ','), 'cellr', 1),
                      (money(ln['amount']) if st == 'plain' else plain(ln['amount']), 'cellr', 1)])
        if o.get('grid'):
            for _ in range(6):
                R.append([('', 'cell', 3), ('', 'cell', 1), ('', 'cell', 1), ('', 'cell', 1)])
    R.append([])
    # --- totals at the right
    lab = n - 2
    pad = lambda: [('', 'n', lab - 2)]
    if o.get('taxcols'):
        R.append([('', 'n', 1), ('', 'n', 1)] + [(f"IVA {pct(v['rate'])} %", 'hdrr', 1) for v in calc['vat']])
        R.append([(c['base'], 'cell', 2)] + [(plain(v['base']), 'cellr', 1) for v in calc['vat']])
        R.append([(c['quota'] + ' IVA', 'cell', 2)] + [(plain(v['amount']), 'cellr', 1) for v in calc['vat']])
        R.append([])
        R.append(pad() + [(c['total'], 'rb', 2), (money(calc['total']), 'tot', 1)])
    else:
        R.append(pad() + [(c['base'], 'r', 2), (money(calc['subtotal']), 'r', 1)])
        for v in calc['vat']:
            R.append(pad() + [(f"{c['vat']} {pct(v['rate'])} %", 'r', 2), (money(v['amount']), 'r', 1)])
        for w in calc['wh']:
            R.append(pad() + [(f"{c['irpf']} {pct(w['rate'])} %", 'r', 2), (money(-w['amount']), 'r', 1)])
        R.append(pad() + [(c['total'], 'rb', 2), (money(calc['total']), 'tot', 1)])
    R.append([])
    R.append([(c['pay'], 'small', n)])
    for note in o.get('notes', []):
        R.append([(note, 'small', n)])
    return R, n, header_row


WIDTHS = {6: [20, 56, 20, 20, 30, 28], 8: [40, 22, 14, 16, 16, 18, 14, 24], 3: [24, 20, 20]}


def fods(lay, calc):
    o = lay['opt']
    rows, n, header_row = rows_for(lay, calc)
    font = FONT[lay['id']]
    ticket = o.get('ticket')
    size = 8 if ticket or n == 8 else 9
    widths = WIDTHS[n]
    page_w, page_h = ('80mm', '200mm') if ticket else ('210mm', '297mm')
    margin = '3mm' if ticket else '15mm'
    cols = ''.join(f'<style:style style:name="co{i}" style:family="table-column"><style:table-column-properties style:column-width="{w}mm"/></style:style>' for i, w in enumerate(widths))
    grid = 'grid' if o.get('grid') else ''
    footer = ''
    if o.get('per_page'):
        footer = ('<style:footer><text:p>' + escape(C['es']['page'].replace('Hoja', 'Página').split('{}')[0]) + '<text:page-number>1</text:page-number> de <text:page-count>1</text:page-count></text:p></style:footer>')
    elif o.get('grid'):
        footer = '<style:header><text:p>Hoja1</text:p></style:header><style:footer><text:p>Página <text:page-number>1</text:page-number></text:p></style:footer>'
    body = []
    for i, w in enumerate(widths):
        body.append(f'<table:table-column table:style-name="co{i}" table:default-cell-style-name="n"/>')
    for ri, row in enumerate(rows):
        if header_row is not None and ri == header_row and o.get('per_page'):
            body.append('<table:table-header-rows>')
        cells = ''.join(cell(v, s, sp) for v, s, sp in row)
        used = sum(sp for _, _, sp in row)
        if used < n:
            cells += f'<table:table-cell table:number-columns-repeated="{n - used}"/>'
        body.append(f'<table:table-row table:style-name="ro">{cells}</table:table-row>')
        if header_row is not None and ri == header_row and o.get('per_page'):
            body.append('</table:table-header-rows>')
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<office:document {NS} office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:font-face-decls><style:font-face style:name="{font}" svg:font-family="'{font}'"/></office:font-face-decls>
<office:automatic-styles>
{cols}
<style:style style:name="ro" style:family="table-row"><style:table-row-properties style:row-height="{4.2 if ticket else 5.2}mm" style:use-optimal-row-height="false"/></style:style>
<style:style style:name="ta" style:family="table" style:master-page-name="mp"><style:table-properties table:display="true"/></style:style>
{styles_xml(font, size)}
<style:page-layout style:name="pl"><style:page-layout-properties fo:page-width="{page_w}" fo:page-height="{page_h}" fo:margin-top="{margin}" fo:margin-bottom="{margin}" fo:margin-left="{margin}" fo:margin-right="{margin}" style:print="{grid} charts drawings objects zero-values" style:scale-to="100%"/>
<style:header-style/><style:footer-style/></style:page-layout>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="mp" style:page-layout-name="pl">{footer or '<style:header style:display="false"/><style:footer style:display="false"/>'}</style:master-page></office:master-styles>
<office:body><office:spreadsheet><table:table table:name="Factura" table:style-name="ta">
{chr(10).join(body)}
</table:table></office:spreadsheet></office:body></office:document>
'''


def build(lay, calc, out_pdf, work):
    src = os.path.join(work, lay['id'] + '.fods')
    with open(src, 'w', encoding='utf-8') as f:
        f.write(fods(lay, calc))
    profile = os.path.join(work, 'lo-profile')
    subprocess.run(['soffice', f'-env:UserInstallation=file://{profile}', '--headless', '--convert-to', 'pdf', '--outdir', work, src],
                   check=True, capture_output=True)
    shutil.move(os.path.join(work, lay['id'] + '.pdf'), out_pdf)
