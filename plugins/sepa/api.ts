/**
 * What other plugins may use from the SEPA plugin: the pure file builders and identifiers (for a
 * reconciliation proposal, a bench or another bank format). The plugin provides no service yet.
 */
export { creditorIdentifier, validBic, validIban } from './identifiers';
export { sepaText } from './sepa-text';
export { creditTransferXml, PAIN_001_NAMESPACE, type CreditTransfer, type CreditTransferOrder } from './pain001';
export { directDebitXml, MANDATE_SCHEMES, PAIN_008_NAMESPACE, SEQUENCE_TYPES, type DirectDebit, type DirectDebitRemittance, type MandateScheme, type SequenceType } from './pain008';
export { nextSequenceType, MANDATE_TYPES, type MandateType } from './mandates';
