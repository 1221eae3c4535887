"""Invoice arithmetic, tax ids, amount and date formats shared by the seventh corpus's generators."""
from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal('0.01')
D = Decimal


def r2(x):
    return D(x).quantize(CENT, rounding=ROUND_HALF_UP)


# --- Spanish tax ids -------------------------------------------------------------------------
NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'


def dni(number8):
    n = f'{int(number8):08d}'
    return n + NIF_LETTERS[int(n) % 23]


def nie(prefix, number7):
    n = f'{int(number7):07d}'
    return prefix + n + NIF_LETTERS[int(str('XYZ'.index(prefix)) + n) % 23]


def cif(letter, number7):
    n = f'{int(number7):07d}'
    s = 0
    for i, ch in enumerate(n):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            d = d - 9 if d > 9 else d
        s += d
    control = (10 - s % 10) % 10
    if letter in 'KPQRSNW':
        return letter + n + 'JABCDEFGHI'[control]
    return letter + n + str(control)


def valid_spanish(tid):
    if tid[0].isdigit():
        return dni(tid[:8]) == tid
    if tid[0] in 'XYZ':
        return nie(tid[0], tid[1:8]) == tid
    return cif(tid[0], tid[1:8]) == tid


def nl_vat(number8):
    """A Dutch btw-id NL + 9 digits + B01; the 9th digit is the mod-11 check of the first eight."""
    n = f'{int(number8):08d}'
    s = sum(int(c) * w for c, w in zip(n, range(9, 1, -1)))
    c = s % 11
    if c == 10:
        raise ValueError('no check digit for ' + n)
    return f'NL{n}{c}B01'


def che_uid(number8):
    n = f'{int(number8):08d}'
    s = sum(int(c) * w for c, w in zip(n, [5, 4, 3, 2, 7, 6, 5, 4]))
    c = 11 - s % 11
    if c == 11:
        c = 0
    if c == 10:
        raise ValueError('no check digit for ' + n)
    d = n + str(c)
    return f'CHE-{d[0:3]}.{d[3:6]}.{d[6:9]}'


# --- arithmetic ------------------------------------------------------------------------------
RECARGO = {D('21'): D('5.2'), D('10'): D('1.4'), D('4'): D('0.5'), D('0'): D('0')}


def compute(inv):
    """Fills inv['calc'] from inv['lines'] (qty, price, rate, discount%) and the invoice's options.

    Line amount = qty × price × (1 − discount), half-up to the cent; VAT on each rate's base.
    `included`: prices include VAT (tickets): base = gross / (1 + rate), VAT = gross − base.
    `advance`: an amount paid before, taken off what is due after the total (the label's total is the invoice's)."""
    inv = {**inv, **inv.get('opt', {})} if 'calc' not in inv else inv
    lines = []
    for ln in inv['lines']:
        qty, price, rate = D(str(ln['qty'])), D(str(ln['price'])), D(str(ln['rate']))
        disc = D(str(ln.get('disc', 0)))
        amount = r2(qty * price * (1 - disc / 100))
        lines.append({**ln, 'amount': amount, 'rate': rate})
    bases = {}
    for ln in lines:
        bases[ln['rate']] = bases.get(ln['rate'], D(0)) + ln['amount']
    gdisc = D(str(inv.get('global_disc', 0)))
    vat, sur = [], []
    if inv.get('included'):
        for rate, gross in sorted(bases.items(), reverse=True):
            base = r2(gross / (1 + rate / 100))
            vat.append({'rate': rate, 'base': base, 'amount': gross - base})
    else:
        for rate, b in sorted(bases.items(), reverse=True):
            if gdisc:
                b = b - r2(b * gdisc / 100)
            vat.append({'rate': rate, 'base': b, 'amount': r2(b * rate / 100)})
            if inv.get('recargo'):
                sr = RECARGO[rate]
                sur.append({'rate': sr, 'base': b, 'amount': r2(b * sr / 100)})
    subtotal = sum((v['base'] for v in vat), D(0))
    wh = []
    if inv.get('irpf'):
        wb = sum((v['base'] for v in vat if v['rate'] not in inv.get('irpf_exclude', [])), D(0))
        wr = D(str(inv['irpf']))
        wh.append({'rate': wr, 'base': wb, 'amount': r2(wb * wr / 100)})
    total = subtotal + sum((v['amount'] for v in vat), D(0)) + sum((s['amount'] for s in sur), D(0)) - sum((w['amount'] for w in wh), D(0))
    outlays = sum((D(str(o[1])) for o in inv.get('outlays', [])), D(0))
    total += outlays
    sign = D(-1) if inv.get('negative') else D(1)
    if sign < 0:
        for ln in lines:
            ln['amount'] = -ln['amount']
        for group in (vat, sur, wh):
            for t in group:
                t['base'], t['amount'] = -t['base'], -t['amount']
        subtotal, total = -subtotal, -total
    gross_lines = sum((ln['amount'] for ln in lines), D(0))
    result = {'lines': lines, 'vat': vat, 'sur': sur, 'wh': wh, 'subtotal': subtotal, 'total': total,
                   'gross_lines': gross_lines, 'outlays': outlays,
                   'due': total - D(str(inv.get('advance', 0)))}
    return result


# --- formats ---------------------------------------------------------------------------------
def fmt(x, style='es', cur=''):
    """'es' 1.234,56 · 'sp' 1 234,56 · 'plain' 1234,56 · 'en' 1,234.56; cur: '€' after, 'EUR ' before, etc."""
    x = D(x)
    neg = x < 0
    s = f'{abs(x):.2f}'
    whole, frac = s.split('.')
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    sep, dec = {'es': ('.', ','), 'sp': ('\u202f' if False else ' ', ','), 'plain': ('', ','), 'en': (',', '.'), 'ch': ("'", '.')}[style]
    out = sep.join(groups) + dec + frac
    if neg:
        out = '-' + out
    if cur == '€':
        return out + ' €'
    if cur == '€tight':
        return out + '€'
    if cur:
        return cur + out
    return out


def pct(rate):
    r = D(rate)
    return (f'{r:.1f}'.rstrip('0').rstrip('.') if r != r.to_integral() else str(int(r))).replace('.', ',')


MONTHS_ES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre']

UNITS = ['', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce',
         'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés',
         'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve']
TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa']
HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos']


def _words999(n):
    if n == 0:
        return ''
    if n == 100:
        return 'cien'
    h, rest = divmod(n, 100)
    parts = [HUNDREDS[h]] if h else []
    if rest < 30:
        if rest:
            parts.append(UNITS[rest])
    else:
        t, u = divmod(rest, 10)
        parts.append(TENS[t] + (' y ' + UNITS[u] if u else ''))
    return ' '.join(parts)


def words(n):
    n = int(n)
    if n == 0:
        return 'cero'
    th, rest = divmod(n, 1000)
    out = []
    if th == 1:
        out.append('mil')
    elif th:
        out.append(_words999(th).replace('uno', 'un').replace('veintiun', 'veintiún') + ' mil')
    if rest:
        out.append(_words999(rest))
    return ' '.join(out)


def amount_words(x):
    x = D(x)
    euros = int(abs(x))
    cents = int((abs(x) - euros) * 100)
    w = words(euros)
    if w.endswith('veintiuno'):
        w = w[:-4] + 'ún'
    elif w.endswith('uno'):
        w = w[:-1]
    s = f'{w} euros'
    if cents:
        s += f' con {words(cents)} céntimos'
    return s
