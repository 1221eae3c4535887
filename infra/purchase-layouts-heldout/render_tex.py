"""LaTeX templates (pdflatex, Latin Modern / Times-like fonts, tabular and longtable) for the `tex-`
layouts."""
from __future__ import annotations

import os
import subprocess

from common import logo_png, money, rate, shown_id, when
from model import RECARGO, Invoice, r2, total_in_words


def t(s: str) -> str:
    for a, b in (('\\', r'\textbackslash{}'), ('&', r'\&'), ('%', r'\%'), ('$', r'\$'), ('#', r'\#'), ('_', r'\_'), ('{', r'\{'), ('}', r'\}'), ('º', r'\textordmasculine{}'), ('ª', r'\textordfeminine{}'), ('€', r'\texteuro{}')):
        s = s.replace(a, b)
    return s


PRE = r'''\documentclass[10pt,a4paper]{article}
\usepackage[T1]{fontenc}\usepackage[utf8]{inputenc}\usepackage{textcomp}%s
\usepackage[margin=18mm]{geometry}\usepackage{longtable}\usepackage{array}\usepackage{graphicx}\usepackage{xcolor}
\pagestyle{empty}\setlength{\parindent}{0pt}\renewcommand{\familydefault}{%s}
\begin{document}
'''


def party(p, shown):
    return rf'\textbf{{{t(p.name)}}}\\' + r'\\'.join(t(a) for a in p.address) + rf'\\NIF: {t(shown)}'


def breakdown(inv):
    rows = []
    for r in inv.breakdown():
        cells = [money(inv, r['base']), 'Exento' if r['rate'] == 0 else rate(r['rate']) + r'\,\%', money(inv, r['vat'])]
        if inv.recargo:
            cells += [rate(r['re_rate']) + r'\,\%', money(inv, r['re'])]
        rows.append(' & '.join(cells) + r'\\')
    heads = ['Base imponible', 'Tipo IVA', 'Cuota IVA'] + (['Tipo R.E.', 'Cuota R.E.'] if inv.recargo else [])
    return (r'\begin{tabular}{' + 'r' * len(heads) + r'}\hline ' + ' & '.join(rf'\textbf{{{h}}}' for h in heads) + r'\\\hline '
            + ' '.join(rows) + r'\hline\end{tabular}')


def totals(inv, base='Base imponible', total='TOTAL FACTURA'):
    rows = [(base, money(inv, inv.subtotal))]
    for r in inv.breakdown():
        if r['rate'] > 0:
            rows.append((f'IVA {rate(r["rate"])}\\,\\%', money(inv, r['vat'])))
        if r['re_rate'] > 0:
            rows.append((f'Recargo de equivalencia {rate(r["re_rate"])}\\,\\%', money(inv, r['re'])))
    if inv.irpf:
        rows.append((f'Retención IRPF {rate(inv.irpf)}\\,\\%', '$-$' + money(inv, inv.withholding)))
    body = ' '.join(f'{a} & {b}\\\\' for a, b in rows)
    return (r'\hfill\begin{tabular}{lr}' + body + r'\hline\textbf{' + total + r'} & \textbf{' + money(inv, inv.total) + r' \texteuro}\\\end{tabular}')


def lines(inv, cols, env='tabular'):
    heads = {'desc': ('Concepto', r'p{7cm}'), 'qty': ('Cant.', 'r'), 'price': ('Precio', 'r'), 'disc': ('Dto.', 'r'), 'net': ('Importe', 'r'),
             'vat': (r'\% IVA', 'r'), 'vatamt': ('Cuota IVA', 'r'), 'line': ('Total', 'r'), 'code': ('Ref.', 'l'), 're': (r'\% R.E.', 'r'),
             'hours': ('Horas', 'r'), 'rate': ('Precio/h', 'r')}
    spec = ''.join(heads[c][1] for c in cols)
    head = ' & '.join(rf'\textbf{{{heads[c][0]}}}' for c in cols) + r'\\\hline'
    body = []
    for l in inv.lines:
        vat_amount = r2(l.net * l.vat / 100)
        v = {'desc': t(l.description), 'qty': str(l.quantity).replace('.', ','), 'hours': str(l.quantity).replace('.', ','),
             'price': money(inv, l.price), 'rate': money(inv, l.price), 'disc': (str(l.discount) + r'\%') if l.discount else '',
             'net': money(inv, l.net), 'vat': 'Exento' if l.vat == 0 else rate(l.vat), 'vatamt': money(inv, vat_amount),
             'line': money(inv, l.net + vat_amount), 'code': t(l.code), 're': rate(RECARGO[l.vat])}
        body.append(' & '.join(v[c] for c in cols) + r'\\')
    if env == 'longtable':
        return (rf'\begin{{longtable}}{{{spec}}}\hline {head}\endhead \hline\multicolumn{{{len(cols)}}}{{r}}{{\emph{{Continúa en la página siguiente}}}}\\\endfoot \hline\endlastfoot '
                + ' '.join(body) + r'\end{longtable}')
    return rf'\begin{{tabular}}{{{spec}}}\hline {head} ' + ' '.join(body) + r'\hline\end{tabular}'


def tex_letter(inv):
    words = rf'\par\medskip Son: \emph{{{t(total_in_words(inv.total))}}}.' if inv.style.get('words') else ''
    return (r'\begin{flushright}' + party(inv.supplier, shown_id(inv)) + r'\end{flushright}\vspace{8mm}'
            + r'\textsc{Destinatario}\\' + party(inv.customer, inv.customer.tax_id) + r'\vspace{8mm}'
            + rf'\begin{{flushright}}Burgos, {when(inv)}\end{{flushright}}'
            + rf'{{\Large\textbf{{Factura número {t(inv.number)}}}}}\par\bigskip '
            + r'Muy señores nuestros: les remitimos la factura correspondiente a los trabajos de consultoría realizados en sus instalaciones, con el detalle siguiente.\par\medskip '
            + lines(inv, ['desc', 'qty', 'price', 'net']) + r'\par\medskip ' + totals(inv, 'Base imponible', 'Líquido a percibir') + words
            + r'\par\vspace{1cm}Forma de pago: transferencia a ES76 0049 1500 0512 3456 7892.')


def tex_columns(inv):
    cols = ['desc', 'hours', 'rate', 'net', 'vat', 'vatamt', 'line'] if 'Ingeniero' in inv.lines[0].description else ['desc', 'qty', 'price', 'net', 'vat', 'vatamt', 'line']
    return (r'{\huge\textbf{' + t(inv.supplier.name) + r'}}\\[2mm]' + t(' — '.join(inv.supplier.address)) + rf' — CIF {t(shown_id(inv))}\\[2mm]\hrule\vspace{{5mm}}'
            + r'\begin{minipage}[t]{0.5\textwidth}\textsc{Cliente}\\' + party(inv.customer, inv.customer.tax_id) + r'\end{minipage}\hfill'
            + rf'\begin{{minipage}}[t]{{0.4\textwidth}}\raggedleft Factura: \textbf{{{t(inv.number)}}}\\Fecha: {when(inv)}\end{{minipage}}\vspace{{8mm}}\par'
            + r'{\small\setlength{\tabcolsep}{4pt}' + lines(inv, cols).replace('p{7cm}', 'p{5.4cm}') + r'}\par\bigskip ' + breakdown(inv) + r'\par\bigskip ' + totals(inv))


def tex_long(inv):
    return (r'\begin{minipage}[t]{0.55\textwidth}{\Large\textbf{' + t(inv.supplier.name) + r'}}\\' + r'\\'.join(t(a) for a in inv.supplier.address) + rf'\\NIF {t(shown_id(inv))}\end{{minipage}}\hfill'
            + rf'\begin{{minipage}}[t]{{0.4\textwidth}}\fbox{{\parbox{{\linewidth}}{{FACTURA Nº {t(inv.number)}\\FECHA {when(inv)}}}}}\\[3mm]' + party(inv.customer, inv.customer.tax_id) + r'\\Recargo de equivalencia\end{minipage}\par\vspace{6mm}'
            + r'{\small ' + lines(inv, ['code', 'desc', 'qty', 'price', 'disc', 'net', 'vat', 're'], 'longtable').replace('p{7cm}', 'p{6cm}') + r'}\par ' + breakdown(inv) + r'\par\bigskip ' + totals(inv, 'Total bases', 'TOTAL A PAGAR'))


def tex_customerfirst(inv):
    return (r'{\Large ' + party(inv.customer, inv.customer.tax_id) + r'}\par\vspace{10mm}'
            + r'{\small Emisor:\\' + party(inv.supplier, shown_id(inv)) + r'}\par\vspace{6mm}'
            + rf'\textbf{{FACTURA}}\quad Núm. {t(inv.number)}\quad Fecha {when(inv)}\par\medskip '
            + lines(inv, ['desc', 'qty', 'price', 'disc', 'net']) + r'\par\bigskip ' + breakdown(inv) + r'\par\bigskip ' + totals(inv, 'Base imponible', 'Total'))


def tex_logo(inv, tmp):
    png = f'{tmp}/{inv.id}-logo.png'
    open(png, 'wb').write(logo_png(inv.style['logo'], (120, 60, 20)))
    return (rf'\begin{{minipage}}[t]{{0.58\textwidth}}\includegraphics[height=18mm]{{{png}}}\\[2mm]' + party(inv.supplier, shown_id(inv)) + r'\end{minipage}\hfill'
            + rf'\begin{{minipage}}[t]{{0.38\textwidth}}\fbox{{\begin{{tabular}}{{ll}}\textbf{{FACTURA}} & \\ Número & {t(inv.number)}\\ Fecha & {when(inv)}\\ Forma de pago & Transferencia\end{{tabular}}}}\end{{minipage}}\par\vspace{{8mm}}'
            + r'\hfill\begin{minipage}{0.5\textwidth}' + party(inv.customer, inv.customer.tax_id) + r'\end{minipage}\par\vspace{6mm}'
            + lines(inv, ['desc', 'qty', 'price', 'net', 'vat']) + r'\par\bigskip ' + breakdown(inv) + r'\par\bigskip ' + totals(inv))


def render(inv: Invoice, out_pdf: str, tmp: str):
    tpl = inv.style['template']
    body = {'letter': tex_letter, 'columns': tex_columns, 'long': tex_long, 'customerfirst': tex_customerfirst}.get(tpl)
    content = body(inv) if body else tex_logo(inv, tmp)
    family = r'\rmdefault' if tpl in ('letter', 'long') else r'\sfdefault'
    fonts = r'\usepackage{mathptmx}' if tpl in ('letter', 'logo') else r'\usepackage{lmodern}'
    src = f'{tmp}/{inv.id}.tex'
    open(src, 'w').write(PRE % (fonts, family) + content + '\n\\end{document}\n')
    for _ in range(2):  # longtable settles its column widths on the second run
        r = subprocess.run(['pdflatex', '-interaction=nonstopmode', '-halt-on-error', f'-output-directory={tmp}', src], capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(r.stdout[-2000:])
    os.replace(f'{tmp}/{inv.id}.pdf', out_pdf)
