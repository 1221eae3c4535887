import { Elysia, t } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import { sendingModels } from './schemas';
import { listSendings, sendDocument, type SendRequest } from './service';

const Id = t.Object({ id: t.String({ format: 'uuid' }) });

/** `POST /{segment}/{id}/send` and `GET /{segment}/{id}/sendings` for every sendable kind. */
export const sendingRoutes = (kernel: Kernel) => {
  const routes = new Elysia({ name: 'cuadra:document-sending' }).use(kernel.http).model(sendingModels);
  for (const document of kernel.contributions('sendable-documents')) {
    const noun = document.noun.toLowerCase();
    routes
      .post(`/${document.segment}/:id/send`, async ({ uow, principal, params, body, set }) => {
        const sending = await uow.run((tx) => sendDocument(kernel, tx, principal.kind === 'session' ? principal.userId : null, document, params.id, body as SendRequest));
        set.status = 201;
        return sending;
      }, {
        permission: document.sendPermission, params: Id, body: 'DocumentSendRequest', response: { 201: 'DocumentSendingResponse' }, effect: 'send',
        detail: {
          summary: `Send the ${noun} by email with its ${document.formats.join(' / ')} attached (to its customer unless \`to\` is given); a draft is 409`,
          description: 'The sending is recorded (GET …/sendings). Send an Idempotency-Key to retry safely: a replay answers the first sending and mails nothing.',
          tags: [document.tag],
        },
      })
      .get(`/${document.segment}/:id/sendings`, async ({ uow, params }) => uow.run((tx) => listSendings(kernel, tx, document, params.id)), {
        permission: document.readPermission, params: Id, response: { 200: 'DocumentSendingList' },
        detail: { summary: `When and to whom the ${noun} was sent by email, newest first`, tags: [document.tag] },
      });
  }
  return routes;
};
