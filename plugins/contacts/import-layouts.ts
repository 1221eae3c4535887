/**
 * The column layouts POST /contacts/import reads, as data: for each field of a contact, the
 * headings (any case, accents ignored) a layout writes it under, in order of preference (the first
 * one with a value in a row wins). Sources and meanings: docs/domain/contacts-import.md.
 */
import { EXPORT_COLUMNS } from './columns';

export type ImportField =
  | 'name' | 'legal_name' | 'vat' | 'kind' | 'customer_type' | 'country' | 'email' | 'phone' | 'address' | 'city'
  | 'postal_code' | 'province' | 'iban' | 'bic' | 'notes' | 'external_id' | 'account' | 'customer_and_supplier' | 'external_source';

export const LAYOUT_NAMES = ['generic', 'holded', 'contaplus'] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];

export interface ContactImportLayout {
  /** Stored as the contacts' external_source (with `external_id` when the layout has one). */
  source: string | null;
  columns: Partial<Record<ImportField, readonly string[]>>;
  /** Headings only this layout writes: finding them picks the layout when the request does not name one. */
  signature: readonly string[];
}

/** Cuadra's own: the API's field names, and the keys GET /contacts/export writes (the same names), or their Spanish labels. */
const own = (field: string) => [field, ...EXPORT_COLUMNS.filter((c) => c.key === field).map((c) => c.label)];

export const CONTACT_IMPORT_LAYOUTS: Record<LayoutName, ContactImportLayout> = {
  generic: {
    source: null,
    columns: {
      name: [...own('name'), 'nombre comercial'],
      legal_name: [...own('legal_name')],
      vat: [...own('vat'), 'tax_id', 'nif', 'cif', 'vat_number'],
      kind: [...own('kind')],
      customer_and_supplier: [...own('customer_and_supplier')],
      customer_type: ['customer_type'],
      country: [...own('country')],
      email: [...own('email'), 'correo'],
      phone: [...own('phone'), 'telefono'],
      address: [...own('address'), 'direccion', 'domicilio'],
      city: [...own('city'), 'poblacion', 'localidad'],
      postal_code: [...own('postal_code'), 'codigo postal', 'cp'],
      province: [...own('province')],
      iban: [...own('iban')],
      bic: ['bic', 'swift'],
      notes: [...own('notes')],
      external_id: [...own('external_id')],
      external_source: [...own('external_source')],
    },
    signature: [],
  },
  // Holded's contacts export and its import template (the same headings), in Spanish and English
  holded: {
    source: 'holded',
    columns: {
      name: ['nombre comercial', 'trade name', 'nombre', 'name', 'nombre fiscal', 'fiscal name'],
      legal_name: ['nombre fiscal', 'fiscal name'],
      vat: ['id', 'nif', 'nif cif', 'nif del contacto', 'id del contacto', 'contact nif', 'contact id', 'vat'],
      kind: ['tipo de contacto', 'contact type', 'tipo', 'type'],
      country: ['codigo pais', 'country code', 'pais', 'country'],
      email: ['email', 'email del contacto', 'contact email', 'contact s e mail address'],
      phone: ['telefono', 'phone', 'movil', 'mobile'],
      address: ['direccion', 'address'],
      city: ['poblacion', 'population', 'town', 'city'],
      postal_code: ['codigo postal', 'postal code'],
      province: ['provincia', 'province'],
      iban: ['iban'],
      bic: ['swift', 'bic'],
      notes: ['notas', 'notes'],
      external_id: ['referencia', 'reference'],
    },
    signature: ['nombre fiscal', 'fiscal name', 'contact nif', 'contact id', 'nif del contacto', 'id del contacto', 'codigo pais', 'country code', 'tipo de contacto', 'contact type', 'movil', 'mobile', 'swift', 'poblacion', 'population', 'town'],
  },
  // ContaPlus's sub-account file (SubCta / XSubCta): every sub-account; third parties are those of groups 40, 41, 43 and 44
  contaplus: {
    source: 'contaplus',
    columns: {
      account: ['cod', 'codigo', 'id cuenta', 'subcuenta'],
      name: ['titulo', 'descrip', 'cuenta'],
      vat: ['nif', 'cif'],
      address: ['domicilio'],
      city: ['poblacion'],
      province: ['provincia'],
      postal_code: ['codpostal'],
      country: ['pais'],
      phone: ['telefono'],
      email: ['email'],
    },
    signature: ['cod', 'titulo', 'codpostal', 'id cuenta'],
  },
};

/** Kind words of the layouts (Holded's contact types, Cuadra's own), by heading key. */
export const KIND_WORDS: Record<string, 'customer' | 'supplier'> = {
  customer: 'customer', cliente: 'customer', client: 'customer', deudor: 'customer', debtor: 'customer', lead: 'customer',
  supplier: 'supplier', proveedor: 'supplier', acreedor: 'supplier', creditor: 'supplier',
};

/** A ContaPlus sub-account's group (its first two digits): customers (43, 44 deudores) or suppliers (40 proveedores, 41 acreedores). */
export const ACCOUNT_GROUP_KIND: Record<string, 'customer' | 'supplier'> = { '40': 'supplier', '41': 'supplier', '43': 'customer', '44': 'customer' };
