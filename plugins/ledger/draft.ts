import { Decimal } from '../../kernel/money';
import { ValidationFailed, type FieldError } from '../../kernel/errors';
import type { PostingAccounts } from './chart';

/** A calendar date as `YYYY-MM-DD` (no time zone: the books are kept by day). */
export type IsoDate = string;

export interface JournalDraftLine {
  /** Account code of the tenant's chart, e.g. '4300', '477' or '4300001'. */
  account: string;
  /** Exactly one of debit and credit is a positive amount with at most two decimals. */
  debit?: Decimal;
  credit?: Decimal;
  contactId?: string | null;
  taxTypeId?: string | null;
  /** The taxable base behind a tax line (negative on credit notes); null on other lines. */
  taxBase?: Decimal | null;
  /**
   * When the account does not exist yet, create it as a tenant sub-account (code of 4–12 digits)
   * under its longest existing prefix of 3+ digits, with this name. Without it an unknown account is refused.
   */
  createAccount?: { name: string };
}

export interface JournalDraft {
  date: IsoDate;
  description: string;
  /** What produced the entry: 'invoice', 'purchase', 'payment', 'manual', … (`^[a-z][a-z0-9_.-]{0,49}$`). */
  sourceType: string;
  /** The source document's id (null for manual entries). */
  sourceId?: string | null;
  lines: JournalDraftLine[];
}

/**
 * A posting rule: a pure function from a document to the entry it produces, living next to the
 * document's plugin (invoices, purchases, treasury). It never reads the database: the accounts
 * it needs come in `accounts` (LedgerService.postingAccounts).
 */
export type PostingRule<TDoc> = (doc: TDoc, accounts: PostingAccounts) => JournalDraft;

export interface PostedLine {
  lineNo: number;
  account: string;
  accountName: string;
  debit: Decimal;
  credit: Decimal;
  contactId: string | null;
  taxTypeId: string | null;
  taxBase: Decimal | null;
}

export interface PostedEntry {
  id: string;
  /** Gapless per tenant: 1, 2, 3, … in posting order. */
  number: number;
  date: IsoDate;
  description: string;
  sourceType: string;
  sourceId: string | null;
  reversalOf: string | null;
  reversedBy: string | null;
  createdAt: string;
  lines: PostedLine[];
}

export const ACCOUNT_CODE = /^[1-9][0-9]{0,11}$/;
export const SOURCE_TYPE = /^[a-z][a-z0-9_.-]{0,49}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_AMOUNT = Decimal.parse('9999999999999999.99'); // numeric(18,2)
export const MAX_LINES = 1000;

/** True for a real calendar date `YYYY-MM-DD` between 1900 and 2999. */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  if (y < 1900 || y > 2999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Today in Spain (Europe/Madrid), as the books count days. */
export const todayInSpain = (): IsoDate => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date());

const isMoney = (value: Decimal) => value.rescale(2).eq(value);
const abs = (value: Decimal) => (value.isNegative() ? value.negate() : value);

/**
 * Checks a draft without touching the database: shape, amounts (non-negative, two decimals, one
 * side per line), balance. Posting rules can be unit-tested against it. `loc` prefixes error paths.
 */
export function checkDraft(draft: JournalDraft, loc: (string | number)[] = ['journal_entry']): FieldError[] {
  const errors: FieldError[] = [];
  const fail = (path: (string | number)[], msg: string, type = 'value_error') => errors.push({ loc: [...loc, ...path], msg, type });
  if (!isIsoDate(draft.date)) fail(['date'], 'Not a valid date (YYYY-MM-DD, years 1900–2999)');
  if (typeof draft.description !== 'string' || !draft.description.trim() || draft.description.length > 500) fail(['description'], 'A description of 1 to 500 characters is required');
  if (typeof draft.sourceType !== 'string' || !SOURCE_TYPE.test(draft.sourceType)) fail(['source_type'], 'A lowercase source type such as "invoice" or "manual" is required');
  if (draft.sourceId != null && (typeof draft.sourceId !== 'string' || !UUID.test(draft.sourceId))) fail(['source_id'], 'Not a UUID');
  if (!Array.isArray(draft.lines) || draft.lines.length < 2) {
    fail(['lines'], 'An entry needs at least two lines');
    return errors;
  }
  if (draft.lines.length > MAX_LINES) fail(['lines'], `An entry has at most ${MAX_LINES} lines`);
  let debits = Decimal.zero(2), credits = Decimal.zero(2), amountsValid = true;
  draft.lines.forEach((line, i) => {
    const at = (field: string) => ['lines', i, field];
    if (typeof line.account !== 'string' || !ACCOUNT_CODE.test(line.account)) fail(at('account'), 'An account code is 1 to 12 digits, not starting with 0');
    const sides: [string, Decimal | undefined][] = [['debit', line.debit], ['credit', line.credit]];
    let positive = 0;
    for (const [side, amount] of sides) {
      if (amount == null) continue;
      if (!(amount instanceof Decimal)) { fail(at(side), 'Not a decimal amount'); amountsValid = false; continue; }
      if (amount.isNegative()) { fail(at(side), 'Amounts are never negative: put the amount on the other side', 'value_error.negative'); amountsValid = false; continue; }
      if (!isMoney(amount)) { fail(at(side), 'At most two decimals'); amountsValid = false; continue; }
      if (amount.compare(MAX_AMOUNT) > 0) { fail(at(side), 'Amount too large'); amountsValid = false; continue; }
      if (!amount.isZero()) positive++;
    }
    if (positive === 2) { fail(['lines', i], 'A line has either a debit or a credit, not both', 'value_error.both_sides'); amountsValid = false; }
    else if (positive === 0 && amountsValid) { fail(['lines', i], 'A line needs a positive debit or credit', 'value_error.no_amount'); amountsValid = false; }
    if (amountsValid) {
      if (line.debit && !line.debit.isZero()) debits = debits.add(line.debit.rescale(2));
      if (line.credit && !line.credit.isZero()) credits = credits.add(line.credit.rescale(2));
    }
    if (line.contactId != null && (typeof line.contactId !== 'string' || !UUID.test(line.contactId))) fail(at('contact_id'), 'Not a UUID');
    if (line.taxTypeId != null && (typeof line.taxTypeId !== 'string' || !UUID.test(line.taxTypeId))) fail(at('tax_type_id'), 'Not a UUID');
    if (line.taxBase != null) {
      if (!(line.taxBase instanceof Decimal) || !isMoney(line.taxBase) || abs(line.taxBase).compare(MAX_AMOUNT) > 0) fail(at('tax_base'), 'Not an amount with at most two decimals');
    }
    if (line.createAccount != null && (typeof line.createAccount.name !== 'string' || !line.createAccount.name.trim() || line.createAccount.name.length > 200)) {
      fail(at('create_account'), 'A new account needs a name of 1 to 200 characters');
    }
  });
  if (amountsValid && !debits.eq(credits)) {
    fail(['lines'], `The entry does not balance: debits ${debits} and credits ${credits} differ by ${abs(debits.sub(credits))}`, 'value_error.unbalanced');
  }
  return errors;
}

export function assertDraft(draft: JournalDraft, loc?: (string | number)[]): void {
  const errors = checkDraft(draft, loc);
  if (errors.length) throw new ValidationFailed(errors);
}

/** Σdebit and Σcredit of a draft (both with two decimals). */
export function draftTotals(draft: JournalDraft): { debit: Decimal; credit: Decimal } {
  let debit = Decimal.zero(2), credit = Decimal.zero(2);
  for (const line of draft.lines) {
    if (line.debit) debit = debit.add(line.debit).rescale(2);
    if (line.credit) credit = credit.add(line.credit).rescale(2);
  }
  return { debit, credit };
}

/** `subAccountCode('4300', 12)` → '4300012': a 7-digit (by default) sub-account of `parent`. */
export function subAccountCode(parent: string, n: number, width = 7): string {
  const room = width - parent.length;
  if (!ACCOUNT_CODE.test(parent) || room < 1 || !Number.isInteger(n) || n < 1 || String(n).length > room) {
    throw new RangeError(`No ${width}-digit sub-account ${n} under ${parent}`);
  }
  return parent + String(n).padStart(room, '0');
}
