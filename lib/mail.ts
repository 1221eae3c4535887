import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import { ServiceUnavailable } from '../kernel/errors';
import type { Logger } from '../kernel/logger';

export interface MailAttachment { filename: string; content: Uint8Array; contentType: string }

export interface MailMessage {
  /** One address, or several separated by commas. */
  to: string;
  cc?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** A link worth logging when mail is only written to disk. */
  link?: string;
}

const nodemailerMessage = (from: string, message: MailMessage) => ({
  from, to: message.to, cc: message.cc, subject: message.subject, text: message.text, html: message.html,
  attachments: message.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })),
});

export interface Mailer { send(message: MailMessage): Promise<void>; close(): void }

/**
 * The mail server refused the message or could not be reached: 503, naming the mail server. (A
 * socket error such as ECONNREFUSED would otherwise read as the database's connection being lost.)
 */
export class MailNotDelivered extends ServiceUnavailable {
  constructor(reason: string) {
    super(`The mail server did not take the message (${reason}); retry later`, 30);
  }
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written under DATA_DIR/outbox as an .eml
 * file and, beside it, as plain text (.txt: recipient, subject, body as written, so a link can be
 * found with grep), and its link is logged, so a local install works without a mail server.
 * nodemailer loads with the first message, not at start-up.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  const { smtpUrl, from, dataDir, logger } = options;
  let made: Promise<Transporter> | undefined;
  let closed = false;
  const transportOf = (settings: Parameters<typeof import('nodemailer').createTransport>[0]) =>
    made ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(settings));
  const close = () => {
    if (!closed) void made?.then((transport) => transport.close());
    closed = true;
  };
  if (smtpUrl) {
    return {
      async send(message) {
        try {
          await (await transportOf(smtpUrl)).sendMail(nodemailerMessage(from, message));
        } catch (error) {
          throw new MailNotDelivered((error as Error).message);
        }
        logger.info('mail sent', { to: message.to, subject: message.subject });
      },
      close,
    };
  }
  const outbox = join(dataDir, 'outbox');
  return {
    async send(message) {
      const transport = await transportOf({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail(nodemailerMessage(from, message));
      mkdirSync(outbox, { recursive: true });
      const stem = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}`);
      const file = `${stem}.eml`;
      writeFileSync(file, info.message as Buffer);
      writeFileSync(`${stem}.txt`, `To: ${message.to}\n${message.cc ? `Cc: ${message.cc}\n` : ''}Subject: ${message.subject}\n\n${message.text}`);
      logger.info('mail written to outbox (SMTP_URL unset)', { to: message.to, subject: message.subject, file, link: message.link });
    },
    close,
  };
}
