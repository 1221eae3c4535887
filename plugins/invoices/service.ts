import { ValidationFailed } from '../../kernel/errors';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import {
  assertUuid, BOOK_CURRENCY, blankToNull, DocumentCurrencies, FOREIGN_CURRENCY_SQL, checkHeaderDates, checkRectification, completeRectifying, contextColumns, contextFromRow, contextOf, eraseKind, everyPage, loadContext,
  namesTaxCodes, pgArray, recordPayment, typeIdsOf, wireTypeIds, withTaxTypeIds, type DocumentContext, type SettleInput, type TaxTypeInfo,
} from '../documents/api';
import { isCurrency } from '../exchange-rates/api';
import { distanceSales } from './distance-sales';
import { issueLoaded, wasRegisteredSimplified, writeIssue } from './issuing';
import { checkedHeader } from './rules';
import { assertCustomer, buildLines, computeLines, computeWireLines, INVOICE, INVOICE_SETTLEMENT, INVOICE_STORE, RECTIFYING_SERIES, revenueOverrides, type Computed } from './kind';
import { INVOICES } from './search';
import type { InvoiceInput, InvoiceListQuery, InvoicePatch, InvoiceRecord, InvoiceView, RectifyInput } from './types';

export { computeLines, DEFAULT_SERIES, INVOICE_SETTLEMENT, RECTIFYING_SERIES } from './kind';
export { breakdownOf, invoiceToJson, legendsOf } from './json';
export type * from './types';

/** The document's currency from the wire (EUR by default), or 422 at body.currency. */
function checkedCurrency(currency: string | undefined): string {
  const code = currency ?? BOOK_CURRENCY;
  if (!isCurrency(code)) throw ValidationFailed.field(['body', 'currency'], 'Not an active ISO 4217 currency code (e.g. EUR, USD, GBP)', 'value_error.currency');
  return code;
}

/** Invoices with their currency facts (one read for the page; EUR invoices have none). */
async function withCurrencies(tx: Tx, views: InvoiceView[]): Promise<InvoiceView[]> {
  const found = await DocumentCurrencies.findMany(tx, INVOICE.name, views.map((v) => v.record.id));
  for (const view of views) view.record.fx = found.get(view.record.id) ?? null;
  return views;
}

/** A draft stored by the documents plugin, with the invoice's own fields. */
async function insertDraft(tx: Tx, header: ReturnType<typeof checkedHeader>, computed: Computed): Promise<InvoiceRecord> {
  const draft = await INVOICE_STORE.insertDraft(tx, header, computed, { rectification_ground: ['text', header.rectificationGround] });
  return { ...draft, customer: null, issuer: null, rectificationGround: header.rectificationGround };
}

/** Sales invoices: the documents plugin's lifecycle with the invoice's rules. Every function runs in the caller's unit of work; other plugins reach it through ./api.ts. */
export const InvoiceService = {
  async create(tx: Tx, input: InvoiceInput): Promise<InvoiceView> {
    input = await withTaxTypeIds(tx, input);
    const header = checkedHeader(input);
    const currency = checkedCurrency(input.currency);
    const context = await loadContext(tx, input.contact_id, wireTypeIds(input.lines));
    const contact = assertCustomer(context.contact, ['body', 'contact_id']);
    const { computed, types } = await buildLines(tx, input.lines, ['body', 'lines'], context.types);
    const draft = await insertDraft(tx, header, computed);
    if (currency !== BOOK_CURRENCY) await DocumentCurrencies.setDraft(tx, INVOICE.name, draft.id, currency);
    draft.fx = currency === BOOK_CURRENCY ? null : { documentType: INVOICE.name, documentId: draft.id, currency, rate: null, rateDate: null, accountingDate: null, euros: null };
    if ((input.status ?? 'issued') === 'draft') return { record: draft, types };
    return { record: await issueLoaded(tx, draft, types, contact, context.issuer), types };
  },

  /**
   * What `create` would compute for this body, writing nothing (POST /invoices/preview): the same
   * checks as a draft (tax codes, header, currency, customer, lines) and the same computation, so
   * the lines, breakdown and totals are those the created invoice gets. What is checked only at
   * issue (the parties' data, a negative total) is left to the issue.
   */
  async preview(tx: Tx, input: InvoiceInput): Promise<InvoiceView> {
    input = await withTaxTypeIds(tx, input);
    const header = checkedHeader(input);
    const currency = checkedCurrency(input.currency);
    const context = await loadContext(tx, input.contact_id, wireTypeIds(input.lines));
    assertCustomer(context.contact, ['body', 'contact_id']);
    const { computed, types } = await buildLines(tx, input.lines, ['body', 'lines'], context.types);
    const now = new Date().toISOString();
    const record: InvoiceRecord = { ...INVOICE_STORE.draftRecord(header, computed, now, now), customer: null, issuer: null, rectificationGround: null };
    record.fx = currency === BOOK_CURRENCY ? null : { documentType: INVOICE.name, documentId: record.id, currency, rate: null, rateDate: null, accountingDate: null, euros: null };
    return { record, types };
  },

  /**
   * `create` of an invoice issued at once (POST /invoices), in two round trips with no transaction
   * open between them: a read of the customer, company and tax types, then ONE statement that
   * inserts the lines and the issued invoice, numbers it and runs the issue steps (uow.write).
   * Goes through `create` in a unit of work where `issueDraft` would, and for revenue-account overrides.
   */
  async createIssued(uow: UnitOfWork, input: InvoiceInput): Promise<InvoiceView> {
    const inTransaction = () => uow.run((tx) => InvoiceService.create(tx, input));
    // another currency needs its rate read in the transaction
    if (uow.hasSyncSubscribers('invoice.issued') || namesTaxCodes(input.lines) || revenueOverrides(input.lines, ['body', 'lines']).length || checkedCurrency(input.currency) !== BOOK_CURRENCY) return inTransaction();
    const header = checkedHeader(input);
    assertUuid(input.contact_id, 'Contact');
    const typeIds = wireTypeIds(input.lines);
    const [row] = await uow.read<any>(`select ${contextColumns()}`, { contactId: input.contact_id, typeIds: pgArray(typeIds) });
    const { context, missingTypeIds } = contextFromRow(row, typeIds);
    if (missingTypeIds.length) return inTransaction();
    assertCustomer(context.contact, ['body', 'contact_id']);
    const computed = computeWireLines(input.lines, ['body', 'lines'], context.types);
    const now = new Date().toISOString();
    const record: InvoiceRecord = { ...INVOICE_STORE.draftRecord(header, computed, now, now), customer: null, issuer: null, rectificationGround: null };
    const issued = await writeIssue(uow, record, context, 'new', {
      lines: INVOICE_STORE.linesPayload(computed.lines), contactId: header.contactId, dueDate: header.dueDate, operationDate: header.operationDate, notes: header.notes,
      ...INVOICE_STORE.totals(computed),
    });
    if (!issued) return inTransaction();
    return { record: issued, types: context.types };
  },

  get: async (tx: Tx, id: string): Promise<InvoiceView> => (await withCurrencies(tx, [await INVOICE_STORE.get(tx, id)]))[0],

  list: (tx: Tx, query: InvoiceListQuery): Promise<{ items: InvoiceView[]; total: number; limit: number; offset: number; next_cursor: string | null }> =>
    INVOICE_STORE.list(tx, INVOICES, query, (where, params) => (query.series ? (params.series = query.series, `${where} and d.series = :series`) : where))
      .then(async (page) => ({ ...page, items: await withCurrencies(tx, page.items) })),

  /** Changes a draft (409 once issued). Lines, when sent, replace every line. */
  async update(tx: Tx, id: string, patch: InvoicePatch): Promise<InvoiceView> {
    patch = await withTaxTypeIds(tx, patch);
    const current = await INVOICE_STORE.draftToPatch(tx, id, patch, (c) => `Invoice ${c.number} is issued and cannot be changed: issue a rectifying invoice (POST /invoices/${id}/rectify)`);
    const series = patch.series ?? current.series;
    if (patch.series !== undefined && series === RECTIFYING_SERIES && !current.rectifiesId) {
      throw ValidationFailed.field(['body', 'series'], `Series ${RECTIFYING_SERIES} is reserved for rectifying invoices`, 'value_error.series_reserved');
    }
    if (current.rectifiesId && patch.series !== undefined && series !== RECTIFYING_SERIES) {
      throw ValidationFailed.field(['body', 'series'], `A rectifying invoice stays in series ${RECTIFYING_SERIES}`, 'value_error.series_reserved');
    }
    const issueDate = patch.issue_date ?? current.issueDate;
    const dueDate = patch.due_date !== undefined ? patch.due_date : current.dueDate;
    checkHeaderDates(patch, issueDate, dueDate);
    let contactId = current.contactId;
    if (patch.contact_id !== undefined) contactId = assertCustomer((await loadContext(tx, patch.contact_id, [])).contact, ['body', 'contact_id']).id;
    const computed = patch.lines !== undefined ? (await buildLines(tx, patch.lines, ['body', 'lines'])).computed : computeLines(current.lines);
    await INVOICE_STORE.updateDraft(tx, {
      id, series, contactId, issueDate, dueDate, operationDate: patch.operation_date !== undefined ? patch.operation_date : current.operationDate,
      notes: patch.notes !== undefined ? blankToNull(patch.notes) : current.notes,
    }, computed, {}, patch.lines !== undefined);
    if (patch.currency !== undefined) await DocumentCurrencies.setDraft(tx, INVOICE.name, id, checkedCurrency(patch.currency));
    return InvoiceService.get(tx, id);
  },

  /** Deletes a draft; an issued invoice is 409 (it is corrected by a rectifying invoice, never deleted). */
  delete: (tx: Tx, id: string): Promise<void> =>
    INVOICE_STORE.deleteDraft(tx, id, (c) => `Invoice ${c.number} is issued and cannot be deleted: issue a rectifying invoice (POST /invoices/${id}/rectify)`),

  /** Issues a draft through the issue steps (number, posting, register, VERI*FACTU…), then `invoice.issued`, all in this transaction. */
  async issue(tx: Tx, id: string): Promise<InvoiceView> {
    assertUuid(id, 'Invoice');
    const [row] = await tx.sql<any>(INVOICE_STORE.draftForIssueSql(true), { id });
    const { record } = INVOICE_STORE.draftForIssue(row);
    const context = await contextOf(tx, row, typeIdsOf([record]));
    const contact = assertCustomer(context.contact, ['body', 'contact_id']);
    const rectified = record.rectifiesId ? await INVOICE_STORE.find(tx, record.rectifiesId) : null;
    const rectifies = rectified ? { rectifiesNumber: rectified.number, rectifiesSimplified: await wasRegisteredSimplified(tx, rectified) } : {};
    return { record: await issueLoaded(tx, record, context.types, contact, context.issuer, rectifies), types: context.types };
  },

  /**
   * `issue` for POST /invoices/{id}/issue, in two round trips with no transaction open between
   * them: a read of the draft and its context, then the issue statement as a transaction of its
   * own (uow.write) that re-checks that the draft is unchanged. The counter row is then held only
   * while PostgreSQL runs that statement and commits, not while JavaScript runs. Whatever needs
   * more goes through `issue` in a unit of work, with the same statement: in-transaction
   * subscribers of `invoice.issued`, a rectifying draft, a tax type or an account still to create.
   */
  async issueDraft(uow: UnitOfWork, id: string): Promise<InvoiceView> {
    const inTransaction = () => uow.run((tx) => InvoiceService.issue(tx, id));
    if (uow.hasSyncSubscribers('invoice.issued')) return inTransaction();
    assertUuid(id, 'Invoice');
    const [row] = await uow.read<any>(INVOICE_STORE.draftForIssueSql(false), { id });
    const { record, seen } = INVOICE_STORE.draftForIssue(row);
    if (record.rectifiesId) return inTransaction();
    // a draft in another currency is converted in a unit of work (its rate read there)
    const [foreign] = await uow.read(FOREIGN_CURRENCY_SQL, { documentType: INVOICE.name, id });
    if (foreign) return inTransaction();
    const { context, missingTypeIds } = contextFromRow(row, typeIdsOf([record]));
    if (missingTypeIds.length) return inTransaction();
    const issued = await writeIssue(uow, record, context, 'draft', { seen });
    if (!issued) return inTransaction();
    return { record: issued, types: context.types };
  },

  /**
   * Issues a rectifying invoice in series R for an issued invoice (art. 15 RD 1619/2012), through
   * the documents plugin's rectification: by `differences` or by `substitution` (completeRectifying).
   */
  async rectify(tx: Tx, id: string, input: RectifyInput): Promise<InvoiceView> {
    input = await withTaxTypeIds(tx, input);
    const original = await INVOICE_STORE.find(tx, id, true);
    checkRectification(original, input, {
      itself: `Invoice ${original.number} is itself a rectifying invoice: rectify the original invoice instead`,
      rectifiedAlready: `Invoice ${original.number} has already been fully rectified`,
      datedBefore: 'A rectifying invoice cannot be dated before the invoice it rectifies',
    });
    if (input.due_date && input.due_date < input.issue_date) throw ValidationFailed.field(['body', 'due_date'], 'The due date cannot be before the issue date', 'value_error.due_date');
    const wireLines = input.lines ?? [];
    let context: DocumentContext;
    return completeRectifying(tx, original, { mode: input.mode, lines: wireLines }, {
      kind: INVOICE, original: `invoice ${original.number}`, rectifiesNumber: original.number,
      async build() {
        context = await loadContext(tx, original.contactId, wireTypeIds(wireLines));
        return wireLines.length ? buildLines(tx, wireLines, ['body', 'lines'], context.types) : { computed: computeLines([]), types: new Map<string, TaxTypeInfo>() };
      },
      insert: (computed) => insertDraft(tx, {
        id: crypto.randomUUID(), series: RECTIFYING_SERIES, contactId: original.contactId, issueDate: input.issue_date, dueDate: input.due_date ?? null,
        operationDate: null, notes: blankToNull(input.notes), rectifiesId: original.id, rectificationMode: input.mode, rectificationReason: input.reason.trim(),
        rectificationGround: input.legal_ground ?? 'error',
      }, computed).then(async (draft) => {
        // a rectifying invoice is in the rectified invoice's currency
        const fx = await DocumentCurrencies.find(tx, INVOICE.name, original.id);
        if (fx) await DocumentCurrencies.setDraft(tx, INVOICE.name, draft.id, fx.currency);
        return draft;
      }),
      issue: async (draft, types, reverseEntryId) => issueLoaded(tx, draft, types, context.contact, context.issuer, {
        rectifiesNumber: original.number, rectifiesSimplified: await wasRegisteredSimplified(tx, original), reverseEntryId,
      }),
      publish: (events) => {
        tx.publish('invoice.rectified', events.rectified);
        if (events.cancelled) tx.publish('invoice.cancelled', events.cancelled);
      },
    });
  },

  /**
   * Records a collection (or the refund of a negative invoice) through the documents plugin's
   * settlement: Dr treasury / Cr 4300, then amount_paid and the status (partially_paid / paid).
   */
  registerPayment: (tx: Tx, id: string, input: SettleInput): Promise<InvoiceView> =>
    recordPayment(tx, INVOICE_SETTLEMENT, id, input, { lock: (t, key) => INVOICE_STORE.find(t, key, true), read: (t, key) => InvoiceService.get(t, key) }),

  /** The rectified invoice's number and date, for printing a rectifying invoice. */
  async rectified(tx: Tx, record: InvoiceRecord): Promise<{ number: string | null; issueDate: string } | null> {
    if (!record.rectifiesId) return null;
    const [row] = await tx.sql<{ number: string | null; issue_date: string }>(`select number, issue_date::text as issue_date from invoices where tenant_id = :tenant and id = :id::uuid`, { id: record.rectifiesId });
    return row ? { number: row.number, issueDate: row.issue_date } : null;
  },

  // ----------------------------------------------------------------------------------------------
  // Hooks answered for other plugins (the contact hooks: the documents plugin's contactHooks)
  // ----------------------------------------------------------------------------------------------

  distanceSales,

  /** account.exporting: every invoice of the tenant with its lines. */
  exportAll: (tx: Tx) => everyPage((page) => InvoiceService.list(tx, page)),

  /** tenant.erasing: the database allows deleting issued invoices only in the erasure transaction. */
  eraseTenant: (tx: Tx) => eraseKind(tx, INVOICE),
};
