import { t } from 'elysia';
import { MONEY_PATTERN } from '../../kernel/money';
import { literalUnion, Nullable } from '../../kernel/schemas';

const Uuid = t.String({ format: 'uuid' });
const IsoDate = t.String({ format: 'date', description: 'YYYY-MM-DD', examples: ['2026-03-16'] });
const Timestamp = t.String({ format: 'date-time' });
const Money = t.String({ pattern: MONEY_PATTERN, description: 'Decimal string with two decimals', examples: ['1200.00'] });
const Account = t.String({ pattern: '^2[012][0-9]{1,10}$', description: 'The asset account: subgroup 20 (intangible), 21 (tangible) or 22 (real-estate investments), e.g. 217', examples: ['217'] });
const Coefficient = t.String({ pattern: '^[0-9]{1,3}(\\.[0-9]{1,2})?$', description: 'Percent of the depreciable base a year, within the table row\'s range; its maximum when omitted', examples: ['25'] });
const Rate = {
  useful_life_months: t.Optional(t.Integer({ minimum: 1, maximum: 1200, description: 'Linear over this many months (give this or tax_table_code)' })),
  tax_table_code: t.Optional(t.String({ maxLength: 60, description: 'A row of the official table of art. 12.1.a LIS (GET /fixed-assets/tax-table)', examples: ['equipos-proceso-informacion'] })),
  coefficient: t.Optional(Coefficient),
  residual_value: t.Optional(Money),
  start_date: t.Optional(t.String({ format: 'date', description: 'The day it comes into use (depreciation starts then); the acquisition date when omitted' })),
  method: t.Optional(literalUnion(['linear'] as const, { description: 'Linear (the only method)' })),
};
const Status = literalUnion(['active', 'disposed'] as const);
const Limit = t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 }));
const Offset = t.Optional(t.Integer({ minimum: 0, maximum: 2147483647, default: 0 }));

export const FixedAssetCreate = t.Object({
  name: t.String({ minLength: 1, maxLength: 200 }),
  account: Account,
  acquisition_date: IsoDate,
  cost: Money,
  ...Rate,
}, { additionalProperties: false });

export const FixedAssetFromPurchaseLine = t.Object({ name: t.Optional(t.String({ minLength: 1, maxLength: 200 })), ...Rate }, { additionalProperties: false });

export const FixedAssetResponse = t.Object({
  id: Uuid, number: t.Integer({ description: 'Order in the register' }), name: t.String(), account: t.String(), acquisition_date: IsoDate, start_date: IsoDate,
  cost: Money, residual_value: Money, vat_deducted: Money, method: t.String(), useful_life_months: Nullable(t.Integer()),
  tax_table_code: Nullable(t.String()), tax_table_label: Nullable(t.String()), coefficient: Nullable(t.String()),
  purchase_id: Nullable(Uuid), purchase_line_no: Nullable(t.Integer()), status: Status, disposed_on: Nullable(IsoDate),
  disposal_kind: Nullable(t.String()), disposal_price: Nullable(Money), disposal_invoice_id: Nullable(Uuid), disposal_entry_id: Nullable(Uuid),
  created_at: Timestamp, updated_at: Timestamp,
});

export const FixedAssetListQuery = t.Object({ status: t.Optional(Status), limit: Limit, offset: Offset });

export const DepreciationSchedule = t.Object({
  asset_id: Uuid, depreciable_base: Money,
  items: t.Array(t.Object({
    period: t.String({ description: 'YYYY-MM' }), date: IsoDate, amount: Money, accumulated: Money, net_book_value: Money,
    posted: t.Boolean({ description: 'Whether this month is in the journal' }),
  })),
});

export const DepreciateRequest = t.Object({ until: t.String({ format: 'date', description: 'Post every month that ends on or before this day' }) }, { additionalProperties: false });
export const DepreciateResponse = t.Object({
  until: IsoDate, total: Money,
  entries: t.Array(t.Object({ period: t.String(), date: IsoDate, journal_entry_id: Uuid, amount: Money, assets: t.Integer() })),
});

export const DisposalRequest = t.Object({
  date: t.String({ format: 'date' }),
  kind: literalUnion(['sale', 'write_off'] as const, { description: '`sale` (issues an invoice to the buyer) or `write_off` (scrapped, lost, given away)' }),
  price: t.Optional(t.String({ maxLength: 20, description: 'A sale\'s price without VAT' })),
  contact_id: t.Optional(Uuid),
  tax_type_id: t.Optional(Uuid),
  description: t.Optional(t.String({ minLength: 1, maxLength: 500, description: 'The invoice line\'s text' })),
}, { additionalProperties: false });

export const DisposalResponse = t.Object({
  asset: FixedAssetResponse, accumulated_depreciation: Money, net_book_value: Money, gain_or_loss: t.String({ description: 'Price − book value: positive a gain (77x), negative a loss (67x)' }),
  invoice_id: Nullable(Uuid), journal_entry_id: Uuid,
});

export const TaxTableRowResponse = t.Object({ code: t.String(), group: t.String(), label: t.String(), max_coefficient: t.String(), max_years: t.Integer(), min_coefficient: t.String() });

export const AssetRegisterQuery = t.Object({ year: t.Integer({ minimum: 1900, maximum: 2999 }) });

export const fixedAssetModels = {
  FixedAssetCreate, FixedAssetFromPurchaseLine, FixedAssetResponse, DepreciationSchedule, DepreciateRequest, DepreciateResponse, DisposalRequest, DisposalResponse,
  PaginatedResponse_FixedAssetResponse_: t.Object({ items: t.Array(FixedAssetResponse), total: t.Integer({ minimum: 0 }), limit: t.Integer(), offset: t.Integer() }),
};
