import { Conflict, NotFound, ValidationFailed, type FieldError } from '../../kernel/errors';
import { Decimal, money } from '../../kernel/money';
import { pgArray } from '../../kernel/sql-params';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import { TaxService } from '../taxes/api';
import { DEFAULT_POSTING_ACCOUNTS, type PostingAccounts } from './chart';
import { dayBefore, periodRowsSql } from './balances';
import { entrySql } from './entry-sql';
import { YEAR_END_SOURCE_TYPES } from './year-end';
import {
  ACCOUNT_CODE, UUID, assertDraft, isIsoDate, todayInSpain,
  type IsoDate, type JournalDraft, type PostedEntry, type PostedLine,
} from './draft';

type Loc = (string | number)[];

export interface AccountView {
  code: string;
  name: string;
  group: number;
  parentCode: string | null;
  isPostable: boolean;
  createdByTenant: boolean;
}

export interface Period {
  from?: IsoDate;
  to?: IsoDate;
  /**
   * Entries of these source types left out of the sums (e.g. `year_end.closing`: a trial balance of
   * a closed year as it stood before its closing entry). Read from those entries' lines only.
   */
  excludeSourceTypes?: readonly string[];
}

export interface JournalQuery extends Period {
  limit?: number;
  offset?: number;
  /** Entries with at least one line on an account starting with this code. */
  account?: string;
  sourceType?: string;
  sourceId?: string;
  contactId?: string;
}

const DEFAULT_LIMIT = 50;

/**
 * Year-end entries (regularisation, closing, opening) left out by default where the ledger answers
 * economic figures — flows over a period (`totalsByAccount`, `monthlyTotals`) and balances as of a
 * date (`accountBalances`) — so a closed year still shows its income, expenses and bank balance on
 * its last day, and a span across years counts each movement once (the closing and the next opening
 * entry cancel out). The books' own views (`trialBalance`, `chart`, `statement`, `journal`) show
 * every entry. Pass `excludeSourceTypes: []` to include them. docs/domain/fiscal-year.md §4.
 */
const YEAR_END_TYPES: readonly string[] = Object.values(YEAR_END_SOURCE_TYPES);

const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();

export function checkPeriod(period: Period, loc: Loc = ['query']): void {
  const errors: FieldError[] = [];
  if (period.from !== undefined && !isIsoDate(period.from)) errors.push({ loc: [...loc, 'from'], msg: 'Not a valid date (YYYY-MM-DD)', type: 'value_error' });
  if (period.to !== undefined && !isIsoDate(period.to)) errors.push({ loc: [...loc, 'to'], msg: 'Not a valid date (YYYY-MM-DD)', type: 'value_error' });
  if (!errors.length && period.from && period.to && period.from > period.to) errors.push({ loc: [...loc, 'from'], msg: '"from" is after "to"', type: 'value_error' });
  if (errors.length) throw new ValidationFailed(errors);
}

/** SQL conditions for a period on a date column, with their parameters. */
function periodSql(column: string, period: Period, params: Record<string, unknown>): string {
  let sql = '';
  if (period.from) { sql += ` and ${column} >= :from::date`; params.from = period.from; }
  if (period.to) { sql += ` and ${column} <= :to::date`; params.to = period.to; }
  return sql;
}

interface LineRow {
  entry_id: string; line_no: number; account_code: string; account_name: string; debit: string; credit: string;
  contact_id: string | null; tax_type_id: string | null; tax_base: string | null;
}
interface EntryRow {
  id: string; number: number; date: string; description: string; source_type: string; source_id: string | null;
  reversal_of: string | null; reversed_by: string | null; created_at: unknown;
}

const ENTRY_COLUMNS = `e.id::text as id, e.number, e.date::text as date, e.description, e.source_type, e.source_id::text as source_id,
  e.reversal_of::text as reversal_of, r.id::text as reversed_by, e.created_at`;
const ENTRY_FROM = `journal_entries e left join journal_entries r on r.tenant_id = e.tenant_id and r.reversal_of = e.id`;

async function loadLines(tx: Tx, entryIds: string[]): Promise<Map<string, PostedLine[]>> {
  const byEntry = new Map<string, PostedLine[]>();
  if (!entryIds.length) return byEntry;
  const rows = await tx.sql<LineRow>(`
    select l.entry_id::text as entry_id, l.line_no, l.account_code, a.name as account_name, l.debit::text as debit, l.credit::text as credit,
      l.contact_id::text as contact_id, l.tax_type_id::text as tax_type_id, l.tax_base::text as tax_base
    from journal_lines l join accounts a on a.tenant_id = l.tenant_id and a.code = l.account_code
    where l.tenant_id = :tenant and l.entry_id = any(:ids::uuid[])
    order by l.entry_id, l.line_no`, { ids: pgArray(entryIds) });
  for (const row of rows) {
    const list = byEntry.get(row.entry_id) ?? [];
    list.push({
      lineNo: Number(row.line_no), account: row.account_code, accountName: row.account_name,
      debit: money(row.debit), credit: money(row.credit), contactId: row.contact_id, taxTypeId: row.tax_type_id,
      taxBase: row.tax_base == null ? null : money(row.tax_base),
    });
    byEntry.set(row.entry_id, list);
  }
  return byEntry;
}

function toPosted(row: EntryRow, lines: PostedLine[]): PostedEntry {
  return {
    id: row.id, number: Number(row.number), date: row.date, description: row.description, sourceType: row.source_type,
    sourceId: row.source_id, reversalOf: row.reversal_of, reversedBy: row.reversed_by, createdAt: iso(row.created_at), lines,
  };
}

function accountView(row: { code: string; name: string; account_group: number; parent_code: string | null; is_postable: boolean; created_by_tenant: boolean }): AccountView {
  return { code: row.code, name: row.name, group: Number(row.account_group), parentCode: row.parent_code, isPostable: row.is_postable, createdByTenant: row.created_by_tenant };
}

const ACCOUNT_COLUMNS = `code, name, account_group, parent_code, is_postable, created_by_tenant`;

/**
 * The ledger: the only writer of journal entries. Other plugins reach it through ./api.ts; every
 * function runs inside the caller's unit of work, so a document and its entry commit together.
 */
/** The distinct ids (nulls skipped) that `find` answers with NotFound: each id looked up once. */
async function unknownIds(ids: (string | null | undefined)[], find: (id: string) => Promise<unknown>): Promise<Set<string>> {
  const unknown = new Set<string>();
  for (const id of new Set(ids.filter((x): x is string => !!x))) {
    await find(id).catch((error) => { if (error instanceof NotFound) unknown.add(id); else throw error; });
  }
  return unknown;
}

export const LedgerService = {
  /** Seeds the PGC chart for the transaction's tenant (idempotent); returns how many accounts were added. */
  async seedChart(tx: Tx): Promise<number> {
    const [row] = await tx.sql<{ n: number }>(`select ledger_seed_chart(:tenant) as n`);
    return Number(row?.n ?? 0);
  },

  /** The accounts posting rules use. Today the PGC defaults; a per-tenant override can come later. */
  async postingAccounts(_db: Tx | UnitOfWork): Promise<PostingAccounts> {
    return { ...DEFAULT_POSTING_ACCOUNTS };
  },

  async account(tx: Tx, code: string): Promise<AccountView | undefined> {
    if (!ACCOUNT_CODE.test(code)) return undefined;
    const [row] = await tx.sql<any>(`select ${ACCOUNT_COLUMNS} from accounts where tenant_id = :tenant and code = :code`, { code });
    return row ? accountView(row) : undefined;
  },

  /**
   * Σdebit − Σcredit of each account (its sub-accounts included, by code prefix), up to `asOf`
   * when given: one aggregate over the maintained monthly balances of those accounts (and the
   * lines of `asOf`'s month up to it). Accounts with no lines answer zero.
   */
  async accountBalances(tx: Tx, codes: readonly string[], asOf?: IsoDate, options: { excludeSourceTypes?: readonly string[] } = {}): Promise<Map<string, Decimal>> {
    const wanted = [...new Set(codes)].filter((code) => ACCOUNT_CODE.test(code));
    const balances = new Map<string, Decimal>(wanted.map((code) => [code, Decimal.zero(2)]));
    if (!wanted.length) return balances;
    if (asOf !== undefined && !isIsoDate(asOf)) throw ValidationFailed.field(['query', 'to'], 'Not a valid date (YYYY-MM-DD)');
    const params: Record<string, unknown> = { codes: pgArray(wanted) };
    const source = periodRowsSql({ ...(asOf ? { to: asOf } : {}), excludeSourceTypes: options.excludeSourceTypes ?? YEAR_END_TYPES }, params);
    const rows = await tx.sql<{ code: string; balance: string }>(`
      select w.code, (coalesce(sum(l.debit), 0) - coalesce(sum(l.credit), 0))::text as balance
      from unnest(:codes::text[]) as w (code)
      join (${source}) l on l.account_code like w.code || '%'
      group by w.code`, params);
    for (const row of rows) balances.set(row.code, money(row.balance));
    return balances;
  },

  /**
   * Adds a tenant sub-account (4–12 digits) under an existing account of 3+ digits. The parent is
   * the longest existing prefix unless `parentCode` names one, which must then prefix the code.
   */
  async createAccount(tx: Tx, input: { code: string; name: string; parentCode?: string | null }, loc: Loc = ['account']): Promise<AccountView> {
    const code = typeof input.code === 'string' ? input.code.trim() : '';
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!/^[1-9][0-9]{3,11}$/.test(code)) throw ValidationFailed.field([...loc, 'code'], 'A sub-account code has 4 to 12 digits and does not start with 0');
    if (!name || name.length > 200) throw ValidationFailed.field([...loc, 'name'], 'A name of 1 to 200 characters is required');
    const prefixes = Array.from({ length: code.length - 1 }, (_, i) => code.slice(0, i + 1));
    const found = await tx.sql<any>(`select ${ACCOUNT_COLUMNS} from accounts where tenant_id = :tenant and code = any(:codes::text[]) order by length(code) desc`,
      { codes: pgArray([code, ...prefixes]) });
    if (found.some((r) => r.code === code)) throw new Conflict(`Account ${code} already exists`);
    let parent = found[0] ? accountView(found[0]) : undefined;
    if (input.parentCode != null && input.parentCode !== parent?.code) {
      throw ValidationFailed.field([...loc, 'parent_code'], parent
        ? `The parent of ${code} is ${parent.code}, the longest account of the chart that starts its code (not ${input.parentCode})`
        : `Account ${input.parentCode} is not an account of the chart that prefixes ${code}`, 'value_error.parent_mismatch');
    }
    if (!parent || parent.code.length < 3) {
      throw ValidationFailed.field([...loc, 'code'], `A sub-account goes under an account of at least 3 digits that starts its code (no such account for ${code})`, 'value_error.parent_mismatch');
    }
    // Raw SQL, not em.flush(): posting must never flush the caller's half-built entities.
    await tx.sql(`insert into accounts (tenant_id, code, name, account_group, parent_code, is_postable, created_by_tenant)
      values (:tenant, :code, :name, :group, :parent, true, true)`, { code, name, group: Number(code[0]), parent: parent.code });
    return { code, name, group: Number(code[0]), parentCode: parent.code, isPostable: true, createdByTenant: true };
  },

  /** The account, created under its longest existing prefix when missing. */
  async ensureAccount(tx: Tx, input: { code: string; name: string }): Promise<AccountView> {
    return (await LedgerService.account(tx, input.code)) ?? LedgerService.createAccount(tx, input);
  },

  /** The next free `width`-digit sub-account code under `parent` (e.g. 4300001, 4300002, …). */
  async nextSubAccountCode(tx: Tx, parent: string, width = 7): Promise<string> {
    if (!ACCOUNT_CODE.test(parent) || parent.length >= width) throw new RangeError(`No ${width}-digit sub-accounts under ${parent}`);
    const [row] = await tx.sql<{ code: string | null }>(
      `select max(code) as code from accounts where tenant_id = :tenant and length(code) = :width and left(code, :len) = :parent`,
      { width, len: parent.length, parent });
    const next = row?.code ? BigInt(row.code.slice(parent.length)) + 1n : 1n;
    const digits = next.toString();
    if (digits.length > width - parent.length) throw new Conflict(`No free ${width}-digit sub-account left under ${parent}`);
    return parent + digits.padStart(width - parent.length, '0');
  },

  /**
   * The draft's accounts by code, each known and taking postings; a line's `createAccount` creates
   * its missing sub-account first. 422 with the line's `loc` otherwise.
   */
  async postableAccounts(tx: Tx, draft: JournalDraft, loc: Loc = ['journal_entry']): Promise<Map<string, AccountView>> {
    const codes = [...new Set(draft.lines.map((l) => l.account))];
    const rows = await tx.sql<any>(`select ${ACCOUNT_COLUMNS} from accounts where tenant_id = :tenant and code = any(:codes::text[])`, { codes: pgArray(codes) });
    const accounts = new Map<string, AccountView>(rows.map((r) => [r.code, accountView(r)]));
    const errors: FieldError[] = [];
    for (const [i, line] of draft.lines.entries()) {
      let account = accounts.get(line.account);
      if (!account && line.createAccount) {
        account = await LedgerService.createAccount(tx, { code: line.account, name: line.createAccount.name }, [...loc, 'lines', i]);
        accounts.set(account.code, account);
      }
      if (!account) errors.push({ loc: [...loc, 'lines', i, 'account'], msg: `Unknown account ${line.account}`, type: 'value_error.unknown_account' });
      else if (!account.isPostable) {
        errors.push({ loc: [...loc, 'lines', i, 'account'], msg: `Account ${account.code} (${account.name}) is a group heading and takes no postings; use one of its sub-accounts`, type: 'value_error.heading_account' });
      }
    }
    if (errors.length) throw new ValidationFailed(errors);
    return accounts;
  },

  /**
   * Validates and stores an entry: balanced in Decimal before anything is written, accounts known
   * and postable (or created when a line asks), then numbered gaplessly under the tenant's counter
   * row. The database checks the balance again at commit.
   */
  async post(tx: Tx, draft: JournalDraft, options: { loc?: Loc; reversalOf?: string } = {}): Promise<PostedEntry> {
    const loc = options.loc ?? ['journal_entry'];
    assertDraft(draft, loc);
    const accounts = await LedgerService.postableAccounts(tx, draft, loc);

    // counter, entry and lines in one statement (one round trip while the counter row is held)
    const statement = entrySql(draft, { gate: 'ledger_gate', reversalOf: options.reversalOf });
    const [entry] = await tx.sql<{ number: number; created_at: unknown }>(
      `with ledger_gate as (select 1), ${statement.posting} select number, created_at from ledger_entry`, statement.params);
    const id = statement.id;
    const number = Number(entry.number);
    const description = draft.description.trim();
    const lines: PostedLine[] = draft.lines.map((l, i) => ({
      lineNo: i + 1, account: l.account, accountName: accounts.get(l.account)!.name,
      debit: (l.debit ?? Decimal.zero(2)).rescale(2), credit: (l.credit ?? Decimal.zero(2)).rescale(2),
      contactId: l.contactId ?? null, taxTypeId: l.taxTypeId ?? null, taxBase: l.taxBase == null ? null : l.taxBase.rescale(2),
    }));
    return {
      id, number, date: draft.date, description, sourceType: draft.sourceType, sourceId: draft.sourceId ?? null,
      reversalOf: options.reversalOf ?? null, reversedBy: null, createdAt: iso(entry.created_at), lines,
    };
  },

  /**
   * Several entries (an import's one per day) in one statement: each validated as `post` does,
   * their accounts checked in one read (errors name lines of all the drafts in order), numbered
   * gaplessly in the order given under one increment of the tenant's counter. No PostedEntry is
   * built: the caller gets the ids and numbers.
   */
  async postMany(tx: Tx, drafts: readonly JournalDraft[], options: { loc?: Loc } = {}): Promise<{ id: string; number: number }[]> {
    if (!drafts.length) return [];
    const loc = options.loc ?? ['journal_entry'];
    for (const draft of drafts) assertDraft(draft, loc);
    await LedgerService.postableAccounts(tx, { ...drafts[0], lines: drafts.flatMap((d) => d.lines) }, loc);
    const ids = drafts.map(() => crypto.randomUUID());
    const lines = drafts.flatMap((draft, e) => draft.lines.map((line, i) => ({ entry: ids[e], date: draft.date, lineNo: i + 1, line })));
    const zero = Decimal.zero(2);
    const rows = await tx.sqlBulk<{ id: string; number: number }>(`
      with ledger_number as (
        insert into ledger_counters as c (tenant_id, last_number) values (:tenant, :count::int)
        on conflict (tenant_id) do update set last_number = c.last_number + :count::int
        returning last_number
      ), ledger_entry as (
        insert into journal_entries (id, tenant_id, number, date, description, source_type, source_id, reversal_of)
        select x.id, :tenant, (n.last_number - :count::int + x.ord)::int, x.date, x.description, x.source_type, x.source_id, null
        from ledger_number n, unnest(:ids::uuid[], :dates::date[], :descriptions::text[], :sourceTypes::text[], :sourceIds::uuid[])
          with ordinality as x (id, date, description, source_type, source_id, ord)
        returning id, number
      ), ledger_lines as (
        insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit, contact_id, tax_type_id, tax_base)
        select :tenant, x.entry_id, x.line_no, x.entry_date, x.account_code, x.debit, x.credit, x.contact_id, x.tax_type_id, x.tax_base
        from unnest(:lineEntries::uuid[], :lineNos::int[], :lineDates::date[], :lineAccounts::text[], :debits::numeric[], :credits::numeric[],
          :contacts::uuid[], :taxTypes::uuid[], :taxBases::numeric[]) as x (entry_id, line_no, entry_date, account_code, debit, credit, contact_id, tax_type_id, tax_base)
        where x.entry_id in (select id from ledger_entry)
        returning 1
      )
      select id::text as id, number from ledger_entry order by number`, {
      count: drafts.length,
      ids: pgArray(ids),
      dates: pgArray(drafts.map((d) => d.date)),
      descriptions: pgArray(drafts.map((d) => d.description.trim())),
      sourceTypes: pgArray(drafts.map((d) => d.sourceType)),
      sourceIds: pgArray(drafts.map((d) => d.sourceId ?? null)),
      lineEntries: pgArray(lines.map((l) => l.entry)),
      lineNos: pgArray(lines.map((l) => l.lineNo)),
      lineDates: pgArray(lines.map((l) => l.date)),
      lineAccounts: pgArray(lines.map((l) => l.line.account)),
      debits: pgArray(lines.map((l) => (l.line.debit ?? zero).rescale(2).toString())),
      credits: pgArray(lines.map((l) => (l.line.credit ?? zero).rescale(2).toString())),
      contacts: pgArray(lines.map((l) => l.line.contactId ?? null)),
      taxTypes: pgArray(lines.map((l) => l.line.taxTypeId ?? null)),
      taxBases: pgArray(lines.map((l) => (l.line.taxBase == null ? null : l.line.taxBase.rescale(2).toString()))),
    });
    return rows.map((r) => ({ id: r.id, number: Number(r.number) }));
  },

  /**
   * A manual entry: as `post`, after checking that every contact and tax type a line names is one
   * of the tenant's (422 on the line otherwise). Documents post with references they checked.
   */
  async postManual(tx: Tx, draft: JournalDraft, loc: Loc = ['body']): Promise<PostedEntry> {
    assertDraft(draft, loc);
    const contacts = await unknownIds(draft.lines.map((l) => l.contactId), (id) => ContactService.get(tx, id));
    const taxTypes = await unknownIds(draft.lines.map((l) => l.taxTypeId), (id) => TaxService.get(tx, id));
    const errors: FieldError[] = draft.lines.flatMap((line, i) => [
      ...(line.contactId && contacts.has(line.contactId) ? [{ loc: [...loc, 'lines', i, 'contact_id'], msg: 'Unknown contact', type: 'value_error.unknown_contact' }] : []),
      ...(line.taxTypeId && taxTypes.has(line.taxTypeId) ? [{ loc: [...loc, 'lines', i, 'tax_type_id'], msg: 'Unknown tax type', type: 'value_error.unknown_tax_type' }] : []),
    ]);
    if (errors.length) throw new ValidationFailed(errors);
    return LedgerService.post(tx, draft, { loc });
  },

  /** One entry with its lines; another tenant's id is answered like a missing one (404). */
  async entry(tx: Tx, id: string): Promise<PostedEntry> {
    if (typeof id !== 'string' || !UUID.test(id)) throw new NotFound('Journal entry not found');
    const [row] = await tx.sql<EntryRow>(`select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where e.tenant_id = :tenant and e.id = :id::uuid`, { id });
    if (!row) throw new NotFound('Journal entry not found');
    return toPosted(row, (await loadLines(tx, [row.id])).get(row.id) ?? []);
  },

  /**
   * Of these sources (one source type, many ids), the ids whose standing entries (neither a reversal
   * nor reversed) debit an account under one of `prefixes`: one statement for a whole list, where
   * reading each source's entries would be one per source.
   */
  async sourcesDebiting(tx: Tx, sourceType: string, sourceIds: readonly string[], prefixes: readonly string[]): Promise<Set<string>> {
    if (!sourceIds.length || !prefixes.length) return new Set();
    const rows = await tx.sql<{ source_id: string }>(`
      select distinct e.source_id::text as source_id
      from journal_entries e join journal_lines l on l.tenant_id = e.tenant_id and l.entry_id = e.id
      where e.tenant_id = :tenant and e.source_type = :sourceType and e.source_id = any(:ids::uuid[]) and e.reversal_of is null
        and not exists (select 1 from journal_entries r where r.tenant_id = e.tenant_id and r.reversal_of = e.id)
        and l.debit <> 0 and l.account_code like any(:patterns::text[])`,
    { sourceType, ids: pgArray(sourceIds), patterns: pgArray(prefixes.map((prefix) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`)) });
    return new Set(rows.map((row) => row.source_id));
  },

  /** Every entry posted for a source document, oldest first (its posting and any reversals). */
  async entriesForSource(tx: Tx, sourceType: string, sourceId: string): Promise<PostedEntry[]> {
    return (await LedgerService.journal(tx, { sourceType, sourceId, limit: 1000 })).items;
  },

  /**
   * Posts the mirror of an entry (debits and credits swapped, tax bases negated) dated `date`,
   * linked by `reversal_of`. An entry is reversed at most once (409 the second time).
   */
  async reverse(tx: Tx, entryId: string, date: IsoDate = todayInSpain(), description?: string, loc: Loc = ['body']): Promise<PostedEntry> {
    const original = await LedgerService.entry(tx, entryId);
    if (original.reversedBy) throw new Conflict(`Journal entry ${original.number} has already been reversed`);
    if (!isIsoDate(date)) throw ValidationFailed.field([...loc, 'date'], 'Not a valid date (YYYY-MM-DD)');
    if (date < original.date) throw ValidationFailed.field([...loc, 'date'], `A reversal cannot be dated before the entry it reverses (${original.date})`);
    const text = description?.trim() || `Anulación del asiento ${original.number}: ${original.description}`;
    return LedgerService.post(tx, {
      date,
      description: text.slice(0, 500),
      sourceType: original.sourceType,
      sourceId: original.sourceId,
      lines: original.lines.map((l) => ({
        account: l.account,
        debit: l.credit.isZero() ? undefined : l.credit,
        credit: l.debit.isZero() ? undefined : l.debit,
        contactId: l.contactId,
        taxTypeId: l.taxTypeId,
        taxBase: l.taxBase?.negate() ?? null,
      })),
    }, { loc, reversalOf: original.id });
  },

  /** The journal (libro diario): entries with their lines, ordered by date and number. */
  async journal(tx: Tx, query: JournalQuery): Promise<{ items: PostedEntry[]; total: number; limit: number; offset: number }> {
    checkPeriod(query);
    const limit = query.limit ?? DEFAULT_LIMIT;
    const offset = query.offset ?? 0;
    const params: Record<string, unknown> = {};
    let where = `e.tenant_id = :tenant` + periodSql('e.date', query, params);
    if (query.sourceType !== undefined) { where += ` and e.source_type = :sourceType`; params.sourceType = query.sourceType; }
    if (query.sourceId !== undefined) {
      if (!UUID.test(query.sourceId)) throw ValidationFailed.field(['query', 'source_id'], 'Not a UUID');
      where += ` and e.source_id = :sourceId::uuid`; params.sourceId = query.sourceId;
    }
    const lineConditions: string[] = [];
    if (query.account !== undefined) {
      if (!/^[0-9]{1,12}$/.test(query.account)) throw ValidationFailed.field(['query', 'account'], 'An account code or prefix of 1 to 12 digits');
      lineConditions.push(`l.account_code like :accountPrefix`); params.accountPrefix = `${query.account}%`;
    }
    if (query.contactId !== undefined) {
      if (!UUID.test(query.contactId)) throw ValidationFailed.field(['query', 'contact_id'], 'Not a UUID');
      lineConditions.push(`l.contact_id = :contactId::uuid`); params.contactId = query.contactId;
    }
    if (lineConditions.length) {
      where += ` and exists (select 1 from journal_lines l where l.tenant_id = e.tenant_id and l.entry_id = e.id and ${lineConditions.join(' and ')})`;
    }
    const [count] = await tx.sql<{ n: number }>(`select count(*)::int as n from journal_entries e where ${where}`, params);
    const rows = await tx.sql<EntryRow>(`select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where ${where} order by e.date, e.number limit :limit offset :offset`,
      { ...params, limit, offset });
    const lines = await loadLines(tx, rows.map((r) => r.id));
    return { items: rows.map((r) => toPosted(r, lines.get(r.id) ?? [])), total: Number(count.n), limit, offset };
  },

  /**
   * The chart with balances: each account's debit and credit totals include its sub-accounts
   * (by code prefix), over the period when one is given.
   */
  async chart(tx: Tx, query: Period & { prefix?: string } = {}) {
    checkPeriod(query);
    const params: Record<string, unknown> = {};
    let accountWhere = '';
    if (query.prefix !== undefined) {
      if (!/^[0-9]{1,12}$/.test(query.prefix)) throw ValidationFailed.field(['query', 'prefix'], 'An account code prefix of 1 to 12 digits');
      accountWhere = ` and code like :prefix`; params.prefix = `${query.prefix}%`;
    }
    const accounts = (await tx.sql<any>(`select ${ACCOUNT_COLUMNS} from accounts where tenant_id = :tenant${accountWhere} order by code`, params)).map(accountView);
    const totals = await aggregateByAccount(tx, { ...query, excludeSourceTypes: query.excludeSourceTypes ?? [] });
    const byCode = new Map(accounts.map((a) => [a.code, { debit: Decimal.zero(2), credit: Decimal.zero(2) }]));
    for (const row of totals) {
      for (let n = 1; n <= row.account.length; n++) {
        const sums = byCode.get(row.account.slice(0, n));
        if (sums) { sums.debit = sums.debit.add(row.debit); sums.credit = sums.credit.add(row.credit); }
      }
    }
    return accounts.map((a) => {
      const sums = byCode.get(a.code)!;
      return { ...a, debit: sums.debit, credit: sums.credit, balance: sums.debit.sub(sums.credit) };
    });
  },

  /**
   * Σdebit and Σcredit per account (or per code prefix of `level` digits) over a period, without
   * names: what figures computed by prefix need (dashboards). Read from the maintained monthly
   * balances; the same numbers as summing the period's lines.
   */
  async totalsByAccount(tx: Tx, query: Period & { level?: number } = {}): Promise<{ account: string; debit: Decimal; credit: Decimal }[]> {
    checkPeriod(query);
    if (query.level !== undefined && (!Number.isInteger(query.level) || query.level < 1 || query.level > 12)) {
      throw ValidationFailed.field(['query', 'level'], 'A level is a number of digits from 1 to 12');
    }
    return aggregateByAccount(tx, { ...query, excludeSourceTypes: query.excludeSourceTypes ?? YEAR_END_TYPES }, query.level);
  },

  /**
   * `totalsByAccount` of several periods in one statement (one round trip, the same figures): the
   * i-th list answers the i-th period. What a report with comparative columns needs (the annual
   * accounts read this year and the previous one).
   */
  async totalsByAccountForPeriods(tx: Tx, periods: readonly Period[]): Promise<{ account: string; debit: Decimal; credit: Decimal }[][]> {
    for (const period of periods) checkPeriod(period);
    const answers = periods.map(() => [] as { account: string; debit: Decimal; credit: Decimal }[]);
    if (!periods.length) return answers;
    const params: Record<string, unknown> = {};
    const parts = periods.map((period, i) => `select ${i} as period, account_code, debit, credit from (${periodRowsSql(period, params, `ledgerPeriods${i}_`)}) p${i}`);
    const rows = await tx.sql<{ period: number; account: string; debit: string; credit: string }>(`
      select period, account_code as account, sum(debit)::text as debit, sum(credit)::text as credit
      from (${parts.join('\n      union all\n      ')}) l
      group by 1, 2 having sum(debit) <> 0 or sum(credit) <> 0 order by 1, 2`, params);
    for (const row of rows) answers[Number(row.period)].push({ account: row.account, debit: money(row.debit), credit: money(row.credit) });
    return answers;
  },

  /**
   * Sumas y saldos: per account (or per code prefix of `level` digits), the period's debit and
   * credit sums and the balance, from totalsByAccount (the maintained monthly balances); the totals
   * of debit and credit are equal whenever the books balance.
   */
  async trialBalance(tx: Tx, query: Period & { level?: number } = {}) {
    const rows = await LedgerService.totalsByAccount(tx, { ...query, excludeSourceTypes: query.excludeSourceTypes ?? [] });
    const names = new Map((await tx.sql<{ code: string; name: string }>(
      `select code, name from accounts where tenant_id = :tenant and code = any(:codes::text[])`, { codes: pgArray(rows.map((r) => r.account)) })).map((r) => [r.code, r.name]));
    let debit = Decimal.zero(2), credit = Decimal.zero(2), debitBalance = Decimal.zero(2), creditBalance = Decimal.zero(2);
    const accounts = rows.map((r) => {
      const balance = r.debit.sub(r.credit);
      debit = debit.add(r.debit); credit = credit.add(r.credit);
      if (balance.isNegative()) creditBalance = creditBalance.add(balance.negate()); else debitBalance = debitBalance.add(balance);
      return {
        account: r.account, name: names.get(r.account) ?? null, debit: r.debit, credit: r.credit, balance,
        debit_balance: balance.isNegative() ? Decimal.zero(2) : balance, credit_balance: balance.isNegative() ? balance.negate() : Decimal.zero(2),
      };
    });
    return {
      from: query.from ?? null, to: query.to ?? null, level: query.level ?? null, accounts,
      totals: { debit, credit, balance: debit.sub(credit), debit_balance: debitBalance, credit_balance: creditBalance },
    };
  },

  /**
   * The ledger of one account (mayor) and its sub-accounts: the lines of the period with a running
   * balance that starts from the balance before `from`.
   */
  async statement(tx: Tx, code: string, query: Period & { limit?: number; offset?: number } = {}) {
    const account = await LedgerService.account(tx, code);
    if (!account) throw new NotFound('Account not found');
    checkPeriod(query);
    const limit = query.limit ?? DEFAULT_LIMIT;
    const offset = query.offset ?? 0;
    const prefix = `${account.code}%`;
    let opening = Decimal.zero(2);
    if (query.from) {
      const params: Record<string, unknown> = { prefix };
      const source = periodRowsSql({ to: dayBefore(query.from) }, params);
      const [row] = await tx.sql<{ b: string | null }>(`
        select (coalesce(sum(debit), 0) - coalesce(sum(credit), 0))::text as b from (${source}) l where account_code like :prefix`, params);
      opening = money(row?.b ?? '0');
    }
    const params: Record<string, unknown> = { prefix, limit, offset };
    const period = periodSql('l.entry_date', query, params);
    const [totals] = await tx.sql<{ n: number; d: string; c: string }>(`
      select count(*)::int as n, coalesce(sum(l.debit), 0)::text as d, coalesce(sum(l.credit), 0)::text as c
      from journal_lines l where l.tenant_id = :tenant and l.account_code like :prefix${period}`, params);
    const rows = await tx.sql<any>(`
      select * from (
        select l.entry_id::text as entry_id, e.number, l.entry_date::text as date, e.description, l.line_no, l.account_code,
          l.debit::text as debit, l.credit::text as credit, l.contact_id::text as contact_id, e.source_type, e.source_id::text as source_id,
          sum(l.debit - l.credit) over (order by l.entry_date, e.number, l.line_no rows between unbounded preceding and current row)::text as running
        from journal_lines l join journal_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
        where l.tenant_id = :tenant and l.account_code like :prefix${period}
      ) s order by s.date, s.number, s.line_no limit :limit offset :offset`, params);
    const periodDebit = money(totals.d), periodCredit = money(totals.c);
    return {
      account: account.code, name: account.name, from: query.from ?? null, to: query.to ?? null,
      opening_balance: opening, debit: periodDebit, credit: periodCredit, closing_balance: opening.add(periodDebit).sub(periodCredit),
      items: rows.map((r) => ({
        entry_id: r.entry_id, entry_number: Number(r.number), date: r.date, description: r.description, line_no: Number(r.line_no),
        account: r.account_code, debit: money(r.debit), credit: money(r.credit), balance: opening.add(money(r.running)),
        contact_id: r.contact_id, source_type: r.source_type, source_id: r.source_id,
      })),
      total: Number(totals.n), limit, offset,
    };
  },

  /**
   * Σdebit and Σcredit per calendar month (YYYY-MM) and code prefix of `level` digits (default 4)
   * over a period: one aggregate of the maintained monthly balances (and of at most half a month
   * of lines for a partial month at either edge), for monthly series and dashboards.
   */
  async monthlyTotals(tx: Tx, query: Period & { level?: number } = {}): Promise<{ month: string; account: string; debit: Decimal; credit: Decimal }[]> {
    checkPeriod(query);
    const level = query.level ?? 4;
    if (!Number.isInteger(level) || level < 1 || level > 12) throw ValidationFailed.field(['query', 'level'], 'A level is a number of digits from 1 to 12');
    const params: Record<string, unknown> = { level };
    const rows = await tx.sql<{ month: string; account: string; debit: string; credit: string }>(`
      select to_char(month, 'YYYY-MM') as month, left(account_code, :level) as account, sum(debit)::text as debit, sum(credit)::text as credit
      from (${periodRowsSql({ ...query, excludeSourceTypes: query.excludeSourceTypes ?? YEAR_END_TYPES }, params)}) l
      group by 1, 2 having sum(debit) <> 0 or sum(credit) <> 0 order by 1, 2`, params);
    return rows.map((r) => ({ month: r.month, account: r.account, debit: money(r.debit), credit: money(r.credit) }));
  },

  /**
   * Σdebit and Σcredit per contact of the lines on accounts starting with `prefix` over a period
   * (lines without a contact skipped): what per-customer or per-supplier rankings read.
   */
  async totalsByContact(tx: Tx, prefix: string, query: Period = {}): Promise<{ contactId: string; debit: Decimal; credit: Decimal }[]> {
    checkPeriod(query);
    if (!/^[0-9]{1,12}$/.test(prefix)) throw ValidationFailed.field(['query', 'prefix'], 'An account code prefix of 1 to 12 digits');
    const params: Record<string, unknown> = { prefix: `${prefix}%` };
    const rows = await tx.sql<{ contact_id: string; debit: string; credit: string }>(`
      select contact_id::text as contact_id, sum(debit)::text as debit, sum(credit)::text as credit
      from journal_lines where tenant_id = :tenant and contact_id is not null and account_code like :prefix${periodSql('entry_date', query, params)}
      group by contact_id`, params);
    return rows.map((r) => ({ contactId: r.contact_id, debit: money(r.debit), credit: money(r.credit) }));
  },

  /** Tax lines by tax type and account over a period: what tax models (303, 111, 349…) read. */
  async taxSummary(tx: Tx, query: Period = {}) {
    checkPeriod(query);
    const params: Record<string, unknown> = {};
    const rows = await tx.sql<{ tax_type_id: string; account: string; debit: string; credit: string; tax_base: string }>(`
      select tax_type_id::text as tax_type_id, account_code as account, sum(debit)::text as debit, sum(credit)::text as credit,
        coalesce(sum(tax_base), 0)::text as tax_base
      from journal_lines where tenant_id = :tenant and tax_type_id is not null${periodSql('entry_date', query, params)}
      group by tax_type_id, account_code order by tax_type_id, account_code`, params);
    return rows.map((r) => ({ taxTypeId: r.tax_type_id, account: r.account, debit: money(r.debit), credit: money(r.credit), taxBase: money(r.tax_base) }));
  },

  /**
   * Journal rows for export, in batches of entries (date, number order), so a large journal never
   * sits in memory as one result set. All the batches in this one transaction (the GDPR export);
   * a download reads each batch in its own short transaction instead: `journalBatches`.
   */
  async *exportRows(tx: Tx, query: Period = {}, batchEntries = 5000): AsyncGenerator<ExportRow[]> {
    checkPeriod(query);
    let after: ExportCursor = null;
    for (;;) {
      const rows = await LedgerService.exportPage(tx, query, after, batchEntries);
      if (!rows.length) return;
      yield rows;
      after = exportCursor(rows, batchEntries);
      if (!after) return;
    }
  },

  /** The highest entry number now: the upper bound that keeps an export read in many transactions one picture. */
  async lastEntryNumber(tx: Tx): Promise<number> {
    const [row] = await tx.sql<{ last: number | null }>(`select max(number) as last from journal_entries where tenant_id = :tenant`);
    return Number(row?.last ?? 0);
  },

  /**
   * One batch of the export: the lines of the next `batchEntries` entries after the cursor, in
   * (date, number, line) order; with `upTo`, only entries numbered up to it.
   */
  async exportPage(tx: Tx, query: ExportRange, after: ExportCursor, batchEntries = 5000): Promise<ExportRow[]> {
    checkPeriod(query);
    const params: Record<string, unknown> = { batch: batchEntries };
    let where = `e.tenant_id = :tenant` + periodSql('e.date', query, params);
    if (query.upTo !== undefined) { where += ` and e.number <= :upTo`; params.upTo = query.upTo; }
    if (after) { where += ` and (e.date, e.number) > (:afterDate::date, :afterNumber)`; params.afterDate = after.date; params.afterNumber = after.number; }
    return tx.sql<ExportRow>(`
      with page as (
        select e.id, e.number, e.date, e.description, e.source_type, e.source_id, e.reversal_of
        from journal_entries e where ${where} order by e.date, e.number limit :batch
      )
      select p.number, p.date::text as date, p.id::text as entry_id, p.description, p.source_type, p.source_id::text as source_id,
        p.reversal_of::text as reversal_of, l.line_no, l.account_code as account, a.name as account_name,
        l.debit::text as debit, l.credit::text as credit, l.contact_id::text as contact_id, l.tax_type_id::text as tax_type_id, l.tax_base::text as tax_base
      from page p
      join journal_lines l on l.tenant_id = :tenant and l.entry_id = p.id
      join accounts a on a.tenant_id = :tenant and a.code = l.account_code
      order by p.date, p.number, l.line_no`, params);
  },

  /** Every account used in the journal (code and name), for export headers. */
  async accountNames(tx: Tx): Promise<{ code: string; name: string }[]> {
    return tx.sql(`select code, name from accounts where tenant_id = :tenant order by code`);
  },

  /** The company's ledger for a GDPR export: its own sub-accounts and every journal entry with its lines. */
  async exportForAccount(tx: Tx) {
    const accounts = await tx.sql<{ code: string; name: string; parent_code: string | null }>(
      `select code, name, parent_code from accounts where tenant_id = :tenant and created_by_tenant order by code`);
    const journal: { number: number; date: string; description: string; source_type: string; source_id: string | null; reversal_of: string | null; lines: unknown[] }[] = [];
    for await (const rows of LedgerService.exportRows(tx)) {
      for (const r of rows) {
        let entry = journal.at(-1);
        if (!entry || entry.number !== Number(r.number)) {
          entry = { number: Number(r.number), date: r.date, description: r.description, source_type: r.source_type, source_id: r.source_id, reversal_of: r.reversal_of, lines: [] };
          journal.push(entry);
        }
        entry.lines.push({ line_no: Number(r.line_no), account: r.account, debit: r.debit, credit: r.credit, contact_id: r.contact_id, tax_type_id: r.tax_type_id, tax_base: r.tax_base });
      }
    }
    return { accounts, journal };
  },

  /**
   * contact.merging: the duplicates' lines now name the survivor. Only `contact_id` moves, and only
   * inside the merge (the database refuses any other change to a posted line).
   */
  async repointContacts(tx: Tx, survivorId: string, duplicateIds: string[]): Promise<void> {
    await tx.sql(`update journal_lines set contact_id = :survivor::uuid where tenant_id = :tenant and contact_id = any(:ids::uuid[])`,
      { survivor: survivorId, ids: pgArray(duplicateIds) });
  },

  /**
   * contact.deleting: entries of no document (manual ones) with a line for the contact. A
   * document's entries go with the document, which its own plugin counts.
   */
  async countEntriesForContact(tx: Tx, contactId: string): Promise<number> {
    const [row] = await tx.sql<{ n: number }>(`
      select count(distinct l.entry_id)::int as n from journal_lines l join journal_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
      where l.tenant_id = :tenant and l.contact_id = :id::uuid and e.source_id is null`, { id: contactId });
    return Number(row.n);
  },

  /**
   * Deletes the tenant's whole books (the account-erasure flow). The database allows it only in a
   * transaction flagged with `cuadra.erasing_tenant` = this tenant, which this sets.
   */
  async eraseTenantBooks(tx: Tx): Promise<void> {
    // the counter first, as posting does: the balance rows the deletes update are then not in use
    await tx.sql(`select 1 from ledger_counters where tenant_id = :tenant for update`);
    await tx.sql(`select set_config('cuadra.erasing_tenant', :tenant::text, true)`);
    await tx.sql(`delete from journal_lines where tenant_id = :tenant`);
    await tx.sql(`delete from journal_entries where tenant_id = :tenant`);
    await tx.sql(`delete from ledger_lock_changes where tenant_id = :tenant`);
    await tx.sql(`delete from ledger_locks where tenant_id = :tenant`);
    await tx.sql(`delete from ledger_counters where tenant_id = :tenant`);
    await tx.sql(`delete from ledger_imports where tenant_id = :tenant`);
    await tx.sql(`delete from accounts where tenant_id = :tenant`);
  },
};

export interface ExportRow {
  number: number; date: string; entry_id: string; description: string; source_type: string; source_id: string | null; reversal_of: string | null;
  line_no: number; account: string; account_name: string; debit: string; credit: string; contact_id: string | null; tax_type_id: string | null; tax_base: string | null;
}

/**
 * Σdebit and Σcredit per account (or per prefix of `level` digits) over a period: one aggregate over
 * the maintained monthly balances and, for a partial month at an edge, at most half a month of lines
 * (see `periodRowsSql`).
 */
async function aggregateByAccount(tx: Tx, period: Period, level?: number): Promise<{ account: string; debit: Decimal; credit: Decimal }[]> {
  const params: Record<string, unknown> = {};
  const key = level ? `left(account_code, :level)` : 'account_code';
  if (level) params.level = level;
  const rows = await tx.sql<{ account: string; debit: string; credit: string }>(`
    select ${key} as account, sum(debit)::text as debit, sum(credit)::text as credit
    from (${periodRowsSql(period, params)}) l
    group by 1 having sum(debit) <> 0 or sum(credit) <> 0 order by 1`, params);
  return rows.map((r) => ({ account: r.account, debit: money(r.debit), credit: money(r.credit) }));
}

/** A journal export's range: the period and, once the export started, the highest entry number it holds. */
export interface ExportRange extends Period { upTo?: number }
export type ExportCursor = { date: string; number: number } | null;

/** Where the next batch starts, or null when this batch was the last (fewer entries than asked). */
function exportCursor(rows: ExportRow[], batchEntries: number): ExportCursor {
  if (new Set(rows.map((r) => r.entry_id)).size < batchEntries) return null;
  const last = rows[rows.length - 1];
  return { date: last.date, number: Number(last.number) };
}

/**
 * The journal for a download, batch by batch, each batch read in its own short `uow.report`: no
 * transaction (nor pooled connection) stays open while a slow client takes the bytes, and when the
 * replica fails mid-way `report` reads again only the batch it was reading, never what was already
 * sent. The range is fixed when the export starts (`range.upTo`, or the highest entry number at
 * the first batch), so entries posted meanwhile stay out and every batch reads the same picture.
 */
export async function* journalBatches(uow: UnitOfWork, range: ExportRange, batchEntries = 5000): AsyncGenerator<ExportRow[]> {
  checkPeriod(range);
  let after: ExportCursor = null;
  let fixed = range;
  for (;;) {
    const rows = await uow.report(async (tx) => {
      if (fixed.upTo === undefined) fixed = { ...fixed, upTo: await LedgerService.lastEntryNumber(tx) };
      return LedgerService.exportPage(tx, fixed, after, batchEntries);
    });
    if (!rows.length) return;
    yield rows;
    after = exportCursor(rows, batchEntries);
    if (!after) return;
  }
}
