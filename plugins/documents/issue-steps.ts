import type { EventName } from '../../kernel/hooks';
import type { Tx } from '../../kernel/uow';
import type { JournalDraft } from '../ledger/api';
import type { Party } from './document';
import type { DocumentTables } from './kinds';
import type { DocumentRecordCommon, LineRecordCommon } from './rows';
import type { registerRows } from './tax-register';
import type { TaxTypeInfo } from './tax-types';

/**
 * Issuing a document is a pipeline of issue steps, contributed to the `document-issue-steps`
 * extension point by the plugin that owns the tables each step writes: the posting (ledger), the
 * tax register and the outbox event (documents), the VERI*FACTU record (verifactu). The documents
 * plugin numbers the document and composes the steps into ONE statement (./issue-statement.ts):
 * each step answers a statement part that its owner builds, so issuing stays one round trip and no
 * plugin writes another's tables.
 */

/** What every step is told about the document being issued, before its number exists. */
export interface IssueFacts {
  kind: DocumentTables;
  /** The document as it will be issued (the kind's record: steps that serve one kind may read its own fields). */
  record: DocumentRecordCommon & { lines: readonly LineRecordCommon[] };
  types: ReadonlyMap<string, TaxTypeInfo>;
  /** The customer or supplier as printed on the document. */
  counterparty: Party;
  /** The company as printed on the document. */
  issuer: Party;
  /** A sales invoice registered as simplified (F2). */
  simplified: boolean;
  /** A rectification of a document registered as simplified (R5 in the register and VERI*FACTU); absent when not told. */
  rectifiesSimplified?: boolean;
  /**
   * The kind's posting rule's entry, or null when the document posts nothing. Its description
   * carries `numberMark` where the number goes: the statement writes the number there.
   */
  posting: { draft: JournalDraft; numberMark: string } | null;
  /** The kind's tax register rows (number still null). */
  register: ReturnType<typeof registerRows>;
  /**
   * The after-commit event queued by the statement: `payload` gets the number merged in. `publish`
   * false: the caller publishes it itself (in a unit of work); `audience`: an SQL condition, someone takes it.
   */
  event: { name: EventName; payload: unknown; publish: boolean; audience: string };
}

/**
 * A step's share of the issue statement. Names of its CTEs and parameters start with the step's
 * name (the ledger's `ledger_…`, `:ledger…`); `:tenant` is the statement's tenant.
 */
export interface IssuePart {
  /** CTEs before the document is locked: reads and checks only. */
  before?: string;
  /**
   * A condition the document's lock waits for. When false the statement writes nothing and the
   * issue goes through a unit of work instead, where `prepare` has run first.
   */
  gate?: string;
  /** CTEs after the document is numbered and marked issued: `numbered (seq, number)` and `issued` exist; write only from them. */
  after?: string;
  /** An SQL expression evaluated once from `numbered`: handed back as the step's result (`results[name]`). */
  answer?: string;
  params: Record<string, unknown>;
  /** The journal entry the document will name (the ledger's step). */
  journalEntryId?: string;
  /** Inside a unit of work, before the statement: make the part's gate hold (the ledger creates missing sub-accounts). */
  prepare?(tx: Tx): Promise<void>;
}

export interface DocumentIssueStep {
  /** `[a-z][a-z0-9_]*` */
  name: string;
  /** The document kinds (`invoice`, `purchase`) it applies to; every kind when omitted. */
  kinds?: readonly string[];
  /** Runs before any lock is taken (a throw refuses the issue); null: nothing to do for this document. */
  plan(facts: IssueFacts): IssuePart | null;
}

declare module '../../kernel/extensions' {
  interface ExtensionPoints { 'document-issue-steps': DocumentIssueStep }
}

/**
 * The steps installed at start-up, in plugin load order. Issuing runs where no kernel is at hand,
 * so the last app started in this process decides (one app per process in service; tests start
 * one at a time).
 */
let installed: readonly DocumentIssueStep[] = [];

export function installIssueSteps(steps: readonly DocumentIssueStep[]): void {
  for (const step of steps) if (!/^[a-z][a-z0-9_]*$/.test(step.name)) throw new Error(`document-issue-steps: bad step name "${step.name}"`);
  installed = steps;
}

export interface PlannedStep { name: string; part: IssuePart }

/** Every installed step's part for this document, in order. */
export function planIssueSteps(facts: IssueFacts): PlannedStep[] {
  const planned: PlannedStep[] = [];
  for (const step of installed) {
    if (step.kinds && !step.kinds.includes(facts.kind.name)) continue;
    const part = step.plan(facts);
    if (part) planned.push({ name: step.name, part });
  }
  return planned;
}

/** The posting rule runs before the number exists: the entry's description carries a mark of the number's usual length (series-YYYY-NNNNNN). */
export const numberMark = (series: string) => '#'.repeat(series.length + 12);
