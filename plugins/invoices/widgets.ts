import { t } from 'elysia';
import { ValidationFailed } from '../../kernel/errors';
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
  permission: 'invoices.read',
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
