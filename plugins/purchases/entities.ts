import { defineEntity, p } from '@mikro-orm/core';

/**
 * The purchases plugin's tables as MikroORM entities (tenant-owned). Like the invoices plugin, the
 * service writes them with raw SQL so the registering transaction controls its statements; these
 * definitions document the shape and serve ORM reads.
 */
export const PurchaseSeriesSchema = defineEntity({
  name: 'PurchaseSeries',
  tableName: 'purchase_series',
  properties: {
    tenantId: p.uuid().primary(),
    series: p.string().primary(),
    year: p.integer().primary(),
    lastNumber: p.integer(),
    lastIssueDate: p.string().columnType('date'),
  },
});
export class PurchaseSeries extends PurchaseSeriesSchema.class {}
PurchaseSeriesSchema.setClass(PurchaseSeries);

export const PurchaseSchema = defineEntity({
  name: 'Purchase',
  tableName: 'purchases',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    kind: p.string(),
    status: p.string(),
    series: p.string(),
    year: p.integer().nullable(),
    seq: p.integer().nullable(),
    number: p.string().nullable(),
    contactId: p.uuid(),
    supplierInvoiceNumber: p.string().nullable(),
    source: p.string(),
    fileSha256: p.string().nullable(),
    issueDate: p.string().columnType('date'),
    dueDate: p.string().columnType('date').nullable(),
    operationDate: p.string().columnType('date').nullable(),
    notes: p.string().nullable(),
    subtotal: p.decimal('string').precision(18).scale(2),
    taxTotal: p.decimal('string').precision(18).scale(2),
    surchargeTotal: p.decimal('string').precision(18).scale(2),
    withholdingTotal: p.decimal('string').precision(18).scale(2),
    selfAssessedTotal: p.decimal('string').precision(18).scale(2),
    total: p.decimal('string').precision(18).scale(2),
    amountPaid: p.decimal('string').precision(18).scale(2),
    payableAccount: p.string().nullable(),
    rectifiesId: p.uuid().nullable(),
    rectificationMode: p.string().nullable(),
    rectificationReason: p.string().nullable(),
    journalEntryId: p.uuid().nullable(),
    supplier: p.json<Record<string, unknown>>().nullable(),
    issuedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Purchase extends PurchaseSchema.class {}
PurchaseSchema.setClass(Purchase);

export const PurchaseLineSchema = defineEntity({
  name: 'PurchaseLine',
  tableName: 'purchase_lines',
  properties: {
    tenantId: p.uuid().primary(),
    purchaseId: p.uuid().primary(),
    lineNo: p.integer().primary(),
    description: p.string(),
    quantity: p.decimal('string').precision(18).scale(6),
    unitPrice: p.decimal('string').precision(18).scale(6),
    discountPct: p.decimal('string').precision(5).scale(2),
    expenseAccount: p.string(),
    capitalGood: p.boolean(),
    taxTypeId: p.uuid(),
    taxRate: p.decimal('string').precision(5).scale(2),
    surchargeTypeId: p.uuid().nullable(),
    surchargeRate: p.decimal('string').precision(5).scale(2).nullable(),
    withholdingTypeId: p.uuid().nullable(),
    withholdingRate: p.decimal('string').precision(5).scale(2).nullable(),
    base: p.decimal('string').precision(18).scale(2),
    taxAmount: p.decimal('string').precision(18).scale(2),
    selfAssessedAmount: p.decimal('string').precision(18).scale(2),
    surchargeAmount: p.decimal('string').precision(18).scale(2),
    withholdingAmount: p.decimal('string').precision(18).scale(2),
  },
});
export class PurchaseLine extends PurchaseLineSchema.class {}
PurchaseLineSchema.setClass(PurchaseLine);
