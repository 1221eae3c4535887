import { sqlMigration, systemOnlyFunction, tenantRowLevelSecurity } from '../../kernel/migration';
import type { DocumentTables } from './kinds';
import type { RegisterKind } from './tax-register';

/** The register's sums for a set of companies (system role only), as first created; a later migration replaces its `deductible` key. */
const TAX_REGISTER_SUMS_FUNCTION = `create function cuadra_tax_register_sums(p_tenants uuid[], p_keys text[], p_from date, p_to date, p_side text, p_kinds text[],
         p_type_ids uuid[], p_codes text[], p_contact uuid, p_tax_id text, p_capital_good boolean, p_withheld boolean)
       returns table (tenant_id uuid, keys jsonb, base text, quota text, deductible_quota text, surcharge text, withholding text, withheld_base text, n int)
       language plpgsql stable security definer set search_path = public as $fn$
       declare
         expressions text[] := '{}';
         expression text;
         k text;
         grouped text;
       begin
         foreach k in array coalesce(p_keys, '{}'::text[]) loop
           expression := case k
             when 'side' then 'r.side' when 'kind' then 'r.kind' when 'regime' then 'r.regime' when 'taxCode' then 'r.tax_code'
             when 'taxTypeId' then 'r.tax_type_id::text' when 'rate' then 'r.rate::text' when 'surchargeRate' then 'r.surcharge_rate::text'
             when 'withholdingRate' then 'r.withholding_rate::text' when 'capitalGood' then 'r.capital_good'
             when 'deductible' then '(r.deductible_quota <> 0)' when 'withheld' then '(r.withholding <> 0)'
             when 'counterpartyTaxId' then 'r.counterparty_tax_id' when 'counterpartyName' then 'r.counterparty_name'
             when 'counterpartyCountry' then 'r.counterparty_country' when 'contactId' then 'r.contact_id::text'
             when 'rectificationMode' then 'r.rectification_mode' when 'month' then $q$to_char(r.accounting_date, 'YYYY-MM')$q$
           end;
           if expression is null then raise exception 'unknown tax register key %', k using errcode = '22023'; end if;
           expressions := expressions || expression;
         end loop;
         grouped := case when cardinality(expressions) = 0 then '' else ', ' || array_to_string(expressions, ', ') end;
         return query execute format($q$
           select r.tenant_id, jsonb_build_array(%s), sum(r.base)::text, sum(r.quota)::text, sum(r.deductible_quota)::text, sum(r.surcharge)::text,
                  sum(r.withholding)::text,
                  sum(case when r.withholding_rate is null or r.withholding_rate = 0 or round(r.base * r.withholding_rate / 100, 2) = r.withholding then r.base
                      else round(r.withholding * 100 / r.withholding_rate, 2) end)::text,
                  count(*)::int
           from tax_register r
           where r.tenant_id = any ($1) and r.accounting_date between $2 and $3
             and ($4::text is null or r.side = $4) and ($5::text[] is null or r.kind = any ($5)) and ($6::uuid[] is null or r.tax_type_id = any ($6))
             and ($7::text[] is null or r.tax_code = any ($7)) and ($8::uuid is null or r.contact_id = $8) and ($9::text is null or r.counterparty_tax_id = $9)
             and ($10::boolean is null or r.capital_good = $10) and ($11::boolean is null or (r.withholding <> 0) = $11)
           group by r.tenant_id%s
           order by r.tenant_id%s$q$, array_to_string(expressions, ', '), grouped, grouped)
         using p_tenants, p_from, p_to, p_side, p_kinds, p_type_ids, p_codes, p_contact, p_tax_id, p_capital_good, p_withheld;
       end
       $fn$`;

/**
 * The documents plugin's own tables.
 *
 * - `tax_register`: one row per issued/registered document and tax line group (VAT type, with its
 *   surcharge and withholding), written in the transaction that issues the document, never
 *   changed afterwards (only `contact_id` inside a contact merge; deleted only in tenant erasure).
 *   It is what tax models, VERI*FACTU and the VAT record books read, through `TaxRegister`.
 * - `settlements`: every collection or payment recorded against a document (signed like the
 *   document's total), with its journal entry; a reversal marks it reversed (never deleted).
 */
export const migrations = [
  sqlMigration('20261224000100_documents_tax_register', [
    `create table tax_register (
       tenant_id uuid not null references tenants (id) on delete cascade,
       document_type text not null check (document_type in ('invoice', 'purchase')),
       document_id uuid not null,
       group_no integer not null check (group_no between 1 and 500),
       side text not null check (side in ('issued', 'received')),
       kind text not null check (kind in ('invoice', 'simplified', 'rectification', 'purchase_invoice', 'expense', 'import', 'intra_eu_acquisition', 'reverse_charge')),
       number text collate "C" not null,
       supplier_number text,
       issue_date date not null,
       operation_date date,
       accounting_date date not null,
       contact_id uuid not null,
       counterparty_name text not null,
       counterparty_tax_id text,
       counterparty_country char(2) not null,
       rectifies_id uuid,
       rectifies_number text,
       rectification_mode text check (rectification_mode in ('differences', 'substitution')),
       capital_good boolean not null default false,
       tax_type_id uuid not null,
       tax_code text not null,
       regime text not null,
       base numeric(18,2) not null,
       rate numeric(5,2) not null,
       quota numeric(18,2) not null,
       deductible_quota numeric(18,2) not null default 0,
       surcharge_rate numeric(5,2),
       surcharge numeric(18,2) not null default 0,
       withholding_rate numeric(5,2),
       withholding numeric(18,2) not null default 0,
       document_total numeric(18,2) not null,
       created_at timestamptz not null default now(),
       -- one index for both needs: the books and tax models read by period, and a document's
       -- rows (one accounting date each) stay unique; issuing writes one index entry per row
       primary key (tenant_id, side, accounting_date, document_id, group_no)
     )`,
    ...tenantRowLevelSecurity('tax_register'),
    `create function tax_register_guard() returns trigger language plpgsql as $$
       begin
         if TG_OP = 'DELETE' then
           if OLD.tenant_id::text = coalesce(current_setting('cuadra.erasing_tenant', true), '') then return OLD; end if;
           raise exception 'The tax register is append-only: % stays registered', OLD.number;
         end if;
         if NEW.contact_id <> OLD.contact_id and coalesce(current_setting('cuadra.repointing_contacts', true), '') = 'on'
            and (to_jsonb(NEW) - 'contact_id') = (to_jsonb(OLD) - 'contact_id') then
           return NEW;
         end if;
         raise exception 'The tax register is append-only: % cannot change', OLD.number;
       end $$`,
    `create trigger tax_register_guard before update or delete on tax_register for each row execute function tax_register_guard()`,

    `create table settlements (
       id uuid primary key,
       tenant_id uuid not null references tenants (id) on delete cascade,
       document_type text not null,
       document_id uuid not null,
       date date not null,
       amount numeric(18,2) not null check (amount <> 0),
       treasury_account text collate "C" not null,
       journal_entry_id uuid not null,
       reversed_at timestamptz,
       created_at timestamptz not null default now(),
       unique (tenant_id, id),
       foreign key (tenant_id, journal_entry_id) references journal_entries (tenant_id, id) deferrable initially deferred
     )`,
    `create index settlements_document on settlements (tenant_id, document_id)`,
    ...tenantRowLevelSecurity('settlements'),
  ]),
  // The register's sums for a set of companies in one statement (the workspace's tax results, system
  // role only): the grouping keys are named from the same list as TaxRegisterSums' KEYS (an unknown
  // name is refused), the filters are registerFilter's; one row per company and group, in the order
  // a company's own query gives.
  sqlMigration('20270322000100_tax_register_sums_by_tenant', [
    TAX_REGISTER_SUMS_FUNCTION,
    ...systemOnlyFunction('cuadra_tax_register_sums(uuid[], text[], date, date, text, text[], uuid[], text[], uuid, text, boolean, boolean)'),
  ]),
  // A received group is deductible when its VAT is (no recargo de equivalencia borne: no surcharge
  // rate) and it has VAT, even when the VAT prorrata rounds its deductible quota to 0.00; the same
  // expression as TaxRegisterSums' `deductible` key.
  sqlMigration('20270327080200_tax_register_sums_deductible_flag', [replacedOnce(
    TAX_REGISTER_SUMS_FUNCTION.replace('create function', 'create or replace function'),
    `when 'deductible' then '(r.deductible_quota <> 0)'`, `when 'deductible' then $q$(r.deductible_quota <> 0 or (r.side = 'received' and r.surcharge_rate is null and r.quota <> 0))$q$`,
  )]),
];

/** A kind whose lines split by VAT type only: never a capital good, always deductible. */
export const NO_REGISTER_SPLIT = { capitalGood: 'false', deductible: 'true' } as const;

/** How a document kind's issued documents map onto register rows, for `registerBackfillSql`. */
export interface RegisterBackfill extends Pick<DocumentTables, 'name' | 'side' | 'table' | 'linesTable' | 'linesKey' | 'registerGroupBy'> {
  /** The jsonb column with the party printed on the document (`customer`, `supplier`). */
  partyColumn: string;
  /** The line's VAT (alias `l`). */
  quota: string;
  /** The register kind (aliases `d` document, `t` tax type). */
  kind: string;
  /** The supplier's number (alias `d`), or null. */
  supplierNumber: string;
  /** How the rectified document is named (alias `o`, the rectified document). */
  rectifiesNumber: string;
}

/**
 * The register rows of documents issued before the register existed, computed in SQL exactly as
 * `registerRows` computes them at issue (groups by VAT type in order of their first line).
 * Each kind's migration runs it once for its own table.
 */
export function registerBackfillSql(b: RegisterBackfill): string {
  const groupBy = b.registerGroupBy ?? NO_REGISTER_SPLIT;
  return `
    insert into tax_register (tenant_id, document_type, document_id, group_no, side, kind, number, supplier_number, issue_date, operation_date, accounting_date,
      contact_id, counterparty_name, counterparty_tax_id, counterparty_country, rectifies_id, rectifies_number, rectification_mode, capital_good, tax_type_id,
      tax_code, regime, base, rate, quota, deductible_quota, surcharge_rate, surcharge, withholding_rate, withholding, document_total)
    select d.tenant_id, '${b.name}', d.id, row_number() over (partition by d.id order by g.first_line)::int, '${b.side}', ${b.kind}, d.number, ${b.supplierNumber},
      d.issue_date, d.operation_date, d.issue_date, d.contact_id, coalesce(d.${b.partyColumn} ->> 'legal_name', d.${b.partyColumn} ->> 'name'),
      d.${b.partyColumn} ->> 'tax_id', d.${b.partyColumn} ->> 'country', d.rectifies_id, ${b.rectifiesNumber}, d.rectification_mode, g.capital_good, g.tax_type_id,
      t.code, t.regime, g.base, g.rate, g.quota, case when '${b.side}' = 'received' and g.deductible then g.quota else 0 end, g.surcharge_rate, g.surcharge,
      g.withholding_rate, g.withholding, d.total
    from ${b.table} d
    join lateral (
      select l.tax_type_id, ${groupBy.capitalGood} as capital_good, ${groupBy.deductible} as deductible, min(l.line_no) as first_line, min(l.tax_rate) as rate,
        sum(l.base) as base, sum(${b.quota}) as quota, sum(l.surcharge_amount) as surcharge, sum(l.withholding_amount) as withholding,
        (array_agg(l.surcharge_rate order by l.line_no) filter (where l.surcharge_rate is not null))[1] as surcharge_rate,
        (array_agg(l.withholding_rate order by l.line_no) filter (where l.withholding_rate is not null))[1] as withholding_rate
      from ${b.linesTable} l where l.tenant_id = d.tenant_id and l.${b.linesKey} = d.id
      group by 1, 2, 3
    ) g on true
    join tax_types t on t.tenant_id = d.tenant_id and t.id = g.tax_type_id
    left join ${b.table} o on o.tenant_id = d.tenant_id and o.id = d.rectifies_id
    where d.status <> 'draft'
      and not exists (select 1 from tax_register r where r.tenant_id = d.tenant_id and r.document_id = d.id)`;
}

/** Statements that correct register rows, with the register's append-only guard standing aside for them (migrations only). */
export const withRegisterGuardAside = (statements: string[]): string[] => [
  `alter table tax_register disable trigger tax_register_guard`,
  ...statements,
  `alter table tax_register enable trigger tax_register_guard`,
];

/**
 * Corrects the kind of a document kind's register rows written before the kind could be told
 * (`from` → `to` for the documents of `table` matching `where`, SQL over alias `d`): for a
 * kind's migration, after `registerBackfillSql` or issuing wrote them with the older rule.
 */
export function registerReclassifySql(b: Pick<DocumentTables, 'name' | 'table'> & { from: RegisterKind; to: RegisterKind; where: string }): string[] {
  return withRegisterGuardAside([
    `update tax_register r set kind = '${b.to}' from ${b.table} d
     where r.tenant_id = d.tenant_id and r.document_type = '${b.name}' and r.document_id = d.id and r.kind = '${b.from}' and (${b.where})`,
  ]);
}

/** `text` with `from` replaced by `to`, refusing to build a migration that would silently change nothing. */
function replacedOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`migration text: ${from} not found`);
  return text.replace(from, to);
}
