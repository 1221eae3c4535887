/**
 * How a model of the annual accounts is written down: data only, no code. Each statement is a list
 * of sides (ACTIVO, PATRIMONIO NETO Y PASIVO, or the one side of the profit and loss account), each
 * a list of lines in the order the model prints them.
 *
 * A line is one of three things:
 * - a **leaf** with `accounts`: the account code prefixes whose balances it takes. `(281)` in
 *   parentheses is a contra account (it reduces the line: its balance has the other sign); a
 *   trailing ` D` or ` C` takes the account only while its balance is a debit (`D`) or a credit
 *   (`C`) — the accounts the PGC places on the asset or the liability side by the sign of their
 *   balance (472/477, 4750, an overdrawn bank account 572, 551, 555…). An empty list is a line the
 *   model has and the chart cannot fill by itself (e.g. "a) largo plazo" of the customers).
 * - a **heading** without `accounts` or `sum`: the sum of the lines below it of a deeper level.
 * - a **total** with `sum`: the sum of the lines named (a leading `-` subtracts), e.g. TOTAL ACTIVO (A + B).
 *
 * Amounts: every line of a side shows its accounts' balances in the side's `sign` — `debit` (assets:
 * Σdebit − Σcredit) or `credit` (equity and liabilities, and the profit and loss account: Σcredit −
 * Σdebit). A contra account therefore reduces its line without any special rule, and a P&L expense
 * line is negative, as the model prints it.
 *
 * Each account with a balance goes to exactly one line: the rule with the longest matching prefix
 * whose balance condition holds (so `2817` goes to `(281)`, not to `21`; `5720001` overdrawn goes to
 * `572 C` on the liability side, otherwise to `57`). An account no rule takes is reported as unmapped.
 */
export interface LineDef {
  /** Unique within the statement: the model's numbering (`A.II`, `B.III.1.b`, `PN.A-1.VII`, `11`, `D`). */
  readonly code: string;
  /** The official label, numbered as the model prints it. */
  readonly label: string;
  /** Indentation: 0 for the masses (A, B, C and totals), 1 for roman numerals, 2 arabic, 3 letters. */
  readonly level: number;
  readonly accounts?: readonly string[];
  readonly sum?: readonly string[];
}

export interface SideDef {
  readonly key: 'assets' | 'equity_and_liabilities' | 'profit_and_loss';
  readonly title: string;
  readonly sign: 'debit' | 'credit';
  readonly lines: readonly LineDef[];
}

export interface StatementDef {
  readonly title: string;
  /** The code of the line that is the year's result on a profit and loss account, when not `D` (the normal model's `A.5`). */
  readonly result?: string;
  readonly sides: readonly SideDef[];
}

export interface ModelDef {
  readonly key: ModelKey;
  readonly name: string;
  /** Where the structure and the account equivalences come from. */
  readonly source: string;
  readonly balanceSheet: StatementDef;
  readonly profitAndLoss: StatementDef;
}

export const MODEL_KEYS = ['pymes', 'abreviado', 'normal'] as const;
export type ModelKey = (typeof MODEL_KEYS)[number];
