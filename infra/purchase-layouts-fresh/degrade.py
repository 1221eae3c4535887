"""Scans and phone photos made by ImageMagick pipelines (convert), seeded by the layout's id.

Scans: poppler renders each page in grey; convert lowers the contrast, adds paper grain and sparse
toner specks, a slight blur and a turn of 0.5-3 degrees on a grey platen; JPEG, or an image-only
PDF for multi-page invoices. Photos: the page in colour distorted in perspective onto a tabletop,
lit unevenly by a gradient multiplied over it, blurred and noisy, a phone's JPEG. Born-raster
tickets are drawn by convert from their text and then photographed the same way.
"""
import hashlib
import subprocess

import render_groff

SCAN = {  # dpi, level (contrast squeeze), rotation, blur, speck density, jpeg quality
    'scan_grey_a': (200, '14%,86%', 1.3, 0.5, '99.93%', 78),
    'scan_light_b': (170, '0%,82%', -0.7, 0.4, '99.96%', 74),
    'scan_dark_c': (200, '22%,100%', 2.6, 0.7, '99.88%', 80),
    'scan_multipage': (150, '10%,90%', 0, 0.5, '99.95%', 72),
}


def seed(inv, salt=''):
    return int(hashlib.sha256((inv['id'] + salt).encode()).hexdigest()[:6], 16)


def run(*args):
    subprocess.run([str(a) for a in args], check=True, capture_output=True)


def scan_page(png, out, recipe, sd, turn):
    dpi, level, _, blur, specks, q = SCAN[recipe]
    run('convert', png, '-colorspace', 'Gray', '+level', level, '-seed', sd, '-attenuate', '0.2', '+noise', 'Gaussian',
        '(', '+clone', '-fill', 'white', '-colorize', '100', '-seed', sd + 1, '+noise', 'Random', '-channel', 'R', '-separate',
        '-threshold', specks, '-negate', '-morphology', 'Dilate', 'Disk:1', '-negate', ')', '-compose', 'Multiply', '-composite',
        '-blur', f'0x{blur}', '-background', 'gray62', '-rotate', turn, '-gravity', 'center', '-shave', '6x6',
        '-strip', '-quality', q, out)


def scan(inv, pdf, out_dir, work):
    recipe = inv['scan']
    dpi = SCAN[recipe][0]
    base = work / f"{inv['id']}-scan"
    run('pdftoppm', '-gray', '-r', dpi, '-png', pdf, base)
    pages = sorted(work.glob(f"{inv['id']}-scan-*.png"))
    sd = seed(inv)
    if recipe != 'scan_multipage':
        scan_page(pages[0], out_dir / f"{inv['id']}.scan.jpg", recipe, sd, SCAN[recipe][2])
        return f"{inv['id']}.scan.jpg"
    jpgs = []
    for n, p in enumerate(pages):
        turn = [0.6, -1.1, 1.8, -0.5][n % 4]
        j = work / f"{inv['id']}-scan-{n}.jpg"
        scan_page(p, j, recipe, sd + 7 * n, turn)
        jpgs.append(j)
    (out_dir / f"{inv['id']}.scan.pdf").write_bytes(jpeg_pdf(jpgs, dpi))
    return f"{inv['id']}.scan.pdf"


def jpeg_pdf(jpgs, dpi):
    """An image-only PDF, one JPEG (DCTDecode, grey) per page, written by hand: no text layer."""
    objs = []
    kids = []
    for j in jpgs:
        data = j.read_bytes()
        w, h = map(int, subprocess.run(['identify', '-format', '%w %h', str(j)], capture_output=True, text=True, check=True).stdout.split())
        pw, ph = w * 72 / dpi, h * 72 / dpi
        n = len(objs) + 3
        objs.append(b'<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n' % (w, h, len(data)) + data + b'\nendstream')
        content = b'q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q' % (pw, ph)
        objs.append(b'<< /Length %d >>\nstream\n' % len(content) + content + b'\nendstream')
        objs.append(b'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>' % (pw, ph, n, n + 1))
        kids.append(n + 2)
    allobjs = [b'<< /Type /Catalog /Pages 2 0 R >>', b'<< /Type /Pages /Kids [%s] /Count %d >>' % (b' '.join(b'%d 0 R' % k for k in kids), len(kids))] + objs
    out = bytearray(b'%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')
    offsets = []
    for i, o in enumerate(allobjs, 1):
        offsets.append(len(out))
        out += b'%d 0 obj\n' % i + o + b'\nendobj\n'
    xref = len(out)
    out += b'xref\n0 %d\n0000000000 65535 f \n' % (len(allobjs) + 1) + b''.join(b'%010d 00000 n \n' % o for o in offsets)
    out += b'trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(allobjs) + 1, xref)
    return bytes(out)


PHOTO = {  # background, corners moved (fraction of size), light gradient, blur, noise, quality, dpi
    'photo_desk_a': ('plasma:burlywood-saddlebrown', (0.04, 0.02, 0.07, 0.05, 0.02, 0.08, 0.06, 0.03), 'gradient:white-gray72', 1.0, 0.5, 76, 150),
    'photo_table_b': ('plasma:gray70-gray40', (0.06, 0.05, 0.02, 0.03, 0.08, 0.02, 0.03, 0.07), 'radial-gradient:white-gray62', 1.2, 0.6, 74, 150),
    'photo_ticket_c': ('plasma:gray25-gray5', (0.05, 0.03, 0.09, 0.02, 0.02, 0.06, 0.07, 0.04), 'gradient:gray95-gray70', 0.9, 0.5, 80, 200),
}
PHOTO['photo_raster_d'] = ('plasma:tan-sienna', (0.05, 0.04, 0.03, 0.07, 0.08, 0.03, 0.04, 0.06), 'radial-gradient:white-gray50', 1.1, 0.6, 78, 0)
PHOTO['photo_raster_e'] = ('plasma:lightsteelblue-slategray', (0.03, 0.06, 0.06, 0.02, 0.03, 0.05, 0.07, 0.03), 'gradient:gray60-white', 0.8, 0.5, 80, 0)


def raster_ticket(inv, png):
    """The ticket drawn straight into pixels by ImageMagick (a thermal printer's look): never a PDF."""
    text = '\n'.join(render_groff.ticket_lines(inv))
    run('convert', '-background', 'white', '-fill', 'gray12', '-font', 'DejaVu-Sans-Mono', '-pointsize', 22, '-interline-spacing', 4,
        f'label:{text}', '-bordercolor', 'white', '-border', '30x40', png)


def photo(inv, pdf, out_dir, work):
    bg, k, light, blur, noise, q, dpi = PHOTO[inv['photo']]
    src = work / f"{inv['id']}-photo-src.png"
    if dpi:
        run('pdftoppm', '-r', dpi, '-png', '-singlefile', pdf, src.with_suffix(''))
    else:
        raster_ticket(inv, src)
    w, h = map(int, subprocess.run(['identify', '-format', '%w %h', src], capture_output=True, text=True, check=True).stdout.split())
    W, H = int(w * 1.25), int(h * 1.2)
    ox, oy = (W - w) // 2, (H - h) // 2
    c = [(0, 0), (w, 0), (w, h), (0, h)]
    moved = [(ox + k[0] * w, oy + k[1] * h), (ox + w - k[2] * w, oy + k[3] * h), (ox + w - k[4] * w, oy + h - k[5] * h), (ox + k[6] * w, oy + h - k[7] * h)]
    pairs = ' '.join(f'{a[0]},{a[1]} {b[0]:.0f},{b[1]:.0f}' for a, b in zip(c, moved))
    sd = seed(inv, 'photo')
    out = out_dir / f"{inv['id']}.photo.jpg"
    run('convert', '-size', f'{W}x{H}', '-seed', sd, bg, '-blur', '0x6', '-modulate', '100,30',
        '(', src, '-alpha', 'set', '-virtual-pixel', 'transparent', '-fill', '#fbf6ea', '-colorize', '0',
        '-define', f'distort:viewport={W}x{H}+0+0', '-distort', 'Perspective', pairs, ')', '-compose', 'over', '-composite',
        '(', '-size', f'{W}x{H}', light, ')', '-compose', 'Multiply', '-composite',
        '-fill', '#ffd9a0', '-tint', '40', '-blur', f'0x{blur}', '-seed', sd + 3, '-attenuate', noise, '+noise', 'Gaussian',
        '-resize', '1900x1900>', '-strip', '-sampling-factor', '4:2:0', '-quality', q, out)
    return f"{inv['id']}.photo.jpg"
