import { Conflict, NotFound, ValidationFailed } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { assertUuid, rectificationTypeOf } from '../documents/api';
import { breakdownOf, type InvoiceRecord } from '../invoices/api';
import type { Party, TaxTypeInfo } from '../documents/api';
import {
  cancellationHash, recordAmount, recordDate, recordTaxId, registrationHash,
  type CancellationHashFields, type InvoiceType, type RegistrationHashFields,
} from './hash';
import { qrUrl, type QrEnvironment } from './qr';
import { namesRecipient, recipientId, type RecipientId } from './recipient';

/** One stored record, as the database has it. */
export interface RecordRow {
  id: string; issuer_tax_id: string; position: number; record_type: 'registration' | 'cancellation'; correction: boolean;
  invoice_id: string; invoice_number: string; issue_date: string; invoice_type: InvoiceType | null; rectification_mode: 'S' | 'I' | null;
  rectified_number: string | null; rectified_issue_date: string | null; tax_total: string | null; total: string | null;
  previous_hash: string; previous_record_id: string | null; generated_at: string; hash: string; reason: string | null; detail: any; created_at: string;
}

const RECORD_COLUMNS = `id, issuer_tax_id, position, record_type, correction, invoice_id, invoice_number, issue_date::text as issue_date, invoice_type,
  rectification_mode, rectified_number, rectified_issue_date::text as rectified_issue_date, tax_total, total, previous_hash, previous_record_id,
  generated_at, hash, reason, detail, created_at::text as created_at`;

const rowOf = (row: any): RecordRow => ({ ...row, position: Number(row.position), detail: typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail });

/** The exact values that entered a record's hash, under the AEAT's names. */
export function hashFieldsOf(row: RecordRow): RegistrationHashFields | CancellationHashFields {
  if (row.record_type === 'cancellation') {
    return {
      IDEmisorFacturaAnulada: row.issuer_tax_id, NumSerieFacturaAnulada: row.invoice_number, FechaExpedicionFacturaAnulada: recordDate(row.issue_date),
      Huella: row.previous_hash, FechaHoraHusoGenRegistro: row.generated_at,
    };
  }
  return {
    IDEmisorFactura: row.issuer_tax_id, NumSerieFactura: row.invoice_number, FechaExpedicionFactura: recordDate(row.issue_date), TipoFactura: row.invoice_type!,
    CuotaTotal: row.tax_total!, ImporteTotal: row.total!, Huella: row.previous_hash, FechaHoraHusoGenRegistro: row.generated_at,
  };
}

export const hashOf = (row: RecordRow) => row.record_type === 'cancellation'
  ? cancellationHash(hashFieldsOf(row) as CancellationHashFields)
  : registrationHash(hashFieldsOf(row) as RegistrationHashFields);

export const recordQrUrl = (environment: QrEnvironment, row: RecordRow) => qrUrl(environment, {
  nif: row.issuer_tax_id, numserie: row.invoice_number, fecha: recordDate(row.issue_date), importe: row.total ?? '0.00',
});

/** What a new record carries besides its place in the chain. */
interface NewRecord {
  issuerTaxId: string; recordType: 'registration' | 'cancellation'; correction: boolean; invoiceId: string; invoiceNumber: string; issueDate: string;
  invoiceType: InvoiceType | null; rectificationMode: 'S' | 'I' | null; rectifiedNumber: string | null; rectifiedIssueDate: string | null;
  taxTotal: string | null; total: string | null; reason: string | null; detail: Record<string, unknown>;
}

/** The call that appends a record (the `verifactu_append` function of ./migrations.ts), with parameters prefixed `vf_`. */
const APPEND_CALL = `verifactu_append(:tenant, :vf_id::uuid, :vf_nif, :vf_record_type, :vf_correction, :vf_invoice_id::uuid, NUMBER, :vf_issue_date::date,
  :vf_invoice_type, :vf_rectifies_id::uuid, :vf_mode, :vf_rectified_number, :vf_rectified_issue_date::date, :vf_tax_total, :vf_total, :vf_reason, :vf_detail::jsonb)`;

function appendParams(record: NewRecord & { id: string; rectifiesId: string | null }) {
  return {
    vf_id: record.id, vf_nif: record.issuerTaxId, vf_record_type: record.recordType, vf_correction: record.correction, vf_invoice_id: record.invoiceId,
    vf_number: record.invoiceNumber, vf_issue_date: record.issueDate, vf_invoice_type: record.invoiceType, vf_rectifies_id: record.rectifiesId,
    vf_mode: record.rectificationMode, vf_rectified_number: record.rectifiedNumber, vf_rectified_issue_date: record.rectifiedIssueDate,
    vf_tax_total: record.taxTotal, vf_total: record.total, vf_reason: record.reason, vf_detail: JSON.stringify(record.detail),
  };
}

/** What `verifactu_append` answers: enough for the invoice's `verifactu` field without a read. */
export interface AppendResult { id: string; hash: string; previous_hash: string; nif: string; number: string; date: string; total: string }

/** Appends a correction or cancellation record (registrations are appended by the issue statement itself). */
async function append(tx: Tx, record: NewRecord): Promise<RecordRow> {
  const id = crypto.randomUUID();
  await tx.sql(`select ${APPEND_CALL.replace('NUMBER', ':vf_number')} as appended`, { ...appendParams({ ...record, id, rectifiesId: null }) });
  const [row] = await tx.sql<any>(`select ${RECORD_COLUMNS} from verifactu_records where tenant_id = :tenant and id = :id::uuid`, { id });
  return rowOf(row);
}

/**
 * The registration record of an invoice being issued, as a part of the invoices plugin's issue
 * statement (its `document-issue-steps` step): the same statement that numbers the invoice appends its
 * record, so no invoice is issued without one and the chain head is locked only while that
 * statement runs. A company without a usable tax number cannot issue (422).
 */
export function registrationPart(issue: { record: InvoiceRecord; types: ReadonlyMap<string, TaxTypeInfo>; customer: Party; issuer: Party; simplified: boolean; rectifiesSimplified?: boolean }) {
  const { record, customer } = issue;
  const nif = recordTaxId(issue.issuer.tax_id);
  if (!nif) throw ValidationFailed.field(['issuer', 'tax_id'], "VERI*FACTU records need the company's 9-character Spanish tax number: set it with PATCH /api/v1/tenants/me", 'value_error.verifactu_tax_id');
  const invoiceType: InvoiceType = record.rectifiesId ? (issue.rectifiesSimplified ? 'R5' : rectificationTypeOf(record.rectificationGround)) : issue.simplified ? 'F2' : 'F1';
  const recipient = recipientOf(customer, invoiceType, record.contactId);
  const params = appendParams({
    id: crypto.randomUUID(), issuerTaxId: nif, recordType: 'registration', correction: false, invoiceId: record.id, invoiceNumber: '', issueDate: record.issueDate,
    // a rectification passes its ground's type: the append makes it R5 when the rectified record is F2 or R5
    invoiceType: record.rectifiesId ? rectificationTypeOf(record.rectificationGround) : invoiceType, rectifiesId: record.rectifiesId,
    rectificationMode: record.rectificationMode ? (record.rectificationMode === 'substitution' ? 'S' : 'I') : null, rectifiedNumber: null, rectifiedIssueDate: null,
    taxTotal: recordAmount(record.taxTotal.toString()), total: recordAmount(record.subtotal.add(record.taxTotal).toString()), reason: null,
    detail: detailOf(record, issue.types, customer, issue.issuer, recipient),
  });
  delete (params as Partial<typeof params>).vf_number;
  return { expression: APPEND_CALL.replace('NUMBER', 'numbered.number'), params };
}

/**
 * The recipient the record names, as it will be exported (./recipient.ts); null for a simplified
 * record (F2, R5), which names none. A record type that must name its recipient (F1, R1–R4) and a
 * business customer who cannot be identified (no tax number at all, or one the record cannot
 * carry) refuse the issue (422) with the reason: the AEAT rejects such a record (error 1189). A
 * private person without one is registered as F2 (`completeWithoutRecipient`) and never reaches
 * here; only the rectification of an invoice registered as F1 before that rule (R1–R4 by its
 * ground) still names no recipient (docs/domain/verifactu.md §6).
 */
function recipientOf(customer: Party, invoiceType: InvoiceType, contactId: string): StoredRecipient | null {
  if (!namesRecipient(invoiceType)) return null;
  const found = recipientId(customer.tax_id, customer.country);
  if ('problem' in found && customer.customer_type === 'individual' && !customer.tax_id?.trim()) return null;
  if ('problem' in found) {
    throw ValidationFailed.field(['customer', 'vat'],
      `${customer.legal_name ?? customer.name} (${customer.country}) ${found.problem}: an ${invoiceType} invoice's VERI*FACTU record must identify its recipient `
      + '(a Spanish NIF, an EU VAT number, or the tax number its country gives it, as IDOtro) and the AEAT rejects one without: '
      + `set it with PATCH /api/v1/contacts/${contactId}`, 'value_error.verifactu_recipient');
  }
  return { name: String(customer.legal_name ?? customer.name).slice(0, 120), tax_id: customer.tax_id!.trim(), country: customer.country, ...storedId(found.id) };
}

/** A recipient as the record's detail keeps it: the contact's number and country, and the identification exported. */
export interface StoredRecipient {
  name: string; tax_id: string; country: string;
  nif?: string; id_other?: { country: string; type: '02' | '04'; id: string };
}
const storedId = (id: RecipientId) => ('nif' in id ? { nif: id.nif } : { id_other: id.other });

/**
 * A complete invoice whose recipient is a private person without a tax number (art. 6.1.d RD
 * 1619/2012 does not ask for one): registered as F2 (R5 when rectifying), never a simplified invoice
 * of art. 4 (only a business customer's invoice is issued as one), and exported with
 * `FacturaSinIdentifDestinatarioArt61d` S, which the AEAT admits on F2 and R5 only (error 1185) and
 * which lifts the 3,000 € ceiling of an F2 (error 1150). docs/domain/verifactu.md §6.
 */
export const completeWithoutRecipient = (customer: Party) => customer.customer_type !== 'business' && !customer.tax_id?.trim();

/** The data the export needs, kept with the record as it was when the record was made. */
function detailOf(record: InvoiceRecord, types: ReadonlyMap<string, TaxTypeInfo>, customer: Party, issuer: Party, recipient: StoredRecipient | null) {
  return {
    issuer_name: issuer.legal_name ?? issuer.name ?? '',
    ...(completeWithoutRecipient(customer) ? { without_recipient_art61d: true } : {}),
    recipient: recipient ?? (customer.tax_id?.trim() ? { name: customer.legal_name ?? customer.name, tax_id: customer.tax_id, country: customer.country } : null),
    description: (record.rectificationReason ?? record.lines[0]?.description ?? 'Factura').slice(0, 500),
    operation_date: record.operationDate && record.operationDate !== record.issueDate ? record.operationDate : null,
    breakdown: breakdownOf(record.lines, types).filter((g) => g.kind !== 'withholding').map((g) => ({ kind: g.kind, regime: g.regime, rate: g.rate, base: g.base, amount: g.amount })),
  };
}

const latestRegistrationSql = `select ${RECORD_COLUMNS} from verifactu_records
  where tenant_id = :tenant and invoice_id = :invoiceId::uuid and record_type = 'registration' order by position desc limit 1`;

async function latestRegistration(tx: Tx, invoiceId: string): Promise<RecordRow | null> {
  const [row] = await tx.sql<any>(latestRegistrationSql, { invoiceId });
  return row ? rowOf(row) : null;
}

/** What the records plugin stores and answers; every function runs in the caller's unit of work. */
export const VerifactuService = {
  /**
   * A correction ("subsanación"): a new registration record of the same invoice with the data as
   * it should have been (for now: the invoice type, e.g. R2–R4 for a rectification whose legal
   * ground is not R1), chained like any other.
   */
  async correct(tx: Tx, invoiceId: string, input: { invoice_type?: InvoiceType; reason: string }): Promise<RecordRow> {
    assertUuid(invoiceId, 'Invoice');
    const previous = await latestRegistration(tx, invoiceId);
    if (!previous) throw new NotFound('This invoice has no VERI*FACTU record (a draft, or issued before the plugin was installed)');
    if (await cancelledAfter(tx, previous)) throw new Conflict(`The record of invoice ${previous.invoice_number} was cancelled: a cancelled record is not corrected`);
    const invoiceType = input.invoice_type ?? previous.invoice_type!;
    if (invoiceType.startsWith('R') !== previous.invoice_type!.startsWith('R')) {
      throw ValidationFailed.field(['body', 'invoice_type'], previous.invoice_type!.startsWith('R') ? 'A rectifying invoice keeps an R type' : 'An invoice that rectifies nothing keeps an F type', 'value_error.invoice_type');
    }
    // a simplified record (F2, R5) corrected to a type that names its recipient needs one the record can identify
    const stored = previous.detail?.recipient as StoredRecipient | null | undefined;
    if (namesRecipient(invoiceType) && !namesRecipient(previous.invoice_type!) && stored == null) {
      throw ValidationFailed.field(['body', 'invoice_type'], `An ${invoiceType} record must identify its recipient, and invoice ${previous.invoice_number} was issued without the customer's tax number: `
        + 'rectify the invoice instead', 'value_error.verifactu_recipient');
    }
    if (namesRecipient(invoiceType) && stored && !stored.nif && !stored.id_other) {
      const found = recipientId(stored.tax_id, stored.country);
      if ('problem' in found) throw ValidationFailed.field(['body', 'invoice_type'], `An ${invoiceType} record must identify its recipient: ${stored.name} ${found.problem}`, 'value_error.verifactu_recipient');
    }
    return append(tx, {
      issuerTaxId: previous.issuer_tax_id, recordType: 'registration', correction: true, invoiceId, invoiceNumber: previous.invoice_number, issueDate: previous.issue_date,
      invoiceType, rectificationMode: previous.rectification_mode, rectifiedNumber: previous.rectified_number, rectifiedIssueDate: previous.rectified_issue_date,
      taxTotal: previous.tax_total, total: previous.total, reason: input.reason.trim(), detail: previous.detail,
    });
  },

  /** A cancellation record ("registro de anulación") of an invoice's registration. */
  async cancel(tx: Tx, invoiceId: string, input: { reason: string }): Promise<RecordRow> {
    assertUuid(invoiceId, 'Invoice');
    const previous = await latestRegistration(tx, invoiceId);
    if (!previous) throw new NotFound('This invoice has no VERI*FACTU record (a draft, or issued before the plugin was installed)');
    if (await cancelledAfter(tx, previous)) throw new Conflict(`The record of invoice ${previous.invoice_number} is already cancelled`);
    return append(tx, {
      issuerTaxId: previous.issuer_tax_id, recordType: 'cancellation', correction: false, invoiceId, invoiceNumber: previous.invoice_number, issueDate: previous.issue_date,
      invoiceType: null, rectificationMode: null, rectifiedNumber: null, rectifiedIssueDate: null, taxTotal: null, total: null, reason: input.reason.trim(),
      detail: { issuer_name: previous.detail?.issuer_name ?? '' },
    });
  },

  /** Each invoice's latest registration record (what the invoice shows). */
  async latestByInvoice(tx: Tx, invoiceIds: readonly string[]): Promise<Map<string, RecordRow>> {
    if (!invoiceIds.length) return new Map();
    const rows = await tx.sql<any>(`
      select distinct on (invoice_id) ${RECORD_COLUMNS} from verifactu_records
      where tenant_id = :tenant and invoice_id = any(:ids::uuid[]) and record_type = 'registration'
      order by invoice_id, position desc`, { ids: `{${invoiceIds.join(',')}}` });
    return new Map(rows.map((r) => [r.invoice_id, rowOf(r)]));
  },

  async latestOf(tx: Tx, invoiceId: string): Promise<RecordRow | null> {
    assertUuid(invoiceId, 'Invoice');
    return latestRegistration(tx, invoiceId);
  },

  async list(tx: Tx, query: { from?: string; to?: string; invoiceId?: string; limit: number; offset: number }): Promise<{ items: RecordRow[]; total: number }> {
    const params = { from: query.from ?? null, to: query.to ?? null, invoiceId: query.invoiceId ?? null, limit: query.limit, offset: query.offset };
    const where = `tenant_id = :tenant and (:from::date is null or issue_date >= :from::date) and (:to::date is null or issue_date <= :to::date)
      and (:invoiceId::uuid is null or invoice_id = :invoiceId::uuid)`;
    const rows = await tx.sql<any>(`select ${RECORD_COLUMNS}, count(*) over () as full_count from verifactu_records where ${where}
      order by issuer_tax_id, position limit :limit offset :offset`, params);
    const total = rows.length ? Number(rows[0].full_count) : Number((await tx.sql<{ n: string }>(`select count(*) as n from verifactu_records where ${where}`, params))[0].n);
    return { items: rows.map(({ full_count: _, ...row }) => rowOf(row)), total };
  },

  /** Every record in chain order (for verification and export). */
  async chainRecords(tx: Tx, range: { from?: string; to?: string } = {}): Promise<RecordRow[]> {
    const rows = await tx.sql<any>(`select ${RECORD_COLUMNS} from verifactu_records
      where tenant_id = :tenant and (:from::date is null or issue_date >= :from::date) and (:to::date is null or issue_date <= :to::date)
      order by issuer_tax_id, position`, { from: range.from ?? null, to: range.to ?? null });
    return rows.map(rowOf);
  },

  /**
   * Recomputes every chain: each record's hash from its stored fields, its link to the record
   * before it and its position; and the chain's head. Logs the verification.
   */
  async verify(tx: Tx): Promise<VerifyResult> {
    const records = await VerifactuService.chainRecords(tx);
    const heads = await tx.sql<{ issuer_tax_id: string; length: number; last_hash: string }>(`select issuer_tax_id, length, last_hash from verifactu_chains where tenant_id = :tenant order by issuer_tax_id`);
    let brokenAt: BrokenLink | null = null;
    let previous: RecordRow | null = null;
    for (const row of records) {
      const sameChain = previous?.issuer_tax_id === row.issuer_tax_id;
      const expectedPosition = sameChain ? previous!.position + 1 : 1;
      const expectedPrevious = sameChain ? previous!.hash : '';
      const problem = row.position !== expectedPosition ? 'position' : row.previous_hash !== expectedPrevious ? 'previous_hash' : hashOf(row) !== row.hash ? 'hash' : null;
      if (problem) { brokenAt = brokenLink(row, problem); break; }
      previous = row;
    }
    if (!brokenAt) {
      for (const head of heads) {
        const last = records.filter((r) => r.issuer_tax_id === head.issuer_tax_id).at(-1);
        if ((last?.position ?? 0) !== Number(head.length) || (last?.hash ?? '') !== head.last_hash) {
          brokenAt = { record_id: last?.id ?? null, issuer_tax_id: head.issuer_tax_id, position: last?.position ?? 0, invoice_number: last?.invoice_number ?? null, problem: 'head' };
          break;
        }
      }
    }
    const result: VerifyResult = {
      intact: !brokenAt, records_checked: records.length,
      chains: heads.map((h) => ({ issuer_tax_id: h.issuer_tax_id, length: Number(h.length), last_hash: h.last_hash })), first_broken: brokenAt,
    };
    await logEvent(tx, 'verified', brokenAt?.record_id ?? null, { intact: result.intact, records_checked: result.records_checked, problem: brokenAt?.problem ?? null });
    return result;
  },

  logEvent: (tx: Tx, action: 'exported' | 'verified', detail: Record<string, unknown>) => logEvent(tx, action, null, detail),

  /**
   * The event log, newest first: the exports and verifications of `verifactu_events`, and a
   * `record_created` event per record read from the record itself (its `created_at`; its id is the
   * record's), which is immutable like the log. Records appended before
   * `20261231100200_verifactu_record_lighter` have their event row in `verifactu_events`: that row
   * is shown, not a second one.
   */
  async events(tx: Tx, query: { limit: number; offset: number }) {
    const rows = await tx.sql<any>(`select id, at::text as at, action, record_id, detail, count(*) over () as total from (
        select e.id::text as id, e.at, e.action, e.record_id, e.detail, 1 as source, e.id as n, '' as nif from verifactu_events e where e.tenant_id = :tenant
        union all
        select r.id::text, r.created_at, 'record_created', r.id, jsonb_build_object('record_type', r.record_type, 'invoice_number', r.invoice_number, 'hash', r.hash),
          0, r.position, r.issuer_tax_id
        from verifactu_records r where r.tenant_id = :tenant
          and not exists (select from verifactu_events o where o.tenant_id = :tenant and o.action = 'record_created' and o.record_id = r.id)
      ) log order by at desc, source desc, n desc, nif desc limit :limit offset :offset`, query);
    return {
      items: rows.map((r) => ({ id: r.id, at: r.at, action: r.action, record_id: r.record_id, detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail })),
      total: rows.length ? Number(rows[0].total) : 0,
    };
  },

  /** tenant.erasing: the records go with the company (the database allows it only in the erasure transaction). */
  async eraseTenant(tx: Tx): Promise<void> {
    await tx.sql(`select set_config('cuadra.erasing_tenant', :tenant::text, true)`);
    await tx.sql(`delete from verifactu_events where tenant_id = :tenant`);
    await tx.sql(`delete from verifactu_records where tenant_id = :tenant`);
    await tx.sql(`delete from verifactu_chains where tenant_id = :tenant`);
  },
};

async function cancelledAfter(tx: Tx, registration: RecordRow): Promise<boolean> {
  const [row] = await tx.sql<{ n: string }>(`select count(*) as n from verifactu_records where tenant_id = :tenant and invoice_id = :id::uuid
    and record_type = 'cancellation' and issuer_tax_id = :nif and position > :position`, { id: registration.invoice_id, nif: registration.issuer_tax_id, position: registration.position });
  return Number(row.n) > 0;
}

async function logEvent(tx: Tx, action: 'exported' | 'verified', recordId: string | null, detail: Record<string, unknown>): Promise<void> {
  await tx.sql(`insert into verifactu_events (tenant_id, action, record_id, detail) values (:tenant, :action, :recordId::uuid, :detail::jsonb)`, {
    action, recordId, detail: JSON.stringify(detail),
  });
}

export interface BrokenLink {
  record_id: string | null; issuer_tax_id: string; position: number; invoice_number: string | null;
  /** position: a gap or repeat; previous_hash: not the hash of the record before; hash: the stored fields no longer give the stored hash; head: the chain's head disagrees with its last record. */
  problem: 'position' | 'previous_hash' | 'hash' | 'head';
}
export interface VerifyResult {
  intact: boolean; records_checked: number; chains: { issuer_tax_id: string; length: number; last_hash: string }[]; first_broken: BrokenLink | null;
}

const brokenLink = (row: RecordRow, problem: BrokenLink['problem']): BrokenLink => ({
  record_id: row.id, issuer_tax_id: row.issuer_tax_id, position: row.position, invoice_number: row.invoice_number, problem,
});


