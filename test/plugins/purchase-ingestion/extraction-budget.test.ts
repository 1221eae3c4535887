/**
 * Reading a purchase's fields from its pages' text runs in a process of its own under
 * INGEST_EXTRACT_CPU_SECONDS, not on the service's thread: a file whose text costs more than that
 * to read is refused with a 422 that names the budget (the ordinary flow, at the default budget,
 * is ingest-purchase.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { DocumentsTestApp } from '../../support/documents';
import type { TestCompany } from '../../support/factories';
import { startWithBuyerAndOther } from './app';
import { uploader } from './fixtures';
import { longTextPdf } from './hostile-files';

let app: DocumentsTestApp;
let company: TestCompany;

beforeAll(async () => {
  // the least the setting takes; twenty very long pages need several times it (shorter ones at 0.15 s went
  // through on some runs), an ordinary invoice about half (mostly the reading process's start)
  ({ app, company } = await startWithBuyerAndOther({ INGEST_EXTRACT_CPU_SECONDS: '0.1' }));
}, 120_000);
afterAll(() => app?.close());

const upload = (file: Buffer) => uploader(app)(file, company.token, { book: 'false' });

describe('reading the fields of a file', () => {
  test('twenty pages of very long text cost more CPU than INGEST_EXTRACT_CPU_SECONDS: 422 naming it, nothing created', async () => {
    const res = await upload(longTextPdf(20, 60_000));
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain('INGEST_EXTRACT_CPU_SECONDS');
    const purchases = await app.get('/api/v1/purchases', company.token);
    expect(purchases.body.items).toEqual([]);
  });
});
