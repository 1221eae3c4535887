/**
 * Field-level accuracy on the independent layout corpus (test/fixtures/purchase-layouts/, made by
 * infra/purchase-layouts/ without looking at the extraction code): 30 layouts from five generators
 * as text PDFs, and the scans and phone photos of a subset read by real OCR, through the reader
 * and the field extraction the ingestion uses. The targets are 98 % on text PDFs and 92 %
 * on scans and photos; the thresholds below are those targets, the figures measured a few fields
 * above them.
 * `bench/extraction-accuracy.ts` prints every miss.
 *
 * No database is involved, so the test runs in one database pass of the suite only (PostgreSQL, the
 * shorter pass: the OCR of the other corpus runs in the PGlite pass) and is skipped in the other:
 * the figures cannot differ between them.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { OcrPool } from '../../../plugins/purchase-ingestion/ocr-pool';
import { readDocument } from '../../../plugins/purchase-ingestion/reader';
import { defaultReadLimits } from '../../../plugins/purchase-ingestion/settings';
import { backend } from '../../support/database';
import { describeScore, emptyScore, LAYOUTS_DIR, loadLayouts, measureLayouts, percent, validSpanishTaxId } from './layout-corpus';

/**
 * Thresholds: the figures measured on 2026-11-27 after the page images were prepared for OCR (the
 * sheet cut out of a photo, rules erased, levelled, small text enlarged) and OCR's misreadings undone
 * in the fields (text 233/235 = 99.1 %, scans and photos 153/161 = 95.0 %; before this work 96.6 %
 * and 64.2 %, at first 70.2 % and 55.6 %), less a few fields for OCR's variation between machines.
 */
const TEXT_THRESHOLD = 0.98;
const SCAN_THRESHOLD = 0.92;

const LAYOUTS = loadLayouts();
const pool = new OcrPool({ workers: 1, queue: 0, retryAfterSeconds: 1 });
afterAll(() => pool.close());
const LIMITS = { ...defaultReadLimits(), pageTimeoutMs: 120_000 };
const read = (bytes: Buffer) => readDocument(bytes, LIMITS, pool);

describe.skipIf(backend === 'pglite')('the independent layout corpus (one database pass only: no database involved)', () => {
  test('at least 30 layouts from five generators, 12 scans and 3 photos, every file small, every supplier tax id with a valid check character', () => {
    expect(LAYOUTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(LAYOUTS.map((l) => l.generator)).size).toBe(5);
    expect(LAYOUTS.filter((l) => l.scan).length).toBeGreaterThanOrEqual(12);
    expect(LAYOUTS.filter((l) => l.photo).length).toBeGreaterThanOrEqual(3);
    for (const l of LAYOUTS) {
      for (const name of [`${l.id}.pdf`, l.scan, l.photo].filter((n): n is string => !!n)) {
        expect(existsSync(join(LAYOUTS_DIR, name))).toBe(true);
        expect(statSync(join(LAYOUTS_DIR, name)).size).toBeLessThan(200 * 1024);
      }
      expect([l.id, validSpanishTaxId(l.expected.supplier_tax_id)]).toEqual([l.id, true]);
      for (const own of l.own_tax_ids) expect([l.id, validSpanishTaxId(own)]).toEqual([l.id, true]);
    }
  });

  test(`${LAYOUTS.length} layouts as text PDFs: field-level accuracy at least ${TEXT_THRESHOLD * 100}% (target 98%)`, async () => {
    const score = await measureLayouts(LAYOUTS, 'text', read);
    console.log(describeScore('layout corpus, text PDFs', score));
    expect(score.sources.every((s) => s === 'text_layer')).toBe(true);
    expect(score.right / score.all).toBeGreaterThanOrEqual(TEXT_THRESHOLD);
  }, 600_000);

  test(`scans and phone photos read by OCR: field-level accuracy at least ${SCAN_THRESHOLD * 100}% (target 92%)`, async () => {
    const scans = await measureLayouts(LAYOUTS, 'scan', read);
    const photos = await measureLayouts(LAYOUTS, 'photo', read);
    console.log(describeScore('layout corpus, scans', scans));
    console.log(describeScore('layout corpus, phone photos', photos));
    const both = { ...emptyScore(), right: scans.right + photos.right, all: scans.all + photos.all };
    console.log(`scans and photos: ${both.right}/${both.all} (${percent(both).toFixed(1)}%)`);
    expect([...scans.sources, ...photos.sources].every((s) => s === 'ocr')).toBe(true);
    expect(both.right / both.all).toBeGreaterThanOrEqual(SCAN_THRESHOLD);
  }, 900_000);
});
