import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { queryBounds } from '../taxes/api';
import { PurchaseListQuery, purchaseModels } from './schemas';
import { PurchaseService, purchaseToJson, type PurchaseInput, type PurchasePatch, type PurchaseRectifyInput } from './service';

const tags = ['purchases'];
const IdParams = t.Object({ id: t.String({ format: 'uuid' }) });

export const purchaseRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:purchases' })
    .use(kernel.http)
    .model(purchaseModels)
    .get('/purchases', async ({ uow, query }) => {
      const page = await uow.run((tx) => PurchaseService.list(tx, {
        limit: query.limit, offset: query.offset, from: query.from, to: query.to, status: query.status, contactId: query.contact_id, kind: query.kind,
        search: query.search, cursor: query.cursor,
      }));
      return { ...page, items: page.items.map(purchaseToJson) };
    }, {
      permission: 'purchases.read', query: PurchaseListQuery, transform: queryBounds(PurchaseListQuery), response: { 200: 'PaginatedResponse_PurchaseResponse_' },
      detail: { summary: 'Purchase invoices and expenses, newest first (best match first when searching); filters by date (from/to), status, contact, kind and text; pages by offset or cursor', tags },
    })
    .post('/purchases', async ({ uow, body, set }) => {
      const view = await uow.run((tx) => PurchaseService.create(tx, body as PurchaseInput));
      set.status = 201;
      return purchaseToJson(view);
    }, {
      permission: 'purchases.write', body: 'PurchaseCreate', response: { 201: 'PurchaseResponse' },
      detail: {
        summary: 'Register a purchase invoice or an expense (posted at once: 6xx / 472 / 4000–4100, 4751, reverse charge 472/477) unless status is draft',
        tags,
      },
    })
    .get('/purchases/:id', async ({ uow, params }) => purchaseToJson(await uow.run((tx) => PurchaseService.get(tx, params.id))), {
      permission: 'purchases.read', params: IdParams, response: { 200: 'PurchaseResponse' },
      detail: { summary: 'One purchase with its lines, tax breakdown and totals', tags },
    })
    .patch('/purchases/:id', async ({ uow, params, body }) => purchaseToJson(await uow.run((tx) => PurchaseService.update(tx, params.id, body as PurchasePatch))), {
      permission: 'purchases.write', params: IdParams, body: 'PurchaseUpdate', response: { 200: 'PurchaseResponse' },
      detail: { summary: 'Change a draft (a registered purchase is immutable: 409)', tags },
    })
    .delete('/purchases/:id', async ({ uow, params, set }) => {
      await uow.run((tx) => PurchaseService.delete(tx, params.id));
      set.status = 204;
    }, {
      permission: 'purchases.write', params: IdParams,
      detail: { summary: 'Delete a draft (a registered purchase is never deleted: 409)', tags },
    })
    .post('/purchases/:id/issue', async ({ uow, params }) => purchaseToJson(await uow.run((tx) => PurchaseService.issue(tx, params.id))), {
      permission: 'purchases.write', params: IdParams, response: { 200: 'PurchaseResponse' },
      detail: { summary: 'Register a draft: registration number, posting, immutable from then on', tags },
    })
    .post('/purchases/:id/rectify', async ({ uow, params, body, set }) => {
      const view = await uow.run((tx) => PurchaseService.rectify(tx, params.id, body as PurchaseRectifyInput));
      set.status = 201;
      return purchaseToJson(view);
    }, {
      permission: 'purchases.write', params: IdParams, body: 'PurchaseRectifyRequest', response: { 201: 'PurchaseResponse' },
      detail: { summary: "Register the supplier's rectifying invoice for a registered purchase, by differences or by substitution", tags },
    })
    .post('/purchases/:id/payments', async ({ uow, params, body }) => purchaseToJson(await uow.run((tx) => PurchaseService.registerPayment(tx, params.id, body as { date: string; amount: string; account?: string }))), {
      permission: 'purchases.write', params: IdParams, body: 'PurchasePaymentRequest', response: { 200: 'PurchaseResponse' },
      detail: { summary: 'Record a payment to the supplier (Dr 4000/4100 / Cr 572): partially_paid or paid', tags },
    });
