import { currentTenantSql, internalFunction, sqlMigration, tenantRowLevelSecurity, tenantReadOnlyTable } from '../../kernel/migration';

/** The folded fields of a contact, one per line (the generated column search_document). */
const SEARCH_DOCUMENT_SQL = `search_fold(name || E'\\n' || coalesce(legal_name, '')
       || E'\\n' || coalesce(vat, '') || E'\\n' || coalesce(email, '') || E'\\n' || coalesce(external_id, ''))`;

/**
 * Contacts take the seed specification's values: kind customer|supplier (a contact on both sides
 * keeps kind customer and the customer_and_supplier flag) and customer_type business|individual.
 */
export const SEED_ENUMS = [
  `alter table contacts drop constraint contacts_kind_check`,
  `alter table contacts drop constraint contacts_customer_type_check`,
  `alter table contacts add column customer_and_supplier boolean not null default false`,
  `update contacts set kind = 'customer', customer_and_supplier = true where kind = 'both'`,
  `update contacts set customer_type = 'individual' where customer_type = 'consumer'`,
  `alter table contacts add constraint contacts_kind_check check (kind in ('customer', 'supplier'))`,
  `alter table contacts add constraint contacts_customer_type_check check (customer_type in ('business', 'individual'))`,
];

/** What contact_counts counts by: the columns the list filters on (filters.ts, contactCountFilterSql). */
const COUNT_KEY = 'tenant_id, kind, customer_and_supplier, country, customer_type, has_vat, has_payment_processor, external_source';
/** The same as columns of a table (contact_counts, contact_search_terms). */
const COUNT_COLUMNS = `tenant_id uuid not null references tenants (id) on delete cascade,
       kind text not null,
       customer_and_supplier boolean not null,
       country char(2) not null,
       customer_type text not null,
       has_vat boolean not null,
       has_payment_processor boolean not null,
       external_source text not null,`;
const COUNT_KEY_OF = (alias: string) => COUNT_KEY.split(', ').map((column) => `${alias}.${column}`).join(', ');
/** The same, of a contact row `x`. */
const COUNT_GROUP = `x.tenant_id, x.kind, x.customer_and_supplier, x.country, x.customer_type, x.vat is not null as has_vat,
  x.payment_processor_id is not null as has_payment_processor, coalesce(x.external_source, '') as external_source`;
const COUNT_POSITIONS = '1, 2, 3, 4, 5, 6, 7, 8';
/** The same of contact rows `x` and `y`, compared: the group a contact is counted in did not change. */
const SAME_GROUP = `(x.tenant_id, x.kind, x.customer_and_supplier, x.country, x.customer_type, x.vat is null, x.payment_processor_id is null, x.external_source)
  is not distinct from (y.tenant_id, y.kind, y.customer_and_supplier, y.country, y.customer_type, y.vat is null, y.payment_processor_id is null, y.external_source)`;
/** contact_search_terms' key, in the order its rows are changed (the primary key's). */
const TERM_KEY = 'tenant_id, term, kind, customer_and_supplier, country, customer_type, has_vat, has_payment_processor, external_source';

/** The statement-level triggers `contacts_<name>_add|move|remove` on contacts, calling `<fn>_add|move|remove()` with the transition tables. */
const statementTriggers = (name: string, fn: string) => [
  `create trigger contacts_${name}_add after insert on contacts
       referencing new table as new_contacts for each statement execute function ${fn}_add()`,
  `create trigger contacts_${name}_move after update on contacts
       referencing old table as old_contacts new table as new_contacts for each statement execute function ${fn}_move()`,
  `create trigger contacts_${name}_remove after delete on contacts
       referencing old table as old_contacts for each statement execute function ${fn}_remove()`,
];

/** A company's search terms are kept from this many contacts on: below, counting its matches costs little. */
const TERMS_FROM_CONTACTS = 10_000;
/** The advisory lock on a company's search terms (this class, the company): writers share it, keeping them starts alone. */
const TERMS_LOCK = (company: string) => `2026112401, hashtext(${company}::text)`;

/**
 * The statements of a trigger function that adds to contact_search_terms the weights of the
 * contacts `changes` selects (a contact's columns and `sign`: +1 counted in, -1 counted out) of the
 * companies whose terms are kept, then drops the rows left at zero. Rows change in key order.
 * First it shares the lock of each company `companies` selects: a company whose terms start being kept
 * meanwhile (contact_search_terms_keep) waits for this transaction, or this one for it, so every
 * contact is counted once, by the start's backfill or by its own writer. That relies on read
 * committed (the service's isolation): the statement after the lock sees a start committed meanwhile.
 */
const applyTermWeights = (companies: string, changes: string) => `
         perform pg_advisory_xact_lock_shared(${TERMS_LOCK('c.tenant_id')}) from (select distinct tenant_id from (${companies}) t order by 1) c;
         with applied as (
           insert into contact_search_terms as t (${COUNT_KEY}, term, weight)
           select ${COUNT_GROUP}, w.term, sum(x.sign * w.weight)::int
           from (${changes}) x, contact_search_term_weights(x.search_document) w
           where x.tenant_id in (select k.tenant_id from contact_search_term_companies k)
           group by ${COUNT_POSITIONS}, 9 having sum(x.sign * w.weight) <> 0
           order by 1, 9, 2, 3, 4, 5, 6, 7, 8
           on conflict (${TERM_KEY}) do update set weight = t.weight + excluded.weight
           returning t.tenant_id, t.term, t.weight
         )
         select array_agg(tenant_id), array_agg(term) into zero_tenants, zero_terms from applied where weight = 0;
         if zero_terms is not null then
           delete from contact_search_terms t using unnest(zero_tenants, zero_terms) as z(tenant_id, term)
           where t.tenant_id = z.tenant_id and t.term = z.term and t.weight = 0;
         end if;`;

export const migrations = [
  sqlMigration('20261122001100_contacts', [
  `create table contacts (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       kind text not null check (kind in ('customer', 'supplier', 'both')),
       name text not null check (length(name) between 1 and 200),
       legal_name text,
       customer_type text not null default 'business' check (customer_type in ('business', 'consumer')),
       vat text check (length(vat) between 1 and 32),
       vat_valid boolean not null default false,
       country char(2) not null default 'ES',
       email text,
       phone text,
       address text,
       city text,
       postal_code text,
       province text,
       iban text,
       external_source text check (length(external_source) between 1 and 32),
       external_id text,
       payment_processor_id text,
       notes text,
       name_key text collate "C" not null,
       search_text text not null,
       created_at timestamptz not null default now(),
       updated_at timestamptz not null default now(),
       -- the target of composite foreign keys (tenant_id, contact_id) from documents
       constraint contacts_tenant_id_key unique (tenant_id, id)
     )`,
    ...tenantRowLevelSecurity('contacts'),
    // Lists and exports walk this index in order (keyset pagination on name_key, id).
  `create index contacts_tenant_name on contacts (tenant_id, name_key, id)`,
  `create index contacts_tenant_created on contacts (tenant_id, created_at)`,
    // An importer's (source, id) pair names one contact per tenant.
  `create unique index contacts_external_key on contacts (tenant_id, external_source, external_id)
       where external_source is not null and external_id is not null`,
  ]),
  sqlMigration('20261224000100_contacts_seed_enums', SEED_ENUMS),
  // Search through a trigram index over the folded fields (the kernel's search_fold and pg_trgm),
  // kept in a generated column so that checking a candidate row reads the folded text instead of
  // folding it again; external ids become searchable too. Fields one per line: no match spans two.
  sqlMigration('20261224000100_contacts_trigram_search', [
    `alter table contacts drop column search_text`,
    `alter table contacts add column search_document text not null generated always as (${SEARCH_DOCUMENT_SQL}) stored`,
    `create index contacts_search on contacts using gin (tenant_id, search_document gin_trgm_ops)`,
    // Under row-level security PostgreSQL only lets leakproof operators into index conditions, and
    // LIKE is not one: a search straight on contacts would read every row of the tenant. This view
    // (run with its owner's rights, which bypass row-level security) holds the same wall, the
    // transaction's tenant, in its own WHERE, so the trigram index answers LIKE; the list then
    // reads the matching ids from contacts under row-level security as usual.
    `create view contacts_searchable as
       select tenant_id, id, search_document from contacts where tenant_id = (select ${currentTenantSql})`,
  ]),
  // A search page reads, filters and ranks its rows in the view itself: joining the view's ids back
  // to contacts made the planner scan the whole company for broad searches and large companies.
  sqlMigration('20261227000100_contacts_searchable_columns', [
    `drop view contacts_searchable`,
    `create view contacts_searchable as
       select id, tenant_id, kind, customer_and_supplier, name, legal_name, customer_type, vat, vat_valid, country, email, phone, address,
              city, postal_code, province, iban, external_source, external_id, payment_processor_id, notes, name_key, search_document,
              created_at, updated_at
       from contacts where tenant_id = (select ${currentTenantSql})`,
  ]),
  // The trigram index moves to the fields without spaces and punctuation (search_compact), so that a
  // search of several words ("iñaki ortega") finds its candidates by the trigrams that span them
  // ("kio"): on search_document, pg_trgm splits at spaces and the index could only tell the rows
  // holding both words anywhere. The tenant leaves the index: with (tenant_id, …) every search of a
  // large company walked the company's whole posting list (~17 ms at 1 M contacts); a small
  // company's search is answered by contacts_tenant_name and a filter instead. See filters.ts.
  // The pattern is written out (filters.ts COMPACT_DROPPED_SQL is the same): a released migration
  // must not change with a constant of the running code. search-compact.test.ts checks they agree.
  sqlMigration('20261231000400_contacts_search_compact', [
    `alter table contacts add column search_compact text not null generated always as (regexp_replace(${SEARCH_DOCUMENT_SQL}, '[\\x01-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7f]+', '', 'g')) stored`,
    `drop index contacts_search`,
    `create index contacts_search on contacts using gin (search_compact gin_trgm_ops)`,
    `create or replace view contacts_searchable as
       select id, tenant_id, kind, customer_and_supplier, name, legal_name, customer_type, vat, vat_valid, country, email, phone, address,
              city, postal_code, province, iban, external_source, external_id, payment_processor_id, notes, name_key, search_document,
              created_at, updated_at, search_compact
       from contacts where tenant_id = (select ${currentTenantSql})`,
  ]),
  // The company's contacts counted by every value the list filters on, kept by statement-level
  // triggers: an unsearched list's exact `total` is then a sum over a few rows instead of a count
  // of the company's contacts (72 ms at 1 M). A group's row stays locked from the write that
  // changes its count to the end of that transaction, so two transactions writing contacts of the
  // same group (same kind, country, …) of one company queue there; an update that moves no contact
  // between groups writes and locks nothing. Each statement changes its groups in key order.
  sqlMigration('20261231000810_contacts_counts', [
    `create table contact_counts (
       ${COUNT_COLUMNS}
       contacts bigint not null check (contacts >= 0),
       primary key (${COUNT_KEY})
     )`,
    ...tenantReadOnlyTable('contact_counts'),
    `create function contact_counts_add() returns trigger
       language plpgsql security definer set search_path = public as $$
       begin
         insert into contact_counts as c (${COUNT_KEY}, contacts)
         select ${COUNT_GROUP}, count(*) from new_contacts x group by ${COUNT_POSITIONS} order by ${COUNT_POSITIONS}
         on conflict (${COUNT_KEY}) do update set contacts = c.contacts + excluded.contacts;
         return null;
       end $$`,
    `create function contact_counts_move() returns trigger
       language plpgsql security definer set search_path = public as $$
       begin
         -- a group that loses contacts has its row; only one that gains may need a new one
         with net as (
           select ${COUNT_GROUP}, sum(change) as change from (
             select *, 1 as change from new_contacts union all select *, -1 as change from old_contacts
           ) x group by ${COUNT_POSITIONS} having sum(change) <> 0
         ), gained as (
           insert into contact_counts as c (${COUNT_KEY}, contacts)
           select * from net where change > 0 order by ${COUNT_POSITIONS}
           on conflict (${COUNT_KEY}) do update set contacts = c.contacts + excluded.contacts
         )
         update contact_counts c set contacts = c.contacts + net.change from net
         where net.change < 0 and (${COUNT_KEY_OF('c')}) = (${COUNT_KEY_OF('net')});
         return null;
       end $$`,
    // No insert here: when the company itself is being deleted its counts may already be gone.
    `create function contact_counts_remove() returns trigger
       language plpgsql security definer set search_path = public as $$
       begin
         update contact_counts c set contacts = c.contacts - d.removed
         from (select ${COUNT_GROUP}, count(*) as removed from old_contacts x group by ${COUNT_POSITIONS} order by ${COUNT_POSITIONS}) d
         where (${COUNT_KEY_OF('c')}) = (${COUNT_KEY_OF('d')});
         delete from contact_counts c where c.contacts = 0 and c.tenant_id in (select distinct tenant_id from old_contacts);
         return null;
       end $$`,
    ...statementTriggers('counts', 'contact_counts'),
    // the contacts held before this migration
    `insert into contact_counts (${COUNT_KEY}, contacts) select ${COUNT_GROUP}, count(*) from contacts x group by ${COUNT_POSITIONS}`,
  ]),
  // A search's exact total without reading its matches (filters.ts, countedTermOf). For a needle of
  // 3 to 16 letters (no digit, no ASCII space or punctuation) a contact matches when one of its runs
  // of letters contains the needle, that is when one of its terms starts with it: a term is a suffix
  // of a run (3 or more characters), cut to 16. The matches are then the contacts having a term in
  // the range [needle, next string after needle's prefixes). A contact may hold several such terms
  // (martinez and martineza, or ana and anana): each distinct term of a contact weighs +1, and the
  // common prefix (3 or more characters) of each two neighbouring terms in byte order weighs -1.
  // The terms starting with a needle are neighbours, k of them share k - 1 such prefixes, each
  // starting with the needle, and no other neighbours' prefix does: summed over the range, every
  // matching contact weighs exactly 1. contact_search_terms keeps the weights summed per company,
  // group (contact_counts' key) and term, for the companies of TERMS_FROM_CONTACTS contacts or more
  // (contact_search_term_companies): a small company's own vocabulary would cost more rows than its
  // contacts (1 M contacts over 1,000 companies made 7.8 M rows, 1.8 GB), and counting its matches
  // is cheap. Statement-level triggers keep it, each statement changing its rows in key order. As
  // with contact_counts, a transaction that changes a term of a group holds that row to its end;
  // two that change contacts of one company in several statements each can deadlock, and one of
  // them is then refused with 409.
  sqlMigration('20261231100300_contacts_search_terms', [
    `create function contact_search_term_weights(document text) returns table (term text, weight int)
       language sql immutable parallel safe as $$
       with terms as (
         select distinct left(substr(m.run[1], i), 16) collate "C" as term
         from regexp_matches(document, '[^\\x01-\\x40\\x5b-\\x60\\x7b-\\x7f]+', 'g') as m(run),
              generate_series(1, length(m.run[1]) - 2) as i
       ), neighbours as (
         select term as a, lead(term) over (order by term) as b from terms
       ), shared as (
         select (select left(a, max(i)) from generate_series(3, least(length(a), length(b))) as i where left(a, i) = left(b, i)) as term
         from neighbours where left(a, 3) = left(b, 3)
       )
       select term, sum(weight)::int from (select term, 1 as weight from terms union all select term, -1 from shared) w
       group by term having sum(weight) <> 0
     $$`,
    `create table contact_search_terms (
       ${COUNT_COLUMNS}
       term text collate "C" not null,
       weight int not null,
       primary key (${TERM_KEY})
     )`,
    ...tenantReadOnlyTable('contact_search_terms'),
    // the companies whose terms are kept
    `create table contact_search_term_companies (tenant_id uuid primary key references tenants (id) on delete cascade)`,
    ...tenantReadOnlyTable('contact_search_term_companies'),
    // Starts keeping a company's terms: with the lock every writer of its contacts shares, so that
    // the backfill reads them all committed and every later write sees the company kept. A writer
    // reaching the threshold does not wait (\`wait\` false): two writers holding the shared lock and
    // each waiting for the other's would deadlock; a later insert tries again. Never kept again
    // below the threshold: a company that loses contacts keeps its terms.
    `create function contact_search_terms_keep(company uuid, wait boolean default true) returns void
       language plpgsql security definer set search_path = public as $$
       begin
         if wait then
           perform pg_advisory_xact_lock(${TERMS_LOCK('company')});
         elsif not pg_try_advisory_xact_lock(${TERMS_LOCK('company')}) then
           return;
         end if;
         insert into contact_search_term_companies (tenant_id) values (company) on conflict do nothing;
         if not found then return; end if;
         insert into contact_search_terms (${COUNT_KEY}, term, weight)
         select ${COUNT_GROUP}, w.term, sum(w.weight) from contacts x, contact_search_term_weights(x.search_document) w
         where x.tenant_id = company group by ${COUNT_POSITIONS}, 9 having sum(w.weight) <> 0;
       end $$`,
    // the application role must not start it for any company (new functions are granted to it by default)
    `revoke execute on function contact_search_terms_keep(uuid, boolean) from public, cuadra_app`,
    `create function contact_search_terms_add() returns trigger
       language plpgsql security definer set search_path = public as $$
       declare zero_tenants uuid[]; zero_terms text[];
       begin${applyTermWeights('select tenant_id from new_contacts', 'select x.*, 1 as sign from new_contacts x')}
         -- a company that reaches TERMS_FROM_CONTACTS (contact_counts' trigger ran first) starts keeping its terms
         perform contact_search_terms_keep(c.tenant_id, false) from (select distinct tenant_id from new_contacts) c
         where not exists (select 1 from contact_search_term_companies k where k.tenant_id = c.tenant_id)
           and (select coalesce(sum(n.contacts), 0) from contact_counts n where n.tenant_id = c.tenant_id) >= ${TERMS_FROM_CONTACTS};
         return null;
       end $$`,
    // only the contacts whose searched fields or group changed
    `create function contact_search_terms_move() returns trigger
       language plpgsql security definer set search_path = public as $$
       declare zero_tenants uuid[]; zero_terms text[];
       begin${applyTermWeights('select tenant_id from new_contacts union select tenant_id from old_contacts', `select x.*, 1 as sign from new_contacts x
             where not exists (select 1 from old_contacts y where y.id = x.id and y.search_document = x.search_document and ${SAME_GROUP})
           union all select x.*, -1 as sign from old_contacts x
             where not exists (select 1 from new_contacts y where y.id = x.id and y.search_document = x.search_document and ${SAME_GROUP})`)}
         return null;
       end $$`,
    `create function contact_search_terms_remove() returns trigger
       language plpgsql security definer set search_path = public as $$
       declare zero_tenants uuid[]; zero_terms text[];
       begin${applyTermWeights('select tenant_id from old_contacts', 'select x.*, -1 as sign from old_contacts x')}
         return null;
       end $$`,
    ...statementTriggers('search_terms', 'contact_search_terms'),
    `select contact_search_terms_keep(n.tenant_id) from contact_counts n group by n.tenant_id having sum(n.contacts) >= ${TERMS_FROM_CONTACTS}`,
  ]),
  // The counts' and terms' trigger functions write as the owner: nobody calls them directly.
  sqlMigration('20270102100400_contacts_internal_functions', [
    'contact_counts_add()', 'contact_counts_move()', 'contact_counts_remove()',
    'contact_search_terms_add()', 'contact_search_terms_move()', 'contact_search_terms_remove()',
  ].flatMap(internalFunction)),
  // A Spanish public administration and its DIR3 codes (FACe; plugins/facturae carries them).
  sqlMigration('20270203000200_contacts_public_administration', [
    `alter table contacts add column public_administration boolean not null default false`,
    `alter table contacts add column administrative_centres jsonb check (administrative_centres is null or jsonb_typeof(administrative_centres) = 'object')`,
    // the search view has every column of contacts (a search page reads its rows there)
    `create or replace view contacts_searchable as
       select id, tenant_id, kind, customer_and_supplier, name, legal_name, customer_type, vat, vat_valid, country, email, phone, address,
              city, postal_code, province, iban, external_source, external_id, payment_processor_id, notes, name_key, search_document,
              created_at, updated_at, search_compact, public_administration, administrative_centres
       from contacts where tenant_id = (select ${currentTenantSql})`,
  ]),
  // The BIC of the contact's IBAN (SEPA transfers carry it when given).
  sqlMigration('20270213000100_contacts_bic', [
    `alter table contacts add column bic text check (bic ~ '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$')`,
    `create or replace view contacts_searchable as
       select id, tenant_id, kind, customer_and_supplier, name, legal_name, customer_type, vat, vat_valid, country, email, phone, address,
              city, postal_code, province, iban, external_source, external_id, payment_processor_id, notes, name_key, search_document,
              created_at, updated_at, search_compact, public_administration, administrative_centres, bic
       from contacts where tenant_id = (select ${currentTenantSql})`,
  ]),
  // The search views run with their owner's rights (past row-level security) and hold the tenant wall
  // in their WHERE, which binds reads only: a simple view is updatable, and an insert through it
  // would take any tenant_id. The application only reads them, so it may not write through them.
  sqlMigration('20270327110000_contacts_searchable_read_only', ['revoke insert, update, delete, truncate on contacts_searchable from cuadra_app']),
];
