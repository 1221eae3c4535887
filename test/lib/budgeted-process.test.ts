/**
 * lib/budgeted-process.ts: work run in a child process under budgets is killed the moment it is
 * over one (memory, CPU time, wall-clock time, output), sees nothing of the service's environment,
 * and the slots in front of it answer 503 with Retry-After instead of queueing without bound.
 * No database: runs in one database pass of the suite only (PGlite).
 */
import { describe, expect, test } from 'bun:test';
import { constants, getPriority } from 'node:os';
import { ChildFailed, OverBudget, ProcessSlots, runBudgetedProcess, type ProcessBudget } from '../../lib/budgeted-process';
import { ServiceUnavailable } from '../../kernel/errors';
import { backend } from '../support/database';

const BUDGET: ProcessBudget = { memoryBytes: 256 * 1024 * 1024, cpuSeconds: 5, wallSeconds: 30, outputBytes: 1024 * 1024 };
const bun = (script: string) => [process.execPath, '-e', script];

const overBudget = async (work: Promise<unknown>): Promise<OverBudget> => {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(OverBudget);
  return error as OverBudget;
};

describe.skipIf(backend === 'postgres')('a budgeted child process (one database pass only: no database involved)', () => {
  test('answers its standard output for its standard input, and sees none of the parent\'s environment', async () => {
    process.env.CUADRA_BUDGET_TEST_SECRET = 'not for the child';
    const output = await runBudgetedProcess(bun('const input = await Bun.stdin.text(); console.log(input.toUpperCase(), process.env.CUADRA_BUDGET_TEST_SECRET ?? "none")'), Buffer.from('factura'), BUDGET);
    expect(Buffer.from(output).toString().trim()).toBe('FACTURA none');
  });

  test('a background child runs at the lowest CPU priority (the service is served first); a normal one at the service\'s', async () => {
    const niceness = async (priority: 'normal' | 'background') =>
      Number(Buffer.from(await runBudgetedProcess(bun('await Bun.sleep(50); console.log(require("node:os").getPriority())'), new Uint8Array(), BUDGET, { priority })).toString());
    expect([await niceness('normal'), await niceness('background')]).toEqual([getPriority(), constants.priority.PRIORITY_LOW]);
  });

  test('growing past its memory budget: killed, reported over memory with the peak measured', async () => {
    // touches 1 GB, 16 MB at a time (a decompression bomb's growth), then holds it
    const error = await overBudget(runBudgetedProcess(bun('const kept = []; for (let i = 0; i < 64; i++) kept.push(Buffer.alloc(16 * 1024 * 1024, 1)); setInterval(() => kept.length, 1000)'), new Uint8Array(), BUDGET));
    expect(error.resource).toBe('memory');
    expect(error.used).toBeGreaterThan(BUDGET.memoryBytes);
  });

  test('spinning past its CPU budget: killed, reported over CPU time', async () => {
    const error = await overBudget(runBudgetedProcess(bun('for (;;) {}'), new Uint8Array(), { ...BUDGET, cpuSeconds: 0.5 }));
    expect(error.resource).toBe('cpu');
  });

  test('ending past its CPU budget between two samples (the service\'s thread busy): refused all the same', async () => {
    // the child spins about 0.4 s of CPU and ends; this thread is blocked meanwhile, so no sample sees it
    const run = runBudgetedProcess(bun('const end = performance.now() + 400; while (performance.now() < end) {} console.log("done")'), new Uint8Array(), { ...BUDGET, cpuSeconds: 0.1 });
    Bun.sleepSync(1500);
    const error = await overBudget(run);
    expect(error.resource).toBe('cpu');
    expect(error.used).toBeGreaterThan(0.1);
  });

  test('waiting past its wall-clock budget (using no CPU): killed, reported over time', async () => {
    const error = await overBudget(runBudgetedProcess(bun('setInterval(() => {}, 1000)'), new Uint8Array(), { ...BUDGET, wallSeconds: 0.5 }));
    expect(error.resource).toBe('time');
  });

  test('writing past its output budget: killed, reported over output', async () => {
    const error = await overBudget(runBudgetedProcess(bun('for (;;) process.stdout.write(Buffer.alloc(64 * 1024, 65))'), new Uint8Array(), BUDGET));
    expect(error.resource).toBe('output');
  });

  test('a crash (a non-zero exit) is ChildFailed with its status and what it wrote on standard error', async () => {
    const error = await runBudgetedProcess(bun('console.error("broken"); process.exit(3)'), new Uint8Array(), BUDGET).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChildFailed);
    expect([(error as ChildFailed).exitCode, (error as ChildFailed).stderr.trim()]).toEqual([3, 'broken']);
  });
});

describe('the slots in front of budgeted processes', () => {
  const slots = () => new ProcessSlots({ running: 1, queue: 1, retryAfterSeconds: 7, busyMessage: 'Every reader is busy' });

  test('one running and one waiting; a third is refused at once with 503 and Retry-After; a release lets the next start', async () => {
    const gate = slots();
    const first = gate.admit();
    const second = gate.admit();
    const refused = (() => { try { gate.admit(); return null; } catch (error) { return error; } })();
    expect(refused).toBeInstanceOf(ServiceUnavailable);
    expect([(refused as ServiceUnavailable).status, (refused as ServiceUnavailable).headers['Retry-After'], (refused as Error).message]).toEqual([503, '7', 'Every reader is busy']);
    let secondStarted = false;
    void second.ready.then(() => { secondStarted = true; });
    await first.ready;
    await Bun.sleep(0);
    expect([secondStarted, gate.state]).toEqual([false, { running: 1, waiting: 1 }]);
    first.release();
    first.release(); // twice is once
    await second.ready;
    expect(gate.state).toEqual({ running: 1, waiting: 0 });
    second.release();
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
  });

  test('one given up before its turn leaves the queue without taking a slot', () => {
    const gate = slots();
    const first = gate.admit();
    const second = gate.admit();
    second.release();
    expect(gate.state).toEqual({ running: 1, waiting: 0 });
    first.release();
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
  });
});
