import { outboxEventSql } from '../../kernel/outbox';
import type { DocumentIssueStep } from './issue-steps';
import { registerInsertSql } from './tax-register';

/**
 * The issue steps the documents plugin owns: the tax register rows (its table) and the document's
 * after-commit event, whose part the kernel's outbox builds.
 */
export const registerStep: DocumentIssueStep = {
  name: 'register',
  plan: (facts) => (facts.register.length ? { after: `register as (${registerInsertSql('numbered')})`, params: { register: JSON.stringify(facts.register) } } : null),
};

/** The event carries the number the statement took; its answer says whether it was queued (the outbox is woken only then). */
export const eventStep: DocumentIssueStep = {
  name: 'event',
  plan: ({ event }) => ({
    after: `event as (${outboxEventSql(event.name, `:eventPayload::jsonb || jsonb_build_object('number', numbered.number)`, `issued, numbered where :eventPublish and ${event.audience}`)})`,
    answer: `(:eventPublish and ${event.audience} and exists (select from issued))`,
    params: { eventPayload: JSON.stringify(event.payload), eventPublish: event.publish },
  }),
};
