import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';

/**
 * Fonts embedded in every PDF the service writes. The 14 standard PDF fonts (Helvetica …) only
 * cover WinAnsi, so a name such as "Łódź", "Αθήνα", "Přerov" or "東京" would print as "?". Noto
 * Sans covers Latin with its extensions, Greek and Cyrillic; Zen Kaku Gothic New covers Japanese
 * (kana and the JIS kanji). Both ship as TrueType files in pinned npm packages (SIL Open Font
 * License), are read from node_modules (nothing is fetched at run time) and are embedded by pdfkit
 * as subsets: only the glyphs a document uses go into it, so a PDF stays small.
 *
 * Each run of text is set in the first font that has its glyphs (`fontRuns`).
 */
const require = createRequire(import.meta.url);
const file = (pkg: string, style: string, name: string) => require.resolve(`${pkg}/${style}/${name}`);

export const PDF_FONT_FILES = {
  regular: file('@expo-google-fonts/noto-sans', '400Regular', 'NotoSans_400Regular.ttf'),
  bold: file('@expo-google-fonts/noto-sans', '700Bold', 'NotoSans_700Bold.ttf'),
  japaneseRegular: file('@expo-google-fonts/zen-kaku-gothic-new', '400Regular', 'ZenKakuGothicNew_400Regular.ttf'),
  japaneseBold: file('@expo-google-fonts/zen-kaku-gothic-new', '700Bold', 'ZenKakuGothicNew_700Bold.ttf'),
} as const;

type FontName = keyof typeof PDF_FONT_FILES;
export type FontWeight = 'regular' | 'bold';

let loaded: { bytes: Record<FontName, Buffer>; faces: Record<FontName, Font> } | undefined;
/** Read and parsed on first use (fontkit too), then kept: every later PDF uses the same faces. */
function fonts() {
  if (!loaded) {
    const fontkit = require('fontkit') as typeof import('fontkit');
    const bytes = Object.fromEntries(Object.entries(PDF_FONT_FILES).map(([name, path]) => [name, readFileSync(path)])) as Record<FontName, Buffer>;
    const faces = Object.fromEntries(Object.entries(bytes).map(([name, data]) => [name, fontkit.create(data) as Font])) as Record<FontName, Font>;
    loaded = { bytes, faces };
  }
  return loaded;
}

export interface FontRun { text: string; font: FontName }

/**
 * `text` cut into runs, each set in the first of the weight's fonts (Noto Sans, then the Japanese
 * one) that has a glyph for its characters; spaces and characters both fonts have stay in the
 * current run. A character no font has stays in Noto Sans (it prints as an empty box).
 */
export function fontRuns(text: string, weight: FontWeight = 'regular'): FontRun[] {
  const { faces } = fonts();
  const order: FontName[] = weight === 'bold' ? ['bold', 'japaneseBold'] : ['regular', 'japaneseRegular'];
  const runs: FontRun[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const current = runs.at(-1);
    if (current && (char === ' ' || faces[current.font].hasGlyphForCodePoint(code))) { current.text += char; continue; }
    const font = order.find((name) => faces[name].hasGlyphForCodePoint(code)) ?? order[0];
    if (current && current.font === font) current.text += char;
    else runs.push({ text: char, font });
  }
  return runs.length ? runs : [{ text: '', font: order[0] }];
}

export interface EmbeddedFonts {
  /** Selects the font of `text`'s first run (for measuring, or drawing text of one script). */
  select(text: string, weight?: FontWeight): PDFKit.PDFDocument;
  /** Draws `text` with pdfkit's options, switching fonts between runs of different scripts. */
  draw(text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions, weight?: FontWeight): PDFKit.PDFDocument;
}

/** Registers the embedded fonts on a pdfkit document. */
export function embedFonts(doc: PDFKit.PDFDocument): EmbeddedFonts {
  const { bytes } = fonts();
  for (const name of Object.keys(PDF_FONT_FILES) as FontName[]) doc.registerFont(name, bytes[name]);
  return {
    select: (text, weight = 'regular') => doc.font(fontRuns(text, weight)[0].font),
    draw(text, x, y, options, weight = 'regular') {
      const runs = fontRuns(text, weight);
      if (runs.length === 1) return doc.font(runs[0].font).text(text, x, y, options);
      runs.forEach((run, i) => {
        doc.font(run.font);
        const continued = i < runs.length - 1;
        if (i === 0) doc.text(run.text, x, y, { ...options, continued });
        else doc.text(run.text, { continued });
      });
      return doc;
    },
  };
}

/** Text drawn in a PDF: one line (control characters become spaces); the fonts handle the rest. */
export const pdfLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
