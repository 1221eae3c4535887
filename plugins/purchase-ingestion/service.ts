import { createHash } from 'node:crypto';
import { Unprocessable } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { PurchaseService, purchaseToJson, type PurchaseView } from '../purchases/api';
import { TenantService } from '../tenants/api';
import { existingPurchase, findDuplicate, planPurchase, resolveSupplier } from './booking';
import type { Extraction } from './extract';
import type { FileKind, PageReport, ReadResult } from './reader';
import type { EInvoiceReadingJson } from './einvoice-booking';

export interface IngestOptions {
  contactId: string | null;
  /** Book the purchase when every required field is confident (false: a draft at most). */
  book: boolean;
  /** The account the purchase was paid from (a treasury's 572x), when the client says it is paid already. */
  paidFrom: ((tx: Tx) => Promise<string>) | null;
  /** Keeps the original in the kernel's file store for this tenant; returns its key. */
  keepFile?: (tenantId: string) => Promise<string>;
}

export interface IngestOutcome {
  created: boolean;
  body: {
    purchase: ReturnType<typeof purchaseToJson> | null;
    duplicate_of: string | null;
    needs_review: boolean;
    review_reasons: string[];
    extraction: Extraction & { file_sha256: string; file_kind: FileKind | 'xml'; pages: PageReport[] };
    /** Set when the file was a structured e-invoice (einvoice-booking.ts). */
    einvoice?: EInvoiceReadingJson | null;
    /** A file of several invoices (a Facturae batch): each invoice's answer, in the file's order; the fields above are the first's. */
    batch?: Omit<IngestOutcome['body'], 'batch'>[];
  };
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What an invoice of a file (its `position` in a batch, 0 for a file of one) already became in this company, if it is still there. */
async function purchaseOfFile(tx: Tx, sha256: string, position: number): Promise<{ view: PurchaseView; extraction: IngestOutcome['body']['extraction']; einvoice: EInvoiceReadingJson | null } | null> {
  const [row] = await tx.sql<{ purchase_id: string | null; extraction: unknown; einvoice: unknown }>(
    `select purchase_id, extraction, einvoice from purchase_ingestions where tenant_id = :tenant and file_sha256 = :sha256 and batch_position = :position::int`, { sha256, position });
  const view = row?.purchase_id ? await existingPurchase(tx, row.purchase_id) : null;
  if (!view) return null;
  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value ?? null);
  return { view, extraction: json(row.extraction) as IngestOutcome['body']['extraction'], einvoice: json(row.einvoice) as EInvoiceReadingJson | null };
}

const knownAnswer = (known: NonNullable<Awaited<ReturnType<typeof purchaseOfFile>>>): IngestOutcome['body'] => (
  { purchase: purchaseToJson(known.view), duplicate_of: known.view.record.id, needs_review: false, review_reasons: [], extraction: known.extraction, einvoice: known.einvoice });

/**
 * The same bytes uploaded again: the purchases they became, with what was read then; nothing is
 * read or created. A batch is known when every one of its invoices still is (one whose draft was
 * deleted is read anew with the file).
 */
export async function knownFile(tx: Tx, sha256: string): Promise<IngestOutcome | null> {
  const positions = await tx.sql<{ batch_position: number }>(
    `select batch_position from purchase_ingestions where tenant_id = :tenant and file_sha256 = :sha256 order by batch_position`, { sha256 });
  if (positions.length <= 1) {
    const known = await purchaseOfFile(tx, sha256, 0);
    return known ? { created: false, body: knownAnswer(known) } : null;
  }
  const batch: IngestOutcome['body'][] = [];
  for (const { batch_position: position } of positions) {
    const known = await purchaseOfFile(tx, sha256, Number(position));
    if (!known) return null;
    batch.push(knownAnswer(known));
  }
  return { created: false, body: { ...batch[0], batch } };
}

/** The company's own tax ids: a tax id of the reader's own company on the page is never the supplier's. */
export async function ownTaxIds(tx: Tx): Promise<string[]> {
  const tenant = await TenantService.current(tx);
  return [tenant.taxId].filter(Boolean);
}

/**
 * Claims the file (the invoice at `position` of a batch) for this transaction; the duplicate answer
 * when another upload of it already became a purchase.
 */
export async function claimFile(tx: Tx, sha256: string, position = 0): Promise<{ id: string } | { duplicate: IngestOutcome }> {
  const id = crypto.randomUUID();
  const inserted = await tx.sql(`
    insert into purchase_ingestions (id, tenant_id, file_sha256, batch_position, outcome) values (:id::uuid, :tenant, :sha256, :position::int, 'pending')
    on conflict (tenant_id, file_sha256, batch_position) do nothing returning id`, { id, sha256, position });
  if (inserted.length) return { id };
  const existing = await purchaseOfFile(tx, sha256, position);
  if (existing) return { duplicate: { created: false, body: knownAnswer(existing) } };
  // the purchase it became was a draft since deleted: read the file anew
  await tx.sql(`delete from purchase_ingestions where tenant_id = :tenant and file_sha256 = :sha256 and batch_position = :position::int`, { sha256, position });
  await tx.sql(`insert into purchase_ingestions (id, tenant_id, file_sha256, batch_position, outcome) values (:id::uuid, :tenant, :sha256, :position::int, 'pending')`, { id, sha256, position });
  return { id };
}

/** What a file became; `einvoice`: what was read from a structured e-invoice (its syntax and signature check), kept with the purchase. */
export async function record(tx: Tx, ingestionId: string, purchaseId: string | null, outcome: 'booked' | 'draft' | 'duplicate', extraction: unknown, einvoice: EInvoiceReadingJson | null = null) {
  await tx.sql(`update purchase_ingestions set purchase_id = :purchaseId::uuid, outcome = :outcome, extraction = :extraction::jsonb, einvoice = :einvoice::jsonb
    where tenant_id = :tenant and id = :id::uuid`,
  { id: ingestionId, purchaseId, outcome, extraction: JSON.stringify(extraction), einvoice: einvoice ? JSON.stringify(einvoice) : null });
}

/**
 * Turns what was read from a file into a purchase, in the caller's unit of work: deduplicated by
 * the file's bytes, then by the supplier's invoice number (or date and total for a ticket without
 * one); booked when every required field is confident and adds up, else left a draft for review.
 */
export async function ingestRead(tx: Tx, sha256: string, read: ReadResult, extraction: Extraction, options: IngestOptions): Promise<IngestOutcome> {
  const report = { ...extraction, file_sha256: sha256, file_kind: read.kind, pages: read.report };
  const answer = (view: PurchaseView | null, duplicateOf: string | null, reasons: string[], created = false): IngestOutcome => ({
    created,
    body: { purchase: view ? purchaseToJson(view) : null, duplicate_of: duplicateOf, needs_review: reasons.length > 0, review_reasons: reasons, extraction: report },
  });

  const claim = await claimFile(tx, sha256);
  if ('duplicate' in claim) return claim.duplicate;

  if (!read.pages.length) return answer(null, null, ['no page of the file could be read']);
  const supplier = await resolveSupplier(tx, extraction, options.contactId);
  if (!supplier) return answer(null, null, ['the supplier could not be identified: send contact_id']);

  const duplicate = await findDuplicate(tx, supplier.id, extraction);
  if (duplicate) {
    const view = await PurchaseService.get(tx, duplicate.purchaseId);
    if (duplicate.certain) await record(tx, claim.id, duplicate.purchaseId, 'duplicate', report);
    return answer(view, duplicate.purchaseId, duplicate.certain ? [] : ['a purchase of this supplier with the same date and total exists: possibly the same ticket']);
  }

  const plan = await planPurchase(tx, extraction, supplier.id);
  if (!plan.input) return answer(null, null, plan.reasons.length ? plan.reasons : ['not enough was read to prepare a purchase']);
  const fileKey = options.keepFile ? await options.keepFile(tx.tenantId) : null;
  let view = await PurchaseService.create(tx, plan.input, { source: 'ocr', fileSha256: sha256, fileKey });
  const reasons = [...plan.reasons];
  if (extraction.total.value && view.record.total.toString() !== extraction.total.value) {
    reasons.push(`the lines add up to ${view.record.total.toString()}, the document says ${extraction.total.value}`);
  }
  if (!options.book) reasons.push('booking was not asked for (book=false)');
  if (!reasons.length) {
    view = await PurchaseService.issue(tx, view.record.id);
    if (options.paidFrom) {
      view = await PurchaseService.registerPayment(tx, view.record.id, { date: view.record.issueDate, amount: view.record.total.toString(), account: await options.paidFrom(tx) });
    }
  }
  await record(tx, claim.id, view.record.id, reasons.length ? 'draft' : 'booked', report);
  return answer(view, null, reasons, true);
}

/** The treasury service as far as ingestion needs it (owned by the treasury plugin, when installed). */
export interface TreasuryAccounts { ledgerAccount(tx: Tx, treasuryId: string): Promise<string> }

export const treasuryMissing = () => new Unprocessable('treasury_id needs the treasury plugin, which is not installed on this server: omit it and record the payment later');
