import { defineEntity, p } from '@mikro-orm/core';

/**
 * The invoices plugin's tables as MikroORM entities (tenant-owned: filtered and stamped by the
 * kernel). The service writes them with raw SQL (`tx.sql`) so that the issuing transaction controls
 * exactly which statements run and in which order (counter lock last, immutability triggers);
 * these definitions document the shape and serve ORM reads.
 */
export const InvoiceSeriesSchema = defineEntity({
  name: 'InvoiceSeries',
  tableName: 'invoice_series',
  properties: {
    tenantId: p.uuid().primary(),
    series: p.string().primary(),
    year: p.integer().primary(),
    /** The last number issued in (series, year); the next issue takes last_number + 1 under the row lock. */
    lastNumber: p.integer(),
    lastIssueDate: p.string().columnType('date'),
  },
});
export class InvoiceSeries extends InvoiceSeriesSchema.class {}
InvoiceSeriesSchema.setClass(InvoiceSeries);

export const InvoiceSchema = defineEntity({
  name: 'Invoice',
  tableName: 'invoices',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    status: p.string(),
    series: p.string(),
    year: p.integer().nullable(),
    seq: p.integer().nullable(),
    number: p.string().nullable(),
    contactId: p.uuid(),
    issueDate: p.string().columnType('date'),
    dueDate: p.string().columnType('date').nullable(),
    operationDate: p.string().columnType('date').nullable(),
    notes: p.string().nullable(),
    subtotal: p.decimal('string').precision(18).scale(2),
    taxTotal: p.decimal('string').precision(18).scale(2),
    surchargeTotal: p.decimal('string').precision(18).scale(2),
    withholdingTotal: p.decimal('string').precision(18).scale(2),
    total: p.decimal('string').precision(18).scale(2),
    amountPaid: p.decimal('string').precision(18).scale(2),
    rectifiesId: p.uuid().nullable(),
    rectificationMode: p.string().nullable(),
    rectificationReason: p.string().nullable(),
    journalEntryId: p.uuid().nullable(),
    customer: p.json<Record<string, unknown>>().nullable(),
    issuer: p.json<Record<string, unknown>>().nullable(),
    customerCountry: p.string().length(2).nullable(),
    customerType: p.string().nullable(),
    customerVat: p.string().nullable(),
    issuedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Invoice extends InvoiceSchema.class {}
InvoiceSchema.setClass(Invoice);

export const InvoiceLineSchema = defineEntity({
  name: 'InvoiceLine',
  tableName: 'invoice_lines',
  properties: {
    tenantId: p.uuid().primary(),
    invoiceId: p.uuid().primary(),
    lineNo: p.integer().primary(),
    description: p.string(),
    quantity: p.decimal('string').precision(18).scale(6),
    unitPrice: p.decimal('string').precision(18).scale(6),
    discountPct: p.decimal('string').precision(5).scale(2),
    nature: p.string(),
    revenueAccount: p.string().nullable(),
    taxTypeId: p.uuid(),
    taxRate: p.decimal('string').precision(5).scale(2),
    surchargeTypeId: p.uuid().nullable(),
    surchargeRate: p.decimal('string').precision(5).scale(2).nullable(),
    withholdingTypeId: p.uuid().nullable(),
    withholdingRate: p.decimal('string').precision(5).scale(2).nullable(),
    base: p.decimal('string').precision(18).scale(2),
    taxAmount: p.decimal('string').precision(18).scale(2),
    surchargeAmount: p.decimal('string').precision(18).scale(2),
    withholdingAmount: p.decimal('string').precision(18).scale(2),
  },
});
export class InvoiceLine extends InvoiceLineSchema.class {}
InvoiceLineSchema.setClass(InvoiceLine);
