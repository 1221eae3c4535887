import ExcelJS from 'exceljs';

/**
 * Statement workbooks laid out as Spanish banks' "download to Excel" is publicly described: a few
 * rows of account data above the header, the header names each bank uses, and dates and amounts
 * either as real Excel values or as Spanish text. Built here from those descriptions; no bank's
 * file is copied.
 */

export type SheetCell = string | number | Date | null;
export interface Layout { preamble: SheetCell[][]; header: string[]; rows: SheetCell[][] }

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

export async function workbook(layout: Layout, sheetName = 'Movimientos'): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of layout.preamble) sheet.addRow(row);
  sheet.addRow(layout.header).font = { bold: true };
  for (const row of layout.rows) {
    const added = sheet.addRow(row);
    added.eachCell((cell) => { if (cell.value instanceof Date) cell.numFmt = 'dd/mm/yyyy'; else if (typeof cell.value === 'number') cell.numFmt = '#,##0.00'; });
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const IBAN = 'ES79 2100 0813 6101 2345 6789';

/** BBVA: value date first, then the operation date; the amount's currency beside it; "Disponible" the balance. Oldest last. */
export const BBVA: Layout = {
  preamble: [['Últimos movimientos'], ['Cuenta', IBAN], []],
  header: ['F.Valor', 'Fecha', 'Concepto', 'Movimiento', 'Importe', 'Divisa', 'Disponible', 'Divisa', 'Observaciones'],
  rows: [
    [day('2026-02-05'), day('2026-02-05'), 'RECIBO ENDESA ENERGIA', 'Adeudo recibo', -84.35, 'EUR', 2415.65, 'EUR', 'Ref. mandato 000123'],
    [day('2026-02-03'), day('2026-02-02'), 'TRANSFERENCIA DE CLIENTE EJEMPLO SL', 'Transferencia recibida', 1500, 'EUR', 2500, 'EUR', 'Factura F-2026-000010'],
    [day('2026-02-01'), day('2026-02-01'), 'COMISION MANTENIMIENTO', 'Comisión', -12, 'EUR', 1000, 'EUR', null],
  ],
};

/** Santander: header on the fifth row below the holder's data; Spanish text dates and amounts, "Importe EUR". */
export const SANTANDER: Layout = {
  preamble: [['Consulta de movimientos'], ['Titular:', 'EMPRESA EJEMPLO SL'], ['Cuenta:', IBAN], ['Fecha de consulta:', '10/03/2026']],
  header: ['Fecha Operación', 'Fecha Valor', 'Concepto', 'Importe EUR', 'Saldo'],
  rows: [
    ['02/03/2026', '02/03/2026', 'Transferencia a favor de Proveedor Uno SL', '-1.234,56', '8.765,44'],
    ['03/03/2026', '04/03/2026', 'Abono nómina devuelta', '100,00', '8.865,44'],
    ['05/03/2026', '05/03/2026', 'Pago con tarjeta Librería Cañada', '-45,99', '8.800,00'],
  ],
};

/** CaixaBank: "Movimiento" and "Más datos" for the texts, numbers as numbers. */
export const CAIXABANK: Layout = {
  preamble: [['CaixaBank'], ['Movimientos de la cuenta', IBAN], ['Saldo disponible', 3120.4], []],
  header: ['Fecha', 'Fecha valor', 'Movimiento', 'Más datos', 'Importe', 'Saldo'],
  rows: [
    [day('2026-04-10'), day('2026-04-10'), 'TRANSF OTRAS ENTID', 'CLIENTE DOS SA FRA 2026-0041', 2420, 3120.4],
    [day('2026-04-09'), day('2026-04-09'), 'TPV COMERCIO', 'LIQUIDACION TPV 09/04', 180.4, 700.4],
    [day('2026-04-08'), day('2026-04-07'), 'PRESTAMO', 'CUOTA 14/60', -480, 520],
  ],
};

/** Sabadell: "F. Operativa", the value date after the text, two references. */
export const SABADELL: Layout = {
  preamble: [['Cuenta', IBAN], ['Divisa', 'EUR'], []],
  header: ['F. Operativa', 'Concepto', 'F. Valor', 'Importe', 'Saldo', 'Referencia 1', 'Referencia 2'],
  rows: [
    ['12/05/2026', 'ADEUDO SEGUROS GENERALES', '12/05/2026', -310.25, 4689.75, 'POL-778812', ''],
    ['14/05/2026', 'INGRESO EFECTIVO', '14/05/2026', 600, 5289.75, '', 'OFICINA 0081'],
  ],
};

/** ING: only the value date; category columns; amount and balance headed with the euro sign. */
export const ING: Layout = {
  preamble: [['Número de cuenta:', IBAN], ['Titular:', 'EMPRESA EJEMPLO SL']],
  header: ['F. VALOR', 'CATEGORÍA', 'SUBCATEGORÍA', 'DESCRIPCIÓN', 'COMENTARIO', 'IMAGEN', 'IMPORTE (€)', 'SALDO (€)'],
  rows: [
    [day('2026-06-03'), 'Ingresos', 'Transferencias', 'Transferencia recibida de Cliente Tres', '', 'No', 950, 1950],
    [day('2026-06-01'), 'Gastos', 'Suministros', 'Recibo Telefónica', '', 'No', -49.9, 1000],
  ],
};

/** Kutxabank: separate "Debe" (money out) and "Haber" (money in) columns. */
export const KUTXABANK: Layout = {
  preamble: [['KUTXABANK'], ['Extracto de cuenta', IBAN], ['Periodo', '01/07/2026 - 31/07/2026'], []],
  header: ['Fecha operación', 'Fecha valor', 'Concepto', 'Debe', 'Haber', 'Saldo'],
  rows: [
    [day('2026-07-01'), day('2026-07-01'), 'RECIBO COMUNIDAD', 75, null, 925],
    [day('2026-07-15'), day('2026-07-15'), 'ABONO TRANSFERENCIA FRA 2026-0077', null, 1210, 2135],
    [day('2026-07-20'), day('2026-07-21'), 'COMISION TRANSFERENCIA', 1.5, null, 2133.5],
  ],
};
