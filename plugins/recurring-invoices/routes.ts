import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { noContent } from '../../kernel/openapi';
import { todayInSpain } from '../ledger/api';
import { queryBounds } from '../../kernel/query-bounds';
import { Runs } from './runs';
import { RecurringInvoiceListQuery, RecurringInvoiceRunListQuery, recurringInvoiceModels } from './schemas';
import { Templates, templateToJson, type TemplateInput, type TemplatePatch } from './templates';

const tags = ['recurring-invoices'];
const Params = t.Object({ id: t.String({ format: 'uuid' }) });

export const recurringInvoiceRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:recurring-invoices' })
    .use(kernel.http)
    .model(recurringInvoiceModels)
    .get('/recurring-invoices', async ({ uow, query }) => uow.run(async (tx) => {
      const page = await Templates.list(tx, { limit: query.limit ?? 50, offset: query.offset ?? 0, status: query.status });
      return { ...page, items: page.items.map(templateToJson) };
    }), {
      permission: 'recurring-invoices.read', query: RecurringInvoiceListQuery, transform: queryBounds(RecurringInvoiceListQuery),
      response: { 200: 'PaginatedResponse_RecurringInvoiceResponse_' },
      detail: { summary: 'Recurring invoice templates, oldest first; filter by status', tags },
    })
    .post('/recurring-invoices', async ({ uow, body, set }) => {
      const json = templateToJson(await uow.run((tx) => Templates.create(tx, body as TemplateInput)));
      set.status = 201;
      return json;
    }, {
      permission: 'recurring-invoices.write', body: 'RecurringInvoiceCreate', response: { 201: 'RecurringInvoiceResponse' }, effect: { effect: 'issue', unless: { action: 'draft' } },
      detail: {
        summary: 'Create a template: from its start date, the background job makes one invoice a period (issued or draft), periods missed while the service was down included',
        description: 'The customer and lines are checked as POST /invoices checks them; what issuing checks (the company\'s data) is checked as each invoice is made, and a failure is recorded on the period\'s run (GET /recurring-invoices/{id}/runs) and retried.',
        tags,
      },
    })
    .get('/recurring-invoices/:id', async ({ uow, params }) => templateToJson(await uow.run((tx) => Templates.get(tx, params.id))), {
      permission: 'recurring-invoices.read', params: Params, response: { 200: 'RecurringInvoiceResponse' },
      detail: { summary: 'One template, with the date of its next invoice', tags },
    })
    .patch('/recurring-invoices/:id', async ({ uow, params, body }) => templateToJson(await uow.run((tx) => Templates.update(tx, params.id, body as TemplatePatch))), {
      permission: 'recurring-invoices.write', params: Params, body: 'RecurringInvoiceUpdate', response: { 200: 'RecurringInvoiceResponse' }, effect: { effect: 'issue', unless: { action: 'draft' } },
      detail: { summary: 'Change a template: only the invoices not made yet change', tags },
    })
    .delete('/recurring-invoices/:id', async ({ uow, params, set }) => {
      await uow.run((tx) => Templates.remove(tx, params.id));
      set.status = 204;
    }, {
      permission: 'recurring-invoices.write', params: Params,
      detail: { summary: 'Delete a template and its runs; the invoices it made stay', tags, responses: noContent },
    })
    .post('/recurring-invoices/:id/pause', async ({ uow, params }) => templateToJson(await uow.run((tx) => Templates.pause(tx, params.id, todayInSpain()))), {
      permission: 'recurring-invoices.write', params: Params, response: { 200: 'RecurringInvoiceResponse' },
      detail: { summary: 'Stop making invoices from today (409 when already paused)', tags },
    })
    .post('/recurring-invoices/:id/resume', async ({ uow, params }) => templateToJson(await uow.run((tx) => Templates.resume(tx, params.id, todayInSpain()))), {
      permission: 'recurring-invoices.write', params: Params, response: { 200: 'RecurringInvoiceResponse' }, effect: 'issue',
      detail: { summary: 'Make invoices again from today; the periods that fell due while paused are skipped, not made (409 when not paused)', tags },
    })
    .get('/recurring-invoices/:id/runs', async ({ uow, params, query }) => uow.run(async (tx) => {
      await Templates.get(tx, params.id);
      return Runs.list(tx, params.id, { limit: query.limit ?? 50, offset: query.offset ?? 0 });
    }), {
      permission: 'recurring-invoices.read', params: Params, query: RecurringInvoiceRunListQuery, transform: queryBounds(RecurringInvoiceRunListQuery),
      response: { 200: 'PaginatedResponse_RecurringInvoiceRunResponse_' },
      detail: { summary: 'What the job made from a template, newest period first: each period\'s invoice (id, number, status) or why it failed', tags },
    });
