/**
 * The labelled corpus (./corpus.ts) as files under test/fixtures/purchases/: for each invoice its
 * label (`<id>.json`: family, printed lines, expected fields), a text-layer PDF (`<id>.pdf`) and a
 * scanned image (`<id>.jpg`). `corpusFiles` makes them (the generator writes them, a test compares),
 * `loadCorpus` reads them (the accuracy tests and the benchmark).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS, type Sample } from './corpus';
import { photoJpeg, textPdf, type Degradation } from './fixtures';

export const CORPUS_DIR = join(import.meta.dir, '..', '..', 'fixtures', 'purchases');

/** How each scan is degraded: its own noise, turned by 0.8° to 1.5° either way. */
const TURNS = [1.5, -1.2, 0.8, -1.5, 1.0];
const degradationOf = (sample: Sample): Degradation => {
  const index = CORPUS.indexOf(sample);
  return { seed: index + 1, degrees: TURNS[index % TURNS.length], quality: 60 };
};

export const labelJson = ({ id, family, lines, expected }: Sample) => `${JSON.stringify({ id, family, lines, expected }, null, 2)}\n`;

/** The text-layer PDF: the printed lines in Helvetica (no font subsetting: small, and the same bytes every time). */
export const corpusPdf = (sample: Sample) => textPdf(sample.lines, { standardFont: true });

export async function corpusFiles(sample: Sample): Promise<Record<string, string | Buffer>> {
  return {
    [`${sample.id}.json`]: labelJson(sample),
    [`${sample.id}.pdf`]: await corpusPdf(sample),
    [`${sample.id}.jpg`]: await photoJpeg(sample.lines, degradationOf(sample)),
  };
}

export interface CorpusEntry extends Sample { pdf: () => Buffer; jpeg: () => Buffer }

/** Every labelled invoice on disk, in the order of its files' names. */
export function loadCorpus(): CorpusEntry[] {
  return readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.json')).sort().map((name) => {
    const sample = JSON.parse(readFileSync(join(CORPUS_DIR, name), 'utf8')) as Sample;
    return { ...sample, pdf: () => readFileSync(join(CORPUS_DIR, `${sample.id}.pdf`)), jpeg: () => readFileSync(join(CORPUS_DIR, `${sample.id}.jpg`)) };
  });
}
