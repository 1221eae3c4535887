import { join } from 'node:path';
import { ChildFailed, OverBudget, runBudgetedProcess, type BudgetResource } from '../../kernel/budgeted-process';
import { Unprocessable } from '../../kernel/errors';
import type { Extraction, PageText } from './extract';
import type { ReadLimits } from './reader';

const EXTRACT_PROCESS = join(import.meta.dir, 'extract-process.ts');
/** An extraction's JSON: a few dozen fields, each a short value. */
const EXTRACTION_BYTES = 1024 * 1024;

const OVER_BUDGET: Record<BudgetResource, (limits: ReadLimits) => string> = {
  memory: (l) => `more than ${Math.round(l.decodeMemoryBytes / 1024 / 1024)} MB of memory (INGEST_DECODE_MEGABYTES)`,
  cpu: (l) => `more than ${l.extractCpuSeconds} s of CPU time (INGEST_EXTRACT_CPU_SECONDS)`,
  time: (l) => `more than ${l.extractCpuSeconds * 3} s (three times INGEST_EXTRACT_CPU_SECONDS)`,
  output: () => 'an answer larger than any extraction',
};

/**
 * Reads the purchase's fields from the pages' text (extract.ts) in a process of its own, under the
 * decoding memory budget and the extraction CPU budget: the matching of every label against every
 * line grows with the text, and on the service's thread a file of long pages would hold every
 * other request back while it runs.
 */
export async function extractInOwnProcess(pages: readonly PageText[], ownTaxIds: readonly string[], limits: ReadLimits): Promise<Extraction> {
  const budget = {
    memoryBytes: limits.decodeMemoryBytes,
    cpuSeconds: limits.extractCpuSeconds,
    wallSeconds: limits.extractCpuSeconds * 3,
    outputBytes: EXTRACTION_BYTES,
  };
  const input = new TextEncoder().encode(JSON.stringify({ pages, ownTaxIds }));
  try {
    const output = await runBudgetedProcess([process.execPath, '--smol', EXTRACT_PROCESS], input, budget, { priority: 'background' });
    return JSON.parse(new TextDecoder().decode(output)) as Extraction;
  } catch (error) {
    if (error instanceof OverBudget) throw new Unprocessable(`Reading the document's fields needed ${OVER_BUDGET[error.resource](limits)}: it is refused`);
    if (error instanceof ChildFailed) throw new Unprocessable("The document's fields could not be read from its text");
    throw error;
  }
}
