export { decodeText as decodeStatement } from '../../../lib/csv-reader';

/** Lines without their terminators (CRLF, LF or CR). Split on a plain character, which is several times faster than on a pattern. */
export function splitLines(text: string): string[] {
  if (!text.includes('\r')) return text.split('\n');
  if (!text.includes('\n')) return text.split('\r');
  const lines: string[] = [];
  for (const piece of text.split('\n')) {
    const line = piece.charCodeAt(piece.length - 1) === 13 ? piece.slice(0, -1) : piece;
    if (line.includes('\r')) lines.push(...line.split('\r'));
    else lines.push(line);
  }
  return lines;
}

/** YYMMDD (Norma 43) → YYYY-MM-DD, or undefined when it is not a calendar date. Years 80–99 are 19xx. */
export function yymmdd(text: string): string | undefined {
  const known = YYMMDD_SEEN.get(text);
  if (known) return known;
  if (!/^\d{6}$/.test(text)) return undefined;
  const yy = Number(text.slice(0, 2));
  const date = calendarDate(yy < 80 ? 2000 + yy : 1900 + yy, Number(text.slice(2, 4)), Number(text.slice(4, 6)));
  if (date && YYMMDD_SEEN.size < 50_000) YYMMDD_SEEN.set(text, date);
  return date;
}

/** A statement repeats a few hundred dates: each is checked once. */
const YYMMDD_SEEN = new Map<string, string>();

export function calendarDate(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || year < 1900 || year > 2999) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Trimmed, with runs of spaces (and control characters such as NUL) collapsed; null when nothing is left. */
export const clean = (text: string | null | undefined): string | null => {
  if (!text) return null;
  if (tidy(text)) return text;
  const value = text.replace(/[\s\u0000-\u001f]+/g, ' ').trim();
  return value ? value : null;
};

/**
 * Whether `clean` would leave the text as it is: no control character, no whitespace but single
 * spaces between words. Checked with a loop, as most fields of a statement are already so.
 */
function tidy(text: string): boolean {
  let afterSpace = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (afterSpace) return false;
      afterSpace = true;
    } else if (c < 32 || (c >= 0x7f && otherWhitespace(c))) return false;
    else afterSpace = false;
  }
  return !afterSpace;
}

/** Whitespace that `\s` matches beyond the ASCII controls and the space. */
const otherWhitespace = (c: number): boolean =>
  c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
