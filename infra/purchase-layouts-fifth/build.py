"""Builds the fifth corpus: every layout's text PDF and label, its scan and photo where the label asks,
and checks each label against the PDF's text layer. `build.py [id ...]` builds only those."""
import json, os, re, subprocess, sys
import lay_jspdf, lay_canvas2, lay_markup, degrade
from model import valid_es

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'test', 'fixtures', 'purchase-layouts-fifth')
LAYOUTS = {**lay_jspdf.LAYOUTS, **lay_canvas2.LAYOUTS, **lay_markup.LAYOUTS}


def es_amount(v):
    from model import es, D
    return es(D(v))


def check(lab, pdf):
    text = subprocess.run(['pdftotext', pdf, '-'], capture_output=True, text=True, check=True).stdout
    # PyMuPDF's Liberation Sans Narrow maps its hyphen to U+00AD in the text layer: left so, read as a hyphen here
    flat = re.sub(r'\s+', ' ', text).replace('\u00ad', '-')
    e = lab['expected']
    wanted = [e['invoice_number'], e['supplier_tax_id'], es_amount(e['total'])]
    wanted += [es_amount(l['amount']) for k in ('vat', 'surcharge', 'withholding') for l in e[k] if float(l['amount'])]
    missing = [w for w in wanted if w not in flat and w.lstrip('-') not in flat]
    assert not missing, f'{lab["id"]}: not in the text layer: {missing}'
    for t in [e['supplier_tax_id'], *lab['own_tax_ids']]:
        assert t[:2].isalpha() and t[:2] in ('PT', 'FR') or valid_es(t), f'{lab["id"]}: bad tax id {t}'


def main(ids):
    os.makedirs(OUT, exist_ok=True)
    for id_ in ids or LAYOUTS:
        pdf = os.path.join(OUT, f'{id_}.pdf')
        lab = LAYOUTS[id_](pdf)
        check(lab, pdf)
        if lab['scan']:
            degrade.scan(pdf, os.path.join(OUT, lab['scan']), id_)
        if lab['photo']:
            degrade.photo(pdf, os.path.join(OUT, lab['photo']), id_)
        with open(os.path.join(OUT, f'{id_}.json'), 'w') as f:
            json.dump(lab, f, ensure_ascii=False, indent=2)
            f.write('\n')
        print(id_, lab['expected']['total'], lab['scan'] or '', lab['photo'] or '')


if __name__ == '__main__':
    main(sys.argv[1:])
