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

/**
 * A caption too long for its cell wraps its last word under it ("Retención IRPF 15" over "%" beside
 * "-90,00 €"): the "%" read where it belongs, at the end of the caption, so the rate is a rate. Only
 * where the page says where its cells lie: the line above a caption cell ending in a number and an
 * amount beside it, the line below a "%" alone at that caption's left edge.
 */
export function withWrappedPercentJoined(lines: readonly Line[]): Line[] {
  const read: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const [line, next] = [lines[i], lines[i + 1]];
    const caption = line.cells?.[0];
    const wrapped = caption && line.cells!.length >= 2 && /\d$/.test(caption.text) && WITH_CENTS.test(line.cells!.at(-1)!.text)
      && next?.page === line.page && next.text === '%' && next.cells?.length === 1 && Math.abs(next.cells[0].x - caption.x) < 0.01;
    if (!wrapped) { read.push({ ...line, index: read.length }); continue; }
    const cells = [{ ...caption, text: `${caption.text} %` }, ...line.cells!.slice(1)];
    read.push({ ...line, text: cells.map((cell) => cell.text).join(' '), cells, index: read.length });
    i++;
  }
  return read;
}
