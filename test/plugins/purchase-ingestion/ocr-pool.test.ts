/**
 * The OCR pool's language directory: a process killed while it held one leaves it behind; the next
 * pool to make its own removes it, and only directories whose process is gone.
 * No database: runs in one database pass of the suite only (PGlite).
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backend } from '../../support/database';

const parent = mkdtempSync(join(tmpdir(), 'cuadra-ocr-pool-test-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/**
 * A process with its temporary directory in `parent` that starts an OCR worker (so its pool makes
 * its language directory) and then either waits to be killed ("hold") or closes the pool and lists
 * what is left in that directory ("close").
 */
const CHILD = `
  import { readdirSync } from 'node:fs';
  import { tmpdir } from 'node:os';
  import { OcrPool } from ${JSON.stringify(join(import.meta.dir, '../../../plugins/purchase-ingestion/ocr-pool'))};
  import sharp from 'sharp';
  const pool = new OcrPool({ workers: 1, queue: 0, retryAfterSeconds: 1 });
  const page = await sharp({ create: { width: 200, height: 60, channels: 3, background: '#ffffff' } }).withMetadata({ density: 300 }).png().toBuffer();
  await pool.recognize(page, Date.now() + 120_000);
  if (process.argv.at(-1) === 'hold') {
    console.log('ready');
    setInterval(() => {}, 1000);
  } else {
    await pool.close();
    console.log(JSON.stringify(readdirSync(tmpdir()).sort()));
  }
`;
const child = (mode: 'hold' | 'close') =>
  Bun.spawn([process.execPath, '-e', CHILD, mode], { cwd: join(import.meta.dir, '../../..'), env: { ...process.env, TMPDIR: parent }, stdout: 'pipe', stderr: 'inherit' });

describe.skipIf(backend === 'postgres')('the language directory of a killed OCR process (one database pass only: no database involved)', () => {
  test("is removed by the next pool to start; a running process's directory and one not named after a process are kept", async () => {
    const killed = child('hold');
    const reader = killed.stdout.getReader();
    let said = '';
    while (!said.includes('ready')) {
      const { value, done } = await reader.read();
      if (done) break;
      said += new TextDecoder().decode(value);
    }
    expect(said).toContain('ready');
    killed.kill('SIGKILL');
    await killed.exited;
    const left = readdirSync(parent);
    expect(left).toEqual([expect.stringMatching(new RegExp(`^cuadra-tessdata-${killed.pid}-`))]);

    const running = `cuadra-tessdata-${process.pid}-abc123`;
    const unnamed = 'cuadra-tessdata-Xy12Zq';
    mkdirSync(join(parent, running));
    mkdirSync(join(parent, unnamed));
    const next = child('close');
    expect(await next.exited).toBe(0);
    expect(JSON.parse(await new Response(next.stdout).text())).toEqual([running, unnamed].sort());
    expect(existsSync(join(parent, left[0]))).toBe(false);
  }, 120_000);
});
