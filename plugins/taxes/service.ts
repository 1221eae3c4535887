import { createHash } from 'node:crypto';
import { Conflict, NotFound, ValidationFailed } from '../../kernel/errors';
import { Decimal, money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { OSS_THRESHOLD_EUR, TAX_CATALOGUE, type TaxKind, type TaxRegime, type TaxTypePurchases, type TaxTypeSales } from './catalogue';
import { TaxSettings, TaxType } from './entities';
import { isEuMemberState, isIsoCountry } from './territory';

/**
 * Seeded tax types get the same id every time for a given tenant and code: UUIDv5 with the tenant
 * id as namespace. Integrations can compute them, and a re-seed never changes them.
 */
export function seededTaxTypeId(tenantId: string, code: string): string {
  const hash = createHash('sha1').update(Buffer.from(tenantId.replaceAll('-', ''), 'hex')).update(`cuadra.tax-type/${code}`, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const SALES_KEYS: Record<keyof TaxTypeSales, string> = { account: 'account', revenueAccount: 'revenue_account', legend: 'legend' };
const PURCHASES_KEYS: Record<keyof TaxTypePurchases, string> = { account: 'account', selfAssessedAccount: 'self_assessed_account' };

function metadataToJson<M extends object>(metadata: M | null | undefined, keys: Record<keyof M, string>) {
  if (!metadata) return null;
  return Object.fromEntries(Object.entries(keys).map(([camel, snake]) => [snake, (metadata as any)[camel] ?? null]));
}
function metadataFromJson<M extends object>(wire: Record<string, string | undefined>, keys: Record<keyof M, string>): M {
  const result: Record<string, string> = {};
  for (const [camel, snake] of Object.entries<string>(keys)) if (wire[snake] != null) result[camel] = wire[snake]!;
  return result as M;
}

export const formatRate = (rate: string): string => Decimal.parse(String(rate), 2).rescale(2).toString();

export function taxTypeToJson(type: TaxType) {
  return {
    id: type.id,
    code: type.code,
    name: type.name,
    kind: type.kind as TaxKind,
    rate: formatRate(type.rate),
    regime: type.regime as TaxRegime,
    country: type.country ?? null,
    description: type.description,
    active: type.active,
    seeded: type.seeded,
    sales: metadataToJson(type.sales, SALES_KEYS),
    purchases: metadataToJson(type.purchases, PURCHASES_KEYS),
  };
}

export interface TaxTypeCreateInput {
  code: string;
  name: string;
  kind: TaxKind;
  rate: string;
  regime: TaxRegime;
  country?: string | null;
  description?: string;
  sales?: Record<string, string | undefined> | null;
  purchases?: Record<string, string | undefined> | null;
}

export interface TaxTypeListFilters { limit: number; offset: number; kind?: TaxKind; regime?: TaxRegime; active?: boolean; from?: string; to?: string }

export interface OssStatus { registered: boolean; currentYear: number; currentYearTotal: Decimal; previousYearTotal: Decimal; threshold: Decimal; applies: boolean }

/** The taxes plugin's service; other plugins reach it through ./api.ts. */
export const TaxService = {
  /** Seeds the built-in catalogue for the unit of work's tenant. */
  async seedCatalogue(tx: Tx): Promise<void> {
    const tenantId = tx.tenantId;
    TAX_CATALOGUE.forEach((seed, index) => {
      tx.em.create(TaxType, {
        id: seededTaxTypeId(tenantId, seed.code),
        code: seed.code,
        name: seed.name,
        kind: seed.kind,
        rate: seed.rate,
        regime: seed.regime,
        country: seed.country ?? null,
        sales: seed.sales,
        purchases: seed.purchases,
        description: seed.description,
        seeded: true,
        active: true,
        sortOrder: (index + 1) * 10,
      } as any);
    });
    await tx.em.flush();
  },

  /** Tenants created before this plugin was installed get the catalogue on first use. */
  async ensureCatalogue(tx: Tx): Promise<void> {
    if ((await tx.em.count(TaxType, { seeded: true })) === 0) await TaxService.seedCatalogue(tx);
  },

  async list(tx: Tx, filters: TaxTypeListFilters) {
    await TaxService.ensureCatalogue(tx);
    const where: Record<string, unknown> = {};
    if (filters.kind) where.kind = filters.kind;
    if (filters.regime) where.regime = filters.regime;
    if (filters.active !== undefined) where.active = filters.active;
    if (filters.from || filters.to) {
      const day = (date: string, offsetDays: number) => new Date(Date.parse(`${date}T00:00:00Z`) + offsetDays * 86_400_000);
      where.createdAt = { ...(filters.from ? { $gte: day(filters.from, 0) } : {}), ...(filters.to ? { $lt: day(filters.to, 1) } : {}) };
    }
    const [items, total] = await tx.em.findAndCount(TaxType, where, {
      orderBy: { sortOrder: 'asc', code: 'asc' }, limit: filters.limit, offset: filters.offset,
    });
    return { items, total };
  },

  /** The tenant's tax types among these ids, in one query (ids that are not the tenant's are simply absent). */
  getMany: (tx: Tx, ids: readonly string[]): Promise<TaxType[]> => tx.em.find(TaxType, { id: { $in: [...ids] } }),

  async get(tx: Tx, id: string): Promise<TaxType> {
    let type = await tx.em.findOne(TaxType, { id });
    if (!type && TAX_CATALOGUE.some((seed) => seededTaxTypeId(tx.tenantId, seed.code) === id)) {
      await TaxService.ensureCatalogue(tx);
      type = await tx.em.findOne(TaxType, { id });
    }
    if (!type) throw new NotFound('Tax type not found');
    return type;
  },

  async findByCode(tx: Tx, code: string): Promise<TaxType | null> {
    const type = await tx.em.findOne(TaxType, { code });
    if (type) return type;
    await TaxService.ensureCatalogue(tx);
    return tx.em.findOne(TaxType, { code });
  },

  /** The tenant's tax types with these codes (matched upper-case, as stored), in one query; codes it lacks are absent. */
  async findByCodes(tx: Tx, codes: readonly string[]): Promise<TaxType[]> {
    const wanted = [...new Set(codes.map((code) => code.toUpperCase()))];
    if (!wanted.length) return [];
    const found = await tx.em.find(TaxType, { code: { $in: wanted } });
    if (found.length === wanted.length || (await tx.em.count(TaxType, { seeded: true })) > 0) return found;
    await TaxService.seedCatalogue(tx);
    return tx.em.find(TaxType, { code: { $in: wanted } });
  },

  /** The active OSS type for a destination country, or null when the tenant has not created one. */
  async findActiveOssTypeFor(tx: Tx, country: string): Promise<TaxType | null> {
    return tx.em.findOne(TaxType, { regime: 'oss', country, active: true }, { orderBy: { sortOrder: 'asc', code: 'asc' } });
  },

  async create(tx: Tx, input: TaxTypeCreateInput): Promise<TaxType> {
    const code = input.code.toUpperCase();
    const rate = Decimal.parse(input.rate, 2).rescale(2);
    if (rate.compare(Decimal.parse('100')) > 0) throw ValidationFailed.field(['body', 'rate'], 'The rate is a percentage between 0 and 100', 'value_error.rate');
    const country = input.country ? input.country.toUpperCase() : null;
    if (country && !isIsoCountry(country)) throw ValidationFailed.field(['body', 'country'], 'Not an ISO 3166-1 alpha-2 country code', 'value_error.country');
    if (input.regime === 'oss' && (!country || !isEuMemberState(country) || country === 'ES')) {
      throw ValidationFailed.field(['body', 'country'], 'An OSS tax type needs the destination country: an EU Member State other than ES', 'value_error.country');
    }
    if (await tx.em.findOne(TaxType, { code })) throw new Conflict(`A tax type with code ${code} already exists`);
    const template = TAX_CATALOGUE.find((s) => s.kind === input.kind && s.regime === input.regime && Decimal.parse(s.rate).eq(rate))
      ?? TAX_CATALOGUE.find((s) => s.kind === input.kind && s.regime === input.regime);
    const sales = input.sales === undefined ? (template ? template.sales : {}) : input.sales && metadataFromJson<TaxTypeSales>(input.sales, SALES_KEYS);
    const purchases = input.purchases === undefined ? (template ? template.purchases : {}) : input.purchases && metadataFromJson<TaxTypePurchases>(input.purchases, PURCHASES_KEYS);
    if (!sales && !purchases) throw ValidationFailed.field(['body', 'sales'], 'A tax type must be usable on sales, on purchases or on both', 'value_error');
    const type = tx.em.create(TaxType, {
      id: crypto.randomUUID(),
      code,
      name: input.name.trim(),
      kind: input.kind,
      rate: rate.toString(),
      regime: input.regime,
      country,
      sales: sales ?? null,
      purchases: purchases ?? null,
      description: input.description?.trim() ?? '',
      seeded: false,
      active: true,
      sortOrder: 10_000,
    } as any);
    await tx.em.flush();
    return type;
  },

  async update(tx: Tx, id: string, input: { name?: string; description?: string; active?: boolean }): Promise<TaxType> {
    const type = await TaxService.get(tx, id);
    if (input.name !== undefined) type.name = input.name.trim();
    if (input.description !== undefined) type.description = input.description.trim();
    if (input.active !== undefined) type.active = input.active;
    await tx.em.flush();
    return type;
  },

  async settings(tx: Tx): Promise<TaxSettings> {
    const existing = await tx.em.findOne(TaxSettings, { tenantId: tx.tenantId });
    if (existing) return existing;
    // Tenants created before this plugin was installed get their row on first use.
    const created = tx.em.create(TaxSettings, { tenantId: tx.tenantId, ossRegistered: false } as any);
    await tx.em.flush();
    return created;
  },

  async updateSettings(tx: Tx, input: { oss_registered: boolean }): Promise<TaxSettings> {
    const settings = await TaxService.settings(tx);
    settings.ossRegistered = input.oss_registered;
    await tx.em.flush();
    return settings;
  },

  /** Intra-EU distance sales to consumers in a calendar year, as reported by invoice plugins. */
  async distanceSales(tx: Tx, year: number): Promise<Decimal> {
    const payload = { tenantId: tx.tenantId, year, total: '0.00' };
    await tx.hook('taxes.distance-sales', payload);
    return money(payload.total);
  },

  /**
   * Whether EU consumer sales carry destination VAT through the OSS: the tenant registered, or its
   * distance sales exceed €10,000 this year or the previous one (art. 73 LIVA).
   */
  async ossStatus(tx: Tx, today = new Date()): Promise<OssStatus> {
    const settings = await TaxService.settings(tx);
    const currentYear = today.getUTCFullYear();
    const currentYearTotal = await TaxService.distanceSales(tx, currentYear);
    const previousYearTotal = await TaxService.distanceSales(tx, currentYear - 1);
    const threshold = money(OSS_THRESHOLD_EUR);
    const applies = settings.ossRegistered || currentYearTotal.compare(threshold) > 0 || previousYearTotal.compare(threshold) > 0;
    return { registered: settings.ossRegistered, currentYear, currentYearTotal, previousYearTotal, threshold, applies };
  },
};
