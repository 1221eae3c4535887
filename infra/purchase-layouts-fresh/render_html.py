"""Chromium headless (--print-to-pdf) layouts: HTML + CSS written here."""
import html
import subprocess
from model import es, euros_in_words

CHROMIUM = ['/usr/bin/chromium', '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
            '--disable-background-networking', '--no-pdf-header-footer']
h = html.escape


def pct(r):
    return f'{r}'.replace('.', ',') + ' %'


def page(css, body, size='A4'):
    return f'''<!doctype html><html lang="es"><head><meta charset="utf-8"><style>
@page {{ size: {size}; margin: 0 }}
body {{ margin: 14mm 16mm; font-family: "Liberation Sans", sans-serif; font-size: 10pt; color: #111 }}
table {{ border-collapse: collapse }} td, th {{ padding: 2px 5px }} .n {{ text-align: right }}
{css}</style></head><body>{body}</body></html>'''


def tax_rows(c, re=False):
    out = ''
    for v in c['vat']:
        r = next((x for x in c['re'] if x['base'] == v['base']), None) if re else None
        out += f'<tr><td class="n">{es(v["base"])}</td><td class="n">{pct(v["rate"])}</td><td class="n">{es(v["amount"])}</td>'
        if re:
            out += f'<td class="n">{pct(r["rate"]) if r else ""}</td><td class="n">{es(r["amount"]) if r else ""}</td>'
        out += '</tr>'
    return out


def body(inv):
    c, s, cu, st = inv['calc'], inv['supplier'], inv['customer'], inv['style']
    if st == 'ch_columns':
        css = '''header { display: flex; justify-content: space-between; border-bottom: 3px solid #0a4d8c; padding-bottom: 6px }
        .logo { font: bold 20pt "DejaVu Serif"; color: #0a4d8c } table.l { width: 100%; margin-top: 10px; font-size: 8.5pt }
        table.l th { background: #0a4d8c; color: white } table.l td { border-bottom: 1px solid #ccd }
        .sum { float: right; margin-top: 10px; border: 1px solid #0a4d8c } .sum th { background: #e6eef7 }'''
        rows = ''
        for l in c['lines']:
            from decimal import Decimal
            gross = (Decimal(str(l['qty'])) * Decimal(str(l['price'])))
            rows += (f'<tr><td>{h(l["desc"])}</td><td class="n">{l["qty"]}</td><td class="n">{str(l["price"]).replace(".", ",")}</td>'
                     f'<td class="n">{es(gross)}</td><td class="n">{l["disc"] or ""}</td><td class="n">{es(gross - l["net"]) if l["disc"] else ""}</td>'
                     f'<td class="n">{es(l["net"])}</td><td class="n">{l["vat"]}</td><td class="n">{es(l["line_vat"])}</td></tr>')
        return css, f'''<header><div><div class="logo">GUADALMEDINA</div><div>{h(s["name"])}<br>{h(s["addr"][0])} · {h(s["addr"][1])}<br>CIF {s["nif"]}</div></div>
        <div><b>FACTURA</b><br>Nº {h(inv["number"])}<br>Fecha {inv["date_printed"]}<br>Cliente 004391</div></header>
        <p><b>Cliente:</b> {h(cu["name"])} — {h(cu["addr"][0])}, {h(cu["addr"][1])} — CIF {cu["nif"]}</p>
        <table class="l"><tr><th>Artículo</th><th>Uds.</th><th>Precio</th><th>Bruto</th><th>% Dto.</th><th>Dto.</th><th>Neto</th><th>% IVA</th><th>Cuota</th></tr>{rows}</table>
        <table class="sum"><tr><th>Base</th><th>% IVA</th><th>Cuota IVA</th></tr>{tax_rows(c)}
        <tr><th colspan="2">TOTAL FACTURA</th><th class="n">{es(c["total"])} €</th></tr></table>'''
    if st == 'ch_rent':
        css = '''h1 { font: 600 18pt "DejaVu Sans"; letter-spacing: 2px; margin: 0 } .grid { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; margin: 14px 0 }
        .box { border: 1px solid #999; padding: 6px } table.t { width: 100% } table.t td { border-bottom: 1px dotted #888 } .tot td { font-weight: bold; border-top: 2px solid #000 }'''
        rows = ''.join(f'<tr><td>{h(l["desc"])}</td><td class="n">{es(l["net"])} €</td></tr>' for l in c['lines'])
        w = c['irpf'][0]
        return css, f'''<h1>{h(s["name"].upper())}</h1><div>N.I.F.: {s["nif"]} · {h(s["addr"][0])} · {h(s["addr"][1])}</div>
        <div class="grid"><div class="box"><b>Arrendatario</b><br>{h(cu["name"])}<br>{"<br>".join(map(h, cu["addr"]))}<br>N.I.F.: {cu["nif"]}</div>
        <div class="box">Factura de alquiler<br>Número: <b>{h(inv["number"])}</b><br>Fecha: {inv["date_printed"]}<br>Mensualidad: noviembre de 2026</div></div>
        <table class="t">{rows}<tr><td>Base imponible</td><td class="n">{es(c["subtotal"])} €</td></tr>
        <tr><td>IVA 21 %</td><td class="n">{es(c["vat_total"])} €</td></tr>
        <tr><td>Retención IRPF {w["rate"]} % s/ {es(w["base"])}</td><td class="n">−{es(w["amount"])} €</td></tr>
        <tr class="tot"><td>Líquido a percibir</td><td class="n">{es(c["total"])} €</td></tr></table>
        <p style="font-size:8pt">Arrendamiento de inmueble urbano sujeto a retención (art. 100 RIRPF). Domiciliación: ES12 0049 1234 5678 9012 3456.</p>'''
    if st == 'ch_ticket':
        css = '''body { margin: 4mm 3mm; font: 9pt "DejaVu Sans Mono" } .c { text-align: center } hr { border: 0; border-top: 1px dashed #000 }
        table { width: 100% } .inc { border: 1px solid #000; padding: 3px; margin-top: 4px }'''
        rows = ''.join(f'<tr><td>{l["qty"]}</td><td>{h(l["desc"])}</td><td class="n">{es(l["net"])}</td></tr>' for l in c['lines'])
        v = c['vat'][0]
        return css, f'''<div class="c"><b>{h(s["name"])}</b><br>{h(s["addr"][0])}<br>{h(s["addr"][1])}<br>NIF {s["nif"]}</div><hr>
        <div>FACTURA SIMPLIFICADA<br>Nº: {h(inv["number"])}<br>{inv["date_printed"]} Mesa 12</div><hr>
        <table>{rows}</table><hr><table><tr><td><b>TOTAL</b></td><td class="n"><b>{es(v["gross"])} €</b></td></tr></table>
        <div class="inc">IVA INCLUIDO<br>Base 10%: {es(v["base"])}<br>Cuota: {es(v["amount"])}</div><p class="c">Eskerrik asko!</p>''', '80mm 150mm'
    if st == 'ch_hotel':
        css = '''body { font-family: "DejaVu Serif" } .top { text-align: center; border-bottom: 1px solid #963 } .top b { font-size: 17pt; color: #963 }
        table.l { width: 100%; margin: 10px 0 } table.l th { border-bottom: 1px solid #963; text-align: left } .right { margin-left: 55% }'''
        rows = ''.join(f'<tr><td>{h(l["desc"])}</td><td class="n">{l["qty"]}</td><td class="n">{es(l["price"])}</td><td class="n">{l["vat"]} %</td><td class="n">{es(l["net"])}</td></tr>' for l in c['lines'])
        return css, f'''<div class="top"><b>{h(s["name"])}</b><br>{h(s["addr"][0])} · {h(s["addr"][1])} · NIF {s["nif"]}</div>
        <p>Factura / Invoice núm. <b>{h(inv["number"])}</b> — Data: {inv["date_printed"]}</p>
        <p>Client: {h(cu["name"])}, {h(cu["addr"][0])}, {h(cu["addr"][1])}. NIF {cu["nif"]}<br>Estada: 18/06/2026 – 21/06/2026</p>
        <table class="l"><tr><th>Concepte</th><th class="n">Quant.</th><th class="n">Preu</th><th class="n">IVA</th><th class="n">Import</th></tr>{rows}</table>
        <table class="right"><tr><th>Base</th><th>IVA</th><th>Quota</th></tr>{tax_rows(c)}
        <tr><td colspan="2"><b>Total</b></td><td class="n"><b>{es(c["total"])} €</b></td></tr></table>
        <p>Son: {euros_in_words(c["total"])}.</p>'''
    if st == 'ch_recargo':
        css = '''.head { display: grid; grid-template-columns: 1.3fr 1fr; } .s b { font-size: 15pt } .meta td { border: 1px solid #444 }
        table.l { width: 100%; margin-top: 12px; font-size: 9pt } table.l th, table.l td { border: 1px solid #444 } table.t { margin-top: 10px; margin-left: auto }
        table.t th, table.t td { border: 1px solid #444 }'''
        rows = ''.join(f'<tr><td>{h(l["desc"])}</td><td class="n">{l["qty"]}</td><td class="n">{es(l["price"])}</td><td class="n">{l["vat"]}</td><td class="n">{str(l["re"]).replace(".", ",")}</td><td class="n">{es(l["net"])}</td></tr>' for l in c['lines'])
        return css, f'''<div class="head"><div class="s"><b>{h(s["name"])}</b><br>{h(s["addr"][0])}<br>{h(s["addr"][1])}<br>C.I.F. {s["nif"]}</div>
        <div><table class="meta"><tr><td>FACTURA</td><td>{h(inv["number"])}</td></tr><tr><td>FECHA</td><td>{inv["date_printed"]}</td></tr></table>
        <p>{h(cu["name"])}<br>{"<br>".join(map(h, cu["addr"]))}<br>D.N.I. {cu["nif"]}</p></div></div>
        <table class="l"><tr><th>Descripción</th><th>Cant.</th><th>Precio</th><th>% IVA</th><th>% R.E.</th><th>Importe</th></tr>{rows}</table>
        <table class="t"><tr><th>Base</th><th>% IVA</th><th>Cuota</th><th>% R.E.</th><th>Cuota R.E.</th></tr>{tax_rows(c, re=True)}</table>
        <p style="text-align:right"><b>TOTAL FACTURA: {es(c["total"])} €</b></p><p style="font-size:8pt">Cliente acogido al régimen especial del recargo de equivalencia.</p>'''
    raise ValueError(st)


def render(inv, out_pdf, work):
    parts = body(inv)
    css, content = parts[0], parts[1]
    size = parts[2] if len(parts) > 2 else 'A4'
    src = work / f"{inv['id']}.html"
    src.write_text(page(css, content, size), encoding='utf-8')
    subprocess.run([*CHROMIUM, f'--print-to-pdf={out_pdf}', src.as_uri()], check=True, capture_output=True, timeout=120)
