import { t } from 'elysia';
import { ValidationFailed } from '../../kernel/errors';
import { Decimal } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { DOCUMENT_STATUSES } from '../documents/api';
import { InvoiceService, invoiceToJson } from './service';

/**
 * The `recent-invoices` dashboard widget, contributed to the dashboards plugin's `widget-types`
 * point when it is installed (see plugins/dashboards/contract.ts).
 */
export const recentInvoicesWidget = {
  type: 'recent-invoices',
  title: 'Recent invoices',
  description: 'The latest sales invoices, newest first, optionally of one status',
  defaultSize: { w: 6, h: 4 },
  recommended: 85,
  reads: ['invoices.read'],
  query: t.Object({
    limit: t.Optional(t.Integer({ minimum: 1, maximum: 50, default: 8 })),
    status: t.Optional(t.String({ default: 'all', description: `all, or one of ${DOCUMENT_STATUSES.join(', ')}` })),
  }),
  async data(tx: any, params: Record<string, any>) {
    const status = params.status as string;
    if (status !== 'all' && !(DOCUMENT_STATUSES as readonly string[]).includes(status)) {
      throw ValidationFailed.field(['query', 'status'], `all, or one of ${DOCUMENT_STATUSES.join(', ')}`, 'value_error.enum');
    }
    const page = await InvoiceService.list(tx, { limit: params.limit, offset: 0, status: status === 'all' ? undefined : status as any });
    return {
      status, total: page.total,
      items: page.items.map(invoiceToJson).map((i: any) => ({
        id: i.id, number: i.number, series: i.series, status: i.status, contact_id: i.contact_id, issue_date: i.issue_date,
        due_date: i.due_date, total: i.total, amount_due: i.amount_due,
      })),
    };
  },
};

/**
 * Sales by product for the dashboards' `top` widget (`top-dimensions`): the bases of the lines of
 * the invoices issued in the period, grouped by their description (case and spacing
 * aside), net of rectifications as the books are: a rectification by differences adds its
 * (negative) lines on its date; one by substitution adds its lines and takes off the original's
 * on its date, as its entry reverses the original's.
 */
export const productSalesDimension = {
  dim: 'product' as const,
  async totals(tx: Tx, range: { from: string; to: string }) {
    const rows = await tx.sql<{ key: string; name: string; amount: string }>(`
      with sold as (
        select l.description, l.base from invoices i join invoice_lines l on l.tenant_id = i.tenant_id and l.invoice_id = i.id
        where i.tenant_id = :tenant and i.status <> 'draft' and i.issue_date between :from::date and :to::date
        union all
        select o.description, -o.base from invoices r join invoice_lines o on o.tenant_id = r.tenant_id and o.invoice_id = r.rectifies_id
        where r.tenant_id = :tenant and r.status <> 'draft' and r.rectification_mode = 'substitution' and r.issue_date between :from::date and :to::date
      )
      select lower(regexp_replace(btrim(description), '\\s+', ' ', 'g')) as key, min(btrim(description)) as name, sum(base)::text as amount
      from sold group by 1`, range);
    return rows.map((row) => ({ key: row.key, name: row.name, amount: Decimal.parse(row.amount).rescale(2) }));
  },
};
