import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { literalUnion } from '../../kernel/schemas';
import { bookCsv, bookXlsx } from './books';
import { IsoDate } from './schemas';
import { TaxRegister, type RegisterSide } from './tax-register';

const tags = ['tax-books'];

const BookParams = t.Object({ book: literalUnion(['issued', 'received'] as const, { description: '`issued`: libro registro de facturas expedidas; `received`: de facturas recibidas' }) });
const BookQuery = t.Object({
  from: IsoDate,
  to: IsoDate,
  format: t.Optional(literalUnion(['csv', 'xlsx'] as const, { description: 'csv (default; `;`-separated, UTF-8) or xlsx', default: 'csv' })),
});

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

export const documentRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:documents' })
    .use(kernel.http)
    .get('/tax-books/:book', async ({ uow, params, query }) => {
      const side = params.book as RegisterSide;
      const entries = await uow.run((tx) => TaxRegister.query(tx, { from: query.from, to: query.to, side }));
      const format = query.format ?? 'csv';
      const body = format === 'csv' ? bookCsv(side, entries) : await bookXlsx(side, entries);
      const filename = `libro-${side === 'issued' ? 'expedidas' : 'recibidas'}-${query.from}-${query.to}.${format}`;
      return new Response(body, {
        headers: { 'content-type': CONTENT_TYPES[format], 'content-disposition': `attachment; filename="${filename}"`, 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' },
      });
    }, {
      permission: 'tax-books.read', params: BookParams, query: BookQuery,
      detail: {
        summary: 'VAT record book (libro registro de facturas expedidas o recibidas) of a period, by accounting date',
        description: 'One row per invoice and VAT rate from the tax register, in the column layout of the tax agency\'s common format for the VAT books.',
        responses: {
          200: {
            description: 'The book',
            content: { 'text/csv': { schema: { type: 'string' } }, [CONTENT_TYPES.xlsx]: { schema: { type: 'string', format: 'binary' } } },
          },
        } as any,
        tags,
      },
    });
