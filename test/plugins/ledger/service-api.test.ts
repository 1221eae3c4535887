import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { money } from '../../../kernel/money';
import type { Tx } from '../../../kernel/uow';
import {
  DEFAULT_POSTING_ACCOUNTS, LedgerService, checkDraft, subAccountCode,
  type JournalDraft, type PostingRule,
} from '../../../plugins/ledger/api';
import { createCompany } from '../../support/factories';
import { startLedgerApp, type LedgerTestApp } from './helpers';

let app: LedgerTestApp;
beforeAll(async () => { app = await startLedgerApp(); }, 60_000);
afterAll(() => app?.close());

/** What the invoices plugin will write: a pure posting rule for a domestic sale (docs/domain/pgc-and-entries.md §3 #1). */
interface Sale { id: string; issueDate: string; number: string; contactId: string; customerAccount: string; base: string; vat: string; vatTypeId: string }
const postSale: PostingRule<Sale> = (sale, accounts) => ({
  date: sale.issueDate,
  description: `Factura ${sale.number}`,
  sourceType: 'invoice',
  sourceId: sale.id,
  lines: [
    { account: sale.customerAccount, debit: money(sale.base).add(money(sale.vat)), contactId: sale.contactId, createAccount: { name: `Cliente ${sale.contactId.slice(0, 8)}` } },
    { account: accounts.salesGoods, credit: money(sale.base) },
    { account: accounts.vatOutput, credit: money(sale.vat), taxTypeId: sale.vatTypeId, taxBase: money(sale.base) },
  ],
});

const run = <T>(tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T> => app.kernel.unitOfWork(null).run(work, { tenantId });

describe('LedgerService for document plugins', () => {
  test('a posting rule\'s draft is posted in the caller\'s transaction, creating the customer sub-account', async () => {
    const a = await createCompany(app);
    const contactId = (await app.post('/api/v1/contacts', { kind: 'customer', name: 'Cliente SL' }, a.token)).body.id;
    const vatTypeId = (await app.get('/api/v1/taxes?kind=vat', a.token)).body.items.find((type: any) => type.code === 'IVA21').id;
    const sale: Sale = { id: crypto.randomUUID(), issueDate: '2026-05-04', number: 'F-2026-000001', contactId, customerAccount: '', base: '1000.00', vat: '210.00', vatTypeId };
    const entry = await run(a.tenantId, async (tx) => {
      sale.customerAccount = await LedgerService.nextSubAccountCode(tx, DEFAULT_POSTING_ACCOUNTS.customers);
      return LedgerService.post(tx, postSale(sale, await LedgerService.postingAccounts(tx)));
    });
    expect(sale.customerAccount).toBe('4300001');
    // The rows as stored, under the tenant's scope (another tenant sees nothing).
    const stored = await run(a.tenantId, (tx) => tx.sql<any>(`select line_no, account_code, debit::text as debit, credit::text as credit, entry_date::text as entry_date
      from journal_lines where tenant_id = :tenant and entry_id = :id::uuid order by line_no`, { id: entry.id }));
    expect(stored.map((l) => [Number(l.line_no), l.account_code, l.debit, l.credit, l.entry_date])).toEqual([
      [1, '4300001', '1210.00', '0.00', '2026-05-04'], [2, '7000', '0.00', '1000.00', '2026-05-04'], [3, '477', '0.00', '210.00', '2026-05-04']]);
    const other = await createCompany(app);
    expect(await run(other.tenantId, (tx) => tx.sql(`select id from journal_entries where tenant_id = :tenant and id = :id::uuid`, { id: entry.id }))).toEqual([]);
    expect((await run(a.tenantId, (tx) => tx.sql<any>(`select parent_code from accounts where tenant_id = :tenant and code = '4300001'`)))[0].parent_code).toBe('4300');
    expect(entry).toMatchObject({ number: 1, sourceType: 'invoice', sourceId: sale.id, date: '2026-05-04', description: 'Factura F-2026-000001' });
    expect(entry.lines.map((l) => [l.account, l.accountName, l.debit.toString(), l.credit.toString(), l.taxBase?.toString() ?? null])).toEqual([
      ['4300001', `Cliente ${sale.contactId.slice(0, 8)}`, '1210.00', '0.00', null],
      ['7000', 'Ventas de mercaderías en España', '0.00', '1000.00', null],
      ['477', 'Hacienda Pública, IVA repercutido', '0.00', '210.00', '1000.00'],
    ]);
    expect((await run(a.tenantId, (tx) => LedgerService.account(tx, '4300001')))).toMatchObject({ parentCode: '4300', isPostable: true, createdByTenant: true });
    expect(await run(a.tenantId, (tx) => LedgerService.nextSubAccountCode(tx, '4300'))).toBe('4300002');
    const forSource = await run(a.tenantId, (tx) => LedgerService.entriesForSource(tx, 'invoice', sale.id));
    expect(forSource.map((e) => e.id)).toEqual([entry.id]);
    const taxes = await run(a.tenantId, (tx) => LedgerService.taxSummary(tx, { from: '2026-04-01', to: '2026-06-30' }));
    expect(taxes.map((t) => [t.taxTypeId, t.account, t.credit.toString(), t.taxBase.toString()])).toEqual([[sale.vatTypeId, '477', '210.00', '1000.00']]);

    // Rectification: reverse in the same transaction as the document change.
    const reversal = await run(a.tenantId, (tx) => LedgerService.reverse(tx, entry.id, '2026-05-10', 'Rectificación'));
    expect(reversal.reversalOf).toBe(entry.id);
    expect((await run(a.tenantId, (tx) => LedgerService.entriesForSource(tx, 'invoice', sale.id))).map((e) => e.number)).toEqual([1, 2]);
  });

  test('if the document fails after posting, the entry and its number roll back with it', async () => {
    const a = await createCompany(app);
    const draft: JournalDraft = { date: '2026-05-04', description: 'Factura que falla', sourceType: 'invoice', sourceId: crypto.randomUUID(), lines: [
      { account: '4300', debit: money('10') }, { account: '7000', credit: money('10') }] };
    await expect(run(a.tenantId, async (tx) => { await LedgerService.post(tx, draft); throw new Error('invoice numbering failed'); })).rejects.toThrow('invoice numbering failed');
    const ok = await run(a.tenantId, (tx) => LedgerService.post(tx, draft));
    expect(ok.number).toBe(1);
  });

  test('numbers stay gapless under concurrent postings, a third of which roll back', async () => {
    const a = await createCompany(app);
    const draft = (i: number): JournalDraft => ({ date: '2026-06-01', description: `Concurrente ${i}`, sourceType: 'payment', lines: [
      { account: '572', debit: money(`${i + 1}.00`) }, { account: '4300', credit: money(`${i + 1}.00`) }] });
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => run(a.tenantId, async (tx) => {
      const entry = await LedgerService.post(tx, draft(i));
      if (i % 3 === 0) throw new Error(`document ${i} failed after posting`);
      return entry.number;
    })));
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(10);
    const committed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])).sort((x, y) => x - y);
    expect(committed).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const stored = await app.asAppRole<{ n: number; max: number }>(a.tenantId, `select count(*)::int as n, max(number) as max from journal_entries`);
    expect(stored).toEqual([{ n: 20, max: 20 }]);
  });

  test('drafts are validated before anything is written', async () => {
    const a = await createCompany(app);
    const bad: JournalDraft = { date: '2026-05-04', description: 'x', sourceType: 'invoice', lines: [
      { account: '4300', debit: money('10.00') }, { account: '7000', credit: money('9.99') }] };
    await expect(run(a.tenantId, (tx) => LedgerService.post(tx, bad))).rejects.toMatchObject({ status: 422 });
    await expect(run(a.tenantId, (tx) => LedgerService.post(tx, { ...bad, lines: [{ account: '9999999', debit: money('1'), createAccount: { name: 'x' } }, { account: '7000', credit: money('1') }] })))
      .rejects.toMatchObject({ status: 422 });
    expect(checkDraft(bad).map((e) => e.type)).toEqual(['value_error.unbalanced']);
    expect(checkDraft({ ...bad, lines: [{ account: '4300', debit: money('1.00').negate() }, { account: '7000', credit: money('1.00') }] })[0]).toMatchObject({
      loc: ['journal_entry', 'lines', 0, 'debit'], type: 'value_error.negative' });
    expect(checkDraft({ ...bad, lines: [{ account: '4300', debit: money('5'), credit: money('5') }, { account: '7000', credit: money('1') }] })[0].type).toBe('value_error.both_sides');
    expect(checkDraft({ ...bad, sourceType: 'Invoice!' })[0].loc).toEqual(['journal_entry', 'source_type']);
    expect(subAccountCode('4300', 12)).toBe('4300012');
    expect(() => subAccountCode('4300', 1000)).toThrow(RangeError);
  });
});
