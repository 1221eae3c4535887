/**
 * The evaluation corpus's invoices, independent of the extractor: every invoice is written here by
 * hand (supplier, customer, lines, rates) with its expected fields written by hand too; `check`
 * recomputes the breakdown from the lines and refuses an invoice whose hand-written figures disagree.
 * Amounts are integer cents; the generator is build-time only.
 */

// ---- tax numbers with valid check characters ----
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** A DNI: 8 digits and its letter. */
export const dni = (digits: string) => `${digits}${DNI_LETTERS[Number(digits) % 23]}`;
/** An NIE: X/Y/Z, 7 digits and the letter of the number with X=0, Y=1, Z=2. */
export const nie = (prefix: 'X' | 'Y' | 'Z', digits: string) => `${prefix}${digits}${DNI_LETTERS[Number(`${'XYZ'.indexOf(prefix)}${digits}`) % 23]}`;
/** A CIF: entity letter, 7 digits, control digit (or letter for P, Q, R, S, N, W). */
export function cif(letter: string, digits: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    if (i % 2 === 1) sum += d;
    else { const x = d * 2; sum += Math.floor(x / 10) + (x % 10); }
  }
  const control = (10 - (sum % 10)) % 10;
  return `${letter}${digits}${'PQRSNW'.includes(letter) ? 'JABCDEFGHI'[control] : String(control)}`;
}

// ---- money and dates as printed ----
export interface MoneyStyle { decimal?: ',' | '.'; thousands?: '.' | ',' | ' ' | ''; euro?: 'after' | 'before' | 'none' | 'EUR' }
export function money(cents: number, style: MoneyStyle = {}): string {
  const { decimal = ',', thousands = '.', euro = 'none' } = style;
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  const body = `${negative ? '-' : ''}${whole}${decimal}${String(abs % 100).padStart(2, '0')}`;
  return euro === 'after' ? `${body} €` : euro === 'before' ? `€ ${body}` : euro === 'EUR' ? `${body} EUR` : body;
}
export const plain = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
export const rateText = (rate: number, decimal = ',') => (Number.isInteger(rate) ? String(rate) : String(rate).replace('.', decimal));

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
export type DateStyle = 'dmy/' | 'dmy-' | 'dmy.' | 'dmy2/' | 'words' | 'dmon' | 'iso' | 'DMON' | 'dmy.2';
export function dateText(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-');
  const mi = Number(m) - 1;
  switch (style) {
    case 'dmy/': return `${d}/${m}/${y}`;
    case 'dmy-': return `${d}-${m}-${y}`;
    case 'dmy.': return `${d}.${m}.${y}`;
    case 'dmy.2': return `${d}.${m}.${y.slice(2)}`;
    case 'dmy2/': return `${d}/${m}/${y.slice(2)}`;
    case 'words': return `${Number(d)} de ${MONTHS[mi]} de ${y}`;
    case 'dmon': return `${d}-${MONTHS[mi].slice(0, 3)}-${y}`;
    case 'DMON': return `${d}-${MONTHS[mi].slice(0, 3).toUpperCase()}-${y}`;
    case 'iso': return iso;
  }
}

// ---- amounts in words ("Son: mil doscientos euros con diez céntimos") ----
const UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve'];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];
function below1000(n: number): string {
  if (n === 100) return 'cien';
  const h = Math.floor(n / 100), r = n % 100;
  const rest = r === 0 ? '' : r < 30 ? UNITS[r] : `${TENS[Math.floor(r / 10)]}${r % 10 ? ` y ${UNITS[r % 10]}` : ''}`;
  return [HUNDREDS[h], rest].filter(Boolean).join(' ');
}
export function numberWords(n: number): string {
  if (n === 0) return 'cero';
  const millions = Math.floor(n / 1_000_000), thousands = Math.floor((n % 1_000_000) / 1000), rest = n % 1000;
  const parts: string[] = [];
  if (millions) parts.push(millions === 1 ? 'un millón' : `${below1000(millions).replace(/uno$/, 'un')} millones`);
  if (thousands) parts.push(thousands === 1 ? 'mil' : `${below1000(thousands).replace(/uno$/, 'un')} mil`);
  if (rest) parts.push(below1000(rest));
  return parts.join(' ');
}
export const amountWords = (cents: number) => {
  const euros = Math.floor(cents / 100), c = cents % 100;
  return `${numberWords(euros).replace(/uno$/, 'un')} euros${c ? ` con ${numberWords(c).replace(/uno$/, 'un')} céntimos` : ''}`;
};

// ---- the invoices ----
export interface Party { name: string; taxId: string; lines: string[] }
export interface Item { desc: string; qty: number; price: number; disc?: number; vat: number; ref?: string; unit?: string }
export type Generator = 'chromium' | 'pdfkit' | 'reportlab' | 'groff' | 'enscript';
export interface TaxLine { rate: string; base: string; amount: string }
export interface Expected {
  supplier_name: string; supplier_tax_id: string; invoice_number: string; issue_date: string;
  subtotal: string; total: string; vat: TaxLine[]; surcharge: TaxLine[]; withholding: TaxLine[];
}
export interface Invoice {
  id: string; generator: Generator; family: string; tests: string;
  supplier: Party; customer: Party; number: string; date: string;
  items: Item[];
  /** Prices include VAT (tickets): bases are taken out of each rate's gross sum. */
  inclusive?: boolean;
  /** Recargo de equivalencia on every VAT rate. */
  surcharge?: boolean;
  /** IRPF withheld on the whole base. */
  irpf?: number;
  expected: Expected;
  /** Images made from the PDF: a scan (rendered, rotated, low contrast, noise, JPEG) and/or a phone photo. */
  scan?: { dpi: number; degrees: number; contrast: number; quality: number; noise: number; asPdf?: boolean };
  photo?: boolean;
}

export const SURCHARGE: Record<number, number> = { 21: 5.2, 10: 1.4, 4: 0.5, 0: 0 };
/** A line's net in cents: quantity × unit price less its discount, rounded half up. */
export const lineNet = (item: Item) => Math.round(Math.round(item.qty * item.price * 100 * 1000) / 1000 * (1 - (item.disc ?? 0) / 100));
export const lineGross = (item: Item) => Math.round(Math.round(item.qty * item.price * 100 * 1000) / 1000);
const pct = (base: number, rate: number) => Math.round((base * rate) / 100);

export interface Breakdown {
  gross: number; discount: number; subtotal: number; total: number;
  vat: { rate: number; base: number; amount: number }[];
  surcharge: { rate: number; base: number; amount: number }[];
  withholding: { rate: number; base: number; amount: number }[];
}
export function breakdown(inv: Invoice): Breakdown {
  const rates = [...new Set(inv.items.map((i) => i.vat))].sort((a, b) => b - a);
  const vat = rates.map((rate) => {
    const items = inv.items.filter((i) => i.vat === rate);
    if (inv.inclusive) {
      const gross = items.reduce((s, i) => s + lineNet(i), 0);
      const base = Math.round((gross * 100) / (100 + rate));
      return { rate, base, amount: gross - base };
    }
    const base = items.reduce((s, i) => s + lineNet(i), 0);
    return { rate, base, amount: pct(base, rate) };
  });
  const surcharge = inv.surcharge ? vat.filter((v) => v.rate > 0).map((v) => ({ rate: SURCHARGE[v.rate], base: v.base, amount: pct(v.base, SURCHARGE[v.rate]) })) : [];
  const subtotal = vat.reduce((s, v) => s + v.base, 0);
  const withholding = inv.irpf ? [{ rate: inv.irpf, base: subtotal, amount: pct(subtotal, inv.irpf) }] : [];
  const total = subtotal + vat.reduce((s, v) => s + v.amount, 0) + surcharge.reduce((s, v) => s + v.amount, 0) - withholding.reduce((s, v) => s + v.amount, 0);
  const gross = inv.items.reduce((s, i) => s + lineGross(i), 0);
  return { gross, discount: gross - inv.items.reduce((s, i) => s + lineNet(i), 0), subtotal, total, vat, surcharge, withholding };
}

const taxLines = (lines: { rate: number; base: number; amount: number }[]): TaxLine[] => lines.map((l) => ({ rate: l.rate.toFixed(2), base: plain(l.base), amount: plain(l.amount) }));
/** The hand-written expectation against the lines' arithmetic: a list of disagreements (empty when right). */
export function check(inv: Invoice): string[] {
  const b = breakdown(inv);
  const computed = { subtotal: plain(b.subtotal), total: plain(b.total), vat: taxLines(b.vat), surcharge: taxLines(b.surcharge), withholding: taxLines(b.withholding) };
  const e = inv.expected;
  const problems: string[] = [];
  for (const key of ['subtotal', 'total'] as const) if (computed[key] !== e[key]) problems.push(`${inv.id}: ${key} written ${e[key]}, lines give ${computed[key]}`);
  for (const key of ['vat', 'surcharge', 'withholding'] as const) {
    if (JSON.stringify(computed[key]) !== JSON.stringify(e[key])) problems.push(`${inv.id}: ${key} written ${JSON.stringify(e[key])}, lines give ${JSON.stringify(computed[key])}`);
  }
  if (e.invoice_number !== inv.number) problems.push(`${inv.id}: number`);
  if (e.issue_date !== inv.date) problems.push(`${inv.id}: date`);
  if (e.supplier_tax_id !== inv.supplier.taxId) problems.push(`${inv.id}: supplier tax id written ${e.supplier_tax_id}, printed ${inv.supplier.taxId}`);
  return problems;
}
