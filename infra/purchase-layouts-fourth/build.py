"""Builds the fourth corpus into test/fixtures/purchase-layouts-fourth/: each invoice's text PDF from
its generator, its label, and the scans and photos listed in IMAGES. Run with a Python that has
fpdf2 and pycairo (see README); `build.py ID ...` builds only those layouts."""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'test', 'fixtures', 'purchase-layouts-fourth')
BUN = os.path.join(HERE, '..', '..', '.tools', 'node_modules', '.bin', 'bun')
sys.path.insert(0, HERE)

from model import es, amount_in_words, DNI_LETTERS  # noqa: E402
from invoices import INVOICES, label  # noqa: E402
import degrade  # noqa: E402
import render_cairo  # noqa: E402
import render_chromium  # noqa: E402
import render_fpdf  # noqa: E402
import render_svg  # noqa: E402

# which layouts are also scanned (s) or photographed (p); multi-page scans become image-only PDFs
IMAGES = {
    'fp-estudio-arquitectura': 's', 'fp-catering-albaranes': 's', 'fp-electricista-modulos': 's', 'fp-drogueria-recargo': 's',
    'fp-galego-conservas': 's', 'fp-taller-orden': 'p', 'fp-ticket-farmacia': 'p', 'fp-euskera-okindegia': 'p',
    'ca-mensajeria-envios': 's', 'ca-prevencion-exenta': 's', 'ca-gestoria-suplidos': 's', 'ca-peaje-ticket': 'p', 'ca-alquiler-maquinaria': 'sp',
    'sv-celler-recarrec': 's', 'sv-agua-suministro': 'p', 'fp-rectificativa-devolucion': 's', 'sv-limpieza-ventana': 's', 'sv-floristeria': 'p', 'sv-ticket-libreria': 'p',
    'pl-garaje-irpf19': 's', 'pl-fruteria-recargo': 's', 'pl-arquitecta-irpf7': 's', 'pl-alarmas-trimestral': 'p',
    'cr-hotel-apaisado': 's', 'cr-transportista-irpf1': 's', 'cr-ticket-panaderia': 'p', 'cr-tienda-online': 'p',
}


def valid_tax_id(t):
    if re.fullmatch(r'\d{8}[A-Z]', t):
        return DNI_LETTERS[int(t[:8]) % 23] == t[8]
    if re.fullmatch(r'[XYZ]\d{7}[A-Z]', t):
        return DNI_LETTERS[int(str('XYZ'.index(t[0])) + t[1:8]) % 23] == t[8]
    m = re.fullmatch(r'([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])', t)
    if not m:
        return False
    d = m.group(2)
    total = sum(int(c) for c in d[1::2]) + sum(sum(divmod(int(c) * 2, 10)) for c in d[0::2])
    control = (10 - total % 10) % 10
    return m.group(3) in (str(control), 'JABCDEFGHI'[control])


def pdflib(i, out):
    t = i['totals']
    two = lambda d: es(d)
    data = {
        'id': i['id'], 'supplier': i['supplier'], 'customer': i['customer'], 'number': i['number'], 'date_text': i['date_text'],
        'lines': [{'desc': l.desc, 'qty': f'{l.qty.normalize():f}'.replace('.', ','), 'price': two(l.price), 'rate': f'{l.rate.normalize():f}'.replace('.', ','),
                   'surcharge': f'{l.surcharge.normalize():f}'.replace('.', ',') if l.surcharge is not None else None,
                   'net': two(l.net), 'vat': two(l.vat), 'with_vat': two(l.net + l.vat)} for l in i['lines']],
        'groups': [{'rate': f"{g['rate'].normalize():f}".replace('.', ','), 'surcharge': f"{g['surcharge'].normalize():f}".replace('.', ',') if g['surcharge'] is not None else None,
                    'base': two(g['base']), 'vat': two(g['vat']), 're': two(g['re']) if g['re'] is not None else None} for g in t.groups],
        'subtotal': two(t.subtotal), 'vat': two(t.vat), 're': two(t.re), 'withholding_rate': f'{t.withholding_rate.normalize():f}' if t.withholding_rate is not None else None,
        'withholding': two(t.withholding), 'total': two(t.total), 'total_words': amount_in_words(t.total),
    }
    with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as f:
        json.dump(data, f, ensure_ascii=False)
    try:
        subprocess.run([BUN, os.path.join(HERE, 'render_pdflib.ts'), f.name, os.path.abspath(out)], check=True, cwd=HERE)
    finally:
        os.unlink(f.name)


def renderer(layout_id):
    for module in (render_fpdf, render_cairo, render_svg, render_chromium):
        if layout_id in module.LAYOUTS:
            return module.LAYOUTS[layout_id]
    if layout_id.startswith('pl-'):
        return pdflib
    raise KeyError(layout_id)


def check_text_layer(i, pdf):
    text = subprocess.run(['pdftotext', '-layout', pdf, '-'], capture_output=True, text=True, check=True).stdout
    e = label(i)['expected']
    total = i['totals'].total
    wanted = [e['invoice_number'], e['supplier_tax_id'], i['date_text'].split(' ')[0]]
    problems = [w for w in wanted if w not in text]
    if es(total) not in text and es(total, '', '.') not in text:
        problems.append(f'total {es(total)}')
    for kind in ('vat', 'surcharge', 'withholding'):
        for line in e[kind]:
            amount = line['amount'].replace('.', ',')
            if amount not in text and line['amount'] not in text and line['rate'] != '0.00' and es(line['amount']) not in text:
                problems.append(f'{kind} {line["amount"]}')
    return problems


def main(only):
    os.makedirs(OUT, exist_ok=True)
    for i in INVOICES:
        if only and i['id'] not in only:
            continue
        pdf = os.path.join(OUT, f"{i['id']}.pdf")
        renderer(i['id'])(i, pdf)
        for who in (i['supplier'], i['customer']):
            assert valid_tax_id(who['nif']), (i['id'], who['nif'])
        problems = check_text_layer(i, pdf)
        assert not problems, (i['id'], problems)
        kinds = IMAGES.get(i['id'], '')
        pages = int(re.search(r'Pages:\s+(\d+)', subprocess.run(['pdfinfo', pdf], capture_output=True, text=True).stdout).group(1))
        scan = photo = None
        if 's' in kinds:
            scan = f"{i['id']}.scan.{'pdf' if pages > 1 else 'jpg'}"
            degrade.scan(pdf, os.path.join(OUT, scan), i['id'])
        if 'p' in kinds:
            photo = f"{i['id']}.photo.jpg"
            degrade.photo(pdf, os.path.join(OUT, photo), i['id'])
        with open(os.path.join(OUT, f"{i['id']}.json"), 'w', encoding='utf-8') as f:
            json.dump(label(i, scan, photo), f, ensure_ascii=False, indent=2)
            f.write('\n')
        print(i['id'], pages, 'page(s)', scan or '', photo or '', flush=True)


if __name__ == '__main__':
    main(set(sys.argv[1:]))
