import { postgresJs, postgresTarget } from '../../../kernel/postgres-url';
import { startTestApp, type TestApp } from '../../support/app';
import { APP_ROLE } from '../../../kernel/migration';

export interface LedgerTestApp extends TestApp {
  /** Raw SQL as the application role, in one transaction whose tenant is `tenantId`. */
  asAppRole<T = any>(tenantId: string | null, statements: string | string[]): Promise<T[]>;
  /** Raw SQL as the database owner (superuser: no row-level security, full privileges), in one transaction. */
  asOwner<T = any>(statements: string | string[]): Promise<T[]>;
}

/** The app plus two raw-SQL doors, to prove what the database itself refuses. */
export async function startLedgerApp(): Promise<LedgerTestApp> {
  const app = await startTestApp();
  const pglite = app.pglite;
  const asAppRole = async <T>(tenantId: string | null, statements: string | string[]): Promise<T[]> => {
    const em = app.kernel.db.orm.em.fork();
    em.setSessionContext({ variables: { 'app.tenant_id': tenantId ?? '' } });
    return em.transactional(async (tx) => {
      let last: T[] = [];
      for (const sql of [statements].flat()) last = await tx.getConnection().execute<T[]>(sql, [], 'all', tx.getTransactionContext());
      return last;
    });
  };
  const asOwner = async <T>(statements: string | string[]): Promise<T[]> => {
    const list = [statements].flat();
    if (pglite) {
      // PGlite has one session, which the application ORM switched to the app role: step out of
      // it for this transaction only, then back.
      await pglite.exec('reset role');
      try {
        return await pglite.transaction(async (tx) => {
          let last: T[] = [];
          for (const sql of list) last = (await tx.query<T>(sql)).rows;
          return last;
        });
      } finally {
        await pglite.exec(`set role ${APP_ROLE}`);
      }
    }
    const sql = postgresJs(postgresTarget(app.config.databaseOwnerUrl!), { max: 1 });
    try {
      return await sql.begin(async (tx) => {
        let last: any = [];
        for (const statement of list) last = await tx.unsafe(statement);
        return [...last] as T[];
      }) as T[];
    } finally {
      await sql.end();
    }
  };
  return Object.assign(app, { asAppRole, asOwner });
}

export type Line = { account: string; debit?: string; credit?: string; contact_id?: string | null; tax_type_id?: string | null; tax_base?: string | null };

export async function postEntry(app: TestApp, token: string, lines: Line[], date = '2026-01-15', description = 'Asiento de prueba') {
  return app.post('/api/v1/ledger/entries', { date, description, lines }, token);
}

/** Cents of a decimal string ("12.30" → 1230n), independent of the code under test. */
export const cents = (text: string): bigint => {
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return text.startsWith('-') ? -value : value;
};
export const fromCents = (value: bigint): string => {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};
