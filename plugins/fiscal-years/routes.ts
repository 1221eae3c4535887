import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { FiscalYearClose, FiscalYearClosingHistory, FiscalYearResponse, fiscalYearModels } from './schemas';
import { FiscalYears } from './service';

const tags = ['fiscal-years'];
const YearParams = t.Object({ year: t.Integer({ minimum: 1900, maximum: 2998, description: 'The calendar year in which the fiscal year starts' }) });

export const fiscalYearRoutes = (kernel: Kernel) =>
  new Elysia({ name: 'cuadra:fiscal-years', prefix: '/fiscal-years' })
    .use(kernel.http)
    .model(fiscalYearModels)
    .get('', async ({ uow }) => uow.run((tx) => FiscalYears.list(tx)), {
      permission: 'fiscal-years.read', response: { 200: t.Array(FiscalYearResponse) },
      detail: {
        summary: 'The fiscal years from the first with an entry to the current one: dates (calendar years, or from the company\'s fiscal_year_start_month), status, result and lock',
        tags,
      },
    })
    .get('/:year', async ({ uow, params }) => uow.run((tx) => FiscalYears.get(tx, params.year)), {
      permission: 'fiscal-years.read', params: YearParams, response: { 200: 'FiscalYearResponse' },
      detail: { summary: 'One fiscal year', tags },
    })
    .get('/:year/closings', async ({ uow, params }) => uow.run((tx) => FiscalYears.history(tx, params.year)), {
      permission: 'fiscal-years.read', params: YearParams, response: { 200: FiscalYearClosingHistory },
      detail: { summary: 'Every closing of the year, in force or reopened, newest first', tags },
    })
    .post('/:year/close', async ({ uow, params, body }) => uow.run((tx) => FiscalYears.close(kernel, tx, params.year, { force: body?.force })), {
      permission: 'fiscal-years.close', params: YearParams, body: t.Optional(FiscalYearClose), response: { 200: 'FiscalYearClosingResponse' }, effect: 'close',
      detail: {
        summary: 'Close a fiscal year: posts (1) the regularisation of groups 6 and 7 into 129 and (2) the closing entry that brings every balance-sheet account to zero, both on the last day, then (3) the next year\'s opening entry on its first day, and locks the year. 422 listing the draft documents and unreconciled bank movements dated in the year unless force is true; 409 when already closed or an earlier year with entries is open.',
        tags,
      },
    })
    .post('/:year/reopen', async ({ uow, params }) => uow.run((tx) => FiscalYears.reopen(tx, params.year)), {
      permission: 'fiscal-years.reopen', params: YearParams, response: { 200: 'FiscalYearClosingResponse' }, effect: 'close',
      detail: {
        summary: 'Reopen a closed fiscal year (owner only): its opening, closing and regularisation entries are reversed by counter-entries of the same dates (the journal keeps both) and the lock goes back to the end of the previous year (or the lock before the closing, if earlier). 409 when it is not closed or the next year is.',
        tags,
      },
    });
