import { Decimal } from '../../kernel/money';
import type { LineDef, SideDef, StatementDef } from './models/types';

/**
 * The annual accounts from account balances: pure functions over a model's data (./models). No
 * database: the service reads the balances from the ledger and hands them in.
 */

export interface AccountRule {
  /** The account code prefix. */
  prefix: string;
  /** Written in parentheses in the model: a contra account, which reduces its line. */
  contra: boolean;
  /** Taken only while the account's balance is a debit (`D`) or a credit (`C`); null: always. */
  when: 'D' | 'C' | null;
}

const RULE = /^(\()?([0-9]{1,12})(\))?(?: ([DC]))?$/;

/** `'(2817)'` → contra 2817; `'472 D'` → 472 while a debit balance; `'57'` → 57 always. */
export function parseRule(text: string): AccountRule {
  const match = RULE.exec(text);
  if (!match || !!match[1] !== !!match[3]) throw new RangeError(`Not an account rule: ${JSON.stringify(text)}`);
  return { prefix: match[2], contra: !!match[1], when: (match[4] as 'D' | 'C' | undefined) ?? null };
}

interface CompiledRule extends AccountRule { line: LineDef; side: SideDef }

/** The mistakes a model's data can have: duplicate codes, bad rules, two lines taking the same balance, totals naming no line. */
export function modelProblems(statement: StatementDef): string[] {
  const problems: string[] = [];
  const codes = new Set<string>();
  const rules: CompiledRule[] = [];
  for (const side of statement.sides) {
    for (const line of side.lines) {
      if (codes.has(line.code)) problems.push(`${statement.title}: line ${line.code} twice`);
      codes.add(line.code);
      if (line.accounts && line.sum) problems.push(`${statement.title}: line ${line.code} has both accounts and a sum`);
      for (const text of line.accounts ?? []) {
        try { rules.push({ ...parseRule(text), line, side }); } catch (error) { problems.push(`${statement.title}: line ${line.code}: ${(error as Error).message}`); }
      }
    }
  }
  for (const side of statement.sides) {
    for (const line of side.lines) {
      for (const term of line.sum ?? []) if (!codes.has(term.replace(/^-/, ''))) problems.push(`${statement.title}: total ${line.code} names unknown line ${term}`);
    }
  }
  for (let i = 0; i < rules.length; i++) {
    for (let j = i + 1; j < rules.length; j++) {
      const a = rules[i], b = rules[j];
      if (a.prefix === b.prefix && (a.when === null || b.when === null || a.when === b.when)) {
        problems.push(`${statement.title}: account ${a.prefix} is taken by lines ${a.line.code} and ${b.line.code}`);
      }
    }
  }
  return problems;
}

/** Which rule takes an account with this balance: the longest matching prefix whose condition holds. */
export class AccountMap {
  private readonly byPrefix = new Map<string, CompiledRule[]>();
  private readonly longest: number;

  constructor(readonly statement: StatementDef) {
    let longest = 0;
    for (const side of statement.sides) {
      for (const line of side.lines) {
        for (const text of line.accounts ?? []) {
          const rule = { ...parseRule(text), line, side };
          const list = this.byPrefix.get(rule.prefix) ?? [];
          list.push(rule);
          this.byPrefix.set(rule.prefix, list);
          longest = Math.max(longest, rule.prefix.length);
        }
      }
    }
    this.longest = longest;
  }

  /** The rule taking `account` with `balance` (Σdebit − Σcredit), or null when none does. */
  ruleFor(account: string, balance: Decimal): CompiledRule | null {
    const sign = balance.isNegative() ? 'C' : 'D';
    for (let n = Math.min(this.longest, account.length); n >= 1; n--) {
      const rules = this.byPrefix.get(account.slice(0, n));
      const rule = rules?.find((r) => r.when === null || r.when === sign);
      if (rule) return rule;
    }
    return null;
  }
}

export interface ComputedLine {
  code: string;
  label: string;
  level: number;
  /** The model's rules for a leaf ('(281)', '572 C'); null for headings and totals. */
  accounts: readonly string[] | null;
  kind: 'line' | 'heading' | 'total';
  amount: Decimal;
}
export interface ComputedSide { key: SideDef['key']; title: string; lines: ComputedLine[] }
export interface Computed {
  sides: ComputedSide[];
  /** Accounts with a balance no line takes (their balance as Σdebit − Σcredit), never dropped silently. */
  unmapped: { account: string; balance: Decimal }[];
}

/**
 * The statement's lines from balances by account (Σdebit − Σcredit; the accounts as posted, e.g.
 * 5720001). `include` narrows the accounts the statement is about (the profit and loss account:
 * groups 6 and 7); an account it includes that no line takes is listed in `unmapped`.
 */
export function computeStatement(map: AccountMap, balances: Iterable<{ account: string; balance: Decimal }>, include: (account: string) => boolean = () => true): Computed {
  const leafAmounts = new Map<string, Decimal>();
  const unmapped: Computed['unmapped'] = [];
  for (const { account, balance } of balances) {
    if (balance.isZero() || !include(account)) continue;
    const rule = map.ruleFor(account, balance);
    if (!rule) { unmapped.push({ account, balance }); continue; }
    const shown = rule.side.sign === 'debit' ? balance : balance.negate();
    leafAmounts.set(rule.line.code, (leafAmounts.get(rule.line.code) ?? Decimal.zero(2)).add(shown));
  }
  const amounts = new Map<string, Decimal>();
  const sides = map.statement.sides.map((side) => {
    const lines: ComputedLine[] = side.lines.map((line, i) => {
      if (line.accounts) {
        const amount = leafAmounts.get(line.code) ?? Decimal.zero(2);
        amounts.set(line.code, amount);
        return { code: line.code, label: line.label, level: line.level, accounts: line.accounts, kind: 'line', amount };
      }
      if (line.sum) return { code: line.code, label: line.label, level: line.level, accounts: null, kind: 'total', amount: Decimal.zero(2) };
      // a heading: the leaves below it, down to the next line of its level or higher
      let amount = Decimal.zero(2);
      for (let j = i + 1; j < side.lines.length && side.lines[j].level > line.level; j++) {
        const below = side.lines[j];
        if (below.accounts) amount = amount.add(leafAmounts.get(below.code) ?? Decimal.zero(2));
      }
      amounts.set(line.code, amount);
      return { code: line.code, label: line.label, level: line.level, accounts: null, kind: 'heading', amount };
    });
    return { key: side.key, title: side.title, lines };
  });
  // totals in order (a total may name an earlier total: C = A + B)
  for (const side of sides) {
    for (const line of side.lines) {
      if (line.kind !== 'total') continue;
      const def = map.statement.sides.flatMap((s) => s.lines).find((l) => l.code === line.code)!;
      line.amount = def.sum!.reduce((total, term) => {
        const value = amounts.get(term.replace(/^-/, '')) ?? Decimal.zero(2);
        return term.startsWith('-') ? total.sub(value) : total.add(value);
      }, Decimal.zero(2));
      amounts.set(line.code, line.amount);
    }
  }
  unmapped.sort((a, b) => a.account.localeCompare(b.account));
  return { sides, unmapped };
}
