import { t } from 'elysia';
import { IsoDate } from '../documents/api';
import { INVOICE_TYPES } from './hash';

const Uuid = t.String({ format: 'uuid' });
const Hash = t.String({ pattern: '^[0-9A-F]{64}$', description: 'SHA-256, 64 upper-case hex characters' });
const InvoiceType = t.Union(INVOICE_TYPES.map((type) => t.Literal(type)), { description: 'TipoFactura: F1 invoice, F2 simplified, R1–R5 rectifying (R5: of a simplified invoice)' });

/** What an invoice shows of its VERI*FACTU record (null for a draft). */
export const InvoiceVerifactu = t.Union([t.Object({
  hash: Hash,
  previous_hash: t.String({ description: 'The previous record\'s hash; empty for the first record of the chain' }),
  qr_url: t.String({ description: 'The AEAT validation URL the invoice\'s QR code encodes' }),
}), t.Null()], { description: 'The invoice\'s latest VERI*FACTU registration record: its hash, the previous record\'s hash and the QR URL; null for a draft' });

export const VerifactuRecordResponse = t.Object({
  id: Uuid,
  issuer_tax_id: t.String({ description: 'The chain: one per issuer tax number' }),
  position: t.Integer({ minimum: 1, description: 'Place in the issuer\'s chain, from 1' }),
  record_type: t.Union([t.Literal('registration'), t.Literal('cancellation')], { description: 'registration (registro de alta) or cancellation (registro de anulación)' }),
  correction: t.Boolean({ description: 'A correction (subsanación) of an earlier registration of the same invoice' }),
  invoice_id: Uuid,
  invoice_number: t.String(),
  issue_date: IsoDate,
  invoice_type: t.Union([InvoiceType, t.Null()]),
  hash_fields: t.Record(t.String(), t.String(), {
    description: 'The exact values that entered the hash, under the AEAT names (IDEmisorFactura, NumSerieFactura, FechaExpedicionFactura, TipoFactura, CuotaTotal, ImporteTotal, Huella, FechaHoraHusoGenRegistro; a cancellation: the …Anulada names)',
  }),
  hash: Hash,
  previous_hash: t.String(),
  qr_url: t.Union([t.String(), t.Null()], { description: 'For a registration record' }),
  reason: t.Union([t.String(), t.Null()], { description: 'Why a correction or cancellation was made' }),
  created_at: t.String(),
});

export const PaginatedResponse_VerifactuRecordResponse_ = t.Object({
  items: t.Array(VerifactuRecordResponse), total: t.Integer(), limit: t.Integer(), offset: t.Integer(),
});

export const VerifactuVerifyResponse = t.Object({
  intact: t.Boolean({ description: 'Every chain recomputes: each hash from its stored fields, each link to the record before it' }),
  records_checked: t.Integer(),
  chains: t.Array(t.Object({ issuer_tax_id: t.String(), length: t.Integer(), last_hash: t.String() })),
  first_broken: t.Union([t.Object({
    record_id: t.Union([Uuid, t.Null()]), issuer_tax_id: t.String(), position: t.Integer(), invoice_number: t.Union([t.String(), t.Null()]),
    problem: t.Union([t.Literal('position'), t.Literal('previous_hash'), t.Literal('hash'), t.Literal('head')]),
  }), t.Null()], { description: 'The first record whose link or hash does not recompute, in chain order' }),
});

export const VerifactuEventResponse = t.Object({
  id: t.String(), at: t.String(), action: t.Union([t.Literal('record_created'), t.Literal('exported'), t.Literal('verified')]),
  record_id: t.Union([Uuid, t.Null()]), detail: t.Record(t.String(), t.Unknown()),
});
export const PaginatedResponse_VerifactuEventResponse_ = t.Object({
  items: t.Array(VerifactuEventResponse), total: t.Integer(), limit: t.Integer(), offset: t.Integer(),
});

const Reason = t.String({ minLength: 1, maxLength: 500, description: 'Why (kept with the record)' });
export const VerifactuCancellationRequest = t.Object({ invoice_id: Uuid, reason: Reason }, { additionalProperties: false });
export const VerifactuCorrectionRequest = t.Object({
  invoice_id: Uuid,
  invoice_type: t.Optional(InvoiceType),
  reason: Reason,
}, { additionalProperties: false });

const Limit = t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 }));
const Offset = t.Optional(t.Integer({ minimum: 0, maximum: 10_000_000, default: 0 }));
export const RecordsQuery = t.Object({ limit: Limit, offset: Offset, from: t.Optional(IsoDate), to: t.Optional(IsoDate), invoice_id: t.Optional(Uuid) });
export const EventsQuery = t.Object({ limit: Limit, offset: Offset });
export const ExportQuery = t.Object({
  from: IsoDate, to: IsoDate,
  issuer_tax_id: t.Optional(t.String({ pattern: '^[0-9A-Z]{9}$', description: 'The chain to export, when the period has records of two issuer tax numbers' })),
  batch: t.Optional(t.Integer({ minimum: 1, maximum: 1_000_000, description: 'Only this message (1-based) of a period of more than 1,000 records, as XML; 422 past the last (X-Verifactu-Batches)' })),
});
export const QrQuery = t.Object({ format: t.Optional(t.Union([t.Literal('png'), t.Literal('svg')], { default: 'png' })) });

export const verifactuModels = {
  VerifactuRecordResponse, PaginatedResponse_VerifactuRecordResponse_, VerifactuVerifyResponse, PaginatedResponse_VerifactuEventResponse_,
  VerifactuCancellationRequest, VerifactuCorrectionRequest,
};
