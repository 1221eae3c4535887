const MONTHS: Record<string, number> = {
  enero: 1, febrero: 2, marzo: 3, abril: 4, mayo: 5, junio: 6, julio: 7, agosto: 8, septiembre: 9, setiembre: 9, octubre: 10, noviembre: 11, diciembre: 12,
  ene: 1, feb: 2, mar: 3, abr: 4, may: 5, jun: 6, jul: 7, ago: 8, sep: 9, sept: 9, oct: 10, nov: 11, dic: 12,
  january: 1, february: 2, march: 3, april: 4, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
};

const iso = (y: number, m: number, d: number): string | null => {
  if (y < 100) y += 2000;
  if (y < 1990 || y > 2999 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return date.toISOString().slice(0, 10);
};

/**
 * Dates in the forms Spanish invoices use, in order of appearance, as YYYY-MM-DD: 15/03/2026,
 * 15-03-26, 15.03.2026, 2026-03-15, "15 de marzo de 2026", "15 mar 2026". Day first, always.
 */
export function datesIn(text: string): string[] {
  const found: { at: number; date: string }[] = [];
  for (const m of text.matchAll(/(?<!\d)(\d{1,2})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{4}|\d{2})(?!\d)/g)) {
    const date = iso(Number(m[3]), Number(m[2]), Number(m[1]));
    if (date) found.push({ at: m.index!, date });
  }
  for (const m of text.matchAll(/(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g)) {
    const date = iso(Number(m[1]), Number(m[2]), Number(m[3]));
    if (date) found.push({ at: m.index!, date });
  }
  for (const m of text.matchAll(/(?<!\d)(\d{1,2})\s*(?:de\s+)?([a-záéíóú]{3,10})\.?\s*(?:de\s+|del\s+)?(\d{4})(?!\d)/gi)) {
    const month = MONTHS[m[2].toLowerCase()];
    const date = month ? iso(Number(m[3]), month, Number(m[1])) : null;
    if (date) found.push({ at: m.index!, date });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.date);
}
