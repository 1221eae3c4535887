import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase } from './support/database';

/**
 * The README's "First steps with the API" run as pasted: its shell block is extracted and run with
 * bash, step after step, against the service started as `npm start` starts it (kernel/main.ts) on
 * a real port, with its own DATA_DIR as the working directory (the block reads ./data/outbox).
 * Only the port differs: `localhost:8000` is pointed at the port the service got.
 */
const root = join(import.meta.dir, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

function firstStepsBlock(): string {
  const section = readme.slice(readme.indexOf('## First steps with the API'));
  const match = /```sh\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('README.md: no ```sh block under "First steps with the API"');
  return match[1];
}

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  await probe.stop(true);
  return port;
}

let service: ReturnType<typeof Bun.spawn> | undefined;
let serviceLog = '';
let work = '';
let port = 0;
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cuadra-readme-'));
  port = await freePort();
  database = await freshDatabase();
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // the service as a new user starts it: no front end, no SMTP, no proxy, the defaults
    if (value !== undefined && !/^(SMTP_URL|FRONTEND_URL|PUBLIC_URL|TRUST_PROXY|CORS_ORIGINS|REDIS_URL|JWT_SECRET|RATE_LIMIT_.*)$/.test(key)) env[key] = value;
  }
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, DATA_DIR: join(work, 'data'), LOG_LEVEL: 'info' });
  if (database.ownerUrl) env.DATABASE_OWNER_URL = database.ownerUrl;
  service = Bun.spawn([process.execPath, 'run', join(root, 'kernel/main.ts')], { cwd: root, env, stdout: 'pipe', stderr: 'pipe' });
  void (async () => { for await (const chunk of service!.stdout as ReadableStream<Uint8Array>) serviceLog += new TextDecoder().decode(chunk); })();
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {}
    if (service.exitCode !== null) break;
    await Bun.sleep(100);
  }
  throw new Error(`the service did not start: ${await new Response(service.stderr as ReadableStream).text()}\n${serviceLog}`);
}, 90_000);

afterAll(async () => {
  service?.kill('SIGTERM');
  await service?.exited;
  await database?.drop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('README first steps', () => {
  test('curl and jq are there (npm test installs jq from infra/system-packages.json)', () => {
    expect([Bun.which('curl') !== null, Bun.which('jq') !== null, Bun.which('bash') !== null]).toEqual([true, true, true]);
  });

  test('the shell block runs as pasted and every step succeeds', async () => {
    const block = firstStepsBlock();
    expect(block).toContain('jq -r .access_token');
    const names = ['TOKEN', 'LINK', 'COMPANY_TOKEN', 'API_KEY', 'CUSTOMER', 'IVA21', 'INVOICE'];
    // stop at the first failing command; then print what each step captured
    const script = `set -euo pipefail\n${block.replaceAll('localhost:8000', `localhost:${port}`)}\necho '--- captured ---'\n${names.map((n) => `printf '%s=%s\\n' ${n} "$${n}"`).join('\n')}\n`;
    const run = Bun.spawn(['bash', '-c', script], { cwd: work, stdout: 'pipe', stderr: 'pipe', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: work, LANG: 'C.UTF-8' } });
    const [stdout, stderr, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
    expect([code, stderr]).toEqual([0, '']);

    const [output, captured] = stdout.split('--- captured ---\n');
    const vars = Object.fromEntries(captured.trim().split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    expect(vars.TOKEN).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(vars.COMPANY_TOKEN).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(vars.COMPANY_TOKEN).not.toBe(vars.TOKEN);
    expect(vars.API_KEY).toMatch(/^agl_/);
    for (const id of ['CUSTOMER', 'IVA21', 'INVOICE']) expect([id, vars[id]]).toEqual([id, expect.stringMatching(/^[0-9a-f-]{36}$/)]);

    // 2: the verification link is in the outbox and in the log; it redirects (302) to a page that exists
    expect(vars.LINK).toStartWith(`http://localhost:${port}/api/v1/auth/verify-email?token=`);
    expect(serviceLog).toContain(vars.LINK.slice(vars.LINK.indexOf('token=')));
    const redirected = output.split('\n')[0];
    // (no FRONTEND_URL: the web app, which reads the outcome from the query and says so)
    expect(redirected).toBe(`302 http://localhost:${port}/app/?email_verification=verified`);
    const landing = await fetch(redirected.split(' ')[1].replace('localhost', '127.0.0.1'));
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('<div id="root"></div>');

    // 5: the PDF was written; 6: the trial balance shows the invoice's accounts
    const pdf = join(work, 'factura.pdf');
    expect(existsSync(pdf) && readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    for (const account of ['"4300"', '"7000"', '"477"', '"121.00"']) expect([account, output.includes(account)]).toEqual([account, true]);
  }, 120_000);
});
