import { t } from 'elysia';
import { literalUnion, Nullable } from '../../kernel/schemas';

const Account = t.String({ pattern: '^\\d{3,10}$', description: 'PGC account code ("477", "7000")' });
const RATE_PATTERN = '^\\d{1,3}(\\.\\d{1,2})?$';

export const TAX_KINDS = ['vat', 'surcharge', 'withholding'] as const;
export const TAX_REGIMES = ['domestic', 'intra_eu', 'export', 'reverse_charge', 'import', 'oss', 'exempt', 'not_subject'] as const;

const Kind = literalUnion(TAX_KINDS, { description: '`vat`, `surcharge` (recargo de equivalencia) or `withholding` (IRPF)' });
const Regime = literalUnion(TAX_REGIMES, {
  description: 'VAT regime. `not_subject` (no sujeta por reglas de localización, 303 box [120]) is kept apart from `exempt` '
    + '(exenta, art. 20 LIVA, annual box [83]) because tax models report them in different boxes.',
});

const salesFields = {
  account: Account,
  revenue_account: t.String({ pattern: '^\\d{3,10}$', description: 'Default PGC revenue account for goods (700x); services use the matching 705x' }),
  legend: t.String({ maxLength: 500, description: 'Mandatory invoice mention (art. 6.1.j RD 1619/2012)' }),
};
const purchasesFields = {
  account: Account,
  self_assessed_account: Account,
};
const allNullable = <F extends Record<string, any>>(fields: F) =>
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, t.Union([schema, t.Null()])])) as { [K in keyof F]: any };
const allOptional = <F extends Record<string, any>>(fields: F) =>
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, t.Optional(schema)])) as { [K in keyof F]: any };

export const TaxTypeSalesMetadata = t.Object(allNullable(salesFields), { description: 'What a sale with this type posts: PGC accounts and the invoice mention. Tax-model boxes are not here: each model maps the tax register to its own boxes' });
export const TaxTypePurchasesMetadata = t.Object(allNullable(purchasesFields), { description: 'What a purchase with this type posts; reverse charge also self-assesses output VAT (`self_assessed_account`)' });

export const TaxTypeResponse = t.Object({
  id: t.String({ format: 'uuid' }),
  code: t.String(),
  name: t.String(),
  kind: Kind,
  rate: t.String({ pattern: '^\\d{1,3}\\.\\d{2}$', description: 'Percentage with two decimals ("21.00")' }),
  regime: Regime,
  country: Nullable(t.String({ minLength: 2, maxLength: 2, description: 'ISO 3166-1 alpha-2, for country-specific types (OSS)' })),
  description: t.String(),
  active: t.Boolean({ description: 'Inactive types stay on old documents but are not offered for new ones' }),
  seeded: t.Boolean({ description: 'Part of the built-in Spanish catalogue (its id is stable: UUIDv5 of the tenant id and the code)' }),
  sales: Nullable(TaxTypeSalesMetadata),
  purchases: Nullable(TaxTypePurchasesMetadata),
}, { description: '`sales`/`purchases` null: the type cannot be used on that side.' });

export const TaxTypeCreate = t.Object({
  code: t.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$', description: 'Unique per company; stored upper-case' }),
  name: t.String({ minLength: 1, maxLength: 200 }),
  kind: Kind,
  rate: t.String({ pattern: RATE_PATTERN, description: 'Percentage, 0..100, at most two decimals' }),
  regime: Regime,
  country: t.Optional(Nullable(t.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2; required for `oss` (an EU Member State other than ES)' }))),
  description: t.Optional(t.String({ maxLength: 2000 })),
  sales: t.Optional(Nullable(t.Object(allOptional(salesFields), { additionalProperties: false }))),
  purchases: t.Optional(Nullable(t.Object(allOptional(purchasesFields), { additionalProperties: false }))),
}, {
  additionalProperties: false,
  description: 'A company-defined tax type (e.g. the OSS rate of another country). When `sales`/`purchases` are omitted they are '
    + 'copied from the built-in type of the same kind and regime (and rate, when one matches).',
});

export const TaxTypeUpdate = t.Object({
  name: t.Optional(t.String({ minLength: 1, maxLength: 200 })),
  description: t.Optional(t.String({ maxLength: 2000 })),
  active: t.Optional(t.Boolean()),
}, { additionalProperties: false, minProperties: 1, description: 'Code, kind, rate and regime never change: documents keep pointing at them. Create a new type instead.' });

export const PaginatedResponse_TaxTypeResponse_ = t.Object({
  items: t.Array(TaxTypeResponse),
  total: t.Integer(),
  limit: t.Integer(),
  offset: t.Integer(),
});

export const TaxSettingsResponse = t.Object({
  oss_registered: t.Boolean({ description: 'Registered in the Union OSS scheme: destination VAT on EU consumer sales' }),
  oss_threshold: t.String({ description: 'EU-wide yearly distance-sales threshold (art. 73 LIVA)' }),
  distance_sales_current_year: t.String({ description: 'Intra-EU distance sales to consumers this calendar year, reported by invoice plugins' }),
  distance_sales_previous_year: t.String(),
  oss_applies: t.Boolean({ description: 'Registered, or above the threshold this or last year: EU consumer sales carry destination VAT (OSS)' }),
});
export const TaxSettingsUpdate = t.Object({ oss_registered: t.Boolean() }, { additionalProperties: false });

export const TaxTypeListQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
  kind: t.Optional(Kind),
  regime: t.Optional(Regime),
  active: t.Optional(t.Boolean({ description: 'Only active (true) or inactive (false) types' })),
  from: t.Optional(t.String({ format: 'date', description: 'Created on or after this day (UTC)' })),
  to: t.Optional(t.String({ format: 'date', description: 'Created on or before this day (UTC)' })),
});

export const taxModels = {
  TaxTypeSalesMetadata, TaxTypePurchasesMetadata, TaxTypeResponse, TaxTypeCreate, TaxTypeUpdate,
  PaginatedResponse_TaxTypeResponse_, TaxSettingsResponse, TaxSettingsUpdate,
};
