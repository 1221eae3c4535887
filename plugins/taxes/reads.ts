/**
 * The taxes plugin's public SQL read, for plugins that must read tax types inside a statement of
 * their own (issuing a document reads the types of its lines with its contact and company). The
 * taxes plugin owns this text; callers embed it, never the table name.
 */

/**
 * A scalar subquery: the tenant's tax types whose ids are in `idsSql` (an SQL expression of type
 * uuid[], e.g. `:typeIds::uuid[]` or `array(select …)`) as a JSON array (empty when none), each
 * with the keys id, code, name, kind, rate (text), regime, country, sales, purchases, active (as in
 * TaxTypeResponse). A type of a company created before the catalogue was seeded is missing here:
 * `TaxService.get` seeds it. Needs the `:tenant` parameter.
 */
export const taxTypesJsonSql = (idsSql: string): string => `(select coalesce(json_agg(x), '[]') from (
     select id::text as id, code, name, kind, rate::text as rate, regime, country, sales, purchases, active
     from tax_types where tenant_id = :tenant and id = any(${idsSql})) x)`;
