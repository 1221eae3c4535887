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
 * The limits (lib/xml-limits.ts: no DOCTYPE, bounded size, depth, width and values) of the full
 * parse of a file no installed syntax takes, which says why it is refused. A file a syntax takes
 * is parsed once, by that syntax under its own limits: its root element is read from its start tag.
 * A value may be a base64 attachment (a UBL's embedded PDF), so one may be as long as the file.
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
  /** Every invoice of a file that carries several (a Facturae batch), `invoice` first; absent otherwise. */
  batch?: readonly EInvoice[];
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

/** Why the XML cannot be read, as a 422: the full parse under the limits (lib/xml-limits.ts) says it. */
function unreadable(bytes: Uint8Array): ValidationFailed | null {
  try {
    readXml(bytes, EINVOICE_FILE_LIMITS, { ignoreAttributes: false, parseTagValue: false, parseAttributeValue: false });
    return null;
  } catch (error) {
    if (error instanceof XmlRefused) return refused([`The file is not a readable XML document: ${error.reason}`]);
    throw error;
  }
}

const DOCTYPE_REFUSED = 'A document type declaration (DOCTYPE, and with it any entity) is not accepted';

/**
 * The root element's local name and namespace, read from its start tag alone (after the XML
 * declaration, comments and processing instructions): the syntax that recognises it parses the
 * file once, under its own limits. Null when there is no readable start tag; a DOCTYPE is a 422.
 */
function rootStartTag(bytes: Uint8Array): { namespace: string | null; localName: string } | null {
  // the start tag is near the beginning: the first 64 KiB, else (long comments before it) the whole file
  const head = rootStartTagIn(new TextDecoder('utf-8').decode(bytes.subarray(0, 64 * 1024)));
  if (head || bytes.length <= 64 * 1024) return head;
  return rootStartTagIn(new TextDecoder('utf-8').decode(bytes.subarray(0, EINVOICE_FILE_LIMITS.maxBytes)));
}

function rootStartTagIn(text: string): { namespace: string | null; localName: string } | null {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('<?', i)) { const end = text.indexOf('?>', i + 2); if (end < 0) return null; i = end + 2; continue; }
    if (text.startsWith('<!--', i)) { const end = text.indexOf('-->', i + 4); if (end < 0) return null; i = end + 3; continue; }
    if (/^<!DOCTYPE/i.test(text.slice(i, i + 9))) throw refused([`The file is not a readable XML document: ${DOCTYPE_REFUSED}`]);
    break;
  }
  const name = /^<([A-Za-z_][\w.\-]*(?::[A-Za-z_][\w.\-]*)?)/.exec(text.slice(i, i + 256));
  if (!name) return null;
  // the start tag runs to the first '>' outside a quoted attribute value
  let j = i + name[0].length;
  let quote: string | null = null;
  for (; j < text.length; j++) {
    const c = text[j];
    if (quote) { if (c === quote) quote = null; } else if (c === '"' || c === "'") quote = c; else if (c === '>') break;
  }
  if (j >= text.length) return null;
  const tag = text.slice(i + name[0].length, j);
  const [prefix, localName] = name[1].includes(':') ? name[1].split(':', 2) : [null, name[1]];
  const declaration = new RegExp(`(?:^|\\s)xmlns${prefix ? `:${prefix.replace(/[.\-]/g, '\\$&')}` : ''}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  return { namespace: declaration ? (declaration[2] ?? declaration[3]) : null, localName: localName! };
}

/** The root element's local name and namespace (or a 422 naming why the XML cannot be read). */
export function rootOf(bytes: Uint8Array): { namespace: string | null; localName: string } {
  const root = rootStartTag(bytes);
  if (root) return root;
  throw unreadable(bytes) ?? refused(['The file is not an XML document: it has no root element']);
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
    const { invoice, batch, signature } = await syntax.read(bytes, signing?.verifier ?? null);
    return {
      syntax: syntax.name, container, attachment, invoice, ...(batch && batch.length > 1 ? { batch } : {}),
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
    // a file no syntax takes is parsed whole, to say first whether it is XML at all
    const malformed = unreadable(bytes);
    if (malformed) throw malformed;
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
