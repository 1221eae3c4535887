"""Invoice model of the sixth corpus: tax ids with their check characters, exact arithmetic, labels.

Everything here is plain Python (Decimal, half-up to the cent); the generators only print what
this computes, so a label and its PDF cannot disagree.
"""
from decimal import Decimal, ROUND_HALF_UP
import json

D = Decimal
CENT = D('0.01')


def q(x):
    return D(x).quantize(CENT, rounding=ROUND_HALF_UP)


# --- tax ids ---------------------------------------------------------------
DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'


def dni(number8):
    return f'{number8:08d}{DNI_LETTERS[number8 % 23]}'


def nie(prefix, number7):
    return f'{prefix}{number7:07d}{DNI_LETTERS[int(str("XYZ".index(prefix)) + f"{number7:07d}") % 23]}'


def cif(letter, digits7):
    ds = [int(c) for c in f'{digits7:07d}']
    odd = sum((2 * d) // 10 + (2 * d) % 10 for d in ds[0::2])
    even = sum(ds[1::2])
    control = (10 - (odd + even) % 10) % 10
    if letter in 'KPQSNWR':
        return f'{letter}{digits7:07d}{"JABCDEFGHI"[control]}'
    return f'{letter}{digits7:07d}{control}'


def valid_spanish(tax_id):
    if tax_id[0].isdigit():
        return dni(int(tax_id[:8])) == tax_id
    if tax_id[0] in 'XYZ':
        return nie(tax_id[0], int(tax_id[1:8])) == tax_id
    return cif(tax_id[0], int(tax_id[1:8])) == tax_id


def de_vat(digits8):
    """German USt-IdNr: ISO 7064 MOD 11,10 check digit on eight digits."""
    product = 10
    for c in f'{digits8:08d}':
        s = (int(c) + product) % 10 or 10
        product = (2 * s) % 11
    check = (11 - product) % 10
    return f'DE{digits8:08d}{check}'


def it_vat(digits10):
    """Italian partita IVA: Luhn-like check on ten digits."""
    ds = [int(c) for c in f'{digits10:010d}']
    total = sum(ds[0::2]) + sum((2 * d) // 10 + (2 * d) % 10 for d in ds[1::2])
    return f'IT{digits10:010d}{(10 - total % 10) % 10}'


# --- the receiving companies -----------------------------------------------
OWN = {
    'name': 'Envases y Embalajes Guadalope, S.L.',
    'tax': cif('B', 4412037),
    'addr': ['Polígono La Noria, nave 14', '44600 Alcañiz (Teruel)'],
}
# a sole trader in recargo de equivalencia (a shop): her own tax id is her DNI
SHOP = {
    'name': 'Herminia Lacambra Peñalver',
    'trade': 'Comestibles Lacambra',
    'tax': dni(73094158),
    'addr': ['C/ Mayor, 27', '22520 Fraga (Huesca)'],
}


# --- amounts ----------------------------------------------------------------
def fmt(x, style='es', sign_minus='-'):
    """Formats a Decimal as printed: es "1.234,56", sp "1 234,56", plain "1234,56", en "1,234.56"."""
    x = q(x)
    neg = x < 0
    whole, frac = f'{abs(x):.2f}'.split('.')
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    if style == 'es':
        s = '.'.join(groups) + ',' + frac
    elif style == 'sp':
        s = ' '.join(groups) + ',' + frac
    elif style == 'plain':
        s = ''.join(groups) + ',' + frac
    elif style == 'en':
        s = ','.join(groups) + '.' + frac
    else:
        raise ValueError(style)
    return (sign_minus if neg else '') + s


def pct(r):
    """A rate as printed in Spanish: 21, 10, 5,2, 1,4, 0,5."""
    r = D(r)
    return str(r.normalize()).replace('.', ',') if r != r.to_integral() else str(int(r))


# --- words (totals in letters) ----------------------------------------------
_UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce',
          'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno',
          'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve']
_TENS = {30: 'treinta', 40: 'cuarenta', 50: 'cincuenta', 60: 'sesenta', 70: 'setenta', 80: 'ochenta', 90: 'noventa'}
_HUNDREDS = {1: 'ciento', 2: 'doscientos', 3: 'trescientos', 4: 'cuatrocientos', 5: 'quinientos', 6: 'seiscientos',
             7: 'setecientos', 8: 'ochocientos', 9: 'novecientos'}


def _below_thousand(n):
    if n == 100:
        return 'cien'
    h, rest = divmod(n, 100)
    parts = [_HUNDREDS[h]] if h else []
    if rest:
        if rest < 30:
            parts.append(_UNITS[rest])
        else:
            t, u = divmod(rest, 10)
            parts.append(_TENS[t * 10] + (f' y {_UNITS[u]}' if u else ''))
    return ' '.join(parts)


def words(n):
    """Spanish cardinal for 0 ≤ n < 1 000 000 ("un" before "mil" and nouns)."""
    if n == 0:
        return 'cero'
    th, rest = divmod(n, 1000)
    parts = []
    if th == 1:
        parts.append('mil')
    elif th:
        parts.append(_below_thousand(th).replace('uno', 'un').replace('veintiun', 'veintiún') + ' mil')
    if rest:
        parts.append(_below_thousand(rest))
    return ' '.join(parts)


def amount_words(x):
    x = q(x)
    euros = int(x)
    cents = int((x - euros) * 100)
    e = words(euros)
    if e.endswith('veintiuno'):
        e = e[:-1].replace('veintiun', 'veintiún')
    elif e.endswith('uno'):
        e = e[:-1]
    out = f'{e} euro{"s" if euros != 1 else ""}'
    if cents:
        c = words(cents)
        if c.endswith('uno'):
            c = c[:-1]
        out += f' con {c} céntimo{"s" if cents != 1 else ""}'
    return out


# --- invoices ----------------------------------------------------------------
class Line:
    def __init__(self, desc, qty, price, rate='21', re=None, disc=None, **extra):
        self.desc, self.qty, self.price = desc, D(str(qty)), D(str(price))
        self.rate, self.re = D(str(rate)), (D(str(re)) if re is not None else None)
        self.disc = D(str(disc)) if disc else None
        self.extra = extra

    @property
    def amount(self):
        gross = self.qty * self.price
        if self.disc:
            gross = gross * (100 - self.disc) / 100
        return q(gross)


RE_OF = {D('21'): D('5.2'), D('10'): D('1.4'), D('4'): D('0.5')}


class Invoice:
    def __init__(self, id, generator, family, tests, supplier, number, date_text, date_iso, lines,
                 customer=OWN, irpf=None, included=False, global_disc=None, suplidos=(), anticipo=None,
                 recargo=False, exempt_note=None, **extra):
        self.id, self.generator, self.family, self.tests = id, generator, family, tests
        self.supplier, self.customer = supplier, customer
        self.number, self.date_text, self.date_iso = number, date_text, date_iso
        self.lines = lines
        self.irpf = D(str(irpf)) if irpf else None
        self.included = included
        self.global_disc = D(str(global_disc)) if global_disc else None
        self.suplidos = [(d, D(str(a))) for d, a in suplidos]
        self.anticipo = D(str(anticipo)) if anticipo else None
        self.recargo = recargo
        self.exempt_note = exempt_note
        self.extra = extra
        self.compute()

    def compute(self):
        gross = {}
        for l in self.lines:
            gross[l.rate] = gross.get(l.rate, D(0)) + l.amount
        self.gross_by_rate = dict(gross)
        self.lines_sum = sum(gross.values(), D(0))
        rows = []
        for rate in sorted(gross, reverse=True):
            g = gross[rate]
            disc = D(0)
            if self.global_disc:
                disc = q(g * self.global_disc / 100)
            base = g - disc
            if self.included:
                net = q(base / (1 + rate / 100))
                vat = base - net
                base = net
            else:
                if self.anticipo and rate == max(gross):
                    base -= self.anticipo
                vat = q(base * rate / 100)
            re_rate = RE_OF.get(rate) if self.recargo else None
            re_amt = q(base * re_rate / 100) if re_rate is not None else None
            rows.append({'rate': rate, 'gross': g, 'disc': disc, 'base': base, 'vat': vat,
                         're_rate': re_rate, 're': re_amt})
        self.rows = rows
        self.subtotal = sum((r['base'] for r in rows), D(0))
        self.vat_total = sum((r['vat'] for r in rows), D(0))
        self.re_total = sum((r['re'] or D(0) for r in rows), D(0))
        self.irpf_amount = q(self.subtotal * self.irpf / 100) if self.irpf else D(0)
        self.suplidos_total = sum((a for _, a in self.suplidos), D(0))
        self.total = self.subtotal + self.vat_total + self.re_total - self.irpf_amount + self.suplidos_total

    def label(self, scan=None, photo=None):
        s2 = lambda x: f'{q(x):.2f}'
        return {
            'id': self.id,
            'generator': self.generator,
            'family': self.family,
            'tests': self.tests,
            'own_tax_ids': [self.customer['tax']],
            'rounding': ("VAT taken out of prices that include it: base = gross / (1 + rate), VAT = gross - base"
                         if self.included else
                         "VAT (and recargo) of each rate computed on that rate's base, half-up to the cent"),
            'expected': {
                'supplier_name': self.supplier['name'],
                'supplier_tax_id': self.supplier['tax'],
                'invoice_number': self.number,
                'issue_date': self.date_iso,
                'subtotal': s2(self.subtotal),
                'total': s2(self.total),
                'vat': [{'rate': s2(r['rate']), 'base': s2(r['base']), 'amount': s2(r['vat'])} for r in self.rows],
                'surcharge': [{'rate': s2(r['re_rate']), 'base': s2(r['base']), 'amount': s2(r['re'])}
                              for r in self.rows if r['re_rate'] is not None],
                'withholding': ([{'rate': s2(self.irpf), 'base': s2(self.subtotal), 'amount': s2(self.irpf_amount)}]
                                if self.irpf else []),
            },
            'scan': scan,
            'photo': photo,
        }


def write_label(inv, path, scan=None, photo=None):
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(inv.label(scan, photo), f, ensure_ascii=False, indent=2)
        f.write('\n')
