import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/**
 * Certificates made at test time (never key files in the repository): a self-signed authority
 * and certificates it issues, shaped like the FNMT's (organizationIdentifier VATES-<NIF> for a
 * company's representative, serialNumber IDCES-<NIF> for a person), packed as PKCS#12.
 */

const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
};

export interface TestAuthority { key: forge.pki.rsa.PrivateKey; cert: forge.pki.Certificate; pem: string }

let serial = 1;
// a positive DER integer with no leading zero byte (OpenSSL refuses non-minimal encodings)
const nextSerial = () => `1${(serial++).toString(16).padStart(7, '0')}`;

export function makeAuthority(): TestAuthority {
  const keys = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = nextSerial();
  cert.validity.notBefore = new Date(Date.now() - 86_400_000 * 30);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000 * 3650);
  const name = [{ name: 'countryName', value: 'ES' }, { name: 'organizationName', value: 'Cuadra Test CA' }, { name: 'commonName', value: 'Cuadra Test Root' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([{ name: 'basicConstraints', cA: true }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { key: keys.privateKey, cert, pem: forge.pki.certificateToPem(cert) };
}

export interface CompanyCertificateOptions {
  companyNif?: string | null;
  personNif?: string;
  commonName?: string;
  notBefore?: Date;
  notAfter?: Date;
}

/** A company representative's certificate issued by `authority`, with its key. */
export function makeCertificate(authority: TestAuthority, options: CompanyCertificateOptions = {}) {
  const keys = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = nextSerial();
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 86_400_000 * 730);
  const subject: forge.pki.CertificateField[] = [
    { name: 'countryName', value: 'ES' },
    { type: '2.5.4.5', value: `IDCES-${options.personNif ?? '12345678Z'}` },
    { name: 'commonName', value: options.commonName ?? '12345678Z JUAN ESPAÑOL (R: B12345674)' },
  ];
  if (options.companyNif !== null) subject.push({ type: '2.5.4.97', value: `VATES-${options.companyNif ?? 'B12345674'}`, valueTagClass: forge.asn1.Type.UTF8 as any });
  cert.setSubject(subject);
  cert.setIssuer(authority.cert.subject.attributes);
  cert.sign(authority.key, forge.md.sha256.create());
  return { key: keys.privateKey, cert, pem: forge.pki.certificateToPem(cert) };
}

/** A PKCS#12 file (3DES, as most exports are) of `cert` with `key` (or without a key) under `password`. */
export function makePkcs12(cert: forge.pki.Certificate, key: forge.pki.rsa.PrivateKey | null, password: string, chain: forge.pki.Certificate[] = []): Uint8Array {
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert, ...chain], password, { algorithm: '3des' });
  return new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
}
