"""The receiving companies, and small drawing helpers for the canvas layouts."""
from model import cif, dni, es, pct, D, r2

# the company that receives most of these invoices (invented)
OWN = ('Distribuciones Moncayo Norte, S.L.', cif('B', 9412738), 'Polígono Las Norias, nave 14', '50200 Ateca (Zaragoza)')
# a shop in recargo de equivalencia (a sole trader) and a bookshop company in recargo
SHOP = ('Ultramarinos Celorrio', dni(16587342), 'Calle Mayor 23', '26500 Calahorra (La Rioja)', 'Begoña Celorrio Sáenz')


def label(id_, generator, family, tests, supplier, number, date, inv, own=None, scan=False, photo=False):
    vat, sur, wh = inv.tax_lines()
    return {
        'id': id_, 'generator': generator, 'family': family, 'tests': tests, 'own_tax_ids': [own or OWN[1]],
        'rounding': inv.rounding(),
        'expected': {'supplier_name': supplier[0], 'supplier_tax_id': supplier[1], 'invoice_number': number, 'issue_date': date,
                     'subtotal': f'{inv.subtotal:.2f}', 'total': f'{inv.total:.2f}', 'vat': vat, 'surcharge': sur, 'withholding': wh},
        'scan': (f'{id_}.scan.pdf' if scan == 'pdf' else f'{id_}.scan.jpg') if scan else None,
        'photo': f'{id_}.photo.jpg' if photo else None,
    }


def table(c, y, cols, header, rows, size=8, head_bold=True, rule=True, step=None):
    """cols: [(x, align)], x is the left edge for 'l' and the right edge for 'r'."""
    step = step or size * 0.5
    for (x, a), h in zip(cols, header):
        c.text(x, y, h, size, bold=head_bold, align=a)
    if rule:
        c.line(cols[0][0], y + 1.5, cols[-1][0], y + 1.5, 0.2)
    y += step + 1.5
    for row in rows:
        for (x, a), v in zip(cols, row):
            if v != '':
                c.text(x, y, v, size, align=a)
        y += step
    return y
