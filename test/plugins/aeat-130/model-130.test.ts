/**
 * The company's tax profile and modelo 130 end to end: an autónomo's 2026 in estimación directa,
 * three quarters worked out by hand (one at a loss, whose result is zero) and the fourth; the
 * profile's validation, a sociedad's 130 refused (422 with the reason), the listing, bad periods
 * and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { todayInSpain } from '../../../plugins/ledger/api';
import { DESIGN_130_2015 } from '../../../plugins/aeat-130/design-2015';
import { layoutProblems } from '../../../plugins/tax-models/api';
import { createContact, documentBooker, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { createApiKey, createCompany, type TestCompany } from '../../support/factories';

let app: DocumentsTestApp;
let autonomo: TestCompany;
let sociedad: TestCompany;
beforeAll(async () => {
  app = await startDocumentsApp();
  [autonomo, sociedad] = [await createCompany(app), await createCompany(app)];
  const profile = await app.patch('/api/v1/aeat/profile', { legal_form: 'individual' }, autonomo.token);
  if (profile.status !== 200) throw new Error(`profile: ${profile.status} ${profile.text}`);
  await createBooks();
}, 300_000);
afterAll(() => app?.close());

const { sale, purchase, tax } = documentBooker(() => app, () => autonomo);

/**
 * 1T: a service of 10,000.00 with 15 % IRPF withheld by the customer (1,500.00), expenses 2,000.00.
 * 2T: expenses 12,000.00 and no income: a loss to date.
 * 3T: a sale of 20,000.00 without withholding, expenses 1,000.00.
 * (other accounts: VAT on 477/472, the withholding on 473, none in groups 6 or 7)
 */
async function createBooks() {
  const customer = await createContact(app, autonomo.token, { name: 'Cliente Empresa SL', vat: 'B65410011' });
  const supplier = await createContact(app, autonomo.token, { name: 'Proveedor SA', kind: 'supplier', vat: 'A28017895' });
  await sale(customer.id, '2026-02-10', { tax_type_id: tax('IVA21'), withholding_type_id: tax('IRPF15'), nature: 'services' }, '10000.00');
  await purchase(supplier.id, '2026-03-05', { tax_type_id: tax('IVA21'), expense_account: '629' }, '2000.00');
  await purchase(supplier.id, '2026-05-10', { tax_type_id: tax('IVA21'), expense_account: '629' }, '12000.00');
  await sale(customer.id, '2026-08-10', { tax_type_id: tax('IVA21') }, '20000.00');
  await purchase(supplier.id, '2026-09-01', { tax_type_id: tax('IVA21'), expense_account: '629' }, '1000.00');
}

const boxesOf = (item: any): Record<string, string> => Object.fromEntries(item.boxes.filter((b: any) => b.value !== '0.00').map((b: any) => [b.box, b.value]));

describe('the company tax profile', () => {
  test('defaults to a company; an individual gets estimación directa simplificada unless it names the method', async () => {
    expect((await app.get('/api/v1/aeat/profile', sociedad.token)).body).toEqual({ legal_form: 'company', irpf_method: null, vat_redeme: false, vat_monthly: false, recargo_equivalencia: false, sii: false });
    expect((await app.get('/api/v1/aeat/profile', autonomo.token)).body).toMatchObject({ legal_form: 'individual', irpf_method: 'directa_simplificada' });
    const changed = await app.patch('/api/v1/aeat/profile', { irpf_method: 'directa_normal', recargo_equivalencia: true }, autonomo.token);
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ legal_form: 'individual', irpf_method: 'directa_normal', vat_redeme: false, vat_monthly: false, recargo_equivalencia: true, sii: false });
    // the other company's profile is untouched
    expect((await app.get('/api/v1/aeat/profile', sociedad.token)).body.legal_form).toBe('company');
  });

  test('bad profiles are 422', async () => {
    expect((await app.patch('/api/v1/aeat/profile', {}, sociedad.token)).status).toBe(422);
    expect((await app.patch('/api/v1/aeat/profile', { legal_form: 'cooperative' }, sociedad.token)).status).toBe(422);
    expect((await app.patch('/api/v1/aeat/profile', { sii: 'yes' }, sociedad.token)).status).toBe(422);
    const method = await app.patch('/api/v1/aeat/profile', { irpf_method: 'directa_normal' }, sociedad.token);
    expect(method.status).toBe(422);
    expect(method.text).toContain('Only an individual');
    expect((await app.patch('/api/v1/aeat/profile', { irpf_method: null }, autonomo.token)).status).toBe(422);
    expect((await app.get('/api/v1/aeat/profile', sociedad.token)).body.irpf_method).toBeNull();
    // a viewer reads the profile and may not change it
    const { key } = await createApiKey(app, sociedad.token, 'viewer');
    expect((await app.get('/api/v1/aeat/profile', key)).status).toBe(200);
    expect((await app.patch('/api/v1/aeat/profile', { sii: true }, key)).status).toBe(403);
  });

  test('an individual that becomes a company loses its IRPF method', async () => {
    const changing = await createCompany(app);
    await app.patch('/api/v1/aeat/profile', { legal_form: 'individual', irpf_method: 'directa_normal' }, changing.token);
    const res = await app.patch('/api/v1/aeat/profile', { legal_form: 'company' }, changing.token);
    expect(res.body).toMatchObject({ legal_form: 'company', irpf_method: null });
  });

  test('the listing says whether each model applies; a sociedad\'s 130 is 422 with the reason', async () => {
    const listed = (token: string) => app.get('/api/v1/aeat', token).then((r) => Object.fromEntries(r.body.items.map((i: any) => [i.code, [i.applies, i.reason]])));
    const forSociedad = await listed(sociedad.token);
    expect(forSociedad['303']).toEqual([true, null]);
    expect(forSociedad['130'][0]).toBe(false);
    expect(forSociedad['130'][1]).toContain('sociedad');
    expect((await listed(autonomo.token))['130']).toEqual([true, null]);
    // the periods due: the quarter in progress (the 4T until the 30th of January), the one before while not yet due
    const today = todayInSpain(), year = Number(today.slice(0, 4)), quarter = Math.ceil(Number(today.slice(5, 7)) / 3);
    const model130 = (await app.get('/api/v1/aeat', autonomo.token)).body.items.find((i: any) => i.code === '130');
    expect(model130.due.at(-1)).toEqual({ year, period: `${quarter}T`, from: `${year}-${String(quarter * 3 - 2).padStart(2, '0')}-01`, to: expect.any(String), due_date: quarter === 4 ? `${year + 1}-01-30` : `${year}-${String(quarter * 3 + 1).padStart(2, '0')}-20` });
    expect(model130.due.every((d: any) => d.due_date >= today)).toBe(true);
    // the dashboards' upcoming taxes: the 130 for the autónomo only
    const upcoming = async (token: string) => (await app.get('/api/v1/dashboard/data/upcoming-taxes', token)).body.items.map((i: any) => i.model);
    expect(await upcoming(sociedad.token)).not.toContain('130');
    expect(await upcoming(autonomo.token)).toContain('130');
    expect(await upcoming(sociedad.token)).toContain('303');
    for (const path of ['/api/v1/aeat/130?year=2026&quarter=1', '/api/v1/aeat/130/summary?year=2026']) {
      const res = await app.get(path, sociedad.token);
      expect(res.status).toBe(422);
      expect(res.body.detail).toContain('does not apply to this company');
    }
  });
});

describe('modelo 130', () => {
  test('three quarters and the fourth, by hand', async () => {
    const res = await app.get('/api/v1/aeat/130/summary?year=2026', autonomo.token);
    expect(res.status).toBe(200);
    const [q1, q2, q3, q4] = res.body.items;
    // 1T: 10,000 − 2,000 = 8,000; 20 % = 1,600; − 1,500 withheld = 100 to pay
    expect(boxesOf(q1)).toEqual({ '01': '10000.00', '02': '2000.00', '03': '8000.00', '04': '1600.00', '06': '1500.00', '07': '100.00', '12': '100.00', '14': '100.00', '17': '100.00', '19': '100.00' });
    expect([q1.declaration_type, q1.result]).toEqual(['I', '100.00']);
    // 2T: 10,000 − 14,000 = −4,000; [04] 0; 0 − 100 − 1,500 = −1,600; nothing to pay
    expect(boxesOf(q2)).toEqual({ '01': '10000.00', '02': '14000.00', '03': '-4000.00', '05': '100.00', '06': '1500.00', '07': '-1600.00' });
    expect([q2.declaration_type, q2.result]).toEqual(['N', '0.00']);
    // 3T: 30,000 − 15,000 = 15,000; 20 % = 3,000; − 100 (1T's positive [07]) − 1,500 = 1,400
    expect(boxesOf(q3)).toEqual({ '01': '30000.00', '02': '15000.00', '03': '15000.00', '04': '3000.00', '05': '100.00', '06': '1500.00', '07': '1400.00', '12': '1400.00', '14': '1400.00', '17': '1400.00', '19': '1400.00' });
    expect([q3.declaration_type, q3.result]).toEqual(['I', '1400.00']);
    // the year's payments (100 + 1,400) are 20 % of the net less the withholdings: 3,000 − 1,500
    // 4T: no new operations: 3,000 − (100 + 1,400) − 1,500 = 0
    expect(boxesOf(q4)).toEqual({ '01': '30000.00', '02': '15000.00', '03': '15000.00', '04': '3000.00', '05': '1500.00', '06': '1500.00' });
    expect([q4.declaration_type, q4.result]).toEqual(['N', '0.00']);
    expect(q3.details).toEqual({ year_to_date: { from: '2026-01-01', to: '2026-09-30' }, carried: { positive_07: '1500.00', negatives_pending: '0.00' } });
  });

  test('one quarter alone is the same; the CSV; bad periods are 422', async () => {
    const one = (await app.get('/api/v1/aeat/130/summary?year=2026&quarter=3', autonomo.token)).body.items;
    expect(one.map((i: any) => [i.period, i.result])).toEqual([['3T', '1400.00']]);
    const csv = await app.get('/api/v1/aeat/130?year=2026&quarter=3', autonomo.token);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('07;Pago fraccionado previo del trimestre ([04] − [05] − [06]);1400.00\r\n');
    expect(csv.text).toContain('19;Resultado de la autoliquidación ([17] − [18]);1400.00\r\n');
    for (const query of ['year=2026&month=5', 'year=2026&quarter=5', 'year=2026', 'quarter=1']) expect((await app.get(`/api/v1/aeat/130?${query}`, autonomo.token)).status).toBe(422);
  });

  test('the DR130 file: page 01 with every box at its position, negative boxes with N', async () => {
    expect(layoutProblems(DESIGN_130_2015.page01, 600)).toEqual([]);
    const pageOf = async (quarter: number) => {
      const res = await app.handle(new Request(`http://localhost/api/v1/aeat/130/file?year=2026&quarter=${quarter}`, { headers: { authorization: `Bearer ${autonomo.token}` } }));
      expect(res.status).toBe(200);
      const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
      const envelope = `<T13002026${quarter}T0000>`;
      expect([text.startsWith(envelope), text.endsWith(`</T13002026${quarter}T0000>`), text.length]).toEqual([true, true, envelope.length + 311 + 600 + envelope.length + 1]);
      const page = text.slice(envelope.length + 311, envelope.length + 311 + 600);
      return (position: number, length: number) => page.slice(position - 1, position - 1 + length);
    };
    // 2T (by hand above): 01 10,000.00, 02 14,000.00, 03 −4,000.00, 05 100.00, 06 1,500.00, 07 −1,600.00, 19 0.00
    const q2 = await pageOf(2);
    expect([q2(1, 11), q2(13, 1), q2(103, 6), q2(109, 17), q2(126, 17), q2(143, 17), q2(177, 17), q2(194, 17), q2(211, 17), q2(296, 17), q2(415, 17), q2(589, 12)]).toEqual([
      '<T13001000>', 'N', '2026' + '2T', '00000000001000000', '00000000001400000', 'N0000000000400000', '00000000000010000', '00000000000150000', 'N0000000000160000',
      '00000000000000000', '00000000000000000', '</T13001000>',
    ]);
    // 3T: 19 = 1,400.00 to pay
    const q3 = await pageOf(3);
    expect([q3(13, 1), q3(160, 17), q3(211, 17), q3(381, 17), q3(415, 17), q3(432, 148).trim()]).toEqual(['I', '00000000000300000', '00000000000140000', '00000000000140000', '00000000000140000', '']);
    // a sociedad's 130 file is refused like its other routes; a year without a design is 422
    expect((await app.get('/api/v1/aeat/130/file?year=2026&quarter=3', sociedad.token)).status).toBe(422);
    expect((await app.get('/api/v1/aeat/130/file?year=2027&quarter=1', autonomo.token)).body.detail).toBe('Model 130 has no record design for 2027 1T; the designs known: DR130 (2015) (2015-01-01 to 2026-12-31)');
  });

  test('another autónomo sees only its own books', async () => {
    const other = await createCompany(app);
    await app.patch('/api/v1/aeat/profile', { legal_form: 'individual', irpf_method: 'directa_normal' }, other.token);
    const [q3] = (await app.get('/api/v1/aeat/130/summary?year=2026&quarter=3', other.token)).body.items;
    expect(boxesOf(q3)).toEqual({});
    expect(q3.result).toBe('0.00');
  });
});
