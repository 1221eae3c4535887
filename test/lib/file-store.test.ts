/**
 * The kernel's file store, local disk and S3-compatible (against a real S3 server started in the test:
 * s3rver, signatures checked): per tenant, keys of its own; and the FILE_STORE settings.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileStore, type FileStore, S3FileStore } from '../../lib/file-store';
import { startS3Server } from '../support/s3';

const dataDir = mkdtempSync(join(tmpdir(), 'cuadra-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

const s3 = await startS3Server();
afterAll(() => s3.close());

const stores: [string, FileStore][] = [
  ['local disk', createFileStore({}, dataDir)],
  ['S3-compatible (a real S3 server in the test process)', createFileStore(s3.env, dataDir)],
];

describe.each(stores)('file store: %s', (_, store) => {
  test('put returns a key of its own; get answers the bytes and type to that tenant only; delete and deleteTenant remove', async () => {
    const bytes = new TextEncoder().encode(`%PDF-1.4 original ${crypto.randomUUID()}`);
    const key = await store.put(A, bytes, 'application/pdf');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.get(A, key)).toEqual({ bytes, contentType: 'application/pdf' });
    expect(await store.get(B, key)).toBeNull();
    expect(await store.get(A, 'f'.repeat(64))).toBeNull();
    await store.delete(A, key);
    expect(await store.get(A, key)).toBeNull();
    await store.delete(A, key); // deleting what is gone is no error
    const again = await store.put(A, bytes, 'application/pdf');
    const png = await store.put(A, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    const theirs = await store.put(B, bytes, 'application/pdf');
    await store.deleteTenant(A);
    expect(await store.get(A, again)).toBeNull();
    expect(await store.get(A, png)).toBeNull();
    expect(await store.get(B, theirs)).toEqual({ bytes, contentType: 'application/pdf' });
    await store.deleteTenant(B);
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

describe('local file store on disk', () => {
  test('writes atomically: no temporary file is left beside the stored ones', async () => {
    await createFileStore({}, dataDir).put(A, new Uint8Array([1, 2, 3]), 'application/octet-stream');
    expect(readdirSync(join(dataDir, 'files', A)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('S3-compatible file store in the bucket', () => {
  const store = createFileStore(s3.env, dataDir);

  test('objects are <tenant>/<sha256> with their content type; another instance pointed at the bucket reads them', async () => {
    const bytes = new TextEncoder().encode('shared between instances');
    const key = await store.put(A, bytes, 'image/jpeg');
    const object = s3.client.file(`${A}/${key}`);
    expect(await object.exists()).toBe(true);
    expect((await object.stat()).type).toBe('image/jpeg');
    expect(await createFileStore(s3.env, mkdtempSync(join(tmpdir(), 'cuadra-other-'))).get(A, key)).toEqual({ bytes, contentType: 'image/jpeg' });
    await store.deleteTenant(A);
    expect(await object.exists()).toBe(false);
  });

  test('credentials the server does not know are refused, and the error reaches the caller', async () => {
    const wrong = createFileStore({ ...s3.env, S3_ACCESS_KEY_ID: 'NOT-A-KEY' }, dataDir);
    await expect(wrong.put(A, new Uint8Array([1]), 'application/pdf')).rejects.toThrow('Access Key Id');
    await expect(wrong.get(A, 'a'.repeat(64))).rejects.toThrow();
  });
});

describe('FILE_STORE settings', () => {
  const settings = { FILE_STORE: 's3', S3_BUCKET: 'cuadra', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  test('s3 with its bucket and keys; an endpoint must be a URL', () => {
    expect(createFileStore({ ...settings, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-south-2' }, dataDir)).toBeInstanceOf(S3FileStore);
    expect(() => createFileStore({ ...settings, S3_ENDPOINT: 'minio' }, dataDir)).toThrow('S3_ENDPOINT must be');
  });

  test('refused at start-up: an unknown store, or s3 without bucket or keys', () => {
    expect(() => createFileStore({ FILE_STORE: 'ftp' }, dataDir)).toThrow('FILE_STORE must be');
    expect(() => createFileStore({ FILE_STORE: 's3', S3_BUCKET: 'cuadra' }, dataDir)).toThrow('needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
  });
});
