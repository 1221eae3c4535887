import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { queryBounds } from '../../kernel/query-bounds';
import { importStatement, MAX_STATEMENT_BYTES } from './import';
import { matchedDocumentIds, Movements, type MovementRow } from './movements';
import { BankMovementListQuery, StatementImportBody, TreasuryListQuery, treasuryModels } from './schemas';
import { Treasuries, treasuryToJson, type TreasuryRow } from './treasuries';
import type { Tx } from '../../kernel/uow';

const tags = ['treasury'];
const TreasuryParams = t.Object({ treasury_id: t.String({ format: 'uuid' }) });
const MovementParams = t.Object({ movement_id: t.String({ format: 'uuid' }) });

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export const movementToJson = (row: MovementRow) => ({
  id: row.id, treasury_id: row.treasury_id, date: row.date, booking_date: row.date, value_date: row.value_date, amount: row.amount,
  description: row.description, reference: row.reference, counterparty: row.counterparty, counterparty_iban: row.counterparty_iban,
  status: row.status, matched_document_ids: matchedDocumentIds(row), import_id: row.import_id, created_at: iso(row.created_at),
});

/** A treasury with its balance in the books (euros) and, in another currency, in its own. */
async function shaped(tx: Tx, row: TreasuryRow) {
  return treasuryToJson(row, (await Treasuries.balances(tx, [row])).get(row.id)!, (await Treasuries.currencyBalances(tx, [row])).get(row.id));
}

export const treasuryRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:treasury' })
    .use(kernel.http)
    .model(treasuryModels)
    .get('/treasuries', async ({ uow, query }) => {
      const limit = query.limit ?? 50, offset = query.offset ?? 0;
      return uow.run(async (tx) => {
        const page = await Treasuries.list(tx, { limit, offset, kind: query.kind, includeArchived: query.include_archived, from: query.from, to: query.to });
        const balances = await Treasuries.balances(tx, page.items, query.as_of);
        const inCurrency = await Treasuries.currencyBalances(tx, page.items, query.as_of);
        return { items: page.items.map((row) => treasuryToJson(row, balances.get(row.id)!, inCurrency.get(row.id))), total: page.total, limit, offset };
      });
    }, {
      permission: 'treasury.read', query: TreasuryListQuery, transform: queryBounds(TreasuryListQuery),
      response: { 200: 'PaginatedResponse_TreasuryResponse_' },
      detail: { summary: 'List treasuries with balance (the balance of each one\'s 572x account in the books)', tags },
    })
    .post('/treasuries', async ({ uow, body, set }) => {
      const json = await uow.run(async (tx) => {
        const row = await Treasuries.create(tx, body);
        return await shaped(tx, row);
      });
      set.status = 201;
      return json;
    }, {
      permission: 'treasury.write', body: 'TreasuryCreate', response: { 201: 'TreasuryResponse' },
      detail: { summary: 'Create a treasury: its 572x and 555x sub-accounts are assigned, a non-zero opening balance is posted as an opening entry', tags },
    })
    .get('/treasuries/:treasury_id', async ({ uow, params }) => uow.run(async (tx) => {
      const row = await Treasuries.get(tx, params.treasury_id);
      return await shaped(tx, row);
    }), {
      permission: 'treasury.read', params: TreasuryParams, response: { 200: 'TreasuryResponse' },
      detail: { summary: 'One treasury with its balance', tags },
    })
    .patch('/treasuries/:treasury_id', async ({ uow, params, body }) => uow.run(async (tx) => {
      const row = await Treasuries.update(tx, params.treasury_id, body);
      return await shaped(tx, row);
    }), {
      permission: 'treasury.write', params: TreasuryParams, body: 'TreasuryUpdate', response: { 200: 'TreasuryResponse' },
      detail: { summary: 'Rename a treasury or change its IBAN or provider', tags },
    })
    .post('/treasuries/:treasury_id/archive', async ({ uow, params }) => uow.run(async (tx) => {
      const row = await Treasuries.archive(tx, params.treasury_id);
      return await shaped(tx, row);
    }), {
      permission: 'treasury.write', params: TreasuryParams, response: { 200: 'TreasuryResponse' }, effect: 'close',
      detail: { summary: 'Archive a treasury: hidden from the list by default, takes no new movements; its books stay', tags },
    })
    .post('/treasuries/:treasury_id/import', async ({ uow, params, body }) => uow.run((tx) => importStatement(tx, kernel, params.treasury_id, body)), {
      permission: 'treasury.write', params: TreasuryParams, body: StatementImportBody, maxBodyBytes: MAX_STATEMENT_BYTES + 64 * 1024,
      response: { 200: 'StatementImportResponse' },
      detail: {
        summary: 'Import a bank statement (Norma 43, CAMT.053, XLSX, an HTML-table .xls or CSV, detected by content): new movements are stored and posted against 555x; '
          + 'movements already held are skipped; a Norma 43 file whose control totals fail is refused whole (422 with the line and the reason)',
        tags,
      },
    })
    .post('/treasuries/:treasury_id/movements', async ({ uow, params, body, set }) => {
      const row = await uow.run((tx) => Movements.create(tx, params.treasury_id, body));
      set.status = 201;
      return movementToJson(row);
    }, {
      permission: 'treasury.write', params: TreasuryParams, body: 'BankMovementCreate', response: { 201: 'BankMovementResponse' },
      detail: { summary: 'Enter a bank movement by hand: stored and posted at once (572x against the suspense account 555x)', tags },
    })
    .get('/bank-movements', async ({ uow, query }) => {
      const limit = query.limit ?? 50, offset = query.offset ?? 0;
      const page = await uow.run((tx) => Movements.list(tx, {
        limit, offset, treasuryId: query.treasury_id, status: query.status, from: query.from, to: query.to, search: query.search,
      }));
      return { items: page.items.map(movementToJson), total: page.total, limit, offset };
    }, {
      permission: 'treasury.read', query: BankMovementListQuery, transform: queryBounds(BankMovementListQuery),
      response: { 200: 'PaginatedResponse_BankMovementResponse_' },
      detail: { summary: 'List bank movements, newest first; optional filter treasury_id, status, booking period and text search', tags },
    })
    .get('/bank-movements/:movement_id', async ({ uow, params }) => movementToJson(await uow.run((tx) => Movements.get(tx, params.movement_id))), {
      permission: 'treasury.read', params: MovementParams, response: { 200: 'BankMovementResponse' },
      detail: { summary: 'One bank movement', tags },
    });
