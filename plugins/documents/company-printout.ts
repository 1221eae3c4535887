import type { Kernel } from '../../kernel/kernel';
import type { Tx } from '../../kernel/uow';
import { registryLine, registryOf, TenantService, type PaymentMethod } from '../tenants/api';
import { partyOfTenant } from './document';
import { collectionAccount, paymentLines } from './payment-details';

/**
 * What the company prints on every document of any kind: its party data (for a draft, which has
 * no snapshot yet), its Registro Mercantil line, how to pay it ("Forma de pago: Transferencia —
 * IBAN …", the IBAN from `collection-accounts`) and its logo. Spread into a kind's printable input.
 */
export async function companyPrintout(kernel: Kernel, tx: Tx) {
  const tenant = await TenantService.current(tx);
  const registry = registryOf(tenant);
  const account = await collectionAccount(kernel, tx);
  return {
    issuer: partyOfTenant(tenant),
    issuerRegistry: registry ? registryLine(registry) : null,
    paymentLines: paymentLines((tenant.defaultPaymentMethod ?? null) as PaymentMethod | null, account?.iban ?? null),
    logo: tenant.logoToken ? (await TenantService.logo(tx, tenant.logoToken, kernel.files)) ?? null : null,
  };
}
