import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * A secret from the environment or, when unset, one generated once and kept under
 * DATA_DIR/secrets (mode 0600) so that restarts keep sessions and encrypted data valid.
 */
export function persistentSecret(dataDir: string, name: string, fromEnv: string | undefined, bytes = 32): string {
  if (fromEnv) return fromEnv;
  const dir = join(dataDir, 'secrets');
  const file = join(dir, `${name}.key`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const value = randomBytes(bytes).toString('base64url');
  writeFileSync(file, value + '\n', { mode: 0o600, flag: 'wx' });
  return value;
}
