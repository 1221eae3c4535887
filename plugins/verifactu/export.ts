import { DomainError, NotFound, ValidationFailed } from '../../kernel/errors';
import { money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import type { SoftwareProducer } from '../../lib/software-producer';
import { chargesSpanishVat, issuedQualification, issuedRegimeKey, type TaxRegime } from '../taxes/api';
import { recordDate } from './hash';
import { namesRecipient, recipientId, type RecipientId } from './recipient';
import { VerifactuService, type RecordRow, type StoredRecipient } from './service';

/**
 * The records as the AEAT's `RegFactuSistemaFacturacion` message (SuministroLR.xsd, with the
 * record types of SuministroInformacion.xsd), for the company or its accountant to submit with
 * their own certificate: Cuadra never sends it. One issuer per file (the Cabecera names it).
 * Every value that entered a hash is written exactly as it was hashed.
 *
 * A message holds at most 1,000 `RegistroFactura`: a period with more records is split, in chain
 * order, into batches of 1,000 (the last one shorter), each a complete message of its own,
 * submitted one after the other (`exportBatches`).
 */
export const NS_LR = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd';
export const NS_INFO = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';

/** The most `RegistroFactura` one `RegFactuSistemaFacturacion` takes (SuministroLR.xsd). */
export const RECORDS_PER_MESSAGE = 1000;

/** The VERI*FACTU export needs the producer of the software, and this production deployment has none configured. */
export class ProducerNotConfigured extends DomainError { override readonly status = 503; }

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const el = (name: string, value: string) => `<sum1:${name}>${escape(value)}</sum1:${name}>`;
const group = (name: string, ...children: string[]) => `<sum1:${name}>${children.join('')}</sum1:${name}>`;

/** Per tax group of the invoice: the AEAT's regime key and operation qualification or exemption, by the taxes plugin's one mapping (also the VAT books'). */
function breakdownXml(detail: any): string {
  const groups: any[] = detail?.breakdown ?? [];
  const vat = groups.filter((g) => g.kind === 'vat');
  const surcharges = groups.filter((g) => g.kind === 'surcharge');
  const lines = (vat.length ? vat : [{ regime: 'not_subject', rate: '0.00', base: '0.00', amount: '0.00' }]).map((g) => {
    const surcharge = surcharges.find((s) => s.base === g.base);
    const { qualification, exemption } = issuedQualification(g.regime as TaxRegime);
    const body = exemption ? [el('OperacionExenta', exemption), el('BaseImponibleOimporteNoSujeto', g.base)]
      : !chargesSpanishVat({ qualification, exemption }) ? [el('CalificacionOperacion', qualification!), el('BaseImponibleOimporteNoSujeto', g.base)]
      : [
        el('CalificacionOperacion', qualification!), el('TipoImpositivo', g.rate), el('BaseImponibleOimporteNoSujeto', g.base), el('CuotaRepercutida', g.amount),
        ...(surcharge ? [el('TipoRecargoEquivalencia', surcharge.rate), el('CuotaRecargoEquivalencia', surcharge.amount)] : []),
      ];
    return group('DetalleDesglose', el('Impuesto', '01'), el('ClaveRegimen', issuedRegimeKey(g.regime as TaxRegime)), ...body);
  });
  return group('Desglose', ...lines);
}

function chaining(row: RecordRow, previous: RecordRow | undefined): string {
  if (!row.previous_hash || !previous) return group('Encadenamiento', el('PrimerRegistro', 'S'));
  return group('Encadenamiento', group('RegistroAnterior',
    el('IDEmisorFactura', previous.issuer_tax_id), el('NumSerieFactura', previous.invoice_number), el('FechaExpedicionFactura', recordDate(previous.issue_date)),
    el('Huella', previous.hash)));
}

/** The system that produced the records: the deployment's configured producer (lib/software-producer.ts), never the issuer. */
function system(producer: SoftwareProducer): string {
  const id = producer.foreign
    ? group('IDOtro', el('CodigoPais', producer.foreign.country), el('IDType', '02'), el('ID', producer.taxId))
    : el('NIF', producer.taxId);
  return group('SistemaInformatico', el('NombreRazon', producer.name.slice(0, 120)), id, el('NombreSistemaInformatico', producer.systemName),
    el('IdSistemaInformatico', producer.systemId), el('Version', producer.version), el('NumeroInstalacion', producer.installationNumber),
    el('TipoUsoPosibleSoloVerifactu', 'S'), el('TipoUsoPosibleMultiOT', 'S'), el('IndicadorMultiplesOT', 'N'));
}

/**
 * The recipient of a record that names one (F1, F3, R1–R4): as identified when the record was made
 * (`nif` or `id_other` of the detail), or, for records made before the identification was kept,
 * from the tax number and country kept with them. A record without an identifiable recipient
 * (only ones made before issuing refused them) is written without `Destinatarios`.
 */
function recipientXml(row: RecordRow): string[] {
  const stored = row.detail?.recipient as StoredRecipient | null | undefined;
  if (!stored || !namesRecipient(row.invoice_type!)) return [];
  let id: RecipientId | null = stored.nif ? { nif: stored.nif } : stored.id_other ? { other: stored.id_other } : null;
  if (!id) {
    const found = recipientId(stored.tax_id, stored.country);
    id = 'id' in found ? found.id : null;
  }
  if (!id) return [];
  return [group('Destinatarios', group('IDDestinatario', el('NombreRazon', String(stored.name).slice(0, 120)),
    'nif' in id ? el('NIF', id.nif) : group('IDOtro', el('CodigoPais', id.other.country), el('IDType', id.other.type), el('ID', id.other.id))))];
}

/** Substitution: the rectified invoice's base and quota, from its newest registration record. */
function substitutedAmounts(row: RecordRow, all: readonly RecordRow[]): { base: string; quota: string } {
  const rectified = all.filter((r) => r.record_type === 'registration' && r.issuer_tax_id === row.issuer_tax_id && r.invoice_number === row.rectified_number && r.position < row.position).at(-1);
  if (!rectified) return { base: '0.00', quota: '0.00' };
  return { base: money(rectified.total!).sub(money(rectified.tax_total!)).toString(), quota: rectified.tax_total! };
}

function registration(row: RecordRow, previous: RecordRow | undefined, all: readonly RecordRow[], producer: SoftwareProducer): string {
  const detail = row.detail ?? {};
  const rectifying = row.invoice_type!.startsWith('R');
  return group('RegistroAlta',
    el('IDVersion', '1.0'),
    group('IDFactura', el('IDEmisorFactura', row.issuer_tax_id), el('NumSerieFactura', row.invoice_number), el('FechaExpedicionFactura', recordDate(row.issue_date))),
    el('NombreRazonEmisor', String(detail.issuer_name || row.issuer_tax_id).slice(0, 120)),
    ...(row.correction ? [el('Subsanacion', 'S')] : []),
    el('TipoFactura', row.invoice_type!),
    ...(rectifying ? [el('TipoRectificativa', row.rectification_mode ?? 'I')] : []),
    ...(rectifying && row.rectified_number ? [group('FacturasRectificadas', group('IDFacturaRectificada',
      el('IDEmisorFactura', row.issuer_tax_id), el('NumSerieFactura', row.rectified_number), el('FechaExpedicionFactura', recordDate(row.rectified_issue_date!))))] : []),
    ...(rectifying && row.rectification_mode === 'S'
      ? [(({ base, quota }) => group('ImporteRectificacion', el('BaseRectificada', base), el('CuotaRectificada', quota)))(substitutedAmounts(row, all))] : []),
    ...(detail.operation_date ? [el('FechaOperacion', recordDate(detail.operation_date))] : []),
    el('DescripcionOperacion', String(detail.description || 'Factura').slice(0, 500)),
    // a complete invoice without its recipient's identification (art. 6.1.d): F2 or R5 only (AEAT error 1185)
    ...(detail.without_recipient_art61d && !namesRecipient(row.invoice_type!) ? [el('FacturaSinIdentifDestinatarioArt61d', 'S')] : []),
    ...recipientXml(row),
    breakdownXml(detail),
    el('CuotaTotal', row.tax_total!), el('ImporteTotal', row.total!),
    chaining(row, previous),
    system(producer),
    el('FechaHoraHusoGenRegistro', row.generated_at),
    el('TipoHuella', '01'), el('Huella', row.hash));
}

function cancellation(row: RecordRow, previous: RecordRow | undefined, producer: SoftwareProducer): string {
  return group('RegistroAnulacion',
    el('IDVersion', '1.0'),
    group('IDFactura', el('IDEmisorFacturaAnulada', row.issuer_tax_id), el('NumSerieFacturaAnulada', row.invoice_number), el('FechaExpedicionFacturaAnulada', recordDate(row.issue_date))),
    chaining(row, previous),
    system(producer),
    el('FechaHoraHusoGenRegistro', row.generated_at),
    el('TipoHuella', '01'), el('Huella', row.hash));
}

export interface ExportBatches {
  /** How many records the period has, and in how many messages of at most 1,000 they go. */
  records: number;
  batches: number;
  issuerTaxId: string;
  /** The messages asked for: every batch, or the one of `batch`; `number` counts from 1. */
  files: { number: number; xml: string }[];
}

/**
 * The period's records as `RegFactuSistemaFacturacion` messages of at most 1,000 records each, in
 * chain order: all of them, or only batch `batch` (1-based; 422 past the last). Logged once.
 */
export async function exportBatches(tx: Tx, range: { from: string; to: string; issuerTaxId?: string; batch?: number }, producer: SoftwareProducer): Promise<ExportBatches> {
  if (range.to < range.from) throw ValidationFailed.field(['query', 'to'], 'to cannot be before from', 'value_error.date_range');
  const all = await VerifactuService.chainRecords(tx);
  const byId = new Map(all.map((r) => [r.id, r]));
  const chosen = all.filter((r) => r.issue_date >= range.from && r.issue_date <= range.to && (!range.issuerTaxId || r.issuer_tax_id === range.issuerTaxId));
  const issuers = [...new Set(chosen.map((r) => r.issuer_tax_id))];
  if (issuers.length > 1) throw ValidationFailed.field(['query', 'issuer_tax_id'], `These records belong to ${issuers.length} issuer tax numbers (${issuers.join(', ')}): export one at a time with issuer_tax_id`, 'value_error.issuer');
  if (!chosen.length) throw new NotFound('No VERI*FACTU records of invoices issued in that period');
  const batches = Math.ceil(chosen.length / RECORDS_PER_MESSAGE);
  if (range.batch !== undefined && range.batch > batches) {
    throw ValidationFailed.field(['query', 'batch'], `The period has ${chosen.length} records in ${batches} batch${batches === 1 ? '' : 'es'} of at most ${RECORDS_PER_MESSAGE}: batch ${range.batch} does not exist`, 'value_error.number.not_le');
  }
  const issuerTaxId = issuers[0];
  const issuerName = chosen.find((r) => r.detail?.issuer_name)?.detail.issuer_name ?? issuerTaxId;
  const header = `<sum:Cabecera>${group('ObligadoEmision', el('NombreRazon', String(issuerName).slice(0, 120)), el('NIF', issuerTaxId))}</sum:Cabecera>`;
  const message = (rows: readonly RecordRow[]) => `<?xml version="1.0" encoding="UTF-8"?>\n`
    + `<sum:RegFactuSistemaFacturacion xmlns:sum="${NS_LR}" xmlns:sum1="${NS_INFO}">`
    + header
    + rows.map((row) => {
      const previous = row.previous_record_id ? byId.get(row.previous_record_id) : undefined;
      return `<sum:RegistroFactura>${row.record_type === 'cancellation' ? cancellation(row, previous, producer) : registration(row, previous, all, producer)}</sum:RegistroFactura>`;
    }).join('')
    + `</sum:RegFactuSistemaFacturacion>\n`;
  const numbers = range.batch !== undefined ? [range.batch] : Array.from({ length: batches }, (_, i) => i + 1);
  const files = numbers.map((number) => ({ number, xml: message(chosen.slice((number - 1) * RECORDS_PER_MESSAGE, number * RECORDS_PER_MESSAGE)) }));
  await VerifactuService.logEvent(tx, 'exported', {
    from: range.from, to: range.to, issuer_tax_id: issuerTaxId, records: chosen.length, batches, ...(range.batch !== undefined ? { batch: range.batch } : {}),
  });
  return { records: chosen.length, batches, issuerTaxId, files };
}
