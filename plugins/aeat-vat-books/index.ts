import { definePlugin } from '../../kernel/plugin';
import { vatBookRoutes } from './routes';

/**
 * The VAT books (libros registro de IVA: facturas expedidas, recibidas, bienes de inversión) of a tax
 * year in the tax agency's published column layout, XLSX or CSV, streamed from the tax register.
 */
export default definePlugin({
  name: 'aeat-vat-books',
  tags: { 'aeat-vat-books': 'The VAT books of a tax year (expedidas, recibidas, bienes de inversión) in the tax agency\'s format, XLSX or CSV' },
  dependsOn: ['tenants', 'taxes', 'documents', 'tax-models'],
  routes: vatBookRoutes,
});
