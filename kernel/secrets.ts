import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * A secret from the environment or, when unset, one generated once and kept under
 * DATA_DIR/secrets (mode 0600) so that restarts keep sessions and encrypted data valid, and
 * instances sharing DATA_DIR share it.
 */
export function persistentSecret(dataDir: string, name: string, fromEnv: string | undefined, bytes = 32): string {
  if (fromEnv) return fromEnv;
  const dir = join(dataDir, 'secrets');
  const file = join(dir, `${name}.key`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Instances sharing DATA_DIR may start together: the secret is written whole to a file of this
  // process and linked into place, which only the first does; the others read the first's.
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, randomBytes(bytes).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, 'utf8').trim();
}
