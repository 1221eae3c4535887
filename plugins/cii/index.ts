import { definePlugin } from '../../kernel/plugin';
import { NS } from './conventions';
import { readCii } from './read';
import { writeCii } from './write';

/**
 * UN/CEFACT Cross Industry Invoice (CII D16B) under EN 16931, out and in: the `cii` syntax of
 * `einvoice-syntaxes`. Invoices (380), credit notes (381) and corrected invoices (384); the
 * recargo de equivalencia and IRPF withholdings travel as README.md describes.
 */
export default definePlugin({
  name: 'cii',
  dependsOn: ['einvoice'],
  contributes: {
    'einvoice-syntaxes': [{
      name: 'cii',
      contentType: 'application/xml',
      extension: () => 'xml',
      recognises: ({ namespace, localName }) => localName === 'CrossIndustryInvoice' && namespace === NS.rsm,
      write: writeCii,
      read: readCii,
    }],
  },
});
