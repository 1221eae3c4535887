import type { Kernel } from '../../kernel/kernel';
import { Unprocessable, ValidationFailed } from '../../kernel/errors';
import { readXml, XmlRefused, type XmlLimits } from '../../lib/xml-limits';
import { InvalidEInvoiceFile, type EInvoice, type EInvoiceSyntax, type SignatureCheck } from '../einvoice/api';

/**
 * Received e-invoices: an XML file (or the XML a Factur-X / ZUGFeRD PDF embeds) is matched to an
 * installed syntax (`einvoice-syntaxes`) by its root element, read by that syntax into the
 * e-invoice model, and its signature checked by the `einvoice-signing` verifier when one is
 * installed. Nothing here knows a syntax by name: installing the Facturae or CII plugin is what
 * makes their files bookable.
 */

/**
 * The root element is found within these limits (lib/xml-limits.ts: no DOCTYPE, bounded size,
 * depth, width and values); each syntax reads the file again under its own. A value may be a
 * base64 attachment (a UBL's embedded PDF), so one may be as long as the file.
 */
export const EINVOICE_FILE_LIMITS: XmlLimits = { maxBytes: 10 * 1024 * 1024, maxDepth: 64, maxNodes: 500_000, maxTextLength: 10 * 1024 * 1024 };

/** How many of the syntax's errors a refusal lists. */
const FIRST_ERRORS = 10;

export interface EInvoiceRead {
  syntax: string;
  container: 'xml' | 'pdf';
  /** The embedded file's name, for a PDF. */
  attachment: string | null;
  invoice: EInvoice;
  /** The verifier's answer, or `unchecked` when it was not asked (no einvoice-signing plugin installed). */
  signature: Omit<SignatureCheck, 'status'> & { status: SignatureCheck['status'] | 'unchecked' };
}

/** Whether the bytes are XML (a UTF-8 or UTF-16 byte order mark, blanks, then `<`): decided by content, never by the declared type. */
export function looksLikeXml(bytes: Uint8Array): boolean {
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  while (i < bytes.length && i < 4096 && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x3c;
}

/** Whether the client declared an XML file (its type or name); such a file that is not XML is 422, not 415. */
export const declaredXml = (file: { type?: string; name?: string }) =>
  /[/+]xml\b/i.test(file.type ?? '') || /\.(xml|xsig)$/i.test(file.name ?? '');

const refused = (errors: readonly string[]) =>
  new ValidationFailed(errors.slice(0, FIRST_ERRORS).map((msg) => ({ loc: ['body', 'file'], msg, type: 'value_error.einvoice' })));

/** The root element's local name and namespace (or a 422 naming why the XML cannot be read). */
export function rootOf(bytes: Uint8Array): { namespace: string | null; localName: string } {
  let document: Record<string, any>;
  try {
    document = readXml(bytes, EINVOICE_FILE_LIMITS, { ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, parseAttributeValue: false });
  } catch (error) {
    if (error instanceof XmlRefused) throw refused([`The file is not a readable XML document: ${error.reason}`]);
    throw error;
  }
  const qualified = Object.keys(document).find((key) => !key.startsWith('?') && !key.startsWith('#'));
  if (!qualified) throw refused(['The file is not an XML document: it has no root element']);
  const [prefix, localName] = qualified.includes(':') ? qualified.split(':', 2) : [null, qualified];
  const root = Array.isArray(document[qualified]) ? document[qualified][0] : document[qualified];
  const declared = root && typeof root === 'object' ? root[prefix ? `@xmlns:${prefix}` : '@xmlns'] : undefined;
  return { namespace: typeof declared === 'string' ? declared : null, localName: localName! };
}

/** The installed syntaxes (none when the einvoice plugin is not installed). */
export const installedSyntaxes = (kernel: Kernel): EInvoiceSyntax[] =>
  kernel.extensions.declared('einvoice-syntaxes') ? kernel.contributions('einvoice-syntaxes') : [];

/** The installed syntax this XML is written in, or null. */
export function syntaxOf(kernel: Kernel, bytes: Uint8Array): EInvoiceSyntax | null {
  const root = rootOf(bytes);
  return installedSyntaxes(kernel).find((syntax) => syntax.recognises(root)) ?? null;
}

/**
 * Reads an e-invoice file with `syntax`: the model and its signature check. A file that fails the
 * syntax's schema or rules is a 422 listing the first errors (`{"detail": [{loc, msg, type}]}`).
 */
export async function readEInvoice(kernel: Kernel, syntax: EInvoiceSyntax, bytes: Uint8Array, container: 'xml' | 'pdf', attachment: string | null): Promise<EInvoiceRead> {
  const signing = kernel.extensions.declared('einvoice-signing') ? kernel.contributions('einvoice-signing')[0] ?? null : null;
  try {
    const { invoice, signature } = await syntax.read(bytes, signing?.verifier ?? null);
    return {
      syntax: syntax.name, container, attachment, invoice,
      signature: signature ?? {
        status: 'unchecked', holder: null, holderTaxId: null,
        reason: signing ? `the ${syntax.name} reader reports no signature check` : 'signed, but no einvoice-signing plugin is installed to verify the signature',
      },
    };
  } catch (error) {
    if (error instanceof InvalidEInvoiceFile) throw refused(error.errors.length ? error.errors : [error.message]);
    if (error instanceof ValidationFailed || error instanceof Unprocessable) throw error;
    throw refused([`The ${syntax.name} file could not be read: ${(error as Error)?.message ?? String(error)}`]);
  }
}

/** An uploaded XML file: its syntax found by its root element (422 when no installed syntax knows it), then read. */
export async function readEInvoiceXml(kernel: Kernel, bytes: Uint8Array): Promise<EInvoiceRead> {
  if (!looksLikeXml(bytes)) throw refused(['The file is declared as XML but is not XML']);
  const root = rootOf(bytes);
  const syntax = installedSyntaxes(kernel).find((s) => s.recognises(root));
  if (!syntax) {
    const known = installedSyntaxes(kernel).map((s) => s.name).join(', ') || 'none';
    throw refused([`The XML root element ${root.localName}${root.namespace ? ` (${root.namespace})` : ''} is not an e-invoice of an installed syntax (installed: ${known})`]);
  }
  return readEInvoice(kernel, syntax, bytes, 'xml', null);
}

/**
 * The e-invoice a PDF embeds (Factur-X / ZUGFeRD), if one of its XML attachments is of an installed
 * syntax; null when none is (the PDF is then read like any other). An embedded e-invoice that fails
 * its rules is a 422, as the same XML uploaded alone would be.
 */
export async function readEmbeddedEInvoice(kernel: Kernel, attachments: readonly { name: string; base64: string }[]): Promise<EInvoiceRead | null> {
  for (const attachment of attachments) {
    const bytes = new Uint8Array(Buffer.from(attachment.base64, 'base64'));
    if (!looksLikeXml(bytes)) continue;
    let syntax: EInvoiceSyntax | null;
    try {
      syntax = syntaxOf(kernel, bytes);
    } catch {
      // an embedded XML that is not readable is not an e-invoice of ours: the next one, or the pages
      continue;
    }
    if (syntax) return readEInvoice(kernel, syntax, bytes, 'pdf', attachment.name);
  }
  return null;
}
