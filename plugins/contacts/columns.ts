/** A column of a contacts export: key (also the CSV/JSON/xlsx header), Spanish label for the PDF, cell type. */
export interface ExportColumn {
  key: ContactField;
  label: string;
  type: 'string' | 'boolean' | 'datetime';
  /** xlsx column width in characters; the PDF shares the page in proportion to it. */
  width: number;
}

export type ContactField =
  | 'id' | 'kind' | 'customer_and_supplier' | 'name' | 'legal_name' | 'customer_type' | 'vat' | 'vat_valid' | 'country' | 'email' | 'phone'
  | 'address' | 'city' | 'postal_code' | 'province' | 'iban' | 'external_source' | 'external_id' | 'payment_processor_id'
  | 'notes' | 'created_at' | 'updated_at';

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { key: 'id', label: 'Id', type: 'string', width: 38 },
  { key: 'kind', label: 'Tipo', type: 'string', width: 17 },
  { key: 'customer_and_supplier', label: 'Cliente y proveedor', type: 'boolean', width: 9 },
  { key: 'name', label: 'Nombre', type: 'string', width: 32 },
  { key: 'legal_name', label: 'Razón social', type: 'string', width: 32 },
  { key: 'customer_type', label: 'Cliente', type: 'string', width: 11 },
  { key: 'vat', label: 'NIF / IVA', type: 'string', width: 16 },
  { key: 'vat_valid', label: 'NIF válido', type: 'boolean', width: 9 },
  { key: 'country', label: 'País', type: 'string', width: 6 },
  { key: 'email', label: 'Email', type: 'string', width: 28 },
  { key: 'phone', label: 'Teléfono', type: 'string', width: 16 },
  { key: 'address', label: 'Dirección', type: 'string', width: 32 },
  { key: 'city', label: 'Ciudad', type: 'string', width: 18 },
  { key: 'postal_code', label: 'C.P.', type: 'string', width: 8 },
  { key: 'province', label: 'Provincia', type: 'string', width: 16 },
  { key: 'iban', label: 'IBAN', type: 'string', width: 30 },
  { key: 'external_source', label: 'Origen', type: 'string', width: 12 },
  { key: 'external_id', label: 'Id externo', type: 'string', width: 16 },
  { key: 'payment_processor_id', label: 'Id pasarela', type: 'string', width: 20 },
  { key: 'notes', label: 'Notas', type: 'string', width: 40 },
  { key: 'created_at', label: 'Alta', type: 'datetime', width: 20 },
  { key: 'updated_at', label: 'Modificado', type: 'datetime', width: 20 },
];

const BY_KEY = new Map(EXPORT_COLUMNS.map((c) => [c.key as string, c]));
export const columnByKey = (key: string): ExportColumn | undefined => BY_KEY.get(key);

/** Data formats carry every column; the PDF, a page wide, a readable selection. */
export const DEFAULT_DATA_COLUMNS: readonly ContactField[] = EXPORT_COLUMNS.map((c) => c.key);
export const DEFAULT_PDF_COLUMNS: readonly ContactField[] = ['name', 'kind', 'vat', 'country', 'email', 'phone', 'city'];
