"""What every renderer prints the same way: amounts, ids and dates in the style an invoice asks for,
and small images (logos) drawn with Pillow."""
from __future__ import annotations

import base64
import io

from PIL import Image, ImageDraw, ImageFont

from model import D, Invoice, date_text, en_amount, es_amount, pct, plain

FONT_DIR = '/usr/share/fonts/truetype/dejavu/'


def money(inv: Invoice, x) -> str:
    t = inv.style.get('template')
    if t == 'english':
        return en_amount(x)
    if t in ('form',):
        return plain(x).replace('.', ',')
    return es_amount(x)


def rate(x) -> str:
    return pct(D(x))


def shown_id(inv: Invoice, party=None) -> str:
    p = party or inv.supplier
    if p.printed_tax_id:
        return p.printed_tax_id
    t = p.tax_id
    if party is None and inv.style.get('hyphen_id'):
        return f'{t[0]}-{t[1:]}' if t[0].isalpha() else f'{t[:8]}-{t[8]}'
    if party is None and inv.style.get('dotted_id'):
        return f'{t[0]}-{t[1:3]}.{t[3:6]}.{t[6:]}'
    return t


def when(inv: Invoice) -> str:
    return date_text(inv.date, inv.date_form)


def logo_png(text: str, colour=(30, 80, 140), size=(220, 110)) -> bytes:
    img = Image.new('RGB', size, 'white')
    d = ImageDraw.Draw(img)
    d.ellipse((4, 4, size[1] - 4, size[1] - 4), fill=colour)
    d.rectangle((size[1] // 2, size[1] // 2 - 8, size[0] - 6, size[1] // 2 + 8), fill=colour)
    font = ImageFont.truetype(FONT_DIR + 'DejaVuSans-Bold.ttf', 38)
    d.text((size[1] // 2, size[1] // 2), text, fill='white', anchor='mm', font=font)
    out = io.BytesIO()
    img.convert('P', palette=Image.ADAPTIVE, colors=8).save(out, 'PNG', optimize=True)
    return out.getvalue()


def data_uri(png: bytes) -> str:
    return 'data:image/png;base64,' + base64.b64encode(png).decode()
