"""groff + tbl layouts (troff source written here, groff -t -k -Tps, then Ghostscript ps2pdf)."""
import subprocess
from decimal import Decimal
from model import es, euros_in_words

PREAMBLE = '.ll 17c\n.po 2c\n.nr HY 0\n.nh\n.ad l\n.ps 10\n.vs 13\n.ft H\n'


def esc(s):
    return str(s).replace('\\', '\\e')


def qty(q):
    d = Decimal(str(q))
    return es(d).rstrip('0').rstrip(',') if d != d.to_integral() else str(int(d))


def price(p):
    d = Decimal(str(p))
    s = f'{d:f}'
    decimals = max(2, len(s.split('.')[1]) if '.' in s else 0)
    whole, frac = f'{d:.{decimals}f}'.split('.')
    return es(Decimal(whole)).split(',')[0] + ',' + frac


def lines_table(lines, with_disc=False, with_rate=False, with_re=False, carry_in=None, carry_out=None, box='box'):
    cols = ['Descripción', 'Cant.', 'Precio']
    fmt = ['lw(7c)', 'n', 'n']
    if with_disc:
        cols.append('Dto.%'); fmt.append('n')
    if with_rate:
        cols.append('IVA'); fmt.append('n')
    if with_re:
        cols.append('R.E.'); fmt.append('n')
    cols.append('Importe'); fmt.append('n')
    out = [f'.TS H\n{box} tab(|);\n' + ' '.join('cb' for _ in cols) + '\n' + ' '.join(fmt) + '.']
    out.append('|'.join(cols))
    out.append('_\n.TH')
    if carry_in is not None:
        out.append('Suma anterior' + '|' * (len(cols) - 1) + es(carry_in))
    for l in lines:
        row = [esc(l['desc']), qty(l['qty']), price(l['price'])]
        if with_disc:
            row.append(str(l['disc']) if l['disc'] else '')
        if with_rate:
            row.append('EXENTO' if not l['vat'] else f"{l['vat']}%")
        if with_re:
            row.append(es(Decimal(l['re'])).rstrip('0').rstrip(',') if l['re'] else '')
        row.append(es(l['net']))
        out.append('|'.join(row))
    if carry_out is not None:
        out.append('_\n\\fBSuma y sigue\\fP' + '|' * (len(cols) - 1) + '\\fB' + es(carry_out) + '\\fP')
    out.append('.TE')
    return '\n'.join(out) + '\n'


def tax_summary(c, with_re=False, irpf_label='Retención IRPF'):
    rows = ['.TS\nbox tab(|);\ncb cb cb' + (' cb cb' if with_re else '') + '\nn n n' + (' n n' if with_re else '') + '.',
            'Base imponible|Tipo IVA|Cuota IVA' + ('|Tipo R.E.|Cuota R.E.' if with_re else ''), '_']
    for v in c['vat']:
        rate = 'Exento' if not v['rate'] else f"{v['rate']} %"
        row = [es(v['base']), rate, es(v['amount'])]
        if with_re:
            match = next((r for r in c['re'] if r['base'] == v['base']), None)
            row += [f"{str(match['rate']).replace('.', ',')} %" if match else '', es(match['amount']) if match else '']
        rows.append('|'.join(row))
    rows.append('.TE')
    return '\n'.join(rows) + '\n'


def totals_block(c, labels=('Base imponible', 'Total IVA', 'Total factura')):
    rows = ['.TS\ntab(|);\nr r.']
    rows.append(f'{labels[0]}:|{es(c["subtotal"])}')
    rows.append(f'{labels[1]}:|{es(c["vat_total"])}')
    if c['re']:
        rows.append(f'Recargo de equivalencia:|{es(c["re_total"])}')
    for w in c['irpf']:
        rows.append(f'Retención IRPF {w["rate"]} %:|\\-{es(w["amount"])}')
    rows.append(f'\\fB{labels[2]}:\\fP|\\fB{es(c["total"])} EUR\\fP')
    rows.append('.TE')
    return '\n'.join(rows) + '\n'


def block(party, title=None, nif_label='NIF'):
    s = ''
    if title:
        s += f'\\fB{title}\\fP\n.br\n'
    s += f'{esc(party["name"])}\n.br\n'
    for a in party['addr']:
        s += f'{esc(a)}\n.br\n'
    s += f'{nif_label}: {party["nif"]}\n.br\n'
    return s


def source(inv):
    c, s, cu, style = inv['calc'], inv['supplier'], inv['customer'], inv['style']
    t = PREAMBLE
    if style == 'gr_letter':
        t += f'.ce 3\n.ps 15\n\\fB{esc(s["name"])}\\fP\n.ps 9\nProcuradora de los Tribunales · {esc(s["addr"][0])} · {esc(s["addr"][1])}\nD.N.I. {s["nif"]} · Tel. {s["phone"]}\n.ps 10\n.sp 2\n'
        t += '.in 9c\n' + block(cu, 'Cliente') + '.in 0\n.sp\n'
        t += f'En Pamplona, a {inv["date_printed"]}\n.sp\n\\fBMinuta de honorarios n.º {esc(inv["number"])}\\fP\n.sp\n'
        t += lines_table(c['lines'], with_rate=True) + '.sp\n' + tax_summary(c) + '.sp\n' + totals_block(c)
        t += f'.sp\nImporta la presente factura: \\fI{euros_in_words(c["total"])}\\fP.\n'
    elif style == 'gr_wholesale':
        pages = [c['lines'][i:i + 17] for i in range(0, len(c['lines']), 17)]
        carried = Decimal('0')
        for n, chunk in enumerate(pages):
            if n:
                t += '.bp\n'
            t += f'.ps 14\n\\fB{esc(s["name"])}\\fP\n.ps 9\n.br\n{esc(s["addr"][0])} \\(em {esc(s["addr"][1])} \\(em CIF {s["nif"]}\n.ps 10\n.sp\n'
            t += f'.TS\nbox tab(|);\nl l l l.\nFactura n.º|{esc(inv["number"])}|Fecha|{inv["date_printed"]}\nCliente|{esc(cu["name"])}|N.I.F.|{cu["nif"]}\n.TE\n'
            t += f'.sp 0.5\nRégimen especial del recargo de equivalencia \\(em Hoja {n + 1}/{len(pages)}\n.sp 0.5\n'
            before = carried
            carried += sum((l['net'] for l in chunk), Decimal('0'))
            last = n == len(pages) - 1
            t += lines_table(chunk, with_rate=True, with_re=True, carry_in=before if n else None, carry_out=None if last else carried)
        t += '.sp\n' + tax_summary(c, with_re=True) + '.sp\n' + totals_block(c, ('Total bases', 'Total cuotas IVA', 'TOTAL A PAGAR'))
    elif style == 'gr_two_blocks':
        t += f'.ps 16\n\\fBFACTURA\\fP\n.ps 10\n.sp\n'
        left = [f'\\fBFacturar a:\\fP', esc(cu['name']), *map(esc, cu['addr']), f'CIF: {cu["nif"]}']
        right = [f'\\fBProveedor:\\fP', esc(s['name']), *map(esc, s['addr']), f'CIF: {s["nif"]}']
        t += '.TS\ntab(|);\nlw(8c) lw(8c).\n' + '\n'.join(f'{a}|{b}' for a, b in zip(left, right)) + '\n.TE\n.sp\n'
        t += f'.TS\nallbox tab(|);\ncb cb cb\nc c c.\nNúmero|Fecha|Forma de pago\n{esc(inv["number"])}|{inv["date_printed"]}|Transferencia 30 días\n.TE\n.sp\n'
        t += lines_table(c['lines'], with_disc=True) + '.sp\n' + totals_block(c, ('Base imponible', 'IVA 21 %', 'Total'))
    elif style == 'gr_plain':
        t += f'.ps 13\n\\fB{esc(s["name"])}\\fP\n.ps 10\n.br\n{esc(s["addr"][0])}, {esc(s["addr"][1])}\n.br\nNIF {s["nif"]}\n.sp 2\n'
        t += block(cu) + '.sp\n'
        t += f'Factura: {esc(inv["number"])}\n.br\nFecha: {inv["date_printed"]}\n.sp\n'
        t += lines_table(c['lines'], with_rate=True) + '.sp\n' + tax_summary(c) + '.sp\n' + totals_block(c)
    elif style == 'gr_footer':
        t += '.ps 20\n\\fBFACTURA\\fP\n.ps 10\n.sp 2\n' + block(cu, 'Datos del cliente') + '.sp\n'
        t += f'.TS\nbox tab(|);\nl l.\nN.º de factura|{esc(inv["number"])}\nFecha de emisión|{inv["date_printed"]}\nPeriodo|noviembre 2026\n.TE\n.sp\n'
        t += lines_table(c['lines']) + '.sp\n' + totals_block(c, ('Base imponible', 'IVA (21 %)', 'TOTAL'))
        t += '.sp 8\n.ps 7\n.ce 3\n' + f'{esc(s["name"])} \\(em NIF {s["nif"]} \\(em {esc(s["addr"][0])}, {esc(s["addr"][1])}\nInscrita en el Registro Mercantil de Bizkaia, tomo 5.871, folio 112, hoja BI-70233\nIBAN ES76 2095 0000 5091 2345 6789\n'
    elif style == 'gr_memo':
        t += '.ps 11\n' + f'{esc(s["name"])}\n.br\nTraductora jurada\n.br\n{esc(s["addr"][0])} \\(bu {esc(s["addr"][1])}\n.br\nN.I.E.: {s["nif"]}\n.sp 2\n'
        t += f'.TS\ntab(|);\nl l.\nFactura|{esc(inv["number"])}\nData / Fecha|{inv["date_printed"]}\nCliente|{esc(cu["name"])} ({cu["nif"]})\n.TE\n.sp\n'
        t += lines_table(c['lines'], box='') + '.sp\n' + totals_block(c)
        t += '.sp\nRetención del 7 % por inicio de actividad profesional (art. 101.5 LIRPF).\n'
    elif style in ('raster_fuel', 'raster_taxi'):
        t = '.ll 7c\n.po 0.4c\n.nh\n.ad l\n.ps 9\n.vs 11\n.ft CR\n.nf\n' + '\n'.join(esc(x) for x in ticket_lines(inv)) + '\n'
    return t


def ticket_lines(inv):
    """The till's lines, shared by the groff text PDF and the ImageMagick raster."""
    c, s = inv['calc'], inv['supplier']
    v = c['vat'][0]
    if inv['style'] == 'raster_fuel':
        return [s['name'].upper(), s['addr'][0], s['addr'][1], f"CIF: {s['nif']}", '', 'FACTURA SIMPLIFICADA',
                f"Num: {inv['number']}", f"Fecha: {inv['date_printed']}", 'Surtidor: 04', '',
                'GASOLEO A', '  48,37 l x 1,489 EUR/l', f"  IMPORTE        {es(v['gross'])}", '',
                f"Base imponible   {es(v['base'])}", f"IVA 21%          {es(v['amount'])}", f"TOTAL EUR        {es(v['gross'])}", '',
                'Pago: TARJETA ****4471', 'GRACIAS POR SU VISITA']
    return ['RADIO TAXI GIRALDA', f"Conductor: {s['name']}", f"NIF {s['nif']}", s['addr'][0], '',
            f"Recibo {inv['number']}", f"Fecha {inv['date_printed']}  08:31-08:56", '',
            *(f"{l['desc']:<22}{es(l['net']):>8}" for l in c['lines']), '',
            f"{'TOTAL':<22}{es(v['gross']):>8}", f"IVA 10% incluido: base {es(v['base'])}", f"cuota {es(v['amount'])}", '',
            'Origen: Aeropuerto SVQ', 'Destino: Av. Constitucion']


def render(inv, out_pdf, work):
    src = source(inv)
    (work / f"{inv['id']}.tr").write_text(src, encoding='utf-8')
    paper = ['-P-p14c,7.8c'] if inv['style'].startswith('raster') else ['-dpaper=a4', '-P-pa4']
    ps = subprocess.run(['groff', '-t', '-k', '-Tps', *paper], input=src.encode(), capture_output=True, check=True).stdout
    (work / f"{inv['id']}.ps").write_bytes(ps)
    size = ['-dDEVICEWIDTHPOINTS=221', '-dDEVICEHEIGHTPOINTS=397', '-dFIXEDMEDIA'] if inv['style'].startswith('raster') else ['-sPAPERSIZE=a4']
    subprocess.run(['ps2pdf', *size, str(work / f"{inv['id']}.ps"), str(out_pdf)], check=True)
