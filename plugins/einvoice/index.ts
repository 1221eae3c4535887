import { definePlugin } from '../../kernel/plugin';
import { einvoiceAttachments } from './attachments';
import { einvoiceRoutes } from './routes';
import { einvoicePoints } from './syntaxes';

/**
 * Electronic invoices: one semantic model (./model.ts) written and read in the syntaxes other
 * plugins contribute (`einvoice-syntaxes`), signed with the company's certificate when a plugin
 * contributes `einvoice-signing`. Owns the model builder (./build.ts), the EN 16931 business rules
 * (./rules.ts), GET /invoices/{id}/einvoice and the e-invoice attachments of sent invoices.
 */
export default definePlugin({
  name: 'einvoice',
  dependsOn: ['invoices'],
  extensionPoints: { ...einvoicePoints },
  routes: (kernel) => einvoiceRoutes(kernel),
  contributes: { 'invoice-attachments': [einvoiceAttachments] },
});
