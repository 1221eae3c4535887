import { definePlugin } from '../../kernel/plugin';
import { readUbl } from './read';
import { writeUbl } from './write';

/** UBL 2.1 invoices and credit notes under EN 16931 (Peppol BIS Billing 3.0 syntax), out and in. */
export default definePlugin({
  name: 'ubl',
  dependsOn: ['einvoice'],
  contributes: {
    'einvoice-syntaxes': [{
      name: 'ubl',
      contentType: 'application/xml',
      extension: () => 'xml',
      recognises: ({ namespace, localName }) =>
        (localName === 'Invoice' && namespace === 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2')
        || (localName === 'CreditNote' && namespace === 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2'),
      write: writeUbl,
      read: readUbl,
    }],
  },
});
