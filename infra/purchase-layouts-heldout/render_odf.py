"""Flat OpenDocument files written by hand and printed to PDF by LibreOffice headless: Writer text
documents (`odt-` layouts) and Calc spreadsheets (`ods-` layouts)."""
from __future__ import annotations

import os
import subprocess
from xml.sax.saxutils import escape as x

from common import money, rate, shown_id, when
from model import RECARGO, Invoice, r2, total_in_words

NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
      'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3"')
FONTS = ('<office:font-face-decls><style:font-face style:name="Liberation Sans" svg:font-family="\'Liberation Sans\'"/>'
         '<style:font-face style:name="Liberation Serif" svg:font-family="\'Liberation Serif\'"/><style:font-face style:name="DejaVu Sans Mono" svg:font-family="\'DejaVu Sans Mono\'"/></office:font-face-decls>')


def p(text, style='P'):
    return f'<text:p text:style-name="{style}">{text}</text:p>'


def b(text):
    return f'<text:span text:style-name="B">{x(text)}</text:span>'


# ---- Writer ----------------------------------------------------------------------------------
class Tables:
    def __init__(self):
        self.styles, self.n = [], 0

    def table(self, widths, rows, border=True, head=True):
        """rows: lists of (text, align) or str; widths in cm."""
        self.n += 1
        name = f'T{self.n}'
        self.styles.append(f'<style:style style:name="{name}" style:family="table"><style:table-properties style:width="{sum(widths)}cm" table:align="left"/></style:style>')
        cols = ''
        for i, w in enumerate(widths):
            self.styles.append(f'<style:style style:name="{name}c{i}" style:family="table-column"><style:table-column-properties style:column-width="{w}cm"/></style:style>')
            cols += f'<table:table-column table:style-name="{name}c{i}"/>'
        out = []
        for r, row in enumerate(rows):
            cells = ''
            for cell in row:
                text, align = (cell, 'L') if isinstance(cell, str) else cell
                style = ('CH' if head and r == 0 else 'CB') if border else 'CN'
                pstyle = 'PR' if align == 'R' else 'P'
                if head and r == 0:
                    text = b(text)
                else:
                    text = x(text) if not text.startswith('<') else text
                content = text if text.startswith('<text:p') else p(text, pstyle)  # a block of paragraphs goes in as it is
                cells += f'<table:table-cell table:style-name="{style}" office:value-type="string">{content}</table:table-cell>'
            out.append(f'<table:table-row>{cells}</table:table-row>')
        header = f'<table:table-header-rows>{out[0]}</table:table-header-rows>' if head else out[0]
        return f'<table:table table:name="{name}" table:style-name="{name}">{cols}{header}{"".join(out[1:])}</table:table>'


def summary_rows(inv):
    rows = [('Base imponible', money(inv, inv.subtotal))]
    for r in inv.breakdown():
        if r['rate'] > 0:
            # with several rates each rate's base is printed beside its VAT, as the invoicing rules require
            several = inv.recargo or len(inv.rates()) > 1
            rows.append((f'I.V.A. {rate(r["rate"])} % s/ {money(inv, r["base"])}' if several else f'Cuota IVA {rate(r["rate"])} %', money(inv, r['vat'])))
        if r['re_rate'] > 0:
            rows.append((f'R.E. {rate(r["re_rate"])} % s/ {money(inv, r["base"])}', money(inv, r['re'])))
        if r['rate'] == 0:
            rows.append((f'Exento IVA s/ {money(inv, r["base"])}', money(inv, r['vat'])))
    if inv.irpf:
        rows.append((f'Retención IRPF {rate(inv.irpf)} %', '-' + money(inv, inv.withholding)))
    rows.append(('TOTAL A PAGAR' if inv.irpf else 'TOTAL FACTURA', money(inv, inv.total) + ' €'))
    return rows


def writer_body(inv, tb: Tables):
    tpl = inv.style['template']
    s, c = inv.supplier, inv.customer
    sup = p(b(s.name), 'H') + ''.join(p(x(a)) for a in s.address) + p(x(f'NIF: {shown_id(inv)}'))
    cus = p(b(c.name)) + ''.join(p(x(a)) for a in c.address) + p(x(f'NIF: {c.tax_id}'))
    summary = tb.table([10.5, 6], [[(a, 'L'), (v, 'R')] for a, v in summary_rows(inv)], border=False, head=False)
    words = p(x(f'Son: {total_in_words(inv.total).upper()}')) if inv.style.get('words') else ''
    if tpl == 'simple':
        rows = [['Descripción', ('Cantidad', 'R'), ('Precio', 'R'), ('Importe', 'R'), ('IVA', 'R')]] + [
            [l.description, (str(l.quantity), 'R'), (money(inv, l.price), 'R'), (money(inv, l.net), 'R'), (rate(l.vat) + ' %', 'R')] for l in inv.lines]
        return (sup + p('') + p(b('FACTURA')) + p(x(f'Número: {inv.number}')) + p(x(f'Fecha: {when(inv)}')) + p('')
                + p(x('Cliente:')) + cus + p('') + tb.table([8, 2, 2.5, 2.5, 1.5], rows) + p('') + summary + words
                + p('') + p(x('Pago al contado. Gracias por su confianza.')))
    if tpl == 'table':
        cols = [['Ref.', 'Artículo', ('Uds.', 'R'), ('Precio', 'R'), ('Dto.', 'R'), ('Importe', 'R')]]
        widths = [2, 7, 1.5, 2.2, 1.5, 2.5]
        if inv.recargo:
            cols[0].append(('R.E.', 'R'))
            widths = [1.5, 6.2, 1.3, 2, 1.3, 2.3, 1.5]
        rows = cols + [[l.code, l.description, (str(l.quantity), 'R'), (money(inv, l.price), 'R'), ((str(l.discount) + ' %') if l.discount else '', 'R'), (money(inv, l.net), 'R')]
                       + ([(rate(RECARGO[l.vat]) + ' %', 'R')] if inv.recargo else []) for l in inv.lines]
        head = tb.table([9, 7.5], [[sup, cus + (p(x('Régimen especial del recargo de equivalencia')) if inv.recargo else '')]], border=False, head=False)
        info = tb.table([5, 5], [['Nº factura', 'Fecha factura'], [inv.number, when(inv)]])
        return head + p('') + info + p('') + tb.table(widths, rows) + p('') + summary + words
    # 'bottom': the issuer only at the end
    rows = [['Concepto', ('Importe', 'R')]] + [[l.description, (money(inv, l.net), 'R')] for l in inv.lines]
    return (p(b('FACTURA'), 'H') + p('') + p(x('Facturar a:')) + cus + p('')
            + tb.table([8, 8], [['Nº Fra.', 'Fecha'], [inv.number, when(inv)]]) + p('') + tb.table([13, 3.5], rows) + p('') + summary
            + p('') + p('') + p(x('Emitida por:')) + sup + p(x('Inscrita en el Registro Mercantil de Ávila, tomo 301, folio 12, hoja AV-5521.')))


def writer_doc(inv):
    tb = Tables()
    body = writer_body(inv, tb)
    font = 'Liberation Serif' if inv.style['template'] == 'simple' else 'Liberation Sans'
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<office:document {NS} office:mimetype="application/vnd.oasis.opendocument.text">{FONTS}
<office:styles><style:default-style style:family="paragraph"><style:text-properties style:font-name="{font}" fo:font-size="10pt"/></style:default-style></office:styles>
<office:automatic-styles>
<style:style style:name="P" style:family="paragraph"/>
<style:style style:name="PR" style:family="paragraph"><style:paragraph-properties fo:text-align="end"/></style:style>
<style:style style:name="H" style:family="paragraph"><style:text-properties fo:font-size="14pt"/></style:style>
<style:style style:name="B" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
<style:style style:name="CH" style:family="table-cell"><style:table-cell-properties fo:background-color="#dddddd" fo:border="0.5pt solid #000000" fo:padding="0.06cm"/></style:style>
<style:style style:name="CB" style:family="table-cell"><style:table-cell-properties fo:border="0.5pt solid #000000" fo:padding="0.06cm"/></style:style>
<style:style style:name="CN" style:family="table-cell"><style:table-cell-properties fo:padding="0.06cm"/></style:style>
{"".join(tb.styles)}
<style:page-layout style:name="pm"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.6cm" fo:margin-bottom="1.6cm" fo:margin-left="2cm" fo:margin-right="2cm"/></style:page-layout>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm"/></office:master-styles>
<office:body><office:text>{body}</office:text></office:body></office:document>'''


# ---- Calc ------------------------------------------------------------------------------------
def cell(v, style='c'):
    if v is None or v == '':
        return '<table:table-cell/>'
    return f'<table:table-cell table:style-name="{style}" office:value-type="string"><text:p>{x(str(v))}</text:p></table:table-cell>'


def calc_rows(inv):
    tpl = inv.style['template']
    s, c = inv.supplier, inv.customer
    R = []
    if tpl == 'grid':
        R += [[(s.name, 'h')], [s.address[0]], [s.address[1]], [f'NIF {shown_id(inv)}'], [],
              ['Factura', (inv.number, 'b'), '', 'Cliente', (c.name, 'b')], ['Fecha', when(inv), '', 'NIF', c.tax_id], ['', '', '', 'Dirección', ', '.join(c.address)], []]
        head = ['Código', 'Descripción', 'Uds.', 'Precio', 'Dto. %', 'Neto', 'IVA %', 'Cuota IVA'] + (['R.E. %', 'Cuota R.E.'] if inv.recargo else [])
        R.append([(h, 'th') for h in head])
        for l in inv.lines:
            row = [l.code, l.description, (str(l.quantity), 'n'), (money(inv, l.price), 'n'), (str(l.discount) if l.discount else '', 'n'), (money(inv, l.net), 'n'),
                   (rate(l.vat), 'n'), (money(inv, r2(l.net * l.vat / 100)), 'n')]
            if inv.recargo:
                row += [(rate(RECARGO[l.vat]), 'n'), (money(inv, r2(l.net * RECARGO[l.vat] / 100)), 'n')]
            R.append(row)
        R.append([])
        R.append(['', ('Resumen', 'b'), ('Base', 'th'), ('% IVA', 'th'), ('Cuota IVA', 'th')] + ([('% R.E.', 'th'), ('Cuota R.E.', 'th')] if inv.recargo else []))
        for r in inv.breakdown():
            R.append(['', '', (money(inv, r['base']), 'n'), (rate(r['rate']), 'n'), (money(inv, r['vat']), 'n')] + ([(rate(r['re_rate']), 'n'), (money(inv, r['re']), 'n')] if inv.recargo else []))
        R += [[], ['', ('Total base imponible', 'b'), '', '', '', (money(inv, inv.subtotal), 'n')],
              ['', ('TOTAL FACTURA', 'h'), '', '', '', (money(inv, inv.total) + ' €', 'nb')]]
        return R, [2.0, 6.0, 1.3, 1.8, 1.5, 2.0, 1.4, 2.0] + ([1.4, 2.0] if inv.recargo else [])
    if tpl == 'fuel':
        R += [['', '', '', (s.name, 'h')], ['', '', '', s.address[0]], ['', '', '', s.address[1]], ['', '', '', f'C.I.F. {shown_id(inv)}'], [],
              [('FACTURA TARJETA CARBURANTE', 'h')], ['Número de factura', (inv.number, 'b')], ['Fecha de factura', when(inv)], ['Periodo', 'marzo 2026'], [],
              ['Cliente', c.name], ['NIF cliente', c.tax_id], ['Domicilio', ', '.join(c.address)], [],
              [(h, 'th') for h in ['Fecha', 'Matrícula', 'Producto', 'Litros', '€/litro', 'Importe']]]
        for l in inv.lines:
            d, plate, *prod = l.description.split(' ')
            R.append([d, plate, ' '.join(prod), (str(l.quantity).replace('.', ','), 'n'), (str(l.price).replace('.', ','), 'n'), (money(inv, l.net), 'n')])
        r = inv.breakdown()[0]
        R += [[], ['', '', '', '', 'Base imponible', (money(inv, inv.subtotal), 'n')], ['', '', '', '', f'IVA {rate(r["rate"])}%', (money(inv, r['vat']), 'n')],
              ['', '', '', '', ('TOTAL', 'b'), (money(inv, inv.total), 'nb')]]
        return R, [2.2, 2.4, 4.0, 2.0, 2.4, 2.6]
    # 'sheet': delivery notes as rows, totals in a right-hand block
    R += [[(s.name, 'h')], [f'{s.address[0]} · {s.address[1]}'], [f'NIF: {shown_id(inv)}'], [],
          ['Cliente:', (c.name, 'b')], ['', ', '.join(c.address)], ['', f'NIF: {c.tax_id}'], [],
          [f'Factura nº: {inv.number}', '', f'Fecha factura: {when(inv)}'], [],
          [('Concepto', 'th'), ('', 'th'), ('Importe', 'th')]]
    for l in inv.lines:
        R.append([l.description, '', (money(inv, l.net), 'n')])
    r = inv.breakdown()[0]
    R += [[], ['', 'Base imponible', (money(inv, inv.subtotal), 'n')], ['', f'Cuota IVA ({rate(r["rate"])} %)', (money(inv, r['vat']), 'n')],
          ['', ('Total factura (EUR)', 'b'), (money(inv, inv.total), 'nb')]]
    return R, [9.5, 4.5, 3.0]


def calc_doc(inv):
    rows, widths = calc_rows(inv)
    cols = ''.join(f'<style:style style:name="co{i}" style:family="table-column"><style:table-column-properties style:column-width="{w}cm"/></style:style>' for i, w in enumerate(widths))
    body = ''.join(f'<table:table-column table:style-name="co{i}"/>' for i in range(len(widths)))
    for row in rows:
        cells = ''.join(cell(*(c if isinstance(c, tuple) else (c,))) for c in row) or '<table:table-cell/>'
        body += f'<table:table-row>{cells}</table:table-row>'
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<office:document {NS} office:mimetype="application/vnd.oasis.opendocument.spreadsheet">{FONTS}
<office:styles><style:default-style style:family="table-cell"><style:text-properties style:font-name="Liberation Sans" fo:font-size="9pt"/></style:default-style></office:styles>
<office:automatic-styles>{cols}
<style:style style:name="c" style:family="table-cell"/>
<style:style style:name="b" style:family="table-cell"><style:text-properties fo:font-weight="bold"/></style:style>
<style:style style:name="h" style:family="table-cell"><style:text-properties fo:font-weight="bold" fo:font-size="13pt"/></style:style>
<style:style style:name="th" style:family="table-cell"><style:table-cell-properties fo:background-color="#cfe2f3" fo:border="0.5pt solid #000000"/><style:text-properties fo:font-weight="bold"/></style:style>
<style:style style:name="n" style:family="table-cell"><style:paragraph-properties fo:text-align="end"/></style:style>
<style:style style:name="nb" style:family="table-cell"><style:paragraph-properties fo:text-align="end"/><style:text-properties fo:font-weight="bold"/></style:style>
<style:page-layout style:name="pm"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin="1.5cm" style:scale-to-X="1" style:scale-to-Y="1" style:print="objects charts drawings"/></style:page-layout>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Default" style:page-layout-name="pm"><style:header style:display="false"/><style:footer style:display="false"/></style:master-page></office:master-styles>
<office:body><office:spreadsheet><table:table table:name="Factura">{body}</table:table></office:spreadsheet></office:body></office:document>'''


def render(inv: Invoice, out_pdf: str, tmp: str):
    writer = inv.generator == 'libreoffice-writer'
    src = f'{tmp}/{inv.id}.{"fodt" if writer else "fods"}'
    open(src, 'w').write(writer_doc(inv) if writer else calc_doc(inv))
    subprocess.run(['soffice', '--headless', f'-env:UserInstallation=file://{tmp}/lo-profile', '--convert-to', 'pdf', '--outdir', tmp, src],
                   check=True, capture_output=True, timeout=300)
    os.replace(f'{tmp}/{inv.id}.pdf', out_pdf)
