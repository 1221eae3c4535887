"""Layouts written as Typst (typst.ts compiler) and XeLaTeX (fontspec, xdvipdfmx) sources."""
import os, shutil, subprocess, tempfile
from common import OWN, SHOP, label
from model import Invoice, cif, dni, nie, pt_nif, fr_tva, es, pct, in_words, D, r2

HERE = os.path.dirname(os.path.abspath(__file__))
BUN = os.path.join(HERE, '..', '..', '.tools', 'node_modules', '.bin', 'bun')


def typst(source, out):
    subprocess.run([BUN, os.path.join(HERE, 'typst-compile.mjs'), out], input=source.encode(), check=True)


def xelatex(source, out):
    with tempfile.TemporaryDirectory() as tmp:
        open(os.path.join(tmp, 'f.tex'), 'w').write(source)
        env = {**os.environ, 'SOURCE_DATE_EPOCH': '1767225600', 'FORCE_SOURCE_DATE': '1'}
        for _ in range(2):
            subprocess.run(['xelatex', '-interaction=nonstopmode', '-halt-on-error', 'f.tex'], cwd=tmp, env=env, check=True, capture_output=True)
        shutil.copy(os.path.join(tmp, 'f.pdf'), out)


T = lambda s: s.replace('#', '\\#').replace('$', '\\$').replace('@', '\\@').replace('*', '\\*').replace('_', '\\_').replace('<', '\\<')


def electricidad(out):
    sup = ('Eléctrica del Jiloca Comercializadora, S.L.U.', cif('B', 4410387))
    number, iso = 'FE26321000456789', '2026-03-12'
    p1, p2 = r2(D('15') * 28 * D('0.073777')), r2(D('15') * 28 * D('0.001911'))
    kwh = {'P1 punta': (612, '0.198450'), 'P2 llano': (901, '0.142310'), 'P3 valle': (1433, '0.098870')}
    energy = {k: r2(q * D(p)) for k, (q, p) in kwh.items()}
    base_ie = p1 + p2 + sum(energy.values())
    ie = r2(base_ie * D('0.0511269632'))
    meter = r2(28 * D('0.026630'))
    inv = Invoice([(p1, 21), (p2, 21)] + [(v, 21) for v in energy.values()] + [(ie, 21), (meter, 21)])
    erows = ''.join(f'[{k}], [{es(q, places=0)} kWh], [{es(D(p), places=6)} €/kWh], [{es(energy[k])} €],\n' for k, (q, p) in kwh.items())
    src = f'''#set document(date: none)
#set page(paper: "a4", margin: (x: 16mm, y: 14mm))
#set text(font: "DejaVu Sans", size: 8.5pt, lang: "es")
#grid(columns: (1fr, 1fr), gutter: 8mm,
  [#text(size: 20pt, weight: "bold", fill: rgb("#1d5e8c"))[jiloca#text(fill: rgb("#e08a1e"))[luz]] \\ #text(size: 7pt)[{T(sup[0])} · CIF {sup[1]} \\ Plaza del Torico 3 · 44001 Teruel]],
  align(right)[#text(size: 12pt, weight: "bold")[FACTURA DE ELECTRICIDAD] \\ Nº factura: *{number}* \\ Fecha emisión: 12 de marzo de 2026 \\ Periodo de facturación: 10/02/2026 - 09/03/2026 (28 días)])
#v(4mm)
#grid(columns: (1fr, 1fr), gutter: 6mm,
  block(fill: rgb("#eef4f8"), inset: 4mm, width: 100%)[#text(weight: "bold")[Resumen de la factura] \\
    #table(columns: (1fr, auto), stroke: none, inset: 1.5pt,
      [Potencia], [{es(p1 + p2)} €], [Energía], [{es(sum(energy.values()))} €], [Impuesto electricidad], [{es(ie)} €],
      [Alquiler de equipos], [{es(meter)} €], [IVA], [{es(inv.vat[D(21)])} €],
      [#text(weight: "bold", size: 11pt)[TOTAL]], [#text(weight: "bold", size: 11pt)[{es(inv.total)} €]])],
  [#text(weight: "bold")[Datos del contrato] \\ Titular: {T(OWN[0])} \\ NIF titular: {OWN[1]} \\ Dirección de suministro: {T(OWN[2])}, {T(OWN[3])} \\ CUPS: ES0021 0000 1184 4471 QX \\ Peaje de acceso 2.0TD · Potencia P1 15 kW, P2 15 kW \\ Forma de pago: domiciliación, cargo 22/03/2026])
#v(5mm)
#text(size: 11pt, weight: "bold")[Detalle de la factura]
#line(length: 100%, stroke: 0.5pt)
*Facturación por potencia contratada*
#table(columns: (2fr, 2fr, 1.5fr, 1fr), stroke: none, align: (left, left, right, right),
  [Potencia P1], [15 kW x 28 días x 0,073777 €/kW día], [], [{es(p1)} €],
  [Potencia P2], [15 kW x 28 días x 0,001911 €/kW día], [], [{es(p2)} €])
*Facturación por energía consumida*
#table(columns: (2fr, 2fr, 1.5fr, 1fr), stroke: none, align: (left, left, right, right),
{erows})
*Impuesto sobre la electricidad*
#table(columns: (2fr, 2fr, 1.5fr, 1fr), stroke: none, align: (left, left, right, right),
  [5,11269632 % s/ {es(base_ie)} €], [], [], [{es(ie)} €])
*Alquiler de equipos de medida y control*
#table(columns: (2fr, 2fr, 1.5fr, 1fr), stroke: none, align: (left, left, right, right),
  [28 días x 0,026630 €/día], [], [], [{es(meter)} €])
#line(length: 100%, stroke: 0.5pt)
#table(columns: (4fr, 1fr), stroke: none, align: (left, right),
  [Importe total (base imponible)], [{es(inv.subtotal)} €],
  [IVA 21 % s/ {es(inv.subtotal)} €], [{es(inv.vat[D(21)])} €],
  [*TOTAL IMPORTE FACTURA*], [*{es(inv.total)} €*])
#v(6mm)
#block(stroke: 0.5pt + gray, inset: 3mm)[#text(size: 7pt)[Origen de la electricidad: renovable 48 %, cogeneración 11 %, nuclear 20 %, ciclo combinado 17 %, otras 4 %. Reclamaciones: 900 118 441. El precio de la energía incluye los peajes y cargos.]]
'''
    typst(src, out)
    return label('ty-electricidad', 'Typst', 'electricity bill', 'an electricity bill: a summary box and a detail by sections (power P1/P2, energy by period at six-decimal prices, electricity tax 5,11269632 % inside the VAT base, meter rental), the brand as a coloured word, number "FE26321000456789", date "12 de marzo de 2026"', sup, number, iso, inv, scan=True, photo=True)


def telefonia(out):
    sup = ('Telecomunicaciones Ribagorza Fibra, S.L.', cif('B', 2239416))
    number, iso = 'TF-2026 0412 778', '2026-04-05'
    items = [('Cuotas', [('Fibra 1 Gb empresa', '45.00'), ('Centralita virtual 5 extensiones', '25.00'), ('3 líneas móviles 50 GB', '54.00')]),
             ('Consumos fuera de tarifa', [('Llamadas a 902/901 (14 min)', '3.36'), ('Roaming zona 2 (datos)', '6.05')]),
             ('Descuentos', [('Descuento permanencia 24 meses', '-15.00')])]
    inv = Invoice([(D(a), 21) for _, rows in items for _, a in rows])
    body = ''
    for title, rows in items:
        body += f'#text(weight: "bold")[{title}]\n#table(columns: (1fr, auto), stroke: none, align: (left, right), inset: 2pt,\n'
        body += ''.join(f'  [{t}], [{es(D(a))}],\n' for t, a in rows) + f'  [#emph[Subtotal {title.lower()}]], [#emph[{es(sum(D(a) for _, a in rows))}]])\n'
    detail = ''.join(f'  [{d:02d}/03], [{h}], [6{(d * 7919) % 100000000:08d}], [{m}:{s:02d}], [{es(D(c))}],\n' for d, h, m, s, c in
                     [(2 + i % 27, f'{8 + i % 10:02d}:{(i * 13) % 60:02d}', 1 + i % 9, (i * 17) % 60, '0.00' if i % 4 else '0.24') for i in range(60)])
    src = f'''#set document(date: none)
#set page(paper: "a4", margin: 18mm, footer: context [#set text(size: 7pt); {T(sup[0])} · NIF {sup[1]} · Hoja #counter(page).display() de 2])
#set text(font: "Liberation Sans", size: 9pt, lang: "es")
#text(size: 16pt, weight: "bold")[Ribagorza Fibra] #h(1fr) #text(size: 9pt)[Área clientes: 974 000 118]
#v(3mm)
#table(columns: (1fr, 1fr, 1fr, 1fr), stroke: 0.5pt, inset: 4pt,
  [Nº factura \\ *{number}*], [Fecha factura \\ *05/04/2026*], [Periodo \\ *01/03/2026 – 31/03/2026*], [Importe \\ *{es(inv.total)} €*])
#v(3mm)
Cliente: *{T(OWN[0])}* · NIF {OWN[1]} · {T(OWN[2])}, {T(OWN[3])} · Nº cliente 4471-0931
#v(4mm)
{body}
#line(length: 100%)
#table(columns: (1fr, auto), stroke: none, align: (left, right), inset: 2pt,
  [Base imponible], [{es(inv.subtotal)} €], [IVA (21 %)], [{es(inv.vat[D(21)])} €], [*Total factura*], [*{es(inv.total)} €*])
#pagebreak()
#text(size: 12pt, weight: "bold")[Detalle de llamadas de la línea 6\\*\\* \\*\\*\\* 412]
#table(columns: (auto, auto, 1fr, auto, auto), stroke: none, inset: 1.5pt, align: (left, left, left, right, right),
  [*Día*], [*Hora*], [*Destino*], [*Duración*], [*Importe*],
{detail})
'''
    typst(src, out)
    return label('ty-telefonia', 'Typst', 'telecom bill, 2 pages', 'a telecom bill: a four-cell header table (number, date, period, amount), sections of fees, out-of-plan usage and a negative discount each with a subtotal, a second page of call detail, number with an inner space "TF-2026 0412 778"', sup, number, iso, inv, scan='pdf')


def abogado(out):
    sup = ('Alicia Torrubia Mainar', dni(29115804))
    number, iso = '2026-H/031', '2026-03-31'
    inv = Invoice([('1250.00', 21), ('180.00', 21)], irpf=15, outside=['96.30'])
    src = f'''#set document(date: none)
#set page(paper: "a4", margin: (left: 30mm, right: 22mm, y: 22mm))
#set text(font: "Liberation Serif", size: 10.5pt, lang: "es")
#align(center)[#text(size: 14pt, tracking: 2pt)[ALICIA TORRUBIA MAINAR] \\ #text(size: 9pt, style: "italic")[Abogada · Colegiada nº 4.118 del REICAZ] \\ #text(size: 8.5pt)[Paseo de Sagasta 22, 4º B · 50006 Zaragoza · NIF {sup[1]}]]
#v(10mm)
#grid(columns: (1fr, 1fr), [*Cliente* \\ {T(OWN[0])} \\ NIF {OWN[1]} \\ {T(OWN[2])} \\ {T(OWN[3])}], align(right)[*Minuta nº {number}* \\ Zaragoza, 31/03/2026 \\ Asunto: 2026/017 – reclamación de cantidad])
#v(8mm)
#table(columns: (1fr, auto), stroke: (x, y) => if y == 0 {{ (bottom: 0.6pt) }}, inset: 5pt, align: (left, right),
  [*Concepto*], [*Euros*],
  [Honorarios profesionales: demanda de juicio verbal y asistencia a la vista], [{es(D(1250))}],
  [Estudio de documentación y requerimiento previo], [{es(D(180))}],
  [Base imponible], [{es(inv.subtotal)}],
  [IVA 21 %], [{es(inv.vat[D(21)])}],
  [Retención IRPF 15 %], [−{es(inv.irpf_amount)}],
  [Suplidos (tasa judicial modelo 696 y poder notarial, art. 78.Tres.3º LIVA)], [{es(D('96.30'))}],
  [*TOTAL A PAGAR*], [*{es(inv.total)}*])
#v(6mm)
Asciende la presente minuta a *{in_words(inv.total)}*.
#v(6mm)
#text(size: 9pt)[Transferencia a ES07 0182 5322 1102 0118 4417. Los suplidos se justifican con los documentos adjuntos.]
'''
    typst(src, out)
    return label('ty-abogado-irpf15', 'Typst', 'lawyer fees with IRPF 15 %', 'a lawyer\'s "minuta" (DNI) in a serif with a letter-spaced name, IRPF 15 %, suplidos (court fee) outside the VAT base added to the total, the amounts column headed "Euros" with a true minus sign, the total in words, number "2026-H/031" after "Minuta nº"', sup, number, iso, inv, scan=True)


def intracom(out):
    sup = ('Cortiças do Alentejo, Lda.', 'PT' + pt_nif(50981234))
    number, iso = 'FT 2026/118', '2026-05-20'
    items = [('Tapones de corcho natural 45x24 mm', 20000, '0.0850'), ('Tapones colmatados 38x24 mm', 15000, '0.0520'), ('Transporte DAP Ateca', 1, '140.00')]
    lines = [(r2(q * D(p)), 0) for _, q, p in items]
    inv = Invoice(lines)
    rows = ''.join(f'  [{d}], [{es(q, places=0)}], [{es(D(p), places=4)}], [{es(a)}],\n' for (d, q, p), (a, _) in zip(items, lines))
    src = f'''#set document(date: none)
#set page(paper: "a4", margin: 18mm)
#set text(font: "DejaVu Sans", size: 8.5pt, lang: "es")
#grid(columns: (1.3fr, 1fr),
  [#text(size: 15pt, weight: "bold")[CORTIÇAS DO ALENTEJO] \\ {T(sup[0])} \\ Zona Industrial, Lote 14 · 7050-100 Montemor-o-Novo · Portugal \\ NIF / VAT: {sup[1]}],
  align(right)[#text(size: 12pt, weight: "bold")[FACTURA / FATURA] \\ Nº {number} \\ Fecha / Data: 20-05-2026 \\ Vencimiento: 19-06-2026])
#v(6mm)
#block(stroke: 0.5pt, inset: 4mm, width: 60%)[Cliente / Cliente: \\ *{T(OWN[0])}* \\ {T(OWN[2])} \\ {T(OWN[3])} · España \\ NIF-IVA: ES{OWN[1]}]
#v(6mm)
#table(columns: (1fr, auto, auto, auto), align: (left, right, right, right), fill: (x, y) => if y == 0 {{ luma(225) }},
  [*Descripción*], [*Cantidad*], [*Precio (€)*], [*Importe (€)*],
{rows})
#v(3mm)
#align(right)[#table(columns: (auto, auto), stroke: none, align: (left, right),
  [Base imponible], [{es(inv.subtotal)} €], [IVA 0 %], [0,00 €], [*Total factura*], [*{es(inv.total)} €*])]
#v(6mm)
#block(fill: luma(240), inset: 3mm)[Entrega intracomunitaria de bienes exenta de IVA (art. 14.º RITI / art. 138 Directiva 2006/112/CE). Inversión del sujeto pasivo: el destinatario liquidará el IVA en España (art. 84.Uno.2º y 85 LIVA).]
#v(3mm)
IBAN PT50 0035 0118 0000 4471 9301 5 · BIC CGDIPTPL
'''
    typst(src, out)
    return label('ty-intracomunitaria', 'Typst', 'intra-EU supplier (reverse charge)', 'a Portuguese cork supplier invoicing in Spanish and Portuguese ("FACTURA / FATURA", "Fecha / Data: 20-05-2026"), VAT 0 % with the reverse-charge text (the label gives the exempt base as a 0 % VAT line), a Portuguese VAT number as the supplier\'s tax id, the customer\'s NIF-IVA with "ES", prices to four decimals, number "FT 2026/118"', sup, number, iso, inv, photo=True)


def marketplace(out):
    sup = ('Hogar y Menaje Online Deltebre, S.L.', cif('B', 4391728))
    number, iso = 'ES-MKT-26-0098123', '2026-02-03'
    items = [('Cafetera de goteo programable 1,5 l', 1, '39.99'), ('Juego 6 tazas gres', 2, '17.50'), ('Dispensador de jabón acero', 3, '8.95')]
    gross = [r2(q * D(p)) for _, q, p in items] + [D('4.99')]
    inv = Invoice([(g, 21) for g in gross], mode='included')
    rows = ''.join(f'  [{d}], [{q}], [{es(D(p))} €], [21 %], [{es(g)} €],\n' for (d, q, p), g in zip(items, gross))
    src = f'''#set document(date: none)
#set page(paper: "a4", margin: 15mm)
#set text(font: "Liberation Sans", size: 8.5pt, lang: "es")
#text(size: 18pt, weight: "bold")[Factura] #h(1fr) #text(size: 8pt)[Página 1 de 1]
#v(2mm)
#grid(columns: (1fr, 1fr, 1fr), gutter: 5mm,
  [*Vendido por* \\ {T(sup[0])} \\ Carrer de la Ràpita 12 \\ 43580 Deltebre (Tarragona) \\ NIF: ES{sup[1]}],
  [*Dirección de facturación* \\ {T(OWN[0])} \\ {T(OWN[2])} \\ {T(OWN[3])} \\ NIF: {OWN[1]}],
  [*Número de factura* {number} \\ *Fecha de la factura / Fecha de entrega* 03-feb-2026 \\ *Número de pedido* 408-7713390-2219564 \\ *Fecha del pedido* 31-ene-2026])
#v(3mm)
#text(size: 7.5pt)[Facturado por el vendedor; plataforma: Mercado Rubio Marketplace EU S.à r.l. (solo intermediación).]
#v(4mm)
#table(columns: (1fr, auto, auto, auto, auto), align: (left, right, right, right, right), stroke: (x, y) => (bottom: 0.3pt),
  [*Descripción*], [*Cant.*], [*Precio unitario (IVA incl.)*], [*Tipo IVA*], [*Precio total (IVA incl.)*],
{rows}  [Gastos de envío], [1], [4,99 €], [21 %], [4,99 €])
#v(3mm)
#align(right)[#table(columns: (auto, auto, auto, auto), align: right, stroke: 0.3pt,
  [*Tipo IVA*], [*Precio total (IVA excl.)*], [*IVA*], [*Total*],
  [21 %], [{es(inv.bases[D(21)])} €], [{es(inv.vat[D(21)])} €], [{es(inv.total)} €])]
#v(2mm)
#align(right)[#text(size: 12pt, weight: "bold")[Total a pagar {es(inv.total)} €]]
#v(4mm)
Pagado con tarjeta. Vendedor registrado a efectos del IVA en España.
'''
    typst(src, out)
    return label('ty-marketplace', 'Typst', 'marketplace invoice', 'a marketplace seller\'s invoice: three columns (sold by, billing address, invoice data), the platform named as intermediary, prices with VAT included per line, shipping as a line, a VAT table with "Precio total (IVA excl.)", the seller\'s NIF printed "ES…", date "03-feb-2026" beside an order date, number "ES-MKT-26-0098123"', sup, number, iso, inv, photo=True)


def hotel(out):
    sup = ('Hotel Balneario Sicilia Jaraba, S.A.', cif('A', 5000318))
    number, iso = 'FOL 26/118.442', '2026-06-22'
    nights = [('18/06', 'Habitación doble uso ind.', '92.00', 10), ('18/06', 'Cena restaurante', '28.50', 10), ('19/06', 'Habitación doble uso ind.', '92.00', 10),
              ('19/06', 'Circuito termal', '24.00', 21), ('20/06', 'Habitación doble uso ind.', '92.00', 10), ('20/06', 'Minibar', '7.80', 10),
              ('21/06', 'Habitación doble uso ind.', '92.00', 10), ('21/06', 'Aparcamiento 4 noches', '36.00', 21), ('21/06', 'Lavandería', '14.00', 21)]
    inv = Invoice([(D(a), r) for _, _, a, r in nights])
    rows = ''.join(f'  [{d}], [{t}], [{pct(r)} %], [{es(D(a))}], [],\n' for d, t, a, r in nights)
    tax = ''.join(f'  [{pct(r)} %], [{es(inv.bases[r])}], [{es(inv.vat[r])}],\n' for r in inv.rates())
    src = f'''#set document(date: none)
#set page(paper: "a4", margin: 16mm)
#set text(font: "DejaVu Serif", size: 8.5pt, lang: "es")
#align(center)[#text(size: 16pt)[Hotel Balneario Sicilia] \\ #text(size: 8pt)[Ctra. de Calmarza s/n · 50237 Jaraba (Zaragoza) · {T(sup[0])} · C.I.F. {sup[1]}]]
#v(5mm)
#table(columns: (1fr, 1fr), stroke: 0.4pt, inset: 4pt,
  [Huésped: Sr. Javier Moros Lázaro \\ Empresa: {T(OWN[0])} \\ C.I.F.: {OWN[1]} \\ {T(OWN[2])}, {T(OWN[3])}],
  [FACTURA Nº: {number} \\ Fecha factura: 22/06/2026 \\ Habitación: 214 · Llegada 18/06/2026 · Salida 22/06/2026 \\ Reserva: BK-77120934])
#v(4mm)
#table(columns: (auto, 1fr, auto, auto, auto), align: (left, left, right, right, right), stroke: (x, y) => if y == 0 {{ (bottom: 0.6pt) }},
  [*Fecha*], [*Concepto*], [*IVA*], [*Cargos*], [*Abonos*],
{rows}  [22/06], [Pago tarjeta VISA ****2210], [], [], [{es(inv.total)}])
#v(3mm)
#grid(columns: (1fr, 1fr), gutter: 8mm,
  table(columns: (auto, auto, auto), align: right, stroke: 0.4pt, [*Tipo*], [*Base imponible*], [*Cuota IVA*],
{tax}),
  align(right)[Total base imponible: {es(inv.subtotal)} \\ Total IVA: {es(sum(inv.vat.values()))} \\ #text(size: 11pt, weight: "bold")[Total factura: {es(inv.total)} EUR] \\ Saldo: 0,00])
'''
    typst(src, out)
    return label('ty-hotel-folio', 'Typst', 'hotel folio', 'a spa hotel folio: charges by day in a "Cargos / Abonos" table (rooms, dinner and minibar at 10 %, spa, parking and laundry at 21 %), the card payment as a credit equal to the total and a zero balance, a guest and his company, number "FOL 26/118.442"', sup, number, iso, inv, scan=True)


def tex_head(font, size='10pt'):
    return (f'\\documentclass[{size}]{{article}}\n\\usepackage[a4paper,margin=18mm]{{geometry}}\n\\usepackage{{fontspec}}\n\\setmainfont{{{font}}}\n'
            '\\usepackage{tabularx,array,xcolor,booktabs}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0pt}\n\\begin{document}\n')


def notaria(out):
    sup = ('Fernando Abós Gracia', dni(18024671))
    number, iso = '2026/1.284', '2026-05-12'
    items = [('Escritura de constitución de sociedad (arancel nº 1, 2 y 4)', '280.50'), ('Copias autorizadas (3) y simples (2)', '74.25'), ('Folios de matriz (22)', '66.00'), ('Gestión telemática con el Registro', '40.00')]
    inv = Invoice([(D(a), 21) for _, a in items], irpf=15, outside=['118.40'])
    rows = ''.join(f'{t} & {es(D(a))} \\\\\n' for t, a in items)
    src = tex_head('DejaVu Serif', '9pt') + f'''\\begin{{center}}{{\\Large NOTARÍA DE FERNANDO ABÓS GRACIA}}\\\\[1mm]
Notario del Ilustre Colegio de Aragón · Plaza de España 6, 1º · 50004 Zaragoza\\\\ N.I.F. {sup[1]}\\end{{center}}
\\vspace{{6mm}}
\\begin{{tabularx}}{{\\linewidth}}{{Xr}}
\\textbf{{Requirente:}} {OWN[0]} & \\textbf{{Factura}} {number}\\\\
N.I.F. {OWN[1]} · {OWN[2]}, {OWN[3]} & Protocolo nº 1.907\\\\
 & Zaragoza, 12 de mayo de 2026\\\\
\\end{{tabularx}}
\\vspace{{8mm}}

\\begin{{tabularx}}{{\\linewidth}}{{Xr}}\\toprule
\\textbf{{Concepto (R.D. 1426/1989, arancel notarial)}} & \\textbf{{Importe}}\\\\\\midrule
{rows}\\midrule
Base imponible & {es(inv.subtotal)}\\\\
I.V.A. 21 \\% & {es(inv.vat[D(21)])}\\\\
Retención I.R.P.F. 15 \\% & $-${es(inv.irpf_amount)}\\\\
Suplidos: Registro Mercantil y tasas (no sujetos) & {es(D('118.40'))}\\\\\\midrule
\\textbf{{TOTAL}} & \\textbf{{{es(inv.total)} €}}\\\\\\bottomrule
\\end{{tabularx}}

\\vspace{{6mm}}
Son {in_words(inv.total)}.

\\vfill
{{\\footnotesize Factura expedida conforme al R.D. 1619/2012. Los suplidos se acreditan con sus justificantes.}}
\\end{{document}}
'''
    xelatex(src, out)
    return label('xe-notaria-arancel', 'XeLaTeX', 'notary with IRPF 15 %', 'a notary (DNI) with arancel items, IRPF 15 % printed with a math minus, suplidos outside the base added to the total, booktabs rules, the number after "Factura" beside a protocol number, date "Zaragoza, 12 de mayo de 2026", total in words', sup, number, iso, inv, scan=True, photo=True)


def intracom_fr(out):
    sup = ('Emballages Garonne SAS', fr_tva(412887301))
    number, iso = 'FA-26-03318', '2026-09-14'
    items = [('Cajas cartón ondulado doble canal 60x40x40', 800, '1.12'), ('Separadores interiores 12 botellas', 800, '0.38'), ('Film estirable 23 micras (bobinas)', 24, '14.60')]
    lines = [(r2(q * D(p)), 0) for _, q, p in items]
    inv = Invoice(lines)
    rows = ''.join(f'{d} & {q} & {es(D(p))} & {es(a)}\\\\\n' for (d, q, p), (a, _) in zip(items, lines))
    src = tex_head('Liberation Sans', '9pt') + f'''{{\\huge\\bfseries\\color{{teal}} EMBALLAGES GARONNE}}\\hfill {{\\Large FACTURA}}\\\\[2mm]
{sup[0]} · 14 chemin de Larrieu · 31200 Toulouse · Francia\\hfill Nº: \\textbf{{{number}}}\\\\
N.º IVA intracomunitario: {sup[1]} · SIRET 412 887 301 00027\\hfill Fecha: 14 septiembre 2026\\\\[8mm]
\\fbox{{\\parbox{{80mm}}{{Destinatario:\\\\ \\textbf{{{OWN[0]}}}\\\\ {OWN[2]}\\\\ {OWN[3]} (España)\\\\ N.º IVA: ES{OWN[1]}}}}}\\\\[8mm]
\\begin{{tabularx}}{{\\linewidth}}{{Xrrr}}\\toprule
Designación & Cant. & P.U. HT (€) & Total HT (€)\\\\\\midrule
{rows}\\bottomrule
\\end{{tabularx}}\\\\[4mm]
\\hfill\\begin{{tabular}}{{lr}}
Total sin IVA (HT) & {es(inv.subtotal)} €\\\\
IVA & 0,00 €\\\\
\\textbf{{Total a pagar (TTC)}} & \\textbf{{{es(inv.total)} €}}\\\\
\\end{{tabular}}\\\\[8mm]
Autoliquidación – inversión del sujeto pasivo. Entrega intracomunitaria exenta (art. 262 ter I CGI; art. 138 Directiva 2006/112/CE). El IVA lo declara el destinatario en España.\\\\[3mm]
Condiciones: pago a 45 días fin de mes. Penalidades de retraso: 3 veces el tipo de interés legal.
\\end{{document}}
'''
    xelatex(src, out)
    return label('xe-intracom-francia', 'XeLaTeX', 'intra-EU supplier (reverse charge)', 'a French packaging supplier in Spanish with French terms ("HT", "TTC", "Autoliquidación"), a FR VAT number as its tax id, the customer boxed with "ES" before its NIF, VAT 0 % (the label gives the base as a 0 % VAT line), date "14 septiembre 2026", number "FA-26-03318"', sup, number, iso, inv, scan=True)


def software(out):
    sup = ('Soluciones Informáticas Cierzo, S.L.', cif('B', 9977124))
    number, iso = 'SW2026-00088', '2026-02-28'
    items = [('Licencia ERP Cierzo Gestión (5 usuarios, anual)', 5, '240.00', 10), ('Módulo SII y Verifactu (anual)', 1, '360.00', 0), ('Implantación y formación (horas)', 12, '55.00', 0),
             ('Certificado SSL comodín (anual)', 1, '89.00', 15), ('Copia de seguridad en la nube 200 GB (12 meses)', 12, '9.90', 0)]
    lines, rows = [], ''
    for d, q, p, dto in items:
        g = r2(q * D(p)); n = g - r2(g * dto / 100)
        lines.append((n, 21)); rows += f'{d} & {q} & {es(D(p))} & {dto if dto else ""} & {es(n)}\\\\\n'
    inv = Invoice(lines)
    terms = ' '.join(['Las licencias se conceden por el periodo indicado y se renuevan salvo aviso con un mes de antelación.'] * 3)
    src = tex_head('Liberation Serif', '10pt') + f'''\\begin{{minipage}}[t]{{0.55\\linewidth}}{{\\LARGE\\bfseries Cierzo}}{{\\LARGE\\ Software}}\\\\[1mm]
{sup[0]}\\\\ C/ Bari 25, Plataforma Logística · 50197 Zaragoza\\\\ CIF: {sup[1]}\\end{{minipage}}\\hfill
\\begin{{minipage}}[t]{{0.4\\linewidth}}\\raggedleft\\textbf{{\\large FACTURA}}\\\\ Número: {number}\\\\ Fecha: 28 de febrero de 2026\\\\ Cliente nº: C-00412\\end{{minipage}}\\\\[10mm]
Facturar a: \\textbf{{{OWN[0]}}}, {OWN[2]}, {OWN[3]}. CIF {OWN[1]}.\\\\[6mm]
\\begin{{tabularx}}{{\\linewidth}}{{Xrrrr}}\\toprule
Descripción & Cantidad & Precio & Dto. \\% & Importe\\\\\\midrule
{rows}\\bottomrule
\\end{{tabularx}}\\\\[5mm]
\\hfill\\begin{{tabular}}{{|l|r|}}\\hline
Base imponible & {es(inv.subtotal)}\\\\\\hline
Tipo IVA & 21 \\%\\\\\\hline
Cuota IVA & {es(inv.vat[D(21)])}\\\\\\hline
\\textbf{{Total factura}} & \\textbf{{{es(inv.total)}}}\\\\\\hline
\\end{{tabular}}\\\\[5mm]
Importe en letra: {in_words(inv.total)}.\\\\[6mm]
{{\\small\\textbf{{Condiciones generales.}} {terms} {terms}}}
\\end{{document}}
'''
    xelatex(src, out)
    return label('xe-software-licencias', 'XeLaTeX', 'software licences', 'a software company: five columns (quantity, price, discount %, amount) with per-line discounts, a ruled box giving the base, the rate on its own row ("Tipo IVA | 21 %") and the VAT, the total in words after "Importe en letra", general conditions in small print, number "SW2026-00088"', sup, number, iso, inv, photo=True)


def academia(out):
    sup = ('Academia Ebro Formación Profesional, S.L.', cif('B', 5012446))
    number, iso = 'AF/26/0219', '2026-03-10'
    items = [('Curso carretillero elevador (6 alumnos)', '540.00', 0, 'Exento art. 20.Uno.9º'), ('Curso PRL almacén 20 h (6 alumnos)', '720.00', 0, 'Exento art. 20.Uno.9º'),
             ('Manuales y material didáctico', '84.00', 21, ''), ('Alquiler de aula con proyector (2 jornadas)', '150.00', 21, '')]
    inv = Invoice([(D(a), r) for _, a, r, _ in items])
    rows = ''.join(f'{t} & {n} & {pct(r)} \\% & {es(D(a))}\\\\\n' for t, a, r, n in items)
    tax = ''.join(f'{es(inv.bases[r])} & {pct(r)} \\% & {es(inv.vat[r])}\\\\\n' for r in inv.rates())
    src = tex_head('DejaVu Sans', '9pt') + f'''\\colorbox{{black!80}}{{\\parbox{{\\dimexpr\\linewidth-2\\fboxsep}}{{\\color{{white}}\\Large\\bfseries ACADEMIA EBRO \\hfill\\normalsize Formación para empresas}}}}\\\\[2mm]
{sup[0]} – CIF {sup[1]} – Avda. Cataluña 301, 50014 Zaragoza – Centro acreditado nº 50/0188\\\\[6mm]
\\begin{{tabularx}}{{\\linewidth}}{{@{{}}lX@{{}}}}
Factura núm.: & {number}\\\\
Fecha: & 10-03-2026\\\\
Cliente: & {OWN[0]} ({OWN[1]}), {OWN[2]}, {OWN[3]}\\\\
\\end{{tabularx}}\\\\[6mm]
\\begin{{tabularx}}{{\\linewidth}}{{Xlrr}}\\toprule
Concepto & Nota & IVA & Importe\\\\\\midrule
{rows}\\bottomrule
\\end{{tabularx}}\\\\[6mm]
\\begin{{tabular}}{{rrr}}\\toprule
Base & Tipo & Cuota\\\\\\midrule
{tax}\\bottomrule
\\end{{tabular}}\\hfill{{\\Large\\bfseries Total: {es(inv.total)} €}}\\\\[8mm]
Formación exenta por impartirse en centro autorizado (art. 20.Uno.9º Ley 37/1992). Bonificable por FUNDAE.
\\end{{document}}
'''
    xelatex(src, out)
    return label('xe-academia-exenta', 'XeLaTeX', 'training academy with exempt lines', 'a training academy: two exempt courses (0 %, art. 20) and two 21 % lines, the name white on a black band, a tax table "Base | Tipo | Cuota" with a 0 % row, the total beside it in large type, number "AF/26/0219", date "10-03-2026"', sup, number, iso, inv)


LAYOUTS = {'ty-electricidad': electricidad, 'ty-telefonia': telefonia, 'ty-abogado-irpf15': abogado, 'ty-intracomunitaria': intracom, 'ty-marketplace': marketplace,
           'ty-hotel-folio': hotel, 'xe-notaria-arancel': notaria, 'xe-intracom-francia': intracom_fr, 'xe-software-licencias': software, 'xe-academia-exenta': academia}
