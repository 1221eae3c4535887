import { runBudgetedScript } from './budgeted-script';
import type { Extraction, PageText } from './extract';
import type { ReadLimits } from './reader';

/**
 * Reads the purchase's fields from the pages' text (extract.ts) in a process of its own, under the
 * decoding memory budget and the extraction CPU budget: the matching of every label against every
 * line grows with the text, and on the service's thread a file of long pages would hold every
 * other request back while it runs.
 */
export async function extractInOwnProcess(pages: readonly PageText[], ownTaxIds: readonly string[], limits: ReadLimits): Promise<Extraction> {
  const output = await runBudgetedScript({
    script: 'extract-process.ts',
    memoryBytes: limits.decodeMemoryBytes, cpuSeconds: limits.extractCpuSeconds, cpuSetting: 'INGEST_EXTRACT_CPU_SECONDS',
    outputBytes: 1024 * 1024, // a few dozen fields, each a short value
    work: "Reading the document's fields", outputTooLarge: 'an answer larger than any extraction',
    crashed: "The document's fields could not be read from its text",
  }, new TextEncoder().encode(JSON.stringify({ pages, ownTaxIds })));
  return JSON.parse(new TextDecoder().decode(output)) as Extraction;
}
