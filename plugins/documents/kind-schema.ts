import { tenantRowLevelSecurity } from '../../kernel/migration';
import type { DocumentTables } from './kinds';

/**
 * The SQL a document kind's migrations generate: its tables, and the triggers that make an issued
 * document immutable. Migrations that already ran on deployed databases call these generators, so
 * what a generator emits must never change (test/plugins/documents/kind-migrations.test.ts pins
 * it): a change is a new migration, with a new generator where needed.
 */

/** What the immutability triggers of a document kind need to know: its tables and its wording. */
export interface DocumentGuard extends Pick<DocumentTables, 'name' | 'table' | 'linesTable' | 'linesKey' | 'noun'> {
  /** "issued", "registered". */
  issued: string;
  /** "its customer", "its supplier". */
  party: string;
  /** How such a document is corrected, after "cannot be deleted: " ("issue a rectifying invoice"). */
  deleteHint: string;
  /** After "immutable: " ("correct it with a rectifying invoice"). */
  correctHint: string;
}

const quote = (text: string) => text.replaceAll("'", "''");

/** The trigger function on a kind's document table (`create`: `create function` on first release, else `create or replace function`). */
function documentGuardFunction(guard: DocumentGuard, create: 'create' | 'create or replace'): string {
  const { table, noun, issued, party, deleteHint, correctHint } = guard;
  return `${create} function ${table}_guard() returns trigger language plpgsql as $$
       begin
         if TG_OP = 'DELETE' then
           if OLD.status = 'draft' or OLD.tenant_id::text = coalesce(current_setting('cuadra.erasing_tenant', true), '') then
             return OLD;
           end if;
           raise exception '${noun} % is ${issued} and cannot be deleted: ${quote(deleteHint)}', OLD.number;
         end if;
         if OLD.status = 'draft' then
           return NEW;
         end if;
         if NEW.status = 'draft' then
           raise exception '${noun} % is ${issued} and cannot return to draft', OLD.number;
         end if;
         if NEW.contact_id <> OLD.contact_id and coalesce(current_setting('cuadra.repointing_contacts', true), '') <> 'on' then
           raise exception '${noun} % is ${issued} and immutable: ${party} cannot change', OLD.number;
         end if;
         if (to_jsonb(NEW) - 'status' - 'amount_paid' - 'updated_at' - 'contact_id')
            is distinct from (to_jsonb(OLD) - 'status' - 'amount_paid' - 'updated_at' - 'contact_id') then
           raise exception '${noun} % is ${issued} and immutable: ${quote(correctHint)}', OLD.number;
         end if;
         return NEW;
       end $$`;
}

/**
 * The trigger function on a kind's lines table. `byKey`: the document is looked up by primary key
 * (row-level security still hides other tenants' documents); the first release looked it up by
 * (tenant_id, id), and a plan cached while the table was small may then use an index that only
 * starts with tenant_id and read every document of the tenant for each line.
 */
function linesGuardFunction(guard: DocumentGuard, create: 'create' | 'create or replace', documentVariable: string, byKey: boolean): string {
  const { table, linesTable, linesKey, noun, issued, correctHint } = guard;
  const lookup = byKey
    ? `select tenant_id, status, number into parent from ${table} where id = ${documentVariable};
         if found and parent.tenant_id = row_tenant and parent.status <> 'draft'`
    : `select status, number into parent from ${table} where tenant_id = row_tenant and id = ${documentVariable};
         if found and parent.status <> 'draft'`;
  return `${create} function ${linesTable}_guard() returns trigger language plpgsql as $$
       declare
         parent record;
         row_tenant uuid := coalesce(NEW.tenant_id, OLD.tenant_id);
         ${documentVariable} uuid := coalesce(NEW.${linesKey}, OLD.${linesKey});
       begin
         ${lookup}
            and not (TG_OP = 'DELETE' and row_tenant::text = coalesce(current_setting('cuadra.erasing_tenant', true), '')) then
           raise exception '${noun} % is ${issued} and its lines are immutable: ${quote(correctHint)}', parent.number;
         end if;
         if TG_OP = 'DELETE' then return OLD; end if;
         return NEW;
       end $$`;
}

const documentTrigger = ({ table }: DocumentGuard) =>
  `create trigger ${table}_guard before update or delete on ${table} for each row execute function ${table}_guard()`;
const linesTrigger = ({ linesTable }: DocumentGuard) =>
  `create trigger ${linesTable}_guard before insert or update or delete on ${linesTable} for each row execute function ${linesTable}_guard()`;

/**
 * The immutability of issued documents, enforced by the database whatever the application does,
 * generated once for every document kind: once issued, a document's row accepts only `status` /
 * `amount_paid` (and `updated_at`) changes, and `contact_id` only inside a contact merge
 * (transaction setting `cuadra.repointing_contacts`); its lines accept no insert, update or
 * delete; the row cannot be deleted. Erasing a whole tenant (account deletion) is allowed in a
 * transaction that set `cuadra.erasing_tenant` to it. A line's document is looked up by primary key.
 *
 * Migrations that change the guards call this again (`create or replace`), so every kind stays alike.
 */
export function documentGuardSql(guard: DocumentGuard): string[] {
  return [
    documentGuardFunction(guard, 'create or replace'),
    `drop trigger if exists ${guard.table}_guard on ${guard.table}`,
    documentTrigger(guard),
    linesGuardFunction(guard, 'create or replace', 'row_document', true),
    `drop trigger if exists ${guard.linesTable}_guard on ${guard.linesTable}`,
    linesTrigger(guard),
  ];
}

/** History: the lines guard of the first release, changed to look its document up by primary key. */
export function linesGuardByKeySql(guard: DocumentGuard): string[] {
  return [linesGuardFunction(guard, 'create or replace', `row_${guard.name}`, true)];
}

/** Columns and constraints every kind's document table has, in their order; a kind adds its own after any of them. */
const documentEntries = (table: string, partyColumn: string) => ({
  id: 'id uuid primary key',
  tenant_id: 'tenant_id uuid not null references tenants (id) on delete cascade',
  status: "status text not null check (status in ('draft', 'issued', 'partially_paid', 'paid', 'rectified'))",
  series: `series text collate "C" not null check (series ~ '^[A-Z][A-Z0-9]{0,9}$')`,
  year: 'year integer',
  seq: 'seq integer check (seq > 0)',
  number: 'number text collate "C"',
  contact_id: 'contact_id uuid not null',
  issue_date: "issue_date date not null check (issue_date between '1900-01-01' and '2999-12-31')",
  due_date: 'due_date date',
  operation_date: 'operation_date date',
  notes: 'notes text check (length(notes) <= 5000)',
  subtotal: 'subtotal numeric(18,2) not null default 0',
  tax_total: 'tax_total numeric(18,2) not null default 0',
  surcharge_total: 'surcharge_total numeric(18,2) not null default 0',
  withholding_total: 'withholding_total numeric(18,2) not null default 0',
  total: 'total numeric(18,2) not null default 0',
  amount_paid: 'amount_paid numeric(18,2) not null default 0',
  rectifies_id: 'rectifies_id uuid',
  rectification_mode: "rectification_mode text check (rectification_mode in ('differences', 'substitution'))",
  rectification_reason: 'rectification_reason text check (length(rectification_reason) between 1 and 500)',
  journal_entry_id: 'journal_entry_id uuid',
  issued_at: 'issued_at timestamptz',
  created_at: 'created_at timestamptz not null default now()',
  updated_at: 'updated_at timestamptz not null default now()',
  unique_id: 'unique (tenant_id, id)',
  unique_number: 'unique (tenant_id, series, year, seq)',
  contact_fk: 'foreign key (tenant_id, contact_id) references contacts (tenant_id, id)',
  rectifies_fk: `foreign key (tenant_id, rectifies_id) references ${table} (tenant_id, id)`,
  journal_entry_fk: `-- deferred: the ledger may erase a tenant's books before this plugin erases its ${table}
       foreign key (tenant_id, journal_entry_id) references journal_entries (tenant_id, id) deferrable initially deferred`,
  draft_check: "check ((status = 'draft') = (number is null))",
  numbering_check: 'check ((number is null) = (seq is null) and (seq is null) = (year is null))',
  number_check: "check (number is null or number = series || '-' || year || '-' || case when seq < 1000000 then lpad(seq::text, 6, '0') else seq::text end)",
  rectification_check: 'check ((rectifies_id is null) = (rectification_mode is null) and (rectifies_id is null) = (rectification_reason is null))',
  total_check: 'check (total = subtotal + tax_total - withholding_total)',
  party_check: `check (status = 'draft' or ${partyColumn} is not null)`,
});

/** The same for every kind's lines table. */
const lineEntries = (table: string, linesKey: string) => ({
  tenant_id: 'tenant_id uuid not null',
  document_id: `${linesKey} uuid not null`,
  line_no: 'line_no integer not null check (line_no between 1 and 500)',
  description: 'description text not null check (length(description) between 1 and 1000)',
  quantity: 'quantity numeric(18,6) not null',
  unit_price: 'unit_price numeric(18,6) not null',
  discount_pct: 'discount_pct numeric(5,2) not null default 0 check (discount_pct between 0 and 100)',
  tax_type_id: 'tax_type_id uuid not null',
  tax_rate: 'tax_rate numeric(5,2) not null',
  surcharge_type_id: 'surcharge_type_id uuid',
  surcharge_rate: 'surcharge_rate numeric(5,2)',
  withholding_type_id: 'withholding_type_id uuid',
  withholding_rate: 'withholding_rate numeric(5,2)',
  base: 'base numeric(18,2) not null',
  tax_amount: 'tax_amount numeric(18,2) not null',
  surcharge_amount: 'surcharge_amount numeric(18,2) not null default 0',
  withholding_amount: 'withholding_amount numeric(18,2) not null default 0',
  primary_key: `primary key (tenant_id, ${linesKey}, line_no)`,
  document_fk: `foreign key (tenant_id, ${linesKey}) references ${table} (tenant_id, id) on delete cascade`,
  tax_type_fk: 'foreign key (tenant_id, tax_type_id) references tax_types (tenant_id, id)',
  surcharge_type_fk: 'foreign key (tenant_id, surcharge_type_id) references tax_types (tenant_id, id)',
  withholding_type_fk: 'foreign key (tenant_id, withholding_type_id) references tax_types (tenant_id, id)',
  surcharge_check: 'check ((surcharge_type_id is null) = (surcharge_rate is null))',
  withholding_check: 'check ((withholding_type_id is null) = (withholding_rate is null))',
});

type DocumentEntry = keyof ReturnType<typeof documentEntries>;
type LineEntry = keyof ReturnType<typeof lineEntries>;

/** What a kind's first release added to the shared tables: its own columns and constraints, each list after the shared entry it names. */
export interface KindTablesOwn {
  /** The jsonb column with the party printed on the document (`customer`, `supplier`), required once issued. */
  partyColumn: string;
  document: Partial<Record<DocumentEntry, string[]>>;
  lines: Partial<Record<LineEntry, string[]>>;
  /** Indexes of the kind's own, created before the shared ones. */
  indexes: string[];
}

function createTable(name: string, entries: Record<string, string>, own: Partial<Record<string, string[]>>): string {
  const columns = Object.entries(entries).flatMap(([key, sql]) => [sql, ...(own[key] ?? [])]);
  return `create table ${name} (\n       ${columns.join(',\n       ')}\n     )`;
}

/**
 * A kind's tables as invoices and purchases were first created: the numbering counter
 * (`<kind>_series`), the documents and their lines, with the columns and constraints every kind
 * shares plus the kind's own (`own`), row-level security, and the first release's guards. A new
 * kind follows it with `documentGuardSql`, which brings the guards up to date.
 */
export function documentTablesSql(kind: DocumentGuard & Pick<DocumentTables, 'seriesTable'>, own: KindTablesOwn): string[] {
  const { table, linesTable, linesKey, seriesTable } = kind;
  return [
    `create table ${seriesTable} (
       tenant_id uuid not null references tenants (id) on delete cascade,
       series text collate "C" not null check (series ~ '^[A-Z][A-Z0-9]{0,9}$'),
       year integer not null check (year between 1900 and 2999),
       last_number integer not null check (last_number > 0),
       last_issue_date date not null,
       primary key (tenant_id, series, year)
     )`,
    ...tenantRowLevelSecurity(seriesTable),
    createTable(table, documentEntries(table, own.partyColumn), own.document),
    ...own.indexes,
    `create index ${table}_tenant_date on ${table} (tenant_id, issue_date, id)`,
    `create index ${table}_tenant_contact on ${table} (tenant_id, contact_id)`,
    `create index ${table}_tenant_rectifies on ${table} (tenant_id, rectifies_id) where rectifies_id is not null`,
    ...tenantRowLevelSecurity(table),
    createTable(linesTable, lineEntries(table, linesKey), own.lines),
    ...tenantRowLevelSecurity(linesTable),
    documentGuardFunction(kind, 'create'),
    documentTrigger(kind),
    linesGuardFunction(kind, 'create', `row_${kind.name}`, false),
    linesTrigger(kind),
  ];
}

/**
 * Open items brought from another system (./open-items-import.ts): a `migrated` flag on a kind's
 * documents. A migrated document may keep the number the file gives (no series counter: `seq`
 * null, `year` the issue date's), so the checks tying the number to series, year and counter hold
 * for the others only; such a number is unique in the company. A migrated document is never a draft.
 */
export function migratedDocumentsSql(kind: Pick<DocumentTables, 'table'>): string[] {
  const { table } = kind;
  return [
    `alter table ${table} add column migrated boolean not null default false`,
    // the two checks were created unnamed with the table: found by what they say
    `do $$
     declare c record; dropped int := 0;
     begin
       for c in select conname from pg_constraint where conrelid = '${table}'::regclass and contype = 'c'
           and (pg_get_constraintdef(oid) like '%lpad(%' or pg_get_constraintdef(oid) like '%(number IS NULL) = (seq IS NULL)%') loop
         execute format('alter table ${table} drop constraint %I', c.conname);
         dropped := dropped + 1;
       end loop;
       if dropped <> 2 then raise exception '${table}: expected the numbering and number checks, found %', dropped; end if;
     end $$`,
    `alter table ${table} add constraint ${table}_numbering_check check ((number is null) = (year is null)
       and case when migrated then status <> 'draft' and number is not null else (number is null) = (seq is null) end)`,
    `alter table ${table} add constraint ${table}_number_check check (number is null or (migrated and seq is null)
       or number = series || '-' || year || '-' || case when seq < 1000000 then lpad(seq::text, 6, '0') else seq::text end)`,
    `create unique index ${table}_migrated_number on ${table} (tenant_id, number) where migrated and seq is null`,
  ];
}
