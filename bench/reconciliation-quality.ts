/**
 * Reconciliation quality on generated, labelled data (test/fixtures/reconciliation-data.ts):
 * precision@1, recall, the ambiguous rate and category accuracy of the board's proposals, with the
 * misses by kind of noise. Deterministic: the same seed gives the same figures on every machine.
 *
 *   .tools/node_modules/.bin/bun bench/reconciliation-quality.ts [--seed 14] [--documents 1000] [--movements 500] [--seeds 5]
 *
 * Baseline in the same run: the rule most tools start with, "the only open document with exactly
 * this amount" (proposed when one document owes exactly the movement's amount, nothing otherwise).
 */
import { parseArgs } from 'node:util';

// by a computed path, so that deleting the reconciliation plugin (a leaf) leaves the repository type-checking
const reconciliationPlugin = ['..', 'plugins', 'reconciliation', ''].join('/');
const { measureQuality } = await import(`${reconciliationPlugin}quality`);
const { Matcher } = await import(`${reconciliationPlugin}scoring`);
const { generateDataset } = await import(['..', 'test', 'fixtures', 'reconciliation-data'].join('/'));

const { values } = parseArgs({ options: { seed: { type: 'string', default: '14' }, documents: { type: 'string', default: '1000' }, movements: { type: 'string', default: '500' }, seeds: { type: 'string', default: '5' } } });
const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

for (let i = 0; i < Number(values.seeds); i++) {
  const seed = Number(values.seed) + i;
  const data = generateDataset({ seed, documents: Number(values.documents), movements: Number(values.movements) });
  const matcher = new Matcher(data.documents, data.contacts);
  const started = performance.now();
  const ours = measureQuality(data.movements.map((m: any) => ({ suggestions: matcher.suggest(m.movement), label: m.label, noise: m.noise })));
  const elapsed = performance.now() - started;

  const byAmount = new Map<string, string[]>();
  for (const d of data.documents) {
    const expected = d.kind === 'receivable' ? d.outstanding : `-${d.outstanding}`;
    byAmount.set(expected, [...(byAmount.get(expected) ?? []), d.id]);
  }
  const baseline = measureQuality(data.movements.map((m: any) => {
    const ids = byAmount.get(m.movement.amount) ?? [];
    const proposal = ids.length === 1 ? { documents: [{ id: ids[0] }], score: 1, reasons: [] } : null;
    const suggestions = { movementId: m.movement.id, candidates: [], categories: [], ambiguous: ids.length > 1, proposal };
    return { suggestions, label: m.label, noise: m.noise };
  }));

  console.log(`seed ${seed}: ${data.movements.length} movements, ${data.documents.length} open documents, ${data.contacts.length} contacts (${elapsed.toFixed(0)} ms)`);
  console.log(`  Cuadra:    precision@1 ${percent(ours.precisionAt1)}  recall ${percent(ours.recall)}  ambiguous ${percent(ours.ambiguousRate)}  categories ${percent(ours.categoryAccuracy)}  misses ${JSON.stringify(ours.missesByNoise)}`);
  console.log(`  baseline:  precision@1 ${percent(baseline.precisionAt1)}  recall ${percent(baseline.recall)}  ambiguous ${percent(baseline.ambiguousRate)}`);
}
