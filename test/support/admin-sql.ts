import postgres from 'postgres';
import { APP_ROLE } from '../../kernel/migration';
import type { TestApp } from './app';

export interface AdminSql {
  /** One statement with the database's full rights: the catalog as its owner sees it, probe objects. */
  query<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * Statements past the application role on a test app's database: PostgreSQL's administrator on
 * its own connection, or PGlite's one session stepped out of the application role for the statement.
 */
export function adminSql(app: TestApp): AdminSql {
  const admin = app.adminUrl ? postgres(app.adminUrl, { max: 1, onnotice: () => {} }) : undefined;
  return {
    async query<T>(sql: string): Promise<T[]> {
      if (admin) return (await admin.unsafe(sql)) as unknown as T[];
      await app.pglite!.exec('reset role');
      try {
        return (await app.pglite!.query<T>(sql)).rows;
      } finally {
        await app.pglite!.exec(`set role ${APP_ROLE}`);
      }
    },
    close: async () => { await admin?.end(); },
  };
}
