import { describe, expect, test } from 'bun:test';
import { Type } from '@sinclair/typebox';
import { createApp } from '../../kernel/app';
import { loadConfig } from '../../kernel/config';
import { definePlugin } from '../../kernel/plugin';
import { defineSettings, readAllSettings, readSettings } from '../../kernel/settings';
import identity from '../../plugins/identity';
import { DEFAULT_GOOGLE_ISSUERS, DEFAULT_GOOGLE_JWKS_URL, googleSettings } from '../../plugins/identity/google';

const batchSettings = defineSettings({
  TEST_BATCH_SIZE: Type.Integer({ default: 20, minimum: 1, description: 'events per batch' }),
  TEST_ENDPOINT: Type.Optional(Type.String({ pattern: '^https://' })),
});

describe('plugin settings', () => {
  test('defaults fill unset and empty variables; numbers are converted and typed', () => {
    const values = readSettings('test', batchSettings, { TEST_BATCH_SIZE: '5', TEST_ENDPOINT: '' });
    const size: number = values.TEST_BATCH_SIZE;
    expect(size).toBe(5);
    expect(values.TEST_ENDPOINT).toBeUndefined();
    expect(readSettings('test', batchSettings, {}).TEST_BATCH_SIZE).toBe(20);
  });

  test('a wrong value stops with an error naming the plugin and the variable', () => {
    expect(() => readSettings('test', batchSettings, { TEST_BATCH_SIZE: 'many' })).toThrow(/^Invalid settings of plugin "test": TEST_BATCH_SIZE: .*\(events per batch\)/);
    expect(() => readSettings('test', batchSettings, { TEST_BATCH_SIZE: '0' })).toThrow('TEST_BATCH_SIZE');
  });

  test('Google sign-in settings belong to the identity plugin, with the documented defaults', () => {
    expect(readAllSettings([identity], {}).get(googleSettings)).toEqual({ GOOGLE_JWKS_URL: DEFAULT_GOOGLE_JWKS_URL, GOOGLE_ISSUERS: DEFAULT_GOOGLE_ISSUERS.join(',') });
    const set = readAllSettings([identity], { GOOGLE_CLIENT_ID: 'client-1', GOOGLE_ISSUERS: 'https://issuer.test' });
    expect(set.get(googleSettings)).toEqual({ GOOGLE_CLIENT_ID: 'client-1', GOOGLE_JWKS_URL: DEFAULT_GOOGLE_JWKS_URL, GOOGLE_ISSUERS: 'https://issuer.test' });
  });

  test('the same variable claimed by two plugins is refused', () => {
    const rival = definePlugin({ name: 'test-rival', settings: defineSettings({ GOOGLE_CLIENT_ID: Type.String() }) });
    expect(() => readAllSettings([identity, rival], {})).toThrow('Setting GOOGLE_CLIENT_ID is declared by two plugins: "identity" and "test-rival"');
  });

  test('start-up stops on a wrong setting, naming the variable and not echoing its value', async () => {
    const config = loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: `/tmp/cuadra-settings-${crypto.randomUUID()}`, LOG_LEVEL: 'error', GOOGLE_JWKS_URL: 'ftp://keys.example' });
    const failure = await createApp({ config }).catch((error: Error) => error);
    expect(String(failure)).toMatch(/^Error: Invalid settings of plugin "identity": GOOGLE_JWKS_URL: .*\(an http\(s\) URL of Google's key set\)$/);
    expect(String(failure)).not.toContain('ftp://keys.example');
  });
});
