import { ValidationFailed } from '../../kernel/errors';
import { rowInteger } from '../../kernel/rows';
import { pgArray } from '../../kernel/sql-params';
import type { Tx } from '../../kernel/uow';
import { DEFAULT_DAYS } from './schemas';

export interface ReminderSchedule { enabled: boolean; days: number[]; message: string | null }

/** integer[] as either driver hands it back: an array, or its literal `{7,21,45}`. */
const daysOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : String(value).replace(/^\{|\}$/g, '').split(',').filter(Boolean)).map(rowInteger);

export async function readSchedule(tx: Tx): Promise<ReminderSchedule> {
  const [row] = await tx.sql<{ enabled: boolean; days: unknown; message: string | null }>(
    'select enabled, days, message from payment_reminder_settings where tenant_id = :tenant');
  return row ? { enabled: row.enabled, days: daysOf(row.days), message: row.message ?? null } : { enabled: false, days: DEFAULT_DAYS, message: null };
}

export async function writeSchedule(tx: Tx, update: { enabled: boolean; days?: number[]; message?: string | null }): Promise<ReminderSchedule> {
  const current = await readSchedule(tx);
  const days = update.days ?? current.days;
  days.forEach((day, index) => {
    if (index > 0 && day <= days[index - 1]) throw ValidationFailed.field(['body', 'days', index], 'Each reminder must come later than the one before');
  });
  const schedule = { enabled: update.enabled, days, message: update.message !== undefined ? update.message : current.message };
  await tx.sql(`insert into payment_reminder_settings (tenant_id, enabled, days, message) values (:tenant, :enabled, :days::integer[], :message)
    on conflict (tenant_id) do update set enabled = excluded.enabled, days = excluded.days, message = excluded.message, updated_at = now()`,
  { enabled: schedule.enabled, days: `{${days.join(',')}}`, message: schedule.message });
  return schedule;
}

const REMINDER_COLUMNS = `id, document_type, document_id, number, reminder, status, reason, recipient, due_date::text as due_date, days_overdue,
  outstanding::text as outstanding, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

interface ReminderRow {
  id: string; document_type: string; document_id: string; number: string; reminder: unknown; status: 'sent' | 'skipped'; reason: string | null;
  recipient: string | null; due_date: string; days_overdue: unknown; outstanding: string; created_at: string;
}

const reminderToJson = (row: ReminderRow) => ({ ...row, reminder: rowInteger(row.reminder), days_overdue: rowInteger(row.days_overdue) });

/** The reminders sent or skipped, newest first. */
export async function listReminders(tx: Tx, query: { documentId?: string; limit: number; offset: number }) {
  const where = `tenant_id = :tenant${query.documentId ? ' and document_id = :document' : ''}`;
  const params = { document: query.documentId, limit: query.limit, offset: query.offset };
  const rows = await tx.sql<ReminderRow>(`select ${REMINDER_COLUMNS} from payment_reminders where ${where} order by payment_reminders.created_at desc, reminder desc, id limit :limit offset :offset`, params);
  const [{ total }] = await tx.sql<{ total: unknown }>(`select count(*) as total from payment_reminders where ${where}`, params);
  return { items: rows.map(reminderToJson), total: rowInteger(total), limit: query.limit, offset: query.offset };
}

/** The highest reminder recorded for each of these documents. */
export async function latestReminders(tx: Tx, documentIds: readonly string[]): Promise<Map<string, number>> {
  if (!documentIds.length) return new Map();
  const rows = await tx.sql<{ document_id: string; reminder: unknown }>(`select document_id, max(reminder) as reminder from payment_reminders
    where tenant_id = :tenant and document_id = any(:ids::uuid[]) group by document_id`, { ids: pgArray(documentIds) });
  return new Map(rows.map((row) => [row.document_id, rowInteger(row.reminder)]));
}

/** GDPR export and erasure of a company. */
export const exportReminders = async (tx: Tx) => ({
  settings: await readSchedule(tx),
  reminders: (await tx.sql<ReminderRow>(`select ${REMINDER_COLUMNS} from payment_reminders where tenant_id = :tenant order by payment_reminders.created_at, id`)).map(reminderToJson),
});
export async function eraseReminders(tx: Tx): Promise<void> {
  await tx.sql('delete from payment_reminders where tenant_id = :tenant');
  await tx.sql('delete from payment_reminder_settings where tenant_id = :tenant');
}
