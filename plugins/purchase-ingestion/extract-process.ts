/**
 * The extraction process: `bun extract-process.ts`, `{ pages, ownTaxIds }` as JSON on standard
 * input, the Extraction as JSON on standard output. Started by extract-in-process.ts under the
 * budgets of lib/budgeted-process.ts, killed when over one.
 */
import { extractPurchase, type PageText } from './extract';

const { pages, ownTaxIds } = JSON.parse(await Bun.stdin.text()) as { pages: PageText[]; ownTaxIds: string[] };
await Bun.write(Bun.stdout, JSON.stringify(extractPurchase(pages, ownTaxIds)));
process.exit(0);
