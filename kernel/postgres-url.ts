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

/**
 * PostgreSQL's JIT compilation, off on the application's connections: it compiles every plan whose
 * estimate passes `jit_above_cost`, and Cuadra's heaviest reads (a period's index range of the tax
 * register or the journal, well under a second) spend more compiling than it saves: the 349's
 * goods/services split of a quarter of a 1 M-row register took 840 ms with it, 700 without (230 ms
 * of code generation). PGlite has no JIT; the setting is accepted there and changes nothing.
 */
export const APPLICATION_JIT = 'off';
