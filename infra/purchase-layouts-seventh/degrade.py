"""Scans and phone photos of the seventh corpus's PDFs (poppler's pdftoppm, numpy, Pillow).

Every random choice is drawn from a generator seeded with the layout id (crc32), so a rebuild gives
the same bytes. PLAN says, per layout, which images it gets and how rough they are."""
import io
import os
import subprocess
import zlib

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

# scan: (dpi, contrast, specks, blur px at 200 dpi, turn in degrees, quarter turns)
# photo: (dpi, crumpled, corner shadow, perspective strength 0..1, background)
PLAN = {
    'pb-ferreteria-marca': {'scan': (200, 'normal', 0, 0.5, 0.8, 0), 'photo': (130, False, True, 0.6, 'wood')},
    'pb-gestor-irpf7': {'scan': (300, 'clean', 0, 0.3, -0.4, 0)},
    'pb-bazar-recargo-columnas': {'photo': (135, True, False, 0.5, 'stone')},
    'pb-intracom-nl': {'scan': (150, 'normal', 3, 0.6, 1.2, 0)},
    'pb-recambios-3pag': {'scan': (200, 'normal', 0, 0.5, -0.7, 0)},
    'pb-reforma-anticipo': {'photo': (125, False, False, 0.4, 'desk')},
    'pb-mensajeria-letras': {'scan': (200, 'low', 0, 0.6, 0.5, 0)},
    'pb-rectificativa-envases': {'photo': (130, False, True, 0.7, 'cloth')},
    'pb-suiza-export': {'scan': (250, 'clean', 0, 0.4, 0.3, 2)},
    'lc-fontanero-plantilla': {'photo': (130, True, False, 0.5, 'wood')},
    'lc-serie-numero': {'scan': (200, 'normal', 1, 0.5, -1.5, 0)},
    'lc-bebidas-columnas': {'scan': (200, 'normal', 0, 0.6, 0.6, 0), 'photo': (140, False, False, 0.3, 'desk')},
    'lc-arquitecte-catala': {'photo': (125, False, True, 0.5, 'stone')},
    'lc-local-irpf19': {'scan': (150, 'low', 0, 0.7, -0.9, 0)},
    'lc-ticket-ferreteria': {'photo': (300, True, False, 0.5, 'wood')},
    'lc-cooperativa-2pag': {'scan': (200, 'normal', 2, 0.5, 0.4, 0)},
    'lc-fruta-vertical': {'photo': (135, False, False, 0.6, 'cloth')},
    'cx-psicologa-exenta': {'scan': (300, 'clean', 0, 0.3, 0.2, 0)},
    'cx-hotel-folio': {'photo': (130, False, False, 0.4, 'desk')},
    'cx-imprenta-derecha': {'scan': (200, 'normal', 3, 0.5, -0.6, 1)},
    'cx-academia-ingles': {'photo': (130, True, True, 0.6, 'wood')},
    'cx-carpinteria-letras': {'scan': (200, 'normal', 0, 0.6, 1.0, 0)},
    'cx-mayorista-recargo': {'photo': (135, False, False, 0.5, 'stone')},
    'cx-limpieza-cuota': {'scan': (150, 'clean', 0, 0.5, -0.3, 0)},
    'a2-taller-matricial': {'scan': (200, 'low', 0, 0.8, 0.9, 0), 'photo': (130, False, False, 0.5, 'cloth')},
    'a2-gasoleo': {'photo': (125, True, False, 0.4, 'desk')},
    'a2-transportes-cuadro': {'scan': (200, 'normal', 0, 0.5, -1.1, 0)},
    'a2-abono': {'photo': (130, False, True, 0.5, 'wood')},
    'a2-mantenimiento-2pag': {'scan': (150, 'normal', 0, 0.6, 0.7, 0)},
}
LEVELS = {'clean': (18, 246), 'normal': (38, 236), 'low': (92, 212)}
MAX_BYTES = 290_000


def rng_for(layout_id, salt):
    return np.random.default_rng(zlib.crc32(f'{layout_id}/{salt}'.encode()))


def render(pdf, dpi, work, gray, first=None):
    base = os.path.join(work, 'render')
    for f in os.listdir(work):
        if f.startswith('render'):
            os.remove(os.path.join(work, f))
    args = ['pdftoppm', '-r', str(dpi), '-png'] + (['-gray'] if gray else []) + (['-f', '1', '-l', '1'] if first else []) + [pdf, base]
    subprocess.run(args, check=True)
    names = sorted(f for f in os.listdir(work) if f.startswith('render'))
    return [Image.open(os.path.join(work, n)).convert('L' if gray else 'RGB') for n in names]


def jpeg_under(img, limit, quality=82, subsampling=None):
    while True:
        buf = io.BytesIO()
        kw = {'quality': quality, 'optimize': True}
        if subsampling is not None:
            kw['subsampling'] = subsampling
        img.save(buf, 'JPEG', **kw)
        if buf.tell() <= limit or quality <= 30:
            return buf.getvalue()
        quality -= 4


def scan_page(page, layout_id, pi, spec):
    dpi, contrast, specks, blur, turn, quarters = spec
    rng = rng_for(layout_id, f'scan{pi}')
    a = np.asarray(page, dtype=np.float32) / 255.0
    ink, paper = LEVELS[contrast]
    a = ink + a * (paper - ink)
    h, w = a.shape
    if rng.random() < 0.4:  # a lamp or the lid: shade from one edge
        ramp = np.linspace(0, 1, w if rng.random() < 0.5 else h)
        shade = 1 - 0.10 * (1 - ramp) ** 2
        a = a * (shade[None, :] if shade.shape[0] == w else shade[:, None])
    for _ in range(int(specks * (h * w) / (dpi * dpi * 10))):
        y, x = rng.integers(0, h), rng.integers(0, w)
        r = max(1, int(rng.integers(1, 3) * dpi / 200))
        a[max(0, y - r):y + r, max(0, x - r):x + r] = ink + rng.random() * 40
    a = a + rng.normal(0, 4.0, a.shape)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), 'L')
    img = img.filter(ImageFilter.GaussianBlur(blur * dpi / 200))
    img = img.rotate(turn + float(rng.normal(0, 0.1)), resample=Image.BICUBIC, expand=True, fillcolor=int(150 + rng.integers(0, 40)))
    if quarters:
        img = img.rotate(90 * quarters, expand=True)
    return img


def write_jpeg_pdf(jpegs, sizes, dpi, path):
    """An image-only PDF: one grey JPEG per page, the page as large as the scan at its dpi."""
    objs = []
    kids = []
    n_pages = len(jpegs)
    for i, (data, (w, h)) in enumerate(zip(jpegs, sizes)):
        page_no, content_no, image_no = 3 + 3 * i, 4 + 3 * i, 5 + 3 * i
        kids.append(f'{page_no} 0 R')
        pw, ph = w * 72 / dpi, h * 72 / dpi
        content = f'q {pw:.2f} 0 0 {ph:.2f} 0 0 cm /Im0 Do Q'.encode()
        objs.append((page_no, f'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {pw:.2f} {ph:.2f}] /Resources << /XObject << /Im0 {image_no} 0 R >> >> /Contents {content_no} 0 R >>'.encode()))
        objs.append((content_no, b'<< /Length %d >>\nstream\n' % len(content) + content + b'\nendstream'))
        objs.append((image_no, f'<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length {len(data)} >>\nstream\n'.encode() + data + b'\nendstream'))
    objs = [(1, b'<< /Type /Catalog /Pages 2 0 R >>'), (2, f'<< /Type /Pages /Kids [{" ".join(kids)}] /Count {n_pages} >>'.encode())] + objs
    objs.sort()
    out = io.BytesIO()
    out.write(b'%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')
    offsets = {}
    for no, body in objs:
        offsets[no] = out.tell()
        out.write(f'{no} 0 obj\n'.encode() + body + b'\nendobj\n')
    xref = out.tell()
    out.write(f'xref\n0 {len(objs) + 1}\n0000000000 65535 f \n'.encode())
    for no in range(1, len(objs) + 1):
        out.write(f'{offsets[no]:010d} 00000 n \n'.encode())
    out.write(f'trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n'.encode())
    with open(path, 'wb') as f:
        f.write(out.getvalue())


def background(kind, w, h, rng):
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == 'wood':
        grain = np.sin((x * 0.02 + np.sin(y * 0.004) * 6 + rng.random() * 6)) * 0.5 + 0.5
        base = np.stack([150 + 40 * grain, 100 + 28 * grain, 60 + 15 * grain], -1)
    elif kind == 'desk':
        base = np.stack([np.full((h, w), 48.0), np.full((h, w), 50.0), np.full((h, w), 56.0)], -1)
    elif kind == 'stone':
        base = np.stack([np.full((h, w), 165.0), np.full((h, w), 162.0), np.full((h, w), 155.0)], -1)
    else:  # a blue cloth
        weave = (np.sin(x * 0.9) * np.sin(y * 0.9)) * 6
        base = np.stack([50 + weave, 80 + weave, 135 + weave], -1)
    base += rng.normal(0, 7, (h, w, 1))
    return base


def perspective_coeffs(src, dst):
    """Coefficients for PIL's PERSPECTIVE transform mapping output points dst to input points src."""
    m = []
    for (x, y), (u, v) in zip(dst, src):
        m.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        m.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    return np.linalg.solve(np.array(m, dtype=np.float64), np.array(src, dtype=np.float64).reshape(8)).tolist()


def photo(page, layout_id, spec, ticket):
    dpi, crumpled, corner_shadow, strength, bg = spec
    rng = rng_for(layout_id, 'photo')
    if ticket:
        page = page.resize((int(page.width * 1350 / page.height), 1350), Image.LANCZOS) if page.height > 1350 else page
    a = np.asarray(page, dtype=np.float32)
    tint = np.array([1.0, 0.985, 0.94]) if rng.random() < 0.6 else np.array([0.96, 0.98, 1.0])
    a = a * tint
    h, w, _ = a.shape
    if crumpled:
        coarse = rng.normal(0, 1, (6, 5))
        field = np.asarray(Image.fromarray(((coarse - coarse.min()) / (np.ptp(coarse) + 1e-6) * 255).astype(np.uint8)).resize((w, h), Image.BICUBIC), dtype=np.float32) / 255
        a = a * (0.86 + 0.14 * field[..., None])
        fold = int(h * rng.uniform(0.35, 0.65))
        a[max(0, fold - 2):fold + 2] *= 0.9
        yy, xx = np.mgrid[0:h, 0:w]
        dy = (np.sin(xx / w * np.pi * rng.uniform(1.5, 3)) * rng.uniform(1.0, 2.5)).astype(int)
        a = a[np.clip(yy + dy, 0, h - 1), xx]
    sheet = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), 'RGB')
    margin = int(0.09 * max(w, h))
    W, H = w + 2 * margin, h + 2 * margin
    canvas = background(bg, W, H, rng)
    shadow = Image.new('L', (W, H), 0)
    ImageDraw.Draw(shadow).rectangle([margin + 8, margin + 10, margin + w + 8, margin + h + 10], fill=120)
    shadow = np.asarray(shadow.filter(ImageFilter.GaussianBlur(12)), dtype=np.float32)[..., None] / 255
    canvas = canvas * (1 - 0.6 * shadow)
    img = Image.fromarray(np.clip(canvas, 0, 255).astype(np.uint8), 'RGB')
    img.paste(sheet, (margin, margin))
    turn = rng.uniform(-3, 3)
    img = img.rotate(turn, resample=Image.BICUBIC, fillcolor=tuple(int(v) for v in canvas[0, 0]))
    k = 0.03 + 0.07 * strength
    dst = [(0, 0), (W, 0), (W, H), (0, H)]
    src = [(rng.uniform(0, k) * W, rng.uniform(0, k) * H), (W - rng.uniform(0, k) * W, rng.uniform(0, k) * H),
           (W - rng.uniform(0, k) * W, H - rng.uniform(0, k) * H), (rng.uniform(0, k) * W, H - rng.uniform(0, k) * H)]
    img = img.transform((W, H), Image.PERSPECTIVE, perspective_coeffs(src, dst), Image.BICUBIC)
    a = np.asarray(img, dtype=np.float32)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    cx, cy = W * rng.uniform(0.3, 0.7), H * rng.uniform(0.3, 0.7)
    dist = np.sqrt(((xx - cx) / W) ** 2 + ((yy - cy) / H) ** 2)
    a = a * (1 - 0.35 * dist ** 2)[..., None]
    if corner_shadow:
        corner = rng.integers(0, 4)
        sx = xx / W if corner in (0, 3) else 1 - xx / W
        sy = yy / H if corner in (0, 1) else 1 - yy / H
        blob = np.clip(1 - np.sqrt(sx ** 2 + sy ** 2) / 0.55, 0, 1)
        a = a * (1 - 0.45 * np.clip(blob * 1.6, 0, 1))[..., None]
    cast = np.array([1.0 + rng.uniform(-0.04, 0.05), 1.0, 1.0 + rng.uniform(-0.06, 0.03)])
    a = a * cast + rng.normal(0, 3.5, a.shape)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), 'RGB')
    img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 1.1)))
    if max(img.size) > 1700:
        f = 1700 / max(img.size)
        img = img.resize((int(img.width * f), int(img.height * f)), Image.LANCZOS)
    return jpeg_under(img, MAX_BYTES, quality=80, subsampling=2)


def make_images(layout_id, pdf, out, work):
    plan = PLAN.get(layout_id, {})
    result = {}
    for f in os.listdir(out):
        if f.startswith(layout_id + '.scan.') or f.startswith(layout_id + '.photo.'):
            os.remove(os.path.join(out, f))
    if 'scan' in plan:
        spec = plan['scan']
        pages = render(pdf, spec[0], work, gray=True)
        imgs = [scan_page(p, layout_id, i, spec) for i, p in enumerate(pages)]
        if len(imgs) == 1:
            name = layout_id + '.scan.jpg'
            with open(os.path.join(out, name), 'wb') as f:
                f.write(jpeg_under(imgs[0], MAX_BYTES))
        else:
            name = layout_id + '.scan.pdf'
            write_jpeg_pdf([jpeg_under(i, 170_000) for i in imgs], [i.size for i in imgs], spec[0], os.path.join(out, name))
        result['scan'] = name
    if 'photo' in plan:
        spec = plan['photo']
        page = render(pdf, spec[0], work, gray=False, first=True)[0]
        name = layout_id + '.photo.jpg'
        with open(os.path.join(out, name), 'wb') as f:
            f.write(photo(page, layout_id, spec, ticket='ticket' in layout_id))
        result['photo'] = name
    return result
