import { Elysia, t } from 'elysia';
import { NotFound } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { queryBounds } from '../../kernel/query-bounds';
import { documentsService, paymentToJson } from './service';
import { importOpenItems } from './open-items-import';
import { OpenItemsImportBody, OpenItemsImportResponse, OpenItemsQuery, settlementModels } from './settlement-schemas';

const tags = ['settlements'];
const SettlementParams = t.Object({ settlement_id: t.String({ format: 'uuid' }) });

async function payment(tx: Parameters<typeof documentsService.getSettlement>[0], id: string) {
  const found = await documentsService.getSettlement(tx, id);
  if (!found) throw new NotFound('Settlement not found');
  return paymentToJson(found);
}

export const settlementRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:settlements' })
    .use(kernel.http)
    .model(settlementModels)
    .get('/open-items', async ({ uow, query }) => {
      const limit = query.limit ?? 50;
      const offset = query.offset ?? 0;
      const page = await uow.run((tx) => documentsService.openItemsPage(tx, { kind: query.kind, contactId: query.contact_id, status: query.status, limit, offset }));
      return { ...page, limit, offset, next_cursor: null };
    }, {
      permission: 'settlements.read', query: OpenItemsQuery, transform: queryBounds(OpenItemsQuery), response: { 200: 'PaginatedResponse_OpenItemResponse_' },
      detail: { summary: 'Open items: issued invoices and registered purchases with something outstanding, earliest due first; filters by side, contact and overdue', tags },
    })
    .post('/open-items/import', async ({ uow, body, set }) => {
      const result = await uow.run((tx) => importOpenItems(tx, body));
      set.status = result.created.length ? 201 : 200;
      return result;
    }, {
      permission: 'open-items.import', body: OpenItemsImportBody, response: { 200: OpenItemsImportResponse, 201: OpenItemsImportResponse }, effect: 'issue',
      detail: {
        summary: 'Import the open invoices and purchases of the system used before Cuadra, as open items',
        description: 'Each item becomes an issued sales invoice (keeping its number) or a registered purchase, flagged `migrated`: its VAT in the tax register (the 347 and VAT books of its year count it), `total − pending` already paid, nothing posted to the ledger (the opening balance carries it on 430/400) and no VERI*FACTU record. The contact must exist (by tax id). Every row is checked first: 422 naming each bad row, nothing written. An item imported before is reported in `existing`, not written again (201 when something was created, else 200). docs/domain/opening-open-items.md',
        tags,
      },
    })
    .post('/settlements', async ({ uow, body, set }) => {
      const input = body as { date: string; account?: string; allocations: { document_id: string; amount: string }[]; allow_overpayment?: boolean };
      const answer = await uow.run(async (tx) => {
        const { settlementIds } = await documentsService.settle(tx, { date: input.date, account: input.account, allocations: input.allocations, allowOverpayment: input.allow_overpayment });
        return payment(tx, settlementIds[0]);
      });
      set.status = 201;
      return answer;
    }, {
      permission: 'settlements.write', body: 'SettlementCreate', response: { 201: 'SettlementResponse' }, effect: 'settle',
      detail: {
        summary: 'Record one payment settling one or several documents (partial amounts allowed): one balanced entry, the documents\' amount_paid and status follow',
        description: 'Collections and supplier payments may be mixed; the account\'s lines are netted into one. An amount beyond what a document owes is 409 unless `allow_overpayment`.',
        tags,
      },
    })
    .get('/settlements/:settlement_id', async ({ uow, params }) => uow.run((tx) => payment(tx, params.settlement_id)), {
      permission: 'settlements.read', params: SettlementParams, response: { 200: 'SettlementResponse' },
      detail: { summary: 'A payment and the documents it settled', tags },
    })
    .post('/settlements/:settlement_id/reverse', async ({ uow, params, body }) => uow.run(async (tx) => {
      await documentsService.reverseSettlement(tx, params.settlement_id, (body as { date: string }).date);
      return payment(tx, params.settlement_id);
    }), {
      permission: 'settlements.write', params: SettlementParams, body: 'SettlementReverse', response: { 200: 'SettlementResponse' }, effect: 'settle',
      detail: { summary: 'Reverse a payment (a returned direct debit, a mistake): its entry is reversed and every document it settled is due again; once (409 after)', tags },
    });
