import { Elysia } from 'elysia';
import type { Kernel } from '../../../kernel/kernel';
import type { UnitOfWork } from '../../../kernel/uow';
import { queryBounds } from '../../../kernel/query-bounds';
import { DocumentIdParams, documentItemRoutes } from '../item-routes';
import { offerToJson } from './json';
import type { OfferKind } from './kind';
import { offerPdf } from './pdf';
import type { offerModels } from './schemas';
import type { OfferInput, OfferPatch, OfferService, OfferTransition } from './service';

/**
 * The HTTP routes of an offer kind under `/<plugin>`: list, create, one document (get, change or
 * delete a draft), the transitions, the conversion into a draft invoice and the PDF.
 */
export function offerRoutes(kernel: Kernel, kind: OfferKind, service: OfferService, schemas: ReturnType<typeof offerModels>) {
  const { plugin, noun } = kind;
  const base = `/${plugin}`;
  const tags = [plugin];
  const read = `${plugin}.read`;
  const write = `${plugin}.write`;
  const response = { 200: `${noun}Response` } as any;
  const lower = noun.toLowerCase();
  const transition = (name: OfferTransition, summary: string) => [
    async ({ uow, params }: { uow: UnitOfWork; params: { id: string } }) => uow.run(async (tx) => offerToJson(await service.transition(tx, params.id, name))),
    { permission: write, params: DocumentIdParams, response, detail: { summary, tags } },
  ] as const;
  return new Elysia({ name: `cuadra:${plugin}` })
    .use(kernel.http)
    .model(schemas.models)
    .get(base, async ({ uow, query }) => uow.run(async (tx) => {
      const page = await service.list(tx, { ...query, contactId: query.contact_id });
      return { ...page, items: page.items.map(offerToJson) };
    }), {
      permission: read, query: schemas.ListQuery, transform: queryBounds(schemas.ListQuery), response: { 200: `PaginatedResponse_${noun}Response_` } as any,
      detail: { summary: `${noun}s, newest first; filters by issue date (from/to), status (expired as read), contact and text`, tags },
    })
    .post(base, async ({ uow, body, set }) => {
      const json = await uow.run(async (tx) => offerToJson(await service.create(tx, body as OfferInput)));
      set.status = 201;
      return json;
    }, {
      permission: write, body: `${noun}Create` as never, response: { 201: `${noun}Response` } as any,
      detail: { summary: `Create a ${lower}: a draft numbered at once in series ${kind.series}, with no fiscal effect (no books, no tax register)`, tags },
    })
    .use(documentItemRoutes(kernel, {
      kind: { plugin, table: plugin }, models: schemas.models, responseModel: `${noun}Response`, updateModel: `${noun}Update`,
      get: (tx, id) => service.get(tx, id), update: (tx, id, patch: OfferPatch) => service.update(tx, id, patch), delete: (tx, id) => service.delete(tx, id),
      toJson: async (_tx, view) => offerToJson(view),
      summaries: { get: `One ${lower} with its lines, tax breakdown and totals`, patch: `Change a draft ${lower} (409 once sent)`, delete: `Delete a draft ${lower} (409 once sent)` },
    }))
    .post(`${base}/:id/mark-sent`, ...transition('send', `Record that the ${lower} was sent to the customer (draft → sent)`))
    .post(`${base}/:id/accept`, ...transition('accept', `The customer accepted the ${lower} (sent → accepted; 409 once expired)`))
    .post(`${base}/:id/reject`, ...transition('reject', `The customer rejected the ${lower} (sent or expired → rejected)`))
    .post(`${base}/:id/convert`, async ({ uow, params }) => uow.run(async (tx) => offerToJson(await service.convert(tx, params.id))), {
      permission: write, params: DocumentIdParams, response,
      detail: {
        summary: `Convert the ${lower} into a draft invoice with its customer and lines; the ${lower} records invoice_id and counts as accepted. Once only (409 again, and for a rejected or expired one)`,
        tags,
      },
    })
    .get(`${base}/:id/pdf`, async ({ uow, params }) => {
      const { bytes, filename } = await uow.run((tx) => offerPdf(tx, kernel, kind, service, params.id));
      return new Response(bytes, {
        headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${filename}"`, 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' },
      });
    }, {
      permission: read, params: DocumentIdParams,
      detail: {
        summary: `The ${lower} as PDF (${kind.pdf.title}; ${kind.pdf.notices.join('; ')})`,
        tags,
        responses: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } } as any,
      },
    });
}
