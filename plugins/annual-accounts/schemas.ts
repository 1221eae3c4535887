import { t } from 'elysia';
import { Nullable } from '../../kernel/schemas';

const Money = t.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$', description: 'Decimal string, two decimals' });

const Line = t.Object({
  code: t.String({ description: 'The line\'s code: the model\'s own numbering (A.II, B.III.1.b, PN.A-1.VII on the balance sheet; 1…19 and A–D on the profit and loss account)' }),
  label: t.String({ description: 'The official label as the model prints it, numbered' }),
  level: t.Integer({ description: '0 masses and totals, 1 roman numerals, 2 arabic numerals, 3 letters' }),
  kind: t.Union([t.Literal('line'), t.Literal('heading'), t.Literal('total')], { description: '`line` takes accounts; `heading` sums the lines below it; `total` sums the lines its label names' }),
  accounts: Nullable(t.Array(t.String(), { description: 'The account prefixes the line takes: (281) a contra account that reduces it; "472 D" / "472 C" only while the balance is a debit / credit' })),
  amount: t.String({ ...Money, description: 'This year: assets as debit balances, equity and liabilities as credit balances; in the profit and loss account income positive and expenses negative' }),
  previous_amount: t.String({ ...Money, description: 'The previous year, computed the same way' }),
});

export const AnnualAccountsResponse = t.Object({
  statement: t.Union([t.Literal('balance_sheet'), t.Literal('profit_and_loss')]),
  model: t.Union([t.Literal('pymes'), t.Literal('abreviado'), t.Literal('normal')]),
  title: t.String(),
  company: t.Object({ name: t.String(), legal_name: Nullable(t.String()), tax_id: Nullable(t.String()) }),
  year: t.Integer({ description: 'The calendar year in which the fiscal year starts' }),
  start_date: t.String({ format: 'date' }),
  end_date: t.String({ format: 'date' }),
  previous: t.Object({ year: t.Integer(), start_date: t.String({ format: 'date' }), end_date: t.String({ format: 'date' }) }),
  sides: t.Array(t.Object({ key: t.String({ description: 'assets, equity_and_liabilities or profit_and_loss' }), title: t.String(), lines: t.Array(Line) })),
  result: t.Object({ amount: Money, previous_amount: Money }, { description: 'The result of each year: D) of the profit and loss account, VII. Resultado del ejercicio of the balance sheet' }),
  totals: Nullable(t.Object({ assets: Money, equity_and_liabilities: Money, previous_assets: Money, previous_equity_and_liabilities: Money }, { description: 'Balance sheet only: TOTAL ACTIVO and TOTAL PATRIMONIO NETO Y PASIVO of each year' })),
  unmapped: t.Array(t.Object({
    account: t.String(), balance: t.String({ ...Money, description: 'Σdebit − Σcredit' }), year: t.Integer(),
  }), { description: 'Accounts with a balance that no line of the model takes (never dropped silently): the statement does not include them, so its totals may not balance until they are reclassified' }),
}, { description: 'One statement of the annual accounts in an official PGC model, this year and the previous one side by side' });

export const annualAccountsModels = { AnnualAccountsResponse };
