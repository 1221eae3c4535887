"""A page description (text, lines, boxes in mm from the top left) drawn by one of three PDF writers:
jsPDF (run under Bun), PyMuPDF (MuPDF, TrueType fonts embedded) or a PDF written here by hand
(base-14 fonts, each word placed on its own)."""
import json, os, subprocess, zlib
import fitz

MM = 72 / 25.4
HERE = os.path.dirname(os.path.abspath(__file__))
TTF = '/usr/share/fonts/truetype'
MU_FONTS = {  # family -> (regular, bold) TrueType files embedded by PyMuPDF
    'sans': (f'{TTF}/dejavu/DejaVuSansCondensed.ttf', f'{TTF}/dejavu/DejaVuSansCondensed-Bold.ttf'),
    'serif': (f'{TTF}/liberation/LiberationSerif-Regular.ttf', f'{TTF}/liberation/LiberationSerif-Bold.ttf'),
    'narrow': (f'{TTF}/liberation/LiberationSansNarrow-Regular.ttf', f'{TTF}/liberation/LiberationSansNarrow-Bold.ttf'),
    'mono': (f'{TTF}/liberation/LiberationMono-Regular.ttf', f'{TTF}/liberation/LiberationMono-Bold.ttf'),
}
BASE14 = {'helvetica': ('helv', 'hebo', 'Helvetica', 'Helvetica-Bold'), 'times': ('tiro', 'tibo', 'Times-Roman', 'Times-Bold'),
          'courier': ('cour', 'cobo', 'Courier', 'Courier-Bold')}
_fonts = {}


class Canvas:
    def __init__(self, writer, family, width=210, height=297):
        self.writer, self.family, self.width, self.height = writer, family, width, height
        self.pages = [[]]

    def measure(self, s, size, bold=False):
        if self.writer == 'mupdf':
            path = MU_FONTS[self.family][1 if bold else 0]
            _fonts.setdefault(path, fitz.Font(fontfile=path))
            return _fonts[path].text_length(s, fontsize=size) / MM
        return fitz.get_text_length(s, fontname=BASE14[self.family][1 if bold else 0], fontsize=size) / MM

    def text(self, x, y, s, size=9, bold=False, align='l', grey=0):
        s = str(s)
        w = self.measure(s, size, bold)
        x = x - w if align == 'r' else x - w / 2 if align == 'c' else x
        self.pages[-1].append(('text', x, y, s, size, bold, grey))
        return w

    def line(self, x1, y1, x2, y2, width=0.3, grey=0):
        self.pages[-1].append(('line', x1, y1, x2, y2, width, grey))

    def rect(self, x, y, w, h, fill=None, stroke=0.3):
        self.pages[-1].append(('rect', x, y, w, h, fill, stroke))

    def new_page(self):
        self.pages.append([])

    def save(self, path):
        {'jspdf': self._jspdf, 'mupdf': self._mupdf, 'raw': self._raw}[self.writer](path)


    def _jspdf(self, path):
        spec = {'width': self.width, 'height': self.height, 'family': self.family, 'pages': self.pages, 'out': path}
        subprocess.run([os.path.join(HERE, '..', '..', '.tools', 'node_modules', '.bin', 'bun'), os.path.join(HERE, 'jspdf-draw.mjs')],
                       input=json.dumps(spec).encode(), check=True)

    def _mupdf(self, path):
        doc = fitz.open()
        for ops in self.pages:
            page = doc.new_page(width=self.width * MM, height=self.height * MM)
            names = {}
            for op in ops:
                if op[0] == 'text':
                    _, x, y, s, size, bold, grey = op
                    file = MU_FONTS[self.family][1 if bold else 0]
                    name = names.setdefault(file, f'F{len(names)}')
                    page.insert_text((x * MM, y * MM), s, fontsize=size, fontname=name, fontfile=file, color=(grey,) * 3)
                elif op[0] == 'line':
                    _, x1, y1, x2, y2, width, grey = op
                    page.draw_line((x1 * MM, y1 * MM), (x2 * MM, y2 * MM), color=(grey,) * 3, width=width * MM)
                else:
                    _, x, y, w, h, fill, stroke = op
                    page.draw_rect(fitz.Rect(x * MM, y * MM, (x + w) * MM, (y + h) * MM), color=(0, 0, 0) if stroke else None,
                                   fill=(fill,) * 3 if fill is not None else None, width=(stroke or 0) * MM)
        doc.subset_fonts()
        doc.set_metadata({'producer': 'PyMuPDF', 'creator': 'PyMuPDF', 'creationDate': "D:20260101000000Z", 'modDate': "D:20260101000000Z"})
        doc.save(path, garbage=4, deflate=True, no_new_id=True)

    def _raw(self, path):
        objs = []  # index i holds object i+1

        def add(body):
            objs.append(body)
            return len(objs)

        regular = add(f'<< /Type /Font /Subtype /Type1 /BaseFont /{BASE14[self.family][2]} /Encoding /WinAnsiEncoding >>'.encode())
        bold = add(f'<< /Type /Font /Subtype /Type1 /BaseFont /{BASE14[self.family][3]} /Encoding /WinAnsiEncoding >>'.encode())
        pages_id = add(None)
        kids = []
        H = self.height * MM
        for ops in self.pages:
            out = []
            for op in ops:
                if op[0] == 'text':
                    _, x, y, s, size, b, grey = op
                    # each word on its own, as report writers of accounting packages place them
                    cursor = x
                    for i, word in enumerate(s.split(' ')):
                        if word:
                            enc = word.encode('cp1252').replace(b'\\', b'\\\\').replace(b'(', b'\\(').replace(b')', b'\\)')
                            out.append(b'BT %.3f g /F%d %.2f Tf 1 0 0 1 %.2f %.2f Tm (' % (grey, 2 if b else 1, size, cursor * MM, H - y * MM) + enc + b') Tj ET')
                        cursor += self.measure(word + ' ', size, b)
                elif op[0] == 'line':
                    _, x1, y1, x2, y2, width, grey = op
                    out.append(b'%.3f G %.2f w %.2f %.2f m %.2f %.2f l S' % (grey, width * MM, x1 * MM, H - y1 * MM, x2 * MM, H - y2 * MM))
                else:
                    _, x, y, w, h, fill, stroke = op
                    paint = (b'%.3f g ' % fill if fill is not None else b'') + (b'%.2f w 0 G ' % (stroke * MM) if stroke else b'')
                    verb = b'B' if fill is not None and stroke else b'f' if fill is not None else b'S'
                    out.append(paint + b'%.2f %.2f %.2f %.2f re ' % (x * MM, H - (y + h) * MM, w * MM, h * MM) + verb)
            data = zlib.compress(b'\n'.join(out), 9)
            content = add(b'<< /Length %d /Filter /FlateDecode >>\nstream\n' % len(data) + data + b'\nendstream')
            kids.append(add(b'<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.2f %.2f] /Contents %d 0 R /Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> >>'
                            % (pages_id, self.width * MM, H, content, regular, bold)))
        objs[pages_id - 1] = b'<< /Type /Pages /Kids [%s] /Count %d >>' % (b' '.join(b'%d 0 R' % k for k in kids), len(kids))
        write_pdf(path, objs, add(b'<< /Type /Catalog /Pages %d 0 R >>' % pages_id),
                  add(b'<< /Producer (Cuadra fifth corpus hand-written PDF) /CreationDate (D:20260101000000Z) >>'))


def write_pdf(path, objs, root, info):
    out = bytearray(b'%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b'%d 0 obj\n' % i + body + b'\nendobj\n'
    xref = len(out)
    out += b'xref\n0 %d\n0000000000 65535 f \n' % (len(objs) + 1) + b''.join(b'%010d 00000 n \n' % o for o in offsets)
    out += b'trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n' % (len(objs) + 1, root, info, xref)
    with open(path, 'wb') as f:
        f.write(out)


def jpeg_pdf(path, jpegs, dpis):
    """An image-only PDF, one greyscale JPEG a page (a scanner's multi-page PDF)."""
    objs = []
    add = lambda body: (objs.append(body), len(objs))[1]
    pages_id = add(None)
    kids = []
    for jpg, dpi in zip(jpegs, dpis):
        data = open(jpg, 'rb').read()
        w, h = [int(v) for v in subprocess.run(['identify', '-format', '%w %h', jpg], capture_output=True, text=True, check=True).stdout.split()]
        img = add(b'<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length %d >>\nstream\n' % (w, h, len(data)) + data + b'\nendstream')
        pw, ph = w * 72 / dpi, h * 72 / dpi
        cs = b'q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q' % (pw, ph)
        content = add(b'<< /Length %d >>\nstream\n' % len(cs) + cs + b'\nendstream')
        kids.append(add(b'<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %.2f %.2f] /Contents %d 0 R /Resources << /XObject << /Im0 %d 0 R >> >> >>' % (pages_id, pw, ph, content, img)))
    objs[pages_id - 1] = b'<< /Type /Pages /Kids [%s] /Count %d >>' % (b' '.join(b'%d 0 R' % k for k in kids), len(kids))
    write_pdf(path, objs, add(b'<< /Type /Catalog /Pages %d 0 R >>' % pages_id), add(b'<< /Producer (scanner) >>'))
