import { describe, expect, test } from 'bun:test';
import { strToU8, zipSync } from 'fflate';
import { parseSpreadsheet } from '../../../plugins/treasury/importers/spreadsheet';
import { StatementRefused } from '../../../plugins/treasury/importers/types';
import { workbookSheets, WorkbookTooLarge } from '../../../lib/xlsx-reader';

/**
 * Workbooks written part by part, as other writers than exceljs write them: the .NET OpenXML SDK
 * (every element with an `x:` prefix), writers that put attributes in another order or quote them
 * with apostrophes, shared strings with entities and CDATA sections.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

interface Parts { workbook: string; sheet: string; sharedStrings?: string; styles?: string }

function xlsx(parts: Parts): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'xl/workbook.xml': strToU8(parts.workbook),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="worksheets/sheet1.xml" Type="${RELATIONSHIPS}/worksheet" Id="rIdSheet"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(parts.sheet),
  };
  if (parts.sharedStrings) files['xl/sharedStrings.xml'] = strToU8(parts.sharedStrings);
  if (parts.styles) files['xl/styles.xml'] = strToU8(parts.styles);
  return zipSync(files);
}

const rowsOf = (file: Uint8Array) => [...workbookSheets(file, 1 << 20)][0].map((row) => [row.line, [...row.cells]]);

describe('the workbook reader: XML as any writer may put it', () => {
  test('every element with an x: prefix (the .NET OpenXML SDK), r:id on the sheet', () => {
    const file = xlsx({
      workbook: `<x:workbook xmlns:x="${MAIN}" xmlns:r="${RELATIONSHIPS}"><x:workbookPr/><x:sheets><x:sheet name="Movimientos" sheetId="1" r:id="rIdSheet"/></x:sheets></x:workbook>`,
      sharedStrings: `<x:sst xmlns:x="${MAIN}" count="4" uniqueCount="4"><x:si><x:t>Fecha</x:t></x:si><x:si><x:t>Concepto</x:t></x:si><x:si><x:t>Importe</x:t></x:si><x:si><x:t>RECIBO LUZ</x:t></x:si></x:sst>`,
      styles: `<x:styleSheet xmlns:x="${MAIN}"><x:cellXfs count="2"><x:xf numFmtId="0"/><x:xf numFmtId="14" applyNumberFormat="1"/></x:cellXfs></x:styleSheet>`,
      sheet: `<x:worksheet xmlns:x="${MAIN}"><x:sheetData>`
        + '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="s"><x:v>2</x:v></x:c></x:row>'
        + '<x:row r="2"><x:c r="A2" s="1"><x:v>46054</x:v></x:c><x:c r="B2" t="s"><x:v>3</x:v></x:c><x:c r="C2"><x:v>-84.35</x:v></x:c></x:row>'
        + '</x:sheetData></x:worksheet>',
    });
    expect(rowsOf(file)).toEqual([
      [1, ['Fecha', 'Concepto', 'Importe']],
      [2, [new Date('2026-02-01T00:00:00Z'), 'RECIBO LUZ', -84.35]],
    ]);
    const parsed = parseSpreadsheet(file, {});
    expect(parsed.movements.map((m) => [m.line, m.bookingDate, m.description, m.amount.toString()])).toEqual([[2, '2026-02-01', 'RECIBO LUZ', '-84.35']]);
  });

  test('attributes in another order, quoted with apostrophes and split over lines; a date format declared code first', () => {
    const file = xlsx({
      workbook: `<workbook xmlns:r='${RELATIONSHIPS}' xmlns='${MAIN}'><sheets><sheet r:id='rIdSheet'\n sheetId='1' name='Hoja1'/></sheets></workbook>`,
      styles: `<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt formatCode="dd/mm/yyyy" numFmtId="164"/></numFmts>`
        + '<cellXfs count="2"><xf fontId="0" numFmtId="0"/><xf applyNumberFormat="1" numFmtId="164"/></cellXfs></styleSheet>',
      sheet: `<worksheet xmlns="${MAIN}"><sheetData>`
        + "<row spans='1:3' r='4'><c t='inlineStr' r='B4'><is><t>Concepto</t></is></c><c\n\tt='inlineStr'\n\tr='C4'><is><t>Importe</t></is></c><c t='inlineStr' r='A4'><is><t>Fecha</t></is></c></row>"
        + "<row spans='1:3' r='5'><c s='1' r='A5'><v>46066</v></c><c t='inlineStr' r='B5'><is><t>TRANSFERENCIA</t></is></c><c r='C5'><v>1500</v></c></row>"
        + '</sheetData></worksheet>',
    });
    expect(rowsOf(file)).toEqual([
      [4, ['Fecha', 'Concepto', 'Importe']],
      [5, [new Date('2026-02-13T00:00:00Z'), 'TRANSFERENCIA', 1500]],
    ]);
  });

  test('shared strings with entities and a CDATA section; phonetic runs left out; formulas by their cached value', () => {
    const file = xlsx({
      workbook: `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Hoja1" sheetId="1" r:id="rIdSheet"/></sheets></workbook>`,
      sharedStrings: `<sst xmlns="${MAIN}">`
        + '<si><t>Concepto</t></si>'
        + '<si><t xml:space="preserve">Luz &amp; agua &#x2014; &lt;fra&gt; </t><t><![CDATA[<web> & "más"]]></t></si>'
        + '<si><r><t>東京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>'
        + '</sst>',
      sheet: `<worksheet xmlns="${MAIN}"><sheetData>`
        + '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>'
        + '<c r="D1"><f>SUM(D2:D3)&gt;0</f><v>42.5</v></c><c r="E1" t="str"><f>"a"&amp;"b"</f><v>ab</v></c></row>'
        + '</sheetData></worksheet>',
    });
    expect(rowsOf(file)).toEqual([[1, ['Concepto', 'Luz & agua — <fra> <web> & "más"', '東京', 42.5, 'ab']]]);
  });

  test('a sheet that inflates far past what its zip declares stops at the limit', () => {
    const row = '<row><c t="inlineStr"><is><t>RELLENO</t></is></c></row>';
    const file = xlsx({
      workbook: `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Hoja1" sheetId="1" r:id="rIdSheet"/></sheets></workbook>`,
      sheet: `<worksheet xmlns="${MAIN}"><sheetData>${row.repeat(20_000)}</sheetData></worksheet>`,
    });
    const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
    // every local header (PK\x03\x04) and directory entry (PK\x01\x02) claims 100 bytes unpacked
    for (let at = 0; at + 46 <= file.length; at++) {
      if (view.getUint32(at, true) === 0x04034b50) view.setUint32(at + 22, 100, true);
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 100, true);
    }
    expect(file.length).toBeLessThan(1 << 16);
    expect(() => [...workbookSheets(file, 1 << 16)]).toThrow(WorkbookTooLarge);
  });

  test('entities a document declares for itself (an entity expansion bomb) are not expanded: the workbook is refused', () => {
    const laughs = '<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">';
    const file = xlsx({
      workbook: `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Hoja1" sheetId="1" r:id="rIdSheet"/></sheets></workbook>`,
      sheet: `<?xml version="1.0"?><!DOCTYPE worksheet [${laughs}]><worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&c;</t></is></c></row></sheetData></worksheet>`,
    });
    expect(() => parseSpreadsheet(file, {})).toThrow(StatementRefused);
    expect(() => parseSpreadsheet(file, {})).toThrow(/not well-formed XML/);
  });
});
