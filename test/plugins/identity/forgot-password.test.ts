/**
 * Forgot-password answers an existing and an unknown email after the same work: each request
 * writes one outbox row and nothing else, whichever the email; the account lookup, the token and
 * the mail come afterwards, from the outbox. (The answer's timing is measured by
 * bench/forgot-password.ts; here the work is compared, not the clock.)
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { OutboxDispatcher } from '../../../kernel/outbox';
import { definePlugin } from '../../../kernel/plugin';
import '../../../plugins/identity/hooks';
import { startDocumentsApp, type DocumentsTestApp } from '../../support/documents';
import { registerUser } from '../../support/factories';
import { linkIn, startSmtpServer } from '../../support/smtp';

/** What happened, in order: each request's answer and each delivery of its event to a subscriber. */
const order: string[] = [];
const listener = definePlugin({
  name: 'test-password-reset-listener',
  dependsOn: ['identity'],
  hooks: { events: { 'identity.password-reset-requested': (payload) => { order.push(`delivered ${payload.email}`); } } },
});

let app: DocumentsTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startDocumentsApp({ env: { SMTP_URL: smtp.url }, extraPlugins: [listener] });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

/** The number of rows of every table of the database, read as the tables' owner. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await app.asOwner<{ name: string }>(`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const counts = await app.asOwner<{ name: string; n: number }>(tables
    .map(({ name }) => `select '${name}' as name, count(*)::int as n from "${name}"`).join(' union all '));
  return Object.fromEntries(counts.map(({ name, n }) => [name, Number(n)]));
}

/** What one request changed: the tables whose row count moved, and by how much. */
async function writesOf(request: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await rowCounts();
  await request();
  const after = await rowCounts();
  return Object.fromEntries(Object.keys(after).filter((name) => after[name] !== before[name]).map((name) => [name, after[name] - before[name]]));
}

const resetEvents = () => app.asOwner<{ payload: unknown }>(`select payload from outbox_events where name = 'identity.password-reset-requested' order by created_at`);

test('the event reaches its subscribers only after the request was answered, whichever the email', async () => {
  const user = await registerUser(app);
  await app.kernel.outbox.idle();
  for (const email of [user.email, 'nadie.todavia@example.com']) {
    const res = await app.post('/api/v1/auth/forgot-password', { email });
    order.push(`answered ${email} ${res.status}`);
    await app.kernel.outbox.idle();
  }
  expect(order).toEqual([`answered ${user.email} 204`, `delivered ${user.email}`, 'answered nadie.todavia@example.com 204', 'delivered nadie.todavia@example.com']);
  await smtp.lastTo(user.email);
});

test('an existing and an unknown email get the same answer after the same writes: one outbox row each, no token, no mail yet', async () => {
  const user = await registerUser(app);
  await app.kernel.outbox.idle();
  const mailsBefore = smtp.inbox.length;
  const eventsBefore = (await resetEvents()).length;
  // the app's own dispatcher stops, so what each request did is all there is to see
  await app.kernel.outbox.stop();

  const answers: number[] = [];
  const existing = await writesOf(async () => answers.push((await app.post('/api/v1/auth/forgot-password', { email: user.email.toUpperCase() })).status));
  const unknown = await writesOf(async () => answers.push((await app.post('/api/v1/auth/forgot-password', { email: 'nadie@example.com' })).status));

  expect(answers).toEqual([204, 204]);
  expect(existing).toEqual({ outbox_events: 1 });
  expect(unknown).toEqual(existing);
  expect((await resetEvents()).slice(eventsBefore)).toEqual([{ payload: { email: user.email } }, { payload: { email: 'nadie@example.com' } }]);
  expect(smtp.inbox.length).toBe(mailsBefore);

  // then the outbox runs: the account gets its link, the unknown address nothing
  const dispatcher = new OutboxDispatcher(app.kernel.db, app.kernel.hooks, app.kernel.logger);
  dispatcher.start();
  await dispatcher.idle();
  await dispatcher.stop();
  const sent = smtp.inbox.slice(mailsBefore);
  expect(sent.map((m) => ({ to: m.to, subject: m.subject }))).toEqual([{ to: [user.email], subject: 'Restablece tu contraseña de Cuadra' }]);
  const token = new URL(linkIn(sent[0].text)).searchParams.get('token')!;
  expect(await app.asOwner(`select 1 from outbox_deliveries where status <> 'delivered'`)).toEqual([]);
  expect((await app.post('/api/v1/auth/reset-password', { token, new_password: 'clave restablecida' })).status).toBe(204);
  expect((await app.post('/api/v1/auth/login', { email: user.email, password: 'clave restablecida' })).status).toBe(200);
});
