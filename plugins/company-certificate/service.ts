import { NotFound, Unprocessable } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import type { CertificateState } from '../einvoice/api';
import type { SecretBox } from '../../lib/secret-box';
import { normaliseTaxId } from '../../lib/spanish-tax-id';
import { TenantService } from '../tenants/api';
import type { OpenedPkcs12 } from './pkcs12';
import type { SigningKey } from './xades';

/** The company's certificate: stored sealed, shown without its secret, opened to sign. */

export const MAX_CERTIFICATE_BYTES = 64 * 1024;

interface CertificateRow {
  key_sealed: string; subject: string; nif: string | null; issuer: string; serial_number: string;
  valid_from: unknown; valid_to: unknown; created_at: unknown;
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export const certificateToJson = (row: CertificateRow) => ({
  subject: row.subject, nif: row.nif, issuer: row.issuer, serial_number: row.serial_number,
  valid_from: iso(row.valid_from), valid_to: iso(row.valid_to), uploaded_at: iso(row.created_at),
});

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Why a certificate cannot sign for this company now, or null. */
export function refusal(opened: OpenedPkcs12, companyNif: string | null, now = new Date()): string | null {
  const { facts } = opened;
  if (now < facts.validFrom) return `The certificate is not valid yet: its validity starts on ${day(facts.validFrom)}`;
  if (now > facts.validTo) return `The certificate expired on ${day(facts.validTo)}`;
  if (!facts.nif) return "The certificate names no NIF (neither organizationIdentifier nor serialNumber carries one), so it cannot be the company's";
  if (!companyNif) return "The company has no NIF to compare with the certificate's: set the company's tax id first";
  if (normaliseTaxId(companyNif) !== facts.nif) return `The certificate is for NIF ${facts.nif}, not the company's NIF ${normaliseTaxId(companyNif)}`;
  return null;
}

export const CompanyCertificates = {
  async upload(tx: Tx, box: SecretBox, file: Uint8Array, password: string) {
    // node-forge loads on the first upload, not at start-up
    const { CertificateRefused, openPkcs12 } = await import('./pkcs12');
    let opened: OpenedPkcs12;
    try {
      opened = openPkcs12(file, password);
    } catch (error) {
      if (error instanceof CertificateRefused) throw new Unprocessable(error.message);
      throw error;
    }
    const tenant = await TenantService.current(tx);
    const refused = refusal(opened, tenant.taxId);
    if (refused) throw new Unprocessable(refused);
    const secret = JSON.stringify({
      pkcs8: Buffer.from(opened.pkcs8).toString('base64'),
      certificates: opened.certificates.map((der) => Buffer.from(der).toString('base64')),
    });
    const f = opened.facts;
    const [row] = await tx.sql<CertificateRow>(`insert into company_certificates (tenant_id, key_sealed, subject, nif, issuer, serial_number, valid_from, valid_to)
      values (:tenant, :sealed, :subject, :nif, :issuer, :serial, :validFrom::timestamptz, :validTo::timestamptz)
      on conflict (tenant_id) do update set key_sealed = excluded.key_sealed, subject = excluded.subject, nif = excluded.nif, issuer = excluded.issuer,
        serial_number = excluded.serial_number, valid_from = excluded.valid_from, valid_to = excluded.valid_to, created_at = now()
      returning *`, {
      sealed: box.seal(secret, tx.tenantId), subject: f.subject, nif: f.nif, issuer: f.issuer, serial: f.serialNumber,
      validFrom: f.validFrom.toISOString(), validTo: f.validTo.toISOString(),
    });
    return certificateToJson(row!);
  },

  async find(tx: Tx): Promise<CertificateRow | null> {
    const [row] = await tx.sql<CertificateRow>(`select * from company_certificates where tenant_id = :tenant`);
    return row ?? null;
  },

  async get(tx: Tx) {
    const row = await CompanyCertificates.find(tx);
    if (!row) throw new NotFound('The company has no certificate');
    return certificateToJson(row);
  },

  async remove(tx: Tx): Promise<void> {
    const rows = await tx.sql(`delete from company_certificates where tenant_id = :tenant returning tenant_id`);
    if (rows.length === 0) throw new NotFound('The company has no certificate');
  },

  /** Whether the company has a certificate valid today, and its dates. */
  async state(tx: Tx, now = new Date()): Promise<CertificateState> {
    const row = await CompanyCertificates.find(tx);
    if (!row) return { state: 'missing', validFrom: null, validTo: null };
    const validFrom = iso(row.valid_from), validTo = iso(row.valid_to);
    const state = now < new Date(validFrom) ? 'not_yet_valid' : now > new Date(validTo) ? 'expired' : 'valid';
    return { state, validFrom, validTo };
  },

  /** The key to sign with, or null when the company has none or it is not valid today. */
  async signingKey(tx: Tx, box: SecretBox, now = new Date()): Promise<SigningKey | null> {
    const row = await CompanyCertificates.find(tx);
    if (!row) return null;
    if (now < new Date(iso(row.valid_from)) || now > new Date(iso(row.valid_to))) return null;
    const secret = JSON.parse(box.open(row.key_sealed, tx.tenantId)) as { pkcs8: string; certificates: string[] };
    return {
      pkcs8: new Uint8Array(Buffer.from(secret.pkcs8, 'base64')),
      certificates: secret.certificates.map((der) => new Uint8Array(Buffer.from(der, 'base64'))),
    };
  },

  /** GDPR export: the facts, never the key. */
  async exportSection(tx: Tx) {
    const row = await CompanyCertificates.find(tx);
    return row ? certificateToJson(row) : null;
  },

  async erase(tx: Tx): Promise<void> {
    await tx.sql(`delete from company_certificates where tenant_id = :tenant`);
  },
};
