import { describe, expect, test } from 'bun:test';
import { streamText } from '../../lib/table-export/text-stream';

const logger = { error() {}, warn() {}, info() {}, debug() {} } as any;
/** Lets every pending promise and timer callback run a number of times (no clock is read). */
const turns = async (n: number) => { for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve)); };

describe('streamText: a text file answered as it is produced', () => {
  test('the producer waits while the client has not taken what is queued (memory bounded by the channel, not the file)', async () => {
    let written = 0;
    const piece = 'x'.repeat(600 * 1024);
    const response = streamText({
      contentType: 'text/plain', filename: 'f.txt', logger, what: 'test',
      produce: async (write) => { for (let i = 0; i < 50; i++) { await write(piece); written++; } },
    });
    await turns(50);
    // the channel holds about 1 MiB: two pieces of 600 KiB fill it, and the third write waits for the client
    expect(written).toBeLessThanOrEqual(2);
    const reader = response.body!.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
    }
    expect(written).toBe(50);
    expect(bytes).toBe(50 * piece.length);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="f.txt"');
  });

  test('a failure after the response started cuts the download short and is logged; a cancelled download stops the producer', async () => {
    const errors: unknown[] = [];
    const failing = streamText({
      contentType: 'text/plain', filename: 'f.txt', logger: { ...logger, error: (_: string, meta: unknown) => errors.push(meta) }, what: 'test',
      produce: async (write) => { await write('first'); throw new Error('database went away'); },
    });
    await expect(failing.text()).rejects.toThrow('database went away');
    expect(errors).toHaveLength(1);

    let written = 0;
    const cancelled = streamText({
      contentType: 'text/plain', filename: 'f.txt', logger, what: 'test',
      produce: async (write) => { for (;;) { await write('y'.repeat(512 * 1024)); written++; } },
    });
    const reader = cancelled.body!.getReader();
    await reader.read();
    await reader.cancel();
    await turns(50);
    const after = written;
    await turns(50);
    expect(written).toBe(after);
    expect(written).toBeLessThan(10);
  });
});
