export type TextSource = 'text_layer' | 'ocr';

/** The text of one page and how far it can be trusted (1 for a text layer, the OCR's own confidence otherwise). */
export interface PageText { page: number; source: TextSource; text: string; confidence: number }

/** One printed line of the document; `index` counts lines across every page, in reading order. */
export interface Line { text: string; page: number; source: TextSource; confidence: number; index: number }

/** Every non-blank line of every page, blanks collapsed, pages in order (an invoice's totals are on its last page). */
export function linesOf(pages: readonly PageText[]): Line[] {
  const lines: Line[] = [];
  for (const page of [...pages].sort((a, b) => a.page - b.page)) {
    for (const raw of page.text.split(/\r?\n/)) {
      const text = raw.replace(/\s+/g, ' ').trim();
      if (text) lines.push({ text, page: page.page, source: page.source, confidence: page.confidence, index: lines.length });
    }
  }
  return lines;
}
