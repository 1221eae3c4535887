import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { migrations } from './migrations';
import { documentRoutes } from './routes';
import { eraseRegister, repointRegister } from './tax-register';

/**
 * What sales and purchase documents share: lines and arithmetic, numbering, party snapshots, the
 * lifecycle and its immutability triggers, the tax register (and the VAT books read from it) and
 * settlements. Document kinds (invoices, purchases) declare themselves with `registerDocumentKind`
 * and build on ./api.ts; this plugin reads none of their tables.
 */
export default definePlugin({
  name: 'documents',
  tags: { 'tax-books': 'VAT record books (libros registro de IVA) of issued and received invoices, as CSV or spreadsheet' },
  dependsOn: ['tenants', 'contacts', 'taxes', 'ledger'],
  migrations,
  permissions: {
    'tax-books.read': rolesFrom('viewer'),
  },
  hooks: {
    sync: {
      'contact.merging': async (tx, payload) => { await repointRegister(tx, payload.survivorId, payload.duplicateIds); },
      'tenant.erasing': async (tx) => { await eraseRegister(tx); },
    },
  },
  routes: documentRoutes,
});
