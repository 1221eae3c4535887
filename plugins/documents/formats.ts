import type { Kernel } from '../../kernel/kernel';
import { BadRequest } from '../../kernel/errors';
import { renderPdf } from './pdf';
import type { PrintableDocument } from './printable';

/**
 * `document-formats`: the ways a document is rendered to a file. The documents plugin contributes
 * `pdf`; an e-invoicing plugin contributes Facturae or UBL the same way, and every kind's routes
 * (`GET /invoices/{id}/pdf`, a sending's attachments) find it by name.
 */
export interface DocumentFormat {
  /** Unique, e.g. 'pdf', 'facturae'. */
  name: string;
  /** The HTTP content type of the bytes, e.g. 'application/pdf'. */
  contentType: string;
  /** The file name's extension without the dot, e.g. 'pdf', 'xsig'. */
  extension: string;
  render(document: PrintableDocument): Promise<Uint8Array>;
}

declare module '../../kernel/extensions' {
  interface ExtensionPoints {
    'document-formats': DocumentFormat;
  }
}

export const pdfFormat: DocumentFormat = { name: 'pdf', contentType: 'application/pdf', extension: 'pdf', render: renderPdf };

export const documentFormatsPoint = {
  'document-formats': { description: 'a file format a document is rendered to (PDF, Facturae, UBL)', key: (format: DocumentFormat) => format.name },
};

/** The installed format of that name; 400 naming the installed ones when there is none. */
export function documentFormat(kernel: Kernel, name: string): DocumentFormat {
  const formats = kernel.contributions('document-formats');
  const format = formats.find((f) => f.name === name);
  if (!format) throw new BadRequest(`No document format "${name}": installed are ${formats.map((f) => f.name).join(', ')}`);
  return format;
}

/** The document rendered in the named format, with the file name `<base>.<extension>`. */
export async function renderDocument(kernel: Kernel, name: string, document: PrintableDocument, base: string) {
  const format = documentFormat(kernel, name);
  return { bytes: await format.render(document), contentType: format.contentType, filename: `${base}.${format.extension}` };
}
