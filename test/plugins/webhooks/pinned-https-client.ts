/**
 * Run by ssrf.test.ts in a process of its own, whose NODE_EXTRA_CA_CERTS trusts the test
 * receiver's certificate (for receiver.test only): POSTs to https://<name>:<port>/pinned through
 * the webhook target check and the pinned connection, the name resolving to 127.0.0.1 once, and
 * prints the status or the error as JSON.
 */
import { checkTarget, postPinned } from '../../../plugins/webhooks/target';

const [name, port] = process.argv.slice(2);
const check = await checkTarget(`https://${name}:${port}/pinned`, true, async () => ['127.0.0.1']);
if ('refused' in check) throw new Error(check.refused);
try {
  const answer = await postPinned(check.target, { headers: {}, body: 'hello', signal: AbortSignal.timeout(10_000), maxBytes: 1000 });
  console.log(JSON.stringify({ status: answer.status, body: new TextDecoder().decode(answer.excerpt) }));
} catch (error) {
  console.log(JSON.stringify({ error: (error as Error).message }));
}
