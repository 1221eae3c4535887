import { Conflict, ValidationFailed } from '../../kernel/errors';
import { rowBoolean } from '../../kernel/rows';
import type { Tx, UnitOfWork } from '../../kernel/uow';
import type { Loc } from './document';
import { planIssueSteps, type IssueFacts, type PlannedStep } from './issue-steps';
import type { DocumentTables } from './kinds';
import { monotonicNumberCtes, numberCtes } from './numbering';

/**
 * The issue statement every kind runs: the steps' checks, the document locked (waiting for every
 * step's gate), numbered by the kind's policy, the kind's `issued` write, then every step's writes,
 * in ONE statement. Every write hangs off the previous one, so when a check fails nothing is
 * written and the one row answered tells which check failed.
 */

export interface IssuePlan {
  facts: IssueFacts;
  steps: PlannedStep[];
  /**
   * The statement's parameters: every step's, `:id`, `:series`, `:year`, `:date` (the document's),
   * `:seen` (null: the draft may have changed since read), `:entryId` (the journal entry the
   * ledger's step posts, or null). The kind adds the ones its `issued` CTE uses.
   */
  params: Record<string, unknown>;
  journalEntryId: string | null;
  year: number;
}

export function planIssue(facts: IssueFacts): IssuePlan {
  const steps = planIssueSteps(facts);
  const journalEntryId = steps.find((s) => s.part.journalEntryId)?.part.journalEntryId ?? null;
  const { record } = facts;
  const year = Number(record.issueDate.slice(0, 4));
  return {
    facts, steps, journalEntryId, year,
    params: {
      ...Object.assign({}, ...steps.map((s) => s.part.params)), entryId: journalEntryId, id: record.id, series: record.series, year, date: record.issueDate, seen: null,
    },
  };
}

/** What the kind writes around the steps. */
export interface KindStatement {
  kind: DocumentTables;
  /** `draft`: the stored draft is locked (still a draft, and unchanged since `:seen` when given); `new`: `issued` inserts the document. */
  source: 'draft' | 'new';
  /** `monotonic`: issue dates never go backwards within a series (sales invoices); `any-date`: numbered as registered. */
  numbering: 'monotonic' | 'any-date';
  /** The kind's CTE `issued` (and any before it): the document marked issued, or inserted, from `numbered n`. */
  issued: string;
  /** The kind's columns of the answer (over `numbered n` and `issued`). */
  answer: string;
  /** The refusal when the draft is gone, issued or changed meanwhile. */
  conflict: string;
  /** Where a date the numbering refuses is reported. */
  dateLoc: Loc;
}

function statementSql(plan: IssuePlan, kind: KindStatement): string {
  const parts = plan.steps.map((s) => s.part);
  const gates = parts.filter((p) => p.gate).map((p) => p.gate!);
  const gate = gates.length ? gates.join(' and ') : 'true';
  const before = parts.filter((p) => p.before).map((p) => `${p.before},`).join('\n    ');
  const after = parts.filter((p) => p.after).map((p) => `, ${p.after}`).join('');
  const answers = plan.steps.filter((s) => s.part.answer).map((s) => `, (select ${s.part.answer} from numbered) as step_${s.name}`).join('');
  const { table } = kind.kind;
  const seriesTable = kind.kind.seriesTable as `${string}_series`;
  const lock = kind.source === 'draft'
    ? `draft as (
      select d.id from ${table} d
      where d.tenant_id = :tenant and d.id = :id::uuid and d.status = 'draft' and (:seen::timestamptz is null or d.updated_at = :seen::timestamptz) and ${gate}
      for update of d
    )`
    : `draft as (select 1 where ${gate})`;
  const monotonic = kind.numbering === 'monotonic';
  const numbering = monotonic ? monotonicNumberCtes(seriesTable, 'draft') : numberCtes(seriesTable, 'draft');
  const refusal = monotonic
    ? `, (select y from later) as later_year, (select last_issue_date::text from ${seriesTable} where tenant_id = :tenant and series = :series and year = :year) as last_issue_date`
    : '';
  return `with ${before}
    ${lock}, ${numbering}, ${kind.issued}${after}
    select (${gate}) as gates_ok, exists (select 1 from draft) as locked, n.seq, n.number${refusal}, ${kind.answer}${answers}
    from (select 1) as one left join numbered n on true`;
}

export interface IssueAnswer { seq: number | string; number: string; [column: string]: unknown }

/** The answer of an issue that took its number; null when a step's gate did not hold (nothing written); the refusal otherwise. */
function checkedAnswer(plan: IssuePlan, kind: KindStatement, row: Record<string, unknown>): IssueAnswer | null {
  if (!rowBoolean(row.gates_ok)) return null;
  if (!rowBoolean(row.locked)) throw new Conflict(kind.conflict);
  const { series } = plan.facts.record;
  const noun = kind.kind.noun.toLowerCase();
  const a = /^[aeiou]/.test(noun) ? 'an' : 'a';
  if (row.later_year != null) {
    throw ValidationFailed.field(kind.dateLoc, `Series ${series} already has ${noun}s of ${row.later_year}: ${a} ${noun} of ${plan.year} cannot be issued after them (issue dates never go backwards within a series)`, 'value_error.issue_date_backwards');
  }
  if (row.seq == null) {
    throw ValidationFailed.field(kind.dateLoc, `Series ${series} already has ${a} ${noun} dated ${row.last_issue_date}: the issue date cannot go backwards within a series`, 'value_error.issue_date_backwards');
  }
  return row as IssueAnswer;
}

/** Issues in the caller's unit of work (the document locked or inserted in it): every step made ready for its gate, then the statement. */
export async function issueInTransaction(tx: Tx, plan: IssuePlan, kind: KindStatement): Promise<IssueAnswer> {
  for (const step of plan.steps) await step.part.prepare?.(tx);
  const [row] = await tx.sql<Record<string, unknown>>(statementSql(plan, kind), plan.params);
  const answer = checkedAnswer(plan, kind, row);
  if (!answer) throw new Error('Issuing refused what its steps prepared');
  return answer;
}

/**
 * Issues as a transaction of its own (`uow.write`), no transaction held open while JavaScript runs;
 * null when a step's gate did not hold: nothing was written, issue in a unit of work instead.
 */
export async function issueInOneWrite(uow: UnitOfWork, plan: IssuePlan, kind: KindStatement): Promise<IssueAnswer | null> {
  // the outbox is woken only when the event step queued an event (someone takes it for this tenant)
  const publishes = plan.facts.event.publish && ((rows: Record<string, unknown>[]) => rowBoolean(rows[0]?.step_event));
  const [row] = await uow.write<Record<string, unknown>>(statementSql(plan, kind), plan.params, { publishes });
  return checkedAnswer(plan, kind, row);
}

/** What each step answered, by step name. */
export const stepResults = (plan: IssuePlan, row: IssueAnswer): Record<string, unknown> =>
  Object.fromEntries(plan.steps.filter((s) => s.part.answer).map((s) => [s.name, row[`step_${s.name}`]]));
