"""LuaLaTeX layouts (lu-*): each invoice written as a .tex file and compiled by lualatex (fontspec, OpenType fonts)."""
import os
import subprocess
import tempfile

from model import D, fmt, pct, q

PREAMBLE = r"""\documentclass[10pt]{article}
\usepackage[a4paper,margin=%(margin)s]{geometry}
\usepackage{fontspec}
\setmainfont{%(font)s}
\usepackage{xcolor,array,longtable,tabularx,colortbl,booktabs}
\usepackage{fancyhdr,lastpage}
\pagestyle{%(pagestyle)s}
\setlength{\parindent}{0pt}
\renewcommand{\arraystretch}{1.25}
%(extra)s
\begin{document}
"""


def esc(s):
    out = []
    for c in str(s):
        out.append({'&': r'\&', '%': r'\%', '$': r'\$', '#': r'\#', '_': r'\_', '{': r'\{', '}': r'\}',
                    '~': r'\textasciitilde{}', '^': r'\^{}', '\\': r'\textbackslash{}'}.get(c, c))
    return ''.join(out)


def doc(body, font='Latin Modern Roman', margin='18mm', pagestyle='empty', extra=''):
    return PREAMBLE % {'font': font, 'margin': margin, 'pagestyle': pagestyle, 'extra': extra} + body + '\n\\end{document}\n'


def compile_tex(tex, out_pdf):
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, 'f.tex'), 'w', encoding='utf-8') as f:
            f.write(tex)
        for _ in range(2):  # lastpage needs a second run
            r = subprocess.run(['lualatex', '-interaction=nonstopmode', '-halt-on-error', 'f.tex'], cwd=tmp,
                               capture_output=True, text=True, env={**os.environ, 'SOURCE_DATE_EPOCH': '1780000000',
                                                                    'FORCE_SOURCE_DATE': '1'})
            if r.returncode:
                raise RuntimeError(r.stdout[-3000:])
        os.replace(os.path.join(tmp, 'f.pdf'), out_pdf)


def qty(x):
    x = D(x)
    return fmt(x).rsplit(',', 1)[0] if x == x.to_integral() else str(x.normalize()).replace('.', ',')


def asesor(inv):
    s, c = inv.supplier, inv.customer
    e = lambda x: fmt(x) + r'\,€'
    rows = '\n'.join(f'{esc(l.desc)} & {qty(l.qty)} & {e(l.price)} & {e(l.amount)} \\\\' for l in inv.lines)
    r = inv.rows[0]
    return doc(rf"""
{{\Large\bfseries {esc(s['name'])}}}\hfill{{\huge FACTURA}}\par\medskip
\begin{{tabular}}{{@{{}}p{{84mm}}p{{84mm}}@{{}}}}
\textbf{{Emisor}} & \textbf{{Cliente}}\\
{esc(s['name'])} & {esc(c['name'])}\\
NIF: {s['tax']} & CIF: {c['tax']}\\
{esc(s['addr'][0])} & {esc(c['addr'][0])}\\
{esc(s['addr'][1])} & {esc(c['addr'][1])}\\
Tel. {s['tel']} & \\
\end{{tabular}}\par\bigskip
\begin{{tabular}}{{@{{}}ll}}
Nº Fra.: & \textbf{{{esc(inv.number)}}}\\
Fecha: & {inv.date_text}\\
\end{{tabular}}\par\bigskip
\begin{{tabularx}}{{\textwidth}}{{@{{}}X r r r@{{}}}}
\toprule
Concepto & Uds. & Precio & Importe\\
\midrule
{rows}
\bottomrule
\end{{tabularx}}\par\bigskip
\hfill\begin{{tabular}}{{l r}}
Base imponible & {e(inv.subtotal)}\\
IVA {pct(r['rate'])}\,\% & {e(r['vat'])}\\
Retención IRPF {pct(inv.irpf)}\,\% & $-${e(inv.irpf_amount)}\\
\midrule
\textbf{{Total factura}} & \textbf{{{e(inv.total)}}}\\
\end{{tabular}}\par\vfill
{{\small Forma de pago: transferencia a ES12 2085 0166 1403 3012 7789 (Ibercaja). Vencimiento a 15 días.}}
""")


def ferreteria(inv):
    s, c = inv.supplier, inv.customer
    rows = []
    for l in inv.lines:
        rows.append(f"{l.extra['ref']} & {esc(l.desc)} & {qty(l.qty)} & {fmt(l.price)} & {pct(l.disc) if l.disc else ''} & {fmt(l.amount)} \\\\")
    r = inv.rows[0]
    head = (r'\rowcolor{black!12} Ref. & Descripción & Cant. & Precio & Dto.\,\% & Importe \\')
    foot = r'\multicolumn{6}{r}{\small Suma y sigue en la página siguiente}\\'
    return doc(rf"""
\fancyhf{{}}\renewcommand{{\headrulewidth}}{{0pt}}
\fancyfoot[C]{{\footnotesize {esc(s['name'])} · CIF {s['tax']} · Reg. Merc. de Teruel, T. 211, F. 87, H. TE-3310}}
\fancyfoot[R]{{\footnotesize Pág. \thepage/\pageref{{LastPage}}}}
\begin{{minipage}}[t]{{95mm}}{{\LARGE\bfseries SUMINISTROS MATARRAÑA}}\\{esc(s['name'])}\\{esc(s['addr'][0])} · {esc(s['addr'][1])}\\CIF: {s['tax']}\end{{minipage}}\hfill
\begin{{minipage}}[t]{{70mm}}\fbox{{\parbox{{66mm}}{{{esc(c['name'])}\\{esc(c['addr'][0])}\\{esc(c['addr'][1])}\\CIF {c['tax']}}}}}\end{{minipage}}\par\medskip
\begin{{tabular}}{{|l|l|l|l|}}\hline Núm. factura & Fecha & Cliente & Forma de pago\\\hline {esc(inv.number)} & {inv.date_text} & 004127 & Recibo 60 días\\\hline\end{{tabular}}\par\medskip
\renewcommand{{\arraystretch}}{{1.75}}
\begin{{longtable}}{{@{{}}l p{{78mm}} r r r r@{{}}}}
{head}
\endfirsthead
{head}
\endhead
{foot}
\endfoot
\endlastfoot
{chr(10).join(rows)}
\end{{longtable}}
\normalsize\renewcommand{{\arraystretch}}{{1.25}}
\begin{{tabular}}{{|r|r|r|r|}}\hline
Importe bruto & Base imponible & IVA {pct(r['rate'])}\,\% & \textbf{{TOTAL FACTURA}}\\\hline
{fmt(r['gross'])} & {fmt(r['base'])} & {fmt(r['vat'])} & \textbf{{{fmt(inv.total)} €}}\\\hline
\end{{tabular}}\par\medskip
{{\footnotesize Vencimiento: 22/05/2026. Domiciliación bancaria.}}
""", font='Liberation Sans', margin='15mm', pagestyle='fancy', extra=r'\setlength{\LTpre}{2pt}')


def aleman(inv):
    s, c = inv.supplier, inv.customer
    e = lambda x: 'EUR ' + fmt(x)
    rows = '\n'.join(f'{i + 1} & {esc(l.desc)} & {qty(l.qty)} & {e(l.price)} & {e(l.amount)} \\\\' for i, l in enumerate(inv.lines))
    return doc(rf"""
\hfill{{\color{{blue!50!black}}\Huge\bfseries KRÄMER}}\par
\hfill{{\small Antriebstechnik · {esc(s['addr'][0])} · {esc(s['addr'][1])}}}\par\bigskip
{{\scriptsize {esc(s['name'])}, {esc(s['addr'][0])}, {esc(s['addr'][1])}}}\\[2pt]
{esc(c['name'])}\\Attn. Compras / Purchasing\\{esc(c['addr'][0])}\\{esc(c['addr'][1])}\\Spain\\VAT No.: ES{c['tax']}\par\bigskip
{{\Large\bfseries Invoice / Rechnung}}\par\medskip
\begin{{tabular}}{{@{{}}ll}}
Invoice No. / Rechnungsnr.: & {esc(inv.number)}\\
Date / Datum: & {inv.date_text}\\
Customer No. / Kundennr.: & 40-22871\\
Your order / Ihre Bestellung: & PC-26-0144 of 02/02/2026\\
Delivery date / Lieferdatum: & March 10, 2026\\
\end{{tabular}}\par\bigskip
\begin{{tabularx}}{{\textwidth}}{{@{{}}r X r r r@{{}}}}
\toprule
Pos. & Description / Bezeichnung & Qty & Unit price & Amount\\\midrule
{rows}
\midrule
 & Net amount / Nettobetrag & & & {e(inv.subtotal)}\\
 & VAT / USt. 0\,\% & & & {e(0)}\\
 & \textbf{{Invoice total / Rechnungsbetrag}} & & & \textbf{{{e(inv.total)}}}\\
\bottomrule
\end{{tabularx}}\par\bigskip
Tax-exempt intra-Community supply (Art. 138 Directive 2006/112/EC). Reverse charge: VAT to be accounted for by the recipient.
Steuerfreie innergemeinschaftliche Lieferung, Steuerschuldnerschaft des Leistungsempfängers.\par\medskip
Terms of payment: 30 days net. Incoterms DAP Alcañiz.\par\vfill
{{\footnotesize {esc(s['name'])} · Sitz Esslingen · Amtsgericht Stuttgart HRB 731 442 · Geschäftsführer: Tobias Krämer\\
USt-IdNr. / VAT No.: {s['tax']} · Kreissparkasse Esslingen · IBAN DE44 6115 0020 0100 4471 28 · BIC ESSLDE66XXX}}
""", font='Liberation Sans', margin='22mm')


def impremta(inv):
    s, c = inv.supplier, inv.customer
    rows = '\n'.join(f'{esc(l.desc)} & {qty(l.qty)} & {fmt(l.price) if l.price >= 1 else str(l.price).replace(".", ",")} & {pct(l.rate)}\\,\\% & {fmt(l.amount)} \\\\' for l in inv.lines)
    rs = inv.rows
    cols = 'l' + 'r' * len(rs)
    heads = ' & '.join('IVA ' + pct(r['rate']) + r'\,\%' for r in rs)
    return doc(rf"""
\begin{{center}}{{\LARGE\scshape Gràfiques Montsant}}\\[2pt]{{\small {esc(s['name'])} · NIF {s['tax']} · {esc(s['addr'][0])} · {esc(s['addr'][1])}}}\end{{center}}
\rule{{\textwidth}}{{0.4pt}}\par\medskip
\begin{{minipage}}[t]{{80mm}}
\textbf{{Factura núm.}} {esc(inv.number)}\\
\textbf{{Data:}} {esc(inv.date_text)}\\
\textbf{{Comanda:}} 1182-EG
\end{{minipage}}\hfill
\begin{{minipage}}[t]{{80mm}}
\textbf{{Client}}\\{esc(c['name'])}\\NIF {c['tax']}\\{esc(c['addr'][0])}\\{esc(c['addr'][1])}
\end{{minipage}}\par\bigskip
\begin{{tabularx}}{{\textwidth}}{{@{{}}X r r r r@{{}}}}
\toprule Concepte & Quantitat & Preu & IVA & Import\\\midrule
{rows}
\bottomrule
\end{{tabularx}}\par\bigskip
\hfill\begin{{tabular}}{{{cols}}}
\toprule
 & {heads}\\\midrule
Base imposable & {' & '.join(fmt(r['base']) for r in rs)}\\
Quota & {' & '.join(fmt(r['vat']) for r in rs)}\\
Total & {' & '.join(fmt(r['base'] + r['vat']) for r in rs)}\\
\bottomrule
\end{{tabular}}\par\medskip
\hfill{{\large\bfseries Total factura: {fmt(inv.total)} €}}\par\vfill
{{\small Forma de pagament: transferència a 30 dies. Inscrita al Registre Mercantil de Tarragona, tom 2.904, foli 41.}}
""", font='Latin Modern Roman')


def carpinteria(inv):
    s, c = inv.supplier, inv.customer
    rows = '\n'.join(f'{esc(l.desc)} & {qty(l.qty)} & {fmt(l.price)} & {fmt(l.amount)} \\\\' for l in inv.lines)
    r = inv.rows[0]
    return doc(rf"""
{{\color{{brown!70!black}}\LARGE\bfseries Carpintería Hnos. Gimeno}}\par
{{\small {esc(s['name'])} — CIF {s['tax']}\\{esc(s['addr'][0])}, {esc(s['addr'][1])} — Tel. 978 830 412}}\par\bigskip
\begin{{flushright}}\begin{{tabular}}{{l}}{esc(c['name'])}\\{esc(c['addr'][0])}\\{esc(c['addr'][1])}\\CIF {c['tax']}\end{{tabular}}\end{{flushright}}
\textbf{{Factura núm. {esc(inv.number)}}} \qquad Fecha: {inv.date_text}\par
Obra: adecuación de oficina en nave 14 (presupuesto P-26-012 aceptado el 12/02/2026)\par\medskip
\begin{{tabularx}}{{\textwidth}}{{@{{}}X r r r@{{}}}}
\toprule Descripción & Cantidad & Precio & Importe\\\midrule
{rows}
\midrule
\multicolumn{{3}}{{@{{}}l}}{{Total obra}} & {fmt(r['gross'])}\\
\multicolumn{{3}}{{@{{}}l}}{{A cuenta s/ fra. A-2026/0031 de 16/02/2026 (anticipo facturado)}} & $-${fmt(inv.anticipo)}\\
\bottomrule
\end{{tabularx}}\par\bigskip
\hfill\begin{{tabular}}{{l r}}
Base imponible & {fmt(inv.subtotal)}\\
IVA {pct(r['rate'])}\,\% & {fmt(r['vat'])}\\\midrule
\textbf{{TOTAL A PAGAR}} & \textbf{{{fmt(inv.total)} €}}\\
\end{{tabular}}\par\vfill
{{\small Pago mediante transferencia a ES91 2100 3842 1102 0012 4471. Garantía de 2 años sobre la obra realizada.}}
""", font='DejaVu Serif')


def transportes(inv):
    s, c = inv.supplier, inv.customer
    rows = []
    for l in inv.lines:
        km = l.extra.get('km')
        if km:
            rows.append(f"{esc(l.desc)} & {km} & 1,60 & {fmt(l.amount)} & & {fmt(l.amount)}\\\\")
        else:
            rows.append(f"{esc(l.desc)} & & & & {fmt(l.amount)} & {fmt(l.amount)}\\\\")
    r = inv.rows[0]
    return doc(rf"""
\begin{{minipage}}[t]{{100mm}}{{\Large\bfseries TRANSPORTES BAJO ARAGÓN}}\\{esc(s['name'])}\\{esc(s['addr'][0])}\\{esc(s['addr'][1])}\\C.I.F. {s['tax']}\end{{minipage}}\hfill
\begin{{minipage}}[t]{{62mm}}\raggedleft{{\huge FACTURA}}\end{{minipage}}\par\bigskip
\begin{{tabular}}{{|p{{18mm}}|p{{26mm}}|p{{26mm}}|p{{24mm}}|}}\hline
\textbf{{Serie}} & \textbf{{Número}} & \textbf{{Fecha}} & \textbf{{Cód. cliente}}\\\hline
T & {esc(inv.number)} & {inv.date_text} & 0087\\\hline
\end{{tabular}}\hfill
\begin{{tabular}}{{|l|}}\hline {esc(c['name'])}\\ {esc(c['addr'][0])}\\ {esc(c['addr'][1])}\\ C.I.F. {c['tax']}\\\hline\end{{tabular}}\par\bigskip
\begin{{tabularx}}{{\textwidth}}{{|X|r|r|r|r|r|}}\hline
\rowcolor{{black!10}}Servicio & Km & €/km & Portes & Peajes & Importe\\\hline
{chr(10).join(rows)}
\hline
\end{{tabularx}}\par\bigskip
\begin{{tabular}}{{|r|r|r|}}\hline
Base imponible & IVA {pct(r['rate'])}\,\% & TOTAL\\\hline
{fmt(inv.subtotal)} & {fmt(r['vat'])} & \textbf{{{fmt(inv.total)}}}\\\hline
\end{{tabular}}\par\medskip
{{\small Los peajes repercutidos forman parte de la base imponible del transporte.\\Pago: 30 días fecha factura.}}
""", font='FreeSans')


def drogueria(inv):
    s, c = inv.supplier, inv.customer
    rows = '\n'.join(f'{esc(l.desc)} & {qty(l.qty)} & {fmt(l.price)} & {pct(l.rate)} & {fmt(l.amount)} \\\\' for l in inv.lines)
    summ = '\n'.join(f"{fmt(r['base'])} & {pct(r['rate'])} & {fmt(r['vat'])} & {pct(r['re_rate'])} & {fmt(r['re'])}\\\\" for r in inv.rows)
    return doc(rf"""
\begin{{tabular}}{{@{{}}l}}{{\bfseries {esc(c['trade'])}}}\\{esc(c['name'])}\\NIF {c['tax']}\\{esc(c['addr'][0])}\\{esc(c['addr'][1])}\end{{tabular}}
\hfill{{\Huge\itshape\color{{teal!70!black}} Jiloca}}\par\bigskip\bigskip
{{\Large Factura núm. {esc(inv.number)}}}\hfill Fecha {inv.date_text}\par
{{\small Cliente en régimen especial de recargo de equivalencia}}\par\medskip
\begin{{tabularx}}{{\textwidth}}{{@{{}}X r r r r@{{}}}}
\toprule Artículo & Uds & Precio & \%IVA & Importe\\\midrule
{rows}
\bottomrule
\end{{tabularx}}\par\bigskip
\begin{{tabular}}{{@{{}}r r r r r@{{}}}}
\toprule Base imponible & \%IVA & Cuota IVA & \%Rec. & Cuota Rec.\\\midrule
{summ}
\bottomrule
\end{{tabular}}\hfill\fbox{{\large\bfseries TOTAL {fmt(inv.total)} €}}\par\vfill
\rule{{\textwidth}}{{0.3pt}}\\
{{\scriptsize {esc(s['name'])} · CIF {s['tax']} · {esc(s['addr'][0])}, {esc(s['addr'][1])} · Inscrita en el R.M. de Teruel, tomo 298, folio 12, hoja TE-4711}}
""", font='DejaVu Sans', margin='16mm')


def rectificativa(inv):
    s, c = inv.supplier, inv.customer
    rows = '\n'.join(f'{esc(l.desc)} & {qty(l.qty)} & {fmt(l.price)} & {fmt(l.amount)} \\\\' for l in inv.lines)
    r = inv.rows[0]
    return doc(rf"""
\begin{{minipage}}[t]{{95mm}}{{\large\bfseries {esc(s['name'])}}}\\{esc(s['addr'][0])}\\{esc(s['addr'][1])}\\CIF {s['tax']}\end{{minipage}}\hfill
\begin{{minipage}}[t]{{70mm}}\raggedleft{{\Large\bfseries FACTURA RECTIFICATIVA}}\\{{\large (ABONO)}}\\[4pt]Nº {esc(inv.number)}\\Fecha: {inv.date_text}\end{{minipage}}\par\bigskip
Cliente: {esc(c['name'])} — CIF {c['tax']} — {esc(c['addr'][0])}, {esc(c['addr'][1])}\par\medskip
\colorbox{{black!8}}{{\parbox{{\dimexpr\textwidth-2\fboxsep}}{{Rectifica la factura F26-1187 de 11/06/2026. Motivo: devolución de mercancía no conforme (espesor fuera de tolerancia), art. 15 RD 1619/2012.}}}}\par\bigskip
\begin{{tabularx}}{{\textwidth}}{{@{{}}X r r r@{{}}}}
\toprule Concepto & Cantidad & Precio & Importe\\\midrule
{rows}
\bottomrule
\end{{tabularx}}\par\bigskip
\hfill\begin{{tabular}}{{l r}}
Base imponible & {fmt(inv.subtotal)}\\
IVA {pct(r['rate'])}\,\% & {fmt(r['vat'])}\\\midrule
\textbf{{Total abono}} & \textbf{{{fmt(inv.total)} €}}\\
\end{{tabular}}\par\vfill
{{\small El importe se compensará en la próxima factura.}}
""", font='Latin Modern Sans')


RENDER = {'lu-asesor-irpf15': asesor, 'lu-ferreteria-3pag': ferreteria, 'lu-aleman-intracomunitaria': aleman,
          'lu-impremta-catala': impremta, 'lu-carpinteria-anticipo': carpinteria, 'lu-transportes-serie': transportes,
          'lu-drogueria-recargo': drogueria, 'lu-rectificativa-abono': rectificativa}


def render(inv, out_pdf):
    compile_tex(RENDER[inv.id](inv), out_pdf)
