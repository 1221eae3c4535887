"""Scans and phone photos of the sixth corpus, made from the text PDFs with poppler's pdftoppm, numpy and Pillow.

Each layout's plan (below) says whether it gets a scan, a photo or both, and how rough they are. All randomness
is seeded from the layout id (crc32), so a rebuild gives the same bytes.
"""
import io
import os
import random
import subprocess
import tempfile
import zlib

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

MAX_BYTES = 290_000
PAGE_MAX_BYTES = 170_000  # each page of an image-only multi-page scan

# scan: dpi, contrast ('normal' | 'low' | 'clean'), specks (0 none, 1 light, 2 several), turn (degrees; 90/180 added
# on top when 'rotate' is set), gradient (0..1); photo: dpi, crumple, shadow (a hand or phone's shadow across the
# sheet), background ('wood' | 'desk' | 'stone' | 'cloth'), tilt (perspective strength), ticket (fills the frame)
PLAN = {
    'lu-asesor-irpf15': {'scan': dict(dpi=300, contrast='clean', specks=0, turn=0.6, gradient=0.0)},
    'lu-ferreteria-3pag': {'scan': dict(dpi=200, contrast='normal', specks=1, turn=-0.9, gradient=0.3)},
    'lu-aleman-intracomunitaria': {'photo': dict(dpi=130, crumple=False, shadow=True, background='desk', tilt=0.05)},
    'lu-impremta-catala': {'scan': dict(dpi=200, contrast='low', specks=0, turn=1.2, gradient=0.4)},
    'lu-carpinteria-anticipo': {'photo': dict(dpi=130, crumple=True, shadow=False, background='wood', tilt=0.06)},
    'lu-transportes-serie': {'scan': dict(dpi=200, contrast='normal', specks=0, turn=-0.5, gradient=0.2, rotate=180)},
    'lu-drogueria-recargo': {'photo': dict(dpi=120, crumple=False, shadow=False, background='stone', tilt=0.08)},
    'lu-rectificativa-abono': {'scan': dict(dpi=170, contrast='normal', specks=2, turn=1.6, gradient=0.5)},
    'mp-climatizacion-marca': {'scan': dict(dpi=150, contrast='normal', specks=0, turn=-1.4, gradient=0.2),
                               'photo': dict(dpi=120, crumple=False, shadow=True, background='wood', tilt=0.07)},
    'mp-ticket-cafeteria': {'photo': dict(dpi=300, crumple=True, shadow=False, background='cloth', tilt=0.04, ticket=True)},
    'mp-agente-aduanas': {'scan': dict(dpi=200, contrast='normal', specks=1, turn=0.8, gradient=0.1)},
    'mp-limpieza-cliente-izq': {'photo': dict(dpi=140, crumple=False, shadow=False, background='desk', tilt=0.03)},
    'mp-disenadora-irpf7': {'scan': dict(dpi=200, contrast='clean', specks=0, turn=0.4, gradient=0.0, rotate=90)},
    'mp-distribuidor-tabla-vertical': {'photo': dict(dpi=130, crumple=False, shadow=True, background='stone', tilt=0.06)},
    'mp-electricista-letras': {'scan': dict(dpi=150, contrast='low', specks=1, turn=-2.0, gradient=0.3)},
    'ab-pescados-proveedor': {'photo': dict(dpi=120, crumple=True, shadow=True, background='stone', tilt=0.09)},
    'ab-mensajeria-dos-columnas': {'scan': dict(dpi=170, contrast='normal', specks=0, turn=-0.7, gradient=0.6)},
    'ab-informatica-columnas': {'scan': dict(dpi=240, contrast='normal', specks=1, turn=1.0, gradient=0.0)},
    'ab-alarmas-letras': {'photo': dict(dpi=130, crumple=False, shadow=False, background='wood', tilt=0.1)},
    'ab-fruites-recargo-catala': {'photo': dict(dpi=120, crumple=True, shadow=False, background='desk', tilt=0.05)},
    'ab-ticket-papeleria': {'photo': dict(dpi=300, crumple=False, shadow=True, background='wood', tilt=0.05, ticket=True)},
    'gn-autonomo-irpf15': {'scan': dict(dpi=200, contrast='clean', specks=0, turn=-0.3, gradient=0.1)},
    'gn-mayorista-hoja': {'scan': dict(dpi=150, contrast='normal', specks=2, turn=0.9, gradient=0.2),
                          'photo': dict(dpi=130, crumple=False, shadow=False, background='cloth', tilt=0.07)},
    'gn-serie-celdas': {'photo': dict(dpi=130, crumple=True, shadow=True, background='wood', tilt=0.04)},
    'gn-reformas-isp': {'scan': dict(dpi=300, contrast='normal', specks=0, turn=1.8, gradient=0.2)},
    'gn-alquiler-irpf19': {'scan': dict(dpi=200, contrast='normal', specks=0, turn=-1.3, gradient=0.0)},
    'gn-pedidos-2pag': {'scan': dict(dpi=150, contrast='normal', specks=1, turn=-1.1, gradient=0.3)},
    'gn-bodega-recargo': {'photo': dict(dpi=120, crumple=False, shadow=True, background='desk', tilt=0.08)},
}


def rasterise(pdf, dpi, gray, first_only=False):
    with tempfile.TemporaryDirectory() as tmp:
        args = ['pdftoppm', '-r', str(dpi)] + (['-gray'] if gray else []) + (['-f', '1', '-l', '1'] if first_only else [])
        subprocess.run(args + [pdf, os.path.join(tmp, 'p')], check=True)
        pages = sorted(f for f in os.listdir(tmp))
        return [Image.open(os.path.join(tmp, f)).copy() for f in pages]


def smooth_field(rng, shape, cells, blur):
    """Low-frequency noise in 0..1: a coarse random grid enlarged smoothly."""
    h, w = shape
    coarse = Image.fromarray((rng.random((cells, max(2, int(cells * w / h)))) * 255).astype(np.uint8))
    f = coarse.resize((w, h), Image.BICUBIC).filter(ImageFilter.GaussianBlur(blur))
    return np.asarray(f, dtype=np.float32) / 255


def jpeg_under(img, limit, qualities, subsampling=None):
    for qlt in qualities:
        buf = io.BytesIO()
        kw = {'quality': qlt, 'optimize': True}
        if subsampling is not None:
            kw['subsampling'] = subsampling
        img.save(buf, 'JPEG', **kw)
        if buf.tell() <= limit:
            return buf.getvalue()
    return buf.getvalue()


# ------------------------------------------------------------------ scans
def scan_page(page, p, rnd, rng):
    a = np.asarray(page, dtype=np.float32)
    h, w = a.shape
    ink, paper = {'clean': (15, 248), 'normal': (35, 238), 'low': (95, 214)}[p['contrast']]
    ink += rnd.uniform(-8, 8)
    paper += rnd.uniform(-4, 4)
    a = ink + (a / 255) * (paper - ink)
    if p['gradient']:
        side = rnd.choice(['left', 'right', 'top', 'bottom'])
        ramp = np.linspace(1, 0, w if side in ('left', 'right') else h) ** 3
        if side in ('right', 'bottom'):
            ramp = ramp[::-1]
        shade = (ramp[None, :] if side in ('left', 'right') else ramp[:, None]) * 55 * p['gradient']
        a = a - shade
    if p['specks']:
        n = int(w * h * (0.00004 if p['specks'] == 1 else 0.00015))
        ys, xs = rng.integers(0, h, n), rng.integers(0, w, n)
        img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
        d = ImageDraw.Draw(img)
        for y, x in zip(ys, xs):
            r = rnd.choice([0.6, 1, 1, 1.5, 2]) * p['dpi'] / 200
            d.ellipse([x - r, y - r, x + r, y + r], fill=int(rnd.uniform(40, 140)))
        a = np.asarray(img, dtype=np.float32)
    a = a + rng.normal(0, 3.0 if p['contrast'] != 'clean' else 1.5, a.shape)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    img = img.filter(ImageFilter.GaussianBlur(rnd.uniform(0.35, 0.8) * p['dpi'] / 200))
    platen = int(rnd.uniform(200, 232))
    img = img.rotate(p['turn'] + rnd.uniform(-0.15, 0.15), resample=Image.BICUBIC, expand=True, fillcolor=platen)
    if p.get('rotate'):
        img = img.rotate(p['rotate'], expand=True)
    return img


def make_scan(inv, pdf, out, p, rnd, rng):
    pages = rasterise(pdf, p['dpi'], gray=True)
    imgs = [scan_page(pg, p, rnd, rng) for pg in pages]
    if len(imgs) == 1:
        name = f'{inv.id}.scan.jpg'
        with open(os.path.join(out, name), 'wb') as f:
            f.write(jpeg_under(imgs[0], MAX_BYTES, [82, 76, 70, 64, 58, 52, 46]))
        return name
    name = f'{inv.id}.scan.pdf'
    jpegs = [jpeg_under(im, PAGE_MAX_BYTES, [75, 68, 60, 52, 45]) for im in imgs]
    write_jpeg_pdf(jpegs, imgs, p['dpi'], os.path.join(out, name))
    return name


def write_jpeg_pdf(jpegs, images, dpi, path):
    """An image-only PDF: one grey JPEG per page, nothing else (as a scanner's PDF mode writes it)."""
    page_ids = []
    n_pages = len(jpegs)
    # object numbers: 1 catalog, 2 pages, then per page: page, content, image
    for i in range(n_pages):
        page_ids.append(3 + 3 * i)
    out = io.BytesIO()
    out.write(b'%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')
    offsets = {}

    def obj(num, body):
        offsets[num] = out.tell()
        out.write(f'{num} 0 obj\n'.encode() + body + b'\nendobj\n')
    obj(1, b'<< /Type /Catalog /Pages 2 0 R >>')
    kids = ' '.join(f'{pid} 0 R' for pid in page_ids)
    obj(2, f'<< /Type /Pages /Kids [{kids}] /Count {n_pages} >>'.encode())
    for i, (jpg, im) in enumerate(zip(jpegs, images)):
        pid = page_ids[i]
        w_pt, h_pt = im.width * 72 / dpi, im.height * 72 / dpi
        content = f'q {w_pt:.2f} 0 0 {h_pt:.2f} 0 0 cm /Im0 Do Q'.encode()
        obj(pid, f'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w_pt:.2f} {h_pt:.2f}] /Resources << /XObject << /Im0 {pid + 2} 0 R >> >> /Contents {pid + 1} 0 R >>'.encode())
        obj(pid + 1, f'<< /Length {len(content)} >>\nstream\n'.encode() + content + b'\nendstream')
        obj(pid + 2, f'<< /Type /XObject /Subtype /Image /Width {im.width} /Height {im.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length {len(jpg)} >>\nstream\n'.encode() + jpg + b'\nendstream')
    xref = out.tell()
    total = 3 + 3 * n_pages
    out.write(f'xref\n0 {total}\n0000000000 65535 f \n'.encode())
    for num in range(1, total):
        out.write(f'{offsets[num]:010d} 00000 n \n'.encode())
    out.write(f'trailer\n<< /Size {total} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n'.encode())
    with open(path, 'wb') as f:
        f.write(out.getvalue())


# ------------------------------------------------------------------ photos
BACKGROUNDS = {'wood': (128, 92, 60), 'desk': (58, 60, 66), 'stone': (150, 146, 138), 'cloth': (70, 96, 120)}


def background(kind, size, rnd, rng):
    w, h = size
    base = np.array(BACKGROUNDS[kind], dtype=np.float32)
    field = smooth_field(rng, (h, w), 12, 6)
    if kind == 'wood':
        grain = np.sin(np.linspace(0, rnd.uniform(40, 70), w)[None, :] + field * 2.5) * 0.5 + 0.5
        tex = 0.75 + 0.35 * grain
    elif kind == 'cloth':
        yy, xx = np.mgrid[0:h, 0:w]
        tex = 0.85 + 0.1 * ((xx // 3 + yy // 3) % 2) + 0.1 * field
    else:
        tex = 0.8 + 0.35 * field + rng.normal(0, 0.03, (h, w))
    arr = base[None, None, :] * tex[:, :, None]
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), 'RGB').filter(ImageFilter.GaussianBlur(1.2))


def perspective_coeffs(dst, src):
    """Coefficients for Image.transform(PERSPECTIVE): maps output points dst to input points src."""
    m = []
    for (x, y), (u, v) in zip(dst, src):
        m.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        m.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    a = np.array(m, dtype=np.float64)
    b = np.array([c for pt in src for c in pt], dtype=np.float64)
    return np.linalg.solve(a, b).tolist()


def crumple(img, rnd, rng):
    a = np.asarray(img, dtype=np.float32)
    h, w = a.shape[:2]
    relief = smooth_field(rng, (h, w), 5, 4) * 0.7 + smooth_field(rng, (h, w), 11, 3) * 0.3
    gy, gx = np.gradient(relief)
    light = np.clip(1 + (gx * 0.7 + gy * 0.7) * max(h, w) * 0.022, 0.8, 1.08)
    # a fold: a line across the sheet, darker on one side
    x0, x1 = rnd.uniform(0.2, 0.8) * w, rnd.uniform(0.2, 0.8) * w
    yy, xx = np.mgrid[0:h, 0:w]
    dist = (xx - (x0 + (x1 - x0) * yy / h)) / (w * 0.01)
    light *= 1 - 0.12 * np.exp(-dist ** 2) + 0.04 * np.tanh(dist)
    # small displacement so lines of text wave a little
    dx = (smooth_field(rng, (h, w), 7, 3) - 0.5) * w * 0.006
    dy = (smooth_field(rng, (h, w), 7, 3) - 0.5) * h * 0.004
    ys = np.clip((yy + dy).astype(int), 0, h - 1)
    xs = np.clip((xx + dx).astype(int), 0, w - 1)
    a = a[ys, xs] * light[:, :, None]
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), 'RGB')


def make_photo(inv, pdf, out, p, rnd, rng):
    page = rasterise(pdf, p['dpi'], gray=False, first_only=True)[0].convert('RGB')
    tint = np.array([rnd.uniform(0.95, 1.0), rnd.uniform(0.94, 0.99), rnd.uniform(0.88, 0.97)], dtype=np.float32)
    page = Image.fromarray(np.clip(np.asarray(page, dtype=np.float32) * tint, 0, 255).astype(np.uint8))
    if p.get('crumple'):
        page = crumple(page, rnd, rng)
    pw, ph = page.size
    margin = 0.06 if p.get('ticket') else 0.14
    cw, chh = int(pw * (1 + 2 * margin)), int(ph * (1 + 2 * margin * pw / ph))
    canvas = background(p['background'], (cw, chh), rnd, rng)
    ox, oy = (cw - pw) // 2, (chh - ph) // 2
    shadow = Image.new('L', (cw, chh), 0)
    ImageDraw.Draw(shadow).rectangle([ox + 8, oy + 12, ox + pw + 8, oy + ph + 12], fill=150)
    shadow = shadow.filter(ImageFilter.GaussianBlur(14))
    canvas = Image.composite(Image.new('RGB', (cw, chh), (20, 20, 20)), canvas, shadow)
    canvas.paste(page, (ox, oy))
    # perspective: each corner of the frame moved in by up to `tilt`
    t = p['tilt']
    dst = [(0, 0), (cw, 0), (cw, chh), (0, chh)]
    src = [(rnd.uniform(-t, t) * cw, rnd.uniform(-t, t) * chh), (cw - rnd.uniform(-t, t) * cw, rnd.uniform(-t, t) * chh),
           (cw - rnd.uniform(-t, t) * cw, chh - rnd.uniform(-t, t) * chh), (rnd.uniform(-t, t) * cw, chh - rnd.uniform(-t, t) * chh)]
    canvas = canvas.transform((cw, chh), Image.PERSPECTIVE, perspective_coeffs(dst, src), Image.BICUBIC, fillcolor=BACKGROUNDS[p['background']])
    canvas = canvas.rotate(rnd.uniform(-3, 3), resample=Image.BICUBIC, fillcolor=BACKGROUNDS[p['background']])
    a = np.asarray(canvas, dtype=np.float32)
    h, w = a.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    cx, cy = rnd.uniform(0.25, 0.75) * w, rnd.uniform(0.2, 0.6) * h
    r = np.hypot(xx - cx, yy - cy) / np.hypot(w, h)
    light = 1.08 - rnd.uniform(0.35, 0.6) * r ** 1.6
    if p.get('shadow'):
        # a soft shadow (hand or phone) over one corner region
        sx, sy = rnd.choice([0, w]), rnd.choice([0, h])
        d = np.hypot(xx - sx, yy - sy) / np.hypot(w, h)
        light *= 1 - 0.38 / (1 + np.exp((d - rnd.uniform(0.35, 0.5)) * 30))
    cast = np.array([rnd.uniform(0.97, 1.05), 1.0, rnd.uniform(0.9, 1.03)], dtype=np.float32)
    a = a * light[:, :, None] * cast + rng.normal(0, 4, a.shape)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), 'RGB')
    img = img.filter(ImageFilter.GaussianBlur(rnd.uniform(0.5, 1.1)))
    scale = min(1.0, (1500 if p.get('ticket') else 1700) / max(img.size))
    if scale < 1:
        img = img.resize((int(img.width * scale), int(img.height * scale)), Image.LANCZOS)
    name = f'{inv.id}.photo.jpg'
    with open(os.path.join(out, name), 'wb') as f:
        f.write(jpeg_under(img, MAX_BYTES, [80, 74, 68, 62, 56, 50], subsampling=2))
    return name


def make_images(inv, pdf, out):
    plan = PLAN.get(inv.id, {})
    seed = zlib.crc32(inv.id.encode())
    scan = photo = None
    for kind in ('scan', 'photo'):
        for ext in ('jpg', 'pdf'):
            stale = os.path.join(out, f'{inv.id}.{kind}.{ext}')
            if os.path.exists(stale):
                os.remove(stale)
    if 'scan' in plan:
        scan = make_scan(inv, pdf, out, plan['scan'], random.Random(seed), np.random.default_rng(seed))
    if 'photo' in plan:
        photo = make_photo(inv, pdf, out, plan['photo'], random.Random(seed + 1), np.random.default_rng(seed + 1))
    return scan, photo
