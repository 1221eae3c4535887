/** CSV as RFC 4180 (quoted fields, doubled quotes, CRLF or LF), with any one-character delimiter. */

/** Rows of fields, each with the line it starts on. */
export function readCsv(text: string, delimiter: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [], field = '', quoted = false, line = 1, rowLine = 1, i = 0;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0].trim() !== '') rows.push({ line: rowLine, fields });
    fields = []; field = '';
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') { field += '"'; i += 2; continue; }
        quoted = false; i++; continue;
      }
      if (c === '\n') line++;
      field += c; i++; continue;
    }
    if (c === '"' && field.trim() === '') { quoted = true; field = ''; i++; continue; }
    if (c === delimiter) { fields.push(field); field = ''; i++; continue; }
    if (c === '\r' || c === '\n') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
      i++; line++; rowLine = line; continue;
    }
    field += c; i++;
  }
  if (field !== '' || fields.length) endRow();
  return rows;
}

/**
 * A text file's characters: UTF-8 when the bytes are valid UTF-8 (a byte-order mark is dropped), ISO-8859-1
 * otherwise (every byte is a character there, so it never fails). A trailing Ctrl-Z (0x1A, the
 * MS-DOS end of file some bank and accounting exports keep) is dropped too.
 */
export function decodeText(bytes: Uint8Array): string {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0x1a) end--;
  const body = bytes.subarray(0, end);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    return new TextDecoder('latin1').decode(body);
  }
}

/**
 * The delimiter, from the first lines (a preamble of account data above the header may have none):
 * the one that splits some line into the most fields.
 */
export function guessDelimiter(text: string): string | undefined {
  const lines = text.split(/\r?\n/, 30);
  const most = (d: string) => Math.max(0, ...lines.map((line) => line.split(d).length - 1));
  const counts = [';', ',', '\t'].map((d) => [d, most(d)] as const).sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : undefined;
}
