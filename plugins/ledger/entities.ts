import { defineEntity, p, Type } from '@mikro-orm/core';

/**
 * A `date` column as 'YYYY-MM-DD' on both drivers: PGlite's parser hands the ORM a Date (UTC
 * midnight), the PostgreSQL driver a string. The books count days, never instants.
 */
export class IsoDateType extends Type<string, string> {
  override convertToJSValue(value: string | Date): string {
    return value instanceof Date ? value.toISOString().slice(0, 10) : value;
  }
  override convertToDatabaseValue(value: string): string { return value; }
  override getColumnType(): string { return 'date'; }
}

/**
 * An account of the tenant's chart (PGC code such as '430', '4300' or '4300001'). The parent is the
 * longest shorter code of the chart that prefixes it; headings (groups, subgroups, accounts with
 * sub-accounts in the seed) take no postings.
 */
export const AccountSchema = defineEntity({
  name: 'Account',
  tableName: 'accounts',
  properties: {
    tenantId: p.uuid().primary(),
    code: p.text().collation('C').primary(),
    name: p.text(),
    group: p.smallint().fieldName('account_group'),
    parentCode: p.text().collation('C').nullable(),
    isPostable: p.boolean(),
    createdByTenant: p.boolean(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Account extends AccountSchema.class {}
AccountSchema.setClass(Account);

/**
 * A posted journal entry (asiento). Immutable once committed: the database refuses UPDATE and DELETE.
 * Written by LedgerService only (raw SQL, one statement per entry and one for its lines).
 */
export const JournalEntrySchema = defineEntity({
  name: 'JournalEntry',
  tableName: 'journal_entries',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    number: p.integer(),
    date: p.type(IsoDateType).$type<string>(),
    description: p.text(),
    sourceType: p.text(),
    sourceId: p.uuid().nullable(),
    reversalOf: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** The transaction that posted the entry (the lines trigger admits lines only from it). */
    postedXact: p.string().columnType('xid8').lazy().hidden(),
  },
});
export class JournalEntry extends JournalEntrySchema.class {}
JournalEntrySchema.setClass(JournalEntry);

/** One line (apunte) of an entry: exactly one of debit and credit is positive. */
export const JournalLineSchema = defineEntity({
  name: 'JournalLine',
  tableName: 'journal_lines',
  properties: {
    tenantId: p.uuid().primary(),
    entryId: p.uuid().primary(),
    lineNo: p.integer().primary(),
    entryDate: p.type(IsoDateType).$type<string>(),
    accountCode: p.text().collation('C'),
    debit: p.decimal('string').precision(18).scale(2),
    credit: p.decimal('string').precision(18).scale(2),
    contactId: p.uuid().nullable(),
    taxTypeId: p.uuid().nullable(),
    taxBase: p.decimal('string').precision(18).scale(2).nullable(),
  },
});
export class JournalLine extends JournalLineSchema.class {}
JournalLineSchema.setClass(JournalLine);
