import { t } from 'elysia';
import { Nullable } from '../../kernel/schemas';

const Money = t.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$', description: 'Decimal string, two decimals' });

export const FiscalYearResponse = t.Object({
  year: t.Integer({ description: 'The calendar year in which the fiscal year starts' }),
  start_date: t.String({ format: 'date', description: 'First day (the first day of the company\'s first month)' }),
  end_date: t.String({ format: 'date', description: 'Last day' }),
  status: t.Union([t.Literal('open'), t.Literal('closed')]),
  result: t.String({ ...Money, description: 'Income (group 7) less expenses (group 6): profit positive. A closed year keeps the result its regularisation posted to 129.' }),
  locked_until: Nullable(t.String({ format: 'date', description: 'The period lock as it bears on this year: the lock date when it falls inside it, the last day when later, null when earlier' })),
  closed_at: Nullable(t.String({ format: 'date-time' })),
  closed_by: Nullable(t.String({ description: 'The user who closed it' })),
  forced: Nullable(t.Boolean({ description: 'Closed with force: true despite pending drafts or movements' })),
  entries: Nullable(t.Object({
    regularisation: Nullable(t.String({ format: 'uuid' })),
    closing: Nullable(t.String({ format: 'uuid' })),
    opening: Nullable(t.String({ format: 'uuid' })),
  }, { description: 'The journal entries of the closing (null when there was nothing to post)' })),
});

const PostedEntry = Nullable(t.Object({ id: t.String({ format: 'uuid' }), number: t.Integer(), date: t.String({ format: 'date' }), lines: t.Integer() }));

export const FiscalYearClosingResponse = t.Composite([FiscalYearResponse, t.Object({
  posted: t.Object({ regularisation: PostedEntry, closing: PostedEntry, opening: PostedEntry }, {
    description: 'What this call posted: on close the three entries, on reopen their counter-entries',
  }),
})]);

export const FiscalYearClose = t.Object({
  force: t.Optional(t.Boolean({ description: 'Close even with draft documents or unreconciled bank movements dated in the year' })),
}, { additionalProperties: false });

export const FiscalYearClosingHistory = t.Array(t.Object({
  id: t.String({ format: 'uuid' }),
  result: Money,
  forced: t.Boolean(),
  lock_before: Nullable(t.String({ format: 'date' })),
  closed_at: t.String({ format: 'date-time' }),
  closed_by: Nullable(t.String()),
  reopened_at: Nullable(t.String({ format: 'date-time' })),
  reopened_by: Nullable(t.String()),
}));

export const fiscalYearModels = { FiscalYearResponse, FiscalYearClosingResponse, FiscalYearClose };
