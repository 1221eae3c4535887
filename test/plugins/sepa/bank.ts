import { expect } from 'bun:test';
import { createCompany, type TestCompany } from '../../support/factories';
import { startDocumentsApp, type DocumentsTestApp } from '../../support/documents';

export const COMPANY_IBAN = 'ES9121000418450200051332';

/** A documents app with two companies; the first has a bank treasury with an IBAN. */
export async function startSepaBed(companyName?: string): Promise<{ app: DocumentsTestApp; a: TestCompany; b: TestCompany; treasury: any }> {
  const app = await startDocumentsApp();
  const a = await createCompany(app, companyName);
  const b = await createCompany(app);
  const treasury = (await app.post('/api/v1/treasuries', { kind: 'bank', name: 'Cuenta principal', iban: COMPANY_IBAN }, a.token)).body;
  return { app, a, b, treasury };
}

/** The books balance and the treasury's balance is its 572x; answers the 572x and 555x balances. */
export async function bankBalances(app: DocumentsTestApp, company: TestCompany, treasury: any): Promise<{ bank: string; suspense: string }> {
  const trial = (await app.get('/api/v1/ledger/trial-balance', company.token)).body;
  expect(trial.totals.debit).toBe(trial.totals.credit);
  const bank = (await app.get(`/api/v1/ledger/account/${treasury.ledger_account}`, company.token)).body;
  expect((await app.get(`/api/v1/treasuries/${treasury.id}`, company.token)).body.balance).toBe(bank.closing_balance);
  const suspense = (await app.get(`/api/v1/ledger/account/${treasury.suspense_account}`, company.token)).body;
  return { bank: bank.closing_balance, suspense: suspense.closing_balance };
}
