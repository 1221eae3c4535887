import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { DocumentIdParams } from '../documents/api';
import { InvoiceService } from '../invoices/api';
import { renderEInvoice } from './service';

const EInvoiceQuery = t.Object({
  format: t.Optional(t.String({ minLength: 1, maxLength: 40, default: 'facturae', description: 'The e-invoice syntax: facturae (default), ubl or cii, as installed; another is 422 naming the installed ones' })),
  signed: t.Optional(t.Boolean({ default: true, description: 'Sign with the company\'s certificate (syntaxes that sign: Facturae). true without a certificate is 409; false gives the unsigned file' })),
});

export const einvoiceRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:einvoice' })
    .use(kernel.http)
    .get('/invoices/:id/einvoice', async ({ uow, params, query }) => {
      const file = await uow.run(async (tx) => renderEInvoice(kernel, tx, await InvoiceService.get(tx, params.id), query.format ?? 'facturae', query.signed === false ? 'none' : 'required'));
      return new Response(file.bytes, {
        headers: {
          'content-type': `${file.contentType}; charset=utf-8`, 'content-disposition': `attachment; filename="${file.filename}"`,
          'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store',
        },
      });
    }, {
      permission: 'invoices.read', params: DocumentIdParams, query: EInvoiceQuery,
      detail: {
        summary: 'The issued invoice or rectifying invoice as an electronic invoice (Facturae 3.2.2, UBL 2.1 / Peppol BIS Billing 3.0, CII), checked against the EN 16931 business rules',
        description: 'The file is named `<number>.<extension>`. A draft is 409; an invoice that breaks an EN 16931 business rule is 422 listing the rules (their identifiers, e.g. BR-CO-15); '
          + 'signed=true (the default) for a syntax that signs is 409 when the company has no certificate. A rectifying invoice whose total is negative is a credit note (UBL CreditNote, type 381), '
          + 'any other a corrected invoice (384). docs/domain/einvoices.md describes the mapping.',
        tags: ['invoices'],
        responses: { 200: { description: 'The e-invoice', content: { 'application/xml': { schema: { type: 'string', format: 'binary' } } } } } as any,
      },
    });
