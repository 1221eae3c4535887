"""A page description in millimetres (y from the top) for the Prawn and PDF::API2 runners."""


class Canvas:
    def __init__(self, title, author, size=(210, 297)):
        self.size = list(size)
        self.title, self.author = title, author
        self.pages = [[]]

    def new_page(self):
        self.pages.append([])

    def t(self, x, y, text, font="H", size=9, align="l", grey=0):
        self.pages[-1].append(["t", x, y, str(text), font, size, align, grey])

    def lines(self, x, y, texts, font="H", size=9, lead=4.2, align="l"):
        for i, text in enumerate(texts):
            self.t(x, y + i * lead, text, font, size, align)
        return y + len(texts) * lead

    def line(self, x1, y1, x2, y2, width=0.4, grey=0):
        self.pages[-1].append(["line", x1, y1, x2, y2, width, grey])

    def rect(self, x, y, w, h, width=0.4, grey=0, fill=None):
        self.pages[-1].append(["rect", x, y, w, h, width, grey, fill])

    def box(self, x, y, w, h, text, font="H", size=9, align="l", leading=0):
        """Text wrapped by the generator itself (Prawn's text_box only)."""
        self.pages[-1].append(["box", x, y, w, h, text, font, size, align, leading])

    def spec(self):
        return {"size": self.size, "title": self.title, "author": self.author, "pages": self.pages}


def columns_at(x, widths):
    """Left edges and right edges of consecutive columns starting at x."""
    lefts, rights = [], []
    for w in widths:
        lefts.append(x)
        x += w
        rights.append(x)
    return lefts, rights


def row(c, x, y, widths, aligns, cells, font="H", size=8.5, pad=1.5):
    lefts, rights = columns_at(x, widths)
    for cell, left, right, align in zip(cells, lefts, rights, aligns):
        if cell == "":
            continue
        if align == "r":
            c.t(right - pad, y, cell, font, size, "r")
        elif align == "c":
            c.t((left + right) / 2, y, cell, font, size, "c")
        else:
            c.t(left + pad, y, cell, font, size)
