import { Decimal } from '../../kernel/money';
import { amountsIn, KNOWN_VAT_RATES, near, parseAmount, PERCENTAGE, rateOfCell, ratesIn } from './amounts';
import { summaryByArithmetic, type ArithmeticTax } from './arithmetic-summary';
import { sumsByItemRate } from './rated-item-lines';
import type { Line } from './text-lines';

/**
 * The amounts of an invoice's summary (bases, VAT, recargo, IRPF, total), read by the labels printed
 * beside or above them, then checked against each other: of the candidate amounts, the ones that add
 * up (Σ bases + VAT + recargo − IRPF = total, each quota its base times its rate) are chosen.
 */

type Tax = 'vat' | 'surcharge' | 'withholding';
type Kind = Tax | 'exempt' | 'base' | 'total' | 'strong_total' | 'rate_vat' | 'rate_surcharge' | 'rate_withholding' | 'stop' | 'ignore';

/*
 * Labels are Spanish, with the words the co-official languages print on an invoice of Catalonia,
 * Valencia and the Balearics (quota, base imposable, recàrrec, retenció, concepte, preu), Galicia (IVE,
 * cota, base impoñible, cantidade, prezo) and the Basque Country (BEZ, kuota, zerga-oinarria,
 * PFEZ atxikipena, guztira, kontzeptua, kopurua, prezioa).
 */
/** "TOTAL" as printed and as OCR misreads it ("T0TAL", "TOTA1"); Basque "guztira". */
const TOTAL = String.raw`(?:\bt[o0]t[a4][l1i](?![a-záéíóúñ])|\bguztira\b)`;
/** "IVA", "I.V.A.", and OCR's "LV.A.", "1.V.A.", "I. V. A."; Galician "IVE", Basque "BEZ"; a French supplier's "TVA". */
const IVA = String.raw`(?:(?<![a-z0-9])(?:[i1l|]|il\.?)(?:\.\s?)?v(?:\.\s?)?a(?![a-záéíóúñ])\.?|(?<![a-z0-9])(?:ive|bez|tva)(?![a-záéíóúñ]))`;
const RE = String.raw`(?<![a-z0-9])r\.?\s?e\.?(?![a-z0-9])`;
/** "IRPF" as printed and spaced; Basque "PFEZ". */
const IRPF = String.raw`(?:(?<![a-z0-9])i\s?\.?\s?r\s?\.?\s?p\s?\.?\s?f\.?(?![a-z0-9])|\bpfez\b)`;
/** A tax's amount: "cuota", Catalan "quota", Galician "cota", Basque "kuota". */
const QUOTA = String.raw`(?:cuota|quota|kuota|\bcota)`;

/**
 * The labels of a summary, tried in this order at each place of a line (the first that matches there
 * wins, so "Total IVA" is the VAT and "Total factura" the total, not a bare "Total").
 */
const LABELS: [Kind, string][] = [
  ['ignore', String.raw`suma\s+y\s+sigue|(?:sub\s*-?\s*)?${TOTAL}\s+(?:de\s+(?:la\s+)?)?p[aá]g(?:ina)?\b|page\s+total|carried\s+forward|a\s+la\s+vuelta|${TOTAL}\s+(?:en\s+)?letras?`],
  ['strong_total', String.raw`${TOTAL}\s+(?:de\s+(?:la\s+)?)?(?:factura|fra\b\.?)|importe?\s+${TOTAL}|${TOTAL}\s+a\s+pagar|importe\s+a\s+pagar|${TOTAL}\s+importe|${TOTAL}\s*\(?\s*(?:eur(?:os)?\b|€)\s*\)?|${TOTAL}\s+con\s+(?:${IVA}|impuestos)|${TOTAL}\s*\(?\s*(?:${IVA}|impuestos)\s+incl\w*\.?\s*\)?|invoice\s+${TOTAL}|${TOTAL}\s+(?:invoice|amount|due)|amount\s+due|grand\s+${TOTAL}|l[ií]quido\s+a\s+(?:percibir|pagar)|${TOTAL}\s+l[ií]quido|(?<![a-z])a\s+pagar|${TOTAL}\s+t\.?t\.?c\b\.?`],
  ['rate_surcharge', String.raw`%\s*(?:${RE}|recargo|rec[aà]rrec|rec\.)|(?:tipo\s+)?${RE}\s*%|tipo\s+(?:de\s+)?(?:${RE}|recargo|rec\.)`],
  ['rate_withholding', String.raw`%\s*(?:${IRPF}|ret(?:enci[oó]n|\.)?)|(?:tipo\s+)?${IRPF}\s*%|tipo\s+(?:de\s+)?(?:${IRPF}|retenci[oó]n)`],
  ['rate_vat', String.raw`%\s*(?:de\s+)?(?:${IVA}|igic|vat)|(?:tipo|tasa(?!s))(?:\s+(?:de\s+)?(?:${IVA}|igic))?(?:\s*%)?|(?:${IVA}|igic|vat)\s*%(?!\s*(?:\d|r\.?\s?e|rec|i\.?r\.?p|ret))|\brate\b`],
  ['withholding', String.raw`(?:(?:${QUOTA}|${TOTAL})\s+)?retenci[oó]n?(?:\s+(?:de\s+)?${IRPF})?(?:\s+a\s+cuenta)?|(?:(?:${QUOTA}|${TOTAL})\s+)?${IRPF}(?:\s+atxikipen\w*)?|\batxikipen\w*|withholding(?:\s+tax)?`],
  ['surcharge', String.raw`(?:(?:${QUOTA}|${TOTAL})\s+)?(?:recargo(?:\s+(?:de\s+)?equivalencia)?|rec[aà]rrec(?:\s+d['’]\s?equival[eè]ncia)?|rec\.)|(?:(?:${QUOTA}|${TOTAL})\s+)?${RE}`],
  ['exempt', String.raw`bases?\s+(?:imponibles?\s+)?exentas?|importe\s+exento|(?:base\s+)?no\s+sujet[ao]`],
  ['base', String.raw`${TOTAL}\s+bases?(?:\s+imponibles?)?|(?:${TOTAL}|montant)\s+h\.?t\b\.?|bases?\s+imp(?:onibles?|osables?|o[ñn]ibles?|\.)|\bzerga[-\s]?oinarri\w*|\bb\.\s?imp(?:onibles?|\.)|\bsuma(?![a-záéíóúñ])|sub\s*-?\s*t[o0]t[a4][l1i](?![a-záéíóúñ])|importe\s+neto|${TOTAL}\s+neto|net\s+(?:amount|total)|taxable\s+(?:amount|base)|(?:${TOTAL}|importe)\s+\(?sin\s+(?:${IVA}|impuestos)|\bbases?(?![a-záéíóúñ])|\bneto(?![a-záéíóúñ])`],
  ['stop', String.raw`(?:${TOTAL}\s+|importe\s+)?bruto|${TOTAL}\s+(?:descuentos?|dto|l[ií]neas|art[ií]culos|unidades|uds|cantidad|items|piezas)\b|descuentos?|descomptes?|descontos?|\bdto\b\.?|discount|pronto\s+pago|entregado|efectivo|\bcambio\b|\bchange\b|\bcash\b|tarjeta|\bcard\b|pagado|anticipo|a\s+cuenta|cantidad|cantidade|quantitat|unidades|unitats|\bkg\b`],
  ['vat', String.raw`(?:${QUOTA}|importe|${TOTAL})\s+(?:de\s+)?(?:${IVA}|igic|vat)|${TOTAL}\s+(?:de\s+)?impuestos(?!\s+incl)|${QUOTA}|${IVA}|\bigic(?![a-záéíóúñ])|\bvat(?![a-záéíóúñ])`],
  ['total', TOTAL],
];
const LABEL = new RegExp(LABELS.map(([kind, source]) => `(?<${kind}>${source})`).join('|'), 'gi');

/** A line that heads the rows of items (its amount columns are prices and line totals, not the summary). */
const ITEM_HEADER = /descripci[oó]n?|descrici[oó]n|concepto|concepte|kontzeptua|deskribapena|cantidad|cantidade|quantitat|kopurua|\bcant\b|\bquant\b|\buds?\b|unidades|unitats|unitateak|precio|\bpreu\b|\bprezo\b|prezioa|p\.\s?unit|art[ií]culo|article|artigo|referencia|refer[eè]ncia|c[oó]digo|\bcodi\b|\bqty\b|quantity|unit\s+price|description/i;
/** A total written in words ("Son: mil doscientos diez euros"): never read as an amount. */
const IN_WORDS = /\b(?:mil|cien(?:to)?|(?:dos|tres|cuatro|quinien|seis|sete|ocho|nove)cient[oa]s|veinti\w+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|hundred|thousand)\b.*\b(?:euros?|c[eé]ntimos)\b/i;

interface Segment { kind: Kind; start: number; end: number; text: string }

/** Two words of a column's title OCR read as one ("BASEIMPONIBLE", "CUOTAIVA", "TOTALFACTURA"). */
const OCR_GLUED = /\b(base|cuota|importe|total)(imponible|iva|re\b|r\.e\.?|bruto|neto|factura)/gi;
/**
 * OCR reads the "%" of a column's title as "S", "$" or "§" ("SIVA", "$REC."): before a tax's name it
 * is that; so is a stroke read as "I" stuck to "R.E." ("IR.E.": no word starts so).
 */
const OCR_PERCENT = /(?<![\p{L}\d])(?:[S$§](?=\s?(?:IVA|I\.V\.A|REC\b|R\.E\b|IRPF|I\.R\.P\.F)\.?(?![\p{L}]))|[I1l](?=R\.E\.))/gu;
/** "%IVA" with its "%I" read as two strokes ("11VA", "1lVA"). */
const OCR_PERCENT_IVA = /(?<![\p{L}\d])[1Il|]{2}VA\b/gu;
/**
 * A summary's title row naming a tax bare just before its quota ("IVA CUOTA IVA", "R.E. CUOTA R.E."):
 * the bare one is the rate's column, its "%" lost by OCR.
 */
const OCR_RATE_TITLE = /(?<![%\p{L}])(IVA|R\.E\.|REC\.)(?=\s+CUOTA\s+\1)/giu;

/** "Cuota IVA" with its thin "I" lost ("Cuota VA", "CuotaVA"): a quota's title has no other "VA". */
const OCR_QUOTA_VA = /\b(cuota)\s?VA\b/giu;
/**
 * On a summary's title row (one that names a base or a quota), "%IVA" read with its "%" as "*" and
 * its "I" as a stroke ("*1vA", "*lVA", "*IVA"): the rate's title. Elsewhere an asterisk before
 * "IVA" is a footnote's ("*IVA incluido") and is left.
 */
const OCR_STAR_PERCENT = /(?<![\p{L}\d])\*(?=[I1l|][Vv]A(?![\p{L}]))/gu;
const SUMMARY_TITLES = /\b(?:base|cuota)\b/i;
/** "Total a pagar" read as one word ("Totalapagar"). */
const OCR_GLUED_TO_PAY = /\b(t[o0]tal)(a)(pagar)\b/giu;
/**
 * A label and one amount, its decimal comma lost ("Base imponible ~~ 91600", "Total 97096€"): an
 * amount is printed with its cents, so a bare integer of three digits or more alone after a label
 * with no other number is one whose last two digits are the cents.
 */
const LABEL_ONLY = new RegExp(String.raw`^\W*(?:${TOTAL}(?:\s+a\s+pagar|\s+factura)?|bases?\s+imponibles?|suma|subtotal|importe\s+total)\W*$`, 'iu');
const OCR_LABEL_BARE_AMOUNT = /^(\D*\p{L}\D*?\s)(-?\d{1,})(\d{2})(\s*€)?$/u;

export interface TaxCandidate { tax: Tax; rate: Decimal; base: Decimal | null; amount: Decimal; weight: number; line: Line }
export interface AmountCandidate { value: Decimal; weight: number; line: Line; rank: number }

export interface SummaryRead {
  subtotal: AmountCandidate | null;
  total: AmountCandidate | null;
  vat: TaxCandidate[];
  surcharge: TaxCandidate[];
  withholding: TaxCandidate[];
  computedTotal: Decimal | null;
  passed: boolean;
}

/** The amounts of a piece of text once its percentages are taken out ("21% 1.000,00 210,00" → 1000.00, 210.00). */
const amountsAfterRate = (text: string) => amountsIn(text.replace(PERCENTAGE, ' '));
const abs = (d: Decimal) => (d.isNegative() ? d.negate() : d);
const sum = (values: readonly Decimal[]) => values.reduce((s, v) => s.add(v), Decimal.zero(2));

/**
 * "Cuota" and "Recargo" alone name a tax's amount, but followed by words in lower case they begin
 * an item's description ("Cuota de servicio (bimestre)", "Recargo combustible 7,5 %"), never a label.
 */
const BARE_TAX_WORD = /^(?:cuota|quota|kuota|cota|recargo|rec[aà]rrec)$/i;
const DESCRIBED = /^\s+(?:(?:de|del|d')\s*)?(?!(?:total|iva|igic|irpf|retenci|equiv|recargo|rec[aà]rrec)\p{Ll}*)\p{Ll}{3,}/u;

/** The labels of a line and the text each governs (up to the next label); two labels of one kind side by side are one ("Retención  IRPF"). */
function segmentsOf(text: string): Segment[] {
  const found: Segment[] = [];
  for (const m of text.matchAll(LABEL)) {
    const kind = (Object.entries(m.groups!).find(([, v]) => v !== undefined)![0]) as Kind;
    if ((kind === 'vat' || kind === 'surcharge') && BARE_TAX_WORD.test(m[0]) && DESCRIBED.test(text.slice(m.index! + m[0].length))) continue;
    found.push({ kind, start: m.index!, end: m.index! + m[0].length, text: '' });
  }
  found.forEach((s, i) => { s.text = text.slice(s.end, found[i + 1]?.start ?? text.length); });
  const merged: Segment[] = [];
  for (const s of found) {
    const last = merged[merged.length - 1];
    if (last && !last.text.trim() && last.kind === s.kind && VALUE_KINDS.has(s.kind)) {
      last.text = s.text;
      last.end = s.end;
      continue;
    }
    merged.push(s);
  }
  return merged;
}

const VALUE_KINDS = new Set<Kind>(['base', 'exempt', 'vat', 'surcharge', 'withholding', 'total', 'strong_total']);

/**
 * Base and quota of a tax from the amounts printed with its rate: the pair whose quota is the base
 * times the rate (to two cents), so a summary row "21 % 1.000,00 210,00 1.210,00" gives 1.000,00
 * and 210,00, not its last column.
 */
function baseAndQuota(amounts: Decimal[], rate: Decimal): { base: Decimal | null; amount: Decimal; checked: boolean } | null {
  if (!amounts.length) return null;
  const sized = amounts.map(abs);
  for (let j = sized.length - 1; j >= 1; j--) {
    for (let i = 0; i < j; i++) if (near(sized[i].percent(rate), sized[j], 2)) return { base: sized[i], amount: sized[j], checked: true };
  }
  if (sized.length === 1) return { base: null, amount: sized[0], checked: false };
  return { base: sized[0], amount: sized[sized.length - 1], checked: false };
}

interface Collected {
  bases: AmountCandidate[];
  totals: AmountCandidate[];
  taxes: TaxCandidate[];
  /** Quotas printed without a rate ("Cuota IVA 210,00"), to be matched with a base. */
  ratelessVat: { amount: Decimal; line: Line }[];
  /** Every amount on a line labelled as a total, for the consistency check. */
  totalLineAmounts: AmountCandidate[];
}

const taxOf = (kind: Kind): Tax | null => (kind === 'vat' || kind === 'surcharge' || kind === 'withholding' ? kind : null);

/**
 * A line of label–value pairs ("Base imponible 1.000,00 IVA 21% 210,00 Total 1.210,00"), or a label
 * whose value is on the next line; `below`: the lines after it.
 */
function readLabelledLine(segments: Segment[], line: Line, below: Line[], out: Collected) {
  // "Base imponible IVA 10 %  154,66": the base of the rate it names, not a quota
  const rateOfBase = segments.findIndex((s, i) => s.kind === 'base' && !s.text.trim() && (segments[i + 1]?.kind === 'vat' || segments[i + 1]?.kind === 'rate_vat') && NAMED_TAX.test(line.text.slice(segments[i + 1].start)) && ratesIn(segments[i + 1].text).length === 1);
  if (rateOfBase >= 0) segments = [...segments.slice(0, rateOfBase), { ...segments[rateOfBase], text: line.text.slice(segments[rateOfBase].end, segments[rateOfBase + 1].end) + segments[rateOfBase + 1].text }, ...segments.slice(rateOfBase + 2)];
  const lead = line.text.slice(0, segments[0]?.start ?? 0);
  const valued = segments.filter((s) => VALUE_KINDS.has(s.kind));
  // "Base imponible" above its amount: the amount is the next line's, when that line has no label of
  // its own; in a column beside another (an address), the line after it when the next has no amount
  const next = below.slice(0, 2).find((l) => amountsIn(l.text).length || segmentsOf(l.text).length);
  if (valued.length === 1 && !amountsAfterRate(valued[0].text).length && next && !segmentsOf(next.text).length && !IN_WORDS.test(next.text) && !ITEM_ROW.test(next.text)) {
    valued[0].text += ` ${next.text}`;
  }
  const lineBase = segments.find((s) => s.kind === 'base' && amountsAfterRate(s.text).length);
  const lineBaseValue = lineBase ? abs(amountsAfterRate(lineBase.text)[0]) : null;
  segments.forEach((segment, i) => {
    const amounts = amountsAfterRate(segment.text);
    const rates = ratesIn(segment.text);
    const rank = line.index * 10 + i;
    if (segment.kind === 'base') {
      const rate = rates[0];
      const pair = rate && amounts.length >= 2 ? baseAndQuota(amounts, rate) : null;
      if (pair?.checked) {
        out.taxes.push({ tax: 'vat', rate, base: pair.base, amount: pair.amount, weight: 0.9, line });
        out.bases.push({ value: pair.base!, weight: 0.95, line, rank });
        return;
      }
      amounts.forEach((amount, k) => out.bases.push({ value: abs(amount), weight: k === 0 ? 0.95 : 0.8, line, rank: rank + (k ? 1_000_000 : 0) }));
      return;
    }
    if (segment.kind === 'exempt') {
      // an exempt or non-subject base: a line at 0 % of it; a deposit or suplidos, outside VAT too, are no base
      if (amounts.length === 1 && !NOT_A_BASE.test(line.text)) out.taxes.push({ tax: 'vat', rate: Decimal.zero(2), base: abs(amounts[0]), amount: Decimal.zero(2), weight: 0.9, line });
      return;
    }
    if (segment.kind === 'total' || segment.kind === 'strong_total') {
      if (!amounts.length) return;
      const weight = segment.kind === 'strong_total' ? 0.95 : 0.9;
      out.totals.push({ value: amounts[amounts.length - 1], weight, line, rank: (segment.kind === 'strong_total' ? 2_000_000_000 : 1_000_000_000) + rank });
      for (const amount of amounts) out.totalLineAmounts.push({ value: amount, weight: weight * 0.9, line, rank });
      return;
    }
    // "21% I.V.A. 210,11": the rate's label with the quota after it
    const tax = taxOf(segment.kind) ?? (segment.kind.startsWith('rate_') && amounts.length ? (segment.kind.slice(5) as Tax) : null);
    if (!tax) return;
    // the rate may be printed in a column of its own just before ("Tipo IVA 21% Cuota 210,00")
    // or before the label ("21% I.V.A. 210,11")
    const previous = segments[i - 1];
    const rate = rates[0] ?? (previous ? (previous.kind === `rate_${tax}` ? ratesIn(previous.text)[0] : undefined) : ratesIn(segment.kind.startsWith('rate_') ? `${lead}%` : lead)[0]);
    if (!amounts.length) return;
    // "IVA 21 % sobre 2.225,00": the amount is the base the rate applies to, and the quota that rate of it
    if (rate && amounts.length === 1 && ON_BASE.test(segment.text)) {
      const base = abs(amounts[0]);
      out.taxes.push({ tax, rate, base, amount: base.percent(rate), weight: 0.8, line });
      return;
    }
    if (!rate) {
      if (tax === 'vat') out.ratelessVat.push({ amount: abs(amounts[amounts.length - 1]), line });
      return;
    }
    const pair = baseAndQuota(amounts, rate)!;
    const base = pair.base ?? (lineBaseValue && segment !== lineBase ? lineBaseValue : null);
    const checked = pair.checked || (!!base && near(base.percent(rate), pair.amount, 2));
    out.taxes.push({ tax, rate, base, amount: pair.amount, weight: checked ? 0.95 : base ? 0.6 : 0.95, line });
  });
}

/** Shipping and handling charged beside the products. */
const SHIPPING = /\b(?:env[ií]o|portes|gastos\s+de\s+(?:env[ií]o|transporte)|shipping|manipulaci[oó]n)\b/i;
/** A rate's base named as what it is applied to ("21 % sobre 2.225,00", "15 % s/ 800,00"). */
const ON_BASE = /%\s*(?:sobre|s\/)\s*-?\d/i;

/** An item row: a description before two amounts or more (quantity × price, amount). */
const ITEM_ROW = { test: (text: string) => /^\D*\p{L}{3}/u.test(text) && amountsIn(text).length >= 2 };
/** A tax named bare, as after "Base imponible" in "Base imponible IVA 10 %". */
const NAMED_TAX = new RegExp(String.raw`^\s*(?:${IVA}|igic)`, 'i');
/** What an invoice adds to its total outside VAT without being a base: a refundable deposit, suplidos paid for the customer. */
const NOT_A_BASE = /\b(?:fianza|dep[oó]sito|suplidos?|provisi[oó]n\s+de\s+fondos)\b/i;

/** The word an exempt line prints in its rate's column. */
const EXEMPT_RATE = /(?<![\p{L}])(?:exent[oa]s?|exempt)(?![\p{L}])/giu;

/** Numbers of a row under a header: amounts, rates with or without "%", in order. */
const ROW_NUMBER = /(?<![\d.,])-?(?:\d{1,3}(?:\.\d{3})+\.\d{2}(?![\d.,])|\d+\.\d{1,2}(?!\d)|(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d{1,2})?)(?:\s*%)?(?![\d])/g;

/**
 * The numbers of a row by the header's column kinds: one number a column; or, when the row prints
 * a rate the header has no column for ("1.000,00  21 %  210,00  1.210,00" under "Base imponible
 * IVA Total"), the other numbers a column each and that rate the VAT's.
 */
function rowColumns(segments: Segment[], numbers: string[]): Map<Kind, string> | null {
  const columns = new Map<Kind, string>();
  if (numbers.length === segments.length) {
    segments.forEach((s, i) => { if (!columns.has(s.kind)) columns.set(s.kind, numbers[i]); });
    return columns;
  }
  const rates = numbers.filter((n) => n.includes('%'));
  const plain = numbers.filter((n) => !n.includes('%'));
  const amountColumns = segments.filter((s) => !s.kind.startsWith('rate_'));
  if (rates.length === 1 && plain.length === amountColumns.length && amountColumns.length !== segments.length - 1) {
    amountColumns.forEach((s, i) => { if (!columns.has(s.kind)) columns.set(s.kind, plain[i]); });
    columns.set('rate_vat', rates[0]);
    return columns;
  }
  return sparseRow(segments, numbers) ?? untitledRate(segments, numbers);
}

/**
 * A row with one number more than the header has titles, that number a rate ("3.240,40  21,00
 * 680,48  3.920,88" under "Base imponible  Cuota IVA  Total", the "% IVA" title lost to OCR): the
 * other numbers a column each, and the rate the VAT's when it gives the quota from the base.
 */
function untitledRate(segments: Segment[], numbers: string[]): Map<Kind, string> | null {
  if (numbers.length !== segments.length + 1 || segments.some((s) => s.kind.startsWith('rate_'))) return null;
  for (let j = 0; j < numbers.length; j++) {
    if (rateOfCell(numbers[j]) === null) continue;
    const columns = new Map<Kind, string>();
    numbers.filter((_, k) => k !== j).forEach((n, i) => { if (!columns.has(segments[i].kind)) columns.set(segments[i].kind, n); });
    const base = amountOfCell(columns.get('base')), quota = amountOfCell(columns.get('vat')), rate = rateOfCell(numbers[j]);
    if (base && quota && rate && near(base.percent(rate), quota, 2)) return columns.set('rate_vat', numbers[j]);
  }
  return null;
}

const amountOfCell = (text: string | undefined) => (text && !text.includes('%') ? parseAmount(text.replace(/^-/, '')) : null);

/**
 * A row with empty cells (no recargo on a line, a totals row without rates): the numbers keep their
 * order, and of the ways to leave columns empty the one where the row adds up is taken (each quota
 * its base times its rate, the total the base plus the quotas); none adds up: the row is not read.
 */
function sparseRow(segments: Segment[], numbers: string[]): Map<Kind, string> | null {
  // a summary has a dozen columns at most; past that the ways to leave cells empty are too many to try
  if (numbers.length < 2 || numbers.length > segments.length || segments.length > 12) return null;
  let best: { score: number; columns: Map<Kind, string> } | null = null;
  const evaluate = (picked: number[]) => {
    const columns = new Map<Kind, string>();
    picked.forEach((column, i) => { if (!columns.has(segments[column].kind)) columns.set(segments[column].kind, numbers[i]); });
    let score = 0;
    for (const [kind, text] of columns) {
      if (kind.startsWith('rate_') ? rateOfCell(text) === null : VALUE_KINDS.has(kind) && !amountOfCell(text)) score -= 3;
    }
    const base = amountOfCell(columns.get('base'));
    let net = base;
    for (const tax of ['vat', 'surcharge', 'withholding'] as const) {
      const quota = amountOfCell(columns.get(tax));
      const rate = rateOfCell(columns.get(`rate_${tax}`));
      if (base && quota && rate) score += near(base.percent(rate), quota, 2) ? 2 : -2;
      if (net && quota) net = tax === 'withholding' ? net.sub(quota) : net.add(quota);
    }
    const total = amountOfCell(columns.get('strong_total') ?? columns.get('total'));
    if (net && total && net !== base) score += near(net, total, 2) ? 2 : -2;
    if (score >= 2 && (!best || score > best.score)) best = { score, columns };
  };
  const choose = (column: number, taken: number[]) => {
    if (taken.length === numbers.length) return evaluate(taken);
    if (segments.length - column < numbers.length - taken.length) return;
    choose(column + 1, [...taken, column]);
    choose(column + 1, taken);
  };
  choose(0, []);
  return best ? (best as { columns: Map<Kind, string> }).columns : null;
}

/**
 * A rate OCR read without its decimal comma ("5,2" as "52", "1,4" as "14"): on an OCR'd row, a rate
 * that does not give the quota from the base while a tenth of it does is that tenth.
 */
function decimalCommaRestored(rate: Decimal | null, base: Decimal | null, quota: Decimal | null, row: Line): Decimal | null {
  if (!rate || !base || !quota || row.source !== 'ocr' || near(base.percent(rate), quota, 2)) return rate;
  const tenth = rate.mul(Decimal.parse('0.1')).rescale(2);
  return near(base.percent(tenth), quota, 2) ? tenth : rate;
}

/**
 * A summary laid out as a table: a header of labels ("Base imponible  % IVA  Cuota IVA  Total") and
 * rows of numbers under it, one number a column. Rows are read while their numbers match the
 * header's columns; a header of item columns (description, quantity, price) is not a summary.
 */
function readHeaderTable(segments: Segment[], lines: Line[], at: number, out: Collected, checkedRowsOnly: boolean): Line[] {
  const rows: Line[] = [];
  // a line of labels met between two rows (a totals block printed in a column beside the table)
  let interrupted = checkedRowsOnly;
  for (let k = at + 1; k < Math.min(lines.length, at + 8); k++) {
    const row = lines[k];
    // the row's cells are the numbers before a label printed beside them ("1.303,20  10  130,32   Total IVE 139,35")
    const labelled = segmentsOf(row.text).find((s) => VALUE_KINDS.has(s.kind));
    const cells = labelled ? row.text.slice(0, labelled.start) : row.text;
    if (labelled && !/\d/.test(cells)) {
      if (!rows.length) break;
      interrupted = true;
      continue;
    }
    // an exempt base's row prints a word where the rate goes ("336,00  Exento  0,00"): its rate is 0 %
    const numbers = [...cells.replace(EXEMPT_RATE, ' 0 % ').matchAll(ROW_NUMBER)].map((m) => m[0]);
    // a summary's cells are amounts with cents and rates of two digits at most: on an OCR'd row, an
    // integer of three digits or more is an amount whose decimal comma was lost ("400" for 4,00)
    const columns = rowColumns(segments, row.source === 'ocr' ? numbers.map((n) => n.replace(/^(-?\d+)(\d{2})$/, '$1,$2')) : numbers);
    if (!columns) {
      if (rows.length || k > at + 2) break;
      continue;
    }
    // past a line of labels, a row is the table's only when it adds up (its quota its base times its rate)
    if (interrupted && !rowAddsUp(columns)) break;
    rows.push(row);
    const cell = (kind: Kind) => columns.get(kind);
    // a corrective invoice's row, every amount in it negative ("-213,30  21  -44,79  -258,09"): its base, quotas and total are
    const amountCells = [...columns.entries()].filter(([kind, text]) => !kind.startsWith('rate_') && /[.,]\d{2}$/.test(text)).map(([, text]) => text);
    const sign = amountCells.length >= 2 && amountCells.every((text) => text.startsWith('-')) ? (d: Decimal | null) => d && d.negate() : (d: Decimal | null) => d;
    const amountOf = (text: string | undefined) => sign(amountOfCell(text));
    const rateOf = rateOfCell;
    const base = amountOf(cell('base'));
    const rank = row.index * 10;
    if (base) out.bases.push({ value: base, weight: 0.9, line: row, rank });
    for (const tax of ['vat', 'surcharge', 'withholding'] as const) {
      const quotaText = cell(tax);
      // a "IVA" column holding the rate ("21%", "21") and no quota column of its own
      const rateText = cell(`rate_${tax}`) ?? (quotaText && (quotaText.includes('%') || /^\d{1,2}$/.test(quotaText)) ? quotaText : undefined);
      const quota = amountOf(quotaText === rateText ? undefined : quotaText);
      const rate = decimalCommaRestored(rateOf(rateText), base, quota, row);
      if (rate && quota) {
        const checked = !!base && near(base.percent(rate), quota, 2);
        out.taxes.push({ tax, rate, base, amount: quota, weight: checked ? 0.9 : 0.6, line: row });
      } else if (rate && base && tax === 'vat') {
        // an OCR'd rate no Spanish tax has ("16%" for 10 %), its quota in a column the header did
        // not tell apart: the row's amount a known rate gives from the base, with that rate
        const known = row.source === 'ocr' && !KNOWN_VAT_RATES.some((r) => r.eq(rate))
          ? numbers.map((n) => amountOfCell(n.replace(/^(-?\d+)(\d{2})$/, '$1,$2'))).flatMap((amount) => (amount && !amount.eq(base) ? KNOWN_VAT_RATES.filter((r) => near(base.percent(r), amount, 1)).map((r) => ({ rate: r, amount })) : []))
          : [];
        if (known.length === 1) out.taxes.push({ tax, rate: known[0].rate, base, amount: known[0].amount, weight: 0.6, line: row });
        else out.taxes.push({ tax, rate, base, amount: base.percent(rate), weight: 0.6, line: row });
      } else if (quota && tax === 'vat') out.ratelessVat.push({ amount: quota, line: row });
    }
    const total = amountOf(cell('strong_total') ?? cell('total'));
    if (total) {
      out.totals.push({ value: total, weight: 0.9, line: row, rank: 1_500_000_000 + rank });
      out.totalLineAmounts.push({ value: total, weight: 0.85, line: row, rank });
    }
  }
  return rows;
}

/** A table row whose every quota is its base times its rate, to the cent (and has at least one). */
function rowAddsUp(columns: Map<Kind, string>): boolean {
  const base = amountOfCell(columns.get('base'));
  const checked = (['vat', 'surcharge', 'withholding'] as const).map((tax) => {
    const quota = amountOfCell(columns.get(tax)), rate = rateOfCell(columns.get(`rate_${tax}`));
    return quota && rate ? !!base && near(base.percent(rate), quota, 2) : null;
  }).filter((c) => c !== null);
  return checked.length > 0 && checked.every(Boolean);
}

function collect(lines: Line[]): Collected {
  const out: Collected = { bases: [], totals: [], taxes: [], ratelessVat: [], totalLineAmounts: [] };
  // the rows of a summary table already read: never the value of a label printed above or beside them
  const tableRows = new Set<number>();
  const below = (i: number) => {
    const next: Line[] = [];
    for (let k = i + 1; k < lines.length && next.length < 2; k++) if (!tableRows.has(lines[k].index)) next.push(lines[k]);
    return next;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (IN_WORDS.test(line.text)) continue;
    const segments = segmentsOf(line.text);
    if (!segments.length) continue;
    const valued = segments.filter((s) => VALUE_KINDS.has(s.kind) || (s.kind.startsWith('rate_') && amountsAfterRate(s.text).length));
    if (!valued.length) continue;
    const numberless = !amountsIn(line.text).length && !ratesIn(line.text).length;
    // the titles of the item columns ("Artículo  Cant.  Precio  IVA  Importe"): their "IVA" heads a
    // column of rates, and the row under it is an item, never that label's value
    if (numberless && ITEM_HEADER.test(line.text)) continue;
    // a summary table's titles, maybe with a totals block printed beside them on the same line
    // ("Base imponible  IVA %  Cuota IVA    Suma bases 1.346,20"): the titles are the labels before the first amount
    const titled = segments.findIndex((s) => amountsIn(s.text).length || ratesIn(s.text).length);
    const titles = titled < 0 ? segments : segments.slice(0, titled);
    const beside = titled >= 0;
    if (titles.length >= 2 && (!beside || (!ITEM_HEADER.test(line.text) && !/\d/.test(line.text.slice(0, titles[titles.length - 1].end))))) {
      // under titles with a block beside them, only rows that add up are the table's
      const rows = readHeaderTable(titles, lines, i, out, beside);
      if (rows.length) {
        rows.forEach((row) => tableRows.add(row.index));
        if (beside) readLabelledLine(segments.slice(titled), line, below(i), out);
        continue;
      }
    }
    readLabelledLine(segments, line, below(i), out);
  }
  return out;
}

/** Candidates with distinct values, in their order, at most `MAX_CANDIDATES`: the choice among them tries pairs, so a page of thousands of labelled amounts (a hostile file) stays cheap. */
const MAX_CANDIDATES = 200;
function uniqueValues(candidates: AmountCandidate[]): AmountCandidate[] {
  const seen = new Set<string>();
  return candidates.filter((c) => !seen.has(c.value.toString()) && !!seen.add(c.value.toString())).slice(0, MAX_CANDIDATES);
}

/** Tax lines with the same tax, rate, base and quota counted once (the first read, the table's row before a footer's repeat). */
function onceEach(taxes: TaxCandidate[]): TaxCandidate[] {
  const seen = new Set<string>();
  return taxes.filter((tax) => {
    const key = [tax.tax, tax.rate, tax.base ?? '', tax.amount].join('|');
    return !seen.has(key) && !!seen.add(key);
  });
}

/**
 * A totals block that prints each VAT rate's quota but only the sum of the bases ("Base imponible
 * 368,58 · IVA 21 % 72,99 · IVA 10 % 2,10"): the bases are split from that sum. Every rate but one
 * takes an amount printed elsewhere on the invoice (a breakdown's row, a line's amount, or what the
 * item lines marked with its rate add up to) that its rate gives its quota from, to the cent; the
 * last takes what is left of the sum, which must give its quota too. A rate whose base was read
 * beside it, giving its quota, keeps it. Left as they are unless every base is found so.
 */
function splitSumOfBases(taxes: TaxCandidate[], bases: AmountCandidate[], lines: Line[]): void {
  // a base already read and giving its quota counts as found
  const known = taxes.filter((t) => t.base && near(t.base.percent(t.rate), t.amount, 2));
  // a totals block repeating a known row ("IVA 10 % 515,38" under its breakdown row) is that row
  const vat = taxes.filter((t) => !known.includes(t) && !known.some((k) => k.rate.eq(t.rate) && k.amount.eq(t.amount)));
  const rates = [...known, ...vat].map((t) => t.rate.toString());
  if (rates.length < 2 || !vat.length || vat.some((t) => t.base) || new Set(rates).size !== rates.length) return;
  const knownSum = sum(known.map((t) => t.base!));
  const printed = [
    ...lines.flatMap((line) => (IN_WORDS.test(line.text) ? [] : amountsAfterRate(line.text).map(abs))),
    ...sumsByItemRate(lines, taxes.map((t) => t.rate)).map(abs),
  ];
  // the sum is a printed base larger than the bases already known (a breakdown's row is a base too)
  for (const total of uniqueValues(bases).map((b) => b.value).filter((b) => b.compare(knownSum) > 0)) {
    for (const [rest, last] of vat.entries()) {
      const found: Decimal[] = [];
      for (const [i, tax] of vat.entries()) {
        if (i === rest) continue;
        const base = printed.find((a) => a.compare(total) < 0 && !a.isZero() && near(a.percent(tax.rate), tax.amount, 1));
        if (base) found.push(base);
      }
      if (found.length !== vat.length - 1) continue;
      const left = total.sub(sum(found)).sub(knownSum);
      if (left.isNegative() || left.isZero() || !near(left.percent(last.rate), last.amount, 1)) continue;
      let k = 0;
      vat.forEach((tax, i) => { tax.base = i === rest ? left : found[k++]; });
      return;
    }
  }
}

/**
 * The summary of the invoice: every labelled amount is a candidate, and the choice is the one that
 * adds up. `baseFallback` is not needed: a tax printed with its quota only takes, of the printed
 * bases, one its rate gives that quota from (or the one base when the invoice has a single VAT rate).
 */
export function readSummary(lines: Line[]): SummaryRead {
  const found = collect(lines.map((line) => (line.source === 'ocr' ? { ...line, text: line.text.replace(OCR_PERCENT, '%').replace(OCR_PERCENT_IVA, '%IVA').replace(OCR_GLUED, '$1 $2').replace(OCR_RATE_TITLE, '%$1').replace(OCR_QUOTA_VA, '$1 IVA').replace(OCR_GLUED_TO_PAY, '$1 $2 $3').replace(OCR_LABEL_BARE_AMOUNT, (all, label, units, cents, euro) => (LABEL_ONLY.test(label) ? `${label}${units},${cents}${euro ?? ''}` : all)).replace(OCR_STAR_PERCENT, (star) => (SUMMARY_TITLES.test(line.text) ? '%' : star)) } : line)));
  // a tax line printed twice (a summary and a footer, or on every page) counts once
  const taxes = onceEach(found.taxes);
  // each printed base once (its first printing), and no more of them than any summary has
  const bases = uniqueValues([...found.bases].sort((a, b) => a.rank - b.rank));
  // an OCR'd breakdown row whose separators were lost ("1732957 210 36379") beside a totals block
  // that prints the same quota clearly ("IVA 21% 363,79"): the row's reading does not add up, the block's stays
  const checks = (t: TaxCandidate) => !!t.base && near(t.base.percent(t.rate), t.amount, 2);
  for (let i = taxes.length - 1; i >= 0; i--) {
    const tax = taxes[i];
    if (tax.line.source === 'ocr' && tax.base && !checks(tax) && taxes.some((o) => o !== tax && o.tax === tax.tax && o.amount.eq(tax.amount) && (!o.base || checks(o)))) taxes.splice(i, 1);
  }
  const vatCount = taxes.filter((t) => t.tax === 'vat').length;
  splitSumOfBases(taxes.filter((t) => t.tax === 'vat'), bases, lines);
  // a quota printed without its base: the printed base its rate gives it from, else the only base
  for (const tax of taxes) {
    if (tax.base) continue;
    const vatBases = taxes.filter((t) => t.tax === 'vat' && t.base).map((t) => ({ value: t.base! }));
    const matching = [...bases, ...(tax.tax === 'vat' ? [] : vatBases)].find((b) => near(b.value.percent(tax.rate), tax.amount, 2));
    if (matching) { tax.base = matching.value; continue; }
    const vatBase = taxes.find((t) => t.tax === 'vat' && t.base)?.base ?? null;
    const only = tax.tax === 'vat' ? (vatCount === 1 ? bases[0]?.value ?? null : null) : (vatCount === 1 && vatBase) || (bases[0]?.value ?? null);
    if (only) { tax.base = only; tax.weight *= near(only.percent(tax.rate), tax.amount, 2) ? 1 : 0.5; }
  }
  // a web shop's "Subtotal" of the products, its shipping on a line of its own below, VAT on both:
  // the base is the two together, where that gives the quota and the subtotal alone does not
  for (const tax of taxes) {
    if (tax.tax !== 'vat' || !tax.base || near(tax.base.percent(tax.rate), tax.amount, 2)) continue;
    const charge = lines.filter((l) => SHIPPING.test(l.text) && !LABEL_ONLY.test(l.text)).map((l) => amountsIn(l.text)).find((a) => a.length === 1 && near(tax.base!.add(abs(a[0])).percent(tax.rate), tax.amount, 1));
    if (charge) { tax.base = tax.base.add(abs(charge[0])); tax.weight = 0.85; }
  }
  // a VAT quota printed without its rate ("Cuota IVA 210,00"): the known rate that gives it from a printed base
  if (!vatCount) {
    for (const { amount, line } of found.ratelessVat.slice(0, MAX_CANDIDATES)) {
      // "IVA 0,00" under a base (a reverse-charged or exempt supply): a line at 0 % of it
      if (amount.isZero() && bases.length) { taxes.push({ tax: 'vat', rate: Decimal.zero(2), base: bases[0].value, amount, weight: 0.85, line }); break; }
      for (const base of bases) {
        const rate = KNOWN_VAT_RATES.find((r) => near(base.value.percent(r), amount, 1));
        if (rate) { taxes.push({ tax: 'vat', rate, base: base.value, amount, weight: 0.85, line }); break; }
      }
      if (taxes.length) break;
    }
  }
  // an OCR'd VAT rate no tax has, whose quota it does not give from its base ("1%" for 4 %): the one
  // known rate that gives it
  for (const tax of taxes) {
    if (tax.tax !== 'vat' || tax.line.source !== 'ocr' || !tax.base || KNOWN_VAT_RATES.some((r) => r.compare(tax.rate) === 0) || near(tax.base.percent(tax.rate), tax.amount, 1)) continue;
    const giving = KNOWN_VAT_RATES.filter((r) => near(tax.base!.percent(r), tax.amount, 1));
    if (giving.length === 1) tax.rate = giving[0];
  }
  // and once more now that quotas printed alone have their base: a breakdown table ("Base  Tipo  Cuota")
  // and a totals block under it ("IVA 21 %  21,60") print the same tax line twice
  const usable = onceEach(taxes).filter((t) => t.base);
  const vat = usable.filter((t) => t.tax === 'vat');
  const surcharge = usable.filter((t) => t.tax === 'surcharge');
  const withholding = usable.filter((t) => t.tax === 'withholding');

  const vatBases = vat.length ? sum(vat.map((t) => t.base!)) : null;
  const taxesNet = sum(vat.map((t) => t.amount)).add(sum(surcharge.map((t) => t.amount))).sub(sum(withholding.map((t) => t.amount)));
  const tolerance = Math.max(1, vat.length + surcharge.length + withholding.length);
  const totals = uniqueValues([...found.totals].sort((a, b) => b.rank - a.rank));
  const addsUp = (base: Decimal, total: Decimal) => near(base.add(taxesNet), total, tolerance);

  let subtotal: AmountCandidate | null = null;
  let total: AmountCandidate | null = null;
  if (vatBases) {
    subtotal = bases.find((b) => b.value.eq(vatBases)) ?? null;
    if (!subtotal) {
      const line = vat[0].line;
      subtotal = { value: vatBases, weight: bases.length ? 0.8 : 0.85, line, rank: 0 };
    }
  } else {
    // no VAT line: the printed base that, with the other taxes, gives a printed total (an exempt or reverse-charge invoice: base = total)
    subtotal = bases.find((b) => totals.some((t) => addsUp(b.value, t.value))) ?? bases[0] ?? null;
  }
  const computed = subtotal ? subtotal.value.add(taxesNet).rescale(2) : null;
  if (computed) {
    total = totals.find((t) => near(t.value, computed, tolerance))
      ?? [...found.totalLineAmounts].sort((a, b) => b.rank - a.rank).find((t) => near(t.value, computed, tolerance))
      ?? null;
    // a total printed without a label the reader knows: an amount alone that is exactly what the summary adds up to
    if (!total && !totals.length) {
      const printed = lines.findLast((l) => !IN_WORDS.test(l.text) && amountsIn(l.text).some((a) => near(a, computed, tolerance)));
      if (printed) total = { value: amountsIn(printed.text).find((a) => near(a, computed, tolerance))!, weight: 0.7, line: printed, rank: 0 };
    }
  }
  // a refundable deposit or suplidos added outside VAT to what is paid: the invoice's total is the
  // printed total that includes them, not the one of the taxed part ("Total alquiler" above "Total a pagar")
  let payable = computed;
  if (computed) {
    const outside = uniqueValues(lines.filter((l) => NOT_A_BASE.test(l.text) && !IN_WORDS.test(l.text)).flatMap((l) => amountsIn(l.text).slice(-1).map((value) => ({ value: abs(value), weight: 0, line: l, rank: 0 }))));
    const sums = [...outside.map((o) => o.value), ...(outside.length > 1 ? [sum(outside.map((o) => o.value))] : [])];
    for (const added of sums) {
      const including = totals.find((t) => t.rank >= 2_000_000_000 && near(t.value, computed.add(added), tolerance));
      if (including) { total = including; payable = computed.add(added); break; }
    }
  }
  total ??= totals[0] ?? null;
  // a corrective invoice's negative total ("Total a abonar -299,23") that the bases and quotas add up
  // to as read without their signs: the whole summary is negative
  if (payable && total?.value.isNegative() && near(payable.negate(), total.value, tolerance)) {
    const negated = (t: TaxCandidate): TaxCandidate => ({ ...t, base: t.base!.negate(), amount: t.amount.negate() });
    return {
      subtotal: subtotal && { ...subtotal, value: subtotal.value.negate() }, total,
      vat: vat.map(negated), surcharge: surcharge.map(negated), withholding: withholding.map(negated),
      computedTotal: payable.negate(), passed: true,
    };
  }
  const passed = !!(payable && total && near(payable, total.value, tolerance));
  // a reading that adds up to less than a total labelled as the invoice's ("Total factura"): one rate's column of a larger summary
  const short = !!total && totals.some((t) => t.rank >= 2_000_000_000 && abs(t.value).compare(abs(total!.value)) > 0);
  if (!passed || !vat.length || short) {
    // the labels gave no summary that adds up, or one without VAT, or a part of one: the page's arithmetic may
    const solved = summaryByArithmetic(lines, sum(withholding.map((t) => t.amount)));
    // a total labelled as one that is larger than the arithmetic's: the labels' reading stands (its parts are what the page's arithmetic missed)
    if (solved && !totals.some((t) => abs(t.value).compare(abs(solved.total.value)) > 0)) {
      const candidate = (t: ArithmeticTax): TaxCandidate => ({ ...t, weight: 0.8 });
      const value = solved.subtotal.value.add(sum([...solved.vat, ...solved.surcharge].map((t) => t.amount))).sub(sum(withholding.map((t) => t.amount)));
      return {
        subtotal: { ...solved.subtotal, weight: 0.8, rank: 0 }, total: { ...solved.total, weight: 0.8, rank: 0 },
        vat: solved.vat.map(candidate), surcharge: solved.surcharge.map(candidate), withholding, computedTotal: value, passed: true,
      };
    }
  }
  return { subtotal, total, vat, surcharge, withholding, computedTotal: payable, passed };
}
