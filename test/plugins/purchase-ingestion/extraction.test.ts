/**
 * Field-level accuracy of the reader on the labelled corpus (test/fixtures/purchases/) as text-layer
 * PDFs (read by pdfjs-dist, no OCR); the corpus files are what its generator makes; the parsers of
 * amounts, dates and tax numbers, and the page time budget.
 * No database: these are the plugin's pure parts and its PDF reader. The corpus (one decoding
 * process per file, the file's heaviest part) is read in one database pass of the suite only
 * (PGlite, the shorter one): its figure cannot differ between them.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { amountsIn } from '../../../plugins/purchase-ingestion/amounts';
import { datesIn } from '../../../plugins/purchase-ingestion/dates';
import { cleanSupplierName, extractPurchase } from '../../../plugins/purchase-ingestion/extract';
import { OcrPool } from '../../../plugins/purchase-ingestion/ocr-pool';
import { readDocument } from '../../../plugins/purchase-ingestion/reader';
import { defaultReadLimits } from '../../../plugins/purchase-ingestion/settings';
import { taxIdsIn } from '../../../plugins/purchase-ingestion/tax-ids';
import { CORPUS, describeAccuracy, FAMILIES, measureAccuracy, OWN_TAX_ID } from './corpus';
import { CORPUS_DIR, corpusPdf, labelJson, loadCorpus } from './corpus-files';
import { scannedPdf } from './fixtures';
import { backend } from '../../support/database';

const pool = new OcrPool({ workers: 1, queue: 0, retryAfterSeconds: 1 });
afterAll(() => pool.close());
const LIMITS = defaultReadLimits();

describe.skipIf(backend === 'postgres')('the labelled corpus as text-layer PDFs (one database pass only: no database involved)', () => {
  test(`${CORPUS.length} invoices in ${FAMILIES.length} layout families: field-level accuracy at least 95%, and the totals cross-check`, async () => {
    const files = loadCorpus();
    const result = await measureAccuracy(files, async (entry) => readDocument(entry.pdf(), LIMITS, pool));
    console.log(describeAccuracy('text-layer corpus', result));
    expect(result.sources).toEqual(files.map(() => 'text_layer'));
    expect(result.accuracy).toBeGreaterThanOrEqual(0.95);
    expect(files.length).toBeGreaterThanOrEqual(40);
    expect(new Set(files.map((f) => f.family)).size).toBeGreaterThanOrEqual(8);
  }, 180_000); // each file is decoded in its own process (~0.5 s of CPU to start pdfjs-dist)

  test('the files under test/fixtures/purchases/ are what the generator makes: every label (expected JSON) and text PDF the same, a scan for each, nothing else', async () => {
    const onDisk = readdirSync(CORPUS_DIR).filter((name) => /\.(json|pdf|jpg)$/.test(name)).sort();
    expect(onDisk).toEqual(CORPUS.flatMap((s) => [`${s.id}.jpg`, `${s.id}.json`, `${s.id}.pdf`]).sort());
    for (const sample of CORPUS) {
      expect(readFileSync(join(CORPUS_DIR, `${sample.id}.json`), 'utf8')).toBe(labelJson(sample));
      expect(readFileSync(join(CORPUS_DIR, `${sample.id}.pdf`)).equals(await corpusPdf(sample))).toBe(true);
    }
  });
});

describe('loading pdfjs-dist', () => {
  test("leaves the runtime's navigator in place: os.availableParallelism() still answers (the kernel sizes its statement pool with it)", () => {
    expect(availableParallelism()).toBeGreaterThan(0);
  });
});

describe('parsers', () => {
  test('Spanish and point-decimal amounts; percentages are not amounts', () => {
    expect(amountsIn('Base 1.234.567,89 IVA 21% 259,26 total 1493.82, -12,00 and 12').map(String)).toEqual(['1234567.89', '259.26', '1493.82', '-12.00']);
  });
  test('dates day first, in numbers and in words; impossible dates are not dates', () => {
    expect(datesIn('15/03/2026 · 5-4-26 · 01.12.2026 · 2026-07-09 · 3 de agosto de 2026 · 31/02/2026 · 7 sept 2026'))
      .toEqual(['2026-03-15', '2026-04-05', '2026-12-01', '2026-07-09', '2026-08-03', '2026-09-07']);
  });
  test('tax numbers are checksum-validated, however they are printed', () => {
    expect(taxIdsIn('CIF: B-12.345.674 · NIF ES A58818501 · A12345678 · VAT DE136695976 · DE123456789').map((t) => [t.value, t.valid]))
      .toEqual([['B12345674', true], ['A58818501', true], ['A12345678', false], ['DE136695976', true], ['DE123456789', false]]);
  });
  test('a Spanish tax number misread by OCR after its label is repaired when one reading with the fewest replacements passes the checksum; words and phone numbers are not tax numbers', () => {
    const read = (text: string) => taxIdsIn(text).map((t) => [t.value, t.valid, !!t.repaired]);
    expect(read('NIF 123456787')).toEqual([['12345678Z', true, true]]);
    expect(read('N.L.F.: 886561412')).toEqual([['B86561412', true, true]]);
    expect(read('C.LF. A58818501')).toEqual([['A58818501', true, false]]);
    expect(read('NIF: 963123456 · Tel. 961 234 567')).toEqual([]);
    expect(read('886561412')).toEqual([]);
    expect(read('RECARGO DE EQUIVALENCIA 5,2%')).toEqual([]);
  });

  // what tesseract.js read from scans of the corpus (test/fixtures/purchases/professional-0.jpg, words-3.jpg)
  const ocrPage = (text: string) => [{ page: 1, source: 'ocr' as const, text, confidence: 0.9 }];
  test("OCR misreadings: the professional's NIF with its letter read as a digit, the middle dot read as a dash, \"I.V.A.\" read as \"LV.A.\"", () => {
    const professional = extractPurchase(ocrPage('Abogada - Laura Gómez Ruiz\nNIF 123456787\n\nCliente: Compradora Test SL\nNIF: B12345674\n\nMinuta / Factura n° 1/2026\nFecha: 03/01/2026\nHonorarios profesionales 137,50\nBase imponible 137,50\n\nIVA 21% 28,88\n\nRetención IRPF 15% -20,63\nTOTAL 145,75'), [OWN_TAX_ID]);
    expect([professional.supplier_tax_id.value, professional.supplier_name.value]).toEqual(['12345678Z', 'Abogada · Laura Gómez Ruiz']);
    expect(professional.supplier_tax_id.confidence).toBeLessThan(extractPurchase([{ ...ocrPage('NIF 12345678Z')[0] }], []).supplier_tax_id.confidence);
    const words = extractPurchase(ocrPage('Limpiezas Norte S.L.U.\n\nN.L.F.: 886561412\n\nCliente: Compradora Test SL\nNIF: B12345674\n\nValencia, 18 de octubre de 2026\nFra. n° 2026-73\n\nLibros de texto\n\nBase imponible: 3.840,61\n\nLV.A. 4%: 153,62\n\nImporte total: 3.994,23'), [OWN_TAX_ID]);
    expect(words.supplier_tax_id.value).toBe('B86561412');
    expect(words.vat.map((l) => [l.rate, l.base, l.amount])).toEqual([['4.00', '3840.61', '153.62']]);
    expect(words.cross_check.passed).toBe(true);
  });

  test("a supplier's name loses the stray marks OCR leaves after it; a text layer's separators stay as printed", () => {
    expect(cleanSupplierName('Limpiezas Norte S.L.U,', 'ocr')).toBe('Limpiezas Norte S.L.U.');
    expect(cleanSupplierName('Transportes Ebro SL +', 'ocr')).toBe('Transportes Ebro SL');
    expect(cleanSupplierName('Abogada : Laura Gómez Ruiz', 'ocr')).toBe('Abogada · Laura Gómez Ruiz');
    expect(cleanSupplierName('Talleres Pérez - Hermanos S.L.', 'text_layer')).toBe('Talleres Pérez - Hermanos S.L.');
    const read = extractPurchase(ocrPage('Transportes Ebro SL +\nCIF A28017895'), [OWN_TAX_ID]);
    expect(read.supplier_name.value).toBe('Transportes Ebro SL');
  });

  test("the company's own number is never the supplier's; a failed cross-check lowers the amounts' confidence", () => {
    const page = (text: string) => [{ page: 1, source: 'text_layer' as const, text, confidence: 1 }];
    const read = extractPurchase(page(`Cliente: Nosotros SL ${OWN_TAX_ID}\nProveedor Uno SL\nCIF A58818501\nBase imponible 100,00\nIVA 21% 21,00\nTOTAL 125,00`), [OWN_TAX_ID]);
    expect(read.supplier_tax_id.value).toBe('A58818501');
    expect(read.cross_check).toEqual({ passed: false, computed_total: '121.00' });
    expect(read.total.confidence).toBeLessThan(0.5);
  });
});

describe('the time budget of a page', () => {
  test('a scanned page over its budget is reported unread, without starting an OCR worker', async () => {
    const read = await readDocument(await scannedPdf(['Una factura escaneada S.L.']), { ...LIMITS, pageTimeoutMs: 1 }, pool);
    expect(read.pages).toEqual([]);
    expect(read.report).toEqual([{ page: 1, source: 'unread', characters: 0, confidence: 0, note: 'time budget exceeded' }]);
  });
});
