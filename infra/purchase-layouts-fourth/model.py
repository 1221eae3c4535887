"""Tax ids with valid check characters, exact invoice arithmetic (Decimal, half-up) and amounts
written the Spanish way, in figures and in words. Written for this corpus alone."""
from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal('0.01')
DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'


def cents(x):
    return Decimal(x).quantize(CENT, rounding=ROUND_HALF_UP)


def dni(number):
    n = f'{number:08d}'
    return n + DNI_LETTERS[int(n) % 23]


def nie(prefix, number):
    n = f'{number:07d}'
    return prefix + n + DNI_LETTERS[int(str('XYZ'.index(prefix)) + n) % 23]


def company_nif(letter, number):
    """A company's NIF: letter, seven digits and the control (a digit for A/B/E/H, a letter for
    N/P/Q/R/S/W, a digit for the rest here)."""
    d = f'{number:07d}'
    even = sum(int(c) for c in d[1::2])
    odd = sum(sum(divmod(int(c) * 2, 10)) for c in d[0::2])
    control = (10 - (even + odd) % 10) % 10
    check = 'JABCDEFGHI'[control] if letter in 'NPQRSW' else str(control)
    return letter + d + check


def es(amount, thousands='.', decimal=','):
    """1234.5 -> '1.234,50' (or with other separators)."""
    q = cents(amount)
    sign = '-' if q < 0 else ''
    whole, frac = f'{abs(q):.2f}'.split('.')
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return sign + thousands.join(groups) + decimal + frac


def rate_text(rate):
    """Decimal('5.2') -> '5,2', Decimal('21') -> '21'."""
    s = f'{Decimal(rate).normalize():f}'
    return s.replace('.', ',')


UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez',
         'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho',
         'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro',
         'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve']
TENS = {3: 'treinta', 4: 'cuarenta', 5: 'cincuenta', 6: 'sesenta', 7: 'setenta', 8: 'ochenta', 9: 'noventa'}
HUNDREDS = {1: 'ciento', 2: 'doscientos', 3: 'trescientos', 4: 'cuatrocientos', 5: 'quinientos',
            6: 'seiscientos', 7: 'setecientos', 8: 'ochocientos', 9: 'novecientos'}


def _below_thousand(n, apocope):
    if n == 100:
        return 'cien'
    h, rest = divmod(n, 100)
    parts = [HUNDREDS[h]] if h else []
    if rest:
        if rest < 30:
            unit = UNITS[rest]
            if apocope and rest == 1:
                unit = 'un'
            elif apocope and rest == 21:
                unit = 'veintiún'
            parts.append(unit)
        else:
            t, u = divmod(rest, 10)
            parts.append(TENS[t] + (f" y {'un' if apocope and u == 1 else UNITS[u]}" if u else ''))
    return ' '.join(parts)


def words(n, apocope=True):
    """An integer below a million in Spanish words ('un', 'veintiún' before a noun when apocope)."""
    if n == 0:
        return 'cero'
    thousands, rest = divmod(n, 1000)
    parts = []
    if thousands == 1:
        parts.append('mil')
    elif thousands:
        parts.append(_below_thousand(thousands, True) + ' mil')
    if rest:
        parts.append(_below_thousand(rest, apocope))
    return ' '.join(parts)


def amount_in_words(amount):
    q = cents(amount)
    euros, c = divmod(int(q * 100), 100)
    text = f'{words(euros)} {"euro" if euros == 1 else "euros"}'
    if c:
        text += f' con {words(c)} {"céntimo" if c == 1 else "céntimos"}'
    return text


class Line:
    def __init__(self, desc, qty, price, rate, discount='0', surcharge=None, code=None, extra=None):
        self.desc, self.qty, self.price = desc, Decimal(qty), Decimal(price)
        self.rate, self.discount = Decimal(rate), Decimal(discount)
        self.surcharge = Decimal(surcharge) if surcharge is not None else None
        self.code, self.extra = code, extra or {}
        self.gross = cents(self.qty * self.price)
        self.discount_amount = cents(self.gross * self.discount / 100)
        self.net = self.gross - self.discount_amount
        self.vat = cents(self.net * self.rate / 100)


class Totals:
    """Taxes by rate. mode: 'base' (each rate's VAT on that rate's base), 'line' (each line's VAT
    rounded, then summed) or 'included' (prices include VAT; base = gross / (1 + rate))."""

    def __init__(self, lines, mode='base', withholding=None, global_discount='0', outside=Decimal('0')):
        self.lines, self.mode = lines, mode
        self.global_discount = Decimal(global_discount)
        assert not (mode == 'line' and self.global_discount), 'a discount on the whole makes per-line VAT meaningless'
        self.outside = Decimal(outside)  # suplidos, deposits: not taxed, added to the total
        rates = []
        for l in lines:
            if (l.rate, l.surcharge) not in rates:
                rates.append((l.rate, l.surcharge))
        self.groups = []
        for rate, sur in rates:
            ls = [l for l in lines if (l.rate, l.surcharge) == (rate, sur)]
            gross = sum((l.net for l in ls), Decimal('0'))
            disc = cents(gross * self.global_discount / 100)
            if mode == 'included':
                included = gross - disc
                base = cents(included / (1 + rate / 100))
                vat = included - base
            else:
                base = gross - disc
                vat = sum((l.vat for l in ls), Decimal('0')) if mode == 'line' else cents(base * rate / 100)
            re = cents(base * sur / 100) if sur is not None else None
            self.groups.append({'rate': rate, 'surcharge': sur, 'gross': gross, 'discount': disc, 'base': base, 'vat': vat, 're': re})
        self.gross = sum((g['gross'] for g in self.groups), Decimal('0'))
        self.discount = sum((g['discount'] for g in self.groups), Decimal('0'))
        self.subtotal = sum((g['base'] for g in self.groups), Decimal('0'))
        self.vat = sum((g['vat'] for g in self.groups), Decimal('0'))
        self.re = sum((g['re'] or Decimal('0') for g in self.groups), Decimal('0'))
        self.withholding_rate = Decimal(withholding) if withholding is not None else None
        self.withholding = cents(self.subtotal * self.withholding_rate / 100) if withholding is not None else Decimal('0')
        self.total = self.subtotal + self.vat + self.re - self.withholding + self.outside

    def rounding_note(self):
        return {
            'base': "VAT (and recargo) of each rate computed on that rate's base, half-up to the cent",
            'line': "VAT computed on each line, half-up to the cent, and summed by rate",
            'included': 'prices include VAT: base = gross / (1 + rate) half-up to the cent, VAT = gross - base',
        }[self.mode]

    def expected(self):
        two = lambda d: f'{cents(d):.2f}'
        vat = [{'rate': two(g['rate']), 'base': two(g['base']), 'amount': two(g['vat'])} for g in self.groups]
        sur = [{'rate': two(g['surcharge']), 'base': two(g['base']), 'amount': two(g['re'])} for g in self.groups if g['surcharge'] is not None]
        wh = [{'rate': two(self.withholding_rate), 'base': two(self.subtotal), 'amount': two(self.withholding)}] if self.withholding_rate is not None else []
        return {'subtotal': two(self.subtotal), 'total': two(self.total), 'vat': vat, 'surcharge': sur, 'withholding': wh}
