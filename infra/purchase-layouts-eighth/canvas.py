"""A page description in millimetres (origin top left) that two generators draw: libharu (through
haru_draw.c) and R's pdf() device (through a script written here). Only the drawing is shared; each
generator's layouts are its own."""
import subprocess
from pathlib import Path

FONTS = {'H': 'Helvetica', 'HB': 'Helvetica-Bold', 'HI': 'Helvetica-Oblique', 'T': 'Times-Roman', 'TB': 'Times-Bold',
         'C': 'Courier', 'CB': 'Courier-Bold'}


class Canvas:
    def __init__(self, width=210, height=297):
        self.size = (width, height)
        self.pages = []

    def page(self, width=None, height=None):
        self.pages.append({'size': (width or self.size[0], height or self.size[1]), 'ops': []})

    def text(self, x, y, s, size=9, font='H', align='l', gray=0.0):
        self.pages[-1]['ops'].append(('T', x, y, str(s), size, font, align, gray))

    def line(self, x1, y1, x2, y2, width=0.3, gray=0.0):
        self.pages[-1]['ops'].append(('L', x1, y1, x2, y2, width, gray))

    def rect(self, x, y, w, h, fill=None, stroke=0.3, gray=0.0):
        self.pages[-1]['ops'].append(('R', x, y, w, h, fill, stroke, gray))

    def rows(self, x, y, cells, size=9, font='H', gray=0.0):
        """cells: (offset, text, align) triples on one line."""
        for dx, s, align in cells:
            self.text(x + dx, y, s, size, font, align, gray)


MM = 72 / 25.4


def draw_haru(canvas, out, workdir):
    workdir = Path(workdir)
    binary = workdir / 'haru_draw'
    source = Path(__file__).with_name('haru_draw.c')
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        subprocess.run(['gcc', '-O1', '-o', str(binary), str(source), '-lhpdf', '-lm'], check=True)
    ops = []
    for page in canvas.pages:
        w, h = page['size']
        ops.append(f'P\t{w * MM:.2f}\t{h * MM:.2f}')
        for op in page['ops']:
            if op[0] == 'T':
                _, x, y, s, size, font, align, gray = op
                ops.append(f'T\t{FONTS[font]}\t{size}\t{gray}\t{align}\t{x * MM:.2f}\t{(h - y) * MM:.2f}\t{s}')
            elif op[0] == 'L':
                _, x1, y1, x2, y2, width, gray = op
                ops.append(f'L\t{x1 * MM:.2f}\t{(h - y1) * MM:.2f}\t{x2 * MM:.2f}\t{(h - y2) * MM:.2f}\t{width * MM:.2f}\t{gray}')
            else:
                _, x, y, rw, rh, fill, stroke, gray = op
                ops.append(f'R\t{x * MM:.2f}\t{(h - y - rh) * MM:.2f}\t{rw * MM:.2f}\t{rh * MM:.2f}\t{-1 if fill is None else fill}\t{(stroke or 0) * MM:.2f}\t{gray}')
    listing = workdir / (Path(out).stem + '.ops')
    listing.write_bytes(('\n'.join(ops) + '\n').encode('cp1252'))
    subprocess.run([str(binary), str(listing), str(out)], check=True)


def r_string(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def draw_r(canvas, out, workdir):
    workdir = Path(workdir)
    w0, h0 = canvas.size
    lines = [f'pdf({r_string(str(out))}, width={w0 / 25.4:.4f}, height={h0 / 25.4:.4f}, encoding="WinAnsi.enc", '
             f'family="Helvetica", pointsize=12, title="Factura", onefile=TRUE)']
    families = {'H': ('Helvetica', 1), 'HB': ('Helvetica', 2), 'HI': ('Helvetica', 3), 'T': ('Times', 1), 'TB': ('Times', 2),
                'C': ('Courier', 1), 'CB': ('Courier', 2)}
    for page in canvas.pages:
        w, h = page['size']
        lines.append('plot.new(); par(mar=c(0,0,0,0), xaxs="i", yaxs="i")')
        lines.append(f'plot.window(xlim=c(0,{w}), ylim=c({h},0))')
        for op in page['ops']:
            if op[0] == 'T':
                _, x, y, s, size, font, align, gray = op
                family, face = families[font]
                adj = {'l': 0, 'r': 1, 'c': 0.5}[align]
                lines.append(f'text({x}, {y}, {r_string(s)}, adj=c({adj},0), family="{family}", font={face}, '
                             f'cex={size / 12:.4f}, col=gray({gray}))')
            elif op[0] == 'L':
                _, x1, y1, x2, y2, width, gray = op
                lines.append(f'segments({x1}, {y1}, {x2}, {y2}, lwd={width * MM / 0.75:.3f}, col=gray({gray}), lend=2)')
            else:
                _, x, y, rw, rh, fill, stroke, gray = op
                col = 'NA' if fill is None else f'gray({fill})'
                border = f'gray({gray})' if stroke else 'NA'
                lines.append(f'rect({x}, {y + rh}, {x + rw}, {y}, col={col}, border={border}, lwd={(stroke or 0.3) * MM / 0.75:.3f})')
    lines.append('invisible(dev.off())')
    script = workdir / (Path(out).stem + '.R')
    script.write_text('\n'.join(lines) + '\n', encoding='utf-8')
    subprocess.run(['Rscript', '--vanilla', str(script)], check=True, env={'LANG': 'C.UTF-8', 'PATH': '/usr/bin:/bin', 'LC_ALL': 'C.UTF-8'})
