import { Decimal } from '../../kernel/money';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import { ExchangeRates } from '../exchange-rates/api';
import {
  DocumentCurrencies, documentEventPayload, euroAmountsOf, euroBasis, iso, withEuroAmounts, issueInOneWrite, issueInTransaction, numberMark, partyOfContact, planIssue, registerRows, stepResults, TaxRegister,
  type ContactFacts, type DocumentContext, type DocumentCurrency, type IssueAnswer, type IssuePlan, type Party, type TaxTypeInfo,
} from '../documents/api';
import { LedgerService, type PostingAccounts } from '../ledger/api';
import { assertCustomer, computeLines, INVOICE, INVOICE_STATEMENT, type Computed } from './kind';
import { registeredAsSimplified, regimesOf } from './legal-content';
import { postInvoice } from './posting';
import { checkIssuable } from './rules';
import type { InvoiceRecord } from './types';

/**
 * Issuing an invoice: the facts the issue steps are planned from (its rules, posting rule, register
 * rows, event), and the invoice's share of the issue statement
 * (plugins/documents/issue-statement.ts), run in a unit of work or as one write of its own.
 */

export interface IssueOptions {
  /** Substitution: the original's entry, reversed once the rectifying invoice is numbered. */
  reverseEntryId?: string | null;
  rectifiesNumber?: string | null;
  /** The rectified invoice was registered as simplified: the rectification is R5 in the register. */
  rectifiesSimplified?: boolean;
}

/** Who takes the `invoice.issued` event the statement queues (in a unit of work nobody: it is published there). */
type EventAudience = { publish: boolean; audience: string };
const PUBLISHED_IN_TRANSACTION: EventAudience = { publish: false, audience: 'false' };

/** What issuing writes, all planned (the issue steps' parts among it) before the counter row is touched. */
function planInvoiceIssue(record: InvoiceRecord, types: ReadonlyMap<string, TaxTypeInfo>, contact: ContactFacts, issuer: Party, accounts: PostingAccounts,
  event: EventAudience, rectifiesNumber: string | null, rectifiesSimplified = false, euros: Computed | null = null): IssuePlan {
  checkIssuable(record, types, contact, issuer);
  const customer = partyOfContact(contact);
  // a document in another currency: the books and the register take its euro figures (plugins/documents/currency.ts)
  const computed = euros ?? computeLines(record.lines);
  const mark = numberMark(record.series);
  const draft = postInvoice({
    id: record.id, number: mark, issueDate: record.issueDate, contactId: record.contactId, customerName: customer.legal_name ?? customer.name,
    rectifiesNumber, total: computed.total, lines: computed.lines, groups: computed.amounts.groups, types,
  }, accounts);
  const simplified = registeredAsSimplified(customer, regimesOf(record.lines, types), { total: computed.total, rectifying: !!record.rectifiesId });
  const register = registerRows({
    documentType: 'invoice', documentId: record.id, side: 'issued', number: null, issueDate: record.issueDate, operationDate: record.operationDate,
    contactId: record.contactId, counterparty: customer, rectifiesId: record.rectifiesId, rectifiesNumber, rectificationMode: record.rectificationMode,
    rectificationGround: record.rectificationGround, total: computed.total, simplified, rectifiesSimplified,
  }, computed.lines.map((l) => ({
    taxTypeId: l.taxTypeId, taxRate: l.taxRate, surchargeRate: l.surchargeRate, withholdingRate: l.withholdingRate, base: l.base, quota: l.taxAmount,
    surcharge: l.surchargeAmount, withholding: l.withholdingAmount,
  })), types);
  // the issue steps (VERI*FACTU's record among them) see the euro figures too
  const stepRecord: InvoiceRecord = euros ? {
    ...record, lines: withEuroAmounts(record.lines, euros), subtotal: euros.subtotal, taxTotal: euros.taxTotal, surchargeTotal: euros.surchargeTotal,
    withholdingTotal: euros.withholdingTotal, total: euros.total,
  } : record;
  const plan = planIssue({
    kind: INVOICE, record: stepRecord, types, counterparty: customer, issuer, simplified, rectifiesSimplified: !!record.rectifiesId && rectifiesSimplified, posting: draft ? { draft, numberMark: mark } : null, register,
    event: { name: 'invoice.issued', payload: documentEventPayload('invoice', { ...record, status: 'issued', number: '', currency: record.fx?.currency }), ...event },
  });
  Object.assign(plan.params, {
    customer: JSON.stringify(customer), issuer: JSON.stringify(issuer), country: customer.country, customerType: customer.customer_type ?? null, vat: customer.tax_id,
  });
  return plan;
}

/** The issued invoice from the statement's answer. */
const issuedFrom = (plan: IssuePlan, record: InvoiceRecord, row: IssueAnswer): InvoiceRecord => ({
  ...record, status: 'issued', year: plan.year, seq: Number(row.seq), number: row.number, journalEntryId: plan.journalEntryId,
  customer: plan.facts.counterparty, issuer: plan.facts.issuer, issuedAt: iso(row.issued_at), updatedAt: iso(row.updated_at), createdAt: iso(row.created_at),
  issueResults: stepResults(plan, row),
});

/** Issues as a transaction of its own (uow.write); null when it must go through a unit of work instead. */
export async function writeIssue(uow: UnitOfWork, record: InvoiceRecord, context: DocumentContext, source: 'draft' | 'new', extra: Record<string, unknown>): Promise<InvoiceRecord | null> {
  const contact = assertCustomer(context.contact, ['body', 'contact_id']);
  const event = { publish: uow.hasEventSubscribers('invoice.issued'), audience: uow.eventAudienceSql('invoice.issued') };
  const plan = planInvoiceIssue(record, context.types, contact, context.issuer, await LedgerService.postingAccounts(uow), event, null);
  Object.assign(plan.params, extra);
  const answer = await issueInOneWrite(uow, plan, INVOICE_STATEMENT(source, record.id));
  return answer && issuedFrom(plan, record, answer);
}

/** Was this issued invoice registered as simplified (F2)? Its rectifications are then R5. */
export const wasRegisteredSimplified = (tx: Tx, invoice: InvoiceRecord) =>
  TaxRegister.isSimplified(tx, { side: 'issued', accountingDate: invoice.issueDate, documentId: invoice.id });

/**
 * Issues a draft inside the caller's unit of work (the draft read and locked, or inserted, in it):
 * the issue statement, then the `invoice.issued` hook and event. Any failure rolls the whole
 * transaction back, number included.
 */
export async function issueLoaded(tx: Tx, record: InvoiceRecord, types: ReadonlyMap<string, TaxTypeInfo>, contact: ContactFacts, issuer: Party, options: IssueOptions = {}): Promise<InvoiceRecord> {
  const fx = record.fx !== undefined ? record.fx : await DocumentCurrencies.find(tx, INVOICE.name, record.id);
  const conversion = fx ? await convertInvoice(tx, record, fx) : null;
  const plan = planInvoiceIssue(record, types, contact, issuer, await LedgerService.postingAccounts(tx), PUBLISHED_IN_TRANSACTION, options.rectifiesNumber ?? null, options.rectifiesSimplified,
    conversion?.computed ?? null);
  const issued = issuedFrom(plan, record, await issueInTransaction(tx, plan, INVOICE_STATEMENT('draft', record.id)));
  if (conversion) {
    await DocumentCurrencies.recordConversion(tx, INVOICE.name, record.id, conversion.record);
    issued.fx = { documentType: INVOICE.name, documentId: record.id, ...conversion.record, rate: conversion.record.rate };
  }
  if (options.reverseEntryId) {
    await LedgerService.reverse(tx, options.reverseEntryId, record.issueDate, `Anulación por sustitución: rectificativa ${issued.number} (${options.rectifiesNumber ?? ''})`.slice(0, 500));
  }
  await tx.hook('invoice.issued', {
    tenantId: tx.tenantId, invoiceId: issued.id, series: issued.series, number: issued.number!, issueDate: issued.issueDate, contactId: issued.contactId,
    subtotal: issued.subtotal.toString(), taxTotal: issued.taxTotal.toString(), total: issued.total.toString(), rectifiesId: issued.rectifiesId,
    rectificationMode: issued.rectificationMode, journalEntryId: issued.journalEntryId,
  });
  tx.publish('invoice.issued', documentEventPayload('invoice', { ...issued, currency: issued.fx?.currency }));
  return issued;
}

/**
 * An invoice in another currency in euros, at the rate of its accounting date: the operation date
 * when it has one (the VAT accrues with the operation, art. 75 and 79.Once LIVA), else the issue date.
 */
async function convertInvoice(tx: Tx, record: InvoiceRecord, fx: DocumentCurrency) {
  const accountingDate = record.operationDate ?? record.issueDate;
  const found = await ExchangeRates.rateOn(tx, fx.currency, accountingDate);
  const computed = computeLines(euroBasis(computeLines(record.lines).lines, Decimal.parse(found.rate, 20)));
  return {
    computed,
    record: { currency: fx.currency, rate: found.rate, rateDate: found.rate_date, accountingDate, euros: euroAmountsOf(computed) },
  };
}
