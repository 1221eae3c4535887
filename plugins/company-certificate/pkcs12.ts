import forge from 'node-forge';
import { isValidSpanishTaxId, normaliseTaxId } from '../../lib/spanish-tax-id';

/**
 * Reading a company's certificate: a PKCS#12 file (.p12 / .pfx, as the FNMT and other Spanish
 * authorities issue them) opened with its password, and the facts of an X.509 certificate —
 * subject, issuer, validity and the holder's NIF. Where a Spanish qualified certificate puts
 * the NIF (ETSI EN 319 412-1 semantics identifiers, as the FNMT uses them):
 * - organizationIdentifier (OID 2.5.4.97) "VATES-B12345678": the legal person (company seal, or
 *   the certificate of a company's representative);
 * - serialNumber (OID 2.5.4.5) "IDCES-12345678Z" (or the bare NIF in older certificates): the
 *   natural person;
 * - older FNMT certificates also end the common name with "- NIF 12345678Z" / "- CIF B12345678".
 * The company's NIF is the organizationIdentifier's when there is one, else the person's.
 */

export class CertificateRefused extends Error {}

export interface CertificateFacts {
  subject: string;
  commonName: string | null;
  issuer: string;
  serialNumber: string;
  nif: string | null;
  validFrom: Date;
  validTo: Date;
}

export interface OpenedPkcs12 {
  facts: CertificateFacts;
  /** Private key, PKCS#8 DER. */
  pkcs8: Uint8Array;
  /** The signer's certificate first, then the rest of the chain, DER. */
  certificates: Uint8Array[];
}

const ORGANIZATION_IDENTIFIER = '2.5.4.97';
const SERIAL_NUMBER = '2.5.4.5';

const bytesToBinary = (bytes: Uint8Array) => Buffer.from(bytes).toString('binary');
const binaryToBytes = (binary: string) => new Uint8Array(Buffer.from(binary, 'binary'));

function distinguishedName(attributes: forge.pki.CertificateField[]): string {
  return attributes.map((a) => `${a.shortName ?? (a.type === ORGANIZATION_IDENTIFIER ? 'organizationIdentifier' : a.type)}=${String(a.value)}`).join(', ');
}

function nifOf(attributes: forge.pki.CertificateField[]): string | null {
  const value = (oid: string) => {
    const found = attributes.find((a) => a.type === oid);
    return found ? String(found.value) : null;
  };
  const candidates: string[] = [];
  const organization = value(ORGANIZATION_IDENTIFIER);
  if (organization) candidates.push(organization.replace(/^VAT[A-Z]{2}-/, '').replace(/^ES/, ''));
  const serial = value(SERIAL_NUMBER);
  if (serial) candidates.push(serial.replace(/^(IDC|PAS|TIN|VAT)[A-Z]{2}-/, ''));
  const commonName = value('2.5.4.3');
  const named = commonName ? /-\s*(?:NIF|CIF)\s*:?\s*([0-9A-Z]{9})\s*$/i.exec(commonName) : null;
  if (named) candidates.push(named[1]);
  for (const candidate of candidates) {
    const nif = normaliseTaxId(candidate);
    if (isValidSpanishTaxId(nif)) return nif;
  }
  return null;
}

function factsOf(certificate: forge.pki.Certificate): CertificateFacts {
  const commonName = certificate.subject.getField('CN');
  return {
    subject: distinguishedName(certificate.subject.attributes),
    commonName: commonName ? String(commonName.value) : null,
    issuer: distinguishedName(certificate.issuer.attributes),
    serialNumber: certificate.serialNumber,
    nif: nifOf(certificate.subject.attributes),
    validFrom: certificate.validity.notBefore,
    validTo: certificate.validity.notAfter,
  };
}

/** The facts of a DER certificate. Throws for what is not an RSA X.509 certificate. */
export function certificateFacts(der: Uint8Array): CertificateFacts {
  return factsOf(forge.pki.certificateFromAsn1(forge.asn1.fromDer(bytesToBinary(der))));
}

/**
 * Opens a PKCS#12 file with its password, or throws `CertificateRefused` saying why: not a
 * PKCS#12 file, a wrong password, no private key, or no certificate for that key.
 */
export function openPkcs12(file: Uint8Array, password: string): OpenedPkcs12 {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(bytesToBinary(file));
  } catch {
    throw new CertificateRefused('The file is not a PKCS#12 (.p12 / .pfx) certificate file');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = (error as Error).message ?? '';
    if (/MAC could not be verified|Invalid password|decrypt/i.test(message)) throw new CertificateRefused('Wrong password for the certificate file');
    throw new CertificateRefused('The file is not a PKCS#12 (.p12 / .pfx) certificate file');
  }
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keys = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag), ...bags(forge.pki.oids.keyBag)].map((bag) => bag.key as forge.pki.rsa.PrivateKey | undefined).filter((key): key is forge.pki.rsa.PrivateKey => !!key);
  if (keys.length === 0) throw new CertificateRefused('The file has no private key: export the certificate with its private key');
  const certificates = bags(forge.pki.oids.certBag).map((bag) => bag.cert).filter((cert): cert is forge.pki.Certificate => !!cert);
  const key = keys[0];
  const matches = (cert: forge.pki.Certificate) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return !!publicKey.n && publicKey.n.equals(key.n) && publicKey.e.equals(key.e);
  };
  const own = certificates.find(matches);
  if (!own) throw new CertificateRefused('The file has no certificate for its private key');
  const chain = certificates.filter((cert) => cert !== own);
  const der = (cert: forge.pki.Certificate) => binaryToBytes(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes());
  const pkcs8 = binaryToBytes(forge.asn1.toDer(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key))).getBytes());
  return { facts: factsOf(own), pkcs8, certificates: [der(own), ...chain.map(der)] };
}
