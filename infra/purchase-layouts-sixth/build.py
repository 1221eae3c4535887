"""Builds the sixth corpus into test/fixtures/purchase-layouts-sixth/: text PDFs, labels, scans and photos.

/usr/bin/python3 build.py            every layout
/usr/bin/python3 build.py ID [ID…]   some
"""
import importlib
import os
import re
import subprocess
import sys

from layouts import INVOICES
from model import fmt, valid_spanish, write_label
import degrade

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, '..', '..', 'test', 'fixtures', 'purchase-layouts-sixth'))
GENERATORS = {'lu': 'gen_lualatex', 'mp': 'gen_matplotlib', 'ab': 'gen_abiword', 'gn': 'gen_gnumeric'}


def squash(s):
    return re.sub(r'\s+', '', s)


def check_text_layer(inv, pdf):
    text = subprocess.run(['pdftotext', '-layout', pdf, '-'], capture_output=True, text=True, check=True).stdout
    flat = squash(text)
    style = inv.extra.get('style', 'es')
    wanted = {'number': inv.number, 'tax id': inv.supplier['tax']}

    def amount(x):
        return [squash(fmt(x, st)) for st in ('es', 'sp', 'plain', 'en')] + [squash(fmt(abs(x), st)) for st in ('es', 'sp', 'plain', 'en')]
    problems = [f'{k} {v!r}' for k, v in wanted.items() if squash(v) not in flat and squash(v).replace('DE', 'DE') not in flat]
    for what, x in [('total', inv.total)] + [(f'VAT {r["rate"]}', r['vat']) for r in inv.rows if r['vat']] + \
            [(f'RE {r["re_rate"]}', r['re']) for r in inv.rows if r['re']] + ([('IRPF', inv.irpf_amount)] if inv.irpf else []):
        if not any(a in flat for a in amount(x)):
            problems.append(f'{what} {x}')
    if inv.supplier['tax'][:2] not in ('DE', 'IT') and not valid_spanish(inv.supplier['tax']):
        problems.append('supplier tax id check character')
    if not valid_spanish(inv.customer['tax']):
        problems.append('customer tax id check character')
    return problems


def build(inv):
    gen = importlib.import_module(GENERATORS[inv.id[:2]])
    pdf = os.path.join(OUT, f'{inv.id}.pdf')
    gen.render(inv, pdf)
    problems = check_text_layer(inv, pdf)
    scan, photo = degrade.make_images(inv, pdf, OUT)
    write_label(inv, os.path.join(OUT, f'{inv.id}.json'), scan, photo)
    return problems


def main(ids):
    os.makedirs(OUT, exist_ok=True)
    failed = False
    for inv in INVOICES:
        if ids and inv.id not in ids:
            continue
        problems = build(inv)
        print(inv.id, 'ok' if not problems else 'MISSING IN TEXT LAYER: ' + '; '.join(problems), flush=True)
        failed |= bool(problems)
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main(sys.argv[1:])
