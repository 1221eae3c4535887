"""PDFBox layouts (`pb-*`): Python places every string in millimetres, PdfDraw.java (Apache PDFBox 1.8,
TrueType fonts embedded with WinAnsi) draws them, as a Java report engine prints an ERP's invoice."""
import os
import subprocess
from decimal import Decimal as D

from captions import C
from model import fmt, pct, amount_words

JARS = '/usr/share/java/pdfbox.jar:/usr/share/java/fontbox.jar:/usr/share/java/commons-logging.jar'
FONTDIR = {'lib': '/usr/share/fonts/truetype/liberation/', 'dv': '/usr/share/fonts/truetype/dejavu/'}
FAMILIES = {
    'sans': ('lib', 'LiberationSans-Regular.ttf', 'LiberationSans-Bold.ttf'),
    'serif': ('lib', 'LiberationSerif-Regular.ttf', 'LiberationSerif-Bold.ttf'),
    'narrow': ('lib', 'LiberationSansNarrow-Regular.ttf', 'LiberationSansNarrow-Bold.ttf'),
    'dvcond': ('dv', 'DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf'),
    'dv': ('dv', 'DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'),
}
FONT_OF = {'pb-ferreteria-marca': 'sans', 'pb-gestor-irpf7': 'serif', 'pb-bazar-recargo-columnas': 'narrow', 'pb-intracom-nl': 'sans',
           'pb-recambios-3pag': 'dvcond', 'pb-reforma-anticipo': 'serif', 'pb-mensajeria-letras': 'sans', 'pb-rectificativa-envases': 'narrow',
           'pb-suiza-export': 'dv'}


class Page:
    def __init__(self):
        self.cmds = []

    def t(self, x, y, text, size=9, bold=False, align='T', gray=0.0):
        self.cmds.append('\t'.join([align, 'B' if bold else 'N', str(size), str(gray), f'{x:.2f}', f'{y:.2f}', str(text)]))

    def line(self, x1, y1, x2, y2, w=0.5):
        self.cmds.append(f'L\t{x1}\t{y1}\t{x2}\t{y2}\t{w}')

    def box(self, x, y, w, h, lw=0.6):
        self.cmds.append(f'BOX\t{x}\t{y}\t{w}\t{h}\t{lw}')

    def fill(self, x, y, w, h, g=0.88):
        self.cmds.append(f'FILL\t{x}\t{y}\t{w}\t{h}\t{g}')


def qty_text(q, style):
    q = D(str(q))
    s = f'{q:.3f}' if q != q.to_integral() or '.' in str(q) and len(str(q).split('.')[1]) == 3 else str(int(q))
    return s.replace('.', ',') if style != 'en' and style != 'ch' else s


def price_text(p, style):
    p = D(str(p))
    s = f'{p:.3f}' if p.as_tuple().exponent == -3 else f'{p:.2f}'
    return s.replace('.', ',') if style not in ('en', 'ch') else s


def compose(lay, calc):
    o = lay['opt']
    lang = o.get('lang', 'es')
    c = C[lang]
    st, cur = o.get('style', 'es'), o.get('cur', '')
    money = lambda x: fmt(x, st, cur)
    plain = lambda x: fmt(x, st, '')
    sup, cus = lay['supplier'], lay['customer']
    lines = calc['lines']
    per_page = o.get('per_page', 99)
    chunks = [lines[i:i + per_page] for i in range(0, len(lines), per_page)] or [[]]
    multi_rate = len({ln['rate'] for ln in lines}) > 1
    pages = []
    running = D(0)
    for pi, chunk in enumerate(chunks):
        p = Page()
        pages.append(p)
        last = pi == len(chunks) - 1
        # --- header
        mode = o.get('header', 'left-right')
        if mode == 'brand':
            p.t(20, 18, c['customer'].upper(), 7, gray=0.4)
            y = 24
            for i, s in enumerate([cus['name'], *cus['addr'], f"{c['nif']}: {cus['tid']}"]):
                p.t(20, y + i * 4.6, s, 10 if i == 0 else 9, bold=i == 0)
            p.t(190, 30, sup['brand'], 30, bold=True, align='R', gray=0.15)
            p.t(190, 37, sup.get('tagline', ''), 9, align='R', gray=0.35)
            p.t(105, 288, f"{sup['name']} · {c['nif']} {sup['tid']} · {' · '.join(sup['addr'])} · Inscrita en el Registro Mercantil de Huesca, tomo 512, folio 88, hoja HU-9931", 6, align='C', gray=0.3)
            y_meta = 62
        elif mode == 'side':
            p.t(20, 18, 'EMISOR', 7, gray=0.4)
            p.t(115, 18, 'CLIENTE', 7, gray=0.4)
            left = [sup['name'], *sup['addr'], f"{c['nif']}: {sup['tid']}"]
            right = [cus['name'], *cus['addr'], f"{c['nif']}: {cus['tid']}"]
            for i in range(max(len(left), len(right))):
                if i < len(left):
                    p.t(20, 24 + i * 4.8, left[i], 10 if i == 0 else 9, bold=i == 0)
                if i < len(right):
                    p.t(115, 24 + i * 4.8, right[i], 10 if i == 0 else 9, bold=i == 0)
            y_meta = 58
        else:
            p.t(20, 22, sup['name'], 14, bold=True)
            for i, s in enumerate([*sup['addr'], f"{c['nif']}: {sup['tid']}"]):
                p.t(20, 28 + i * 4.4, s, 9)
            p.box(112, 44, 78, 30, 0.4)
            p.t(115, 49, c['customer'], 7, gray=0.4)
            for i, s in enumerate([cus['name'], *cus['addr'], f"{c['nif']}: {cus['tid']}"]):
                p.t(115, 54.5 + i * 4.4, s, 9, bold=i == 0)
            y_meta = 58
        title = 'FACTURA RECTIFICATIVA' if o.get('negative') else c['invoice']
        p.t(20, y_meta - 6 if mode == 'left-right' else y_meta - 4, title, 13, bold=True)
        if mode == 'left-right':
            y_meta += 6
        p.t(20, y_meta + 2, f"{lay['num_label']} {lay['number']}", 10, bold=True)
        p.t(20, y_meta + 7, f"{c['date']} {lay['date_text']}" if c['date'].endswith(':') else f"{c['date']}: {lay['date_text']}", 9)
        for i, (k, v) in enumerate(o.get('extra', [])):
            p.t(20, y_meta + 12 + i * 4.5, f'{k}: {v}', 9)
        if len(chunks) > 1:
            p.t(190, 12, c['page'].format(pi + 1, len(chunks)), 8, align='R')
        # --- lines table
        y = y_meta + 20
        cols = [(20, c['ref'], 'T')] if any(ln.get('ref') for ln in lines) else []
        xdesc = 36 if cols else 20
        cols += [(xdesc, c['desc'], 'T'), (128, c['qty'], 'R'), (150, c['price'], 'R')]
        if multi_rate:
            cols.append((164, c['rate'], 'R'))
        cols.append((190, c['amount'], 'R'))
        p.fill(18, y - 4.2, 174, 6, 0.86)
        for x, cap, al in cols:
            p.t(x, y, cap, 8, bold=True, align=al)
        y += 6.5
        if pi > 0 and c['carried']:
            p.t(xdesc, y, c['carried'], 8.5)
            p.t(190, y, plain(running), 8.5, align='R')
            y += 5
        for ln in chunk:
            if ln.get('ref'):
                p.t(20, y, ln['ref'], 8.5)
            p.t(xdesc, y, ln['desc'], 8.5)
            p.t(128, y, qty_text(ln['qty'], st), 8.5, align='R')
            p.t(150, y, price_text(ln['price'], st), 8.5, align='R')
            if multi_rate:
                p.t(164, y, pct(ln['rate']), 8.5, align='R')
            p.t(190, y, plain(ln['amount']), 8.5, align='R')
            running += ln['amount']
            y += 5
        p.line(18, y - 2, 192, y - 2, 0.4)
        if not last:
            if c['carry']:
                p.t(150, y + 4, c['carry'], 9, bold=True, align='R')
                p.t(190, y + 4, plain(running), 9, bold=True, align='R')
            continue
        # --- taxes and totals
        y += 6
        vat, sur, wh = calc['vat'], calc['sur'], calc['wh']
        if o.get('taxcols'):
            rows = [(c['base'], [plain(v['base']) for v in vat]), (c['rate'], [pct(v['rate']) + ' %' for v in vat]),
                    ('Cuota IVA', [plain(v['amount']) for v in vat])]
            if sur:
                rows += [('% R.E.', [pct(s['rate']) + ' %' for s in sur]), ('Cuota R.E.', [plain(s['amount']) for s in sur])]
            p.box(20, y - 4.5, 120, 5.6 * (len(rows) + 1) + 1, 0.4)
            for j, v in enumerate(vat):
                p.t(84 + j * 26, y, f"Tipo {pct(v['rate'])}", 8, bold=True, align='R')
            for i, (cap, vals) in enumerate(rows):
                p.t(22, y + 5.6 * (i + 1), cap, 8.5)
                for j, val in enumerate(vals):
                    p.t(84 + j * 26, y + 5.6 * (i + 1), val, 8.5, align='R')
            yt = y
            p.box(146, yt - 4.5, 46, 14, 0.8)
            p.t(150, yt + 1, c['total'], 9, bold=True)
            p.t(188, yt + 7, money(calc['total']), 12, bold=True, align='R')
            y = y + 5.6 * (len(rows) + 2)
        else:
            def row(cap, val, bold=False, size=9):
                nonlocal y
                p.t(150, y, cap, size, bold=bold, align='R')
                p.t(190, y, val, size, bold=bold, align='R')
                y += 5.2
            row(c['base'], money(calc['subtotal']))
            for v in vat:
                row(f"{c['vat']} {pct(v['rate'])} %" + (f" s/ {plain(v['base'])}" if len(vat) > 1 else ''), money(v['amount']))
            for s_ in sur:
                row(f"R.E. {pct(s_['rate'])} % s/ {plain(s_['base'])}", money(s_['amount']))
            for w in wh:
                row(f"{c['irpf'] or 'IRPF'} {pct(w['rate'])} %", money(-w['amount']))
            p.line(120, y - 3.4, 192, y - 3.4, 0.6)
            y += 1
            row(c['total'], money(calc['total']), bold=True, size=11)
            if o.get('advance'):
                row(o['advance_text'], money(-D(o['advance'])))
                row(c['due'], money(calc['due']), bold=True)
        if o.get('words'):
            y += 3
            p.t(20, y, f"{c['words']} {amount_words(calc['total'])}".upper() if c['words'] else amount_words(calc['total']), 9, bold=True)
            y += 6
        for n in o.get('notes', []):
            y += 5
            p.t(20, y, n, 8)
        p.t(20, 272, c['pay'], 7.5, gray=0.25)
    return pages


def build(lay, calc, out_pdf, work):
    fam = FAMILIES[FONT_OF[lay['id']]]
    pages = compose(lay, calc)
    cmds = [f"FONT\tN\t{FONTDIR[fam[0]]}{fam[1]}", f"FONT\tB\t{FONTDIR[fam[0]]}{fam[2]}"]
    for p in pages:
        cmds.append('PAGE\t210\t297')
        cmds += p.cmds
    src = os.path.join(work, lay['id'] + '.draw')
    with open(src, 'w', encoding='utf-8') as f:
        f.write('\n'.join(cmds) + '\n')
    here = os.path.dirname(os.path.abspath(__file__))
    classes = os.path.join(work, 'classes')
    if not os.path.exists(os.path.join(classes, 'PdfDraw.class')):
        subprocess.run(['javac', '-nowarn', '-cp', JARS, '-d', classes, os.path.join(here, 'PdfDraw.java')], check=True)
    subprocess.run(['java', '-Djava.awt.headless=true', '-cp', classes + ':' + JARS, 'PdfDraw', src, out_pdf], check=True)
