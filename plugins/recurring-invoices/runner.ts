import { BackgroundLoop } from '../../lib/background-loop';
import { DomainError, ValidationFailed } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import { sendOnce } from '../document-sending/api';
import { InvoiceService } from '../invoices/api';
import { todayInSpain } from '../ledger/api';
import type { RecurringInvoiceCreatedPayload } from './events';
import { Runs } from './runs';
import { addDays, nextPeriod } from './schedule';
import { lastMadePeriod, scheduleOf, Templates, type InvoiceInput, type Template } from './templates';

/** How many due templates one look-up answers; a pass pages on until none is left. */
const BATCH = 200;

export interface PassResult { created: number; failed: number }

/** The invoice a template makes for one period. */
const invoiceFor = (template: Template, period: string): InvoiceInput => ({
  contact_id: template.contactId, series: template.series, issue_date: period, due_date: template.dueDays === null ? null : addDays(period, template.dueDays),
  notes: template.notes, lines: template.lines, status: template.action === 'issue' ? 'issued' : 'draft',
});

const reasonOf = (error: unknown): string => {
  if (error instanceof ValidationFailed) return error.errors.map((e) => e.msg).join('; ');
  if (error instanceof DomainError) return error.message;
  return 'Unexpected error (see the service log)';
};

/**
 * The background job: makes each due period's invoice of every company, exactly once.
 *
 * Each period is one transaction of the template's company: the template row is locked (runners
 * on other instances wait, then see what was made), the period's run inserted first (its unique
 * key lets only one transaction through), then the invoice created by the invoices plugin's
 * service in the same transaction, and `recurring-invoice.created` queued. Periods missed while
 * the service was down are made in order on the next pass, each dated on its period. A failure
 * (the company lacks data an invoice needs, a customer is no longer one) rolls that transaction
 * back, is recorded on a failed run, and stops that template until the next pass retries it, so
 * that its invoices stay in date order.
 */
export class RecurringInvoiceRunner {
  private readonly loop = new BackgroundLoop(() => this.runOnce().then(() => {}, (error) => this.kernel.logger.error('recurring invoices failed', { error })));

  constructor(private readonly kernel: Kernel, private readonly batch = BATCH) {}

  start(everyMs: number): void {
    this.loop.start(everyMs);
    this.loop.wake();
  }

  stop(): Promise<void> { return this.loop.stop(); }

  /** Makes every invoice due on or before `today` (default: today in Spain), of every company. */
  async runOnce(today: string = todayInSpain()): Promise<PassResult> {
    const result: PassResult = { created: 0, failed: 0 };
    let after: { next_due: string; id: string } | null = null;
    for (;;) {
      const due: { id: string; tenant_id: string; next_due: string }[] = await this.kernel.db.system(
        'select id, tenant_id, next_due::text as next_due from cuadra_recurring_invoices_due(?::date, ?::date, ?::uuid, ?)',
        [today, after?.next_due ?? null, after?.id ?? null, this.batch], { ownTransaction: true });
      for (const template of due) await this.runTemplate(template.tenant_id, template.id, today, result);
      if (due.length < this.batch) return result;
      after = due[due.length - 1];
    }
  }

  private async runTemplate(tenantId: string, templateId: string, today: string, result: PassResult): Promise<void> {
    const uow = this.kernel.unitOfWork(null);
    for (;;) {
      let period: string | null = null;
      try {
        const made = await uow.run(async (tx) => {
          const template = await Templates.lockActive(tx, templateId);
          if (!template) return false;
          period = nextPeriod(scheduleOf(template), await lastMadePeriod(tx, templateId));
          if (period === null || period > today) {
            await Templates.setNextDue(tx, templateId, period);
            return false;
          }
          return makeInvoice(tx, template, period);
        }, { tenantId });
        if (!made) return;
        result.created++;
      } catch (error) {
        if (period === null) {
          this.kernel.logger.error('a recurring invoice template could not be read', { error, templateId });
          return;
        }
        if (!(error instanceof DomainError)) this.kernel.logger.error('a recurring invoice could not be made', { error, templateId, period });
        const failedPeriod: string = period;
        result.failed++;
        // the template may have been deleted meanwhile: nothing to record then, and the pass goes on
        await uow.run((tx) => Runs.failed(tx, templateId, failedPeriod, reasonOf(error)), { tenantId })
          .catch((recording) => this.kernel.logger.warn('a failed recurring invoice could not be recorded', { error: recording, templateId, period: failedPeriod }));
        return;
      }
    }
  }
}

/** One period's invoice, in the caller's transaction (false when another transaction made it). */
async function makeInvoice(tx: Tx, template: Template, period: string): Promise<boolean> {
  const runId = await Runs.claim(tx, template.id, period);
  if (!runId) return false;
  const { record } = await InvoiceService.create(tx, invoiceFor(template, period));
  await Runs.made(tx, runId, { id: record.id, number: record.number, status: record.status });
  await Templates.setNextDue(tx, template.id, nextPeriod(scheduleOf(template), period));
  const payload: RecurringInvoiceCreatedPayload = {
    template_id: template.id, run_id: runId, period, invoice_id: record.id, invoice_number: record.number, invoice_status: record.status,
    contact_id: template.contactId, send: template.send,
  };
  tx.publish('recurring-invoice.created', payload);
  return true;
}

/** A template with `send` mails each issued invoice it made, once, after the invoice is committed. */
export async function sendMadeInvoice(kernel: Kernel, made: RecurringInvoiceCreatedPayload, tenantId: string | null): Promise<void> {
  if (!made.send || made.invoice_status !== 'issued' || !tenantId) return;
  await kernel.unitOfWork(null).run((tx) => sendOnce(kernel, tx, 'invoice', made.invoice_id), { tenantId });
}
