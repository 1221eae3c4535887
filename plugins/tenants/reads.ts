/**
 * The tenants plugin's public SQL read, for plugins that must read the company inside a statement
 * of their own (issuing a document prints the issuer from it). The tenants plugin owns this text;
 * callers embed it, never the table name.
 */

/**
 * A scalar subquery: the current tenant's company as a JSON object with the keys name, legal_name,
 * tax_id, address, city, postal_code, province, country (as in TenantMe), or null. Needs the
 * `:tenant` parameter.
 */
export const companyJsonSql = (): string => `(select row_to_json(t) from (
     select name, legal_name, tax_id, address, city, postal_code, province, country
     from tenants where id = :tenant) t)`;
