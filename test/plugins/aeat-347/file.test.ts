/**
 * Modelo 347's file: the designs as data (every record 500 positions, every field where the design
 * prints it, each design for its tax years) and a sociedad's 2026 worked out by hand:
 *
 * Cliente Madrid SL (B65410011, 28001 Madrid), sales at 21 %:
 *   1T 2,000.00 + 420.00 = 2,420.00; 3T 1,000.00 + 210.00 = 1,210.00; 4T credit −100.00 − 21.00 = −121.00
 *   → key B, 3,509.00 (2,420.00 / 0 / 1,210.00 / −121.00)
 * Construcciones SA (A58818501, 08019 Barcelona), purchases:
 *   2T 4,000.00 under reverse charge (no VAT on its invoice); 3T 1,000.00 + 210.00 = 1,210.00
 *   → key A, 5,210.00, declared in two records: 1,210.00 (3T) and 4,000.00 (2T) with the reverse-charge mark
 * Papelería Pequeña SL, 1,000.00 + 210.00 = 1,210.00: not above 3,005.06 €, not declared
 * File: type 1 with 3 records and 8,719.00; boxes 01 = 2 counterparties, 02 = 8,719.00.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DESIGN_347_2014 } from '../../../plugins/aeat-347/design-2014';
import { DESIGN_347_2025 } from '../../../plugins/aeat-347/design-2025';
import { MODEL_347 } from '../../../plugins/aeat-347/model';
import { designOf, layoutProblems, periodOf, type DesignField } from '../../../plugins/tax-models/api';
import { createContact, documentBooker, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createCompany, type TestCompany } from '../../support/factories';

describe('the record designs', () => {
  test('every record of every design has 500 positions and every field starts where the one before ends', () => {
    for (const design of [DESIGN_347_2014, DESIGN_347_2025]) {
      for (const [name, fields] of Object.entries({ declarant: design.declarant, declared: design.declared })) {
        expect([design.version, name, layoutProblems(fields, 500)]).toEqual([design.version, name, []]);
      }
    }
  });

  test('the fields the design prints, at their positions', () => {
    const at = (fields: readonly DesignField[], name: string) => fields.filter((f) => f.name === name).map((f) => [f.position, f.length, f.kind]);
    const d = DESIGN_347_2025.declarant, r = DESIGN_347_2025.declared;
    expect([at(d, 'contactPhone'), at(d, 'declaredCount'), at(d, 'totalAmount'), at(d, 'propertiesCount'), at(d, 'rentsAmount'), at(d, 'representativeTaxId')])
      .toEqual([[[59, 9, 'numeric']], [[136, 9, 'numeric']], [[145, 16, 'signed']], [[161, 9, 'numeric']], [[170, 16, 'signed']], [[391, 9, 'alpha']]]);
    expect([at(r, 'taxId'), at(r, 'name'), at(r, 'province'), at(r, 'key'), at(r, 'amount'), at(r, 'cashAmount'), at(r, 'cashYear')])
      .toEqual([[[18, 9, 'alpha']], [[36, 40, 'alpha']], [[77, 2, 'alpha']], [[82, 1, 'alpha']], [[83, 16, 'signed']], [[101, 15, 'amount']], [[132, 4, 'numeric']]]);
    expect([at(r, 'q1'), at(r, 'q2'), at(r, 'q3'), at(r, 'q4'), at(r, 'communityVat'), at(r, 'reverseCharge'), at(r, 'cashBasisAmount')])
      .toEqual([[[136, 16, 'signed']], [[168, 16, 'signed']], [[200, 16, 'signed']], [[232, 16, 'signed']], [[264, 17, 'alpha']], [[282, 1, 'alpha']], [[284, 16, 'signed']]]);
    // the 2025 design adds the BDNS call number in what was blank; the 2014 one has none
    expect([at(r, 'bdnsCall').length, at(DESIGN_347_2014.declared, 'bdnsCall').length]).toEqual([1, 0]);
  });

  test('each design serves its tax years; a year before the first or after the last has none', () => {
    const design = (year: number) => designOf(MODEL_347, periodOf(year, 'annual', 0))?.version;
    expect([2013, 2014, 2024, 2025, 2026, 2027].map(design)).toEqual([undefined, DESIGN_347_2014.version, DESIGN_347_2014.version, DESIGN_347_2025.version, DESIGN_347_2025.version, undefined]);
  });
});

let app: DocumentsTestApp;
let company: TestCompany;
let other: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  company = await createCompany(app);
  other = await createCompany(app);
  const { sale, purchase, created, lines, tax } = documentBooker(() => app, () => company);
  const customer = await createContact(app, company.token, { name: 'Cliente Madrid SL', vat: 'B65410011', postal_code: '28001', city: 'Madrid' });
  const builder = await createContact(app, company.token, { name: 'Construcciones SA', kind: 'supplier', vat: 'A58818501' });
  const small = await createContact(app, company.token, { name: 'Papelería Pequeña SL', kind: 'supplier', vat: 'B86561412' });
  const first = await sale(customer.id, '2026-02-01', { tax_type_id: tax('IVA21') }, '2000.00');
  await sale(customer.id, '2026-08-01', { tax_type_id: tax('IVA21') }, '1000.00');
  await created(`/api/v1/invoices/${first.id}/rectify`, { issue_date: '2026-11-02', reason: 'Descuento', mode: 'differences', lines: lines({ tax_type_id: tax('IVA21') }, '-100.00') });
  await purchase(builder.id, '2026-06-11', { tax_type_id: tax('ISP'), expense_account: '622' }, '4000.00');
  await purchase(builder.id, '2026-09-10', { tax_type_id: tax('IVA21'), expense_account: '622' }, '1000.00');
  await purchase(small.id, '2026-05-10', { tax_type_id: tax('IVA21'), expense_account: '629' }, '1000.00');
}, 300_000);
afterAll(() => app?.close());

const fileOf = async (query: string, token = company.token) => {
  const res = await app.handle(new Request(`http://localhost/api/v1/aeat/347/file?${query}`, { headers: { authorization: `Bearer ${token}` } }));
  return { status: res.status, headers: res.headers, text: Buffer.from(await res.arrayBuffer()).toString('latin1') };
};
const at = (r: string, position: number, length: number) => r.slice(position - 1, position - 1 + length);

describe('the 2026 file of a sociedad', () => {
  test('the summary: two counterparties, the builder with its reverse-charge part', async () => {
    const item = (await app.get('/api/v1/aeat/347/summary?year=2026', company.token)).body.items[0];
    expect(item.details.counterparties.map((c: any) => [c.key, c.tax_id, c.amount, c.quarters, c.reverse_charge, c.province])).toEqual([
      ['A', 'A58818501', '5210.00', ['0.00', '4000.00', '1210.00', '0.00'], { amount: '4000.00', quarters: ['0.00', '4000.00', '0.00', '0.00'] }, '08'],
      ['B', 'B65410011', '3509.00', ['2420.00', '0.00', '1210.00', '-121.00'], null, '28'],
    ]);
    expect(item.boxes.filter((b: any) => Number(b.value) !== 0).map((b: any) => [b.box, b.value])).toEqual([['01', '2'], ['02', '8719.00']]);
    expect(item.design).toBe(DESIGN_347_2025.version);
  });

  test('type 1 with the totals, then a type 2 per counterparty and key, the reverse-charge part apart', async () => {
    const file = await fileOf('year=2026');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=iso-8859-1');
    const records = file.text.split('\r\n');
    expect(records.map((r) => r.length)).toEqual([500, 500, 500, 500]);
    const [one, builder, builderReverse, customer] = records;
    const nif = at(one, 9, 9);
    // no contact phone: the design's numeric 59–67 is zeros
    expect([at(one, 1, 8), at(one, 58, 1), at(one, 59, 9), at(one, 108, 13), at(one, 136, 9), at(one, 145, 16), at(one, 161, 9), at(one, 170, 16), at(one, 186, 315).trim()])
      .toEqual(['13472026', 'T', '000000000', '3470000000000', '000000003', ' 000000000871900', '000000000', ' 000000000000000', '']);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${nif}2026.347"`);
    expect([at(builder, 1, 17), at(builder, 18, 9), at(builder, 36, 40).trim(), at(builder, 76, 7), at(builder, 83, 16), at(builder, 101, 15), at(builder, 132, 4)])
      .toEqual([`23472026${nif}`, 'A58818501', 'CONSTRUCCIONES SA', 'D08   A', ' 000000000121000', '000000000000000', '0000']);
    expect([at(builder, 136, 16), at(builder, 168, 16), at(builder, 200, 16), at(builder, 232, 16), at(builder, 282, 1)])
      .toEqual([' 000000000000000', ' 000000000000000', ' 000000000121000', ' 000000000000000', ' ']);
    expect([at(builderReverse, 18, 9), at(builderReverse, 82, 17), at(builderReverse, 168, 16), at(builderReverse, 200, 16), at(builderReverse, 282, 1)])
      .toEqual(['A58818501', 'A 000000000400000', ' 000000000400000', ' 000000000000000', 'X']);
    expect([at(customer, 18, 9), at(customer, 36, 40).trim(), at(customer, 77, 2), at(customer, 82, 1), at(customer, 83, 16), at(customer, 136, 16), at(customer, 232, 16), at(customer, 284, 16), at(customer, 300, 201).trim()])
      .toEqual(['B65410011', 'CLIENTE MADRID SL', '28', 'B', ' 000000000350900', ' 000000000242000', 'N000000000012100', ' 000000000000000', '']);
  });

  test('a counterparty without a postal code cannot be placed in its province: 422 naming it', async () => {
    // a supplier: an invoice to a business customer needs its address, a purchase does not
    const noPostalCode = await createContact(app, other.token, { name: 'Sin Código Postal SL', kind: 'supplier', vat: 'B86561412', postal_code: null });
    const { purchase, tax } = documentBooker(() => app, () => other);
    await purchase(noPostalCode.id, '2026-03-01', { tax_type_id: tax('IVA21'), expense_account: '629' }, '5000.00');
    const res = await app.get('/api/v1/aeat/347/file?year=2026', other.token);
    expect([res.status, res.body.detail]).toEqual([422, 'The 347 record names each counterparty\'s province (its postal code): add a Spanish postal code to Sin Código Postal SL (B86561412)']);
  });

  test('another company\'s file has none of these operations; years without a design are 422 naming the designs known', async () => {
    const theirs = await fileOf('year=2025', other.token);
    expect([theirs.status, theirs.text.length, at(theirs.text, 136, 9), theirs.text.includes('B65410011')]).toEqual([200, 500, '000000000', false]);
    const later = await app.get('/api/v1/aeat/347/file?year=2027', company.token);
    expect([later.status, later.body.detail]).toEqual([422, `Model 347 has no record design for 2027 0A; the designs known: ${DESIGN_347_2014.version} (2014-01-01 to 2024-12-31), ${DESIGN_347_2025.version} (2025-01-01 to 2026-12-31)`]);
    expect((await app.get('/api/v1/aeat/347/file?year=2013', company.token)).status).toBe(422);
  });

  test('the listing says the 347 has a file, with its designs', async () => {
    const m347 = (await app.get('/api/v1/aeat', company.token)).body.items.find((m: any) => m.code === '347');
    expect([m347.has_file, m347.designs]).toEqual([true, [
      { from: '2014-01-01', to: '2024-12-31', version: DESIGN_347_2014.version }, { from: '2025-01-01', to: '2026-12-31', version: DESIGN_347_2025.version },
    ]]);
  });
});
