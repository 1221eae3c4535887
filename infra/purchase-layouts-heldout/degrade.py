"""Scans and phone photos of the held-out corpus, made here with Ghostscript (rendering), Pillow and
NumPy, on purpose unlike the first corpus's degradation:
- scans: the page rendered by Ghostscript at 200-300 dpi, the scanner's optics (a slight blur), its
  lamp (light falling off across the page), a washed-out tone curve (grey ink on grey paper),
  grain, dust specks, the page turned a few degrees on the glass with the dark lid showing at the
  edges; JPEG, or a multi-page image-only PDF written by Pillow;
- photos: the page in colour on a textured surface (wood, fabric, a dark desk), a perspective
  solved from four moved corners, light from one side or a hand's soft shadow, a warm cast,
  vignetting, sensor noise and a phone's JPEG."""
from __future__ import annotations

import io
import os
import random
import subprocess
import tempfile

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

SCAN_BUDGET = 250 * 1024
PHOTO_BUDGET = 380 * 1024
SCAN_PDF_BUDGET = 380 * 1024


def render(pdf: str, dpi: int, colour: bool) -> list[Image.Image]:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(['gs', '-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', f'-sDEVICE={"png16m" if colour else "pnggray"}', f'-r{dpi}',
                        '-dTextAlphaBits=4', '-dGraphicsAlphaBits=4', f'-sOutputFile={tmp}/p%02d.png', pdf], check=True)
        return [Image.open(f'{tmp}/{n}').copy() for n in sorted(os.listdir(tmp))]


def scan_page(page: Image.Image, spec: dict, rng: random.Random) -> Image.Image:
    a = np.asarray(page.filter(ImageFilter.GaussianBlur(0.6)), dtype=np.float32) / 255.0
    h, w = a.shape
    # a washed-out tone curve: ink lifted to grey, paper pulled down, and a gamma for the lamp
    contrast = spec['contrast']
    ink, paper = 0.55 * (1 - contrast), 0.93 - 0.08 * (1 - contrast)
    a = ink + (paper - ink) * a ** 0.8
    # the lamp's light falls off towards one side of the glass
    side = np.linspace(1.0, 0.9, w, dtype=np.float32)[None, :] if rng.random() < 0.5 else np.linspace(0.9, 1.0, w, dtype=np.float32)[None, :]
    a = a * side
    # grain
    noise = np.random.default_rng(rng.randrange(1 << 30)).normal(0, spec['noise'] / 255.0, a.shape).astype(np.float32)
    a = np.clip(a + noise, 0, 1)
    img = Image.fromarray((a * 255).astype(np.uint8), 'L')
    # dust specks and a hair
    d = ImageDraw.Draw(img)
    for _ in range(40):
        x, y, r = rng.randrange(w), rng.randrange(h), rng.choice([1, 1, 2, 3])
        d.ellipse((x, y, x + r, y + r), fill=rng.randrange(40, 110))
    x0, y0 = rng.randrange(w), rng.randrange(h)
    d.line([(x0, y0), (x0 + rng.randrange(-80, 80), y0 + rng.randrange(40, 160))], fill=120, width=1)
    # turned on the glass; the dark lid fills the corners
    img = img.rotate(spec['degrees'], resample=Image.BICUBIC, expand=True, fillcolor=55)
    W, H = img.size
    mx, my = (W - w) // 2, (H - h) // 2
    return img.crop((mx // 2, my // 2, W - mx // 2, H - my // 2))


def jpeg(img: Image.Image, quality: int, budget: int, dpi: int) -> bytes:
    for q in range(quality, 14, -5):
        out = io.BytesIO()
        img.save(out, 'JPEG', quality=q, optimize=True, dpi=(dpi, dpi))
        if out.tell() <= budget:
            return out.getvalue()
    return out.getvalue()


def make_scan(pdf: str, spec: dict, seed: int) -> tuple[bytes, str]:
    rng = random.Random(seed)
    pages = [scan_page(p, spec, rng) for p in render(pdf, spec['dpi'], colour=False)]
    if not spec.get('pages'):
        return jpeg(pages[0], spec['quality'], SCAN_BUDGET, spec['dpi']), 'jpg'
    # a multi-page scan as the office scanner files it: an image-only PDF, one JPEG per page
    for quality in range(spec['quality'], 14, -5):
        out = io.BytesIO()
        pages[0].save(out, 'PDF', save_all=True, append_images=pages[1:], resolution=float(spec['dpi']), quality=quality)
        if out.tell() <= SCAN_PDF_BUDGET:
            break
    return out.getvalue(), 'pdf'


def perspective_coefficients(dst, src):
    """The 8 coefficients Pillow's PERSPECTIVE transform wants (output point → input point)."""
    m, v = [], []
    for (x, y), (u, w) in zip(dst, src):
        m.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); v.append(u)
        m.append([0, 0, 0, x, y, 1, -w * x, -w * y]); v.append(w)
    return np.linalg.solve(np.array(m, dtype=np.float64), np.array(v, dtype=np.float64)).tolist()


def surface(kind: str, size, rng: random.Random) -> Image.Image:
    W, H = size
    g = np.random.default_rng(rng.randrange(1 << 30))
    ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
    if kind == 'wood':
        grain = np.sin((xs * 0.02 + np.sin(ys * 0.004) * 6) * 3.0) * 0.5 + 0.5
        base = np.array([150, 104, 62], np.float32)
        a = base[None, None, :] * (0.75 + 0.25 * grain[..., None])
    elif kind == 'fabric':
        weave = (np.sin(xs * 0.9) * np.sin(ys * 0.9)) * 0.5 + 0.5
        base = np.array([70, 88, 120], np.float32)
        a = base[None, None, :] * (0.8 + 0.2 * weave[..., None])
    else:  # a dark desk
        a = np.full((H, W, 3), [48, 46, 44], np.float32)
    a += g.normal(0, 6, a.shape)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), 'RGB').filter(ImageFilter.GaussianBlur(1.2))


def make_photo(pdf: str, spec: dict, seed: int) -> bytes:
    rng = random.Random(seed)
    page = render(pdf, 170, colour=True)[0]
    w, h = page.size
    # warm paper
    page = Image.fromarray(np.clip(np.asarray(page, np.float32) * np.array([1.0, 0.97, 0.9]), 0, 255).astype(np.uint8))
    W, H = int(w * 1.45), int(h * 1.18)
    ox, oy = (W - w) // 2, (H - h) // 2
    j = lambda n: rng.uniform(-n, n)
    t = np.radians(spec['angle'])
    cx, cy = W / 2, H / 2

    def turned(x, y):
        x, y = x - w / 2, y - h / 2
        return cx + x * np.cos(t) - y * np.sin(t), cy + x * np.sin(t) + y * np.cos(t)
    # the top edge a little narrower than the bottom: the phone leans towards the reader
    corners = [turned(0 + w * 0.05 + j(15), 0 + j(15)), turned(w - w * 0.05 + j(15), 0 + j(15)), turned(w + j(15), h + j(15)), turned(0 + j(15), h + j(15))]
    coeffs = perspective_coefficients(corners, [(0, 0), (w, 0), (w, h), (0, h)])
    warped = page.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BICUBIC)
    mask = Image.new('L', (w, h), 255).transform((W, H), Image.PERSPECTIVE, coeffs, Image.BICUBIC)
    img = surface(spec['background'], (W, H), rng)
    img.paste(warped, (0, 0), mask)
    a = np.asarray(img, np.float32)
    ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
    light = spec['light']
    if light == 'left':
        gain = 1.05 - 0.4 * xs / W
    elif light == 'right':
        gain = 0.7 + 0.38 * xs / W
    elif light == 'top':
        gain = 1.05 - 0.35 * ys / H
    else:  # a hand's soft shadow across a corner
        shadow = Image.new('L', (W, H), 0)
        ImageDraw.Draw(shadow).polygon([(W * 0.55, 0), (W, 0), (W, H * 0.5), (W * 0.7, H * 0.35)], fill=255)
        gain = 1.0 - 0.45 * np.asarray(shadow.filter(ImageFilter.GaussianBlur(60)), np.float32) / 255
    vignette = 1 - 0.3 * (((xs - cx) / W) ** 2 + ((ys - cy) / H) ** 2) * 2
    a = a * (gain * vignette)[..., None]
    a += np.random.default_rng(rng.randrange(1 << 30)).normal(0, 5, a.shape)
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), 'RGB').filter(ImageFilter.GaussianBlur(0.7))
    if max(img.size) > 1800:
        k = 1800 / max(img.size)
        img = img.resize((int(img.width * k), int(img.height * k)), Image.LANCZOS)
    return jpeg(img, 72, PHOTO_BUDGET, 72)
