import type { Tx } from '../../kernel/uow';

/**
 * One table a plugin puts in the company's archive. Rows travel as PostgreSQL writes them
 * (`row_to_json`: numbers exact, dates and timestamps in ISO form) and come back through
 * `jsonb_populate_recordset`, so a plugin only says what differs from "copy the row, with the new
 * company's id in tenant_id".
 */
export interface ArchiveTable {
  table: string;
  /**
   * The order rows are written and inserted in (default: the primary key). Needed where a row
   * refers to another of the same table (a rectifying invoice to the one it rectifies).
   */
  orderBy?: string;
  /** Tables whose rows must be in before this one's (beyond its foreign keys): a period lock after the entries it locks. */
  after?: readonly string[];
  /** Columns left to their default on import (a transaction id, say); generated and identity columns always are. */
  fresh?: readonly string[];
  /** Columns naming a user: people do not travel with a company (they sign in where it lands), so they come back empty. */
  people?: readonly string[];
  /** Columns holding keys of the kernel's file store: those files travel in the archive, byte for byte. */
  files?: readonly string[];
  /**
   * Columns inserted with a stand-in SQL value and set to the archived ones, in one update, once
   * every table is in: a document stored as a draft (no number) until its lines are, because an
   * issued document's lines are immutable. The table's key must be (tenant_id, id); the values go
   * through JavaScript's JSON, so never amounts (a status, a number, a year).
   */
  restoreAfter?: Readonly<Record<string, string>>;
  /** The column holding the company's id, when it is not `tenant_id` (the tenants table's `id`). */
  tenantColumn?: string;
}

/**
 * What a plugin contributes to the `company-archive` extension point: its own tables, and nothing
 * else's. The point is declared here, by the plugin every other one depends on, so that a plugin
 * can describe its tables whether or not the company-archive plugin (which reads them and serves
 * the archive) is installed.
 */
export interface ArchivePart {
  /** Names the part in the archive's manifest (usually the plugin's name). */
  part: string;
  /** The part's format: raised when its tables change in a way an older importer could not read. */
  version: number;
  tables: readonly ArchiveTable[];
  /** Tables the plugin owns that stay behind, each with why (credentials, caches rebuilt by triggers, work queues). */
  notArchived?: readonly { table: string; reason: string }[];
  /** Runs at the end of an import, in its transaction, once every row is in (the importing user becomes the owner). */
  restored?: (tx: Tx, restore: { userId: string }) => Promise<void>;
}

declare module '../../kernel/extensions' {
  interface ExtensionPoints { 'company-archive': ArchivePart }
}

