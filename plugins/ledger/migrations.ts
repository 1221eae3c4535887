import { currentTenantSql, internalFunction, sqlMigration, tenantRowLevelSecurity, tenantReadOnlyTable, systemOnlyFunction } from '../../kernel/migration';
import { chartAccounts } from './chart';

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

const seedValues = chartAccounts()
  .map((a) => `(${literal(a.code)}, ${literal(a.name)}, ${a.group}, ${a.parentCode ? literal(a.parentCode) : 'null'}, ${a.isPostable})`)
  .join(',\n         ');

/**
 * The ledger's tables and the database rules that keep the books honest whatever the application does:
 *
 * - Wall one for references: every foreign key between ledger rows is composite `(tenant_id, …)`,
 *   so a line cannot name another tenant's entry or account, nor a reversal another tenant's entry.
 * - Balance: a `DEFERRABLE INITIALLY DEFERRED` constraint trigger on `journal_entries` checks at
 *   COMMIT that every entry posted in the transaction has lines and Σdebit = Σcredit (SQLSTATE
 *   P0001, which the kernel answers as 422). Lines cannot be added to an entry of an earlier
 *   transaction nor change amounts, so that one check per entry covers every line.
 * - Immutability: `BEFORE UPDATE OR DELETE` triggers on both tables refuse every change to a posted
 *   row, a `BEFORE INSERT` trigger refuses lines added to an entry posted by an earlier transaction,
 *   `BEFORE TRUNCATE` refuses truncation, and the application role has no UPDATE privilege on them
 *   but for a line's `contact_id`, which a contact merge may move to the surviving contact
 *   (transaction setting `cuadra.repointing_contacts`). Corrections are reversal entries.
 * - A line's contact and tax type must exist in the same tenant (composite foreign keys).
 * - Erasure (the account/GDPR flow): DELETE is allowed only inside a transaction that has run
 *   `select set_config('cuadra.erasing_tenant', '<tenant uuid>', true)`, and only for that tenant's
 *   rows (row-level security still applies). `LedgerService.eraseTenantBooks(tx)` does exactly that.
 * - The line's `entry_date` is a copy of its entry's date set by the BEFORE INSERT trigger (never by
 *   the caller), so the trial balance can aggregate journal_lines alone by date and account.
 */
export const migrations = [
  sqlMigration('20261201000100_ledger', [
    `create table accounts (
       tenant_id uuid not null references tenants (id) on delete cascade,
       code text collate "C" not null check (code ~ '^[1-9][0-9]{0,11}$'),
       name text not null check (length(name) between 1 and 200),
       account_group smallint not null check (account_group between 1 and 9),
       parent_code text collate "C",
       is_postable boolean not null,
       created_by_tenant boolean not null default false,
       created_at timestamptz not null default now(),
       primary key (tenant_id, code),
       foreign key (tenant_id, parent_code) references accounts (tenant_id, code),
       check (account_group = substr(code, 1, 1)::int),
       check ((parent_code is null) = (length(code) = 1)),
       check (parent_code is null or (length(parent_code) < length(code) and left(code, length(parent_code)) = parent_code)),
       check (not is_postable or length(code) >= 3)
     )`,
    ...tenantRowLevelSecurity('accounts'),

    `create table ledger_counters (
       tenant_id uuid primary key references tenants (id) on delete cascade,
       last_number integer not null check (last_number >= 0)
     )`,
    ...tenantRowLevelSecurity('ledger_counters'),

    `create table journal_entries (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       number integer not null check (number > 0),
       date date not null check (date between '1900-01-01' and '2999-12-31'),
       description text not null check (length(description) between 1 and 500),
       source_type text not null check (source_type ~ '^[a-z][a-z0-9_.-]{0,49}$'),
       source_id uuid,
       reversal_of uuid,
       created_at timestamptz not null default now(),
       posted_xact xid8 not null default pg_current_xact_id(),
       unique (tenant_id, id),
       unique (tenant_id, number),
       foreign key (tenant_id, reversal_of) references journal_entries (tenant_id, id),
       check (reversal_of is distinct from id)
     )`,
    `create unique index journal_entries_reversal on journal_entries (tenant_id, reversal_of) where reversal_of is not null`,
    `create index journal_entries_date on journal_entries (tenant_id, date, number)`,
    `create index journal_entries_source on journal_entries (tenant_id, source_type, source_id)`,
    ...tenantRowLevelSecurity('journal_entries'),

    `create table journal_lines (
       tenant_id uuid not null references tenants (id) on delete cascade,
       entry_id uuid not null,
       line_no integer not null check (line_no between 1 and 10000),
       entry_date date not null,
       account_code text collate "C" not null,
       debit numeric(18,2) not null default 0 check (debit >= 0),
       credit numeric(18,2) not null default 0 check (credit >= 0),
       contact_id uuid,
       tax_type_id uuid,
       tax_base numeric(18,2),
       primary key (tenant_id, entry_id, line_no),
       foreign key (tenant_id, entry_id) references journal_entries (tenant_id, id),
       foreign key (tenant_id, account_code) references accounts (tenant_id, code),
       check ((debit > 0) <> (credit > 0))
     )`,
    // Trial balance by period: an index-only scan of one tenant's lines in a date range.
    `create index journal_lines_date on journal_lines (tenant_id, entry_date, account_code) include (debit, credit)`,
    // Ledger of one account (mayor) and the journal filtered by account prefix.
    `create index journal_lines_account on journal_lines (tenant_id, account_code, entry_date)`,
    `create index journal_lines_contact on journal_lines (tenant_id, contact_id) where contact_id is not null`,
    // Tax models read tax lines by type and period.
    `create index journal_lines_tax on journal_lines (tenant_id, tax_type_id, entry_date) where tax_type_id is not null`,
    ...tenantRowLevelSecurity('journal_lines'),

    // Posted rows are changed by nobody; deleting needs the erasure setting (see the triggers).
    `revoke update, truncate on journal_entries, journal_lines from cuadra_app`,

    `create function ledger_line_before_insert() returns trigger language plpgsql as $$
       declare
         e record;
         postable boolean;
       begin
         select number, date, posted_xact into e from journal_entries where tenant_id = NEW.tenant_id and id = NEW.entry_id;
         if found then
           if e.posted_xact <> pg_current_xact_id() then
             raise exception 'Journal entry % is posted and immutable: lines cannot be added; post a reversal or a new entry', e.number;
           end if;
           NEW.entry_date := e.date;
         end if;
         select is_postable into postable from accounts where tenant_id = NEW.tenant_id and code = NEW.account_code;
         if found and not postable then
           raise exception 'Account % is a heading and takes no postings; use one of its sub-accounts', NEW.account_code;
         end if;
         return NEW;
       end $$`,
    `create trigger journal_lines_before_insert before insert on journal_lines
       for each row execute function ledger_line_before_insert()`,

    `create function ledger_line_check_balance() returns trigger language plpgsql as $$
       declare
         d numeric;
         c numeric;
         n integer;
       begin
         select coalesce(sum(debit), 0), coalesce(sum(credit), 0) into d, c
           from journal_lines where tenant_id = NEW.tenant_id and entry_id = NEW.entry_id;
         if d <> c then
           select number into n from journal_entries where tenant_id = NEW.tenant_id and id = NEW.entry_id;
           raise exception 'Journal entry % is unbalanced: debit % credit %', coalesce(n::text, NEW.entry_id::text), d, c;
         end if;
         return null;
       end $$`,
    `create constraint trigger journal_lines_balanced after insert or update on journal_lines
       deferrable initially deferred for each row execute function ledger_line_check_balance()`,

    `create function ledger_entry_check_lines() returns trigger language plpgsql as $$
       begin
         if not exists (select 1 from journal_lines where tenant_id = NEW.tenant_id and entry_id = NEW.id) then
           raise exception 'Journal entry % has no lines', NEW.number;
         end if;
         return null;
       end $$`,
    `create constraint trigger journal_entries_have_lines after insert on journal_entries
       deferrable initially deferred for each row execute function ledger_entry_check_lines()`,

    // One function per table: a shared one cannot name OLD.entry_id on journal_entries.
    `create function ledger_entry_immutable() returns trigger language plpgsql as $$
       begin
         if TG_OP = 'DELETE' and OLD.tenant_id::text = current_setting('cuadra.erasing_tenant', true) then
           return OLD;
         end if;
         raise exception 'Journal entry % is posted and immutable; correct it with a reversal entry', OLD.number;
       end $$`,
    `create trigger journal_entries_immutable before update or delete on journal_entries
       for each row execute function ledger_entry_immutable()`,
    `create function ledger_line_immutable() returns trigger language plpgsql as $$
       declare
         n integer;
       begin
         if TG_OP = 'DELETE' and OLD.tenant_id::text = current_setting('cuadra.erasing_tenant', true) then
           return OLD;
         end if;
         select number into n from journal_entries where tenant_id = OLD.tenant_id and id = OLD.entry_id;
         raise exception 'Line % of journal entry % is posted and immutable; correct it with a reversal entry', OLD.line_no, coalesce(n::text, OLD.entry_id::text);
       end $$`,
    `create trigger journal_lines_immutable before update or delete on journal_lines
       for each row execute function ledger_line_immutable()`,
    `create function ledger_refuse_truncate() returns trigger language plpgsql as $$
       begin
         raise exception 'The journal cannot be truncated';
       end $$`,
    `create trigger journal_entries_no_truncate before truncate on journal_entries
       for each statement execute function ledger_refuse_truncate()`,
    `create trigger journal_lines_no_truncate before truncate on journal_lines
       for each statement execute function ledger_refuse_truncate()`,

    // The PGC chart for one tenant (idempotent). Runs with the caller's rights: row-level security
    // lets the application seed only its own tenant.
    `create function ledger_seed_chart(p_tenant uuid) returns integer language sql volatile as $$
       with inserted as (
         insert into accounts (tenant_id, code, name, account_group, parent_code, is_postable, created_by_tenant)
         select p_tenant, v.code, v.name, v.grp, v.parent, v.postable, false
         from (values
         ${seedValues}
         ) as v (code, name, grp, parent, postable)
         on conflict (tenant_id, code) do nothing
         returning 1
       )
       select count(*)::int from inserted
     $$`,
    // Tenants that existed before the ledger was installed get their chart now.
    `select ledger_seed_chart(id) from tenants`,
  ]),
  // Row-level security that costs nothing per row: the kernel's policy calls current_setting()
  // for every row a sequential scan reads (a 1M-line trial balance ran 2× slower as the app role
  // than as the owner). Wrapped in a scalar subquery, the tenant is computed once per query (an
  // InitPlan) and is usable as an index condition. Same rule, same setting.
  sqlMigration('20261201000200_ledger_rls_once_per_query', ['accounts', 'ledger_counters', 'journal_entries', 'journal_lines'].flatMap((table) => [
    `drop policy tenant_isolation on ${table}`,
    `create policy tenant_isolation on ${table} using (tenant_id = (select ${currentTenantSql})) with check (tenant_id = (select ${currentTenantSql}))`,
  ])),
  // A line's contact and tax type are the tenant's own, checked by the database too (the composite
  // keys also refuse another tenant's id). NOT VALID first so that an installation holding lines
  // with dangling ids still migrates; validated at once when there are none. A contact merge may
  // move lines to the surviving contact: the app role may update that one column, and only while the
  // transaction says it is merging (amounts, accounts and dates stay immutable).
  sqlMigration('20261223000300_journal_lines_references', [
    `alter table journal_lines add constraint journal_lines_contact_fk
       foreign key (tenant_id, contact_id) references contacts (tenant_id, id) not valid`,
    `alter table journal_lines add constraint journal_lines_tax_type_fk
       foreign key (tenant_id, tax_type_id) references tax_types (tenant_id, id) not valid`,
    `do $$
     begin
       alter table journal_lines validate constraint journal_lines_contact_fk;
       alter table journal_lines validate constraint journal_lines_tax_type_fk;
     exception when foreign_key_violation then
       raise warning 'journal_lines holds contact or tax type ids that do not exist: new lines are checked, old ones are left as they are';
     end $$`,
    `grant update (contact_id) on journal_lines to cuadra_app`,
    `create or replace function ledger_line_immutable() returns trigger language plpgsql as $$
       declare
         n integer;
       begin
         if TG_OP = 'DELETE' and OLD.tenant_id::text = current_setting('cuadra.erasing_tenant', true) then
           return OLD;
         end if;
         if TG_OP = 'UPDATE' and coalesce(current_setting('cuadra.repointing_contacts', true), '') = 'on'
            and NEW.contact_id is not null and (to_jsonb(NEW) - 'contact_id') = (to_jsonb(OLD) - 'contact_id') then
           return NEW;
         end if;
         select number into n from journal_entries where tenant_id = OLD.tenant_id and id = OLD.entry_id;
         raise exception 'Line % of journal entry % is posted and immutable; correct it with a reversal entry', OLD.line_no, coalesce(n::text, OLD.entry_id::text);
       end $$`,
  ]),
  // The balance was checked by a deferred trigger on every line, the same sum once per line (five
  // sums for a five-line entry). Lines can only be added in the transaction that posts their entry
  // (the BEFORE INSERT trigger) and never change amounts afterwards (the immutability trigger), so
  // the entry's own deferred trigger checks it once, with the lines-exist check, at COMMIT.
  sqlMigration('20261223000400_ledger_balance_once_per_entry', [
    `create or replace function ledger_entry_check_lines() returns trigger language plpgsql as $$
       declare
         n integer;
         d numeric;
         c numeric;
       begin
         select count(*), coalesce(sum(debit), 0), coalesce(sum(credit), 0) into n, d, c
           from journal_lines where tenant_id = NEW.tenant_id and entry_id = NEW.id;
         if n = 0 then
           raise exception 'Journal entry % has no lines', NEW.number;
         end if;
         if d <> c then
           raise exception 'Journal entry % is unbalanced: debit % credit %', NEW.number, d, c;
         end if;
         return null;
       end $$`,
    `drop trigger journal_lines_balanced on journal_lines`,
    `drop function ledger_line_check_balance()`,
  ]),
  // Σdebit and Σcredit per tenant, month and account, kept by the database as lines are written:
  // trial balances, balances as of a date and monthly series read a few rows per account and month
  // instead of scanning the journal. One statement-level trigger per insert statement aggregates
  // the statement's lines (a transition table) and adds them in (tenant, account, month) order.
  // Every posting path locks the tenant's `ledger_counters` row earlier in the same statement, so
  // the balance rows of a tenant are only ever locked by the one transaction holding its counter:
  // no new waits, no deadlock. Lines never change amount, account or date (the immutability
  // trigger), so inserts and the erasure's deletes are all there is to follow. The application role
  // only reads the table; the trigger functions write it as the owner (SECURITY DEFINER).
  sqlMigration('20261231000300_ledger_month_balances', [
    `create table ledger_month_balances (
       tenant_id uuid not null references tenants (id) on delete cascade,
       month date not null check (extract(day from month) = 1),
       account_code text collate "C" not null,
       debit numeric not null check (debit >= 0),
       credit numeric not null check (credit >= 0),
       primary key (tenant_id, month, account_code)
     )`,
    ...tenantReadOnlyTable('ledger_month_balances'),
    `create function ledger_month_balances_add() returns trigger
       language plpgsql security definer set search_path = public as $$
       begin
         insert into ledger_month_balances as b (tenant_id, month, account_code, debit, credit)
         select tenant_id, entry_date - (extract(day from entry_date)::int - 1), account_code, sum(debit), sum(credit)
         from inserted_lines group by 1, 2, 3 order by 1, 3, 2
         on conflict (tenant_id, month, account_code) do update set debit = b.debit + excluded.debit, credit = b.credit + excluded.credit;
         return null;
       end $$`,
    `create trigger journal_lines_month_balances_add after insert on journal_lines
       referencing new table as inserted_lines for each statement execute function ledger_month_balances_add()`,
    // Deletes happen only in the erasure of a tenant's books (the immutability trigger refuses the
    // rest): subtract, and drop the rows that no line feeds any more.
    `create function ledger_month_balances_remove() returns trigger
       language plpgsql security definer set search_path = public as $$
       begin
         update ledger_month_balances b set debit = b.debit - d.debit, credit = b.credit - d.credit
         from (select tenant_id, entry_date - (extract(day from entry_date)::int - 1) as month, account_code, sum(debit) as debit, sum(credit) as credit
               from deleted_lines group by 1, 2, 3) d
         where b.tenant_id = d.tenant_id and b.month = d.month and b.account_code = d.account_code;
         delete from ledger_month_balances b
         where b.tenant_id in (select distinct tenant_id from deleted_lines) and b.debit = 0 and b.credit = 0;
         return null;
       end $$`,
    `create trigger journal_lines_month_balances_remove after delete on journal_lines
       referencing old table as deleted_lines for each statement execute function ledger_month_balances_remove()`,
    // the books held before this migration
    `insert into ledger_month_balances (tenant_id, month, account_code, debit, credit)
     select tenant_id, entry_date - (extract(day from entry_date)::int - 1), account_code, sum(debit), sum(credit)
     from journal_lines group by 1, 2, 3`,
  ]),
  // The month balances' trigger functions write as the owner: nobody calls them directly.
  sqlMigration('20270102100500_ledger_internal_functions', ['ledger_month_balances_add()', 'ledger_month_balances_remove()'].flatMap(internalFunction)),
  // The period lock: nothing dated on or before `locked_until` reaches the journal, whatever path
  // posts it (a manual entry, a document's issue statement, a bank import, a settlement). The wall
  // is a BEFORE INSERT trigger on journal_entries, raising SQLSTATE CU409 (answered 409 with the
  // message, which names the lock date). The only exception is the year-end posting of the ledger
  // itself (regularisation, closing and opening entries, `year_end.*` source types), which the
  // ledger flags for its own statement with the transaction setting `cuadra.year_end_posting`.
  // Every change of the lock is a row of ledger_lock_changes (who, when, from, to, why), which
  // nobody updates and only the erasure of the company deletes.
  sqlMigration('20270208000100_ledger_period_lock', [
    `create table ledger_locks (
       tenant_id uuid primary key references tenants (id) on delete cascade,
       locked_until date check (locked_until between '1900-01-01' and '2999-12-31'),
       updated_at timestamptz not null default now()
     )`,
    ...tenantRowLevelSecurity('ledger_locks'),
    `create table ledger_lock_changes (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       changed_at timestamptz not null default clock_timestamp(),
       user_id uuid,
       api_key_id uuid,
       role text,
       from_date date,
       to_date date,
       reason text not null check (reason ~ '^[a-z][a-z0-9_.-]{0,49}$'),
       unique (tenant_id, id)
     )`,
    `create index ledger_lock_changes_time on ledger_lock_changes (tenant_id, changed_at, id)`,
    ...tenantRowLevelSecurity('ledger_lock_changes'),
    `revoke update, truncate on ledger_lock_changes from cuadra_app`,
    `create function ledger_lock_change_immutable() returns trigger language plpgsql as $$
       begin
         if TG_OP = 'DELETE' and OLD.tenant_id::text = current_setting('cuadra.erasing_tenant', true) then
           return OLD;
         end if;
         raise exception 'The history of the period lock cannot be changed';
       end $$`,
    `create trigger ledger_lock_changes_immutable before update or delete on ledger_lock_changes
       for each row execute function ledger_lock_change_immutable()`,
    `create function ledger_entry_check_lock() returns trigger language plpgsql as $$
       declare
         lock_date date;
       begin
         select locked_until into lock_date from ledger_locks where tenant_id = NEW.tenant_id;
         if lock_date is not null and NEW.date <= lock_date
            and not (NEW.source_type like 'year\\_end.%' and coalesce(current_setting('cuadra.year_end_posting', true), '') = NEW.tenant_id::text) then
           raise exception 'The books are locked until % (inclusive): nothing dated % can be posted; an owner may move the lock back',
             to_char(lock_date, 'YYYY-MM-DD'), to_char(NEW.date, 'YYYY-MM-DD') using errcode = 'CU409';
         end if;
         return NEW;
       end $$`,
    `create trigger journal_entries_check_lock before insert on journal_entries
       for each row execute function ledger_entry_check_lock()`,
  ]),
  // The workspace's figure for many companies at once (system role only): the period lock.
  sqlMigration('20270309000700_ledger_locks_by_tenant', [
    `create function cuadra_ledger_locks(p_tenants uuid[])
       returns table (tenant_id uuid, locked_until text)
       language sql stable security definer set search_path = public as $$
         select l.tenant_id, l.locked_until::text from ledger_locks l where l.tenant_id = any (p_tenants) and l.locked_until is not null
       $$`,
    ...systemOnlyFunction('cuadra_ledger_locks(uuid[])'),
  ]),
  // Journal files imported (POST /ledger/import): one row per distinct content, so the same file twice posts once.
  sqlMigration('20270313000100_ledger_imports', [
    `create table ledger_imports (
       id uuid not null,
       tenant_id uuid not null references tenants (id) on delete cascade,
       content_sha256 text not null check (content_sha256 ~ '^[0-9a-f]{64}$'),
       file_name text not null,
       entries integer not null default 0,
       lines integer not null default 0,
       accounts_created text[] not null default '{}',
       first_number integer,
       last_number integer,
       created_at timestamptz not null default now(),
       primary key (tenant_id, id),
       unique (tenant_id, content_sha256)
     )`,
    ...tenantRowLevelSecurity('ledger_imports'),
  ]),
  // The totals by account of whole months for a set of companies (the workspace's tax results: a
  // 130's year to date), system role only: the maintained month balances less the year-end
  // entries named, as totalsByAccount reads whole months.
  sqlMigration('20270322000300_ledger_totals_by_tenant', [
    `create function cuadra_ledger_totals(p_tenants uuid[], p_from date, p_to date, p_level int, p_excluded text[])
       returns table (tenant_id uuid, account text, debit text, credit text)
       language sql stable security definer set search_path = public as $$
         select t.tenant_id, left(t.account_code, p_level), sum(t.debit)::text, sum(t.credit)::text
         from (
           select b.tenant_id, b.account_code, b.debit, b.credit from ledger_month_balances b
           where b.tenant_id = any (p_tenants) and b.month >= p_from and b.month <= p_to
           union all
           select l.tenant_id, l.account_code, -l.debit, -l.credit
           from journal_entries e join journal_lines l on l.tenant_id = e.tenant_id and l.entry_id = e.id
           where e.tenant_id = any (p_tenants) and e.source_type = any (p_excluded) and e.date >= p_from and e.date <= p_to
         ) t
         group by 1, 2 having sum(t.debit) <> 0 or sum(t.credit) <> 0 order by 1, 2
       $$`,
    ...systemOnlyFunction('cuadra_ledger_totals(uuid[], date, date, int, text[])'),
  ]),
  // A company writing many entries in one transaction (an archive restored, a large journal file)
  // has none of its lines in the table's statistics yet, so a custom plan for "this entry's lines"
  // took any index that starts with tenant_id and filtered the company's every line for each entry:
  // quadratic. The generic plan uses the primary key (tenant_id, entry_id), whatever the statistics.
  sqlMigration('20270319000100_ledger_checks_generic_plans', [
    'alter function ledger_entry_check_lines() set plan_cache_mode = force_generic_plan',
    'alter function ledger_line_before_insert() set plan_cache_mode = force_generic_plan',
  ]),
];
