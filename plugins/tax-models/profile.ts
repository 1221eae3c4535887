import { t } from 'elysia';
import { ValidationFailed } from '../../kernel/errors';
import { literalUnion } from '../../kernel/schemas';
import type { Tx } from '../../kernel/uow';

/**
 * The company's tax profile: what it is for the tax agency (a sociedad, an autónomo, an entidad en
 * atribución de rentas), how an individual's business income is assessed for IRPF, the VAT regimes
 * it is in, and whether it keeps its VAT books on the SII. Models read it to say whether they apply
 * (`TaxModel.applies`); a company that never set one is a `company` with no special regime.
 */
export const LEGAL_FORMS = ['company', 'individual', 'entity'] as const;
export const IRPF_METHODS = ['directa_normal', 'directa_simplificada'] as const;
export type LegalForm = typeof LEGAL_FORMS[number];
export type IrpfMethod = typeof IRPF_METHODS[number];

export interface TaxProfile {
  legalForm: LegalForm;
  /** Only for an `individual`: estimación directa normal or simplificada (null otherwise). */
  irpfMethod: IrpfMethod | null;
  /** Registered in the monthly VAT refund register (REDEME). */
  vatRedeme: boolean;
  /** Files VAT monthly (REDEME, large company, SII). */
  vatMonthly: boolean;
  /** A retailer under recargo de equivalencia. */
  recargoEquivalencia: boolean;
  /** Keeps its VAT books on the SII (Suministro Inmediato de Información). */
  sii: boolean;
}

export const DEFAULT_PROFILE: TaxProfile = { legalForm: 'company', irpfMethod: null, vatRedeme: false, vatMonthly: false, recargoEquivalencia: false, sii: false };

const fields = {
  legal_form: literalUnion(LEGAL_FORMS, { description: '`company` (sociedad), `individual` (autónomo, persona física), `entity` (entidad en atribución de rentas: comunidad de bienes, sociedad civil sin personalidad)' }),
  irpf_method: t.Union([literalUnion(IRPF_METHODS), t.Null()], { description: 'IRPF method of an `individual`: estimación directa `directa_normal` or `directa_simplificada`; null for a company or an entity' }),
  vat_redeme: t.Boolean({ description: 'Registered in the monthly VAT refund register (REDEME)' }),
  vat_monthly: t.Boolean({ description: 'Files VAT by month (REDEME, large company, SII)' }),
  recargo_equivalencia: t.Boolean({ description: 'A retailer under the recargo de equivalencia regime' }),
  sii: t.Boolean({ description: 'Keeps its VAT books on the SII (Suministro Inmediato de Información)' }),
};

export const TaxProfileResponse = t.Object(fields, { description: 'The company\'s tax profile (defaults until it sets one: a company with no special regime)' });
export const TaxProfileUpdate = t.Partial(t.Object(fields), { additionalProperties: false, minProperties: 1, description: 'The fields to change; the others keep their values' });

export const profileToJson = (p: TaxProfile) => ({
  legal_form: p.legalForm, irpf_method: p.irpfMethod, vat_redeme: p.vatRedeme, vat_monthly: p.vatMonthly, recargo_equivalencia: p.recargoEquivalencia, sii: p.sii,
});

export type ProfileRow = { legal_form: LegalForm; irpf_method: IrpfMethod | null; vat_redeme: boolean; vat_monthly: boolean; recargo_equivalencia: boolean; sii: boolean };
const bool = (v: unknown) => v === true || v === 't' || v === 'true';

/** A stored profile row as a profile (the default for none). */
export function profileFromRow(row: ProfileRow | undefined): TaxProfile {
  if (!row) return { ...DEFAULT_PROFILE };
  return { legalForm: row.legal_form, irpfMethod: row.irpf_method, vatRedeme: bool(row.vat_redeme), vatMonthly: bool(row.vat_monthly), recargoEquivalencia: bool(row.recargo_equivalencia), sii: bool(row.sii) };
}

/** The company's profile (the default when it set none). */
export async function taxProfileOf(tx: Tx): Promise<TaxProfile> {
  const [row] = await tx.sql<ProfileRow>(`select legal_form, irpf_method, vat_redeme, vat_monthly, recargo_equivalencia, sii from company_tax_profiles where tenant_id = :tenant`);
  return profileFromRow(row);
}

/**
 * Changes the fields given. An individual needs an IRPF method (estimación directa simplificada
 * unless it says otherwise when it becomes one); a company or an entity has none (422 if given).
 */
export async function updateTaxProfile(tx: Tx, patch: Partial<ReturnType<typeof profileToJson>>): Promise<TaxProfile> {
  const current = await taxProfileOf(tx);
  const legalForm = patch.legal_form ?? current.legalForm;
  let irpfMethod = patch.irpf_method !== undefined ? patch.irpf_method : current.irpfMethod;
  if (legalForm !== 'individual') {
    if (patch.irpf_method) throw ValidationFailed.field(['body', 'irpf_method'], `Only an individual has an IRPF method; this profile's legal form is ${legalForm}`);
    irpfMethod = null;
  } else if (!irpfMethod) {
    if (patch.irpf_method === null) throw ValidationFailed.field(['body', 'irpf_method'], 'An individual is assessed by an IRPF method: directa_normal or directa_simplificada');
    irpfMethod = 'directa_simplificada';
  }
  const next: TaxProfile = {
    legalForm, irpfMethod,
    vatRedeme: patch.vat_redeme ?? current.vatRedeme, vatMonthly: patch.vat_monthly ?? current.vatMonthly,
    recargoEquivalencia: patch.recargo_equivalencia ?? current.recargoEquivalencia, sii: patch.sii ?? current.sii,
  };
  await tx.sql(`insert into company_tax_profiles (tenant_id, legal_form, irpf_method, vat_redeme, vat_monthly, recargo_equivalencia, sii)
    values (:tenant, :legalForm, :irpfMethod, :vatRedeme, :vatMonthly, :recargoEquivalencia, :sii)
    on conflict (tenant_id) do update set legal_form = excluded.legal_form, irpf_method = excluded.irpf_method, vat_redeme = excluded.vat_redeme,
      vat_monthly = excluded.vat_monthly, recargo_equivalencia = excluded.recargo_equivalencia, sii = excluded.sii, updated_at = now()`, { ...next });
  return next;
}

export async function exportTaxProfile(tx: Tx) {
  return tx.sql(`select legal_form, irpf_method, vat_redeme, vat_monthly, recargo_equivalencia, sii, updated_at from company_tax_profiles where tenant_id = :tenant`);
}

export async function eraseTaxProfile(tx: Tx): Promise<void> {
  await tx.sql(`delete from company_tax_profiles where tenant_id = :tenant`);
}
