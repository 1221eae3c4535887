import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { queryBounds } from '../../kernel/query-bounds';
import { literalUnion } from '../../kernel/schemas';
import { vatBook } from './books';
import { VAT_BOOKS, type VatBook } from './layout';

const tags = ['aeat-vat-books'];

const BookParams = t.Object({
  book: literalUnion(VAT_BOOKS, { description: '`issued` (libro registro de facturas expedidas), `received` (de facturas recibidas) or `capital-goods` (de bienes de inversión)' }),
});
const BookQuery = t.Object({
  year: t.Integer({ minimum: 2000, maximum: 2999, description: 'The tax year (accounting dates 1 January – 31 December)' }),
  format: t.Optional(literalUnion(['csv', 'xlsx'] as const, { default: 'xlsx', description: '`xlsx` (default: the format\'s two heading rows) or `csv` (the same columns under one joined heading line; UTF-8 with BOM, `;` separated, CRLF)' })),
});

export const vatBookRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:aeat-vat-books' })
    .use(kernel.http)
    .get('/aeat/vat-books/:book', ({ uow, params, query }) => vatBook(uow, kernel.logger, { book: params.book as VatBook, year: query.year, format: query.format ?? 'xlsx' }), {
      permission: 'tax-models.read', params: BookParams, query: BookQuery, transform: queryBounds(BookQuery),
      detail: {
        summary: 'A VAT book (libro registro de IVA) of a tax year in the tax agency\'s common format for the books (2025 design), XLSX or CSV; streamed',
        description: 'One row per invoice and VAT rate from the tax register (the capital goods book: per capital good bought), by accounting date, in the columns and '
          + 'order of the format\'s design; amounts in euros, also for documents in another currency: in the XLSX numeric cells shown with two decimals and dates date cells shown `dd/mm/yyyy` (as the agency\'s example book), in the CSV text with a decimal comma (`1210,00`) and `dd/mm/yyyy`; the IRPF book\'s '
          + 'columns empty; the period is the quarter (1T–4T, for monthly filers too) or, in the capital goods book, 0A; exempt and not-subject rows (E*, N2) leave the rate and quota empty. '
          + 'The file is named as the format names it: year, NIF, the book\'s letter (E, R, S) and the company\'s legal name (else its name), without trailing dots. Columns, codes and sources: docs/domain/vat-books.md.',
        responses: {
          200: {
            description: 'The book',
            content: { 'text/csv': { schema: { type: 'string' } }, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } } },
          },
        } as any,
        tags,
      },
    });
