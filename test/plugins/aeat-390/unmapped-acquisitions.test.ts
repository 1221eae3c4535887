/**
 * Intra-EU acquisitions whose lines cannot tell goods from services (no line of the purchase
 * explains the register row) are listed in the 390's `details.unmapped`, one message per VAT type
 * and rate: how many rows, and the first documents by number — never one message per row (a year
 * may hold thousands of them; the answer stays small).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let company: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  // 14 register rows of purchases that are not there (no lines explain them), 21 %
  await app.asOwner(`
    insert into tax_register (tenant_id, document_type, document_id, group_no, side, kind, number, issue_date, accounting_date, contact_id,
      counterparty_name, counterparty_tax_id, counterparty_country, capital_good, tax_type_id, tax_code, regime, base, rate, quota, deductible_quota, document_total)
    select '${company.tenantId}', 'purchase', gen_random_uuid(), 1, 'received', 'intra_eu_acquisition', 'UE-' || lpad(g::text, 3, '0'),
      date '2026-02-01' + g, date '2026-02-01' + g, gen_random_uuid(), 'Lieferant GmbH', 'DE123456789', 'DE', false,
      (select id from tax_types where tenant_id = '${company.tenantId}' and code = 'RCINTRACOM'), 'RCINTRACOM', 'intra_eu', 100.00, 21.00, 21.00, 21.00, 100.00
    from generate_series(1, 14) g`);
}, 120_000);
afterAll(() => app?.close());

describe('unmapped intra-EU acquisitions', () => {
  test('one message for the 14 rows of one VAT type and rate, naming the first ten documents', async () => {
    const res = await app.get('/api/v1/aeat/390/summary?year=2026', company.token);
    expect(res.status).toBe(200);
    const firstTen = Array.from({ length: 10 }, (_, i) => `purchase UE-${String(i + 1).padStart(3, '0')}`).join(', ');
    expect(res.body.items[0].details.unmapped).toEqual([
      `received intra_eu_acquisition RCINTRACOM 21.00 %: goods or services cannot be told for 14 rows (${firstTen}, …) (its kind does not say, or none of its lines explains the row)`,
    ]);
  });
});
