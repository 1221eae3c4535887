import { NotFound, ValidationFailed } from '../../kernel/errors';
import { searchNeedle } from '../../lib/listing';
import { money, type Decimal } from '../../kernel/money';
import { pgArray } from '../../kernel/sql-params';
import type { Tx } from '../../kernel/uow';
import { ExchangeRates } from '../exchange-rates/api';
import { LedgerService, isIsoDate } from '../ledger/api';
import type { BankMovement, BankMovementQuery, BankMovementStatus } from './api';
import { BANK_MOVEMENT_STATUSES } from './api';
import { movementEntry } from './posting';
import { BOOK_CURRENCY, Treasuries, type TreasuryRow } from './treasuries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const MOVEMENT_COLUMNS = `m.id::text as id, m.treasury_id::text as treasury_id, m.booking_date::text as date, m.value_date::text as value_date,
  m.amount::text as amount, m.description, m.reference, m.counterparty, m.counterparty_iban, m.status, m.import_id::text as import_id, m.created_at, m.return_reason,
  array_to_string(m.matched_document_ids, ',') as matched_documents`;

export interface MovementRow extends Omit<BankMovement, 'matched_document_ids'> { import_id: string | null; created_at: unknown; matched_documents: string | null }

/** The ids a row carries as text (a comma-separated list, which both databases return alike). */
export const matchedDocumentIds = (row: MovementRow): string[] => (row.matched_documents ? row.matched_documents.split(',') : []);

export interface MovementListQuery extends BankMovementQuery {
  from?: string;
  to?: string;
  search?: string;
}

export interface MovementCreate {
  date: string;
  value_date?: string | null;
  amount: string;
  description: string;
  reference?: string | null;
  counterparty?: string | null;
  counterparty_iban?: string | null;
}

export const toBankMovement = (row: MovementRow): BankMovement => ({
  id: row.id, treasury_id: row.treasury_id, date: row.date, value_date: row.value_date, amount: row.amount,
  description: row.description, reference: row.reference, counterparty: row.counterparty,
  counterparty_iban: row.counterparty_iban, status: row.status, matched_document_ids: matchedDocumentIds(row), return_reason: row.return_reason ?? null,
});

export const Movements = {
  async find(tx: Tx, id: string): Promise<MovementRow | null> {
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    const [row] = await tx.sql<MovementRow>(`select ${MOVEMENT_COLUMNS} from bank_movements m where m.tenant_id = :tenant and m.id = :id::uuid`, { id });
    return row ?? null;
  },

  async get(tx: Tx, id: string): Promise<MovementRow> {
    const row = await Movements.find(tx, id);
    if (!row) throw new NotFound('Bank movement not found');
    return row;
  },

  async list(tx: Tx, query: MovementListQuery): Promise<{ items: MovementRow[]; total: number }> {
    const params: Record<string, unknown> = { limit: query.limit, offset: query.offset };
    let where = 'm.tenant_id = :tenant';
    if (query.treasuryId !== undefined) {
      if (!UUID.test(query.treasuryId)) return { items: [], total: 0 };
      where += ' and m.treasury_id = :treasury::uuid'; params.treasury = query.treasuryId;
    }
    if (query.status !== undefined) {
      if (!BANK_MOVEMENT_STATUSES.includes(query.status)) throw ValidationFailed.field(['query', 'status'], `One of ${BANK_MOVEMENT_STATUSES.join(', ')}`);
      where += ' and m.status = :status'; params.status = query.status;
    }
    if (query.from !== undefined) { where += ' and m.booking_date >= :from::date'; params.from = query.from; }
    if (query.to !== undefined) { where += ' and m.booking_date <= :to::date'; params.to = query.to; }
    const needle = searchNeedle(query.search, ['query', 'search']);
    if (needle) {
      where += ` and search_fold(concat_ws(e'\\n', m.description, m.reference, m.counterparty, m.counterparty_iban)) like :pattern`;
      params.pattern = needle.pattern;
    }
    const [count] = await tx.sql<{ n: number }>(`select count(*)::int as n from bank_movements m where ${where}`, params);
    const items = await tx.sql<MovementRow>(`select ${MOVEMENT_COLUMNS} from bank_movements m where ${where}
      order by m.booking_date desc, m.created_at desc, m.id limit :limit offset :offset`, params);
    return { items, total: Number(count.n) };
  },

  async setStatus(tx: Tx, id: string, status: BankMovementStatus, documentIds?: readonly string[]): Promise<MovementRow> {
    if (!BANK_MOVEMENT_STATUSES.includes(status)) throw new RangeError(`Unknown bank movement status ${status}`);
    if (typeof id !== 'string' || !UUID.test(id)) throw new NotFound('Bank movement not found');
    if (documentIds?.some((d) => !UUID.test(d))) throw new RangeError('Matched document ids are uuids');
    const documents = documentIds === undefined ? '' : ', matched_document_ids = :documents::uuid[]';
    const [row] = await tx.sql<MovementRow>(`update bank_movements m set status = :status${documents} where m.tenant_id = :tenant and m.id = :id::uuid returning ${MOVEMENT_COLUMNS}`,
      { id, status, documents: documentIds?.length ? pgArray([...documentIds]) : null });
    if (!row) throw new NotFound('Bank movement not found');
    return row;
  },

  /** A movement entered by hand: stored and posted (572x against 555x) in the caller's transaction. */
  async create(tx: Tx, treasuryId: string, input: MovementCreate): Promise<MovementRow> {
    const treasury = await Treasuries.getActive(tx, treasuryId);
    const amount = parseAmount(input.amount);
    const errors = [];
    if (!isIsoDate(input.date)) errors.push({ loc: ['body', 'date'], msg: 'Not a valid date (YYYY-MM-DD)', type: 'value_error.date' });
    if (input.value_date != null && !isIsoDate(input.value_date)) errors.push({ loc: ['body', 'value_date'], msg: 'Not a valid date (YYYY-MM-DD)', type: 'value_error.date' });
    if (!amount) errors.push({ loc: ['body', 'amount'], msg: 'A non-zero signed amount with at most two decimals', type: 'value_error.amount' });
    if (errors.length) throw new ValidationFailed(errors);
    const id = crypto.randomUUID();
    const [row] = await tx.sql<MovementRow>(`
      insert into bank_movements as m (id, tenant_id, treasury_id, booking_date, value_date, amount, description, reference, counterparty, counterparty_iban, fingerprint)
      values (:id::uuid, :tenant, :treasury::uuid, :date::date, :valueDate::date, :amount::numeric, :description, :reference, :counterparty, :iban, :id::uuid)
      returning ${MOVEMENT_COLUMNS}`, {
      id, treasury: treasury.id, date: input.date, valueDate: input.value_date ?? null, amount: amount!.toString(),
      description: input.description.trim(), reference: input.reference ?? null, counterparty: input.counterparty ?? null,
      iban: input.counterparty_iban ?? null,
    });
    const absolute = amount!.isNegative() ? amount!.negate() : amount!;
    const sign = await bookEuros(tx, treasury, absolute, input.date);
    await LedgerService.post(tx, movementEntry(treasury, {
      date: input.date, description: `Movimiento ${treasury.name}: ${input.description.trim()}`.slice(0, 500), sourceId: id,
      moneyIn: amount!.isNegative() ? undefined : sign, moneyOut: amount!.isNegative() ? sign : undefined,
    }));
    tx.publish('bank_movement.created', { id, treasury_id: treasury.id, amount: row.amount, date: row.date });
    return row;
  },
};

/**
 * What an amount of a treasury's own currency is in the books on `date`: itself in a euro
 * treasury; in another currency, euros at that day's rate (exchange-rates table, 422 when it has
 * none). Every movement of a treasury, entered by hand or imported from a statement, goes through it.
 */
export async function bookEuros(tx: Tx, treasury: Pick<TreasuryRow, 'currency'>, absolute: Decimal, date: string): Promise<Decimal> {
  return treasury.currency === BOOK_CURRENCY ? absolute : ExchangeRates.toEuros(tx, absolute, treasury.currency, date);
}

function parseAmount(text: string): Decimal | undefined {
  try {
    const value = money(text);
    return value.isZero() ? undefined : value;
  } catch {
    return undefined;
  }
}

