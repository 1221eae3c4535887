/**
 * The e-invoice as one semantic model, whatever the syntax: Cuadra's reading of the EN 16931
 * semantic model (with the Spanish parts Facturae adds: series apart from the number, the recargo
 * de equivalencia, IRPF withholdings, the administrative centres of a public administration).
 * Every syntax (Facturae, UBL, CII) writes this model and reads back into it, so an issued invoice
 * goes out in any syntax and a received file of any syntax books the same purchase.
 *
 * Amounts, rates and quantities are decimal strings ("1234.50", "21.00", "1.5"), never numbers;
 * dates are ISO (YYYY-MM-DD). Business terms of EN 16931 are named where they map (BT-n, BG-n).
 */

/** UNTDID 1001: 380 commercial invoice, 381 credit note, 384 corrected invoice. */
export type InvoiceTypeCode = '380' | '381' | '384';

/*
 * Signs, as in EN 16931: a credit note (381) states its amounts as a credit, positive when the
 * seller owes the buyer (Cuadra's rectification of −100.00 is a 381 of 100.00; a syntax whose
 * corrective invoices carry negative amounts, like Facturae, negates them when writing 381). A
 * corrected invoice (384) keeps the rectification's own signs. Unit prices are never negative:
 * a line's sign is in its quantity.
 */

/**
 * UNCL 5305 VAT category (BT-118 / BT-151): S standard, Z zero, E exempt, AE reverse charge,
 * K intra-community supply, G export outside the EU, O not subject, L/M Canary Islands / Ceuta-Melilla,
 * B split payment (Italy's scissione dei pagamenti: the buyer pays the VAT to the Italian treasury;
 * read from received files only, never written).
 */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M' | 'B';

export interface PostalAddress {
  line: string | null;
  city: string | null;
  postalCode: string | null;
  /** Provincia / region (BT-39). */
  province: string | null;
  /** ISO 3166-1 alpha-2 (BT-40), e.g. "ES". */
  country: string;
}

/** DIR3 codes of a Spanish public administration (FACe): role → code. */
export interface AdministrativeCentres {
  /** 01 Oficina contable. */
  accountingOffice: string;
  /** 02 Órgano gestor. */
  managingBody: string;
  /** 03 Unidad tramitadora. */
  processingUnit: string;
  /** 04 Órgano proponente, where the administration uses one. */
  proposingBody?: string | null;
}

export interface EInvoiceParty {
  /** Legal name (BT-27 / BT-44). */
  name: string;
  /**
   * Tax identifier with its country prefix stripped for Spain: a Spanish NIF ("B12345678") or,
   * for a foreign party, the VAT number with its prefix ("FR12345678901") or another id.
   */
  taxId: string | null;
  /** How taxId reads: a Spanish NIF, an EU VAT number, or another identifier (passport, foreign tax number). */
  taxIdKind: 'nif' | 'eu_vat' | 'other' | null;
  /** 'J' legal entity (company), 'F' natural person: Facturae's PersonTypeCode. */
  personType: 'J' | 'F';
  address: PostalAddress;
  email?: string | null;
  /** Registro Mercantil entry of a company issuer, as printed. */
  registry?: string | null;
  /** Only for a public administration buyer (FACe). */
  administrativeCentres?: AdministrativeCentres | null;
}

export interface EInvoiceLine {
  /** BT-126. */
  id: string;
  /** BT-153 item name / Facturae ItemDescription. */
  description: string;
  /** BT-129, with unit BT-130 (UN/ECE rec 20; "C62" one, "HUR" hour). */
  quantity: string;
  unitCode: string;
  /** BT-146: net price of one unit before the line discount. */
  unitPrice: string;
  /** The line's discount as a percentage ("10.00") and an amount (BT-136), or null. */
  discountPct: string | null;
  discountAmount: string | null;
  /** BT-131: quantity × price − discount, the taxable base. */
  netAmount: string;
  vat: { category: VatCategory; rate: string; exemptionReason?: string | null; exemptionCode?: string | null };
  /** Recargo de equivalencia on this line, or null. */
  surchargeRate: string | null;
  /** IRPF withholding on this line, or null. */
  withholdingRate: string | null;
  /**
   * Set on a line a reader made of a document-level allowance (BG-20) or charge (BG-21): what it
   * was and why (BT-97 / BT-104; Facturae's DiscountReason / ChargeReason). Absent on invoice lines.
   */
  adjustment?: { kind: 'allowance' | 'charge'; reason: string | null } | null;
}

/** One VAT breakdown group (BG-23): per category and rate. */
export interface EInvoiceVat {
  category: VatCategory;
  rate: string;
  base: string;
  amount: string;
  /** Recargo de equivalencia charged with this group, when there is one. */
  surchargeRate?: string | null;
  surchargeAmount?: string | null;
  exemptionReason?: string | null;
  exemptionCode?: string | null;
}

export interface EInvoiceWithholding {
  rate: string;
  base: string;
  amount: string;
}

export interface EInvoiceTotals {
  /** BT-106: Σ line net amounts. */
  lineTotal: string;
  /** BT-109: total without VAT (= lineTotal; Cuadra has no document-level allowances). */
  taxExclusive: string;
  /** BT-110: VAT total. */
  vatTotal: string;
  /** Recargo de equivalencia total (a Spanish tax beside VAT). */
  surchargeTotal: string;
  /** BT-112: total with VAT and recargo. */
  taxInclusive: string;
  withholdingTotal: string;
  /** BT-113: already paid. */
  prepaid: string;
  /** BT-115: due = taxInclusive − withholdingTotal − prepaid. */
  payable: string;
}

export interface EInvoicePayment {
  /** UNCL 4461: 30 credit transfer, 58 SEPA credit transfer, 59 SEPA direct debit, 10 cash, 48 card. */
  meansCode: string;
  iban?: string | null;
  bic?: string | null;
  dueDate?: string | null;
}

export interface EInvoice {
  typeCode: InvoiceTypeCode;
  /** Full number as issued (BT-1), e.g. "F-2026-000001"; `series` is its series ("F"). */
  number: string;
  series: string | null;
  issueDate: string;
  /** Date of the operation when it differs from the issue date (BT-7 / BT-72). */
  operationDate: string | null;
  dueDate: string | null;
  /** ISO 4217 (BT-5); amounts are in this currency. */
  currency: string;
  /** BT-10, Facturae's FileReference: what the buyer asked to quote. */
  buyerReference: string | null;
  /**
   * BT-20 payment terms, in words, when there is no due date (e.g. "Pago a la recepción de la
   * factura"): EN 16931 wants one or the other when an amount is due (BR-CO-25). Optional.
   */
  paymentTerms?: string | null;
  /**
   * BT-80 deliver-to country (ISO 3166-1 alpha-2) of the goods, required with an intra-community
   * supply (category K, BR-IC-12); the buyer's country unless known otherwise. Optional.
   */
  deliveryCountry?: string | null;
  notes: readonly string[];
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  lines: readonly EInvoiceLine[];
  vat: readonly EInvoiceVat[];
  withholdings: readonly EInvoiceWithholding[];
  totals: EInvoiceTotals;
  payment: EInvoicePayment | null;
  /** For a rectification (BG-3): the invoice it corrects and why (Facturae Corrective). */
  corrects: {
    number: string;
    series: string | null;
    issueDate: string;
    /** Facturae ReasonCode "01".."85" and its text; CorrectionMethod "01" full, "02" differences. */
    reasonCode: string;
    reasonText: string;
    method: '01' | '02' | '03' | '04';
  } | null;
  /** Mandatory legends (exemptions with their legal reference, reverse charge). */
  legends: readonly string[];
  /**
   * What a reader accepted although the received file departs from its format's own rules, each
   * saying how (a producer's Facturae `InvoiceTotal` written before the withholding). The amounts
   * read are the consistent ones; whoever books the file leaves it for a person to check. Set by
   * readers only, never written.
   */
  readerFindings?: readonly string[];
}
