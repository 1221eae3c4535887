import type { ParsedMovement } from './importers/types';

/**
 * A movement's identity within its treasury, for duplicate detection across imports: the hash of
 * what the bank says about it (dates, amount, texts, references) plus its ordinal among identical
 * movements of the same file. Two equal card payments on one day are two movements (ordinals 1
 * and 2); importing that day again, from the same file or from one whose period overlaps, yields
 * the same two fingerprints and imports neither. What is compared is normalised (spaces, case)
 * so that a file re-exported in another encoding or with trimmed lines is the same file. The
 * fingerprint is the first 128 bits of the SHA-256, written as a uuid (a 16-byte index key).
 */
export function fingerprints(movements: readonly ParsedMovement[]): string[] {
  const seen = new Map<string, number>();
  return movements.map((m) => {
    const key = [
      m.bookingDate, m.valueDate ?? '', m.amount.toString(), normalise(m.description), normalise(m.reference), normalise(m.bankReference),
    ].join('\u001f');
    const ordinal = (seen.get(key) ?? 0) + 1;
    seen.set(key, ordinal);
    const hex = Bun.SHA256.hash(`${key}\u001f${ordinal}`, 'hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  });
}

const normalise = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim().toUpperCase();
