import { definePlugin } from '../../kernel/plugin';
import { FACTURAE_NAMESPACE, writeFacturae } from './write';
import { readFacturae } from './read';

/**
 * Facturae 3.2.2, the Spanish e-invoice format FACe requires of suppliers to public
 * administrations: written from the semantic model (signed XAdES-EPES with the company's
 * certificate when the `einvoice-signing` contributor has one) and read back into it.
 */
export default definePlugin({
  name: 'facturae',
  dependsOn: ['einvoice'],
  contributes: {
    'einvoice-syntaxes': [{
      name: 'facturae',
      contentType: 'application/xml',
      extension: (options) => (options.signer ? 'xsig' : 'xml'),
      recognises: ({ namespace, localName }) => localName === 'Facturae' && namespace === FACTURAE_NAMESPACE,
      write: writeFacturae,
      read: readFacturae,
    }],
  },
});
