import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase } from './support/database';

/**
 * Every API example of the README and docs/ runs as pasted: the fenced shell blocks that call the
 * service (`localhost:8000`) are extracted at test time and run with bash as one session, in order
 * (README.md first, then docs/ by path), so a block may use what an earlier one captured ($API_KEY,
 * $INVOICE…), against the service started as `npm start` starts it (kernel/main.ts) on a real port,
 * with its own DATA_DIR as the working directory (the first block reads ./data/outbox). Only the
 * port differs: `localhost:8000` is pointed at the port the service got. Every request must answer
 * below 400: curl runs with --fail-with-body, so a 403 or 422 stops the run and names the block.
 */
const root = join(import.meta.dir, '..');

interface Example { file: string; line: number; language: string; code: string }

/** The fenced blocks of a markdown file, with the line their fence opens on. */
function fencedBlocks(file: string): Example[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const indent = lines[i].indexOf('`');
    const end = lines.findIndex((text, j) => j > i && text.trim() === '```');
    blocks.push({ file, line: i + 1, language: open[1], code: lines.slice(i + 1, end).map((text) => text.slice(Math.min(indent, text.search(/\S|$/)))).join('\n') });
    i = end;
  }
  return blocks;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    return entry.isDirectory() ? markdownFiles(path) : entry.name.endsWith('.md') ? [path] : [];
  }).sort();
}

const examples = ['README.md', ...markdownFiles('docs')].flatMap(fencedBlocks);
const isShell = (block: Example) => ['sh', 'bash', 'shell'].includes(block.language);
const callsTheService = (block: Example) => isShell(block) && /\bcurl\b/.test(block.code) && block.code.includes('localhost:8000');
const runnable = examples.filter(callsTheService);

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

describe('the examples of README.md and docs/', () => {
  test('curl and jq are there (npm test installs jq from infra/system-packages.json)', () => {
    expect([Bun.which('curl') !== null, Bun.which('jq') !== null, Bun.which('bash') !== null]).toEqual([true, true, true]);
  });

  test('every fenced example is run here, or is no request to the service', () => {
    // what is not run: code for plugin authors and receivers (ts, python, json), deliveries Cuadra
    // sends (http to the receiver's own path), commands for whoever runs the service (npm start,
    // the outbox command): no request to the service but through curl at localhost:8000
    const unexplained = examples.filter((block) => !callsTheService(block) && (block.language === 'http' ? /^[A-Z]+ \/api\//.test(block.code) : isShell(block) && /\bcurl\b/.test(block.code)));
    expect(unexplained.map((block) => `${block.file}:${block.line}`)).toEqual([]);
    expect(runnable.map((block) => block.file)).toContain('README.md');
    expect(runnable.length).toBeGreaterThanOrEqual(5);
    // configuration to paste (an MCP client's) is JSON that parses
    const json = examples.filter((block) => block.language === 'json');
    expect(json.length).toBeGreaterThan(0);
    const parseError = (code: string) => { try { JSON.parse(code); return ''; } catch (error) { return String(error); } };
    expect(json.map((block) => [`${block.file}:${block.line}`, parseError(block.code)])).toEqual(json.map((block) => [`${block.file}:${block.line}`, '']));
  });

  test('the shell blocks run as pasted, in order, and every request succeeds', async () => {
    const names = ['TOKEN', 'LINK', 'COMPANY_TOKEN', 'API_KEY', 'CUSTOMER', 'IVA21', 'INVOICE', 'TREASURY'];
    // stop at the first failing command (naming its block); then print what each step captured
    const script = [
      'set -euo pipefail',
      'curl() { command curl --fail-with-body "$@"; }',
      'trap \'echo "failed in $BLOCK, line $LINENO of the script" >&2\' ERR',
      ...runnable.flatMap((block, i) => [`BLOCK='${block.file}:${block.line}'`, `echo '--- block ${i} ---'`, block.code.replaceAll('localhost:8000', `localhost:${port}`)]),
      "echo '--- captured ---'",
      ...names.map((n) => `printf '%s=%s\\n' ${n} "$${n}"`),
    ].join('\n');
    const run = Bun.spawn(['bash', '-c', script], { cwd: work, stdout: 'pipe', stderr: 'pipe', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: work, LANG: 'C.UTF-8' } });
    const [stdout, stderr, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
    expect([code, stderr]).toEqual([0, '']);

    const [output, captured] = stdout.split('--- captured ---\n');
    // what each block printed, found by a line of its code
    const sections = output.split(/^--- block (\d+) ---\n/m);
    const printed = new Map<Example, string>();
    for (let i = 1; i < sections.length; i += 2) printed.set(runnable[Number(sections[i])], sections[i + 1]);
    const outputOf = (step: string) => printed.get(runnable.find((block) => block.code.includes(step))!) ?? '';
    const vars = Object.fromEntries(captured.trim().split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    expect(vars.TOKEN).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(vars.COMPANY_TOKEN).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(vars.COMPANY_TOKEN).not.toBe(vars.TOKEN);
    expect(vars.API_KEY).toMatch(/^agl_/);
    for (const id of ['CUSTOMER', 'IVA21', 'INVOICE', 'TREASURY']) expect([id, vars[id]]).toEqual([id, expect.stringMatching(/^[0-9a-f-]{36}$/)]);

    // 2: the verification link is in the outbox and in the log; it redirects (302) to a page that exists
    expect(vars.LINK).toStartWith(`http://localhost:${port}/api/v1/auth/verify-email?token=`);
    expect(serviceLog).toContain(vars.LINK.slice(vars.LINK.indexOf('token=')));
    const firstSteps = outputOf('# 1. Create an account');
    const redirected = firstSteps.split('\n')[0];
    // (no FRONTEND_URL: the web app, which reads the outcome from the query and says so)
    expect(redirected).toBe(`302 http://localhost:${port}/app/?email_verification=verified`);
    const landing = await fetch(redirected.split(' ')[1].replace('localhost', '127.0.0.1'));
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('<div id="root"></div>');

    // 5: the PDF was written; 6: the trial balance shows the invoice's accounts
    const pdf = join(work, 'factura.pdf');
    expect(existsSync(pdf) && readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    for (const account of ['"4300"', '"7000"', '"477"', '"121.00"']) expect([account, firstSteps.includes(account)]).toEqual([account, true]);

    // 7: the statement's one line was imported; 8: the 303 has the invoice's VAT and was settled
    expect(JSON.parse(outputOf('# 7.'))).toMatchObject({ format: 'csv', imported: 1, duplicates: 0, rejected: 0 });
    const vatReturn = outputOf('# 8.');
    expect(vatReturn).toMatch(/^casilla;concepto;importe$/m);
    expect(vatReturn).toMatch(/;21\.00$/m);
    const settled = JSON.parse(vatReturn.slice(vatReturn.indexOf('\n{') + 1));
    expect(settled.lines.map((line: { account: string; debit: string; credit: string }) => [line.account, line.debit, line.credit])).toEqual([['477', '21.00', '0.00'], ['4750', '0.00', '21.00']]);
    // 9: the board proposes the invoice for the statement's payment; the ingested PDF reads as 100 + 21 % VAT
    const board = JSON.parse(outputOf('# 9.'));
    expect(board.items[0].proposal.documents[0]).toMatchObject({ document_id: vars.INVOICE, amount: '121.00' });
    const ingested = JSON.parse(outputOf('ingest-purchase'));
    expect([ingested.purchase.status, ingested.purchase.subtotal, ingested.purchase.total]).toEqual(['draft', '100.00', '121.00']);
  }, 120_000);
});
