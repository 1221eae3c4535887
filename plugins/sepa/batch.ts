import { Conflict, ValidationFailed, type FieldError } from '../../kernel/errors';
import type { Kernel } from '../../kernel/kernel';
import { money } from '../../kernel/money';
import type { Tx } from '../../kernel/uow';
import type { OpenItemSide, OpenItemView } from '../documents/api';
import { TenantService } from '../tenants/api';
import type { TreasuryFacts } from '../treasury/api';
import { validIban } from './identifiers';

/**
 * What payment orders and direct-debit remittances share: the open items they are made of (read
 * through the documents service), the company's treasury whose account the file names, the
 * company as a party, and settling every item of a batch as one payment.
 */

/** A batch's table pair: the header table and its items table, with the items' foreign key column. */
export interface BatchTables { header: string; items: string; key: string; sourceType: string }

const loc = (i: number) => ['body', 'document_ids', i];

/** The open items of one side, in the order asked for; 422 naming each id that is not one, or owes nothing to collect or pay. */
export async function openItemsFor(tx: Tx, kernel: Kernel, side: OpenItemSide, ids: readonly string[]): Promise<OpenItemView[]> {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  ids.forEach((id, i) => { if (seen.has(id)) errors.push({ loc: loc(i), msg: 'The document is listed twice', type: 'value_error.duplicate' }); seen.add(id); });
  const found = new Map((await kernel.service('documents').openItems(tx, { kind: side, documentIds: [...seen] })).map((item) => [item.id, item]));
  const what = side === 'payable' ? 'an issued purchase with something left to pay' : 'an issued sale with something left to collect';
  ids.forEach((id, i) => {
    const item = found.get(id);
    if (!item) errors.push({ loc: loc(i), msg: `Document ${id} is not ${what}`, type: 'value_error.open_item' });
    else if (money(item.outstanding).isNegative() || money(item.outstanding).isZero()) {
      errors.push({ loc: loc(i), msg: `Document ${item.label} owes ${item.outstanding}: only positive amounts go in a SEPA file`, type: 'value_error.open_item' });
    }
  });
  if (errors.length) throw new ValidationFailed(errors);
  return ids.map((id) => found.get(id)!);
}

/** 409 when one of the documents is already in a batch of this kind that was not settled (paying or collecting it twice). */
export async function assertNotPending(tx: Tx, tables: BatchTables, ids: readonly string[]): Promise<void> {
  // one batch of a kind at a time per company, so two requests cannot both find a document free
  await tx.sql(`select pg_advisory_xact_lock(hashtext(:tenant::text || :key))`, { key: `:sepa:${tables.header}` });
  const [busy] = await tx.sql<{ document_id: string; message_id: string }>(`select i.document_id::text as document_id, h.message_id from ${tables.items} i
    join ${tables.header} h on h.tenant_id = i.tenant_id and h.id = i.${tables.key}
    where i.tenant_id = :tenant and i.document_id = any(:ids::uuid[]) and h.settled_on is null limit 1`, { ids: `{${ids.join(',')}}` });
  if (busy) throw new Conflict(`Document ${busy.document_id} is already in ${busy.message_id}, not settled yet`);
}

/** The company's euro treasury with an IBAN the file names (422 on `treasury_id` otherwise; 409 when archived). */
export async function bankTreasury(tx: Tx, kernel: Kernel, id: string): Promise<TreasuryFacts & { iban: string }> {
  const treasury = await kernel.service('treasury').findTreasury(tx, id);
  const refuse = (msg: string) => ValidationFailed.field(['body', 'treasury_id'], msg, 'value_error.treasury');
  if (!treasury) throw refuse('No such treasury');
  if (treasury.archived) throw new Conflict('The treasury is archived');
  if (treasury.currency !== 'EUR') throw refuse('SEPA files move euros: the treasury is not in EUR');
  const iban = validIban(treasury.iban);
  if (!iban) throw refuse('The treasury has no IBAN');
  return { ...treasury, iban };
}

/** The company as a SEPA party: its name and NIF. */
export async function companyParty(tx: Tx): Promise<{ name: string; nif: string }> {
  const tenant = await TenantService.current(tx);
  return { name: tenant.legalName || tenant.name, nif: tenant.taxId };
}

/** `prefix` and the id's hex digits: unique per company, at most 35 characters as MsgId allows. */
export const messageIdOf = (prefix: string, id: string): string => `${prefix}${id.replace(/-/g, '').toUpperCase()}`.slice(0, 35);

/** Which way a batch moves money: a payment order's debit is negative on the statement, a remittance's credit positive. */
export type BatchDirection = 'out' | 'in';

/**
 * Records the batch as paid (or collected) on `date`: every item settled at once, one payment and
 * one journal entry; 409 when it was already. Without a movement the settlement goes straight to
 * the treasury's 572x (the bank's statement is not imported); with the statement's movement for
 * the whole batch, it goes to the treasury's 555x where that movement sits, and the movement is
 * matched to the batch's documents, so the bank's debit or credit is not counted twice.
 */
export async function settleBatch(tx: Tx, kernel: Kernel, tables: BatchTables & { direction: BatchDirection }, id: string, input: { date: string; movementId?: string }) {
  const [header] = await tx.sql<{ treasury_id: string; settled_on: string | null; total: string }>(`select treasury_id::text as treasury_id, settled_on::text as settled_on, total::text as total
    from ${tables.header} where tenant_id = :tenant and id = :id::uuid for update`, { id });
  if (header.settled_on) throw new Conflict(`Already settled on ${header.settled_on}`);
  const items = await tx.sql<{ document_id: string; amount: string }>(`select document_id::text as document_id, amount::text as amount
    from ${tables.items} where tenant_id = :tenant and ${tables.key} = :id::uuid order by position`, { id });
  const treasury = kernel.service('treasury');
  const movement = input.movementId ? await bankMovementOf(tx, kernel, header, tables.direction, input.movementId) : null;
  const account = movement ? await treasury.suspenseAccount(tx, header.treasury_id) : await treasury.ledgerAccount(tx, header.treasury_id);
  const result = await kernel.service('documents').settle(tx, {
    date: input.date, account, allocations: items.map((item) => ({ document_id: item.document_id, amount: item.amount })), source: { type: tables.sourceType, id },
  });
  if (movement) await treasury.setMovementStatus(tx, movement.id, 'matched', items.map((item) => item.document_id));
  await tx.sql(`update ${tables.header} set settled_on = :date::date, journal_entry_id = :entry::uuid, settlement_id = :settlement::uuid, movement_id = :movement::uuid where tenant_id = :tenant and id = :id::uuid`,
    { id, date: input.date, entry: result.journalEntryId, settlement: result.settlementIds[0], movement: movement?.id ?? null });
  return { journalEntryId: result.journalEntryId, settlementId: result.settlementIds[0] };
}

/** The statement's movement for the whole batch: same treasury, unmatched, the batch's total in the batch's direction (422 on `movement_id` otherwise). */
async function bankMovementOf(tx: Tx, kernel: Kernel, header: { treasury_id: string; total: string }, direction: BatchDirection, movementId: string) {
  const refuse = (msg: string) => ValidationFailed.field(['body', 'movement_id'], msg, 'value_error.movement');
  const movement = await kernel.service('treasury').getMovement(tx, movementId);
  if (!movement) throw refuse('No such bank movement');
  if (movement.treasury_id !== header.treasury_id) throw refuse('The movement is on another treasury');
  if (movement.status !== 'unmatched') throw new Conflict('The movement is already matched or categorised');
  const expected = direction === 'out' ? money(header.total).negate() : money(header.total);
  if (!money(movement.amount).eq(expected)) throw refuse(`The movement is ${movement.amount}; the batch is ${expected.toString()}`);
  return movement;
}
