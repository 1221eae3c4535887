import { Conflict, ValidationFailed } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import {
  blankToNull, BOOK_CURRENCY, checkRectification, DocumentCurrencies, completeRectifying, eraseKind, everyPage, loadTaxTypes, recordPayment, typeIdsOf, withTaxTypeIds, type SettleInput, type SettlementKind, type TaxTypeInfo,
} from '../documents/api';
import { isCurrency } from '../exchange-rates/api';
import { LedgerService } from '../ledger/api';
import { issueLoaded } from './issuing';
import {
  assertSupplierNumberFree, buildLines, checkHeader, computePurchaseLines, PURCHASE, PURCHASE_SERIES, PURCHASE_SETTLEMENT, PURCHASE_STORE, supplierOf, type Computed,
} from './kind';
import { PURCHASES } from './search';
import { Decimal } from '../../kernel/money';
import type { PurchaseInput, PurchaseKind, PurchaseListQuery, PurchaseOrigin, PurchasePatch, PurchaseRecord, PurchaseRectifyInput, PurchaseView } from './types';

export { computePurchaseLines, DEFAULT_EXPENSE_ACCOUNT, PURCHASE_SERIES, PURCHASE_SETTLEMENT } from './kind';
export { purchaseBreakdown, purchaseToJson } from './json';
export type * from './types';

/** The document's currency from the wire (EUR by default), or 422 at body.currency. */
function checkedCurrency(currency: string | undefined): string {
  const code = currency ?? BOOK_CURRENCY;
  if (!isCurrency(code)) throw ValidationFailed.field(['body', 'currency'], 'Not an active ISO 4217 currency code (e.g. EUR, USD, GBP)', 'value_error.currency');
  return code;
}

/** Purchases with their currency facts (one read for the page; EUR purchases have none). */
async function withCurrencies(tx: Tx, views: PurchaseView[]): Promise<PurchaseView[]> {
  const found = await DocumentCurrencies.findMany(tx, PURCHASE.name, views.map((v) => v.record.id));
  for (const view of views) view.record.fx = found.get(view.record.id) ?? null;
  return views;
}

const MANUAL: PurchaseOrigin = { source: 'manual', fileSha256: null, fileKey: null };

interface DraftFields {
  id: string; kind: PurchaseKind; contactId: string; supplierInvoiceNumber: string | null; issueDate: string; dueDate: string | null; operationDate: string | null;
  notes: string | null; rectifiesId: string | null; rectificationMode: PurchaseRecord['rectificationMode']; rectificationReason: string | null;
}

/** A draft stored by the documents plugin, with the purchase's own fields (409 for a supplier's number already registered). */
async function insertDraft(tx: Tx, fields: DraftFields, computed: Computed, origin: PurchaseOrigin = MANUAL): Promise<PurchaseRecord> {
  await assertSupplierNumberFree(tx, fields.contactId, fields.kind, fields.supplierInvoiceNumber, null);
  const draft = await PURCHASE_STORE.insertDraft(tx, { ...fields, series: PURCHASE_SERIES }, computed, {
    kind: ['text', fields.kind], supplier_invoice_number: ['text', fields.supplierInvoiceNumber], self_assessed_total: ['numeric', computed.selfAssessedTotal.toString()],
    source: ['text', origin.source], file_sha256: ['text', origin.fileSha256], file_key: ['text', origin.fileKey ?? null],
  });
  return {
    ...draft, kind: fields.kind, supplierInvoiceNumber: fields.supplierInvoiceNumber, source: origin.source, fileSha256: origin.fileSha256, fileKey: origin.fileKey ?? null,
    selfAssessedTotal: computed.selfAssessedTotal, payableAccount: null, supplier: null, vatDeductedPercent: 100,
  };
}

/** Purchase invoices and expenses: the documents plugin's lifecycle with the purchase's rules. Every function runs in the caller's unit of work. */
/** A purchase settled from an advance (407): the 407 line names the supplier, so each supplier's advances are told apart. */
const PURCHASE_ADVANCE: SettlementKind = {
  ...PURCHASE_SETTLEMENT,
  entry: (posting, accounts) => {
    const draft = PURCHASE_SETTLEMENT.entry(posting, accounts);
    return { ...draft, lines: draft.lines.map((l) => (l.account === posting.treasuryAccount ? { ...l, contactId: posting.item.contactId } : l)) };
  },
};

export const PurchaseService = {
  /** `origin`: for plugins that create purchases from a file (purchase ingestion); the API creates manual ones. */
  async create(tx: Tx, input: PurchaseInput, origin: PurchaseOrigin = MANUAL): Promise<PurchaseView> {
    input = await withTaxTypeIds(tx, input);
    const supplierNumber = blankToNull(input.supplier_invoice_number);
    checkHeader(input, input.issue_date, input.due_date ?? null, input.kind, supplierNumber);
    const currency = checkedCurrency(input.currency);
    const contact = await supplierOf(tx, input.contact_id, ['body', 'contact_id']);
    const { computed, types } = await buildLines(tx, input.lines, contact.id, ['body', 'lines']);
    const draft = await insertDraft(tx, {
      id: crypto.randomUUID(), kind: input.kind, contactId: contact.id, supplierInvoiceNumber: supplierNumber, issueDate: input.issue_date,
      dueDate: input.due_date ?? null, operationDate: input.operation_date ?? null, notes: blankToNull(input.notes), rectifiesId: null, rectificationMode: null, rectificationReason: null,
    }, computed, origin);
    if (currency !== BOOK_CURRENCY) await DocumentCurrencies.setDraft(tx, PURCHASE.name, draft.id, currency);
    draft.fx = currency === BOOK_CURRENCY ? null : { documentType: PURCHASE.name, documentId: draft.id, currency, rate: null, rateDate: null, accountingDate: null, euros: null };
    if ((input.status ?? 'issued') === 'draft') return { record: draft, types };
    return { record: await issueLoaded(tx, draft, types, contact), types };
  },

  get: async (tx: Tx, id: string): Promise<PurchaseView> => (await withCurrencies(tx, [await PURCHASE_STORE.get(tx, id)]))[0],

  /**
   * The ids of this supplier's purchases (drafts included) whose supplier invoice number, reduced
   * to its letters and digits in upper case without leading zeros, is `number` (given reduced
   * alike); or, given `issueDate` and `total` instead, those of that date and total. Newest first.
   * One query over the supplier's rows, whatever their number (a file-ingestion duplicate check
   * that does not read every purchase of a supplier with thousands).
   */
  async idsOfSupplier(tx: Tx, contactId: string, match: { number: string } | { issueDate: string; total: string }): Promise<string[]> {
    const rows = 'number' in match
      ? await tx.sql<{ id: string }>(`select id from purchases where tenant_id = :tenant and contact_id = :contactId::uuid
          and ltrim(regexp_replace(upper(supplier_invoice_number), '[^0-9A-Z]', '', 'g'), '0') = :number order by issue_date desc, id`, { contactId, number: match.number })
      : await tx.sql<{ id: string }>(`select id from purchases where tenant_id = :tenant and contact_id = :contactId::uuid
          and issue_date = :issueDate::date and total = :total::numeric order by issue_date desc, id`, { contactId, issueDate: match.issueDate, total: match.total });
    return rows.map((r) => r.id);
  },

  list: (tx: Tx, query: PurchaseListQuery) =>
    PURCHASE_STORE.list(tx, PURCHASES, query, (where, params) => (query.kind ? (params.kind = query.kind, `${where} and d.kind = :kind`) : where))
      .then(async (page) => ({ ...page, items: await withCurrencies(tx, page.items) })),

  async update(tx: Tx, id: string, patch: PurchasePatch): Promise<PurchaseView> {
    patch = await withTaxTypeIds(tx, patch);
    const current = await PURCHASE_STORE.draftToPatch(tx, id, patch, (c) => `Purchase ${c.number} is registered and cannot be changed: register the supplier's rectifying invoice (POST /purchases/${id}/rectify)`);
    const kind = patch.kind ?? current.kind;
    const supplierNumber = patch.supplier_invoice_number !== undefined ? blankToNull(patch.supplier_invoice_number) : current.supplierInvoiceNumber;
    const issueDate = patch.issue_date ?? current.issueDate;
    const dueDate = patch.due_date !== undefined ? patch.due_date : current.dueDate;
    checkHeader(patch, issueDate, dueDate, kind, supplierNumber);
    let contactId = current.contactId;
    if (patch.contact_id !== undefined) contactId = (await supplierOf(tx, patch.contact_id, ['body', 'contact_id'])).id;
    await assertSupplierNumberFree(tx, contactId, kind, supplierNumber, id);
    const computed = patch.lines !== undefined
      ? (await buildLines(tx, patch.lines, contactId, ['body', 'lines'])).computed
      : computePurchaseLines(current.lines, await loadTaxTypes(tx, typeIdsOf([current])));
    await PURCHASE_STORE.updateDraft(tx, {
      id, series: current.series, contactId, issueDate, dueDate, operationDate: patch.operation_date !== undefined ? patch.operation_date : current.operationDate,
      notes: patch.notes !== undefined ? blankToNull(patch.notes) : current.notes,
    }, computed, {
      kind: ['text', kind], supplier_invoice_number: ['text', supplierNumber], self_assessed_total: ['numeric', computed.selfAssessedTotal.toString()],
    }, patch.lines !== undefined);
    if (patch.currency !== undefined) await DocumentCurrencies.setDraft(tx, PURCHASE.name, id, checkedCurrency(patch.currency));
    return PurchaseService.get(tx, id);
  },

  delete: (tx: Tx, id: string): Promise<void> =>
    PURCHASE_STORE.deleteDraft(tx, id, (c) => `Purchase ${c.number} is registered and cannot be deleted: register the supplier's rectifying invoice`),

  /** Registers a draft through the issue steps (registration number, posting, tax register), then `purchase.issued`, in this transaction. */
  async issue(tx: Tx, id: string): Promise<PurchaseView> {
    const record = await PURCHASE_STORE.find(tx, id, true);
    if (record.status !== 'draft') throw new Conflict(`Purchase ${record.number} is already registered`);
    const types = await loadTaxTypes(tx, typeIdsOf([record]));
    const contact = await supplierOf(tx, record.contactId, ['body', 'contact_id']);
    return { record: await issueLoaded(tx, record, types, contact), types };
  },

  /**
   * Registers the supplier's rectifying invoice for a registered purchase, through the documents
   * plugin's rectification: by differences or by substitution (completeRectifying). `origin`: for
   * plugins that register it from a received file (purchase ingestion of a credit note e-invoice).
   */
  async rectify(tx: Tx, id: string, input: PurchaseRectifyInput, origin: PurchaseOrigin = MANUAL): Promise<PurchaseView> {
    input = await withTaxTypeIds(tx, input);
    const original = await PURCHASE_STORE.find(tx, id, true);
    checkRectification(original, input, {
      itself: `Purchase ${original.number} is itself a rectification: rectify the original document`,
      rectifiedAlready: `Purchase ${original.number} has already been fully rectified`,
      datedBefore: 'A rectification cannot be dated before the document it rectifies',
    });
    const supplierNumber = blankToNull(input.supplier_invoice_number);
    if (original.kind === 'invoice' && !supplierNumber) throw ValidationFailed.field(['body', 'supplier_invoice_number'], "The supplier's rectifying invoice number is required", 'missing');
    const wireLines = input.lines ?? [];
    const rectifiesNumber = original.supplierInvoiceNumber ?? original.number;
    let contact: Awaited<ReturnType<typeof ContactService.get>>;
    return completeRectifying(tx, original, { mode: input.mode, lines: wireLines }, {
      kind: PURCHASE, original: `${original.number}`, rectifiesNumber,
      async build() {
        contact = await ContactService.get(tx, original.contactId);
        return wireLines.length ? buildLines(tx, wireLines, original.contactId, ['body', 'lines']) : { computed: computePurchaseLines([], new Map()), types: new Map<string, TaxTypeInfo>() };
      },
      insert: (computed) => insertDraft(tx, {
        id: crypto.randomUUID(), kind: original.kind, contactId: original.contactId, supplierInvoiceNumber: supplierNumber, issueDate: input.issue_date,
        dueDate: input.due_date ?? null, operationDate: null, notes: blankToNull(input.notes), rectifiesId: original.id, rectificationMode: input.mode,
        rectificationReason: input.reason.trim(),
      }, computed, origin).then(async (draft) => {
        // the supplier's rectification is in the rectified document's currency
        const fx = await DocumentCurrencies.find(tx, PURCHASE.name, original.id);
        if (fx) await DocumentCurrencies.setDraft(tx, PURCHASE.name, draft.id, fx.currency);
        return draft;
      }),
      issue: (draft, types, reverseEntryId) => issueLoaded(tx, draft, types, contact, { rectifiesNumber, reverseEntryId }),
      publish: (events) => {
        tx.publish('purchase.rectified', events.rectified);
        if (events.cancelled) tx.publish('purchase.cancelled', events.cancelled);
      },
    });
  },

  /** Records a payment to the supplier (the documents plugin's settlement): Dr 4000/4100 / Cr treasury; amount_paid and status follow. */
  registerPayment: (tx: Tx, id: string, input: SettleInput): Promise<PurchaseView> =>
    recordPayment(tx, PURCHASE_SETTLEMENT, id, input, { lock: (t, key) => PURCHASE_STORE.find(t, key, true), read: (t, key) => PurchaseService.get(t, key) }),

  /**
   * What is left of the advances paid to a supplier (PGC 407 Anticipos a proveedores) on `asOf`:
   * the debit balance of the 407 lines carrying that contact, read through the ledger's contract.
   * An advance is booked with its VAT on the supplier's advance invoice (art. 75.Dos LIVA): Dr 407
   * (base) + Dr 472 (VAT) / Cr 57x; only the base stays on 407.
   */
  advanceBalance: async (tx: Tx, contactId: string, asOf: string): Promise<Decimal> => {
    const { supplierAdvances } = await LedgerService.postingAccounts(tx);
    const row = (await LedgerService.totalsByContact(tx, supplierAdvances, { to: asOf })).find((r) => r.contactId === contactId);
    return row ? row.debit.sub(row.credit).rescale(2) : Decimal.zero(2);
  },

  /**
   * Applies an advance already paid to the supplier (PGC 407 Anticipos a proveedores) to the
   * purchase, as a received e-invoice's paid amount (EN 16931 BT-113) says: Dr 4000/4100 / Cr 407
   * (the 407 line carries the supplier), a settlement like any payment (amount_paid and status
   * follow; reversible the same way). 409 when the supplier's 407 balance on that date does not
   * cover the amount: no advance to apply.
   */
  applyAdvance: async (tx: Tx, id: string, input: { date: string; amount: string }): Promise<PurchaseView> => {
    const { supplierAdvances } = await LedgerService.postingAccounts(tx);
    const purchase = await PurchaseService.get(tx, id);
    const available = await PurchaseService.advanceBalance(tx, purchase.record.contactId, input.date);
    if (available.compare(Decimal.parse(input.amount, 2)) < 0) {
      throw new Conflict(`The supplier's advances (407) come to ${available.toString()} on ${input.date}: record the advance (with its invoice and VAT) before applying ${input.amount}`);
    }
    return recordPayment(tx, PURCHASE_ADVANCE, id, { ...input, account: supplierAdvances },
      { lock: (t, key) => PURCHASE_STORE.find(t, key, true), read: (t, key) => PurchaseService.get(t, key) }, [supplierAdvances]);
  },

  // ----------------------------------------------------------------------------------------------
  // Hooks answered for other plugins
  // ----------------------------------------------------------------------------------------------

  exportAll: (tx: Tx) => everyPage((page) => PurchaseService.list(tx, page)),
  eraseTenant: (tx: Tx) => eraseKind(tx, PURCHASE),
};
