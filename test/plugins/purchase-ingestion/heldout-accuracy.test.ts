/**
 * Field-level accuracy on the held-out layout corpus (test/fixtures/purchase-layouts-heldout/, made
 * by infra/purchase-layouts-heldout/ without opening the extractor or the first corpus's templates):
 * 33 layouts from six generators none of which made the first corpus (wkhtmltopdf, WeasyPrint,
 * pdflatex, LibreOffice Writer and Calc, PostScript through Ghostscript), as text PDFs, and 17 scans
 * (3 of them multi-page image PDFs) and 5 phone photos made by a degradation of its own, read by real
 * OCR through the reader and the field extraction the ingestion uses.
 *
 * The first corpus's figures flatter the extractor, which was tuned on it. This one was made to be
 * measured on first contact; the extractor has since been fixed for the classes of miss it showed
 * (never for one file's text: each fix has a hand-written case in outside-layouts.test.ts), so its
 * figures below are labelled first-contact or after-tuning. Read the misses with
 * `bun bench/extraction-accuracy.ts --corpus heldout`.
 *
 * No database is involved, so the test runs in the PostgreSQL pass only and is skipped in the other.
 * Duration: 779 s at first (2026-11-27, load 6–10: text PDFs 367 s, OCR of all 22 images, 27 pages,
 * 411 s). The text PDFs' time was not OCR (every page has its text layer) but one decoding child
 * process a file, each loading pdfjs-dist (about a second of CPU) at background priority, starved on a
 * loaded machine: decoded in this process they take ~5 s. OCR runs over a fixed subset (OCR_SUBSET);
 * the file took 81 s at load ~3 on 2026-11-27 (text 6 s, OCR of 8 pages 73 s), 117 s at load ~6, 170 s at load ~9,
 * 98 s at load ~3 after the scan fixes.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { decodeFile } from '../../../plugins/purchase-ingestion/decoder';
import { OcrPool } from '../../../plugins/purchase-ingestion/ocr-pool';
import { readPages, sniff } from '../../../plugins/purchase-ingestion/reader';
import { defaultReadLimits } from '../../../plugins/purchase-ingestion/settings';
import { backend } from '../../support/database';
import { describeScore, emptyScore, HELDOUT_DIR, type LayoutLabel, loadLayouts, measureLayouts, percent, validSpanishTaxId } from './layout-corpus';

/**
 * Thresholds. First contact (2026-11-27, before any change for this corpus): text PDFs 235/285 =
 * 82.5 %; all scans and photos 114/179 = 63.7 %, of which the suite's OCR_SUBSET 49/61 = 80.3 %.
 * After tuning on the held-out corpus's miss classes (a tax line repeated by a totals block counted
 * once, exempt breakdown rows, a "B.IMPONIBLE" title, invoice numbers with a spaced series or under
 * a header with an address between, "FRA. SIMPLIFICADA:", names wrapped at a connective; each with a
 * hand-written case in outside-layouts.test.ts), 2026-11-27: text PDFs 261/262 = 99.6 % (fewer
 * fields: tax lines read that the invoices do not have count as fields, and those are gone); the
 * OCR subset 49/61 = 80.3 %, unchanged (see plugins/purchase-ingestion/README.md for the whole set).
 * After the scans' and photos' miss classes (a scanned page in an image-only PDF with the scanner
 * lid's dark corners cut out, specks read as a letter or two at a line's ends, a dot-matrix form's
 * columnar summary as OCR reads it, a base "4.562.50" in a breakdown row and a VAT rate no tax has
 * read for 4 %), 2026-11-27: the OCR subset 52/61 = 85.2 %; text unchanged; the whole set of scans and
 * photos (bench) 137/174 = 78.7 %.
 * Thresholds are those figures less about a field of margin on text and two on the OCR subset
 * (OCR varies between machines). These figures are no longer first contact: the corpus has now
 * been tuned on, so a fresh measure needs layouts the fixes never saw. The OCR target (92 %) is
 * NOT met.
 */
const TEXT_THRESHOLD = 0.985;
const SCAN_THRESHOLD = 0.81;

const LAYOUTS = loadLayouts(HELDOUT_DIR);
const pool = new OcrPool({ workers: 1, queue: 0, retryAfterSeconds: 1 });
afterAll(() => pool.close());
const LIMITS = { ...defaultReadLimits(), pageTimeoutMs: 120_000 };

/**
 * The reader's decoding and OCR, with the decoding run in this process rather than in a child
 * process a file: the same decodeFile and readPages the ingestion runs, so the same text, without
 * loading pdfjs-dist once per file (about a second of CPU each, and far longer at the child's
 * background priority on a loaded machine). The child process's budgets have tests of their own.
 */
async function read(bytes: Buffer) {
  const decoded = await decodeFile(sniff(bytes)!, bytes, LIMITS);
  if ('refused' in decoded) throw new Error(decoded.refused.detail);
  return readPages({ kind: decoded.kind, pages: decoded.pages, attachments: [] }, pool);
}

/**
 * The images OCR'd in the suite: one single-page scan of each generator (the first by name) and one
 * photo from each of the two generators that made photos, 8 pages of the 27, so the file stays
 * within the suite's time. The whole held-out set of scans and photos is measured by
 * `bun bench/extraction-accuracy.ts --corpus heldout --ocr-only`.
 */
const OCR_SUBSET = ['ods-grid-wholesale', 'odt-plumber', 'ps-dotmatrix-recargo', 'tex-consultant-letter', 'wk-electricity', 'wp-intra-eu', 'ps-cafe-ticket', 'wk-restaurant-ticket'];

/** Exact cents of a label's decimal string (the labels carry two decimals). */
const cents = (value: string) => {
  expect(value).toMatch(/^-?\d+\.\d{2}$/);
  return BigInt(value.replace('.', ''));
};

/** The label's own arithmetic: bases add up to the subtotal, and subtotal + VAT + recargo − IRPF is the total. */
function arithmeticHolds(label: LayoutLabel): boolean {
  const e = label.expected;
  const sum = (lines: { amount: string }[]) => lines.reduce((s, l) => s + cents(l.amount), 0n);
  const bases = e.vat.reduce((s, l) => s + cents(l.base), 0n);
  const taxesRight = [...e.vat, ...e.surcharge, ...e.withholding].every((l) => {
    // an amount is its rate applied to its base, to the cent (half-up), or within a few cents of that when
    // VAT is rounded per line or taken out of prices that include it
    const exact = (cents(l.base) * cents(l.rate) + 5000n) / 10000n;
    const diff = cents(l.amount) - exact;
    return diff >= -3n && diff <= 3n;
  });
  return bases === cents(e.subtotal) && cents(e.subtotal) + sum(e.vat) + sum(e.surcharge) - sum(e.withholding) === cents(e.total) && taxesRight;
}

describe.skipIf(backend === 'pglite')('the held-out layout corpus (one database pass only: no database involved)', () => {
  test('at least 30 layouts from at least four generators, 12 scans and 4 photos, every file small, tax ids valid, the arithmetic right', () => {
    expect(LAYOUTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(LAYOUTS.map((l) => l.generator)).size).toBeGreaterThanOrEqual(4);
    expect(LAYOUTS.filter((l) => l.scan).length).toBeGreaterThanOrEqual(12);
    expect(LAYOUTS.filter((l) => l.photo).length).toBeGreaterThanOrEqual(4);
    for (const l of LAYOUTS) {
      expect(statSync(join(HELDOUT_DIR, `${l.id}.pdf`)).size).toBeLessThan(200 * 1024);
      for (const name of [l.scan, l.photo].filter((n): n is string => !!n)) {
        expect(existsSync(join(HELDOUT_DIR, name))).toBe(true);
        expect(statSync(join(HELDOUT_DIR, name)).size).toBeLessThan(400 * 1024);
      }
      expect([l.id, validSpanishTaxId(l.expected.supplier_tax_id)]).toEqual([l.id, true]);
      for (const own of l.own_tax_ids) expect([l.id, validSpanishTaxId(own)]).toEqual([l.id, true]);
      expect([l.id, arithmeticHolds(l)]).toEqual([l.id, true]);
      expect(l.expected.issue_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test(`${LAYOUTS.length} layouts as text PDFs: field-level accuracy at least ${(TEXT_THRESHOLD * 100).toFixed(1)}% (target 98%)`, async () => {
    const score = await measureLayouts(LAYOUTS, 'text', read, HELDOUT_DIR);
    console.log(describeScore('held-out corpus, text PDFs', score));
    expect(score.sources.every((s) => s === 'text_layer')).toBe(true);
    expect(score.right / score.all).toBeGreaterThanOrEqual(TEXT_THRESHOLD);
  }, 600_000);

  test(`${OCR_SUBSET.length} of the scans and phone photos read by OCR: field-level accuracy at least ${(SCAN_THRESHOLD * 100).toFixed(1)}% (target 92%, not met)`, async () => {
    const subset = LAYOUTS.filter((l) => OCR_SUBSET.includes(l.id));
    expect(subset.length).toBe(OCR_SUBSET.length);
    const scans = await measureLayouts(subset, 'scan', read, HELDOUT_DIR);
    const photos = await measureLayouts(subset, 'photo', read, HELDOUT_DIR);
    console.log(describeScore('held-out corpus, scans', scans));
    console.log(describeScore('held-out corpus, phone photos', photos));
    const both = { ...emptyScore(), right: scans.right + photos.right, all: scans.all + photos.all };
    console.log(`held-out scans and photos: ${both.right}/${both.all} (${percent(both).toFixed(1)}%)`);
    expect([...scans.sources, ...photos.sources].every((s) => s === 'ocr')).toBe(true);
    expect(both.right / both.all).toBeGreaterThanOrEqual(SCAN_THRESHOLD);
  }, 1_800_000); // the OCR subset: 63–98 s on this shared 2-core machine, minutes under heavy load
});
