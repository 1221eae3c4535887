"""R layouts (`r-*`): a script per invoice, written here, drawn by R's own pdf() device (base graphics
text(), rect() and segments() on a millimetre plot window; Helvetica, Times and Courier, not embedded,
WinAnsi). R's encoding files name the hyphen's code "minus", so every "-" on these pages is U+2212 in
the text layer, as in any PDF R writes."""
from datetime import date
from canvas import Canvas, draw_r
from model import D, Invoice, Line, Party, cif, dni, es, plain, pct, qty, long_date, euros_in_words
from parties import COMPANY, GROCER
from gen_haru import items

GEN = 'R 4.2 pdf() device'


def laboratorio_columnas():
    s = Party('Laboratorios de Análisis Agroalimentario Somontano, S.L.', cif('B', '2298104'), ['Avda. de los Pirineos 9', '22300 Barbastro (Huesca)'])
    lines = [Line('Análisis microbiológico de superficies (10 muestras)', D('10'), D('38.50')), Line('Análisis físico-químico de agua de red', D('2'), D('64.00')),
             Line('Formación manipulador de alimentos (curso en línea)', D('3'), D('25.00'), rate=D('10')), Line('Recogida de muestras (desplazamiento)', D('1'), D('45.00'))]
    inv = Invoice('r-laboratorio-columnas', GEN, 'tax summary with the rates as columns', 'a food laboratory at 21 and 10 %, the summary as a table with one column per rate (rows "Base imponible", "Cuota IVA") and the total in a box below; "Nº LAB/26/0231", date "24/02/2026"',
                  s, COMPANY, 'LAB/26/0231', date(2026, 2, 24), lines, scan='jpg')
    c = Canvas(); c.page()
    c.text(15, 20, 'Laboratorios de Análisis', 15, 'HB'); c.text(15, 27, 'Agroalimentario Somontano, S.L.', 15, 'HB')
    c.text(15, 33, f'{", ".join(s.address)}  ·  CIF {s.tax_id}', 8)
    c.rect(130, 42, 65, 20, fill=0.93, stroke=0.3)
    c.text(133, 48, 'Factura Nº', 8.5, 'HB'); c.text(160, 48, 'LAB/26/0231', 9); c.text(133, 53, 'Fecha', 8.5, 'HB'); c.text(160, 53, '24/02/2026', 9)
    c.text(133, 58, 'Cliente Nº', 8.5, 'HB'); c.text(160, 58, '000412', 9)
    c.text(15, 46, 'Facturar a:', 8, 'HI'); c.text(15, 51, COMPANY.name, 9.5, 'HB'); c.text(15, 56, ', '.join(COMPANY.address), 9); c.text(15, 61, 'CIF ' + COMPANY.tax_id, 9)
    y = items(c, 75, inv, [('Concepto', 0, 'l', lambda l: l.description), ('Cant.', 110, 'r', lambda l: qty(l.quantity)), ('Precio', 132, 'r', lambda l: es(l.price)),
                           ('IVA %', 148, 'r', lambda l: pct(l.rate)), ('Importe', 180, 'r', lambda l: es(l.amount))])
    y += 10; rows = inv.vat_lines()
    c.rect(95, y - 5, 100, 17, stroke=0.3)
    for i, (rate, base, vat) in enumerate(rows):
        c.text(150 + 40 * i - 15, y, f'IVA {pct(rate)} %', 8.5, 'HB', 'r')
        c.text(150 + 40 * i - 15, y + 5, es(base), 9, 'H', 'r'); c.text(150 + 40 * i - 15, y + 10, es(vat), 9, 'H', 'r')
    c.text(97, y + 5, 'Base imponible', 8.5); c.text(97, y + 10, 'Cuota IVA', 8.5)
    y += 22; c.rect(130, y - 5, 65, 9, fill=0.85, stroke=0); c.text(133, y + 1, 'TOTAL', 10, 'HB'); c.text(193, y + 1, es(inv.total) + ' €', 10, 'HB', 'r')
    return inv, c


def aparejador_irpf15():
    s = Party('Alberto Gracia Lasheras', dni('29123887'), ['Arquitecto técnico - col. nº 1.482', 'Paseo Sagasta 31, 4º', '50008 Zaragoza'])
    lines = [Line('Dirección de ejecución de obra - reforma de oficinas (fase 2)', D('1'), D('1850.00')), Line('Coordinación de seguridad y salud', D('1'), D('620.00')),
             Line('Certificado final de obra', D('1'), D('240.00'))]
    inv = Invoice('r-aparejador-irpf15', GEN, 'professional with IRPF 15 %, number with dots', 'an arquitecto técnico (DNI) with IRPF 15 %, his collegiate number beside his name, "Factura 2026.017", "17 de junio de 2026" in Times, the summary as "Base imponible / IVA 21 % / Retención IRPF 15 % / Total factura"',
                  s, COMPANY, '2026.017', date(2026, 6, 17), lines, irpf=D('15'), photo=True)
    c = Canvas(); c.page()
    c.text(105, 22, s.name, 16, 'TB', 'c'); [c.text(105, 29 + 5 * i, a, 10, 'T', 'c') for i, a in enumerate(s.address)]; c.text(105, 44, f'N.I.F. {s.tax_id}', 10, 'T', 'c')
    c.line(40, 49, 170, 49, 0.4)
    c.text(20, 62, 'Factura 2026.017', 13, 'TB'); c.text(20, 69, f'Zaragoza, {long_date(inv.issued)}', 10.5, 'T')
    c.text(120, 62, 'Cliente:', 10, 'TB'); c.text(120, 68, COMPANY.name, 10.5, 'T'); c.text(120, 73, COMPANY.address[0], 10, 'T'); c.text(120, 78, COMPANY.address[1], 10, 'T'); c.text(120, 83, 'C.I.F. ' + COMPANY.tax_id, 10, 'T')
    y = 100
    for l in lines:
        c.text(20, y, l.description, 10.5, 'T'); c.text(190, y, es(l.amount) + ' €', 10.5, 'T', 'r'); y += 8
    y += 6; c.line(120, y - 5, 190, y - 5, 0.3)
    for caption, value in [('Base imponible', es(inv.subtotal)), ('IVA 21 %', es(inv.vat_total)), ('Retención IRPF 15 %', '-' + es(inv.withholding_total)), ('Total factura', es(inv.total))]:
        f = 'TB' if caption.startswith('Total') else 'T'
        c.text(160, y, caption, 10.5, f, 'r'); c.text(190, y, value + ' €', 10.5, f, 'r'); y += 7
    return inv, c


def recargo_bazar():
    s = Party('Importaciones Orientales Cierzo, S.L.', cif('B', '5067321'), ['Pol. Ind. Malpica, calle E, 22', '50016 Zaragoza'], brand='CIERZO BAZAR')
    lines = [Line('Juego de 6 vasos', D('10'), D('3.20')), Line('Sartén antiadherente 24 cm', D('6'), D('7.45')), Line('Libretas A5 (pack 5)', D('12'), D('2.10'), rate=D('4')),
             Line('Paraguas plegable', D('20'), D('2.85')), Line('Cuadernos escolares', D('30'), D('0.95'), rate=D('4'))]
    inv = Invoice('r-recargo-bazar', GEN, 'bazaar wholesaler to a shop in recargo, customer first, brand', 'a wholesaler known by its brand "CIERZO BAZAR" (legal name in small print at the foot) to a grocer in recargo at 21+5,2 and 4+0,5; the customer block first; the summary as rows per rate with columns "Base / %IVA / IVA / %RE / RE"; "Factura B-3312", "02/07/2026"',
                  s, GROCER, 'B-3312', date(2026, 7, 2), lines, recargo=True, scan='jpg', photo=True)
    c = Canvas(); c.page()
    c.text(15, 20, GROCER.name, 10, 'HB'); [c.text(15, 25 + 4.5 * i, a, 9) for i, a in enumerate(GROCER.address)]; c.text(15, 38.5, f'NIF {GROCER.tax_id} (Rec. Equivalencia)', 9)
    c.text(195, 22, 'CIERZO BAZAR', 20, 'HB', 'r'); c.text(195, 28, 'menaje · papelería · regalo', 8, 'HI', 'r')
    c.text(15, 55, 'FACTURA', 14, 'HB'); c.text(50, 55, 'B-3312', 12); c.text(100, 55, 'Fecha:', 10, 'HB'); c.text(115, 55, '02/07/2026', 10)
    y = items(c, 68, inv, [('Artículo', 0, 'l', lambda l: l.description), ('Uds', 95, 'r', lambda l: qty(l.quantity)), ('Precio', 120, 'r', lambda l: es(l.price)),
                           ('IVA', 138, 'r', lambda l: pct(l.rate)), ('Importe', 180, 'r', lambda l: es(l.amount))])
    y += 8
    heads = [('Base', 30), ('%IVA', 50), ('IVA', 75), ('%RE', 95), ('RE', 120)]
    for h, dx in heads:
        c.text(15 + dx, y, h, 8.5, 'HB', 'r')
    y += 5
    for (rate, base, vat), (rer, _, re) in zip(inv.vat_lines(), inv.surcharge_lines()):
        for v, (_, dx) in zip([es(base), pct(rate), es(vat), pct(rer), es(re)], heads):
            c.text(15 + dx, y, v, 9, 'H', 'r')
        y += 5
    c.text(150, y - 5, 'TOTAL', 11, 'HB', 'r'); c.text(195, y - 5, es(inv.total) + ' €', 11, 'HB', 'r')
    c.text(105, 285, f'{s.name} · CIF {s.tax_id} · {", ".join(s.address)} · Inscrita en el Registro Mercantil de Zaragoza', 6, 'H', 'c', 0.4)
    return inv, c


def ticket_cafeteria():
    s = Party('Cafetería La Estación Delicias, S.L.', cif('B', '9971244'), ['Av. de Navarra 80', '50011 Zaragoza'])
    lines = [Line('Café con leche', D('3'), D('1.60'), rate=D('10')), Line('Tostada tomate', D('2'), D('2.90'), rate=D('10')), Line('Zumo natural', D('1'), D('3.20'), rate=D('10')),
             Line('Croissant', D('2'), D('1.75'), rate=D('10'))]
    inv = Invoice('r-ticket-cafeteria', GEN, 'simplified invoice, VAT included', 'a café ticket (76 mm), 10 % included, "Factura simplificada T-000912" with the till and waiter, date "09/01/2026 08:57", base and cuota at the foot',
                  s, COMPANY, 'T-000912', date(2026, 1, 9), lines, vat_included=True, photo=True)
    c = Canvas(76, 140); c.page()
    y = 10
    for t, sz, f in [('LA ESTACIÓN', 12, 'HB'), ('cafetería', 8, 'HI'), (s.name, 6.5, 'H'), (', '.join(s.address), 6.5, 'H'), (f'CIF: {s.tax_id}', 7, 'H')]:
        c.text(38, y, t, sz, f, 'c'); y += 4.2
    y += 3; c.text(4, y, 'Factura simplificada T-000912', 7.5, 'C'); y += 4; c.text(4, y, '09/01/2026 08:57  Mesa 4  Cam. 2', 7.5, 'C'); y += 3
    c.line(4, y, 72, y, 0.2); y += 5
    for l in lines:
        c.text(4, y, f'{qty(l.quantity)} x {l.description}', 8, 'C'); c.text(72, y, es(l.amount), 8, 'C', 'r'); y += 4.2
    c.line(4, y, 72, y, 0.2); y += 6
    c.text(4, y, 'TOTAL', 11, 'CB'); c.text(72, y, es(inv.total) + ' EUR', 11, 'CB', 'r'); y += 6
    rate, base, vat = inv.vat_lines()[0]
    c.text(4, y, f'Base imponible {es(base)}  IVA 10% {es(vat)}', 7, 'C'); y += 4; c.text(4, y, 'IVA incluido', 7, 'C'); y += 4
    c.text(4, y, 'Efectivo 20,00  Cambio ' + es(D('20') - inv.total), 7, 'C')
    return inv, c


def suministros_3pag():
    s = Party('Suministros Industriales Gállego, S.A.', cif('A', '5013892'), ['Ctra. Huesca km 8', '50830 Villanueva de Gállego (Zaragoza)'])
    parts = ['Tornillo DIN 933 M8x30 (caja 100)', 'Tuerca DIN 934 M8 (caja 200)', 'Arandela plana M8 (caja 500)', 'Guante nitrilo T9 (caja 100)', 'Disco corte inox 125 mm',
             'Broca HSS 6 mm', 'Spray lubricante 400 ml', 'Cinta aislante 19 mm', 'Brida nylon 200 mm (bolsa 100)', 'Taco nylon 8 mm (caja 100)', 'Electrodo rutilo 2,5 mm (kg)']
    lines = [Line(parts[(i * 4) % 11], D(str(1 + (i * 3) % 9)), (D('2.15') + D(str((i * 53) % 240)) / 10).quantize(D('0.01')), discount=D('5') if i % 4 == 0 else D('0'),
                  ref=f'SG{4400 + i * 7}') for i in range(66)]
    inv = Invoice('r-suministros-3pag', GEN, 'three pages, totals on the last only, line discounts', 'an industrial supplier\'s 3-page invoice (66 lines with references and a 5 % discount on some), "Página 1 de 3", a "Suma y sigue" line at the foot of pages 1 and 2, totals only on page 3; "Factura SI2026/0077", "26.05.2026"',
                  s, COMPANY, 'SI2026/0077', date(2026, 5, 26), lines, scan='pdf')
    c = Canvas()
    cols = [('Ref.', 0, 'l', lambda l: l.ref), ('Descripción', 20, 'l', lambda l: l.description), ('Cant.', 105, 'r', lambda l: qty(l.quantity)),
            ('Precio', 125, 'r', lambda l: es(l.price)), ('Dto.%', 140, 'r', lambda l: pct(l.discount) if l.discount else ''), ('Importe', 180, 'r', lambda l: es(l.amount))]
    running = D('0')
    for page, chunk in enumerate([lines[:28], lines[28:56], lines[56:]], 1):
        c.page()
        c.text(15, 18, s.name, 12, 'HB'); c.text(15, 23, f'{", ".join(s.address)} - CIF {s.tax_id}', 8)
        c.text(195, 18, 'FACTURA SI2026/0077', 11, 'HB', 'r'); c.text(195, 23, 'Fecha 26.05.2026', 9, 'H', 'r'); c.text(195, 28, f'Página {page} de 3', 8, 'H', 'r')
        if page == 1:
            c.text(15, 33, 'Cliente: ' + COMPANY.name + ' - ' + ', '.join(COMPANY.address) + ' - CIF ' + COMPANY.tax_id, 8.5)
        y = 44
        if running:
            c.text(150, y, 'Suma anterior', 8.5, 'HB', 'r'); c.text(195, y, es(running), 8.5, 'HB', 'r'); y += 6
        y = items(c, y, inv, cols, size=8, row=chunk, step=7)
        running += sum((l.amount for l in chunk), D('0'))
        if page < 3:
            c.text(150, y + 3, 'Suma y sigue', 8.5, 'HB', 'r'); c.text(195, y + 3, es(running), 8.5, 'HB', 'r')
    y += 10
    for caption, value in [('Base imponible', es(inv.subtotal)), ('I.V.A. 21,00 %', es(inv.vat_total)), ('Total factura EUR', es(inv.total))]:
        c.text(160, y, caption, 9.5, 'HB' if caption.startswith('Total') else 'H', 'r'); c.text(195, y, value, 9.5, 'HB' if caption.startswith('Total') else 'H', 'r'); y += 6
    c.text(15, y + 6, 'Vencimiento: 25.06.2026 - Recibo domiciliado', 8)
    return inv, c


def rectificativa_espacios():
    s = Party('Climatización Moncayo Tarazona, S.L.', cif('B', '5096733'), ['C/ Visconti 14', '50500 Tarazona (Zaragoza)'])
    lines = [Line('Anulación mantenimiento preventivo 2º trim. (no realizado)', D('1'), D('-385.00')), Line('Anulación desplazamiento', D('1'), D('-35.00'))]
    inv = Invoice('r-rectificativa', GEN, 'corrective invoice, negative amounts with U+2212', 'a "Factura rectificativa" cancelling a quarterly maintenance, negative amounts (printed with R\'s minus), its number "RC 2026 004" with spaces, the rectified invoice "F 2026 118" quoted; date "8 de mayo de 2026"',
                  s, COMPANY, 'RC 2026 004', date(2026, 5, 8), lines, scan='jpg')
    c = Canvas(); c.page()
    c.text(15, 22, s.name, 13, 'TB'); c.text(15, 28, ', '.join(s.address), 9, 'T'); c.text(15, 33, f'CIF: {s.tax_id}', 9, 'T')
    c.text(15, 50, 'FACTURA RECTIFICATIVA', 14, 'TB'); c.text(15, 57, 'Número: RC 2026 004', 10, 'T'); c.text(15, 62, f'Fecha: {long_date(inv.issued)}', 10, 'T')
    c.text(15, 67, 'Rectifica la factura F 2026 118 de 2 de abril de 2026 (art. 15 RD 1619/2012)', 9, 'T')
    c.text(120, 50, 'Destinatario', 9, 'TB'); c.text(120, 56, COMPANY.name, 10, 'T'); c.text(120, 61, COMPANY.address[0], 9.5, 'T'); c.text(120, 66, COMPANY.address[1], 9.5, 'T'); c.text(120, 71, COMPANY.tax_id, 9.5, 'T')
    y = items(c, 85, inv, [('Concepto', 0, 'l', lambda l: l.description), ('Importe', 180, 'r', lambda l: es(l.amount) + ' €')], font='T', head_font='TB')
    y += 8
    for caption, value in [('Base imponible', es(inv.subtotal)), ('IVA 21%', es(inv.vat_total)), ('TOTAL', es(inv.total))]:
        c.text(160, y, caption, 10, 'TB' if caption == 'TOTAL' else 'T', 'r'); c.text(195, y, value + ' €', 10, 'TB' if caption == 'TOTAL' else 'T', 'r'); y += 6
    return inv, c


def academia_exenta():
    s = Party('Centro de Estudios Ebro Formación, S.L.', cif('B', '5077214'), ['C/ Conde de Aranda 101', '50003 Zaragoza'])
    lines = [Line('Curso de contabilidad avanzada (40 h) - 2 alumnos', D('2'), D('380.00'), exempt=True), Line('Curso de Excel para finanzas (20 h)', D('3'), D('160.00'), exempt=True)]
    inv = Invoice('r-academia-exenta', GEN, 'wholly exempt invoice', 'a training centre\'s invoice entirely exempt (art. 20.Uno.9º LIVA): "IVA exento" and a 0,00 cuota, total equal to the base; "Nº EXP/26/118", date "15-01-2026"',
                  s, COMPANY, 'EXP/26/118', date(2026, 1, 15), lines, photo=True)
    c = Canvas(); c.page()
    c.rect(15, 12, 180, 24, fill=0.92, stroke=0); c.text(20, 22, 'EBRO FORMACIÓN', 16, 'HB'); c.text(20, 29, f'{s.name} - {", ".join(s.address)} - NIF {s.tax_id}', 7.5)
    c.text(20, 48, 'Nº', 9, 'HB'); c.text(30, 48, 'EXP/26/118', 9); c.text(70, 48, 'Fecha', 9, 'HB'); c.text(82, 48, '15-01-2026', 9)
    c.text(120, 48, 'Alumno/Empresa:', 9, 'HB'); c.text(120, 53, COMPANY.name, 9); c.text(120, 58, ', '.join(COMPANY.address), 8); c.text(120, 63, 'NIF ' + COMPANY.tax_id, 8)
    y = items(c, 78, inv, [('Curso', 0, 'l', lambda l: l.description), ('Alumnos', 115, 'r', lambda l: qty(l.quantity)), ('Precio', 145, 'r', lambda l: es(l.price)), ('Importe', 180, 'r', lambda l: es(l.amount))])
    y += 8
    for caption, value in [('Base imponible', es(inv.subtotal)), ('IVA exento', '0,00'), ('Total', es(inv.total))]:
        c.text(160, y, caption, 9.5, 'HB' if caption == 'Total' else 'H', 'r'); c.text(195, y, value, 9.5, 'HB' if caption == 'Total' else 'H', 'r'); y += 6
    c.text(15, y + 8, 'Operación exenta de IVA según el art. 20.Uno.9º de la Ley 37/1992 (enseñanza).', 8)
    return inv, c


def electronica_resumen_lado():
    s = Party('Componentes Electrónicos Huerva, S.L.', cif('B', '5088124'), ['C/ Miguel Servet 190', '50013 Zaragoza'])
    lines = [Line('Portátil 14" i5 16 GB', D('3'), D('689.00'), discount=D('4')), Line('Monitor 27" QHD', D('3'), D('219.90')),
             Line('Base de conexión USB-C', D('3'), D('129.00')), Line('Portes y seguro', D('1'), D('18.00'))]
    inv = Invoice('r-electronica-lado', GEN, 'several amount columns, summary in a box on the side', 'a computer wholesaler with columns Cant. / P.V.P. / Bruto / Dto. % / Neto, thousands separators ("2.481,36"), the summary in a framed box at the right of the payment terms; "FV26/1043", "14-04-2026"',
                  s, COMPANY, 'FV26/1043', date(2026, 4, 14), lines)
    c = Canvas(); c.page()
    c.text(15, 20, 'HUERVA', 22, 'HB', gray=0.25); c.text(15, 26, s.name + ' - CIF ' + s.tax_id, 8.5); c.text(15, 30.5, ', '.join(s.address), 8.5)
    c.text(195, 20, 'FACTURA FV26/1043', 12, 'HB', 'r'); c.text(195, 26, '14-04-2026', 10, 'H', 'r')
    c.text(120, 40, COMPANY.name, 9.5, 'HB'); c.text(120, 45, ', '.join(COMPANY.address), 8.5); c.text(120, 50, 'CIF ' + COMPANY.tax_id, 8.5)
    y = items(c, 64, inv, [('Artículo', 0, 'l', lambda l: l.description), ('Cant.', 68, 'r', lambda l: qty(l.quantity)), ('P.V.P.', 90, 'r', lambda l: es(l.price)),
                           ('Bruto', 115, 'r', lambda l: es(l.quantity * l.price)), ('Dto. %', 132, 'r', lambda l: pct(l.discount)), ('Neto', 180, 'r', lambda l: es(l.amount))])
    y += 10
    c.text(15, y, 'Forma de pago: transferencia 30 días', 8.5); c.text(15, y + 5, 'IBAN ES91 2100 0418 4502 0005 1332', 8.5)
    c.rect(125, y - 5, 70, 25, stroke=0.4)
    for i, (caption, value) in enumerate([('Base imponible', es(inv.subtotal)), ('IVA 21 %', es(inv.vat_total)), ('Total EUR', es(inv.total))]):
        c.text(128, y + 7 * i, caption, 9, 'HB' if caption.startswith('Total') else 'H'); c.text(192, y + 7 * i, value, 9, 'HB' if caption.startswith('Total') else 'H', 'r')
    return inv, c


def fontanero_sin_miles():
    s = Party('Raúl Bernués Latre', dni('72994015'), ['Fontanería y calefacción', 'C/ San Pablo 12', '50003 Zaragoza'])
    lines = [Line('Sustitución de bañera por plato de ducha (material)', D('1'), D('1240.00'), rate=D('10')), Line('Mano de obra reforma baño', D('16'), D('32.00'), rate=D('10')),
             Line('Mampara de ducha (instalación en local)', D('1'), D('385.00'))]
    inv = Invoice('r-fontanero-dos-tipos', GEN, 'tradesman (DNI) at 10 and 21 %, no thousands separators', 'a plumber (DNI) with a home-renovation 10 % and a 21 % line, amounts "1752,00" without thousands separator, "Fra. 112", date "30/06/26"; the summary in rows per rate',
                  s, COMPANY, '112', date(2026, 6, 30), lines, photo=True)
    c = Canvas(); c.page()
    c.text(15, 20, s.name, 13, 'HB'); [c.text(15, 26 + 4.5 * i, a, 9) for i, a in enumerate(s.address)]; c.text(15, 39.5, 'DNI ' + s.tax_id, 9)
    c.text(130, 20, 'Fra. 112', 14, 'HB'); c.text(130, 27, 'Fecha 30/06/26', 10)
    c.text(130, 40, COMPANY.name, 9, 'HB'); c.text(130, 45, COMPANY.address[0], 8.5); c.text(130, 49.5, COMPANY.address[1], 8.5); c.text(130, 54, COMPANY.tax_id, 8.5)
    y = items(c, 68, inv, [('Descripción', 0, 'l', lambda l: l.description), ('Cant.', 112, 'r', lambda l: qty(l.quantity)), ('Precio', 135, 'r', lambda l: plain(l.price)),
                           ('IVA', 148, 'r', lambda l: pct(l.rate) + '%'), ('Importe', 180, 'r', lambda l: plain(l.amount))])
    y += 8
    for rate, base, vat in inv.vat_lines():
        c.text(100, y, f'Base {pct(rate)}%', 9); c.text(140, y, plain(base), 9, 'H', 'r'); c.text(160, y, f'IVA {pct(rate)}%', 9); c.text(195, y, plain(vat), 9, 'H', 'r'); y += 5
    y += 3; c.text(160, y, 'TOTAL', 11, 'HB'); c.text(195, y, plain(inv.total), 11, 'HB', 'r')
    return inv, c


LAYOUTS = [laboratorio_columnas, aparejador_irpf15, recargo_bazar, ticket_cafeteria, suministros_3pag, rectificativa_espacios, academia_exenta,
           electronica_resumen_lado, fontanero_sin_miles]


def build(out_dir, work_dir, only=None):
    made = []
    for make in LAYOUTS:
        inv, c = make()
        if only and inv.id not in only:
            continue
        draw_r(c, out_dir / f'{inv.id}.pdf', work_dir)
        made.append(inv)
    return made
