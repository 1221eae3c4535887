/**
 * Writes the web app's API types (app/api/schema.d.ts) from the service's own OpenAPI document:
 * `bun infra/web-app-client.ts` (a development tool: it lives outside the service, which needs no openapi-typescript). The browser test regenerates them from the running
 * app and fails when the committed file is stale, so the client can never drift from the API.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

export const SCHEMA_FILE = join(import.meta.dir, '..', 'plugins', 'web-app', 'app', 'api', 'schema.d.ts');

const HEADER = '// Generated from /openapi.json by infra/web-app-client.ts: do not edit by hand.\n';

/** The TypeScript declarations openapi-typescript makes of an OpenAPI document. */
export async function clientTypes(document: unknown): Promise<string> {
  return HEADER + astToString(await openapiTS(document as OpenAPI3));
}

if (import.meta.main) {
  const { createApp } = await import('../kernel/app');
  const { loadConfig } = await import('../kernel/config');
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-client-'));
  const app = await createApp({ config: loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: dataDir, LOG_LEVEL: 'error' }) });
  const document = await (await app.handle(new Request('http://localhost/openapi.json'))).json();
  writeFileSync(SCHEMA_FILE, await clientTypes(document));
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`wrote ${SCHEMA_FILE}`);
  process.exit(0);
}
