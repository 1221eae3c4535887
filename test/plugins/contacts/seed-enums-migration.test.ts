import { afterAll, beforeAll, expect, test } from 'bun:test';
import { SEED_ENUMS } from '../../../plugins/contacts/migrations';
import { createCompany } from '../../support/factories';
import { startDocumentsApp, type DocumentsTestApp } from '../../support/documents';

/**
 * Contacts stored before the seed's enums were enforced (kind `both`, customer type `consumer`) are
 * carried over by the migration: the table is put back in its earlier shape with such rows, then
 * the migration's statements run as the owner.
 */
let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp(); });
afterAll(() => app.close());

test('kind both becomes customer + customer_and_supplier, consumer becomes individual, and the old values are refused afterwards', async () => {
  const company = await createCompany(app);
  const insert = (kind: string, type: string, name: string) => `insert into contacts (id, tenant_id, kind, name, customer_type, country, vat_valid, name_key)
    values (gen_random_uuid(), '${company.tenantId}', '${kind}', '${name}', '${type}', 'ES', false, '${name}')`;
  await app.asOwner([
    'drop view contacts_searchable', // a later migration's view reads customer_and_supplier
    // and the maintained counts' triggers
    ...['add', 'move', 'remove'].flatMap((trigger) => [`drop trigger contacts_counts_${trigger} on contacts`, `drop trigger contacts_search_terms_${trigger} on contacts`]),
    'alter table contacts drop constraint contacts_kind_check',
    'alter table contacts drop constraint contacts_customer_type_check',
    'alter table contacts drop column customer_and_supplier',
    `alter table contacts add constraint contacts_kind_check check (kind in ('customer', 'supplier', 'both'))`,
    `alter table contacts add constraint contacts_customer_type_check check (customer_type in ('business', 'consumer'))`,
    insert('both', 'business', 'ambos'),
    insert('customer', 'consumer', 'particular'),
    insert('supplier', 'business', 'proveedor'),
  ]);
  await app.asOwner(SEED_ENUMS);

  const rows = await app.asOwner<{ name: string; kind: string; customer_and_supplier: boolean; customer_type: string }>(
    `select name, kind, customer_and_supplier, customer_type from contacts where tenant_id = '${company.tenantId}' order by name`);
  expect(rows).toEqual([
    { name: 'ambos', kind: 'customer', customer_and_supplier: true, customer_type: 'business' },
    { name: 'particular', kind: 'customer', customer_and_supplier: false, customer_type: 'individual' },
    { name: 'proveedor', kind: 'supplier', customer_and_supplier: false, customer_type: 'business' },
  ]);
  await expect(app.asOwner(insert('both', 'business', 'otra'))).rejects.toThrow();
  await expect(app.asOwner(insert('customer', 'consumer', 'otra'))).rejects.toThrow();

  const list = (await app.get('/api/v1/contacts?kind=supplier', company.token)).body;
  expect(list.items.map((c: any) => [c.name, c.kind, c.customer_and_supplier])).toEqual([['ambos', 'customer', true], ['proveedor', 'supplier', false]]);
});
