import { rowBoolean } from '../../kernel/rows';
import { planIssueSteps, type IssueFacts, type PlannedStep } from './issue-steps';

/**
 * The issue statement every kind runs: the steps' checks, the kind's lock of its document (waiting
 * for every step's gate), the numbering, the kind's `issued` write, then every step's writes, in
 * ONE statement. Every write hangs off the previous one, so when a check fails nothing is written
 * and the one row answered tells which check failed.
 */

export interface IssuePlan {
  facts: IssueFacts;
  steps: PlannedStep[];
  /** Every step's parameters, and `entryId` (the journal entry the document names, or null). */
  params: Record<string, unknown>;
  journalEntryId: string | null;
}

export function planIssue(facts: IssueFacts): IssuePlan {
  const steps = planIssueSteps(facts);
  const journalEntryId = steps.find((s) => s.part.journalEntryId)?.part.journalEntryId ?? null;
  return { facts, steps, journalEntryId, params: { ...Object.assign({}, ...steps.map((s) => s.part.params)), entryId: journalEntryId } };
}

/** What the kind writes around the steps. */
export interface KindStatement {
  /** The CTE `draft`: the document locked (or a row standing for the new one) when `gate` holds. */
  lock(gate: string): string;
  /** The numbering CTEs over `draft`, ending with `numbered (seq, number)`. */
  numbering: string;
  /** The kind's CTE `issued` (and any before it): the document marked issued, or inserted, from `numbered`. */
  issued: string;
  /** The kind's columns of the answer (over `numbered n`). */
  answer: string;
}

export function issueStatementSql(plan: IssuePlan, kind: KindStatement): string {
  const parts = plan.steps.map((s) => s.part);
  const gates = parts.filter((p) => p.gate).map((p) => p.gate!);
  const gate = gates.length ? gates.join(' and ') : 'true';
  const before = parts.filter((p) => p.before).map((p) => `${p.before},`).join('\n    ');
  const after = parts.filter((p) => p.after).map((p) => `, ${p.after}`).join('');
  const answers = plan.steps.filter((s) => s.part.answer).map((s) => `, (select ${s.part.answer} from numbered) as step_${s.name}`).join('');
  return `with ${before}
    ${kind.lock(gate)}, ${kind.numbering}, ${kind.issued}${after}
    select (${gate}) as gates_ok, exists (select 1 from draft) as locked, ${kind.answer}${answers}
    from (select 1) as one left join numbered n on true`;
}

export interface IssueAnswer { gates_ok: boolean | string; locked: boolean | string; [column: string]: unknown }

/** False when a step's gate did not hold: nothing was written, issue through a unit of work (after `prepare`). */
export const gatesHeld = (row: IssueAnswer) => rowBoolean(row.gates_ok);
export const lockHeld = (row: IssueAnswer) => rowBoolean(row.locked);

/** What each step answered, by step name. */
export const stepResults = (plan: IssuePlan, row: IssueAnswer): Record<string, unknown> =>
  Object.fromEntries(plan.steps.filter((s) => s.part.answer).map((s) => [s.name, row[`step_${s.name}`]]));

/** Inside a unit of work: every step made ready for its gate. */
export async function prepareSteps(tx: Parameters<NonNullable<PlannedStep['part']['prepare']>>[0], plan: IssuePlan): Promise<void> {
  for (const step of plan.steps) await step.part.prepare?.(tx);
}
