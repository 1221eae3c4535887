import { definePlugin } from '../../kernel/plugin';
import { rolesFrom } from '../../kernel/roles';
import { legalBookRoutes } from './routes';

/**
 * The official accounting books as files: Libro Diario, Libro Mayor and Sumas y Saldos of any
 * period, as PDF, XLSX or CSV, streamed from the ledger's pages (plugins/ledger/book-pages.ts).
 */
export default definePlugin({
  name: 'legal-books',
  tags: { 'legal-books': 'The official books (Libro Diario, Libro Mayor, Sumas y Saldos) as PDF, XLSX or CSV, streamed' },
  dependsOn: ['tenants', 'ledger', 'fiscal-years', 'annual-accounts'],
  permissions: { 'legal-books.read': rolesFrom('viewer') },
  routes: legalBookRoutes,
});
