/**
 * Work that runs in the background one run at a time, on a timer and whenever it is woken: a wake
 * during a run asks for one more run after it, so nothing woken for is missed and runs never overlap.
 * The outbox and plugins' own delivery loops (webhooks) use it.
 */
export class BackgroundLoop {
  private timer?: ReturnType<typeof setInterval>;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(private readonly run: () => Promise<void>) {}

  /** Runs every `everyMs` from now on (the timer does not keep the process alive). */
  start(everyMs: number): void {
    this.timer = setInterval(() => this.wake(), everyMs);
    this.timer.unref?.();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) { this.again = true; return; }
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.again) { this.again = false; this.wake(); }
    });
  }

  /** Resolves when no run is going on (tests await it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }
}
