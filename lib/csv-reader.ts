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
