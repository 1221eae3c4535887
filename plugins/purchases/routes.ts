import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { NotFound } from '../../kernel/errors';
import { queryBounds } from '../../kernel/query-bounds';
import { DocumentIdParams, documentItemRoutes } from '../documents/api';
import { PURCHASE } from './kind';
import { PurchaseListQuery, purchaseModels } from './schemas';
import { PurchaseService, purchaseToJson, type PurchaseInput, type PurchasePatch, type PurchaseRectifyInput } from './service';

const tags = ['purchases'];
const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'application/xml': 'xml' };

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
      permission: 'purchases.write', body: 'PurchaseCreate', response: { 201: 'PurchaseResponse' }, effect: { effect: 'post', unless: { status: 'draft' } },
      detail: {
        summary: 'Register a purchase invoice or an expense (posted at once: 6xx / 472 / 4000–4100, 4751, reverse charge 472/477) unless status is draft',
        tags,
      },
    })
    .use(documentItemRoutes(kernel, {
      kind: PURCHASE, models: purchaseModels, responseModel: 'PurchaseResponse', updateModel: 'PurchaseUpdate',
      get: (tx, id) => PurchaseService.get(tx, id), update: (tx, id, patch: PurchasePatch) => PurchaseService.update(tx, id, patch), delete: (tx, id) => PurchaseService.delete(tx, id),
      toJson: (_tx, view) => purchaseToJson(view),
      summaries: {
        get: 'One purchase with its lines, tax breakdown and totals',
        patch: 'Change a draft (a registered purchase is immutable: 409)',
        delete: 'Delete a draft (a registered purchase is never deleted: 409)',
      },
    }))
    .get('/purchases/:id/file', async ({ uow, params }) => {
      const file = await uow.run(async (tx) => {
        const { record } = await PurchaseService.get(tx, params.id);
        const stored = record.fileKey ? await kernel.files.get(tx.tenantId, record.fileKey) : null;
        if (!stored) throw new NotFound('This purchase has no original file');
        return { ...stored, id: record.id };
      });
      const filename = `compra-${file.id.slice(0, 8)}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
      return new Response(file.bytes, {
        headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${filename}"`, 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' },
      });
    }, {
      permission: 'purchases.read', params: DocumentIdParams,
      detail: {
        summary: 'The original file the purchase was read from (PDF or image, as uploaded); 404 when it was entered by hand',
        tags,
        responses: { 200: { description: 'The file, as an attachment', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } } as any,
      },
    })
    .post('/purchases/:id/issue', async ({ uow, params }) => purchaseToJson(await uow.run((tx) => PurchaseService.issue(tx, params.id))), {
      permission: 'purchases.write', params: DocumentIdParams, response: { 200: 'PurchaseResponse' }, effect: 'post',
      detail: { summary: 'Register a draft: registration number, posting, immutable from then on', tags },
    })
    .post('/purchases/:id/rectify', async ({ uow, params, body, set }) => {
      const view = await uow.run((tx) => PurchaseService.rectify(tx, params.id, body as PurchaseRectifyInput));
      set.status = 201;
      return purchaseToJson(view);
    }, {
      permission: 'purchases.write', params: DocumentIdParams, body: 'PurchaseRectifyRequest', response: { 201: 'PurchaseResponse' }, effect: 'post',
      detail: { summary: "Register the supplier's rectifying invoice for a registered purchase, by differences or by substitution", tags },
    })
    .post('/purchases/:id/payments', async ({ uow, params, body }) => purchaseToJson(await uow.run((tx) => PurchaseService.registerPayment(tx, params.id, body as { date: string; amount: string; account?: string }))), {
      permission: 'purchases.write', params: DocumentIdParams, body: 'PurchasePaymentRequest', response: { 200: 'PurchaseResponse' }, effect: 'settle',
      detail: { summary: 'Record a payment to the supplier (Dr 4000/4100 / Cr 572): partially_paid or paid', tags },
    });
