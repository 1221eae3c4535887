import { Conflict, NotFound, ValidationFailed } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { Decimal, money } from '../../kernel/money';
import { pgArray } from '../../kernel/sql-params';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import { ExchangeRates } from '../exchange-rates/api';
import { LedgerService, todayInSpain } from '../ledger/api';
import type { BankMovement } from '../treasury/api';
import type { MatchMethod, ReconciliationMatchedPayload } from './api';
import { CATEGORY_ACCOUNTS } from './categories';
import { CompanyMemory } from './memory';
import { BOOK_CURRENCY, type OpenItemView } from '../documents/api';
import { MatcherCache } from './matcher-cache';
import { Matcher, type DocumentFacts, type MovementFacts, type MovementSuggestions } from './scoring';

/** A match as stored and answered. */
export interface MatchRow {
  id: string;
  movement_id: string;
  treasury_id: string;
  target: 'documents' | 'category';
  method: MatchMethod;
  date: string;
  amount: string;
  document_ids: string[];
  settlement_ids: string[];
  account: string | null;
  journal_entry_id: string;
  fee_amount: string | null;
  fee_entry_id: string | null;
  score: string | null;
  created_at: string;
  undone_at: string | null;
  undo_entry_id: string | null;
}

const MATCH_COLUMNS = `id::text as id, movement_id::text as movement_id, treasury_id::text as treasury_id, target, method, date::text as date,
  amount::text as amount, array_to_string(document_ids, ',') as document_ids, array_to_string(settlement_ids, ',') as settlement_ids, account,
  journal_entry_id::text as journal_entry_id, fee_amount::text as fee_amount, fee_entry_id::text as fee_entry_id, score::text as score, created_at, undone_at, undo_entry_id::text as undo_entry_id`;

const iso = (value: unknown) => (value == null ? null : (value instanceof Date ? value : new Date(String(value))).toISOString());
const matchOf = (row: any): MatchRow => ({
  ...row,
  document_ids: row.document_ids ? String(row.document_ids).split(',') : [],
  settlement_ids: row.settlement_ids ? String(row.settlement_ids).split(',') : [],
  created_at: iso(row.created_at)!, undone_at: iso(row.undone_at),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Settings { auto_match: boolean; auto_match_threshold: string }

/** 626 Servicios bancarios y similares: where a fee kept from a payment goes. */
const BANK_FEES_ACCOUNT = '626';

/** What is left of a movement once `used` of it is matched. */
const leftOf = (movement: BankMovement, used: Decimal): Decimal => {
  const whole = money(movement.amount);
  return (whole.isNegative() ? whole.negate() : whole).sub(used);
};

const sideOf = (item: OpenItemView): DocumentFacts['kind'] => item.kind;

const movementFacts = (m: BankMovement, remaining: Decimal): MovementFacts => ({
  id: m.id, date: m.date, amount: (money(m.amount).isNegative() ? remaining.negate() : remaining).toString(),
  description: m.description, reference: m.reference, counterparty: m.counterparty, counterpartyIban: m.counterparty_iban,
});

export interface BoardItem { movement: BankMovement; remaining: string; suggestions: MovementSuggestions }

/**
 * Reconciliation: matching bank movements with the documents they pay, or with the account they
 * belong to. Every movement already sits on its treasury's 555x (the treasury posted it); a match
 * settles the documents through the documents plugin against that 555x, a categorisation moves
 * the amount from 555x to the account through the ledger. Either is undone by a reversal.
 */
export function reconciliationService(kernel: Kernel) {
  const treasury = () => kernel.service('treasury');
  const documents = () => kernel.service('documents');
  const matchers = new MatcherCache();

  async function movementOr404(tx: Tx, id: string, lock = false): Promise<BankMovement> {
    if (!UUID.test(id)) throw new NotFound('Bank movement not found');
    // Two matches of one movement wait for each other, so together they never exceed its amount.
    if (lock) await tx.sql(`select pg_advisory_xact_lock(hashtext(:tenant::text || :key))`, { key: `:reconciliation:${id}` });
    const movement = await treasury().getMovement(tx, id);
    if (!movement) throw new NotFound('Bank movement not found');
    return movement;
  }

  /** What of each movement is not matched yet (its absolute amount less its live matches). */
  async function remainingOf(tx: Tx, movements: BankMovement[]): Promise<Map<string, Decimal>> {
    const used = new Map<string, Decimal>();
    if (movements.length) {
      const rows = await tx.sql<{ movement_id: string; used: string }>(`select movement_id::text as movement_id, sum(amount)::text as used
        from reconciliation_matches where tenant_id = :tenant and undone_at is null and movement_id = any(:ids::uuid[]) group by movement_id`, { ids: pgArray(movements.map((m) => m.id)) });
      for (const r of rows) used.set(r.movement_id, money(r.used));
    }
    return new Map(movements.map((m) => [m.id, leftOf(m, used.get(m.id) ?? Decimal.zero(2))]));
  }

  /** The currency of each treasury the movements belong to (a movement is in its treasury's currency). */
  async function currencies(tx: Tx, movements: readonly BankMovement[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const id of new Set(movements.map((m) => m.treasury_id))) out.set(id, (await treasury().findTreasury(tx, id))?.currency ?? BOOK_CURRENCY);
    return out;
  }

  /**
   * What an amount of a movement (in its treasury's currency) is in the books: itself for a euro
   * treasury, else euros at the movement day's rate, as the treasury posted the movement. A fee or
   * a category leaves the 555x in euros.
   */
  async function inEuros(tx: Tx, movement: BankMovement, amount: Decimal): Promise<Decimal> {
    const currency = (await treasury().findTreasury(tx, movement.treasury_id))?.currency ?? BOOK_CURRENCY;
    return currency === BOOK_CURRENCY ? amount : ExchangeRates.toEuros(tx, amount, currency, movement.date);
  }

  /** A Matcher for each currency the movements are in, each over the open documents in that currency only. */
  async function matchersFor(tx: Tx, movements: readonly BankMovement[]): Promise<(movement: BankMovement) => Matcher> {
    const byTreasury = await currencies(tx, movements);
    const built = new Map<string, Matcher>();
    for (const currency of new Set(byTreasury.values())) built.set(currency, await service.matcher(tx, currency));
    return (movement) => built.get(byTreasury.get(movement.treasury_id)!)!;
  }

  async function record(tx: Tx, movement: BankMovement, fields: { target: 'documents' | 'category'; method: MatchMethod; amount: Decimal; documentIds: string[]; settlementIds: string[]; account: string | null; journalEntryId: string; fee?: { amount: Decimal; entryId: string }; score: number | null }): Promise<MatchRow> {
    const id = crypto.randomUUID();
    const [row] = await tx.sql(`insert into reconciliation_matches (id, tenant_id, movement_id, treasury_id, target, method, date, amount, document_ids, settlement_ids, account, journal_entry_id, fee_amount, fee_entry_id, score)
      values (:id::uuid, :tenant, :movement::uuid, :treasury::uuid, :target, :method, :date::date, :amount::numeric, :documents::uuid[], :settlements::uuid[], :account, :entry::uuid, :fee::numeric, :feeEntry::uuid, :score::numeric)
      returning ${MATCH_COLUMNS}`, {
      id, movement: movement.id, treasury: movement.treasury_id, target: fields.target, method: fields.method, date: movement.date, amount: fields.amount.toString(),
      documents: pgArray(fields.documentIds), settlements: pgArray(fields.settlementIds), account: fields.account, entry: fields.journalEntryId,
      fee: fields.fee?.amount.toString() ?? null, feeEntry: fields.fee?.entryId ?? null,
      score: fields.score === null ? null : fields.score.toFixed(3),
    });
    const match = matchOf(row);
    tx.publish('reconciliation.matched', payloadOf(match));
    return match;
  }

  /**
   * After a match or an undo: matched when nothing is left, categorised when only a category took
   * it, else unmatched; and the documents its live matches settle, for the movement's read model.
   */
  async function restate(tx: Tx, movement: BankMovement) {
    const [row] = await tx.sql<{ used: string | null; documents: boolean | null; ids: string | null }>(`with live as (
        select amount, target, document_ids from reconciliation_matches where tenant_id = :tenant and movement_id = :id::uuid and undone_at is null)
      select (select sum(amount) from live)::text as used, (select bool_or(target = 'documents') from live) as documents,
        (select string_agg(distinct d::text, ',' order by d::text) from live, unnest(live.document_ids) d) as ids`, { id: movement.id });
    const left = leftOf(movement, money(row?.used ?? '0'));
    let status: BankMovement['status'] = 'unmatched';
    if (left.isZero()) status = row?.documents ? 'matched' : 'categorized';
    const documentIds = row?.ids ? row.ids.split(',') : [];
    const same = documentIds.length === movement.matched_document_ids.length && documentIds.every((id) => movement.matched_document_ids.includes(id));
    if (status !== movement.status || !same) await treasury().setMovementStatus(tx, movement.id, status, documentIds);
  }

  const service = {
    /**
     * Settles documents with (part of) a movement: one settlement entry moving the amount from the
     * treasury's 555x to each document's account. Without amounts, a single document takes what
     * is left of the movement; several documents take what each owes, in order, until the
     * movement is used up. A `fee` the bank kept is borne by the last document (settled for its
     * part plus the fee on money in, minus it on money out) and posted from 555x to 626.
     */
    async matchDocuments(tx: Tx, input: { movementId: string; allocations: { documentId: string; amount?: string }[]; allowOverpayment?: boolean; fee?: string; method: MatchMethod; score?: number | null; loc?: (string | number)[] }): Promise<MatchRow> {
      const loc = input.loc ?? ['body'];
      const movement = await movementOr404(tx, input.movementId, true);
      let left = (await remainingOf(tx, [movement])).get(movement.id)!;
      if (left.isZero() || left.isNegative()) throw new Conflict('This movement is already fully matched or categorised; undo a match first');
      const incoming = !money(movement.amount).isNegative();
      const fee = input.fee === undefined ? undefined : money(input.fee);
      if (fee && (fee.isZero() || fee.isNegative())) throw ValidationFailed.field([...loc, 'fee_amount'], 'The fee must be positive', 'value_error.number.not_gt');
      const allocations: { document_id: string; amount: string }[] = [];
      const documentIds: string[] = [];
      const contactIds: string[] = [];
      let total = Decimal.zero(2);
      for (const [i, a] of input.allocations.entries()) {
        const item = UUID.test(a.documentId) ? await documents().findOpenItem(tx, a.documentId) : null;
        if (!item) throw new NotFound('Document not found, or nothing is due on it');
        const due = money(item.outstanding);
        const owed = due.isNegative() ? due.negate() : due;
        if (owed.isZero()) throw new Conflict(`Document ${item.number} has nothing left to pay`);
        // a sales invoice is collected (money in), a purchase paid (money out); a refund the other way
        const expectsIncoming = (sideOf(item) === 'receivable') !== due.isNegative();
        if (expectsIncoming !== incoming) {
          throw new Conflict(`Document ${item.number} is settled with money ${expectsIncoming ? 'in' : 'out'}; this movement is money ${incoming ? 'in' : 'out'}`);
        }
        const currency = (await treasury().findTreasury(tx, movement.treasury_id))?.currency ?? BOOK_CURRENCY;
        if (item.currency !== currency) throw new Conflict(`Document ${item.number} is in ${item.currency}; this movement is in ${currency}, its treasury's currency`);
        if (movement.date < item.issue_date) throw new Conflict(`The movement (${movement.date}) is dated before document ${item.number} (${item.issue_date})`);
        let amount: Decimal;
        if (a.amount !== undefined) {
          amount = money(a.amount);
          if (amount.isZero() || amount.isNegative()) throw ValidationFailed.field([...loc, ...(input.allocations.length > 1 ? ['allocations', i] : []), 'amount'], 'The amount must be positive', 'value_error.number.not_gt');
        } else amount = input.allocations.length === 1 ? left : (owed.compare(left) < 0 ? owed : left);
        if (amount.compare(left) > 0) throw ValidationFailed.field([...loc, ...(input.allocations.length > 1 ? ['allocations', i] : []), 'amount'], `At most ${left} of this movement is left to match`, 'value_error.number.not_le');
        let settled = amount;
        if (fee && i === input.allocations.length - 1) {
          if (fee.compare(amount) >= 0) throw ValidationFailed.field([...loc, 'fee_amount'], `A fee is less than the ${amount} the movement applies to document ${item.number}`, 'value_error.number.not_lt');
          settled = incoming ? amount.add(fee) : amount.sub(fee);
        }
        if (settled.compare(owed) > 0 && !input.allowOverpayment) {
          throw new Conflict(`${settled}${settled === amount ? '' : ` (${amount} ${incoming ? 'plus' : 'less'} the fee)`} is more than the ${owed} due on document ${item.number}; send allow_overpayment to record the excess`);
        }
        if (amount.isZero()) continue;
        left = left.sub(amount);
        total = total.add(amount);
        allocations.push({ document_id: item.id, amount: settled.toString() });
        documentIds.push(item.id);
        contactIds.push(item.contact_id);
      }
      if (!allocations.length) throw new Conflict('Nothing of this movement is left for these documents');
      const suspense = await treasury().suspenseAccount(tx, movement.treasury_id);
      const settled = await documents().settle(tx, { date: movement.date, account: suspense, allocations, allowOverpayment: input.allowOverpayment, source: { type: 'bank_movement', id: movement.id } });
      const feeEuros = fee && await inEuros(tx, movement, fee);
      const feeEntry = fee && feeEuros && await LedgerService.post(tx, {
        date: movement.date, description: `Comisión bancaria: ${movement.description}`.slice(0, 500), sourceType: 'reconciliation', sourceId: movement.id,
        lines: [{ account: BANK_FEES_ACCOUNT, debit: feeEuros }, { account: suspense, credit: feeEuros }],
      }, { loc });
      const match = await record(tx, movement, {
        target: 'documents', method: input.method, amount: total, documentIds, settlementIds: settled.settlementIds, account: null, journalEntryId: settled.journalEntryId,
        fee: fee && feeEntry ? { amount: fee, entryId: feeEntry.id } : undefined, score: input.score ?? null,
      });
      await CompanyMemory.learnContact(tx, movement, contactIds, 1);
      await restate(tx, movement);
      return match;
    },

    /** Moves what is left of a movement from 555x to `account` (a fee, a tax payment, payroll…). */
    async categorize(tx: Tx, input: { movementId: string; account: string; description?: string; method: MatchMethod; score?: number | null }): Promise<MatchRow> {
      const movement = await movementOr404(tx, input.movementId, true);
      const left = (await remainingOf(tx, [movement])).get(movement.id)!;
      if (left.isZero() || left.isNegative()) throw new Conflict('This movement is already fully matched or categorised; undo a match first');
      if (/^(57|555)/.test(input.account)) throw ValidationFailed.field(['body', 'account'], 'A treasury or suspense account is not a category', 'value_error.account');
      const account = await LedgerService.account(tx, input.account);
      if (!account) throw ValidationFailed.field(['body', 'account'], `Unknown account ${input.account}`, 'value_error.unknown_account');
      if (!account.isPostable) throw ValidationFailed.field(['body', 'account'], `Account ${account.code} (${account.name}) is a group heading; use one of its sub-accounts`, 'value_error.heading_account');
      const suspense = await treasury().suspenseAccount(tx, movement.treasury_id);
      const incoming = !money(movement.amount).isNegative();
      const euros = await inEuros(tx, movement, left);
      const entry = await LedgerService.post(tx, {
        date: movement.date,
        description: (input.description?.trim() || `${CATEGORY_ACCOUNTS.get(account.code) ?? account.name}: ${movement.description}`).slice(0, 500),
        sourceType: 'reconciliation', sourceId: movement.id,
        lines: incoming
          ? [{ account: suspense, debit: euros }, { account: account.code, credit: euros }]
          : [{ account: account.code, debit: euros }, { account: suspense, credit: euros }],
      }, { loc: ['body'] });
      const match = await record(tx, movement, { target: 'category', method: input.method, amount: left, documentIds: [], settlementIds: [], account: account.code, journalEntryId: entry.id, score: input.score ?? null });
      await CompanyMemory.learnAccount(tx, movement, account.code, 1);
      await restate(tx, movement);
      return match;
    },

    /** Undoes a match: its settlement (or entry) reversed today, the movement back to unmatched. */
    async undo(tx: Tx, id: string): Promise<MatchRow> {
      const match = await service.match(tx, id, true);
      if (match.undone_at) throw new Conflict('This match has already been undone');
      const movement = await movementOr404(tx, match.movement_id, true);
      const today = todayInSpain();
      const date = today < match.date ? match.date : today;
      let undoEntry: string | null = null;
      if (match.target === 'documents') {
        await documents().reverseSettlement(tx, match.settlement_ids[0], date);
        if (match.fee_entry_id) await LedgerService.reverse(tx, match.fee_entry_id, date, `Anulación de la comisión bancaria: ${movement.description}`.slice(0, 500));
        const items = await documents().openItems(tx, { documentIds: match.document_ids });
        await CompanyMemory.learnContact(tx, movement, items.map((i) => i.contact_id), -1);
      } else {
        undoEntry = (await LedgerService.reverse(tx, match.journal_entry_id, date, `Anulación de la categorización: ${movement.description}`.slice(0, 500))).id;
        await CompanyMemory.learnAccount(tx, movement, match.account!, -1);
      }
      const [row] = await tx.sql(`update reconciliation_matches set undone_at = now(), undo_entry_id = :entry::uuid where tenant_id = :tenant and id = :id::uuid returning ${MATCH_COLUMNS}`, { id, entry: undoEntry });
      const undone = matchOf(row);
      tx.publish('reconciliation.undone', payloadOf(undone));
      await restate(tx, movement);
      return undone;
    },

    async match(tx: Tx, id: string, lock = false): Promise<MatchRow> {
      if (!UUID.test(id)) throw new NotFound('Match not found');
      const [row] = await tx.sql(`select ${MATCH_COLUMNS} from reconciliation_matches where tenant_id = :tenant and id = :id::uuid${lock ? ' for update' : ''}`, { id });
      if (!row) throw new NotFound('Match not found');
      return matchOf(row);
    },

    async matches(tx: Tx, query: { movementId?: string; includeUndone?: boolean; limit: number; offset: number }): Promise<{ items: MatchRow[]; total: number }> {
      const where = `tenant_id = :tenant and (:movement::uuid is null or movement_id = :movement::uuid) and (:all or undone_at is null)`;
      const params = { movement: query.movementId ?? null, all: Boolean(query.includeUndone), limit: query.limit, offset: query.offset };
      const rows = await tx.sql(`select ${MATCH_COLUMNS} from reconciliation_matches where ${where} order by created_at desc, id limit :limit offset :offset`, params);
      const [count] = await tx.sql<{ total: number }>(`select count(*)::int as total from reconciliation_matches where ${where}`, params);
      return { items: rows.map(matchOf), total: Number(count.total) };
    },

    /**
     * Every open document in `currency` (a movement is only matched to documents in its
     * treasury's currency, and compared in it) and the contacts they name, and what the company
     * taught: the Matcher of a board. The company's last one is reused while what it was built from is unchanged (see
     * MatcherCache): its indexes then cost a digest of the rows instead of a rebuild.
     */
    async matcher(tx: Tx, currency: string = BOOK_CURRENCY): Promise<Matcher> {
      const items = (await documents().openItemFacts(tx)).filter((i) => i.currency === currency);
      const contactIds = [...new Set(items.map((i) => i.contact_id))];
      const [contacts, memory] = [await ContactService.identities(tx, contactIds), await CompanyMemory.load(tx)];
      return matchers.get(currency === BOOK_CURRENCY ? tx.tenantId : `${tx.tenantId}:${currency}`, { items, contacts, memory }, () => {
        const facts: DocumentFacts[] = items.map((i) => ({
          id: i.id, kind: i.kind, number: i.number, label: i.label ?? i.number, contactId: i.contact_id, issueDate: i.issue_date, dueDate: i.due_date, outstanding: i.outstanding,
        }));
        return new Matcher(facts, contacts.map((c) => ({ id: c.id, names: [c.name, c.legal_name].filter((n): n is string => Boolean(n)), ibans: c.iban ? [c.iban] : [] })), memory);
      });
    },

    async board(tx: Tx, query: { treasuryId?: string; limit: number; offset: number }): Promise<{ items: BoardItem[]; total: number }> {
      if (query.treasuryId && !UUID.test(query.treasuryId)) return { items: [], total: 0 };
      const page = await treasury().listMovements(tx, { status: 'unmatched', treasuryId: query.treasuryId, limit: query.limit, offset: query.offset });
      if (!page.items.length) return { items: [], total: page.total };
      const matcherOf = await matchersFor(tx, page.items);
      const remaining = await remainingOf(tx, page.items);
      return {
        total: page.total,
        items: page.items.map((movement) => {
          const left = remaining.get(movement.id)!;
          return { movement, remaining: left.toString(), suggestions: matcherOf(movement).suggest(movementFacts(movement, left)) };
        }),
      };
    },

    async settings(tx: Tx): Promise<Settings> {
      return settingsOf(tx);
    },

    async updateSettings(tx: Tx, input: { auto_match?: boolean; auto_match_threshold?: number }): Promise<Settings> {
      const current = await service.settings(tx);
      const autoMatch = input.auto_match ?? current.auto_match;
      const threshold = input.auto_match_threshold ?? Number(current.auto_match_threshold);
      await tx.sql(`insert into reconciliation_settings (tenant_id, auto_match, auto_match_threshold) values (:tenant, :auto, :threshold::numeric)
        on conflict (tenant_id) do update set auto_match = excluded.auto_match, auto_match_threshold = excluded.auto_match_threshold, updated_at = now()`,
      { auto: autoMatch, threshold: threshold.toFixed(3) });
      return service.settings(tx);
    },

    /**
     * Matches what is unambiguous and scores at least the company's threshold: documents (method
     * `auto`), or a category the company taught us (method `rule`). Nothing when auto-matching is off.
     */
    async autoMatch(tx: Tx, options: { treasuryId?: string } = {}): Promise<{ matched: number; categorized: number; considered: number }> {
      const settings = await service.settings(tx);
      const result = { matched: 0, categorized: 0, considered: 0 };
      if (!settings.auto_match) return result;
      const threshold = Number(settings.auto_match_threshold);
      const movements: BankMovement[] = [];
      for (let offset = 0; ; offset += 500) {
        const page = await treasury().listMovements(tx, { status: 'unmatched', treasuryId: options.treasuryId, limit: 500, offset });
        movements.push(...page.items);
        if (page.items.length < 500) break;
      }
      if (!movements.length) return result;
      const matcherOf = await matchersFor(tx, movements);
      const remaining = await remainingOf(tx, movements);
      const taken = new Map<string, Decimal>();
      for (const movement of movements) {
        result.considered += 1;
        const suggestions = matcherOf(movement).suggest(movementFacts(movement, remaining.get(movement.id)!));
        const proposal = suggestions.proposal;
        if (proposal && proposal.score >= threshold) {
          // a document the run already settled is not offered twice in one run
          const settles = (i: number) => (proposal.feeAmount && i === proposal.documents.length - 1 ? money(proposal.documents[i].amount).add(money(proposal.feeAmount)) : money(proposal.documents[i].amount));
          const fits = proposal.documents.every((d, i) => settles(i).add(taken.get(d.id) ?? Decimal.zero(2)).compare(money(d.outstanding).isNegative() ? money(d.outstanding).negate() : money(d.outstanding)) <= 0);
          if (!fits) continue;
          try {
            await service.matchDocuments(tx, {
              movementId: movement.id, allocations: proposal.documents.map((d) => ({ documentId: d.id, amount: d.amount })), fee: proposal.feeAmount ?? undefined, method: 'auto', score: proposal.score,
            });
          } catch (error) {
            // matched meanwhile (another run, a person): refused before anything was written
            if (error instanceof Conflict) continue;
            throw error;
          }
          proposal.documents.forEach((d, i) => taken.set(d.id, settles(i).add(taken.get(d.id) ?? Decimal.zero(2))));
          result.matched += 1;
        } else if (!suggestions.candidates.some((c) => c.score >= 0.5) && (suggestions.categories[0]?.score ?? 0) >= threshold) {
          try {
            await service.categorize(tx, { movementId: movement.id, account: suggestions.categories[0].account, method: 'rule', score: suggestions.categories[0].score });
          } catch (error) {
            if (error instanceof Conflict) continue;
            throw error;
          }
          result.categorized += 1;
        }
      }
      return result;
    },

  };
  return service;
}

export type ReconciliationService = ReturnType<typeof reconciliationService>;

async function settingsOf(tx: Tx): Promise<Settings> {
  const [row] = await tx.sql<any>(`select auto_match, auto_match_threshold::text as threshold from reconciliation_settings where tenant_id = :tenant`);
  return { auto_match: row ? row.auto_match === true || row.auto_match === 't' : false, auto_match_threshold: row ? Number(row.threshold).toFixed(3) : '0.900' };
}

/** The company's matches, lessons and settings, for its GDPR export. */
export async function exportReconciliation(tx: Tx) {
  return {
    matches: (await tx.sql(`select ${MATCH_COLUMNS} from reconciliation_matches where tenant_id = :tenant order by created_at`)).map(matchOf),
    memory: await tx.sql(`select kind, key, value, uses from reconciliation_memory where tenant_id = :tenant order by kind, key`),
    settings: await settingsOf(tx),
  };
}

/** Erasing the company: its rows here go (the books are the ledger's to erase). */
export async function eraseReconciliation(tx: Tx) {
  for (const table of ['reconciliation_matches', 'reconciliation_memory', 'reconciliation_settings']) await tx.sql(`delete from ${table} where tenant_id = :tenant`);
}

const payloadOf = (m: MatchRow): ReconciliationMatchedPayload => ({
  id: m.id, movement_id: m.movement_id, treasury_id: m.treasury_id, target: m.target, method: m.method, amount: m.amount,
  document_ids: m.document_ids, account: m.account, journal_entry_id: m.journal_entry_id,
});
