import { t } from 'elysia';

const Email = t.String({ format: 'email', maxLength: 254 });
const Emails = (description: string) => t.Array(Email, { maxItems: 20, uniqueItems: true, description });

const DocumentSendRequest = t.Object({
  to: t.Optional(Emails('Recipients; the customer\'s email when omitted (422 when neither)')),
  cc: t.Optional(Emails('Copied recipients')),
  subject: t.Optional(t.String({ minLength: 1, maxLength: 300, pattern: '^[^\\r\\n]*$', description: 'Defaults to the kind\'s subject, with the document\'s number' })),
  message: t.Optional(t.String({ maxLength: 10_000, description: 'The mail\'s text; a short default with the number otherwise' })),
  attach: t.Optional(t.Array(t.String({ minLength: 1, maxLength: 40 }), { maxItems: 10, uniqueItems: true, description: 'Formats to attach (`pdf`, the default; for invoices also the installed e-invoice formats: facturae, ubl, cii); an unknown one is 422' })),
  einvoice_formats: t.Optional(t.Array(t.String({ minLength: 1, maxLength: 40 }), {
    maxItems: 10, uniqueItems: true,
    description: 'E-invoice formats to attach beside the `attach` formats (invoices: facturae, ubl, cii as installed), signed when the format signs and the company has a certificate; an unknown one is 422',
  })),
}, { additionalProperties: false });

const DocumentSendingResponse = t.Object({
  id: t.String({ format: 'uuid' }),
  document_type: t.String(),
  document_id: t.String({ format: 'uuid' }),
  number: t.Union([t.String(), t.Null()]),
  to: t.Array(t.String()),
  cc: t.Array(t.String()),
  subject: t.String(),
  attachments: t.Array(t.String(), { description: 'The formats attached' }),
  sent_by: t.Union([t.String({ format: 'uuid' }), t.Null()]),
  sent_at: t.String({ format: 'date-time' }),
});

/** The field `last_sent` other plugins' documents carry (invoices: through `invoice-response-fields`). */
export const LastSent = t.Union([t.Object({ sent_at: t.String({ format: 'date-time' }), to: t.Array(t.String()) }), t.Null()], {
  description: 'The latest time the document was sent by email (POST …/send) and to whom; null when never',
});

export const sendingModels = {
  DocumentSendRequest,
  DocumentSendingResponse,
  DocumentSendingList: t.Object({ items: t.Array(DocumentSendingResponse), total: t.Integer() }),
};
