import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-compatible server (s3rver: the S3 REST API over a directory; it checks the access key
 * id of each request, not the Signature V4 itself)
 * on a random local port, with one bucket. `env` is the FILE_STORE configuration that points the
 * service at it; `client` reads the bucket directly, as another instance or an operator would.
 */
export async function startS3Server(bucket = 'cuadra-files') {
  const directory = mkdtempSync(join(tmpdir(), 'cuadra-s3-'));
  // s3rver knows one account, access key S3RVER (secret S3RVER); another key id is refused (403)
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = { FILE_STORE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  const client = new Bun.S3Client({ bucket, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
  return {
    env,
    client,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
