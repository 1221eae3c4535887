import { WITH_CENTS } from './amounts';
import { withCaptionsBesideAmounts, withWrappedPercentJoined } from './caption-rows';
import { datesAt } from './dates';
import { invoiceNumberIn } from './invoice-numbers';
import { sameTaxId, taxIdsIn, unlabelledSpanishTaxIds } from './tax-ids';
import { linesOf, type Cell, type Line, type PageText, type TextSource } from './text-lines';
import { readSummary, type AmountCandidate, type TaxCandidate } from './totals';

export type { PageText, TextSource } from './text-lines';

/** Where a field was read: a page's text layer, OCR of its image, or the structured data of an e-invoice (XML, or XML embedded in a PDF). */
export type FieldSource = TextSource | 'einvoice';
export interface Field { value: string | null; confidence: number; source: FieldSource | null; page: number | null }
/** `page` is null for a value read from an e-invoice's structured data. */
export interface TaxAmountLine { rate: string; base: string; amount: string; confidence: number; source: FieldSource; page: number | null }

export interface Extraction {
  supplier_name: Field;
  supplier_tax_id: Field;
  /** Two-letter country of the supplier's tax number (ES for a NIF/CIF). */
  supplier_country: string | null;
  invoice_number: Field;
  issue_date: Field;
  subtotal: Field;
  total: Field;
  vat: TaxAmountLine[];
  surcharge: TaxAmountLine[];
  withholding: TaxAmountLine[];
  /** Σ bases + Σ VAT + Σ recargo − Σ IRPF against the printed total. */
  cross_check: { passed: boolean; computed_total: string | null };
}

const EMPTY: Field = { value: null, confidence: 0, source: null, page: null };
const round = (n: number) => Math.round(n * 100) / 100;
const fieldOf = (value: string, line: Line, weight: number): Field => ({ value, confidence: round(weight * line.confidence), source: line.source, page: line.page });

const LEGAL_FORM = /\b(S\.?\s?L\.?\s?(U\.?|P\.?|L\.?|N\.?E\.?)?|S\.?\s?A\.?\s?(U\.?)?|S\.?\s?C\.?\s?C\.?\s?L\.?|S\.?\s?C\.?(O\.?O\.?P\.?)?|C\.?\s?B\.?|S\.?\s?[CK]OOP\.?|(?<=,\s?)Lda\.?|GmbH|AG|SARL|SAS|S\.?r\.?l\.?|S\.?p\.?A\.?|B\.?V\.?|N\.?V\.?|Ltd\.?|Limited|LLC|AB|Oy|ApS)(?=$|[\s,.])/i;
const LABEL = /\b(factura|invoice|fecha|date|cif|nif|n\.?i\.?f|vat|iva|total|base|cliente|customer|destinatario|p[aá]gina|p[aá]g\.|page|tel[eé]fono|tel\.|email|e-mail|www\.|http|concepto|descripci[oó]n|importe|cantidad|ticket|recargo|irpf|retenci[oó]n|forma de pago|vencimiento|iban)\b/i;
const CUSTOMER_WORD = /\b(cliente|customer|destinatario|facturar a|bill to|datos del cliente|bezeroa)\b/i;
/** A letter's addressee opening the customer's block ("Para:", "A la atención de", "Sr./Sres."). */
const ADDRESSEE = /^\s*(?:para\s*(?::|$)|a la atenci[oó]n de\b|sr\.?\s*\/\s*sres\.?|se[nñ]or(?:es)?\s*:)/i;
const CUSTOMER_LABEL = { test: (text: string) => CUSTOMER_WORD.test(text) || ADDRESSEE.test(text) };
/** Where the customer's label begins on a line, -1 without one. */
const customerLabelAt = (text: string) => (ADDRESSEE.test(text) ? 0 : (CUSTOMER_WORD.exec(text)?.index ?? -1));

function supplierTaxId(lines: Line[], ownTaxIds: readonly string[]) {
  const candidates = lines.flatMap((line) => taxIdsIn(line.text).map((id) => ({ id, line })))
    .filter(({ id }) => !ownTaxIds.some((own) => sameTaxId(own, id.value)));
  const pick = candidates.find((c) => c.id.valid);
  if (pick) return { field: fieldOf(pick.id.value, pick.line, pick.id.repaired ? 0.85 : 0.98), country: pick.id.country, line: pick.line };
  // no valid number after a label or in a known form: one OCR misread without its label, else the invalid reading
  const loose = lines.flatMap((line) => unlabelledSpanishTaxIds(line.text).map((id) => ({ id, line })))
    .find(({ id }) => !ownTaxIds.some((own) => sameTaxId(own, id.value)));
  if (loose) return { field: fieldOf(loose.id.value, loose.line, 0.7), country: 'ES', line: loose.line };
  const invalid = candidates[0];
  if (!invalid) return { field: EMPTY, country: null, line: null };
  return { field: fieldOf(invalid.id.value, invalid.line, 0.3), country: invalid.id.country, line: invalid.line };
}

/** OCR reads the "·" between two parts of a name as another lone mark; the marks a name never ends with. */
const OCR_SEPARATOR = /(?<=\S) [-–—:.•*|·] (?=\S)/g;
const TRAILING_MARKS = /[\s,;:+*~|_\-–—•·]+$/;
/** A box's edge or a stray speck before a name, as OCR reads them. */
const LEADING_MARKS = /^[\s[\]|(){}!¡'"‘’“”«»,;:+*~_\-–—•·]+(?=\p{L})/u;

/**
 * A supplier's name as read: stray marks before it (an OCR'd box edge: "[Ebro S.L.") and after it dropped ("Norte S.L.U," → "Norte S.L.U.": a comma
 * or semicolon after a dotted abbreviation is its misread final dot; "Ebro SL +" → "Ebro SL"); on an
 * OCR'd line, a lone mark between two words is written as the middle dot letterheads use there
 * (Tesseract's models almost never read "·"; "Abogada - Laura Gómez" → "Abogada · Laura Gómez").
 */
export function cleanSupplierName(text: string, source: TextSource): string {
  let name = source === 'ocr' ? text.replace(OCR_SEPARATOR, ' · ').replace(LEADING_MARKS, '') : text;
  const trailing = TRAILING_MARKS.exec(name);
  if (trailing) {
    name = name.slice(0, trailing.index);
    if (/[,;]/.test(trailing[0]) && /\.[A-Z]$/i.test(name)) name += '.';
  }
  return name;
}

/** A block's caption printed alone on its line ("EMISOR", "From"): never a name. */
const CAPTION_ONLY = /^(?:de|emitid[oa]\s+por|emisor(?:a)?|proveedor(?:a)?|from|supplier|seller|vendedor(?:a)?|datos\s+del\s+(?:emisor|proveedor)|arrendador(?:a)?|prestador(?:a)?)\s*[:.]?$/i;
/** The caption a supplier's own block may open with ("Arrendadora: Ana Ruiz", "Emisor: …"). */
const SUPPLIER_CAPTION = /^(?:proveedor(?:a)?|emisor(?:a)?|supplier|arrendador(?:a)?|vendedor(?:a)?|prestador(?:a)?(?:\s+del\s+servicio)?|transmitente|seller|vendido\s+por)\s*[:.]\s*/i;

const PARTY_LABEL = /^(?:proveedor|emisor|supplier|cliente|customer|destinatario|facturar\s+a|bill\s+to|datos\s+del\s+cliente)\s*[:.]?\s*/i;

/**
 * The names with a legal form on a line, each cut after its form and after the last label or
 * separator before it: two columns printed side by side ("Turia S.L. C/ de Alcalá…", "Navarra S.L.
 * Cuadra Demo S.L.") give each name on its own; a name never runs across a wide gap (the line's cells).
 */
function legalNamesIn(line: Line): { name: string }[] {
  return (line.cells?.map((cell) => cell.text) ?? [line.text]).flatMap((text) => legalNamesInText(text, line.source));
}

/** A year after a name's first word, before its legal form ("Hostelería Casa Emilio 1939, S.L."). */
const FOUNDING_YEAR = /(?<=\p{L}.*\s)(?:1[89]|20)\d{2}(?=,?$)/u;

function legalNamesInText(text: string, source: TextSource): { name: string }[] {
  const names: { name: string }[] = [];
  let from = 0;
  for (const m of text.matchAll(new RegExp(LEGAL_FORM.source, 'gi'))) {
    const end = m.index! + m[0].length;
    const piece = text.slice(from, end);
    from = end;
    const cut = Math.max(...[':', '·', '|', '•', ' - ', ' – '].map((mark) => piece.lastIndexOf(mark) + (piece.lastIndexOf(mark) >= 0 ? mark.length : 0)));
    const name = piece.slice(cut > 0 ? cut : 0).replace(PARTY_LABEL, '').trim();
    const body = name.slice(0, name.length - m[0].length).trim();
    // digits are an address's or a number's, never a name's, but for a year the company was founded in ("Casa Emilio 1939, S.L.")
    if (!/[a-záéíóúñ]{2}/i.test(body) || /\d/.test(body.replace(FOUNDING_YEAR, '')) || /\b(factura|invoice|fecha|total|base|iva)\b/i.test(body)) continue;
    names.push({ name: cleanSupplierName(withoutRepeatedBrand(name), source) });
  }
  return names;
}

/**
 * A brand printed in capitals beside the name on the same text line, repeating its words ("MIRAMAR
 * Hotel Miramar, S.A."): the name without it.
 */
function withoutRepeatedBrand(name: string): string {
  const words = name.split(/\s+/);
  let capitals = 0;
  while (capitals < words.length && /^\p{Lu}{2,}$/u.test(words[capitals])) capitals++;
  if (!capitals || capitals >= words.length - 1) return name;
  const rest = new Set(words.slice(capitals).map((w) => w.toLowerCase().replace(/[^\p{L}\d]/gu, '')));
  return words.slice(0, capitals).every((w) => rest.has(w.toLowerCase())) ? words.slice(capitals).join(' ') : name;
}

const sameName = (a: string, b: string) => a.toLowerCase().replace(/[^a-z0-9áéíóúñü]/g, '') === b.toLowerCase().replace(/[^a-z0-9áéíóúñü]/g, '');

/**
 * When the page names two companies (the supplier's letterhead and the customer's block, often side
 * by side) and prints both their tax numbers: the names and the numbers come in the same order, so
 * the supplier is the name in its number's place.
 */
function nameByTaxIdOrder(lines: Line[], supplierTaxId: string | null, ownTaxIds: readonly string[]): { name: string; line: Line } | null {
  if (!supplierTaxId) return null;
  const names: { name: string; line: Line }[] = [];
  for (const line of lines) for (const { name } of legalNamesIn(line)) if (!names.some((n) => sameName(n.name, name))) names.push({ name, line });
  const parties: string[] = [];
  for (const line of lines) {
    for (const id of taxIdsIn(line.text)) {
      const party = sameTaxId(id.value, supplierTaxId) ? 'supplier' : ownTaxIds.some((own) => sameTaxId(own, id.value)) ? 'own' : null;
      if (party && !parties.includes(party)) parties.push(party);
    }
  }
  if (names.length < 2 || parties.length < 2) return null;
  // a company's one name printed on its tax number's line or just above it (a footer "X GmbH · … / VAT No. …"), apart from the customer's: that name
  const idLine = lines.find((line) => taxIdsIn(line.text).some((id) => sameTaxId(id.value, supplierTaxId)) && !taxIdsIn(line.text).some((id) => ownTaxIds.some((own) => sameTaxId(own, id.value))));
  if (idLine) {
    const beside = [idLine, lines[idLine.index - 1]].filter((l) => l && l.page === idLine.page).map((l) => legalNamesIn(sameColumn(l, idLine, supplierTaxId))).find((found) => found.length > 0);
    if (beside?.length === 1) {
      const name = names.find((n) => sameName(n.name, beside[0].name));
      if (name) return name;
    }
  }
  return names[parties.indexOf('supplier')] ?? null;
}

/**
 * Of a line, its cells in the column of the cell holding the tax number on `idLine` (the whole line
 * where `idLine` is one piece): a name beside the number, in another block, is another party's.
 */
function sameColumn(line: Line, idLine: Line, taxId: string): Line {
  const cells = idLine.cells ?? [];
  const at = cells.findIndex((cell) => taxIdsIn(cell.text).some((id) => sameTaxId(id.value, taxId)));
  if (cells.length < 2 || at < 0 || !line.cells) return line;
  const from = cells[at].x - COLUMN_SLACK;
  const to = cells[at + 1]?.x ?? Infinity;
  const text = line.cells.filter((cell) => cell.x >= from && cell.x < to).map((cell) => cell.text).join(' ');
  return { ...line, text, cells: undefined };
}

/** The customer's caption alone in a block's first line ("CLIENTE", "Bill to:"), its last cell on a line parted into cells. */
const CUSTOMER_CAPTION = /^(?:cliente|customer|destinatario|facturar\s+a|bill\s+to|datos\s+del\s+cliente|para)\s*:?$/i;
/** A line right under the customer's caption opens the customer's block. */
const underCustomerCaption = (line: Line, above: Line | undefined) => !!above && above.page === line.page
  && CUSTOMER_CAPTION.test(above.cells?.at(-1)?.text ?? above.text);

/** A company's kind, never its name alone: on a line of its own before the legal form it ends the name above ("AUTOPISTAS DEL NORTE" / "CONCESIONARIA, S.A."). */
const COMPANY_KIND = /^(?:concesionaria|sociedad|compa[ñn][ií]a|(?:e\s+)?hijos|hermanos|(?:y\s+)?asociados|sucesores)$/i;

/** A legal form printed alone on its line. */
const FORM_ALONE = new RegExp(`^(?:${LEGAL_FORM.source})$`, 'i');

/** A word a name is not ended with, nor a line begun with unless it continues one ("… Puerto / del Pico S.L."). */
const CONNECTIVE = /^(?:de|del|la|las|los|el|y|e|i)$/i;

/**
 * A name wrapped over two lines on a narrow ticket ("SUPERMERCADOS ECONÓMICOS DEL" / "TIÉTAR S.A."):
 * the line with the legal form and the one before it, when that one ends with a connective or this
 * one starts with one, and the one before is a name's words only (no digits, label or form).
 */
function wrappedName(text: string, page: number, previous: Line | undefined): string {
  if (!previous || previous.page !== page) return text;
  const last = previous.text.trim().split(/\s+/).pop() ?? '';
  const first = text.trim().split(/\s+/)[0] ?? '';
  const body = text.slice(0, LEGAL_FORM.exec(text)?.index ?? text.length).replace(/[\s,]+$/, '').trim();
  if (!CONNECTIVE.test(last) && !CONNECTIVE.test(first) && !COMPANY_KIND.test(body)) return text;
  // the two parts are printed alike: both in capitals or neither ("e Tri i" above a name in capitals is a scan's specks)
  const inCapitals = (t: string) => t === t.toUpperCase();
  if (inCapitals(previous.text) !== inCapitals(first)) return text;
  if (/\d/.test(previous.text) || LABEL.test(previous.text) || LEGAL_FORM.test(previous.text) || CUSTOMER_LABEL.test(previous.text) || !/^[\p{L} .'&·-]+$/u.test(previous.text.trim())) return text;
  return `${previous.text.trim()} ${text.trim()}`;
}

/** A line as read block by block: `block` names the column it came from, `row` the printed line's index. */
type BlockLine = Line & { block?: string; row: number };

/** How far left of a column's start (a share of the page's width) a cell may begin and still be in it. */
const COLUMN_SLACK = 0.02;

/**
 * Where the columns of a stretch of lines start: the starts of the cells of its lines of two cells
 * or more, as ranges of starts near one another (a column's cells begin a little apart from line to line).
 */
function columnStarts(region: readonly Line[]): { from: number; to: number }[] {
  const xs = region.filter((line) => line.cells!.length > 1).flatMap((line) => line.cells!.map((cell) => cell.x)).sort((a, b) => a - b);
  const columns: { from: number; to: number }[] = [];
  for (const x of xs) {
    const last = columns[columns.length - 1];
    if (last && x - last.to <= 2 * COLUMN_SLACK) last.to = x;
    else columns.push({ from: x, to: x });
  }
  return columns;
}

/**
 * Blocks printed side by side (the supplier's beside the customer's, a letterhead beside the
 * invoice's details) read as a person reads them, block by block. A stretch of consecutive lines
 * whose cells' places are known and which hold no amount (a table's header and rows end it) has
 * columns where the cells of its lines of two cells or more start; every cell of the stretch goes to
 * the last column starting at or before it, a line of one piece too (a block's line printed at
 * another height than its neighbour's), and the stretch is read column after column, each top to
 * bottom. A form (captions ending in ":" before their values, on two lines or more) is read as
 * printed. In a column, a name's first words over the line ending in its legal form are one name
 * ("Limpiezas Integrales" / "Getxo Garbi, S.L."). Every line is numbered again in the new order.
 */
export function readByBlocks(lines: readonly Line[]): BlockLine[] {
  const read: BlockLine[] = [];
  const asPrinted = (line: Line) => read.push({ ...line, index: read.length, row: line.index });
  const placed = (line: Line) => !!line.cells && !WITH_CENTS.test(line.text);
  const parted = (line: Line) => line.cells!.length > 1;
  for (let i = 0; i < lines.length;) {
    let end = i;
    while (end < lines.length && placed(lines[end]) && lines[end].page === lines[i].page) end++;
    if (end > i && end < lines.length && lines[end].page === lines[end - 1].page && parted(lines[end - 1])) end--;
    if (end === i) { asPrinted(lines[i++]); continue; }
    const stretch = lines.slice(i, end);
    const starts = columnStarts(stretch);
    const form = stretch.filter((line) => parted(line) && /:$/.test(line.cells![0].text)).length > 1;
    if (starts.length < 2 || form) stretch.forEach(asPrinted);
    else {
      // a block set to the right starts its lines at different places
      const columnAt = ({ x }: Cell) => Math.max(0, starts.findLastIndex(({ from }) => from - COLUMN_SLACK <= x));
      starts.forEach((_, column) => {
        const block = `${i}:${column}`;
        for (const line of stretch) {
          for (const { text } of line.cells!.filter((cell) => columnAt(cell) === column)) {
            const above = read[read.length - 1];
            if (above?.block === block && above.row !== line.index && nameGoesOn(above.text, text)) above.text = `${above.text} ${text}`;
            else read.push({ ...line, text, cells: undefined, index: read.length, block, row: line.index });
          }
        }
      });
    }
    i = end;
  }
  return read;
}

/**
 * A line with a legal form continues the name begun on the line above it ("Limpiezas Integrales" /
 * "Getxo Garbi, S.L."): the line above is two words or more of a name only, written in the same
 * case, and not the same name's words again (a brand over the legal name: "Gràfiques Montsant" /
 * "Gràfiques Montsant, S.L.").
 */
function nameGoesOn(above: string, text: string): boolean {
  if (!LEGAL_FORM.test(text) || !nameWordsOnly(above)) return false;
  const inCapitals = (t: string) => t === t.toUpperCase();
  if (inCapitals(above) !== inCapitals(text.replace(LEGAL_FORM, ''))) return false;
  const below = new Set(text.toLowerCase().split(/[\s,]+/));
  const words = above.toLowerCase().split(/\s+/).filter((w) => !CONNECTIVE.test(w));
  return words.filter((w) => below.has(w)).length * 2 < words.length;
}

/** Words of a name only, two or more: capitalised, no digit, label, caption or legal form ("Limpiezas Integrales"). */
const nameWordsOnly = (text: string) => writtenAsName(text) && text.trim().split(/\s+/).length >= 2 && !/\d/.test(text) && !LABEL.test(text) && !CAPTION_ONLY.test(text)
  && !CUSTOMER_LABEL.test(text) && !LEGAL_FORM.test(text) && /^[\p{L} .'&·-]+$/u.test(text);

function supplierName(rows: Line[], taxIdRow: Line | null, supplierTaxId: string | null, ownTaxIds: readonly string[]): Field {
  const lines = readByBlocks(rows);
  // the tax number's line: its cell, where the printed line was parted into blocks
  const taxIdKey = (supplierTaxId ?? '').replace(/[^0-9A-Z]/gi, '').toUpperCase();
  const fromRow = taxIdRow ? lines.filter((line) => line.row === taxIdRow.index) : [];
  const taxIdLine = fromRow.find((line) => line.text.replace(/[^0-9A-Z]/gi, '').toUpperCase().includes(taxIdKey)) ?? fromRow[0] ?? null;
  // names and numbers paired in the order they are printed, trusted where the page read row by row
  // and read block by block pair them alike (a block not found whole can put a number out of order)
  const paired = nameByTaxIdOrder(lines, supplierTaxId, ownTaxIds);
  const pairedByRows = nameByTaxIdOrder(rows, supplierTaxId, ownTaxIds);
  // a natural person's number (DNI, NIE): the supplier is the person, named after the holder's label on a ticket
  const personal = !!supplierTaxId && /^(?:ES)?(?:\d{8}|[XYZ]\d{7})[A-Z]$/i.test(supplierTaxId);
  // (names paired so are companies': never a natural person's)
  if (!personal && paired && pairedByRows && sameName(paired.name, pairedByRows.name)) return fieldOf(paired.name, paired.line, 0.9);
  const end = taxIdLine ? taxIdLine.index : Math.min(lines.length - 1, 8);
  // the customer's block goes on to the page's end, or, read block by block, to its block's end
  let customerBlock: string | null = null;
  const candidates: { name: string; line: Line; legal: boolean; captioned?: boolean }[] = [];
  // the supplier's caption alone on its line ("PROVEEDOR", "EMITIDA POR"): the name is the line under it
  let captionOver: BlockLine | null = null;
  for (const line of lines.slice(0, end + 1)) {
    if (customerBlock !== null && customerBlock !== 'page' && customerBlock !== line.block) customerBlock = null;
    if (customerBlock !== null) continue;
    const customerAt = customerLabelAt(line.text);
    // the supplier's column may be printed before the customer's label on the same line ("Ebro S.L.   Cliente nº 4471")
    const supplierPart = customerAt >= 0 ? line.text.slice(0, customerAt).trim() : line.text;
    if (customerAt >= 0) customerBlock = line.block ?? 'page';
    // on the tax number's own line, what precedes the number ("Suministros SL · CIF B…")
    // the document's title printed beside the letterhead on the same line ("Anselmo Ruiz Gil   FACTURA")
    const untitled = supplierPart.replace(DOCUMENT_TITLE, '');
    const text = line === taxIdLine ? untitled.replace(/\s*[-–·|,]?\s*(c\.?i\.?f|n\.?i\.?f|vat|nif-iva)?\s*[:.]?\s*(ES)?[\s-]?[A-Z0-9][\s.\-A-Z0-9]{7,14}$/i, '').trim() : untitled;
    if (CAPTION_ONLY.test(text)) { captionOver = line; continue; }
    const underCaption = !!captionOver && captionOver.page === line.page && captionOver.block === line.block && captionOver.index === line.index - 1;
    captionOver = null;
    if (text.length < 3 || !/[a-záéíóúñ]{2}/i.test(text)) continue;
    // a name ending in a comma whose legal form wrapped onto a line of its own below ("Transportes Ruiz," … "S.L.")
    const form = /,$/.test(text) && !LEGAL_FORM.test(text) ? lines.slice(line.index + 1, line.index + 4).find((l) => l.page === line.page && FORM_ALONE.test(l.text.trim())) : undefined;
    if (form) { candidates.push({ name: cleanSupplierName(`${text} ${form.text.trim()}`, line.source), line, legal: true }); continue; }
    const legal = LEGAL_FORM.test(text);
    if (!legal && (LABEL.test(text) || /\d{2}/.test(text))) continue;
    const wrapped = wrappedName(text, line.page, lines[line.index - 1]);
    const name = legal ? legalNamesIn(wrapped === line.text ? line : { ...line, text: wrapped, cells: undefined })[0]?.name : cleanSupplierName(text.replace(SUPPLIER_CAPTION, ''), line.source);
    if (name && name.length >= 3) candidates.push({ name, line, legal, captioned: !legal && (SUPPLIER_CAPTION.test(text) || underCaption) });
  }
  // a company's name is never the supplier whose number is a person's (the customer's block printed first)
  const legal = personal ? undefined : candidates.find((c) => c.legal);
  if (legal) return fieldOf(legal.name, legal.line, 0.92);
  // a name under the supplier's own caption ("Arrendador: …", or "PROVEEDOR" over it), before any title above it
  const captioned = candidates.find((c) => c.captioned);
  if (captioned) return fieldOf(captioned.name, captioned.line, 0.8);
  // a ticket's letterhead in capitals with its form on a line of its own, or the company's full name
  // further down (a footer); never a name beside the company's own tax number (the customer's)
  const ownAt = lines.filter((line) => taxIdsIn(line.text).some((id) => ownTaxIds.some((own) => sameTaxId(own, id.value)))).map((line) => line.index);
  // (never for a natural person's number: a company named elsewhere is another party)
  const anywhere = personal ? [] : lines.flatMap((line, i) => {
    if (CUSTOMER_LABEL.test(line.text) || ownAt.some((at) => Math.abs(at - line.index) <= 3) || underCustomerCaption(line, lines[i - 1])) return [];
    const formAlone = FORM_ALONE.test(line.text) && i > 0;
    return legalNamesIn(formAlone ? { ...line, text: `${lines[i - 1].text} ${line.text}`, cells: undefined } : line).map(({ name }) => ({ name, line }));
  });
  if (anywhere.length === 1 || (anywhere.length > 1 && anywhere.every((n) => sameName(n.name, anywhere[0].name)))) return fieldOf(anywhere[0].name, anywhere[0].line, 0.85);
  // a professional's letterhead: the name, written as a name (every word capitalised), not the
  // occupation printed beside it ("Traductora jurada", "Procuradora de los Tribunales")
  // a professional's office named after the person ("NOTARÍA DE ANA RUIZ GIL"): the person, when the number is a person's
  // (never an office named by its trade: "Asesoría fiscal y laboral")
  const people = personal ? candidates.filter((c) => !c.legal) : candidates;
  const office = personal ? people.find((c) => OFFICE_OF.test(c.name) && c.name.replace(OFFICE_OF, '').trim().split(/\s+/).length >= 2 && writtenAsName(c.name.replace(OFFICE_OF, '').trim())) : undefined;
  if (office) return fieldOf(office.name.replace(OFFICE_OF, '').trim(), office.line, 0.6);
  const titled = people.find((c) => PERSON_TITLE.test(c.name) || (personal && HOLDER_LABEL.test(c.name)));
  if (titled) return fieldOf(titledName(titled.name.replace(HOLDER_LABEL, ''), lines[titled.line.index + 1]), titled.line, 0.6);
  const first = people.find((c) => writtenAsName(c.name) && !OCCUPATION.test(c.name)) ?? people[0];
  return first ? fieldOf(first.name, first.line, 0.6) : EMPTY;
}

/** The document's title printed in capitals at the end of the letterhead's line. */
const DOCUMENT_TITLE = /\s+(?:FACTURA(?:\s+(?:SIMPLIFICADA|RECTIFICATIVA|PROFORMA))?|INVOICE)\s*$/;
/** A licensed professional's title before the name (a pharmacy's "Ldo.", "Lda."). */
const PERSON_TITLE = /^(?:L(?:d[oa]|D[OA])|[Ll]icenciad[oa]|LICENCIAD[OA]|D(?:r|R)[aA]?)\.?\s+(?=\p{Lu})/u;

/** An office or practice named after its holder ("Notaría de", "Despacho de"). */
const OFFICE_OF = /^(?:notar[ií]a|despacho|bufete|consulta|cl[ií]nica|gabinete|estudio|asesor[ií]a|gestor[ií]a)\s+(?:de(?:l)?\s+)?(?:(?:d\.|d[oñ]a\.?|don|do[ñn]a)\s+)?(?=\p{Lu})/iu;

/** The label a ticket names its holder by ("Conductor: Joaquín Ruiz", "Titular: …"). */
const HOLDER_LABEL = /^(?:[Cc]onductor(?:a)?|CONDUCTOR(?:A)?|[Tt]axista|TAXISTA|[Tt]itular(?: de la licencia)?|TITULAR)\s*:\s*(?=\p{Lu})/u;

/**
 * The name after a professional's title ("Ldo. Joaquín Ruiz" → "Joaquín Ruiz"); a name of two words
 * at most goes on over the next line when that line is a name's words only ("Ldo. Joaquín Ruiz" /
 * "Urrutia": a Spanish full name carries two surnames).
 */
function titledName(text: string, next: Line | undefined): string {
  const name = text.replace(PERSON_TITLE, '').trim();
  const more = next?.text.trim() ?? '';
  const continues = name.split(/\s+/).length <= 2 && /^\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?$/u.test(more) && !LABEL.test(more);
  return continues ? `${name} ${more}` : name;
}

/** Every word of the text begins with a capital (or is a connective: "de", "del", "y"…), as a person's or trade name is written. */
const writtenAsName = (text: string): boolean => {
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  return words.length > 0 && words.every((w) => CONNECTIVE.test(w) || /^\p{Lu}/u.test(w));
};

/** A line that opens with a professional's title, as the self-employed print it on their letterhead. */
const OCCUPATION = /^(?:abogad[oa]|procurador(?:a)?|traductor(?:a)?|int[eé]rprete|asesor(?:a)?|gestor(?:a)?|graduad[oa]\s+social|economista|arquitect[oa]|aparejador(?:a)?|ingenier[oa]|perit[oa]|notari[oa]|registrador(?:a)?|psic[oó]log[oa]|fisioterapeuta|m[eé]dic[oa]|odont[oó]log[oa]|dentista|veterinari[oa]|enfermer[oa]|logopeda|nutricionista|dise[nñ]ador(?:a)?|fot[oó]graf[oa]|consultor(?:a)?|administrador(?:a)?\s+de\s+fincas|agente\s+(?:de\s+)?(?:seguros|comercial)|profesor(?:a)?|formador(?:a)?|electricista|fontaner[oa]|carpinter[oa]|pintor(?:a)?)(?![\p{L}])/iu;

function invoiceNumber(lines: Line[], taxId: string | null): Field {
  const read = invoiceNumberIn(lines, taxId);
  return read ? fieldOf(read.value, read.line, read.weight) : EMPTY;
}

/** Also "Data", the date's label in Catalan, Galician and Portuguese. */
const DATE_LABEL = /\b(?:fecha|date|data|emisi[oó]n|expedici[oó]n|f\.\s?emis|dated)\b/gi;
/** Dates an invoice prints besides its issue date: what their label says between it and the date. */
const OTHER_DATE = /venc|vto|due|pago|payment|entrega|delivery|operaci|pedido|order|albar|servicio|per[ií]odo|desde|hasta|validez|caducidad|nacimiento|alta/i;

/**
 * The issue date: the first date after a date label ("Fecha", "Fecha de emisión", "Invoice date")
 * with no other date's word between them ("Fecha de vencimiento"), on its line or under it; else
 * the first date printed that is not a due date.
 */
const DATE_COLUMN = /fecha(?:\s+(?:de\s+(?:la\s+)?)?[a-záéíóú]+\.?)?|vencimiento|vto\.?|(?:due|invoice|order|delivery)\s+date|\bdate\b/gi;

/** A header row of several dates ("Fecha albarán  Factura nº  Fecha factura  Vencimiento") over a row of as many: the issue date's column. */
function dateByColumn(line: Line, next: Line | undefined): string | null {
  if (!next || datesAt(line.text).length) return null;
  const columns = [...line.text.matchAll(DATE_COLUMN)].map((m) => m[0]);
  const dates = datesAt(next.text);
  if (columns.length < 2 || dates.length !== columns.length) return null;
  const issue = columns.findIndex((label) => !OTHER_DATE.test(label));
  return issue >= 0 ? dates[issue].date : null;
}

function issueDate(lines: Line[]): Field {
  for (const [i, line] of lines.entries()) {
    const byColumn = dateByColumn(line, lines[i + 1]);
    if (byColumn) return fieldOf(byColumn, lines[i + 1], 0.9);
    for (const label of line.text.matchAll(DATE_LABEL)) {
      const from = label.index! + label[0].length;
      const before = line.text.slice(Math.max(0, label.index! - 14), label.index!);
      if (OTHER_DATE.test(before)) continue;
      const after = line.text.slice(from);
      const here = datesAt(after)[0];
      if (here) {
        if (!OTHER_DATE.test(after.slice(0, here.at))) return fieldOf(here.date, line, 0.95);
        continue;
      }
      if (OTHER_DATE.test(after)) continue;
      const next = lines[i + 1] && datesAt(lines[i + 1].text)[0];
      if (next) return fieldOf(next.date, lines[i + 1], 0.85);
    }
  }
  for (const line of lines) {
    const date = datesAt(line.text).find((d) => !OTHER_DATE.test(line.text.slice(0, d.at)));
    if (date) return fieldOf(date.date, line, 0.6);
  }
  return EMPTY;
}

const amountField = (candidate: AmountCandidate | null): Field => (candidate ? fieldOf(candidate.value.toString(), candidate.line, candidate.weight) : EMPTY);
const taxLine = (tax: TaxCandidate): TaxAmountLine => ({ rate: tax.rate.toString(), base: tax.base!.toString(), amount: tax.amount.toString(), confidence: round(tax.weight * tax.line.confidence), source: tax.line.source, page: tax.line.page });

/**
 * Reads the fields of a purchase invoice or ticket from its text. `ownTaxIds`: the company's own
 * numbers, which are never the supplier's.
 */
export function extractPurchase(pages: readonly PageText[], ownTaxIds: readonly string[]): Extraction {
  const lines = linesOf(pages);
  const taxId = supplierTaxId(lines, ownTaxIds);
  const summary = readSummary(withCaptionsBesideAmounts(withWrappedPercentJoined(lines)));
  const passed = summary.passed;
  const lower = <T extends { confidence: number }>(item: T): T => (passed ? item : { ...item, confidence: round(item.confidence * 0.5) });
  return {
    supplier_name: supplierName(lines, taxId.line, taxId.field.value, ownTaxIds),
    supplier_tax_id: taxId.field,
    supplier_country: taxId.country,
    invoice_number: invoiceNumber(lines, taxId.field.value),
    issue_date: issueDate(lines),
    subtotal: lower(amountField(summary.subtotal)),
    total: lower(amountField(summary.total)),
    vat: summary.vat.map(taxLine).map(lower),
    surcharge: summary.surcharge.map(taxLine).map(lower),
    withholding: summary.withholding.map(taxLine).map(lower),
    cross_check: { passed, computed_total: summary.computedTotal?.toString() ?? null },
  };
}
