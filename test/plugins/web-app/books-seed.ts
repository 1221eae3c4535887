import type { TestApp } from '../../support/app';

/**
 * A quarter of a small company's sales and purchases, entered through the API as any client
 * would: the last whole quarter before today, so its 303 is complete and its boxes are non-zero.
 * Sales at 21 % and 10 %, the monthly rent and supplies at 21 %, one computer bought as a capital
 * good (the capital goods book). And the cases where the book's flags and the 303 part ways: a
 * software subscription from an Irish supplier (reverse charge, ISP: its VAT is in 12/13 and,
 * deductible, in 28/29), a purchase bearing recargo de equivalencia (its VAT is not deductible:
 * in no box) and a distance sale to a Belgian consumer under the OSS at 21 % (box 123, not 07/09).
 */
export interface SeededQuarter {
  year: number;
  quarter: number;
  from: string;
  to: string;
  customers: { id: string; name: string }[];
  suppliers: { id: string; name: string }[];
  /** The domestic sales (at 21 % and 10 %). */
  invoices: { id: string; number: string; base: string }[];
  /** The distance sales under the OSS (not behind any of 01–09). */
  ossSales: { id: string; number: string }[];
  /** The purchases with deductible VAT (a line on 472). */
  purchases: number;
}

const ADDRESS = { address: 'Calle Colón 8', city: 'Valencia', postal_code: '46004', province: 'Valencia' };
const pad = (n: number) => String(n).padStart(2, '0');

async function ok<T = any>(call: Promise<{ status: number; body: T; text: string }>, what: string): Promise<T> {
  const response = await call;
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`);
  return response.body;
}

/** The last whole quarter before `today`: year and quarter 1–4. */
export function lastQuarter(today = new Date()): { year: number; quarter: number } {
  const current = Math.floor(today.getUTCMonth() / 3) + 1;
  return current === 1 ? { year: today.getUTCFullYear() - 1, quarter: 4 } : { year: today.getUTCFullYear(), quarter: current - 1 };
}

export async function seedQuarter(app: TestApp, token: string, today = new Date()): Promise<SeededQuarter> {
  const { year, quarter } = lastQuarter(today);
  const months = [0, 1, 2].map((i) => `${year}-${pad((quarter - 1) * 3 + i + 1)}`);
  const taxes = await ok<{ items?: { id: string; code: string }[] } | { id: string; code: string }[]>(app.get('/api/v1/taxes?limit=200', token), 'taxes');
  const list = Array.isArray(taxes) ? taxes : taxes.items ?? [];
  const tax = (code: string) => list.find((t) => t.code === code)!.id;
  const customers: SeededQuarter['customers'] = [];
  for (const [name, vat] of [['Hostelería Levante SL', 'B65410011'], ['Construcciones Tajo SA', 'A28017895'], ['Clínica Dental Norte SL', 'B86561412']]) {
    const contact = await ok(app.post('/api/v1/contacts', { kind: 'customer', name, vat, ...ADDRESS }, token), 'customer');
    customers.push({ id: contact.id, name });
  }
  const suppliers: SeededQuarter['suppliers'] = [];
  for (const [name, vat] of [['Inmobiliaria Centro SL', 'B46123451'], ['Suministros Eléctricos Vega SL', 'B46987657']]) {
    const contact = await ok(app.post('/api/v1/contacts', { kind: 'supplier', name, vat, ...ADDRESS }, token), 'supplier');
    suppliers.push({ id: contact.id, name });
  }
  const invoices: SeededQuarter['invoices'] = [];
  let purchases = 0;
  for (const [i, month] of months.entries()) {
    for (const [j, customer] of customers.entries()) {
      const invoice = await ok(app.post('/api/v1/invoices', {
        contact_id: customer.id, issue_date: `${month}-${pad(5 + j * 7)}`, status: 'issued',
        lines: [
          { description: 'Mantenimiento mensual', quantity: '1', unit_price: `${1800 + i * 120 + j * 75}.00`, tax_type_id: tax('IVA21') },
          // the clinic's catering is at the reduced rate
          ...(j === 2 ? [{ description: 'Servicio de comidas', quantity: String(10 + i), unit_price: '12.40', tax_type_id: tax('IVA10') }] : []),
        ],
      }, token), 'invoice');
      invoices.push({ id: invoice.id, number: invoice.number, base: invoice.subtotal ?? invoice.base ?? '' });
    }
    await ok(app.post('/api/v1/purchases', {
      contact_id: suppliers[0].id, kind: 'invoice', supplier_invoice_number: `A-${month}`, issue_date: `${month}-01`, status: 'issued',
      lines: [{ description: 'Alquiler del local', unit_price: '1100.00', tax_type_id: tax('IVA21'), expense_account: '621' }],
    }, token), 'rent');
    await ok(app.post('/api/v1/purchases', {
      contact_id: suppliers[1].id, kind: 'invoice', supplier_invoice_number: `V-${month}`, issue_date: `${month}-10`, status: 'issued',
      lines: [{ description: 'Material eléctrico', unit_price: `${230 + i * 15}.50`, tax_type_id: tax('IVA21'), expense_account: '602' }],
    }, token), 'supplies');
    purchases += 2;
  }
  await ok(app.post('/api/v1/purchases', {
    contact_id: suppliers[1].id, kind: 'invoice', supplier_invoice_number: `V-${months[1]}-EQ`, issue_date: `${months[1]}-20`, status: 'issued',
    lines: [{ description: 'Ordenador portátil', unit_price: '1450.00', tax_type_id: tax('IVA21'), expense_account: '217', capital_good: true }],
  }, token), 'computer');
  purchases += 1;
  const irish = await ok(app.post('/api/v1/contacts', { kind: 'supplier', name: 'Cloudware Ltd', vat: 'IE6388047V', country: 'IE', address: '1 Dock Road', city: 'Dublin', postal_code: 'D01', province: 'Dublin' }, token), 'EU supplier');
  await ok(app.post('/api/v1/purchases', {
    contact_id: irish.id, kind: 'invoice', supplier_invoice_number: `CW-${months[0]}`, issue_date: `${months[0]}-15`, status: 'issued',
    lines: [{ description: 'Suscripción de software', unit_price: '300.00', tax_type_id: tax('ISP'), expense_account: '629' }],
  }, token), 'reverse-charge service');
  await ok(app.post('/api/v1/purchases', {
    contact_id: suppliers[1].id, kind: 'invoice', supplier_invoice_number: `V-${months[2]}-RE`, issue_date: `${months[2]}-12`, status: 'issued',
    lines: [{ description: 'Lámparas para la venta', unit_price: '200.00', tax_type_id: tax('IVA21'), surcharge_type_id: tax('RE52'), expense_account: '600' }],
  }, token), 'non-deductible purchase');
  purchases += 1; // the reverse charge's deductible VAT is on 472; the recargo purchase's VAT goes into the expense
  const oss = await ok(app.post('/api/v1/taxes', { code: 'OSS-BE21', name: 'OSS Bélgica 21%', kind: 'vat', rate: '21.00', regime: 'oss', country: 'BE' }, token), 'OSS type');
  const belgian = await ok(app.post('/api/v1/contacts', { kind: 'customer', customer_type: 'individual', name: 'Marie Dubois', vat: null, country: 'BE', address: 'Rue Haute 12', city: 'Bruxelles', postal_code: '1000', province: 'Bruxelles' }, token), 'OSS customer');
  const ossSale = await ok(app.post('/api/v1/invoices', {
    contact_id: belgian.id, issue_date: `${months[2]}-25`, status: 'issued',
    lines: [{ description: 'Curso en línea', quantity: '1', unit_price: '250.00', tax_type_id: oss.id }],
  }, token), 'OSS sale');
  const ossSales = [{ id: ossSale.id, number: ossSale.number }];
  const last = new Date(Date.UTC(year, quarter * 3, 0)).getUTCDate();
  return { year, quarter, from: `${months[0]}-01`, to: `${months[2]}-${pad(last)}`, customers, suppliers, invoices, ossSales, purchases };
}
