"""Builds the eighth corpus: every layout's text PDF and label, then its scan and photo.
Usage: /usr/bin/python3 build.py [layout-id ...]"""
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import gen_haru
import gen_r
import gen_qt
import degrade
from model import es, plain, en, valid_spanish_tax_id

HERE = Path(__file__).resolve().parent
OUT = HERE.parent.parent / 'test' / 'fixtures' / 'purchase-layouts-eighth'
WORK = Path('/tmp/eighth-build')


def printed_forms(value):
    value = Decimal(value)
    forms = {es(value), plain(value), en(value), es(value).replace('.', ' '), es(value).replace('.', "'")}
    return forms | {f.replace('-', '') for f in forms}


def check(inv, label):
    text = ''.join(subprocess.run(['pdftotext', *mode, str(OUT / f'{inv.id}.pdf'), '-'], capture_output=True, text=True, check=True).stdout
                   for mode in (['-layout'], [])).replace('\u2212', '-')
    flat = ' '.join(text.split())
    e = label['expected']
    problems = []
    for what, value in [('number', e['invoice_number']), ('tax id', e['supplier_tax_id']), ('name', e['supplier_name'])]:
        if value.lower() not in flat.lower():
            problems.append(f'{what} {value!r}')
    amounts = [('total', e['total'])] + [(kind, line['amount']) for kind in ('vat', 'surcharge', 'withholding') for line in e[kind] if Decimal(line['amount'])]
    for what, value in amounts:
        if not any(f in flat for f in printed_forms(value)):
            problems.append(f'{what} {value}')
    if e['supplier_tax_id'][:2].isalpha() and e['supplier_tax_id'][:2] in ('DE', 'FR', 'IE', 'PT'):
        pass
    elif not valid_spanish_tax_id(e['supplier_tax_id']):
        problems.append(f'invalid tax id {e["supplier_tax_id"]}')
    for own in label['own_tax_ids']:
        if not valid_spanish_tax_id(own):
            problems.append(f'invalid own tax id {own}')
    if problems:
        raise SystemExit(f'{inv.id}: the text layer lacks ' + ', '.join(problems))


def main(only):
    OUT.mkdir(parents=True, exist_ok=True)
    WORK.mkdir(parents=True, exist_ok=True)
    invoices = []
    for generator in (gen_qt, gen_haru, gen_r):
        invoices += generator.build(OUT, WORK, only)
    for inv in invoices:
        label = inv.label(inv.extra.get('label_number'))
        (OUT / f'{inv.id}.json').write_text(json.dumps(label, ensure_ascii=False, indent=2) + '\n', encoding='utf-8')
        check(inv, label)
        degrade.make_images(inv, OUT, WORK)
        print(f'{inv.id}: total {label["expected"]["total"]}', flush=True)


if __name__ == '__main__':
    main(set(sys.argv[1:]) or None)
