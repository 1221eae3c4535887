import type { Matcher, Memory } from './scoring';

/** What a board's Matcher is built from, as read in the request. */
export interface MatcherInput {
  items: readonly { kind: string; id: string; number: string; label: string | null; contact_id: string; issue_date: string; due_date: string | null; outstanding: string }[];
  contacts: readonly { id: string; name: string; legal_name: string | null; iban: string | null }[];
  memory: Memory;
}

/** Companies whose last Matcher is kept (each holds the indexes of its open documents and contacts). */
const COMPANIES = 8;

/**
 * The last Matcher of each of the most recently served companies, kept while what it was built
 * from is unchanged: the key is the SHA-256 of every input row (open items with what they owe,
 * contacts' names and IBANs, what the company taught), read in the request's own transaction.
 * So any change, made by this process or another, a settlement, a new invoice, a renamed contact,
 * a lesson learnt, is a new key and a new Matcher; there is no event to miss. The rows are still
 * read each time; what is saved is building the indexes (tokenising every contact's names,
 * sorting every document by amount), which on 20,000 documents cost about as much as reading them.
 * Matchers are immutable once built (their lazy caches are pure functions of the inputs), so
 * pages and concurrent requests share one.
 */
export class MatcherCache {
  private readonly entries = new Map<string, { key: string; matcher: Matcher }>();

  get(tenantId: string, input: MatcherInput, build: () => Matcher): Matcher {
    const key = digest(input);
    const hit = this.entries.get(tenantId);
    this.entries.delete(tenantId);
    const matcher = hit?.key === key ? hit.matcher : build();
    this.entries.set(tenantId, { key, matcher });
    if (this.entries.size > COMPANIES) this.entries.delete(this.entries.keys().next().value!);
    return matcher;
  }
}

function digest({ items, contacts, memory }: MatcherInput): string {
  const parts: string[] = [];
  for (const i of items) parts.push(`${i.kind}\u001f${i.id}\u001f${i.number}\u001f${i.label}\u001f${i.contact_id}\u001f${i.issue_date}\u001f${i.due_date}\u001f${i.outstanding}`);
  parts.push('');
  for (const c of contacts) parts.push(`${c.id}\u001f${c.name}\u001f${c.legal_name}\u001f${c.iban}`);
  for (const [name, map] of [['counterparty', memory.contactByCounterparty], ['iban', memory.contactByIban], ['account', memory.accountByCounterparty]] as const) {
    parts.push(`\u001e${name}`);
    for (const [key, value] of map) parts.push(`${key}\u001f${value}`);
  }
  return Bun.SHA256.hash(parts.join('\n'), 'hex') as string;
}
