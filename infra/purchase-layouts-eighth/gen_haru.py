"""libharu layouts (`hp-*`): every string placed at millimetre positions by this script and drawn by
haru_draw.c with libharu 2.3 (base-14 fonts, WinAnsi), as a small C invoicing program prints."""
from datetime import date
from canvas import Canvas, draw_haru
from model import D, Invoice, Line, Party, cif, dni, es, plain, pct, qty, french_vat, irish_vat, en, MONTHS_EN
from parties import COMPANY, GROCER

GEN = 'libharu 2.3 (C)'


def items(c, y, inv, cols, size=8.5, font='H', head_font='HB', rule=True, x0=15, x1=195, step=5.2, row=None):
    """cols: (caption, offset, align, getter)."""
    for caption, dx, align, _ in cols:
        c.text(x0 + dx, y, caption, size, head_font, align)
    if rule:
        c.line(x0, y + 1.6, x1, y + 1.6, 0.3)
    y += step + 1
    for line in inv.lines if row is None else row:
        for _, dx, align, get in cols:
            c.text(x0 + dx, y, get(line), size, font, align)
        y += step
    return y


def taller_serie():
    s = Party('Talleres Mecánicos Hermanos Sancho, S.L.', cif('B', '4471360'), ['Polígono El Portazgo, nave 14', '50011 Zaragoza', 'Tel. 976 33 41 08'])
    lines = [Line('Cambio aceite 5W30 (5,5 l)', D('1'), D('48.90'), ref='ACE-530'), Line('Filtro de aceite', D('1'), D('11.35'), ref='FLT-0221'),
             Line('Pastillas freno delanteras', D('1'), D('64.80'), ref='PF-1187'), Line('Mano de obra', D('2.5'), D('42.00'), ref='MO')]
    inv = Invoice('hp-taller-serie', GEN, 'car workshop, series and number in two cells', 'a car workshop: "SERIE" A and "NÚMERO" 1187 in two boxed cells never printed together, plate and kilometres beside them; the label takes the number cell alone; date "07/05/2026"',
                  s, COMPANY, '1187', date(2026, 5, 7), lines, scan='jpg')
    c = Canvas(); c.page()
    c.text(15, 20, s.name.upper(), 13, 'HB'); [c.text(15, 26 + 4.5 * i, a, 8.5) for i, a in enumerate(s.address)]
    c.text(15, 40, f'C.I.F.: {s.tax_id}', 8.5)
    c.rect(120, 15, 75, 30, stroke=0.4); c.text(124, 21, 'CLIENTE', 7, 'HB', gray=0.35)
    c.text(124, 27, COMPANY.name, 9, 'HB'); [c.text(124, 32 + 4.3 * i, a, 8.5) for i, a in enumerate(COMPANY.address)]
    c.text(124, 42, f'CIF {COMPANY.tax_id}', 8.5)
    heads = ['SERIE', 'NÚMERO', 'FECHA', 'MATRÍCULA', 'KM']
    vals = ['A', '1187', '07/05/2026', '4471-KRZ', '112.480']
    for i, (h, v) in enumerate(zip(heads, vals)):
        c.rect(15 + 36 * i, 55, 36, 13, stroke=0.3)
        c.text(17 + 36 * i, 59.5, h, 7, 'HB', gray=0.3); c.text(17 + 36 * i, 65.5, v, 10)
    y = items(c, 80, inv, [('Referencia', 0, 'l', lambda l: l.ref), ('Concepto', 28, 'l', lambda l: l.description),
                           ('Cant.', 120, 'r', lambda l: es(l.quantity)), ('Precio', 145, 'r', lambda l: es(l.price)), ('Importe', 180, 'r', lambda l: es(l.amount))])
    y += 8; c.line(110, y - 4, 195, y - 4)
    for caption, value in [('Base imponible', es(inv.subtotal)), ('I.V.A. 21 %', es(inv.vat_total)), ('TOTAL FACTURA', es(inv.total) + ' €')]:
        c.text(140, y, caption, 9, 'HB' if caption.startswith('TOTAL') else 'H', 'r'); c.text(195, y, value, 9, 'HB' if caption.startswith('TOTAL') else 'H', 'r'); y += 6
    c.text(15, 280, 'Garantía de reparación 3 meses o 2.000 km (RD 1457/1986). Forma de pago: contado.', 7, gray=0.3)
    return inv, c


def disenador_irpf7():
    s = Party('Lucía Arnal Broto', dni('25471193'), ['Diseño gráfico e ilustración', 'C/ Delicias 77, 3º B', '50017 Zaragoza'])
    lines = [Line('Diseño de identidad corporativa (logotipo y manual)', D('1'), D('1450.00')), Line('Adaptación a redes sociales (pack 12 piezas)', D('12'), D('35.00')),
             Line('Ilustración para cartel', D('1'), D('280.00'))]
    inv = Invoice('hp-disenador-irpf7', GEN, 'designer with IRPF 7 %, customer block first', 'a graphic designer (DNI) in her first years, IRPF 7 %; the customer block first at the top left (window envelope), the supplier at the right; "Factura D-007/26", date "28.01.2026"',
                  s, COMPANY, 'D-007/26', date(2026, 1, 28), lines, irpf=D('7'), scan='jpg')
    c = Canvas(); c.page()
    c.text(20, 45, COMPANY.name, 10, 'HB'); c.text(20, 50, COMPANY.address[0], 9); c.text(20, 55, COMPANY.address[1], 9); c.text(20, 60, f'NIF: {COMPANY.tax_id}', 9)
    c.text(190, 20, s.name, 12, 'TB', 'r'); [c.text(190, 26 + 4.5 * i, a, 9, 'T', 'r') for i, a in enumerate(s.address)]
    c.text(190, 40, f'NIF {s.tax_id}', 9, 'T', 'r')
    c.text(120, 70, 'Factura', 16, 'TB'); c.text(120, 78, 'D-007/26', 12, 'T'); c.text(160, 78, '28.01.2026', 12, 'T')
    c.line(20, 88, 190, 88, 0.6)
    y = items(c, 95, inv, [('Descripción', 0, 'l', lambda l: l.description), ('Uds.', 125, 'r', lambda l: qty(l.quantity)),
                           ('Precio', 148, 'r', lambda l: es(l.price)), ('Total', 170, 'r', lambda l: es(l.amount))], font='T', head_font='TB', x0=20, x1=190, step=6)
    y += 10
    rows = [('Base imponible', es(inv.subtotal)), ('IVA 21 %', es(inv.vat_total)), ('Retención IRPF 7 %', '-' + es(inv.withholding_total)), ('Total a pagar', es(inv.total) + ' €')]
    for caption, value in rows:
        c.text(150, y, caption, 10, 'TB' if caption.startswith('Total') else 'T', 'r'); c.text(190, y, value, 10, 'TB' if caption.startswith('Total') else 'T', 'r'); y += 6
    c.text(20, 250, 'Pago por transferencia a ES12 2085 0103 9403 3012 8815 en 30 días.', 8.5, 'T')
    return inv, c


def intracom_fr():
    s = Party('Emballages du Gers SARL', french_vat('812449037'), ['Zone artisanale de Lahitte', '32000 Auch (France)'])
    lines = [Line('Caisses carton double cannelure 40x30x30', D('1200'), D('0.86'), exempt=True), Line('Film étirable 500 mm x 300 m', D('48'), D('14.20'), exempt=True),
             Line('Port / Transporte', D('1'), D('185.00'), exempt=True)]
    inv = Invoice('hp-intracom-fr', GEN, 'intra-EU supplier, reverse charge', 'a French packaging maker invoicing in French and Spanish: "N° facture / Factura nº FA2026-0193", a FR VAT number, "Autoliquidation / Inversión del sujeto pasivo", amounts "1 234,56 €" with a space as thousands separator; VAT 0 %',
                  s, COMPANY, 'FA2026-0193', date(2026, 1, 15), lines, photo=True)
    sp = lambda v: es(v).replace('.', ' ')
    c = Canvas(); c.page()
    c.rect(0, 0, 210, 28, fill=0.88, stroke=0)
    c.text(15, 14, s.name, 16, 'HB'); c.text(15, 21, ' · '.join(s.address), 8.5)
    c.text(195, 14, 'FACTURE / FACTURA', 14, 'HB', 'r')
    c.text(15, 40, 'N° facture / Factura nº :', 9, 'HB'); c.text(70, 40, 'FA2026-0193', 9)
    c.text(15, 45, 'Date / Fecha :', 9, 'HB'); c.text(70, 45, '15/01/2026', 9)
    c.text(15, 50, 'N° TVA / NIF-IVA :', 9, 'HB'); c.text(70, 50, s.tax_id, 9)
    c.text(120, 40, 'Client / Cliente', 8, 'HB', gray=0.4); c.text(120, 45, COMPANY.name, 9, 'HB')
    c.text(120, 50, COMPANY.address[0], 9); c.text(120, 55, COMPANY.address[1] + ' (Espagne)', 9); c.text(120, 60, f'NIF-IVA: ES{COMPANY.tax_id}', 9)
    y = items(c, 75, inv, [('Désignation / Descripción', 0, 'l', lambda l: l.description), ('Qté / Cant.', 112, 'r', lambda l: qty(l.quantity)),
                           ('P.U. HT', 140, 'r', lambda l: sp(l.price)), ('Montant HT', 180, 'r', lambda l: sp(l.amount))])
    y += 8
    for caption, value in [('Total HT / Base imponible', sp(inv.subtotal) + ' €'), ('TVA / IVA 0 %', '0,00 €'), ('Total TTC / Total factura', sp(inv.total) + ' €')]:
        c.text(160, y, caption, 9, 'HB' if 'TTC' in caption else 'H', 'r'); c.text(195, y, value, 9, 'HB' if 'TTC' in caption else 'H', 'r'); y += 6
    c.text(15, y + 10, 'Autoliquidation - Art. 196 Directive 2006/112/CE. Inversión del sujeto pasivo (art. 84.Uno.2º LIVA).', 8)
    c.text(15, 285, 'SARL au capital de 20 000 € - RCS Auch 812 449 037 - IBAN FR76 1250 6320 0156 1234 5678 922', 6.5, gray=0.4)
    return inv, c


def recargo_ferreteria():
    s = Party('Suministros Bajo Aragón, S.A.', cif('A', '4410625'), ['Ctra. de Zaragoza, km 1,5', '44600 Alcañiz (Teruel)'])
    lines = [Line('Bombillas LED E27 9W (caja 10)', D('6'), D('18.40')), Line('Cinta americana gris 50 m', D('12'), D('4.15')),
             Line('Pilas alcalinas AA (blíster 4)', D('24'), D('2.35')), Line('Semillas hortícolas surtidas', D('40'), D('1.10'), rate=D('10')),
             Line('Tierra universal 20 l', D('15'), D('3.90'), rate=D('10'))]
    inv = Invoice('hp-recargo-ferreteria', GEN, 'wholesaler to a shop in recargo, summary in rows', 'a hardware wholesaler to a grocer in recargo (21+5,2 and 10+1,4); the summary as stacked rows ("Base 21 %", "IVA 21 %", "R.E. 5,2 %"…) in Times; date "3-2-2026"; number "SB 26/0318"',
                  s, GROCER, 'SB 26/0318', date(2026, 2, 3), lines, recargo=True, photo=True)
    c = Canvas(); c.page()
    c.text(105, 20, s.name, 15, 'TB', 'c'); c.text(105, 26, ' — '.join(s.address) + f' — CIF {s.tax_id}', 8.5, 'T', 'c')
    c.line(15, 30, 195, 30, 0.8)
    c.text(15, 40, 'Factura:', 10, 'TB'); c.text(35, 40, 'SB 26/0318', 10, 'T'); c.text(15, 46, 'Fecha:', 10, 'TB'); c.text(35, 46, '3-2-2026', 10, 'T')
    c.text(120, 40, GROCER.name, 10, 'TB'); [c.text(120, 45 + 4.5 * i, a, 9, 'T') for i, a in enumerate(GROCER.address)]
    c.text(120, 59, f'N.I.F. {GROCER.tax_id}', 9, 'T'); c.text(120, 64, 'Sujeto a Recargo de Equivalencia', 8, 'T', gray=0.3)
    y = items(c, 76, inv, [('Artículo', 0, 'l', lambda l: l.description), ('Cant.', 105, 'r', lambda l: qty(l.quantity)), ('Precio', 128, 'r', lambda l: es(l.price)),
                           ('% IVA', 145, 'r', lambda l: pct(l.rate)), ('Importe', 180, 'r', lambda l: es(l.amount))], font='T', head_font='TB')
    y += 6; c.line(110, y - 4, 195, y - 4)
    for rate, base, vat in inv.vat_lines():
        re = [r for r in inv.surcharge_lines() if r[1] == base][0]
        for caption, value in [(f'Base {pct(rate)} %', es(base)), (f'IVA {pct(rate)} %', es(vat)), (f'R.E. {pct(re[0])} %', es(re[2]))]:
            c.text(160, y, caption, 9.5, 'T', 'r'); c.text(195, y, value, 9.5, 'T', 'r'); y += 5
    y += 2; c.text(160, y, 'TOTAL', 11, 'TB', 'r'); c.text(195, y, es(inv.total), 11, 'TB', 'r')
    return inv, c


def ticket_farmacia():
    s = Party('Jorge Ibáñez Royo', dni('17229450'), ['Avda. Valencia 22', '50005 Zaragoza'])  # the pharmacist holds the NIF; "Ldo." is a title
    lines = [Line('Protector solar SPF50 200ml', D('1'), D('18.95')), Line('Cepillo dental medio', D('2'), D('3.40')),
             Line('Ibuprofeno 600 mg 40 comp.', D('1'), D('2.97'), rate=D('4')), Line('Paracetamol 1 g 40 comp.', D('1'), D('2.50'), rate=D('4')),
             Line('Tiritas surtidas', D('1'), D('4.25'), rate=D('10'))]
    inv = Invoice('hp-ticket-farmacia', GEN, 'simplified invoice with three rates, VAT included', 'a pharmacy ticket (72 mm) with 21, 10 and 4 % included in prices, the breakdown at the foot as "%IVA BASE CUOTA" rows; "FRA. SIMPLIFICADA FS 2026/118734", date "11/03/2026 18:05"',
                  s, COMPANY, 'FS 2026/118734', date(2026, 3, 11), lines, vat_included=True, photo=True)
    c = Canvas(80, 175); c.page()
    y = 10
    for t, sz, f in [('FARMACIA', 11, 'CB'), ('Ldo. Jorge Ibáñez Royo', 8, 'C'), (s.address[0] + ' ' + s.address[1], 7, 'C'), (f'NIF {s.tax_id}', 8, 'C')]:
        c.text(40, y, t, sz, f, 'c'); y += 4.5
    y += 3; c.text(4, y, 'FRA. SIMPLIFICADA FS 2026/118734', 7.5, 'C'); y += 4; c.text(4, y, '11/03/2026 18:05  CAJA 2', 7.5, 'C'); y += 3
    c.line(4, y, 76, y, 0.2, 0.3); y += 5
    for l in inv.lines:
        c.text(4, y, f'{qty(l.quantity)} {l.description[:24]}', 7.5, 'C'); c.text(76, y, f'{es(l.amount)} {"ABC"[[D("21"), D("10"), D("4")].index(l.rate)]}', 7.5, 'C', 'r'); y += 4
    c.line(4, y, 76, y, 0.2, 0.3); y += 6
    c.text(4, y, 'TOTAL EUR', 10, 'CB'); c.text(76, y, es(inv.total), 10, 'CB', 'r'); y += 5
    c.text(4, y, 'Tarjeta', 7.5, 'C'); c.text(76, y, es(inv.total), 7.5, 'C', 'r'); y += 7
    c.text(4, y, '  %IVA', 7.5, 'C'); c.text(48, y, 'BASE', 7.5, 'C', 'r'); c.text(76, y, 'CUOTA', 7.5, 'C', 'r'); y += 4
    for rate, base, vat in inv.vat_lines():
        letter = "ABC"[[D("21"), D("10"), D("4")].index(rate)]
        c.text(4, y, f'{letter} {pct(rate):>3}%', 7.5, 'C'); c.text(48, y, es(base), 7.5, 'C', 'r'); c.text(76, y, es(vat), 7.5, 'C', 'r'); y += 4
    y += 4; c.text(40, y, 'IVA INCLUIDO - GRACIAS POR SU VISITA', 6.5, 'C', 'c')
    return inv, c


def mayorista_2pag():
    s = Party('Distribuciones Alimentarias del Ebro, S.L.', cif('B', '9933017'), ['Mercazaragoza, nave 3', 'Ctra. Cogullada 65', '50014 Zaragoza'])
    goods = ['Aceite de oliva virgen extra 5 l', 'Arroz redondo 1 kg', 'Harina de trigo 1 kg', 'Leche entera 1 l (pack 6)', 'Azúcar blanco 1 kg',
             'Conserva atún aceite (pack 3)', 'Garbanzos cocidos 400 g', 'Café molido 250 g', 'Galletas María 800 g', 'Detergente líquido 3 l',
             'Lejía 2 l', 'Papel higiénico 12 rollos', 'Agua mineral 1,5 l (pack 6)', 'Zumo naranja 1 l', 'Pasta espagueti 500 g']
    rates = [D('10'), D('4'), D('4'), D('4'), D('10'), D('10'), D('4'), D('10'), D('10'), D('21'), D('21'), D('21'), D('10'), D('10'), D('4')]
    lines = []
    for i in range(44):
        k = (i * 7) % len(goods)
        lines.append(Line(goods[k], D(str(2 + (i * 5) % 17)), (D('0.95') + D(str((i * 37) % 180)) / 20).quantize(D('0.01')), rate=rates[k], ref=f'{10230 + i * 13:06d}'))
    inv = Invoice('hp-mayorista-2pag', GEN, 'two pages, totals on the last only, three rates', 'a food wholesaler\'s 2-page invoice (44 lines at 4, 10 and 21 %), a header on each page, "Suma y sigue" at the foot of page 1, totals only on page 2 with one row per rate; number "0026/004512", date "19/03/2026"',
                  s, COMPANY, '0026/004512', date(2026, 3, 19), lines, scan='pdf')
    c = Canvas()
    def header(page):
        c.page(); c.text(15, 18, 'DAE', 22, 'HB'); c.text(42, 14, s.name, 10, 'HB'); c.text(42, 19, ' · '.join(s.address), 7.5); c.text(42, 23.5, f'CIF {s.tax_id}', 7.5)
        c.rect(130, 30, 65, 18, stroke=0.3); c.text(133, 35, 'FACTURA', 8, 'HB'); c.text(160, 35, '0026/004512', 9)
        c.text(133, 40, 'FECHA', 8, 'HB'); c.text(160, 40, '19/03/2026', 9); c.text(133, 45, 'PÁGINA', 8, 'HB'); c.text(160, 45, f'{page}/2', 9)
        c.text(15, 34, COMPANY.name, 9, 'HB'); c.text(15, 39, ', '.join(COMPANY.address), 8.5); c.text(15, 44, f'CIF {COMPANY.tax_id}', 8.5)
    cols = [('Código', 0, 'l', lambda l: l.ref), ('Descripción', 18, 'l', lambda l: l.description), ('Cant.', 110, 'r', lambda l: qty(l.quantity)),
            ('Precio', 132, 'r', lambda l: es(l.price)), ('IVA', 145, 'r', lambda l: pct(l.rate)), ('Importe', 180, 'r', lambda l: es(l.amount))]
    header(1); y = items(c, 58, inv, cols, size=8, row=lines[:36], step=5.6)
    running = sum((l.amount for l in lines[:36]), D('0'))
    c.text(150, y + 4, 'Suma y sigue', 8.5, 'HB', 'r'); c.text(195, y + 4, es(running), 8.5, 'HB', 'r')
    header(2); c.text(150, 58, 'Suma anterior', 8.5, 'HB', 'r'); c.text(195, 58, es(running), 8.5, 'HB', 'r')
    y = items(c, 66, inv, cols, size=8, row=lines[36:], step=5.6)
    y += 8; c.text(15, y, 'BASE IMPONIBLE', 8, 'HB'); c.text(70, y, '% IVA', 8, 'HB', 'r'); c.text(100, y, 'CUOTA IVA', 8, 'HB', 'r'); y += 5
    for rate, base, vat in inv.vat_lines():
        c.text(15, y, es(base), 9); c.text(70, y, pct(rate), 9, 'H', 'r'); c.text(100, y, es(vat), 9, 'H', 'r'); y += 5
    c.rect(130, y - 14, 65, 12, fill=0.9, stroke=0.3); c.text(133, y - 6.5, 'TOTAL FACTURA', 9, 'HB'); c.text(192, y - 6.5, es(inv.total) + ' €', 10, 'HB', 'r')
    return inv, c


def abono_descuento():
    s = Party('Papelera Moncayo, S.A.', cif('A', '5002879'), ['C/ Río Ebro 12', '50180 Utebo (Zaragoza)'], brand='PAPEMON')
    lines = [Line('Rappel por volumen 2025 s/ facturas de oct.-dic.', D('1'), D('-612.40')), Line('Devolución 4 cajas papel A4 80 g (deterioradas)', D('4'), D('-21.75'))]
    inv = Invoice('hp-abono-rappel', GEN, 'corrective invoice (rappel), negative amounts, brand', 'a "FACTURA RECTIFICATIVA (ABONO)" for a volume rebate and a return, negative amounts, the supplier as a brand "PAPEMON" with its legal name small under it; number "AB-2026-0009" beside the rectified "F-2025-4471"; date "2026-01-12"',
                  s, COMPANY, 'AB-2026-0009', date(2026, 1, 12), lines, scan='jpg')
    c = Canvas(); c.page()
    c.text(15, 25, 'PAPEMON', 28, 'HB'); c.text(15, 31, f'{s.name} · CIF {s.tax_id} · {", ".join(s.address)}', 6.5, gray=0.35)
    c.text(195, 22, 'FACTURA RECTIFICATIVA (ABONO)', 12, 'HB', 'r')
    c.text(195, 29, 'Nº AB-2026-0009   Fecha 2026-01-12', 9, 'H', 'r')
    c.text(195, 34, 'Rectifica a: F-2025-4471 (2025-12-18) - Art. 80 LIVA', 8, 'H', 'r')
    c.rect(15, 42, 90, 26, stroke=0.3); c.text(18, 48, COMPANY.name, 9.5, 'HB'); [c.text(18, 53 + 4.5 * i, a, 9) for i, a in enumerate(COMPANY.address + [f'CIF {COMPANY.tax_id}'])]
    y = items(c, 80, inv, [('Concepto', 0, 'l', lambda l: l.description), ('Uds.', 115, 'r', lambda l: qty(l.quantity)),
                           ('Precio', 145, 'r', lambda l: es(l.price)), ('Importe', 180, 'r', lambda l: es(l.amount))])
    y += 10
    c.text(15, y, 'Base imponible', 9, 'HB'); c.text(60, y, 'IVA 21 %', 9, 'HB'); c.text(100, y, 'Total abono', 9, 'HB'); y += 6
    c.text(15, y, es(inv.subtotal) + ' €', 10); c.text(60, y, es(inv.vat_total) + ' €', 10); c.text(100, y, es(inv.total) + ' €', 10, 'HB')
    c.text(15, y + 14, 'El importe se compensará en su próxima factura.', 8.5)
    return inv, c


def imprenta_lateral():
    s = Party('Gráficas Cinca, S.L.L.', cif('B', '2234561'), ['C/ Joaquín Costa 5', '22300 Barbastro (Huesca)'], brand='cinca')
    lines = [Line('Catálogo 24 pp. A4 couché 150 g, 1.000 ej.', D('1'), D('1862.00')), Line('Tarjetas de visita 350 g (6 modelos x 500)', D('6'), D('38.50')),
             Line('Diseño y maquetación', D('6'), D('42.00'))]
    inv = Invoice('hp-imprenta-lateral', GEN, 'supplier in a side band, amounts without thousands', 'a print shop whose name, address and CIF stand in a grey band down the left side, the invoice on the right; "Factura F/2026/0412", ISO date, amounts "1862,00" without thousands separator',
                  s, COMPANY, 'F/2026/0412', date(2026, 2, 19), lines, photo=True)
    c = Canvas(); c.page()
    c.rect(0, 0, 55, 297, fill=0.85, stroke=0)
    c.text(8, 30, 'cinca', 24, 'TB'); c.text(8, 37, 'artes gráficas', 9, 'TB')
    for i, t in enumerate([s.name, *s.address, f'CIF {s.tax_id}', 'Tel. 974 31 22 08', 'pedidos@graficascinca.es']):
        c.text(8, 60 + 5 * i, t, 7.5)
    c.text(65, 30, 'FACTURA', 20, 'HB')
    c.text(65, 42, 'Número', 8, gray=0.4); c.text(95, 42, 'F/2026/0412', 10, 'HB'); c.text(65, 48, 'Fecha', 8, gray=0.4); c.text(95, 48, '2026-02-19', 10)
    c.text(140, 42, 'Cliente', 8, gray=0.4); c.text(140, 47, COMPANY.name, 9, 'HB'); c.text(140, 52, COMPANY.address[0], 8.5); c.text(140, 56.5, COMPANY.address[1], 8.5); c.text(140, 61, COMPANY.tax_id, 8.5)
    y = items(c, 78, inv, [('Trabajo', 0, 'l', lambda l: l.description), ('Cant.', 88, 'r', lambda l: qty(l.quantity)),
                           ('Precio', 108, 'r', lambda l: plain(l.price)), ('Importe', 130, 'r', lambda l: plain(l.amount))], x0=65, x1=198, size=8)
    y += 12
    for caption, value in [('Suma', plain(inv.subtotal)), ('IVA (21%)', plain(inv.vat_total)), ('Total', plain(inv.total) + ' EUR')]:
        c.text(165, y, caption, 9.5, 'HB' if caption == 'Total' else 'H', 'r'); c.text(195, y, value, 9.5, 'HB' if caption == 'Total' else 'H', 'r'); y += 6
    return inv, c


def electricista_courier():
    s = Party('José Manuel Viñuales Puyo', dni('18161604'), ['Instalaciones eléctricas', 'C/ Mayor 40', '22700 Jaca (Huesca)'])
    lines = [Line('Cuadro eléctrico vivienda 12 módulos', D('1'), D('186.40')), Line('Cable 2,5 mm2 (rollo 100 m)', D('2'), D('54.90')),
             Line('Mecanismos (enchufes e interruptores)', D('22'), D('6.35')), Line('Boletín eléctrico (CIE)', D('1'), D('120.00')), Line('Horas oficial', D('14'), D('31.00'))]
    inv = Invoice('hp-electricista-courier', GEN, 'tradesman typed in Courier, amounts without thousands', 'an electrician (DNI) whose invoice is typed in Courier: "FACTURA NUM.: 0098", "FECHA: 14/04/2026", amounts "1161,75" without thousands separator, no IRPF',
                  s, COMPANY, '0098', date(2026, 4, 14), lines, scan='jpg')
    c = Canvas(); c.page()
    y = 20
    for t in [s.name.upper(), *[a.upper() for a in s.address], f'N.I.F.: {s.tax_id}']:
        c.text(20, y, t, 10, 'C'); y += 4.6
    y += 8; c.text(20, y, 'FACTURA NUM.: 0098', 11, 'CB'); c.text(120, y, 'FECHA: 14/04/2026', 11, 'C'); y += 10
    c.text(20, y, 'CLIENTE: ' + COMPANY.name, 10, 'C'); y += 4.6; c.text(20, y, '         ' + ', '.join(COMPANY.address), 10, 'C'); y += 4.6
    c.text(20, y, '         C.I.F.: ' + COMPANY.tax_id, 10, 'C'); y += 10
    c.text(20, y, '-' * 72, 10, 'C'); y += 5
    for l in lines:
        c.text(20, y, f'{qty(l.quantity):>4} {l.description[:38]:<38} {plain(l.price):>9} {plain(l.amount):>10}', 10, 'C'); y += 5
    c.text(20, y, '-' * 72, 10, 'C'); y += 7
    for caption, value in [('BASE IMPONIBLE', plain(inv.subtotal)), ('I.V.A. 21%', plain(inv.vat_total)), ('TOTAL EUROS', plain(inv.total))]:
        c.text(20, y, f'{"":>33}{caption:<18}{value:>12}', 10, 'CB' if caption.startswith('TOTAL') else 'C'); y += 5
    return inv, c


def saas_irlanda():
    s = Party('Ledgerly Software Ltd', irish_vat('9814726'), ['3 Grand Canal Quay', 'Dublin 2, D02 X576, Ireland'])
    lines = [Line('Ledgerly Business plan - annual subscription', D('1'), D('1188.00'), exempt=True), Line('Additional users (x4)', D('4'), D('96.00'), exempt=True)]
    inv = Invoice('hp-saas-irlanda', GEN, 'intra-EU services in English, reverse charge', 'an Irish software company\'s invoice in English: "Invoice INV-0000-8123", date "Jun 30, 2026", amounts "€1,572.00", the customer\'s ES VAT number, "Reverse charge" and VAT 0 %',
                  s, COMPANY, 'INV-0000-8123', date(2026, 6, 30), lines)
    c = Canvas(); c.page()
    c.text(15, 22, 'Invoice', 22, 'HB')
    c.text(15, 34, 'Invoice number', 8.5, gray=0.45); c.text(50, 34, 'INV-0000-8123', 8.5)
    c.text(15, 39, 'Date of issue', 8.5, gray=0.45); c.text(50, 39, 'Jun 30, 2026', 8.5)
    c.text(15, 44, 'Date due', 8.5, gray=0.45); c.text(50, 44, 'Jul 30, 2026', 8.5)
    c.text(15, 58, s.name, 9, 'HB'); c.text(15, 63, s.address[0], 8.5); c.text(15, 67.5, s.address[1], 8.5); c.text(15, 72, f'VAT: {s.tax_id}', 8.5)
    c.text(90, 58, 'Bill to', 9, 'HB'); c.text(90, 63, COMPANY.name, 8.5); c.text(90, 67.5, ', '.join(COMPANY.address) + ', Spain', 8.5); c.text(90, 72, f'ES VAT: ES{COMPANY.tax_id}', 8.5)
    c.text(15, 88, f'€{en(inv.total)} due Jul 30, 2026', 14, 'HB')
    y = items(c, 102, inv, [('Description', 0, 'l', lambda l: l.description), ('Qty', 120, 'r', lambda l: qty(l.quantity)),
                            ('Unit price', 150, 'r', lambda l: f'€{en(l.price)}'), ('Amount', 180, 'r', lambda l: f'€{en(l.amount)}')])
    y += 6
    for caption, value in [('Subtotal', f'€{en(inv.subtotal)}'), ('VAT (0% - reverse charge)', '€0.00'), ('Total', f'€{en(inv.total)}'), ('Amount due', f'€{en(inv.total)}')]:
        c.text(160, y, caption, 9, 'HB' if caption == 'Amount due' else 'H', 'r'); c.text(195, y, value, 9, 'HB' if caption == 'Amount due' else 'H', 'r'); y += 6
    c.text(15, y + 8, 'Reverse charge: VAT to be accounted for by the recipient (Art. 196, Council Directive 2006/112/EC).', 8)
    return inv, c


LAYOUTS = [taller_serie, disenador_irpf7, intracom_fr, recargo_ferreteria, ticket_farmacia, mayorista_2pag, abono_descuento,
           imprenta_lateral, electricista_courier, saas_irlanda]


def build(out_dir, work_dir, only=None):
    made = []
    for make in LAYOUTS:
        inv, c = make()
        if only and inv.id not in only:
            continue
        draw_haru(c, out_dir / f'{inv.id}.pdf', work_dir)
        made.append(inv)
    return made
