import { startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, VALID_CIFS, type TestCompany } from '../../support/factories';

/** The buyer's own tax number: the invoices of these tests are addressed to it. */
export const OWN_CIF = VALID_CIFS[0];

/**
 * A documents app with the given settings and two companies: the buyer, which ingests, and another,
 * which must see none of it (404).
 */
export async function startWithBuyerAndOther(env: Record<string, string>): Promise<{ app: DocumentsTestApp; company: TestCompany; other: TestCompany }> {
  const app = await startDocumentsApp({ env });
  const company = await createCompany(app, 'Compradora Test SL', OWN_CIF);
  const other = await createCompany(app, 'Otra Empresa SL', VALID_CIFS[1]);
  return { app, company, other };
}
