/**
 * The printed rows of an OCR'd page, rebuilt from the lines Tesseract found and their boxes.
 *
 * Tesseract's automatic page segmentation finds the page's blocks (a letterhead, the customer's box
 * beside it, a totals block, a footer) and reads each apart, one block after the other: a label
 * and its amount in two columns come out pages apart, and the page's reading order is the blocks'.
 * Reading it as one uniform block instead runs every row across the page, but merges side-by-side
 * columns into one line and drops lines that do not fit the block's line pitch (a letterhead in a
 * larger font, a footer in a smaller one). Here the lines found by the automatic segmentation are
 * put back into rows: lines at the same height, whatever their block, make one row, left to right,
 * as a PDF's text layer is read (decoder.ts) — the form the extractor reads; lines of a row set
 * apart by a wide gap as cells marked with where they lie (text-lines.ts `cellMark`).
 */

import { cellMark } from './text-lines';

export interface OcrLineBox { text: string; x0: number; y0: number; x1: number; y1: number }

/** Two lines are on one row when they overlap vertically by at least this share of the shorter one's height. */
const SAME_ROW = 0.5;

export function rowsOf(lines: readonly OcrLineBox[]): string {
  const found = lines
    .map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() }))
    .filter((line) => line.text && line.y1 > line.y0)
    // the tallest lines first: each row is anchored on a line of text, not on a speck read as a letter
    .sort((a, b) => (b.y1 - b.y0) - (a.y1 - a.y0) || (a.y0 + a.y1) - (b.y0 + b.y1));
  const rows: { anchor: OcrLineBox; lines: OcrLineBox[] }[] = [];
  const level = (a: OcrLineBox, b: OcrLineBox) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) >= Math.min(a.y1 - a.y0, b.y1 - b.y0) * SAME_ROW;
  for (const line of found) {
    // a line of the row level with this one and where it lies is a line above or below it, not beside it
    const row = rows.find(({ anchor, lines: members }) => level(anchor, line)
      && !members.some((m) => Math.min(m.x1, line.x1) > Math.max(m.x0, line.x0) && level(m, line)));
    if (row) row.lines.push(line);
    else rows.push({ anchor: line, lines: [line] });
  }
  rows.sort((a, b) => (a.anchor.y0 + a.anchor.y1) - (b.anchor.y0 + b.anchor.y1));
  // where the cells lie, as shares of the width the page's text spans
  const left = Math.min(...found.map((line) => line.x0));
  const width = Math.max(...found.map((line) => line.x1)) - left || 1;
  return rows.map((row) => {
    const cells: { x0: number; x1: number; text: string }[] = [];
    for (const line of row.lines.sort((a, b) => a.x0 - b.x0)) {
      const last = cells[cells.length - 1];
      // lines of one row set apart by a wide gap are two cells (blocks side by side), else one
      if (last && line.x0 - last.x1 < COLUMN_GAP_HEIGHTS * (line.y1 - line.y0)) Object.assign(last, { x1: Math.max(last.x1, line.x1), text: `${last.text} ${line.text}` });
      else cells.push({ x0: line.x0, x1: line.x1, text: line.text });
    }
    return cells.map((cell) => cellMark((cell.x0 - left) / width, (cell.x1 - left) / width) + cell.text).join('');
  }).join('\n');
}

/** A gap of this many line heights between two lines of a row parts two cells. */
const COLUMN_GAP_HEIGHTS = 1.5;
