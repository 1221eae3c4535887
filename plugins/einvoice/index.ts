import { definePlugin } from '../../kernel/plugin';
import { einvoicePoints } from './syntaxes';

/**
 * Electronic invoices: one semantic model (./model.ts) written and read in the syntaxes other
 * plugins contribute (`einvoice-syntaxes`), signed with the company's certificate when a plugin
 * contributes `einvoice-signing`.
 */
export default definePlugin({
  name: 'einvoice',
  dependsOn: ['invoices'],
  extensionPoints: { ...einvoicePoints },
});
