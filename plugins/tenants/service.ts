import type { Metadata } from 'sharp';
import { NotFound, PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from '../../kernel/errors';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import type { FileStore } from '../../lib/file-store';
import { isValidSpanishTaxId, normaliseTaxId } from '../../lib/spanish-tax-id';
import { Tenant } from './entities';
import type { MercantileRegistry, PaymentMethod } from './document-details';

export type TenantKind = 'company' | 'firm';

export interface TenantInput {
  name?: string;
  tax_id?: string;
  legal_name?: string | null;
  address?: string | null;
  city?: string | null;
  postal_code?: string | null;
  province?: string | null;
  country?: string;
  fiscal_year_start_month?: number;
  kind?: TenantKind;
  mercantile_registry?: MercantileRegistry | null;
  default_payment_method?: PaymentMethod | null;
}

/** The company's Registro Mercantil entry, or null. */
export function registryOf(tenant: Pick<Tenant, 'registryOffice' | 'registryTomo' | 'registryFolio' | 'registryHoja' | 'registryInscripcion'>): MercantileRegistry | null {
  if (!tenant.registryOffice) return null;
  return { registry: tenant.registryOffice, tomo: tenant.registryTomo!, folio: tenant.registryFolio!, hoja: tenant.registryHoja!, inscripcion: tenant.registryInscripcion! };
}

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
const MAX_LOGO_PIXELS = 4096 * 4096;
const ACCEPTED_LOGO_FORMATS = new Set(['png', 'jpeg', 'webp']);

export function tenantToJson(tenant: Tenant, publicUrl: string) {
  return {
    id: tenant.id,
    name: tenant.name,
    legal_name: tenant.legalName ?? null,
    tax_id: tenant.taxId,
    address: tenant.address ?? null,
    city: tenant.city ?? null,
    postal_code: tenant.postalCode ?? null,
    province: tenant.province ?? null,
    country: tenant.country,
    logo_url: tenant.logoToken ? `${publicUrl}/logos/${tenant.id}/${tenant.logoToken}.png` : null,
    fiscal_year_start_month: tenant.fiscalYearStartMonth,
    mercantile_registry: registryOf(tenant),
    default_payment_method: (tenant.defaultPaymentMethod ?? null) as PaymentMethod | null,
    kind: tenant.kind as TenantKind,
    created_at: tenant.createdAt.toISOString(),
  };
}

interface TenantRow {
  id: string; name: string; legal_name: string | null; tax_id: string; address: string | null; city: string | null;
  postal_code: string | null; province: string | null; country: string; logo_token: string | null;
  fiscal_year_start_month: number; created_at: string; default_payment_method: PaymentMethod | null; kind: TenantKind;
  registry_office: string | null; registry_tomo: string | null; registry_folio: string | null; registry_hoja: string | null; registry_inscripcion: string | null;
}

/** The current company for GET /tenants/me in one round trip (the hottest read: every front end asks at start). */
export async function currentTenantJson(uow: UnitOfWork, publicUrl: string): Promise<ReturnType<typeof tenantToJson>> {
  const [row] = await uow.read<TenantRow>(
    `select id, name, legal_name, tax_id, address, city, postal_code, province, country, logo_token, fiscal_year_start_month, default_payment_method, kind,
            registry_office, registry_tomo, registry_folio, registry_hoja, registry_inscripcion,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
       from tenants where id = :tenant`,
  );
  if (!row) throw new NotFound('Company not found');
  return {
    id: row.id,
    name: row.name,
    legal_name: row.legal_name,
    tax_id: row.tax_id,
    address: row.address,
    city: row.city,
    postal_code: row.postal_code,
    province: row.province,
    country: row.country,
    logo_url: row.logo_token ? `${publicUrl}/logos/${row.id}/${row.logo_token}.png` : null,
    fiscal_year_start_month: row.fiscal_year_start_month,
    mercantile_registry: registryOf({
      registryOffice: row.registry_office, registryTomo: row.registry_tomo, registryFolio: row.registry_folio, registryHoja: row.registry_hoja, registryInscripcion: row.registry_inscripcion,
    }),
    default_payment_method: row.default_payment_method,
    kind: row.kind,
    created_at: row.created_at,
  };
}

function checkedTaxId(value: string, loc: string[]): string {
  const normalised = normaliseTaxId(value);
  if (!isValidSpanishTaxId(normalised)) throw ValidationFailed.field(loc, 'Not a valid Spanish NIF/CIF (checksum)', 'value_error.tax_id');
  return normalised;
}

function setRegistry(tenant: Tenant, entry: MercantileRegistry | null): void {
  tenant.registryOffice = entry?.registry.trim() ?? null;
  tenant.registryTomo = entry?.tomo ?? null;
  tenant.registryFolio = entry?.folio ?? null;
  tenant.registryHoja = entry?.hoja ?? null;
  tenant.registryInscripcion = entry?.inscripcion ?? null;
}

/** The tenants plugin's service; other plugins reach it through ./api.ts. */
export const TenantService = {
  /** Creates a tenant inside a unit of work whose tenant is `id` (RLS checks the insert). */
  async create(tx: Tx, input: TenantInput & { name: string; tax_id: string }): Promise<Tenant> {
    const tenant = tx.em.create(Tenant, {
      id: tx.tenantId,
      name: input.name.trim(),
      taxId: checkedTaxId(input.tax_id, ['body', 'tax_id']),
      legalName: input.legal_name ?? null,
      address: input.address ?? null,
      city: input.city ?? null,
      postalCode: input.postal_code ?? null,
      province: input.province ?? null,
      country: input.country ?? 'ES',
      fiscalYearStartMonth: input.fiscal_year_start_month ?? 1,
      kind: input.kind ?? 'company',
    } as any);
    await tx.em.flush();
    await tx.hook('tenant.created', { tenantId: tenant.id });
    return tenant;
  },

  async current(tx: Tx): Promise<Tenant> {
    const tenant = await tx.em.findOne(Tenant, { id: tx.tenantId });
    if (!tenant) throw new NotFound('Company not found');
    return tenant;
  },

  async update(tx: Tx, input: TenantInput): Promise<Tenant> {
    if (Object.values(input).every((value) => value === undefined)) {
      throw ValidationFailed.field(['body'], 'Send at least one field to change', 'missing');
    }
    const tenant = await TenantService.current(tx);
    if (input.name !== undefined) tenant.name = input.name.trim();
    if (input.tax_id !== undefined) tenant.taxId = checkedTaxId(input.tax_id, ['body', 'tax_id']);
    if (input.legal_name !== undefined) tenant.legalName = input.legal_name;
    if (input.address !== undefined) tenant.address = input.address;
    if (input.city !== undefined) tenant.city = input.city;
    if (input.postal_code !== undefined) tenant.postalCode = input.postal_code;
    if (input.province !== undefined) tenant.province = input.province;
    if (input.kind !== undefined) tenant.kind = input.kind;
    if (input.country !== undefined) tenant.country = input.country;
    if (input.fiscal_year_start_month !== undefined) tenant.fiscalYearStartMonth = input.fiscal_year_start_month;
    if (input.mercantile_registry !== undefined) setRegistry(tenant, input.mercantile_registry);
    if (input.default_payment_method !== undefined) tenant.defaultPaymentMethod = input.default_payment_method;
    return tenant;
  },

  /**
   * Decodes the upload with sharp (pixel limit, no SVG), re-encodes it as PNG at most 1024 px wide,
   * and keeps it in the kernel's file store (shared by every instance when it is S3).
   */
  async setLogo(tx: Tx, file: File, files: FileStore): Promise<Tenant> {
    if (file.size > MAX_LOGO_BYTES) throw new PayloadTooLarge('The logo may be at most 2 MiB');
    const input = Buffer.from(await file.arrayBuffer());
    const { default: sharp } = await import('sharp');
    let metadata: Metadata;
    try {
      // Reads the header only; decoding happens below, under the pixel limit.
      metadata = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      throw new UnsupportedMediaType('The file is not a PNG, JPEG or WebP image');
    }
    if (!metadata.format || !ACCEPTED_LOGO_FORMATS.has(metadata.format)) throw new UnsupportedMediaType('The logo must be a PNG, JPEG or WebP image');
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_LOGO_PIXELS) {
      throw ValidationFailed.field(['body', 'file'], 'The image has too many pixels (at most 4096×4096)', 'value_error.image_too_large');
    }
    let png: Buffer;
    try {
      png = await sharp(input, { limitInputPixels: MAX_LOGO_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
    } catch (error) {
      const message = (error as Error).message;
      if (/pixel limit/i.test(message)) throw ValidationFailed.field(['body', 'file'], 'The image has too many pixels (at most 4096×4096)', 'value_error.image_too_large');
      throw ValidationFailed.field(['body', 'file'], 'The image could not be decoded', 'value_error.image');
    }
    const key = await files.put(tx.tenantId, png, 'image/png');
    const tenant = await TenantService.current(tx);
    tenant.logoImage = null;
    tenant.logoKey = key;
    tenant.logoToken = crypto.randomUUID().replaceAll('-', '');
    return tenant;
  },

  /** Returns the removed logo's file-store key, to delete once the change is committed. */
  async deleteLogo(tx: Tx): Promise<{ tenantId: string; key: string } | null> {
    const tenant = await TenantService.current(tx);
    const removed = tenant.logoKey ? { tenantId: tx.tenantId, key: tenant.logoKey } : null;
    tenant.logoImage = null;
    tenant.logoKey = null;
    tenant.logoToken = null;
    return removed;
  },

  /** The stored PNG for a public logo URL, or undefined. The token makes the URL unguessable. */
  async logo(tx: Tx, token: string, files: FileStore): Promise<Buffer | undefined> {
    const tenant = await tx.em.findOne(Tenant, { id: tx.tenantId, logoToken: token }, { populate: ['logoImage'] as any });
    if (tenant?.logoKey) {
      const stored = await files.get(tx.tenantId, tenant.logoKey);
      return stored ? Buffer.from(stored.bytes) : undefined;
    }
    return (tenant?.logoImage as Buffer | null | undefined) ?? undefined;
  },

  /** The company's profile for the GDPR export (account plugin's 'account.exporting' hook). */
  async exportProfile(tx: Tx) {
    const tenant = await TenantService.current(tx);
    return {
      id: tenant.id, name: tenant.name, legal_name: tenant.legalName ?? null, tax_id: tenant.taxId, address: tenant.address ?? null,
      city: tenant.city ?? null, postal_code: tenant.postalCode ?? null, province: tenant.province ?? null, country: tenant.country,
      fiscal_year_start_month: tenant.fiscalYearStartMonth, has_logo: !!tenant.logoToken,
      mercantile_registry: registryOf(tenant), default_payment_method: tenant.defaultPaymentMethod ?? null,
      created_at: tenant.createdAt.toISOString(), updated_at: tenant.updatedAt.toISOString(),
    };
  },

  /** Deletes the unit of work's tenant row, last step of erasing a company (cascades to what is left). */
  async erase(tx: Tx): Promise<void> {
    await tx.em.nativeDelete(Tenant, { id: tx.tenantId });
    await tx.invalidatePrincipals();
  },
};
