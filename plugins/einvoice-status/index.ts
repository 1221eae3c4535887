import type { Kernel } from '../../kernel/kernel';
import { definePlugin } from '../../kernel/plugin';
import type { Tx } from '../../kernel/uow';
import type { DocumentIssueStep } from '../documents/api';
import './events';
import { migrations } from './migrations';
import { einvoiceStatusRoutes } from './routes';
import { todayInSpain } from './rules';
import { einvoiceStatusModels } from './schemas';
import { eraseStatuses, exportStatuses, issuedEventOf, recordSettlementPaid, recordSettlementReversed } from './service';
import { unansweredWidget } from './widgets';
import { archivePart } from './archive';

/**
 * The `issued` event, written by the issue statement of every sales invoice and purchase (one
 * round trip, committed or rolled back with the issue): a sales invoice on its issue date, a
 * purchase on the day it is booked with its last day to answer.
 */
const issueStep: DocumentIssueStep = {
  name: 'einvoice_status',
  kinds: ['invoice', 'purchase'],
  plan: ({ kind, record }) => {
    const type = kind.name as 'invoice' | 'purchase';
    const issued = issuedEventOf(type, record.issueDate, todayInSpain(), type === 'purchase' ? (record as { kind?: string }).kind ?? null : null);
    return {
      after: `einvoice_status as (insert into einvoice_status_events (id, tenant_id, document_type, document_id, seq, status, date, answer_due, source)
        select :einvoice_statusId::uuid, :tenant, :einvoice_statusType, :einvoice_statusDocument::uuid, 1, 'issued', :einvoice_statusDate::date, :einvoice_statusDue::date, 'issue'
        from issued returning id)`,
      params: {
        einvoice_statusId: crypto.randomUUID(), einvoice_statusType: type, einvoice_statusDocument: record.id, einvoice_statusDate: issued.date,
        einvoice_statusDue: issued.answerDue,
      },
    };
  },
};

/** After-commit events run in a unit of work of the event's company. */
async function inTenant(kernel: Kernel, tenantId: string | null, work: (tx: Tx) => Promise<void>): Promise<void> {
  if (tenantId) await kernel.unitOfWork(null).run(work, { tenantId });
}

/**
 * The e-invoice status lifecycle of both sides: the history of every issued invoice and received
 * purchase (issued, delivered, accepted, rejected, paid), the answers and reports through the API,
 * `paid` recorded by the settlements that pay a document in full, the status messages as UBL
 * ApplicationResponse, the `einvoice.status_changed` webhook event and the received invoices left
 * unanswered past their four days.
 */
export default definePlugin({
  name: 'einvoice-status',
  tags: { 'einvoice-status': 'E-invoice status lifecycle: acceptance, rejection and full payment of issued and received invoices, their UBL status messages, and the received invoices left unanswered' },
  dependsOn: ['tenants', 'documents', 'invoices', 'purchases'],
  migrations,
  models: einvoiceStatusModels,
  contributes: { 'document-issue-steps': [issueStep] },
  contributesIfInstalled: { 'company-archive': [archivePart], 'widget-types': [unansweredWidget] },
  hooks: {
    sync: {
      'account.exporting': async (tx, payload) => { payload.sections['einvoice-status'] = await exportStatuses(tx, (p) => payload.allows(p)); },
      'tenant.erasing': async (tx) => { await eraseStatuses(tx); },
    },
  },
  setup(kernel) {
    kernel.hooks.onEvent('document.paid', 'einvoice-status', (payload, ctx) => inTenant(kernel, ctx.tenantId, (tx) => recordSettlementPaid(kernel, tx, payload)));
    kernel.hooks.onEvent('settlement.reversed', 'einvoice-status', (payload, ctx) => inTenant(kernel, ctx.tenantId, (tx) => recordSettlementReversed(tx, payload)));
  },
  routes: einvoiceStatusRoutes,
});
