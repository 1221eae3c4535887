import { rowBoolean } from '../../kernel/rows';
import { NotFound } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { contactJsonSql } from '../contacts/api';
import { taxTypesJsonSql } from '../taxes/api';
import { companyJsonSql } from '../tenants/api';
import type { TaxKind } from './calc';
import { jsonOrNull, pgArray, type Party } from './document';
import { loadTaxTypes, type TaxTypeInfo } from './tax-types';

/**
 * One round trip for what issuing a document reads from its neighbours: the contact (for the
 * party snapshot), the company (issuer snapshot) and the tax types of the lines.
 *
 * Issuing is the hot path (every issue in a series waits for the one holding the counter row), so
 * these reads are a single read-only SQL statement over the owners' tables instead of three ORM
 * round trips through ContactService / TenantService / the TaxType entity. The statement is made of
 * the SQL fragments those plugins publish for this (`contactJsonSql`, `companyJsonSql`,
 * `taxTypesJsonSql` in their api.ts), and row-level security applies as for any query of this tenant. A type id not
 * found here falls back to loadTaxTypes (which seeds the catalogue of companies created before
 * the taxes plugin). Another tenant's contact or tax type is 404, like a missing one.
 */

export interface ContactFacts {
  id: string;
  kind: string;
  customerAndSupplier: boolean;
  name: string;
  legalName: string | null;
  vat: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  province: string | null;
  country: string;
  customerType: string;
  /** A Spanish public administration (FACe) and its DIR3 codes, when the contacts plugin keeps them. */
  publicAdministration?: boolean;
  administrativeCentres?: { accounting_office: string; managing_body: string; processing_unit: string; proposing_body: string | null } | null;
}

export interface DocumentContext {
  contact: ContactFacts;
  issuer: Party;
  types: Map<string, TaxTypeInfo>;
}

/**
 * The three reads as columns `contact`, `issuer`, `types` of one SELECT, for the contact
 * `contactIdSql` and the tax types `typeIdsSql` (SQL expressions: parameters, or columns of a
 * larger query). Each is its owner's published fragment, so this plugin names none of their tables.
 */
export const contextColumns = (contactIdSql = ':contactId::uuid', typeIdsSql = ':typeIds::uuid[]'): string => `
  ${contactJsonSql(contactIdSql)} as contact,
  ${companyJsonSql()} as issuer,
  ${taxTypesJsonSql(typeIdsSql)} as types`;

const typeOf = (row: any): TaxTypeInfo => ({
  id: row.id, code: row.code, name: row.name, kind: row.kind as TaxKind, rate: Decimal.parse(String(row.rate), 2).rescale(2), regime: row.regime,
  country: row.country ?? null, sales: row.sales ?? null, purchases: row.purchases ?? null, active: rowBoolean(row.active),
});

/**
 * The three columns of contextColumns as a DocumentContext (404 for a missing contact), and the
 * wanted tax types the row lacks (a company created before the taxes plugin: see contextOf).
 */
export function contextFromRow(row: { contact: unknown; issuer: unknown; types: unknown }, typeIds: string[]): { context: DocumentContext; missingTypeIds: string[] } {
  const c = jsonOrNull<any>(row.contact);
  if (!c) throw new NotFound('Contact not found');
  const issuer = jsonOrNull<any>(row.issuer);
  if (!issuer) throw new NotFound('Company not found');
  const types = new Map<string, TaxTypeInfo>((jsonOrNull<any[]>(row.types) ?? []).map((t) => [t.id, typeOf(t)]));
  return {
    context: {
      contact: {
        id: c.id, kind: c.kind, customerAndSupplier: rowBoolean(c.customer_and_supplier), name: c.name, legalName: c.legal_name ?? null, vat: c.vat ?? null, address: c.address ?? null, city: c.city ?? null,
        postalCode: c.postal_code ?? null, province: c.province ?? null, country: c.country, customerType: c.customer_type,
        publicAdministration: rowBoolean(c.public_administration ?? false), administrativeCentres: jsonOrNull<any>(c.administrative_centres ?? null),
      },
      issuer: {
        name: issuer.name, legal_name: issuer.legal_name ?? null, tax_id: issuer.tax_id, address: issuer.address ?? null, city: issuer.city ?? null,
        postal_code: issuer.postal_code ?? null, province: issuer.province ?? null, country: issuer.country,
      },
      types,
    },
    missingTypeIds: typeIds.filter((id) => !types.has(id)),
  };
}

/** Turns the three columns of contextColumns into a DocumentContext (404 for a missing contact or tax type). */
export async function contextOf(tx: Tx, row: { contact: unknown; issuer: unknown; types: unknown }, typeIds: string[]): Promise<DocumentContext> {
  const { context, missingTypeIds } = contextFromRow(row, typeIds);
  if (missingTypeIds.length) for (const [id, type] of await loadTaxTypes(tx, missingTypeIds)) context.types.set(id, type);
  return context;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Contact, company and tax types in one query. */
export async function loadContext(tx: Tx, contactId: string, typeIds: string[]): Promise<DocumentContext> {
  if (!UUID.test(contactId)) throw new NotFound('Contact not found');
  const wanted = [...new Set(typeIds)];
  const [row] = await tx.sql<any>(`select ${contextColumns()}`, { contactId, typeIds: pgArray(wanted) });
  return contextOf(tx, row, wanted);
}
