const MONTHS: Record<string, number> = {
  enero: 1, febrero: 2, marzo: 3, abril: 4, mayo: 5, junio: 6, julio: 7, agosto: 8, septiembre: 9, setiembre: 9, octubre: 10, noviembre: 11, diciembre: 12,
  ene: 1, feb: 2, mar: 3, abr: 4, may: 5, jun: 6, jul: 7, ago: 8, sep: 9, sept: 9, set: 9, oct: 10, nov: 11, dic: 12,
  january: 1, february: 2, march: 3, april: 4, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
  jan: 1, apr: 4, aug: 8, dec: 12,
  // Catalan, Galician and Portuguese, as invoices of Catalonia, Valencia, the Balearics and Galicia and Portuguese suppliers print them
  gener: 1, febrer: 2, 'març': 3, maig: 5, juny: 6, juliol: 7, agost: 8, setembre: 9, desembre: 12, gen: 1, febr: 2,
  xaneiro: 1, febreiro: 2, maio: 5, 'xuño': 6, xullo: 7, setembro: 9, outubro: 10, novembro: 11, decembro: 12,
  janeiro: 1, fevereiro: 2, 'março': 3, junho: 6, julho: 7, dezembro: 12,
  // the months of other EU suppliers' dates (French, Italian, German) where they differ
  janvier: 1, 'février': 2, mars: 3, avril: 4, mai: 5, juin: 6, juillet: 7, 'août': 8, septembre: 9, octobre: 10, novembre: 11, 'décembre': 12,
  gennaio: 1, febbraio: 2, aprile: 4, maggio: 5, giugno: 6, luglio: 7, settembre: 9, ottobre: 10, dicembre: 12,
  januar: 1, februar: 2, 'märz': 3, juni: 6, juli: 7, oktober: 10, dezember: 12,
};

/** A month in Roman numerals, as some letterheads date ("1-IX-2026"). */
const ROMAN_MONTHS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

const iso = (y: number, m: number, d: number): string | null => {
  if (y < 100) y += 2000;
  if (y < 1990 || y > 2999 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return date.toISOString().slice(0, 10);
};

const MONTH_WORD = '([a-záéíóúàèòçñäöüû]{3,10})';

/** Each date with where it starts and ends in the text, in order of appearance (overlapping readings: the first, longest). */
export function datesAt(text: string): { at: number; end: number; date: string }[] {
  const found: { at: number; end: number; date: string }[] = [];
  const add = (m: RegExpMatchArray, date: string | null) => { if (date) found.push({ at: m.index!, end: m.index! + m[0].length, date }); };
  // 15/03/2026, 15-03-26, 15.03.2026, 5.4.2026
  for (const m of text.matchAll(/(?<!\d|\d[.,/-])(\d{1,2})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{4}|\d{2})(?![\d,]|\.\d)/g)) add(m, iso(Number(m[3]), Number(m[2]), Number(m[1])));
  // 2026-03-15, 2026/03/15, 2026.03.15
  for (const m of text.matchAll(/(?<!\d|\d[.,])(\d{4})([/.\-])(\d{1,2})\2(\d{1,2})(?![\d,]|\.\d)/g)) add(m, iso(Number(m[1]), Number(m[3]), Number(m[4])));
  // 1-IX-2026
  for (const m of text.matchAll(/(?<![\d\p{L}])(\d{1,2})\s*[-/.]\s*(XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)\s*[-/.]\s*(\d{4}|\d{2})(?![\d,]|\.\d)/gu)) add(m, iso(Number(m[3]), ROMAN_MONTHS.indexOf(m[2]) + 1, Number(m[1])));
  // 15 de marzo de 2026, 15 mar 2026, 15-mar-26, 1º de abril del 2026, 14 d'abril de 2026, 3. März 2026
  for (const m of text.matchAll(new RegExp(String.raw`(?<!\d)(\d{1,2})[º°]?\.?\s*(?:[\-/.]\s*|de\s+|d['’]\s*)?${MONTH_WORD}\.?\s*(?:[\-/.,]\s*|de\s+|del\s+)?(\d{4}|\d{2})(?![\d,]|\.\d)`, 'giu'))) {
    const month = MONTHS[m[2].toLowerCase()];
    if (month) add(m, iso(Number(m[3]), month, Number(m[1])));
  }
  // March 15, 2026; marzo 15, 2026
  for (const m of text.matchAll(new RegExp(String.raw`(?<![a-záéíóúàèòçñäöüû])${MONTH_WORD}\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)`, 'gi'))) {
    const month = MONTHS[m[1].toLowerCase()];
    if (month) add(m, iso(Number(m[3]), month, Number(m[2])));
  }
  found.sort((a, b) => a.at - b.at || b.end - a.end);
  return found.filter((f, i) => !found.slice(0, i).some((g) => f.at < g.end && f.end > g.at));
}

/**
 * Dates in the forms Spanish invoices use, in order of appearance, as YYYY-MM-DD: 15/03/2026,
 * 15-03-26, 15.03.2026, 5.4.2026, 2026-03-15, 2026/03/15, "15 de marzo de 2026", "15 mar 2026",
 * "15-mar-26", "March 15, 2026". Day before month whenever the day comes first.
 */
export function datesIn(text: string): string[] {
  return datesAt(text).map((f) => f.date);
}
