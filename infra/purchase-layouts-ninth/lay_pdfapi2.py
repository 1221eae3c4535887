"""Ten layouts drawn by Perl's PDF::API2 (every string placed in millimetres, as an old Perl ERP prints its forms)."""
import datetime
from canvas import Canvas, columns_at, row
from model import D, Invoice, Line, Party, cif, dni, es, es_plain, en, pct, be_vat, fmt
from parties import COMPANY, GROCER

GENERATOR = "PDF::API2 2.044 (Perl)"


def L(text, qty, price, rate, disc=0, ref=""):
    return Line(text, D(qty), D(price), D(rate), D(disc), ref)


def canvas(inv, size=(210, 297)):
    return Canvas(f"Factura {inv.number}", inv.supplier.name, size)


def grid_table(c, x, y, cols, lines, cells, font="H", size=8, step=5, height=None):
    """A ruled grid as legacy forms print: a boxed head, column rules down to a fixed height."""
    widths = [w for _, w, _ in cols]
    aligns = [a for _, _, a in cols]
    bold = font + "B"
    total_w = sum(widths)
    rows_h = height if height else step * (len(lines) + 0.6)
    c.rect(x, y, total_w, 6, 0.4, 0, 0.88)
    c.rect(x, y + 6, total_w, rows_h, 0.4)
    lefts, _ = columns_at(x, widths)
    for left in lefts[1:]:
        c.line(left, y, left, y + 6 + rows_h, 0.3)
    row(c, x, y + 4.3, widths, aligns, [t for t, _, _ in cols], bold, size)
    yy = y + 6
    for line in lines:
        yy += step
        row(c, x, yy - 1.2, widths, aligns, cells(line), font, size)
    return y + 6 + rows_h


# 1 ------------------------------------------------------------------------------------------------
def drinks_columns():
    supplier = Party("Distribuciones de Bebidas Moncayo, S.L.", cif("B", "5047312"), ["Pol. Ind. El Pradillo, parcela 22", "50690 Pedrola (Zaragoza)"])
    lines = [L("AGUA MINERAL 1,5L PACK 6", 30, "1.62", 10, 5, "1021"), L("REFRESCO COLA 33CL 24U", 12, "10.90", 10, 3, "2204"),
             L("CERVEZA LATA 33CL 24U", 15, "12.40", 21, 5, "3118"), L("ZUMO MELOCOTON 1L 6U", 8, "7.35", 10, 0, "2290"),
             L("VINO TINTO CARIÑENA 75CL 6U", 6, "21.60", 21, 8, "4411"), L("CAFE GRANO 1KG", 10, "13.20", 10, 0, "5002"),
             L("VASOS CARTON 250ML 50U", 20, "2.95", 21, 0, "7010")]
    inv = Invoice(supplier, COMPANY, "V1-000412", datetime.date(2026, 2, 3), lines)
    c = canvas(inv)
    c.t(15, 20, supplier.name.upper(), "HB", 11)
    c.lines(15, 26, [supplier.lines[0], supplier.lines[1], f"C.I.F.: {supplier.tax_id}   Tel. 976 61 94 20", "Reg. Sanitario 40.012345/Z"], "H", 8, 3.8)
    c.rect(125, 14, 70, 34, 0.4)
    c.lines(128, 20, [COMPANY.name, COMPANY.lines[0], COMPANY.lines[1], f"C.I.F.: {COMPANY.tax_id}"], "H", 8, 4.4)
    heads = [("FACTURA", 30), ("FECHA", 28), ("CLIENTE", 22), ("RUTA", 18), ("AGENTE", 22), ("FORMA DE PAGO", 60)]
    values = ["V1-000412", "03/02/2026", "004471", "R07", "12", "RECIBO 30 DIAS"]
    x = 15
    for (title, w), value in zip(heads, values):
        c.rect(x, 55, w, 12, 0.4)
        c.t(x + 1.5, 58.5, title, "H", 6.5)
        c.t(x + w / 2, 64, value, "HB", 9, "c")
        x += w
    cols = [("CODIGO", 16, "l"), ("DESCRIPCION", 62, "l"), ("UDS", 12, "r"), ("PRECIO", 18, "r"), ("BRUTO", 20, "r"), ("DTO", 10, "r"), ("%IVA", 12, "r"), ("IMPORTE", 30, "r")]
    grid_table(c, 15, 72, cols, lines, lambda l: [l.ref, l.text, str(l.qty), es(l.price), es(l.qty * l.price), f"{l.discount}" if l.discount else "", pct(l.rate), es(l.amount)],
               "H", 7.5, 5, 150)
    y = 234
    boxes = [("B.IMPONIBLE", 30), ("% IVA", 14), ("CUOTA IVA", 26)]
    for i, v in enumerate(sorted(inv.vat, key=lambda v: -v.rate)):
        x = 15
        for (title, w), value in zip(boxes, [es(v.base), pct(v.rate), es(v.amount)]):
            if i == 0:
                c.rect(x, y, w, 6, 0.4, 0, 0.88)
                c.t(x + w / 2, y + 4.3, title, "HB", 6.5, "c")
            c.rect(x, y + 6 + i * 7, w, 7, 0.4)
            c.t(x + w - 1.5, y + 11 + i * 7, value, "H", 8.5, "r")
            x += w
    c.rect(140, y, 55, 20, 0.8)
    c.t(143, y + 6, "TOTAL FACTURA EUROS", "HB", 7.5)
    c.t(192, y + 15, es(inv.total), "HB", 14, "r")
    c.t(15, 285, "Inscrita en el R.M. de Zaragoza, tomo 3.812, folio 144, hoja Z-50.118", "H", 6)
    return inv, c.spec(), dict(
        family="drinks distributor, ERP form, header fields in boxes, discounts, per-rate boxes",
        tests="a drinks distributor's pre-printed-style form: the name in capitals, the customer in a frame at the right, a row of "
              "boxed fields (FACTURA \"V1-000412\", FECHA \"03/02/2026\", CLIENTE, RUTA, AGENTE, FORMA DE PAGO), a ruled grid with "
              "BRUTO / DTO / %IVA / IMPORTE columns, VAT in boxes one row per rate (21 and 10) under captions and the total in a frame")


# 2 ------------------------------------------------------------------------------------------------
def grocer_three_rates():
    supplier = Party("Almacenes Gistaín Alimentación, S.A.", cif("A", "2203917"), ["C/ Teruel 3", "22005 Huesca"])
    lines = [L("ACEITE GIRASOL 1L", 12, "1.89", 4, ref="A-001"), L("LEGUMBRE GARBANZO 1KG", 10, "1.62", 4, ref="A-114"),
             L("HUEVOS L DOCENA", 15, "2.35", 4, ref="A-220"), L("CONSERVA ATUN RO-3", 20, "3.10", 10, ref="B-071"),
             L("GALLETAS MARIA 800G", 12, "1.95", 10, ref="B-150"), L("CAFE MOLIDO MEZCLA 250G", 18, "2.48", 10, ref="B-198"),
             L("DETERGENTE ROPA 3L", 6, "7.80", 21, ref="C-310"), L("SUAVIZANTE 2L", 6, "3.15", 21, ref="C-322"),
             L("PAPEL ALUMINIO 30M", 10, "1.75", 21, ref="C-401")]
    inv = Invoice(supplier, GROCER, "FR-2026-00451", datetime.date(2026, 3, 9), lines, recargo=True)
    c = canvas(inv)
    c.t(15, 18, supplier.name, "CB", 12)
    c.lines(15, 23, [supplier.lines[0] + "  " + supplier.lines[1], f"NIF {supplier.tax_id}"], "C", 8.5, 4)
    c.t(15, 40, "FACTURA N.: FR-2026-00451", "CB", 10)
    c.t(15, 45, "FECHA....: 09/03/2026", "C", 10)
    c.lines(115, 38, ["SR./SRA.:", GROCER.name, *GROCER.lines, f"NIF: {GROCER.tax_id}"], "C", 9, 4.2)
    y = grid_table(c, 15, 68, [("REF", 16, "l"), ("ARTICULO", 72, "l"), ("CANT", 14, "r"), ("PRECIO", 20, "r"), ("IVA", 12, "r"), ("IMPORTE", 46, "r")],
                   lines, lambda l: [l.ref, l.text, str(l.qty), es(l.price), pct(l.rate), es(l.amount)], "C", 8, 5)
    y += 8
    x0 = 15
    captions = ["BASE IMPONIBLE", "% I.V.A.", "CUOTA I.V.A.", "% R.E.", "CUOTA R.E."]
    c.t(x0, y, "DESGLOSE", "CB", 8)
    for i, caption in enumerate(captions):
        c.t(x0 + 40 + i * 36, y, caption, "CB", 7.5, "r")
    for j, (v, r) in enumerate(zip(inv.vat, inv.surcharge)):
        yy = y + 5 + j * 4.5
        for i, value in enumerate([es(v.base), pct(v.rate), es(v.amount), pct(r.rate), es(r.amount)]):
            c.t(x0 + 40 + i * 36, yy, value, "C", 8.5, "r")
    y += 24
    c.t(115, y, "TOTAL FACTURA....:", "CB", 10)
    c.t(195, y, es(inv.total), "CB", 10, "r")
    c.t(15, 280, "REGIMEN ESPECIAL DEL RECARGO DE EQUIVALENCIA", "C", 7.5)
    return inv, c.spec(), dict(
        family="grocery wholesaler to a grocer in recargo at three rates, Courier form",
        tests="a grocery wholesaler in Courier throughout: \"FACTURA N.: FR-2026-00451\", \"FECHA....: 09/03/2026\" with dotted captions, "
              "the grocer at the right after \"SR./SRA.:\", recargo at 4+0,5, 10+1,4 and 21+5,2, a \"DESGLOSE\" of captions over "
              "one unruled row per rate, no subtotal row, \"TOTAL FACTURA....:\"")


# 3 ------------------------------------------------------------------------------------------------
def hardware_three_pages():
    supplier = Party("Ferretería Industrial Ebro, S.A.", cif("A", "5009436"), ["C/ Mosen José Bosqued 8", "50007 Zaragoza"])
    items = [("TORNILLO DIN 933 M8X30 (100)", "6.85"), ("TUERCA DIN 934 M8 (100)", "2.90"), ("ARANDELA PLANA M8 (100)", "1.45"),
             ("TACO NYLON 8MM (100)", "3.20"), ("BROCA HSS 6MM", "1.38"), ("DISCO CORTE INOX 125", "1.95"), ("GUANTE NITRILO T9 (PAR)", "1.10"),
             ("SILICONA NEUTRA 300ML", "3.65"), ("CINTA AMERICANA 50M", "4.80"), ("ABRAZADERA 20-32", "0.42"), ("LLAVE ALLEN 6MM", "0.95")]
    lines = [L(items[i % 11][0], [5, 10, 2, 25, 4, 12, 3, 8][i % 8], items[i % 11][1], 21, ref=f"{70000 + i * 31}") for i in range(82)]
    inv = Invoice(supplier, COMPANY, "26/00873", datetime.date(2026, 3, 31), lines)
    c = canvas(inv)
    cols = [("CODIGO", 20, "l"), ("DESCRIPCION", 88, "l"), ("CANT.", 16, "r"), ("PRECIO", 24, "r"), ("IMPORTE", 32, "r")]
    cells = lambda l: [l.ref, l.text, str(l.qty), es(l.price), es(l.amount)]
    chunks = [lines[:36], lines[36:72], lines[72:]]
    running = D(0)
    for page, chunk in enumerate(chunks):
        if page:
            c.new_page()
        c.t(15, 18, supplier.name, "HB", 12)
        c.t(15, 23, f"{supplier.lines[0]} - {supplier.lines[1]} - CIF {supplier.tax_id}", "H", 8)
        c.t(195, 18, "FACTURA 26/00873", "HB", 10, "r")
        c.t(195, 23, "31-03-2026", "H", 9, "r")
        c.t(195, 28, f"Hoja {page + 1}/3", "H", 8, "r")
        top = 36
        if page == 0:
            c.lines(15, 36, [f"Cliente: {COMPANY.name}  CIF {COMPANY.tax_id}", f"{COMPANY.lines[0]}, {COMPANY.lines[1]}"], "H", 8.5, 4.5)
            top = 48
        else:
            c.t(120, top + 2, "SUMA ANTERIOR", "H", 8)
            c.t(195, top + 2, es(running), "H", 8, "r")
            top += 6
        y = grid_table(c, 15, top, cols, chunk, cells, "H", 8, 5.6)
        running += sum((l.amount for l in chunk), D(0))
        if page < 2:
            c.t(120, y + 6, "SUMA Y SIGUE", "HB", 8)
            c.t(195, y + 6, es(running), "HB", 8, "r")
    y += 10
    for label, value in (("BASE IMPONIBLE", es(inv.subtotal)), ("I.V.A. 21%", es(inv.vat_total)), ("TOTAL FACTURA", es(inv.total))):
        c.t(120, y, label, "HB", 9)
        c.t(195, y, value, "HB", 9, "r")
        y += 6
    return inv, c.spec(), dict(
        family="3-page hardware invoice from an old ERP, totals only on page 3",
        tests="an industrial hardware store's 82 lines on three pages of ruled grid, \"Hoja 1/3\", \"SUMA Y SIGUE\" / \"SUMA ANTERIOR\", "
              "\"FACTURA 26/00873\" and \"31-03-2026\" repeated on each page, the customer on two lines, totals only on page 3")


# 4 ------------------------------------------------------------------------------------------------
def translator_irpf15():
    supplier = Party("Olga Benedí Marcuello", dni("50734168"), ["Traductora jurada de inglés y francés", "C/ Bravo Murillo 211, 6º C", "28020 Madrid"])
    lines = [L("Traducción jurada EN>ES contrato de suministro (5.120 palabras)", 1, "716.80", 21),
             L("Traducción FR>ES manual de mantenimiento (3.400 palabras)", 1, "340.00", 21),
             L("Envío certificado de originales", 1, "12.00", 21)]
    inv = Invoice(supplier, COMPANY, "14/2026", datetime.date(2026, 4, 14), lines, irpf=D(15))
    c = canvas(inv)
    c.t(20, 25, supplier.name, "TB", 14)
    c.lines(20, 31, supplier.lines + [f"NIF: {supplier.tax_id}"], "T", 10, 4.6)
    c.lines(120, 62, [COMPANY.name, COMPANY.lines[0], COMPANY.lines[1], f"CIF: {COMPANY.tax_id}"], "T", 10, 4.8)
    c.t(20, 95, "Madrid, a 14 de abril de 2026", "T", 10.5)
    c.t(20, 106, "Factura número: 14/2026", "TB", 11)
    y = 120
    for l in lines:
        c.t(20, y, l.text, "T", 10.5)
        c.t(190, y, es(l.amount) + " €", "T", 10.5, "r")
        y += 7
    c.line(120, y, 190, y, 0.4)
    y += 7
    for label, value in (("Base imponible", es(inv.subtotal)), ("IVA 21 %", es(inv.vat_total)),
                         ("Retención IRPF 15 %", "- " + es(inv.withholding_total)), ("Total a pagar", es(inv.total))):
        c.t(120, y, label, "TB" if label == "Total a pagar" else "T", 10.5)
        c.t(190, y, value + " €", "TB" if label == "Total a pagar" else "T", 10.5, "r")
        y += 6.5
    c.t(20, 240, "Forma de pago: transferencia a la cuenta ES66 0049 1500 0528 1024 7711.", "T", 9.5)
    return inv, c.spec(), dict(
        family="sworn translator (DNI) with IRPF 15 %, letter in Times",
        tests="a sworn translator's letter-like invoice in Times (base-14, not embedded): her name with a trade line and NIF at the top "
              "left, the customer at the right, a place line \"Madrid, a 14 de abril de 2026\", \"Factura número: 14/2026\", IRPF "
              "15 % as \"- 160,32 €\" with a space after the minus")


# 5 ------------------------------------------------------------------------------------------------
def belgium_reverse_charge():
    supplier = Party("Flanders Laser Systems NV", be_vat("04718263"), ["Industrieweg 27", "9000 Gent", "Belgium"])
    lines = [L("Fibre laser source 1.5 kW – refurbished", 1, "6480.00", 0), L("Cutting head nozzles kit (50 pcs)", 2, "186.50", 0),
             L("Remote commissioning (hours)", 4, "95.00", 0)]
    inv = Invoice(supplier, COMPANY, "INV/2026/00318", datetime.date(2026, 4, 14), lines)
    c = canvas(inv)
    c.t(15, 22, "FLANDERS LASER SYSTEMS", "HB", 16)
    c.lines(15, 29, [f"{supplier.name} · {supplier.lines[0]} · {supplier.lines[1]} · {supplier.lines[2]}", f"VAT {supplier.tax_id[:2]} {supplier.tax_id[2:6]}.{supplier.tax_id[6:9]}.{supplier.tax_id[9:]} · RPR Gent"], "H", 7.5, 3.8)
    c.t(15, 50, "INVOICE", "HB", 14)
    meta = [("Invoice No.", "INV/2026/00318"), ("Invoice date", "14-APR-2026"), ("Due date", "14-MAY-2026"), ("Your ref.", "PO 26/0412")]
    for i, (k, v) in enumerate(meta):
        c.t(15, 58 + i * 5, k, "H", 8.5)
        c.t(45, 58 + i * 5, v, "HB", 8.5)
    c.lines(120, 52, ["Invoice to:", COMPANY.name, COMPANY.lines[0], COMPANY.lines[1], "SPAIN", f"VAT ES{COMPANY.tax_id}"], "H", 8.5, 4.4)
    y = grid_table(c, 15, 85, [("Description", 95, "l"), ("Qty", 15, "r"), ("Unit price", 30, "r"), ("Amount EUR", 40, "r")],
                   lines, lambda l: [l.text, str(l.qty), en(l.price), en(l.amount)], "H", 8.5, 6)
    y += 10
    for label, value in (("Net amount", en(inv.subtotal)), ("VAT 0% (reverse charge)", "0.00"), ("Total EUR", en(inv.total))):
        c.t(110, y, label, "HB" if "Total" in label else "H", 9)
        c.t(195, y, value, "HB" if "Total" in label else "H", 9, "r")
        y += 6
    c.lines(15, y + 8, ["Intra-Community supply exempt from Belgian VAT (art. 39bis Belgian VAT Code).",
                        "VAT reverse charge – article 138 Directive 2006/112/EC. Inversión del sujeto pasivo."], "H", 7.5, 4)
    return inv, c.spec(), dict(
        family="intra-EU supply from Belgium in English, reverse charge",
        tests="a Belgian laser maker in English: the trade name in capitals over its legal name \"Flanders Laser Systems NV\" and its "
              "VAT number written with dots (\"BE 0471.826.311\", mod-97 check), caption/value pairs at the left "
              "(\"Invoice No. INV/2026/00318\", \"Invoice date 14-APR-2026\"), amounts \"7,233.00\", VAT 0 %")


# 6 ------------------------------------------------------------------------------------------------
def canary_food():
    supplier = Party("Distribuidora Alimentaria Teide, S.L.", cif("B", "3809215"), ["Polígono El Mayorazgo, c/ 7, nave 3", "38110 Santa Cruz de Tenerife"])
    lines = [L("Pan de molde 700 g", 24, "1.45", 0), L("Leche entera 1 L", 48, "0.92", 0), L("Gofio de millo 1 kg", 20, "1.80", 0),
             L("Café molido 500 g", 12, "4.60", 3), L("Galletas surtidas 600 g", 15, "2.35", 3),
             L("Papel higiénico 12 rollos", 10, "4.20", 7), L("Lavavajillas 1 L", 12, "1.65", 7)]
    inv = Invoice(supplier, COMPANY, "TF/2026/00871", datetime.date(2026, 6, 18), lines)
    c = canvas(inv)
    c.rect(15, 12, 180, 26, 0.6)
    c.t(105, 21, supplier.name, "DCB", 13, "c")
    c.t(105, 27, f"{supplier.lines[0]} · {supplier.lines[1]}", "DC", 8, "c")
    c.t(105, 32, f"C.I.F. {supplier.tax_id} · Tel. 922 61 33 08", "DC", 8, "c")
    c.lines(15, 48, ["Nº Factura: TF/2026/00871", "Fecha: 2026-06-18", "Forma de pago: Contado"], "DC", 9, 5)
    c.lines(115, 48, [COMPANY.name, COMPANY.lines[0], COMPANY.lines[1], f"C.I.F. {COMPANY.tax_id}"], "DC", 9, 4.6)
    y = grid_table(c, 15, 72, [("Descripción", 88, "l"), ("Cant.", 16, "r"), ("Precio", 22, "r"), ("% IGIC", 18, "r"), ("Importe", 36, "r")],
                   lines, lambda l: [l.text, str(l.qty), es(l.price), pct(l.rate), es(l.amount)], "DC", 8.5, 5.5)
    y += 10
    c.t(15, y, "Tipo IGIC", "DCB", 8.5)
    c.t(70, y, "Base imponible", "DCB", 8.5, "r")
    c.t(110, y, "Cuota IGIC", "DCB", 8.5, "r")
    for i, v in enumerate(inv.vat):
        c.t(15, y + 5 + i * 5, f"{pct(v.rate)} %", "DC", 8.5)
        c.t(70, y + 5 + i * 5, es(v.base), "DC", 8.5, "r")
        c.t(110, y + 5 + i * 5, es(v.amount), "DC", 8.5, "r")
    c.rect(135, y - 4, 60, 22, 0.6)
    c.t(138, y + 2, "TOTAL A PAGAR", "DCB", 9)
    c.t(192, y + 13, es(inv.total) + " €", "DCB", 13, "r")
    c.t(15, 280, "Los productos al 0 % tributan al tipo cero del IGIC (art. 52 Ley 20/1991).", "DC", 7)
    return inv, c.spec(), dict(
        family="Canary Islands food distributor, IGIC 0, 3 and 7 %",
        tests="a Tenerife food distributor with IGIC at 0 % (basic food), 3 % and 7 % (the label carries the IGIC as tax lines, the "
              "zero-rated base as a 0 % line), the name centred in a frame, \"Nº Factura: TF/2026/00871\", ISO date, DejaVu Sans "
              "Condensed, the IGIC breakdown one row per rate beside a framed total")


# 7 ------------------------------------------------------------------------------------------------
def restaurant_included():
    supplier = Party("Hostelería Casa Emilio 1939, S.L.", cif("B", "5077381"), ["Avda. Madrid 5", "50004 Zaragoza"])
    lines = [L("Menú del día", 6, "16.50", 10), L("Botella vino D.O. Campo de Borja", 2, "18.00", 10), L("Agua mineral 1 L", 3, "2.80", 10),
             L("Cafés", 6, "1.60", 10), L("Suplemento postre especial", 2, "3.50", 10)]
    inv = Invoice(supplier, COMPANY, "R-0417", datetime.date(2026, 5, 22), lines, included=True)
    c = canvas(inv, (148, 210))
    c.t(74, 18, "CASA EMILIO", "TB", 16, "c")
    c.t(74, 24, "Restaurante desde 1939", "T", 9, "c")
    c.t(74, 29, f"{supplier.name} · NIF {supplier.tax_id}", "T", 8, "c")
    c.t(74, 33, f"{supplier.lines[0]} · {supplier.lines[1]}", "T", 8, "c")
    c.t(12, 45, "Factura R-0417", "TB", 10)
    c.t(136, 45, "Zaragoza, 22/05/2026", "T", 9, "r")
    c.lines(12, 53, [f"Cliente: {COMPANY.name}", f"CIF {COMPANY.tax_id} · {COMPANY.lines[0]}, {COMPANY.lines[1]}"], "T", 8.5, 4.2)
    y = 68
    c.line(12, y - 4, 136, y - 4, 0.3)
    for l in lines:
        c.t(12, y, f"{l.qty}", "T", 9.5)
        c.t(22, y, l.text, "T", 9.5)
        c.t(110, y, es(l.price), "T", 9.5, "r")
        c.t(136, y, es(l.amount), "T", 9.5, "r")
        y += 5.5
    c.line(12, y - 2, 136, y - 2, 0.3)
    v = inv.vat[0]
    c.t(136, y + 5, f"TOTAL (IVA incluido)   {es(inv.total)} €", "TB", 11, "r")
    c.t(136, y + 13, f"Base imponible {es(v.base)}  ·  IVA 10 % {es(v.amount)}", "T", 8.5, "r")
    c.t(74, 195, "Gracias por su visita", "T", 8, "c")
    return inv, c.spec(), dict(
        family="restaurant's full invoice for a business meal, prices including VAT",
        tests="an A5 restaurant invoice in Times: the restaurant's name \"CASA EMILIO\" centred over the legal name \"Hostelería Casa "
              "Emilio 1939, S.L.\" (digits in the name) and NIF, \"Factura R-0417\" beside \"Zaragoza, 22/05/2026\", prices with VAT, "
              "\"TOTAL (IVA incluido)\" and the base and 10 % VAT in one small line under it")


# 8 ------------------------------------------------------------------------------------------------
def credit_trailing_minus():
    supplier = Party("Papelería Técnica Aragonesa, S.A.", cif("A", "5031460"), ["C/ Doctor Cerrada 30", "50005 Zaragoza"])
    lines = [L("ABONO RAPPEL 2025 S/ COMPRAS 48.230,00", -1, "964.60", 21), L("DEVOLUCION TONER HP 59A (4)", -4, "86.25", 21)]
    inv = Invoice(supplier, COMPANY, "AB/26/0031", datetime.date(2026, 2, 12), lines)
    tm = lambda x: fmt(x, trailing_minus=True)
    c = canvas(inv)
    c.t(15, 20, supplier.name, "CB", 12)
    c.lines(15, 25, [f"{supplier.lines[0]}  {supplier.lines[1]}", f"C.I.F. {supplier.tax_id}"], "C", 8.5, 4)
    c.rect(120, 14, 75, 28, 0.4)
    c.lines(123, 20, [COMPANY.name, COMPANY.lines[0], COMPANY.lines[1], f"C.I.F. {COMPANY.tax_id}"], "C", 8, 4.4)
    c.t(15, 52, "FACTURA RECTIFICATIVA (ABONO)", "CB", 11)
    c.lines(15, 58, ["NUMERO........: AB/26/0031", "FECHA.........: 12/02/2026", "RECTIFICA A...: 25/04412 DE 30/12/2025"], "C", 9, 4.5)
    y = grid_table(c, 15, 76, [("CONCEPTO", 100, "l"), ("CANT.", 18, "r"), ("PRECIO", 28, "r"), ("IMPORTE", 34, "r")],
                   lines, lambda l: [l.text, tm(l.qty), es(l.price), tm(l.amount)], "C", 8.5, 6, 40)
    y += 10
    for label, value in (("BASE IMPONIBLE", tm(inv.subtotal)), ("I.V.A. 21 %", tm(inv.vat_total)), ("TOTAL ABONO", tm(inv.total))):
        c.t(110, y, label, "CB", 9)
        c.t(195, y, value, "CB", 9, "r")
        y += 5.5
    return inv, c.spec(), dict(
        family="corrective invoice from an old ERP, trailing minus signs",
        tests="a stationery wholesaler's \"FACTURA RECTIFICATIVA (ABONO)\" in Courier with dotted captions (\"NUMERO........: AB/26/0031\"), "
              "the rectified invoice and its date, every negative amount with its minus sign after the figures (\"1.309,60-\"), "
              "as old ERPs print them; the label's amounts are negative")


# 9 ------------------------------------------------------------------------------------------------
def telecom_bill():
    supplier = Party("Conecta Valle Telecomunicaciones, S.L.", cif("B", "9913382"), ["C/ San Vicente Mártir 98", "46007 Valencia"])
    lines = [L("Fibra 1 Gb empresa – junio", 1, "49.50", 21), L("Líneas móviles 25 GB (4)", 4, "9.90", 21),
             L("Centralita virtual 5 extensiones", 1, "22.00", 21), L("Llamadas a numeración especial", 1, "3.87", 21),
             L("Descuento permanencia", 1, "-10.00", 21)]
    inv = Invoice(supplier, COMPANY, "TF26-0003318451", datetime.date(2026, 6, 1), lines)
    c = canvas(inv)
    c.lines(110, 45, [COMPANY.name.upper(), COMPANY.lines[0].upper(), COMPANY.lines[1].upper()], "H", 9.5, 4.8)
    c.t(15, 18, "conectavalle", "HB", 20, grey=0.2)
    c.rect(15, 70, 85, 40, 0, 0, 0.92)
    c.lines(18, 77, ["Importe total", ""], "H", 9, 6)
    c.t(97, 88, f"{es(inv.total)} €", "HB", 20, "r")
    c.lines(18, 97, ["Nº factura: TF26-0003318451", "Fecha de factura: 01.06.2026", "Periodo: 01.05.2026 – 31.05.2026"], "H", 8, 4.2)
    c.lines(110, 75, [f"Titular: {COMPANY.name}", f"CIF: {COMPANY.tax_id}", "Nº cliente: 8810034271", "Cargo en cuenta: ES** **** **** **** **** 4471"], "H", 8, 4.4)
    y = 125
    c.t(15, y, "Detalle de la factura", "HB", 11)
    y += 8
    for l in lines:
        c.t(15, y, l.text, "H", 9)
        c.t(195, y, es(l.amount) + " €", "H", 9, "r")
        y += 6
    c.line(15, y - 2, 195, y - 2, 0.3)
    y += 5
    for label, value in (("Total antes de impuestos", es(inv.subtotal)), ("IVA (21% sobre " + es(inv.subtotal) + ")", es(inv.vat_total)), ("Total factura", es(inv.total))):
        c.t(15, y, label, "HB" if label == "Total factura" else "H", 9)
        c.t(195, y, value + " €", "HB" if label == "Total factura" else "H", 9, "r")
        y += 6
    c.t(15, 282, f"{supplier.name} · NIF {supplier.tax_id} · {supplier.lines[0]}, {supplier.lines[1]} · R.M. Valencia T. 10.331 F. 12",
        "H", 6.5, grey=0.35)
    return inv, c.spec(), dict(
        family="telecom bill, customer first, big total, legal name at the foot",
        tests="a telecom bill: the customer's address in capitals first (window envelope), a lower-case brand \"conectavalle\" "
              "as the only large name, the legal name and CIF only in the 6.5 pt foot; the total large in a grey panel "
              "over \"Nº factura: TF26-0003318451\", \"Fecha de factura: 01.06.2026\" and the billing period's two dates; a discount "
              "line with a negative amount; \"Total antes de impuestos\"")


# 10 -----------------------------------------------------------------------------------------------
def gestoria_irpf15():
    supplier = Party("Antonio Ruiz Mallén", dni("18031592"), ["Gestoría Ruiz", "C/ Joaquín Costa 9, entlo.", "22002 Huesca"])
    lines = [L("Contabilidad y fiscalidad trimestral (abril–junio)", 3, "310.00", 21), L("Nóminas y seguros sociales (6 trabajadores)", 3, "84.00", 21),
             L("Presentación modelo 200 (Impuesto sobre Sociedades)", 1, "240.00", 21)]
    inv = Invoice(supplier, COMPANY, "G-2026-0112", datetime.date(2026, 5, 4), lines, irpf=D(15))
    c = canvas(inv)
    c.t(15, 20, "GESTORIA RUIZ", "HB", 15)
    c.t(15, 25, "Asesoría fiscal, laboral y contable", "H", 8)
    c.t(195, 20, "FACTURA", "HB", 15, "r")
    c.line(15, 30, 195, 30, 0.8)
    for x, caption, p in ((15, "PROVEEDOR", supplier), (110, "DESTINATARIO", COMPANY)):
        c.t(x, 38, caption, "HB", 7.5)
        c.lines(x, 44, [p.name] + (p.lines[1:] if p is supplier else p.lines) + [f"NIF/CIF: {p.tax_id}"], "H", 9, 4.6)
    c.lines(15, 72, ["Nº: G-2026-0112", "Fecha: 04-05-2026"], "HB", 9, 5)
    y = grid_table(c, 15, 86, [("CONCEPTO", 110, "l"), ("CANT.", 18, "r"), ("PRECIO", 24, "r"), ("IMPORTE", 28, "r")],
                   lines, lambda l: [l.text, str(l.qty), es_plain(l.price), es_plain(l.amount)], "H", 8.5, 6)
    y += 10
    for label, value in (("Base imponible", es_plain(inv.subtotal)), ("IVA 21%", es_plain(inv.vat_total)),
                         ("IRPF 15%", "-" + es_plain(inv.withholding_total)), ("TOTAL", es_plain(inv.total))):
        c.t(130, y, label, "HB" if label == "TOTAL" else "H", 9.5)
        c.t(195, y, value, "HB" if label == "TOTAL" else "H", 9.5, "r")
        y += 6
    return inv, c.spec(), dict(
        family="gestor (DNI) with IRPF 15 %, side-by-side blocks, no thousands separator",
        tests="a gestoría known as \"GESTORIA RUIZ\" whose holder (DNI) is named only in the block under \"PROVEEDOR\", beside "
              "\"DESTINATARIO\"; IRPF 15 %; amounts without thousands separator (\"1422,00\"); \"Nº: G-2026-0112\", \"04-05-2026\"")


LAYOUTS = {"pl-bebidas-casillas": drinks_columns, "pl-recargo-courier": grocer_three_rates, "pl-ferreteria-3pag": hardware_three_pages,
           "pl-traductora-irpf15": translator_irpf15, "pl-belgica-inversion": belgium_reverse_charge, "pl-igic-alimentacion": canary_food,
           "pl-restaurante-iva-incl": restaurant_included, "pl-abono-menos-final": credit_trailing_minus, "pl-telecom": telecom_bill,
           "pl-gestoria-irpf15": gestoria_irpf15}
