/**
 * The decoding process: `bun decode-process.ts <kind> <limits JSON>`, the file on standard input,
 * the decoded pages on standard output (decoded-file.ts). Started by reader.ts under the budgets of
 * lib/budgeted-process.ts, one process a file, killed when over one.
 */
import { encodeDecodedFile, type DecodedKind } from './decoded-file';
import { decodeFile, type DecodeLimits } from './decoder';

const [kind, limits] = [process.argv[2] as DecodedKind, JSON.parse(process.argv[3]!) as DecodeLimits];
const bytes = new Uint8Array(await Bun.stdin.arrayBuffer());
const decoded = await decodeFile(kind, bytes, limits);
await Bun.write(Bun.stdout, encodeDecodedFile(decoded));
process.exit(0);
