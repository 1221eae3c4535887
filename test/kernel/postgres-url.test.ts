import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type CuadraApp } from '../../kernel/app';
import { loadConfig } from '../../kernel/config';
import { postgresTarget } from '../../kernel/postgres-url';
import { backend } from '../support/database';
import { startTestApp, type TestApp } from '../support/app';
import { createCompany } from '../support/factories';

describe('DATABASE_URL forms', () => {
  test('a TCP URL is used as it is', () => {
    expect(postgresTarget('postgres://root@127.0.0.1:5432/test')).toEqual({ url: 'postgres://root@127.0.0.1:5432/test', port: 5432 });
  });

  test("libpq's socket form: host=<directory> with an empty or a named host, with or without a port", () => {
    expect(postgresTarget('postgres://root@/cuadra?host=/var/run/postgresql')).toEqual({ url: 'postgres://root@localhost/cuadra', socketDirectory: '/var/run/postgresql', port: 5432 });
    expect(postgresTarget('postgresql://u:p@:5433/db?host=/tmp&sslmode=disable')).toEqual({ url: 'postgresql://u:p@localhost:5433/db?sslmode=disable', socketDirectory: '/tmp', port: 5433 });
    expect(postgresTarget('postgres://u@db.example/x?host=db.internal').socketDirectory).toBeUndefined();
  });
});

const socketDirectory = '/var/run/postgresql';
const socketAvailable = backend === 'postgres' && existsSync(join(socketDirectory, '.s.PGSQL.5432'));
if (!socketAvailable) console.warn(`[skip] Unix-socket connection test: needs PostgreSQL (CUADRA_TEST_DB=postgres) listening in ${socketDirectory}`);

describe.skipIf(!socketAvailable)('the service over a Unix-domain socket', () => {
  let app: TestApp;
  let overSocket: CuadraApp;
  let dataDir: string;
  beforeAll(async () => {
    app = await startTestApp();
    const viaSocket = (databaseUrl: string) => {
      const url = new URL(databaseUrl);
      url.host = '';
      return `${url.toString()}?host=${socketDirectory}`;
    };
    dataDir = mkdtempSync(join(tmpdir(), 'cuadra-socket-'));
    overSocket = await createApp({ config: loadConfig({ DATABASE_URL: viaSocket(app.config.databaseUrl!), DATABASE_OWNER_URL: viaSocket(app.config.databaseOwnerUrl!), DATA_DIR: dataDir, LOG_LEVEL: 'error' }) });
  });
  afterAll(async () => {
    await overSocket?.stop();
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the ORM and the one-round-trip reader both connect through the socket (no client address)', async () => {
    const company = await createCompany(app);
    const orm = await overSocket.kernel.db.orm.em.fork().getConnection().execute<{ addr: string | null }[]>('select inet_client_addr()::text as addr');
    expect(orm).toEqual([{ addr: null }]);
    const uow = overSocket.kernel.unitOfWork({ kind: 'session', userId: company.userId, tenantId: company.tenantId, role: 'owner' });
    expect(await uow.read('select inet_client_addr()::text as addr, (select name from tenants where id = :tenant) as name')).toEqual([{ addr: null, name: expect.stringMatching(/^Empresa /) }]);
    const health = await overSocket.handle(new Request('http://localhost/health'));
    expect(health.status).toBe(200);
  });
});
