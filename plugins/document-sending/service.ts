import { Conflict, DomainError, NotFound, ValidationFailed } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { rowJson } from '../../kernel/rows';
import { pgArray } from '../../kernel/sql-params';
import type { Tx } from '../../kernel/uow';
import type { SendableDocument, SendableFacts } from './extensions';

export interface SendRequest { to?: string[]; cc?: string[]; subject?: string; message?: string; attach?: string[]; einvoice_formats?: string[] }

/** The mail server refused or could not be reached: nothing was recorded, the request may be retried. */
class MailNotSent extends DomainError { override readonly status = 502; }

const SENDING_COLUMNS = `id, document_type, document_id, number, recipients, cc, subject, attachments, sent_by,
  to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sent_at`;

type SendingRow = Record<string, unknown> & { document_id: string; sent_at: string; recipients: unknown };

const sendingToJson = (row: SendingRow) => ({
  id: String(row.id), document_type: String(row.document_type), document_id: row.document_id, number: (row.number as string | null) ?? null,
  to: rowJson<string[]>(row.recipients), cc: rowJson<string[]>(row.cc), subject: String(row.subject),
  attachments: rowJson<string[]>(row.attachments), sent_by: (row.sent_by as string | null) ?? null, sent_at: row.sent_at,
});

async function sendableFacts(kernel: Kernel, tx: Tx, document: SendableDocument, id: string): Promise<SendableFacts> {
  const facts = await document.load(kernel, tx, id);
  if (!facts) throw new NotFound(`${document.noun} not found`);
  return facts;
}

/** The formats to attach: `attach` (the kind's default when absent), then `einvoice_formats`; 422 at the first unknown one. */
function checkedFormats(kernel: Kernel, document: SendableDocument, attach: string[] | undefined, more: string[] | undefined): readonly string[] {
  const known = [...document.formats, ...(document.moreFormats?.(kernel) ?? [])];
  const check = (field: string) => (format: string, index: number) => {
    if (!known.includes(format)) throw ValidationFailed.field(['body', field, index], `Unknown format "${format}": ${known.join(', ')}`, 'enum');
  };
  const formats = attach ?? document.formats.slice(0, 1);
  formats.forEach(check('attach'));
  (more ?? []).forEach(check('einvoice_formats'));
  return [...new Set([...formats, ...(more ?? [])])];
}

/**
 * Mails one document with its attachments and records the sending (`sentBy`: the person, null for
 * the company's own jobs), in the caller's unit of work (`withoutRecipient: 'skip'`: null, nothing
 * sent, when neither the request nor the customer gives an address):
 * a mail that fails rolls the record back (502), and the Idempotency-Key of the request makes a
 * retry answer the first sending instead of mailing twice.
 */
export async function sendDocument(kernel: Kernel, tx: Tx, sentBy: string | null, document: SendableDocument, id: string, request: SendRequest,
  options: { withoutRecipient?: 'refuse' | 'skip' } = {}) {
  const formats = checkedFormats(kernel, document, request.attach, request.einvoice_formats);
  const facts = await sendableFacts(kernel, tx, document, id);
  if (facts.refusal) throw new Conflict(facts.refusal);
  const to = request.to?.length ? request.to : facts.customerEmail ? [facts.customerEmail] : [];
  if (!to.length && options.withoutRecipient === 'skip') return null;
  if (!to.length) throw ValidationFailed.field(['body', 'to'], 'Name a recipient: the customer has no email address', 'missing');
  const cc = request.cc ?? [];
  const subject = request.subject ?? facts.defaultSubject;
  const attachments = await Promise.all(formats.map((format) => facts.attachment(format)));
  const [row] = await tx.sql<SendingRow>(`insert into document_sendings (id, tenant_id, document_type, document_id, number, recipients, cc, subject, attachments, sent_by)
    values (:id, :tenant, :type, :document, :number, :to::jsonb, :cc::jsonb, :subject, :formats::jsonb, :user) returning ${SENDING_COLUMNS}`, {
    id: crypto.randomUUID(), type: document.kind, document: id, number: facts.number, to: JSON.stringify(to), cc: JSON.stringify(cc),
    subject, formats: JSON.stringify(formats), user: sentBy,
  });
  await document.markSent?.(kernel, tx, id);
  try {
    await kernel.mail.send({ to: to.join(', '), cc: cc.length ? cc.join(', ') : undefined, subject, text: request.message ?? facts.defaultMessage, attachments });
  } catch (error) {
    kernel.logger.warn('document not sent', { document: id, error });
    throw new MailNotSent(`The mail server did not take the message (${(error as Error).message}); nothing was recorded, retry later`);
  }
  return sendingToJson(row);
}

/** The document's sendings, newest first (404 for a document the company does not have). */
export async function listSendings(kernel: Kernel, tx: Tx, document: SendableDocument, id: string) {
  await sendableFacts(kernel, tx, document, id);
  const rows = await tx.sql<SendingRow>(`select ${SENDING_COLUMNS} from document_sendings
    where tenant_id = :tenant and document_type = :type and document_id = :id order by document_sendings.sent_at desc, id`, { type: document.kind, id });
  return { items: rows.map(sendingToJson), total: rows.length };
}

/** When and to whom each of these documents was last sent (absent: never). */
export async function lastSendings(tx: Tx, documentIds: readonly string[]): Promise<Map<string, { sent_at: string; to: string[] }>> {
  const rows = await tx.sql<SendingRow>(`select distinct on (document_id) document_id, recipients,
      to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sent_at
    from document_sendings where tenant_id = :tenant and document_id = any(:ids::uuid[]) order by document_id, document_sendings.sent_at desc`, { ids: pgArray(documentIds) });
  return new Map(rows.map((row) => [row.document_id, { sent_at: row.sent_at, to: rowJson<string[]>(row.recipients) }]));
}

/** GDPR export and erasure of a company. */
export const exportSendings = (tx: Tx) => tx.sql(`select ${SENDING_COLUMNS} from document_sendings where tenant_id = :tenant order by sent_at, id`);
export const eraseSendings = (tx: Tx) => tx.sql('delete from document_sendings where tenant_id = :tenant');
