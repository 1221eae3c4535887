/**
 * streamTable (lib/table-export), which the official books and the contacts export answer through:
 * the producer reads its next batch only when the client has taken what is queued. A client that
 * stops reading, in process or over a real socket, stops the producer a few batches ahead (the
 * stream's high-water mark plus, over TCP, the kernel's socket buffers), so memory does not grow
 * with the size of the file; once it reads again, every row arrives, in order.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import net from 'node:net';
import { streamTable } from '../../lib/table-export/stream';

const BATCHES = 200;
const ROWS_PER_BATCH = 4000;
const row = { text: 'x'.repeat(90) }; // 92 bytes a CSV line (CRLF): a batch is ~370 kB, about a page of the Libro Diario
const BATCH_BYTES = ROWS_PER_BATCH * 92;
const logger = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;

/** A CSV of BATCHES batches whose producer counts the batches it was let to make. */
function export_() {
  const state = { produced: 0, finished: false };
  const response = streamTable<{ text: string }>({
    format: 'csv', columns: [{ key: 'text', label: 'Texto', type: 'string', width: 10 }], logger, what: 'test', filename: 'test',
    heading: { title: 'Test', subtitle: '', sheet: 'Test', generatedAt: new Date() },
    async produce(emit) {
      for (let i = 0; i < BATCHES; i++) {
        state.produced += 1;
        await emit(Array.from({ length: ROWS_PER_BATCH }, () => row));
      }
      state.finished = true;
    },
  });
  return { state, response };
}

/** Lets the producer run as far as it is allowed to. */
const settle = () => Bun.sleep(200);

const servers: { stop(force: boolean): void }[] = [];
afterAll(() => { for (const server of servers) server.stop(true); });

describe('streamTable: the producer waits for the client', () => {
  test('in process: a client that has read one chunk holds the producer within the 1 MiB high-water mark', async () => {
    const { state, response } = export_();
    const reader = (await response).body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await settle();
    const whilePaused = state.produced;
    await settle();
    expect(state.produced).toBe(whilePaused); // it does not creep on while nobody reads
    expect(whilePaused).toBeLessThanOrEqual(Math.ceil((1 << 20) / BATCH_BYTES) + 2);

    let lines = 0;
    for (const byte of first.value!) if (byte === 10) lines++;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const byte of value) if (byte === 10) lines++;
    }
    expect(state.finished).toBe(true);
    expect(state.produced).toBe(BATCHES);
    expect(lines).toBe(BATCHES * ROWS_PER_BATCH + 1); // and the header
  });

  test('over HTTP: a client that stops reading stops the producer; when it reads again everything arrives', async () => {
    const exports: ReturnType<typeof export_>[] = [];
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => { const e = export_(); exports.push(e); return e.response; } });
    servers.push(server);
    const socket = net.connect(server.port!, '127.0.0.1');
    let received = 0;
    const ended = new Promise<void>((resolve) => socket.on('end', resolve));
    socket.on('data', (chunk) => { received += chunk.length; });
    socket.write(`GET /export HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n`);
    socket.pause();
    await settle();
    await settle();
    const whilePaused = exports[0].state.produced;
    await settle();
    expect(exports[0].state.produced).toBe(whilePaused);
    // bounded by the stream's 1 MiB and the loopback socket's buffers (a few MiB), not by the file's 70 MiB
    expect(whilePaused).toBeLessThan(BATCHES / 4);
    expect(received).toBe(0);

    socket.resume();
    await ended;
    expect(exports[0].state.finished).toBe(true);
    expect(received).toBeGreaterThan(BATCHES * BATCH_BYTES);
  }, 60_000);
});
