"""Scans and phone photos of the text PDFs, made by poppler's pdftoppm and ImageMagick's convert,
seeded from the layout id so that a rebuild gives the same bytes."""
import os, random, subprocess, tempfile, zlib
from canvas import jpeg_pdf

LIMIT = 240_000  # a single image; a page of a multi-page scan gets PAGE_LIMIT
PAGE_LIMIT = 160_000


def run(*args):
    subprocess.run([str(a) for a in args], check=True)


def pages_of(pdf):
    out = subprocess.run(['pdfinfo', pdf], capture_output=True, text=True, check=True).stdout
    return int(next(l.split()[-1] for l in out.splitlines() if l.startswith('Pages:')))


def size_of(img):
    return [int(v) for v in subprocess.run(['identify', '-format', '%w %h', img], capture_output=True, text=True, check=True).stdout.split()]


def shrink_to_limit(build, out, quality, limit=None):
    """Writes with `build(out, quality)`, lowering the JPEG quality until the file fits."""
    while True:
        build(out, quality)
        if os.path.getsize(out) <= (limit or LIMIT) or quality <= 30:
            return quality
        quality -= 6


def scan_page(pdf, page, out, rnd, seed, limit=None):
    dpi = rnd.choice([150, 170, 200])
    with tempfile.TemporaryDirectory() as tmp:
        run('pdftoppm', '-gray', '-r', dpi, '-f', page, '-l', page, '-singlefile', pdf, f'{tmp}/p')
        w, h = size_of(f'{tmp}/p.pgm')
        black, white = rnd.randint(8, 22), rnd.randint(74, 90)
        angle = round(rnd.uniform(0.5, 2.5) * rnd.choice([-1, 1]), 2)
        def build(path, q):
            run('convert', f'{tmp}/p.pgm', '-blur', f'0x{rnd.choice([0.5, 0.7, 0.9])}', '+level', f'{black}%,{white}%',
                '(', '-size', f'{w}x{h}', '-seed', seed, 'xc:', '+noise', 'Random', '-channel', 'G', '-separate', '+channel',
                '-threshold', '99.85%', '-negate', '-morphology', 'Erode', 'Disk:1', ')', '-compose', 'multiply', '-composite',
                '(', '-size', f'{w}x{h}', 'gradient:white-gray75', '-rotate', rnd.choice([0, 90, 180, 270]), '-resize', f'{w}x{h}!', ')', '-compose', 'multiply', '-composite',
                '-seed', seed, '-attenuate', '0.5', '+noise', 'Gaussian', '-background', 'gray62', '-rotate', angle,
                '-colorspace', 'gray', '-strip', '-quality', q, path)
        shrink_to_limit(build, out, rnd.randint(60, 78), limit)
        return dpi


def scan(pdf, out, key):
    rnd = random.Random(zlib.crc32(key.encode()))
    seed = zlib.crc32(key.encode()) % 100000
    n = pages_of(pdf)
    if out.endswith('.jpg'):
        scan_page(pdf, 1, out, rnd, seed)
        return
    with tempfile.TemporaryDirectory() as tmp:
        jpgs, dpis = [], []
        for p in range(1, n + 1):
            jpgs.append(f'{tmp}/{p}.jpg')
            dpis.append(scan_page(pdf, p, jpgs[-1], rnd, seed + p, PAGE_LIMIT))
        jpeg_pdf(out, jpgs, dpis)


def photo(pdf, out, key):
    rnd = random.Random(zlib.crc32(('photo' + key).encode()))
    seed = zlib.crc32(('photo' + key).encode()) % 100000
    with tempfile.TemporaryDirectory() as tmp:
        run('pdftoppm', '-png', '-r', rnd.choice([120, 135, 150]), '-f', 1, '-l', 1, '-singlefile', pdf, f'{tmp}/p')
        w, h = size_of(f'{tmp}/p.png')
        if max(w, h) < 1300:  # a ticket fills the phone's frame
            run('pdftoppm', '-png', '-scale-to', 1500, '-f', 1, '-l', 1, '-singlefile', pdf, f'{tmp}/p')
            w, h = size_of(f'{tmp}/p.png')
        cw, ch = int(w * 1.22), int(h * 1.16)
        mx, my = (cw - w) // 2, (ch - h) // 2
        j = lambda v: int(v * rnd.uniform(0.0, 0.06))
        corners = [(0, 0, mx + j(w), my + j(h)), (w, 0, mx + w - j(w), my + j(h)), (w, h, mx + w - j(w), my + h - j(h)), (0, h, mx + j(w), my + h - j(h))]
        persp = ' '.join(f'{a},{b} {c},{d}' for a, b, c, d in corners)
        table = rnd.choice([('plasma:#9a7650-#5e4128', '0x3', '1x6'), ('plasma:#3a3a40-#202024', '0x4', '1x1'), ('plasma:#b8b0a0-#8a8276', '0x2', '1x1')])
        hx, hy = rnd.randint(-cw // 4, cw // 4), rnd.randint(-ch // 4, ch // 4)
        crumple = rnd.random() < 0.5
        blur = rnd.choice([0.8, 1.1, 1.4])
        def build(path, q):
            run('convert',
                '(', '-size', f'{cw}x{ch}', '-seed', seed, table[0], '-blur', table[1], '-scale', f'{cw // int(table[2].split("x")[0])}x{ch // int(table[2].split("x")[1])}!', '-scale', f'{cw}x{ch}!', '-modulate', '100,22', ')',
                '(', f'{tmp}/p.png', '-alpha', 'set', '-virtual-pixel', 'transparent', '-define', f'distort:viewport={cw}x{ch}+0+0', '-distort', 'Perspective', persp,
                '(', '+clone', '-background', 'black', '-shadow', '60x12+14+18', ')', '+swap', '-background', 'none', '-layers', 'merge', '+repage', '-crop', f'{cw}x{ch}+0+0', '+repage', ')',
                '-compose', 'over', '-composite',
                *(['(', '-size', f'{cw}x{ch}', '-seed', seed + 1, 'plasma:gray50-gray50', '-colorspace', 'gray', '-blur', '0x10', '-shade', '115x40', '-auto-level',
                   '-fill', 'gray35', '-draw', f'line {cw // 2 + rnd.randint(-40, 40)},0 {cw // 2 + rnd.randint(-40, 40)},{ch}', '-blur', '0x2', '-level', '-40%,135%', ')',
                   '-compose', 'softlight', '-composite'] if crumple else []),
                '(', '-size', f'{cw * 2}x{ch * 2}', 'radial-gradient:white-gray35', '-crop', f'{cw}x{ch}+{cw // 2 - hx}+{ch // 2 - hy}', '+repage', ')', '-compose', 'multiply', '-composite',
                '(', '-size', f'{cw * 2}x{ch * 2}', 'radial-gradient:white-black', '-level', '82%,100%', '-crop', f'{cw}x{ch}+{cw // 2 + hx // 2}+{ch // 2 + hy // 2}', '+repage', ')', '-compose', 'screen', '-composite',
                '-fill', rnd.choice(['#ffcc88', '#88aaff', '#ffe0a0']), '-colorize', rnd.choice(['6%', '9%', '12%']),
                '-motion-blur', f'0x{blur}+{rnd.randint(0, 180)}', '-seed', seed, '-attenuate', '0.6', '+noise', 'Gaussian',
                '-resize', '1700x1700>', '-strip', '-sampling-factor', '4:2:0', '-quality', q, path)
        shrink_to_limit(build, out, rnd.randint(68, 80))
