import { Decimal } from '../../kernel/money';
import { amountsIn, rateOfCell, ratesIn } from './amounts';
import type { Line } from './text-lines';

/** A line of the summary, not an item: its rate is the summary's own. */
const SUMMARY_WORDS = /\b(?:i\.?v\.?a|igic|base|bases|total|subtotal|suma|cuota|recargo|r\.e|irpf|retenci[oó]n|importe\s+neto)\b/i;
/** A column of the item table that holds each line's VAT rate ("% IVA", "Tipo", "IVA"). */
const RATE_COLUMN = /%|\biva\b|\btipo\b|\bigic\b|\bvat\b/i;
const ENDS_WITH_AMOUNT = /\d\s*€?\s*$/;

const overlaps = (a: { x: number; end: number }, b: { x: number; end: number }) => a.x <= b.end && b.x <= a.end;

/**
 * What the item lines of each VAT rate add up to, where every such line says its rate: in its
 * text ("Cerveza 33 cl (21%)") or in a cell under a rate column ("% IVA"). An invoice that prints
 * each rate's quota under one sum of the bases ("Base imponible 623,94 · IVA 21 % 69,83 · IVA 10 %
 * 29,14") has its bases here. Only rates of `rates` count (a discount's "5 %" is no VAT rate); a line
 * naming two of them says nothing. The sums are candidates: the summary keeps one only where its
 * rate gives the printed quota from it.
 */
export function sumsByItemRate(lines: readonly Line[], rates: readonly Decimal[]): Decimal[] {
  const sums = new Map<string, Decimal>();
  let rateColumns: { x: number; end: number }[] = [];
  const known = (rate: Decimal) => rates.find((r) => r.eq(rate));
  for (const line of lines) {
    const cells = line.cells ?? [];
    const amounts = amountsIn(line.text);
    if (!amounts.length && cells.length >= 3 && cells.some((c) => RATE_COLUMN.test(c.text))) {
      rateColumns = cells.filter((c) => RATE_COLUMN.test(c.text));
      continue;
    }
    if (!amounts.length || SUMMARY_WORDS.test(line.text)) continue;
    // the line's amount is what it ends with: its last cell, where it has cells ("3 ¦ 124,16" is no "3 124,16")
    const end = cells.at(-1)?.text ?? line.text;
    if (!ENDS_WITH_AMOUNT.test(end) || (cells.length && amountsIn(end).length !== 1)) continue;
    const named = new Set(ratesIn(line.text).map(known).filter((r) => r !== undefined).map(String));
    for (const cell of cells.slice(0, -1)) {
      const read = rateOfCell(cell.text);
      const rate = read && known(read);
      if (rate && rateColumns.some((column) => overlaps(column, cell))) named.add(String(rate));
    }
    if (named.size !== 1) continue;
    const [rate] = named;
    sums.set(rate, (sums.get(rate) ?? Decimal.zero(2)).add(amountsIn(end).at(-1)!));
  }
  return [...sums.values()];
}
