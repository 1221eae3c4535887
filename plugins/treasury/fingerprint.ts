import { createHash } from 'node:crypto';
import type { ParsedMovement } from './importers/types';

/**
 * A movement's identity within its treasury, for duplicate detection across imports: the hash of
 * what the bank says about it (dates, amount, texts, references) plus its ordinal among identical
 * movements of the same file. Two equal card payments on one day are two movements (ordinals 1
 * and 2); importing that day again, from the same file or from one whose period overlaps, yields
 * the same two fingerprints and imports neither. What is compared is normalised (spaces, case)
 * so that a file re-exported in another encoding or with trimmed lines is the same file.
 */
export function fingerprints(movements: readonly ParsedMovement[]): string[] {
  const seen = new Map<string, number>();
  return movements.map((m) => {
    const key = [
      m.bookingDate, m.valueDate ?? '', m.amount.toString(), normalise(m.description), normalise(m.reference), normalise(m.bankReference),
    ].join('\u001f');
    const ordinal = (seen.get(key) ?? 0) + 1;
    seen.set(key, ordinal);
    return `${createHash('sha256').update(key).digest('base64url').slice(0, 32)}:${ordinal}`;
  });
}

const normalise = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim().toUpperCase();
