import type { Tx } from '../../kernel/uow';
import type { EInvoice } from './model';

/**
 * `einvoice-syntaxes`: the XML syntaxes an e-invoice is written in and read from. Each plugin
 * (Facturae, UBL, CII) contributes one; the einvoice plugin's routes and the purchase ingestion
 * find them here by name, or by the root element of a received file.
 */
export interface EInvoiceSyntax {
  /** The `format` query value: 'facturae', 'ubl', 'cii'. */
  name: string;
  contentType: string;
  /**
   * Whether the syntax signs its output when given a signer (Facturae). Optional: when absent, a
   * syntax whose extension changes with a signer (xsig / xml) is taken to sign.
   */
  signs?: boolean;
  /** File extension without the dot ('xsig' for a signed Facturae, 'xml'). */
  extension(options: WriteOptions): string;
  /** Whether a received XML file is of this syntax, from its root element. */
  recognises(root: { namespace: string | null; localName: string }): boolean;
  /** The invoice as this syntax's XML (UTF-8). Throws `UnprocessableEInvoice` for an invoice the syntax cannot carry. */
  write(invoice: EInvoice, options: WriteOptions): Promise<Uint8Array>;
  /** A received file back into the model; schema-invalid files throw `InvalidEInvoiceFile` with the first errors. */
  read(bytes: Uint8Array, verifier: SignatureVerifier | null): Promise<ReadEInvoice>;
}

export interface WriteOptions {
  /** Sign the output with the company's certificate (syntaxes that sign: Facturae). */
  signer: XmlSigner | null;
}

export interface ReadEInvoice {
  /** The file's invoice; in a batch, the first. */
  invoice: EInvoice;
  /**
   * A file that carries several invoices (a Facturae batch, modality L): all of them in the
   * file's order, `invoice` first. Absent for a file of one invoice. A reader answers for the
   * whole file: one bad invoice makes the file an `InvalidEInvoiceFile` naming it.
   */
  batch?: readonly EInvoice[];
  /** null for syntaxes without an enveloped signature. */
  signature: SignatureCheck | null;
}

/** What a signature check found, kept with the purchase booked from the file. */
export interface SignatureCheck {
  status: 'valid' | 'invalid' | 'unsigned';
  /** The certificate holder's subject (CN) and tax id when signed. */
  holder: string | null;
  holderTaxId: string | null;
  /** Why a signature is invalid. */
  reason: string | null;
}

/** Signs an XML document with an enveloped XAdES-EPES signature under the named policy. */
export interface XmlSigner {
  sign(xml: string, policy: 'facturae-3.1'): Promise<string>;
}

export interface SignatureVerifier {
  verify(xml: string): Promise<SignatureCheck>;
}

/**
 * `einvoice-signing`: the company's certificate as a signer, and a verifier of received
 * signatures. One plugin contributes it (the company certificate); without it, output is unsigned
 * and received signatures are not checked.
 */
export interface EInvoiceSigning {
  name: string;
  /**
   * The tenant's signer, or null when the company has no certificate valid today. Given `tx` (the
   * caller's unit of work, e.g. a route's), the certificate is read in it; without one, in a unit
   * of work of its own (never while the caller holds a transaction on a one-connection database).
   */
  signerFor(tenantId: string, tx?: Tx): Promise<XmlSigner | null>;
  /** Why there is no signer: no certificate, or one outside its validity (with its dates, ISO 8601). Optional. */
  certificateState?(tx: Tx): Promise<CertificateState>;
  verifier: SignatureVerifier;
}

export interface CertificateState { state: 'missing' | 'expired' | 'not_yet_valid' | 'valid'; validFrom: string | null; validTo: string | null }

export class InvalidEInvoiceFile extends Error {
  constructor(readonly errors: readonly string[]) {
    super(`The file is not a valid e-invoice: ${errors.slice(0, 5).join('; ')}`);
  }
}

export class UnprocessableEInvoice extends Error {}

declare module '../../kernel/extensions' {
  interface ExtensionPoints {
    'einvoice-syntaxes': EInvoiceSyntax;
    'einvoice-signing': EInvoiceSigning;
  }
}

export const einvoicePoints = {
  'einvoice-syntaxes': { description: 'an e-invoice XML syntax written and read (Facturae, UBL, CII)', key: (syntax: EInvoiceSyntax) => syntax.name },
  'einvoice-signing': { description: "the company's certificate as an XML signer, and a verifier of received signatures", key: (signing: EInvoiceSigning) => signing.name },
};
