import { t } from 'elysia';
import { literalUnion } from '../../kernel/schemas';

const Format = t.Optional(literalUnion(['pdf', 'xlsx', 'csv'] as const, { default: 'pdf', description: '`pdf` (default), `xlsx` or `csv` (UTF-8 with BOM, `;` separated)' }));
const Day = (description: string) => t.Optional(t.String({ format: 'date', description }));

export const BookQuery = t.Object({ from: Day('First day (inclusive); the beginning of the books when omitted'), to: Day('Last day (inclusive); today when omitted'), format: Format });
export const LedgerBookQuery = t.Object({
  from: Day('First day (inclusive); the balance before it opens each account'), to: Day('Last day (inclusive)'), format: Format,
  account: t.Optional(t.String({ pattern: '^[1-9][0-9]{0,11}$', description: 'Only accounts starting with this code, e.g. 43 or 4300001' })),
});
export const TrialBookQuery = t.Object({
  from: Day('First day (inclusive)'), to: Day('Last day (inclusive)'), format: Format,
  level: t.Optional(t.Integer({ minimum: 1, maximum: 12, description: 'Group by code prefixes of this many digits (3: the PGC\'s accounts); every account when omitted' })),
});

export const InventoriesParams = t.Object({ year: t.Integer({ minimum: 1900, maximum: 2999, description: 'The fiscal year (the calendar year it starts in)' }) });
export const InventoriesQuery = t.Object({
  model: t.Optional(literalUnion(['pymes', 'abreviado', 'normal'] as const, { default: 'pymes', description: 'The model of the annual accounts transcribed' })),
});
