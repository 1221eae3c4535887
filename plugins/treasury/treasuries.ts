import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { Conflict, NotFound, ValidationFailed, type FieldError } from '../../kernel/errors';
import { Decimal, money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { ExchangeRates, isCurrency } from '../exchange-rates/api';
import { LedgerService, isIsoDate, todayInSpain } from '../ledger/api';
import { TREASURY_KINDS, type TreasuryKind } from './api';
import { CollectionAccounts } from './collection-account';
import { openingEntry } from './posting';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * The books' currency. A treasury in another currency keeps its movements (and opening balance) in
 * that currency, its sub-ledger; its 572x carries each at its day's euro rate (exchange-rates plugin),
 * and its `currency_balance` is opening + movements in its currency (docs/domain/foreign-currency.md).
 */
export const BOOK_CURRENCY = 'EUR';

export interface TreasuryRow {
  id: string; kind: TreasuryKind; name: string; iban: string | null; provider: string | null; currency: string;
  ledger_account: string; suspense_account: string; opening_balance: string; opening_date: string | null;
  opening_entry_id: string | null; archived_at: unknown; created_at: unknown; updated_at: unknown; collection_account: boolean;
}

export interface TreasuryCreate {
  kind: string; name: string; iban?: string | null; provider?: string | null; currency?: string;
  opening_balance?: string; opening_date?: string | null; collection_account?: boolean;
}
export interface TreasuryUpdate { name?: string; iban?: string | null; provider?: string | null; collection_account?: boolean }

const COLUMNS = `id::text as id, kind, name, iban, provider, currency, ledger_account, suspense_account, opening_balance::text as opening_balance,
  opening_date::text as opening_date, opening_entry_id::text as opening_entry_id, archived_at, created_at, updated_at, collection_account`;

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export function treasuryToJson(row: TreasuryRow, balance: Decimal, currencyBalance?: Decimal) {
  return {
    id: row.id, kind: row.kind, name: row.name, iban: row.iban, provider: row.provider, currency: row.currency,
    ledger_account: row.ledger_account, suspense_account: row.suspense_account, balance: balance.toString(),
    opening_balance: row.opening_balance, opening_date: row.opening_date, opening_entry_id: row.opening_entry_id,
    archived: row.archived_at != null, archived_at: row.archived_at == null ? null : iso(row.archived_at), created_at: iso(row.created_at), updated_at: iso(row.updated_at),
    collection_account: row.collection_account,
    currency_balance: (row.currency === BOOK_CURRENCY ? balance : currencyBalance ?? balance).toString(),
  };
}

/** The IBAN in electronic format, or a field error. */
function checkIban(raw: string, errors: FieldError[], loc: (string | number)[]): string | null {
  const iban = electronicFormatIBAN(raw) ?? '';
  if (!isValidIBAN(iban)) { errors.push({ loc, msg: 'Not a valid IBAN (country, check digits and account number)', type: 'value_error.iban' }); return null; }
  return iban;
}

function checkName(raw: unknown, errors: FieldError[], loc: (string | number)[]): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name || name.length > 200) errors.push({ loc, msg: 'A name of 1 to 200 characters is required', type: 'value_error.name' });
  return name;
}

export const Treasuries = {
  async find(tx: Tx, id: string): Promise<TreasuryRow | null> {
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    const [row] = await tx.sql<TreasuryRow>(`select ${COLUMNS} from treasuries where tenant_id = :tenant and id = :id::uuid`, { id });
    return row ?? null;
  },

  async get(tx: Tx, id: string): Promise<TreasuryRow> {
    const row = await Treasuries.find(tx, id);
    if (!row) throw new NotFound('Treasury not found');
    return row;
  },

  /** A treasury that takes new movements (409 once archived). */
  async getActive(tx: Tx, id: string): Promise<TreasuryRow> {
    const row = await Treasuries.get(tx, id);
    if (row.archived_at != null) throw new Conflict('The treasury is archived: it takes no new movements');
    return row;
  },

  async list(tx: Tx, query: { limit: number; offset: number; includeArchived?: boolean; kind?: string; from?: string; to?: string }): Promise<{ items: TreasuryRow[]; total: number }> {
    const params: Record<string, unknown> = { limit: query.limit, offset: query.offset };
    let where = 'tenant_id = :tenant';
    if (query.from !== undefined) { where += ` and created_at >= :from::date`; params.from = query.from; }
    if (query.to !== undefined) { where += ` and created_at < :to::date + 1`; params.to = query.to; }
    if (!query.includeArchived) where += ' and archived_at is null';
    if (query.kind !== undefined) { where += ' and kind = :kind'; params.kind = query.kind; }
    const [count] = await tx.sql<{ n: number }>(`select count(*)::int as n from treasuries where ${where}`, params);
    const items = await tx.sql<TreasuryRow>(`select ${COLUMNS} from treasuries where ${where} order by name, created_at, id limit :limit offset :offset`, params);
    return { items, total: Number(count.n) };
  },

  /** Opening balance plus every movement, in the treasury's own currency (its sub-ledger), for treasuries not in euros. */
  async currencyBalances(tx: Tx, rows: readonly TreasuryRow[], asOf?: string): Promise<Map<string, Decimal>> {
    const foreign = rows.filter((r) => r.currency !== BOOK_CURRENCY);
    if (!foreign.length) return new Map();
    const sums = await tx.sql<{ id: string; total: string }>(`select t.id::text as id, (t.opening_balance + coalesce((select sum(m.amount) from bank_movements m
        where m.tenant_id = t.tenant_id and m.treasury_id = t.id and (:asOf::date is null or m.booking_date <= :asOf::date)), 0))::text as total
      from treasuries t where t.tenant_id = :tenant and t.id = any(:ids::uuid[])`, { ids: `{${foreign.map((r) => r.id).join(',')}}`, asOf: asOf ?? null });
    return new Map(sums.map((r) => [r.id, money(Decimal.parse(r.total, 6).round(2).toString())]));
  },

  /** The 572x balance of each treasury (as of `asOf` when given). */
  async balances(tx: Tx, rows: readonly TreasuryRow[], asOf?: string): Promise<Map<string, Decimal>> {
    const byAccount = await LedgerService.accountBalances(tx, rows.map((r) => r.ledger_account), asOf);
    return new Map(rows.map((r) => [r.id, byAccount.get(r.ledger_account) ?? Decimal.zero(2)]));
  },

  /**
   * A new treasury with its own 572x and 555x sub-accounts; a non-zero opening balance is posted
   * as its opening entry on `opening_date` (today by default).
   */
  async create(tx: Tx, input: TreasuryCreate): Promise<TreasuryRow> {
    const errors: FieldError[] = [];
    if (!TREASURY_KINDS.includes(input.kind as TreasuryKind)) errors.push({ loc: ['body', 'kind'], msg: `One of ${TREASURY_KINDS.join(', ')}`, type: 'value_error.kind' });
    const name = checkName(input.name, errors, ['body', 'name']);
    const iban = input.iban == null || input.iban === '' ? null : checkIban(input.iban, errors, ['body', 'iban']);
    const currency = input.currency ?? BOOK_CURRENCY;
    if (!isCurrency(currency)) errors.push({ loc: ['body', 'currency'], msg: 'Not an active ISO 4217 currency code (e.g. EUR, USD, GBP)', type: 'value_error.currency' });
    let opening = Decimal.zero(2);
    if (input.opening_balance !== undefined) {
      try { opening = money(input.opening_balance); } catch { errors.push({ loc: ['body', 'opening_balance'], msg: 'A signed amount with at most two decimals', type: 'value_error.amount' }); }
    }
    if (input.opening_date != null && !isIsoDate(input.opening_date)) errors.push({ loc: ['body', 'opening_date'], msg: 'Not a valid date (YYYY-MM-DD)', type: 'value_error.date' });
    if (errors.length) throw new ValidationFailed(errors);
    CollectionAccounts.check({ iban, archived: false }, !!input.collection_account);
    if (iban) await assertIbanFree(tx, iban);

    const id = crypto.randomUUID();
    // PGC: 572 bank current accounts in euros, 573 in a foreign currency
    const ledgerAccount = await LedgerService.nextSubAccountCode(tx, currency === BOOK_CURRENCY ? '572' : '573');
    await LedgerService.createAccount(tx, { code: ledgerAccount, name: name });
    const suspenseAccount = await LedgerService.nextSubAccountCode(tx, '555');
    await LedgerService.createAccount(tx, { code: suspenseAccount, name: `Pendiente de aplicación: ${name}`.slice(0, 200) });
    const openingDate = input.opening_date ?? (opening.isZero() ? null : todayInSpain());
    let openingEntryId: string | null = null;
    const accounts = { id, name, ledger_account: ledgerAccount, suspense_account: suspenseAccount };
    // in another currency, the opening balance is booked in euros at its day's rate (422 when the table has none)
    const openingEuros = currency === BOOK_CURRENCY || opening.isZero() ? opening : await ExchangeRates.toEuros(tx, opening, currency, openingDate!);
    if (!openingEuros.isZero()) openingEntryId = (await LedgerService.post(tx, openingEntry(accounts, openingEuros, openingDate!))).id;
    const [row] = await tx.sql<TreasuryRow>(`
      insert into treasuries (id, tenant_id, kind, name, iban, provider, currency, ledger_account, suspense_account, opening_balance, opening_date, opening_entry_id)
      values (:id::uuid, :tenant, :kind, :name, :iban, :provider, :currency, :ledger, :suspense, :opening::numeric, :openingDate::date, :entry::uuid)
      returning ${COLUMNS}`, {
      id, kind: input.kind, name, iban, provider: input.provider?.trim() || null, currency, ledger: ledgerAccount, suspense: suspenseAccount,
      opening: opening.toString(), openingDate, entry: openingEntryId,
    });
    if (!input.collection_account) return row;
    await CollectionAccounts.set(tx, id, true);
    return { ...row, collection_account: true };
  },

  async update(tx: Tx, id: string, input: TreasuryUpdate): Promise<TreasuryRow> {
    const current = await Treasuries.get(tx, id);
    const errors: FieldError[] = [];
    const name = input.name === undefined ? current.name : checkName(input.name, errors, ['body', 'name']);
    let iban = current.iban;
    if (input.iban !== undefined) iban = input.iban == null || input.iban === '' ? null : checkIban(input.iban, errors, ['body', 'iban']);
    if (errors.length) throw new ValidationFailed(errors);
    if (iban && iban !== current.iban) await assertIbanFree(tx, iban);
    const collection = input.collection_account ?? current.collection_account;
    CollectionAccounts.check({ iban, archived: current.archived_at != null }, collection);
    // unmarked before the row changes and marked after, so that the row never breaks the table's check
    if (!collection && current.collection_account) await CollectionAccounts.set(tx, id, false);
    const provider = input.provider === undefined ? current.provider : input.provider?.trim() || null;
    const [row] = await tx.sql<TreasuryRow>(`update treasuries set name = :name, iban = :iban, provider = :provider, updated_at = now()
      where tenant_id = :tenant and id = :id::uuid returning ${COLUMNS}`, { id, name, iban, provider });
    if (collection && !current.collection_account) await CollectionAccounts.set(tx, id, true);
    return { ...row, collection_account: collection };
  },

  async archive(tx: Tx, id: string): Promise<TreasuryRow> {
    await Treasuries.get(tx, id);
    const [row] = await tx.sql<TreasuryRow>(`update treasuries set archived_at = coalesce(archived_at, now()), collection_account = false, updated_at = now()
      where tenant_id = :tenant and id = :id::uuid returning ${COLUMNS}`, { id });
    return row;
  },
};

async function assertIbanFree(tx: Tx, iban: string): Promise<void> {
  const [taken] = await tx.sql(`select 1 from treasuries where tenant_id = :tenant and iban = :iban and archived_at is null`, { iban });
  if (taken) throw new Conflict('Another treasury of the company has this IBAN');
}
