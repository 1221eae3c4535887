import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedAttachment { filename: string; contentType: string; content: Buffer }
/** `to`: every recipient of the envelope (cc included); `cc`: the addresses of the Cc header. */
export interface ReceivedMail { to: string[]; cc: string[]; subject: string; text: string; attachments: ReceivedAttachment[] }

const addressesOf = (field: import('mailparser').AddressObject | import('mailparser').AddressObject[] | undefined): string[] =>
  [field ?? []].flat().flatMap((group) => group.value.map((a) => (a.address ?? '').toLowerCase()));

/** A real SMTP server on a local port (random unless given) that keeps what it receives. */
export async function startSmtpServer(port = 0) {
  const inbox: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address), cc: addressesOf(parsed.cc), subject: parsed.subject ?? '', text: parsed.text ?? '',
          attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as { port: number }).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    inbox,
    /** The newest message to `to`, waiting for it to arrive if needed. */
    async lastTo(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = [...inbox].reverse().find((m) => m.to.includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((resolve) => { waiters.push(resolve); setTimeout(resolve, 200); });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const linkIn = (text: string) => /(https?:\/\/\S+)/.exec(text)?.[1] ?? '';

/** The app under test sending its mail to a fresh in-process SMTP server; `close` stops both. */
export async function startTestAppWithMail() {
  const { startTestApp } = await import('./app');
  const smtp = await startSmtpServer();
  const app = await startTestApp({ env: { SMTP_URL: smtp.url } });
  return { app, smtp, async close() { await app.close(); await smtp.close(); } };
}
