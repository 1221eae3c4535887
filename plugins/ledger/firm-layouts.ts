/**
 * The fixed-width files of the accounting software Spanish gestorías use, as data: each record is a
 * list of fields with their 1-based position, length and type. The writers and readers in
 * ./firm-files.ts read nothing but these tables; the sources are in docs/domain/firm-formats.md.
 *
 * Types: `text` left-aligned, space-padded; `number` right-aligned with a decimal point and
 * `decimals` decimals (ContaPlus); `a3amount` a sign, ten integer digits, a point and two decimals
 * (A3); `date` YYYYMMDD; `logical` T or F; `const` always `value`.
 */
export interface FixedField {
  field: string;
  position: number;
  length: number;
  type: 'text' | 'number' | 'a3amount' | 'date' | 'logical' | 'const';
  decimals?: number;
  value?: string;
}

export interface FixedLayout {
  name: string;
  /** Characters per record, before the CR LF that ends it. */
  length: number;
  fields: readonly FixedField[];
}

/**
 * A3 (a3ASESOR | con, a3ECO): "enlace contable de entrada" (SUENLACE.DAT), format 4: records of
 * 254 characters. Record type 0 is an entry line without VAT (apunte sin IVA); the lines of one
 * entry run from the one marked I (first) through M (middle) to U (last).
 */
export const A3_ENTRY_LINE: FixedLayout = {
  name: 'A3 apunte sin IVA (registro 0)',
  length: 254,
  fields: [
    { field: 'format', position: 1, length: 1, type: 'const', value: '4' },
    { field: 'company', position: 2, length: 5, type: 'text' },
    { field: 'date', position: 7, length: 8, type: 'date' },
    { field: 'record_type', position: 15, length: 1, type: 'const', value: '0' },
    { field: 'account', position: 16, length: 12, type: 'text' },
    { field: 'account_name', position: 28, length: 30, type: 'text' },
    { field: 'side', position: 58, length: 1, type: 'text' },
    { field: 'document', position: 59, length: 10, type: 'text' },
    { field: 'line_mark', position: 69, length: 1, type: 'text' },
    { field: 'description', position: 70, length: 30, type: 'text' },
    { field: 'amount', position: 100, length: 14, type: 'a3amount' },
    { field: 'reserved', position: 114, length: 138, type: 'text' },
    { field: 'analytics', position: 252, length: 1, type: 'text' },
    { field: 'currency', position: 253, length: 1, type: 'const', value: 'E' },
    { field: 'generated', position: 254, length: 1, type: 'const', value: 'N' },
  ],
};

/**
 * A3 record 1: an invoice's head (alta de factura). Its lines follow as records 9, the last one
 * marked U. Read only (Cuadra writes its journal as entry lines).
 */
export const A3_INVOICE_HEAD: FixedLayout = {
  name: 'A3 cabecera de factura (registro 1)',
  length: 254,
  fields: [
    { field: 'format', position: 1, length: 1, type: 'text' },
    { field: 'company', position: 2, length: 5, type: 'text' },
    { field: 'date', position: 7, length: 8, type: 'date' },
    { field: 'record_type', position: 15, length: 1, type: 'const', value: '1' },
    { field: 'account', position: 16, length: 12, type: 'text' },
    { field: 'account_name', position: 28, length: 30, type: 'text' },
    { field: 'invoice_kind', position: 58, length: 1, type: 'text' },
    { field: 'invoice_number', position: 59, length: 10, type: 'text' },
    { field: 'line_mark', position: 69, length: 1, type: 'text' },
    { field: 'description', position: 70, length: 30, type: 'text' },
    { field: 'total', position: 100, length: 14, type: 'a3amount' },
    { field: 'reserved', position: 114, length: 62, type: 'text' },
    { field: 'tax_id', position: 176, length: 14, type: 'text' },
    { field: 'name', position: 190, length: 40, type: 'text' },
    { field: 'postcode', position: 230, length: 5, type: 'text' },
    { field: 'reserved2', position: 235, length: 2, type: 'text' },
    { field: 'operation_date', position: 237, length: 8, type: 'date' },
    { field: 'invoice_date', position: 245, length: 8, type: 'date' },
    { field: 'currency', position: 253, length: 1, type: 'const', value: 'E' },
    { field: 'generated', position: 254, length: 1, type: 'const', value: 'N' },
  ],
};

/** A3 record 9: one line of an invoice, its base on an income or expense account and its VAT, surcharge and withholding. */
export const A3_VAT_DETAIL: FixedLayout = {
  name: 'A3 detalle de IVA (registro 9)',
  length: 254,
  fields: [
    { field: 'format', position: 1, length: 1, type: 'text' },
    { field: 'company', position: 2, length: 5, type: 'text' },
    { field: 'date', position: 7, length: 8, type: 'date' },
    { field: 'record_type', position: 15, length: 1, type: 'const', value: '9' },
    { field: 'account', position: 16, length: 12, type: 'text' },
    { field: 'account_name', position: 28, length: 30, type: 'text' },
    { field: 'amount_kind', position: 58, length: 1, type: 'text' },
    { field: 'invoice_number', position: 59, length: 10, type: 'text' },
    { field: 'line_mark', position: 69, length: 1, type: 'text' },
    { field: 'description', position: 70, length: 30, type: 'text' },
    { field: 'subtype', position: 100, length: 2, type: 'text' },
    { field: 'base', position: 102, length: 14, type: 'a3amount' },
    { field: 'vat_rate', position: 116, length: 5, type: 'text' },
    { field: 'vat', position: 121, length: 14, type: 'a3amount' },
    { field: 'surcharge_rate', position: 135, length: 5, type: 'text' },
    { field: 'surcharge', position: 140, length: 14, type: 'a3amount' },
    { field: 'withholding_rate', position: 154, length: 5, type: 'text' },
    { field: 'withholding', position: 159, length: 14, type: 'a3amount' },
    { field: 'form', position: 173, length: 2, type: 'text' },
    { field: 'subject_to_vat', position: 175, length: 1, type: 'text' },
    { field: 'form_415', position: 176, length: 1, type: 'text' },
    { field: 'reserved', position: 177, length: 15, type: 'text' },
    { field: 'vat_account', position: 192, length: 12, type: 'text' },
    { field: 'surcharge_account', position: 204, length: 12, type: 'text' },
    { field: 'withholding_account', position: 216, length: 12, type: 'text' },
    { field: 'vat_account_2', position: 228, length: 12, type: 'text' },
    { field: 'surcharge_account_2', position: 240, length: 12, type: 'text' },
    { field: 'analytics', position: 252, length: 1, type: 'text' },
    { field: 'currency', position: 253, length: 1, type: 'const', value: 'E' },
    { field: 'generated', position: 254, length: 1, type: 'const', value: 'N' },
  ],
};

/**
 * The part every A3 record shares, which the importer reads to recognise a record and its account:
 * an account record (type C, alta de cuentas) gives the name of its account here.
 */
export const A3_RECORD_HEAD: FixedLayout = {
  name: 'A3 registro (cabecera común)',
  length: 254,
  fields: [
    { field: 'format', position: 1, length: 1, type: 'text' },
    { field: 'company', position: 2, length: 5, type: 'text' },
    { field: 'date', position: 7, length: 8, type: 'text' },
    { field: 'record_type', position: 15, length: 1, type: 'text' },
    { field: 'account', position: 16, length: 12, type: 'text' },
    { field: 'account_name', position: 28, length: 30, type: 'text' },
    { field: 'currency', position: 253, length: 1, type: 'text' },
  ],
};

/**
 * ContaPlus (Sage ContaPlus) XDiario: the journal, one record per entry line, the fields of its
 * Diario table in order, 1189 characters.
 */
export const CONTAPLUS_XDIARIO: FixedLayout = {
  name: 'ContaPlus XDiario',
  length: 1189,
  fields: [
  { field: 'ASIEN', position: 1, length: 6, type: 'number', decimals: 0 },
  { field: 'FECHA', position: 7, length: 8, type: 'date' },
  { field: 'SUBCTA', position: 15, length: 12, type: 'text' },
  { field: 'CONTRA', position: 27, length: 12, type: 'text' },
  { field: 'PTADEBE', position: 39, length: 16, type: 'number', decimals: 2 },
  { field: 'CONCEPTO', position: 55, length: 25, type: 'text' },
  { field: 'PTAHABER', position: 80, length: 16, type: 'number', decimals: 2 },
  { field: 'FACTURA', position: 96, length: 8, type: 'number', decimals: 0 },
  { field: 'BASEIMPO', position: 104, length: 16, type: 'number', decimals: 2 },
  { field: 'IVA', position: 120, length: 5, type: 'number', decimals: 2 },
  { field: 'RECEQUIV', position: 125, length: 5, type: 'number', decimals: 2 },
  { field: 'DOCUMENTO', position: 130, length: 10, type: 'text' },
  { field: 'DEPARTA', position: 140, length: 3, type: 'text' },
  { field: 'CLAVE', position: 143, length: 6, type: 'text' },
  { field: 'ESTADO', position: 149, length: 1, type: 'text' },
  { field: 'NCASADO', position: 150, length: 6, type: 'number', decimals: 0 },
  { field: 'TCASADO', position: 156, length: 1, type: 'number', decimals: 0 },
  { field: 'TRANS', position: 157, length: 6, type: 'number', decimals: 0 },
  { field: 'CAMBIO', position: 163, length: 16, type: 'number', decimals: 6 },
  { field: 'DEBEME', position: 179, length: 16, type: 'number', decimals: 2 },
  { field: 'HABERME', position: 195, length: 16, type: 'number', decimals: 2 },
  { field: 'AUXILIAR', position: 211, length: 1, type: 'text' },
  { field: 'SERIE', position: 212, length: 1, type: 'text' },
  { field: 'SUCURSAL', position: 213, length: 4, type: 'text' },
  { field: 'CODDIVISA', position: 217, length: 5, type: 'text' },
  { field: 'IMPAUXME', position: 222, length: 16, type: 'number', decimals: 2 },
  { field: 'MONEDAUSO', position: 238, length: 1, type: 'text' },
  { field: 'EURODEBE', position: 239, length: 16, type: 'number', decimals: 2 },
  { field: 'EUROHABER', position: 255, length: 16, type: 'number', decimals: 2 },
  { field: 'BASEEURO', position: 271, length: 16, type: 'number', decimals: 2 },
  { field: 'NOCONV', position: 287, length: 1, type: 'logical' },
  { field: 'NUMEROINV', position: 288, length: 10, type: 'text' },
  { field: 'SERIE_RT', position: 298, length: 1, type: 'text' },
  { field: 'FACTU_RT', position: 299, length: 8, type: 'number', decimals: 0 },
  { field: 'BASEIMP_RT', position: 307, length: 16, type: 'number', decimals: 2 },
  { field: 'BASEIMP_RF', position: 323, length: 16, type: 'number', decimals: 2 },
  { field: 'RECTIFICA', position: 339, length: 1, type: 'logical' },
  { field: 'FECHA_RT', position: 340, length: 8, type: 'date' },
  { field: 'NIC', position: 348, length: 1, type: 'text' },
  { field: 'LPERIODICO', position: 349, length: 1, type: 'logical' },
  { field: 'CODMOVPER', position: 350, length: 6, type: 'number', decimals: 0 },
  { field: 'LINTERRUMP', position: 356, length: 1, type: 'logical' },
  { field: 'SEGACTIV', position: 357, length: 6, type: 'text' },
  { field: 'SEGGEOGR', position: 363, length: 6, type: 'text' },
  { field: 'LRECT349', position: 369, length: 1, type: 'logical' },
  { field: 'FECHA_OP', position: 370, length: 8, type: 'date' },
  { field: 'FECHA_EX', position: 378, length: 8, type: 'date' },
  { field: 'DEPARTA5', position: 386, length: 5, type: 'text' },
  { field: 'FACTURA10', position: 391, length: 10, type: 'text' },
  { field: 'PORCEN_ANA', position: 401, length: 5, type: 'number', decimals: 2 },
  { field: 'PORCEN_SEG', position: 406, length: 5, type: 'number', decimals: 2 },
  { field: 'NUMAPUNTE', position: 411, length: 6, type: 'number', decimals: 0 },
  { field: 'EUROTOTAL', position: 417, length: 16, type: 'number', decimals: 2 },
  { field: 'RAZONSOC', position: 433, length: 100, type: 'text' },
  { field: 'APELLIDO1', position: 533, length: 50, type: 'text' },
  { field: 'APELLIDO2', position: 583, length: 50, type: 'text' },
  { field: 'TIPOOPE', position: 633, length: 1, type: 'text' },
  { field: 'NFACTICK', position: 634, length: 8, type: 'number', decimals: 0 },
  { field: 'NUMACUINI', position: 642, length: 40, type: 'text' },
  { field: 'NUMACUFIN', position: 682, length: 40, type: 'text' },
  { field: 'TERIDNIF', position: 722, length: 1, type: 'number', decimals: 0 },
  { field: 'TERNIF', position: 723, length: 15, type: 'text' },
  { field: 'TERNOM', position: 738, length: 40, type: 'text' },
  { field: 'TERNIF14', position: 778, length: 9, type: 'text' },
  { field: 'TBIENTRAN', position: 787, length: 1, type: 'logical' },
  { field: 'TBIENCOD', position: 788, length: 10, type: 'text' },
  { field: 'TRANSINM', position: 798, length: 1, type: 'logical' },
  { field: 'METAL', position: 799, length: 1, type: 'logical' },
  { field: 'METALIMP', position: 800, length: 16, type: 'number', decimals: 2 },
  { field: 'CLIENTE', position: 816, length: 12, type: 'text' },
  { field: 'OPBIENES', position: 828, length: 1, type: 'number', decimals: 0 },
  { field: 'FACTURAEX', position: 829, length: 40, type: 'text' },
  { field: 'TIPOFAC', position: 869, length: 1, type: 'text' },
  { field: 'TIPOIVA', position: 870, length: 1, type: 'text' },
  { field: 'GUID', position: 871, length: 40, type: 'text' },
  { field: 'L340', position: 911, length: 1, type: 'logical' },
  { field: 'METALEJE', position: 912, length: 4, type: 'number', decimals: 0 },
  { field: 'DOCUMENT15', position: 916, length: 15, type: 'text' },
  { field: 'CLIENTESUP', position: 931, length: 12, type: 'text' },
  { field: 'FECHASUP', position: 943, length: 8, type: 'date' },
  { field: 'IMPORTESUP', position: 951, length: 16, type: 'number', decimals: 2 },
  { field: 'DOCSUP', position: 967, length: 40, type: 'text' },
  { field: 'CLIENTEPRO', position: 1007, length: 12, type: 'text' },
  { field: 'FECHAPRO', position: 1019, length: 8, type: 'date' },
  { field: 'IMPORTEPRO', position: 1027, length: 16, type: 'number', decimals: 2 },
  { field: 'DOCPRO', position: 1043, length: 40, type: 'text' },
  { field: 'NCLAVEIRPF', position: 1083, length: 2, type: 'number', decimals: 0 },
  { field: 'LARREND347', position: 1085, length: 1, type: 'logical' },
  { field: 'NSITINMUEB', position: 1086, length: 1, type: 'number', decimals: 0 },
  { field: 'CREFCATAST', position: 1087, length: 25, type: 'text' },
  { field: 'CONCIL347', position: 1112, length: 1, type: 'number', decimals: 0 },
  { field: 'TIPOREGULA', position: 1113, length: 2, type: 'number', decimals: 0 },
  { field: 'NCRITCAJA', position: 1115, length: 2, type: 'number', decimals: 0 },
  { field: 'LCRITCAJA', position: 1117, length: 1, type: 'logical' },
  { field: 'DMAXLIQUI', position: 1118, length: 8, type: 'date' },
  { field: 'NTOTALFAC', position: 1126, length: 16, type: 'number', decimals: 2 },
  { field: 'IDFACTURA', position: 1142, length: 32, type: 'text' },
  { field: 'NCOBRPAGO', position: 1174, length: 16, type: 'number', decimals: 2 },
  ],
};

/** ContaPlus XSubCta: the sub-accounts (code and title first), the classic record of 161 characters. */
export const CONTAPLUS_XSUBCTA: FixedLayout = {
  name: 'ContaPlus XSubCta',
  length: 161,
  fields: [
  { field: 'COD', position: 1, length: 12, type: 'text' },
  { field: 'TITULO', position: 13, length: 40, type: 'text' },
  { field: 'NIF', position: 53, length: 15, type: 'text' },
  { field: 'DOMICILIO', position: 68, length: 35, type: 'text' },
  { field: 'POBLACION', position: 103, length: 25, type: 'text' },
  { field: 'PROVINCIA', position: 128, length: 20, type: 'text' },
  { field: 'CODPOSTAL', position: 148, length: 5, type: 'text' },
  { field: 'DIVISA', position: 153, length: 1, type: 'logical' },
  { field: 'CODDIVISA', position: 154, length: 5, type: 'text' },
  { field: 'DOCUMENTO', position: 159, length: 1, type: 'logical' },
  { field: 'AJUSTAME', position: 160, length: 1, type: 'logical' },
  { field: 'TIPOIVA', position: 161, length: 1, type: 'text' },
  ],
};

/** The layout's field by name (a typo is a bug: it throws). */
export function fieldOf(layout: FixedLayout, name: string): FixedField {
  const field = layout.fields.find((f) => f.field === name);
  if (!field) throw new Error(`${layout.name} has no field ${name}`);
  return field;
}
