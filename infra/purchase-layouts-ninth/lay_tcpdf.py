"""Ten layouts printed by PHP's TCPDF (writeHTML tables, as web shops and PHP invoicing programs do)."""
import datetime
from model import D, Invoice, Line, Party, cif, dni, es, pct, amount_in_words, pt_nif, fmt
from parties import COMPANY, GROCER

GENERATOR = "TCPDF 6.6 (PHP)"


def L(text, qty, price, rate, disc=0, ref=""):
    return Line(text, D(qty), D(price), D(rate), D(disc), ref)


def spec(inv, blocks, font="helvetica", size=9, footer=None, page="A4", margins=(15, 15, 15, 18)):
    return {"size": page, "font": font, "fontsize": size, "footer": footer, "margins": list(margins),
            "title": f"Factura {inv.number}", "author": inv.supplier.name, "html": blocks}


def table(head, rows, widths, aligns, border=1, pad=3, head_bg="#e6e6e6", size=8.5, repeat=True):
    cells = lambda row, tag: "".join(
        f'<{tag} width="{w}%" align="{a}">{c}</{tag}>' for c, w, a in zip(row, widths, aligns))
    out = [f'<table border="{border}" cellpadding="{pad}" style="font-size:{size}pt">']
    if head:
        out.append(f'<thead><tr bgcolor="{head_bg}" style="font-weight:bold">{cells(head, "th")}</tr></thead>' if repeat
                   else f'<tr bgcolor="{head_bg}" style="font-weight:bold">{cells(head, "td")}</tr>')
    out += [f"<tr>{cells(r, 'td')}</tr>" for r in rows]
    out.append("</table>")
    return "".join(out)


def party_html(p, title=None, size=9, bold=True):
    name = f"<b>{p.name}</b>" if bold else p.name
    head = f'<span style="font-size:7pt;color:#666666">{title}</span><br/>' if title else ""
    return f'<div style="font-size:{size}pt">{head}{name}<br/>{"<br/>".join(p.lines)}<br/>NIF: {p.tax_id}</div>'


def eur(x):
    return es(x) + " €"


# 1 ------------------------------------------------------------------------------------------------
def web_shop():
    supplier = Party("Nubia Home Decor, S.L.", cif("B", "9361482"), ["C/ Fuente del Berro 17, local 2", "28009 Madrid"],
                     brand="NUBIA HOME")
    lines = [L("Cojín lino lavado 45x45 arena", 6, "14.05", 21, ref="NH-CJ-0451"),
             L("Jarrón cerámica esmaltada alto", 2, "38.80", 21, ref="NH-JR-1102"),
             L("Manta punto gordo crudo", 3, "42.15", 21, ref="NH-MT-0334"),
             L("Lámpara sobremesa ratán", 1, "64.90", 21, ref="NH-LP-0078"),
             L("Gastos de envío", 1, "7.95", 21, ref="")]
    inv = Invoice(supplier, COMPANY, "FA000412", datetime.date(2026, 2, 28), lines)
    rows = [[l.ref, l.text, "21 %", eur(l.price), str(l.qty), eur(l.amount)] for l in lines[:-1]]
    products = sum((l.amount for l in lines[:-1]), D(0))
    html = (
        '<table cellpadding="0"><tr><td width="55%"><span style="font-size:26pt;font-weight:bold;color:#7a5c8e">NUBIA HOME</span>'
        '<br/><span style="font-size:8pt;color:#888888">decoración textil y cerámica</span></td>'
        '<td width="45%" align="right" style="font-size:9pt">28/02/2026<br/><b>FA000412</b></td></tr></table><br/><br/>'
        '<table cellpadding="2"><tr>'
        f'<td width="50%">{party_html(COMPANY, "Dirección de facturación", bold=False)}</td>'
        f'<td width="50%">{party_html(COMPANY, "Dirección de entrega", bold=False)}</td></tr></table><br/><br/>'
        + table(["Número de factura", "Fecha de factura", "Referencia del pedido", "Fecha del pedido"],
                [["FA000412", "28/02/2026", "KQWZTRBNA", "26/02/2026"]], [25, 25, 25, 25], ["C"] * 4, head_bg="#f0e8f4")
        + "<br/><br/>"
        + table(["Referencia", "Producto", "Tipo de impuesto", "Precio unitario<br/>(sin IVA)", "Cantidad", "Total<br/>(sin IVA)"],
                rows, [14, 38, 12, 14, 8, 14], ["L", "L", "C", "R", "C", "R"], head_bg="#f0e8f4")
        + "<br/><br/>"
        '<table cellpadding="0"><tr><td width="50%">'
        + table(["Detalle de impuestos", "Tipo impositivo", "Base imponible", "Impuestos totales"],
                [["Productos y envío", "21,000 %", eur(inv.subtotal), eur(inv.vat_total)]], [34, 22, 22, 22], ["L", "C", "R", "R"],
                head_bg="#f0e8f4", size=7.5)
        + '</td><td width="5%"></td><td width="45%">'
        + table(None, [["Total productos", eur(products)], ["Gastos de envío", eur(lines[-1].amount)],
                       ["Total (sin IVA)", eur(inv.subtotal)], ["Total impuestos", eur(inv.vat_total)],
                       ["<b>Total</b>", f"<b>{eur(inv.total)}</b>"]], [60, 40], ["L", "R"])
        + '</td></tr></table><br/><br/><span style="font-size:8pt">Forma de pago: Tarjeta de crédito &nbsp; '
        + eur(inv.total) + "</span>")
    footer = (f"{supplier.name} · CIF {supplier.tax_id} · {supplier.lines[0]}, {supplier.lines[1]} · "
              "Inscrita en el Registro Mercantil de Madrid, tomo 40.112, folio 88, hoja M-712.904")
    return inv, spec(inv, [html], footer=footer), dict(
        family="online shop order invoice, brand, billing and delivery addresses",
        tests="a web shop's order invoice: the brand \"NUBIA HOME\" in 26 pt, the legal name and CIF only in the 7 pt footer; "
              "billing and delivery addresses side by side (both the customer's), a row of captions over a row of values "
              "(number \"FA000412\", date, order reference), 'Precio unitario (sin IVA)', a tax detail table beside the totals box; \"28/02/2026\"")


# 2 ------------------------------------------------------------------------------------------------
def woo_artisan():
    supplier = Party("Lucía Ferrer Albiol", dni("20471938"), ["Cerámica Albiol", "Carrer del Forn 4", "12600 La Vall d'Uixó (Castellón)"])
    lines = [L("Set 6 tazas gres esmaltado \"Mar\"", 4, "51.24", 21), L("Fuente ovalada 40 cm", 2, "37.19", 21),
             L("Envío urgente", 1, "9.50", 21)]
    inv = Invoice(supplier, COMPANY, "2026-0087", datetime.date(2026, 3, 3), lines)
    html = (
        '<table cellpadding="0"><tr>'
        f'<td width="55%" style="font-size:9pt"><b>{supplier.lines[0]}</b><br/>{supplier.name}<br/>{supplier.lines[1]}<br/>'
        f'{supplier.lines[2]}<br/>NIF {supplier.tax_id}</td>'
        '<td width="45%" align="right"><span style="font-size:20pt">FACTURA</span></td></tr></table><br/><br/><br/>'
        '<table cellpadding="0"><tr>'
        f'<td width="55%" style="font-size:9pt">{COMPANY.name}<br/>{COMPANY.lines[0]}<br/>{COMPANY.lines[1]}<br/>{COMPANY.tax_id}<br/>'
        'compras@gallego-clima.es</td>'
        '<td width="45%"><table cellpadding="1" style="font-size:9pt">'
        '<tr><td width="55%">Número de factura:</td><td width="45%">2026-0087</td></tr>'
        '<tr><td>Fecha de factura:</td><td>marzo 3, 2026</td></tr>'
        '<tr><td>Número de pedido:</td><td>1543</td></tr>'
        '<tr><td>Fecha de pedido:</td><td>marzo 2, 2026</td></tr>'
        '<tr><td>Método de pago:</td><td>Transferencia bancaria</td></tr></table></td></tr></table><br/><br/>'
        + table(["Producto", "Cantidad", "Precio"], [[l.text, str(l.qty), eur(l.amount)] for l in lines[:-1]],
                [64, 14, 22], ["L", "C", "R"], border=0, head_bg="#000000", pad=4).replace(
            'bgcolor="#000000" style="font-weight:bold"', 'bgcolor="#000000" style="font-weight:bold;color:#ffffff"')
        + '<br/><table cellpadding="3" style="font-size:9pt"><tr><td width="60%"></td><td width="20%">Subtotal</td>'
        f'<td width="20%" align="right">{eur(lines[0].amount + lines[1].amount)}</td></tr>'
        f'<tr><td></td><td>Envío</td><td align="right">{eur(lines[2].amount)} <span style="font-size:7pt">vía Envío urgente</span></td></tr>'
        f'<tr><td></td><td>IVA (21%)</td><td align="right">{eur(inv.vat_total)}</td></tr>'
        f'<tr><td></td><td style="border-top:1px solid #000"><b>Total</b></td><td align="right" style="border-top:1px solid #000"><b>{eur(inv.total)}</b></td></tr></table>')
    return inv, spec(inv, [html], font="dejavusans", size=9), dict(
        family="WooCommerce-style shop invoice of an artisan (DNI)",
        tests="a shop-plugin invoice from an artisan whose trade name \"Cerámica Albiol\" stands above her own name and DNI; "
              "customer block on the left under the header, invoice data as caption/value pairs at the right "
              "(\"Número de factura: 2026-0087\", \"Fecha de factura: marzo 3, 2026\" — month first), a black table head, "
              "Subtotal / Envío / IVA (21%) / Total; the shipping line is taxed too")


# 3 ------------------------------------------------------------------------------------------------
def consultant_irpf15():
    supplier = Party("Javier Lahoz Broto", dni("25184367"), ["Consultoría energética", "Paseo Sagasta 41, 3º B", "50006 Zaragoza"])
    lines = [L("Auditoría energética nave industrial (RD 56/2016)", 1, "1850.00", 21),
             L("Certificado de eficiencia energética local oficinas", 1, "240.00", 21),
             L("Desplazamientos y visitas (3)", 3, "45.00", 21)]
    inv = Invoice(supplier, COMPANY, "FAC2026A42", datetime.date(2026, 3, 3), lines, irpf=D(15))
    irpf = inv.withholding[0]
    html = (
        f'<span style="font-size:15pt;font-weight:bold">{supplier.name}</span><br/>'
        f'<span style="font-size:8.5pt">{supplier.lines[0]} · NIF: {supplier.tax_id}<br/>{supplier.lines[1]} · {supplier.lines[2]}'
        '<br/>Tel. 976 21 44 90 · jlahoz@lahozenergia.es</span><br/><br/>'
        + table(["Documento", "Número", "Fecha", "Cliente"], [["Factura", "FAC2026A42", "03-03-2026", COMPANY.name]],
                [18, 20, 18, 44], ["C"] * 4, head_bg="#dde4ee")
        + f'<br/><br/><span style="font-size:8.5pt">{COMPANY.name} · CIF: {COMPANY.tax_id} · {COMPANY.lines[0]} · {COMPANY.lines[1]}</span><br/><br/>'
        + table(["Descripción", "Cantidad", "Precio", "Dto.", "IVA", "Total"],
                [[l.text, f"{l.qty}", es(l.price), "0", "21", es(l.amount)] for l in lines],
                [50, 10, 12, 7, 7, 14], ["L", "R", "R", "R", "R", "R"], head_bg="#dde4ee")
        + "<br/><br/>"
        + table(["Neto", "IVA", "Recargo", "IRPF", "Total"],
                [[es(inv.subtotal), es(inv.vat_total), "0,00", "-" + es(irpf.amount), es(inv.total) + " €"]],
                [20, 20, 20, 20, 20], ["C"] * 5, head_bg="#dde4ee")
        + f'<br/><br/><span style="font-size:8pt">IVA 21 % sobre {es(inv.subtotal)} · Retención IRPF 15 % sobre {es(irpf.base)}<br/>'
        'Forma de pago: transferencia a ES12 2085 5201 4103 3012 4478 a 30 días.</span>')
    return inv, spec(inv, [html], footer="Página {n} de {N}"), dict(
        family="professional (DNI) with IRPF 15 %, document row, summary as a row",
        tests="an energy consultant (DNI) with IRPF 15 %: his name in 15 pt with a trade line under it; a 'Documento / Número / Fecha / "
              "Cliente' caption row over one row of values (\"FAC2026A42\", \"03-03-2026\"); the customer on one line; the summary as a "
              "row of captions Neto / IVA / Recargo / IRPF / Total over one row of values, the IRPF as \"-333,75\"")


# 4 ------------------------------------------------------------------------------------------------
def drugstore_recargo():
    supplier = Party("Droguería Industrial Cinca, S.L.", cif("B", "2238415"), ["Avda. de los Pirineos 12", "22300 Barbastro (Huesca)"])
    lines = [L("Lejía perfumada 2 L (caja 8)", 6, "7.92", 21, ref="10231"), L("Friegasuelos pino 1,5 L (caja 6)", 5, "9.48", 21, ref="10288"),
             L("Lavavajillas mano 750 ml (caja 12)", 4, "10.20", 21, ref="10412"), L("Papel higiénico 12 rollos", 10, "3.65", 21, ref="20117"),
             L("Servilletas 33x33 (paquete 100)", 20, "0.88", 21, ref="20190"), L("Bolsas basura 85x105 (rollo 10)", 12, "1.35", 21, ref="30045"),
             L("Agua mineral 1,5 L (pack 6)", 15, "1.74", 10, ref="40012"), L("Sal fina 1 kg", 24, "0.38", 10, ref="40150")]
    inv = Invoice(supplier, GROCER, "A 000123", datetime.date(2026, 3, 3), lines, recargo=True)
    rows = [[l.ref, l.text, str(l.qty), es(l.price), pct(l.rate), "5,2" if l.rate == 21 else "1,4", es(l.amount)] for l in lines]
    summary = "".join(
        f'<tr><td>Base imponible {pct(v.rate)} %</td><td align="right">{es(v.base)}</td></tr>'
        f'<tr><td>I.V.A. {pct(v.rate)} %</td><td align="right">{es(v.amount)}</td></tr>'
        f'<tr><td>Recargo equiv. {pct(r.rate)} %</td><td align="right">{es(r.amount)}</td></tr>'
        for v, r in zip(inv.vat, inv.surcharge))
    html = (
        '<table cellpadding="2"><tr>'
        f'<td width="50%"><span style="font-size:13pt;font-weight:bold">{supplier.name}</span><br/>{supplier.lines[0]}<br/>'
        f'{supplier.lines[1]}<br/>C.I.F. {supplier.tax_id}</td>'
        f'<td width="50%" style="border:1px solid #000">{party_html(GROCER, "CLIENTE Nº 00418")}</td></tr></table><br/><br/>'
        '<table cellpadding="3" border="1" style="font-size:9pt"><tr><td width="25%">FACTURA Nº<br/><b>A 000123</b></td>'
        '<td width="25%">FECHA<br/><b>03-MAR-2026</b></td><td width="25%">ALBARÁN<br/>A 000118</td>'
        '<td width="25%">VENCIMIENTO<br/>02-ABR-2026</td></tr></table><br/><br/>'
        + table(["Código", "Artículo", "Cant.", "Precio", "% IVA", "% R.E.", "Importe"], rows,
                [9, 43, 8, 10, 8, 8, 14], ["L", "L", "R", "R", "C", "C", "R"])
        + '<br/><br/><table cellpadding="0"><tr><td width="45%" style="font-size:7.5pt">Cliente sujeto al régimen especial de '
        'recargo de equivalencia.<br/>Pago: recibo domiciliado a 30 días.</td><td width="15%"></td><td width="40%">'
        f'<table cellpadding="2" style="font-size:9pt">{summary}'
        f'<tr><td style="border-top:1px solid #000"><b>TOTAL FACTURA</b></td><td align="right" style="border-top:1px solid #000"><b>{es(inv.total)}</b></td></tr>'
        '</table></td></tr></table>')
    return inv, spec(inv, [html]), dict(
        family="cleaning-products wholesaler to a grocer in recargo (21+5,2 and 10+1,4)",
        tests="a drugstore wholesaler to a grocer in recargo at 21+5,2 and 10+1,4, a '% R.E.' column in the lines, the customer in a "
              "framed box beside the supplier; number \"A 000123\" (a letter, a space, six digits) in a row of boxed captions with the "
              "delivery note \"A 000118\" beside it; date \"03-MAR-2026\"; the summary as stacked rows per rate (base, IVA, recargo)")


# 5 ------------------------------------------------------------------------------------------------
def long_order():
    supplier = Party("Suministros Eléctricos del Jalón, S.A.", cif("A", "5012739"), ["Ctra. de Valencia km 4,2", "50410 Cuarte de Huerva (Zaragoza)"])
    items = [("Cable RZ1-K 3G2,5 mm² (m)", "1.18"), ("Tubo corrugado M20 (rollo 100 m)", "21.40"), ("Caja registro 100x100 IP55", "2.36"),
             ("Magnetotérmico 2P 16 A", "9.85"), ("Diferencial 2P 40 A 30 mA", "31.20"), ("Regleta conexión 12 polos", "1.02"),
             ("Canaleta PVC 40x60 (2 m)", "6.74"), ("Bornas WAGO 221-413 (50)", "18.60"), ("Pantalla LED 60x60 40 W", "24.90"),
             ("Brida nylon 200 mm (100)", "2.15")]
    lines = []
    for i in range(84):
        text, price = items[i % len(items)]
        lines.append(L(text, [2, 5, 10, 1, 3, 20, 4][i % 7], price, 21, disc=[0, 5, 10][i % 3], ref=f"{31000 + i * 17}"))
    inv = Invoice(supplier, COMPANY, "2026/0871", datetime.date(2026, 1, 12), lines)
    rows = [[l.ref, l.text, str(l.qty), es(l.price), f"{l.discount}" if l.discount else "", es(l.amount)] for l in lines]
    head = ('<table cellpadding="0"><tr>'
            f'<td width="60%"><span style="font-size:14pt;font-weight:bold">{supplier.name}</span><br/>'
            f'<span style="font-size:8pt">{supplier.lines[0]} · {supplier.lines[1]} · CIF {supplier.tax_id}</span></td>'
            '<td width="40%" align="right"><span style="font-size:16pt">Factura 2026/0871</span><br/>12 de enero de 2026</td></tr></table><br/><br/>'
            f'{party_html(COMPANY, "Cliente")}<br/><br/>')
    tail = ('<br/><br/><table cellpadding="0"><tr><td width="55%"></td><td width="45%">'
            + table(None, [["Suma importes", es(inv.subtotal)], ["Base imponible", es(inv.subtotal)], ["IVA 21 %", es(inv.vat_total)],
                           ["<b>TOTAL A PAGAR</b>", f"<b>{es(inv.total)} €</b>"]], [60, 40], ["L", "R"], size=9)
            + '</td></tr></table>')
    html = head + table(["Ref.", "Descripción", "Cant.", "Precio", "Dto. %", "Importe"], rows,
                        [10, 48, 8, 12, 8, 14], ["L", "L", "R", "R", "R", "R"], size=8) + tail
    return inv, spec(inv, [html], footer="Factura 2026/0871 · Página {n}/{N}"), dict(
        family="84-line invoice paginated by TCPDF, totals only at the end",
        tests="an electrical wholesaler's 84 lines over 3 pages, TCPDF repeating the table head and writing 'Página n/N' in the "
              "footer; discounts of 5 and 10 % on some lines; totals only on the last page; \"12 de enero de 2026\"")


# 6 ------------------------------------------------------------------------------------------------
def rectifying():
    supplier = Party("Electrodomésticos Huerva Distribución, S.L.", cif("B", "5084216"), ["C/ Miguel Servet 188", "50013 Zaragoza"])
    lines = [L("Devolución split 1x1 3.000 fg (defecto)", -1, "612.40", 21), L("Devolución soporte mural split", -2, "18.75", 21),
             L("Abono portes devolución", -1, "25.00", 21)]
    inv = Invoice(supplier, COMPANY, "R-2026-007", datetime.date(2026, 2, 17), lines)
    html = (
        f'<table cellpadding="3"><tr><td width="60%" style="font-size:9pt"><b style="font-size:12pt">{supplier.name}</b><br/>'
        f'{supplier.lines[0]}<br/>{supplier.lines[1]}<br/>NIF: {supplier.tax_id}</td>'
        '<td width="40%" bgcolor="#f3d9d9" align="center"><span style="font-size:15pt;font-weight:bold">FACTURA RECTIFICATIVA</span><br/>'
        'Nº R-2026-007<br/>Fecha: 2026-02-17</td></tr></table><br/><br/>'
        f'{party_html(COMPANY, "Datos del cliente")}<br/>'
        '<span style="font-size:8.5pt">Rectifica la factura nº 2026-00591 de fecha 2026-01-29. Motivo: devolución de mercancía '
        'defectuosa (art. 15 RD 1619/2012).</span><br/><br/>'
        + table(["Concepto", "Unidades", "Precio", "Importe"], [[l.text, str(l.qty), es(l.price), es(l.amount) + " €"] for l in lines],
                [55, 13, 14, 18], ["L", "R", "R", "R"])
        + '<br/><br/><table cellpadding="0"><tr><td width="50%"></td><td width="50%">'
        + table(["Base imponible", "IVA 21%", "Total"], [[eur(inv.subtotal), eur(inv.vat_total), f"<b>{eur(inv.total)}</b>"]],
                [34, 33, 33], ["R", "R", "R"], size=9)
        + '</td></tr></table><br/><span style="font-size:8pt">El importe se compensará en la próxima factura.</span>')
    return inv, spec(inv, [html]), dict(
        family="rectifying invoice, negative amounts",
        tests="a \"FACTURA RECTIFICATIVA\" in a tinted cell, \"Nº R-2026-007\", ISO date, quoting the rectified invoice 2026-00591 and "
              "its ISO date; negative units and amounts (\"-612,40 €\"); the summary as three columns Base / IVA / Total")


# 7 ------------------------------------------------------------------------------------------------
def portugal_reverse_charge():
    supplier = Party("Cortiças do Montado, Lda.", "PT" + pt_nif("50914372"), ["Rua da Fábrica 118", "4535-173 Santa Maria de Lamas", "Portugal"])
    lines = [L("Painel de cortiça isolante 1000x500x40 mm / Panel de corcho aislante", 120, "9.85", 0),
             L("Granulado de cortiça 3-5 mm (saco 20 kg) / Granulado de corcho", 14, "17.60", 0),
             L("Transporte / Portes", 1, "145.00", 0)]
    inv = Invoice(supplier, COMPANY, "FT 2026/318", datetime.date(2026, 4, 9), lines)
    pt = lambda x: fmt(x, thousands=" ")
    html = (
        '<table cellpadding="2"><tr>'
        f'<td width="55%"><span style="font-size:14pt;font-weight:bold;color:#5b3a1e">{supplier.name}</span><br/>'
        f'<span style="font-size:8.5pt">{"<br/>".join(supplier.lines)}<br/>NIF/VAT: {supplier.tax_id}<br/>'
        'Capital social 50 000 € · C.R.C. Santa Maria da Feira</span></td>'
        '<td width="45%" style="font-size:9pt"><b>FATURA / FACTURA</b><br/>Nº FT 2026/318<br/>Data / Fecha: 09-04-2026<br/>'
        'Vencimento / Vencimiento: 09-05-2026<br/>V/ Encomenda / Pedido: PC-0311</td></tr></table><br/><br/>'
        f'{party_html(COMPANY, "Cliente / Cliente")}'.replace("NIF:", "NIF-IVA: ES") + "<br/><br/>"
        + table(["Descrição / Descripción", "Qtd.", "Preço unit.", "Taxa IVA", "Valor"],
                [[l.text, str(l.qty), pt(l.price), "0 %", pt(l.amount)] for l in lines], [52, 8, 13, 10, 17], ["L", "R", "R", "C", "R"])
        + "<br/><br/>"
        + table(None, [["Total ilíquido / Base imponible", pt(inv.subtotal) + " €"], ["IVA 0 %", "0,00 €"],
                       ["<b>Total / Total factura</b>", f"<b>{pt(inv.total)} €</b>"]], [70, 30], ["L", "R"], border=0, size=9)
        + '<br/><br/><span style="font-size:8pt">IVA - autoliquidação (art. 138 Diretiva 2006/112/CE). Inversión del sujeto pasivo: '
        'entrega intracomunitaria exenta, art. 25 Ley 37/1992.</span>')
    return inv, spec(inv, [html], font="dejavusans", size=8.5), dict(
        family="intra-EU supply from Portugal, reverse charge, bilingual",
        tests="a Portuguese cork maker in Portuguese and Spanish (\"FATURA / FACTURA\", \"Nº FT 2026/318\", \"Data / Fecha: 09-04-2026\"), "
              "a PT NIF with its mod-11 check digit, amounts with a space as thousands separator (\"1 182,00\"), IVA 0 % and "
              "'autoliquidação / Inversión del sujeto pasivo'; the base is labelled as a 0 % VAT line")


# 8 ------------------------------------------------------------------------------------------------
def canary_igic():
    supplier = Party("Maderas y Aluminios Guanche, S.L.", cif("B", "3528016"), ["C/ Tomás Morales 51", "35003 Las Palmas de Gran Canaria"])
    lines = [L("Ventana aluminio RPT 120x120 oscilobatiente", 4, "286.00", 7), L("Premarco aluminio 120x120", 4, "34.50", 7),
             L("Instalación y sellado", 6, "38.00", 7), L("Retirada de carpintería antigua", 1, "95.00", 3)]
    inv = Invoice(supplier, COMPANY, "F-26-118", datetime.date(2026, 5, 15), lines)
    summary = "".join(f'<tr><td>{es(v.base)}</td><td align="center">{pct(v.rate)} %</td><td align="right">{es(v.amount)}</td></tr>' for v in inv.vat)
    html = (
        f'<div style="text-align:center"><span style="font-size:15pt;font-weight:bold">{supplier.name}</span><br/>'
        f'<span style="font-size:8.5pt">{supplier.lines[0]} – {supplier.lines[1]} – C.I.F.: {supplier.tax_id}</span></div><hr/><br/>'
        '<table cellpadding="2"><tr><td width="50%" style="font-size:9pt">FACTURA: <b>F-26-118</b><br/>FECHA: 15/05/2026<br/>'
        'OBRA: Nave Cuarte – ampliación oficinas</td>'
        f'<td width="50%">{party_html(COMPANY, "FACTURAR A")}</td></tr></table><br/><br/>'
        + table(["Concepto", "Cant.", "Precio", "IGIC", "Importe"], [[l.text, str(l.qty), es(l.price), pct(l.rate) + "%", es(l.amount)] for l in lines],
                [52, 9, 13, 9, 17], ["L", "R", "R", "C", "R"])
        + '<br/><br/><table cellpadding="0"><tr><td width="45%"></td><td width="55%"><table border="1" cellpadding="3" style="font-size:9pt">'
        '<tr bgcolor="#e8eef0"><td>Base imponible</td><td align="center">Tipo IGIC</td><td align="right">Cuota IGIC</td></tr>'
        f'{summary}<tr><td colspan="2"><b>TOTAL FACTURA</b></td><td align="right"><b>{es(inv.total)} €</b></td></tr></table></td></tr></table>'
        '<br/><span style="font-size:8pt">Operación sujeta al Impuesto General Indirecto Canario (IGIC).</span>')
    return inv, spec(inv, [html]), dict(
        family="Canary Islands supplier with IGIC 7 % and 3 %",
        tests="a carpenter in Gran Canaria with IGIC at 7 % and 3 % (no VAT; the label carries the IGIC as its tax lines), the name "
              "centred over a rule, \"FACTURA: F-26-118\", \"15/05/2026\", a bordered IGIC table one row per rate")


# 9 ------------------------------------------------------------------------------------------------
def supermarket_ticket():
    supplier = Party("Supermercados Moncayo, S.A.", cif("A", "5020943"), ["C/ Delicias 71", "50017 Zaragoza"])
    lines = [L("LECHE SEMI 1L x6", 2, "5.34", 4), L("PAN CHAPATA", 3, "0.95", 4), L("ACEITE OLIVA V.E. 1L", 1, "8.49", 4),
             L("CAFE MOLIDO 250G", 2, "3.29", 10), L("AGUA 1,5L x6", 2, "2.16", 10), L("YOGUR NAT. x8", 1, "2.35", 10),
             L("DETERGENTE 40 LAV", 1, "11.95", 21), L("PAPEL COCINA x4", 2, "2.79", 21), L("PILAS AA x4", 1, "4.50", 21)]
    inv = Invoice(supplier, COMPANY, "T012-2026-004512", datetime.date(2026, 3, 3), lines, included=True)
    letter = {D(4): "A", D(10): "B", D(21): "C"}
    rows = "".join(f'<tr><td width="58%">{l.text}</td><td width="10%" align="right">{l.qty}</td><td width="22%" align="right">{es(l.amount)}</td>'
                   f'<td width="10%" align="right">{letter[l.rate]}</td></tr>' for l in lines)
    breakdown = "".join(f'<tr><td>{letter[v.rate]} {pct(v.rate)}%</td><td align="right">{es(v.base)}</td><td align="right">{es(v.amount)}</td>'
                        f'<td align="right">{es(v.base + v.amount)}</td></tr>' for v in inv.vat)
    html = (
        f'<div style="text-align:center"><b style="font-size:11pt">SUPERMERCADOS MONCAYO</b><br/>{supplier.name}<br/>'
        f'NIF {supplier.tax_id}<br/>Tienda 012 · {supplier.lines[0]}<br/>{supplier.lines[1]}</div>'
        '<br/>FACTURA SIMPLIFICADA<br/>Nº: T012-2026-004512<br/>03/03/2026 18:22 &nbsp; Caja 03 &nbsp; Op. 117<br/>'
        f'<table cellpadding="1">{rows}</table><br/>'
        f'<b style="font-size:12pt">TOTAL (IVA incl.) &nbsp; {es(inv.total)}</b><br/>TARJETA &nbsp; {es(inv.total)}<br/><br/>'
        '<table cellpadding="1"><tr><td>TIPO</td><td align="right">BASE</td><td align="right">CUOTA</td><td align="right">TOTAL</td></tr>'
        f'{breakdown}</table><br/><div style="text-align:center">Gracias por su compra<br/>Conserve el ticket para cambios</div>')
    return inv, spec(inv, [html], font="dejavusansmono", size=7.5, page=[80, 150], margins=(4, 5, 4, 5)), dict(
        family="supermarket simplified invoice, VAT included at 4, 10 and 21 %",
        tests="an 80 mm supermarket ticket in DejaVu Sans Mono, the chain's name over its legal name and NIF, \"FACTURA SIMPLIFICADA\" "
              "\"Nº: T012-2026-004512\", \"03/03/2026 18:22\", letters A/B/C by each line and a TIPO / BASE / CUOTA / TOTAL breakdown; "
              "prices include VAT")


# 10 -----------------------------------------------------------------------------------------------
def rent_irpf19():
    supplier = Party("Ramón Arnal Castán", dni("17098532"), ["C/ Predicadores 14, 2º", "50003 Zaragoza"])
    lines = [L("Alquiler nave 14 Polígono Valdeconsejo, mes de julio de 2026", 1, "1680.00", 21)]
    inv = Invoice(supplier, COMPANY, "7/2026", datetime.date(2026, 7, 1), lines, irpf=D(19))
    w = inv.withholding[0]
    html = (
        f'<b>{supplier.name}</b><br/>NIF {supplier.tax_id}<br/>{supplier.lines[0]}<br/>{supplier.lines[1]}<br/><br/><br/>'
        '<div style="text-align:right">Zaragoza, 1 de julio de 2026</div><br/>'
        f'<div style="text-align:right">{COMPANY.name}<br/>CIF {COMPANY.tax_id}<br/>{COMPANY.lines[0]}<br/>{COMPANY.lines[1]}</div><br/><br/>'
        '<b>FACTURA Nº 7/2026</b><br/><br/>'
        f'Concepto: {lines[0].text}, según contrato de 1 de marzo de 2024.<br/><br/>'
        '<table cellpadding="3" style="font-size:10pt">'
        f'<tr><td width="55%">Renta mensual (base imponible)</td><td width="25%" align="right">{es(inv.subtotal)} €</td></tr>'
        f'<tr><td>IVA 21 %</td><td align="right">{es(inv.vat_total)} €</td></tr>'
        f'<tr><td>Retención IRPF 19 %</td><td align="right">-{es(w.amount)} €</td></tr>'
        f'<tr><td><b>Líquido a percibir</b></td><td align="right"><b>{es(inv.total)} €</b></td></tr></table><br/><br/>'
        f'Son: {amount_in_words(inv.total)}.<br/><br/>Forma de pago: domiciliación, primeros cinco días del mes.')
    return inv, spec(inv, [html], font="times", size=11, margins=(25, 25, 25, 20)), dict(
        family="landlord (DNI) letting premises, IRPF 19 %, letter style, total in words",
        tests="a private landlord's monthly rent invoice written like a letter in Times: his name and NIF at the top left, a place "
              "line \"Zaragoza, 1 de julio de 2026\" and the tenant at the right, \"FACTURA Nº 7/2026\", IRPF 19 % as a negative row, "
              "\"Líquido a percibir\" and the total in words (\"Son: mil seiscientos …\")")


LAYOUTS = {"tc-tienda-online": web_shop, "tc-artesana-tienda": woo_artisan, "tc-consultor-irpf15": consultant_irpf15,
           "tc-drogueria-recargo": drugstore_recargo, "tc-electrico-3pag": long_order, "tc-rectificativa": rectifying,
           "tc-portugal-autoliq": portugal_reverse_charge, "tc-igic-carpinteria": canary_igic, "tc-super-ticket": supermarket_ticket,
           "tc-alquiler-irpf19": rent_irpf19}
