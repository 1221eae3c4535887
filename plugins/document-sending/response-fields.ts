import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import { LastSent } from './schemas';
import { lastSendings } from './service';

/**
 * `last_sent` on invoices, through the invoices plugin's response fields when it is installed (plain
 * values: this plugin does not depend on invoices). A just-issued invoice was never sent: an issue
 * step of the documents plugin answers null inside the issue statement, so issuing keeps its
 * one-statement path without a read of the sendings.
 */
export const invoiceLastSent = {
  'invoice-response-fields': [{
    name: 'last_sent', schema: LastSent,
    load: (_kernel: Kernel, tx: Tx, ids: readonly string[]) => lastSendings(tx, ids),
    fromIssue: () => null,
  }],
  'document-issue-steps': [{ name: 'last_sent', kinds: ['invoice'], plan: () => ({ answer: 'null::jsonb', params: {} }) }],
};
