import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { literalUnion } from '../../kernel/schemas';
import { statementPdf, statementXlsx } from './render';
import { annualAccountsModels } from './schemas';
import { AnnualAccounts, type StatementKind } from './service';

const tags = ['annual-accounts'];
const YearParams = t.Object({ year: t.Integer({ minimum: 1900, maximum: 2998, description: 'The calendar year in which the fiscal year starts' }) });
const StatementQuery = t.Object({
  model: t.Optional(literalUnion(['pymes', 'abreviado', 'normal'] as const, { description: 'The PGC model: pymes (default), abreviado or normal', default: 'pymes' })),
  format: t.Optional(literalUnion(['json', 'xlsx', 'pdf'] as const, { description: 'json (default), xlsx or pdf', default: 'json' })),
});
const CONTENT_TYPES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', pdf: 'application/pdf' } as const;
const FILE_NAMES: Record<StatementKind, string> = { balance_sheet: 'balance', profit_and_loss: 'perdidas-y-ganancias' };

const RULES = 'Balances come from the ledger\'s maintained monthly balances. The balance sheet reads every account as of the year\'s last day without the year-end closing and opening entries (a closed year reads as before its closing entry; the next year\'s opening never counts twice); before the regularisation its "Resultado del ejercicio" is groups 7 − 6, after it account 129. The profit and loss account reads groups 6 and 7 of the year without the regularisation. Accounts with a balance that no line of the model takes are listed in `unmapped`.';

export const annualAccountsRoutes = (kernel: Kernel) => {
  const statement = (kind: StatementKind) => async ({ uow, params, query }: any) => {
    const view = await uow.report((tx: any) => AnnualAccounts.statement(tx, params.year, kind, query.model ?? 'pymes'));
    const format = query.format ?? 'json';
    if (format === 'json') return view;
    const body = format === 'xlsx' ? await statementXlsx(view) : await statementPdf(view);
    return new Response(body, {
      headers: {
        'content-type': CONTENT_TYPES[format as 'xlsx' | 'pdf'], 'content-disposition': `attachment; filename="${FILE_NAMES[kind]}-${view.model}-${view.year}.${format}"`,
        'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store',
      },
    });
  };
  const responses = {
    200: {
      description: 'The statement',
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/AnnualAccountsResponse' } },
        [CONTENT_TYPES.xlsx]: { schema: { type: 'string', format: 'binary' } },
        [CONTENT_TYPES.pdf]: { schema: { type: 'string', format: 'binary' } },
      },
    },
  } as any;
  return new Elysia({ name: 'cuadra:annual-accounts', prefix: '/annual-accounts' })
    .use(kernel.http)
    .model(annualAccountsModels)
    .get('/:year/balance-sheet', statement('balance_sheet'), {
      permission: 'annual-accounts.read', params: YearParams, query: StatementQuery,
      detail: {
        summary: 'Balance sheet of a fiscal year in an official PGC model (PYMES, abreviado or normal), with the previous year beside it, as JSON, XLSX or PDF',
        description: `Every line of the model with its official label, its code and the accounts it takes; TOTAL ACTIVO (A + B) equals TOTAL PATRIMONIO NETO Y PASIVO (A + B + C). ${RULES}`,
        responses, tags,
      },
    })
    .get('/:year/profit-and-loss', statement('profit_and_loss'), {
      permission: 'annual-accounts.read', params: YearParams, query: StatementQuery,
      detail: {
        summary: 'Profit and loss account (cuenta de pérdidas y ganancias) of a fiscal year in an official PGC model, with the previous year beside it, as JSON, XLSX or PDF',
        description: `The numbered lines of the model (with their a), b) splits in the normal model) and the results A) de explotación, B) financiero, C) antes de impuestos and D) del ejercicio (A.1) to A.5) in the normal model), which equals account 129 after the regularisation. ${RULES}`,
        responses, tags,
      },
    });
};
