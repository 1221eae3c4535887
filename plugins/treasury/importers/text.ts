/**
 * Statement text: UTF-8 when the bytes are valid UTF-8 (a byte-order mark is dropped), ISO-8859-1
 * otherwise (every byte is a character there, so it never fails). A trailing Ctrl-Z (0x1A, the
 * MS-DOS end of file some bank exports keep) is dropped too.
 */
export function decodeStatement(bytes: Uint8Array): string {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0x1a) end--;
  const body = bytes.subarray(0, end);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    return new TextDecoder('latin1').decode(body);
  }
}

/** Lines without their terminators (CRLF, LF or CR). */
export const splitLines = (text: string): string[] => text.split(/\r\n|\n|\r/);

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
  const value = (text ?? '').replace(/[\s\u0000-\u001f]+/g, ' ').trim();
  return value ? value : null;
};
