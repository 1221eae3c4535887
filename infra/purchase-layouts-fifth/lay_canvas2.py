"""Layouts drawn with PyMuPDF (TrueType fonts embedded) and with the hand-written PDF writer (base-14
fonts, each word placed on its own)."""
from canvas import Canvas
from common import OWN, SHOP, label, table
from model import Invoice, cif, dni, nie, es, pct, in_words, D, r2


def gas(out):
    sup = ('Gas Natural del Moncayo Comercializadora, S.A.', cif('A', 8811392))
    number, iso = 'GN 0026 3391 04', '2026-01-18'
    fixed = r2(D(31) * D('0.312877')); kwh = 4816; variable = r2(kwh * D('0.071140'))
    hydro = r2(kwh * D('0.00234')); meter = r2(D(31) * D('0.0404')) ; disc = -r2(variable * D('0.05'))
    inv = Invoice([(fixed, 21), (variable, 21), (disc, 21), (hydro, 21), (meter, 21)])
    c = Canvas('mupdf', 'sans')
    c.rect(0, 0, 8, 297, fill=0.55, stroke=0)
    c.text(16, 18, 'gas moncayo', 20, bold=True, grey=0.35)
    c.text(16, 24, 'tu energía de proximidad', 8, grey=0.35)
    c.text(200, 14, 'Factura de gas natural', 11, bold=True, align='r')
    c.text(200, 20, f'Nº de factura: {number}', 8.5, align='r')
    c.text(200, 25, 'Fecha de emisión: 18 enero 2026', 8.5, align='r')
    c.text(200, 30, 'Periodo: 15/12/2025 a 14/01/2026 (31 días)', 8.5, align='r')
    c.rect(16, 36, 90, 34, fill=0.94, stroke=0)
    c.text(19, 42, 'IMPORTE TOTAL', 9, bold=True)
    c.text(19, 55, es(inv.total) + ' €', 22, bold=True)
    c.text(19, 64, 'Se cargará en su cuenta ES** **** **** **** 4471 el 28/01/2026', 7)
    c.text(112, 42, 'Titular', 7.5, grey=0.45)
    for k, t in enumerate([OWN[0], f'NIF {OWN[1]}', 'Suministro: ' + OWN[2], OWN[3], 'CUPS ES0230 9000 0031 4478 JK', 'Tarifa RL.2 · Contrato 5500184421']):
        c.text(112, 47 + k * 4.2, t, 8)
    y = 82
    c.text(16, y, 'Detalle de la factura', 11, bold=True); y += 8
    sections = [('Término fijo', [(f'31 días x 0,312877 €/día', fixed)]),
                ('Término variable', [(f'Consumo {es(kwh, places=0)} kWh x 0,071140 €/kWh', variable), ('Descuento bienvenida 5 % s/ término variable', disc)]),
                ('Impuesto especial sobre hidrocarburos', [(f'{es(kwh, places=0)} kWh x 0,00234 €/kWh', hydro)]),
                ('Alquiler de equipos de medida', [('31 días x 0,0404 €/día', meter)])]
    for title, rows in sections:
        c.text(16, y, title, 9, bold=True); c.text(200, y, es(sum(a for _, a in rows)) + ' €', 9, bold=True, align='r'); y += 5
        for t, a in rows:
            c.text(22, y, t, 8); c.text(170, y, es(a) + ' €', 8, align='r'); y += 4.5
        y += 2
    c.line(16, y, 200, y); y += 6
    c.text(16, y, 'Base imponible', 9); c.text(200, y, es(inv.subtotal) + ' €', 9, align='r'); y += 5
    c.text(16, y, f'IVA 21 % s/ {es(inv.subtotal)}', 9); c.text(200, y, es(inv.vat[D(21)]) + ' €', 9, align='r'); y += 7
    c.text(16, y, 'TOTAL IMPORTE FACTURA', 10, bold=True); c.text(200, y, es(inv.total) + ' €', 10, bold=True, align='r'); y += 14
    c.text(16, y, 'Lecturas', 9, bold=True); y += 5
    table(c, y, [(16, 'l'), (70, 'r'), (110, 'r'), (150, 'r'), (200, 'r')], ['Contador 1184273', 'Anterior (m³)', 'Actual (m³)', 'Consumo (m³)', 'kWh (PCS 11,364)'],
          [['Real', '12.418', '12.842', '424', es(kwh, places=0)]], 8)
    c.text(16, 280, f'{sup[0]} · NIF {sup[1]} · Paseo de la Constitución 40, 50008 Zaragoza · Inscrita en el R.M. de Zaragoza, tomo 3110, folio 88', 6.5, grey=0.3)
    c.save(out)
    return label('mu-gas-natural', 'PyMuPDF', 'natural gas bill', 'a gas bill: the total in large type in a tinted box at the top, sections (fixed term, variable term with a negative discount, hydrocarbon tax, meter rental) each with its own sum, the supplier only in the footer beside a lowercase brand, a readings table with m³ and kWh, number "GN 0026 3391 04", date "18 enero 2026"', sup, number, iso, inv, scan=True, photo=True)


def alquiler(out):
    sup = ('Mercedes Lacasa Pomar', dni(17203459))
    number, iso = '3/2026', '2026-03-01'
    inv = Invoice([('1150.00', 21), ('64.80', 21)], irpf=19)
    c = Canvas('mupdf', 'serif')
    c.text(105, 30, 'RECIBO - FACTURA DE ALQUILER', 14, bold=True, align='c')
    c.text(20, 48, 'Arrendadora:', 10, bold=True); c.text(60, 48, f'{sup[0]}, NIF {sup[1]}', 10)
    c.text(60, 53, 'C/ Coso 142, 3º izda., 50001 Zaragoza', 10)
    c.text(20, 63, 'Arrendataria:', 10, bold=True); c.text(60, 63, f'{OWN[0]}, CIF {OWN[1]}', 10)
    c.text(20, 73, 'Local:', 10, bold=True); c.text(60, 73, 'Avda. de Valencia 18, local 2, 50005 Zaragoza (ref. catastral 7127408XM7172G0001WQ)', 9)
    c.text(20, 85, f'Factura nº {number}, de 1 de marzo de 2026. Renta correspondiente al mes de marzo de 2026.', 10)
    rows = [('Renta mensual del local', '1150.00'), ('Gastos de comunidad repercutidos (marzo)', '64.80')]
    y = 100
    for t, a in rows:
        c.text(30, y, t, 10); c.text(185, y, es(D(a)) + ' euros', 10, align='r'); y += 7
    c.line(120, y - 3, 185, y - 3)
    for t, a in [('Base imponible', inv.subtotal), ('I.V.A. 21%', inv.vat[D(21)]), ('Retención I.R.P.F. 19%', -inv.irpf_amount)]:
        c.text(30, y + 3, t, 10); c.text(185, y + 3, es(a) + ' euros', 10, align='r'); y += 7
    c.text(30, y + 6, 'Líquido a percibir', 11, bold=True); c.text(185, y + 6, es(inv.total) + ' euros', 11, bold=True, align='r')
    c.text(20, y + 22, f'Son {in_words(inv.total)}.', 10)
    c.text(20, y + 32, 'Pago por transferencia a la cuenta ES21 2085 0104 1103 3012 7741 antes del día 5 del mes.', 9)
    c.text(120, y + 55, 'Zaragoza, a 1 de marzo de 2026', 10)
    c.text(120, y + 75, 'Fdo.: Mercedes Lacasa Pomar', 10)
    c.save(out)
    return label('mu-alquiler-local', 'PyMuPDF', 'commercial rent', 'a landlady (DNI) renting premises: rent and repercussed community fees, IRPF 19 %, "Líquido a percibir", amounts followed by "euros", the total in words after "Son", number "3/2026", date "1 de marzo de 2026" in prose', sup, number, iso, inv, photo=True)


def consultor(out):
    sup = ('Íñigo Arbeloa Zubiri', dni(72894513))
    number, iso = 'C-26-014', '2026-01-14'
    inv = Invoice([('1800.00', 21), ('640.00', 0)], irpf=7)
    c = Canvas('mupdf', 'narrow')
    c.text(20, 22, 'ÍÑIGO ARBELOA ZUBIRI', 17, bold=True)
    c.text(20, 28, 'Consultoría de procesos y formación · Calle Estafeta 51, 2º · 31001 Pamplona · NIF ' + sup[1], 8.5)
    c.line(20, 31, 190, 31, 1.2, grey=0.4)
    c.text(20, 42, 'Factura', 9, grey=0.45); c.text(20, 47, number, 11, bold=True)
    c.text(60, 42, 'Fecha', 9, grey=0.45); c.text(60, 47, '14/01/2026', 11, bold=True)
    c.text(100, 42, 'Facturar a', 9, grey=0.45)
    for k, t in enumerate([OWN[0], OWN[1], OWN[2], OWN[3]]):
        c.text(100, 47 + k * 4.5, t, 9.5, bold=k == 0)
    y = table(c, 75, [(20, 'l'), (130, 'r'), (155, 'r'), (190, 'r')], ['Concepto', 'Horas', '€/hora', 'Importe'],
              [['Consultoría: rediseño del proceso de almacén (diciembre)', '24', '75,00', '1.800,00'],
               ['Curso "Gestión de stocks" para 8 empleados (exento, art. 20.Uno.9º LIVA)', '16', '40,00', '640,00']], 9.5, step=6)
    y += 8
    for t, a in [('Base imponible sujeta (21 %)', '1.800,00'), ('Base exenta', '640,00'), ('Total base', es(inv.subtotal)), ('IVA 21 %', es(inv.vat[D(21)])),
                 ('IRPF 7 % (inicio de actividad)', '-' + es(inv.irpf_amount))]:
        c.text(110, y, t, 9.5); c.text(190, y, a, 9.5, align='r'); y += 5.5
    c.rect(108, y - 2, 84, 9, fill=0.85, stroke=0)
    c.text(110, y + 4, 'TOTAL', 11, bold=True); c.text(190, y + 4, es(inv.total) + ' €', 11, bold=True, align='r')
    c.text(20, y + 25, 'Retención del 7 % por ser uno de los tres primeros años de actividad profesional (art. 101.5 LIRPF).', 8.5)
    c.save(out)
    return label('mu-consultor-irpf7', 'PyMuPDF', 'consultant with IRPF 7 %', 'a consultant (DNI) in Liberation Sans Narrow: consultancy at 21 % and an exempt course (art. 20) on one invoice, IRPF 7 % on both bases, captions above the number and date, number "C-26-014"', sup, number, iso, inv, scan=True)


def oficina(out):
    sup = ('Papelería Técnica Ebro Office, S.L.', cif('B', 9953180))
    number, iso = 'FV/2026/0003412', '2026-07-09'
    names = ['Papel A4 80g caja 5x500', 'Bolígrafo gel azul (caja 12)', 'Archivador palanca lomo ancho', 'Carpeta colgante folio (25)', 'Tóner compatible HP 59A',
             'Cuaderno espiral A4 cuadrícula', 'Grapadora metálica 25 h', 'Grapas 26/6 caja 5000', 'Post-it 76x76 pack 12', 'Rotulador fluorescente (10)',
             'Sobre DL autoadhesivo (500)', 'Etiquetas 70x37 (100 h)', 'Calculadora sobremesa 12 díg.', 'Cinta adhesiva 19x33 (8)', 'Clips n.º 3 caja 100']
    rows, lines = [], []
    for i in range(46):
        n = names[i % 15]; q = 1 + (i * 7) % 9; p = D(2) + D((i * 53) % 3800) / 100; dto = [0, 5, 10, 15][i % 4]
        book = i % 9 == 4
        if book:
            n = ['Agenda anual 2027 día página', 'Libro "Contabilidad práctica"', 'Plan General Contable (ed. 2026)', 'Manual de nóminas 2026', 'Diccionario de dudas'][i % 5]
        net = r2(q * p) - r2(r2(q * p) * dto / 100)
        rate = 4 if book else 21
        lines.append((net, rate))
        rows.append([f'{10200 + i * 17}', n, str(q), es(p), f'{dto}%' if dto else '', es(net), f'{rate}%'])
    inv = Invoice(lines, discount=2)
    c = Canvas('mupdf', 'sans')
    cols = [(15, 'l'), (32, 'l'), (125, 'r'), (142, 'r'), (157, 'r'), (180, 'r'), (195, 'r')]
    hdr = ['Ref.', 'Descripción', 'Cant.', 'Precio', 'Dto.', 'Importe', 'IVA']
    for page, chunk in enumerate([rows[:20], rows[20:40], rows[40:]], 1):
        if page > 1:
            c.new_page()
        c.text(15, 16, 'ebro office', 16, bold=True)
        c.text(195, 14, f'FACTURA {number}', 10, bold=True, align='r')
        c.text(195, 19, f'09/07/2026 · página {page}/3', 8, align='r')
        if page == 1:
            c.text(15, 22, f'{sup[0]} — CIF {sup[1]}', 8)
            c.text(15, 26, 'Calle Miguel Servet 200, 50013 Zaragoza · pedidos@ebro-office.example', 8)
            c.rect(110, 30, 85, 22)
            for k, t in enumerate(['Enviar a / Facturar a:', OWN[0], OWN[2] + ', ' + OWN[3], f'CIF {OWN[1]}']):
                c.text(113, 35 + k * 4.5, t, 8, bold=k == 1)
            y = 62
        else:
            y = 32
        y = table(c, y, cols, hdr, chunk, 7.5, step=5)
        if page < 3:
            c.text(195, y + 4, 'continúa en la página siguiente', 7, align='r', grey=0.4)
    y += 6
    table(c, y, [(60, 'r'), (85, 'r'), (115, 'r'), (135, 'r'), (160, 'r')], ['Importe bruto', 'Dto. 2 %', 'Base imponible', '% IVA', 'Cuota'],
          [[es(inv.bases[r] + inv.discounts[r]), '-' + es(inv.discounts[r]), es(inv.bases[r]), pct(r) + '%', es(inv.vat[r])] for r in inv.rates()], 8, step=5)
    c.text(160, y + 20, 'Total factura (EUR)', 9.5, bold=True, align='r'); c.text(195, y + 20, es(inv.total), 9.5, bold=True, align='r')
    c.save(out)
    return label('mu-material-oficina', 'PyMuPDF', 'office supplies, 3 pages', 'a 3-page office-supplies invoice (46 lines with reference, line discounts and a VAT column, books at 4 %), a 2 % discount on the whole shown per rate in the tax table, page numbers "página 1/3", number "FV/2026/0003412"', sup, number, iso, inv, scan='pdf')


def cashcarry(out):
    sup = ('Cash & Carry Huerva Mayoristas, S.A.', cif('A', 5026147))
    number, iso = '0457 0031 000892', '2026-08-26'
    items = [('ACEITE GIRASOL 5L', 4, '8.95', 21), ('HARINA TRIGO 1KG', 20, '0.72', 4), ('HUEVOS L 30U', 6, '5.10', 4), ('QUESO SEMICURADO 3KG', 2, '24.60', 4),
             ('TOMATE TRITURADO 5KG', 3, '4.85', 10), ('CERVEZA TERCIO 24U', 5, '11.40', 21), ('REFRESCO COLA 2L 6U', 4, '7.20', 10), ('SERVILLETAS 2C 100U', 10, '0.95', 21)]
    lines = [(r2(q * D(p)), r) for _, q, p, r in items]
    inv = Invoice(lines)
    c = Canvas('mupdf', 'mono', width=210, height=297)
    c.text(15, 15, 'CASH & CARRY HUERVA', 13, bold=True)
    c.text(15, 20, f'{sup[0]}   CIF {sup[1]}', 8)
    c.text(15, 24, 'Ctra. de Valencia km 7,5 - 50410 Cuarte de Huerva (Zaragoza)', 8)
    c.text(15, 34, f'FACTURA No. {number}        FECHA 26.08.2026     CAJA 31', 8.5, bold=True)
    c.text(15, 39, f'CLIENTE 0041187  {OWN[0]}  CIF {OWN[1]}', 8)
    c.text(15, 43, f'                 {OWN[2]}, {OWN[3]}', 8)
    y = 52
    c.text(15, y, 'ARTICULO                      UDS    PRECIO    IMPORTE  T', 8.5, bold=True); y += 5
    for (d, q, p, r), (a, _) in zip(items, lines):
        code = {21: 'A', 10: 'B', 4: 'C'}[r]
        c.text(15, y, f'{d:<28}{q:>5}{es(D(p)):>10}{es(a):>11}  {code}', 8.5); y += 4.5
    y += 4
    c.text(15, y, 'T  %IVA       BRUTO     DTO.      BASE     CUOTA      TOTAL', 8.5, bold=True); y += 5
    for r in inv.rates():
        code = {21: 'A', 10: 'B', 4: 'C'}[int(r)]
        c.text(15, y, f'{code}{pct(r):>5}{es(inv.bases[r]):>12}{"0,00":>9}{es(inv.bases[r]):>10}{es(inv.vat[r]):>10}{es(inv.bases[r] + inv.vat[r]):>11}', 8.5); y += 4.5
    c.text(15, y, f'{"TOTALES":<6}{es(inv.subtotal):>12}{"0,00":>9}{es(inv.subtotal):>10}{es(sum(inv.vat.values())):>10}{es(inv.total):>11}', 8.5, bold=True); y += 9
    c.text(15, y, f'TOTAL A PAGAR EUR {es(inv.total):>12}', 11, bold=True); y += 6
    c.text(15, y, 'PAGADO CON TARJETA ****4471', 8.5)
    c.save(out)
    return label('mu-cash-carry', 'PyMuPDF', 'cash and carry', 'a cash-and-carry invoice in Liberation Mono laid out with spaces, rates as letters A/B/C per item, a summary by rate with gross, discount, base, VAT and total columns and a TOTALES row, number with inner spaces "0457 0031 000892", date "26.08.2026"', sup, number, iso, inv)


def gasolinera(out):
    sup = ('Estación de Servicio Bardenas, S.L.', cif('B', 3184226))
    number, iso = '0043-0001-26-0051812', '2026-10-08'
    litres, price = D('62.41'), D('1.529')
    gross = r2(litres * price)
    inv = Invoice([(gross, 21)], mode='included')
    c = Canvas('raw', 'courier', width=72, height=130)
    y = 8
    for t in ['E.S. BARDENAS', sup[0], f'CIF {sup[1]}', 'N-121 km 32 - 31300 Tafalla']:
        c.text(36, y, t, 7 if t != 'E.S. BARDENAS' else 9, bold=t == 'E.S. BARDENAS', align='c'); y += 3.8
    y += 2
    c.text(3, y, 'FACTURA', 8, bold=True); y += 4
    c.text(3, y, f'N.{number}', 6.5); y += 3.5
    c.text(3, y, 'FECHA 08/10/26 07:43  TPV 2', 6.5); y += 4.5
    c.text(3, y, 'CLIENTE:', 6.5); y += 3.5
    for t in [OWN[0], f'NIF {OWN[1]}', 'MATRICULA 7730 LBD  KM 211.450']:
        c.text(3, y, t, 6.5); y += 3.5
    c.text(3, y, '-' * 40, 6.5); y += 4
    c.text(3, y, 'SURT.04 DIESEL e+', 7); y += 3.5
    c.text(3, y, f'{es(litres)} L x {es(price, places=3)} EUR/L', 7); c.text(69, y, es(gross), 7, align='r'); y += 5
    c.text(3, y, 'TOTAL', 9, bold=True); c.text(69, y, es(gross) + ' EUR', 9, bold=True, align='r'); y += 5
    c.text(3, y, f'BASE IMPONIBLE      {es(inv.bases[D(21)]):>9}', 7); y += 3.5
    c.text(3, y, f'IVA 21%             {es(inv.vat[D(21)]):>9}', 7); y += 3.5
    c.text(3, y, 'IVA INCLUIDO', 7); y += 4.5
    c.text(3, y, 'TARJETA **** 0013  AUT 448120', 7); y += 6
    c.text(36, y, 'GRACIAS Y BUEN VIAJE', 7, align='c')
    c.height = y + 7
    c.save(out)
    return label('pd-ticket-gasolinera', 'hand-written PDF', 'fuel station invoice ticket', 'a 72 mm fuel-station ticket issued as a full invoice (the customer and plate on it), VAT 21 % included, a long hyphenated number "0043-0001-26-0051812" after "N.", date "08/10/26" with time, each word placed on its own', sup, number, iso, inv, photo=True)


def fontanero(out):
    sup = ('Rubén Escartín Ballarín', dni(25187364))
    number, iso = '58', '2026-02-02'
    items = [('Sustitución termo eléctrico 80 l (material incluido)', '385.00'), ('Desplazamiento', '25.00'), ('Mano de obra 3 h', '105.00')]
    inv = Invoice([(D(a), 21) for _, a in items])
    c = Canvas('raw', 'courier')
    lines = [
        'RUBEN ESCARTIN BALLARIN',
        'FONTANERIA - CALEFACCION - GAS',
        f'D.N.I. {sup[1]}',
        'C/ San Blas 9, bajo  -  22300 Barbastro (Huesca)',
        'Tfno. 654 118 203',
        '',
        f'                                       FACTURA N.: {number}',
        '                                       Barbastro, 2 de febrero 2026',
        '',
        'Sr./Sres.: ' + OWN[0],
        '           ' + OWN[2],
        '           ' + OWN[3],
        '           C.I.F. ' + OWN[1],
        '',
        'CONCEPTO                                               IMPORTE',
        '-' * 63,
    ] + [f'{d:<52}{es(D(a)):>11}' for d, a in items] + [
        '-' * 63,
        f'{"":<30}{"SUMA BASE IMPONIBLE":<22}{es(inv.subtotal):>11}',
        f'{"":<30}{"I.V.A. 21 %":<22}{es(inv.vat[D(21)]):>11}',
        f'{"":<30}{"TOTAL FACTURA":<22}{es(inv.total):>11}',
        '',
        f'Importa la presente factura la cantidad de {in_words(inv.total).upper()}.',
        '',
        'Forma de pago: contado.',
    ]
    y = 25
    for t in lines:
        if len(t) > 70:
            cut = t.rfind(' ', 0, 70)
            c.text(22, y, t[:cut], 9.5); y += 5; t = t[cut + 1:]
        c.text(22, y, t, 9.5, bold=t.startswith('RUBEN') or 'TOTAL FACTURA' in t); y += 5
    c.save(out)
    return label('pd-fontanero', 'hand-written PDF', 'plumber (typewriter style)', 'a self-employed plumber (DNI, no IRPF: a business activity) typed in Courier and laid out with spaces, number "58" after "FACTURA N.:", the date in a place line "Barbastro, 2 de febrero 2026", the total in words in capitals, each word placed on its own', sup, number, iso, inv, scan=True, photo=True)


def imprenta(out):
    sup = ('Gráficas Somontano, S.L.L.', cif('B', 2231874))
    number, iso = '2026-IM-0741', '2026-11-03'
    items = [('Folletos A5 4/4 couché 135 g', '5000', '38.00', 'millar'), ('Tarjetas de visita 350 g (4 modelos)', '2000', '22.50', 'millar'),
             ('Talonarios albarán autocopiativo 50x3', '40', '4.85', 'unidad'), ('Cartelería A2 papel 170 g', '150', '0.92', 'unidad')]
    rows, lines = [], []
    for d, q, p, u in items:
        a = r2(D(q) / 1000 * D(p)) if u == 'millar' else r2(D(q) * D(p))
        lines.append((a, 21)); rows.append([d, es(D(q), places=0), es(D(p)) + ' / ' + u, es(a)])
    lines.append((D('18.00'), 21)); rows.append(['Portes (agencia)', '', '', '18,00'])
    inv = Invoice(lines, discount=3)
    c = Canvas('raw', 'helvetica')
    c.rect(12, 12, 186, 28, fill=None, stroke=0.8)
    c.text(16, 22, 'GRÁFICAS SOMONTANO', 16, bold=True)
    c.text(16, 28, 'Impresión offset y digital · Avda. Navarra 44 · 22300 Barbastro', 8)
    c.text(16, 33, f'{sup[0]} · C.I.F. {sup[1]} · Reg. Merc. Huesca T. 612, F. 31, H. HU-11842', 7)
    c.text(194, 22, 'FACTURA', 12, bold=True, align='r'); c.text(194, 28, number, 10, align='r'); c.text(194, 33, '3/11/2026', 10, align='r')
    c.text(12, 50, 'CLIENTE', 8, bold=True)
    c.text(12, 55, f'{OWN[0]} - {OWN[1]} - {OWN[2]} - {OWN[3]}', 8.5)
    y = table(c, 68, [(12, 'l'), (120, 'r'), (160, 'r'), (198, 'r')], ['Trabajo', 'Cantidad', 'Precio', 'Importe'], rows, 9, step=6)
    y += 6
    bruto = inv.subtotal + inv.discounts[D(21)]
    for t, a in [('Suma', es(bruto)), ('Dto. pronto pago 3 %', '-' + es(inv.discounts[D(21)])), ('Base imponible', es(inv.subtotal)), ('IVA 21 %', es(inv.vat[D(21)])), ('TOTAL', es(inv.total))]:
        c.text(150, y, t, 9.5, bold=t == 'TOTAL', align='r'); c.text(198, y, a, 9.5, bold=t == 'TOTAL', align='r'); y += 6
    c.text(12, y + 10, 'Vencimiento: 3/12/2026. Transferencia: ES76 2085 2230 1101 0028 4417', 8)
    c.save(out)
    return label('pd-imprenta', 'hand-written PDF', 'print shop', 'a print shop: prices per thousand ("38,00 / millar"), a carriage line, a 3 % prompt-payment discount on the whole, the customer on one line, a framed header with the number and date right-aligned without captions, number "2026-IM-0741", date "3/11/2026"', sup, number, iso, inv, scan=True)


def editorial(out):
    sup = ('Distribuidora de Libros Moncayo, S.A.', cif('A', 5040913))
    number, iso = 'LB 26.00318', '2026-06-19'
    items = [('978-84-9938-112-4', 'Atlas escolar de Aragón', 6, '14.90', 30, 4), ('978-84-2236-780-2', 'Cuentos del Moncayo', 10, '12.50', 30, 4),
             ('978-84-7788-414-0', 'Guía de senderismo Pirineo', 4, '19.95', 25, 4), ('-', 'Punto de libro metálico (expositor 24)', 1, '36.00', 0, 21), ('-', 'Bolsas papel kraft (100)', 2, '9.50', 0, 21)]
    rows, lines = [], []
    for isbn, t, q, p, dto, r in items:
        net = r2(q * D(p)); net -= r2(net * dto / 100)
        lines.append((net, r)); rows.append([isbn, t, str(q), es(D(p)), f'{dto}' if dto else '', es(net), pct(r)])
    inv = Invoice(lines, recargo=True)
    c = Canvas('raw', 'times')
    c.text(105, 18, 'DISTRIBUIDORA DE LIBROS MONCAYO', 15, bold=True, align='c')
    c.text(105, 24, f'{sup[0]} – N.I.F. {sup[1]} – Camino de Cabaldós 12, 50013 Zaragoza', 8.5, align='c')
    c.text(12, 38, 'Factura:', 10, bold=True); c.text(32, 38, number, 10)
    c.text(12, 44, 'Fecha:', 10, bold=True); c.text(32, 44, '19/06/2026', 10)
    c.text(12, 50, 'Cond.:', 10, bold=True); c.text(32, 50, 'Depósito convertido en firme', 10)
    for k, t in enumerate(['Librería Celorrio', SHOP[4], f'N.I.F. {SHOP[1]}', SHOP[2], SHOP[3], 'Recargo de equivalencia']):
        c.text(120, 38 + k * 4.6, t, 9.5, bold=k == 0)
    y = table(c, 72, [(12, 'l'), (45, 'l'), (130, 'r'), (148, 'r'), (160, 'r'), (182, 'r'), (198, 'r')], ['ISBN', 'Título', 'Ej.', 'P.V.P.', 'Dto', 'Neto', 'IVA'], rows, 8.5, step=5.5)
    y += 8
    RE = {D(4): '0,5', D(21): '5,2'}
    for r in inv.rates():
        c.text(12, y, f'Base {pct(r)}%: {es(inv.bases[r])}   IVA {pct(r)}%: {es(inv.vat[r])}   R.E. {RE[r]}%: {es(inv.re[r])}', 9.5); y += 5.5
    c.text(198, y + 6, f'Total factura: {es(inv.total)} €', 12, bold=True, align='r')
    c.save(out)
    return label('pd-editorial-recargo', 'hand-written PDF', 'book distributor in recargo', 'a book distributor to a bookshop in recargo (4 % + 0,5 % books with trade discounts, 21 % + 5,2 % display items), ISBN column, the tax summary written as sentences per rate ("Base 4%: … IVA 4%: … R.E. 0,5%: …"), number "LB 26.00318"', sup, number, iso, inv, own=SHOP[1], photo=True)


LAYOUTS = {'mu-gas-natural': gas, 'mu-alquiler-local': alquiler, 'mu-consultor-irpf7': consultor, 'mu-material-oficina': oficina, 'mu-cash-carry': cashcarry,
           'pd-ticket-gasolinera': gasolinera, 'pd-fontanero': fontanero, 'pd-imprenta': imprenta, 'pd-editorial-recargo': editorial}
