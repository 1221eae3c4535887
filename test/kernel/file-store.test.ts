/** The kernel's file store: local disk (atomic, per tenant, keys of its own) and the FILE_STORE settings. */
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileStore, LocalFileStore, S3FileStore } from '../../kernel/file-store';

const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('local file store', () => {
  const store = createFileStore({}, dataDir);

  test('put returns a key of its own; get answers the bytes and type to that tenant only; delete and deleteTenant remove', async () => {
    expect(store).toBeInstanceOf(LocalFileStore);
    const bytes = new TextEncoder().encode('%PDF-1.4 original');
    const key = await store.put(A, bytes, 'application/pdf');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.get(A, key)).toEqual({ bytes, contentType: 'application/pdf' });
    expect(await store.get(B, key)).toBeNull();
    expect(readdirSync(join(dataDir, 'files', A)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await store.delete(A, key);
    expect(await store.get(A, key)).toBeNull();
    const again = await store.put(A, bytes, 'application/pdf');
    await store.deleteTenant(A);
    expect(await store.get(A, again)).toBeNull();
  });

  test('path-like keys, tenants or content types are refused', async () => {
    for (const key of ['../secret', `${'a'.repeat(63)}/`, '/etc/passwd', 'A'.repeat(64)]) {
      await expect(store.get(A, key)).rejects.toThrow('keys are SHA-256');
    }
    await expect(store.get('../other', 'a'.repeat(64))).rejects.toThrow('not a UUID');
    await expect(store.deleteTenant('..')).rejects.toThrow('not a UUID');
    await expect(store.put(A, new Uint8Array([1]), 'text/html\r\nx: y')).rejects.toThrow('content type');
  });
});

describe('FILE_STORE settings', () => {
  const s3 = { FILE_STORE: 's3', S3_BUCKET: 'cuadra', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  test('s3 with its bucket and keys; an endpoint must be a URL', () => {
    expect(createFileStore({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-south-2' }, dataDir)).toBeInstanceOf(S3FileStore);
    expect(() => createFileStore({ ...s3, S3_ENDPOINT: 'minio' }, dataDir)).toThrow('S3_ENDPOINT must be');
  });

  test('refused at start-up: an unknown store, or s3 without bucket or keys', () => {
    expect(() => createFileStore({ FILE_STORE: 'ftp' }, dataDir)).toThrow('FILE_STORE must be');
    expect(() => createFileStore({ FILE_STORE: 's3', S3_BUCKET: 'cuadra' }, dataDir)).toThrow('needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
  });
});
