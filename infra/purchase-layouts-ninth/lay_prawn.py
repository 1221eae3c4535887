"""Ten layouts drawn by Ruby's Prawn (placed strings and Prawn's own text boxes, as a Ruby SaaS prints)."""
import datetime
from canvas import Canvas, row
from model import D, Invoice, Line, Party, cif, dni, es, pct, amount_in_words, it_partita_iva, fr_tva, fmt
from parties import COMPANY, GROCER

GENERATOR = "Prawn 2.4 (Ruby)"


def L(text, qty, price, rate, disc=0, ref=""):
    return Line(text, D(qty), D(price), D(rate), D(disc), ref)


def canvas(inv, size=(210, 297)):
    return Canvas(f"Factura {inv.number}", inv.supplier.name, size)


def items_table(c, x, y, cols, lines, cells, font="H", size=8.5, step=6.2, head_fill=0.93, rule=0.85):
    widths = [w for _, w, _ in cols]
    aligns = [a for _, _, a in cols]
    c.rect(x, y, sum(widths), 7, 0, 0, head_fill)
    row(c, x, y + 4.8, widths, aligns, [t for t, _, _ in cols], font + "B" if len(font) == 1 else font, size - 0.5)
    y += 7
    for line in lines:
        y += step
        row(c, x, y - 1.8, widths, aligns, cells(line), font, size)
        c.line(x, y, x + sum(widths), y, 0.3, rule)
    return y


# 1 ------------------------------------------------------------------------------------------------
def illustrator_irpf7():
    supplier = Party("Irene Solano Gracia", dni("73294015"), ["Calle Heroísmo 29, 1º izda.", "50001 Zaragoza"])
    lines = [L("Ilustraciones catálogo 2026 (12 piezas)", 12, "65.00", 21), L("Adaptación a formato web y redes", 1, "180.00", 21),
             L("Cesión de derechos de uso (2 años)", 1, "350.00", 21)]
    inv = Invoice(supplier, COMPANY, "F260012", datetime.date(2026, 2, 12), lines, irpf=D(7))
    c = canvas(inv)
    c.rect(0, 0, 210, 4, 0, 0, 0.25)
    c.t(20, 30, "Factura", "DVB", 24)
    c.t(20, 40, "Nº F260012", "DV", 10, grey=0.35)
    c.t(190, 30, "Fecha", "DV", 8, "r", 0.5)
    c.t(190, 35, "12 feb. 2026", "DV", 10, "r")
    c.t(190, 42, "Vencimiento", "DV", 8, "r", 0.5)
    c.t(190, 47, "14 mar. 2026", "DV", 10, "r")
    for x, title, p in ((20, "DE", supplier), (110, "PARA", COMPANY)):
        c.t(x, 60, title, "DVB", 7.5, grey=0.5)
        c.lines(x, 66, [p.name] + p.lines + [f"NIF: {p.tax_id}"], "DV", 9, 4.6)
    y = items_table(c, 20, 95, [("CONCEPTO", 70, "l"), ("PRECIO", 22, "r"), ("UNIDADES", 20, "r"), ("SUBTOTAL", 22, "r"), ("IVA", 14, "r"), ("TOTAL", 22, "r")],
                    lines, lambda l: [l.text, es(l.price) + " €", str(l.qty), es(l.amount) + " €", "21%", es(l.amount * D("1.21")) + " €"], "DV", 8)
    y += 12
    rows = [("BASE IMPONIBLE", es(inv.subtotal) + " €"), ("IVA 21%", es(inv.vat_total) + " €"), ("IRPF -7%", "-" + es(inv.withholding_total) + " €")]
    for label, value in rows:
        c.t(130, y, label, "DV", 8.5, grey=0.4)
        c.t(190, y, value, "DV", 9, "r")
        y += 6.5
    c.line(130, y - 3, 190, y - 3, 0.6)
    c.t(130, y + 3, "TOTAL", "DVB", 11)
    c.t(190, y + 3, es(inv.total) + " €", "DVB", 13, "r")
    c.t(20, 265, "Pago por transferencia: ES91 2100 0418 4502 0005 1332 · Irene Solano Gracia", "DV", 7.5, grey=0.45)
    return inv, c.spec(), dict(
        family="freelance illustrator (DNI), IRPF 7 %, SaaS style",
        tests="an illustrator starting out (IRPF 7 %) on a cloud-invoicing template: \"Factura\" in 24 pt, \"Nº F260012\", \"12 feb. 2026\" "
              "(abbreviated month with a dot), parties side by side under small grey captions \"DE\" / \"PARA\", a line table with "
              "SUBTOTAL, IVA and TOTAL per line (line totals with VAT), the summary BASE IMPONIBLE / IVA 21% / \"IRPF -7%\" / TOTAL")


# 2 ------------------------------------------------------------------------------------------------
def lawyer_irpf15():
    supplier = Party("Beatriz Cortés Palomar", dni("29114857"), ["Abogada · Colegiada ICAZ nº 6.218", "Plaza de Aragón 10, 4º", "50004 Zaragoza"])
    lines = [L("Honorarios procedimiento monitorio nº 412/2025 contra Frigoríficos Ayerbe, S.L.", 1, "1200.00", 21),
             L("Requerimiento extrajudicial previo y negociación", 1, "300.00", 21)]
    inv = Invoice(supplier, COMPANY, "2026-031", datetime.date(2026, 3, 20), lines, irpf=D(15))
    c = canvas(inv)
    c.lines(115, 40, [COMPANY.name, COMPANY.lines[0], COMPANY.lines[1], f"C.I.F. {COMPANY.tax_id}"], "LS", 10.5, 5)
    c.t(25, 30, supplier.name, "LSB", 13)
    c.lines(25, 36, supplier.lines + [f"N.I.F. {supplier.tax_id}"], "LS", 9.5, 4.6)
    c.t(25, 80, "MINUTA DE HONORARIOS", "LSB", 12)
    c.t(25, 87, "Minuta nº 2026-031", "LS", 10.5)
    c.t(185, 87, "Zaragoza, 20.03.2026", "LS", 10.5, "r")
    c.line(25, 92, 185, 92, 0.5)
    y = 100
    for l in lines:
        c.box(25, y - 3.5, 120, 12, l.text, "LS", 10.5, "l", 1)
        c.t(185, y, es(l.amount) + " €", "LS", 10.5, "r")
        y += 14
    c.line(120, y, 185, y, 0.5)
    y += 7
    for label, value in (("Base imponible", es(inv.subtotal)), ("I.V.A. (21 %)", es(inv.vat_total)),
                         ("Retención I.R.P.F. (15 %)", "-" + es(inv.withholding_total))):
        c.t(120, y, label, "LS", 10.5)
        c.t(185, y, value + " €", "LS", 10.5, "r")
        y += 6
    c.t(120, y + 2, "TOTAL MINUTA", "LSB", 11)
    c.t(185, y + 2, es(inv.total) + " €", "LSB", 11, "r")
    c.box(25, 250, 160, 20, "De conformidad con la Ley Orgánica de Protección de Datos, le informamos de que sus datos forman parte "
          "de un fichero titularidad de la letrada. Ingreso en IBAN ES07 0182 5519 1102 0152 6640.", "LS", 8, "j")
    return inv, c.spec(), dict(
        family="lawyer (DNI) with IRPF 15 %, customer block first, serif",
        tests="a lawyer's fee note (\"MINUTA DE HONORARIOS\", \"Minuta nº 2026-031\") in Liberation Serif: the customer block at the "
              "top right above the lawyer's letterhead line, her collegiate number under her name, \"Zaragoza, 20.03.2026\", "
              "concepts wrapped by Prawn, IRPF 15 % as a negative row, \"TOTAL MINUTA\"")


# 3 ------------------------------------------------------------------------------------------------
def italy_reverse_charge():
    supplier = Party("Valvole Adriatiche S.r.l.", "IT" + it_partita_iva("0284716035"), ["Via dell'Industria 42", "60027 Osimo (AN)", "Italia"])
    lines = [L("Valvola a sfera 1\" PN40 / Ball valve 1\" PN40", 40, "18.45", 0), L("Valvola di ritegno 3/4\" / Check valve 3/4\"", 60, "9.90", 0),
             L("Collettore 5 vie / 5-way manifold", 12, "47.20", 0), L("Spese di trasporto / Freight", 1, "85.00", 0)]
    inv = Invoice(supplier, COMPANY, "118/2026", datetime.date(2026, 3, 18), lines)
    it = lambda x: fmt(x)
    c = canvas(inv)
    c.t(20, 28, "VALVOLE ADRIATICHE", "HB", 18, grey=0.15)
    c.lines(20, 35, [supplier.name + " · " + supplier.lines[0] + " · " + supplier.lines[1], f"P.IVA / VAT {supplier.tax_id} · REA AN-198342 · Cap. soc. € 100.000 i.v."], "H", 7.5, 3.8)
    c.t(20, 55, "FATTURA / INVOICE", "HB", 13)
    c.lines(20, 63, ["Fattura n. / Invoice no.: 118/2026", "Data / Date: 18/03/2026", "Ordine / Order: PO-26-0207"], "H", 9, 5)
    c.rect(115, 50, 75, 32, 0.4)
    c.lines(118, 56, ["Spett.le / Bill to:", COMPANY.name, COMPANY.lines[0], COMPANY.lines[1] + " - Spagna", f"VAT ES{COMPANY.tax_id}"], "H", 8.5, 4.8)
    y = items_table(c, 20, 95, [("Descrizione / Description", 92, "l"), ("Q.tà", 14, "r"), ("Prezzo €", 22, "r"), ("IVA", 12, "c"), ("Importo €", 30, "r")],
                    lines, lambda l: [l.text, str(l.qty), it(l.price), "N.I.", it(l.amount)], "H", 8)
    y += 12
    for label, value in (("Imponibile / Taxable amount", "€ " + it(inv.subtotal)), ("IVA / VAT 0%", "€ 0,00"), ("Totale fattura / Invoice total", "€ " + it(inv.total))):
        c.t(105, y, label, "HB" if "Totale" in label else "H", 9)
        c.t(190, y, value, "HB" if "Totale" in label else "H", 9, "r")
        y += 6
    c.box(20, y + 8, 170, 20, "Operazione non imponibile art. 41 D.L. 331/93 – cessione intracomunitaria. Reverse charge: VAT to be accounted "
          "for by the recipient (art. 138 Directive 2006/112/EC). Inversión del sujeto pasivo.", "H", 8, "l", 1)
    c.t(20, 280, "Pagamento: bonifico bancario 60 gg d.f. · IBAN IT60 X054 2811 1010 0000 0123 456", "H", 7, grey=0.4)
    return inv, c.spec(), dict(
        family="intra-EU supply from Italy, reverse charge, Italian/English",
        tests="an Italian valve maker in Italian and English, the trade name in 18 pt over the legal name \"Valvole Adriatiche S.r.l.\" "
              "and its partita IVA (with its check digit) in 7.5 pt; \"Fattura n. / Invoice no.: 118/2026\", \"18/03/2026\", the "
              "customer in a frame at the right, \"N.I.\" in the VAT column, \"€ 1.983,40\" (currency sign first), IVA 0 % and a "
              "reverse-charge note")


# 4 ------------------------------------------------------------------------------------------------
def france_services():
    supplier = Party("Atelier Numérique Garonne SAS", fr_tva("41238567"), ["14 rue des Filatiers", "31000 Toulouse", "France"])
    lines = [L("Module de réservation en ligne (forfait)", 1, "3800.00", 0), L("Maintenance évolutive, mars 2026 (jours)", 3, "520.00", 0),
             L("Hébergement serveur dédié T1 2026", 1, "270.00", 0)]
    inv = Invoice(supplier, COMPANY, "2026-03-0147", datetime.date(2026, 3, 3), lines)
    fr = lambda x: fmt(x, thousands=" ")
    c = canvas(inv)
    c.rect(0, 0, 70, 297, 0, 0, 0.94)
    c.t(10, 30, "Atelier", "DVB", 16)
    c.t(10, 37, "Numérique", "DVB", 16)
    c.t(10, 44, "Garonne", "DVB", 16)
    c.lines(10, 58, [supplier.name] + supplier.lines + [f"TVA : {supplier.tax_id}", "SIRET 412 385 676 00021"], "DV", 7.5, 4)
    c.lines(10, 110, ["FACTURÉ À / FACTURADO A", COMPANY.name.replace("Climatización", "Climatización"), COMPANY.lines[0], COMPANY.lines[1], "Espagne", f"TVA : ES{COMPANY.tax_id}"], "DV", 7.5, 4)
    c.t(80, 30, "FACTURE", "DVB", 20)
    c.lines(80, 40, ["Facture N° 2026-03-0147", "Date : 3 mars 2026", "Échéance : 2 avril 2026"], "DV", 9, 5)
    y = items_table(c, 80, 65, [("Désignation", 70, "l"), ("Qté", 12, "r"), ("P.U. HT", 18, "r"), ("Total HT", 20, "r")],
                    lines, lambda l: [l.text, str(l.qty), fr(l.price), fr(l.amount)], "DV", 7.5)
    y += 12
    for label, value in (("Total HT", fr(inv.subtotal) + " €"), ("TVA 0 %", "0,00 €"), ("Total TTC", fr(inv.total) + " €")):
        c.t(130, y, label, "DVB" if "TTC" in label else "DV", 9)
        c.t(200, y, value, "DVB" if "TTC" in label else "DV", 9, "r")
        y += 6
    c.box(80, y + 6, 120, 16, "Autoliquidation – TVA due par le preneur, art. 283-2 du CGI et art. 196 de la directive 2006/112/CE. "
          "Inversión del sujeto pasivo.", "DV", 7.5, "l", 1)
    return inv, c.spec(), dict(
        family="intra-EU services from France, reverse charge, grey side band",
        tests="a French web agency in French: its name set on three lines in a grey band down the left side with its legal name, TVA "
              "number (with its key) and the customer under it; \"Facture N° 2026-03-0147\", \"Date : 3 mars 2026\", amounts "
              "\"5 630,00\" with a space, \"Total HT / TVA 0 % / Total TTC\", autoliquidation")


# 5 ------------------------------------------------------------------------------------------------
def fruit_recargo():
    supplier = Party("Frutas y Hortalizas Ribagorza, S.L.", cif("B", "2217396"), ["Mercahuesca, puesto 8", "Ctra. Zaragoza km 68", "22197 Cuarte (Huesca)"])
    lines = [L("Manzana golden (kg)", "18.450", "1.35", 4), L("Naranja mesa (kg)", "25.200", "0.98", 4), L("Patata lavada saco 10 kg", 6, "6.80", 4),
             L("Tomate rama (kg)", "9.750", "2.15", 4), L("Aguacate hass (kg)", "4.300", "4.60", 4), L("Zumo naranja 1 L", 12, "1.45", 10),
             L("Gazpacho 1 L", 8, "2.10", 10), L("Frutos secos mezcla 200 g", 10, "1.90", 10)]
    inv = Invoice(supplier, GROCER, "26/000318", datetime.date(2026, 6, 5), lines, recargo=True)
    c = canvas(inv)
    c.t(20, 25, supplier.name.upper(), "HB", 14)
    c.lines(20, 31, supplier.lines + [f"CIF: {supplier.tax_id} · Tel. 974 24 18 63"], "H", 8, 3.8)
    c.rect(20, 52, 80, 16, 0.3)
    c.lines(23, 57, ["FACTURA  Nº 26/000318", "FECHA  05/06/26"], "HB", 10, 6)
    c.rect(115, 45, 75, 30, 0.3)
    c.lines(118, 51, [GROCER.name, *GROCER.lines, f"NIF: {GROCER.tax_id}"], "H", 9, 4.6)
    y = items_table(c, 20, 85, [("Artículo", 80, "l"), ("Cantidad", 22, "r"), ("Precio", 20, "r"), ("IVA", 12, "r"), ("R.E.", 12, "r"), ("Importe", 24, "r")],
                    lines, lambda l: [l.text, f"{l.qty}".replace(".", ","), es(l.price), f"{pct(l.rate)}%", "0,5%" if l.rate == 4 else "1,4%", es(l.amount)], "H", 8.5, 6.5)
    y += 10
    cols = [("Base", 30, "r"), ("% IVA", 18, "r"), ("IVA", 24, "r"), ("% R.E.", 18, "r"), ("R.E.", 22, "r")]
    y = items_table(c, 20, y, cols, list(zip(inv.vat, inv.surcharge)),
                    lambda p: [es(p[0].base), pct(p[0].rate), es(p[0].amount), pct(p[1].rate), es(p[1].amount)], "H", 8.5, 6.5)
    c.rect(140, y + 6, 50, 12, 0.8)
    c.t(143, y + 11, "TOTAL FACTURA", "HB", 8)
    c.t(187, y + 16, es(inv.total) + " €", "HB", 12, "r")
    return inv, c.spec(), dict(
        family="fruit wholesaler to a grocer in recargo (4+0,5 and 10+1,4), quantities in kg",
        tests="a fruit wholesaler to a grocer in recargo at 4+0,5 and 10+1,4, quantities in kilograms with three decimals "
              "(\"18,450\"), the number and date in a small frame (\"FACTURA Nº 26/000318\", \"FECHA 05/06/26\"), the grocer framed "
              "at the right, a summary table per rate under the lines and the total in a framed box; no subtotal row printed")


# 6 ------------------------------------------------------------------------------------------------
def academy_mixed():
    supplier = Party("Centro de Formación Técnica Delicias, S.L.", cif("B", "9972604"), ["Avda. Navarra 80", "50011 Zaragoza"])
    lines = [L("Curso de manipulador de gases fluorados (20 h) – 3 alumnos", 3, "290.00", 0),
             L("Curso PRL trabajos en altura (8 h) – 3 alumnos", 3, "95.00", 0),
             L("Manual y material didáctico", 3, "28.50", 21), L("Tasas de examen (gestión)", 3, "15.00", 21)]
    inv = Invoice(supplier, COMPANY, "AC-118/26", datetime.date(2026, 4, 27), lines)
    c = canvas(inv)
    c.rect(20, 20, 170, 22, 0, 0, 0.2)
    c.t(25, 31, "CFT DELICIAS", "HB", 18, grey=1)
    c.t(25, 37.5, "formación para la industria", "H", 8, grey=1)
    c.t(185, 31, "FACTURA AC-118/26", "HB", 12, "r", 1)
    c.t(185, 37.5, "27 de abril de 2026", "H", 9, "r", 1)
    c.lines(20, 52, ["Cliente", COMPANY.name, f"{COMPANY.lines[0]} · {COMPANY.lines[1]}", f"CIF {COMPANY.tax_id}"], "H", 9, 4.6)
    y = items_table(c, 20, 78, [("Descripción", 100, "l"), ("Uds.", 14, "r"), ("Precio", 20, "r"), ("IVA", 14, "r"), ("Importe", 22, "r")],
                    lines, lambda l: [l.text, str(l.qty), es(l.price), "Exento" if l.rate == 0 else "21 %", es(l.amount)], "H", 8.5)
    y += 12
    exempt, taxed = inv.vat[0], inv.vat[1]
    for label, value in (("Base exenta (art. 20.Uno.9º Ley 37/1992)", es(exempt.base)), ("Base imponible 21 %", es(taxed.base)),
                         ("Cuota IVA 21 %", es(taxed.amount)), ("TOTAL", es(inv.total) + " €")):
        c.t(90, y, label, "HB" if label == "TOTAL" else "H", 9)
        c.t(190, y, value, "HB" if label == "TOTAL" else "H", 9, "r")
        y += 6
    c.t(20, 282, f"{supplier.name} · CIF {supplier.tax_id} · {supplier.lines[0]}, {supplier.lines[1]} · Centro autorizado INAEM nº 50/0412",
        "H", 6.5, grey=0.3)
    return inv, c.spec(), dict(
        family="training centre: exempt courses beside materials at 21 %, brand in a dark band",
        tests="a training centre known as \"CFT DELICIAS\" (white on a dark band with the number and date, \"27 de abril de 2026\"), its "
              "legal name and CIF only in the 6.5 pt foot; exempt courses (art. 20.Uno.9º, 'Exento' in the VAT column) beside "
              "materials at 21 %; the exempt base as its own summary row (labelled as a 0 % line)")


# 7 ------------------------------------------------------------------------------------------------
def building_two_pages():
    supplier = Party("Materiales de Construcción Hermanos Lasheras, S.L.", cif("B", "5069831"), ["Camino de las Torres 112", "50008 Zaragoza"])
    goods = [("Cemento gris CEM II 25 kg", "4.95"), ("Ladrillo hueco doble 24x11,5x8 (palet)", "168.00"), ("Arena lavada 0/4 (saca 1 m³)", "38.50"),
             ("Perfil omega galvanizado 3 m", "2.84"), ("Placa yeso laminado 13 mm 1200x2500", "6.90"), ("Tornillo PM 25 mm (caja 1000)", "9.40"),
             ("Cinta juntas papel 150 m", "3.15"), ("Pasta de juntas 20 kg", "14.60"), ("Lana mineral 40 mm (rollo)", "27.80")]
    lines = [L(goods[i % 9][0], [10, 2, 3, 40, 25, 4, 6, 5, 8][i % 9] + i % 3, goods[i % 9][1], 21, ref=f"M{4100 + i * 7}") for i in range(46)]
    inv = Invoice(supplier, COMPANY, "B 004127", datetime.date(2026, 1, 27), lines)
    c = canvas(inv)
    cols = [("Código", 20, "l"), ("Descripción", 84, "l"), ("Cant.", 16, "r"), ("Precio", 22, "r"), ("Importe", 28, "r")]
    cells = lambda l: [l.ref, l.text, str(l.qty), es(l.price), es(l.amount)]
    per_page = [30, 16]
    start = 0
    carried = D(0)
    for page, count in enumerate(per_page):
        if page:
            c.new_page()
        c.t(20, 22, supplier.name, "HB", 12)
        c.t(20, 27, f"{supplier.lines[0]} · {supplier.lines[1]} · NIF {supplier.tax_id}", "H", 8)
        c.t(190, 22, "FACTURA B 004127", "HB", 11, "r")
        c.t(190, 27, "Fecha: 27-ENE-2026", "H", 9, "r")
        c.t(190, 32, f"Hoja {page + 1} de 2", "H", 8, "r")
        top = 45
        if page == 0:
            c.rect(20, 38, 90, 26, 0.3)
            c.lines(23, 44, [COMPANY.name, COMPANY.lines[0], COMPANY.lines[1], f"NIF {COMPANY.tax_id}"], "H", 8.5, 4.5)
            c.t(120, 44, "Obra: Nave 14 – oficinas planta 1ª", "H", 8.5)
            c.t(120, 49, "Albaranes: 26-0088, 26-0091, 26-0102", "H", 8.5)
            top = 72
        else:
            c.t(120, top, "Suma anterior", "H", 9)
            c.t(190, top, es(carried), "H", 9, "r")
            top += 5
        chunk = lines[start:start + count]
        y = items_table(c, 20, top, cols, chunk, cells, "H", 8.5)
        carried += sum((l.amount for l in chunk), D(0))
        start += count
        if page == 0:
            c.t(120, y + 8, "Suma y sigue", "HB", 9)
            c.t(190, y + 8, es(carried), "HB", 9, "r")
    y += 12
    c.rect(110, y, 80, 26, 0.5)
    for i, (label, value) in enumerate((("Base imponible", es(inv.subtotal)), ("IVA 21 %", es(inv.vat_total)), ("TOTAL FACTURA", es(inv.total) + " €"))):
        c.t(113, y + 7 + i * 7, label, "HB" if i == 2 else "H", 9.5)
        c.t(187, y + 7 + i * 7, value, "HB" if i == 2 else "H", 9.5, "r")
    return inv, c.spec(), dict(
        family="2-page building-materials invoice, totals only on page 2",
        tests="a builders' merchant's 46 lines over two pages (\"Hoja 1 de 2\", \"Suma y sigue\" / \"Suma anterior\"), the number "
              "\"B 004127\" (letter, space, digits) in the header of both pages, \"27-ENE-2026\", the customer framed at the left "
              "with the site and delivery notes beside it, the totals in a frame only on page 2")


# 8 ------------------------------------------------------------------------------------------------
def fuel_ticket():
    supplier = Party("Estación de Servicio Los Enlaces, S.L.", cif("B", "5091274"), ["Autovía A-2 km 312", "50012 Zaragoza"])
    lines = [L("GASOLEO A  62,48 L x 1,489", 1, "93.03", 21), L("LAVADO PROGRAMA 3", 1, "9.50", 21)]
    inv = Invoice(supplier, COMPANY, "E12-2603/045871", datetime.date(2026, 3, 14), lines, included=True)
    c = canvas(inv, (72, 150))
    x, y = 4, 8
    for text in ("ES LOS ENLACES", supplier.name, f"C.I.F.: {supplier.tax_id}", supplier.lines[0], supplier.lines[1]):
        c.t(36, y, text, "DMB" if y == 8 else "DM", 8 if y == 8 else 6.5, "c")
        y += 3.6
    y += 3
    for text in ("FACTURA SIMPLIFICADA", "N. E12-2603/045871", "FECHA: 2026-03-14  HORA: 08:12", "SURTIDOR: 04  TERMINAL: 2"):
        c.t(x, y, text, "DM", 6.5)
        y += 3.4
    y += 2
    for l in lines:
        c.t(x, y, l.text, "DM", 6.5)
        c.t(68, y, es(l.amount), "DM", 6.5, "r")
        y += 3.4
    y += 2
    c.t(x, y, "TOTAL EUR", "DMB", 9)
    c.t(68, y, es(inv.total), "DMB", 9, "r")
    y += 6
    v = inv.vat[0]
    for text in (f"BASE IMPONIBLE  {es(v.base)}", f"IVA 21%        {es(v.amount)}", "TARJETA VISA ****4471", "", "Matrícula: 4412 LKT  Km: 148.320"):
        c.t(x, y, text, "DM", 6.5)
        y += 3.4
    return inv, c.spec(), dict(
        family="fuel station simplified invoice, VAT included",
        tests="a 72 mm fuel station ticket in DejaVu Sans Mono, the station's short name over its legal name, \"FACTURA SIMPLIFICADA\", "
              "\"N. E12-2603/045871\", \"FECHA: 2026-03-14 HORA: 08:12\", litres × price in the line, a base and 21 % VAT taken out "
              "of the total")


# 9 ------------------------------------------------------------------------------------------------
def saas_rectifying():
    supplier = Party("Cloudaria Software, S.L.", cif("B", "6652918"), ["Carrer de Pujades 77, 5ª", "08005 Barcelona"])
    lines = [L("Abono parcial licencia ERP Pro (baja 2 usuarios, abr–dic)", -2, "171.00", 21),
             L("Abono módulo TPV no activado", -1, "96.00", 21)]
    inv = Invoice(supplier, COMPANY, "R2026-0004", datetime.date(2026, 4, 6), lines)
    c = canvas(inv)
    c.t(190, 25, supplier.name, "DVB", 11, "r")
    c.lines(190, 31, supplier.lines + [f"NIF {supplier.tax_id}"], "DV", 8, 4, "r")
    c.t(20, 25, "Factura rectificativa", "DVB", 18)
    c.lines(20, 34, ["Número: R2026-0004", "Fecha: 06/04/2026", "Rectifica a: F2026-0311 (02/04/2026)", "Motivo: baja de usuarios y módulo no activado"], "DV", 8.5, 4.6)
    c.rect(20, 60, 85, 26, 0, 0, 0.95)
    c.lines(24, 66, ["Cliente", COMPANY.name, f"{COMPANY.lines[0]}", f"{COMPANY.lines[1]}", f"NIF {COMPANY.tax_id}"], "DV", 8, 4.2)
    y = items_table(c, 20, 96, [("Concepto", 100, "l"), ("Cant.", 15, "r"), ("Precio", 25, "r"), ("Importe", 30, "r")],
                    lines, lambda l: [l.text, str(l.qty), es(l.price) + " €", es(l.amount) + " €"], "DV", 8)
    y += 12
    for label, value in (("Base imponible", es(inv.subtotal) + " €"), ("IVA (21%)", es(inv.vat_total) + " €"), ("Total", es(inv.total) + " €")):
        c.t(130, y, label, "DVB" if label == "Total" else "DV", 9)
        c.t(190, y, value, "DVB" if label == "Total" else "DV", 9, "r")
        y += 6
    c.t(20, 280, "Se reembolsará el importe en la tarjeta asociada a la suscripción.", "DV", 7, grey=0.4)
    return inv, c.spec(), dict(
        family="SaaS rectifying invoice, negative amounts, supplier at the right",
        tests="a software company's \"Factura rectificativa\" as its title in 18 pt at the left, the supplier's block right-aligned "
              "at the right, \"Número: R2026-0004\", \"Fecha: 06/04/2026\", the rectified invoice and its date, negative quantities "
              "and amounts (\"-342,00 €\"), the customer in a tinted box")


# 10 -----------------------------------------------------------------------------------------------
def workshop_brand():
    supplier = Party("Talleres Mecánicos del Sur de Aragón, S.L.", cif("B", "4410583"), ["Avda. Sagunto 54", "44002 Teruel"], brand="MOTORSUR")
    lines = [L("Mano de obra mecánica (h)", "3.5", "42.00", 21, ref="MO"), L("Kit distribución + bomba agua", 1, "318.60", 21, 10, "KD-1182"),
             L("Aceite 5W30 sintético (L)", 6, "9.40", 21, 5, "AC-530"), L("Filtro aceite", 1, "12.80", 21, 5, "FA-221"),
             L("Anticongelante 50 % (L)", 5, "4.25", 21, ref="AN-050")]
    inv = Invoice(supplier, COMPANY, "OR-26-0318", datetime.date(2026, 5, 7), lines)
    c = canvas(inv)
    c.t(20, 30, "MOTORSUR", "HB", 30, grey=0.1)
    c.t(20, 36, "mecánica · electricidad · neumáticos", "H", 8, grey=0.4)
    c.lines(130, 22, ["FACTURA", "Nº OR-26-0318", "Fecha: 7 de mayo de 2026", "Matrícula: 7731 HZD · Km 203.118"], "H", 9, 5)
    c.rect(20, 45, 170, 22, 0.3)
    c.lines(24, 51, [f"Cliente: {COMPANY.name}", f"Domicilio: {COMPANY.lines[0]}, {COMPANY.lines[1]}", f"CIF: {COMPANY.tax_id}"], "H", 9, 5)
    y = items_table(c, 20, 75, [("Ref.", 18, "l"), ("Descripción", 66, "l"), ("Cant.", 14, "r"), ("Precio", 20, "r"), ("Bruto", 20, "r"), ("Dto.%", 12, "r"), ("Neto", 20, "r")],
                    lines, lambda l: [l.ref, l.text, f"{l.qty}".replace(".", ","), es(l.price), es(l.qty * l.price), f"{l.discount}" if l.discount else "", es(l.amount)], "H", 8)
    y += 12
    for label, value in (("Base imponible", es(inv.subtotal)), ("I.V.A. 21 %", es(inv.vat_total)), ("TOTAL", es(inv.total) + " €")):
        c.t(130, y, label, "HB" if label == "TOTAL" else "H", 9.5)
        c.t(190, y, value, "HB" if label == "TOTAL" else "H", 9.5, "r")
        y += 6
    c.box(20, y + 6, 170, 10, f"Son: {amount_in_words(inv.total)}", "H", 8.5, "l")
    c.t(105, 285, f"{supplier.name} · CIF {supplier.tax_id} · {supplier.lines[0]} · {supplier.lines[1]} · Taller nº 44-0381", "H", 6, "c", 0.3)
    return inv, c.spec(), dict(
        family="car workshop known by a brand, several amount columns, total in words",
        tests="a car workshop known as \"MOTORSUR\" in 30 pt, its legal name and CIF only in 6 pt at the foot; \"Nº OR-26-0318\", "
              "\"Fecha: 7 de mayo de 2026\" beside the plate; Ref. / Cant. / Precio / Bruto / Dto.% / Neto columns, fractional "
              "hours (\"3,5\"), the total in words (\"Son: …\")")


LAYOUTS = {"pw-ilustradora-irpf7": illustrator_irpf7, "pw-abogada-irpf15": lawyer_irpf15, "pw-italia-inversion": italy_reverse_charge,
           "pw-francia-servicios": france_services, "pw-fruteria-recargo": fruit_recargo, "pw-academia-exenta": academy_mixed,
           "pw-materiales-2pag": building_two_pages, "pw-gasolinera-ticket": fuel_ticket, "pw-rectificativa-saas": saas_rectifying,
           "pw-taller-marca": workshop_brand}
