import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseOrigins } from './cors';
import { APP_ROLE } from './migration';

/** The kernel's runtime configuration, read once from the environment (names as in README.md); plugins declare their own settings. */
export interface Config {
  port: number;
  host: string;
  /**
   * PostgreSQL URL the application connects with: a login role that is neither superuser nor owner
   * of the tables; undefined means embedded PGlite under `dataDir`.
   */
  databaseUrl?: string;
  /** PostgreSQL URL of the tables' owner, for migrations at start-up (default: `databaseUrl`). */
  databaseOwnerUrl?: string;
  /**
   * PostgreSQL URL of a read replica (a hot standby streaming from the primary), same login as
   * `databaseUrl`: reports that declare it (`uow.report`) read there. Unset: everything on the primary.
   */
  databaseReplicaUrl?: string;
  /** Replication lag in seconds beyond which reports read the primary instead (default 10). */
  databaseReplicaMaxLagSeconds: number;
  /** Let the application connect as a superuser or as the tables' owner (refused otherwise). */
  databaseAllowPrivileged: boolean;
  /** In-memory PGlite (tests): nothing is written under dataDir/db. */
  embeddedInMemory: boolean;
  dataDir: string;
  publicUrl: string;
  frontendUrl: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Shared counters for rate limits and lockouts across instances; unset = in-process. */
  redisUrl?: string;
  /** Trust X-Forwarded-For for the client address (only behind your own proxy). */
  trustProxy: boolean;
  /** The variables read, for the plugins' own settings (`defineSettings`, validated at start-up). */
  environment: Record<string, string | undefined>;
  /** Origins whose browser scripts may call the API (`CORS_ORIGINS`, comma-separated; `*` = any). */
  corsOrigins: string[];
  /** Seconds an Idempotency-Key claim holds without completing before a retry may take it over. */
  idempotencyLeaseSeconds: number;
  /** Seconds a claimed outbox delivery is one instance's (renewed before each) before another may claim it again. */
  outboxLeaseSeconds: number;
  /** Bearer token that opens GET /metrics (Prometheus text); unset = no such endpoint (404). */
  metricsToken?: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 8000);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  // The migrations create, grant and name the application role themselves (kernel/migration.ts):
  // a deployment that names another one would run with privileges its migrations never gave.
  if (env.DATABASE_APP_ROLE && env.DATABASE_APP_ROLE !== APP_ROLE) {
    throw new Error(`DATABASE_APP_ROLE is not a setting: the application role is always "${APP_ROLE}" (infra/README.md); unset it`);
  }
  const config: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseOwnerUrl: env.DATABASE_OWNER_URL || env.DATABASE_URL || undefined,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    databaseReplicaMaxLagSeconds: env.DATABASE_REPLICA_MAX_LAG_SECONDS && /^\d+(\.\d+)?$/.test(env.DATABASE_REPLICA_MAX_LAG_SECONDS) ? Number(env.DATABASE_REPLICA_MAX_LAG_SECONDS) : 10,
    databaseAllowPrivileged: env.DATABASE_ALLOW_PRIVILEGED === '1' || env.DATABASE_ALLOW_PRIVILEGED === 'true',
    embeddedInMemory: env.DATABASE_URL === 'memory://',
    dataDir,
    publicUrl,
    frontendUrl: (env.FRONTEND_URL ?? publicUrl).replace(/\/$/, ''),
    jwtSecret: env.JWT_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Cuadra <no-reply@cuadra.local>',
    logLevel: (env.LOG_LEVEL as Config['logLevel']) ?? 'info',
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    metricsToken: env.METRICS_TOKEN || undefined,
    environment: env,
    corsOrigins: parseOrigins(env.CORS_ORIGINS),
    idempotencyLeaseSeconds: env.IDEMPOTENCY_LEASE_SECONDS && /^\d+$/.test(env.IDEMPOTENCY_LEASE_SECONDS) ? Math.max(1, Number(env.IDEMPOTENCY_LEASE_SECONDS)) : 30,
    outboxLeaseSeconds: env.OUTBOX_LEASE_SECONDS && /^\d+$/.test(env.OUTBOX_LEASE_SECONDS) ? Math.max(1, Number(env.OUTBOX_LEASE_SECONDS)) : 60,
    ...overrides,
  };
  if (config.embeddedInMemory) config.databaseUrl = undefined;
  if (!config.databaseUrl) config.databaseOwnerUrl = undefined;
  mkdirSync(config.dataDir, { recursive: true });
  return config;
}
