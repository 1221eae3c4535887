import { Decimal } from '../../kernel/money';
import { KNOWN_VAT_RATES, near, parseAmount } from './amounts';
import type { Line } from './text-lines';

/**
 * An invoice's summary found by its arithmetic alone, for the tax tables whose titles the label
 * reader does not know (a five-column "Base | %IVA | Cuota | %R.E. | Cuota R.E." beside a boxed
 * total, rates printed as bare numbers, a grid with gross and discount columns before the base).
 *
 * Every printed rate with two amounts on its row (or in a title row over a row of amounts, or a
 * base on one line and its quota on one of the next three, the rate on either, or down columns: a
 * row of rates over rows of bases and quotas) whose second amount is the first times the rate, to
 * two cents, is a tax line; of the sets of such lines, one per rate (and a recargo beside its VAT
 * on the same base), the one whose bases and quotas add up to an amount printed on the page is the
 * summary, that amount its total. The largest printed amount that some set adds up to is taken: an
 * invoice's total is its largest amount, and a set adding up to a smaller one is a part of it (one
 * rate's row and its own total column).
 */

export interface ArithmeticTax { tax: 'vat' | 'surcharge'; rate: Decimal; base: Decimal; amount: Decimal; line: Line }
export interface ArithmeticSummary { subtotal: { value: Decimal; line: Line }; total: { value: Decimal; line: Line }; vat: ArithmeticTax[]; surcharge: ArithmeticTax[] }

/** Recargo de equivalencia rates: 5,2 with 21 %, 1,4 with 10 %, 0,5 with 4 %, 1,75 on tobacco, 0,62 and 0,26 with 5 % and 2 %. */
const SURCHARGE_RATES = ['5.2', '1.4', '0.5', '1.75', '0.62', '0.26'].map((r) => Decimal.parse(r).rescale(2));
const isVatRate = (rate: Decimal) => rate.isZero() || KNOWN_VAT_RATES.some((r) => r.eq(rate));
const isSurchargeRate = (rate: Decimal) => SURCHARGE_RATES.some((r) => r.eq(rate));

interface Token { amount: Decimal | null; rate: Decimal | null; at: number; end: number }

const NUMBER = /(?<![\d.,\p{L}])-?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d{1,2}|\.\d{1,2})?(?:\s*%)?(?![\d]|[.,]\d)/gu;
/** An amount with its thousands set apart by spaces ("2 843,84"), read besides the plain reading: "21 597,21" may be a rate and a quota or one amount, and the arithmetic tells. */
const SPACED_AMOUNT = /(?<![\d.,\p{L}])-?\d{1,3}(?: \d{3})+,\d{2}(?![\d]|[.,]\d)/gu;
const WITHHOLDING = /retenci[oó]n|\bi\s?\.?\s?r\s?\.?\s?p\s?\.?\s?f\b|withholding/i;
/** A word printed where an exempt line's rate goes. */
const EXEMPT = /(?<!\p{L})(?:exent[oa]s?|exempt)(?!\p{L})/giu;

/** The numbers of a line in order, each an amount (with its cents), a rate (with "%", or a bare known rate), or both ("0,50"). */
function tokensOf(text: string): Token[] {
  const spaced = [...text.matchAll(SPACED_AMOUNT)].map((m) => ({ amount: parseAmount(m[0]), rate: null, at: m.index!, end: m.index! + m[0].length }));
  return [...plainTokensOf(text), ...spaced].filter((t) => t.amount || t.rate).sort((a, b) => a.at - b.at || a.end - b.end);
}

function plainTokensOf(text: string): Token[] {
  // the word as wide as it was, so every reading of the line keeps its characters' places
  return [...text.replace(EXEMPT, (word) => ' 0 %'.padEnd(word.length)).matchAll(NUMBER)].map((m) => {
    const raw = m[0];
    const percent = raw.includes('%');
    const digits = raw.replace('%', '').trim();
    const amount = percent ? null : /[.,]\d{2}$/.test(digits) ? parseAmount(digits) : null;
    let rate: Decimal | null = null;
    if (!digits.startsWith('-') && /^\d{1,2}(?:[.,]\d{1,2})?$/.test(digits)) {
      const value = Decimal.parse(digits.replace(',', '.')).rescale(2);
      if (percent ? value.compare(Decimal.parse('30').rescale(2)) <= 0 : !value.isZero() && (isVatRate(value) || isSurchargeRate(value))) rate = value;
    }
    return { amount, rate, at: m.index!, end: m.index! + raw.length };
  });
}

/** Two readings of the same characters are never a base and its quota, nor a rate and either. */
const apart = (a: Token, b: Token) => a.end <= b.at || b.end <= a.at;
const gives = (base: Decimal, rate: Decimal, quota: Decimal) => near(base.percent(rate), quota, 2);
const key = (t: ArithmeticTax) => `${t.tax}|${t.rate}|${t.base}|${t.amount}`;

/** A summary's row prints a dozen numbers or so: a line with more is read for none. */
const MAX_ROW_NUMBERS = 24;

/** The tax lines a row prints: a rate, and after it or around it a base and the quota the rate gives from it. */
function rowTaxes(line: Line, tokens: Token[]): ArithmeticTax[] {
  const found: ArithmeticTax[] = [];
  // a withholding's rate (IRPF 15 %) is no VAT line, whatever its number: the labels read those;
  // a line of more numbers than any summary's row is no row of one (and pairing them all would cost their square)
  if (WITHHOLDING.test(line.text) || tokens.length > MAX_ROW_NUMBERS) return found;
  tokens.forEach((rateToken, k) => {
    const rate = rateToken.rate;
    if (!rate) return;
    for (let i = 0; i < tokens.length; i++) {
      const base = tokens[i].amount;
      if (i === k || !base || base.isZero()) continue;
      for (let j = i + 1; j < tokens.length; j++) {
        const quota = tokens[j].amount;
        if (j === k || !quota || !apart(tokens[i], tokens[j]) || !apart(rateToken, tokens[i]) || !apart(rateToken, tokens[j]) || !gives(base, rate, quota)) continue;
        // a zero quota is a 0 % line only under a printed zero rate, never a discount's empty column
        if (quota.isZero() !== rate.isZero()) continue;
        const tax = isSurchargeRate(rate) ? 'surcharge' : isVatRate(rate) ? 'vat' : null;
        if (tax) found.push({ tax, rate, base, amount: quota, line });
      }
    }
  });
  return found;
}

/** A base alone on its line and its quota alone on one of the next three, the rate printed on either ("Base imponible IVA 21 % 2.114,31" / "Cuota IVA 21 % 444,02"). */
function stackedTaxes(lines: Line[], tokens: Token[][]): ArithmeticTax[] {
  const found: ArithmeticTax[] = [];
  // a line's one amount: read across its spaces when it is so printed ("Base imponible 2 843,84")
  const single = (k: number) => {
    const amounts = tokens[k].filter((t) => t.amount && !t.rate && !tokens[k].some((o) => o !== t && o.at <= t.at && o.end >= t.end));
    return amounts.length === 1 ? amounts[0].amount! : null;
  };
  for (let i = 0; i < lines.length; i++) {
    const base = single(i);
    if (!base || base.isZero()) continue;
    for (let j = i + 1; j <= Math.min(lines.length - 1, i + 3); j++) {
      const quota = single(j);
      if (!quota || quota.isZero()) continue;
      const rates = [...tokens[i], ...tokens[j]].filter((t) => t.rate && !t.amount).map((t) => t.rate!);
      for (const rate of rates) {
        if (!isVatRate(rate) || !gives(base, rate, quota) || WITHHOLDING.test(lines[j].text)) continue;
        found.push({ tax: 'vat', rate, base, amount: quota, line: lines[j] });
      }
    }
  }
  return found;
}

/**
 * A summary laid out in columns, one a rate ("IVA 4 %  IVA 10 %  IVA 21 %" over "Base imponible
 * 255,64 105,50 56,70" and "Cuota IVA 10,23 10,55 11,91"): a row of bases and, one to three lines
 * under it, a row of as many quotas, the rates from a row of as many rates above or between them;
 * each column whose quota its rate gives from its base is a tax line.
 */
function columnTaxes(lines: Line[], tokens: Token[][]): ArithmeticTax[] {
  const found: ArithmeticTax[] = [];
  const amounts = (k: number) => tokens[k].filter((t) => t.amount && !spacedReading(tokens[k], t)).map((t) => t.amount!);
  const rates = (k: number) => tokens[k].filter((t) => t.rate && !t.amount).map((t) => t.rate!);
  for (let i = 0; i < lines.length; i++) {
    const bases = amounts(i);
    if (bases.length < 2 || bases.length > MAX_ROW_NUMBERS || rates(i).length) continue;
    // the quotas' row one to six lines under the bases' (a recargo's rows come after the VAT's)
    for (let j = i + 1; j <= Math.min(lines.length - 1, i + 6); j++) {
      const quotas = amounts(j);
      if (quotas.length !== bases.length || rates(j).length) continue;
      for (let r = Math.max(0, i - 2); r < j; r++) {
        const row = rates(r);
        if (r === i || row.length !== bases.length || amounts(r).length) continue;
        bases.forEach((base, c) => {
          const tax = isSurchargeRate(row[c]) ? 'surcharge' : isVatRate(row[c]) ? 'vat' : null;
          if (tax && !base.isZero() && !WITHHOLDING.test(lines[r].text) && gives(base, row[c], quotas[c]) && quotas[c].isZero() === row[c].isZero()) {
            found.push({ tax, rate: row[c], base, amount: quotas[c], line: lines[j] });
          }
        });
      }
    }
  }
  return found;
}

/** An amount read across a space ("2 843,84") where the plain reading of the same characters gives more than one number: not counted as a column. */
const spacedReading = (tokens: Token[], t: Token) => tokens.some((o) => o !== t && o.at >= t.at && o.end <= t.end);

/** At most this many sets of tax lines are tried: a page of hundreds of rows that each check out (a hostile file) stays cheap. */
const MAX_SETS = 20_000;

/**
 * The summary the page's arithmetic gives, or null. `withheld`: the IRPF already read by its
 * labels, taken off what the bases and quotas add up to.
 */
export function summaryByArithmetic(lines: Line[], withheld: Decimal): ArithmeticSummary | null {
  const tokens = lines.map((line) => tokensOf(line.text));
  const seen = new Set<string>();
  // a row of amounts under a title row that prints the rate ("Base imponible  IVA 21 %  TOTAL" over "1.992,35 418,39 2.410,74")
  const titleRates = (k: number) => (k > 0 && !tokens[k].some((t) => t.rate && !t.amount) && !tokens[k - 1].some((t) => t.amount) ? tokens[k - 1].filter((t) => t.rate).map((t) => ({ ...t, at: -2, end: -1 })) : []);
  const candidates = [...lines.flatMap((line, k) => rowTaxes(line, [...titleRates(k), ...tokens[k]])), ...stackedTaxes(lines, tokens), ...columnTaxes(lines, tokens)]
    .filter((t) => !seen.has(key(t)) && !!seen.add(key(t)));
  const vatByRate = new Map<string, ArithmeticTax[]>();
  for (const t of candidates) if (t.tax === 'vat') vatByRate.set(t.rate.toString(), [...(vatByRate.get(t.rate.toString()) ?? []), t]);
  if (!vatByRate.size) return null;
  const surchargesOf = (vat: ArithmeticTax) => candidates.filter((t) => t.tax === 'surcharge' && t.base.eq(vat.base));

  // every printed amount that could be the total, largest first
  const printed = lines.flatMap((line, k) => tokens[k].filter((t) => t.amount && !t.amount.isZero()).map((t) => ({ value: t.amount!, line })));
  const magnitude = (d: Decimal) => (d.isNegative() ? d.negate() : d);
  printed.sort((a, b) => magnitude(b.value).compare(magnitude(a.value)) || b.line.index - a.line.index);

  // the sets: for each rate one of its lines or none, each VAT line with or without its recargo
  const groups = [...vatByRate.values()];
  const sets: ArithmeticTax[][] = [];
  const choose = (g: number, picked: ArithmeticTax[]) => {
    if (sets.length >= MAX_SETS) return;
    if (g === groups.length) { if (picked.some((t) => t.tax === 'vat')) sets.push(picked); return; }
    choose(g + 1, picked);
    for (const vat of groups[g]) {
      choose(g + 1, [...picked, vat]);
      for (const surcharge of surchargesOf(vat)) choose(g + 1, [...picked, vat, surcharge]);
    }
  };
  choose(0, []);

  const sumOf = (taxes: ArithmeticTax[]) => taxes.reduce((s, t) => s.add(t.amount), Decimal.zero(2));
  // the sets by what they add up to, so each printed amount looks its sets up instead of trying them all
  const byTotal = new Map<string, { set: ArithmeticTax[]; bases: Decimal; total: Decimal }[]>();
  for (const set of sets) {
    const bases = set.filter((t) => t.tax === 'vat').reduce((s, t) => s.add(t.base), Decimal.zero(2));
    const total = bases.add(sumOf(set)).sub(withheld).rescale(2);
    byTotal.set(total.toString(), [...(byTotal.get(total.toString()) ?? []), { set, bases, total }]);
  }
  const longest = Math.max(...sets.map((s) => s.length));
  const cent = Decimal.parse('0.01');
  for (const amount of printed) {
    const matching = [];
    // each line of a set may round its quota by a cent: the total is looked up that many cents either side
    for (let off = -longest; off <= longest; off++) {
      for (const s of byTotal.get(amount.value.add(cent.mul(Decimal.parse(String(off)))).rescale(2).toString()) ?? []) {
        if (near(s.total, amount.value, Math.max(1, s.set.length))) matching.push(s);
      }
    }
    if (!matching.length) continue;
    // of the sets giving that total, the one with the most lines, then the one printed last (a summary follows the items)
    const lastLine = (set: ArithmeticTax[]) => Math.max(...set.map((t) => t.line.index));
    const best = matching.sort((a, b) => b.set.length - a.set.length || lastLine(b.set) - lastLine(a.set))[0];
    const vat = best.set.filter((t) => t.tax === 'vat');
    const subtotalLine = printed.find((p) => p.value.eq(best.bases))?.line ?? vat[0].line;
    return { subtotal: { value: best.bases, line: subtotalLine }, total: amount, vat, surcharge: best.set.filter((t) => t.tax === 'surcharge') };
  }
  return null;
}
