/**
 * The VAT books against the tax agency's common format for the IVA and IRPF books: "Formato
 * Electrónico Común Libros Registro x IVA e IRPF para 2025" (specifications at 1 January 2025,
 * edition 5 revision 18, published 21 March 2025) and its record design spreadsheet of the same
 * date (sheets EXPEDIDAS_INGRESOS, RECIBIDAS_GASTOS, BIENES-INVERSIÓN: one design for the IVA and
 * the IRPF books). The tables below are a transcription of that design's two heading rows, column
 * by column (A, B, …), and of its code lists; the design itself is not kept in the repository
 * (docs/domain/vat-books.md names it). When VAT_BOOKS_OFFICIAL_DESIGN names a copy of the design
 * spreadsheet, the transcription is checked against it too.
 *
 * What is pinned: the headings served (the XLSX's two rows with their merges, the CSV's joined
 * line, the sheet names, the file name), on both databases; every code the layout can write is in
 * the design's list for its column and book.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { BOOK_LAYOUTS, bookDate, bookDecimal, idType, invoiceType, operationKey, qualification, type VatBook } from '../../../plugins/aeat-vat-books/layout';
import { REGISTER_KINDS, type TaxRegisterEntry } from '../../../plugins/documents/api';
import { startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

/** A column without a group: its heading fills both rows. */
const single = (heading: string): [string, string] => [heading, heading];
/** The columns under one group's title. */
const group = (title: string, ...headings: string[]): [string, string][] => headings.map((h) => [title, h]);

const PERIOD_AND_ACTIVITY = [...group('Autoliquidación', 'Ejercicio', 'Periodo'), ...group('Actividad', 'Código', 'Tipo', 'Grupo o Epígrafe del IAE')];
const CASH = (title: string) => group(`${title} (Operación Criterio de Caja de IVA y/o artículo 7.2.1º de Reglamento del IRPF)`, 'Fecha', 'Importe', 'Medio Utilizado', 'Identificación Medio Utilizado');

/** The design's heading rows, row 7 over row 8 of each sheet, without the validation numbers in brackets. */
const OFFICIAL_HEADINGS: Record<VatBook, { sheet: string; columns: [string, string][] }> = {
  issued: {
    sheet: 'EXPEDIDAS_INGRESOS',
    columns: [
      ...PERIOD_AND_ACTIVITY, single('Tipo de Factura'), single('Concepto de Ingreso'), single('Ingreso Computable'),
      single('Fecha Expedición'), single('Fecha Operación'), ...group('Identificación de la Factura', 'Serie', 'Número', 'Número-Final'),
      ...group('NIF Destinatario', 'Tipo', 'Código País', 'Identificación'), single('Nombre Destinatario'), single('Clave de Operación'),
      single('Calificación de la Operación'), single('Operación Exenta'), single('Total Factura'), single('Base Imponible'), single('Tipo de IVA'),
      single('Cuota IVA Repercutida'), single('Tipo de Recargo Eq.'), single('Cuota Recargo Eq.'), ...CASH('Cobro'),
      single('Tipo Retención del IRPF'), single('Importe Retenido del IRPF'), single('Registro Acuerdo Facturación'),
      ...group('Inmueble', 'Situación', 'Referencia Catastral'), single('Referencia Externa'),
    ],
  },
  received: {
    sheet: 'RECIBIDAS_GASTOS',
    columns: [
      ...PERIOD_AND_ACTIVITY, single('Tipo de Factura'), single('Concepto de Gasto'), single('Gasto Deducible'),
      single('Fecha Expedición'), single('Fecha Operación'), ...group('Identificación Factura del Expedidor', '(Serie-Número)', 'Número-Final'),
      single('Fecha Recepción'), single('Número Recepción'), single('Número Recepción Final'),
      ...group('NIF Expedidor', 'Tipo', 'Código País', 'Identificación'), single('Nombre Expedidor'), single('Clave de Operación'),
      single('Bien de Inversión'), single('Inversión del Sujeto Pasivo'), single('Deducible en Periodo Posterior'),
      ...group('Periodo Deducción', 'Ejercicio', 'Periodo'), single('Total Factura'), single('Base Imponible'), single('Tipo de IVA'),
      single('Cuota IVA Soportado'), single('Cuota Deducible'), single('Tipo de Recargo Eq.'), single('Cuota Recargo Eq.'), ...CASH('Pago'),
      single('Tipo Retención del IRPF'), single('Importe Retenido del IRPF'), single('Registro Acuerdo Facturación'),
      ...group('Inmueble', 'Situación', 'Referencia Catastral'), single('Referencia Externa'),
    ],
  },
  'capital-goods': {
    sheet: 'BIENES-INVERSIÓN',
    columns: [
      ...PERIOD_AND_ACTIVITY, single('Tipo de Bien'), ...group('Descripción del Bien', 'Identificador', 'Literal'), single('Fecha Inicio Utilización'),
      single('Valor Adquisición'), single('Valor Amortizable'), single('Método de Amortización'), single('Porcentaje de Amortización'),
      ...group('Amortización', 'Acumulada al Inicio', 'Cuota Resultante', 'Acumulada al final', 'Pendiente'), single('Fecha Expedición'),
      ...group('Identificación Factura del Expedidor', '(Serie-Número)', 'Número-Final'), single('Número Recepción'), single('Número Recepción Final'),
      ...group('NIF Expedidor', 'Tipo', 'Código País', 'Identificación'), single('Nombre Expedidor'),
      ...group('Año de Inicio Utilización', 'Base Imponible', 'Tipo de IVA', 'Prorrata Definitiva', 'Cuota Deducible'),
      ...group('Regularización Anual', 'Prorrata Definitiva', 'Cuota Deducible', 'Cuota a Regularizar'), ...group('Baja del Bien', 'Fecha', 'Causa'),
      ...group('Identificación de la Factura de Transmisión del Bien', 'Serie', 'Número', 'Número-Final'), single('Registro Acuerdo Facturación'),
      single('Referencia Externa'),
    ],
  },
};
/** The column count of each sheet of the design: A–AJ, A–AP, A–AN. */
const OFFICIAL_WIDTH: Record<VatBook, number> = { issued: 36, received: 42, 'capital-goods': 40 };
/** The sheet (pestaña) names of the VAT books kept apart in one file (type C), section 2 of the format. */
const OFFICIAL_SHEETS: Record<VatBook, string> = { issued: 'EXPEDIDAS', received: 'RECIBIDAS', 'capital-goods': 'BIENES-INVERSIÓN' };
const joined = ([title, heading]: [string, string]) => (title === heading ? heading : `${title} ${heading}`);

/** The design's code lists (its validations 9/10, 6/7, 19, 20 and 2 of the issued and received sheets). */
const OFFICIAL_CODES = {
  invoiceType: {
    issued: ['F1', 'F2', 'F3', 'F4', 'R1', 'R2', 'R3', 'R4', 'R5', 'DV', 'AJ'], // SF is not allowed in the IVA book
    received: ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'R1', 'R2', 'R3', 'R4', 'R5', 'LC', 'SF'],
  },
  operationKey: {
    issued: ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14', '15', '17', '18', '19'],
    received: ['01', '02', '03', '04', '05', '06', '07', '08', '09', '12', '13', '18', '19'],
  },
  qualification: ['S1', 'S2', 'N1', 'N2'],
  exempt: ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'],
  idType: ['02', '03', '04', '05', '06'],
};

describe('the layout against the design', () => {
  test.each(Object.keys(OFFICIAL_HEADINGS) as VatBook[])('%s: every column, in order, both heading rows', (book) => {
    expect(OFFICIAL_HEADINGS[book].columns).toHaveLength(OFFICIAL_WIDTH[book]);
    expect(BOOK_LAYOUTS[book].map((c) => c.headings)).toEqual(OFFICIAL_HEADINGS[book].columns);
    expect(BOOK_LAYOUTS[book].map((c) => c.heading)).toEqual(OFFICIAL_HEADINGS[book].columns.map(joined));
  });

  test('every code the layout writes is in the design\'s list for its book and column', () => {
    const regimes = ['domestic', 'intra_eu', 'export', 'reverse_charge', 'import', 'oss', 'exempt', 'not_subject'];
    const rectifications = ['R1', 'R2', 'R3', 'R4', 'R5'] as const;
    const countries = ['ES', 'FR', 'DE', 'US', 'GB'];
    const seen = { invoiceType: { issued: new Set<string>(), received: new Set<string>() }, operationKey: { issued: new Set<string>(), received: new Set<string>() }, qualification: new Set<string>(), exempt: new Set<string>(), idType: new Set<string>() };
    const issuedKinds: string[] = ['invoice', 'simplified', 'rectification'];
    const kindsOf = { issued: issuedKinds, received: REGISTER_KINDS.filter((k) => k === 'rectification' || !issuedKinds.includes(k)) };
    for (const side of ['issued', 'received'] as const) {
      for (const kind of kindsOf[side]) {
        for (const regime of regimes) {
          for (const country of countries) {
            for (const type of kind === 'rectification' ? rectifications : [null]) {
              const e = {
                side, kind, regime, counterparty: { contactId: 'c', name: 'X', taxId: `${country}123`, country },
                rectifies: type ? { id: 'r', number: 'F-1', mode: 'differences', simplified: type === 'R5', type } : null,
              } as unknown as TaxRegisterEntry;
              seen.invoiceType[side].add(invoiceType(e));
              seen.operationKey[side].add(operationKey(e));
              if (side === 'issued') {
                const q = qualification(e);
                if (q.qualification) seen.qualification.add(q.qualification);
                if (q.exempt) seen.exempt.add(q.exempt);
                // a row is qualified or exempt, never both
                expect([q.qualification, q.exempt].filter(Boolean)).toHaveLength(1);
              }
              const id = idType(e);
              if (id) seen.idType.add(id);
            }
          }
        }
      }
    }
    for (const side of ['issued', 'received'] as const) {
      expect([...seen.invoiceType[side]].filter((code) => !OFFICIAL_CODES.invoiceType[side].includes(code))).toEqual([]);
      expect([...seen.operationKey[side]].filter((code) => !OFFICIAL_CODES.operationKey[side].includes(code))).toEqual([]);
    }
    expect([...seen.qualification].filter((code) => !OFFICIAL_CODES.qualification.includes(code))).toEqual([]);
    expect([...seen.exempt].filter((code) => !OFFICIAL_CODES.exempt.includes(code))).toEqual([]);
    expect([...seen.idType].filter((code) => !OFFICIAL_CODES.idType.includes(code))).toEqual([]);
    // the keys the design gives these operations
    expect([...seen.operationKey.issued].sort()).toEqual(['01', '02', '17']);
    expect([...seen.operationKey.received].sort()).toEqual(['01', '09']);
  });

  test('amounts and dates as the design writes them (its validations 3 and 5)', () => {
    // the design's own examples: 66.325'12 €, 135 €, 10'5 %, -502'36
    expect(['66325.12', '135.00', '10.50', '-502.36', '135', '10.5', '0.00', '-0.125'].map(bookDecimal)).toEqual(['66325,12', '135,00', '10,50', '-502,36', '135,00', '10,50', '0,00', '-0,13']);
    expect(bookDecimal(null)).toBeNull();
    expect(bookDate('2018-05-02')).toBe('02/05/2018');
  });
});

/**
 * The design spreadsheet itself, when VAT_BOOKS_OFFICIAL_DESIGN names a copy of it: its heading
 * rows 7 and 8 (validation numbers in brackets and line breaks taken out) equal the transcription.
 */
const DESIGN = process.env.VAT_BOOKS_OFFICIAL_DESIGN || null;
describe.skipIf(!DESIGN || !existsSync(DESIGN))('the transcription against the design spreadsheet', () => {
  test('every sheet\'s two heading rows', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(DESIGN!);
    // a merged cell reads as its merge's first cell; a heading may be rich text (runs of formatted text)
    const textOf = (cell: { master: { value: unknown } }) => {
      const value = cell.master.value as { richText?: { text: string }[] } | string | null;
      return value && typeof value === 'object' && value.richText ? value.richText.map((run) => run.text).join('') : String(value ?? '');
    };
    const clean = (cell: { master: { value: unknown } }) => textOf(cell).replace(/\(\d+\)/g, '').replace(/\s+/g, ' ').trim();
    for (const book of Object.keys(OFFICIAL_HEADINGS) as VatBook[]) {
      const sheet = workbook.getWorksheet(OFFICIAL_HEADINGS[book].sheet)!;
      const columns = Array.from({ length: OFFICIAL_WIDTH[book] }, (_, i) => [clean(sheet.getRow(7).getCell(i + 1)), clean(sheet.getRow(8).getCell(i + 1))]);
      expect(columns).toEqual(OFFICIAL_HEADINGS[book].columns);
      expect(clean(sheet.getRow(7).getCell(OFFICIAL_WIDTH[book] + 1))).toBe('');
    }
  });
});

describe('the books as served', () => {
  let app: DocumentsTestApp;
  let company: TestCompany;
  beforeAll(async () => {
    app = await startDocumentsApp();
    company = await createCompany(app, 'Peña & Hijos, S.L.', 'B65410011');
  }, 300_000);
  afterAll(() => app?.close());

  const fetchBook = (path: string) =>
    app.handle(new Request(`http://localhost/api/v1/aeat/vat-books/${path}`, { headers: { authorization: `Bearer ${company.token}` } }));

  test.each(Object.keys(OFFICIAL_HEADINGS) as VatBook[])('%s: the XLSX\'s sheet and two heading rows, merged as the design; the CSV\'s joined heading line; the file name', async (book) => {
    const res = await fetchBook(`${book}?year=2027`);
    expect(res.status).toBe(200);
    const letter = { issued: 'E', received: 'R', 'capital-goods': 'S' }[book];
    // the legal name without accents and without its trailing dot
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="2027B65410011${letter}Pena & Hijos, S.L.xlsx"`);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual([OFFICIAL_SHEETS[book]]);
    const sheet = workbook.worksheets[0];
    const official = OFFICIAL_HEADINGS[book].columns;
    // a merged cell reads as its merge's first cell
    expect(official.map((_, i) => [sheet.getRow(1).getCell(i + 1).text, sheet.getRow(2).getCell(i + 1).text])).toEqual(official);
    expect(sheet.getRow(1).getCell(official.length + 1).text).toBe('');
    // one merge per group across and one per ungrouped column down
    const expectedMerges = official.filter(([title, heading], i) => title === heading || i === 0 || official[i - 1][0] !== title).length;
    expect(Object.keys((sheet as any)._merges)).toHaveLength(expectedMerges);
    expect(sheet.rowCount).toBe(2);

    const csv = await fetchBook(`${book}?year=2027&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="2027B65410011${letter}Pena & Hijos, S.L.csv"`);
    const text = new TextDecoder().decode(new Uint8Array(await csv.arrayBuffer()).slice(3));
    expect(text).toBe(`${official.map(joined).join(';')}\r\n`);
  });
});
