import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RecognizeOptions, Worker } from 'tesseract.js';
import { ServiceUnavailable } from '../../kernel/errors';
import { rowsOf, type OcrLineBox } from './ocr-rows';

const require = createRequire(import.meta.url);
const LANGUAGES = ['spa', 'eng'] as const;

export interface OcrResult { text: string; confidence: number }
export interface OcrPoolOptions { workers: number; queue: number; retryAfterSeconds: number }

/** A page read with a confidence under this is read again turned half round, in case it was fed upside down. */
const UPSIDE_DOWN_SUSPECT = 0.56;
/** The half-turned reading replaces the first when it is this much more confident. */
const UPSIDE_DOWN_MARGIN = 0.15;

/** A page took longer than its time budget: its worker was terminated and the page is unread. */
export class OcrTimeout extends Error {}

/**
 * Told when a page has taken a worker, before it is recognised; recognition waits for the promise it
 * returns. Nothing listens in production; a test holds a page there to observe the pool saturated.
 */
export type PageStartListener = (state: { busy: number; waiting: number }) => Promise<void> | void;

const LANG_DIR_PREFIX = 'cuadra-tessdata-';

const processGone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists, under another user
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
};

/**
 * Removes the language directories of processes that no longer run (killed before `close()`): each
 * is named after its process (`cuadra-tessdata-<pid>-…`). A directory without a pid in its name, or
 * of a process still running, is left alone.
 */
function removeStaleLanguageDirectories(): void {
  const pidOf = new RegExp(`^${LANG_DIR_PREFIX}(\\d+)-`);
  for (const name of readdirSync(tmpdir())) {
    const pid = pidOf.exec(name)?.[1];
    if (!pid || Number(pid) === process.pid || !processGone(Number(pid))) continue;
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/**
 * The language data comes from the @tesseract.js-data packages (the LSTM "best_int" models, the
 * smallest), copied once into one directory because tesseract.js reads every language from one
 * `langPath`. The WebAssembly core and the worker script are resolved by tesseract.js from
 * node_modules in Node and Bun, so recognising a page never touches the network.
 */
function languageDirectory(): string {
  removeStaleLanguageDirectories();
  const dir = mkdtempSync(join(tmpdir(), `${LANG_DIR_PREFIX}${process.pid}-`));
  for (const code of LANGUAGES) {
    const packageDir = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
    copyFileSync(join(packageDir, '4.0.0_best_int', `${code}.traineddata.gz`), join(dir, `${code}.traineddata.gz`));
  }
  return dir;
}

/**
 * A worker reading Spanish and English with the LSTM models, segmenting each page automatically into
 * its blocks (Tesseract's library default, as tesseract.js leaves it, reads a page as one uniform
 * block); its lines are put back into printed rows by ocr-rows.ts.
 */
async function createOcrWorker(langPath: string): Promise<Worker> {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const worker = await createWorker([...LANGUAGES], OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
  try {
    await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
  } catch (error) {
    await worker.terminate().catch(() => undefined);
    throw error;
  }
  return worker;
}

/**
 * tesseract.js workers (one WebAssembly instance on its own thread each), created on first use and
 * reused; at most `workers` pages are recognised at once and at most `queue` more wait. Past that
 * the caller gets 503 with Retry-After at once instead of a request that waits without bound.
 */
export class OcrPool {
  private idle: Worker[] = [];
  private live = 0;
  private waiting: ((worker: Worker | null) => void)[] = [];
  private langDir: string | null = null;
  private closed = false;
  private readonly pageStartListeners = new Set<PageStartListener>();

  constructor(private readonly options: OcrPoolOptions) {}

  /** Whether a page could start or wait now (checked before the work that leads to OCR). */
  saturated(): boolean {
    return this.idle.length === 0 && this.live >= this.options.workers && this.waiting.length >= this.options.queue;
  }

  /** Adds a listener (see PageStartListener); returns the function that removes it. */
  onPageStart(listener: PageStartListener): () => void {
    this.pageStartListeners.add(listener);
    return () => this.pageStartListeners.delete(listener);
  }

  assertAccepting(): void {
    if (this.saturated() || this.closed) {
      throw new ServiceUnavailable('Every OCR worker is busy; retry the upload shortly', this.options.retryAfterSeconds);
    }
  }

  /** Recognises one page image, or throws OcrTimeout at `deadline` (epoch milliseconds). */
  async recognize(image: Buffer, deadline: number): Promise<OcrResult> {
    if (Date.now() >= deadline) throw new OcrTimeout();
    const worker = await this.acquire();
    if (this.pageStartListeners.size) {
      const state = { busy: this.live - this.idle.length, waiting: this.waiting.length };
      try {
        await Promise.all([...this.pageStartListeners].map((listener) => listener(state)));
      } catch (error) {
        this.release(worker);
        throw error;
      }
    }
    const timeoutMs = deadline - Date.now();
    if (timeoutMs <= 0) {
      this.release(worker);
      throw new OcrTimeout();
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new OcrTimeout()), timeoutMs); });
    const read = async (options: Partial<RecognizeOptions>) => (await Promise.race([worker.recognize(image, options, { text: true, blocks: true }), expired])).data;
    try {
      let page = await read({});
      // a page fed upside down reads as a page of low confidence (measured 0.48 and 0.52), and turned
      // half round as a clear one (0.91, 0.87); a poor but upright page reads worse turned (0.52–0.69
      // upright, 0.36–0.51 turned). Read again turned only under UPSIDE_DOWN_SUSPECT: under 0.7 it
      // was a third of a corpus's pages, and their OCR time half as much again
      if (page.confidence / 100 < UPSIDE_DOWN_SUSPECT) {
        const turned = await read({ rotateRadians: Math.PI });
        if (turned.confidence / 100 > page.confidence / 100 + UPSIDE_DOWN_MARGIN) page = turned;
      }
      const lines: OcrLineBox[] = (page.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.map((line) => ({ text: line.text, ...line.bbox }))));
      const result = { text: page.blocks ? rowsOf(lines) : page.text, confidence: Math.max(0, Math.min(100, page.confidence)) / 100 };
      this.release(worker);
      return result;
    } catch (error) {
      // a worker that timed out (or failed) may be mid-page: end it, a new one takes its place
      this.discard(worker);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake(null);
    const idle = this.idle.splice(0);
    this.live -= idle.length;
    await Promise.allSettled(idle.map((w) => w.terminate()));
    if (this.langDir) rmSync(this.langDir, { recursive: true, force: true });
  }

  private async acquire(): Promise<Worker> {
    this.assertAccepting();
    const ready = this.idle.pop();
    if (ready) return ready;
    if (this.live < this.options.workers) {
      this.live++;
      try {
        this.langDir ??= languageDirectory();
        return await createOcrWorker(this.langDir);
      } catch (error) {
        this.live--;
        throw error;
      }
    }
    const worker = await new Promise<Worker | null>((resolve) => this.waiting.push(resolve));
    if (!worker) throw new ServiceUnavailable('The OCR service is stopping', this.options.retryAfterSeconds);
    return worker;
  }

  private release(worker: Worker): void {
    const next = this.waiting.shift();
    if (next) next(worker);
    else if (this.closed) { this.live--; void worker.terminate(); }
    else this.idle.push(worker);
  }

  private discard(worker: Worker): void {
    this.live--;
    void worker.terminate().catch(() => undefined);
    const next = this.waiting.shift();
    if (next) void this.acquireFresh().then(next, () => next(null));
  }

  private async acquireFresh(): Promise<Worker> {
    this.live++;
    try {
      return await createOcrWorker(this.langDir!);
    } catch (error) {
      this.live--;
      throw error;
    }
  }
}
