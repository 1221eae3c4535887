import { t } from 'elysia';
import { EXPORT_COLUMNS } from './columns';
import { ListCursor, literalUnion, Nullable } from '../../kernel/schemas';

const Uuid = t.String({ format: 'uuid' });
const Timestamp = t.String({ format: 'date-time' });
const Money = t.String({ pattern: '^-?\\d+\\.\\d{2}$', description: 'Decimal string, two decimals' });
const Day = t.String({ format: 'date' });

export const CONTACT_KINDS = ['customer', 'supplier'] as const;
export const CUSTOMER_TYPES = ['business', 'individual'] as const;

const Kind = literalUnion(CONTACT_KINDS, { description: '`customer` or `supplier`' });
const CustomerType = literalUnion(CUSTOMER_TYPES, { description: '`business` (default) or `individual` (a private person: B2C rules apply)' });
const Country = t.String({ minLength: 2, maxLength: 2, pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 ("ES" by default); stored upper-case' });
const Dir3 = t.String({ minLength: 1, maxLength: 10, description: 'A DIR3 code (letters and digits), e.g. L01280796' });
const AdministrativeCentres = t.Object({
  accounting_office: t.String({ ...Dir3, description: 'Oficina contable (Facturae role 01)' }),
  managing_body: t.String({ ...Dir3, description: 'Órgano gestor (role 02)' }),
  processing_unit: t.String({ ...Dir3, description: 'Unidad tramitadora (role 03)' }),
  proposing_body: t.Optional(Nullable(t.String({ ...Dir3, description: 'Órgano proponente (role 04), where the administration uses one' }))),
}, { additionalProperties: false, description: "A public administration's DIR3 codes, carried by its Facturae as AdministrativeCentres (FACe)" });
const CustomerAndSupplier = t.Boolean({ description: 'Also acts as the other kind (a customer the company also buys from, or the reverse): it may be invoiced and may be the supplier of purchases either way. Default false.' });

const optionalFields = {
  customer_and_supplier: CustomerAndSupplier,
  customer_type: CustomerType,
  // what clients call it elsewhere (the company's own is `tax_id`): a 422 for one of these names `vat`
  vat: t.Union([t.String({ maxLength: 40, description: 'Tax number. Spain: NIF/NIE/CIF (checksum). Other EU: VAT number in the country\'s format (prefix added when missing). Elsewhere: free text, at most 32.' }), t.Null()], { 'x-aliases': ['tax_id', 'tax_number', 'vat_number'] }),
  country: Country,
  legal_name: Nullable(t.String({ maxLength: 200 })),
  email: Nullable(t.String({ format: 'email', maxLength: 254 })),
  phone: Nullable(t.String({ maxLength: 50 })),
  address: Nullable(t.String({ maxLength: 300 })),
  city: Nullable(t.String({ maxLength: 100 })),
  postal_code: Nullable(t.String({ maxLength: 20 })),
  province: Nullable(t.String({ maxLength: 100 })),
  iban: Nullable(t.String({ maxLength: 50, description: 'IBAN (checksum verified), stored without spaces' })),
  bic: Nullable(t.String({ maxLength: 20, description: 'BIC of the IBAN\'s bank (8 or 11 characters: bank, country, location, branch), stored in capitals without spaces; SEPA transfers carry it when given' })),
  external_source: Nullable(t.String({ minLength: 1, maxLength: 32, description: 'The system the contact was imported from' })),
  external_id: Nullable(t.String({ minLength: 1, maxLength: 100, description: 'Its id there; (external_source, external_id) is unique per company' })),
  payment_processor_id: Nullable(t.String({ minLength: 1, maxLength: 100, description: 'Customer id at a payment processor (e.g. Stripe cus_…)' })),
  notes: Nullable(t.String({ maxLength: 5000 })),
  public_administration: t.Boolean({ description: 'A Spanish public administration, invoiced through FACe: an invoice to it is refused without its DIR3 codes. Default false; giving administrative_centres sets it unless it is sent too.' }),
  administrative_centres: Nullable(AdministrativeCentres),
};
const requiredFields = {
  kind: Kind,
  name: t.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
};
const optional = <F extends Record<string, any>>(fields: F) =>
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, t.Optional(schema)])) as { [K in keyof F]: any };

export const ContactCreate = t.Object({ ...requiredFields, ...optional(optionalFields) }, { additionalProperties: false });
export const ContactUpdate = t.Object(optional({ ...requiredFields, ...optionalFields }), {
  additionalProperties: false, minProperties: 1, description: 'Any ContactCreate field; at least one. Send null to clear an optional field.',
});

export const ContactResponse = t.Object({
  id: Uuid,
  kind: Kind,
  customer_and_supplier: CustomerAndSupplier,
  name: t.String(),
  customer_type: CustomerType,
  vat: Nullable(t.String()),
  country: t.String({ minLength: 2, maxLength: 2 }),
  legal_name: Nullable(t.String()),
  email: Nullable(t.String()),
  phone: Nullable(t.String()),
  address: Nullable(t.String()),
  city: Nullable(t.String()),
  postal_code: Nullable(t.String()),
  province: Nullable(t.String()),
  iban: Nullable(t.String()),
  bic: Nullable(t.String()),
  external_source: Nullable(t.String()),
  external_id: Nullable(t.String()),
  payment_processor_id: Nullable(t.String()),
  notes: Nullable(t.String()),
  public_administration: t.Boolean({ description: 'A Spanish public administration (FACe)' }),
  administrative_centres: Nullable(t.Object({
    accounting_office: t.String(), managing_body: t.String(), processing_unit: t.String(), proposing_body: Nullable(t.String()),
  }, { description: 'Its DIR3 codes: oficina contable, órgano gestor, unidad tramitadora, órgano proponente' })),
  vat_valid: t.Boolean({ description: 'The tax number passed its checksum (Spanish NIF/NIE/CIF, EU check digits). False when there is none, when an EU number is well-formed but its check digits are wrong, and for non-EU numbers, which cannot be checked.' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const PaginatedResponse_ContactResponse_ = t.Object({
  items: t.Array(ContactResponse),
  total: t.Integer({ description: 'Contacts matching the filters, over all pages' }),
  limit: t.Integer(),
  offset: t.Integer(),
  next_cursor: Nullable(t.String({ description: 'Pass as `cursor` for the next page; null on the last page' })),
});

export const ContactSummary = t.Object({
  total: t.Integer(),
  customers: t.Integer({ description: 'kind customer, or flagged customer_and_supplier' }),
  suppliers: t.Integer({ description: 'kind supplier, or flagged customer_and_supplier' }),
  without_vat: t.Integer({ description: 'No tax number' }),
  payment_processor_linked: t.Integer({ description: 'With a payment_processor_id' }),
});

export const ContactStatsResponse = t.Object({
  documents_count: t.Integer(),
  invoiced_total: Money,
  purchased_total: Money,
  outstanding_total: Money,
  first_document_date: Nullable(Day),
  last_document_date: Nullable(Day),
}, { description: 'Figures contributed by the document plugins (zeros while none is installed).' });

export const TaxSuggestionResponse = t.Object({
  context: t.Union([t.Literal('sale'), t.Literal('purchase')]),
  tax_type_id: Uuid,
  code: t.String(),
  rate: t.String({ description: 'Percentage ("21.00")' }),
  reason: t.String({ description: 'Why this type, in plain Spanish, with the legal reference' }),
});

export const MergeContactsBody = t.Object({
  duplicate_ids: t.Array(Uuid, { minItems: 1, maxItems: 100, uniqueItems: true, description: 'Contacts to merge into the one in the path and delete' }),
}, { additionalProperties: false });

export const MergeContactsResponse = t.Object({
  contact: ContactResponse,
  merged_ids: t.Array(Uuid),
  documents_repointed: t.Integer(),
});

const MonthPoint = { month: t.String({ pattern: '^\\d{4}-\\d{2}$' }) };
export const ContactInsights = t.Object({
  months: t.Integer(),
  from: Day,
  to: Day,
  totals: t.Object({ contacts: t.Integer(), customers: t.Integer(), suppliers: t.Integer() }),
  new_contacts: t.Array(t.Object({ ...MonthPoint, total: t.Integer(), customers: t.Integer(), suppliers: t.Integer() }), { description: 'Every month of the window, oldest first, zeros included' }),
  activity: t.Array(t.Object({
    ...MonthPoint,
    active_customers: t.Integer({ description: 'Customers with at least one sale document that month' }),
    active_suppliers: t.Integer({ description: 'Suppliers with at least one purchase document that month' }),
    sales_total: Money,
    purchases_total: Money,
    documents: t.Integer(),
  })),
  top_customers: t.Array(t.Object({ contact_id: Uuid, name: t.String(), documents: t.Integer(), total: Money }), { description: 'At most 10, by total over the window' }),
  top_suppliers: t.Array(t.Object({ contact_id: Uuid, name: t.String(), documents: t.Integer(), total: Money })),
}, { description: 'Contacts dashboard over the last `months` calendar months (UTC), this month included. Activity comes from the document plugins.' });

const filterFields = {
  search: t.Optional(t.String({ maxLength: 200, description: 'Case- and accent-insensitive, anywhere in name, legal name, tax number, email or external id (`%` and `_` are literal; only wildcards or spaces: 422). Three or more characters rank the list by similarity.' })),
  kind: t.Optional(literalUnion(CONTACT_KINDS, { description: '`customer` also matches suppliers flagged customer_and_supplier, and the reverse' })),
  country: t.Optional(t.String({ minLength: 2, maxLength: 2, pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' })),
  customer_type: t.Optional(CustomerType),
  has_vat: t.Optional(t.Boolean({ description: 'With (true) or without (false) a tax number' })),
  external_source: t.Optional(t.String({ maxLength: 32 })),
};
export const ContactListQuery = t.Object({
  ...filterFields,
  from: t.Optional(t.String({ format: 'date', description: 'Created on or after this day (UTC)' })),
  to: t.Optional(t.String({ format: 'date', description: 'Created on or before this day (UTC)' })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
  cursor: t.Optional(ListCursor),
  total: t.Optional(t.Union([t.Literal('exact'), t.Literal('estimate')], {
    default: 'exact',
    description: '`exact` counts every match. `estimate` counts exactly up to 1,000 matches past the page\'s start and estimates beyond them (never less than counted): cheaper for broad searches. A search of 3 to 16 letters in a company of 10,000 contacts or more is exact either way, from kept counts',
  })),
});
export const ContactSummaryQuery = t.Object(filterFields);
export const EXPORT_FORMATS = ['xlsx', 'csv', 'json', 'pdf'] as const;
export const ContactExportQuery = t.Object({
  ...filterFields,
  from_date: t.Optional(t.String({ format: 'date', description: 'Created on or after this day (UTC)' })),
  to_date: t.Optional(t.String({ format: 'date', description: 'Created on or before this day (UTC)' })),
  format: t.Optional(literalUnion(EXPORT_FORMATS, { default: 'xlsx', description: 'xlsx (default), csv (UTF-8 with BOM, `;`), json or pdf' })),
  columns: t.Optional(t.String({ maxLength: 1000, description: `Comma-separated column keys, in order. Known: ${EXPORT_COLUMNS.map((c) => c.key).join(', ')}` })),
});
export const TaxSuggestionQuery = t.Object({
  context: t.Optional(literalUnion(['sale', 'purchase'] as const, { default: 'sale', description: 'A sale to the contact (default) or a purchase from it' })),
  nature: t.Optional(t.Union([t.Literal('goods'), t.Literal('services')], { description: 'Purchases from outside the EU: goods → IMPORT, services (default) → ISP' })),
});
export const InsightsQuery = t.Object({ months: t.Optional(t.Integer({ minimum: 1, maximum: 36, default: 12 })) });

export const contactModels = {
  ContactCreate, ContactUpdate, ContactResponse, PaginatedResponse_ContactResponse_, ContactSummary, ContactStatsResponse,
  TaxSuggestionResponse, MergeContactsBody, MergeContactsResponse, ContactInsights,
};

export const ContactImportBody = t.Object({
  file: t.File({ description: 'A CSV (comma, semicolon or tab; UTF-8 or ISO-8859-1) or XLSX file of contacts, one per row under a header: Cuadra\'s own columns (those of GET /contacts/export), Holded\'s contacts export or ContaPlus\'s sub-account file (docs/domain/contacts-import.md)' }),
  layout: t.Optional(t.Union([t.Literal('auto'), t.Literal('generic'), t.Literal('holded'), t.Literal('contaplus')], { default: 'auto', description: '`auto` (default) recognises the layout by its headings' })),
  kind: t.Optional(Kind),
  dry_run: t.Optional(t.Union([t.Boolean(), t.Literal('true'), t.Literal('false')], { description: 'true: check and report, write nothing' })),
});

export const ContactImportResponse = t.Object({
  layout: t.Union([t.Literal('generic'), t.Literal('holded'), t.Literal('contaplus')]),
  dry_run: t.Boolean(),
  rows: t.Integer({ description: 'Rows under the header' }),
  created: t.Integer({ description: 'Contacts created (in a dry run: that would be created)' }),
  created_ids: t.Array(Uuid),
  duplicates: t.Array(t.Object({
    line: t.Integer(), vat: Nullable(t.String()), name: t.String(),
    reason: t.Union([t.Literal('in_file'), t.Literal('existing')], { description: '`existing`: the company has it already (contact_id); `in_file`: an earlier row (first_line) has it' }),
    contact_id: Nullable(Uuid), first_line: Nullable(t.Integer()),
  }), { description: 'Rows not created: the same tax number (without one: the same external id, else the same name) is in the company or earlier in the file' }),
  skipped: t.Array(t.Object({ line: t.Integer(), reason: t.String() }), { description: 'Rows that are not contacts (a ContaPlus sub-account outside groups 40, 41, 43 and 44)' }),
});
