import { Elysia } from 'elysia';
import type { Kernel } from '../../kernel/kernel';
import type { AccountService } from './service';
import { accountModels } from './schemas';

const tags = ['account'];

export const accountRoutes = (kernel: Kernel, account: () => AccountService) =>
  new Elysia({ name: 'cuadra:account', prefix: '/account' })
    .use(kernel.http)
    .model(accountModels)
    .get('/export', async ({ principal }) => {
      const data = await account().export(principal);
      const day = data.generated_at.slice(0, 10);
      return new Response(JSON.stringify(data, null, 2), {
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': `attachment; filename="cuadra-export-${day}.json"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    }, { signedIn: 'session', response: { 200: 'AccountExport' }, detail: { summary: 'Download your personal data and the data of every company you belong to, as far as your role there may read it (one JSON attachment)', tags } })
    .post('/delete', ({ principal, body }) => account().delete(principal, body),
      { signedIn: 'session', body: 'AccountDeleteRequest', response: { 200: 'AccountDeleteResponse' }, detail: { summary: 'Delete your account: companies where you are the only owner are erased with their data; from the others you leave. Sessions and API keys stop working.', tags } });
