import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL primary and a hot standby streaming from it, made with the test server's own
 * binaries in a temporary folder, each on a free port of 127.0.0.1: `initdb` for the primary
 * (trust authentication, a `root` superuser, replication allowed), `pg_basebackup -R` for the
 * standby (which writes `standby.signal` and `primary_conninfo`), both started with `pg_ctl`.
 * A cluster of its own: the shared test server's settings, permissions and databases are not
 * touched, and the copy is small (a fresh cluster), so it is made in seconds.
 *
 * PostgreSQL refuses to run as root: when the tests run as root, the binaries run as `postgres`
 * (`runuser`), which owns the temporary folder.
 */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? debianServerBinaries() ?? '/usr/lib/postgresql/15/bin';

/** Debian's server binaries, newest version first (`/usr/lib/postgresql/<version>/bin`). */
function debianServerBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  return readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))
    .map((v) => join(root, v, 'bin')).find((bin) => existsSync(join(bin, 'pg_basebackup')));
}

export interface ReplicatedCluster {
  /** The primary's superuser URL (database `postgres`). */
  primaryUrl: string;
  /** The standby's superuser URL (database `postgres`). */
  replicaUrl: string;
  /** `url` (of the primary) with another user and database, on the primary or on the replica. */
  url(on: 'primary' | 'replica', user: string, database: string): string;
  /** Stops the standby (fast shutdown: its sessions are ended). */
  stopReplica(): Promise<void>;
  /** Stops both servers and removes the folder. */
  stop(): Promise<void>;
}

function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

const asRoot = process.getuid?.() === 0;

async function run(command: string[]): Promise<void> {
  const argv = asRoot ? ['runuser', '-u', 'postgres', '--', ...command] : command;
  const child = Bun.spawn(argv, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, LC_ALL: 'C' } });
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  if (code !== 0) throw new Error(`${command.join(' ')} failed (${code}): ${err || out}`);
}

/** Why a replicated cluster cannot be made on this machine, or null when it can (tests say why they skip). */
export function replicatedClusterUnavailable(): string | null {
  for (const binary of ['initdb', 'pg_ctl', 'pg_basebackup']) {
    if (!existsSync(join(POSTGRES_BIN, binary))) return `no ${binary} in ${POSTGRES_BIN} (set POSTGRES_BIN to the PostgreSQL server's binaries)`;
  }
  if (asRoot && Bun.spawnSync(['id', '-u', 'postgres']).exitCode !== 0) return 'running as root without a postgres user to run the server binaries as';
  return null;
}

export async function startReplicatedCluster(): Promise<ReplicatedCluster> {
  const folder = mkdtempSync(join(tmpdir(), 'cuadra-replica-'));
  if (asRoot) {
    const uid = Number((await Bun.$`id -u postgres`.text()).trim());
    const gid = Number((await Bun.$`id -g postgres`.text()).trim());
    chownSync(folder, uid, gid);
  }
  const primaryPort = freePort();
  const replicaPort = freePort();
  const primaryDir = join(folder, 'primary');
  const replicaDir = join(folder, 'replica');
  const settings = (port: number) => [
    `-p ${port}`, '-c listen_addresses=127.0.0.1', `-c unix_socket_directories=${folder}`,
    '-c fsync=off', '-c full_page_writes=off', '-c shared_buffers=16MB',
    '-c max_connections=60', '-c wal_level=replica', '-c max_wal_senders=4', '-c hot_standby=on',
    // a report is not cancelled by replay (what a busy standby would otherwise do after 30 s)
    '-c hot_standby_feedback=on', '-c wal_receiver_status_interval=1s',
  ].join(' ');
  const started: string[] = [];
  const stop = async () => {
    for (const dir of started.reverse()) await run([join(POSTGRES_BIN, 'pg_ctl'), '-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await run([join(POSTGRES_BIN, 'initdb'), '-D', primaryDir, '-U', 'root', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    await run([join(POSTGRES_BIN, 'pg_ctl'), '-D', primaryDir, '-o', settings(primaryPort), '-l', join(folder, 'primary.log'), '-w', 'start']);
    started.push(primaryDir);
    await run([join(POSTGRES_BIN, 'pg_basebackup'), '-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'root', '-D', replicaDir, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
    await run([join(POSTGRES_BIN, 'pg_ctl'), '-D', replicaDir, '-o', settings(replicaPort), '-l', join(folder, 'replica.log'), '-w', 'start']);
    started.push(replicaDir);
  } catch (error) {
    await stop();
    throw error;
  }
  const url = (on: 'primary' | 'replica', user: string, database: string) =>
    `postgres://${user}@127.0.0.1:${on === 'primary' ? primaryPort : replicaPort}/${database}`;
  const stopReplica = async () => {
    await run([join(POSTGRES_BIN, 'pg_ctl'), '-D', replicaDir, '-m', 'fast', '-w', 'stop']);
    started.splice(started.indexOf(replicaDir), 1);
  };
  return { primaryUrl: url('primary', 'root', 'postgres'), replicaUrl: url('replica', 'root', 'postgres'), url, stopReplica, stop };
}
