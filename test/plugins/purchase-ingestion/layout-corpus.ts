/**
 * The independent evaluation corpus (test/fixtures/purchase-layouts/, made by
 * infra/purchase-layouts/): thirty invoice layouts from five generators, each with its hand-written
 * expected fields, as text PDFs, and a subset as scans and phone photos. This module loads the
 * labels and scores what the extractor reads from each file, field by field, the way an ingestion
 * reads it: the reader (text layer, or OCR of the image), then the field extraction with the
 * receiving company's own tax ids.
 *
 * Fields scored: supplier name, supplier tax id, invoice number, issue date, subtotal, total, and
 * each expected VAT, recargo and IRPF line (rate, base and amount all right); a tax line read that
 * the invoice does not have counts as one more field, wrong.
 *
 * The same labels and scoring serve the held-out corpus (HELDOUT_DIR, made by
 * infra/purchase-layouts-heldout/): pass its directory to loadLayouts and measureLayouts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractPurchase, type Extraction, type TaxAmountLine } from '../../../plugins/purchase-ingestion/extract';
import type { ReadResult } from '../../../plugins/purchase-ingestion/reader';

export const LAYOUTS_DIR = join(import.meta.dir, '..', '..', 'fixtures', 'purchase-layouts');
/** The held-out corpus (infra/purchase-layouts-heldout/), kept for measuring: never tune the extractor on it. */
export const HELDOUT_DIR = join(import.meta.dir, '..', '..', 'fixtures', 'purchase-layouts-heldout');

interface TaxLine { rate: string; base: string; amount: string }
export interface LayoutLabel {
  id: string; generator: string; family: string; tests: string; own_tax_ids: string[];
  expected: { supplier_name: string; supplier_tax_id: string; invoice_number: string; issue_date: string; subtotal: string; total: string; vat: TaxLine[]; surcharge: TaxLine[]; withholding: TaxLine[] };
  /** The file names of the scan (JPEG, or an image-only PDF) and of the phone photo, when made. */
  scan: string | null; photo: string | null;
  /** How the invoice rounds its VAT (per line or per base), where the label says. */
  rounding?: string;
}
export type Variant = 'text' | 'scan' | 'photo';

export function loadLayouts(dir = LAYOUTS_DIR): LayoutLabel[] {
  return readdirSync(dir).filter((n) => n.endsWith('.json')).sort().map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as LayoutLabel);
}
export function fileOf(label: LayoutLabel, variant: Variant, dir = LAYOUTS_DIR): Buffer | null {
  const name = variant === 'text' ? `${label.id}.pdf` : variant === 'scan' ? label.scan : label.photo;
  return name ? readFileSync(join(dir, name)) : null;
}

export interface Miss { layout: string; variant: Variant; field: string; expected: string; got: string }
export interface Score { right: number; all: number; misses: Miss[]; byField: Record<string, { right: number; all: number }>; sources: string[] }

const cents = (value: string | null | undefined): number | null => {
  if (value == null || !/^-?\d+(\.\d+)?$/.test(value)) return null;
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const c = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return value.startsWith('-') ? -c : c;
};
const sameAmount = (a: string | null | undefined, b: string | null | undefined) => cents(a) !== null && cents(a) === cents(b);
/** Case, spacing and punctuation aside ("S.L." = "SL"), letters must match, accents included. */
const nameKey = (s: string | null) => (s ?? '').toLowerCase().replace(/[.,·]/g, '').replace(/\s+/g, ' ').trim();
/** A Spanish VAT number "ESB12345674" is the NIF B12345674; hyphens, dots and spaces aside. */
const taxKey = (s: string | null) => { const k = (s ?? '').toUpperCase().replace(/[^0-9A-Z]/g, ''); return /^ES[0-9A-Z]{9}$/.test(k) ? k.slice(2) : k; };
const lineText = (l: { rate: string; base: string; amount: string }) => `${l.rate}% of ${l.base} = ${l.amount}`;

export function scoreExtraction(label: LayoutLabel, variant: Variant, x: Extraction, into: Score) {
  const e = label.expected;
  const tally = (field: string, ok: boolean, expected: string, got: string) => {
    const family = field.replace(/ .*/, '');
    into.byField[family] ??= { right: 0, all: 0 };
    into.byField[family].all++; into.all++;
    if (ok) { into.byField[family].right++; into.right++; } else into.misses.push({ layout: label.id, variant, field, expected, got });
  };
  tally('supplier_name', nameKey(x.supplier_name.value) === nameKey(e.supplier_name), e.supplier_name, x.supplier_name.value ?? '—');
  tally('supplier_tax_id', taxKey(x.supplier_tax_id.value) === taxKey(e.supplier_tax_id), e.supplier_tax_id, x.supplier_tax_id.value ?? '—');
  tally('invoice_number', (x.invoice_number.value ?? '').trim() === e.invoice_number, e.invoice_number, x.invoice_number.value ?? '—');
  tally('issue_date', x.issue_date.value === e.issue_date, e.issue_date, x.issue_date.value ?? '—');
  tally('subtotal', sameAmount(x.subtotal.value, e.subtotal), e.subtotal, x.subtotal.value ?? '—');
  tally('total', sameAmount(x.total.value, e.total), e.total, x.total.value ?? '—');
  for (const kind of ['vat', 'surcharge', 'withholding'] as const) {
    const got: TaxAmountLine[] = [...x[kind]];
    for (const line of e[kind]) {
      const match = got.findIndex((g) => sameAmount(g.rate, line.rate) && sameAmount(g.base, line.base) && sameAmount(g.amount, line.amount));
      const sameRate = got.find((g) => sameAmount(g.rate, line.rate));
      tally(`${kind} ${line.rate}%`, match >= 0, lineText(line), match >= 0 ? lineText(got[match]) : sameRate ? lineText(sameRate) : '—');
      if (match >= 0) got.splice(match, 1); else if (sameRate) got.splice(got.indexOf(sameRate), 1);
    }
    for (const extra of got) tally(`${kind} ${extra.rate}% (not on the invoice)`, false, '—', lineText(extra));
  }
}

export const emptyScore = (): Score => ({ right: 0, all: 0, misses: [], byField: {}, sources: [] });

/** Reads each label's file of `variant` (in `dir`) with `read` (the reader as the ingestion calls it) and scores the extraction. */
export async function measureLayouts(labels: LayoutLabel[], variant: Variant, read: (bytes: Buffer) => Promise<ReadResult>, dir = LAYOUTS_DIR): Promise<Score> {
  const score = emptyScore();
  for (const label of labels) {
    const bytes = fileOf(label, variant, dir);
    if (!bytes) continue;
    const result = await read(bytes);
    score.sources.push(...result.pages.map((p) => p.source));
    scoreExtraction(label, variant, extractPurchase(result.pages, label.own_tax_ids), score);
  }
  return score;
}

/** A Spanish tax number's check character, computed here on its own (not by either corpus's generator). */
export function validSpanishTaxId(id: string): boolean {
  const letters = 'TRWAGMYFPDXBNJZSQVHLCKE';
  if (/^\d{8}[A-Z]$/.test(id)) return letters[Number(id.slice(0, 8)) % 23] === id[8];
  if (/^[XYZ]\d{7}[A-Z]$/.test(id)) return letters[Number(`${'XYZ'.indexOf(id[0])}${id.slice(1, 8)}`) % 23] === id[8];
  const m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!m) return false;
  const digits = m[2].split('').map(Number);
  const odd = digits.filter((_, i) => i % 2 === 0).map((d) => { const x = d * 2; return x > 9 ? x - 9 : x; });
  const sum = odd.reduce((s, d) => s + d, 0) + digits.filter((_, i) => i % 2 === 1).reduce((s, d) => s + d, 0);
  const control = (10 - (sum % 10)) % 10;
  return m[3] === String(control) || m[3] === 'JABCDEFGHI'[control];
}

export const percent = (s: { right: number; all: number }) => (s.all ? (s.right / s.all) * 100 : 0);
export function describeScore(title: string, s: Score): string {
  const fields = Object.entries(s.byField).map(([f, v]) => `  ${f}: ${v.right}/${v.all}`).join('\n');
  const misses = s.misses.map((m) => `  ${m.layout} (${m.variant}) · ${m.field} · ${m.expected} · ${m.got}`).join('\n');
  return `${title}: ${s.right}/${s.all} fields right (${percent(s).toFixed(1)}%)\n${fields}${misses ? `\n misses (layout · field · expected · got):\n${misses}` : ''}`;
}
