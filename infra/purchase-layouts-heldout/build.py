#!/usr/bin/python3
"""Builds test/fixtures/purchase-layouts-heldout/: each invoice's PDF by its generator, its label,
and the scans and photos asked for. Usage: /usr/bin/python3 build.py [--check] [id ...]
(--check: only checks the committed PDFs against their invoices, rebuilding nothing)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import zlib

from common import money, shown_id, when

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import degrade  # noqa: E402
import render_html  # noqa: E402
import render_odf  # noqa: E402
import render_ps  # noqa: E402
import render_tex  # noqa: E402
from invoices import INVOICES  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'test', 'fixtures', 'purchase-layouts-heldout')
RENDERERS = {'wkhtmltopdf': render_html, 'weasyprint': render_html, 'pdflatex': render_tex,
             'libreoffice-writer': render_odf, 'libreoffice-calc': render_odf, 'postscript': render_ps}


def check(inv, pdf: str):
    """What the label says is what the page prints: number, date, the supplier's tax id, the total."""
    text = ' '.join(subprocess.run(['pdftotext', pdf, '-'], capture_output=True, text=True).stdout.split())
    for what, printed in (('number', inv.number), ('date', when(inv)), ('total', money(inv, inv.total)), ('tax id', shown_id(inv))):
        assert printed in text, f'{inv.id}: the {what} {printed!r} is not in the text layer'
    squeezed = shown_id(inv).upper().replace('-', '').replace('.', '').replace(' ', '')
    assert squeezed in (inv.supplier.tax_id, 'ES' + inv.supplier.tax_id), f'{inv.id}: the printed tax id is not the labelled one'


def main(only: list[str], check_only: bool):
    os.makedirs(OUT, exist_ok=True)
    for inv in INVOICES:
        if only and inv.id not in only:
            continue
        pdf = os.path.join(OUT, f'{inv.id}.pdf')
        if check_only:
            check(inv, pdf)
            continue
        with tempfile.TemporaryDirectory() as tmp:
            RENDERERS[inv.generator].render(inv, pdf, tmp)
        check(inv, pdf)
        label = inv.label()
        seed = zlib.crc32(inv.id.encode())
        if inv.scan:
            data, ext = degrade.make_scan(pdf, inv.scan, seed)
            label['scan'] = f'{inv.id}.scan.{ext}'
            open(os.path.join(OUT, label['scan']), 'wb').write(data)
        if inv.photo:
            label['photo'] = f'{inv.id}.photo.jpg'
            open(os.path.join(OUT, label['photo']), 'wb').write(degrade.make_photo(pdf, inv.photo, seed))
        with open(os.path.join(OUT, f'{inv.id}.json'), 'w') as f:
            json.dump(label, f, ensure_ascii=False, indent=2)
            f.write('\n')
        print(inv.id, os.path.getsize(pdf), label['scan'], label['photo'])


if __name__ == '__main__':
    main([a for a in sys.argv[1:] if a != '--check'], '--check' in sys.argv)
