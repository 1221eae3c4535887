import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { money } from '../../kernel/money';
import type { PostedEntry } from './draft';
import { csvHeader, csvRows, hledgerHeader, hledgerRows } from './export';
import { importJournalFile, journalXlsx } from './journal-file';
import { AccountCode, AccountResponse, ChartQuery, JournalEntryReverse, ExportQuery, JournalImportBody, JournalImportResponse, JournalQuery, StatementQuery, TrialBalanceQuery, ledgerModels } from './schemas';
import { checkPeriod, journalBatches, LedgerService } from './service';
import { a3Export, COLLECT_EVERY, contaplusAccountsExport, contaplusJournalExport } from './firm-files';
import { streamText } from '../../lib/table-export/text-stream';
import { PeriodLock } from './lock';
import { YEAR_END_SOURCE_TYPES } from './year-end';

const tags = ['ledger'];

/** The API shape of a posted entry (snake_case, amounts as decimal strings). */
export function entryToJson(entry: PostedEntry) {
  return {
    id: entry.id,
    number: entry.number,
    date: entry.date,
    description: entry.description,
    source_type: entry.sourceType,
    source_id: entry.sourceId,
    reversal_of: entry.reversalOf,
    reversed_by: entry.reversedBy,
    created_at: entry.createdAt,
    lines: entry.lines.map((l) => ({
      line_no: l.lineNo,
      account: l.account,
      account_name: l.accountName,
      debit: l.debit.toString(),
      credit: l.credit.toString(),
      contact_id: l.contactId,
      tax_type_id: l.taxTypeId,
      tax_base: l.taxBase?.toString() ?? null,
    })),
  };
}

/** Decimals become strings (Decimal.toJSON) through a JSON round trip; the rest is already wire-shaped. */
const wire = <T>(value: T): any => JSON.parse(JSON.stringify(value));

export const ledgerRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:ledger', prefix: '/ledger' })
    .use(kernel.http)
    .model(ledgerModels)
    .get('', async ({ uow, query }) => {
      const page = await uow.report((tx) => LedgerService.journal(tx, {
        limit: query.limit, offset: query.offset, from: query.from, to: query.to, account: query.account,
        sourceType: query.source_type, sourceId: query.source_id, contactId: query.contact_id,
      }));
      return { ...page, items: page.items.map(entryToJson) };
    }, {
      permission: 'ledger.read', query: JournalQuery, response: { 200: 'PaginatedResponse_JournalEntryResponse_' },
      detail: { summary: 'The journal (libro diario): entries with their lines, by date and number; filters by account prefix, source document and contact', tags },
    })
    .get('/entries/:id', async ({ uow, params }) => entryToJson(await uow.run((tx) => LedgerService.entry(tx, params.id))), {
      permission: 'ledger.read', params: t.Object({ id: t.String() }), response: { 200: 'JournalEntryResponse' },
      detail: { summary: 'One journal entry', tags },
    })
    .post('/entries', async ({ uow, body, set }) => {
      const entry = await uow.run((tx) => LedgerService.postManual(tx, {
        date: body.date,
        description: body.description,
        sourceType: 'manual',
        sourceId: null,
        lines: body.lines.map((l) => ({
          account: l.account,
          debit: l.debit === undefined ? undefined : money(l.debit),
          credit: l.credit === undefined ? undefined : money(l.credit),
          contactId: l.contact_id ?? null,
          taxTypeId: l.tax_type_id ?? null,
          taxBase: l.tax_base == null ? null : money(l.tax_base),
        })),
      }));
      set.status = 201;
      return entryToJson(entry);
    }, {
      permission: 'ledger.write', body: 'JournalEntryCreate', response: { 201: 'JournalEntryResponse' }, effect: 'post',
      detail: { summary: 'Post a manual journal entry (payroll, amortisation, opening balances…); it must balance and is immutable once posted', tags },
    })
    .post('/entries/:id/reverse', async ({ uow, params, body, set }) => {
      const entry = await uow.run((tx) => LedgerService.reverse(tx, params.id, body?.date, body?.description));
      set.status = 201;
      return entryToJson(entry);
    }, {
      permission: 'ledger.write', params: t.Object({ id: t.String() }), body: t.Optional(JournalEntryReverse), response: { 201: 'JournalEntryResponse' }, effect: 'post',
      detail: { summary: 'Reverse a posted entry: a new entry with debits and credits swapped (an entry is reversed at most once)', tags },
    })
    .get('/accounts', async ({ uow, query }) => wire(await uow.run((tx) => LedgerService.chart(tx, query))).map((a: any) => ({
      code: a.code, name: a.name, group: a.group, parent_code: a.parentCode, is_postable: a.isPostable, created_by_tenant: a.createdByTenant,
      debit: a.debit, credit: a.credit, balance: a.balance,
    })), {
      permission: 'ledger.read', query: ChartQuery, response: { 200: t.Array(AccountResponse) },
      detail: { summary: 'The chart of accounts (PGC) with debit, credit and balance per account, sub-accounts included', tags },
    })
    .post('/accounts', async ({ uow, body, set }) => {
      const account = await uow.run((tx) => LedgerService.createAccount(tx, { code: body.code, name: body.name, parentCode: body.parent_code }, ['body']));
      set.status = 201;
      return {
        code: account.code, name: account.name, group: account.group, parent_code: account.parentCode, is_postable: account.isPostable,
        created_by_tenant: account.createdByTenant, debit: '0.00', credit: '0.00', balance: '0.00',
      };
    }, {
      permission: 'ledger.write', body: 'AccountCreate', response: { 201: 'AccountResponse' },
      detail: { summary: 'Add a sub-account (e.g. 4300001 for one customer) under an account of the chart', tags },
    })
    .get('/trial-balance', async ({ uow, query }) => wire(await uow.report((tx) => LedgerService.trialBalance(tx, {
      from: query.from, to: query.to, level: query.level, excludeSourceTypes: query.before_closing ? [YEAR_END_SOURCE_TYPES.closing] : undefined,
    }))), {
      permission: 'ledger.read', query: TrialBalanceQuery, response: { 200: 'TrialBalanceResponse' },
      detail: { summary: 'Balance de sumas y saldos for a period', tags },
    })
    .get('/lock', async ({ uow }) => uow.run((tx) => PeriodLock.state(tx)), {
      permission: 'ledger.read', response: { 200: 'LedgerLockResponse' },
      detail: { summary: 'The period lock: the date up to which (inclusive) nothing may be posted, and every change of it (who, when, from, to, why)', tags },
    })
    .put('/lock', async ({ uow, body }) => uow.run(async (tx) => {
      await PeriodLock.set(tx, body.locked_until, { reason: 'manual' });
      return PeriodLock.state(tx);
    }), {
      permission: 'ledger.lock', body: 'LedgerLockUpdate', response: { 200: 'LedgerLockResponse' }, effect: 'close',
      detail: {
        summary: 'Lock the books up to a date: from then on any journal entry, issued or rectified document, bank movement import or settlement dated on or before it is refused with 409 naming the lock. Moving the lock back (or lifting it with null) is for an owner only (403 otherwise); every change is recorded.',
        tags,
      },
    })
    .get('/account/:code', async ({ uow, params, query }) => wire(await uow.report((tx) => LedgerService.statement(tx, params.code, query))), {
      permission: 'ledger.read', params: t.Object({ code: AccountCode }), query: StatementQuery, response: { 200: 'LedgerAccountStatement' },
      detail: { summary: 'Libro mayor of an account (and its sub-accounts) with a running balance', tags },
    })
    .get('/export', async ({ uow, query, principal }) => {
      const format = query.format ?? 'csv';
      const name = `libro-diario-${principal.tenantId}-${new Date().toISOString().slice(0, 10)}`;
      if (format === 'xlsx') return journalXlsx(uow, kernel, query, name);
      const options = { from: query.from, to: query.to, digits: query.digits, company: query.company };
      if (format === 'a3') return a3Export(uow, kernel, options, `${name}-SUENLACE.DAT`);
      if (format === 'contaplus') {
        return query.part === 'accounts'
          ? contaplusAccountsExport(uow, kernel, options, `${name}-XSubCta.txt`)
          : contaplusJournalExport(uow, kernel, options, `${name}-XDiario.txt`);
      }
      checkPeriod(query);
      return streamText({
        contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8',
        filename: `${name}.${format === 'csv' ? 'csv' : 'journal'}`, logger: kernel.logger, what: 'Journal export', collectEveryBytes: COLLECT_EVERY,
        // each batch in its own short report (journalBatches): a replica retry never writes a row twice, a slow client holds no connection
        produce: async (write) => {
          const { header, upTo } = await uow.report(async (tx) => ({ // the range fixed with the accounts the header declares
            upTo: await LedgerService.lastEntryNumber(tx),
            header: format === 'csv' ? csvHeader() : hledgerHeader(await LedgerService.accountNames(tx), tx.tenantId),
          }));
          await write(header);
          for await (const rows of journalBatches(uow, { from: query.from, to: query.to, upTo })) await write(format === 'csv' ? csvRows(rows) : hledgerRows(rows));
        },
      });
    }, {
      permission: 'ledger.read', query: ExportQuery,
      detail: {
        summary: 'The journal, streamed as it is read: CSV or XLSX (one row per line, the layout POST /ledger/import reads back: docs/domain/journal-file.md), hledger/ledger-cli journal format (an independent engine can check the totals), or the files a gestoría\'s software imports: A3 SUENLACE.DAT and ContaPlus XDiario / XSubCta (docs/domain/firm-formats.md), which POST /ledger/import reads back too',
        tags,
        responses: {
          200: {
            description: 'The journal file',
            content: {
              'text/csv': { schema: { type: 'string' } }, 'text/plain': { schema: { type: 'string' } },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
            },
          },
        },
      },
    })
    .post('/import', async ({ uow, body, set }) => {
      const result = await uow.run((tx) => importJournalFile(tx, body));
      set.status = result.already_imported ? 200 : 201;
      return result;
    }, {
      permission: 'ledger.write', body: JournalImportBody, response: { 200: JournalImportResponse, 201: JournalImportResponse }, effect: 'post',
      detail: {
        summary: 'Import journal history or opening balances from a CSV or XLSX file (the layout of GET /ledger/export), an A3 SUENLACE.DAT or a ContaPlus XDiario (with its XSubCta as `accounts` for the names): every entry must balance or the whole file is refused (422 naming the entries and their lines); accounts missing from the chart are created under their PGC group or refused (422 naming them); `mapping` translates your own account codes; the same file twice posts once (200 with the earlier import); the period lock applies (409)',
        tags,
      },
    });
