"""Scans and phone photos of the rendered PDFs, made with poppler's pdftoppm and ImageMagick.
Every random choice comes from the layout id (crc32), and ImageMagick's noise from `-seed`, so a
rebuild gives the same images. Each image is kept under MAX_BYTES by lowering the JPEG quality."""
import os
import random
import re
import subprocess
import tempfile
import zlib

MAX_BYTES = 250_000  # one image; a multi-page scan's PDF shares MULTI_PAGE_BYTES among its pages
MULTI_PAGE_BYTES = 330_000


def rng_for(layout_id, salt):
    return random.Random(zlib.crc32(f'{layout_id}:{salt}'.encode()))


def run(*args):
    subprocess.run([str(a) for a in args], check=True, capture_output=True)


def pages_of(pdf, tmp, dpi, gray):
    prefix = os.path.join(tmp, 'p')
    run('pdftoppm', '-gray' if gray else '-png', '-r', dpi, pdf, prefix)
    return sorted(os.path.join(tmp, n) for n in os.listdir(tmp) if n.startswith('p-'))


def jpeg_under_limit(src, out, quality, limit=MAX_BYTES):
    """Writes src as a JPEG at `quality`, lowering it by steps until the file fits `limit`."""
    q = quality
    while True:
        run('convert', src, '-strip', '-sampling-factor', '2x2', '-quality', q, out)
        if os.path.getsize(out) <= limit or q <= 30:
            return q
        q -= 6


def scan_page(page, out_png, r, seed, tmp):
    """A flatbed or office-copier scan: washed-out tones, toner dots, a dark band where the lid did
    not close, paper grain, the sheet slightly turned, and the optics' softness."""
    angle = r.choice([-1, 1]) * r.uniform(0.4, 2.4)
    low, high = r.randint(8, 22), r.randint(78, 92)  # ink never black, paper never white
    grain = r.uniform(0.25, 0.55)
    band_side = r.choice(['top', 'bottom', 'left', 'right'])
    band_dark = r.randint(50, 75)
    speck_threshold = r.uniform(99.82, 99.93)
    blur = r.uniform(0.45, 0.9)
    w, h = map(int, subprocess.run(['identify', '-format', '%w %h', page], capture_output=True, text=True, check=True).stdout.split())
    dots = os.path.join(tmp, 'dots.png')
    run('convert', '-size', f'{w}x{h}', 'xc:white', '-seed', seed, '-attenuate', '1', '+noise', 'Random', '-colorspace', 'Gray',
        '-threshold', f'{speck_threshold:.2f}%', '-morphology', 'Dilate', 'Disk:1.2', '-negate', dots)
    # the lid's shadow: a gradient from dark at one edge to white a few per cent in
    band = os.path.join(tmp, 'band.png')
    across = int((h if band_side in ('top', 'bottom') else w) * r.uniform(0.03, 0.07))
    angle_of = {'top': 180, 'bottom': 0, 'left': 90, 'right': 270}[band_side]
    size = f'{w}x{across}' if band_side in ('top', 'bottom') else f'{across}x{h}'
    gravity = {'top': 'North', 'bottom': 'South', 'left': 'West', 'right': 'East'}[band_side]
    run('convert', '-size', f'{w}x{h}', 'xc:white', '(', '-size', size, '-define', f'gradient:angle={angle_of}', f'gradient:white-gray{band_dark}', ')',
        '-gravity', gravity, '-composite', band)
    run('convert', page, '-colorspace', 'Gray', '-blur', f'0x{blur:.2f}', '+level', f'{low}%,{high}%',
        dots, '-compose', 'Multiply', '-composite', band, '-compose', 'Multiply', '-composite',
        '-seed', seed + 1, '-attenuate', f'{grain:.2f}', '+noise', 'Gaussian',
        '-background', f'gray{r.randint(45, 70)}', '-rotate', f'{angle:.2f}', '+repage', out_png)


def image_only_pdf(jpgs, dpi, out):
    """The JPEG pages wrapped in a PDF as they are (fpdf2 embeds a JPEG without re-encoding it),
    each page the size the scan's resolution gives it; no text layer."""
    from fpdf import FPDF
    import datetime
    pdf = FPDF(unit='mm')
    pdf.set_creation_date(datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc))
    for jpg in jpgs:
        w, h = map(int, subprocess.run(['identify', '-format', '%w %h', jpg], capture_output=True, text=True, check=True).stdout.split())
        size = (w / dpi * 25.4, h / dpi * 25.4)
        pdf.add_page(format=size)
        pdf.image(jpg, 0, 0, size[0], size[1])
    pdf.output(out)


def scan(pdf, out, layout_id):
    """`<id>.scan.jpg` for one page, or an image-only `<id>.scan.pdf` with one JPEG per page."""
    r = rng_for(layout_id, 'scan')
    seed = zlib.crc32(layout_id.encode()) % 100000
    dpi = r.choice([150, 180, 200])
    quality = r.randint(62, 80)
    with tempfile.TemporaryDirectory() as tmp:
        pages = pages_of(pdf, tmp, dpi, gray=True)
        jpgs = []
        for n, page in enumerate(pages):
            png = os.path.join(tmp, f's{n}.png'); jpg = os.path.join(tmp, f's{n}.jpg')
            scan_page(page, png, r, seed + n * 7, tmp)
            jpeg_under_limit(png, jpg, quality, MAX_BYTES if len(pages) == 1 else MULTI_PAGE_BYTES // len(pages) - 4000)
            jpgs.append(jpg)
        if out.endswith('.jpg'):
            os.replace(jpgs[0], out)
        else:
            image_only_pdf(jpgs, dpi, out)


def photo(pdf, out, layout_id):
    """A phone photo of the sheet on a table: perspective, a background, light from one side or a
    lamp's spot, a shadow, a warm or cold cast, camera shake and sensor noise."""
    r = rng_for(layout_id, 'photo')
    seed = zlib.crc32(layout_id.encode()) % 100000 + 11
    dpi = r.choice([110, 130, 150])
    long_side = max(map(float, re.search(r'Page size:\s+([\d.]+) x ([\d.]+)', subprocess.run(['pdfinfo', pdf], capture_output=True, text=True).stdout).groups())) / 72
    if long_side < 8:
        dpi = int(r.uniform(1300, 1600) / long_side)  # a ticket fills the phone's frame
    with tempfile.TemporaryDirectory() as tmp:
        page = pages_of(pdf, tmp, dpi, gray=False)[0]
        w, h = map(int, subprocess.run(['identify', '-format', '%w %h', page], capture_output=True, text=True, check=True).stdout.split())
        margin_x, margin_y = int(w * r.uniform(0.05, 0.12)), int(h * r.uniform(0.04, 0.09))
        W, H = w + 2 * margin_x, h + 2 * margin_y
        background = r.choice(['wood', 'desk', 'cloth'])
        bg = os.path.join(tmp, 'bg.png')
        if background == 'wood':
            run('convert', '-size', f'{W // 4}x{H // 4}', '-seed', seed, 'plasma:', '-colorspace', 'Gray', '-motion-blur', '0x30+0',
                '+level-colors', '#5e3a1f,#c08a56', '-resize', f'{W}x{H}!', bg)
        elif background == 'desk':
            run('convert', '-size', f'{W}x{H}', 'xc:#2d3136', '-seed', seed, '-attenuate', '0.5', '+noise', 'Gaussian', '-blur', '0x2', bg)
        else:
            run('convert', '-size', f'{W}x{H}', 'pattern:crosshatch30', '-fill', '#54708c', '-tint', '60', '-blur', '0x1.5', bg)
        # the sheet's corners moved in by a few per cent each, as when the phone is not held square
        j = lambda span: int(span * r.uniform(0.0, 0.06))
        src = [(0, 0), (w, 0), (w, h), (0, h)]
        dst = [(margin_x + j(w), margin_y + j(h)), (margin_x + w - j(w), margin_y + j(h)),
               (margin_x + w - j(w), margin_y + h - j(h)), (margin_x + j(w), margin_y + h - j(h))]
        pts = ' '.join(f'{a},{b} {c},{d}' for (a, b), (c, d) in zip(src, dst))
        sheet = os.path.join(tmp, 'sheet.png')
        run('convert', page, '-alpha', 'set', '-virtual-pixel', 'transparent', '-background', 'none',
            '-extent', f'{W}x{H}-{0}-{0}', '-distort', 'Perspective', pts, sheet)
        shadow = os.path.join(tmp, 'shadow.png')
        run('convert', sheet, '(', '+clone', '-background', 'black', '-shadow', '60x12+14+18', ')', '+swap', '-background', 'none', '-layers', 'merge', '+repage',
            '-gravity', 'NorthWest', '-crop', f'{W}x{H}+0+0', '+repage', shadow)
        composed = os.path.join(tmp, 'composed.png')
        run('convert', bg, shadow, '-gravity', 'NorthWest', '-composite', composed)
        # light: a linear fall-off from one side, or a lamp's spot off-centre
        light = os.path.join(tmp, 'light.png')
        if r.random() < 0.5:
            angle = r.choice([0, 90, 180, 270]) + r.uniform(-20, 20)
            run('convert', '-size', f'{W}x{H}', '-define', f'gradient:angle={angle:.0f}', f'gradient:gray{r.randint(55, 70)}-white', light)
        else:
            cx, cy = int(W * r.uniform(0.3, 0.7)), int(H * r.uniform(0.25, 0.6))
            run('convert', '-size', f'{W}x{H}', '-define', f'gradient:center={cx},{cy}', '-define', f'gradient:radii={int(W * 0.8)},{int(H * 0.8)}',
                f'radial-gradient:white-gray{r.randint(50, 65)}', light)
        if r.random() < 0.5:
            # the phone's (or the hand's) soft shadow falling across one part of the sheet
            ex, ey = int(W * r.uniform(0.1, 0.9)), int(H * r.choice([r.uniform(0.0, 0.2), r.uniform(0.8, 1.0)]))
            hand = os.path.join(tmp, 'hand.png')
            run('convert', '-size', f'{W}x{H}', 'xc:white', '-fill', f'gray{r.randint(55, 72)}',
                '-draw', f'ellipse {ex},{ey} {int(W * 0.35)},{int(H * 0.18)} 0,360', '-blur', f'0x{int(W * 0.05)}', light, '-compose', 'Multiply', '-composite', hand)
            light = hand
        cast = r.choice(['#ffb060', '#ffd080', '#a0c0ff'])
        shake = r.uniform(0.6, 1.4)
        final = os.path.join(tmp, 'final.png')
        run('convert', composed, light, '-compose', 'Multiply', '-composite',
            '-fill', cast, '-colorize', str(r.randint(6, 12)),
            '-motion-blur', f'0x{shake:.2f}+{r.randint(0, 180)}', '-blur', '0x0.5',
            '-seed', seed, '-attenuate', f'{r.uniform(0.35, 0.6):.2f}', '+noise', 'Gaussian',
            '-resize', '1700x1700>', final)
        jpeg_under_limit(final, out, r.randint(68, 80))
