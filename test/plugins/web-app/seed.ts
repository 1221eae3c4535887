import type { TestApp } from '../../support/app';

/**
 * A year of a small company, entered through the API as any client would: a bank account, three
 * customers and two suppliers; each month of the last twelve an invoice to a customer, collected
 * into the bank except in the current month, and the rent bill (left to pay: the payables).
 */
export interface SeededYear { treasuryId: string; treasuryAccount: string; openInvoice: { id: string; number: string; total: string; customer: string }; customers: { id: string; name: string; email: string }[]; suppliers: { id: string; name: string }[]; vat21: string; invoices: number }

const ADDRESS = { address: 'Calle Mayor 12', city: 'Valencia', postal_code: '46001', province: 'Valencia' };
const SUPPLIER_VAT: Record<string, string> = { 'Inmobiliaria Centro SL': 'B46123451', 'Suministros Eléctricos Vega SL': 'B46987657' };
const pad = (n: number) => String(n).padStart(2, '0');

async function ok<T = any>(call: Promise<{ status: number; body: T; text: string }>, what: string): Promise<T> {
  const response = await call;
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`);
  return response.body;
}

export async function seedYear(app: TestApp, token: string, today = new Date()): Promise<SeededYear> {
  const taxes = await ok<{ items?: { id: string; code: string }[] } | { id: string; code: string }[]>(app.get('/api/v1/taxes?limit=200', token), 'taxes');
  const list = Array.isArray(taxes) ? taxes : taxes.items ?? [];
  const vat21 = list.find((tax) => tax.code === 'IVA21')!.id;
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11 + i, 1));
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
  });
  const treasury = await ok(app.post('/api/v1/treasuries', {
    kind: 'bank', name: 'Cuenta principal', iban: 'ES9121000418450200051332', currency: 'EUR', opening_balance: '18000.00', opening_date: `${months[0]}-01`,
  }, token), 'treasury');
  const customers = [];
  for (const [name, vat, email] of [['Hostelería Levante SL', 'B65410011', 'facturas@levante.example'], ['Construcciones Tajo SA', 'A28017895', 'admin@tajo.example'], ['Clínica Dental Norte SL', 'B86561412', 'conta@clinicanorte.example']]) {
    const contact = await ok(app.post('/api/v1/contacts', { kind: 'customer', name, vat, email, ...ADDRESS }, token), 'customer');
    customers.push({ id: contact.id as string, name, email });
  }
  const suppliers = [];
  for (const name of ['Inmobiliaria Centro SL', 'Suministros Eléctricos Vega SL']) {
    const contact = await ok(app.post('/api/v1/contacts', { kind: 'supplier', name, vat: SUPPLIER_VAT[name], ...ADDRESS }, token), 'supplier');
    suppliers.push({ id: contact.id as string, name });
  }
  let invoices = 0;
  let openInvoice: SeededYear['openInvoice'] | undefined;
  for (const [i, month] of months.entries()) {
    const paid = i < months.length - 1;
    const customer = customers[i % customers.length];
    const invoice = await ok(app.post('/api/v1/invoices', {
      contact_id: customer.id, issue_date: `${month}-01`, status: 'issued',
      lines: [
        { description: 'Mantenimiento mensual', quantity: '1', unit_price: String(2400 + i * 150) + '.00', tax_type_id: vat21 },
        { description: 'Horas de soporte', quantity: String(3 + (i % 4)), unit_price: '45.50', tax_type_id: vat21 },
      ],
    }, token), 'invoice');
    invoices++;
    if (!paid) openInvoice = { id: invoice.id, number: invoice.number, total: invoice.total, customer: customer.name };
    if (paid) await ok(app.post(`/api/v1/invoices/${invoice.id}/payments`, { date: `${month}-15`, amount: invoice.total, account: treasury.ledger_account }, token), 'collection');
    await ok(app.post('/api/v1/purchases', {
      contact_id: suppliers[0].id, kind: 'invoice', supplier_invoice_number: `A-${month}`, issue_date: `${month}-01`, status: 'issued',
      lines: [{ description: 'Alquiler del local', unit_price: '1100.00', tax_type_id: vat21, expense_account: '621' }],
    }, token), 'rent');
  }
  return { treasuryId: treasury.id, treasuryAccount: treasury.ledger_account, openInvoice: openInvoice!, customers, suppliers, vat21, invoices };
}
