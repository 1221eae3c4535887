/**
 * A generated secret under DATA_DIR/secrets is the same for every process sharing the directory,
 * even when they all start at once: processes race to create it and all read the one that won.
 */
import { expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SECRETS = resolve(import.meta.dir, '../../kernel/secrets.ts');

test('six processes creating the same 300 secrets at once all get the same ones, and leave only them behind', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-secrets-'));
  try {
    const script = `import { persistentSecret } from ${JSON.stringify(SECRETS)}; await Bun.sleep(Number(process.argv[2]) - Date.now()); const got = []; for (let i = 0; i < 300; i++) got.push(persistentSecret(${JSON.stringify(dataDir)}, 'k' + i, undefined)); console.log(got.join(' '));`;
    const at = Date.now() + 1500;
    const children = Array.from({ length: 6 }, () => Bun.spawn([process.execPath, '-e', script, String(at)], { stdout: 'pipe', stderr: 'pipe' }));
    const outputs = await Promise.all(children.map(async (child) => ({ out: (await new Response(child.stdout).text()).trim(), err: await new Response(child.stderr).text(), code: await child.exited })));
    for (const output of outputs) expect(output).toMatchObject({ code: 0, err: '' });
    expect(new Set(outputs.map((o) => o.out)).size).toBe(1);
    for (const secret of outputs[0]!.out.split(' ')) expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readdirSync(join(dataDir, 'secrets')).sort()).toEqual(Array.from({ length: 300 }, (_, i) => `k${i}.key`).sort());
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
