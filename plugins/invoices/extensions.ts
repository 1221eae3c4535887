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
 * - `invoice-issue-statement`: one SQL expression evaluated inside the statement that issues an
 *   invoice, once the number is taken, so a plugin's own rows are written in the same statement
 *   and transaction as the issue (a failure refuses the issue) without holding up the one-statement
 *   issue path as an in-transaction hook subscriber would.
 */
export interface InvoiceResponseField {
  name: string;
  schema: TSchema;
  load(kernel: Kernel, tx: Tx, invoiceIds: readonly string[]): Promise<ReadonlyMap<string, unknown>>;
  /** The field of a just-issued invoice from what the issue-statement part of the same name answered, without a read. */
  fromIssue?(kernel: Kernel, partResult: unknown): unknown;
}

/**
 * `plan` runs while the issue is planned, before any lock is taken (a throw refuses the issue): it
 * answers an SQL expression the issue statement evaluates once after numbering, e.g. a call of the
 * plugin's own function on its own tables. The expression may use `numbered.number` (the number
 * just taken), `:tenant`, and its own named parameters (prefix them with your name). Its value is
 * handed back on the issued record (`issueResults[name]`) and to the response field of the same
 * name (`fromIssue`).
 */
export interface InvoiceIssueStatementPart {
  /** `[a-z][a-z0-9_]*` */
  name: string;
  /** `simplified`: the invoice is registered as F2 (`registeredAsSimplified`), as the tax register records it. */
  plan(issue: { record: InvoiceRecord; types: ReadonlyMap<string, TaxTypeInfo>; customer: Party; issuer: Party; simplified: boolean }): { expression: string; params: Record<string, unknown> };
}

export interface InvoicePdfStamp {
  name: string;
  load(kernel: Kernel, tx: Tx, invoiceId: string): Promise<{ png: Uint8Array; sizeMm: number; caption: string } | null>;
}

declare module '../../kernel/extensions' {
  interface ExtensionPoints {
    'invoice-response-fields': InvoiceResponseField;
    'invoice-pdf-stamps': InvoicePdfStamp;
    'invoice-issue-statement': InvoiceIssueStatementPart;
  }
}

export const invoiceExtensionPoints = {
  'invoice-response-fields': { description: 'An extra top-level field of InvoiceResponse, loaded per page of invoices', key: (c: InvoiceResponseField) => c.name },
  'invoice-pdf-stamps': { description: 'An image with a caption at the top of the first page of the invoice PDF', key: (c: InvoicePdfStamp) => c.name },
  'invoice-issue-statement': { description: 'An SQL expression evaluated inside the issue statement, after numbering', key: (c: InvoiceIssueStatementPart) => c.name },
};

/**
 * The issue statement's parts, installed at start-up. The issuing code runs without the kernel at
 * hand, so the last app started in this process decides (one app per process in service; tests
 * start one at a time).
 */
let installedParts: readonly InvoiceIssueStatementPart[] = [];
export const issueStatementParts = () => installedParts;

/** At start-up: documents the contributed fields in InvoiceResponse (before the routes are built) and installs the issue-statement parts. */
export function installInvoiceExtensions(kernel: Kernel): void {
  installedParts = kernel.contributions('invoice-issue-statement');
  for (const part of installedParts) if (!/^[a-z][a-z0-9_]*$/.test(part.name)) throw new Error(`invoice-issue-statement: bad part name "${part.name}"`);
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
 * The fields of a just-issued invoice: from the issue-statement parts' answers where every field
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
