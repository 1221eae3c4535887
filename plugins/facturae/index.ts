import { definePlugin } from '../../kernel/plugin';
import { writeFacturae } from './write';
import { isFacturaeRoot } from './versions';
import { readFacturae } from './read';

/**
 * Facturae, the Spanish e-invoice format FACe requires of suppliers to public administrations:
 * 3.2.2 written from the semantic model (signed XAdES-EPES with the company's certificate when the
 * `einvoice-signing` contributor has one); 3.2, 3.2.1 and 3.2.2 read into it, batches included.
 */
export default definePlugin({
  name: 'facturae',
  dependsOn: ['einvoice'],
  contributes: {
    'einvoice-syntaxes': [{
      name: 'facturae',
      contentType: 'application/xml',
      extension: (options) => (options.signer ? 'xsig' : 'xml'),
      // 3.2, 3.2.1 and 3.2.2 are read; 3.0 and 3.1 are recognised so that the refusal names them
      recognises: ({ namespace, localName }) => isFacturaeRoot(namespace, localName),
      write: writeFacturae,
      read: readFacturae,
    }],
  },
});
