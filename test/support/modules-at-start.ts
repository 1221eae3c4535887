/**
 * Starts the app on the environment's configuration as `kernel/main.ts` does, answers one
 * `GET /health`, prints the files of every module loaded by then (JSON, one line) and stops.
 * Run as a child process, so that what the parent or other tests loaded does not count.
 */
import { createApp } from '../../kernel/app';
import { loadConfig } from '../../kernel/config';

const app = await createApp({ config: loadConfig() });
const health = await app.handle(new Request('http://localhost/health'));
if (!health.ok) throw new Error(`/health answered ${health.status}`);
console.log(JSON.stringify(Object.keys(require.cache)));
await app.stop();
