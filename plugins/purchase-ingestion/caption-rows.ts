import { WITH_CENTS } from './amounts';
import type { Cell, Line } from './text-lines';

const AMOUNTS = new RegExp(WITH_CENTS.source, 'g');
const LONE_AMOUNT = /^(?:€\s?)?-?\s?[\d.,' ]+\s?(?:€|EUR|euros?)?$/i;

/** How much of the page's width two cells share (negative when apart). */
const overlap = (a: Cell, b: Cell) => Math.min(a.end, b.end) - Math.max(a.x, b.x);
const centre = (cell: Cell) => (cell.x + cell.end) / 2;

/**
 * A summary printed as a row of captions over one row of amounts, each amount under its caption
 * ("Base imponible | IVA 21 % | Retención 19 % | Total recibo" over "1.435,00 | 301,35 | -272,65 |
 * 1.463,70 €"), read as one line a caption with its amount ("IVA 21 % 301,35"): each amount goes to
 * the caption it lies under (the one it shares most width with, else the nearest), one amount a
 * caption. Only where the page says where its cells lie, and only one row of amounts alone (each
 * cell an amount and its currency) under a row of words alone; every line is numbered again.
 */
export function withCaptionsBesideAmounts(lines: readonly Line[]): Line[] {
  const read: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const pairs = captionsOver(lines[i], lines[i + 1]);
    // one row of amounts only: a second like it under it makes a table, read as printed
    if (!pairs || captionsOver(lines[i], lines[i + 2])) { read.push({ ...lines[i], index: read.length }); continue; }
    for (const text of pairs) read.push({ ...lines[i + 1], text, cells: undefined, index: read.length });
    i++;
  }
  return read;
}

function captionsOver(captions: Line, amounts: Line | undefined): string[] | null {
  if (!amounts || amounts.page !== captions.page || !captions.cells || !amounts.cells) return null;
  if (captions.cells.length < 2 || amounts.cells.length < 2 || amounts.cells.length > captions.cells.length) return null;
  if (WITH_CENTS.test(captions.text) || !captions.cells.every((cell) => /\p{L}{2}/u.test(cell.text))) return null;
  // each cell one amount and nothing else but its sign and currency
  if (!amounts.cells.every((cell) => cell.text.match(AMOUNTS)?.length === 1 && LONE_AMOUNT.test(cell.text))) return null;
  const under = amounts.cells.map((amount) => {
    const shared = captions.cells!.map((caption) => overlap(caption, amount));
    const most = shared.indexOf(Math.max(...shared));
    if (shared[most] > 0) return most;
    const distances = captions.cells!.map((caption) => Math.abs(centre(caption) - centre(amount)));
    return distances.indexOf(Math.min(...distances));
  });
  if (new Set(under).size !== under.length) return null;
  return captions.cells.flatMap((caption, k) => {
    const amount = under.indexOf(k);
    return amount < 0 ? [] : [`${caption.text} ${amounts.cells![amount].text}`];
  });
}
