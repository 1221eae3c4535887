"""Exact arithmetic, Spanish tax ids and amounts in words for the fresh corpus (issue 36).

Written for this corpus alone: nothing here is shared with the other corpora's generators.
"""
from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal('0.01')
D = Decimal


def r2(x):
    return D(x).quantize(CENT, rounding=ROUND_HALF_UP)


# --- tax ids -------------------------------------------------------------------------------
DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'


def dni(digits):
    return f'{digits:08d}{DNI_LETTERS[digits % 23]}'


def nie(prefix, digits):
    n = int(f"{'XYZ'.index(prefix)}{digits:07d}")
    return f'{prefix}{digits:07d}{DNI_LETTERS[n % 23]}'


def cif(letter, digits):
    """A company's NIF: the check is a digit for A, B, E, H, a letter for P, Q, R, S, N, W."""
    s = f'{digits:07d}'
    odd = sum((2 * int(c)) // 10 + (2 * int(c)) % 10 for c in s[0::2])
    even = sum(int(c) for c in s[1::2])
    control = (10 - (odd + even) % 10) % 10
    check = 'JABCDEFGHI'[control] if letter in 'PQRSNW' else str(control)
    return f'{letter}{s}{check}'


# --- amounts -------------------------------------------------------------------------------
def es(x, thousands='.', decimal=','):
    """1234.5 -> '1.234,50' (or another pair of separators)."""
    q = r2(x)
    sign = '-' if q < 0 else ''
    whole, frac = f'{abs(q):.2f}'.split('.')
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return sign + thousands.join(groups) + decimal + frac


UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce',
         'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno',
         'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve']
TENS = {30: 'treinta', 40: 'cuarenta', 50: 'cincuenta', 60: 'sesenta', 70: 'setenta', 80: 'ochenta', 90: 'noventa'}
HUNDREDS = {100: 'ciento', 200: 'doscientos', 300: 'trescientos', 400: 'cuatrocientos', 500: 'quinientos',
            600: 'seiscientos', 700: 'setecientos', 800: 'ochocientos', 900: 'novecientos'}


def words(n):
    """A whole number in Spanish words ('uno' apocopated to 'un' before 'mil' and 'euros' by the caller)."""
    if n < 30:
        return UNITS[n]
    if n < 100:
        t, u = divmod(n, 10)
        return TENS[t * 10] + ('' if u == 0 else ' y ' + UNITS[u])
    if n == 100:
        return 'cien'
    if n < 1000:
        h, rest = divmod(n, 100)
        return HUNDREDS[h * 100] + ('' if rest == 0 else ' ' + words(rest))
    if n < 1_000_000:
        th, rest = divmod(n, 1000)
        head = 'mil' if th == 1 else apocope(words(th)) + ' mil'
        return head + ('' if rest == 0 else ' ' + words(rest))
    m, rest = divmod(n, 1_000_000)
    head = 'un millón' if m == 1 else apocope(words(m)) + ' millones'
    return head + ('' if rest == 0 else ' ' + words(rest))


def apocope(w):
    if w.endswith('veintiuno'):
        return w[:-9] + 'veintiún'
    if w.endswith('uno'):
        return w[:-3] + 'un'
    return w


def euros_in_words(x):
    q = r2(x)
    e = int(q)
    c = int((q - e) * 100)
    text = apocope(words(e)) + (' euro' if e == 1 else ' euros')
    if c:
        text += ' con ' + apocope(words(c)) + (' céntimo' if c == 1 else ' céntimos')
    return text


# --- invoices ------------------------------------------------------------------------------
def compute(inv):
    """Fills inv['calc']: each line's net, the bases, VAT, recargo and IRPF lines, subtotal and total.

    inv['rounding'] is 'base' (the VAT of each rate computed on that rate's base), 'line' (each line's
    VAT rounded and summed) or 'included' (prices include VAT: base = gross / (1 + rate), VAT = gross - base).
    A line is a dict: desc, qty, price, vat (rate, 0 for exempt), re (recargo rate or None), disc (%).
    """
    mode = inv['rounding']
    lines = []
    for l in inv['lines']:
        gross = D(str(l['qty'])) * D(str(l['price']))
        disc = D(str(l.get('disc', 0)))
        net = r2(gross * (1 - disc / 100))
        lines.append({**l, 'net': net, 'line_vat': r2(net * D(str(l['vat'])) / 100)})
    rates = sorted({D(str(l['vat'])) for l in lines}, reverse=True)
    vat, re_lines = [], []
    for rate in rates:
        mine = [l for l in lines if D(str(l['vat'])) == rate]
        amount_sum = sum((l['net'] for l in mine), D('0'))
        if mode == 'included':
            base = r2(amount_sum / (1 + rate / 100))
            vat.append({'rate': rate, 'base': base, 'amount': amount_sum - base, 'gross': amount_sum})
        else:
            amount = r2(amount_sum * rate / 100) if mode == 'base' else sum((l['line_vat'] for l in mine), D('0'))
            vat.append({'rate': rate, 'base': amount_sum, 'amount': amount})
        re_rates = {l.get('re') for l in mine if l.get('re') is not None}
        for re in sorted(re_rates, reverse=True):
            b = sum((l['net'] for l in mine if l.get('re') == re), D('0'))
            re_lines.append({'rate': D(str(re)), 'base': b, 'amount': r2(b * D(str(re)) / 100)})
    subtotal = sum((v['base'] for v in vat), D('0'))
    irpf = []
    if inv.get('irpf'):
        rate = D(str(inv['irpf']))
        irpf.append({'rate': rate, 'base': subtotal, 'amount': r2(subtotal * rate / 100)})
    total = subtotal + sum((v['amount'] for v in vat), D('0')) + sum((v['amount'] for v in re_lines), D('0')) \
        - sum((v['amount'] for v in irpf), D('0'))
    inv['calc'] = {'lines': lines, 'vat': vat, 're': re_lines, 'irpf': irpf, 'subtotal': subtotal, 'total': total,
                   'vat_total': sum((v['amount'] for v in vat), D('0')),
                   're_total': sum((v['amount'] for v in re_lines), D('0'))}
    return inv


ROUNDING_TEXT = {
    'base': "VAT (and recargo) of each rate computed on that rate's base, half-up to the cent",
    'line': 'VAT per line rounded half-up to the cent, then summed by rate',
    'included': 'prices include VAT: base = gross / (1 + rate) half-up to the cent, VAT = gross - base',
}


def label(inv, scan, photo):
    c = inv['calc']
    tl = lambda v: {'rate': f"{v['rate']:.2f}", 'base': f"{v['base']:.2f}", 'amount': f"{v['amount']:.2f}"}
    return {
        'id': inv['id'], 'generator': inv['generator'], 'family': inv['family'], 'tests': inv['tests'],
        'own_tax_ids': [inv['customer']['nif']] if inv.get('customer') else [OWN['nif']],
        'rounding': ROUNDING_TEXT[inv['rounding']],
        'expected': {
            'supplier_name': inv['supplier']['name'], 'supplier_tax_id': inv['supplier']['nif'],
            'invoice_number': inv['number'], 'issue_date': inv['date'],
            'subtotal': f"{c['subtotal']:.2f}", 'total': f"{c['total']:.2f}",
            'vat': [tl(v) for v in c['vat']], 'surcharge': [tl(v) for v in c['re']], 'withholding': [tl(v) for v in c['irpf']],
        },
        'scan': scan, 'photo': photo,
    }


OWN = {'name': 'Conservas Iturri del Cantábrico, S.L.', 'nif': cif('B', 4813692),
       'addr': ['Polígono Landabaso, nave 7', '48370 Bermeo (Bizkaia)']}
