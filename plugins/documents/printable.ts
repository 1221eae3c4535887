import type { Party } from './document';

/**
 * A document as it is printed, whatever its kind: what a document format (`document-formats`)
 * renders. Kinds map their document to it (invoices: plugins/invoices/printable.ts). Amounts,
 * rates and quantities are decimal strings as on the wire ("1234.50", "21.00", "1.5"); dates are
 * ISO (YYYY-MM-DD). Labels are already in the document's language.
 */
export interface PrintableDocument {
  /** e.g. "FACTURA", "FACTURA RECTIFICATIVA", "PRESUPUESTO", "FACTURA PROFORMA". */
  title: string;
  /** Lines printed in bold under the title, e.g. "Sin validez fiscal". */
  notices?: readonly string[];
  /** The file's title in its metadata, e.g. "Factura F-2026-000001". */
  documentTitle: string;
  /** Number or null (a draft); `reference` prints in the footer, e.g. the number or "Borrador". */
  number: string | null;
  reference: string;
  /** Right-aligned heading lines after the number, e.g. ["Serie: F", "Fecha de expedición: 01/10/2026"]: use `printableDate`. */
  headingLines: readonly string[];
  createdAt: Date;
  issuer: Party;
  /** The issuer's Registro Mercantil entry (RRM art. 24), printed under its address and in the footer. */
  issuerRegistry?: string | null;
  customer: Party;
  customerLabel?: string;
  /** A bold first line and paragraphs, before the lines: a rectified invoice, the quote an invoice came from. */
  preamble?: { heading: string; paragraphs: readonly string[] } | null;
  lines: readonly PrintableLine[];
  taxes: readonly PrintableTax[];
  /** Before the grand total, e.g. [["Base imponible", "1334.56"], ["Retención IRPF", "-185.18"]]. */
  totals: readonly (readonly [label: string, amount: string])[];
  grandTotal: readonly [label: string, amount: string];
  /** Mandatory mentions (art. 6.1.j RD 1619/2012: exemptions with their legal reference, reverse charge). */
  legends: readonly string[];
  /** e.g. "Forma de pago: Transferencia — IBAN ES91 2100 0418 4502 0005 1332". */
  paymentLines?: readonly string[];
  notes?: string | null;
  logo?: Uint8Array | null;
  /** Images with a caption at the top of the first page (the VERI*FACTU QR). */
  stamps?: readonly PrintableStamp[];
  /** The unit printed after the totals: "€" unless the document is in another currency (its ISO 4217 code). */
  currencySymbol?: string;
}

export interface PrintableLine {
  description: string;
  quantity: string;
  unitPrice: string;
  /** Percentages; null or zero leaves the cell empty, and a column empty on every line is left out. */
  discountPct: string | null;
  base: string;
  taxRate: string | null;
  surchargeRate: string | null;
  withholdingRate: string | null;
}

/** One tax rate: its name as people read it ("IVA general 21%", never an internal code), rate, base and amount. */
export interface PrintableTax {
  name: string;
  rate: string;
  base: string;
  amount: string;
}

export interface PrintableStamp {
  png: Uint8Array;
  sizeMm: number;
  caption: string;
}

/** "2026-10-01" → "01/10/2026". */
export const printableDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
