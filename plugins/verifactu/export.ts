import { NotFound, ValidationFailed } from '../../kernel/errors';
import { money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { recordDate } from './hash';
import { VerifactuService, type RecordRow } from './service';

/**
 * The records as the AEAT's `RegFactuSistemaFacturacion` message (SuministroLR.xsd, with the
 * record types of SuministroInformacion.xsd), for the company or its accountant to submit with
 * their own certificate: Cuadra never sends it. One issuer per file (the Cabecera names it).
 * Every value that entered a hash is written exactly as it was hashed.
 */
export const NS_LR = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd';
export const NS_INFO = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';

/** The invoicing system that produced the records (SistemaInformatico). */
export const SOFTWARE = { name: 'Cuadra', id: 'CU', version: '0.1.0' };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const el = (name: string, value: string) => `<sum1:${name}>${escape(value)}</sum1:${name}>`;
const group = (name: string, ...children: string[]) => `<sum1:${name}>${children.join('')}</sum1:${name}>`;

/** Per tax group of the invoice: the AEAT's regime key and operation qualification. */
function breakdownXml(detail: any): string {
  const groups: any[] = detail?.breakdown ?? [];
  const vat = groups.filter((g) => g.kind === 'vat');
  const surcharges = groups.filter((g) => g.kind === 'surcharge');
  const lines = (vat.length ? vat : [{ regime: 'not_subject', rate: '0.00', base: '0.00', amount: '0.00' }]).map((g) => {
    const key = g.regime === 'export' ? '02' : g.regime === 'oss' ? '17' : '01';
    const surcharge = surcharges.find((s) => s.base === g.base);
    const taxed = (qualification: string) => [
      el('CalificacionOperacion', qualification), el('TipoImpositivo', g.rate), el('BaseImponibleOimporteNoSujeto', g.base), el('CuotaRepercutida', g.amount),
      ...(surcharge ? [el('TipoRecargoEquivalencia', surcharge.rate), el('CuotaRecargoEquivalencia', surcharge.amount)] : []),
    ];
    const body = g.regime === 'exempt' ? [el('OperacionExenta', 'E1'), el('BaseImponibleOimporteNoSujeto', g.base)]
      : g.regime === 'export' ? [el('OperacionExenta', 'E2'), el('BaseImponibleOimporteNoSujeto', g.base)]
      : g.regime === 'intra_eu' ? [el('OperacionExenta', 'E5'), el('BaseImponibleOimporteNoSujeto', g.base)]
      : g.regime === 'oss' ? [el('CalificacionOperacion', 'N2'), el('BaseImponibleOimporteNoSujeto', g.base)]
      : g.regime === 'not_subject' ? [el('CalificacionOperacion', 'N1'), el('BaseImponibleOimporteNoSujeto', g.base)]
      : taxed(g.regime === 'reverse_charge' ? 'S2' : 'S1');
    return group('DetalleDesglose', el('Impuesto', '01'), el('ClaveRegimen', key), ...body);
  });
  return group('Desglose', ...lines);
}

function chaining(row: RecordRow, previous: RecordRow | undefined): string {
  if (!row.previous_hash || !previous) return group('Encadenamiento', el('PrimerRegistro', 'S'));
  return group('Encadenamiento', group('RegistroAnterior',
    el('IDEmisorFactura', previous.issuer_tax_id), el('NumSerieFactura', previous.invoice_number), el('FechaExpedicionFactura', recordDate(previous.issue_date)),
    el('Huella', previous.hash)));
}

function system(issuerName: string, issuerTaxId: string): string {
  return group('SistemaInformatico', el('NombreRazon', String(issuerName || issuerTaxId).slice(0, 120)), el('NIF', issuerTaxId), el('NombreSistemaInformatico', SOFTWARE.name),
    el('IdSistemaInformatico', SOFTWARE.id), el('Version', SOFTWARE.version), el('NumeroInstalacion', issuerTaxId),
    el('TipoUsoPosibleSoloVerifactu', 'S'), el('TipoUsoPosibleMultiOT', 'S'), el('IndicadorMultiplesOT', 'N'));
}

/** Substitution: the rectified invoice's base and quota, from its newest registration record. */
function substitutedAmounts(row: RecordRow, all: readonly RecordRow[]): { base: string; quota: string } {
  const rectified = all.filter((r) => r.record_type === 'registration' && r.issuer_tax_id === row.issuer_tax_id && r.invoice_number === row.rectified_number && r.position < row.position).at(-1);
  if (!rectified) return { base: '0.00', quota: '0.00' };
  return { base: money(rectified.total!).sub(money(rectified.tax_total!)).toString(), quota: rectified.tax_total! };
}

function registration(row: RecordRow, previous: RecordRow | undefined, all: readonly RecordRow[]): string {
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
    ...(detail.recipient && row.invoice_type !== 'F2' && row.invoice_type !== 'R5' ? [group('Destinatarios', group('IDDestinatario',
      el('NombreRazon', String(detail.recipient.name).slice(0, 120)),
      detail.recipient.country === 'ES' ? el('NIF', String(detail.recipient.tax_id).replace(/^ES/, ''))
        : group('IDOtro', el('CodigoPais', detail.recipient.country), el('IDType', '02'), el('ID', String(detail.recipient.tax_id).slice(0, 20)))))] : []),
    breakdownXml(detail),
    el('CuotaTotal', row.tax_total!), el('ImporteTotal', row.total!),
    chaining(row, previous),
    system(detail.issuer_name, row.issuer_tax_id),
    el('FechaHoraHusoGenRegistro', row.generated_at),
    el('TipoHuella', '01'), el('Huella', row.hash));
}

function cancellation(row: RecordRow, previous: RecordRow | undefined): string {
  return group('RegistroAnulacion',
    el('IDVersion', '1.0'),
    group('IDFactura', el('IDEmisorFacturaAnulada', row.issuer_tax_id), el('NumSerieFacturaAnulada', row.invoice_number), el('FechaExpedicionFacturaAnulada', recordDate(row.issue_date))),
    chaining(row, previous),
    system(row.detail?.issuer_name, row.issuer_tax_id),
    el('FechaHoraHusoGenRegistro', row.generated_at),
    el('TipoHuella', '01'), el('Huella', row.hash));
}

export async function exportXml(tx: Tx, range: { from: string; to: string; issuerTaxId?: string }): Promise<string> {
  if (range.to < range.from) throw ValidationFailed.field(['query', 'to'], 'to cannot be before from', 'value_error.date_range');
  const all = await VerifactuService.chainRecords(tx);
  const byId = new Map(all.map((r) => [r.id, r]));
  const chosen = all.filter((r) => r.issue_date >= range.from && r.issue_date <= range.to && (!range.issuerTaxId || r.issuer_tax_id === range.issuerTaxId));
  const issuers = [...new Set(chosen.map((r) => r.issuer_tax_id))];
  if (issuers.length > 1) throw ValidationFailed.field(['query', 'issuer_tax_id'], `These records belong to ${issuers.length} issuer tax numbers (${issuers.join(', ')}): export one at a time with issuer_tax_id`, 'value_error.issuer');
  if (!chosen.length) throw new NotFound('No VERI*FACTU records of invoices issued in that period');
  const issuerTaxId = issuers[0];
  const issuerName = chosen.find((r) => r.detail?.issuer_name)?.detail.issuer_name ?? issuerTaxId;
  const records = chosen.map((row) => {
    const previous = row.previous_record_id ? byId.get(row.previous_record_id) : undefined;
    return `<sum:RegistroFactura>${row.record_type === 'cancellation' ? cancellation(row, previous) : registration(row, previous, all)}</sum:RegistroFactura>`;
  });
  await VerifactuService.logEvent(tx, 'exported', { from: range.from, to: range.to, issuer_tax_id: issuerTaxId, records: chosen.length });
  return `<?xml version="1.0" encoding="UTF-8"?>\n`
    + `<sum:RegFactuSistemaFacturacion xmlns:sum="${NS_LR}" xmlns:sum1="${NS_INFO}">`
    + `<sum:Cabecera>${group('ObligadoEmision', el('NombreRazon', String(issuerName).slice(0, 120)), el('NIF', issuerTaxId))}</sum:Cabecera>`
    + records.join('')
    + `</sum:RegFactuSistemaFacturacion>\n`;
}
