"""Apache FOP layouts: XSL-FO written here, `fop -fo in.fo -pdf out.pdf` (base-14 fonts)."""
import subprocess
from xml.sax.saxutils import escape as x
from model import es, euros_in_words


def cell(text, align='start', bold=False, border=True, span=1, pad='1.5pt'):
    b = ' border="0.4pt solid black"' if border else ''
    w = ' font-weight="bold"' if bold else ''
    sp = f' number-columns-spanned="{span}"' if span > 1 else ''
    return f'<fo:table-cell padding="{pad}"{b}{sp}><fo:block text-align="{align}"{w}>{x(str(text))}</fo:block></fo:table-cell>'


def table(widths, rows, header=None, border=True):
    cols = ''.join(f'<fo:table-column column-width="{w}"/>' for w in widths)
    head = f'<fo:table-header>{header}</fo:table-header>' if header else ''
    body = ''.join(f'<fo:table-row>{r}</fo:table-row>' for r in rows)
    return f'<fo:table table-layout="fixed" width="100%">{cols}{head}<fo:table-body>{body}</fo:table-body></fo:table>'


def blk(text, **a):
    attrs = ''.join(f' {k.replace("_", "-")}="{v}"' for k, v in a.items())
    return f'<fo:block{attrs}>{x(text)}</fo:block>'


def document(content, width='210mm', height='297mm', margin='15mm', font='Helvetica', size='10pt', before='', after=''):
    regions = ''
    if before:
        regions += f'<fo:static-content flow-name="xsl-region-before">{before}</fo:static-content>'
    if after:
        regions += f'<fo:static-content flow-name="xsl-region-after">{after}</fo:static-content>'
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<fo:root xmlns:fo="http://www.w3.org/1999/XSL/Format">
<fo:layout-master-set><fo:simple-page-master master-name="p" page-width="{width}" page-height="{height}" margin="{margin}">
<fo:region-body margin-top="{'18mm' if before else '0mm'}" margin-bottom="{'12mm' if after else '0mm'}"/><fo:region-before extent="15mm"/><fo:region-after extent="10mm"/>
</fo:simple-page-master></fo:layout-master-set>
<fo:page-sequence master-reference="p">{regions}<fo:flow flow-name="xsl-region-body" font-family="{font}" font-size="{size}">{content}<fo:block id="end"/></fo:flow></fo:page-sequence></fo:root>'''


def tax_table(c):
    head = '<fo:table-row>' + cell('Base imponible', bold=True) + cell('% IVA', bold=True) + cell('Cuota IVA', bold=True) + '</fo:table-row>'
    rows = [cell(es(v['base']), 'end') + cell('Exento' if not v['rate'] else f"{v['rate']} %", 'end') + cell(es(v['amount']), 'end') for v in c['vat']]
    return table(['40mm', '25mm', '35mm'], rows, head)


def content(inv):
    c, s, cu, st = inv['calc'], inv['supplier'], inv['customer'], inv['style']
    if st == 'fo_grid':
        supplier = blk(s['name'], font_size='14pt', font_weight='bold') + blk(f"{s['addr'][0]} - {s['addr'][1]}") + blk(f"C.I.F.: {s['nif']}")
        customer = blk('CLIENTE', font_weight='bold') + blk(cu['name']) + ''.join(blk(a) for a in cu['addr']) + blk(f"C.I.F.: {cu['nif']}")
        top = f'<fo:table table-layout="fixed" width="100%"><fo:table-column column-width="100mm"/><fo:table-column column-width="80mm"/><fo:table-body><fo:table-row><fo:table-cell>{supplier}</fo:table-cell><fo:table-cell border="1pt solid black" padding="3pt">{customer}</fo:table-cell></fo:table-row></fo:table-body></fo:table>'
        meta = table(['45mm', '45mm', '45mm'], [cell('Factura', bold=True) + cell('Fecha', bold=True) + cell('Vencimiento', bold=True),
                                                 cell(inv['number']) + cell(inv['date_printed']) + cell('05/12/2026')])
        head = '<fo:table-row>' + ''.join(cell(t, bold=True) for t in ('Concepto', 'Uds.', 'Precio', 'IVA', 'Importe')) + '</fo:table-row>'
        rows = [cell(l['desc']) + cell(l['qty'], 'end') + cell(es(l['price']), 'end') + cell('Exento' if not l['vat'] else f"{l['vat']} %", 'end') + cell(es(l['net']), 'end') for l in c['lines']]
        tot = table(['130mm', '50mm'], [cell('Total base imponible', 'end', border=False) + cell(es(c['subtotal']), 'end', border=False),
                                         cell('Total IVA', 'end', border=False) + cell(es(c['vat_total']), 'end', border=False),
                                         cell('TOTAL FACTURA EUR', 'end', True, False) + cell(es(c['total']), 'end', True, False)], border=False)
        return document(top + blk(' ', space_after='6mm') + meta + blk(' ', space_after='4mm') + table(['90mm', '15mm', '25mm', '20mm', '30mm'], rows, head)
                        + blk(' ', space_after='4mm') + tax_table(c) + blk(' ', space_after='3mm') + tot
                        + blk('Operación exenta de IVA el porte internacional (art. 21 Ley 37/1992).', font_size='8pt', space_before='4mm'))
    if st == 'fo_letter':
        w = c['irpf'][0]
        rows = [cell(l['desc'], border=False) + cell(es(l['net']), 'end', border=False) for l in c['lines']]
        rows += [cell('Base imponible', 'end', True, False) + cell(es(c['subtotal']), 'end', border=False),
                 cell('I.V.A. 21 %', 'end', border=False) + cell(es(c['vat_total']), 'end', border=False),
                 cell(f"Retención I.R.P.F. {w['rate']} %", 'end', border=False) + cell('-' + es(w['amount']), 'end', border=False),
                 cell('TOTAL', 'end', True, False) + cell(es(c['total']), 'end', True, False)]
        return document(blk(cu['name'], font_weight='bold') + ''.join(blk(a) for a in cu['addr']) + blk(f"N.I.F. {cu['nif']}", space_after='14mm')
                        + blk(s['name'], font_family='Times', font_size='18pt', text_align='end') + blk(f"{s['addr'][0]} · {s['addr'][1]}", text_align='end')
                        + blk(f"N.I.F. {s['nif']}", text_align='end', space_after='10mm')
                        + blk(f"Oviedo, {inv['date_printed']}") + blk(f"FACTURA N.º {inv['number']}", font_weight='bold', space_before='4mm', space_after='4mm')
                        + table(['140mm', '40mm'], rows, border=False)
                        + blk(f"Son: {euros_in_words(c['total'])}.", font_style='italic', space_before='8mm'), font='Times', size='11pt')
    if st == 'fo_ticket':
        letter = {21: 'C', 10: 'B', 4: 'A'}
        rows = [cell(f"{l['qty']} {l['desc']}", border=False) + cell(f"{es(l['net'])} {letter[l['vat']]}", 'end', border=False) for l in c['lines']]
        tax = [cell('TIPO', border=False, bold=True) + cell('BASE', 'end', border=False, bold=True) + cell('CUOTA', 'end', border=False, bold=True)]
        tax += [cell(f"{letter[int(v['rate'])]} {v['rate']}%", border=False) + cell(es(v['base']), 'end', border=False) + cell(es(v['amount']), 'end', border=False) for v in c['vat']]
        gross = sum((v['gross'] for v in c['vat']), 0)
        return document(blk(s['name'], font_weight='bold', text_align='center') + blk(s['addr'][0], text_align='center') + blk(s['addr'][1], text_align='center')
                        + blk(f"NIF {s['nif']}", text_align='center', space_after='3mm')
                        + blk(f"FRA. SIMPL. {inv['number']}") + blk(inv['date_printed'], space_after='2mm') + table(['48mm', '18mm'], rows, border=False)
                        + blk(f"TOTAL COMPRA  {es(gross)} EUR", font_weight='bold', font_size='11pt', space_before='2mm', space_after='2mm')
                        + table(['22mm', '22mm', '22mm'], tax, border=False) + blk('IVA INCLUIDO EN EL PRECIO', space_before='2mm', text_align='center'),
                        width='72mm', height='150mm', margin='4mm', font='Courier', size='8pt')
    if st == 'fo_long':
        before = blk(f"{s['name']} · Factura {inv['number']}", font_size='8pt', border_bottom='0.5pt solid black', font_family='Helvetica')
        after = f'<fo:block font-size="8pt" text-align="end" font-family="Helvetica">Página <fo:page-number/> de <fo:page-number-citation ref-id="end"/></fo:block>'
        head = '<fo:table-row>' + ''.join(cell(t, bold=True) for t in ('Descripción', 'Cant.', 'Precio', 'Importe')) + '</fo:table-row>'
        rows = [cell(l['desc'], pad='4pt') + cell(l['qty'], 'end', pad='4pt') + cell(es(l['price']), 'end', pad='4pt') + cell(es(l['net']), 'end', pad='4pt') for l in c['lines']]
        top = (blk(s['name'], font_size='16pt', font_weight='bold') + blk(f"{s['addr'][0]}, {s['addr'][1]} — CIF {s['nif']}")
               + blk(f"Cliente: {cu['name']} — CIF {cu['nif']} — {cu['addr'][1]}", space_before='5mm')
               + blk(f"Factura n.º {inv['number']}    Fecha {inv['date_printed']}", font_weight='bold', space_before='3mm', space_after='4mm'))
        end = table(['130mm', '50mm'], [cell('Base imponible', 'end', border=False) + cell(es(c['subtotal']), 'end', border=False),
                                        cell('IVA 21 %', 'end', border=False) + cell(es(c['vat_total']), 'end', border=False),
                                        cell('Total factura', 'end', True, False) + cell(es(c['total']) + ' €', 'end', True, False)], border=False)
        return document(top + table(['110mm', '20mm', '25mm', '25mm'], rows, head) + blk(' ', space_after='4mm') + end, before=before, after=after, size='11pt')
    raise ValueError(st)


def render(inv, out_pdf, work):
    fo = work / f"{inv['id']}.fo"
    fo.write_text(content(inv), encoding='utf-8')
    subprocess.run(['fop', '-q', '-fo', str(fo), '-pdf', str(out_pdf)], check=True, capture_output=True, timeout=300)
