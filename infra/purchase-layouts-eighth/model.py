"""Invoice model of the eighth corpus: parties with valid Spanish tax ids, exact Decimal arithmetic,
number and date formats, and the label each layout gets."""
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, ROUND_HALF_UP

D = Decimal
CENT = D('0.01')
DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'
RECARGO = {D('21'): D('5.2'), D('10'): D('1.4'), D('4'): D('0.5')}


def cents(value):
    return D(value).quantize(CENT, rounding=ROUND_HALF_UP)


def cif(letter, seven):
    digits = [int(c) for c in seven]
    odd = sum((2 * d) // 10 + (2 * d) % 10 for d in digits[0::2])
    control = (10 - (odd + sum(digits[1::2])) % 10) % 10
    tail = 'JABCDEFGHI'[control] if letter in 'NPQRSW' else str(control)
    return f'{letter}{seven}{tail}'


def dni(eight):
    return f'{eight}{DNI_LETTERS[int(eight) % 23]}'


def valid_spanish_tax_id(tax_id):
    if tax_id[:8].isdigit() and len(tax_id) == 9:
        return dni(tax_id[:8]) == tax_id
    return len(tax_id) == 9 and cif(tax_id[0], tax_id[1:8]) == tax_id


def german_vat(eight):
    """USt-IdNr: ISO 7064 MOD 11,10 check digit."""
    product = 10
    for c in eight:
        total = (int(c) + product) % 10 or 10
        product = (2 * total) % 11
    return f'DE{eight}{(11 - product) % 10}'


def french_vat(siren):
    key = (12 + 3 * (int(siren) % 97)) % 97
    return f'FR{key:02d}{siren}'


def irish_vat(seven):
    """IE: seven digits and a check letter (weights 8..2, mod 23, 0 -> W)."""
    total = sum(int(c) * w for c, w in zip(seven, range(8, 1, -1)))
    return f'IE{seven}{"WABCDEFGHIJKLMNOPQRSTUV"[total % 23]}'


@dataclass
class Party:
    name: str
    tax_id: str
    address: list
    brand: str = ''


@dataclass
class Line:
    description: str
    quantity: Decimal
    price: Decimal
    rate: Decimal = D('21')
    discount: Decimal = D('0')
    exempt: bool = False   # exempt or reverse-charged: a 0 % line in the label
    ref: str = ''

    @property
    def amount(self):
        return cents(self.quantity * self.price * (1 - self.discount / 100))


@dataclass
class Invoice:
    id: str
    generator: str
    family: str
    tests: str
    supplier: Party
    customer: Party
    number: str
    issued: date
    lines: list
    recargo: bool = False
    irpf: Decimal = D('0')
    vat_included: bool = False
    scan: str = None        # None, 'jpg' or 'pdf'
    photo: bool = False
    extra: dict = field(default_factory=dict)

    def bases(self):
        """Taxable base per rate (0 for exempt/reverse-charged), in order of first appearance."""
        out = {}
        for line in self.lines:
            rate = D('0') if line.exempt else line.rate
            out[rate] = out.get(rate, D('0')) + line.amount
        return out

    def vat_lines(self):
        rows = []
        for rate, amount in self.bases().items():
            if self.vat_included and rate:
                base = cents(amount / (1 + rate / 100))
                rows.append((rate, base, amount - base))
            else:
                rows.append((rate, amount, cents(amount * rate / 100)))
        return rows

    def surcharge_lines(self):
        if not self.recargo:
            return []
        return [(RECARGO[rate], base, cents(base * RECARGO[rate] / 100)) for rate, base, _ in self.vat_lines() if rate]

    @property
    def subtotal(self):
        return sum((base for _, base, _ in self.vat_lines()), D('0'))

    def withholding_lines(self):
        if not self.irpf:
            return []
        return [(self.irpf, self.subtotal, cents(self.subtotal * self.irpf / 100))]

    @property
    def vat_total(self):
        return sum((v for _, _, v in self.vat_lines()), D('0'))

    @property
    def surcharge_total(self):
        return sum((v for _, _, v in self.surcharge_lines()), D('0'))

    @property
    def withholding_total(self):
        return sum((v for _, _, v in self.withholding_lines()), D('0'))

    @property
    def total(self):
        return self.subtotal + self.vat_total + self.surcharge_total - self.withholding_total

    @property
    def gross_lines(self):
        return sum((l.amount for l in self.lines), D('0'))

    def label(self, number=None):
        tax = lambda rows: [{'rate': f'{r:.2f}', 'base': f'{b:.2f}', 'amount': f'{a:.2f}'} for r, b, a in rows]
        return {
            'id': self.id, 'generator': self.generator, 'family': self.family, 'tests': self.tests,
            'own_tax_ids': [self.customer.tax_id],
            'rounding': ('VAT taken out of prices that include it: base = gross / (1 + rate), VAT = gross − base, half-up to the cent'
                         if self.vat_included else 'VAT (and recargo) of each rate computed on that rate\'s base, half-up to the cent'),
            'expected': {
                'supplier_name': self.supplier.name, 'supplier_tax_id': self.supplier.tax_id,
                'invoice_number': number or self.number, 'issue_date': self.issued.isoformat(),
                'subtotal': f'{self.subtotal:.2f}', 'total': f'{self.total:.2f}',
                'vat': tax(self.vat_lines()), 'surcharge': tax(self.surcharge_lines()), 'withholding': tax(self.withholding_lines()),
            },
            'scan': (f'{self.id}.scan.{self.scan}' if self.scan else None),
            'photo': (f'{self.id}.photo.jpg' if self.photo else None),
        }


def money(value, thousands='.', decimal=',', places=2):
    value = D(value)
    sign = '-' if value < 0 else ''
    whole, frac = f'{abs(value):.{places}f}'.split('.')
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return f'{sign}{thousands.join(groups)}{decimal}{frac}'


def es(value, places=2):
    return money(value, '.', ',', places)


def plain(value, places=2):
    return money(value, '', ',', places)


def en(value, places=2):
    return money(value, ',', '.', places)


def qty(value):
    """A quantity as a Spanish invoice prints it: no decimals when whole."""
    value = D(value)
    return str(int(value)) if value == value.to_integral() else es(value, len(str(value).split('.')[1]))


def pct(rate):
    rate = D(rate)
    return str(int(rate)) if rate == rate.to_integral() else str(rate.normalize()).replace('.', ',')


MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre']
MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']


def long_date(d):
    return f'{d.day} de {MONTHS[d.month - 1]} de {d.year}'


UNITS = ['', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece',
         'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós',
         'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve']
TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa']
HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos',
            'ochocientos', 'novecientos']


def words_below_thousand(n):
    if n == 100:
        return 'cien'
    parts = []
    if n >= 100:
        parts.append(HUNDREDS[n // 100])
        n %= 100
    if n >= 30:
        parts.append(TENS[n // 10] + (f' y {UNITS[n % 10]}' if n % 10 else ''))
    elif n:
        parts.append(UNITS[n])
    return ' '.join(parts)


def words(n):
    n = int(n)
    if n == 0:
        return 'cero'
    thousands, rest = divmod(n, 1000)
    head = '' if not thousands else ('mil' if thousands == 1 else words_below_thousand(thousands).replace('uno', 'un') + ' mil')
    return ' '.join(p for p in [head, words_below_thousand(rest)] if p)


def apocope(text):
    """'uno' before a noun: 'veintiún euros', 'treinta y un céntimos'."""
    if text.endswith('veintiuno'):
        return text[:-3] + 'ún'
    return text[:-1] if text.endswith('uno') else text


def euros_in_words(value):
    value = D(value)
    whole = int(abs(value))
    cents_part = int((abs(value) - whole) * 100)
    text = f'{apocope(words(whole))} euros'
    if cents_part:
        text += f' con {apocope(words(cents_part))} céntimos'
    return text.upper()
