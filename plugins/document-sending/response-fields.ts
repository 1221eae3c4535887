import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import { LastSent } from './schemas';
import { lastSendings } from './service';

/**
 * `last_sent` on invoices, through the invoices plugin's points when it is installed (plain values:
 * this plugin does not depend on invoices). A just-issued invoice was never sent: the issue
 * statement's part answers null without a read, so issuing keeps its one-statement path.
 */
export const invoiceLastSent = {
  'invoice-response-fields': [{
    name: 'last_sent', schema: LastSent,
    load: (_kernel: Kernel, tx: Tx, ids: readonly string[]) => lastSendings(tx, ids),
    fromIssue: () => null,
  }],
  'invoice-issue-statement': [{ name: 'last_sent', plan: () => ({ expression: 'null::jsonb', params: {} }) }],
};
