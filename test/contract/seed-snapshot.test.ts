import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { parseSeedSpecification, SEED_SNAPSHOT_PATH, seedSpecificationPath } from '../support/seed-spec';

/**
 * The conformance tests read the seed specification when it sits beside the repository (as in CI)
 * and the committed snapshot of its parsed tables otherwise. Where the specification is present,
 * the snapshot must be exactly what it says, so a plain clone checks the same operations.
 */
const specification = seedSpecificationPath();

test.skipIf(!specification)('the committed snapshot equals the parsed seed specification (needs the specification beside the repository, or CUADRA_SPEC_PATH)', () => {
  const parsed = parseSeedSpecification(readFileSync(specification!, 'utf8'));
  const snapshot = JSON.parse(readFileSync(SEED_SNAPSHOT_PATH, 'utf8'));
  expect(snapshot).toEqual(JSON.parse(JSON.stringify(parsed)));
  expect(parsed.operations.length).toBeGreaterThan(70);
});
