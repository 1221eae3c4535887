import postgres from 'postgres';

/**
 * DATABASE_URL as libpq reads it, for the two drivers we use. A `host` query parameter that is a
 * directory means a Unix-domain socket (`postgres://user@/db?host=/var/run/postgresql`), which
 * saves the TCP loopback work on every query when PostgreSQL runs on the same machine.
 * node-postgres (under MikroORM) takes the directory as `host`; postgres.js needs the socket path.
 */
export interface PostgresTarget {
  /** The URL without the socket parameter. */
  url: string;
  socketDirectory?: string;
  port: number;
}

export function postgresTarget(databaseUrl: string): PostgresTarget {
  // libpq allows an empty host (`postgres://user@/db?host=…`); WHATWG URL does not
  const url = new URL(databaseUrl.replace(/^(postgres(?:ql)?:\/\/(?:[^@/]*@)?)(?=[:/?]|$)/, '$1localhost'));
  const port = Number(url.port || 5432);
  const host = url.searchParams.get('host');
  if (!host?.startsWith('/')) return { url: url.toString(), port };
  url.searchParams.delete('host');
  return { url: url.toString(), socketDirectory: host, port };
}

/** MikroORM connection options for the target. */
export const mikroOrmConnection = (target: PostgresTarget) =>
  ({ clientUrl: target.url, ...(target.socketDirectory ? { host: target.socketDirectory } : {}) });

/** A postgres.js client for the target. */
export function postgresJs(target: PostgresTarget, options: postgres.Options<Record<string, postgres.PostgresType>> = {}): postgres.Sql<any> {
  return postgres(target.url, { onnotice: () => {}, ...options, ...(target.socketDirectory ? { path: `${target.socketDirectory}/.s.PGSQL.${target.port}` } : {}) });
}
