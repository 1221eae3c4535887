/**
 * A bot's first hour with Cuadra, written as a client author would with `openapi-fetch` and the
 * types `openapi-typescript` generates from /openapi.json (`./generated/api.ts`, written by the
 * typed-client test). It must type-check under --strict with no casts and no non-null assertions:
 * whatever the document gets wrong about a shape shows up here as a type error.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/api';

export interface FlowResult {
  invoiceNumber: string;
  invoiceTotal: string;
  pdfBytes: number;
  purchaseTotal: string;
  trialBalance: { debit: string; credit: string };
  accounts: string[];
  statementImported: number;
}

function fail(step: string, status: number, detail: unknown): never {
  throw new Error(`${step} failed with ${status}: ${JSON.stringify(detail)}`);
}

export async function runFlow(baseUrl: string, email: string): Promise<FlowResult> {
  const anonymous = createClient<paths>({ baseUrl });

  const registered = await anonymous.POST('/api/v1/auth/register', {
    body: { email, password: 'una clave bien larga y segura', full_name: 'Ana Robot' },
  });
  if (!registered.data) return fail('register', registered.response.status, registered.error);

  const session = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${registered.data.access_token}` } });
  const onboarded = await session.POST('/api/v1/auth/onboarding/complete', { body: { name: 'Robots Ana SL', tax_id: 'B12345674' } });
  if (!onboarded.data) return fail('onboarding', onboarded.response.status, onboarded.error);
  const expiresIn: number = onboarded.data.expires_in;
  if (!Number.isInteger(expiresIn)) throw new Error('expires_in is not an integer');

  const company = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${onboarded.data.access_token}` } });
  const minted = await company.POST('/api/v1/auth/api-keys', { body: { name: 'robot', role: 'accountant' } });
  if (!minted.data) return fail('api key', minted.response.status, minted.error);

  const bot = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${minted.data.key}` } });
  const tenant = await bot.GET('/api/v1/tenants/me');
  if (!tenant.data) return fail('tenants/me', tenant.response.status, tenant.error);
  // An invoice carries the issuer's address (art. 6 RD 1619/2012): the company needs one first.
  const addressed = await company.PATCH('/api/v1/tenants/me', { body: { address: 'Calle de Alcalá 1', city: 'Madrid', postal_code: '28014', province: 'Madrid' } });
  if (!addressed.data) return fail('company address', addressed.response.status, addressed.error);

  const customer = await bot.POST('/api/v1/contacts', {
    body: { kind: 'customer', name: 'Cliente Ejemplo SL', vat: 'A58818501', customer_type: 'business', address: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013' },
  });
  if (!customer.data) return fail('customer', customer.response.status, customer.error);
  const supplier = await bot.POST('/api/v1/contacts', { body: { kind: 'supplier', name: 'Proveedor Ejemplo SL', vat: 'B65410011' } });
  if (!supplier.data) return fail('supplier', supplier.response.status, supplier.error);

  const suggestion = await bot.GET('/api/v1/contacts/{contact_id}/tax-suggestion', { params: { path: { contact_id: customer.data.id } } });
  if (!suggestion.data) return fail('tax suggestion', suggestion.response.status, suggestion.error);
  const contacts = await bot.GET('/api/v1/contacts', { params: { query: { kind: 'customer', limit: 10 } } });
  if (!contacts.data) return fail('contacts', contacts.response.status, contacts.error);
  const total: number = contacts.data.total;
  if (total !== 1) throw new Error(`expected one customer, got ${total}`);

  const invoice = await bot.POST('/api/v1/invoices', {
    body: {
      contact_id: customer.data.id,
      issue_date: '2026-03-02',
      status: 'issued',
      lines: [{ description: 'Consultoría', quantity: '10', unit_price: '85.00', tax_type_id: suggestion.data.tax_type_id }],
    },
  });
  if (!invoice.data) return fail('invoice', invoice.response.status, invoice.error);

  const pdf = await bot.GET('/api/v1/invoices/{id}/pdf', { params: { path: { id: invoice.data.id } }, parseAs: 'arrayBuffer' });
  if (!pdf.data) return fail('pdf', pdf.response.status, pdf.error);

  const taxes = await bot.GET('/api/v1/taxes', { params: { query: { kind: 'vat', limit: 100 } } });
  if (!taxes.data) return fail('taxes', taxes.response.status, taxes.error);
  const vat21 = taxes.data.items.find((type) => type.code === 'IVA21');
  if (!vat21) throw new Error('IVA21 is not among the tax types');

  const purchase = await bot.POST('/api/v1/purchases', {
    body: {
      contact_id: supplier.data.id,
      kind: 'invoice',
      supplier_invoice_number: 'P-2026-17',
      issue_date: '2026-03-03',
      status: 'issued',
      lines: [{ description: 'Material de oficina', unit_price: '120.00', tax_type_id: vat21.id }],
    },
  });
  if (!purchase.data) return fail('purchase', purchase.response.status, purchase.error);

  // Fields with a default (currency, opening_balance) are left out, as a client may; the statement
  // goes as multipart: the generated type of a file field is its content as text (format binary).
  const treasury = await bot.POST('/api/v1/treasuries', { body: { kind: 'bank', name: 'Cuenta corriente', iban: 'ES9121000418450200051332' } });
  if (!treasury.data) return fail('treasury', treasury.response.status, treasury.error);
  const statement = await bot.POST('/api/v1/treasuries/{treasury_id}/import', {
    params: { path: { treasury_id: treasury.data.id } },
    body: { file: 'Fecha;Concepto;Importe\n05/03/2026;TRANSFERENCIA CLIENTE EJEMPLO SL;1028,50\n' },
    bodySerializer: (body) => {
      const form = new FormData();
      form.append('file', new Blob([body.file], { type: 'text/csv' }), 'extracto.csv');
      return form;
    },
  });
  if (!statement.data) return fail('statement import', statement.response.status, statement.error);

  const balance = await bot.GET('/api/v1/ledger/trial-balance', { params: { query: { from: '2026-01-01', to: '2026-12-31' } } });
  if (!balance.data) return fail('trial balance', balance.response.status, balance.error);

  return {
    invoiceNumber: invoice.data.number ?? '',
    invoiceTotal: invoice.data.total,
    pdfBytes: pdf.data.byteLength,
    purchaseTotal: purchase.data.total,
    trialBalance: { debit: balance.data.totals.debit, credit: balance.data.totals.credit },
    accounts: balance.data.accounts.map((account) => account.account),
    statementImported: statement.data.imported,
  };
}
