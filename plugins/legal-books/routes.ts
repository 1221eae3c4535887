import { Elysia } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { queryBounds } from '../../kernel/query-bounds';
import { journalBook, ledgerBook, trialBalanceBook } from './books';
import { inventoryBook, inventoryBookPdf } from './inventories';
import { BookQuery, InventoriesParams, InventoriesQuery, LedgerBookQuery, TrialBookQuery } from './schemas';

const tags = ['legal-books'];
const file = (description: string) => ({
  200: {
    description,
    content: {
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
      'text/csv': { schema: { type: 'string' } },
    },
  },
}) as any;

export const legalBookRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:legal-books' })
    .use(kernel.http)
    .get('/legal-books/journal', ({ uow, query }) => journalBook(uow, kernel.logger, { ...query, format: query.format ?? 'pdf' }), {
      permission: 'legal-books.read', query: BookQuery, transform: queryBounds(BookQuery),
      detail: { summary: 'Libro Diario of a period: every entry in date order with its lines, and the totals; streamed', tags, responses: file('The Libro Diario') },
    })
    .get('/legal-books/general-ledger', ({ uow, query }) => ledgerBook(uow, kernel.logger, { ...query, format: query.format ?? 'pdf' }), {
      permission: 'legal-books.read', query: LedgerBookQuery, transform: queryBounds(LedgerBookQuery),
      detail: { summary: 'Libro Mayor of a period: per account its balance before the period, every line with the running balance, and its totals; streamed', tags, responses: file('The Libro Mayor') },
    })
    .get('/legal-books/trial-balance', ({ uow, query }) => trialBalanceBook(uow, kernel.logger, { ...query, format: query.format ?? 'pdf' }), {
      permission: 'legal-books.read', query: TrialBookQuery, transform: queryBounds(TrialBookQuery),
      detail: { summary: 'Balance de Sumas y Saldos of a period: per account the opening balance, the period\'s debit and credit, and the closing balance', tags, responses: file('The Sumas y Saldos') },
    })
    .get('/legal-books/inventories/:year', async ({ uow, params, query }) => {
      const book = await uow.report((tx) => inventoryBook(tx, params.year, query.model ?? 'pymes'));
      return new Response(await inventoryBookPdf(book), {
        headers: {
          'content-type': 'application/pdf', 'content-disposition': `attachment; filename="libro-inventarios-${params.year}.pdf"`,
          'cache-control': 'no-store', 'x-content-type-options': 'nosniff',
        },
      });
    }, {
      permission: 'legal-books.read', params: InventoriesParams, query: InventoriesQuery, transform: queryBounds(InventoriesQuery),
      detail: {
        summary: 'Libro de Inventarios y Cuentas Anuales of a year as PDF: the detailed initial balance, the quarterly trial balances, the closing inventory and the annual accounts',
        tags, responses: { 200: { description: 'The book', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } } as any,
      },
    });
