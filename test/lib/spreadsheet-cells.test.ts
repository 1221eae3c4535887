/**
 * One formula-escaping rule for every CSV and XLSX the service writes (lib/spreadsheet-cells.ts),
 * checked on the rule itself and on every export: contacts (CSV, XLSX), the VAT books (issued and
 * received, CSV and XLSX), the journal (CSV) and the tax models' CSVs (347 with counterparties'
 * names, 303 and 111). Counterparties and a journal entry carry names starting with each formula
 * character; every export must show them as text, never as something a spreadsheet runs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import ExcelJS from 'exceljs';
import { csvCell, csvLine, inertText } from '../../lib/spreadsheet-cells';
import { createContact, documentBooker, startDocumentsApp, type DocumentsTestApp } from '../support/documents';
import { createCompany, type TestCompany } from '../support/factories';

const HOSTILE = ['=HYPERLINK("http://evil.example","x")', '+SUM(1,2)', '-SUM(1,2)', '@SUM(1,2)', '\t=cmd|calc', '\r=cmd|calc', '-1+cmd|calc'];
const MARKER = /HYPERLINK|SUM\(|cmd\|calc/;

describe('the rule', () => {
  test('formula-looking text gets an apostrophe; numbers, dates and phone numbers stay', () => {
    for (const text of HOSTILE) expect(inertText(text)).toBe(`'${text}`);
    for (const text of ['-12.50', '+34 600 000 000', '2026-01-15', '0.00', '-', '', 'Cliente SL', 'a=b']) expect(inertText(text)).toBe(text);
  });

  test('CSV fields are quoted for their own separator, quotes and line breaks', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    expect(csvCell('a,b')).toBe('a,b');
    expect(csvCell('di "x"')).toBe('"di ""x"""');
    expect(csvCell('\r=1+A1')).toBe(`"'\r=1+A1"`);
    expect(csvCell(null)).toBe('');
    expect(csvLine(['=A1', '-3.00', 'x'])).toBe("'=A1;-3.00;x");
  });
});

/** RFC 4180 fields of a CSV text (quotes doubled inside quoted fields). */
function csvFields(text: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator || c === '\n') { fields.push(field.replace(/\r$/, '')); field = ''; } else field += c;
  }
  if (field) fields.push(field);
  return fields;
}

async function xlsxCells(bytes: ArrayBuffer): Promise<ExcelJS.Cell[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const cells: ExcelJS.Cell[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => { cells.push(cell); })));
  return cells;
}

let app: DocumentsTestApp;
let company: TestCompany;
/** The names as the contacts plugin keeps them (it trims surrounding white space, so the tab and CR go). */
const stored: string[] = [];
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  const { sale, purchase, tax } = documentBooker(() => app, () => company);
  const vats = ['B65410011', 'A58818501', 'A28017895', 'B86561412', 'B12345674', '12345678Z', 'X1234567L'];
  for (const [i, name] of HOSTILE.entries()) {
    const contact = await createContact(app, company.token, { name, kind: 'customer', customer_and_supplier: true, vat: vats[i] });
    stored.push(contact.name);
    // above the 347's 3,005.06 € a year, so that each counterparty is declared
    await sale(contact.id, '2026-03-01', { tax_type_id: tax('IVA21') }, '4000.00');
    await purchase(contact.id, '2026-03-02', { tax_type_id: tax('IVA21'), expense_account: '600' }, '4000.00');
  }
  const entry = await app.post('/api/v1/ledger/entries', { date: '2026-03-03', description: HOSTILE[0], lines: [{ account: '572', debit: '1.00' }, { account: '100', credit: '1.00' }] }, company.token);
  if (entry.status !== 201) throw new Error(`entry: ${entry.status} ${entry.text}`);
}, 200_000);
afterAll(() => app?.close());

const CSV_EXPORTS: [string, string, string][] = [
  ['contacts', '/api/v1/contacts/export?format=csv', ';'],
  ['issued VAT book', '/api/v1/tax-books/issued?from=2026-01-01&to=2026-12-31&format=csv', ';'],
  ['received VAT book', '/api/v1/tax-books/received?from=2026-01-01&to=2026-12-31&format=csv', ';'],
  ['journal', '/api/v1/ledger/export?format=csv&from=2026-01-01&to=2026-12-31', ','],
  ['model 347', '/api/v1/aeat/347?year=2026', ';'],
  ['model 303', '/api/v1/aeat/303?year=2026&quarter=1', ';'],
  ['model 111', '/api/v1/aeat/111?year=2026&quarter=1', ';'],
];
const XLSX_EXPORTS: [string, string][] = [
  ['contacts', '/api/v1/contacts/export?format=xlsx'],
  ['issued VAT book', '/api/v1/tax-books/issued?from=2026-01-01&to=2026-12-31&format=xlsx'],
  ['received VAT book', '/api/v1/tax-books/received?from=2026-01-01&to=2026-12-31&format=xlsx'],
];

describe('every export', () => {
  for (const [name, path, separator] of CSV_EXPORTS) {
    test(`CSV of ${name}: no field a spreadsheet would run, every hostile name shown with its apostrophe`, async () => {
      const res = await app.request('GET', path, { token: company.token });
      expect(res.status).toBe(200);
      const fields = csvFields(res.text.replace(/^\uFEFF/, ''), separator);
      expect(fields.filter((field) => MARKER.test(field) && /^[=+\-@\t\r]/.test(field))).toEqual([]);
      if (!name.startsWith('model 303') && !name.startsWith('model 111')) {
        const expected = name === 'journal' ? [HOSTILE[0]] : stored;
        for (const text of expected) expect(fields).toContain(`'${text}`);
      }
    });
  }

  for (const [name, path] of XLSX_EXPORTS) {
    test(`XLSX of ${name}: hostile names are text cells, verbatim, and no cell is a formula`, async () => {
      const response = await app.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${company.token}` } }));
      expect(response.status).toBe(200);
      const cells = await xlsxCells(await response.arrayBuffer());
      expect(cells.filter((cell) => cell.type === ExcelJS.ValueType.Formula || cell.formula)).toEqual([]);
      const texts = cells.filter((cell) => cell.type === ExcelJS.ValueType.String).map((cell) => cell.value);
      for (const text of stored) expect(texts).toContain(text);
    });
  }
});
