import { expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBEDDED_SETTINGS, openEmbeddedDatabase } from '../../kernel/database';

/**
 * The embedded database runs with small buffers, not PGlite's server defaults (128 MB of shared
 * buffers that stay resident once touched): what PostgreSQL reports is what the service asked for.
 * Not a backend matrix test: it is about the embedded database alone.
 */
test('the service\'s embedded database runs with 16 MB of shared buffers and the other settings asked for', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-embedded-'));
  const db = await openEmbeddedDatabase(join(dataDir, 'db'));
  try {
    expect(EMBEDDED_SETTINGS.shared_buffers).toBe('16MB');
    for (const [name, value] of Object.entries(EMBEDDED_SETTINGS)) {
      const { rows } = await db.query<{ setting: string }>(`select current_setting($1) as setting`, [name]);
      expect([name, rows[0].setting]).toEqual([name, value]);
    }
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
