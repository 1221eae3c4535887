import { t } from 'elysia';
import { MONEY_PATTERN } from '../../kernel/money';

const Uuid = t.String({ format: 'uuid' });
const NullableUuid = t.Union([Uuid, t.Null()]);
const IsoDate = t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD', examples: ['2026-01-15'] });
const Timestamp = t.String({ format: 'date-time' });
const Money = t.String({ pattern: MONEY_PATTERN, description: 'Decimal string with two decimals', examples: ['1210.00'] });
const PositiveMoney = t.String({ pattern: '^\\d{1,15}(\\.\\d{1,2})?$', description: 'Non-negative decimal string, at most two decimals', examples: ['1210.00'] });
export const AccountCode = t.String({ pattern: '^[1-9][0-9]{0,11}$', description: 'PGC account code (1–12 digits)', examples: ['4300', '477', '4300001'] });

const JournalLineResponse = t.Object({
  line_no: t.Integer({ minimum: 1 }),
  account: t.String(),
  account_name: t.String(),
  debit: Money,
  credit: Money,
  contact_id: NullableUuid,
  tax_type_id: NullableUuid,
  tax_base: t.Union([Money, t.Null()]),
});

export const JournalEntryResponse = t.Object({
  id: Uuid,
  number: t.Integer({ minimum: 1, description: 'Gapless per company, in posting order' }),
  date: IsoDate,
  description: t.String(),
  source_type: t.String({ description: '"manual", "invoice", "purchase", …' }),
  source_id: NullableUuid,
  reversal_of: t.Union([Uuid, t.Null()], { description: 'The entry this one reverses' }),
  reversed_by: t.Union([Uuid, t.Null()], { description: 'The entry that reverses this one' }),
  created_at: Timestamp,
  lines: t.Array(JournalLineResponse),
});

const JournalLineCreate = t.Object({
  account: AccountCode,
  debit: t.Optional(PositiveMoney),
  credit: t.Optional(PositiveMoney),
  contact_id: t.Optional(NullableUuid),
  tax_type_id: t.Optional(NullableUuid),
  tax_base: t.Optional(t.Union([Money, t.Null()])),
}, { additionalProperties: false, description: 'Exactly one of debit and credit is positive.' });

export const JournalEntryCreate = t.Object({
  date: IsoDate,
  description: t.String({ minLength: 1, maxLength: 500 }),
  lines: t.Array(JournalLineCreate, { minItems: 2, maxItems: 1000 }),
}, { additionalProperties: false, description: 'A manual entry (payroll, amortisation, opening balances…): debits must equal credits.' });

export const JournalEntryReverse = t.Object({
  date: t.Optional(IsoDate),
  description: t.Optional(t.String({ minLength: 1, maxLength: 500 })),
}, { additionalProperties: false, description: 'The reversal date defaults to today (Europe/Madrid); it may not precede the original entry.' });

export const AccountCreate = t.Object({
  code: t.String({ pattern: '^[1-9][0-9]{3,11}$', description: 'A sub-account code of 4–12 digits starting with its parent\'s code', examples: ['4300001'] }),
  name: t.String({ minLength: 1, maxLength: 200 }),
  parent_code: t.Optional(t.Union([AccountCode, t.Null()], { description: 'Defaults to the longest existing account that prefixes the code' })),
}, { additionalProperties: false });

export const AccountResponse = t.Object({
  code: t.String(),
  name: t.String(),
  group: t.Integer({ minimum: 1, maximum: 9 }),
  parent_code: t.Union([t.String(), t.Null()]),
  is_postable: t.Boolean({ description: 'False for group headings, which take no postings' }),
  created_by_tenant: t.Boolean(),
  debit: Money,
  credit: Money,
  balance: Money,
});

const TrialBalanceRow = t.Object({
  account: t.String(),
  name: t.Union([t.String(), t.Null()]),
  debit: Money,
  credit: Money,
  balance: Money,
  debit_balance: Money,
  credit_balance: Money,
});

export const TrialBalanceResponse = t.Object({
  from: t.Union([IsoDate, t.Null()]),
  to: t.Union([IsoDate, t.Null()]),
  level: t.Union([t.Integer(), t.Null()]),
  accounts: t.Array(TrialBalanceRow),
  totals: t.Object({ debit: Money, credit: Money, balance: Money, debit_balance: Money, credit_balance: Money }),
}, { description: 'Balance de sumas y saldos: debit and credit sums of the period per account; totals.debit = totals.credit.' });

export const LedgerAccountStatement = t.Object({
  account: t.String(),
  name: t.String(),
  from: t.Union([IsoDate, t.Null()]),
  to: t.Union([IsoDate, t.Null()]),
  opening_balance: Money,
  debit: Money,
  credit: Money,
  closing_balance: Money,
  items: t.Array(t.Object({
    entry_id: Uuid,
    entry_number: t.Integer(),
    date: IsoDate,
    description: t.String(),
    line_no: t.Integer(),
    account: t.String(),
    debit: Money,
    credit: Money,
    balance: Money,
    contact_id: NullableUuid,
    source_type: t.String(),
    source_id: NullableUuid,
  })),
  total: t.Integer(),
  limit: t.Integer(),
  offset: t.Integer(),
}, { description: 'Libro mayor of an account and its sub-accounts, with a running balance from the opening balance.' });

export const PaginatedJournal = t.Object({
  items: t.Array(JournalEntryResponse),
  total: t.Integer(),
  limit: t.Integer(),
  offset: t.Integer(),
});

export const LockDate = t.Union([t.String({ format: 'date', description: 'YYYY-MM-DD' }), t.Null()]);
export const LedgerLockUpdate = t.Object({
  locked_until: t.Union([t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'Nothing dated on or before this day may be posted (YYYY-MM-DD)' }), t.Null()], {
    description: 'The new lock date; null lifts the lock. Moving the date back (or lifting it) is for an owner only.',
  }),
}, { additionalProperties: false });
export const LedgerLockChange = t.Object({
  id: t.String({ format: 'uuid' }),
  changed_at: t.String({ format: 'date-time' }),
  user_id: t.Union([t.String(), t.Null()], { description: 'Who moved it (the user, or the user behind the API key)' }),
  api_key_id: t.Union([t.String(), t.Null()]),
  role: t.Union([t.String(), t.Null()], { description: 'Their role in the company at the time' }),
  from: LockDate,
  to: LockDate,
  reason: t.String({ description: '`manual` (PUT /ledger/lock), `fiscal_year.close` or `fiscal_year.reopen`' }),
});
export const LedgerLockResponse = t.Object({
  locked_until: LockDate,
  history: t.Array(LedgerLockChange, { description: 'Every change of the lock, oldest first' }),
});

export const ledgerModels = {
  LedgerLockUpdate,
  LedgerLockResponse,
  JournalEntryResponse,
  JournalEntryCreate,
  JournalEntryReverse,
  AccountCreate,
  AccountResponse,
  TrialBalanceResponse,
  LedgerAccountStatement,
  PaginatedResponse_JournalEntryResponse_: PaginatedJournal,
};

const Limit = t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 }));
const Offset = t.Optional(t.Integer({ minimum: 0, maximum: 10_000_000, default: 0 }));
const Period = { from: t.Optional(IsoDate), to: t.Optional(IsoDate) };

export const JournalQuery = t.Object({
  limit: Limit,
  offset: Offset,
  ...Period,
  account: t.Optional(t.String({ pattern: '^[0-9]{1,12}$', description: 'Entries with a line on an account starting with this code' })),
  source_type: t.Optional(t.String({ pattern: '^[a-z][a-z0-9_.-]{0,49}$' })),
  source_id: t.Optional(Uuid),
  contact_id: t.Optional(Uuid),
});
export const ChartQuery = t.Object({ ...Period, prefix: t.Optional(t.String({ pattern: '^[0-9]{1,12}$' })) });
export const TrialBalanceQuery = t.Object({
  ...Period,
  level: t.Optional(t.Integer({ minimum: 1, maximum: 12, description: 'Aggregate by code prefixes of this many digits' })),
  before_closing: t.Optional(t.Boolean({ description: 'Leave out closing entries (asiento de cierre) dated in the period: a closed year as it stood before its balance-sheet accounts were brought to zero. The regularisation (groups 6 and 7 into 129) stays.' })),
});

export const StatementQuery = t.Object({ limit: Limit, offset: Offset, ...Period });
export const ExportQuery = t.Object({
  format: t.Optional(t.Union([t.Literal('csv'), t.Literal('xlsx'), t.Literal('hledger'), t.Literal('a3'), t.Literal('contaplus')], {
    default: 'csv',
    description: 'csv / xlsx: the generic journal file; hledger: a plain-text journal; a3: SUENLACE.DAT (fixed width, 254-character entry lines); contaplus: XDiario, or XSubCta with part=accounts (docs/domain/firm-formats.md)',
  })),
  ...Period,
  part: t.Optional(t.Union([t.Literal('journal'), t.Literal('accounts')], { default: 'journal', description: 'contaplus only: the journal (XDiario) or the sub-accounts with a line in the period (XSubCta)' })),
  digits: t.Optional(t.Integer({ minimum: 4, maximum: 12, description: 'a3 and contaplus: write every account code with this many digits, as the firm\'s company is set up (4300007 → 43000007 for 8); omitted, codes are written as they are' })),
  company: t.Optional(t.String({ pattern: '^[0-9]{1,5}$', description: 'a3 only: the company code in A3 (positions 2–6), default 00001' })),
});

export const JournalImportBody = t.Object({
  file: t.File({ description: 'A journal file: CSV (comma or semicolon) or XLSX, one row per line with the columns entry_number, date, description, account, debit, credit (account_name optional), the layout GET /ledger/export writes; or an A3 SUENLACE.DAT (entry lines, record 0) or a ContaPlus XDiario (docs/domain/firm-formats.md)' }),
  format: t.Optional(t.Union([t.Literal('csv'), t.Literal('xlsx'), t.Literal('a3'), t.Literal('contaplus')], { description: 'The file\'s format; omitted, it is recognised from the file' })),
  accounts: t.Optional(t.File({ description: 'contaplus: the XSubCta file, whose titles name the sub-accounts the import creates' })),
  company: t.Optional(t.String({ pattern: '^[0-9]{1,5}$', description: 'a3 only: the company code in A3 (positions 2–6) the file must carry; a file with another code, or with several, is refused (422 naming the lines)' })),
  mapping: t.Optional(t.Union([t.String(), t.Record(t.String(), t.Unknown())], {
    description: 'A JSON object mapping the file\'s account codes to accounts of the chart, e.g. {"43000012":"4300012","572001":"5720001"}',
  })),
});

export const JournalImportResponse = t.Object({
  id: t.String({ format: 'uuid' }),
  file_name: t.String(),
  content_sha256: t.String({ description: 'SHA-256 of the file: the same content imported again posts nothing and answers this import' }),
  entries: t.Integer(),
  lines: t.Integer(),
  accounts_created: t.Array(t.String(), { description: 'Sub-accounts the import added to the chart under their PGC group' }),
  first_number: t.Union([t.Integer(), t.Null()]),
  last_number: t.Union([t.Integer(), t.Null()]),
  created_at: t.String({ format: 'date-time' }),
  already_imported: t.Boolean({ description: 'true when this content was imported before (nothing posted now)' }),
});
