import type { MovementSuggestions } from './scoring';

/**
 * How good the board's proposals are against movements whose truth is known.
 *
 * - precision@1: of the movements the board proposes documents for, the share where the proposal
 *   is exactly the documents the movement pays (all of them, no other);
 * - recall: of the movements that do pay documents, the share the board proposes exactly right;
 * - ambiguous rate: of all movements, the share flagged ambiguous (two candidates too close: the
 *   board proposes neither and asks the user);
 * - category accuracy: of the movements that pay no document but belong to an account, the share
 *   whose first proposed category is that account and for which no document is proposed.
 */
export type TruthLabel = { documentIds: string[] } | { account: string } | null;

export interface QualityReport {
  movements: number;
  payingDocuments: number;
  proposed: number;
  correct: number;
  precisionAt1: number;
  recall: number;
  ambiguousRate: number;
  categoryAccuracy: number;
  /** Misses by the generator's noise kind, to see where it fails. */
  missesByNoise: Record<string, number>;
}

export function measureQuality(results: { suggestions: MovementSuggestions; label: TruthLabel; noise?: string }[]): QualityReport {
  let payingDocuments = 0, proposed = 0, correct = 0, ambiguous = 0, categorised = 0, categoriesRight = 0;
  const missesByNoise: Record<string, number> = {};
  for (const { suggestions, label, noise } of results) {
    if (suggestions.ambiguous) ambiguous += 1;
    const proposal = suggestions.proposal;
    const truth = label && 'documentIds' in label ? [...label.documentIds].sort() : null;
    if (truth) payingDocuments += 1;
    let right = false;
    if (proposal) {
      proposed += 1;
      const ids = proposal.documents.map((d) => d.id).sort();
      right = Boolean(truth && ids.length === truth.length && ids.every((id, i) => id === truth[i]));
      if (right) correct += 1;
    }
    if (label && 'account' in label) {
      categorised += 1;
      if (!proposal && suggestions.categories[0]?.account === label.account) categoriesRight += 1;
      else missesByNoise[noise ?? 'category'] = (missesByNoise[noise ?? 'category'] ?? 0) + 1;
    } else if ((truth && !right) || (!truth && proposal)) {
      missesByNoise[noise ?? 'unknown'] = (missesByNoise[noise ?? 'unknown'] ?? 0) + 1;
    }
  }
  const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 10_000) / 10_000 : 1);
  return {
    movements: results.length, payingDocuments, proposed, correct,
    precisionAt1: ratio(correct, proposed), recall: ratio(correct, payingDocuments), ambiguousRate: ratio(ambiguous, results.length),
    categoryAccuracy: ratio(categoriesRight, categorised), missesByNoise,
  };
}
