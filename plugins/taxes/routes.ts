import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { queryBounds } from '../../kernel/query-bounds';
import { TaxTypeListQuery, taxModels } from './schemas';
import { TaxService, taxTypeToJson, type OssStatus } from './service';

const tags = ['taxes'];
const IdParams = t.Object({ id: t.String({ format: 'uuid' }) });

const settingsToJson = (status: OssStatus) => ({
  oss_registered: status.registered,
  oss_threshold: status.threshold.toString(),
  distance_sales_current_year: status.currentYearTotal.toString(),
  distance_sales_previous_year: status.previousYearTotal.toString(),
  oss_applies: status.applies,
});

export const taxRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:taxes', prefix: '/taxes' })
    .use(kernel.http)
    .model(taxModels)
    .get('', async ({ uow, query }) => {
      const limit = query.limit ?? 50, offset = query.offset ?? 0;
      const { items, total } = await uow.run((tx) => TaxService.list(tx, { ...query, limit, offset }));
      return { items: items.map(taxTypeToJson), total, limit, offset };
    }, {
      permission: 'taxes.read', query: TaxTypeListQuery, transform: queryBounds(TaxTypeListQuery), response: { 200: 'PaginatedResponse_TaxTypeResponse_' },
      detail: { summary: 'Tax types of the company: the Spanish catalogue seeded at onboarding plus its own', tags },
    })
    .post('', async ({ uow, body, set }) => {
      set.status = 201;
      return taxTypeToJson(await uow.run((tx) => TaxService.create(tx, body)));
    }, {
      permission: 'taxes.manage', body: 'TaxTypeCreate', response: { 201: 'TaxTypeResponse' },
      detail: { summary: 'Add a tax type (e.g. the OSS rate of another Member State); codes are unique per company (409)', tags },
    })
    .get('/settings', async ({ uow }) => settingsToJson(await uow.run((tx) => TaxService.ossStatus(tx))), {
      permission: 'taxes.read', response: { 200: 'TaxSettingsResponse' },
      detail: { summary: 'Tax settings: OSS registration and EU distance sales against the €10,000 threshold', tags },
    })
    .patch('/settings', async ({ uow, body }) => settingsToJson(await uow.run(async (tx) => {
      await TaxService.updateSettings(tx, body);
      return TaxService.ossStatus(tx);
    })), {
      permission: 'taxes.manage', body: 'TaxSettingsUpdate', response: { 200: 'TaxSettingsResponse' },
      detail: { summary: 'Change the tax settings', tags },
    })
    .get('/:id', async ({ uow, params }) => taxTypeToJson(await uow.run((tx) => TaxService.get(tx, params.id))), {
      permission: 'taxes.read', params: IdParams, response: { 200: 'TaxTypeResponse' },
      detail: { summary: 'One tax type', tags },
    })
    .patch('/:id', async ({ uow, params, body }) => taxTypeToJson(await uow.run((tx) => TaxService.update(tx, params.id, body))), {
      permission: 'taxes.manage', params: IdParams, body: 'TaxTypeUpdate', response: { 200: 'TaxTypeResponse' },
      detail: { summary: 'Rename, describe, deactivate or reactivate a tax type (seeded ones included)', tags },
    });
