"""ConTeXt layouts (`cx-*`): each invoice written as ConTeXt source (natural tables \\bTABLE, framed
blocks, OpenType system fonts found through OSFONTDIR) and typeset by `context` (LuaMetaTeX/LuaTeX MkIV)."""
import os
import shutil
import subprocess

from captions import C
from model import fmt, pct, amount_words

FONTS = {'cx-psicologa-exenta': ('DejaVu Serif', 'rm'), 'cx-hotel-folio': ('Liberation Serif', 'rm'), 'cx-imprenta-derecha': ('Liberation Sans', 'ss'),
         'cx-academia-ingles': ('DejaVu Sans', 'ss'), 'cx-carpinteria-letras': ('Liberation Serif', 'rm'), 'cx-mayorista-recargo': ('Liberation Sans Narrow', 'ss'),
         'cx-limpieza-cuota': ('DejaVu Sans Condensed', 'ss')}


def esc(s):
    s = str(s)
    for a, b in (('\\', r'\textbackslash{}'), ('&', r'\&'), ('%', r'\%'), ('#', r'\#'), ('$', r'\$'), ('_', r'\_'), ('{', r'\{'), ('}', r'\}'), ('~', r'\lettertilde{}'), ('^', r'\letterhat{}')):
        s = s.replace(a, b)
    return s


def source(lay, calc):
    o = lay['opt']
    c = {k: esc(v) for k, v in C[o.get('lang', 'es')].items()}
    st, cur = o.get('style', 'es'), o.get('cur', '')
    money = lambda x: esc(fmt(x, st, cur))
    plain = lambda x: esc(fmt(x, st, ''))
    sup, cus = lay['supplier'], lay['customer']
    font, fam = FONTS[lay['id']]
    mode = o.get('header', 'left-right')
    out = [r'\mainlanguage[es]', f'\\definefontfamily[inv][{fam}][{font}]', f'\\setupbodyfont[inv,{fam},9pt]',
           r'\setuppapersize[A4]', r'\setuplayout[backspace=20mm,width=170mm,topspace=14mm,header=0pt,footer=10mm,height=middle]',
           r'\setuppagenumbering[location=]', r'\setupwhitespace[small]', r'\setupindenting[no]']
    sup_lines = [f'{{\\bfb {esc(sup["name"])}}}', *[esc(a) for a in sup['addr']], f'{c["nif"]}: {esc(sup["tid"])}']
    cus_lines = [f'{{\\bf {esc(cus["name"])}}}', *[esc(a) for a in cus['addr']], f'{c["nif"]}: {esc(cus["tid"])}']
    if mode == 'brand':
        out.append(f'\\setupfootertexts[{{\\tfxx {esc(sup["name"])} · CIF {esc(sup["tid"])} · {esc(" · ".join(sup["addr"]))}}}]')
    out.append(r'\starttext')
    title = c['invoice']
    if mode == 'brand':
        if lay['customer'] is not None and lay['id'] == 'cx-mayorista-recargo':
            out.append(r'\bTABLE[frame=off,loffset=0pt]\bTR\bTD[width=95mm]' + r'\\'.join([f'{{\\tfx {c["customer"]}}}'] + cus_lines) +
                       f'\\eTD\\bTD[width=75mm,align=flushright]{{\\definedfont[SansBold*default at 30pt]{esc(sup["brand"])}}}\\\\{{\\tfx golosinas · bollería · aperitivos}}\\eTD\\eTR\\eTABLE')
        else:
            out.append(f'\\startalignment[middle]{{\\definedfont[SerifBold*default at 24pt]{esc(sup["brand"])}}}\\\\{{\\tfx {esc(" · ".join(sup["addr"]))} · Tel. 978 600 112}}\\stopalignment')
            out.append(r'\blank[big]')
            out.append(r'\bTABLE[frame=off]\bTR\bTD[width=95mm]\eTD\bTD[width=75mm,frame=on,offset=2mm]' + r'\\'.join(cus_lines) + r'\eTD\eTR\eTABLE')
    elif mode == 'customer-left':
        out.append(r'\bTABLE[frame=off,loffset=0pt]')
        left = [f'{{\\tfx {c["customer"].upper()}}}'] + cus_lines
        right = [f'{{\\tfx {c["supplier"].upper()}}}'] + sup_lines
        for i in range(max(len(left), len(right))):
            out.append(r'\bTR\bTD[width=90mm]' + (left[i] if i < len(left) else '') + r'\eTD\bTD[width=80mm]' + (right[i] if i < len(right) else '') + r'\eTD\eTR')
        out.append(r'\eTABLE')
    else:
        out.append(r'\\'.join(sup_lines))
        out.append(r'\blank[medium]')
        out.append(r'\bTABLE[frame=off]\bTR\bTD[width=95mm]\eTD\bTD[width=75mm,frame=on,offset=2mm]' + f'{{\\tfx {c["customer"]}}}\\\\' + r'\\'.join(cus_lines) + r'\eTD\eTR\eTABLE')
    out.append(r'\blank[big]')
    out.append(f'{{\\tfb {esc(title)}}}')
    out.append(r'\blank[small]')
    date_line = esc(lay['date_text']) if lay['date_text'].startswith(('Teruel',)) else f'{esc(c["date"].rstrip(":"))}: {esc(lay["date_text"])}'
    meta = [f'{{\\bf {esc(lay["num_label"])}}} {esc(lay["number"])}']
    if not lay['date_text'].startswith('Teruel'):
        meta.append(date_line)
    for k, v in o.get('extra', []):
        meta.append(f'{esc(k)}: {esc(v)}')
    out.append(r'\\'.join(meta))
    out.append(r'\blank[medium]')
    multi = len({ln['rate'] for ln in calc['lines']}) > 1
    out.append(r'\bTABLE[frame=off,offset=1.2mm]')
    out.append(r'\bTABLEhead\bTR[background=color,backgroundcolor=lightgray,style=bold]' + f'\\bTD[width=92mm]{c["desc"]}\\eTD\\bTD[align=flushleft,width=18mm]{c["qty"]}\\eTD\\bTD[align=flushleft,width=22mm]{c["price"]}\\eTD'
               + (f'\\bTD[align=flushleft,width=14mm]{c["rate"]}\\eTD' if multi else '') + f'\\bTD[align=flushleft,width=24mm]{c["amount"]}\\eTD\\eTR\\eTABLEhead')
    out.append(r'\bTABLEbody')
    for ln in calc['lines']:
        q = str(ln['qty']).replace('.', ',')
        out.append(f'\\bTR[bottomframe=on,framecolor=gray]\\bTD {esc(ln["desc"])}\\eTD\\bTD[align=flushleft] {q}\\eTD\\bTD[align=flushleft] {plain(ln["price"]) if False else esc(fmt(ln["price"], st))}\\eTD'
                   + (f'\\bTD[align=flushleft] {pct(ln["rate"])} \\%\\eTD' if multi else '') + f'\\bTD[align=flushleft] {plain(ln["amount"])}\\eTD\\eTR')
    out.append(r'\eTABLEbody\eTABLE')
    out.append(r'\blank[medium]')
    rows = []
    if len(calc['vat']) > 1 or calc['sur']:
        rows.append((f'{{\\bf {c["base"]}}}', '', ''))
        for v in calc['vat']:
            rows.append((f'{c["base"]} {pct(v["rate"])} \\%', plain(v['base']), ''))
    rows.append((c['base'] if len(calc['vat']) == 1 and not calc['sur'] else 'Total bases', money(calc['subtotal']), ''))
    for v in calc['vat']:
        rows.append((f'{c["vat"]} {pct(v["rate"])} \\%', money(v['amount']), ''))
    for s in calc['sur']:
        rows.append((f'Recargo equivalencia {pct(s["rate"])} \\% s/ {plain(s["base"])}', money(s['amount']), ''))
    for w in calc['wh']:
        rows.append((f'{c["irpf"]} {pct(w["rate"])} \\%', money(-w['amount']), ''))
    rows = [r for r in rows if r[1] != '' or r[0].startswith('{')]
    out.append(r'\bTABLE[frame=off,offset=1mm]')
    for cap, val, _ in rows:
        out.append(f'\\bTR\\bTD[width=110mm,align=flushleft]\\eTD\\bTD[width=36mm,align=flushleft] {cap}\\eTD\\bTD[width=24mm,align=flushleft] {val}\\eTD\\eTR')
    out.append(f'\\bTR\\bTD\\eTD\\bTD[topframe=on,style=bold] {esc(c["total"])}\\eTD\\bTD[topframe=on,style=bold,align=flushleft] {money(calc["total"])}\\eTD\\eTR')
    out.append(r'\eTABLE')
    if o.get('words'):
        out.append(r'\blank[medium]')
        out.append(f'{{\\bf Son: {esc(amount_words(calc["total"]))}}}')
    for n in o.get('notes', []):
        out.append(r'\blank[small]')
        out.append(f'{{\\tfx {esc(n)}}}')
    out.append(r'\blank[big]')
    out.append(f'{{\\tfx {esc(c["pay"])}}}')
    if lay['date_text'].startswith('Teruel'):
        out.append(r'\blank[big]')
        out.append(f'\\startalignment[flushright]{esc(lay["date_text"])}\\stopalignment')
    out.append(r'\stoptext')
    return '\n'.join(out) + '\n'


def build(lay, calc, out_pdf, work):
    d = os.path.join(work, 'cx')
    os.makedirs(d, exist_ok=True)
    src = os.path.join(d, lay['id'] + '.tex')
    with open(src, 'w', encoding='utf-8') as f:
        f.write(source(lay, calc))
    env = {**os.environ, 'OSFONTDIR': '/usr/share/fonts'}
    if not os.path.exists(os.path.join(d, '.fonts-reloaded')):
        subprocess.run(['mtxrun', '--script', 'fonts', '--reload'], env=env, check=True, capture_output=True)
        open(os.path.join(d, '.fonts-reloaded'), 'w').close()
    r = subprocess.run(['context', '--batchmode', '--nonstopmode', lay['id'] + '.tex'], cwd=d, env=env, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"context failed on {lay['id']}: see {d}/{lay['id']}.log")
    shutil.copy(os.path.join(d, lay['id'] + '.pdf'), out_pdf)
