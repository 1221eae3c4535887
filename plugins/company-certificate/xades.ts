import type { SignatureCheck } from '../einvoice/api';

/**
 * XAdES-EPES enveloped signatures of Facturae files, made and checked with xadesjs (on the
 * runtime's WebCrypto), never with hand-written canonicalisation. The signature carries what
 * the "Política de firma de Facturae v3.1" asks: the policy's identifier and the SHA-1 digest of
 * its document, SigningTime, SigningCertificate (the certificate's digest and issuer/serial), the
 * signer's claimed role (emisor), a DataObjectFormat describing the signed document, RSA-SHA256
 * over a SHA-256 reference to the whole document with the enveloped-signature transform, and the
 * certificate in KeyInfo.
 */

export const FACTURAE_POLICY = {
  identifier: 'http://www.facturae.es/politica_de_firma_formato_facturae/politica_de_firma_formato_facturae_v3_1.pdf',
  description: 'Política de Firma FacturaE v3.1',
  /** SHA-1 of the policy document, as the policy publishes it. */
  digest: 'Ohixl6upD6av8N7pEvDABhEL6hM=',
};

type Xades = typeof import('xadesjs');
type SignedDocument = Parameters<InstanceType<Xades['SignedXml']>['Sign']>[2] & { documentElement: { appendChild(node: unknown): unknown } };
let loaded: Promise<{ xades: Xades; dom: typeof import('@xmldom/xmldom') }> | null = null;

/** xadesjs and its DOM, loaded on first use and wired to the runtime's WebCrypto. */
function libraries() {
  loaded ??= (async () => {
    const [xades, dom] = await Promise.all([import('xadesjs'), import('@xmldom/xmldom')]);
    // xml-core (installed once per dependant) parses and serialises with the global DOMParser and
    // XMLSerializer when there are any; the runtime has none, so xmldom's stand in.
    const scope = globalThis as Record<string, unknown>;
    scope.DOMParser ??= dom.DOMParser;
    scope.XMLSerializer ??= dom.XMLSerializer;
    xades.Application.setEngine('NodeJS', globalThis.crypto);
    return { xades, dom };
  })();
  return loaded;
}

export interface SigningKey {
  /** The private key as PKCS#8 DER. */
  pkcs8: Uint8Array;
  /** The signer's certificate as DER, then any chain certificates. */
  certificates: Uint8Array[];
}

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const base64 = (der: Uint8Array) => Buffer.from(der).toString('base64');
const randomId = () => crypto.randomUUID();

/** `xml` with an enveloped XAdES-EPES signature (Facturae policy) appended to its root. */
export async function signFacturaeXml(xml: string, key: SigningKey, now = new Date()): Promise<string> {
  const { xades, dom } = await libraries();
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  const privateKey = await crypto.subtle.importKey('pkcs8', new Uint8Array(key.pkcs8), algorithm, true, ['sign']);
  // xmldom's document stands in for the DOM Document xadesjs is typed against
  const document = new dom.DOMParser().parseFromString(xml, 'application/xml') as unknown as SignedDocument;
  const id = randomId();
  const referenceId = `Reference-${id}`;
  const signed = new xades.SignedXml();
  // SignedDataObjectProperties: what the signed reference is (the Facturae document); set before
  // signing, so it is inside the digested SignedProperties.
  const format = new xades.xml.DataObjectFormat();
  format.ObjectReference = `#${referenceId}`;
  format.Description = 'Factura electrónica';
  format.MimeType = 'text/xml';
  signed.SignedProperties.SignedDataObjectProperties.DataObjectFormats.Add(format);
  const signature = await signed.Sign(algorithm, privateKey, document, {
    id: `Signature-${id}`,
    references: [{ id: referenceId, uri: '', hash: 'SHA-256', transforms: ['enveloped'] }],
    x509: key.certificates.map(base64),
    signingCertificate: { certificate: base64(key.certificates[0]), digestAlgorithm: 'SHA-256' },
    signingTime: { value: now },
    policy: {
      hash: 'SHA-1',
      digestValue: FACTURAE_POLICY.digest,
      identifier: { value: FACTURAE_POLICY.identifier, description: FACTURAE_POLICY.description },
      qualifiers: [FACTURAE_POLICY.identifier],
    },
    signerRole: { claimed: ['emisor'] },
  });
  document.documentElement.appendChild(signature.GetXml()!);
  return new dom.XMLSerializer().serializeToString(document as unknown as import('@xmldom/xmldom').Node);
}

/**
 * Checks the enveloped signature of a received XML file with xml-crypto (another implementation
 * than the one that signs): every reference's digest — the document and the XAdES
 * SignedProperties — and the signature value against the certificate the signature carries. It
 * says who signed (the certificate's subject and NIF); whether that certificate chains to a
 * trusted authority or was revoked is not checked here (see README).
 */
export async function verifyXadesXml(xml: string): Promise<SignatureCheck> {
  const [{ SignedXml }, dom, { certificateFacts }] = await Promise.all([import('xml-crypto'), import('@xmldom/xmldom'), import('./pkcs12')]);
  const invalid = (reason: string, holder: string | null = null, holderTaxId: string | null = null): SignatureCheck => ({ status: 'invalid', holder, holderTaxId, reason });
  let document: import('@xmldom/xmldom').Document;
  try {
    document = new dom.DOMParser().parseFromString(xml, 'application/xml');
  } catch (error) {
    return invalid(`Not well-formed XML: ${(error as Error).message}`);
  }
  const signatures = document.getElementsByTagNameNS(DSIG, 'Signature');
  if (signatures.length === 0) return { status: 'unsigned', holder: null, holderTaxId: null, reason: null };
  if (signatures.length > 1) return invalid('More than one signature');
  const signature = signatures[0]!;
  const certificates = signature.getElementsByTagNameNS(DSIG, 'X509Certificate');
  if (certificates.length === 0) return invalid('The signature carries no certificate');
  const der = new Uint8Array(Buffer.from((certificates[0]!.textContent ?? '').replace(/\s+/g, ''), 'base64'));
  let holder: string | null = null;
  let holderTaxId: string | null = null;
  try {
    const facts = certificateFacts(der);
    holder = facts.commonName ?? facts.subject;
    holderTaxId = facts.nif;
  } catch (error) {
    return invalid(`The signature's certificate cannot be read: ${(error as Error).message}`);
  }
  const references = [...Array.from(signature.getElementsByTagNameNS(DSIG, 'Reference'))];
  if (!references.some((reference) => reference.getAttribute('URI') === '')) return invalid('The signature does not cover the whole document', holder, holderTaxId);
  if (!references.some((reference) => reference.getAttribute('Type') === 'http://uri.etsi.org/01903#SignedProperties')) {
    return invalid('Not a XAdES signature: no signed properties', holder, holderTaxId);
  }
  try {
    const pem = `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
    const verifier = new SignedXml({ publicCert: pem });
    verifier.loadSignature(new dom.XMLSerializer().serializeToString(signature));
    const valid = verifier.checkSignature(xml);
    return valid ? { status: 'valid', holder, holderTaxId, reason: null } : invalid('The signature does not match the document', holder, holderTaxId);
  } catch (error) {
    return invalid(`The signature does not match the document: ${(error as Error).message}`, holder, holderTaxId);
  }
}
