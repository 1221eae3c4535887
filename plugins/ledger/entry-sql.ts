import { Decimal } from '../../kernel/money';
import { pgArray } from '../../kernel/sql-params';
import type { JournalDraft } from './draft';


/**
 * An entry as common table expressions, for a statement that also writes its source document:
 * numbering the document, numbering the entry and storing it then cost one round trip, and a
 * counter row locked by the statement is released at its commit (see `uow.write`).
 *
 *   with ${sql.accountsCheck}, doc as (… where (select ok from ledger_accounts_ok) …), ${sql.posting} select …
 *
 * - `accountsCheck` defines `ledger_accounts_ok (ok)`: true when every account of the draft exists
 *   and takes postings. Gate every write of the statement on it: when false, write nothing and
 *   post through `LedgerService.post` in a unit of work instead (it creates `createAccount`
 *   sub-accounts or reports the exact error).
 * - `posting` defines `ledger_number`, `ledger_entry (number, created_at)` and `ledger_lines`: the
 *   entry is posted when the caller's `gate` CTE yields a row (at most one) and not otherwise.
 *   `description` may reference `:ledgerDescription` and the gate's columns (a document number
 *   known only inside the statement).
 *
 * The draft must have passed `assertDraft`; the database re-checks the balance at commit.
 */
export interface EntrySql {
  id: string;
  accountsCheck: string;
  posting: string;
  params: Record<string, unknown>;
}

export function entrySql(draft: JournalDraft, options: { gate: string; description?: string; reversalOf?: string | null }): EntrySql {
  const id = crypto.randomUUID();
  const lines = draft.lines;
  const zero = Decimal.zero(2);
  return {
    id,
    // one primary-key lookup per account (a join may be planned as a scan of the tenant's chart)
    accountsCheck: `ledger_accounts_ok as (
      select coalesce(bool_and(coalesce((select a.is_postable from accounts a where a.tenant_id = :tenant and a.code = wanted.code), false)), true) as ok
      from unnest(:ledgerAccounts::text[]) as wanted (code))`,
    posting: `ledger_number as (
      insert into ledger_counters as c (tenant_id, last_number) select :tenant, 1 from ${options.gate}
      on conflict (tenant_id) do update set last_number = c.last_number + 1
      returning last_number
    ), ledger_entry as (
      insert into journal_entries (id, tenant_id, number, date, description, source_type, source_id, reversal_of)
      select :ledgerEntryId::uuid, :tenant, ledger_number.last_number, :ledgerDate::date, ${options.description ?? ':ledgerDescription'}, :ledgerSourceType,
        :ledgerSourceId::uuid, :ledgerReversalOf::uuid
      from ledger_number, ${options.gate}
      returning number, created_at
    ), ledger_lines as (
      insert into journal_lines (tenant_id, entry_id, line_no, entry_date, account_code, debit, credit, contact_id, tax_type_id, tax_base)
      select :tenant, :ledgerEntryId::uuid, x.line_no, :ledgerDate::date, x.account_code, x.debit, x.credit, x.contact_id, x.tax_type_id, x.tax_base
      from ledger_entry, unnest(:ledgerLineNos::int[], :ledgerLineAccounts::text[], :ledgerDebits::numeric[], :ledgerCredits::numeric[], :ledgerContacts::uuid[],
        :ledgerTaxTypes::uuid[], :ledgerTaxBases::numeric[]) as x (line_no, account_code, debit, credit, contact_id, tax_type_id, tax_base)
      returning 1
    )`,
    params: {
      ledgerAccounts: pgArray([...new Set(lines.map((l) => l.account))]),
      ledgerEntryId: id,
      ledgerDate: draft.date,
      ledgerDescription: draft.description.trim(),
      ledgerSourceType: draft.sourceType,
      ledgerSourceId: draft.sourceId ?? null,
      ledgerReversalOf: options.reversalOf ?? null,
      ledgerLineNos: pgArray(lines.map((_, i) => i + 1)),
      ledgerLineAccounts: pgArray(lines.map((l) => l.account)),
      ledgerDebits: pgArray(lines.map((l) => (l.debit ?? zero).rescale(2).toString())),
      ledgerCredits: pgArray(lines.map((l) => (l.credit ?? zero).rescale(2).toString())),
      ledgerContacts: pgArray(lines.map((l) => l.contactId ?? null)),
      ledgerTaxTypes: pgArray(lines.map((l) => l.taxTypeId ?? null)),
      ledgerTaxBases: pgArray(lines.map((l) => (l.taxBase == null ? null : l.taxBase.rescale(2).toString()))),
    },
  };
}
