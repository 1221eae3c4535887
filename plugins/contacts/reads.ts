/**
 * The contacts plugin's public SQL read, for plugins that must read a contact inside a statement
 * of their own (issuing a document reads its contact, company and tax types in one round trip).
 * The contacts plugin owns this text: when its table changes, the fragment changes with it, and
 * its callers keep working. Callers embed it, never the table name.
 */

/**
 * A scalar subquery: the tenant's contact with id `idSql` (an SQL expression of type uuid, e.g.
 * `:contactId::uuid` or a column) as a JSON object, or null when the tenant has no such contact.
 * Keys: id, kind, customer_and_supplier, name, legal_name, vat, address, city, postal_code,
 * province, country, customer_type, public_administration, administrative_centres (as in ContactResponse). Needs the `:tenant` parameter.
 */
export const contactJsonSql = (idSql: string): string => `(select row_to_json(c) from (
     select id::text as id, kind, customer_and_supplier, name, legal_name, vat, address, city, postal_code, province, country, customer_type,
       public_administration, administrative_centres
     from contacts where tenant_id = :tenant and id = ${idSql}) c)`;
