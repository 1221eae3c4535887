"""Scans and phone photos of the eighth corpus, made from each text PDF's pages (poppler's pdftoppm)
with numpy and Pillow. Every random choice is seeded from the layout id, so a rebuild gives the same
bytes. PLAN says which layouts get which image and how rough it is."""
import io
import subprocess
import zlib
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

MAX_JPEG = 290_000

# scans: dpi, contrast ('clean', 'normal', 'low'), turn in degrees, extra ('upside-down', 'side', 'specks', 'shade')
# photos: table, harshness ('moderate', 'harsh'), extra ('crumple', 'shadow')
PLAN = {
    'qt-recargo-filas': {'scan': dict(dpi=200, contrast='low', turn=0.6)},
    'qt-intracom-de': {'scan': dict(dpi=300, contrast='normal', turn=-0.4, extra={'specks'})},
    'qt-ferreteria-3pag': {'scan': dict(dpi=150, contrast='normal', turn=0.3)},
    'qt-ticket-restaurante': {'scan': dict(dpi=300, contrast='normal', turn=1.2)},
    'qt-clinica-mixta': {'scan': dict(dpi=200, contrast='clean', turn=-0.2, extra={'shade'})},
    'qt-alquiler-irpf19': {'scan': dict(dpi=200, contrast='normal', turn=0.8, extra={'specks'}),
                           'photo': dict(table='wood', harsh=False, extra=set())},
    'qt-transportes-cajas': {'scan': dict(dpi=250, contrast='clean', turn=-1.0)},
    'qt-asesoria-irpf15': {'photo': dict(table='desk', harsh=False, extra=set())},
    'qt-marca-verdalia': {'photo': dict(table='stone', harsh=False, extra={'shadow'})},
    'qt-canarias-igic': {'photo': dict(table='cloth', harsh=False, extra=set())},
    'qt-rectificativa': {'photo': dict(table='wood', harsh=True, extra={'crumple', 'shadow'})},
    'qt-maderas-letras': {'photo': dict(table='desk', harsh=False, extra={'crumple'})},
    'hp-taller-serie': {'scan': dict(dpi=200, contrast='normal', turn=1.5)},
    'hp-disenador-irpf7': {'scan': dict(dpi=300, contrast='clean', turn=0.2, extra={'specks'})},
    'hp-mayorista-2pag': {'scan': dict(dpi=150, contrast='normal', turn=-0.7, extra={'shade'})},
    'hp-abono-rappel': {'scan': dict(dpi=200, contrast='normal', turn=0.4, extra={'upside-down'})},
    'hp-electricista-courier': {'scan': dict(dpi=200, contrast='normal', turn=-0.5)},
    'hp-intracom-fr': {'photo': dict(table='stone', harsh=False, extra={'shadow'})},
    'hp-recargo-ferreteria': {'photo': dict(table='cloth', harsh=True, extra={'crumple'})},
    'hp-ticket-farmacia': {'photo': dict(table='wood', harsh=False, extra=set())},
    'hp-imprenta-lateral': {'photo': dict(table='desk', harsh=False, extra={'crumple'})},
    'r-laboratorio-columnas': {'scan': dict(dpi=200, contrast='normal', turn=0.3, extra={'side'})},
    'r-recargo-bazar': {'scan': dict(dpi=250, contrast='normal', turn=-0.9, extra={'specks'}),
                        'photo': dict(table='stone', harsh=False, extra=set())},
    'r-suministros-3pag': {'scan': dict(dpi=150, contrast='clean', turn=0.5)},
    'r-rectificativa': {'scan': dict(dpi=200, contrast='low', turn=-0.3)},
    'r-aparejador-irpf15': {'photo': dict(table='wood', harsh=False, extra=set())},
    'r-ticket-cafeteria': {'photo': dict(table='desk', harsh=False, extra=set())},
    'r-academia-exenta': {'photo': dict(table='cloth', harsh=True, extra={'shadow'})},
    'r-fontanero-dos-tipos': {'photo': dict(table='wood', harsh=False, extra={'crumple'})},
}
CONTRAST = {'clean': (20, 245), 'normal': (40, 235), 'low': (90, 210)}


def rng_for(layout_id, variant):
    return np.random.default_rng(zlib.crc32(f'{layout_id}:{variant}'.encode()))


def render_pages(pdf, dpi, gray, workdir, first_only=False):
    prefix = Path(workdir) / f'{Path(pdf).stem}-{"g" if gray else "c"}{dpi}'
    for old in prefix.parent.glob(prefix.name + '-*.png'):
        old.unlink()
    args = ['pdftoppm', '-r', str(dpi), '-png'] + (['-gray'] if gray else []) + (['-f', '1', '-l', '1'] if first_only else [])
    subprocess.run(args + [str(pdf), str(prefix)], check=True)
    return [Image.open(p).convert('L' if gray else 'RGB') for p in sorted(prefix.parent.glob(prefix.name + '-*.png'))]


def jpeg_bytes(img, limit, quality=82, **options):
    while True:
        buffer = io.BytesIO()
        img.save(buffer, 'JPEG', quality=quality, optimize=True, **options)
        if buffer.tell() <= limit or quality <= 30:
            return buffer.getvalue()
        quality -= 4


def scan_page(img, spec, rng):
    dpi = spec['dpi']
    a = np.asarray(img, dtype=np.float32) / 255.0
    ink, paper = CONTRAST[spec['contrast']]
    a = ink + (paper - ink) * a
    h, w = a.shape
    if 'shade' in spec.get('extra', ()):
        ramp = np.linspace(1.0, 0.0, w)[None, :] ** 3
        a = a - 35 * ramp
    if 'specks' in spec.get('extra', ()):
        n = int(rng.integers(60, 160))
        ys, xs = rng.integers(0, h, n), rng.integers(0, w, n)
        for y, x in zip(ys, xs):
            r = int(rng.integers(1, max(2, dpi // 100) + 1))
            a[max(0, y - r):y + r, max(0, x - r):x + r] = rng.uniform(ink, ink + 60)
    a = a + rng.normal(0, 5.0, a.shape)
    out = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), 'L')
    out = out.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 0.8) * dpi / 200))
    platen = int(rng.integers(200, 225))
    out = out.rotate(spec['turn'], resample=Image.BICUBIC, expand=True, fillcolor=platen)
    if 'upside-down' in spec.get('extra', ()):
        out = out.rotate(180, expand=True)
    if 'side' in spec.get('extra', ()):
        out = out.rotate(90, expand=True)
    return out


def write_jpeg_pdf(path, jpegs, sizes, dpi):
    """An image-only PDF: one grey JPEG a page, the page as large as the image at dpi."""
    objects = []
    kids = []
    for i, (data, (w, h)) in enumerate(zip(jpegs, sizes)):
        page_no, image_no, content_no = 3 + 3 * i, 4 + 3 * i, 5 + 3 * i
        kids.append(page_no)
        pw, ph = w * 72 / dpi, h * 72 / dpi
        content = f'q {pw:.2f} 0 0 {ph:.2f} 0 0 cm /Im0 Do Q'.encode()
        objects.append((page_no, f'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {pw:.2f} {ph:.2f}] /Resources << /XObject << /Im0 {image_no} 0 R >> >> /Contents {content_no} 0 R >>'.encode()))
        objects.append((image_no, f'<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length {len(data)} >>\nstream\n'.encode() + data + b'\nendstream'))
        objects.append((content_no, f'<< /Length {len(content)} >>\nstream\n'.encode() + content + b'\nendstream'))
    objects.insert(0, (2, f'<< /Type /Pages /Kids [{" ".join(f"{k} 0 R" for k in kids)}] /Count {len(kids)} >>'.encode()))
    objects.insert(0, (1, b'<< /Type /Catalog /Pages 2 0 R >>'))
    objects.sort()
    out = bytearray(b'%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')
    offsets = {}
    for number, body in objects:
        offsets[number] = len(out)
        out += f'{number} 0 obj\n'.encode() + body + b'\nendobj\n'
    xref = len(out)
    out += f'xref\n0 {len(objects) + 1}\n0000000000 65535 f \n'.encode()
    out += b''.join(f'{offsets[n]:010d} 00000 n \n'.encode() for n in range(1, len(objects) + 1))
    out += f'trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n'.encode()
    Path(path).write_bytes(bytes(out))


def make_scan(inv, out, workdir, spec):
    rng = rng_for(inv.id, 'scan')
    pages = render_pages(out / f'{inv.id}.pdf', spec['dpi'], True, workdir, first_only=inv.scan == 'jpg')
    images = [scan_page(p, spec, rng) for p in pages]
    if inv.scan == 'jpg':
        (out / f'{inv.id}.scan.jpg').write_bytes(jpeg_bytes(images[0], MAX_JPEG))
    else:
        write_jpeg_pdf(out / f'{inv.id}.scan.pdf', [jpeg_bytes(i, 170_000) for i in images], [i.size for i in images], spec['dpi'])


def smooth_field(rng, shape, cells, amplitude):
    small = rng.normal(0, 1, (cells, cells)).astype(np.float32)
    img = Image.fromarray(((small - small.min()) / (np.ptp(small) + 1e-6) * 255).astype(np.uint8), 'L')
    img = img.resize((shape[1], shape[0]), Image.BICUBIC).filter(ImageFilter.GaussianBlur(max(shape) / cells / 3))
    return (np.asarray(img, dtype=np.float32) / 255 - 0.5) * 2 * amplitude


def table_texture(kind, size, rng):
    w, h = size
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == 'wood':
        grain = np.sin((x * 0.02 + np.sin(y * 0.004) * 6) * 3 + smooth_field(rng, (h, w), 6, 2.5)) * 0.5 + 0.5
        base = np.stack([150 + 40 * grain, 100 + 28 * grain, 60 + 18 * grain], -1)
    elif kind == 'desk':
        base = np.stack([np.full((h, w), 48.0), np.full((h, w), 50.0), np.full((h, w), 55.0)], -1)
    elif kind == 'stone':
        speck = rng.normal(0, 12, (h, w)) + smooth_field(rng, (h, w), 12, 15)
        base = np.stack([175 + speck, 172 + speck, 165 + speck], -1)
    else:
        weave = (np.sin(x * 0.9) * np.sin(y * 0.9)) * 8
        base = np.stack([50 + weave, 75 + weave, 135 + weave], -1)
    return base + rng.normal(0, 4, (h, w, 1))


def perspective_coefficients(source, target):
    """Coefficients for Image.transform(PERSPECTIVE) mapping output points (target) to input (source)."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(target, source):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); rhs.append(u)
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y]); rhs.append(v)
    return np.linalg.solve(np.array(rows, dtype=np.float64), np.array(rhs, dtype=np.float64)).tolist()


def make_photo(inv, out, workdir, spec):
    rng = rng_for(inv.id, 'photo')
    harsh = spec['harsh']
    ticket = inv.vat_included
    page = render_pages(out / f'{inv.id}.pdf', 300 if ticket else int(rng.integers(125, 141)), False, workdir, first_only=True)[0]
    if ticket:
        page = page.resize((int(page.width * 1100 / page.height), 1100), Image.LANCZOS)
    a = np.asarray(page, dtype=np.float32)
    h, w = a.shape[:2]
    tint = np.array([1.0, 0.975, 0.92]) if rng.random() < 0.5 else np.array([0.95, 0.98, 1.0])
    a = a * tint
    if 'crumple' in spec['extra']:
        a = a * (1 + smooth_field(rng, (h, w), 7, 0.16 if harsh else 0.09))[..., None]
        shift = (np.sin(np.arange(h) / rng.uniform(25, 60)) * rng.uniform(1, 2.5)).astype(int)
        a = np.stack([np.roll(a[i], shift[i], axis=0) for i in range(h)])
        fold = int(rng.uniform(0.3, 0.7) * h)
        a[max(0, fold - 3):fold + 3] *= 0.82
    sheet = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), 'RGB')
    margin = int(0.16 * max(w, h))
    W, H = w + 2 * margin, h + 2 * margin
    table = table_texture(spec['table'], (W, H), rng)
    # the sheet's shadow on the table
    shadow = Image.new('L', (W, H), 0)
    ImageDraw.Draw(shadow).rectangle([margin + 12, margin + 16, margin + w + 12, margin + h + 16], fill=150)
    shadow = np.asarray(shadow.filter(ImageFilter.GaussianBlur(18)), dtype=np.float32) / 255
    table = table * (1 - 0.6 * shadow[..., None])
    scene = Image.fromarray(np.clip(table, 0, 255).astype(np.uint8), 'RGB')
    scene.paste(sheet, (margin, margin))
    # perspective and a small turn: move each corner of the sheet
    move = (0.10 if harsh else 0.05)
    corners = [(margin, margin), (margin + w, margin), (margin + w, margin + h), (margin, margin + h)]
    target = [(x + rng.uniform(-move, move) * w, y + rng.uniform(-move, move) * h) for x, y in corners]
    angle = np.radians(rng.uniform(-3, 3)); cx, cy = W / 2, H / 2
    target = [(cx + (x - cx) * np.cos(angle) - (y - cy) * np.sin(angle), cy + (x - cx) * np.sin(angle) + (y - cy) * np.cos(angle)) for x, y in target]
    scene = scene.transform((W, H), Image.PERSPECTIVE, perspective_coefficients(corners, target), Image.BICUBIC, fillcolor=tuple(int(v) for v in table[0, 0]))
    a = np.asarray(scene, dtype=np.float32)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    px, py = rng.uniform(0.3, 0.7) * W, rng.uniform(0.3, 0.7) * H
    falloff = 1 - (0.45 if harsh else 0.28) * (((xx - px) / W) ** 2 + ((yy - py) / H) ** 2) * 2
    a = a * falloff[..., None]
    if 'shadow' in spec['extra']:
        mask = Image.new('L', (W, H), 0)
        corner = rng.integers(0, 4)
        ox, oy = (0 if corner in (0, 3) else W), (0 if corner in (0, 1) else H)
        size = rng.uniform(0.45, 0.7)
        ImageDraw.Draw(mask).ellipse([ox - size * W, oy - size * H, ox + size * W, oy + size * H], fill=255)
        m = np.asarray(mask.filter(ImageFilter.GaussianBlur(W / 18)), dtype=np.float32) / 255
        a = a * (1 - (0.55 if harsh else 0.4) * m[..., None])
    cast = rng.uniform(0.93, 1.05, 3)
    a = a * cast + rng.normal(0, 7 if harsh else 4.5, a.shape)
    photo = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), 'RGB')
    photo = photo.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 1.1)))
    scale = min(1.0, 1700 / max(photo.size))
    if scale < 1:
        photo = photo.resize((int(photo.width * scale), int(photo.height * scale)), Image.LANCZOS)
    (out / f'{inv.id}.photo.jpg').write_bytes(jpeg_bytes(photo, MAX_JPEG, quality=80, subsampling=2))


def make_images(inv, out, workdir):
    plan = PLAN.get(inv.id, {})
    if bool(inv.scan) != ('scan' in plan) or inv.photo != ('photo' in plan):
        raise SystemExit(f'{inv.id}: the layout and degrade.PLAN disagree on its images')
    if inv.scan:
        make_scan(inv, out, workdir, plan['scan'])
    if inv.photo:
        make_photo(inv, out, workdir, plan['photo'])
