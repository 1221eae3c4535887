"""HTML templates printed by two engines unlike the first corpus's Chromium: wkhtmltopdf (Qt WebKit)
for the `wk-` layouts and WeasyPrint (its own CSS layout engine) for the `wp-` ones."""
from __future__ import annotations

import html
import subprocess

from common import data_uri, logo_png, money, rate, shown_id, when
from model import RECARGO, Invoice, total_in_words

e = html.escape


def party_block(p, label='', cls='party', id_label='NIF'):
    lines = '<br>'.join(e(a) for a in p.address)
    return f'<div class="{cls}">{f"<div class=lbl>{e(label)}</div>" if label else ""}<b>{e(p.name)}</b><br>{lines}<br>{id_label}: {e(p.shown_id)}</div>'


def supplier_block(inv, label='', cls='party', id_label='NIF'):
    p = inv.supplier
    lines = '<br>'.join(e(a) for a in p.address)
    return f'<div class="{cls}">{f"<div class=lbl>{e(label)}</div>" if label else ""}<b>{e(p.name)}</b><br>{lines}<br>{id_label}: {e(shown_id(inv))}</div>'


def breakdown_table(inv, heads=('Base imponible', '% IVA', 'Cuota IVA'), recargo_heads=('% R.E.', 'Cuota R.E.')):
    rows = []
    for r in inv.breakdown():
        cells = [money(inv, r['base']), 'Exento' if r['rate'] == 0 else rate(r['rate']) + ' %', money(inv, r['vat'])]
        if inv.recargo:
            cells += [rate(r['re_rate']).replace('.', ',') + ' %', money(inv, r['re'])]
        rows.append('<tr>' + ''.join(f'<td class=n>{c}</td>' for c in cells) + '</tr>')
    hs = list(heads) + (list(recargo_heads) if inv.recargo else [])
    return f'<table class="bd"><tr>{"".join(f"<th>{h}</th>" for h in hs)}</tr>{"".join(rows)}</table>'


def totals(inv, base_label='Base imponible', total_label='TOTAL FACTURA'):
    out = [(base_label, money(inv, inv.subtotal))]
    for r in inv.breakdown():
        if r['rate'] > 0:
            out.append((f'IVA {rate(r["rate"])} %', money(inv, r['vat'])))
        if r['re_rate'] > 0:
            out.append((f'Recargo equivalencia {rate(r["re_rate"])} %', money(inv, r['re'])))
    if inv.irpf:
        out.append((f'Retención IRPF {rate(inv.irpf)} %', '-' + money(inv, inv.withholding)))
    out.append((total_label, money(inv, inv.total) + ' €'))
    return '<table class="tot">' + ''.join(f'<tr><td>{e(a)}</td><td class=n>{b}</td></tr>' for a, b in out) + '</table>'


def lines_table(inv, cols, lines=None):
    heads = {'code': 'Código', 'desc': 'Descripción', 'qty': 'Cant.', 'price': 'Precio', 'disc': 'Dto. %', 'net': 'Importe',
             'vat': '% IVA', 're': '% R.E.'}
    body = []
    for l in lines if lines is not None else inv.lines:
        v = {'code': l.code, 'desc': e(l.description), 'qty': str(l.quantity).replace('.', ','), 'price': money(inv, l.price),
             'disc': (str(l.discount).replace('.', ',') if l.discount else ''), 'net': money(inv, l.net),
             'vat': 'Exento' if l.vat == 0 else rate(l.vat), 're': rate(RECARGO[l.vat])}
        body.append('<tr>' + ''.join(f'<td class="{"n" if c not in ("desc", "code") else ""}">{v[c]}</td>' for c in cols) + '</tr>')
    return f'<table class="lines"><thead><tr>{"".join(f"<th>{heads[c]}</th>" for c in cols)}</tr></thead><tbody>{"".join(body)}</tbody></table>'


# ---- wkhtmltopdf templates -------------------------------------------------------------------
WK_CSS = '''body{font-family:"Liberation Sans";font-size:10.5pt;color:#222} .n{text-align:right} table{border-collapse:collapse}
.lines{width:100%;margin-top:14px}.lines th{background:#e7ecf2;border-bottom:1px solid #789;padding:4px;font-size:9.5pt}.lines td{padding:3px 4px;border-bottom:1px dotted #bbb}
.bd{margin-top:12px}.bd th,.bd td{border:1px solid #999;padding:3px 8px;font-size:9.5pt}.tot{float:right;margin-top:10px}.tot td{padding:3px 8px}
.tot tr:last-child td{font-weight:bold;border-top:2px solid #333;font-size:12pt}.lbl{font-size:8pt;color:#567;text-transform:uppercase;letter-spacing:1px}
.party{margin:6px 0}.box{border:2px solid #2a5d8a;padding:8px;width:45%}.foot{position:absolute;bottom:0;font-size:8pt;color:#444;border-top:1px solid #aaa;width:100%;padding-top:4px}'''


def wk_utility(inv):
    b = inv.breakdown()[0]
    return f'''<div style="position:relative;height:1050px">
<table style="width:100%"><tr><td style="width:55%">{party_block(inv.customer, 'Titular del contrato')}
<div>Dirección de suministro: Polígono Las Hervencias, nave 12 - Ávila<br>CUPS: ES0021000012345678AB</div></td>
<td><div class="box" style="width:auto"><div class=lbl>Importe a pagar</div><div style="font-size:20pt;font-weight:bold">{money(inv, inv.total)} €</div>
Nº factura: {e(inv.number)}<br>Fecha de emisión: {when(inv)}<br>Periodo de facturación: 01.01.2026 - 31.01.2026<br>Fecha de cargo: 13.02.2026</div></td></tr></table>
<h3 style="color:#2a5d8a">Detalle de la factura</h3>
{lines_table(inv, ['desc', 'net'])}
{breakdown_table(inv)}
{totals(inv, 'Total base imponible', 'TOTAL IMPORTE FACTURA')}
<div class="foot">{e(inv.supplier.name)} · C.I.F. {e(shown_id(inv))} · {e(", ".join(inv.supplier.address))} · Inscrita en el R.M. de Madrid, Tomo 31.452, Folio 118, Hoja M-566120</div></div>'''


def wk_telecom(inv):
    return f'''<table style="width:100%"><tr><td><img src="{data_uri(logo_png(inv.style['logo'], (170, 40, 90)))}" height="70"></td>
<td class=n>{supplier_block(inv, id_label='CIF')}</td></tr></table>
<hr><table style="width:100%"><tr><td>{party_block(inv.customer, 'Cliente')}</td>
<td class=n>Nº de factura: <b>{e(inv.number)}</b><br>Fecha de emisión: {when(inv)}<br>Periodo: 1 de marzo - 31 de marzo de 2026<br>Nº de cliente: 0048812276</td></tr></table>
<h3>Resumen de su factura</h3>
<table class="lines"><thead><tr><th>Concepto</th><th>Periodo</th><th>Unidades</th><th>Importe</th></tr></thead><tbody>
{"".join(f"<tr><td>{e(l.description)}</td><td>01/03 - 31/03</td><td class=n>{l.quantity}</td><td class=n>{money(inv, l.net)}</td></tr>" for l in inv.lines)}</tbody></table>
{breakdown_table(inv, ('Base imponible', 'Tipo', 'Cuota'))}{totals(inv, 'Total antes de impuestos', 'Total factura')}'''


def wk_wholesale(inv):
    pages, per_page, running = [], 22, 0
    chunks = [inv.lines[i:i + per_page] for i in range(0, len(inv.lines), per_page)]
    from model import D
    running = D('0')
    for i, chunk in enumerate(chunks):
        running += sum((l.net for l in chunk), D('0'))
        head = f'''<table style="width:100%"><tr><td>{supplier_block(inv)}</td><td class=n><b>FACTURA</b> {e(inv.number)}<br>Fecha: {when(inv)}<br>Página {i + 1} de {len(chunks)}</td></tr></table>'''
        if i == 0:
            head += f'<div style="border:1px solid #999;padding:6px;margin-top:8px;width:50%">{party_block(inv.customer, "Cliente")}</div>'
        foot = (f'<div class=n style="margin-top:6px"><i>Suma y sigue: {money(inv, running)}</i></div><div style="page-break-after:always"></div>'
                if i < len(chunks) - 1 else breakdown_table(inv) + totals(inv, 'Base imponible', 'TOTAL'))
        pages.append(head + lines_table(inv, ['code', 'desc', 'qty', 'price', 'disc', 'net', 'vat'], chunk) + foot)
    return ''.join(pages)


def wk_recargo(inv):
    return f'''<h2 style="margin:0">{e(inv.supplier.name)}</h2><div>{e(" · ".join(inv.supplier.address))} · NIF {e(shown_id(inv))}</div>
<table style="width:100%;margin-top:14px"><tr><td style="width:50%">{party_block(inv.customer, 'Datos del cliente')}Régimen: recargo de equivalencia</td>
<td><table class=bd><tr><th>Factura</th><th>Fecha</th></tr><tr><td>{e(inv.number)}</td><td>{when(inv)}</td></tr></table></td></tr></table>
{lines_table(inv, ['desc', 'qty', 'price', 'disc', 'net', 'vat', 're'])}{breakdown_table(inv)}{totals(inv, 'Base imponible', 'TOTAL')}'''


def wk_ticket(inv):
    b = inv.breakdown()
    rows = ''.join(f'<tr><td>{l.quantity} {e(l.description)}</td><td class=n>{money(inv, l.net)}</td></tr>' for l in inv.lines)
    taxes = ''.join(f'<tr><td>Base {rate(r["rate"])}%</td><td class=n>{money(inv, r["base"])}</td></tr><tr><td>Cuota IVA {rate(r["rate"])}%</td><td class=n>{money(inv, r["vat"])}</td></tr>' for r in b)
    return f'''<div style="text-align:center;font-family:'DejaVu Sans Condensed';font-size:9pt"><b style="font-size:11pt">MESÓN EL CANDIL DE GREDOS</b><br>{e(inv.supplier.name)}<br>
{e(inv.supplier.address[0])}<br>{e(inv.supplier.address[1])}<br>C.I.F.: {e(shown_id(inv))}<br>Tel. 920 21 45 87<br><br>
<b>FRA. SIMPLIFICADA: {e(inv.number)}</b><br>Fecha: {when(inv)}  Hora: 15:42<br>Mesa 7 · Camarero: LUIS</div>
<table style="width:100%;font-size:9pt;margin-top:6px;border-top:1px dashed #000">{rows}<tr><td colspan=2 style="border-top:1px dashed #000"></td></tr>{taxes}
<tr><td style="font-size:12pt"><b>TOTAL</b></td><td class=n style="font-size:12pt"><b>{money(inv, inv.total)} €</b></td></tr></table>
<div style="text-align:center;font-size:8.5pt;margin-top:8px">IVA INCLUIDO<br>Gracias por su visita</div>'''


def wk_bottom(inv):
    return f'''<div style="position:relative;height:1050px"><img src="{data_uri(logo_png(inv.style['logo'], (20, 110, 70)))}" height="80">
<div style="margin-top:20px;width:50%;margin-left:48%;border-left:4px solid #146e46;padding-left:10px">{party_block(inv.customer)}</div>
<p>Factura n.º <b>{e(inv.number)}</b> &nbsp;&nbsp; Fecha {when(inv)}</p>
{lines_table(inv, ['desc', 'qty', 'price', 'net', 'vat'])}{breakdown_table(inv)}{totals(inv, 'Suma bases', 'Total')}
<div style="clear:both;margin-top:40px">Forma de pago: transferencia a ES12 2100 0418 4502 0005 1332 a 30 días.</div>
<div class="foot"><b>{e(inv.supplier.name)}</b> · NIF {e(shown_id(inv))} · {e(" · ".join(inv.supplier.address))} · Inscrita en el Registro Mercantil de Madrid, tomo 12.345, folio 67, hoja M-201234</div></div>'''


# ---- WeasyPrint templates --------------------------------------------------------------------
WP_CSS = '''@page{size:A4;margin:18mm 16mm} body{font-family:"DejaVu Serif";font-size:10pt} .n{text-align:right} table{border-collapse:collapse}
.lines{width:100%;margin:12px 0}.lines th{border-bottom:1.5px solid #000;text-align:left;padding:3px}.lines td{padding:3px}
.bd th,.bd td{padding:2px 10px;border-bottom:.5px solid #888}.tot{margin-left:auto;margin-top:8px}.tot td{padding:2px 8px}.tot tr:last-child td{font-weight:bold;border-top:1px solid #000}
.lbl{font-variant:small-caps;color:#555}.party{margin:4px 0}'''


def wp_letter(inv):
    place = inv.style.get('place', '')
    words = f'<p>Son: <i>{total_in_words(inv.total)}</i>.</p>' if inv.style.get('words') else ''
    return f'''<div style="text-align:right">{supplier_block(inv)}</div>
<div style="margin-top:18px">{party_block(inv.customer, 'A la atención de')}</div>
<p style="text-align:right">{e(place)}, a {when(inv) if inv.date_form == "long" else "fecha " + when(inv)}</p>
<h2>FACTURA Nº {e(inv.number)}</h2>
<p>Por los servicios prestados durante el periodo, según el siguiente detalle:</p>
{lines_table(inv, ['desc', 'net'])}{totals(inv, 'Base imponible', 'Total a percibir')}{words}
<p style="margin-top:30px;font-size:9pt">Pago mediante transferencia bancaria a la cuenta ES91 2100 0418 4502 0005 1332.</p>'''


def wp_modern(inv):
    return f'''<table style="width:100%"><tr><td><span style="font-family:'DejaVu Sans';font-size:22pt;font-weight:bold;color:#c2410c">Factura</span><br>Nº {e(inv.number)}<br>Fecha {when(inv)}</td>
<td class=n>{supplier_block(inv)}</td></tr></table>
<div style="background:#f4f1ec;padding:8px;margin-top:16px">{party_block(inv.customer, 'Cliente')}</div>
{lines_table(inv, ['desc', 'qty', 'price', 'net', 'vat'])}{breakdown_table(inv)}{totals(inv, 'Subtotal', 'Total')}'''


def wp_english(inv):
    def row(a, b):
        return f'<tr><td>{a}</td><td class=n>{b}</td></tr>'
    r = inv.breakdown()[0]
    return f'''<h1 style="font-family:'DejaVu Sans';margin:0">INVOICE <span style="font-weight:normal;font-size:14pt">/ FACTURA</span></h1>
<table style="width:100%;margin-top:10px"><tr><td style="width:50%">{supplier_block(inv, 'From / Emisor', id_label='VAT No.')}</td>
<td>{party_block(inv.customer, 'Bill to / Cliente', id_label='VAT No.').replace(inv.customer.tax_id, 'ES' + inv.customer.tax_id)}</td></tr></table>
<p>Invoice No. / Nº factura: <b>{e(inv.number)}</b><br>Invoice date / Fecha: {when(inv)}<br>Due date: 2 April 2026</p>
<table class="lines"><thead><tr><th>Description</th><th class=n>Qty</th><th class=n>Unit price</th><th class=n>Amount</th></tr></thead><tbody>
{"".join(f"<tr><td>{e(l.description)}</td><td class=n>{l.quantity}</td><td class=n>{money(inv, l.price)}</td><td class=n>{money(inv, l.net)}</td></tr>" for l in inv.lines)}</tbody></table>
<table class="tot">{row('Taxable base / Base imponible', money(inv, inv.subtotal) + ' EUR')}{row(f'VAT / IVA {rate(r["rate"])}%', money(inv, r['vat']) + ' EUR')}{row('Total', money(inv, inv.total) + ' EUR')}</table>'''


def wp_twocol(inv):
    return f'''<table style="width:100%;border-bottom:2px solid #333"><tr><td style="width:55%;vertical-align:top">{supplier_block(inv)}</td>
<td style="vertical-align:top"><table class=bd><tr><td>Factura</td><td><b>{e(inv.number)}</b></td></tr><tr><td>Fecha</td><td>{when(inv)}</td></tr>
<tr><td>Vencimiento</td><td>30 días</td></tr></table></td></tr></table>
<div style="margin:12px 0 0 50%">{party_block(inv.customer, 'Cliente')}</div>
{lines_table(inv, ['desc', 'qty', 'price', 'disc', 'net', 'vat'])}{breakdown_table(inv, ('Base', 'IVA', 'Cuota'))}{totals(inv, 'Base imponible', 'TOTAL FACTURA')}'''


WK = dict(utility=wk_utility, telecom=wk_telecom, wholesale=wk_wholesale, recargo=wk_recargo, ticket=wk_ticket, bottom=wk_bottom)
WP = dict(letter=wp_letter, modern=wp_modern, english=wp_english, twocol=wp_twocol)


def render(inv: Invoice, out_pdf: str, tmp: str):
    if inv.generator == 'wkhtmltopdf':
        body = WK[inv.style['template']](inv)
        src = f'{tmp}/{inv.id}.html'
        open(src, 'w').write(f'<!doctype html><html><head><meta charset="utf-8"><style>{WK_CSS}</style></head><body>{body}</body></html>')
        size = ['--page-width', '80mm', '--page-height', '170mm', '-L', '3mm', '-R', '3mm', '-T', '4mm', '-B', '4mm'] if inv.style['template'] == 'ticket' else ['-s', 'A4']
        subprocess.run(['wkhtmltopdf', '-q', *size, '--title', inv.number, src, out_pdf], check=True, capture_output=True)
    else:
        from weasyprint import HTML
        body = WP[inv.style['template']](inv)
        HTML(string=f'<!doctype html><html><head><meta charset="utf-8"><style>{WP_CSS}</style></head><body>{body}</body></html>').write_pdf(out_pdf)
