import { Conflict, NotFound, ValidationFailed, type FieldError } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { ContactService } from '../contacts/api';
import { validBic, validIban } from './identifiers';
import type { MandateScheme, SequenceType } from './pain008';

/** Direct-debit mandates: the customer's authorisation to collect from an account, under a scheme, once or repeatedly. */
export const MANDATE_TYPES = ['recurrent', 'one_off'] as const;
export type MandateType = (typeof MANDATE_TYPES)[number];

export interface MandateRow {
  id: string; contact_id: string; reference: string; signature_date: string; scheme: MandateScheme; type: MandateType;
  iban: string; bic: string | null; first_collection_date: string | null; cancelled_at: unknown; created_at: unknown; updated_at: unknown;
}

export interface MandateCreate {
  contact_id: string; reference: string; signature_date: string; scheme: MandateScheme; type: MandateType; iban?: string | null; bic?: string | null;
}
export interface MandatePatch { signature_date?: string; iban?: string; bic?: string | null; cancelled?: boolean }

const COLUMNS = `id::text as id, contact_id::text as contact_id, reference, signature_date::text as signature_date, scheme, type, iban, bic,
  first_collection_date::text as first_collection_date, cancelled_at, created_at, updated_at`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/** The sequence type the mandate's next collection carries, or null when it can take none (cancelled, or a one-off already collected). */
export function nextSequenceType(mandate: Pick<MandateRow, 'type' | 'first_collection_date' | 'cancelled_at'>): SequenceType | null {
  if (mandate.cancelled_at != null) return null;
  if (mandate.type === 'one_off') return mandate.first_collection_date ? null : 'OOFF';
  return mandate.first_collection_date ? 'RCUR' : 'FRST';
}

export const mandateToJson = (row: MandateRow) => ({
  id: row.id, contact_id: row.contact_id, reference: row.reference, signature_date: row.signature_date, scheme: row.scheme, type: row.type,
  iban: row.iban, bic: row.bic, cancelled: row.cancelled_at != null, cancelled_at: row.cancelled_at == null ? null : iso(row.cancelled_at),
  first_collection_date: row.first_collection_date, next_sequence_type: nextSequenceType(row), created_at: iso(row.created_at), updated_at: iso(row.updated_at),
});

function checkedIban(raw: string | null | undefined, errors: FieldError[], loc: (string | number)[], what = 'a valid IBAN (country, length and check digits)'): string {
  const iban = validIban(raw);
  if (!iban) errors.push({ loc, msg: `Not ${what}`, type: 'value_error.iban' });
  return iban ?? '';
}

function checkedBic(raw: string | null | undefined, errors: FieldError[]): string | null {
  if (raw == null || raw === '') return null;
  const bic = validBic(raw);
  if (!bic) errors.push({ loc: ['body', 'bic'], msg: 'Not a valid BIC (8 or 11 characters: bank, country, location, branch)', type: 'value_error.bic' });
  return bic;
}

export const Mandates = {
  async find(tx: Tx, id: string): Promise<MandateRow | null> {
    if (!UUID.test(id)) return null;
    const [row] = await tx.sql<MandateRow>(`select ${COLUMNS} from sepa_mandates where tenant_id = :tenant and id = :id::uuid`, { id });
    return row ?? null;
  },

  async get(tx: Tx, id: string): Promise<MandateRow> {
    const row = await Mandates.find(tx, id);
    if (!row) throw new NotFound('Mandate not found');
    return row;
  },

  async list(tx: Tx, query: { contactId?: string; includeCancelled?: boolean; limit: number; offset: number }) {
    if (query.contactId && !UUID.test(query.contactId)) return { items: [], total: 0 };
    const rows = await tx.sql<MandateRow & { full_count: string }>(`select ${COLUMNS}, count(*) over () as full_count from sepa_mandates
      where tenant_id = :tenant and (:contact::uuid is null or contact_id = :contact::uuid) and (:all or cancelled_at is null)
      order by reference, id limit :limit offset :offset`, { contact: query.contactId ?? null, all: !!query.includeCancelled, limit: query.limit, offset: query.offset });
    return { items: rows, total: rows.length ? Number(rows[0].full_count) : 0 };
  },

  async create(tx: Tx, input: MandateCreate): Promise<MandateRow> {
    const errors: FieldError[] = [];
    const [contact] = UUID.test(input.contact_id) ? await ContactService.identities(tx, [input.contact_id]) : [];
    if (!contact) errors.push({ loc: ['body', 'contact_id'], msg: 'No such contact', type: 'value_error.contact' });
    const ibanGiven = input.iban != null && input.iban !== '';
    const iban = checkedIban(ibanGiven ? input.iban : contact?.iban, errors, ['body', 'iban'],
      ibanGiven || !contact ? undefined : 'given, and the customer has no valid IBAN');
    // the customer's BIC goes with the customer's IBAN; an IBAN given here brings its own BIC or none
    const bic = checkedBic(input.bic !== undefined ? input.bic : ibanGiven ? null : contact?.bic, errors);
    if (errors.length) throw new ValidationFailed(errors);
    const [taken] = await tx.sql(`select 1 from sepa_mandates where tenant_id = :tenant and reference = :reference`, { reference: input.reference });
    if (taken) throw new Conflict(`The company already has a mandate with reference ${input.reference}`);
    const [row] = await tx.sql<MandateRow>(`insert into sepa_mandates (id, tenant_id, contact_id, reference, signature_date, scheme, type, iban, bic)
      values (:id::uuid, :tenant, :contact::uuid, :reference, :signed::date, :scheme, :type, :iban, :bic) returning ${COLUMNS}`, {
      id: crypto.randomUUID(), contact: input.contact_id, reference: input.reference, signed: input.signature_date, scheme: input.scheme, type: input.type, iban, bic,
    });
    return row;
  },

  async update(tx: Tx, id: string, input: MandatePatch): Promise<MandateRow> {
    const current = await Mandates.get(tx, id);
    const errors: FieldError[] = [];
    const iban = input.iban !== undefined ? checkedIban(input.iban, errors, ['body', 'iban']) : current.iban;
    const bic = input.bic !== undefined ? checkedBic(input.bic, errors) : current.bic;
    if (errors.length) throw new ValidationFailed(errors);
    if (current.cancelled_at != null && input.cancelled !== false) throw new Conflict('The mandate is cancelled: it can no longer change');
    const [row] = await tx.sql<MandateRow>(`update sepa_mandates set signature_date = :signed::date, iban = :iban, bic = :bic,
        cancelled_at = case when :cancelled::boolean is null then cancelled_at when :cancelled then coalesce(cancelled_at, now()) else null end, updated_at = now()
      where tenant_id = :tenant and id = :id::uuid returning ${COLUMNS}`, {
      id, signed: input.signature_date ?? current.signature_date, iban, bic, cancelled: input.cancelled ?? null,
    });
    return row;
  },

  /** A mandate never collected may be deleted (entered by mistake); one that was is cancelled instead (409). */
  async remove(tx: Tx, id: string): Promise<void> {
    const current = await Mandates.get(tx, id);
    if (current.first_collection_date) throw new Conflict('The mandate has been collected: cancel it instead');
    await tx.sql(`delete from sepa_mandates where tenant_id = :tenant and id = :id::uuid`, { id });
  },

  /** The mandates of these customers that can collect (not cancelled), newest signature first per customer. */
  async activeOf(tx: Tx, contactIds: readonly string[]): Promise<Map<string, MandateRow>> {
    const rows = await tx.sql<MandateRow>(`select distinct on (contact_id) ${COLUMNS} from sepa_mandates
      where tenant_id = :tenant and contact_id = any(:ids::uuid[]) and cancelled_at is null
      order by contact_id, (type = 'one_off' and first_collection_date is not null), signature_date desc, created_at desc`, { ids: `{${contactIds.join(',')}}` });
    return new Map(rows.map((row) => [row.contact_id, row]));
  },

  async markCollected(tx: Tx, ids: readonly string[], date: string): Promise<void> {
    await tx.sql(`update sepa_mandates set first_collection_date = coalesce(first_collection_date, :date::date), updated_at = now()
      where tenant_id = :tenant and id = any(:ids::uuid[])`, { ids: `{${ids.join(',')}}`, date });
  },
};
