/**
 * The Facturae versions Cuadra reads, told apart by the root element's namespace (each version's
 * official schema has its own target namespace and a `SchemaVersion` enumeration of one value).
 * What the versions differ in, from their official schemas (facturae.gob.es):
 *
 * - 3.2 (2009) → 3.2.1 (2014): the amounts' decimal types. 3.2 writes totals, tax amounts and
 *   rates with exactly two decimals, line prices, costs and gross amounts, discount and charge
 *   amounts with exactly six, discount and charge rates with exactly four (unsigned); 3.2.1 allows
 *   up to eight decimals in them, except the equivalence surcharge rate, the installment amount,
 *   the equivalents in euros and the total financial expenses, which keep exactly two in every
 *   version. 3.2.1 adds the tax type codes 20 to 29.
 * - 3.2.1 → 3.2.2 (2015, Orden HAP/1650/2015): `InvoiceIssueData` gains `InvoiceDescription`,
 *   `ReceiverTransactionReference`, `FileReference` and `ReceiverContractReference`;
 *   `Corrective` gains the corrected invoice's `InvoiceIssueDate`; `InvoiceTotals` gains
 *   `PaymentInKind`; factoring gains `FactoringAssignmentDocument`; unit of measure `36`; the
 *   attachment format `html`.
 *
 * Everything else the reader relies on (structure, element names and order, code lists) is the
 * same in the three.
 */
export type FacturaeVersion = '3.2' | '3.2.1' | '3.2.2';

export const FACTURAE_NAMESPACES: Readonly<Record<FacturaeVersion, string>> = {
  '3.2': 'http://www.facturae.es/Facturae/2009/v3.2/Facturae',
  '3.2.1': 'http://www.facturae.es/Facturae/2014/v3.2.1/Facturae',
  '3.2.2': 'http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml',
};

/** Earlier versions, recognised so that the refusal can name them. */
const EARLIER: Readonly<Record<string, string>> = {
  'http://www.facturae.es/Facturae/2007/v3.1/Facturae': '3.1',
  'http://www.facturae.es/Facturae/2007/v3.0/Facturae': '3.0',
};

/** The version a root namespace declares; `refused` names a Facturae version Cuadra does not read. */
export function facturaeVersionOf(namespace: string | null): { version: FacturaeVersion } | { refused: string } | null {
  const version = (Object.keys(FACTURAE_NAMESPACES) as FacturaeVersion[]).find((v) => FACTURAE_NAMESPACES[v] === namespace);
  if (version) return { version };
  const earlier = namespace ? EARLIER[namespace] : undefined;
  return earlier ? { refused: earlier } : null;
}

/** Whether a root element is Facturae of any version (the reader refuses those it does not read, naming them). */
export const isFacturaeRoot = (namespace: string | null, localName: string): boolean =>
  localName === 'Facturae' && facturaeVersionOf(namespace) !== null;

/** Elements 3.2.2 introduced: present in an earlier version's file, they break its schema. */
export const ONLY_IN_3_2_2 = {
  InvoiceIssueData: ['InvoiceDescription', 'ReceiverTransactionReference', 'FileReference', 'ReceiverContractReference'],
  Corrective: ['InvoiceIssueDate'],
  InvoiceTotals: ['PaymentInKind'],
} as const;

/** The elements every version writes with exactly two decimals (DoubleTwoDecimalType in 3.2.1 and 3.2.2 too): EquivalenceSurcharge, InstallmentAmount, EquivalentInEuros, TotalFinancialExpenses. */
export const EXACTLY_TWO_DECIMALS = /^-?\d+\.\d{2}$/;

/** Facturae 3.2's exact decimal patterns (its DoubleTwoDecimalType, DoubleFourDecimalType, DoubleSixDecimalType). */
export const FACTURAE_3_2_DECIMALS = {
  two: { pattern: /^-?\d+\.\d{2}$/, what: 'an amount with exactly two decimals (Facturae 3.2)' },
  four: { pattern: /^\d+\.\d{4}$/, what: 'a rate with exactly four decimals (Facturae 3.2)' },
  six: { pattern: /^-?\d+\.\d{6}$/, what: 'an amount with exactly six decimals (Facturae 3.2)' },
} as const;
