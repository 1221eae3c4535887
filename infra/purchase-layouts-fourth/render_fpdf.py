"""fpdf2 layouts (Python, TrueType fonts embedded): fp-* ."""
from fpdf import FPDF
from model import es, rate_text, amount_in_words

FONTS = {
    'sans': '/usr/share/fonts/truetype/liberation/LiberationSans-{}.ttf',
    'serif': '/usr/share/fonts/truetype/liberation/LiberationSerif-{}.ttf',
    'mono': '/usr/share/fonts/truetype/liberation/LiberationMono-{}.ttf',
    'narrow': '/usr/share/fonts/truetype/liberation/LiberationSansNarrow-{}.ttf',
    'dejavu': '/usr/share/fonts/truetype/dejavu/DejaVuSans{}.ttf',
}


def new_pdf(fmt='A4', orientation='P'):
    pdf = FPDF(orientation=orientation, unit='mm', format=fmt)
    pdf.set_creation_date(__import__('datetime').datetime(2026, 1, 1, tzinfo=__import__('datetime').timezone.utc))
    for fam, pattern in FONTS.items():
        if fam == 'dejavu':
            pdf.add_font(fam, '', pattern.format(''))
            pdf.add_font(fam, 'B', pattern.format('-Bold'))
            continue
        pdf.add_font(fam, '', pattern.format('Regular'))
        pdf.add_font(fam, 'B', pattern.format('Bold'))
        pdf.add_font(fam, 'I', pattern.format('Italic'))
    pdf.set_auto_page_break(False)
    return pdf


def qty(q):
    s = f'{q.normalize():f}'
    return s.replace('.', ',')


def estudio_arquitectura(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    pdf = new_pdf(); pdf.add_page()
    pdf.set_fill_color(38, 52, 64); pdf.rect(0, 0, 52, 297, 'F')
    pdf.set_text_color(255, 255, 255)
    pdf.set_xy(8, 30); pdf.set_font('serif', 'B', 15); pdf.multi_cell(40, 7, s['name'].replace(' ', '\n', 1))
    pdf.set_font('sans', '', 7.5); pdf.set_xy(8, pdf.get_y() + 4)
    pdf.multi_cell(40, 4.2, '\n'.join(s['address']) + f"\n\nNIF {s['nif']}\nTel. {s['phone']}\n{s['email']}")
    pdf.set_text_color(20, 20, 20)
    pdf.set_xy(64, 30); pdf.set_font('serif', '', 26); pdf.cell(0, 10, 'Factura')
    pdf.set_font('sans', '', 9)
    pdf.set_xy(64, 46); pdf.cell(30, 5, 'Número'); pdf.set_font('sans', 'B', 9); pdf.cell(40, 5, i['number'])
    pdf.set_font('sans', '', 9); pdf.set_xy(64, 51); pdf.cell(30, 5, 'Fecha'); pdf.cell(40, 5, i['date_text'])
    pdf.set_xy(140, 46); pdf.set_font('sans', 'B', 8); pdf.cell(0, 5, 'CLIENTE')
    pdf.set_font('sans', '', 9); pdf.set_xy(140, 51)
    pdf.multi_cell(60, 4.6, f"{c['name']}\n" + '\n'.join(c['address']) + f"\nCIF {c['nif']}")
    y = 82
    pdf.set_draw_color(38, 52, 64); pdf.line(64, y, 200, y)
    pdf.set_font('sans', 'B', 8.5); pdf.set_xy(64, y + 2)
    pdf.cell(98, 5, 'Concepto'); pdf.cell(10, 5, 'Ud.', align='R'); pdf.cell(14, 5, 'Precio', align='R'); pdf.cell(14, 5, 'Importe', align='R')
    y += 9; pdf.set_font('sans', '', 8.5)
    for l in i['lines']:
        pdf.set_xy(64, y); pdf.multi_cell(96, 4.4, l.desc)
        yy = pdf.get_y(); pdf.set_xy(162, y)
        pdf.cell(10, 4.4, qty(l.qty), align='R'); pdf.cell(14, 4.4, es(l.price), align='R'); pdf.cell(14, 4.4, es(l.net), align='R')
        y = yy + 3
    pdf.line(64, y, 200, y)
    y += 6
    rows = [('Base imponible', es(t.subtotal)), (f"IVA {rate_text(t.groups[0]['rate'])} %", es(t.vat)),
            (f"Retención IRPF {rate_text(t.withholding_rate)} %", '-' + es(t.withholding))]
    for k, v in rows:
        pdf.set_xy(120, y); pdf.cell(50, 5, k); pdf.cell(30, 5, v + ' €', align='R'); y += 5.5
    pdf.set_font('sans', 'B', 11); pdf.set_xy(120, y + 2); pdf.cell(50, 7, 'TOTAL A PAGAR'); pdf.cell(30, 7, es(t.total) + ' €', align='R')
    pdf.set_font('sans', '', 7.5); pdf.set_xy(64, 250)
    pdf.multi_cell(136, 3.8, 'Forma de pago: transferencia a ES12 2095 0611 0491 1234 5678 (Kutxabank) en 30 días.\n'
                   'Retención practicada conforme al art. 101.5 de la Ley 35/2006 del IRPF. Honorarios según encargo profesional de 12/01/2026.')
    pdf.output(out)


def catering_albaranes(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    pdf = new_pdf()
    groups = []
    for l in i['lines']:
        if not groups or groups[-1][0] != l.extra['alb']:
            groups.append((l.extra['alb'], []))
        groups[-1][1].append(l)
    pages = [groups[:3], groups[3:]]

    def header(n):
        pdf.add_page()
        pdf.set_font('narrow', 'B', 16); pdf.set_xy(12, 12); pdf.cell(0, 7, s['name'].upper())
        pdf.set_font('narrow', '', 8.5); pdf.set_xy(12, 19)
        pdf.cell(0, 4, f"{s['address'][0]} · {s['address'][1]} · Tel. {s['phone']} · C.I.F. {s['nif']}")
        pdf.set_fill_color(230, 230, 230); pdf.rect(12, 27, 186, 16, 'F')
        pdf.set_font('narrow', '', 8); pdf.set_xy(15, 29)
        pdf.cell(35, 4, 'FACTURA Nº'); pdf.cell(30, 4, 'FECHA'); pdf.cell(30, 4, 'CÓD. CLIENTE'); pdf.cell(30, 4, 'HOJA')
        pdf.set_font('narrow', 'B', 10); pdf.set_xy(15, 34)
        pdf.cell(35, 5, i['number']); pdf.cell(30, 5, i['date_text']); pdf.cell(30, 5, '004113'); pdf.cell(30, 5, f'{n} / 2')
        pdf.set_font('narrow', '', 9); pdf.set_xy(130, 46)
        pdf.multi_cell(68, 4.3, f"{c['name']}\n" + '\n'.join(c['address']) + f"\nNIF: {c['nif']}")
        pdf.set_font('narrow', 'B', 8); pdf.set_xy(12, 66)
        for w, h, a in [(88, 'Artículo', 'L'), (14, 'Cant.', 'R'), (18, 'Precio', 'R'), (14, 'Dto. %', 'R'), (14, 'IVA %', 'R'), (22, 'Importe', 'R')]:
            pdf.cell(w, 5, h, border='B', align=a)
        return 74

    y = 0
    for n, page in enumerate(pages, 1):
        y = header(n)
        if n == 2:
            pdf.set_font('narrow', 'I', 8.5); pdf.set_xy(12, y); pdf.cell(0, 4, '(continuación)'); y += 6
        for alb, ls in page:
            pdf.set_font('narrow', 'B', 8.5); pdf.set_xy(12, y); pdf.cell(0, 4.5, f'Albarán {alb}'); y += 5
            pdf.set_font('narrow', '', 8.5)
            for l in ls:
                pdf.set_xy(16, y)
                pdf.cell(84, 4.3, l.desc); pdf.cell(14, 4.3, qty(l.qty), align='R'); pdf.cell(18, 4.3, es(l.price), align='R')
                pdf.cell(14, 4.3, rate_text(l.discount) if l.discount else '', align='R'); pdf.cell(14, 4.3, rate_text(l.rate), align='R')
                pdf.cell(22, 4.3, es(l.net), align='R'); y += 4.6
            pdf.set_xy(140, y); pdf.set_font('narrow', 'I', 8.5)
            pdf.cell(36, 4.3, 'Total albarán', align='R'); pdf.cell(22, 4.3, es(sum(l.net for l in ls)), align='R'); y += 8
        if n == 1:
            pdf.set_font('narrow', '', 8); pdf.set_xy(12, 280); pdf.cell(186, 4, 'Continúa en la hoja siguiente', align='R')
    y += 4
    pdf.set_font('narrow', 'B', 8.5); pdf.set_xy(60, y)
    for h in ['Tipo IVA', 'Base imponible', 'Cuota IVA']:
        pdf.cell(30, 5, h, border=1, align='C')
    pdf.set_font('narrow', '', 9)
    for g in t.groups:
        y += 5; pdf.set_xy(60, y)
        pdf.cell(30, 5, rate_text(g['rate']) + ' %', border=1, align='C'); pdf.cell(30, 5, es(g['base']), border=1, align='R'); pdf.cell(30, 5, es(g['vat']), border=1, align='R')
    y += 9; pdf.set_font('narrow', 'B', 12); pdf.set_xy(120, y)
    pdf.cell(40, 7, 'TOTAL FACTURA', border='TB'); pdf.cell(38, 7, es(t.total) + ' €', border='TB', align='R')
    pdf.set_font('narrow', '', 7.5); pdf.set_xy(12, 270)
    pdf.multi_cell(186, 3.6, 'Vencimiento: 22-07-2026 (recibo domiciliado). Inscrita en el Registro Mercantil de Navarra, Tomo 1.204, Folio 88, Hoja NA-21.775.')
    pdf.output(out)


def electricista_modulos(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    pdf = new_pdf('A5'); pdf.add_page()
    pdf.set_draw_color(0, 70, 140); pdf.set_text_color(0, 50, 110)
    pdf.set_font('sans', 'B', 12); pdf.set_xy(8, 8); pdf.cell(0, 6, s['name'])
    pdf.set_font('sans', '', 7); pdf.set_xy(8, 14)
    pdf.multi_cell(80, 3.4, '\n'.join(s['address']) + f"\nD.N.I. {s['nif']} · Móvil {s['phone']}")
    pdf.rect(98, 8, 42, 20)
    pdf.set_font('sans', 'B', 9); pdf.set_xy(98, 9); pdf.cell(42, 5, 'FACTURA', align='C')
    pdf.set_font('sans', '', 7); pdf.set_xy(100, 15); pdf.cell(10, 4, 'Nº'); pdf.set_font('mono', 'B', 10); pdf.set_text_color(170, 20, 20); pdf.cell(28, 4, i['number'])
    pdf.set_text_color(0, 50, 110); pdf.set_font('sans', '', 7); pdf.set_xy(100, 21); pdf.cell(10, 4, 'Fecha'); pdf.set_font('dejavu', '', 8); pdf.set_text_color(30, 30, 30); pdf.cell(28, 4, i['date_text'])
    pdf.set_text_color(0, 50, 110); pdf.rect(8, 32, 132, 20)
    pdf.set_font('sans', '', 7); pdf.set_xy(10, 33); pdf.cell(20, 4, 'Sr./Sres.')
    pdf.set_text_color(30, 30, 30); pdf.set_font('dejavu', '', 8.5); pdf.set_xy(26, 33)
    pdf.multi_cell(110, 4, f"{c['name']}\n{c['address'][0]}, {c['address'][1]}\nC.I.F. {c['nif']}")
    y = 56
    pdf.set_text_color(0, 50, 110); pdf.set_font('sans', 'B', 7)
    cols = [(14, 'CANTIDAD'), (78, 'CONCEPTO'), (18, 'PRECIO'), (22, 'IMPORTE')]
    x = 8
    for w, h in cols:
        pdf.rect(x, y, w, 70); pdf.set_xy(x, y); pdf.cell(w, 5, h, border='B', align='C'); x += w
    pdf.set_text_color(30, 30, 30); pdf.set_font('dejavu', '', 7.5)
    y += 7
    for l in i['lines']:
        pdf.set_xy(8, y); pdf.cell(14, 4, qty(l.qty), align='C')
        pdf.set_xy(22, y); pdf.multi_cell(78, 3.8, l.desc); yy = pdf.get_y()
        pdf.set_xy(100, y); pdf.cell(18, 4, es(l.price), align='R'); pdf.cell(22, 4, es(l.net), align='R')
        y = yy + 2
    y = 130
    labels = [('SUMA', es(t.subtotal)), (f"I.V.A. {rate_text(t.groups[0]['rate'])} %", es(t.vat)), ('TOTAL BRUTO', es(t.subtotal + t.vat)),
              (f"RETENCIÓN I.R.P.F. {rate_text(t.withholding_rate)} %", es(t.withholding)), ('LÍQUIDO', es(t.total) + ' €')]
    for k, v in labels:
        pdf.set_text_color(0, 50, 110); pdf.set_font('sans', 'B', 7); pdf.set_xy(80, y); pdf.cell(38, 5.5, k, border=1)
        pdf.set_text_color(30, 30, 30); pdf.set_font('dejavu', '', 8); pdf.cell(22, 5.5, v, border=1, align='R'); y += 5.5
    pdf.set_font('sans', '', 6); pdf.set_text_color(0, 50, 110); pdf.set_xy(8, 132)
    pdf.multi_cell(68, 3, 'Actividad en estimación objetiva (módulos): retención del 1 % según art. 95.6 del Reglamento del IRPF.\nPago al contado o transferencia.')
    pdf.output(out)


def taller_orden(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    pdf = new_pdf(); pdf.add_page()
    pdf.set_font('sans', 'B', 20); pdf.set_text_color(200, 30, 30); pdf.set_xy(12, 10); pdf.cell(0, 9, 'IBARRONDO')
    pdf.set_text_color(60, 60, 60); pdf.set_font('sans', '', 8); pdf.set_xy(12, 19)
    pdf.multi_cell(100, 3.8, f"{s['name']}\n{s['address'][0]} - {s['address'][1]}\nTel. {s['phone']}  ·  N.I.F.: {s['nif']}\nTaller nº RI 48-00318 · Reparación de automóviles: mecánica y electricidad")
    pdf.set_text_color(0, 0, 0)
    box = [('Factura', i['number']), ('Fecha', i['date_text']), ('Orden de reparación', i['repair_order']), ('Matrícula', i['plate']), ('Km', '118.402')]
    y = 12
    for k, v in box:
        pdf.set_xy(130, y); pdf.set_font('sans', '', 8); pdf.cell(32, 5.5, k, border=1); pdf.set_font('sans', 'B', 9); pdf.cell(36, 5.5, v, border=1); y += 5.5
    pdf.set_font('sans', '', 9); pdf.set_xy(12, 48); pdf.cell(0, 5, f"Cliente: {c['name']}   ·   CIF {c['nif']}   ·   {c['address'][0]}, {c['address'][1]}")
    y = 60
    heads = [(24, 'Referencia', 'L'), (70, 'Descripción', 'L'), (14, 'Cant.', 'R'), (18, 'P.V.P.', 'R'), (14, 'Dto.%', 'R'), (22, 'Neto', 'R'), (14, 'IVA%', 'R')]
    pdf.set_fill_color(40, 40, 40); pdf.set_text_color(255, 255, 255); pdf.set_font('sans', 'B', 8); pdf.set_xy(12, y)
    for w, h, a in heads:
        pdf.cell(w, 6, h, align=a, fill=True)
    pdf.set_text_color(0, 0, 0); pdf.set_font('sans', '', 8.5); y += 8
    for l in i['lines']:
        pdf.set_xy(12, y)
        for (w, _, a), v in zip(heads, [l.code, l.desc, qty(l.qty), es(l.price), rate_text(l.discount) if l.discount else '', es(l.net), rate_text(l.rate)]):
            pdf.cell(w, 5, v, align=a)
        y += 5.5
    y += 6
    g = t.groups[0]
    rows = [('Suma importes', es(t.gross)), ('Dto. pronto pago 2 %', '-' + es(t.discount)), ('Base imponible', es(t.subtotal)),
            (f"Cuota IVA {rate_text(g['rate'])} %", es(t.vat))]
    for k, v in rows:
        pdf.set_xy(120, y); pdf.cell(50, 5.5, k, border='B'); pdf.cell(28, 5.5, v, border='B', align='R'); y += 5.5
    pdf.set_font('sans', 'B', 12); pdf.set_xy(120, y + 2); pdf.cell(50, 8, 'Total factura'); pdf.cell(28, 8, es(t.total) + ' €', align='R')
    pdf.set_font('sans', '', 7); pdf.set_xy(12, 262)
    pdf.multi_cell(186, 3.4, 'Descuento por pronto pago aplicado sobre la suma de importes netos, antes de impuestos. '
                   'Garantía de la reparación: 3 meses o 2.000 km (RD 1457/1986). Las piezas sustituidas quedan a disposición del cliente.')
    pdf.output(out)


def drogueria_recargo(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    pdf = new_pdf(); pdf.add_page()
    pdf.set_font('serif', 'B', 13); pdf.set_xy(110, 14); pdf.multi_cell(88, 6, s['name'], align='R')
    pdf.set_font('serif', '', 8.5); pdf.set_xy(110, pdf.get_y())
    pdf.multi_cell(88, 4, '\n'.join(s['address']) + f"\nTel. {s['phone']}\nCIF {s['nif']}", align='R')
    pdf.set_font('serif', '', 9); pdf.set_xy(14, 16)
    pdf.multi_cell(80, 4.4, f"{c['trade']}\n{c['name']}\n" + '\n'.join(c['address']) + f"\nN.I.F. {c['nif']}\nRégimen: recargo de equivalencia")
    pdf.set_font('serif', 'B', 11); pdf.set_xy(14, 58); pdf.cell(0, 6, f"FACTURA  {i['number']}")
    pdf.set_font('serif', '', 9); pdf.set_xy(14, 64); pdf.cell(0, 5, f"Fecha de expedición: {i['date_text']}     Forma de pago: giro a 60 días")
    y = 76
    pdf.set_font('serif', 'B', 8.5); pdf.set_xy(14, y)
    for w, h, a in [(96, 'Descripción', 'L'), (16, 'Unid.', 'R'), (22, 'Precio', 'R'), (16, 'Dto.', 'R'), (32, 'Importe', 'R')]:
        pdf.cell(w, 6, h, border='TB', align=a)
    pdf.set_font('serif', '', 9); y += 8
    for l in i['lines']:
        pdf.set_xy(14, y)
        for (w, a), v in zip([(96, 'L'), (16, 'R'), (22, 'R'), (16, 'R'), (32, 'R')], [l.desc, qty(l.qty), es(l.price), (rate_text(l.discount) + '%') if l.discount else '-', es(l.net)]):
            pdf.cell(w, 5, v, align=a)
        y += 5.5
    g = t.groups[0]
    y = 150
    pdf.rect(118, y, 80, 34)
    rows = [('Base imponible', es(g['base'])), (f"IVA {rate_text(g['rate'])}%", es(g['vat'])), (f"Recargo equiv. {rate_text(g['surcharge'])}%", es(g['re']))]
    for k, v in rows:
        pdf.set_xy(121, y + 2); pdf.cell(45, 6, k); pdf.cell(30, 6, v, align='R'); y += 7
    pdf.line(118, y + 3, 198, y + 3)
    pdf.set_font('serif', 'B', 12); pdf.set_xy(121, y + 5); pdf.cell(45, 7, 'Total'); pdf.cell(30, 7, es(t.total) + ' €', align='R')
    pdf.set_font('serif', 'I', 8); pdf.set_xy(14, 270)
    pdf.cell(0, 4, 'Operación sujeta a recargo de equivalencia (arts. 154 a 163 de la Ley 37/1992 del IVA).')
    pdf.output(out)


def galego_conservas(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    pdf = new_pdf(); pdf.add_page()
    pdf.set_fill_color(0, 84, 119); pdf.rect(0, 0, 210, 34, 'F')
    pdf.set_text_color(255, 255, 255); pdf.set_font('sans', 'B', 17); pdf.set_xy(14, 9); pdf.cell(0, 8, s['name'])
    pdf.set_font('sans', '', 8.5); pdf.set_xy(14, 19); pdf.cell(0, 4, f"{s['address'][0]} · {s['address'][1]} · Tel. {s['phone']} · NIF {s['nif']}")
    pdf.set_text_color(0, 0, 0)
    pdf.set_font('sans', 'B', 9); pdf.set_xy(14, 44); pdf.cell(90, 5, 'Datos do cliente')
    pdf.set_font('sans', '', 9); pdf.set_xy(14, 50); pdf.multi_cell(90, 4.5, f"{c['name']}\n" + '\n'.join(c['address']) + f"\nNIF: {c['nif']}")
    for k, v, y in [('Factura', i['number'], 44), ('Data', i['date_text'], 52), ('Vencemento', '09/12/2026', 60)]:
        pdf.set_xy(130, y); pdf.set_font('sans', '', 9); pdf.cell(28, 7, k, border='B'); pdf.set_font('sans', 'B', 10); pdf.cell(40, 7, v, border='B', align='R')
    y = 80
    pdf.set_fill_color(220, 234, 240); pdf.set_font('sans', 'B', 8.5); pdf.set_xy(14, y)
    for w, h, a in [(90, 'Descrición', 'L'), (18, 'Cantidade', 'R'), (22, 'Prezo', 'R'), (16, 'IVE %', 'R'), (36, 'Importe', 'R')]:
        pdf.cell(w, 6, h, align=a, fill=True)
    pdf.set_font('sans', '', 9); y += 8
    for l in i['lines']:
        pdf.set_xy(14, y)
        for (w, a), v in zip([(90, 'L'), (18, 'R'), (22, 'R'), (16, 'R'), (36, 'R')], [l.desc, qty(l.qty), es(l.price), rate_text(l.rate), es(l.net)]):
            pdf.cell(w, 5, v, align=a)
        y += 6
    y = 150
    pdf.set_font('sans', 'B', 8.5); pdf.set_xy(14, y)
    for h in ['Base impoñible', 'IVE %', 'Cota IVE']:
        pdf.cell(32, 6, h, border=1, align='C')
    pdf.set_font('sans', '', 9)
    for g in t.groups:
        y += 6; pdf.set_xy(14, y)
        for v in [es(g['base']), rate_text(g['rate']), es(g['vat'])]:
            pdf.cell(32, 6, v, border=1, align='R')
    pdf.set_xy(130, 150); pdf.set_font('sans', '', 9); pdf.cell(34, 6, 'Suma bases'); pdf.cell(34, 6, es(t.subtotal), align='R')
    pdf.set_xy(130, 156); pdf.cell(34, 6, 'Total IVE'); pdf.cell(34, 6, es(t.vat), align='R')
    pdf.set_xy(130, 164); pdf.set_font('sans', 'B', 12); pdf.cell(34, 8, 'Total factura'); pdf.cell(34, 8, es(t.total) + ' €', align='R')
    pdf.set_font('sans', '', 7.5); pdf.set_xy(14, 268)
    pdf.multi_cell(182, 3.6, 'Forma de pagamento: transferencia bancaria a 30 días. Rexistro Mercantil de Pontevedra, Tomo 3.418, Folio 120, Folla PO-44.190.')
    pdf.output(out)


def euskera_okindegia(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    pdf = new_pdf(); pdf.add_page()
    pdf.set_font('serif', 'B', 22); pdf.set_xy(14, 14); pdf.cell(182, 10, 'ARTZAIN OGIA', align='C')
    pdf.set_font('serif', 'I', 9); pdf.set_xy(14, 24); pdf.cell(182, 5, 'okindegi artisaua · obrador artesano desde 1961', align='C')
    pdf.set_font('serif', '', 8.5); pdf.set_xy(14, 30)
    pdf.cell(182, 4.5, f"{s['name']} · {s['address'][0]} · {s['address'][1]} · IFZ/NIF {s['nif']} · {s['phone']}", align='C')
    pdf.line(14, 37, 196, 37)
    pdf.set_font('serif', 'B', 13); pdf.set_xy(14, 42); pdf.cell(80, 7, 'FAKTURA / FACTURA')
    pdf.set_font('serif', '', 9)
    for k, v, y in [('Zenbakia / Número', i['number'], 51), ('Data / Fecha', i['date_text'], 56)]:
        pdf.set_xy(14, y); pdf.cell(36, 5, k); pdf.set_font('serif', 'B', 9); pdf.cell(40, 5, v); pdf.set_font('serif', '', 9)
    pdf.set_xy(120, 44); pdf.set_font('serif', 'I', 8); pdf.cell(0, 4, 'Bezeroa / Cliente')
    pdf.set_font('serif', '', 9.5); pdf.set_xy(120, 49); pdf.multi_cell(76, 4.5, f"{c['name']}\n" + '\n'.join(c['address']) + f"\nIFZ / NIF {c['nif']}")
    y = 74
    pdf.set_font('serif', 'B', 8.5); pdf.set_xy(14, y)
    heads = [(86, 'Produktua / Producto', 'L'), (20, 'Kop. / Cant.', 'R'), (24, 'Prezioa / Precio', 'R'), (18, 'BEZ / IVA', 'R'), (34, 'Zenbatekoa / Importe', 'R')]
    for w, h, a in heads:
        pdf.cell(w, 6, h, border='B', align=a)
    pdf.set_font('serif', '', 9.5); y += 8
    for l in i['lines']:
        pdf.set_xy(14, y)
        for (w, _, a), v in zip(heads, [l.desc, qty(l.qty), es(l.price), rate_text(l.rate) + ' %', es(l.net)]):
            pdf.cell(w, 5.5, v, align=a)
        y += 6.5
    y += 8
    for g in t.groups:
        pdf.set_xy(96, y); pdf.cell(56, 5.5, f"Zerga-oinarria / Base imponible {rate_text(g['rate'])} %"); pdf.cell(44, 5.5, es(g['base']), align='R'); y += 5.5
        pdf.set_xy(96, y); pdf.cell(56, 5.5, f"BEZ / IVA {rate_text(g['rate'])} %"); pdf.cell(44, 5.5, es(g['vat']), align='R'); y += 7
    pdf.line(96, y, 196, y)
    pdf.set_font('serif', 'B', 12); pdf.set_xy(96, y + 2); pdf.cell(56, 7, 'GUZTIRA / TOTAL'); pdf.cell(44, 7, es(t.total) + ' €', align='R')
    pdf.set_font('serif', '', 8); pdf.set_xy(14, 265)
    pdf.multi_cell(182, 4, 'Ordainketa: helbideratutako ordainagiria hilabete amaieran. / Pago: recibo domiciliado a fin de mes.')
    pdf.output(out)


def ticket_farmacia(i, out):
    s, t = i['supplier'], i['totals']
    height = 150
    pdf = new_pdf((58, height)); pdf.add_page(); pdf.set_margins(3, 3)
    pdf.set_font('mono', 'B', 8); pdf.set_xy(3, 4); pdf.multi_cell(52, 3.6, 'FARMACIA\nLdo. ' + s['name'], align='C')
    pdf.set_font('mono', '', 6.5); pdf.set_x(3)
    pdf.multi_cell(52, 3, '\n'.join(s['address']) + f"\nNIF: {s['nif']}", align='C')
    pdf.ln(2); pdf.set_x(3); pdf.cell(52, 3, 'FACTURA SIMPLIFICADA', align='C'); pdf.ln(3.4)
    pdf.set_x(3); pdf.cell(52, 3, f"N. {i['number']}"); pdf.ln(3)
    pdf.set_x(3); pdf.cell(52, 3, f"{i['date_text']}  Caja 2"); pdf.ln(3)
    pdf.set_x(3); pdf.cell(52, 3, '-' * 38); pdf.ln(3)
    letter = {'4': 'A', '10': 'B', '21': 'C'}
    for l in i['lines']:
        pdf.set_x(3); pdf.cell(52, 3, l.desc[:34]); pdf.ln(3)
        pdf.set_x(3); pdf.cell(30, 3, f" {qty(l.qty)} x {es(l.price)}"); pdf.cell(22, 3, f"{es(l.net)} {letter[rate_text(l.rate)]}", align='R'); pdf.ln(3)
    pdf.set_x(3); pdf.cell(52, 3, '-' * 38); pdf.ln(3)
    pdf.set_font('mono', 'B', 9); pdf.set_x(3); pdf.cell(26, 4.5, 'TOTAL EUR'); pdf.cell(26, 4.5, es(t.total), align='R'); pdf.ln(6)
    pdf.set_font('mono', '', 6.5); pdf.set_x(3); pdf.cell(52, 3, '   %IVA     BASE    CUOTA'); pdf.ln(3)
    for g in t.groups:
        pdf.set_x(3); pdf.cell(52, 3, f"{letter[rate_text(g['rate'])]} {rate_text(g['rate']):>4}% {es(g['base']):>8} {es(g['vat']):>8}"); pdf.ln(3)
    pdf.ln(1); pdf.set_x(3); pdf.cell(52, 3, 'IVA INCLUIDO EN EL PRECIO'); pdf.ln(3)
    pdf.set_x(3); pdf.cell(52, 3, 'TARJETA ************4471'); pdf.ln(4)
    pdf.set_x(3); pdf.multi_cell(52, 3, 'Gracias por su visita.\nConserve este ticket.', align='C')
    pdf.output(out)


def rectificativa(i, out):
    s, c, t = i['supplier'], i['customer'], i['totals']
    pdf = new_pdf(); pdf.add_page()
    pdf.set_font('sans', 'B', 14); pdf.set_xy(14, 14); pdf.cell(0, 7, s['name'])
    pdf.set_font('sans', '', 8.5); pdf.set_xy(14, 21)
    pdf.cell(0, 4, f"{s['address'][0]}, {s['address'][1]} | Tel. {s['phone']} | NIF {s['nif']}")
    pdf.set_draw_color(150, 0, 0); pdf.set_line_width(0.6); pdf.rect(14, 32, 182, 20)
    pdf.set_text_color(150, 0, 0); pdf.set_font('sans', 'B', 13); pdf.set_xy(18, 35); pdf.cell(0, 6, 'FACTURA RECTIFICATIVA')
    pdf.set_text_color(0, 0, 0); pdf.set_font('sans', '', 9.5); pdf.set_xy(18, 43)
    pdf.cell(60, 5, f"Número: {i['number']}"); pdf.cell(50, 5, f"Fecha: {i['date_text']}"); pdf.cell(0, 5, f"Rectifica a: {i['corrects']}")
    pdf.set_font('sans', '', 8.5); pdf.set_xy(18, 47.5); pdf.cell(0, 4, 'Motivo: devolución de mercancía (art. 80.Dos LIVA, art. 15 RD 1619/2012)')
    pdf.set_font('sans', '', 9.5); pdf.set_xy(14, 60)
    pdf.multi_cell(100, 4.6, f"Cliente:\n{c['name']}\n" + '\n'.join(c['address']) + f"\nNIF {c['nif']}")
    y = 92
    pdf.set_line_width(0.2); pdf.set_draw_color(0, 0, 0)
    heads = [(104, 'Concepto', 'L'), (18, 'Cant.', 'R'), (20, 'Precio', 'R'), (14, 'IVA', 'R'), (26, 'Importe', 'R')]
    pdf.set_font('sans', 'B', 8.5); pdf.set_xy(14, y)
    for w, h, a in heads:
        pdf.cell(w, 6, h, border='B', align=a)
    pdf.set_font('sans', '', 9); y += 8
    for l in i['lines']:
        pdf.set_xy(14, y)
        for (w, _, a), v in zip(heads, [l.desc, qty(l.qty), es(l.price), rate_text(l.rate) + '%', es(l.net)]):
            pdf.cell(w, 5, v, align=a)
        y += 6
    y += 10
    g = t.groups[0]
    for k, v in [('Base imponible', es(t.subtotal)), (f"IVA {rate_text(g['rate'])} %", es(t.vat))]:
        pdf.set_xy(120, y); pdf.cell(50, 6, k); pdf.cell(26, 6, v + ' €', align='R'); y += 6
    pdf.set_font('sans', 'B', 11); pdf.set_xy(120, y + 1); pdf.cell(50, 7, 'TOTAL A ABONAR', border='T'); pdf.cell(26, 7, es(t.total) + ' €', border='T', align='R')
    pdf.set_font('sans', '', 8); pdf.set_xy(14, 268)
    pdf.multi_cell(182, 4, 'El importe se compensará en la próxima factura o se abonará por transferencia en 15 días.')
    pdf.output(out)


LAYOUTS = {
    'fp-estudio-arquitectura': estudio_arquitectura, 'fp-catering-albaranes': catering_albaranes,
    'fp-electricista-modulos': electricista_modulos, 'fp-taller-orden': taller_orden,
    'fp-drogueria-recargo': drogueria_recargo, 'fp-galego-conservas': galego_conservas,
    'fp-euskera-okindegia': euskera_okindegia, 'fp-ticket-farmacia': ticket_farmacia,
    'fp-rectificativa-devolucion': rectificativa,
}
