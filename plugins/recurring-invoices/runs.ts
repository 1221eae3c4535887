import { rowInteger } from '../../kernel/rows';
import type { Tx } from '../../kernel/uow';
import { iso } from '../documents/api';

/**
 * The runs of a template: one row per period, whose unique key `(tenant, template, period)` makes
 * the period's invoice exist once. A run is `created` with its invoice or `failed` with the reason;
 * a failed run is claimed again by the next attempt, a created one never.
 */
export interface MadeInvoice { id: string; number: string | null; status: string }

const COLUMNS = `id, template_id, period::text as period, status, invoice_id, invoice_number, invoice_status, error, attempts, created_at, updated_at`;

export const runToJson = (row: any) => ({
  id: row.id, template_id: row.template_id, period: row.period, status: row.status, invoice_id: row.invoice_id ?? null, invoice_number: row.invoice_number ?? null,
  invoice_status: row.invoice_status ?? null, error: row.error ?? null, attempts: rowInteger(row.attempts), created_at: iso(row.created_at), updated_at: iso(row.updated_at),
});

export const Runs = {
  /** Newest period first. */
  async list(tx: Tx, templateId: string, page: { limit: number; offset: number }) {
    const rows = await tx.sql(`select ${COLUMNS} from recurring_invoice_runs where tenant_id = :tenant and template_id = :id::uuid
      order by period desc limit :limit offset :offset`, { id: templateId, ...page });
    const [{ total }] = await tx.sql<{ total: number }>(`select count(*)::int as total from recurring_invoice_runs where tenant_id = :tenant and template_id = :id::uuid`, { id: templateId });
    return { items: rows.map(runToJson), total: rowInteger(total), ...page, next_cursor: null };
  },

  exportAll: async (tx: Tx) => (await tx.sql(`select ${COLUMNS} from recurring_invoice_runs where tenant_id = :tenant order by template_id, period`)).map(runToJson),

  /**
   * Takes the period for this transaction: inserts its run, or takes back a failed one. Null when
   * the period's invoice exists already (a run of another transaction committed it); while another
   * transaction holds the same key, this waits for it to end.
   */
  async claim(tx: Tx, templateId: string, period: string): Promise<string | null> {
    const [row] = await tx.sql<{ id: string }>(`insert into recurring_invoice_runs (id, tenant_id, template_id, period, status)
      values (:id::uuid, :tenant, :templateId::uuid, :period::date, 'created')
      on conflict (tenant_id, template_id, period) do update set status = 'created', error = null, attempts = recurring_invoice_runs.attempts + 1, updated_at = now()
        where recurring_invoice_runs.status = 'failed'
      returning id`, { id: crypto.randomUUID(), templateId, period });
    return row?.id ?? null;
  },

  async made(tx: Tx, runId: string, invoice: MadeInvoice): Promise<void> {
    await tx.sql(`update recurring_invoice_runs set invoice_id = :invoiceId::uuid, invoice_number = :number, invoice_status = :status, updated_at = now()
      where tenant_id = :tenant and id = :id::uuid`, { id: runId, invoiceId: invoice.id, number: invoice.number, status: invoice.status });
  },

  /** Records why the period's invoice could not be made (its transaction was rolled back); a created run is left alone. */
  async failed(tx: Tx, templateId: string, period: string, error: string): Promise<void> {
    await tx.sql(`insert into recurring_invoice_runs (id, tenant_id, template_id, period, status, error)
      values (:id::uuid, :tenant, :templateId::uuid, :period::date, 'failed', :error)
      on conflict (tenant_id, template_id, period) do update set error = excluded.error, attempts = recurring_invoice_runs.attempts + 1, updated_at = now()
        where recurring_invoice_runs.status = 'failed'`, { id: crypto.randomUUID(), templateId, period, error: error.slice(0, 2000) });
  },
};
