import { createHash } from 'node:crypto';

/**
 * The "huella" of a VERI*FACTU record (docs/domain/verifactu.md §2): SHA-256 over the UTF-8
 * text of the named fields, `Name=value` joined by `&` in a fixed order, as 64 upper-case hex
 * characters. Values enter exactly as they are stored and exported (never URL-escaped): dates
 * DD-MM-YYYY, amounts with two decimals, the generation time in ISO 8601 with the Europe/Madrid
 * offset, to the second. Records are appended by the database function `verifactu_append`, which
 * hashes in SQL; this is the independent implementation verification recomputes with.
 */

/** What enters a registration record's hash, under the AEAT's names. */
export interface RegistrationHashFields {
  IDEmisorFactura: string;
  NumSerieFactura: string;
  FechaExpedicionFactura: string;
  TipoFactura: InvoiceType;
  CuotaTotal: string;
  ImporteTotal: string;
  /** The previous record's hash; empty for the first record of a chain. */
  Huella: string;
  FechaHoraHusoGenRegistro: string;
}

/** What enters a cancellation record's hash. */
export interface CancellationHashFields {
  IDEmisorFacturaAnulada: string;
  NumSerieFacturaAnulada: string;
  FechaExpedicionFacturaAnulada: string;
  Huella: string;
  FechaHoraHusoGenRegistro: string;
}

export const INVOICE_TYPES = ['F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

const REGISTRATION_ORDER = ['IDEmisorFactura', 'NumSerieFactura', 'FechaExpedicionFactura', 'TipoFactura', 'CuotaTotal', 'ImporteTotal', 'Huella', 'FechaHoraHusoGenRegistro'] as const;
const CANCELLATION_ORDER = ['IDEmisorFacturaAnulada', 'NumSerieFacturaAnulada', 'FechaExpedicionFacturaAnulada', 'Huella', 'FechaHoraHusoGenRegistro'] as const;

export const registrationHashInput = (f: RegistrationHashFields) => REGISTRATION_ORDER.map((name) => `${name}=${f[name]}`).join('&');
export const cancellationHashInput = (f: CancellationHashFields) => CANCELLATION_ORDER.map((name) => `${name}=${f[name]}`).join('&');

export const sha256Upper = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();

export const registrationHash = (f: RegistrationHashFields) => sha256Upper(registrationHashInput(f));
export const cancellationHash = (f: CancellationHashFields) => sha256Upper(cancellationHashInput(f));

/** "2026-03-15" → "15-03-2026". */
export function recordDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new Error(`Not an ISO date: ${isoDate}`);
  return `${isoDate.slice(8, 10)}-${isoDate.slice(5, 7)}-${isoDate.slice(0, 4)}`;
}

/** A decimal string → exactly two decimals ("12.1" → "12.10", "-3" → "-3.00"); refuses more than two. */
export function recordAmount(decimal: string): string {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Not an amount with at most two decimals: ${decimal}`);
  const whole = match[2].replace(/^0+(?=\d)/, '');
  const sign = match[1] && /[1-9]/.test(whole + (match[3] ?? '')) ? '-' : '';
  return `${sign}${whole}.${(match[3] ?? '').padEnd(2, '0')}`;
}

const madridParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** An instant → "2026-03-15T10:20:30+01:00": Madrid's wall-clock time with its offset, to the second. */
export function madridTimestamp(instant: Date): string {
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  const parts = Object.fromEntries(madridParts.formatToParts(new Date(seconds)).map((p) => [p.type, p.value]));
  const wall = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const offsetMinutes = Math.round((Date.parse(`${wall}Z`) - seconds) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The issuer's tax number as the record carries it: 9 characters, upper case, without an "ES" VAT prefix. */
export function recordTaxId(taxId: string | null | undefined): string | null {
  if (!taxId) return null;
  const clean = taxId.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const national = clean.length === 11 && clean.startsWith('ES') ? clean.slice(2) : clean;
  return national.length === 9 ? national : null;
}
