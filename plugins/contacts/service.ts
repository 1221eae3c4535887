import { LockMode } from '@mikro-orm/core';
import { Conflict, NotFound, ValidationFailed } from '../../kernel/errors';
import { pgArray } from '../../kernel/sql-params';
import { rowBoolean } from '../../kernel/rows';
import type { Tx } from '../../kernel/uow';
import { Contact, type AdministrativeCentresRow } from './entities';
import { assertOneStart, decodeCursor, encodeCursor, keysetAfter, matchedFieldsSql, needleParams, orderBy, rankSql, searchNeedle, sortKeyColumns, sortKeyOf, type SearchNeedle, type SortKey } from '../../lib/listing';
import { matchedFields, type SearchGroup } from '../../lib/search';
import { actsAs, actsAsSql, compactPatternOf, contactCountedSql, contactFilterSql, contactSearchDocument, contactSearchMatch, contactSearchRank, type ContactFilters, type ContactKind, type CustomerType } from './filters';
import type { ContactStats } from './hooks';
import { nameSortKey } from './sort-key';
import { checkedAdministrativeCentres, checkedCountry, checkedBic, checkedIban, checkedTaxNumber } from './validation';

/** A contact as the API shows it (and as raw SQL selects it). */
export interface ContactRow {
  id: string;
  kind: ContactKind;
  customer_and_supplier: boolean;
  name: string;
  legal_name: string | null;
  customer_type: CustomerType;
  vat: string | null;
  vat_valid: boolean;
  country: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  province: string | null;
  iban: string | null;
  bic: string | null;
  external_source: string | null;
  external_id: string | null;
  payment_processor_id: string | null;
  notes: string | null;
  public_administration: boolean;
  administrative_centres: AdministrativeCentresRow | null;
  created_at: Date;
  updated_at: Date;
}

export type ContactInput = Partial<Omit<ContactRow, 'id' | 'vat_valid' | 'created_at' | 'updated_at'>>;

/** The columns of ContactRow, for raw SQL on `contacts c`. */
export const CONTACT_COLUMNS_SQL = `c.id, c.kind, c.customer_and_supplier, c.name, c.legal_name, c.customer_type, c.vat, c.vat_valid, c.country, c.email, c.phone,
  c.address, c.city, c.postal_code, c.province, c.iban, c.bic, c.external_source, c.external_id, c.payment_processor_id, c.notes,
  c.public_administration, c.administrative_centres, c.created_at, c.updated_at`;

/** Lists walk contacts_tenant_name (tenant_id, name_key, id); a ranked search sorts its matches. */
const NAME_ORDER: readonly SortKey[] = [
  { expression: 'c.name_key', direction: 'asc', type: 'text' },
  { expression: 'c.id', direction: 'asc', type: 'uuid' },
];
const RANKED_ORDER: readonly SortKey[] = [{ expression: contactSearchRank('c'), direction: 'desc', type: 'real' }, ...NAME_ORDER];

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

export function contactRowOf(contact: Contact): ContactRow {
  return {
    id: contact.id,
    kind: contact.kind as ContactKind,
    customer_and_supplier: contact.customerAndSupplier,
    name: contact.name,
    legal_name: contact.legalName ?? null,
    customer_type: contact.customerType as ContactRow['customer_type'],
    vat: contact.vat ?? null,
    vat_valid: contact.vatValid,
    country: contact.country,
    email: contact.email ?? null,
    phone: contact.phone ?? null,
    address: contact.address ?? null,
    city: contact.city ?? null,
    postal_code: contact.postalCode ?? null,
    province: contact.province ?? null,
    iban: contact.iban ?? null,
    bic: contact.bic ?? null,
    external_source: contact.externalSource ?? null,
    external_id: contact.externalId ?? null,
    payment_processor_id: contact.paymentProcessorId ?? null,
    notes: contact.notes ?? null,
    public_administration: contact.publicAdministration,
    administrative_centres: contact.administrativeCentres ?? null,
    created_at: asDate(contact.createdAt),
    updated_at: asDate(contact.updatedAt),
  };
}

/** Raw rows carry driver types (Date or string timestamps); the wire gets ISO strings. */
export function contactToJson(row: ContactRow) {
  return { ...row, created_at: asDate(row.created_at).toISOString(), updated_at: asDate(row.updated_at).toISOString() };
}
export const contactJson = (contact: Contact) => contactToJson(contactRowOf(contact));

/** Optional free-text fields: trimmed; blank becomes null. */
const TEXT_FIELDS = ['legal_name', 'phone', 'address', 'city', 'postal_code', 'province', 'external_source', 'external_id', 'payment_processor_id', 'notes'] as const;
const ENTITY_PROPERTY: Record<(typeof TEXT_FIELDS)[number], keyof Contact> = {
  legal_name: 'legalName', phone: 'phone', address: 'address', city: 'city', postal_code: 'postalCode', province: 'province',
  external_source: 'externalSource', external_id: 'externalId', payment_processor_id: 'paymentProcessorId', notes: 'notes',
};
const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

function refreshDerived(contact: Contact): void {
  contact.nameKey = nameSortKey(contact.name);
}

/**
 * Applies validated input to a contact. The tax number is checked against the resulting country,
 * so changing only the country re-checks the stored number.
 */
function applyInput(contact: Contact, input: ContactInput, creating: boolean): void {
  if (input.kind !== undefined) contact.kind = input.kind;
  if (input.customer_and_supplier !== undefined) contact.customerAndSupplier = input.customer_and_supplier;
  if (input.name !== undefined) contact.name = input.name.trim();
  if (input.customer_type !== undefined) contact.customerType = input.customer_type;
  const countryChanged = input.country !== undefined && input.country.toUpperCase() !== contact.country;
  if (input.country !== undefined) contact.country = checkedCountry(input.country, ['body', 'country']);
  if (input.vat !== undefined || (countryChanged && contact.vat && !creating)) {
    const checked = input.vat !== undefined
      ? (input.vat ? checkedTaxNumber(input.vat, contact.country, ['body', 'vat']) : null)
      : recheckedTaxNumber(contact.vat!, contact.country);
    contact.vat = checked?.vat ?? null;
    contact.vatValid = checked?.valid ?? false;
  }
  if (input.email !== undefined) contact.email = blankToNull(input.email);
  if (input.iban !== undefined) contact.iban = input.iban && input.iban.trim() ? checkedIban(input.iban, ['body', 'iban']) : null;
  if (input.bic !== undefined) contact.bic = input.bic && input.bic.trim() ? checkedBic(input.bic, ['body', 'bic']) : null;
  for (const field of TEXT_FIELDS) {
    if (input[field] !== undefined) (contact as any)[ENTITY_PROPERTY[field]] = blankToNull(input[field]);
  }
  if (input.administrative_centres !== undefined) {
    contact.administrativeCentres = checkedAdministrativeCentres(input.administrative_centres, ['body', 'administrative_centres']);
    // DIR3 codes make the contact a public administration unless the request says otherwise
    if (contact.administrativeCentres && input.public_administration === undefined) contact.publicAdministration = true;
  }
  if (input.public_administration !== undefined) {
    if (input.public_administration === null) throw ValidationFailed.field(['body', 'public_administration'], 'Cannot be null', 'value_error.none');
    contact.publicAdministration = input.public_administration;
  }
  refreshDerived(contact);
}

/** A new contact in the unit of work (not flushed): the defaults of a contact, then the input applied and checked. */
function newContact(tx: Tx, input: ContactInput & { kind: ContactKind; name: string }): Contact {
  const contact = tx.em.create(Contact, {
    id: crypto.randomUUID(), kind: input.kind, customerAndSupplier: false, name: input.name, customerType: 'business', country: 'ES',
    vat: null, vatValid: false, nameKey: '', publicAdministration: false, administrativeCentres: null,
  } as any);
  applyInput(contact, input, true);
  return contact;
}

/** The stored tax number under a new country: refused when it does not fit (send vat too, or null). */
function recheckedTaxNumber(vat: string, country: string) {
  try {
    return checkedTaxNumber(vat, country, ['body', 'country']);
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    throw ValidationFailed.field(['body', 'country'], `The contact's tax number ${vat} is not valid for ${country}: send a new vat (or null) with the country`, 'value_error.vat_country');
  }
}

async function assertExternalKeyFree(tx: Tx, contact: Contact): Promise<void> {
  if (!contact.externalSource || !contact.externalId) return;
  const clash = await tx.em.findOne(Contact, { externalSource: contact.externalSource, externalId: contact.externalId, id: { $ne: contact.id } });
  if (clash) throw new Conflict(`Another contact already has external_source ${contact.externalSource} and external_id ${contact.externalId}`);
}

const emptyStats = (): ContactStats => ({
  documents_count: 0, invoiced_total: '0.00', purchased_total: '0.00', outstanding_total: '0.00', first_document_date: null, last_document_date: null,
});

/** The merged contacts were on both sides when any of them acts as the other kind than the survivor. */
const mergedOnBothSides = (survivor: Contact, duplicates: Contact[]): boolean => {
  const other: ContactKind = survivor.kind === 'customer' ? 'supplier' : 'customer';
  return survivor.customerAndSupplier || duplicates.some((d) => actsAs(d, other));
};

/**
 * `total`: `exact` (the default) counts every match; `estimate` counts exactly up to
 * TOTAL_COUNTED_EXACTLY rows past the page's start and, beyond them, reports the planner's
 * estimate (never less than what was counted), so a broad search does not pay for a full count.
 * When the planner already expects TOTAL_PLANNED_FACTOR times more matches than that bound and the
 * page is full, its estimate is the total without counting at all: the bounded count still had to
 * build the trigram scan's whole bitmap first, most of a broad search's time.
 */
export interface ContactPage { limit: number; offset: number; cursor?: string; total?: 'exact' | 'estimate' }

export const TOTAL_COUNTED_EXACTLY = 1_000;
export const TOTAL_PLANNED_FACTOR = 10;

/**
 * The statements of one page of the contact list (rows, then the count when the page does not
 * tell it), for `tx.sql`. Benchmarks run these very statements raw as their baseline. A search
 * reads contacts_searchable (the company's rows, through the trigram index) and nothing else.
 */
export function contactListStatements(filters: ContactFilters, page: ContactPage, useIndex = true) {
  assertOneStart(page.cursor, page.offset);
  const searching = filters.search !== undefined && filters.search !== '';
  const source = searching ? 'contacts_searchable c' : 'contacts c';
  const { where, params, needle } = contactFilterSql(filters, 'c', searching, useIndex);
  const estimated = contactFilterSql(filters, 'c', searching, false);
  const counted = contactCountedSql(filters);
  const order = needle?.ranked ? 'rank' : 'name';
  const keys = needle?.ranked ? RANKED_ORDER : NAME_ORDER;
  const after = page.cursor ? keysetAfter(keys, decodeCursor(page.cursor, order, keys)) : undefined;
  const matching = `from ${source} where ${where}`;
  const firstRankedPage = needle?.ranked && !page.cursor && page.offset === 0;
  const itemsSql = (extraColumns: string) => `select ${CONTACT_COLUMNS_SQL}, ${sortKeyColumns(keys)}${extraColumns} ${matching}${after ? ` and ${after.where}` : ''}
       order by ${orderBy(keys)} limit :limit offset :offset`;
  const itemsParams = { ...params, ...after?.params, limit: page.limit, offset: page.offset };
  return {
    order,
    keys,
    bestFirst: firstRankedPage ? bestMatchesByName(filters, page.limit) : undefined,
    items: { sql: itemsSql(''), params: itemsParams },
    // A ranked page reads and ranks every match anyway: counting them in the same pass (a window
    // over the matches, before the limit) saves reading them again. Used for the first page of a
    // search the planner expects to match fewer than BEST_FIRST_MIN_MATCHES rows, whose matches
    // the window holds in memory.
    countedItems: firstRankedPage ? { sql: itemsSql(', count(*) over ()::int as full_count'), params: itemsParams } : undefined,
    // A needle the search terms count, in a company whose terms are kept: its exact total, else null.
    termCount: counted?.kept ? { sql: `select case when ${counted.kept} then (select coalesce(sum(${counted.amount}), 0)::int from ${counted.from} where ${counted.where}) end as total`, params: counted.params } : undefined,
    // Without a search or dates the maintained counts answer exactly (see migrations.ts), whatever `total` asks.
    count: counted && !counted.kept ? { sql: `select coalesce(sum(${counted.amount}), 0)::int as total from ${counted.from} where ${counted.where}`, params: counted.params }
      : page.total === 'estimate'
      ? { sql: `select count(*)::int as total from (select 1 ${matching} limit :cap) counted`, params: { ...params, cap: page.offset + page.limit + TOTAL_COUNTED_EXACTLY } }
      : { sql: `select count(*)::int as total ${matching}`, params },
    estimate: { sql: `explain (format json) select 1 from ${source} where ${estimated.where}`, params: estimated.params },
  };
}

/**
 * A ranked search's first page without ranking every match, when enough matches are perfect
 * (similarity 1, the most there is): walking the company's contacts in name order, the first
 * `limit` perfect matches met are the page, exactly as the ranked order would give it. The walk
 * stops after BEST_FIRST_WALK contacts; when it finds fewer, the list ranks every match instead.
 * Tried only when the planner expects BEST_FIRST_MIN_MATCHES or more matches (a broad search, a
 * common surname): ranking a few hundred matches costs less than a walk that finds too few.
 */
export const BEST_FIRST_WALK = 3_000;
export const BEST_FIRST_MIN_MATCHES = 1_000;
function bestMatchesByName(filters: ContactFilters, limit: number) {
  const { where, params } = contactFilterSql({ ...filters, search: undefined }, 'c', true);
  const needle = searchNeedle(filters.search, ['query', 'search'])!;
  return {
    sql: `select ${CONTACT_COLUMNS_SQL}, ${sortKeyColumns(RANKED_ORDER)}
      from (select * from contacts_searchable c where ${where} order by c.name_key, c.id limit :walk) c
      where ${contactSearchDocument('c')} like :search_pattern and ${contactSearchRank('c')} = 1
      order by c.name_key, c.id limit :limit`,
    params: { ...params, ...needleParams(needle), walk: BEST_FIRST_WALK, limit },
  };
}

/** Runs one statement with named parameters (`:tenant` included): `tx.sql`, or a benchmark's raw driver. */
export type ContactQuery = (sql: string, params: Record<string, unknown>) => Promise<Record<string, any>[]>;

interface PlanNode { 'Plan Rows': number; Plans?: PlanNode[] }
async function plannedNode(query: ContactQuery, statement: { sql: string; params: Record<string, unknown> }): Promise<PlanNode> {
  const [row] = await query(statement.sql, statement.params);
  const plan = Object.values(row)[0];
  return ((typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[])[0].Plan;
}

/** The planner's estimate of a statement's rows (EXPLAIN, nothing run). */
export const plannedRows = async (query: ContactQuery, statement: { sql: string; params: Record<string, unknown> }): Promise<number> =>
  Math.round((await plannedNode(query, statement))['Plan Rows']);

/**
 * How a search is best read, from the planner's estimates (two short round trips, nothing run):
 * how many contacts of the company match (`matches`, which decides how a ranked first page is
 * read), and whether the trigram index pays (`useIndex`). The index has no tenant in it, so it
 * yields the needle's candidates in every company: it pays when they are fewer than the company's
 * own contacts, which otherwise are read and tested one by one (a small company among many, or a
 * common word). PostgreSQL's own choice between the two is unreliable here: it underestimates a
 * trigram scan of many candidates and intersects it with the company's rows.
 */
export async function contactSearchPlan(query: ContactQuery, filters: ContactFilters): Promise<{ matches: number; useIndex: boolean }> {
  const needle = searchNeedle(filters.search, ['query', 'search']);
  const compactPattern = needle && compactPatternOf(needle);
  const { where, params } = contactFilterSql(filters, 'c', true, false);
  if (!compactPattern) {
    const matches = needle?.ranked ? await plannedRows(query, { sql: `explain (format json) select 1 from contacts_searchable c where ${where}`, params }) : 0;
    return { matches, useIndex: false };
  }
  const plan = await plannedNode(query, {
    sql: `explain (format json) select 1 from contacts_searchable c where ${where}
      union all select 1 from contacts_searchable c where c.tenant_id = :tenant
      union all select 1 from contacts_searchable c where c.tenant_id = :tenant and c.search_compact like :search_compact_pattern`,
    params: { ...params, search_compact_pattern: compactPattern },
  });
  const [matches, company, candidates] = plan.Plans!.map((node) => node['Plan Rows']);
  const [{ rows: table }] = await query(`select reltuples::float8 as rows from pg_class where oid = 'contacts'::regclass and :tenant::uuid is not null`, {});
  const candidatesInTable = Number(table) > 0 ? (candidates / company) * Number(table) : 0;
  return { matches: Math.round(matches), useIndex: candidatesInTable < company };
}

/**
 * Whether a ranked first page is best read by walking the company in name order (bestMatchesByName):
 * when the matches are many (BEST_FIRST_MIN_MATCHES) and dense enough among the filtered contacts
 * that the walk's BEST_FIRST_WALK contacts should hold twice the page in matches. A walk that finds
 * too few perfect matches is time lost before ranking them all (a search of two words the planner
 * overestimates). The filtered contacts come from contact_counts, creation dates left out (more
 * contacts: a stricter test).
 */
async function walkPays(query: ContactQuery, filters: ContactFilters, limit: number, matches: number): Promise<boolean> {
  if (matches < BEST_FIRST_MIN_MATCHES) return false;
  const company = contactCountedSql({ ...filters, search: undefined, from_date: undefined, to_date: undefined })!;
  const [{ total }] = await query(`select coalesce(sum(${company.amount}), 0)::float8 as total from ${company.from} where ${company.where}`, company.params);
  return matches * BEST_FIRST_WALK >= 2 * limit * Number(total);
}

/**
 * One page of the list, by the statements above: the service runs it with `tx.sql`, benchmarks
 * with a raw driver (their baseline is this very SQL). Rows keep their sort keys. A needle the
 * search terms count (countedTermOf), in a company whose terms are kept, has its exact total first,
 * from contact_search_terms, and that number decides how the page is read; any other search asks
 * the planner.
 */
export async function readContactPage(query: ContactQuery, filters: ContactFilters, page: ContactPage) {
  const searching = filters.search !== undefined && filters.search !== '';
  let statements = contactListStatements(filters, page);
  let plan: Awaited<ReturnType<typeof contactSearchPlan>> | undefined;
  // the planner's estimates, asked once and only when needed: they pick the statements' index
  const planned = async () => {
    if (searching && !plan) {
      plan = await contactSearchPlan(query, filters);
      statements = contactListStatements(filters, page, plan.useIndex);
    }
    return plan;
  };
  const termTotal = statements.termCount ? (await query(statements.termCount.sql, statements.termCount.params))[0].total : null;
  const exact = termTotal === null ? undefined : Number(termTotal);
  const walked = statements.bestFirst !== undefined && await walkPays(query, filters, page.limit, exact ?? (await planned())!.matches);
  const best = walked ? await query(statements.bestFirst!.sql, statements.bestFirst!.params) : undefined;
  let rows = best?.length === page.limit ? best : undefined;
  if (!rows) {
    await planned();
    // a first ranked page not walked ranks every match anyway: it counts them in the same pass
    const statement = statements.bestFirst && !walked && exact === undefined ? statements.countedItems! : statements.items;
    rows = await query(statement.sql, statement.params);
  }
  // The count is only needed when the page does not tell it: a short first page is the whole set
  // (and agrees with its rows even when a write lands between the statements).
  let total: number;
  if (!page.cursor && page.offset === 0 && rows.length < page.limit) total = rows.length;
  else if (exact !== undefined) total = exact;
  else if (rows[0]?.full_count !== undefined) total = Number(rows[0].full_count);
  else if (page.total === 'estimate' && plan && rows.length === page.limit && plan.matches >= TOTAL_PLANNED_FACTOR * (page.offset + page.limit + TOTAL_COUNTED_EXACTLY)) {
    total = Math.max(plan.matches, page.offset + rows.length);
  } else {
    total = Number((await query(statements.count.sql, statements.count.params))[0].total);
    if (page.total === 'estimate' && total === (statements.count.params as { cap?: number }).cap) total = Math.max(total, await plannedRows(query, statements.estimate));
  }
  return { rows, total, order: statements.order, keys: statements.keys };
}

/**
 * The summary's statement: a sum over contact_counts (migrations.ts) when the filters name only what
 * it keeps, over contact_search_terms for a needle they count in a company whose terms are kept,
 * else a count of the contacts themselves (other searches, creation dates).
 */
function summaryStatement(filters: ContactFilters): { sql: string; params: Record<string, unknown> } {
  const counted = contactCountedSql(filters);
  const summary = (from: NonNullable<typeof counted> | null) => {
    const [source, alias, { where, params }] = from ? [from.from, 'n', from] : ['contacts c', 'c', contactFilterSql(filters)];
    const tally = (condition?: string) => {
      const only = condition ? ` filter (where ${condition})` : '';
      return from ? `coalesce(sum(${from.amount})${only}, 0)::int` : `(count(*)${only})::int`;
    };
    return {
      sql: `select ${tally()} as total,
             ${tally(actsAsSql('customer', alias))} as customers,
             ${tally(actsAsSql('supplier', alias))} as suppliers,
             ${tally(from ? 'not n.has_vat' : 'c.vat is null')} as without_vat,
             ${tally(from ? 'n.has_payment_processor' : 'c.payment_processor_id is not null')} as payment_processor_linked
      from ${source} where ${where}`,
      params,
    };
  };
  if (!counted?.kept) return summary(counted);
  // search terms kept for the company: their sums; else the contacts counted (one branch runs)
  const [terms, contacts] = [summary(counted), summary(null)];
  return {
    sql: `select * from (${terms.sql}) s where ${counted.kept} union all select * from (${contacts.sql}) s where not ${counted.kept}`,
    params: { ...contacts.params, ...terms.params },
  };
}

/** The contacts plugin's service; other plugins reach it through ./api.ts. */
export const ContactService = {
  /** The names and IBAN of many contacts at once (reconciliation compares them with bank texts); unknown ids are left out. */
  async identities(tx: Tx, ids: readonly string[]): Promise<{ id: string; name: string; legal_name: string | null; iban: string | null; bic: string | null }[]> {
    if (!ids.length) return [];
    return tx.sql(`select id::text as id, name, legal_name, iban, bic from contacts where tenant_id = :tenant and id = any(:ids::uuid[])`, { ids: pgArray(ids) });
  },

  /** The VAT numbers of many contacts at once, by id, with whether their check digits were found valid (the 349's operators); unknown ids are left out. */
  async vatNumbers(tx: Tx, ids: readonly string[]): Promise<Map<string, { vat: string | null; vatValid: boolean }>> {
    if (!ids.length) return new Map();
    const rows = await tx.sql<{ id: string; vat: string | null; vat_valid: unknown }>(
      `select id::text as id, vat, vat_valid from contacts where tenant_id = :tenant and id = any(:ids::uuid[])`, { ids: pgArray([...new Set(ids)]) });
    return new Map(rows.map((row) => [row.id, { vat: row.vat, vatValid: rowBoolean(row.vat_valid) }]));
  },

  /** The postal codes of many contacts at once, by id (the tax models' provinces); unknown ids are left out, a contact without one maps to null. */
  async postalCodes(tx: Tx, ids: readonly string[]): Promise<Map<string, string | null>> {
    if (!ids.length) return new Map();
    const rows = await tx.sql<{ id: string; postal_code: string | null }>(
      `select id::text as id, postal_code from contacts where tenant_id = :tenant and id = any(:ids::uuid[])`, { ids: pgArray([...new Set(ids)]) });
    return new Map(rows.map((row) => [row.id, row.postal_code]));
  },

  /** The ids of the contacts with these tax numbers (as stored), by number: the oldest contact of each (imports of open items find their counterparties so). */
  async idsByVat(tx: Tx, vats: readonly string[]): Promise<Map<string, string>> {
    if (!vats.length) return new Map();
    const rows = await tx.sql<{ id: string; vat: string }>(`select distinct on (vat) id::text as id, vat from contacts
      where tenant_id = :tenant and vat = any(:vats::text[]) order by vat, created_at, id`, { vats: pgArray([...new Set(vats)]) });
    return new Map(rows.map((row) => [row.vat, row.id]));
  },

  async get(tx: Tx, id: string): Promise<Contact> {
    const contact = await tx.em.findOne(Contact, { id });
    if (!contact) throw new NotFound('Contact not found');
    return contact;
  },

  async create(tx: Tx, input: ContactInput & { kind: ContactKind; name: string }): Promise<Contact> {
    const contact = newContact(tx, input);
    await assertExternalKeyFree(tx, contact);
    await tx.em.flush();
    return contact;
  },

  /**
   * Many contacts in one flush (an import): each input checked as `create` checks it; the first
   * that fails throws with its field's loc. The caller has made sure their external keys are free.
   */
  async createMany(tx: Tx, inputs: readonly (ContactInput & { kind: ContactKind; name: string })[]): Promise<Contact[]> {
    const contacts = inputs.map((input) => newContact(tx, input));
    await tx.em.flush();
    return contacts;
  },

  async update(tx: Tx, id: string, input: ContactInput): Promise<Contact> {
    if (Object.values(input).every((value) => value === undefined)) throw ValidationFailed.field(['body'], 'Send at least one field to change', 'missing');
    for (const required of ['kind', 'name', 'country', 'customer_type', 'customer_and_supplier'] as const) {
      if (input[required] === null) throw ValidationFailed.field(['body', required], 'Cannot be null', 'value_error.none');
    }
    const contact = await ContactService.get(tx, id);
    applyInput(contact, input, false);
    await assertExternalKeyFree(tx, contact);
    await tx.em.flush();
    return contact;
  },

  /** Refused (409) while any document points to the contact; merge it into another contact instead. */
  async delete(tx: Tx, id: string): Promise<void> {
    const contact = await ContactService.get(tx, id);
    const guard = { contactId: contact.id, references: 0 };
    await tx.hook('contact.deleting', guard);
    if (guard.references > 0) {
      throw new Conflict(`The contact has ${guard.references} document(s) or manual journal entries and cannot be deleted; merge it into another contact instead`);
    }
    tx.em.remove(contact);
    await tx.em.flush();
  },

  /**
   * One page of contacts: by name, or by how well they match when searching three or more
   * characters (then by name). `cursor` continues after the last row of a previous page through
   * the same index as the first page (keyset), so a deep page costs what the first costs.
   */
  async list(tx: Tx, filters: ContactFilters, page: ContactPage): Promise<{ items: ContactRow[]; total: number; nextCursor: string | null }> {
    const { rows, total, order, keys } = await readContactPage((sql, params) => tx.sql(sql, params), filters, page);
    const last = rows.length === page.limit ? rows[rows.length - 1] : undefined;
    const items = rows.map(({ sort_key_0: _0, sort_key_1: _1, sort_key_2: _2, full_count: _count, ...row }) => row as ContactRow);
    return { items, total, nextCursor: last ? encodeCursor(order, sortKeyOf(last, keys)) : null };
  },

  /** The best `limit` contacts for the search box (`search.collecting`), and whether there are more. */
  async searchHits(tx: Tx, needle: SearchNeedle, limit: number): Promise<SearchGroup> {
    const document = contactSearchDocument('c');
    const match = contactSearchMatch(needle, 'c', (await contactSearchPlan((sql, params) => tx.sql(sql, params), { search: needle.text })).useIndex);
    const rows = await tx.sql<{ id: string; name: string; vat: string | null; email: string | null; matched: string; score: number }>(`
      select c.id, c.name, c.vat, c.email, ${rankSql(needle, document)} as score,
             ${matchedFieldsSql({ name: 'c.name', legal_name: 'c.legal_name', vat: 'c.vat', email: 'c.email', external_id: 'c.external_id' })} as matched
      from contacts c where c.tenant_id = :tenant and ${match.sql}
      order by score desc, c.name_key, c.id limit :limit`, { ...match.params, limit: limit + 1 });
    return {
      kind: 'contacts',
      items: rows.slice(0, limit).map((r) => ({
        id: r.id, title: r.name, subtitle: [r.vat, r.email].filter(Boolean).join(' · ') || null, matched: matchedFields(r.matched), score: Number(r.score),
      })),
      more: rows.length > limit,
    };
  },

  /**
   * Ids of up to `cap` contacts matching a search, best first: document plugins find drafts (which
   * keep no copy of their contact's name) by their contact's name through this.
   */
  async idsMatching(tx: Tx, needle: SearchNeedle, cap: number): Promise<string[]> {
    const match = contactSearchMatch(needle, 'c', (await contactSearchPlan((sql, params) => tx.sql(sql, params), { search: needle.text })).useIndex);
    const rows = await tx.sql<{ id: string }>(`select c.id from contacts c where c.tenant_id = :tenant and ${match.sql}
      order by ${rankSql(needle, contactSearchDocument('c'))} desc, c.name_key, c.id limit :cap`, { ...match.params, cap });
    return rows.map((r) => r.id);
  },

  async summary(tx: Tx, filters: ContactFilters) {
    const statement = summaryStatement(filters);
    const [row] = await tx.sql<Record<string, number>>(statement.sql, statement.params);
    return { total: row.total, customers: row.customers, suppliers: row.suppliers, without_vat: row.without_vat, payment_processor_linked: row.payment_processor_linked };
  },

  async stats(tx: Tx, id: string): Promise<ContactStats> {
    const contact = await ContactService.get(tx, id);
    const payload = { contactId: contact.id, stats: emptyStats() };
    await tx.hook('contact.stats', payload);
    return payload.stats;
  },

  /**
   * Merges duplicates into `keepId` in the caller's transaction: document plugins re-point their
   * rows (contact.merging), the survivor takes the first duplicate's tax number and country when it
   * has none, is flagged `customer_and_supplier` when the merged contacts were on both sides, and the duplicates are
   * deleted. Any id of another tenant is 404 and nothing changes.
   */
  async merge(tx: Tx, keepId: string, duplicateIds: string[]) {
    const selfIndex = duplicateIds.indexOf(keepId);
    if (selfIndex >= 0) throw ValidationFailed.field(['body', 'duplicate_ids', selfIndex], 'The contact to keep cannot be one of its duplicates', 'value_error.merge_into_itself');
    const found = await tx.em.find(Contact, { id: { $in: [keepId, ...duplicateIds] } }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } });
    const byId = new Map(found.map((c) => [c.id, c]));
    const survivor = byId.get(keepId);
    if (!survivor || duplicateIds.some((id) => !byId.has(id))) throw new NotFound('Contact not found');
    const duplicates = duplicateIds.map((id) => byId.get(id)!);

    if (!survivor.vat) {
      const donor = duplicates.find((d) => d.vat);
      if (donor) {
        survivor.vat = donor.vat;
        survivor.vatValid = donor.vatValid;
        // A tax number belongs to its country: they travel together.
        survivor.country = donor.country;
      }
    }
    survivor.customerAndSupplier = mergedOnBothSides(survivor, duplicates);
    refreshDerived(survivor);

    const merging = { tenantId: tx.tenantId, survivorId: survivor.id, duplicateIds: [...duplicateIds], repointed: 0 };
    // Issued documents and posted journal lines accept a new contact_id only while this is on.
    await tx.sql(`select set_config('cuadra.repointing_contacts', 'on', true) where :tenant::uuid is not null`);
    await tx.hook('contact.merging', merging);
    await tx.sql(`select set_config('cuadra.repointing_contacts', '', true) where :tenant::uuid is not null`);
    for (const duplicate of duplicates) {
      const guard = { contactId: duplicate.id, references: 0 };
      await tx.hook('contact.deleting', guard);
      if (guard.references > 0) throw new Conflict(`Contact ${duplicate.id} still has ${guard.references} document(s) or manual journal entries after the merge; nothing was changed`);
      tx.em.remove(duplicate);
    }
    await tx.em.flush();
    return { contact: survivor, mergedIds: duplicateIds, documentsRepointed: merging.repointed };
  },
};
