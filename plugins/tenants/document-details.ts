import { t } from 'elysia';
import { literalUnion } from '../../kernel/schemas';

/**
 * What a company prints on its documents besides its name, tax number and address: its entry in
 * the Registro Mercantil (art. 24 RRM requires it on a registered company's documents) and how its
 * customers pay it by default.
 */
export interface MercantileRegistry { registry: string; tomo: string; folio: string; hoja: string; inscripcion: string }

export const MercantileRegistrySchema = t.Object({
  registry: t.String({ minLength: 2, maxLength: 100, pattern: '^[^\\s].*[^\\s]$', description: 'The Registro Mercantil (its seat), e.g. "Madrid"', examples: ['Madrid'] }),
  tomo: t.String({ pattern: '^[0-9]{1,6}$', examples: ['12345'] }),
  folio: t.String({ pattern: '^[0-9]{1,5}$', examples: ['67'] }),
  hoja: t.String({ pattern: '^[A-Z]{1,3}-?[0-9]{1,8}$', description: 'Sheet number with the registry\'s letters, e.g. "M-123456"', examples: ['M-123456'] }),
  inscripcion: t.String({ pattern: '^[0-9]{1,4}ª?$', description: 'e.g. "1ª"', examples: ['1ª'] }),
}, { additionalProperties: false, description: 'The company\'s entry in the Registro Mercantil, printed on its documents (art. 24 RRM); null for none (e.g. a sole trader)' });

/** "Inscrita en el Registro Mercantil de Madrid, tomo 12345, folio 67, hoja M-123456, inscripción 1ª". */
export const registryLine = (entry: MercantileRegistry) =>
  `Inscrita en el Registro Mercantil de ${entry.registry}, tomo ${entry.tomo}, folio ${entry.folio}, hoja ${entry.hoja}, inscripción ${entry.inscripcion}`;

export const PAYMENT_METHOD_NAMES = ['transfer', 'direct_debit', 'cash', 'card', 'cheque', 'bizum'] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD_NAMES)[number];

/** The words printed for each payment method. */
export const PAYMENT_METHODS: Record<PaymentMethod, string> = {
  transfer: 'Transferencia',
  direct_debit: 'Domiciliación bancaria',
  cash: 'Efectivo',
  card: 'Tarjeta',
  cheque: 'Cheque',
  bizum: 'Bizum',
};

export const PaymentMethodSchema = literalUnion(PAYMENT_METHOD_NAMES, {
  description: 'How customers pay by default, printed on invoices ("Forma de pago"); with `transfer`, the IBAN of the treasury marked as collection account follows',
});
