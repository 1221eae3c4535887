import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { Decimal } from '../../kernel/money';
import { queryBounds } from '../../kernel/query-bounds';
import { checkDates } from '../documents/api';
import { assetToJson, FixedAssets, scheduleOf } from './assets';
import { depreciateUntil, dispose } from './depreciation';
import { assetRegister } from './register';
import { AssetRegisterQuery, FixedAssetListQuery, fixedAssetModels, TaxTableRowResponse } from './schemas';
import { LIS_DEPRECIATION_TABLE } from './tax-table';

const tags = ['fixed-assets'];
const IdParams = t.Object({ id: t.String({ format: 'uuid' }) });
const PurchaseLineParams = t.Object({ id: t.String({ format: 'uuid' }), line: t.Integer({ minimum: 1, maximum: 100000 }) });

const leastCoefficient = (maxYears: number) => Decimal.of((10000n + BigInt(maxYears) - 1n) / BigInt(maxYears), 2).toString();

export const fixedAssetRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:fixed-assets' })
    .use(kernel.http)
    .model(fixedAssetModels)
    .get('/fixed-assets/tax-table', () => LIS_DEPRECIATION_TABLE.map((row) => ({
      code: row.code, group: row.group, label: row.label, max_coefficient: row.maxCoefficient, max_years: row.maxYears, min_coefficient: leastCoefficient(row.maxYears),
    })), {
      permission: 'fixed-assets.read', response: { 200: t.Array(TaxTableRowResponse) },
      detail: { summary: 'The official table of linear depreciation coefficients (art. 12.1.a Ley 27/2014), every row with its least and greatest coefficient', tags },
    })
    .get('/fixed-assets', async ({ uow, query }) => {
      const bounds = { limit: query.limit ?? 50, offset: query.offset ?? 0 };
      const result = await uow.run((tx) => FixedAssets.list(tx, { ...bounds, status: query.status }));
      return { items: result.items.map(assetToJson), total: result.total, ...bounds };
    }, {
      permission: 'fixed-assets.read', query: FixedAssetListQuery, transform: queryBounds(FixedAssetListQuery), response: { 200: 'PaginatedResponse_FixedAssetResponse_' },
      detail: { summary: 'List fixed assets in register order', tags },
    })
    .post('/fixed-assets', async ({ uow, body, set }) => {
      checkDates([{ loc: ['body', 'acquisition_date'], value: body.acquisition_date }, { loc: ['body', 'start_date'], value: body.start_date }]);
      const asset = await uow.run((tx) => FixedAssets.create(tx, body));
      set.status = 201;
      return assetToJson(asset);
    }, {
      permission: 'fixed-assets.write', body: 'FixedAssetCreate', response: { 201: 'FixedAssetResponse' },
      detail: { summary: 'Register a fixed asset: account, acquisition, start of use, cost, residual value, and a useful life or a coefficient of the official table', tags },
    })
    .post('/purchases/:id/lines/:line/fixed-asset', async ({ uow, params, body, set }) => {
      checkDates([{ loc: ['body', 'start_date'], value: body.start_date }]);
      const asset = await uow.run((tx) => FixedAssets.fromPurchaseLine(tx, params.id, params.line, body));
      set.status = 201;
      return assetToJson(asset);
    }, {
      permission: 'fixed-assets.write', params: PurchaseLineParams, body: 'FixedAssetFromPurchaseLine', response: { 201: 'FixedAssetResponse' },
      detail: { summary: 'Register the asset a purchase line bought (a capital good on a group 2 account): its account, date and cost from the line; once per line', tags },
    })
    .get('/fixed-assets/register', async ({ uow, query }) => uow.run((tx) => assetRegister(tx, query.year)), {
      permission: 'fixed-assets.read', query: AssetRegisterQuery,
      detail: { summary: 'The register of fixed assets for a year: cost, VAT deducted, rate, the year\'s depreciation, accumulated depreciation and book value', tags },
    })
    .post('/fixed-assets/depreciate', async ({ uow, body }) => {
      checkDates([{ loc: ['body', 'until'], value: body.until }]);
      return uow.run((tx) => depreciateUntil(tx, body.until));
    }, {
      permission: 'fixed-assets.write', body: 'DepreciateRequest', response: { 200: 'DepreciateResponse' }, effect: 'post',
      detail: { summary: 'Post every month of depreciation not yet posted up to a day, for every active asset: one entry a month (680/681/682 against 28x); a second run posts nothing', tags },
    })
    .get('/fixed-assets/:id', async ({ uow, params }) => assetToJson(await uow.run((tx) => FixedAssets.get(tx, params.id))), {
      permission: 'fixed-assets.read', params: IdParams, response: { 200: 'FixedAssetResponse' }, detail: { summary: 'One fixed asset', tags },
    })
    .get('/fixed-assets/:id/schedule', async ({ uow, params }) => uow.run(async (tx) => {
      const asset = await FixedAssets.get(tx, params.id);
      const posted = (await FixedAssets.posted(tx, [asset.id])).get(asset.id);
      return {
        asset_id: asset.id, depreciable_base: Decimal.parse(asset.cost).sub(Decimal.parse(asset.residual_value)).toString(),
        items: scheduleOf(asset).map((p) => ({
          period: p.period, date: p.date, amount: p.amount.toString(), accumulated: p.accumulated.toString(), net_book_value: p.netBookValue.toString(), posted: !!posted?.has(p.period),
        })),
      };
    }), {
      permission: 'fixed-assets.read', params: IdParams, response: { 200: 'DepreciationSchedule' },
      detail: { summary: 'The depreciation table by month, to the cent: the first month in proportion to its days, the last taking the rounding, never below the residual value', tags },
    })
    .post('/fixed-assets/:id/dispose', async ({ uow, params, body }) => {
      checkDates([{ loc: ['body', 'date'], value: body.date }]);
      const result = await uow.run((tx) => dispose(tx, params.id, body));
      return { ...result, asset: assetToJson(result.asset) };
    }, {
      permission: 'fixed-assets.write', params: IdParams, body: 'DisposalRequest', response: { 200: 'DisposalResponse' }, effect: 'post',
      detail: {
        summary: 'Dispose of an asset on a day: depreciation posted to that day, a sale invoiced to the buyer with its VAT, the asset and its depreciation taken off the books '
          + 'with the gain (77x) or loss (67x)',
        tags,
      },
    });
