import { Elysia, t } from 'elysia';
import { Forbidden } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import type { Principal } from '../../kernel/principal';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import { queryBounds } from '../../kernel/query-bounds';
import { DocumentIdParams, documentItemRoutes } from '../documents/api';
import { hasResponseFields, responseFieldsAfterIssue, withResponseFields } from './extensions';
import { INVOICE } from './kind';
import { renderInvoice } from './rendering';
import { InvoiceListQuery, invoiceModels } from './schemas';
import { InvoiceService, invoiceToJson, type InvoiceInput, type InvoiceView, type InvoicePatch, type RectifyInput } from './service';

const tags = ['invoices'];

/**
 * The hot write routes (create, issue) document InvoiceResponse without Elysia's runtime response
 * encoding: walking the whole invoice through TypeBox Encode (formats, unions) cost about a fifth of
 * the CPU of an issue. The body is built by invoiceToJson, whose shape the tests check against the
 * model; the other routes keep the runtime check.
 */
const documented = (status: number, description: string) => ({
  [status]: { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/InvoiceResponse' } } } },
}) as any;

/** Creating with status `issued` (the default) also needs the issuing permission. */
function assertMayIssue(kernel: Kernel, principal: Principal): void {
  if (!principal.role || !kernel.permissions.rolesFor('invoices.issue').includes(principal.role)) {
    throw new Forbidden(`Your role (${principal.role}) does not allow invoices.issue: create the invoice as a draft`);
  }
}

export const invoiceRoutes = (kernel: Kernel) => {
  /** The wire shape with the fields other plugins contribute (`invoice-response-fields`), read in `tx`. */
  const shaped = async (tx: Tx, view: InvoiceView) => (await withResponseFields(kernel, tx, [invoiceToJson(view)]))[0];
  /** The same for a view obtained outside a unit of work (the one-statement issue paths). */
  const shapedAfter = async (uow: UnitOfWork, view: InvoiceView) => hasResponseFields(kernel)
    ? responseFieldsAfterIssue(kernel, view, invoiceToJson(view), (work) => uow.run(work))
    : invoiceToJson(view);
  return new Elysia({ name: 'cuadra:invoices' })
    .use(kernel.http)
    .model(invoiceModels)
    .get('/invoices', async ({ uow, query }) => uow.run(async (tx) => {
      const page = await InvoiceService.list(tx, {
        limit: query.limit, offset: query.offset, from: query.from, to: query.to, status: query.status, contactId: query.contact_id, series: query.series,
        search: query.search, cursor: query.cursor,
      });
      return { ...page, items: await withResponseFields(kernel, tx, page.items.map(invoiceToJson)) };
    }), {
      permission: 'invoices.read', query: InvoiceListQuery, transform: queryBounds(InvoiceListQuery), response: { 200: 'PaginatedResponse_InvoiceResponse_' },
      detail: { summary: 'Sales invoices, newest first (best match first when searching); filters by issue date (from/to), status, contact, series and text; pages by offset or cursor', tags },
    })
    .post('/invoices', async ({ uow, body, set, principal }) => {
      const input = body as InvoiceInput;
      const issue = (input.status ?? 'issued') === 'issued';
      if (issue) assertMayIssue(kernel, principal);
      const view = issue ? await InvoiceService.createIssued(uow, input) : await uow.run((tx) => InvoiceService.create(tx, input));
      set.status = 201;
      return shapedAfter(uow, view);
    }, {
      permission: 'invoices.write', body: 'InvoiceCreate', effect: { effect: 'issue', unless: { status: 'draft' } },
      detail: {
        responses: documented(201, 'The invoice (issued, or the draft)'),
        summary: 'Create an invoice: issued at once (numbered in its series, posted to the ledger) unless status is draft',
        description: 'VAT is computed per tax type on the summed bases and allocated back to the lines. Issuing also needs `invoices.issue`.',
        tags,
      },
    })
    .post('/invoices/preview', async ({ uow, body }) => uow.run(async (tx) => {
      const { record, types } = await InvoiceService.preview(tx, body as InvoiceInput);
      const json = invoiceToJson({ record, types });
      return {
        currency: json.currency, subtotal: json.subtotal, tax_total: json.tax_total, surcharge_total: json.surcharge_total, withholding_total: json.withholding_total,
        total: json.total, tax_breakdown: json.tax_breakdown, legends: json.legends, lines: json.lines,
      };
    }), {
      permission: 'invoices.write', body: 'InvoiceCreate', response: { 200: 'InvoicePreview' },
      detail: {
        summary: 'The lines, tax breakdown and totals an invoice would have, without creating it',
        description: 'Takes the body of POST /invoices and answers what the created invoice would carry: each line\'s base and taxes, the breakdown per tax type (VAT computed on the summed bases, then allocated to the lines), the legends and the totals. Nothing is stored and no number is taken. The same checks as a draft apply (422 for a bad line, date, currency or tax type; 404 for a customer or tax type that is not the company\'s); `status` is ignored, and what only issuing checks (the parties\' data, a negative total) is checked when the invoice is issued. For an editor showing totals as the user types.',
        tags,
      },
    })
    .use(documentItemRoutes(kernel, {
      kind: INVOICE, models: invoiceModels, responseModel: 'InvoiceResponse', updateModel: 'InvoiceUpdate',
      get: (tx, id) => InvoiceService.get(tx, id), update: (tx, id, patch: InvoicePatch) => InvoiceService.update(tx, id, patch), delete: (tx, id) => InvoiceService.delete(tx, id), toJson: shaped,
      summaries: {
        get: 'One invoice with its lines, tax breakdown and totals',
        patch: 'Change a draft (an issued invoice is immutable: 409, rectify it instead)',
        delete: 'Delete a draft (an issued invoice is never deleted: 409)',
      },
    }))
    .post('/invoices/:id/issue', async ({ uow, params }) => shapedAfter(uow, await InvoiceService.issueDraft(uow, params.id)), {
      permission: 'invoices.issue', params: DocumentIdParams, effect: 'issue',
      detail: { responses: documented(200, 'The issued invoice'), summary: 'Issue a draft: next number of its series (no gaps), posting 430/700–705/477 (473, RE), immutable from then on', tags },
    })
    .post('/invoices/:id/rectify', async ({ uow, params, body, set }) => {
      const json = await uow.run(async (tx) => shaped(tx, await InvoiceService.rectify(tx, params.id, body as RectifyInput)));
      set.status = 201;
      return json;
    }, {
      permission: 'invoices.issue', params: DocumentIdParams, body: 'RectifyRequest', response: { 201: 'InvoiceResponse' }, effect: 'issue',
      detail: { summary: 'Issue a rectifying invoice (series R) for an issued invoice, by differences or by substitution; answers the rectifying invoice', tags },
    })
    .post('/invoices/:id/payments', async ({ uow, params, body }) => uow.run(async (tx) => shaped(tx, await InvoiceService.registerPayment(tx, params.id, body as { date: string; amount: string; account?: string }))), {
      permission: 'invoices.issue', params: DocumentIdParams, body: 'InvoicePaymentRequest', response: { 200: 'InvoiceResponse' }, effect: 'settle',
      detail: { summary: 'Record a collection (Dr 572 / Cr 4300): the invoice becomes partially_paid or paid', tags },
    })
    .get('/invoices/:id/pdf', async ({ uow, params }) => {
      const { bytes, filename } = await uow.run(async (tx) => renderInvoice(kernel, tx, await InvoiceService.get(tx, params.id)));
      return new Response(bytes, {
        headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${filename}"`, 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' },
      });
    }, {
      permission: 'invoices.read', params: DocumentIdParams,
      detail: {
        summary: 'The invoice as PDF with the content of art. 6 RD 1619/2012 (a draft prints as BORRADOR)',
        tags,
        responses: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } } as any,
      },
    });
};
