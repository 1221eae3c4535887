import { ValidationFailed } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { ExchangeRates } from '../exchange-rates/api';
import type { ContactService } from '../contacts/api';
import {
  DocumentCurrencies, documentEventPayload, euroAmountsOf, euroBasis, iso, withEuroAmounts, issueInTransaction, numberMark, partyOfContact, planIssue, registerRows, type KindStatement, type TaxTypeInfo,
} from '../documents/api';
import { LedgerService, type PostingAccounts } from '../ledger/api';
import { vatProrrataOf } from '../tax-models/api';
import type { PurchaseIssuedPayload } from './hooks';
import { computePurchaseLines, PURCHASE } from './kind';
import { nonDeductible, payableAccountOf, postPurchase } from './posting';
import type { PurchaseRecord } from './types';

/** The purchase's share of the issue statement: the draft marked registered, numbered in its series whatever its date. */
const PURCHASE_STATEMENT: KindStatement = {
  kind: PURCHASE, source: 'draft', numbering: 'any-date', dateLoc: ['body', 'issue_date'], conflict: 'The purchase is no longer a draft',
  issued: `issued as (
      update purchases p set status = 'issued', year = :year, seq = n.seq, number = n.number, journal_entry_id = :entryId::uuid, supplier = :supplier::jsonb,
        payable_account = :payable, vat_deducted_percent = :deductedPercent, issued_at = now(), updated_at = now()
      from numbered n where p.tenant_id = :tenant and p.id = :id::uuid
      returning p.issued_at, p.updated_at
    )`,
  answer: '(select issued_at from issued) as issued_at, (select updated_at from issued) as updated_at',
};

async function deductedPercentOf(tx: Tx, purchaseId: string): Promise<number> {
  const [row] = await tx.sql<{ percent: number | string }>(`select vat_deducted_percent as percent from purchases where tenant_id = :tenant and id = :id::uuid`, { id: purchaseId });
  return row ? Number(row.percent) : 100;
}

/**
 * Registers a draft in the caller's unit of work through the issue steps (number, posting, tax
 * register in one statement), then the substituted original's reversal, `purchase.issued` and
 * `purchase.registered`.
 */
export async function issueLoaded(tx: Tx, record: PurchaseRecord, types: ReadonlyMap<string, TaxTypeInfo>, contact: Awaited<ReturnType<typeof ContactService.get>>,
  options: { reverseEntryId?: string | null; rectifiesNumber?: string | null } = {}): Promise<PurchaseRecord> {
  if (!record.rectifiesId && record.total.isNegative()) {
    throw ValidationFailed.field(['body', 'lines'], "A purchase cannot have a negative total: register the supplier's rectifying invoice with POST /purchases/{id}/rectify", 'value_error.negative_total');
  }
  const supplier = partyOfContact(contact);
  const accounts: PostingAccounts = await LedgerService.postingAccounts(tx);
  // a document in another currency: the books and the register take its euro figures at the rate of the accrual (plugins/documents/currency.ts)
  const fx = record.fx !== undefined ? record.fx : await DocumentCurrencies.find(tx, PURCHASE.name, record.id);
  let books = { lines: record.lines, total: record.total };
  let conversion: Parameters<typeof DocumentCurrencies.recordConversion>[3] | null = null;
  if (fx) {
    const accountingDate = record.operationDate ?? record.issueDate;
    const found = await ExchangeRates.rateOn(tx, fx.currency, accountingDate);
    const euros = computePurchaseLines(euroBasis(record.lines, Decimal.parse(found.rate, 20)), types);
    books = { lines: withEuroAmounts(record.lines, euros), total: euros.total };
    conversion = { currency: fx.currency, rate: found.rate, rateDate: found.rate_date, accountingDate, euros: euroAmountsOf(euros) };
  }
  const payableAccount = payableAccountOf(record.lines, accounts);
  // the year's VAT prorrata: its provisional percentage of the deductible VAT is deducted, the rest is cost;
  // a rectification corrects what the rectified purchase deducted, so it takes that purchase's percentage
  const deductiblePercent = record.rectifiesId
    ? await deductedPercentOf(tx, record.rectifiesId)
    : (await vatProrrataOf(tx, Number(record.issueDate.slice(0, 4)))).provisionalPercent;
  const mark = numberMark(record.series);
  const draft = postPurchase({
    id: record.id, number: mark, kind: record.kind, supplierInvoiceNumber: record.supplierInvoiceNumber, issueDate: record.issueDate,
    contactId: record.contactId, supplierName: supplier.legal_name ?? supplier.name, total: books.total, payableAccount, rectifiesNumber: options.rectifiesNumber ?? null,
    lines: books.lines, types, deductiblePercent,
  }, accounts);
  const register = registerRows({
    documentType: 'purchase', documentId: record.id, side: 'received', purchaseKind: record.kind, number: null, supplierNumber: record.supplierInvoiceNumber,
    issueDate: record.issueDate, operationDate: record.operationDate, contactId: record.contactId, counterparty: supplier, rectifiesId: record.rectifiesId,
    rectifiesNumber: options.rectifiesNumber ?? null, rectificationMode: record.rectificationMode, total: books.total, deductiblePercent,
  }, books.lines.map((l) => ({
    taxTypeId: l.taxTypeId, taxRate: l.taxRate, surchargeRate: l.surchargeRate, withholdingRate: l.withholdingRate, base: l.base,
    quota: l.taxAmount.add(l.selfAssessedAmount), surcharge: l.surchargeAmount, withholding: l.withholdingAmount, capitalGood: l.capitalGood, deductible: !nonDeductible(l),
  })), types);
  const plan = planIssue({
    kind: PURCHASE, record, types, counterparty: supplier, issuer: supplier, simplified: false, posting: draft ? { draft, numberMark: mark } : null, register,
    event: { name: 'purchase.registered', payload: null, publish: false, audience: 'false' },
  });
  Object.assign(plan.params, { supplier: JSON.stringify(supplier), payable: payableAccount, deductedPercent: deductiblePercent });
  const row = await issueInTransaction(tx, plan, PURCHASE_STATEMENT);
  const number = row.number;
  if (conversion) await DocumentCurrencies.recordConversion(tx, PURCHASE.name, record.id, conversion);
  if (options.reverseEntryId) {
    await LedgerService.reverse(tx, options.reverseEntryId, record.issueDate, `Anulación por sustitución: ${number} (${options.rectifiesNumber ?? ''})`.slice(0, 500));
  }
  const issued: PurchaseRecord = {
    ...record, status: 'issued', year: plan.year, seq: Number(row.seq), number, journalEntryId: plan.journalEntryId, supplier, payableAccount, vatDeductedPercent: deductiblePercent,
    issuedAt: iso(row.issued_at), updatedAt: iso(row.updated_at),
    fx: conversion ? { documentType: PURCHASE.name, documentId: record.id, ...conversion } : null,
  };
  const payload: PurchaseIssuedPayload = {
    tenantId: tx.tenantId, purchaseId: issued.id, kind: issued.kind, number, supplierInvoiceNumber: issued.supplierInvoiceNumber,
    issueDate: issued.issueDate, contactId: issued.contactId, total: issued.total.toString(), rectifiesId: issued.rectifiesId, journalEntryId: issued.journalEntryId,
  };
  await tx.hook('purchase.issued', payload);
  tx.publish('purchase.registered', documentEventPayload('purchase', { ...issued, currency: fx?.currency }));
  return issued;
}

