import { describe, expect, test } from 'bun:test';
import { createApp } from '../../../kernel/app';
import { loadConfig } from '../../../kernel/config';
import { readAllSettings } from '../../../kernel/settings';
import mfa from '../../../plugins/mfa';
import { mfaSettings } from '../../../plugins/mfa/settings';

describe('MFA settings', () => {
  test('MFA_ENCRYPTION_KEY belongs to the mfa plugin and is optional', () => {
    expect(readAllSettings([mfa], {}).get(mfaSettings)).toEqual({});
    expect(readAllSettings([mfa], { MFA_ENCRYPTION_KEY: 'a passphrase long enough' }).get(mfaSettings)).toEqual({ MFA_ENCRYPTION_KEY: 'a passphrase long enough' });
  });

  test('a key too short to protect anything stops start-up, naming the variable and not echoing it', async () => {
    const config = loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: `/tmp/cuadra-mfa-settings-${crypto.randomUUID()}`, LOG_LEVEL: 'error', MFA_ENCRYPTION_KEY: 'short-secret' });
    const failure = await createApp({ config }).catch((error: Error) => error);
    expect(String(failure)).toContain('Invalid settings of plugin "mfa": MFA_ENCRYPTION_KEY: Expected string length greater or equal to 16');
    expect(String(failure)).not.toContain('short-secret');
  });
});
