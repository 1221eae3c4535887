"""HTML + CSS printed by headless Chromium (`--print-to-pdf`, CSS grid and flexbox, @page sizes): cr-* ."""
import os
import subprocess
import tempfile
from html import escape as h
from model import es, rate_text


def qty(q):
    return f'{q.normalize():f}'.replace('.', ',')


def print_pdf(html, out):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, 'page.html')
        open(src, 'w', encoding='utf-8').write(html)
        subprocess.run(['chromium', '--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer', f'--user-data-dir={tmp}/profile',
                        f'--print-to-pdf={os.path.abspath(out)}', f'file://{src}'], check=True, capture_output=True, timeout=120)


def tienda_online(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    rows = ''.join(f'<tr><td>{h(l.desc)}</td><td class=n>{qty(l.qty)}</td><td class=n>{es(l.price)} €</td><td class=n>{es(l.net)} €</td></tr>' for l in i['lines'])
    g = t.groups[0]
    html = f'''<!doctype html><meta charset=utf-8><style>
@page {{ size: A4; margin: 16mm 14mm; }} body {{ font-family: 'Liberation Sans', sans-serif; font-size: 9.5pt; color: #222; }}
.top {{ display: grid; grid-template-columns: 1fr 1fr; gap: 10mm; }}
.logo {{ font-size: 20pt; font-weight: bold; color: #e4572e; letter-spacing: -0.5pt; }}
.card {{ border: 1px solid #ddd; border-radius: 6px; padding: 4mm; }} .card b.t {{ display:block; font-size: 7.5pt; color:#888; text-transform: uppercase; margin-bottom: 2mm; }}
table.items {{ width: 100%; border-collapse: collapse; margin-top: 8mm; }} table.items th {{ text-align: left; font-size: 8pt; color: #666; border-bottom: 2px solid #e4572e; padding: 2mm 1mm; }}
table.items td {{ padding: 2.2mm 1mm; border-bottom: 1px solid #eee; }} .n {{ text-align: right; }}
.sum {{ width: 75mm; margin-left: auto; margin-top: 6mm; }} .sum div {{ display: flex; justify-content: space-between; padding: 1.2mm 0; }}
.sum .tot {{ font-size: 13pt; font-weight: bold; border-top: 2px solid #222; margin-top: 2mm; padding-top: 2mm; }}
.foot {{ position: fixed; bottom: 0; font-size: 7.5pt; color: #777; }}
</style>
<div class=top>
 <div class=card><b class=t>Enviar y facturar a</b><b>{h(c['name'])}</b><br>{'<br>'.join(h(a) for a in c['address'])}<br>NIF {c['nif']}</div>
 <div style="text-align:right"><div class=logo>ofiprix</div>{h(s['name'])}<br>{'<br>'.join(h(a) for a in s['address'])}<br>CIF: {s['nif']}<br>{s['email']}</div>
</div>
<h2 style="margin-top:10mm;font-weight:normal">Factura <b>{i['number']}</b></h2>
<div style="display:flex;gap:14mm"><div>Fecha de factura<br><b>{i['date_text']}</b></div><div>Pedido<br><b>{i['order']}</b></div><div>Forma de pago<br><b>Tarjeta (pagado)</b></div></div>
<table class=items><tr><th>Producto</th><th class=n>Uds.</th><th class=n>Precio</th><th class=n>Importe</th></tr>{rows}</table>
<div class=sum>
 <div><span>Suma de productos</span><span>{es(t.gross)} €</span></div>
 <div><span>Cupón BIENVENIDA10 (-10 %)</span><span>-{es(t.discount)} €</span></div>
 <div><span>Base imponible</span><span>{es(t.subtotal)} €</span></div>
 <div><span>IVA ({rate_text(g['rate'])} %)</span><span>{es(t.vat)} €</span></div>
 <div class=tot><span>Total</span><span>{es(t.total)} €</span></div>
</div>
<div class=foot>Ofiprix Suministros Online, S.L. · R.M. Madrid T. 38.551 F. 102 H. M-685.904 · Devoluciones en 30 días desde ofiprix.es/devoluciones</div>'''
    print_pdf(html, out)


def hotel_apaisado(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    rows = ''.join(f'<tr><td>26/06/2026</td><td>{h(l.desc)}</td><td class=n>{qty(l.qty)}</td><td class=n>{es(l.price)}</td><td class=n>{rate_text(l.rate)}%</td><td class=n>{es(l.net)}</td></tr>' for l in i['lines'])
    tax = ''.join(f'<tr><td class=n>{rate_text(g["rate"])}%</td><td class=n>{es(g["base"])}</td><td class=n>{es(g["vat"])}</td><td class=n>{es(g["base"] + g["vat"])}</td></tr>' for g in t.groups)
    html = f'''<!doctype html><meta charset=utf-8><style>
@page {{ size: A4 landscape; margin: 12mm 16mm; }} body {{ font-family: 'DejaVu Serif', serif; font-size: 9pt; color: #1d2b3a; }}
header {{ display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 1px solid #b08d57; padding-bottom: 3mm; }}
.brand {{ font-size: 22pt; letter-spacing: 2pt; color: #1d2b3a; }} .brand small {{ display:block; font-size: 8pt; letter-spacing: 4pt; color: #b08d57; }}
.cols {{ display: grid; grid-template-columns: 1.1fr 1fr 1fr; gap: 8mm; margin-top: 5mm; }}
.lab {{ font-size: 7pt; text-transform: uppercase; letter-spacing: 1pt; color: #b08d57; }}
table {{ border-collapse: collapse; }} .items {{ width: 100%; margin-top: 6mm; }} .items th, .tax th {{ font-size: 7.5pt; text-align: left; border-bottom: 1px solid #1d2b3a; padding: 1.5mm; }}
.items td, .tax td {{ padding: 1.6mm; border-bottom: 1px dotted #ccc; }} .n {{ text-align: right; }}
.bottom {{ display: flex; justify-content: space-between; margin-top: 6mm; }}
.total {{ font-size: 14pt; border: 1px solid #b08d57; padding: 3mm 6mm; }}
</style>
<header><div class=brand>MIRAMAR ONDARRETA<small>HOTEL · DONOSTIA</small></div>
<div style="text-align:right">{h(s['name'])} · C.I.F. {s['nif']}<br>{h(s['address'][0])} · {h(s['address'][1])} · Tel. {s['phone']}</div></header>
<div class=cols>
<div><div class=lab>Cliente</div><b>{h(c['name'])}</b><br>{h(', '.join(c['address']))}<br>N.I.F. {c['nif']}</div>
<div><div class=lab>Factura</div>Nº <b>{i['number']}</b><br>Fecha: {i['date_text']}</div>
<div><div class=lab>Evento</div>Jornada comercial 26/06/2026<br>Grupo 26-EV-118 · 28 asistentes<br>Llegada 25/06 · Salida 27/06</div></div>
<table class=items><tr><th>Fecha</th><th>Concepto</th><th class=n>Cant.</th><th class=n>Precio</th><th class=n>IVA</th><th class=n>Importe</th></tr>{rows}</table>
<div class=bottom>
<table class=tax><tr><th class=n>Tipo IVA</th><th class=n>Base imponible</th><th class=n>Cuota</th><th class=n>Total</th></tr>{tax}</table>
<div><div style="text-align:right;margin-bottom:2mm">Base imponible {es(t.subtotal)} € · IVA {es(t.vat)} €</div><div class=total>TOTAL FACTURA &nbsp; <b>{es(t.total)} €</b></div></div>
</div>
<p style="font-size:7.5pt;color:#666;margin-top:8mm">Pago mediante transferencia a 30 días. Hotel inscrito en el Registro de Empresas Turísticas de Euskadi HSS-00412.</p>'''
    print_pdf(html, out)


def ticket_panaderia(i, out):
    s, t = i['supplier'], i['totals']
    rows = ''.join(f'<div class=r><span>{qty(l.qty)} {h(l.desc)}</span><span>{es(l.net)}</span></div>' for l in i['lines'])
    tax = ''.join(f'<div class=r><span>IVA {rate_text(g["rate"])}%</span><span>{es(g["base"])}</span><span>{es(g["vat"])}</span></div>' for g in t.groups)
    html = f'''<!doctype html><meta charset=utf-8><style>
@page {{ size: 80mm 150mm; margin: 4mm; }} body {{ font-family: 'Liberation Mono', monospace; font-size: 8pt; margin: 0; }}
.c {{ text-align: center; }} .r {{ display: flex; justify-content: space-between; }} .r span:nth-child(3) {{ min-width: 14mm; text-align: right; }}
hr {{ border: 0; border-top: 1px dashed #000; }} .big {{ font-size: 11pt; font-weight: bold; }}
</style>
<div class=c><b style="font-size:11pt">OBRADOR ARRASATE</b><br>{h(s['name'])}<br>{h(s['address'][0])}<br>{h(s['address'][1])}<br>CIF {s['nif']}</div><hr>
<div>Factura simplificada {i['number']}</div><div>{i['date_text']} 09:14 · Mesa 4</div><hr>
{rows}<hr>
<div class="r big"><span>TOTAL</span><span>{es(t.total)} €</span></div><hr>
<div class=r><span>Desglose</span><span>Base</span><span>Cuota</span></div>{tax}<hr>
<div class=r><span>Tarjeta</span><span>{es(t.total)}</span></div>
<div class=c style="margin-top:3mm">Impuestos incluidos<br>Eskerrik asko! ¡Gracias!</div>'''
    print_pdf(html, out)


def transportista(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    rows = ''.join(f'<tr><td>{h(l.desc[:5])}</td><td>{h(l.desc[6:])}</td><td class=n>{es(l.net)}</td></tr>' for l in i['lines'])
    g = t.groups[0]
    html = f'''<!doctype html><meta charset=utf-8><style>
@page {{ size: A4; margin: 20mm 18mm; }} body {{ font-family: 'Liberation Serif', serif; font-size: 11pt; }}
.hd {{ display: grid; grid-template-columns: 2fr 1fr; }} h1 {{ font-size: 15pt; margin: 0; }}
table {{ border-collapse: collapse; width: 100%; }} td, th {{ border: 1px solid #444; padding: 1.6mm 2mm; }} th {{ background: #ddd; }}
.n {{ text-align: right; }} .tot td {{ border: none; padding: 1mm 2mm; }}
</style>
<div class=hd><div><h1>{h(s['name'])}</h1>{h(s['address'][0])}<br>{h(s['address'][1])} · {h(s['address'][2])}<br>DNI {s['nif']} · Tel. {s['phone']}</div>
<div style="border:2px solid #000;padding:3mm;text-align:center"><b>FACTURA</b><br>Nº {i['number']}<br>{i['date_text']}</div></div>
<p style="margin-top:10mm">Cliente: <b>{h(c['name'])}</b> — {h(', '.join(c['address']))} — CIF {c['nif']}</p>
<p>Servicios de transporte realizados en el mes de abril de 2026 (camión 4921-JHL, tarjeta MDP nº 1187302):</p>
<table><tr><th>Fecha</th><th>Trayecto</th><th class=n>Importe €</th></tr>{rows}</table>
<table class=tot style="width:90mm;margin-left:auto;margin-top:6mm">
<tr><td>Base imponible</td><td class=n>{es(t.subtotal)}</td></tr>
<tr><td>I.V.A. {rate_text(g['rate'])} %</td><td class=n>{es(t.vat)}</td></tr>
<tr><td>Retención I.R.P.F. {rate_text(t.withholding_rate)} %</td><td class=n>-{es(t.withholding)}</td></tr>
<tr><td><b>Total a percibir</b></td><td class=n><b>{es(t.total)} €</b></td></tr></table>
<p style="font-size:9pt;margin-top:16mm">Empresario en estimación objetiva, epígrafe IAE 722: retención del 1 % (art. 95.6.2º RIRPF).<br>Pago por transferencia a ES21 0182 1290 3102 0163 7280.</p>'''
    print_pdf(html, out)


LAYOUTS = {'cr-tienda-online': tienda_online, 'cr-hotel-apaisado': hotel_apaisado,
           'cr-ticket-panaderia': ticket_panaderia, 'cr-transportista-irpf1': transportista}
