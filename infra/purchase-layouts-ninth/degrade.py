"""Scans and phone photos of the ninth corpus's PDFs (poppler's pdftoppm, numpy, Pillow).

Every random choice comes from a generator seeded with the layout id's crc32, so a rebuild gives the
same images byte for byte.
"""
import glob
import io
import os
import subprocess
import zlib

import numpy as np
from PIL import Image, ImageFilter

MAX_JPEG = 290_000
MAX_PAGE_IN_PDF = 170_000

# layout id -> (kind, options). Scans: dpi, ink/paper levels, specks, shade, blur, turn, orient.
# Photos: background, harshness, crumple, corner shadow, ticket.
PLAN = {
    "tc-tienda-online": ("scan", dict(dpi=200, levels=(40, 235))),
    "tc-consultor-irpf15": ("scan", dict(dpi=300, levels=(20, 245))),
    "tc-electrico-3pag": ("scan", dict(dpi=150, levels=(40, 235))),
    "tc-rectificativa": ("scan", dict(dpi=200, levels=(90, 210), orient=180)),
    "tc-super-ticket": ("scan", dict(dpi=300, levels=(40, 235))),
    "pw-abogada-irpf15": ("scan", dict(dpi=200, levels=(40, 235), specks=900)),
    "pw-fruteria-recargo": ("scan", dict(dpi=200, levels=(90, 210), shade=True)),
    "pw-materiales-2pag": ("scan", dict(dpi=150, levels=(40, 235))),
    "pw-rectificativa-saas": ("scan", dict(dpi=200, levels=(20, 245), orient=90)),
    "pl-bebidas-casillas": ("scan", dict(dpi=200, levels=(40, 235), specks=1200)),
    "pl-recargo-courier": ("scan", dict(dpi=250, levels=(40, 235))),
    "pl-ferreteria-3pag": ("scan", dict(dpi=150, levels=(40, 235), specks=500)),
    "pl-abono-menos-final": ("scan", dict(dpi=200, levels=(40, 235), shade=True)),
    "pl-gestoria-irpf15": ("scan", dict(dpi=150, levels=(20, 245))),
    "tc-artesana-tienda": ("photo", dict(table="wood")),
    "tc-drogueria-recargo": ("photo", dict(table="stone", harsh=True, crumple=True)),
    "tc-portugal-autoliq": ("photo", dict(table="desk", corner_shadow=True)),
    "tc-igic-carpinteria": ("photo", dict(table="cloth")),
    "pw-ilustradora-irpf7": ("photo", dict(table="wood", corner_shadow=True)),
    "pw-italia-inversion": ("photo", dict(table="stone")),
    "pw-francia-servicios": ("photo", dict(table="desk", crumple=True)),
    "pw-academia-exenta": ("photo", dict(table="wood")),
    "pw-gasolinera-ticket": ("photo", dict(table="desk", ticket=True)),
    "pw-taller-marca": ("photo", dict(table="cloth", harsh=True, corner_shadow=True)),
    "pl-belgica-inversion": ("photo", dict(table="stone")),
    "pl-igic-alimentacion": ("photo", dict(table="wood", crumple=True)),
    "pl-restaurante-iva-incl": ("photo", dict(table="cloth")),
    "pl-telecom": ("photo", dict(table="desk", harsh=True, corner_shadow=True)),
}


def pages_of(pdf: str) -> int:
    info = subprocess.run(["pdfinfo", pdf], check=True, capture_output=True, text=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def images_for(layout_id, pdf):
    """The label's scan and photo file names."""
    kind, _ = PLAN.get(layout_id, (None, None))
    if kind == "scan":
        return (f"{layout_id}.scan.pdf" if pages_of(pdf) > 1 else f"{layout_id}.scan.jpg"), None
    if kind == "photo":
        return None, f"{layout_id}.photo.jpg"
    return None, None


def render(pdf, work, stem, dpi, grey, page=None):
    prefix = os.path.join(work, stem)
    for old in glob.glob(prefix + "-*.p?m"):
        os.remove(old)
    args = ["pdftoppm", "-r", str(dpi)] + (["-gray"] if grey else []) + (["-f", str(page), "-l", str(page)] if page else [])
    subprocess.run(args + [pdf, prefix], check=True)
    return [Image.open(p).copy() for p in sorted(glob.glob(prefix + "-*.p?m"))]


def jpeg_under(image, limit, quality=82, floor=30, **options):
    while True:
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=quality, **options)
        if buffer.tell() <= limit or quality <= floor:
            return buffer.getvalue()
        quality -= 4


def smooth_field(rng, shape, cells, amplitude):
    """Low-frequency noise: a coarse random grid scaled up smoothly."""
    coarse = rng.normal(0, 1, (cells, cells)).astype(np.float32)
    img = Image.fromarray(((coarse - coarse.min()) / (np.ptp(coarse) + 1e-6) * 255).astype(np.uint8))
    up = np.asarray(img.resize((shape[1], shape[0]), Image.BICUBIC), dtype=np.float32) / 255.0
    return (up - 0.5) * 2 * amplitude


# --- scans ---------------------------------------------------------------------------------------
def scan_page(page: Image.Image, rng, o) -> Image.Image:
    a = np.asarray(page, dtype=np.float32)
    ink, paper = o["levels"]
    a = ink + a / 255.0 * (paper - ink)
    h, w = a.shape
    if o.get("shade"):
        ramp = np.linspace(1.0, 0.0, w, dtype=np.float32) ** 3
        a -= ramp[None, :] * rng.uniform(25, 45)
    for _ in range(o.get("specks", 0)):
        y, x = rng.integers(0, h - 3), rng.integers(0, w - 3)
        size = rng.integers(1, 3)
        a[y:y + size, x:x + size] = np.minimum(a[y:y + size, x:x + size], rng.uniform(30, 120))
    a += rng.normal(0, rng.uniform(3, 7), a.shape)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "L")
    img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 0.8) * o["dpi"] / 200))
    platen = int(rng.uniform(150, 185))
    margin = int(o["dpi"] * 0.12)
    bed = Image.new("L", (w + 2 * margin, h + 2 * margin), platen)
    bed.paste(img, (margin + int(rng.integers(-margin // 2, margin // 2)), margin + int(rng.integers(-margin // 2, margin // 2))))
    bed = bed.rotate(float(rng.uniform(0.2, 1.5) * rng.choice([-1, 1])), resample=Image.BICUBIC, fillcolor=platen)
    if o.get("orient"):
        bed = bed.rotate(o["orient"], expand=True)
    return bed


def write_jpeg_pdf(pages, path):
    """An image-only PDF: one DCT-encoded grey image per page, no dates, so it is reproducible."""
    objects = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    page_ids = []
    pages_id = 2
    add(b"<< /Type /Catalog /Pages 2 0 R >>")
    add(b"")  # the page tree, filled in below
    for jpeg, (w, h), dpi in pages:
        width_pt, height_pt = w * 72 / dpi, h * 72 / dpi
        image = add(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 "
                    b"/Filter /DCTDecode /Length %d >>\nstream\n" % (w, h, len(jpeg)) + jpeg + b"\nendstream")
        content = b"q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q" % (width_pt, height_pt)
        contents = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        page_ids.append(add(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im0 %d 0 R >> >> "
                            b"/Contents %d 0 R >>" % (width_pt, height_pt, image, contents)))
    objects[pages_id - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % i for i in page_ids), len(page_ids))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    with open(path, "wb") as f:
        f.write(out)


def make_scan(layout_id, pdf, out, work, o, rng):
    pages = [scan_page(p, rng, o) for p in render(pdf, work, layout_id, o["dpi"], grey=True)]
    if len(pages) > 1:
        encoded = [(jpeg_under(p, MAX_PAGE_IN_PDF), p.size, o["dpi"]) for p in pages]
        write_jpeg_pdf(encoded, os.path.join(out, f"{layout_id}.scan.pdf"))
    else:
        with open(os.path.join(out, f"{layout_id}.scan.jpg"), "wb") as f:
            f.write(jpeg_under(pages[0], MAX_JPEG, dpi=(o["dpi"], o["dpi"])))


# --- photos --------------------------------------------------------------------------------------
TABLES = {"wood": (128, 86, 52), "desk": (46, 44, 48), "stone": (172, 168, 160), "cloth": (58, 82, 128)}


def table_surface(rng, kind, w, h):
    base = np.array(TABLES[kind], dtype=np.float32)
    a = np.ones((h, w, 3), dtype=np.float32) * base
    if kind == "wood":
        grain = np.sin(np.linspace(0, rng.uniform(40, 70), h)[:, None] + smooth_field(rng, (h, w), 6, 3.0))
        a *= (1 + 0.12 * grain)[..., None]
    else:
        a *= (1 + smooth_field(rng, (h, w), 10, 0.08))[..., None]
        if kind == "cloth":
            weave = (np.indices((h, w)).sum(axis=0) % 4 < 2).astype(np.float32)
            a *= (1 + 0.05 * weave)[..., None]
    a += rng.normal(0, 6, a.shape)
    return a


def perspective_coefficients(dst, src):
    """PIL's PERSPECTIVE data mapping output points dst to input points src."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    return np.linalg.solve(np.array(rows, dtype=np.float64), np.array(rhs, dtype=np.float64)).tolist()


def crumple(rng, sheet):
    h, w, _ = sheet.shape
    shading = 1 + smooth_field(rng, (h, w), 7, 0.10)
    fold_x = int(rng.uniform(0.35, 0.65) * w)
    shading[:, fold_x:fold_x + 3] *= 0.82
    shading[:, fold_x + 3:] *= 0.96
    sheet = sheet * shading[..., None]
    offsets = np.round(smooth_field(rng, (h, 1), 5, 2.0)[:, 0]).astype(int)
    waved = np.empty_like(sheet)
    for y in range(h):
        waved[y] = np.roll(sheet[y], offsets[y], axis=0)
    return waved


def make_photo(layout_id, pdf, out, work, o, rng):
    harsh = o.get("harsh", False)
    if o.get("ticket"):
        page = render(pdf, work, layout_id, 300, grey=False, page=1)[0].convert("RGB")
        page = page.resize((int(page.width * 1100 / page.height), 1100), Image.LANCZOS)
    else:
        page = render(pdf, work, layout_id, int(rng.uniform(125, 140)), grey=False, page=1)[0].convert("RGB")
    sheet = np.asarray(page, dtype=np.float32)
    tint = np.array([1.0, rng.uniform(0.96, 0.99), rng.uniform(0.88, 0.95)] if rng.random() < 0.6 else
                    [rng.uniform(0.92, 0.96), rng.uniform(0.96, 0.99), 1.0], dtype=np.float32)
    sheet = sheet * tint
    if o.get("crumple"):
        sheet = crumple(rng, sheet)
    ph, pw = sheet.shape[:2]
    W, H = int(pw * 1.22), int(ph * 1.18)
    scene = table_surface(rng, o["table"], W, H)
    ox, oy = (W - pw) / 2, (H - ph) / 2
    corners = np.array([[ox, oy], [ox + pw, oy], [ox + pw, oy + ph], [ox, oy + ph]])
    move = 0.10 if harsh else 0.05
    corners += rng.uniform(-move, move, (4, 2)) * np.array([pw, ph]) * 0.5
    angle = np.radians(rng.uniform(-3, 3))
    centre = corners.mean(axis=0)
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    corners = (corners - centre) @ turn.T + centre
    coefficients = perspective_coefficients(corners.tolist(), [[0, 0], [pw, 0], [pw, ph], [0, ph]])
    paper = Image.fromarray(np.clip(sheet, 0, 255).astype(np.uint8)).transform((W, H), Image.PERSPECTIVE, coefficients, Image.BICUBIC)
    mask = Image.new("L", (pw, ph), 255).transform((W, H), Image.PERSPECTIVE, coefficients, Image.BILINEAR)
    shift = (int(pw * 0.008), int(pw * 0.012))
    shadow = Image.new("L", (W, H), 0)
    shadow.paste(mask.filter(ImageFilter.GaussianBlur(pw * 0.012)), shift)
    scene *= (1 - 0.55 * np.asarray(shadow, dtype=np.float32)[..., None] / 255)
    alpha = np.asarray(mask, dtype=np.float32)[..., None] / 255
    scene = scene * (1 - alpha) + np.asarray(paper, dtype=np.float32) * alpha
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    cx, cy = rng.uniform(0.2, 0.8) * W, rng.uniform(0.2, 0.8) * H
    distance = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2) / max(W, H)
    scene *= (1.05 - (0.45 if harsh else 0.3) * distance ** 1.5)[..., None]
    if o.get("corner_shadow"):
        corner = rng.integers(0, 4)
        sx, sy = (0 if corner in (0, 3) else W), (0 if corner in (0, 1) else H)
        reach = rng.uniform(0.35, 0.5) * max(W, H)
        soft = np.clip(1 - np.sqrt((xx - sx) ** 2 + (yy - sy) ** 2) / reach, 0, 1)
        soft = np.asarray(Image.fromarray((soft * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(W * 0.03)), dtype=np.float32) / 255
        scene *= (1 - rng.uniform(0.35, 0.5) * soft)[..., None]
    scene *= np.array([rng.uniform(0.95, 1.05), 1.0, rng.uniform(0.92, 1.05)], dtype=np.float32)
    scene += rng.normal(0, 7 if harsh else 4, scene.shape)
    photo = Image.fromarray(np.clip(scene, 0, 255).astype(np.uint8))
    photo = photo.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 1.1) * (1.2 if harsh else 1.0)))
    if max(photo.size) > 1700:
        scale = 1700 / max(photo.size)
        photo = photo.resize((int(photo.width * scale), int(photo.height * scale)), Image.LANCZOS)
    with open(os.path.join(out, f"{layout_id}.photo.jpg"), "wb") as f:
        f.write(jpeg_under(photo, MAX_JPEG, quality=80, subsampling=2))


def make_images(layout_id, pdf, out, work):
    kind, options = PLAN.get(layout_id, (None, None))
    if kind is None:
        return
    rng = np.random.default_rng(zlib.crc32(layout_id.encode()))
    (make_scan if kind == "scan" else make_photo)(layout_id, pdf, out, work, options, rng)
