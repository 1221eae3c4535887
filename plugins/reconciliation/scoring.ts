import { money } from '../../kernel/money';
import { ruleCategories, type CategoryProposal } from './categories';
import { compactIban, compactReference, counterpartyKey, fold, nameSimilarity, nameTokens, digitKeys, type Party } from './text';

/**
 * The scoring engine: pure functions from unmatched movements, open documents, the contacts'
 * names and what the company taught us, to ranked candidates with reasons. No database here, so
 * the quality benchmark and the board run the very same code.
 *
 * Work is bounded by indexes built once per board: documents by amount (sorted, for exact and
 * near amounts), by contact, by the digits of their numbers; contacts by the words of their names.
 * A movement is scored only against the documents one of those indexes returns, never against all.
 */

export interface MovementFacts {
  id: string;
  date: string;
  /** Signed: positive money in, negative money out. */
  amount: string;
  description: string | null;
  reference: string | null;
  counterparty: string | null;
  counterpartyIban: string | null;
}

export interface DocumentFacts {
  id: string;
  /** receivable: a customer owes us (money comes in); payable: we owe a supplier (money goes out). */
  kind: 'receivable' | 'payable';
  number: string;
  /** The supplier's own number for a purchase, else the number. */
  label: string;
  contactId: string;
  issueDate: string;
  dueDate: string | null;
  /** What is still due, positive for an ordinary document (negative for a refund). */
  outstanding: string;
}

export interface ContactFacts {
  id: string;
  names: string[];
  ibans?: string[];
}

/** What the company's own past matches taught: counterparty text or IBAN → contact, text → account. */
export interface Memory {
  contactByCounterparty: Map<string, string>;
  contactByIban: Map<string, string>;
  accountByCounterparty: Map<string, string>;
}

export const emptyMemory = (): Memory => ({ contactByCounterparty: new Map(), contactByIban: new Map(), accountByCounterparty: new Map() });

export type ReasonKind = 'exact_amount' | 'near_amount' | 'fee_deducted' | 'partial_amount' | 'grouped' | 'name' | 'iban' | 'learned' | 'reference' | 'date';
export interface Reason { kind: ReasonKind; detail: string }

export interface CandidateDocument { id: string; kind: DocumentFacts['kind']; number: string; contactId: string; outstanding: string; amount: string }

export interface Candidate {
  documents: CandidateDocument[];
  /** Money in short of what is due by a fee-like gap: the fee to record with the match (borne by the last document). */
  feeAmount: string | null;
  /** 0–1. */
  score: number;
  reasons: Reason[];
}

export interface MovementSuggestions {
  movementId: string;
  candidates: Candidate[];
  categories: CategoryProposal[];
  /** Two candidates too close to tell apart: nothing is proposed, and nothing is auto-matched. */
  ambiguous: boolean;
  /** The candidate to propose: the best, when it is good enough and not ambiguous. */
  proposal: Candidate | null;
}

export interface ScoringOptions {
  /** Below it a candidate is listed but not proposed. */
  proposeAbove: number;
  /** The best and the second within this margin: ambiguous. */
  ambiguityMargin: number;
  /** Candidates listed per movement. */
  maxCandidates: number;
}

export const DEFAULT_SCORING: ScoringOptions = { proposeAbove: 0.6, ambiguityMargin: 0.06, maxCandidates: 5 };

const WEIGHTS = { amount: 0.40, identity: 0.32, reference: 0.18, date: 0.10 } as const;
const GROUP_PENALTY = 0.03;
const MAX_GROUP = 4;
const MAX_GROUP_POOL = 16;

interface IndexedDocument {
  facts: DocumentFacts;
  /** The movement this document expects, signed, in cents. */
  expected: bigint;
  reference: string;
  altReference: string;
  issueDay: number;
  dueDay: number;
  /** Position in the amount order. */
  rank: number;
}

const dayOf = (date: string): number => Math.floor(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000);
const cents = (text: string): bigint => money(text).units;
const abs = (v: bigint) => (v < 0n ? -v : v);
const euros = (v: bigint): string => {
  const a = abs(v);
  return `${v < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

/** Indexes over one company's open documents and contacts, built once per board. */
export class Matcher {
  private readonly byAmount: IndexedDocument[];
  private readonly byContact = new Map<string, IndexedDocument[]>();
  private readonly byDigits = new Map<string, IndexedDocument[]>();
  private readonly contactWords = new Map<string, string[]>();
  private readonly contactWordSets = new Map<string, Set<string>>();
  private readonly contactsByWord = new Map<string, Set<string>>();
  private readonly sortedWords: string[];
  private readonly contactByIban = new Map<string, string>();
  /** The documents owing each exact amount, by due day: the unnamed ones nearest the movement's day are found without visiting all. */
  private readonly exactByDue = new Map<bigint, IndexedDocument[]>();

  constructor(documents: readonly DocumentFacts[], contacts: readonly ContactFacts[], private readonly memory: Memory = emptyMemory(), private readonly options: ScoringOptions = DEFAULT_SCORING) {
    const indexed = documents.map((facts): IndexedDocument => {
      const due = cents(facts.outstanding);
      return {
        facts, expected: facts.kind === 'receivable' ? due : -due,
        reference: compactReference(facts.number), altReference: compactReference(facts.label),
        issueDay: dayOf(facts.issueDate), dueDay: dayOf(facts.dueDate ?? facts.issueDate), rank: 0,
      };
    });
    // a total order (amount, then issue day, number, id), whatever order the rows were read in: ranks break ties below
    this.byAmount = indexed.filter((d) => d.expected !== 0n).sort((a, b) => (a.expected < b.expected ? -1 : a.expected > b.expected ? 1 : 0)
      || a.issueDay - b.issueDay || compareText(a.facts.number, b.facts.number) || compareText(a.facts.id, b.facts.id));
    this.byAmount.forEach((d, i) => { d.rank = i; });
    for (const d of this.byAmount) {
      push(this.byContact, d.facts.contactId, d);
      for (const key of new Set([...digitKeys(d.facts.number), ...digitKeys(d.facts.label)])) push(this.byDigits, key, d);
    }
    for (const contact of [...contacts].sort((a, b) => compareText(a.id, b.id))) {
      const words = [...new Set(contact.names.flatMap(nameTokens))];
      this.contactWords.set(contact.id, words);
      this.contactWordSets.set(contact.id, new Set(words));
      for (const w of words) {
        let set = this.contactsByWord.get(w);
        if (!set) this.contactsByWord.set(w, (set = new Set()));
        set.add(contact.id);
      }
      for (const iban of contact.ibans ?? []) {
        const key = compactIban(iban);
        if (key) this.contactByIban.set(key, contact.id);
      }
    }
    this.sortedWords = [...this.contactsByWord.keys()].sort();
    for (const d of this.byAmount) push(this.exactByDue, d.expected, d);
    for (const group of this.exactByDue.values()) group.sort((a, b) => a.dueDay - b.dueDay || a.rank - b.rank);
  }

  /**
   * Contacts the movement's text or IBAN points at, with how strongly (0–1) and why. The reasons
   * are written only for the candidates shown (most contacts noted here are never shown).
   */
  private identities(movement: MovementFacts): Map<string, Identity> {
    const out = new Map<string, Identity>();
    const note = (contactId: string, score: number, reason: LazyReason) => {
      const current = out.get(contactId);
      if (!current) out.set(contactId, { score, reasons: [reason] });
      else if (score > current.score) { current.score = score; current.reasons.unshift(reason); } else current.reasons.push(reason);
    };
    const iban = compactIban(movement.counterpartyIban);
    if (iban) {
      const known = this.contactByIban.get(iban) ?? this.memory.contactByIban.get(iban);
      if (known) note(known, 1, () => ({ kind: 'iban', detail: `IBAN ${iban}` }));
    }
    const key = counterpartyKey(movement.counterparty);
    const learned = key ? this.memory.contactByCounterparty.get(key) : undefined;
    if (learned) note(learned, 0.9, () => ({ kind: 'learned', detail: `"${key}" was matched to this contact before` }));
    for (const [source, text, factor] of [['counterparty', movement.counterparty, 1], ['description', movement.description, 0.85]] as const) {
      const printed = nameTokens(text);
      if (!printed.length) continue;
      const weights = printed.map(this.weight);
      for (const contactId of this.contactsSharingWords(printed)) {
        const similarity = nameSimilarity(printed, this.contactWords.get(contactId) ?? [], this.weight, this.partyOf(contactId), weights) * factor;
        if (similarity >= 0.3) note(contactId, similarity, () => ({ kind: 'name', detail: `${source} "${printed.join(' ')}" resembles the contact's name (${similarity.toFixed(2)})` }));
      }
    }
    return out;
  }

  /** A contact's name words as a set and their total weight, computed once per board. */
  private readonly parties = new Map<string, Party>();
  private partyOf(contactId: string): Party {
    let party = this.parties.get(contactId);
    if (!party) {
      const words = this.contactWords.get(contactId) ?? [];
      this.parties.set(contactId, (party = { words: this.contactWordSets.get(contactId) ?? new Set(words), weight: words.reduce((s, p) => s + this.weight(p), 0) }));
    }
    return party;
  }

  /** Rare words identify; words many contacts share do not. */
  private readonly weights = new Map<string, number>();
  private readonly weight = (word: string): number => {
    let w = this.weights.get(word);
    if (w === undefined) this.weights.set(word, (w = Math.log(1 + this.contactWords.size / (this.contactsByWord.get(word)?.size ?? 1))));
    return w;
  };

  /**
   * The contacts sharing the most words with the printed text (all of them, or all but a third).
   * A contact the text names shares its two rarest known words (or, when no contact has both, one
   * of them), so only those contacts are counted.
   */
  private contactsSharingWords(printed: string[]): string[] {
    const last = printed.length - 1;
    const expansions = (word: string, i: number): string[] => {
      const words = this.contactsByWord.has(word) ? [word] : [];
      if (i === last && word.length >= 3) {
        // a word cut short by the bank: every contact word it begins
        for (let j = firstNotBelow(this.sortedWords, (w) => w < word); j < this.sortedWords.length && this.sortedWords[j].startsWith(word); j++) {
          if (this.sortedWords[j] !== word) words.push(this.sortedWords[j]);
        }
      }
      return words;
    };
    const known = printed.map((word, i) => expansions(word, i)).filter((words) => words.length)
      .map((words) => {
        const sets = words.map((w) => this.contactsByWord.get(w)!);
        let size = 0;
        for (const set of sets) size += set.size;
        return { sets, size };
      })
      .sort((a, b) => a.size - b.size);
    if (!known.length) return [];
    const has = (sets: Set<string>[], id: string) => {
      for (const set of sets) if (set.has(id)) return true;
      return false;
    };
    const contactsOf = (sets: Set<string>[]): Iterable<string> => {
      if (sets.length === 1) return sets[0];
      const union = new Set<string>();
      for (const set of sets) for (const id of set) union.add(id);
      return union;
    };
    let candidates: Iterable<string> = contactsOf(known[0].sets);
    if (known.length > 1) {
      const second = known[1].sets;
      const both: string[] = [];
      for (const id of candidates) if (has(second, id)) both.push(id);
      if (both.length) candidates = both;
      else {
        const union = new Set(candidates);
        for (const id of contactsOf(second)) union.add(id);
        candidates = union;
      }
    }
    let most = 0;
    const hits: [string, number][] = [];
    for (const id of candidates) {
      let n = 0;
      for (const k of known) if (has(k.sets, id)) n++;
      hits.push([id, n]);
      if (n > most) most = n;
    }
    const enough = Math.max(1, most - Math.floor(most / 3));
    return hits.filter(([, n]) => n >= enough).map(([id]) => id);
  }

  /** Documents the movement's text names, with 1 for the whole number and 0.6 for its digits only. */
  private referenced(movement: MovementFacts): Map<IndexedDocument, number> {
    const out = new Map<IndexedDocument, number>();
    const text = `${fold(movement.description)} ${fold(movement.reference)}`;
    const compact = text.replace(/ /g, '');
    const keys = new Set((text.match(/\d+/g) ?? []).flatMap((run) => [run, run.replace(/^0+/, '')]).filter((k) => k.length >= 3));
    for (const key of keys) {
      for (const d of this.byDigits.get(key) ?? []) {
        const whole = (d.reference.length >= 4 && compact.includes(d.reference)) || (d.altReference.length >= 4 && compact.includes(d.altReference));
        out.set(d, Math.max(out.get(d) ?? 0, whole ? 1 : 0.6));
      }
    }
    return out;
  }

  /** Ranked candidates and categories for one movement. */
  suggest(movement: MovementFacts): MovementSuggestions {
    const amount = cents(movement.amount);
    const day = dayOf(movement.date);
    const identities = this.identities(movement);
    const references = this.referenced(movement);
    const pool = new Set<IndexedDocument>();
    // Exact and rounded amounts (±1 €), whoever owes them; documents short by a fee come from the
    // contacts the text names clearly, or from the references (a fee alone says too little).
    // Read from the named contacts' and the referenced documents and the exact-amount range, then
    // put in amount order: the same pool, in the same order, as walking the whole ±1 € range.
    const near: IndexedDocument[] = [];
    const low = amount - 100n, high = amount + 100n;
    const within = (d: IndexedDocument) => d.expected >= low && d.expected <= high;
    for (const contactId of identities.keys()) for (const d of this.byContact.get(contactId) ?? []) if (within(d)) near.push(d);
    for (const d of references.keys()) if (within(d)) near.push(d);
    near.push(...this.bestUnnamed(amount, day, identities, references));
    near.sort((a, b) => a.rank - b.rank);
    for (const d of near) pool.add(d);
    for (const contactId of strongIdentities(identities)) for (const d of this.byContact.get(contactId) ?? []) pool.add(d);
    for (const d of references.keys()) pool.add(d);

    const usable = [...pool].filter((d) => d.issueDay <= day && sameDirection(d.expected, amount));
    const scored: Scored[] = [];
    for (const d of usable) {
      const c = this.scoreGroup([d], amount, day, identities, references);
      if (c) scored.push(c);
    }
    scored.push(...this.groups(usable, amount, day, identities, references));
    scored.sort((a, b) => b.score - a.score || a.ranks.length - b.ranks.length || compareRanks(a.ranks, b.ranks));
    const top = scored.slice(0, this.options.maxCandidates).map((c) => c.explain());
    const best = top[0];
    const second = top.find((c) => c !== best && !sameDocuments(c, best));
    const ambiguous = Boolean(best && second && best.score >= this.options.proposeAbove && best.score - second.score < this.options.ambiguityMargin);
    const proposal = best && !ambiguous && best.score >= this.options.proposeAbove ? best : null;
    return { movementId: movement.id, candidates: top, categories: this.categories(movement, amount), ambiguous, proposal };
  }

  /**
   * Documents owing exactly the amount, of contacts the text does not name and not referenced:
   * they score by their date alone, hundreds may owe a common price, and only the best few
   * (earliest first among equals) can rank among the candidates shown; the others never would.
   */
  private bestUnnamed(amount: bigint, day: number, identities: Map<string, unknown>, references: Map<IndexedDocument, number>): IndexedDocument[] {
    const group = this.exactByDue.get(amount);
    if (!group) return [];
    // Visited from the movement's day outwards, so by falling score; the equals of the last kept
    // are visited too, and the earliest in amount order win among equals.
    const max = this.options.maxCandidates;
    const found: { d: IndexedDocument; score: number }[] = [];
    let right = firstNotBelow(group, (d) => d.dueDay < day), left = right - 1;
    while (left >= 0 || right < group.length) {
      const fromLeft = left >= 0 && (right >= group.length || day - group[left].dueDay <= group[right].dueDay - day);
      const d = fromLeft ? group[left--] : group[right++];
      const score = EXACT_BY_DATE[Math.min(Math.abs(day - d.dueDay), 120)];
      if (found.length >= max && score < found[found.length - 1].score) break;
      if (d.issueDay > day || identities.has(d.facts.contactId) || references.has(d)) continue;
      found.push({ d, score });
    }
    found.sort((a, b) => b.score - a.score || a.d.rank - b.d.rank);
    return found.slice(0, max).map((k) => k.d);
  }

  private categories(movement: MovementFacts, amount: bigint): CategoryProposal[] {
    const text = [movement.counterparty, movement.description, movement.reference].filter(Boolean).join(' ');
    const proposals = ruleCategories(text, amount >= 0n);
    const key = counterpartyKey(movement.counterparty) ?? counterpartyKey(movement.description);
    const learned = key ? this.memory.accountByCounterparty.get(key) : undefined;
    if (learned) {
      const rest = proposals.filter((p) => p.account !== learned);
      const rule = proposals.find((p) => p.account === learned);
      return [{ account: learned, name: rule?.name ?? '', score: 0.9, reasons: [{ kind: 'learned', detail: `"${key}" was categorised to ${learned} before` }, ...(rule?.reasons ?? [])] }, ...rest];
    }
    return proposals;
  }

  /** Several documents of one contact whose sum is what the movement carries (exactly, rounded, or less fees). */
  private groups(usable: IndexedDocument[], amount: bigint, day: number, identities: Map<string, Identity>, references: Map<IndexedDocument, number>): Scored[] {
    const out: Scored[] = [];
    const byContact = new Map<string, IndexedDocument[]>();
    const strong = new Set(strongIdentities(identities));
    for (const d of usable) if (strong.has(d.facts.contactId) || references.has(d)) push(byContact, d.facts.contactId, d);
    const magnitude = abs(amount);
    const slack = magnitude * 35n / 1000n > 1500n ? magnitude * 35n / 1000n : 1500n;
    for (const docs of byContact.values()) {
      if (docs.length < 2) continue;
      const pool = docs.sort((a, b) => a.dueDay - b.dueDay || a.rank - b.rank).slice(0, MAX_GROUP_POOL)
        .sort((a, b) => (abs(a.expected) < abs(b.expected) ? -1 : abs(a.expected) > abs(b.expected) ? 1 : a.rank - b.rank));
      const chosen: IndexedDocument[] = [];
      const visit = (start: number, sum: bigint) => {
        if (chosen.length >= 2 && sum >= magnitude - 100n && sum <= magnitude + slack) {
          const c = this.scoreGroup([...chosen], amount, day, identities, references);
          if (c) out.push(c);
        }
        if (chosen.length === MAX_GROUP) return;
        for (let i = start; i < pool.length; i++) {
          const next = sum + abs(pool[i].expected);
          if (next > magnitude + slack) break;
          chosen.push(pool[i]);
          visit(i + 1, next);
          chosen.pop();
        }
      };
      visit(0, 0n);
    }
    return out;
  }

  /**
   * The score of paying `docs` with the movement. Reasons and the documents' shares are written
   * only for the candidates a board shows (`explain`), not for every candidate scored.
   */
  private scoreGroup(docs: IndexedDocument[], amount: bigint, day: number, identities: Map<string, Identity>, references: Map<IndexedDocument, number>): Scored | null {
    const magnitude = abs(amount);
    let due = 0n;
    for (const d of docs) due += abs(d.expected);
    const diff = due - magnitude;
    let amountScore: number;
    if (diff === 0n) amountScore = 1;
    else if (abs(diff) <= 100n) amountScore = 0.85;
    else if (diff > 0n && (diff <= 1500n || diff * 1000n <= due * 35n)) amountScore = 0.7;
    else if (diff > 0n && docs.length === 1) amountScore = 0.2;
    else return null;
    let sameContact = true;
    for (const d of docs) if (d.facts.contactId !== docs[0].facts.contactId) sameContact = false;
    const identity = sameContact ? identities.get(docs[0].facts.contactId) : undefined;
    let referenceSum = 0, dateSum = 0, farthest = 0;
    for (const d of docs) {
      referenceSum += references.get(d) ?? 0;
      const gap = Math.abs(day - d.dueDay);
      farthest = Math.max(farthest, gap);
      dateSum += dateScore(gap);
    }
    const raw = WEIGHTS.amount * amountScore + WEIGHTS.identity * (identity?.score ?? 0) + WEIGHTS.reference * (referenceSum / docs.length) + WEIGHTS.date * (dateSum / docs.length);
    const score = roundScore(raw - GROUP_PENALTY * (docs.length - 1));
    const explain = (): Candidate => {
      const reasons: Reason[] = [];
      if (diff === 0n) reasons.push({ kind: 'exact_amount', detail: `${euros(due)} due, ${euros(magnitude)} moved` });
      else if (abs(diff) <= 100n) reasons.push({ kind: 'near_amount', detail: `${euros(due)} due, ${euros(magnitude)} moved (${euros(diff)} apart)` });
      else if (amountScore === 0.7) reasons.push({ kind: 'fee_deducted', detail: `${euros(diff)} short of ${euros(due)}: a fee deducted?` });
      else reasons.push({ kind: 'partial_amount', detail: `pays ${euros(magnitude)} of ${euros(due)} due` });
      if (docs.length > 1) reasons.push({ kind: 'grouped', detail: `${docs.length} documents in one movement` });
      if (identity) for (const reason of identity.reasons.slice(0, 2)) reasons.push(reason());
      for (const d of docs) {
        const strength = references.get(d);
        if (strength) reasons.push({ kind: 'reference', detail: `${strength === 1 ? 'number' : 'digits of'} ${d.facts.number} in the text` });
      }
      reasons.push({ kind: 'date', detail: `${farthest} days from the due date` });
      let left = magnitude;
      const documents = docs.map((d, i) => {
        const owed = abs(d.expected);
        const share = i === docs.length - 1 ? left : (owed < left ? owed : left);
        left -= share;
        return { id: d.facts.id, kind: d.facts.kind, number: d.facts.number, contactId: d.facts.contactId, outstanding: d.facts.outstanding, amount: euros(share < owed ? share : owed) };
      });
      return { documents, feeAmount: amountScore === 0.7 && amount > 0n ? euros(diff) : null, score, reasons };
    };
    return { score, ranks: docs.map((d) => d.rank), explain };
  }
}

/** 1 within 7 days of the due date, falling to 0 at 120 days. */
const dateScore = (gap: number) => (gap <= 7 ? 1 : Math.max(0, 1 - (gap - 7) / 113));
const roundScore = (raw: number) => Math.round(Math.max(0, Math.min(1, raw)) * 1000) / 1000;
/** The score of an exact amount from an unnamed contact, by days from the due date (0 from 120 on). */
const EXACT_BY_DATE = Array.from({ length: 121 }, (_, gap) => roundScore(WEIGHTS.amount + WEIGHTS.date * dateScore(gap)));

/** Why a contact is named, written only when shown. */
type LazyReason = () => Reason;
interface Identity { score: number; reasons: LazyReason[] }

/** A candidate scored, its reasons not yet written; `ranks`: its documents' places in the amount order, one each. */
interface Scored { score: number; ranks: number[]; explain: () => Candidate }

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Candidates of equal score and size in a fixed order: by their documents' places in the amount order. */
function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** The contacts whose every open document is worth scoring: named clearly, and nearly as well as the best. */
function strongIdentities(identities: Map<string, { score: number }>): string[] {
  let best = 0;
  for (const { score } of identities.values()) best = Math.max(best, score);
  return [...identities].filter(([, { score }]) => score >= 0.7 && score >= best - 0.15).map(([id]) => id);
}

const sameDirection = (expected: bigint, amount: bigint) => (expected > 0n) === (amount > 0n);
const sameDocuments = (a: Candidate, b: Candidate) => a.documents.length === b.documents.length && a.documents.every((d, i) => d.id === b.documents[i].id);

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The index of the first item of `sorted` that `below` is false for (every item before it is below). */
function firstNotBelow<T>(sorted: readonly T[], below: (item: T) => boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (below(sorted[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
