"""Builds the seventh corpus: each layout's PDF with its generator, its label, its scans and photos,
and checks that each PDF's text layer carries the number, the tax id, the total and every tax amount.

Usage: /usr/bin/python3 build.py [layout-id ...]"""
import json
import os
import re
import subprocess
import sys

import layouts
import model
from model import fmt

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'test', 'fixtures', 'purchase-layouts-seventh')
WORK = '/tmp/seventh-build'
GENERATORS = {'pdfbox': 'Apache PDFBox 1.8 (Java)', 'calc': 'LibreOffice Calc', 'context': 'ConTeXt (LuaMetaTeX)', 'a2ps': 'a2ps + Ghostscript ps2pdf'}


def dec(x):
    return f'{x:.2f}'


def label(lay, calc, images):
    o = lay['opt']
    tl = lambda group: [{'rate': dec(t['rate']), 'base': dec(t['base']), 'amount': dec(t['amount'])} for t in group]
    rounding = ('VAT taken out of prices that include it: base = gross / (1 + rate), VAT = gross − base, half-up to the cent' if o.get('included')
                else "VAT (and recargo) of each rate computed on that rate's base, half-up to the cent")
    return {'id': lay['id'], 'generator': GENERATORS[lay['gen']], 'family': lay['family'], 'tests': lay['tests'], 'own_tax_ids': lay['own'],
            'rounding': rounding,
            'expected': {'supplier_name': lay['supplier']['name'], 'supplier_tax_id': lay['supplier']['tid'], 'invoice_number': lay['number'],
                         'issue_date': lay['date'], 'subtotal': dec(calc['subtotal']), 'total': dec(calc['total']),
                         'vat': tl(calc['vat']), 'surcharge': tl(calc['sur']), 'withholding': tl(calc['wh'])},
            'scan': images.get('scan'), 'photo': images.get('photo')}


def check_text(lay, calc, pdf):
    text = subprocess.run(['pdftotext', '-layout', pdf, '-'], capture_output=True, text=True, check=True).stdout
    # a2ps sets '-' with PostScript's ISOLatin1Encoding, where it is the glyph 'minus': the text layer
    # says U+2212 where the page shows a hyphen; the check reads it as the hyphen it looks like
    flat = re.sub(r'\s+', ' ', text).replace('\u2212', '-')
    st = lay['opt'].get('style', 'es')
    problems = []
    for what in (lay['number'], lay['supplier']['tid']):
        if what not in flat:
            problems.append(f'{what!r} not in the text')
    if lay['supplier']['name'].lower() not in flat.lower():
        problems.append('the supplier\'s name not in the text')
    amounts = [calc['total']] + [t['amount'] for g in ('vat', 'sur', 'wh') for t in calc[g] if t['amount'] != 0]
    for a in amounts:
        forms = {fmt(a, st), fmt(-a, st), fmt(abs(a), st)}
        if not any(f in flat or f.replace(' ', '') in flat.replace(' ', '') for f in forms):
            problems.append(f'amount {a} not in the text')
    if problems:
        raise SystemExit(f"{lay['id']}: " + '; '.join(problems))


def main(ids):
    os.makedirs(WORK, exist_ok=True)
    os.makedirs(OUT, exist_ok=True)
    import degrade  # noqa: E402
    gens = {}
    for lay in layouts.LAYOUTS:
        if ids and lay['id'] not in ids:
            continue
        for t in [lay['supplier']['tid'], *lay['own']]:
            if not (t.startswith('NL') or t.startswith('CHE')):
                assert model.valid_spanish(t), (lay['id'], t)
        calc = model.compute(lay)
        if lay['gen'] not in gens:
            gens[lay['gen']] = __import__('gen_' + lay['gen'])
        pdf = os.path.join(OUT, lay['id'] + '.pdf')
        gens[lay['gen']].build(lay, calc, pdf, WORK)
        check_text(lay, calc, pdf)
        images = degrade.make_images(lay['id'], pdf, OUT, WORK)
        with open(os.path.join(OUT, lay['id'] + '.json'), 'w', encoding='utf-8') as f:
            json.dump(label(lay, calc, images), f, ensure_ascii=False, indent=2)
            f.write('\n')
        print(lay['id'], 'ok', images)


if __name__ == '__main__':
    os.environ.setdefault('SOURCE_DATE_EPOCH', '1780000000')
    main(sys.argv[1:])
