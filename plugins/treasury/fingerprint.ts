import type { ParsedMovement } from './importers/types';

/**
 * A movement's identity within its treasury, for duplicate detection across imports: the hash of
 * what the bank says about it (dates, amount, texts, references) plus its ordinal among identical
 * movements of the same file. Two equal card payments on one day are two movements (ordinals 1
 * and 2); importing that day again, from the same file or from one whose period overlaps, yields
 * the same two fingerprints and imports neither. What is compared is normalised (spaces, case)
 * so that a file re-exported in another encoding or with trimmed lines is the same file. The
 * fingerprint is the first 128 bits of the SHA-256, written as a uuid (a 16-byte index key).
 *
 * Why SHA-256 and not a faster non-cryptographic hash over the raw record: the fingerprints are
 * stored, so changing the function would make every movement imported before the change look
 * new on a re-import; and 128 bits of a cryptographic hash make a collision (two different
 * movements taken for one, the second silently skipped) negligible for any number of movements a
 * treasury will hold, which a 64-bit hash does not promise. The hash itself is a small part of the
 * cost (about 0.1 s per 100,000 movements); what cost more was building the keys, and that is
 * done here without a regular-expression replacement per field when the text is already clean.
 */
export function fingerprints(movements: readonly ParsedMovement[]): string[] {
  const next = fingerprinter();
  const out = new Array<string>(movements.length);
  for (let i = 0; i < movements.length; i++) out[i] = next(movements[i]);
  return out;
}

/**
 * The same fingerprints one movement at a time, in file order (the ordinals count what came
 * before): for an import that sends each movement as soon as it has its fingerprint.
 */
export function fingerprinter(): (m: ParsedMovement) => string {
  const seen = new Map<string, number>();
  return (m) => {
    const key = `${m.bookingDate}\u001f${m.valueDate ?? ''}\u001f${m.amount.toString()}\u001f${normalise(m.description)}\u001f${normalise(m.reference)}\u001f${normalise(m.bankReference)}`;
    const ordinal = (seen.get(key) ?? 0) + 1;
    seen.set(key, ordinal);
    return uuidOf(Bun.SHA256.hash(`${key}\u001f${ordinal}`, digest) as Uint8Array);
  };
}

const digest = new Uint8Array(32);
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** The first 16 bytes as a uuid's text (8-4-4-4-12 hex digits). */
function uuidOf(b: Uint8Array): string {
  return `${HEX[b[0]]}${HEX[b[1]]}${HEX[b[2]]}${HEX[b[3]]}-${HEX[b[4]]}${HEX[b[5]]}-${HEX[b[6]]}${HEX[b[7]]}-${HEX[b[8]]}${HEX[b[9]]}-`
    + `${HEX[b[10]]}${HEX[b[11]]}${HEX[b[12]]}${HEX[b[13]]}${HEX[b[14]]}${HEX[b[15]]}`;
}

/** Whitespace other than single inner spaces: only such a text needs collapsing and trimming. */
const UNTIDY = /\s\s|[^\S ]|^ | $/;

/** Runs of whitespace as one space, trimmed, upper case. */
const normalise = (text: string | null | undefined): string => {
  if (!text) return '';
  return (UNTIDY.test(text) ? text.replace(/\s+/g, ' ').trim() : text).toUpperCase();
};
