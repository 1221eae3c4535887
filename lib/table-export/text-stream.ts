import type { Logger } from '../../kernel/logger';
import { ExportCancelled, ExportChannel } from './channel';

/** Writes a piece of the file, then waits while the client has not taken what is queued. */
export type WriteText = (text: string) => Promise<void>;

/**
 * A text file answered as it is produced, for formats that are not a table of columns (a journal
 * in a firm's fixed-width layout, hledger, a CSV with its own header): `produce` reads batches and
 * writes them; a slow download pauses the reads instead of piling the file up in memory (the same
 * channel as streamTable). `encode` turns text into bytes (UTF-8 unless given, e.g. ASCII-only
 * layouts). Check what can fail with a 4xx before calling this: once the response has started, a
 * failure can only cut the download short, and is logged.
 */
export function streamText(options: {
  contentType: string; filename: string; logger: Logger; what: string;
  encode?: (text: string) => Uint8Array;
  produce(write: WriteText): Promise<void>;
  /** A full garbage collection each time this many more bytes have been written (as streamTable's option: for files of many MiB). */
  collectEveryBytes?: number;
}): Response {
  const channel = new ExportChannel();
  const encoder = new TextEncoder();
  const encode = options.encode ?? ((text: string) => encoder.encode(text));
  let nextCollection = options.collectEveryBytes ?? Infinity;
  const write: WriteText = async (text) => {
    channel.write(encode(text));
    await channel.ready();
    if (channel.written >= nextCollection) {
      nextCollection = channel.written + options.collectEveryBytes!;
      Bun.gc(true);
    }
  };
  options.produce(write).then(() => channel.close(), (error) => {
    if (error instanceof ExportCancelled) return;
    options.logger.error(`${options.what} failed after the response started`, { error });
    channel.fail(error);
  });
  return new Response(channel.stream, {
    headers: {
      'content-type': options.contentType,
      'content-disposition': `attachment; filename="${options.filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
