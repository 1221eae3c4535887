import { readFileSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import type { Subprocess } from 'bun';
import { ServiceUnavailable } from '../kernel/errors';

/**
 * Work on untrusted input (decoding an uploaded file) run in a child process under budgets set
 * before it starts, and killed (SIGKILL) the moment it is over one. A child process, not a worker
 * thread: its memory is its own, measurable by pid and given back to the system in full when it
 * is killed, and it shares no heap, no native allocator and no event loop with the service.
 */
export interface ProcessBudget {
  /** Peak resident memory of the child (VmHWM), bytes. */
  memoryBytes: number;
  /** CPU time of the child (every thread, user and system), seconds. */
  cpuSeconds: number;
  /** Wall-clock time, seconds: a child waiting on nothing is ended too. */
  wallSeconds: number;
  /** What the child may write on its standard output, bytes. */
  outputBytes: number;
}

/** The scheduling priority of the child: `background` yields the CPU to the service (the lowest priority, nice 19). */
export type ProcessPriority = 'normal' | 'background';

export type BudgetResource = 'memory' | 'cpu' | 'time' | 'output';

/** The child went over a budget and was killed; `used` is what was measured when it was. */
export class OverBudget extends Error {
  constructor(readonly resource: BudgetResource, readonly limit: number, readonly used: number) {
    super(`over its ${resource} budget (${used} of ${limit})`);
  }
}

/** The child ended with a non-zero status without being over a budget (it crashed). */
export class ChildFailed extends Error {
  constructor(readonly exitCode: number | null, readonly signal: string | null, readonly stderr: string) {
    super(`the child process ended with ${signal ?? `status ${exitCode}`}`);
  }
}

/** How often a running child's memory and CPU time are read. */
const SAMPLE_MS = 10;
/** Linux reports CPU time in clock ticks of 1/100 s (USER_HZ) on every architecture it runs on. */
const TICKS_PER_SECOND = 100;
const STDERR_KEPT = 4096;

/** Peak resident bytes and CPU seconds of a running process, from /proc (null where there is none). */
function usageOf(pid: number): { peakBytes: number; cpuSeconds: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const peakKb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    // fields after the command name (which may hold spaces), in parentheses: utime and stime are the 12th and 13th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { peakBytes: peakKb * 1024, cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/**
 * The CPU time the child used in all, read once it has ended: a child that ended between two
 * samples (the service's thread busy, say) is held to its CPU budget all the same. (Its peak
 * memory is not checked here: the system counts the service's own pages, shared at the spawn.)
 */
function overAtExit(usage: ReturnType<Subprocess['resourceUsage']>, budget: ProcessBudget): OverBudget | null {
  const cpuSeconds = usage ? Number(usage.cpuTime.total) / 1_000_000 : 0;
  return cpuSeconds > budget.cpuSeconds ? new OverBudget('cpu', budget.cpuSeconds, cpuSeconds) : null;
}

async function readBounded(stream: ReadableStream<Uint8Array>, limit: number, onOver: (used: number) => void): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += chunk.length;
    if (length > limit) { onOver(length); break; }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, Math.min(length, limit));
}

/**
 * Runs `command` with `input` on its standard input and answers its standard output. Over a budget
 * it is killed and OverBudget thrown; a crash throws ChildFailed. The child's environment is `env`
 * only (nothing of the service's: no database address, no secret). Memory and CPU time are read
 * from /proc (Linux); without it only the wall-clock and output budgets hold. A `background` child
 * runs at the lowest CPU priority, so on a busy machine the service's requests are served first.
 */
export async function runBudgetedProcess(command: string[], input: Uint8Array, budget: ProcessBudget, options: { env?: Record<string, string>; priority?: ProcessPriority } = {}): Promise<Uint8Array> {
  const child = Bun.spawn(command, { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', env: options.env ?? {} });
  if (options.priority === 'background') {
    try {
      setPriority(child.pid, constants.priority.PRIORITY_LOW);
    } catch {
      // it ended already, or the system does not let us: it runs at the service's priority
    }
  }
  let over: OverBudget | null = null;
  const kill = (reason: OverBudget) => {
    over ??= reason;
    child.kill('SIGKILL');
  };
  const started = Date.now();
  const watch = setInterval(() => {
    const usage = usageOf(child.pid);
    if (usage && usage.peakBytes > budget.memoryBytes) kill(new OverBudget('memory', budget.memoryBytes, usage.peakBytes));
    else if (usage && usage.cpuSeconds > budget.cpuSeconds) kill(new OverBudget('cpu', budget.cpuSeconds, usage.cpuSeconds));
    else if ((Date.now() - started) / 1000 > budget.wallSeconds) kill(new OverBudget('time', budget.wallSeconds, (Date.now() - started) / 1000));
  }, SAMPLE_MS);
  try {
    const fed = (async () => {
      try {
        child.stdin.write(input);
        await child.stdin.end();
      } catch {
        // the child ended before reading all of it: its exit says why
      }
    })();
    const [output, stderr] = await Promise.all([
      readBounded(child.stdout, budget.outputBytes, (used) => kill(new OverBudget('output', budget.outputBytes, used))),
      readBounded(child.stderr, STDERR_KEPT, () => undefined).then((bytes) => Buffer.from(bytes).toString('utf8')),
      fed,
    ]);
    const exitCode = await child.exited;
    over ??= overAtExit(child.resourceUsage(), budget);
    if (over) throw over;
    if (exitCode !== 0) throw new ChildFailed(child.exitCode, child.signalCode === null ? null : String(child.signalCode), stderr);
    return output;
  } finally {
    clearInterval(watch);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

export interface ProcessSlotsOptions {
  /** Children running at once. */
  running: number;
  /** Admitted work that may wait for a running slot; past that, admission is refused. */
  queue: number;
  retryAfterSeconds: number;
  /** The 503's detail. */
  busyMessage: string;
}

/** A slot taken by `admit()`: `ready` resolves when the work may start; `release()` once it ended. */
export interface Admission { ready: Promise<void>; release(): void }

/**
 * Back-pressure for budgeted children: at most `running` at once and `queue` more admitted to wait;
 * past that `admit()` throws 503 with Retry-After at once, so work never queues without bound.
 * Admission is synchronous: a caller that answers before the work starts (a background job) holds
 * its place from the moment it was admitted.
 */
export class ProcessSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: ProcessSlotsOptions) {}

  get state() { return { running: this.active, waiting: this.waiting.length }; }

  admit(): Admission {
    if (this.active >= this.options.running && this.waiting.length >= this.options.queue) {
      throw new ServiceUnavailable(this.options.busyMessage, this.options.retryAfterSeconds);
    }
    let started = false;
    let released = false;
    let wake: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => { wake = () => { started = true; resolve(); }; });
    if (this.active < this.options.running) {
      this.active++;
      wake();
    } else {
      this.waiting.push(wake);
    }
    const release = () => {
      if (released) return;
      released = true;
      if (!started) {
        // given up before its turn: it leaves the queue and never takes a slot
        this.waiting.splice(this.waiting.indexOf(wake), 1);
        return;
      }
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
    return { ready, release };
  }
}
