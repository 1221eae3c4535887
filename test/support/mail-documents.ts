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
