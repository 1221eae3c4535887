import { join } from 'node:path';
import { ChildFailed, OverBudget, runBudgetedProcess } from '../../lib/budgeted-process';
import { Unprocessable } from '../../kernel/errors';

/** One of this plugin's scripts (decode-process.ts, extract-process.ts) and the budgets it runs under. */
export interface BudgetedScript {
  script: string;
  args?: string[];
  memoryBytes: number;
  /** CPU seconds, and the setting that gives them; wall-clock is three times them. */
  cpuSeconds: number;
  cpuSetting: string;
  outputBytes: number;
  /** How a refusal starts ("Reading the file"), what an output over budget means, and a crash's detail. */
  work: string;
  outputTooLarge: string;
  crashed: string;
}

/**
 * Runs the script with `input` in a child process at background priority (lib/budgeted-process.ts),
 * memory under INGEST_DECODE_MEGABYTES: a run over a budget, or a crash, is a 422 that names it.
 */
export async function runBudgetedScript(run: BudgetedScript, input: Uint8Array): Promise<Uint8Array> {
  const budget = { memoryBytes: run.memoryBytes, cpuSeconds: run.cpuSeconds, wallSeconds: run.cpuSeconds * 3, outputBytes: run.outputBytes };
  const over = {
    memory: `more than ${Math.round(run.memoryBytes / 1024 / 1024)} MB of memory (INGEST_DECODE_MEGABYTES)`,
    cpu: `more than ${run.cpuSeconds} s of CPU time (${run.cpuSetting})`,
    time: `more than ${run.cpuSeconds * 3} s (three times ${run.cpuSetting})`,
    output: run.outputTooLarge,
  };
  try {
    return await runBudgetedProcess([process.execPath, '--smol', join(import.meta.dir, run.script), ...(run.args ?? [])], input, budget, { priority: 'background' });
  } catch (error) {
    if (error instanceof OverBudget) throw new Unprocessable(`${run.work} needed ${over[error.resource]}: it is refused`);
    if (error instanceof ChildFailed) throw new Unprocessable(run.crashed);
    throw error;
  }
}
