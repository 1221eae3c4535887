"""reportlab layouts (python3-reportlab): platypus flowables and raw canvas drawing.
Called by generate.ts: render_reportlab.py <layout id> <out.pdf>, the invoice as JSON on stdin."""
import json, sys
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, A5
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

layout, out = sys.argv[1], sys.argv[2]
inv = json.load(sys.stdin)
SUR = {21: 5.2, 10: 1.4, 4: 0.5}
MONTHS = ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC']

def rnd(x):  # half up on cents
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)
def net(i):
    gross = rnd(round(i['qty'] * i['price'] * 100 * 1000) / 1000)
    return rnd(gross * (1 - i.get('disc', 0) / 100))
def money(c, thousands='.'):
    s = '-' if c < 0 else ''
    c = abs(c)
    whole = f"{c // 100:,}".replace(',', thousands)
    return f"{s}{whole},{c % 100:02d}"
def qty(q):
    return str(int(q)) if float(q).is_integer() else str(q).replace('.', ',')
def breakdown():
    rates = sorted({i['vat'] for i in inv['items']}, reverse=True)
    vat = []
    for r in rates:
        g = sum(net(i) for i in inv['items'] if i['vat'] == r)
        if inv.get('inclusive'):
            base = rnd(g * 100 / (100 + r)); vat.append((r, base, g - base))
        else:
            vat.append((r, g, rnd(g * r / 100)))
    sur = [(SUR[r], b, rnd(b * SUR[r] / 100)) for r, b, _ in vat] if inv.get('surcharge') else []
    sub = sum(b for _, b, _ in vat)
    wh = [(inv['irpf'], sub, rnd(sub * inv['irpf'] / 100))] if inv.get('irpf') else []
    total = sub + sum(a for *_, a in vat) + sum(a for *_, a in sur) - sum(a for *_, a in wh)
    return sub, total, vat, sur, wh
def dmy(iso, sep='/'):
    y, m, d = iso.split('-'); return f"{d}{sep}{m}{sep}{y}"
def rate(r):
    return str(int(r)) if float(r).is_integer() else str(r).replace('.', ',')

sub, total, vat, sur, wh = breakdown()
S = inv['supplier']; C = inv['customer']; st = getSampleStyleSheet()

def table_doc(pagesize, story):
    doc = SimpleDocTemplate(out, pagesize=pagesize, leftMargin=15 * mm, rightMargin=15 * mm, topMargin=15 * mm, bottomMargin=15 * mm,
                            title='Factura', author=S['name'], creator='layouts', producer='layouts', invariant=1)
    doc.build(story)

GRID = TableStyle([('GRID', (0, 0), (-1, -1), 0.5, colors.black), ('BACKGROUND', (0, 0), (-1, 0), colors.HexColor('#dddddd')),
                   ('ALIGN', (1, 0), (-1, -1), 'RIGHT'), ('FONTSIZE', (0, 0), (-1, -1), 9)])

if layout == 'reportlab-table':
    head = Table([[Paragraph(f"<b>{S['name']}</b><br/>{'<br/>'.join(S['lines'])}<br/>N.I.F.: {S['taxId']}", st['Normal']),
                   Paragraph(f"<b>Cliente</b><br/>{C['name']}<br/>{'<br/>'.join(C['lines'])}<br/>N.I.F.: {C['taxId']}", st['Normal'])]], colWidths=[95 * mm, 85 * mm])
    meta = Table([['Nº Fra.:', inv['number'], 'Fecha:', dmy(inv['date'])]], colWidths=[20 * mm, 50 * mm, 20 * mm, 40 * mm])
    rows = [['Descripción', 'Cant.', 'Precio', 'Importe']] + [[i['desc'], qty(i['qty']), money(rnd(i['price'] * 100)), money(net(i))] for i in inv['items']]
    lines = Table(rows, colWidths=[100 * mm, 20 * mm, 30 * mm, 30 * mm]); lines.setStyle(GRID)
    tot = Table([['Base imponible', money(sub) + ' €'], ['I.V.A. 21%', money(vat[0][2]) + ' €'], ['TOTAL', money(total) + ' €']], colWidths=[40 * mm, 35 * mm], hAlign='RIGHT')
    tot.setStyle(TableStyle([('GRID', (0, 0), (-1, -1), 0.5, colors.black), ('ALIGN', (1, 0), (1, -1), 'RIGHT'), ('FONTNAME', (0, 2), (-1, 2), 'Helvetica-Bold')]))
    table_doc(A4, [Paragraph('FACTURA', st['Title']), head, Spacer(1, 8 * mm), meta, Spacer(1, 6 * mm), lines, Spacer(1, 6 * mm), tot])

elif layout == 'reportlab-restaurant':
    c = canvas.Canvas(out, pagesize=A5, invariant=1); w, h = A5
    c.setFont('Times-Bold', 15); c.drawCentredString(w / 2, h - 40, S['name'])
    c.setFont('Times-Italic', 9); c.drawCentredString(w / 2, h - 54, ' · '.join(S['lines'])); c.drawCentredString(w / 2, h - 66, f"CIF {S['taxId']} · Reservas 944 157 220")
    c.setFont('Times-Roman', 10)
    c.drawString(36, h - 100, f"Factura: {inv['number']}"); c.drawString(230, h - 100, f"Fecha: {dmy(inv['date'])}")
    c.drawString(36, h - 114, f"Mesa 12 · Comensales 4 · Camarero: Iñaki")
    c.drawString(36, h - 132, f"Cliente: {C['name']} · CIF {C['taxId']}"); c.drawString(36, h - 144, ', '.join(C['lines']))
    y = h - 175
    for i in inv['items']:
        c.drawString(36, y, f"{qty(i['qty'])}  {i['desc']}"); c.drawRightString(w - 36, y, money(net(i))); y -= 15
    c.line(36, y + 5, w - 36, y + 5); y -= 12
    c.setFont('Times-Bold', 12); c.drawString(36, y, 'TOTAL (IVA incluido)'); c.drawRightString(w - 36, y, money(total) + ' €'); y -= 20
    c.setFont('Times-Roman', 9); c.drawString(36, y, f"Base imponible {money(sub)} €   IVA 10% {money(vat[0][2])} €")
    c.drawCentredString(w / 2, 50, 'Gracias por su visita · Eskerrik asko'); c.save()

elif layout == 'reportlab-recargo':
    head = Paragraph(f"<font size=14><b>{S['name']}</b></font><br/>{', '.join(S['lines'])} · CIF {S['taxId']}", st['Normal'])
    cli = Paragraph(f"<b>Factura {inv['number']}</b> — fecha {dmy(inv['date'], '-')}<br/>Cliente (régimen de recargo de equivalencia): {C['name']}, NIF {C['taxId']}, {', '.join(C['lines'])}", st['Normal'])
    rows = [['Artículo', 'Cant.', 'Precio', '% IVA', 'Importe']] + [[i['desc'], qty(i['qty']), money(rnd(i['price'] * 100)), str(i['vat']), money(net(i))] for i in inv['items']]
    lines = Table(rows, colWidths=[85 * mm, 18 * mm, 25 * mm, 17 * mm, 30 * mm]); lines.setStyle(GRID)
    tax = [['Base', '% IVA', 'IVA', '% R.E.', 'R.E.', 'Total']] + [[money(b), rate(r), money(a), rate(sur[k][0]), money(sur[k][2]), money(b + a + sur[k][2])] for k, (r, b, a) in enumerate(vat)]
    tax.append([money(sub), '', money(sum(a for *_, a in vat)), '', money(sum(a for *_, a in sur)), money(total)])
    t = Table(tax, colWidths=[30 * mm, 18 * mm, 25 * mm, 18 * mm, 25 * mm, 30 * mm], hAlign='RIGHT'); t.setStyle(GRID)
    table_doc(A4, [head, Spacer(1, 6 * mm), cli, Spacer(1, 8 * mm), lines, Spacer(1, 8 * mm), Paragraph('Cuadro de impuestos', st['Heading4']), t,
                   Spacer(1, 4 * mm), Paragraph(f"<b>TOTAL FACTURA: {money(total)} €</b>", st['Normal'])])

elif layout == 'reportlab-canvas':
    c = canvas.Canvas(out, pagesize=A4, invariant=1); w, h = A4
    c.setFillColor(colors.HexColor('#0b4f6c')); c.rect(0, h - 90, w, 90, fill=1, stroke=0); c.setFillColor(colors.white)
    c.setFont('Helvetica-Bold', 16); c.drawString(40, h - 40, S['name']); c.setFont('Helvetica', 9); c.drawString(40, h - 56, ' · '.join(S['lines'])); c.drawString(40, h - 70, f"CIF {S['taxId']}")
    c.setFillColor(colors.black); c.setFont('Helvetica', 10)
    y, m, d = inv['date'].split('-')
    c.drawString(40, h - 120, f"FACTURA: {inv['number']}"); c.drawString(40, h - 135, f"FECHA: {d}-{MONTHS[int(m) - 1]}-{y}")
    c.drawString(320, h - 120, C['name']); c.drawString(320, h - 135, f"CIF {C['taxId']}"); c.drawString(320, h - 150, ', '.join(C['lines']))
    y0 = h - 200; c.setFont('Helvetica-Bold', 9)
    for x, t in [(40, 'CONCEPTO'), (330, 'CANTIDAD'), (420, 'PRECIO'), (510, 'IMPORTE')]: c.drawString(x, y0, t)
    c.setFont('Helvetica', 9)
    for i in inv['items']:
        y0 -= 16; c.drawString(40, y0, i['desc']); c.drawRightString(370, y0, qty(i['qty'])); c.drawRightString(460, y0, money(rnd(i['price'] * 100)) + ' EUR'); c.drawRightString(555, y0, money(net(i)) + ' EUR')
    y0 -= 40
    for label, v in [('BASE IMPONIBLE', sub), ('IVA 21 %', vat[0][2]), ('TOTAL FACTURA', total)]:
        c.drawString(360, y0, label); c.drawRightString(555, y0, money(v) + ' EUR'); y0 -= 16
    c.setFont('Helvetica', 7); c.drawString(40, 40, 'Transporte sujeto a las condiciones generales de la LOTT. Pago a 30 días fecha factura.'); c.save()

elif layout == 'reportlab-multipage':
    head = Paragraph(f"<font size=13><b>{S['name']}</b></font><br/>{', '.join(S['lines'])}<br/>CIF {S['taxId']}", st['Normal'])
    meta = Paragraph(f"<b>Factura nº {inv['number']}</b> · Fecha {dmy(inv['date'])}<br/>Cliente: {C['name']} · CIF {C['taxId']} · {', '.join(C['lines'])}", st['Normal'])
    rows = [['Fecha · actividad', 'Horas', 'Tarifa', 'Importe']] + [[i['desc'], qty(i['qty']), money(rnd(i['price'] * 100)), money(net(i))] for i in inv['items']]
    lines = Table(rows, colWidths=[105 * mm, 20 * mm, 25 * mm, 30 * mm], repeatRows=1); lines.setStyle(GRID)
    tot = Table([['Base imponible', money(sub)], ['IVA 21%', money(vat[0][2])], ['Retención IRPF 15%', '-' + money(wh[0][2])], ['Total factura', money(total) + ' €']], colWidths=[50 * mm, 35 * mm], hAlign='RIGHT')
    tot.setStyle(TableStyle([('ALIGN', (1, 0), (1, -1), 'RIGHT'), ('LINEABOVE', (0, 3), (-1, 3), 1, colors.black), ('FONTNAME', (0, 3), (-1, 3), 'Helvetica-Bold')]))
    def footer(canv, doc):
        canv.setFont('Helvetica', 8); canv.drawRightString(A4[0] - 15 * mm, 10 * mm, f"Página {doc.page}")
    doc = SimpleDocTemplate(out, pagesize=A4, leftMargin=15 * mm, rightMargin=15 * mm, topMargin=15 * mm, bottomMargin=18 * mm, title='Factura', creator='layouts', producer='layouts', invariant=1)
    doc.build([head, Spacer(1, 5 * mm), meta, Spacer(1, 6 * mm), lines, Spacer(1, 8 * mm), tot], onFirstPage=footer, onLaterPages=footer)
else:
    sys.exit(f"unknown layout {layout}")
