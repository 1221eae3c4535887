import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { noContent } from '../../kernel/openapi';
import { queryBounds } from '../../kernel/query-bounds';
import { exportContacts } from './export';
import { importContacts } from './import';
import { contactInsights } from './insights';
import { ContactExportQuery, ContactImportBody, ContactImportResponse, ContactListQuery, ContactSummaryQuery, InsightsQuery, TaxSuggestionQuery, contactModels } from './schemas';
import { ContactService, contactJson, contactToJson } from './service';
import { suggestTaxType } from './tax-suggestion';

const tags = ['contacts'];
const IdParams = t.Object({ contact_id: t.String({ format: 'uuid' }) });
const KeepIdParams = t.Object({ keep_id: t.String({ format: 'uuid' }) });

const filtersOf = (query: Record<string, any>) => ({
  search: query.search, kind: query.kind, country: query.country, customer_type: query.customer_type,
  has_vat: query.has_vat, external_source: query.external_source,
});

const FILE_TYPES = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
  'text/csv': { schema: { type: 'string' } },
  'application/json': { schema: { type: 'array', items: { type: 'object' } } },
  'application/pdf': { schema: { type: 'string', format: 'binary' } },
};

export const contactRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:contacts' })
    .use(kernel.http)
    .model(contactModels)
    .get('/contacts', async ({ uow, query }) => {
      const limit = query.limit ?? 50, offset = query.offset ?? 0;
      const filters = { ...filtersOf(query), from_date: query.from, to_date: query.to };
      const { items, total, nextCursor } = await uow.run((tx) => ContactService.list(tx, filters, { limit, offset, cursor: query.cursor, total: query.total }));
      return { items: items.map(contactToJson), total, limit, offset, next_cursor: nextCursor };
    }, {
      permission: 'contacts.read', query: ContactListQuery, transform: queryBounds(ContactListQuery),
      response: { 200: 'PaginatedResponse_ContactResponse_' },
      detail: { summary: 'Customers and suppliers, filtered, by name (by relevance when searching); pages by offset or cursor', tags },
    })
    .post('/contacts', async ({ uow, body, set }) => {
      set.status = 201;
      return contactJson(await uow.run((tx) => ContactService.create(tx, body)));
    }, {
      permission: 'contacts.write', body: 'ContactCreate', response: { 201: 'ContactResponse' },
      detail: { summary: 'Create a contact (tax number, country and IBAN are checked)', tags },
    })
    .get('/contacts/summary', async ({ uow, query }) => uow.run((tx) => ContactService.summary(tx, filtersOf(query))), {
      permission: 'contacts.read', query: ContactSummaryQuery, response: { 200: 'ContactSummary' },
      detail: { summary: 'Counts over every contact matching the filters', tags },
    })
    .get('/contacts/export', async ({ uow, query }) => exportContacts(uow, kernel.logger, {
      filters: { ...filtersOf(query), from_date: query.from_date, to_date: query.to_date },
      format: query.format ?? 'xlsx',
      columns: query.columns,
    }), {
      permission: 'contacts.read', query: ContactExportQuery,
      detail: {
        summary: 'Download the filtered contacts as xlsx (default), csv, json or pdf; streamed in batches',
        tags,
        responses: { 200: { description: 'The file, as an attachment (Content-Disposition filename contactos-YYYY-MM-DD.<ext>)', content: FILE_TYPES } } as any,
      },
    })
    .post('/contacts/import', async ({ uow, body, set }) => {
      const result = await uow.run((tx) => importContacts(tx, body));
      set.status = result.created_ids.length ? 201 : 200;
      return result;
    }, {
      permission: 'contacts.write', body: ContactImportBody, response: { 200: ContactImportResponse, 201: ContactImportResponse },
      detail: {
        summary: 'Import contacts from a CSV or XLSX file: Cuadra\'s own columns or the layouts of Holded\'s and ContaPlus\'s exports. Every row is checked first (422 naming each bad row, nothing written); a row whose tax number is already in the company or earlier in the file is reported, not created twice, so the same file twice creates once (201 when something was created, else 200); `dry_run` reports without writing',
        tags,
      },
    })
    .get('/contacts/:contact_id', async ({ uow, params }) => contactJson(await uow.run((tx) => ContactService.get(tx, params.contact_id))), {
      permission: 'contacts.read', params: IdParams, response: { 200: 'ContactResponse' },
      detail: { summary: 'One contact', tags },
    })
    .patch('/contacts/:contact_id', async ({ uow, params, body }) => contactJson(await uow.run((tx) => ContactService.update(tx, params.contact_id, body))), {
      permission: 'contacts.write', params: IdParams, body: 'ContactUpdate', response: { 200: 'ContactResponse' },
      detail: { summary: 'Change a contact', tags },
    })
    .delete('/contacts/:contact_id', async ({ uow, params, set }) => {
      await uow.run((tx) => ContactService.delete(tx, params.contact_id));
      set.status = 204;
    }, {
      permission: 'contacts.write', params: IdParams,
      detail: { summary: 'Delete a contact that no document or manual journal entry points to (else 409: merge it instead)', tags, responses: noContent },
    })
    .get('/contacts/:contact_id/stats', async ({ uow, params }) => uow.run((tx) => ContactService.stats(tx, params.contact_id)), {
      permission: 'contacts.read', params: IdParams, response: { 200: 'ContactStatsResponse' },
      detail: { summary: 'Documents and totals of a contact, from the document plugins', tags },
    })
    .get('/contacts/:contact_id/tax-suggestion', async ({ uow, params, query }) => uow.run(async (tx) => {
      const contact = await ContactService.get(tx, params.contact_id);
      return suggestTaxType(tx, contact, query.context ?? 'sale', query.nature ?? 'services');
    }), {
      permission: 'contacts.read', params: IdParams, query: TaxSuggestionQuery, response: { 200: 'TaxSuggestionResponse' },
      detail: { summary: 'The tax type a sale to / purchase from this contact most likely needs, and why', tags },
    })
    .post('/contacts/:keep_id/merge', async ({ uow, params, body }) => {
      const result = await uow.run((tx) => ContactService.merge(tx, params.keep_id, body.duplicate_ids));
      return { contact: contactJson(result.contact), merged_ids: result.mergedIds, documents_repointed: result.documentsRepointed };
    }, {
      permission: 'contacts.write', params: KeepIdParams, body: 'MergeContactsBody', response: { 200: 'MergeContactsResponse' }, effect: 'delete',
      detail: { summary: 'Merge duplicates into this contact in one transaction: their documents move to it and they are deleted', tags },
    })
    .get('/contacts-insights', async ({ uow, query }) => uow.run((tx) => contactInsights(tx, query.months ?? 12)), {
      permission: 'contacts.read', query: InsightsQuery, transform: queryBounds(InsightsQuery), response: { 200: 'ContactInsights' },
      detail: { summary: 'Contacts dashboard: new contacts per month, customer and supplier activity, top counterparties', tags },
    });
