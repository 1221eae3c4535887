#!/usr/bin/env node
// Entry point of the README commands. Needs only Node.js and npm: installs the pinned Bun from
// npm into .tools/, installs dependencies from bun.lock when they changed, then runs the service
// (`start`), the whole test suite on PGlite and PostgreSQL (`test`) or the MCP stdio relay (`mcp`).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const bunVersion = pkg.cuadra.bunVersion;
const tools = join(root, '.tools');
const bun = join(tools, 'node_modules', '.bin', 'bun');
const command = process.argv[2];
// the MCP relay speaks JSON-RPC on stdout: what the installs print goes to stderr
const setupStdio = command === 'mcp' ? ['ignore', 2, 2] : 'inherit';

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: setupStdio, cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function ensureBun() {
  let installed = '';
  try { installed = execFileSync(bun, ['--version'], { encoding: 'utf8' }).trim(); } catch {}
  if (installed === bunVersion) return;
  console.error(`[cuadra] installing bun ${bunVersion} from npm into .tools/`);
  mkdirSync(tools, { recursive: true });
  if (run('npm', ['install', '--prefix', tools, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `bun@${bunVersion}`]) !== 0) process.exit(1);
}

function ensureDependencies() {
  const stamp = join(root, 'node_modules', '.cuadra-lock-hash');
  const hash = createHash('sha256').update(readFileSync(join(root, 'bun.lock'))).update(readFileSync(join(root, 'package.json')));
  // patches/ holds fixes applied to dependencies at install (package.json "patchedDependencies")
  const patches = join(root, 'patches');
  if (existsSync(patches)) for (const name of readdirSync(patches).sort()) hash.update(name).update(readFileSync(join(patches, name)));
  const lockHash = hash.digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lockHash) return;
  console.error('[cuadra] installing dependencies (bun install --frozen-lockfile)');
  if (run(bun, ['install', '--frozen-lockfile']) !== 0) process.exit(1);
  writeFileSync(stamp, lockHash);
}

/** Debian packages some checks use (hledger for the ledger cross-check); installed when missing. */
function ensureSystemPackages(packages) {
  const missing = packages.filter(([binary]) => spawnSync('sh', ['-c', `command -v ${binary}`]).status !== 0);
  if (!missing.length) return;
  if (spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0) {
    console.error(`[cuadra] apt-get not found; tests needing ${missing.map((m) => m[0]).join(', ')} will say they are skipped`);
    return;
  }
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const names = missing.map(([, name]) => name);
  console.error(`[cuadra] installing ${names.join(', ')} with apt-get`);
  const cmd = (args) => (sudo.length ? run('sudo', args) : run(args[0], args.slice(1)));
  cmd(['apt-get', 'update', '-qq']);
  if (cmd(['apt-get', 'install', '-y', '-qq', ...names]) !== 0) console.error('[cuadra] apt-get install failed; dependent tests will be skipped');
}

ensureBun();
ensureDependencies();
if (command === 'start') {
  process.exit(run(bun, ['run', 'kernel/main.ts'], { env: process.env }));
} else if (command === 'test') {
  const systemPackages = JSON.parse(readFileSync(join(root, 'infra', 'system-packages.json'), 'utf8'));
  ensureSystemPackages(systemPackages);
  process.exit(run(bun, ['run', 'test/run-all.ts', ...process.argv.slice(3)], { env: process.env }));
} else if (command === 'mcp') {
  process.exit(run(bun, ['plugins/mcp/stdio.ts', ...process.argv.slice(3)], { env: process.env, stdio: 'inherit' }));
} else {
  console.error('usage: node infra/bootstrap.mjs start|test|mcp');
  process.exit(2);
}
