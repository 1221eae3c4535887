"""Builds the ninth corpus: each layout's PDF through its generator, its label, its checks, then the images.

Usage (from this folder, with the system's Python): /usr/bin/python3 build.py [layout-id ...]
"""
import json
import os
import re
import subprocess
import sys
from decimal import Decimal

import degrade
import lay_pdfapi2
import lay_prawn
import lay_tcpdf
from model import fmt, valid_spanish

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "test", "fixtures", "purchase-layouts-ninth")
WORK = "/tmp/ninth-build"
RUNNERS = {
    lay_tcpdf: ["php", os.path.join(HERE, "draw_tcpdf.php")],
    lay_prawn: ["ruby", os.path.join(HERE, "draw_prawn.rb")],
    lay_pdfapi2: ["perl", os.path.join(HERE, "draw_pdfapi2.pl")],
}


def all_layouts():
    for module, runner in RUNNERS.items():
        for layout_id, make in module.LAYOUTS.items():
            yield layout_id, module, runner, make


def text_layer(pdf: str, layout: bool) -> str:
    args = ["pdftotext"] + (["-layout"] if layout else []) + [pdf, "-"]
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def amount_spellings(x: Decimal) -> list:
    """The ways the layouts print an amount: Spanish, plain, English, spaced, trailing minus."""
    forms = {fmt(x), fmt(x, thousands=""), fmt(x, thousands=",", decimal="."), fmt(x, thousands=" "),
             fmt(x, trailing_minus=True), fmt(abs(x)), fmt(abs(x), thousands=""), fmt(abs(x), thousands=",", decimal=".")}
    return sorted(forms)


def check(layout_id: str, pdf: str, expected: dict, supplier_tax_id_printed: str):
    for layout in (False, True):
        text = text_layer(pdf, layout)
        flat = " ".join(text.split())
        wanted = [("number", [expected["invoice_number"]]), ("tax id", [supplier_tax_id_printed]),
                  ("name", [expected["supplier_name"]]), ("total", amount_spellings(Decimal(expected["total"])))]
        for kind in ("vat", "surcharge", "withholding"):
            for line in expected[kind]:
                if Decimal(line["amount"]) != 0:
                    wanted.append((f"{kind} {line['rate']}", amount_spellings(Decimal(line["amount"]))))
        for what, spellings in wanted:
            # names are compared as the scoring does, case aside; tax ids as printed with dots or spaces
            squeezed = re.sub(r"[^0-9A-Z]", "", flat.upper())
            if not any(s in flat or (what == "name" and s.lower() in flat.lower()) or (what == "tax id" and s in squeezed)
                       for s in spellings):
                raise SystemExit(f"{layout_id}: {what} {spellings} not in the text layer (layout={layout})")


def build(layout_id, module, runner, make):
    inv, spec, meta = make()
    tax_id = inv.supplier.tax_id
    foreign = tax_id[:2] in ("PT", "IT", "FR", "BE")  # their check digits are made in model.py
    if not foreign and not valid_spanish(tax_id):
        raise SystemExit(f"{layout_id}: invalid tax id {tax_id}")
    if not valid_spanish(inv.customer.tax_id):
        raise SystemExit(f"{layout_id}: invalid customer tax id {inv.customer.tax_id}")
    spec_path = os.path.join(WORK, f"{layout_id}.json")
    pdf = os.path.join(OUT, f"{layout_id}.pdf")
    with open(spec_path, "w") as f:
        json.dump(spec, f, ensure_ascii=False)
    subprocess.run(runner + [spec_path, pdf], check=True)
    expected = inv.expected()
    check(layout_id, pdf, expected, tax_id)
    scan, photo = degrade.images_for(layout_id, pdf)
    label = {"id": layout_id, "generator": module.GENERATOR, "family": meta["family"], "tests": meta["tests"],
             "own_tax_ids": [inv.customer.tax_id], "rounding": inv.rounding(), "expected": expected,
             "scan": scan, "photo": photo}
    with open(os.path.join(OUT, f"{layout_id}.json"), "w") as f:
        json.dump(label, f, ensure_ascii=False, indent=2)
        f.write("\n")
    degrade.make_images(layout_id, pdf, OUT, WORK)
    print(f"{layout_id}: ok")


def main(selected):
    os.makedirs(WORK, exist_ok=True)
    os.makedirs(OUT, exist_ok=True)
    for layout_id, module, runner, make in all_layouts():
        if not selected or layout_id in selected:
            build(layout_id, module, runner, make)


if __name__ == "__main__":
    main(sys.argv[1:])
