#!/usr/bin/python3
"""Builds test/fixtures/purchase-layouts-heldout/: each invoice's PDF by its generator, its label,
and the scans and photos asked for. Usage: /usr/bin/python3 build.py [id ...]"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import zlib

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


def main(only: list[str]):
    os.makedirs(OUT, exist_ok=True)
    for inv in INVOICES:
        if only and inv.id not in only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            pdf = os.path.join(OUT, f'{inv.id}.pdf')
            RENDERERS[inv.generator].render(inv, pdf, tmp)
        text = subprocess.run(['pdftotext', '-layout', pdf, '-'], capture_output=True, text=True).stdout
        assert inv.number in text, f'{inv.id}: the number is not in the text layer'
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
    main(sys.argv[1:])
