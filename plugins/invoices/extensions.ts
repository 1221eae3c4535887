import { t } from 'elysia';
import type { TSchema } from '@sinclair/typebox';
import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import type { Party, TaxTypeInfo } from '../documents/api';
import { InvoiceResponse } from './schemas';
import type { InvoiceRecord, InvoiceView } from './service';

/**
 * Extension points the invoices plugin owns, for plugins that add to an invoice without reading
 * its tables (docs/plugin-authors.md, "Extending invoices"):
 *
 * - `invoice-response-fields`: an extra top-level field of InvoiceResponse (`name`, its `schema`,
 *   documented in OpenAPI as optional) and how to load it for a page of invoices, in the request's
 *   unit of work. An invoice the contributor knows nothing of gets `null`.
 * - `invoice-pdf-stamps`: a PNG image with a caption printed at the top of the first page of the
 *   invoice's PDF, before its content, at a given size in millimetres (a QR code, a seal).
 */
export interface InvoiceResponseField {
  name: string;
  schema: TSchema;
  load(kernel: Kernel, tx: Tx, invoiceIds: readonly string[]): Promise<ReadonlyMap<string, unknown>>;
  /** The field of a just-issued invoice from what the issue step of the same name answered, without a read. */
  fromIssue?(kernel: Kernel, stepResult: unknown): unknown;
}

/** Replaced by the documents plugin's `document-issue-steps` (a step with `kinds: ['invoice']`); the old name of its plan's shape. */
export interface InvoiceIssueStatementPart {
  name: string;
  plan(issue: { record: InvoiceRecord; types: ReadonlyMap<string, TaxTypeInfo>; customer: Party; issuer: Party; simplified: boolean }): { expression: string; params: Record<string, unknown> };
}

/**
 * `invoice-attachments`: files other than the PDF that an invoice can be sent with (the einvoice
 * plugin's e-invoice syntaxes). `formats` lists the names it answers, asked at request time (they
 * may come from other plugins' contributions); `render` answers one of them for an issued invoice.
 */
export interface InvoiceAttachmentSource {
  name: string;
  formats(kernel: Kernel): readonly string[];
  render(kernel: Kernel, tx: Tx, view: InvoiceView, format: string): Promise<{ filename: string; content: Uint8Array; contentType: string }>;
}

export interface InvoicePdfStamp {
  name: string;
  load(kernel: Kernel, tx: Tx, invoiceId: string): Promise<{ png: Uint8Array; sizeMm: number; caption: string } | null>;
}

declare module '../../kernel/extensions' {
  interface ExtensionPoints {
    'invoice-response-fields': InvoiceResponseField;
    'invoice-pdf-stamps': InvoicePdfStamp;
    'invoice-attachments': InvoiceAttachmentSource;
  }
}

export const invoiceExtensionPoints = {
  'invoice-response-fields': { description: 'An extra top-level field of InvoiceResponse, loaded per page of invoices', key: (c: InvoiceResponseField) => c.name },
  'invoice-pdf-stamps': { description: 'An image with a caption at the top of the first page of the invoice PDF', key: (c: InvoicePdfStamp) => c.name },
  'invoice-attachments': { description: 'Files besides the PDF an invoice can be sent with (e-invoice formats)', key: (c: InvoiceAttachmentSource) => c.name },
};

/** The attachment formats other plugins add to invoices (`invoice-attachments`), and who renders each. */
export function attachmentFormats(kernel: Kernel): Map<string, InvoiceAttachmentSource> {
  const formats = new Map<string, InvoiceAttachmentSource>();
  for (const source of kernel.contributions('invoice-attachments')) for (const format of source.formats(kernel)) if (!formats.has(format)) formats.set(format, source);
  return formats;
}

/** At start-up: documents the contributed fields in InvoiceResponse (before the routes are built). */
export function installInvoiceExtensions(kernel: Kernel): void {
  const properties = InvoiceResponse.properties as Record<string, TSchema>;
  for (const field of kernel.contributions('invoice-response-fields')) {
    if (field.name in properties && !(field.name in declared)) throw new Error(`invoice-response-fields: "${field.name}" is already a field of InvoiceResponse`);
    declared[field.name] = true;
    properties[field.name] = t.Optional(field.schema);
  }
}
const declared: Record<string, true> = {};

/** Adds every contributed field to invoices already shaped by invoiceToJson. */
export async function withResponseFields<T extends { id: string }>(kernel: Kernel, tx: Tx, invoices: T[]): Promise<T[]> {
  const fields = kernel.contributions('invoice-response-fields');
  if (!fields.length || !invoices.length) return invoices;
  const ids = invoices.map((i) => i.id);
  for (const field of fields) {
    const values = await field.load(kernel, tx, ids);
    for (const invoice of invoices) (invoice as Record<string, unknown>)[field.name] = values.get(invoice.id) ?? null;
  }
  return invoices;
}

export const hasResponseFields = (kernel: Kernel) => kernel.contributions('invoice-response-fields').length > 0;

/**
 * The fields of a just-issued invoice: from the issue steps' answers where every field
 * can take them (no read), else read in a unit of work of their own.
 */
export async function responseFieldsAfterIssue<T extends { id: string }>(kernel: Kernel, view: InvoiceView, json: T, read: (work: (tx: Tx) => Promise<T[]>) => Promise<T[]>): Promise<T> {
  const fields = kernel.contributions('invoice-response-fields');
  if (!fields.length) return json;
  const results = view.record.issueResults;
  if (results && fields.every((f) => f.fromIssue && f.name in results)) {
    for (const field of fields) (json as Record<string, unknown>)[field.name] = field.fromIssue!(kernel, results[field.name]) ?? null;
    return json;
  }
  return (await read((tx) => withResponseFields(kernel, tx, [json])))[0];
}

/** The stamps to print on one invoice's PDF, in plugin load order. */
export async function pdfStamps(kernel: Kernel, tx: Tx, invoiceId: string) {
  const stamps = [];
  for (const stamp of kernel.contributions('invoice-pdf-stamps')) {
    const loaded = await stamp.load(kernel, tx, invoiceId);
    if (loaded) stamps.push(loaded);
  }
  return stamps;
}
