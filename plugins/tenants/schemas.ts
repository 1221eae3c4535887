import { t } from 'elysia';
import type { TOptional } from '@sinclair/typebox';
import { MercantileRegistrySchema, PaymentMethodSchema } from './document-details';

const nullableText = (max: number) => t.Union([t.String({ maxLength: max }), t.Null()]);

export const TenantMe = t.Object({
  id: t.String({ format: 'uuid' }),
  name: t.String(),
  legal_name: t.Union([t.String(), t.Null()]),
  tax_id: t.String(),
  address: t.Union([t.String(), t.Null()]),
  city: t.Union([t.String(), t.Null()]),
  postal_code: t.Union([t.String(), t.Null()]),
  province: t.Union([t.String(), t.Null()]),
  country: t.String({ minLength: 2, maxLength: 2 }),
  logo_url: t.Union([t.String(), t.Null()]),
  fiscal_year_start_month: t.Integer({ minimum: 1, maximum: 12 }),
  mercantile_registry: t.Optional(t.Union([MercantileRegistrySchema, t.Null()])),
  default_payment_method: t.Optional(t.Union([PaymentMethodSchema, t.Null()])),
  kind: t.Optional(t.Union([t.Literal('company'), t.Literal('firm')], { description: '`firm`: an accounting firm (gestoría), whose members can be given access to client companies by their owners' })),
  created_at: t.String({ format: 'date-time' }),
});

const tenantFields = {
  name: t.String({ minLength: 1, maxLength: 200 }),
  tax_id: t.String({ minLength: 9, maxLength: 12, description: 'Spanish NIF/CIF, checksum-validated' }),
  legal_name: t.Optional(nullableText(200)),
  address: t.Optional(nullableText(300)),
  city: t.Optional(nullableText(100)),
  postal_code: t.Optional(nullableText(10)),
  province: t.Optional(nullableText(100)),
  country: t.Optional(t.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2; ES by default' })),
  fiscal_year_start_month: t.Optional(t.Integer({ minimum: 1, maximum: 12, description: '1 (January) by default' })),
  kind: t.Optional(t.Union([t.Literal('company'), t.Literal('firm')], { description: '`company` by default; `firm` for an accounting firm (one firm per tax id)' })),
};

export const CreateTenantRequest = t.Object(tenantFields, { additionalProperties: false });
/** Set with PATCH only (a company is created without them). */
const documentDetailFields = {
  mercantile_registry: t.Optional(t.Union([MercantileRegistrySchema, t.Null()])),
  default_payment_method: t.Optional(t.Union([PaymentMethodSchema, t.Null()])),
};
export const TenantUpdate = t.Object(
  {
    ...Object.fromEntries(Object.entries(tenantFields).map(([key, schema]) => [key, t.Optional(schema)])) as { [K in keyof typeof tenantFields]: TOptional<(typeof tenantFields)[K]> },
    ...documentDetailFields,
  },
  { additionalProperties: false, minProperties: 1, description: 'Any TenantMe field but id, created_at and logo_url; at least one.' },
);
export const LogoUploadResponse = t.Object({ logo_url: t.String() });
export const LegacyTenant = t.Object({ id: t.String({ format: 'uuid' }), name: t.String(), tax_id: t.String(), country: t.String(), created_at: t.String({ format: 'date-time' }) });

export const tenantModels = { TenantMe, CreateTenantRequest, TenantUpdate, LogoUploadResponse, LegacyTenant };
