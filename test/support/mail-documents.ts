import { afterAll, beforeAll } from 'bun:test';
import { createCompany, type TestCompany } from './factories';
import { startDocumentsApp, type DocumentsTestApp } from './documents';
import { startSmtpServer } from './smtp';

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** A documents app sending its mail to a fresh in-process SMTP server. */
export async function startDocumentsAppWithMail(): Promise<{ app: DocumentsTestApp; smtp: TestSmtpServer }> {
  const smtp = await startSmtpServer();
  return { app: await startDocumentsApp({ env: { SMTP_URL: smtp.url } }), smtp };
}

/** Stops both (either may be missing when start-up failed). */
export const stopBoth = async (app?: DocumentsTestApp, smtp?: TestSmtpServer) => {
  await app?.close();
  await smtp?.close();
};

/**
 * For a test file: a documents app mailing to its own SMTP server, and one company, started before
 * the file's tests and stopped after them (read the fields inside tests, once started).
 */
export function mailingCompanyPerFile() {
  const context = {} as { app: DocumentsTestApp; smtp: TestSmtpServer; company: TestCompany };
  beforeAll(async () => {
    Object.assign(context, await startDocumentsAppWithMail());
    context.company = await createCompany(context.app);
  }, 60_000);
  afterAll(() => stopBoth(context.app, context.smtp));
  return context;
}

let addresses = 0;
/** An email address no other test uses. */
export const uniqueAddress = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${addresses++}@example.com`;
