import { BackgroundLoop } from '../../lib/background-loop';
import type { Kernel } from '../../kernel/kernel';
import { money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import type { OpenItemView } from '../documents/api';
import { TenantService } from '../tenants/api';
import { latestReminders, readSchedule, type ReminderSchedule } from './service';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const todayUtc = () => new Date().toISOString().slice(0, 10);
const euros = (amount: string) => `${amount.replace('.', ',')} €`;

/** The latest reminder due `overdue` days after the due date (1-based), or 0 for none yet. */
export const reminderDue = (days: readonly number[], overdue: number): number => days.filter((day) => overdue >= day).length;

export interface ReminderRun { sent: number; skipped: number; failed: number }

/**
 * Payment reminders for overdue sales documents, for every company that turned them on. Each
 * reminder is claimed by inserting its row (unique per company, document and reminder number)
 * before the mail goes, in the same transaction: a second run, a restart or another instance finds
 * it taken and sends nothing; a mail that fails rolls the claim back, to be tried on the next run.
 * Only the latest reminder due is sent: a company turning reminders on does not mail its
 * customers every earlier one at once.
 */
export class PaymentReminderJob {
  private readonly loop = new BackgroundLoop(() => this.runOnce().then(() => {}, (error) => this.kernel.logger.error('payment reminders failed', { error })));

  constructor(private readonly kernel: Kernel) {}

  start(everyMs: number): void { this.loop.start(everyMs); }
  stop(): Promise<void> { return this.loop.stop(); }

  /** One pass over every company with reminders on; `today` (YYYY-MM-DD, UTC by default) lets tests move the calendar. */
  async runOnce(today: string = todayUtc()): Promise<ReminderRun> {
    const run: ReminderRun = { sent: 0, skipped: 0, failed: 0 };
    const tenants = await this.kernel.db.system<{ tenant_id: string }>('select tenant_id from cuadra_payment_reminder_tenants()', [], { ownTransaction: true });
    for (const { tenant_id: tenantId } of tenants) {
      await this.remindCompany(tenantId, today, run).catch((error) => this.kernel.logger.error('payment reminders of a company failed', { tenantId, error }));
    }
    return run;
  }

  private async remindCompany(tenantId: string, today: string, run: ReminderRun): Promise<void> {
    const uow = this.kernel.unitOfWork(null);
    const documents = this.kernel.service('documents');
    const { schedule, items, latest } = await uow.run(async (tx) => {
      const items = await documents.openItems(tx, { kind: 'receivable', status: 'overdue' });
      return { schedule: await readSchedule(tx), items, latest: await latestReminders(tx, items.map((item) => item.id)) };
    }, { tenantId });
    if (!schedule.enabled) return;
    for (const item of items) {
      const overdue = daysBetween(item.due_date ?? item.issue_date, today);
      const reminder = reminderDue(schedule.days, overdue);
      const owed = money(item.outstanding);
      // what is already recorded is skipped without a transaction; the claim below is what guarantees once
      if (!reminder || reminder <= (latest.get(item.id) ?? 0) || owed.isZero() || owed.isNegative()) continue;
      try {
        const outcome = await uow.run((tx) => this.remind(tx, item, reminder, overdue, schedule), { tenantId });
        if (outcome) run[outcome]++;
      } catch (error) {
        run.failed++;
        this.kernel.logger.warn('payment reminder not sent; retried on the next run', { document: item.id, reminder, error });
      }
    }
  }

  /** Claims reminder `reminder` of the document and mails it; null when it was already taken. */
  private async remind(tx: Tx, item: OpenItemView, reminder: number, overdue: number, schedule: ReminderSchedule): Promise<'sent' | 'skipped' | null> {
    const email = (await ContactService.get(tx, item.contact_id)).email ?? null;
    const [claimed] = await tx.sql(`insert into payment_reminders (id, tenant_id, document_type, document_id, number, reminder, status, reason, recipient, due_date, days_overdue, outstanding)
      values (:id, :tenant, :type, :document, :number, :reminder, :status, :reason, :recipient, :due::date, :overdue, :outstanding::numeric)
      on conflict (tenant_id, document_id, reminder) do nothing returning id`, {
      id: crypto.randomUUID(), type: item.document_type, document: item.id, number: item.number, reminder, status: email ? 'sent' : 'skipped',
      reason: email ? null : 'The customer has no email address', recipient: email, due: item.due_date ?? item.issue_date, overdue, outstanding: item.outstanding,
    });
    if (!claimed) return null;
    if (!email) return 'skipped';
    const company = (await TenantService.current(tx)).name;
    await this.kernel.mail.send({
      to: email,
      subject: `Recordatorio de pago: factura ${item.label} de ${company}`,
      text: [
        `Le recordamos que la factura ${item.label}, con vencimiento el ${item.due_date ?? item.issue_date}, tiene pendiente de pago ${euros(item.outstanding)}.`,
        schedule.message, 'Si ya la ha pagado, no tenga en cuenta este mensaje.', `Un saludo,\n${company}`,
      ].filter(Boolean).join('\n\n'),
    });
    return 'sent';
  }
}
