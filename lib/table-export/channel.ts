/** The client went away: the producer stops reading batches. */
export class ExportCancelled extends Error {}

/**
 * A byte stream for a Response body that a producer fills batch by batch. `ready()` waits while
 * the client has not taken what is queued (highWaterMark bytes), so a slow download pauses the
 * database reads instead of piling the export up in memory.
 */
export class ExportChannel {
  readonly stream: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private resumeProducer: (() => void) | null = null;
  private cancelled = false;
  private closed = false;
  /** Bytes written so far. */
  written = 0;

  constructor(highWaterMark = 1 << 20) {
    this.stream = new ReadableStream<Uint8Array>({
      start: (controller) => { this.controller = controller; },
      pull: () => this.resume(),
      cancel: () => {
        this.cancelled = true;
        this.resume();
      },
    }, { highWaterMark, size: (chunk) => chunk?.byteLength ?? 0 });
  }

  get isCancelled(): boolean { return this.cancelled; }

  write(chunk: Uint8Array): void {
    if (this.cancelled || this.closed || chunk.byteLength === 0) return;
    this.written += chunk.byteLength;
    this.controller.enqueue(chunk);
  }

  async ready(): Promise<void> {
    while (!this.cancelled && (this.controller.desiredSize ?? 1) <= 0) {
      await new Promise<void>((resolve) => { this.resumeProducer = resolve; });
    }
    if (this.cancelled) throw new ExportCancelled('The client closed the download');
  }

  close(): void {
    if (this.cancelled || this.closed) return;
    this.closed = true;
    this.controller.close();
  }

  fail(error: unknown): void {
    if (this.cancelled || this.closed) return;
    this.closed = true;
    this.controller.error(error);
  }

  private resume(): void {
    const resume = this.resumeProducer;
    this.resumeProducer = null;
    resume?.();
  }
}
