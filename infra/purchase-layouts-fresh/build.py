"""Builds the fresh corpus into test/fixtures/purchase-layouts-fresh/: text PDFs, labels, scans, photos.

Run: /usr/bin/python3 build.py [id ...]
"""
import json
import pathlib
import subprocess
import sys

import model
from invoices import INVOICES
import render_groff
import render_html
import render_fop
import degrade

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parents[1] / 'test' / 'fixtures' / 'purchase-layouts-fresh'
WORK = pathlib.Path('/tmp/purchase-layouts-fresh-work')
RENDER = {'groff-tbl': render_groff.render, 'chromium': render_html.render, 'apache-fop': render_fop.render,
          'imagemagick-raster+groff': render_groff.render}


def main(only):
    OUT.mkdir(parents=True, exist_ok=True)
    WORK.mkdir(parents=True, exist_ok=True)
    for inv in INVOICES:
        if only and inv['id'] not in only:
            continue
        model.compute(inv)
        pdf = OUT / f"{inv['id']}.pdf"
        RENDER[inv['generator']](inv, pdf, WORK)
        text = subprocess.run(['pdftotext', '-layout', str(pdf), '-'], capture_output=True, text=True, check=True).stdout
        assert inv['number'] in text, f"{inv['id']}: the text layer lacks the number {inv['number']}"
        scan = photo = None
        if inv.get('scan'):
            scan = degrade.scan(inv, pdf, OUT, WORK)
        if inv.get('photo'):
            photo = degrade.photo(inv, pdf, OUT, WORK)
        (OUT / f"{inv['id']}.json").write_text(json.dumps(model.label(inv, scan, photo), ensure_ascii=False, indent=2) + '\n', encoding='utf-8')
        print(inv['id'], pdf.stat().st_size, scan, photo, flush=True)


if __name__ == '__main__':
    main(sys.argv[1:])
