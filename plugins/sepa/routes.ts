import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { noContent } from '../../kernel/openapi';
import { queryBounds } from '../../kernel/query-bounds';
import { checkDates } from '../documents/api';
import { Mandates, mandateToJson } from './mandates';
import { PaymentOrders } from './payment-orders';
import { Remittances } from './remittances';
import { BatchSettle, DebitReturn, MandateListQuery, PageQuery, sepaModels } from './schemas';

const tags = ['sepa'];
const IdParams = t.Object({ id: t.String({ format: 'uuid' }) });
const xmlFile = (description: string) => ({ 200: { description, content: { 'application/xml': { schema: { type: 'string', format: 'binary' } } } } }) as any;
const xmlResponse = ({ name, xml }: { name: string; xml: string }) => new Response(xml, {
  headers: {
    'content-type': 'application/xml; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`,
    'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store',
  },
});
const page = (query: { limit?: number; offset?: number }) => ({ limit: query.limit ?? 50, offset: query.offset ?? 0 });

export const sepaRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:sepa' })
    .use(kernel.http)
    .model(sepaModels)
    // mandates
    .get('/mandates', async ({ uow, query }) => {
      const bounds = page(query);
      const result = await uow.run((tx) => Mandates.list(tx, { ...bounds, contactId: query.contact_id, includeCancelled: query.include_cancelled }));
      return { items: result.items.map(mandateToJson), total: result.total, ...bounds };
    }, {
      permission: 'sepa.read', query: MandateListQuery, transform: queryBounds(MandateListQuery), response: { 200: 'PaginatedResponse_MandateResponse_' },
      detail: { summary: 'List direct-debit mandates (cancelled ones with include_cancelled)', tags },
    })
    .post('/mandates', async ({ uow, body, set }) => {
      checkDates([{ loc: ['body', 'signature_date'], value: body.signature_date }]);
      const row = await uow.run((tx) => Mandates.create(tx, body));
      set.status = 201;
      return mandateToJson(row);
    }, {
      permission: 'sepa.write', body: 'MandateCreate', response: { 201: 'MandateResponse' },
      detail: { summary: 'Record a mandate a customer signed: unique reference, signature date, scheme, recurrent or one-off, the account to debit', tags },
    })
    .get('/mandates/:id', async ({ uow, params }) => mandateToJson(await uow.run((tx) => Mandates.get(tx, params.id))), {
      permission: 'sepa.read', params: IdParams, response: { 200: 'MandateResponse' }, detail: { summary: 'One mandate', tags },
    })
    .patch('/mandates/:id', async ({ uow, params, body }) => {
      checkDates([{ loc: ['body', 'signature_date'], value: body.signature_date }]);
      return mandateToJson(await uow.run((tx) => Mandates.update(tx, params.id, body)));
    }, {
      permission: 'sepa.write', params: IdParams, body: 'MandateUpdate', response: { 200: 'MandateResponse' },
      detail: { summary: 'Change a mandate\'s account or signature date, or cancel it (`cancelled: true`)', tags },
    })
    .delete('/mandates/:id', async ({ uow, params, set }) => {
      await uow.run((tx) => Mandates.remove(tx, params.id));
      set.status = 204;
    }, {
      permission: 'sepa.write', params: IdParams,
      detail: { summary: 'Delete a mandate entered by mistake; one already collected is cancelled instead (409)', tags, responses: noContent },
    })
    // payment orders (pain.001)
    .get('/payment-orders', async ({ uow, query }) => uow.run((tx) => PaymentOrders.list(tx, page(query))), {
      permission: 'sepa.read', query: PageQuery, transform: queryBounds(PageQuery), response: { 200: 'PaginatedResponse_PaymentOrderResponse_' },
      detail: { summary: 'List payment orders, newest first', tags },
    })
    .post('/payment-orders', async ({ uow, body, set }) => {
      checkDates([{ loc: ['body', 'execution_date'], value: body.execution_date }]);
      const order = await uow.run((tx) => PaymentOrders.create(tx, kernel, body));
      set.status = 201;
      return order;
    }, {
      permission: 'sepa.write', body: 'PaymentOrderCreate', response: { 201: 'PaymentOrderResponse' },
      detail: { summary: 'Pay open purchase invoices by SEPA credit transfer: one order, one transfer per invoice for what it still owes (the supplier needs a valid IBAN)', tags },
    })
    .get('/payment-orders/:id', async ({ uow, params }) => uow.run((tx) => PaymentOrders.get(tx, params.id)), {
      permission: 'sepa.read', params: IdParams, response: { 200: 'PaymentOrderResponse' }, detail: { summary: 'One payment order with its transfers', tags },
    })
    .get('/payment-orders/:id/file', async ({ uow, params }) => xmlResponse(await uow.run((tx) => PaymentOrders.file(tx, params.id))), {
      permission: 'sepa.read', params: IdParams,
      detail: { summary: 'The order as an ISO 20022 pain.001.001.09 file for the bank', tags, responses: xmlFile('pain.001.001.09 XML') },
    })
    .post('/payment-orders/:id/settle', async ({ uow, params, body }) => {
      checkDates([{ loc: ['body', 'date'], value: body.date }]);
      return uow.run((tx) => PaymentOrders.settle(tx, kernel, params.id, { date: body.date, movementId: body.movement_id }));
    }, {
      permission: 'sepa.write', params: IdParams, body: BatchSettle, response: { 200: 'PaymentOrderResponse' }, effect: 'settle',
      detail: { summary: 'Record the order as paid on a date: every invoice in it settled at once against the treasury, one payment and one journal entry', tags },
    })
    // direct-debit remittances (pain.008)
    .get('/direct-debit-remittances', async ({ uow, query }) => uow.run((tx) => Remittances.list(tx, page(query))), {
      permission: 'sepa.read', query: PageQuery, transform: queryBounds(PageQuery), response: { 200: 'PaginatedResponse_RemittanceResponse_' },
      detail: { summary: 'List direct-debit remittances, newest first', tags },
    })
    .post('/direct-debit-remittances', async ({ uow, body, set }) => {
      checkDates([{ loc: ['body', 'collection_date'], value: body.collection_date }]);
      const remittance = await uow.run((tx) => Remittances.create(tx, kernel, body));
      set.status = 201;
      return remittance;
    }, {
      permission: 'sepa.write', body: 'RemittanceCreate', response: { 201: 'RemittanceResponse' },
      detail: { summary: 'Collect open sales invoices by SEPA direct debit under each customer\'s mandate (FRST, RCUR or OOFF as the mandate requires)', tags },
    })
    .get('/direct-debit-remittances/:id', async ({ uow, params }) => uow.run((tx) => Remittances.get(tx, params.id)), {
      permission: 'sepa.read', params: IdParams, response: { 200: 'RemittanceResponse' }, detail: { summary: 'One remittance with its debits', tags },
    })
    .get('/direct-debit-remittances/:id/file', async ({ uow, params }) => xmlResponse(await uow.run((tx) => Remittances.file(tx, params.id))), {
      permission: 'sepa.read', params: IdParams,
      detail: { summary: 'The remittance as an ISO 20022 pain.008.001.08 file for the bank', tags, responses: xmlFile('pain.008.001.08 XML') },
    })
    .post('/direct-debit-remittances/:id/settle', async ({ uow, params, body }) => {
      checkDates([{ loc: ['body', 'date'], value: body.date }]);
      return uow.run((tx) => Remittances.settle(tx, kernel, params.id, { date: body.date, movementId: body.movement_id }));
    }, {
      permission: 'sepa.write', params: IdParams, body: BatchSettle, response: { 200: 'RemittanceResponse' }, effect: 'settle',
      detail: { summary: 'Record the remittance as collected on a date: every invoice in it settled at once, one payment and one journal entry', tags },
    })
    .post('/direct-debit-remittances/:id/returns', async ({ uow, params, body }) => {
      checkDates([{ loc: ['body', 'date'], value: body.date }]);
      return uow.run((tx) => Remittances.returnDebit(tx, kernel, params.id, body));
    }, {
      permission: 'sepa.write', params: IdParams, body: DebitReturn, response: { 200: 'RemittanceResponse' }, effect: 'settle',
      detail: {
        summary: 'Record a returned debit (R-transaction) of a settled remittance: the invoice is owed again, the fee goes to 626, the statement\'s debit is matched, '
          + 'and the mandate is cancelled when the reason says it cannot be used again (AC01, AC04, AC06, MD01, MD07)',
        tags,
      },
    });
