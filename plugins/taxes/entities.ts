import { defineEntity, p } from '@mikro-orm/core';
import type { TaxTypePurchases, TaxTypeSales } from './catalogue';

/** A tax type of one tenant: seeded from the catalogue at onboarding, or added by the tenant. */
export const TaxTypeSchema = defineEntity({
  name: 'TaxType',
  tableName: 'tax_types',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    code: p.text(),
    name: p.text(),
    kind: p.text(),
    /** Percentage as a decimal string ("21.00"). */
    rate: p.decimal().precision(5).scale(2),
    regime: p.text(),
    country: p.string().columnType('char(2)').nullable(),
    /** PGC accounts (and the invoice mention) when used on a sale; null = not usable on sales. */
    sales: p.json<TaxTypeSales>().nullable(),
    purchases: p.json<TaxTypePurchases>().nullable(),
    description: p.text(),
    seeded: p.boolean(),
    active: p.boolean(),
    sortOrder: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class TaxType extends TaxTypeSchema.class {}
TaxTypeSchema.setClass(TaxType);

/** Per-tenant tax settings (one row per tenant). */
export const TaxSettingsSchema = defineEntity({
  name: 'TaxSettings',
  tableName: 'tax_settings',
  properties: {
    tenantId: p.uuid().primary(),
    /** Registered in the Union OSS scheme (modelo 035): destination VAT on EU consumer sales from the first euro. */
    ossRegistered: p.boolean(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class TaxSettings extends TaxSettingsSchema.class {}
TaxSettingsSchema.setClass(TaxSettings);
