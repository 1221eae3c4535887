"""a2ps layouts (`a2-*`): invoices as an old ERP prints them on continuous paper, in fixed-width text
(Latin-1, form feeds between pages), set in Courier by `a2ps` and turned into PDF by Ghostscript's
`ps2pdf` (a2ps lays out the page; Ghostscript only converts its PostScript)."""
import os
import subprocess
from decimal import Decimal as D

from model import fmt, pct

W = 92


def num(x, st, width):
    return fmt(x, st).rjust(width)


def header(lay, page, pages):
    sup, cus = lay['supplier'], lay['customer']
    o = lay['opt']
    ca = o.get('lang') == 'ca'
    out = [' ' + sup['name'].upper()]
    out += [' ' + a.upper() for a in sup['addr']]
    out.append(' C.I.F.: ' + sup['tid'])
    out.append('')
    box = [('CLIENT: ' if ca else 'CLIENTE: ') + '4310', cus['name'].upper(), *[a.upper() for a in cus['addr']], 'N.I.F.: ' + cus['tid']]
    bw = 46
    out.append(' ' * 44 + '+' + '-' * bw + '+')
    for b in box:
        out.append(' ' * 44 + '| ' + b.ljust(bw - 2) + ' |')
    out.append(' ' * 44 + '+' + '-' * bw + '+')
    out.append('')
    if o.get('captions_row'):
        out.append(' +--------+------------+------------+----------+--------+')
        out.append(' | SERIE  | NUMERO     | FECHA      | CLIENTE  | PAG.   |')
        out.append(' +--------+------------+------------+----------+--------+')
        out.append(f" | {lay['series']:<6} | {lay['number']:<10} | {lay['date_text']:<10} | {'4310':<8} | {f'{page}/{pages}':<6} |")
        out.append(' +--------+------------+------------+----------+--------+')
    else:
        title = 'FACTURA' if not o.get('negative') else ''
        if title:
            out.append(' ' + title)
        date_cap = 'DATA:' if ca else 'FECHA:'
        out.append(f" {lay['num_label']} {lay['number']}     {date_cap} {lay['date_text']}     {'PÀG.' if ca else 'PAG.'} {page}/{pages}")
    out.append('')
    return out


def table_head(ca):
    return [' ' + '=' * W,
            ' ' + ('CODI   ' if ca else 'CODIGO ') + ('DESCRIPCIÓ' if ca else 'DESCRIPCION').ljust(42) + ('QUANTITAT' if ca else 'CANTIDAD').rjust(11) + ('PREU' if ca else 'PRECIO').rjust(11) + 'IVA'.rjust(5) + ('IMPORT' if ca else 'IMPORTE').rjust(14),
            ' ' + '=' * W]


def pages_text(lay, calc):
    o = lay['opt']
    st = o.get('style', 'es')
    ca = o.get('lang') == 'ca'
    lines = calc['lines']
    per = o.get('per_page', 40)
    chunks = [lines[i:i + per] for i in range(0, len(lines), per)]
    pages = []
    running = D(0)
    for pi, chunk in enumerate(chunks):
        out = header(lay, pi + 1, len(chunks))
        out += table_head(ca)
        if pi:
            out.append(' ' + ' ' * 7 + 'SUMA ANTERIOR'.ljust(42) + ' ' * 27 + num(running, st, 14))
        for i, ln in enumerate(chunk):
            q = D(str(ln['qty']))
            qs = (f'{q:.3f}' if q != q.to_integral() or isinstance(ln['qty'], str) and '.' in ln['qty'] else str(int(q))).replace('.', ',')
            p = D(str(ln['price']))
            ps = (f'{p:.3f}' if p.as_tuple().exponent == -3 else f'{p:.2f}').replace('.', ',')
            code = (ln.get('ref') or f'{1000 + i + pi * per}')[:6]
            out.append(' ' + code.ljust(7) + ln['desc'][:41].upper().ljust(42) + qs.rjust(11) + ps.rjust(11) + pct(ln['rate']).rjust(5) + num(ln['amount'], st, 14))
            running += ln['amount']
        out.append(' ' + '-' * W)
        if pi < len(chunks) - 1:
            out.append(' ' + ' ' * 49 + 'SUMA Y SIGUE ...'.ljust(29) + num(running, st, 14))
            pages.append(out)
            continue
        for n in o.get('notes', []):
            out.append(' ' + n)
        out.append('')
        # the summary: a row of captions over one row per rate
        has_re = bool(calc['sur'])
        cap = ' ' + ('BASE IMPOSABLE' if ca else 'BASE IMPONIBLE').rjust(15) + '%IVA'.rjust(7) + ('QUOTA IVA' if ca else 'CUOTA IVA').rjust(13)
        if has_re:
            cap += '%REC'.rjust(7) + ('QUOTA REC.' if ca else 'CUOTA REC.').rjust(13)
        cap += ('TOTAL FACTURA').rjust(W - len(cap) + 1)
        out.append(cap)
        out.append(' ' + '-' * W)
        for i, v in enumerate(calc['vat']):
            row = ' ' + num(v['base'], st, 15) + pct(v['rate']).rjust(7) + num(v['amount'], st, 13)
            if has_re:
                s = calc['sur'][i]
                row += pct(s['rate']).rjust(7) + num(s['amount'], st, 13)
            if i == 0:
                row += ('*** ' + fmt(calc['total'], st) + ' EUR').rjust(W - len(row) + 1)
            out.append(row)
        if len(calc['vat']) > 1:
            out.append(' ' + num(calc['subtotal'], st, 15) + '   ' + ('TOTAL BASES'))
        out.append(' ' + '-' * W)
        out.append('')
        out.append(' ' + ('FORMA DE PAGAMENT: REBUT DOMICILIAT A 30 DIES' if ca else 'FORMA DE PAGO: RECIBO DOMICILIADO A 30 DIAS') + '   VTO.: ' + ('30 DIES' if ca else '30 DIAS'))
        pages.append(out)
    return pages


def build(lay, calc, out_pdf, work):
    pages = pages_text(lay, calc)
    txt = os.path.join(work, lay['id'] + '.txt')
    with open(txt, 'w', encoding='latin-1') as f:
        f.write('\f'.join('\n'.join(p) + '\n' for p in pages))
    ps = os.path.join(work, lay['id'] + '.ps')
    subprocess.run(['a2ps', '-q', '-1', '--portrait', '-B', '--borders=no', '-M', 'A4', '-X', 'iso1', '--chars-per-line=96',
                    '--left-footer=', '--right-footer=', '--footer=', '-o', ps, txt], check=True, env={**os.environ, 'LC_ALL': 'C'})
    subprocess.run(['ps2pdf', '-dPDFSETTINGS=/prepress', ps, out_pdf], check=True)
