import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import { PAYMENT_METHODS, type PaymentMethod } from '../tenants/api';

/**
 * `collection-accounts`: where the company's customers pay, for the documents to print it. The
 * treasury plugin contributes the treasury marked as collection account (without depending on this
 * plugin: `contributesIfInstalled`), so documents never read treasury tables and work without it.
 */
export interface CollectionAccountSource {
  name: string;
  load(tx: Tx): Promise<{ name: string; iban: string } | null>;
}

declare module '../../kernel/extensions' {
  interface ExtensionPoints {
    'collection-accounts': CollectionAccountSource;
  }
}

export const collectionAccountsPoint = {
  'collection-accounts': { description: 'the bank account a company\'s customers pay into, printed on its documents', key: (source: CollectionAccountSource) => source.name },
};

/** The first account a contributor knows, or null. */
export async function collectionAccount(kernel: Kernel, tx: Tx) {
  for (const source of kernel.contributions('collection-accounts')) {
    const account = await source.load(tx);
    if (account) return account;
  }
  return null;
}

/** "ES9121000418450200051332" → "ES91 2100 0418 4502 0005 1332". */
export const printableIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** "Forma de pago: Transferencia — IBAN ES91 …"; the IBAN alone when no method is set; nothing when neither is. */
export function paymentLines(method: PaymentMethod | null, iban: string | null): string[] {
  const account = iban ? `IBAN ${printableIban(iban)}` : null;
  if (!method) return account ? [`Pago por transferencia a ${account}`] : [];
  const label = `Forma de pago: ${PAYMENT_METHODS[method]}`;
  return [method === 'transfer' && account ? `${label} — ${account}` : label];
}
