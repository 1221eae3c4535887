import { defineEntity, p } from '@mikro-orm/core';

/**
 * A company whose books Cuadra keeps. The tenants table is protected by row-level security on its
 * own id (a transaction sees only its tenant), so it is not under the ORM's tenant_id filter.
 */
export const TenantSchema = defineEntity({
  name: 'Tenant',
  tableName: 'tenants',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    legalName: p.text().nullable(),
    taxId: p.text(),
    address: p.text().nullable(),
    city: p.text().nullable(),
    postalCode: p.text().nullable(),
    province: p.text().nullable(),
    country: p.string().columnType('char(2)'),
    fiscalYearStartMonth: p.integer(),
    logoImage: p.blob().nullable().lazy(),
    logoToken: p.text().nullable(),
    logoKey: p.text().nullable(),
    registryOffice: p.text().nullable(),
    registryTomo: p.text().nullable(),
    registryFolio: p.text().nullable(),
    registryHoja: p.text().nullable(),
    registryInscripcion: p.text().nullable(),
    defaultPaymentMethod: p.text().nullable(),
    kind: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Tenant extends TenantSchema.class {}
TenantSchema.setClass(Tenant);
