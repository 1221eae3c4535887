"""Invoice arithmetic, tax ids and Spanish formatting for the ninth corpus (Decimal, half-up)."""
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP
import datetime
import re

CENT = Decimal("0.01")
RECARGO = {Decimal("21"): Decimal("5.2"), Decimal("10"): Decimal("1.4"), Decimal("4"): Decimal("0.5")}


def D(x) -> Decimal:
    return Decimal(str(x))


def cent(x: Decimal) -> Decimal:
    return x.quantize(CENT, rounding=ROUND_HALF_UP)


# --- tax ids -------------------------------------------------------------------------------------
DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def dni(digits: str) -> str:
    return digits + DNI_LETTERS[int(digits) % 23]


def nie(prefix: str, digits: str) -> str:
    return prefix + digits + DNI_LETTERS[int(str("XYZ".index(prefix)) + digits) % 23]


def cif_control(digits: str) -> int:
    total = 0
    for i, ch in enumerate(digits):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            d = d - 9 if d > 9 else d
        total += d
    return (10 - total % 10) % 10


def cif(letter: str, digits: str) -> str:
    control = cif_control(digits)
    return letter + digits + ("JABCDEFGHI"[control] if letter in "PQRSNW" else str(control))


def valid_spanish(tax_id: str) -> bool:
    if tax_id[0].isdigit():
        return dni(tax_id[:8]) == tax_id
    if tax_id[0] in "XYZ":
        return nie(tax_id[0], tax_id[1:8]) == tax_id
    control = cif_control(tax_id[1:8])
    return tax_id[8] in (str(control), "JABCDEFGHI"[control])


def pt_nif(eight: str) -> str:
    s = sum(int(d) * (9 - i) for i, d in enumerate(eight))
    check = 11 - s % 11
    return eight + str(0 if check >= 10 else check)


def it_partita_iva(ten: str) -> str:
    s = 0
    for i, ch in enumerate(ten):
        d = int(ch)
        if i % 2 == 1:
            d *= 2
            d = d - 9 if d > 9 else d
        s += d
    return ten + str((10 - s % 10) % 10)


def luhn_complete(partial: str) -> str:
    for last in "0123456789":
        digits = [int(c) for c in partial + last][::-1]
        total = sum(d if i % 2 == 0 else (d * 2 - 9 if d * 2 > 9 else d * 2) for i, d in enumerate(digits))
        if total % 10 == 0:
            return partial + last
    raise ValueError(partial)


def fr_tva(siren_eight: str) -> str:
    siren = luhn_complete(siren_eight)
    return f"FR{(12 + 3 * (int(siren) % 97)) % 97:02d}{siren}"


def be_vat(eight: str) -> str:
    return f"BE{eight}{97 - int(eight) % 97:02d}"


# --- formatting ----------------------------------------------------------------------------------
def fmt(x: Decimal, thousands=".", decimal=",", trailing_minus=False) -> str:
    negative = x < 0
    whole, frac = f"{abs(cent(x)):.2f}".split(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    body = thousands.join(groups) + decimal + frac
    if negative:
        return body + "-" if trailing_minus else "-" + body
    return body


def es(x: Decimal) -> str:
    return fmt(x)


def es_plain(x: Decimal) -> str:
    return fmt(x, thousands="")


def en(x: Decimal) -> str:
    return fmt(x, thousands=",", decimal=".")


def pct(rate: Decimal) -> str:
    text = f"{rate.normalize():f}"
    return text.replace(".", ",")


UNITS = ["", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce", "trece",
         "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte", "veintiuno", "veintidós",
         "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete", "veintiocho", "veintinueve"]
TENS = ["", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"]
HUNDREDS = ["", "ciento", "doscientos", "trescientos", "cuatrocientos", "quinientos", "seiscientos", "setecientos",
            "ochocientos", "novecientos"]


def _below_thousand(n: int) -> str:
    if n == 100:
        return "cien"
    h, rest = divmod(n, 100)
    words = [HUNDREDS[h]] if h else []
    if rest < 30:
        if rest:
            words.append(UNITS[rest])
    else:
        t, u = divmod(rest, 10)
        words.append(TENS[t] + (f" y {UNITS[u]}" if u else ""))
    return " ".join(words)


def words_es(n: int) -> str:
    if n == 0:
        return "cero"
    thousands, rest = divmod(n, 1000)
    parts = []
    if thousands == 1:
        parts.append("mil")
    elif thousands:
        parts.append(_before_noun(_below_thousand(thousands)) + " mil")
    if rest:
        parts.append(_below_thousand(rest))
    return " ".join(parts)


def _before_noun(words: str) -> str:
    """"uno" drops its last vowel before a noun or "mil": veintiún euros, treinta y un céntimos."""
    words = re.sub(r"\bveintiuno\b", "veintiún", words)
    return re.sub(r"\buno\b", "un", words)


def amount_in_words(x: Decimal) -> str:
    euros = int(abs(x))
    cents_part = int((abs(x) - euros) * 100)
    return f"{_before_noun(words_es(euros))} euros con {_before_noun(words_es(cents_part))} céntimos"


# --- invoices ------------------------------------------------------------------------------------
@dataclass
class Party:
    name: str
    tax_id: str
    lines: list  # address lines
    brand: str | None = None


@dataclass
class Line:
    text: str
    qty: Decimal
    price: Decimal
    rate: Decimal
    discount: Decimal = Decimal(0)
    ref: str = ""

    @property
    def amount(self) -> Decimal:
        return cent(self.qty * self.price * (1 - self.discount / 100))


@dataclass
class TaxRow:
    rate: Decimal
    base: Decimal
    amount: Decimal


@dataclass
class Invoice:
    supplier: Party
    customer: Party
    number: str
    date: datetime.date
    lines: list
    included: bool = False  # prices include VAT (tickets)
    recargo: bool = False
    irpf: Decimal | None = None
    sign: int = 1
    vat: list = field(default_factory=list)
    surcharge: list = field(default_factory=list)
    withholding: list = field(default_factory=list)
    subtotal: Decimal = Decimal(0)
    total: Decimal = Decimal(0)

    def __post_init__(self):
        rates = []
        for line in self.lines:
            if line.rate not in rates:
                rates.append(line.rate)
        for rate in rates:
            gross = sum((l.amount for l in self.lines if l.rate == rate), Decimal(0))
            if self.included:
                base = cent(gross / (1 + rate / 100))
                tax = gross - base
            else:
                base = gross
                tax = cent(base * rate / 100)
            self.vat.append(TaxRow(rate, base, tax))
            if self.recargo and rate in RECARGO:
                self.surcharge.append(TaxRow(RECARGO[rate], base, cent(base * RECARGO[rate] / 100)))
        self.subtotal = sum((r.base for r in self.vat), Decimal(0))
        if self.irpf is not None:
            self.withholding.append(TaxRow(self.irpf, self.subtotal, cent(self.subtotal * self.irpf / 100)))
        self.total = (self.subtotal + sum((r.amount for r in self.vat), Decimal(0))
                      + sum((r.amount for r in self.surcharge), Decimal(0))
                      - sum((r.amount for r in self.withholding), Decimal(0)))

    @property
    def vat_total(self) -> Decimal:
        return sum((r.amount for r in self.vat), Decimal(0))

    @property
    def surcharge_total(self) -> Decimal:
        return sum((r.amount for r in self.surcharge), Decimal(0))

    @property
    def withholding_total(self) -> Decimal:
        return sum((r.amount for r in self.withholding), Decimal(0))

    def expected(self) -> dict:
        money = lambda x: f"{cent(x):.2f}"
        rows = lambda rows: [{"rate": f"{r.rate:.2f}", "base": money(r.base), "amount": money(r.amount)} for r in rows]
        return {
            "supplier_name": self.supplier.name,
            "supplier_tax_id": self.supplier.tax_id,
            "invoice_number": self.number,
            "issue_date": self.date.isoformat(),
            "subtotal": money(self.subtotal),
            "total": money(self.total),
            "vat": rows(self.vat),
            "surcharge": rows(self.surcharge),
            "withholding": rows(self.withholding),
        }

    def rounding(self) -> str:
        if self.included:
            return "prices include VAT: for each rate base = gross / (1 + rate) half-up to the cent, VAT = gross - base"
        return "VAT (and recargo) of each rate computed on that rate's base, half-up to the cent; IRPF on the sum of the bases"
