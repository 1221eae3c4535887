import { t } from 'elysia';
import { ValidationFailed } from '../../kernel/errors';
import type { Tx } from '../../kernel/uow';
import { isIsoDate } from '../ledger/api';
import { unansweredPurchases } from './service';

/**
 * The `einvoice-unanswered` dashboard widget (the dashboards plugin's `widget-types`, when it is
 * installed): received invoices past their four days without an acceptance or a rejection.
 */
export const unansweredWidget = {
  type: 'einvoice-unanswered',
  title: 'Unanswered received invoices',
  description: 'Received invoices not accepted nor rejected within four calendar days of their booking, the oldest deadline first',
  defaultSize: { w: 6, h: 3 },
  recommended: 88,
  reads: ['purchases.read'],
  query: t.Object({
    limit: t.Optional(t.Integer({ minimum: 1, maximum: 50, default: 8 })),
    as_of: t.Optional(t.String({ default: '', description: 'The day to judge on (YYYY-MM-DD); today when empty' })),
  }),
  async data(tx: Tx, params: Record<string, any>, context: { today: string }) {
    const asOf = (params.as_of as string) || context.today;
    // a real calendar day: Date.parse takes 2026-02-30 as 2 March, the database refuses it
    if (!isIsoDate(asOf)) throw ValidationFailed.field(['query', 'as_of'], 'A date YYYY-MM-DD', 'value_error.date');
    const page = await unansweredPurchases(tx, { asOf, limit: params.limit, offset: 0 });
    return { as_of: asOf, total: page.total, items: page.items };
  },
};
