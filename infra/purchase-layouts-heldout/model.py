"""The held-out corpus's invoice model: exact arithmetic (Decimal, half-up to the cent, as Spanish
invoicing software rounds), tax ids with their check characters, and the Spanish ways of printing
amounts, dates and totals in words. Written for this corpus alone, without looking at the
extractor or at the first corpus's templates."""
from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
import datetime as dt

CENT = Decimal('0.01')
D = Decimal
RECARGO = {D('21'): D('5.2'), D('10'): D('1.4'), D('4'): D('0.5'), D('0'): D('0')}


def r2(x: Decimal) -> Decimal:
    return x.quantize(CENT, rounding=ROUND_HALF_UP)


# --- tax ids ----------------------------------------------------------------------------------
DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE'


def dni(number: int) -> str:
    return f'{number:08d}{DNI_LETTERS[number % 23]}'


def nie(prefix: str, number: int) -> str:
    return f'{prefix}{number:07d}{DNI_LETTERS[int(str("XYZ".index(prefix)) + f"{number:07d}") % 23]}'


def cif(letter: str, digits: str) -> str:
    """A company's NIF: the check is a digit for A/B/E/H (and others), a letter for P/Q/S/N/W."""
    assert len(digits) == 7
    total = 0
    for i, ch in enumerate(digits):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            d = d - 9 if d > 9 else d
        total += d
    control = (10 - total % 10) % 10
    check = 'JABCDEFGHI'[control] if letter in 'PQSNW' else str(control)
    return f'{letter}{digits}{check}'


# --- printing ---------------------------------------------------------------------------------
def es_amount(x: Decimal, thousands: str = '.') -> str:
    """1234.5 → "1.234,50" (thousands separator may be '.', ' ' or '')."""
    sign = '-' if x < 0 else ''
    whole, frac = f'{abs(r2(x)):.2f}'.split('.')
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return f'{sign}{thousands.join(groups)},{frac}'


def en_amount(x: Decimal) -> str:
    return f'{r2(x):,.2f}'


def plain(x: Decimal) -> str:
    return f'{r2(x):.2f}'


def pct(x: Decimal, decimals: int = 0) -> str:
    """21 → "21", 5.2 → "5,2" (as the rate is printed beside a base)."""
    s = f'{x:.{decimals}f}' if decimals else (f'{x.normalize():f}')
    return s.replace('.', ',')


MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre',
          'octubre', 'noviembre', 'diciembre']


def date_text(iso: str, form: str) -> str:
    d = dt.date.fromisoformat(iso)
    m = MONTHS[d.month - 1]
    return {
        'dd/mm/yyyy': f'{d.day:02d}/{d.month:02d}/{d.year}',
        'd/m/yy': f'{d.day}/{d.month}/{d.year % 100:02d}',
        'dd-mm-yyyy': f'{d.day:02d}-{d.month:02d}-{d.year}',
        'dd.mm.yyyy': f'{d.day:02d}.{d.month:02d}.{d.year}',
        'iso': iso,
        'long': f'{d.day} de {m} de {d.year}',
        'dd-mon-yyyy': f'{d.day:02d}-{m[:3]}-{d.year}',
        'dd MON yyyy': f'{d.day:02d} {m[:3].upper()} {d.year}',
        'english': d.strftime('%d %B %Y'),
    }[form]


UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez',
         'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho',
         'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro',
         'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve']
TENS = {30: 'treinta', 40: 'cuarenta', 50: 'cincuenta', 60: 'sesenta', 70: 'setenta', 80: 'ochenta', 90: 'noventa'}
HUNDREDS = {1: 'ciento', 2: 'doscientos', 3: 'trescientos', 4: 'cuatrocientos', 5: 'quinientos',
            6: 'seiscientos', 7: 'setecientos', 8: 'ochocientos', 9: 'novecientos'}


def words_below_thousand(n: int, apocope: bool) -> str:
    if n == 100:
        return 'cien'
    parts = []
    if n >= 100:
        parts.append(HUNDREDS[n // 100])
        n %= 100
    if n:
        if n < 30:
            w = UNITS[n]
        else:
            w = TENS[n // 10 * 10] + (f' y {UNITS[n % 10]}' if n % 10 else '')
        if apocope:  # "veintiún euros", "treinta y un mil"
            w = w.replace('veintiuno', 'veintiún')
            if w.endswith('uno'):
                w = w[:-3] + 'un'
        parts.append(w)
    return ' '.join(parts)


def words(n: int, apocope: bool = True) -> str:
    if n == 0:
        return 'cero'
    out = []
    millions, rest = divmod(n, 1_000_000)
    thousands, units = divmod(rest, 1000)
    if millions:
        out.append('un millón' if millions == 1 else f'{words_below_thousand(millions, True)} millones')
    if thousands:
        out.append('mil' if thousands == 1 else f'{words_below_thousand(thousands, True)} mil')
    if units:
        out.append(words_below_thousand(units, apocope))
    return ' '.join(out)


def total_in_words(x: Decimal) -> str:
    euros = int(x)
    cents = int((x - euros) * 100)
    s = f'{words(euros)} euro' + ('' if euros == 1 else 's')
    if cents:
        s += f' con {words(cents)} céntimo' + ('' if cents == 1 else 's')
    return s


# --- the invoice ------------------------------------------------------------------------------
@dataclass
class Party:
    name: str
    tax_id: str
    address: list[str]
    printed_tax_id: str | None = None  # as printed, e.g. "ES-B12345674" or "B-12.345.674"

    @property
    def shown_id(self) -> str:
        return self.printed_tax_id or self.tax_id


@dataclass
class Line:
    description: str
    quantity: Decimal
    price: Decimal  # without VAT, or with VAT on a ticket (prices_include_vat)
    vat: Decimal
    discount: Decimal = D('0')
    code: str = ''

    @property
    def net(self) -> Decimal:
        return r2(self.quantity * self.price * (1 - self.discount / 100))


@dataclass
class Invoice:
    id: str
    generator: str
    family: str
    tests: str
    supplier: Party
    customer: Party
    number: str
    date: str
    lines: list[Line]
    date_form: str = 'dd/mm/yyyy'
    rounding: str = 'per base'  # or 'per line' (each line's VAT rounded, then summed)
    recargo: bool = False
    irpf: Decimal | None = None
    prices_include_vat: bool = False
    scan: dict | None = None
    photo: dict | None = None
    style: dict = field(default_factory=dict)

    # computed ------------------------------------------------------------------------------
    def rates(self) -> list[Decimal]:
        return sorted({l.vat for l in self.lines}, reverse=True)

    def breakdown(self) -> list[dict]:
        """One row per VAT rate: base, VAT, recargo (rate and amount)."""
        rows = []
        for rate in self.rates():
            lines = [l for l in self.lines if l.vat == rate]
            if self.prices_include_vat:
                gross = sum((l.net for l in lines), D('0'))
                base = r2(gross / (1 + rate / 100))
                vat = gross - base
            else:
                base = sum((l.net for l in lines), D('0'))
                vat = (sum((r2(l.net * rate / 100) for l in lines), D('0')) if self.rounding == 'per line'
                       else r2(base * rate / 100))
            re_rate = RECARGO[rate] if self.recargo else D('0')
            re_amount = r2(base * re_rate / 100)
            rows.append(dict(rate=rate, base=base, vat=vat, re_rate=re_rate, re=re_amount))
        return rows

    @property
    def subtotal(self) -> Decimal:
        return sum((r['base'] for r in self.breakdown()), D('0'))

    @property
    def gross(self) -> Decimal:
        """Sum of the lines before discounts (what a "Bruto" column adds up)."""
        return sum((r2(l.quantity * l.price) for l in self.lines), D('0'))

    @property
    def withholding(self) -> Decimal:
        return r2(self.subtotal * self.irpf / 100) if self.irpf else D('0')

    @property
    def total(self) -> Decimal:
        b = self.breakdown()
        return self.subtotal + sum((r['vat'] + r['re'] for r in b), D('0')) - self.withholding

    def label(self) -> dict:
        b = self.breakdown()
        fmt = lambda x: f'{x:.2f}'
        return {
            'id': self.id, 'generator': self.generator, 'family': self.family, 'tests': self.tests,
            'own_tax_ids': [self.customer.tax_id],
            'rounding': ('VAT included in the prices; per rate, base = gross / (1 + rate) rounded half-up, VAT = gross - base'
                         if self.prices_include_vat else
                         'VAT per line rounded half-up to the cent, then summed' if self.rounding == 'per line'
                         else 'VAT on each rate\'s base, rounded half-up to the cent'),
            'expected': {
                'supplier_name': self.supplier.name, 'supplier_tax_id': self.supplier.tax_id,
                'invoice_number': self.number, 'issue_date': self.date,
                'subtotal': fmt(self.subtotal), 'total': fmt(self.total),
                'vat': [{'rate': fmt(r['rate']), 'base': fmt(r['base']), 'amount': fmt(r['vat'])} for r in b],
                'surcharge': [{'rate': fmt(r['re_rate']), 'base': fmt(r['base']), 'amount': fmt(r['re'])} for r in b if r['re_rate'] > 0],
                'withholding': ([{'rate': fmt(self.irpf), 'base': fmt(self.subtotal), 'amount': fmt(self.withholding)}]
                                if self.irpf else []),
            },
            'scan': None, 'photo': None,
        }
