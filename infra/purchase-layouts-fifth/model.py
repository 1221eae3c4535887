"""Tax ids with their check characters, exact invoice arithmetic (Decimal, half-up) and the label."""
from decimal import Decimal as D, ROUND_HALF_UP

CENT = D('0.01')
LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'


def r2(x):
    return D(x).quantize(CENT, rounding=ROUND_HALF_UP)


def dni(number):
    return f'{number:08d}{LETTERS[number % 23]}'


def nie(prefix, number):
    return f'{prefix}{number:07d}{LETTERS[int(str("XYZ".index(prefix)) + f"{number:07d}") % 23]}'


def cif(letter, seven):
    assert seven < 10 ** 7, seven
    digits = [int(c) for c in f'{seven:07d}']
    odd = sum((d * 2) // 10 + (d * 2) % 10 for d in digits[0::2])
    control = (10 - (odd + sum(digits[1::2])) % 10) % 10
    tail = 'JABCDEFGHI'[control] if letter in 'NPQRSW' else str(control)
    return f'{letter}{seven:07d}{tail}'


def pt_nif(eight):
    """A Portuguese NIPC: nine digits, the last a mod-11 check."""
    digits = [int(c) for c in f'{eight:08d}']
    s = sum(d * w for d, w in zip(digits, range(9, 1, -1)))
    check = 11 - s % 11
    return f'{eight:08d}{0 if check >= 10 else check}'


def fr_tva(siren):
    """A French TVA number: FR, a two-digit key, the nine-digit SIREN."""
    return f'FR{(12 + 3 * (siren % 97)) % 97:02d}{siren:09d}'


def valid_es(id_):
    if id_[:1].isdigit():
        return LETTERS[int(id_[:8]) % 23] == id_[8]
    if id_[0] in 'XYZ':
        return nie(id_[0], int(id_[1:8])) == id_
    return cif(id_[0], int(id_[1:8])) in (id_, id_[:8] + str('JABCDEFGHI'.index(id_[8])) if id_[8].isalpha() else id_)


RE_OF = {D('21'): D('5.2'), D('10'): D('1.4'), D('4'): D('0.5'), D('0'): D('0')}


class Invoice:
    """Lines as (amount, rate); `mode` says how VAT is rounded: 'base' (on each rate's base), 'line'
    (per line, summed) or 'included' (lines are gross prices with VAT in them)."""

    def __init__(self, lines, mode='base', recargo=False, irpf=None, discount=None, outside=()):
        self.mode, self.recargo, self.irpf, self.outside = mode, recargo, irpf, [r2(a) for a in outside]
        self.lines = [(r2(a), D(str(rate))) for a, rate in lines]
        self.bases, self.vat = {}, {}
        for amount, rate in self.lines:
            self.bases[rate] = self.bases.get(rate, D(0)) + amount
            if mode == 'line':
                self.vat[rate] = self.vat.get(rate, D(0)) + r2(amount * rate / 100)
        self.discounts = {}
        if discount:
            for rate, base in list(self.bases.items()):
                self.discounts[rate] = r2(base * D(str(discount)) / 100)
                self.bases[rate] = base - self.discounts[rate]
        if mode == 'included':
            self.gross = dict(self.bases)
            for rate, gross in self.gross.items():
                self.bases[rate] = r2(gross / (1 + rate / 100))
                self.vat[rate] = gross - self.bases[rate]
        elif mode == 'base':
            self.vat = {rate: r2(base * rate / 100) for rate, base in self.bases.items()}
        self.re = {rate: r2(base * RE_OF[rate] / 100) for rate, base in self.bases.items()} if recargo else {}
        self.subtotal = sum(self.bases.values(), D(0))
        self.irpf_amount = r2(self.subtotal * D(str(irpf)) / 100) if irpf else D(0)
        self.total = self.subtotal + sum(self.vat.values(), D(0)) + sum(self.re.values(), D(0)) - self.irpf_amount + sum(self.outside, D(0))

    def rates(self):
        return sorted(self.bases, reverse=True)

    def tax_lines(self):
        f = lambda d: f'{d:.2f}'
        vat = [{'rate': f(r), 'base': f(self.bases[r]), 'amount': f(self.vat[r])} for r in self.rates()]
        sur = [{'rate': f(RE_OF[r]), 'base': f(self.bases[r]), 'amount': f(self.re[r])} for r in self.rates() if self.recargo and RE_OF[r]]
        wh = [{'rate': f(D(str(self.irpf))), 'base': f(self.subtotal), 'amount': f(self.irpf_amount)}] if self.irpf else []
        return vat, sur, wh

    def rounding(self):
        return {
            'base': "VAT (and recargo) of each rate computed on that rate's base, half-up to the cent",
            'line': 'VAT computed on each line, half-up to the cent, and summed by rate',
            'included': 'prices include VAT: base = gross / (1 + rate) half-up to the cent, VAT = gross - base',
        }[self.mode]


def es(amount, thousands='.', decimal=',', places=2):
    """An amount as printed in Spain: 1.234,56 (or any other pair of separators)."""
    q = D(amount).quantize(D(1).scaleb(-places), rounding=ROUND_HALF_UP)
    sign = '-' if q < 0 else ''
    whole, _, frac = f'{abs(q):.{places}f}'.partition('.')
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:]); whole = whole[:-3]
    groups.insert(0, whole)
    return sign + thousands.join(groups) + (decimal + frac if places else '')


def pct(rate):
    s = f'{D(str(rate)):f}'
    return (s.rstrip('0').rstrip('.') if '.' in s else s).replace('.', ',')


UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece',
         'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós',
         'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve']
TENS = {30: 'treinta', 40: 'cuarenta', 50: 'cincuenta', 60: 'sesenta', 70: 'setenta', 80: 'ochenta', 90: 'noventa'}
HUNDREDS = {1: 'ciento', 2: 'doscientos', 3: 'trescientos', 4: 'cuatrocientos', 5: 'quinientos', 6: 'seiscientos',
            7: 'setecientos', 8: 'ochocientos', 9: 'novecientos'}


def words(n):
    if n < 30:
        return UNITS[n]
    if n < 100:
        return TENS[n // 10 * 10] + ('' if n % 10 == 0 else ' y ' + UNITS[n % 10])
    if n < 1000:
        return 'cien' if n == 100 else HUNDREDS[n // 100] + ('' if n % 100 == 0 else ' ' + words(n % 100))
    if n < 1_000_000:
        th = 'mil' if n // 1000 == 1 else words(n // 1000).replace('uno', 'un') + ' mil'
        return th + ('' if n % 1000 == 0 else ' ' + words(n % 1000))
    raise ValueError(n)


def in_words(amount):
    q = r2(amount)
    euros, cents = int(q), int((q - int(q)) * 100)
    w = words(euros)
    w = w[:-3] + 'ún' if w.endswith('uno') else w
    return f'{w} euros' + (f' con {words(cents)} céntimos' if cents else '')
