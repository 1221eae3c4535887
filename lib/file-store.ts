import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A stored file's bytes and the content type it was stored with. */
export interface StoredFile { bytes: Uint8Array; contentType: string }

/**
 * Files kept per tenant (purchase originals, logos). Keys are the store's own (`put` returns one,
 * the SHA-256 of the bytes), never a client-supplied path, and every read is scoped to a tenant:
 * one company can never reach another's file.
 */
export interface FileStore {
  put(tenantId: string, bytes: Uint8Array, contentType: string): Promise<string>;
  get(tenantId: string, key: string): Promise<StoredFile | null>;
  delete(tenantId: string, key: string): Promise<void>;
  deleteTenant(tenantId: string): Promise<void>;
}

const KEY = /^[0-9a-f]{64}$/;
const TENANT = /^[0-9a-f-]{36}$/;
const CONTENT_TYPE = /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i;

function checked(tenantId: string, key?: string): void {
  if (!TENANT.test(tenantId)) throw new Error('File store: the tenant id is not a UUID');
  if (key !== undefined && !KEY.test(key)) throw new Error('File store: keys are SHA-256 hex digests');
}

function sha256(bytes: Uint8Array): string {
  return new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
}

/** Local disk under `<DATA_DIR>/files/<tenant>/<sha256>` (+ `.type` holding the content type). */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async put(tenantId: string, bytes: Uint8Array, contentType: string): Promise<string> {
    checked(tenantId);
    if (!CONTENT_TYPE.test(contentType)) throw new Error('File store: invalid content type');
    const key = sha256(bytes);
    const dir = join(this.root, tenantId);
    await mkdir(dir, { recursive: true });
    await this.atomicWrite(join(dir, `${key}.type`), contentType);
    await this.atomicWrite(join(dir, key), bytes);
    return key;
  }

  async get(tenantId: string, key: string): Promise<StoredFile | null> {
    checked(tenantId, key);
    const path = join(this.root, tenantId, key);
    try {
      const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
      return { bytes: new Uint8Array(bytes), contentType };
    } catch (error: any) {
      if (error?.code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(tenantId: string, key: string): Promise<void> {
    checked(tenantId, key);
    const path = join(this.root, tenantId, key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }

  async deleteTenant(tenantId: string): Promise<void> {
    checked(tenantId);
    await rm(join(this.root, tenantId), { recursive: true, force: true });
  }

  private async atomicWrite(path: string, data: Uint8Array | string): Promise<void> {
    const temp = `${path}.${crypto.randomUUID()}.tmp`;
    await writeFile(temp, data);
    await rename(temp, path);
  }
}

export interface S3Settings { bucket: string; endpoint?: string; region?: string; accessKeyId: string; secretAccessKey: string }

/** S3-compatible storage (several instances share it), through Bun's built-in client. */
export class S3FileStore implements FileStore {
  private readonly client: Bun.S3Client;

  constructor(settings: S3Settings) {
    this.client = new Bun.S3Client({
      bucket: settings.bucket, endpoint: settings.endpoint, region: settings.region,
      accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey,
    });
  }

  async put(tenantId: string, bytes: Uint8Array, contentType: string): Promise<string> {
    checked(tenantId);
    if (!CONTENT_TYPE.test(contentType)) throw new Error('File store: invalid content type');
    const key = sha256(bytes);
    await this.client.write(`${tenantId}/${key}`, bytes, { type: contentType });
    return key;
  }

  async get(tenantId: string, key: string): Promise<StoredFile | null> {
    checked(tenantId, key);
    const file = this.client.file(`${tenantId}/${key}`);
    if (!(await file.exists())) return null;
    const stat = await file.stat();
    return { bytes: new Uint8Array(await file.arrayBuffer()), contentType: stat.type || 'application/octet-stream' };
  }

  async delete(tenantId: string, key: string): Promise<void> {
    checked(tenantId, key);
    await this.client.delete(`${tenantId}/${key}`);
  }

  async deleteTenant(tenantId: string): Promise<void> {
    checked(tenantId);
    for (;;) {
      const page = await this.client.list({ prefix: `${tenantId}/`, maxKeys: 1000 });
      const keys = (page.contents ?? []).map((c) => c.key);
      if (keys.length === 0) return;
      // one at a time: erasure is rare, and S3-compatible servers that keep objects as files (s3rver,
      // used by the tests) fail concurrent deletes that empty the same prefix
      for (const k of keys) await this.client.delete(k);
      if (!page.isTruncated) return;
    }
  }
}

/** `FILE_STORE` (`local`, the default, or `s3`) and, for s3, the `S3_*` variables; refused at start-up when incomplete. */
export function createFileStore(env: Record<string, string | undefined>, dataDir: string): FileStore {
  const kind = env.FILE_STORE || 'local';
  if (kind === 'local') return new LocalFileStore(join(dataDir, 'files'));
  if (kind !== 's3') throw new Error(`FILE_STORE must be "local" or "s3", not "${kind}"`);
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
  if (missing.length) throw new Error(`FILE_STORE=s3 needs ${missing.join(', ')}`);
  if (env.S3_ENDPOINT && !/^https?:\/\/[^\s/]+/.test(env.S3_ENDPOINT)) throw new Error('S3_ENDPOINT must be an http(s) URL');
  return new S3FileStore({
    bucket: env.S3_BUCKET!, endpoint: env.S3_ENDPOINT || undefined, region: env.S3_REGION || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
  });
}
