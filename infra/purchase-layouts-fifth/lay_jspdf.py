"""Layouts drawn with jsPDF (standard PDF fonts)."""
from canvas import Canvas
from common import OWN, SHOP, label, table
from model import Invoice, cif, dni, es, pct, in_words, D, r2


def combustible(out):
    sup = ('Petróleos del Jalón Red de Estaciones, S.A.', cif('A', 5031862))
    number, iso = 'CF2026000731', '2026-04-30'
    stations = ['E.S. Calatayud Norte', 'E.S. La Almunia', 'E.S. Alfajarín A-2', 'E.S. Ateca Km 225']
    plates = ['4821 KLM', '7730 LBD']
    lines, rows = [], []
    for i in range(34):
        day = 1 + (i * 7) % 29
        litres = D(30) + D((i * 37) % 41) + D((i * 13) % 100) / 100
        price = D('1.459') + D((i * 11) % 17) / 1000
        gross = r2(litres * price)
        base = r2(gross / D('1.21'))
        lines.append((base, 21))
        rows.append([f'{day:02d}/04/26', stations[i % 4], plates[i % 2], 'Gasóleo A' if i % 5 else 'AdBlue' if i % 10 == 0 else 'Gasóleo A+',
                     es(litres), es(price, places=3), es(base), es(gross)])
    inv = Invoice(lines, mode='line')
    c = Canvas('jspdf', 'helvetica')
    def head(page):
        c.rect(0, 0, 210, 22, fill=0.15, stroke=0)
        c.text(12, 11, 'JALÓN', 18, bold=True, grey=1)
        c.text(12, 17, 'TARJETA PROFESIONAL', 7, grey=1)
        c.text(198, 10, f'FACTURA RESUMEN MENSUAL  ·  Hoja {page} de 2', 9, bold=True, align='r', grey=1)
        c.text(198, 16, f'Nº factura {number}   Fecha 30/04/2026   Periodo 01/04/2026 - 30/04/2026', 7.5, align='r', grey=1)
    head(1)
    c.text(12, 32, sup[0], 9, bold=True)
    c.text(12, 36.5, f'NIF {sup[1]} · Avda. de Madrid 118 · 50300 Calatayud (Zaragoza)', 7.5)
    c.rect(118, 28, 80, 24)
    c.text(121, 33, 'Titular del contrato', 7, grey=0.4)
    for k, t in enumerate([OWN[0], f'CIF {OWN[1]}', OWN[2], OWN[3]]):
        c.text(121, 38 + k * 4, t, 8.5, bold=k == 0)
    c.text(12, 47, 'Contrato 00417-22  ·  Tarjetas: 7078 **** 0012, 7078 **** 0013', 7.5)
    cols = [(12, 'l'), (30, 'l'), (72, 'l'), (92, 'l'), (138, 'r'), (156, 'r'), (177, 'r'), (198, 'r')]
    hdr = ['Fecha', 'Estación', 'Matrícula', 'Producto', 'Litros', '€/litro', 'Base', 'Importe']
    y = table(c, 60, cols, hdr, rows[:24], 7.5, step=4.6)
    c.text(198, y + 4, 'Suma y sigue ...', 8, align='r')
    c.new_page(); head(2)
    y = table(c, 32, cols, hdr, rows[24:], 7.5, step=4.6)
    y += 8
    c.line(110, y - 4, 198, y - 4)
    c.text(112, y, 'Base imponible IVA 21 %', 8.5); c.text(198, y, es(inv.bases[D(21)]), 8.5, align='r')
    c.text(112, y + 5, 'Cuota IVA 21 % (suma por suministro)', 8.5); c.text(198, y + 5, es(inv.vat[D(21)]), 8.5, align='r')
    c.text(112, y + 12, 'TOTAL FACTURA', 10, bold=True); c.text(198, y + 12, es(inv.total) + ' €', 10, bold=True, align='r')
    c.text(12, y + 25, 'Precios con IVA incluido en el suministro; IVA calculado en cada suministro y sumado. Cargo en cuenta el 10/05/2026.', 7)
    c.save(out)
    return label('js-combustible', 'jsPDF', 'fuel card statement', 'a fuel card monthly invoice of 34 refuellings over 2 pages (date, station, plate, product, litres, price to 3 decimals, base, amount), VAT per refuelling, the header white on a dark band, "Suma y sigue", number "CF2026000731"', sup, number, iso, inv, scan='pdf')


def taller(out):
    sup = ('Talleres Mecánicos Hermanos Gállego, S.L.', cif('B', 2246031))
    number, iso = 'F-0457/26', '2026-05-07'
    parts = [('Filtro aceite MANN W712/95', 1, '11.40'), ('Aceite 5W30 C3 (litros)', 5, '9.80'), ('Pastillas freno del. Brembo P85020', 1, '58.90'),
             ('Discos freno del. (par)', 1, '96.50'), ('Escobillas limpiaparabrisas', 2, '14.75')]
    labour = [('Cambio aceite y filtro', '0.5'), ('Sustitución discos y pastillas', '1.4'), ('Diagnosis electrónica', '0.6')]
    hour = D('48.00')
    pgross = [r2(D(q) * D(p)) for _, q, p in parts]
    ptotal = sum(pgross, D(0)); pdisc = r2(ptotal * D('0.10'))
    ltotal = sum(r2(D(h) * hour) for _, h in labour)
    inv = Invoice([(ptotal - pdisc, 21), (ltotal, 21)])
    c = Canvas('jspdf', 'times')
    c.text(105, 16, 'TALLERES HERMANOS GÁLLEGO', 16, bold=True, align='c')
    c.text(105, 22, 'Mecánica · Electricidad · Neumáticos  —  Ctra. de Sariñena 7, 22200 Sariñena (Huesca)  —  Tel. 974 570 118', 8.5, align='c')
    c.text(105, 26.5, f'{sup[0]}  ·  C.I.F. {sup[1]}  ·  Reg. Ind. 22/1184', 8.5, align='c')
    c.line(12, 29, 198, 29, 0.6)
    c.text(12, 37, 'FACTURA', 13, bold=True)
    c.text(12, 43, f'Número: {number}', 9.5); c.text(12, 48, 'Fecha: 7-5-2026', 9.5); c.text(12, 53, 'O.R.: 26-1187', 9.5)
    c.text(120, 37, 'Cliente:', 8.5, bold=True)
    for k, t in enumerate([OWN[0], OWN[2], OWN[3], f'CIF: {OWN[1]}']):
        c.text(120, 42 + k * 4.5, t, 9)
    c.rect(12, 60, 186, 9)
    c.text(15, 66, 'Vehículo: FORD TRANSIT CUSTOM   Matrícula: 4821 KLM   Bastidor: WF0YXXTTGYKU41823   Km: 148.230', 8.5)
    y = table(c, 78, [(12, 'l'), (130, 'r'), (158, 'r'), (198, 'r')], ['RECAMBIOS', 'Cant.', 'Precio', 'Importe'],
              [[d, str(q), es(D(p)), es(g)] for (d, q, p), g in zip(parts, pgross)], 9, step=5)
    c.text(130, y, 'Suma recambios', 9, align='r'); c.text(198, y, es(ptotal), 9, align='r')
    c.text(130, y + 5, 'Dto. 10 % recambios', 9, align='r'); c.text(198, y + 5, '-' + es(pdisc), 9, align='r')
    y = table(c, y + 16, [(12, 'l'), (130, 'r'), (158, 'r'), (198, 'r')], ['MANO DE OBRA', 'Horas', '€/hora', 'Importe'],
              [[d, es(D(h)), es(hour), es(r2(D(h) * hour))] for d, h in labour], 9, step=5)
    y += 8
    c.rect(110, y, 88, 30)
    for k, (t, v) in enumerate([('Recambios netos', ptotal - pdisc), ('Mano de obra', ltotal), ('Base imponible', inv.subtotal), ('I.V.A. 21%', inv.vat[D(21)])]):
        c.text(114, y + 6 + k * 5, t, 9); c.text(195, y + 6 + k * 5, es(v), 9, align='r')
    c.text(114, y + 27, 'TOTAL A PAGAR', 11, bold=True); c.text(195, y + 27, es(inv.total) + ' €', 11, bold=True, align='r')
    c.text(12, y + 45, 'Garantía de reparación 3 meses o 2.000 km (RD 1457/1986). Forma de pago: transferencia a 30 días.', 8)
    c.save(out)
    return label('js-taller-coche', 'jsPDF', 'car repair shop', 'a car workshop in Times: parts and labour in two tables, a 10 % discount on parts only, vehicle box, a boxed totals block, number "F-0457/26", date "7-5-2026" (no leading zeros)', sup, number, iso, inv, scan=True, photo=True)


def restaurante(out):
    sup = ('Asador Casa Lucía, S.L.', cif('B', 5097421))
    number, iso = 'T001-026-004571', '2026-03-21'
    items = [('2', 'MENU DIA', '14.50'), ('1', 'CHULETON 1KG', '42.00'), ('1', 'BOT. RIOJA CRIANZA', '18.50'), ('2', 'AGUA 1L', '2.20'), ('3', 'CAFE SOLO', '1.40'), ('1', 'PACHARAN', '3.50')]
    gross = [r2(D(q) * D(p)) for q, _, p in items]
    inv = Invoice([(g, 10) for g in gross], mode='included')
    c = Canvas('jspdf', 'courier', width=80, height=150)
    y = 8
    for t, s, b in [('ASADOR CASA LUCIA', 10, True), (sup[0], 7, False), (f'NIF: {sup[1]}', 7, False), ('Pza. del Mercado 4', 7, False), ('42002 Soria', 7, False), ('Tel. 975 21 44 09', 7, False)]:
        c.text(40, y, t, s, bold=b, align='c'); y += 4
    y += 2
    c.text(40, y, 'FACTURA SIMPLIFICADA', 8, bold=True, align='c'); y += 5
    c.text(4, y, f'Nº: {number}', 7); y += 4
    c.text(4, y, 'Fecha: 21/03/2026  Hora: 14:52', 7); y += 4
    c.text(4, y, 'Mesa: 12   Comensales: 2   Camarero: 03', 7); y += 3
    c.text(4, y, '-' * 44, 7); y += 4
    for (q, d, p), g in zip(items, gross):
        c.text(4, y, q, 7); c.text(9, y, d, 7); c.text(60, y, es(D(p)), 7, align='r'); c.text(76, y, es(g), 7, align='r'); y += 4
    c.text(4, y, '-' * 44, 7); y += 5
    c.text(4, y, 'TOTAL EUROS', 10, bold=True); c.text(76, y, es(inv.total), 10, bold=True, align='r'); y += 6
    c.text(4, y, 'Base Imp.   % IVA    Cuota', 7); y += 4
    c.text(4, y, f'{es(inv.bases[D(10)]):>9}    10,00 {es(inv.vat[D(10)]):>9}', 7); y += 5
    c.text(4, y, f'Entregado VISA ........ {es(inv.total)}', 7); y += 4
    c.text(4, y, 'IVA INCLUIDO', 7); y += 6
    c.text(40, y, 'GRACIAS POR SU VISITA', 7, align='c')
    c.height = y + 8
    c.save(out)
    return label('js-ticket-restaurante', 'jsPDF', 'restaurant ticket', 'an 80 mm restaurant simplified invoice in Courier, VAT 10 % included, a one-line tax summary aligned with spaces, number "T001-026-004571", date and time', sup, number, iso, inv, photo=True)


def rectificativa(out):
    sup = ('Suministros Hosteleros Ebro Frío, S.L.', cif('B', 3180552))
    number, iso = 'R-2026-0012', '2026-06-15'
    lines = [('Devolución vitrina refrigerada VR-150 (albarán 8812)', 1, '-1240.00', 21), ('Abono portes de la vitrina', 1, '-45.00', 21),
             ('Rappel 2º trimestre: aceite y conservas', 1, '-86.40', 10)]
    inv = Invoice([(D(p), r) for _, _, p, r in lines])
    c = Canvas('jspdf', 'helvetica')
    c.text(12, 18, 'Ebro Frío', 22, bold=True, grey=0.25)
    c.text(12, 24, 'Suministros Hosteleros', 9, grey=0.25)
    c.text(198, 16, 'FACTURA RECTIFICATIVA', 14, bold=True, align='r')
    c.text(198, 22, f'Nº {number}', 10, align='r')
    c.text(198, 27, 'Fecha de expedición: 15.06.2026', 9, align='r')
    c.rect(12, 34, 186, 14, fill=0.93, stroke=0)
    c.text(15, 39, 'Rectifica la factura nº F-2026-0318 de fecha 02.05.2026 (art. 80 LIVA y art. 15 RD 1619/2012).', 8.5)
    c.text(15, 44, 'Motivo: devolución de mercancía y rappel por volumen. Rectificación por diferencias.', 8.5)
    c.text(12, 57, 'Datos del emisor', 8, bold=True); c.text(110, 57, 'Datos del destinatario', 8, bold=True)
    for k, t in enumerate([sup[0], f'NIF: {sup[1]}', 'C/ Río Gállego 31, Pol. Malpica', '50016 Zaragoza']):
        c.text(12, 62 + k * 4.5, t, 8.5)
    for k, t in enumerate([OWN[0], f'NIF: {OWN[1]}', OWN[2], OWN[3]]):
        c.text(110, 62 + k * 4.5, t, 8.5)
    y = table(c, 90, [(12, 'l'), (140, 'r'), (165, 'r'), (198, 'r')], ['Concepto', 'Uds.', '% IVA', 'Importe'],
              [[d, str(q), pct(r) + ' %', es(D(p))] for d, q, p, r in lines], 8.5, step=5.5)
    y += 10
    table(c, y, [(90, 'r'), (120, 'r'), (150, 'r'), (198, 'r')], ['Base imponible', '% IVA', 'Cuota IVA', 'Total'],
          [[es(inv.bases[r]), pct(r) + ' %', es(inv.vat[r]), es(inv.bases[r] + inv.vat[r])] for r in inv.rates()], 8.5, step=5.5)
    c.text(150, y + 22, 'TOTAL A ABONAR', 10, bold=True, align='r'); c.text(198, y + 22, es(inv.total) + ' €', 10, bold=True, align='r')
    c.text(12, y + 40, 'El importe se compensará en la próxima factura o se abonará por transferencia.', 8)
    c.save(out)
    return label('js-rectificativa', 'jsPDF', 'corrective invoice', 'a factura rectificativa by differences: negative lines at 21 % and 10 %, a tax table with a per-rate total column, the corrected invoice named in a tinted box, number "R-2026-0012", date "15.06.2026"', sup, number, iso, inv, scan=True)


def mayorista(out):
    sup = ('Almacenes Viñuales Alimentación, S.A.', cif('A', 2611847))
    number, iso = 'A 004512', '2026-02-11'
    items = [('CONS. ATUN CLARO 3x80', 24, '2.95', 5, 10), ('ARROZ BOMBA 1KG', 12, '3.40', 0, 10), ('LECHE ENTERA 1L', 48, '0.89', 0, 4),
             ('PAN DE MOLDE 460G', 10, '1.65', 0, 4), ('LEJIA 2L', 15, '1.10', 8, 21), ('GEL DUCHA 750ML', 12, '2.30', 8, 21), ('VINO TINTO D.O. 75CL', 18, '4.20', 0, 21)]
    rows, lines = [], []
    for d, q, p, dto, r in items:
        gross = r2(q * D(p)); net = gross - r2(gross * dto / 100)
        lines.append((net, r))
        rows.append([d, str(q), es(D(p), places=3), f'{dto}' if dto else '', es(net), pct(r), pct({21: '5.2', 10: '1.4', 4: '0.5'}[r])])
    inv = Invoice(lines, recargo=True)
    c = Canvas('jspdf', 'helvetica')
    c.text(12, 15, 'ALMACENES VIÑUALES', 15, bold=True)
    c.text(12, 20, 'Mayorista de alimentación y droguería', 8)
    c.text(12, 24, f'{sup[0]} · NIF {sup[1]} · Camino de la Estación s/n · 26300 Nájera (La Rioja)', 7)
    c.rect(120, 30, 78, 26)
    for k, t in enumerate([SHOP[0], SHOP[4], f'NIF {SHOP[1]}', SHOP[2], SHOP[3]]):
        c.text(123, 35 + k * 4.3, t, 8.5)
    c.text(12, 35, 'FACTURA', 12, bold=True)
    c.text(12, 42, 'Nº Factura', 7.5, grey=0.4); c.text(40, 42, 'Fecha', 7.5, grey=0.4); c.text(62, 42, 'Cliente', 7.5, grey=0.4); c.text(82, 42, 'Ruta', 7.5, grey=0.4)
    c.text(12, 47, number, 9); c.text(40, 47, '2026-02-11', 9); c.text(62, 47, '004410', 9); c.text(82, 47, 'R-07', 9)
    c.text(12, 54, 'Cliente acogido al Régimen Especial del Recargo de Equivalencia', 7.5, bold=True)
    y = table(c, 64, [(12, 'l'), (100, 'r'), (118, 'r'), (132, 'r'), (154, 'r'), (170, 'r'), (186, 'r')],
              ['Artículo', 'Cant.', 'Precio', 'Dto%', 'Importe', 'IVA%', 'R.E.%'], rows, 8, step=5)
    y += 8
    cols = [(40, 'r'), (58, 'r'), (80, 'r'), (100, 'r'), (122, 'r')]
    table(c, y, cols, ['Base', '%IVA', 'Cuota IVA', '%R.E.', 'Cuota R.E.'],
          [[es(inv.bases[r]), pct(r), es(inv.vat[r]), pct({D(21): '5.2', D(10): '1.4', D(4): '0.5'}[r]), es(inv.re[r])] for r in inv.rates()], 8, step=5)
    c.rect(140, y - 5, 58, 22, fill=0.9, stroke=0.3)
    c.text(143, y + 1, 'TOTAL FACTURA', 9, bold=True)
    c.text(195, y + 11, es(inv.total), 14, bold=True, align='r')
    c.text(12, y + 30, 'Vencimiento: 13/03/2026 · Recibo domiciliado', 7.5)
    c.save(out)
    return label('js-mayorista-recargo', 'jsPDF', 'food wholesaler in recargo', 'a food wholesaler to a sole trader in recargo (4+0,5, 10+1,4, 21+5,2), a seven-column item table with the VAT and R.E. rates per row, a five-column tax summary and the total in a grey box with its label above the amount, header fields in a row of small captions, number "A 004512", ISO date', sup, number, iso, inv, own=SHOP[1], photo=True)


LAYOUTS = {'js-combustible': combustible, 'js-taller-coche': taller, 'js-ticket-restaurante': restaurante, 'js-rectificativa': rectificativa, 'js-mayorista-recargo': mayorista}
