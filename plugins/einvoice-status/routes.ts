import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { queryBounds } from '../../kernel/query-bounds';
import { checkDates } from '../documents/api';
import { sideOf, todayInSpain, type DocumentType } from './rules';
import { einvoiceStatusModels, UnansweredQuery } from './schemas';
import { eventJson, recordStatus, statusHistory, statusMessage, unansweredPurchases, type StatusRequest } from './service';

const tags = ['einvoice-status'];
const Id = t.Object({ id: t.String({ format: 'uuid' }) });
const EventParams = t.Object({ id: t.String({ format: 'uuid' }), event_id: t.String({ format: 'uuid' }) });
const xmlFile = { 200: { description: 'The UBL 2.1 ApplicationResponse (Peppol Invoice Response 3)', content: { 'application/xml': { schema: { type: 'string', format: 'binary' } } } } } as any;

interface Segment { type: DocumentType; segment: string; read: string; write: string; body: 'PurchaseEInvoiceStatusRequest' | 'InvoiceEInvoiceStatusRequest'; summary: string; description: string }

const SEGMENTS: Segment[] = [
  {
    type: 'purchase', segment: 'purchases', read: 'purchases.read', write: 'purchases.write', body: 'PurchaseEInvoiceStatusRequest',
    summary: 'Answer a received invoice: accepted or rejected (with its reason), or paid in full',
    description: 'The recipient of an e-invoice reports its commercial acceptance or rejection within four calendar days of receiving it, and its full payment (Ley 56/2007 art. 2 bis as Ley 18/2022 wrote it; docs/domain/einvoice-status.md). '
      + 'A decision is taken once: 409 for an acceptance after a rejection (or the reverse), a second decision, a rejection of a paid invoice, or any status on a draft. A rejection without `reason` is 422. '
      + 'A settlement that pays the purchase in full records `paid` on its own. A rejection or a payment is published as the webhook event `einvoice.status_changed`.',
  },
  {
    type: 'invoice', segment: 'invoices', read: 'invoices.read', write: 'invoices.write', body: 'InvoiceEInvoiceStatusRequest',
    summary: 'Record what the customer reported on an issued invoice: delivered, accepted, rejected (with its reason) or paid in full',
    description: 'The same rules as a received invoice\'s answer, from the other side: delivered comes before any decision, a decision is taken once, a draft is 409. '
      + 'A settlement that collects the invoice in full records `paid` on its own. A rejection or a payment is published as the webhook event `einvoice.status_changed`.',
  },
];

const xmlResponse = (xml: string, filename: string) => new Response(xml, {
  headers: {
    'content-type': 'application/xml; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`,
    'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store',
  },
});

export const einvoiceStatusRoutes = (kernel: Kernel) => {
  const routes = new Elysia({ name: 'cuadra:einvoice-status' }).use(kernel.http).model(einvoiceStatusModels);
  for (const s of SEGMENTS) {
    const noun = s.type === 'invoice' ? 'invoice' : 'purchase';
    routes
      .post(`/${s.segment}/:id/einvoice-status`, async ({ uow, principal, params, body, set }) => {
        const input = body as StatusRequest;
        if (input.date) checkDates([{ loc: ['body', 'date'], value: input.date }]);
        const { event } = await uow.run((tx) => recordStatus(tx, s.type, params.id, input, principal.kind === 'session' ? principal.userId : null));
        set.status = 201;
        return eventJson(event);
      }, {
        permission: s.write, params: Id, body: s.body, response: { 201: 'EInvoiceStatusEvent' },
        detail: { summary: s.summary, description: s.description, tags },
      })
      .get(`/${s.segment}/:id/einvoice-status`, async ({ uow, params }) => {
        const { facts, history, current, answerDue, overdue } = await uow.run((tx) => statusHistory(tx, s.type, params.id));
        return {
          document_type: s.type, document_id: facts.id, side: sideOf(s.type), number: facts.number, current_status: current, answer_due: answerDue, overdue,
          items: history.map(eventJson),
        };
      }, {
        permission: s.read, params: Id, response: { 200: 'EInvoiceStatusHistory' },
        detail: { summary: `The ${noun}'s e-invoice status history, oldest first, with its current status`, tags },
      })
      .get(`/${s.segment}/:id/einvoice-status/:event_id/message`, async ({ uow, params }) => {
        const { xml, filename } = await uow.run((tx) => statusMessage(tx, s.type, params.id, params.event_id));
        return xmlResponse(xml, filename);
      }, {
        permission: s.read, params: EventParams,
        detail: {
          summary: `A status of the ${noun} as its message: a UBL 2.1 ApplicationResponse (Peppol Invoice Response 3)`,
          description: 'Response codes of UNCL 4343\'s Peppol subset: AB delivered, AP accepted, RE rejected (with its OPStatusReason code and text), PD paid; the referenced invoice by its number and issue date; '
            + 'sender and receiver by their VAT numbers under their EAS schemes (9920 for Spain). The `issued` and `payment_reversed` events are Cuadra\'s own records, not messages: 409. '
            + 'A party without a VAT number, or a purchase without its supplier\'s invoice number, is 409.',
          tags, responses: xmlFile,
        },
      });
  }
  return routes.get('/einvoice-status/unanswered', async ({ uow, query }) => {
    if (query.as_of) checkDates([{ loc: ['query', 'as_of'], value: query.as_of }]);
    const asOf = query.as_of ?? todayInSpain();
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    const page = await uow.run((tx) => unansweredPurchases(tx, { asOf, limit, offset }));
    return { as_of: asOf, total: page.total, limit, offset, items: page.items };
  }, {
    permission: 'purchases.read', query: UnansweredQuery, transform: queryBounds(UnansweredQuery), response: { 200: 'UnansweredPurchaseList' },
    detail: {
      summary: 'Received invoices not accepted nor rejected within four calendar days of their booking',
      description: 'Every purchase of kind `invoice` (a supplier\'s invoice, not an expense ticket) booked in Cuadra, whatever way it came in, whose last day to answer (booking day + 4) is before `as_of`, '
        + 'with no acceptance or rejection recorded. The oldest deadline first. The dashboard widget `einvoice-unanswered` shows the same list.',
      tags,
    },
  });
};
