import { expect } from 'bun:test';
import { readFileSync } from 'node:fs';
import type { TestApp } from '../../support/app';

/** A statement fixture of test/fixtures/treasury. */
export const fixture = (name: string): Uint8Array => readFileSync(new URL(`../../fixtures/treasury/${name}`, import.meta.url));

export const uploadStatement = (app: TestApp, token: string, treasuryId: string, content: string | Uint8Array, name = 'extracto', mapping?: string) => {
  const form = new FormData();
  form.append('file', new File([content], name));
  if (mapping !== undefined) form.append('mapping', mapping);
  return app.request('POST', `/api/v1/treasuries/${treasuryId}/import`, { token, form });
};

export const movementsOf = async (app: TestApp, token: string, treasuryId: string) =>
  (await app.get(`/api/v1/bank-movements?treasury_id=${treasuryId}&limit=500`, token)).body.items as any[];

/** The books balance and the treasury's balance is its 572x balance in the ledger. */
export async function treasuryAgreesWithBooks(app: TestApp, token: string, treasuryId: string) {
  const trial = (await app.get('/api/v1/ledger/trial-balance', token)).body;
  expect(trial.totals.debit).toBe(trial.totals.credit);
  const treasury = (await app.get(`/api/v1/treasuries/${treasuryId}`, token)).body;
  const account = (await app.get(`/api/v1/ledger/account/${treasury.ledger_account}?limit=1`, token)).body;
  expect(account.closing_balance).toBe(treasury.balance);
  return treasury.balance as string;
}
