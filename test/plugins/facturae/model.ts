import type { EInvoice, EInvoiceLine } from '../../../plugins/einvoice/api';

/** E-invoice models the Facturae tests write and read back: one complete invoice and its variants. */

const line = (values: Partial<EInvoiceLine> & Pick<EInvoiceLine, 'id' | 'description' | 'quantity' | 'unitPrice' | 'netAmount' | 'vat'>): EInvoiceLine => ({
  unitCode: 'C62', discountPct: null, discountAmount: null, surchargeRate: null, withholdingRate: null, ...values,
});

/** 21 %, 10 % and 4 % with the recargo de equivalencia, a 10 % discount, IRPF at 15 %, and an exempt intra-EU supply. */
export const completeInvoice: EInvoice = {
  typeCode: '380',
  number: 'F-2026-000007',
  series: 'F',
  issueDate: '2026-03-02',
  operationDate: '2026-02-27',
  dueDate: '2026-04-01',
  currency: 'EUR',
  buyerReference: 'PED-2026-114',
  notes: ['Entrega en el almacén de Getafe', 'Pedido marco 2026'],
  seller: {
    name: 'Talleres Cuadra SL',
    taxId: 'B12345674',
    taxIdKind: 'nif',
    personType: 'J',
    address: { line: 'Calle Mayor 1, 2º', city: 'Madrid', postalCode: '28013', province: 'Madrid', country: 'ES' },
    email: 'facturas@talleres-cuadra.es',
    registry: null,
    administrativeCentres: null,
  },
  buyer: {
    name: 'Ferretería López & Hijos SL',
    taxId: 'B87654323',
    taxIdKind: 'nif',
    personType: 'J',
    address: { line: 'Avenida de la Constitución 45', city: 'Sevilla', postalCode: '41001', province: 'Sevilla', country: 'ES' },
    email: null,
    registry: null,
    administrativeCentres: null,
  },
  lines: [
    line({ id: '1', description: 'Consultoría técnica', quantity: '10', unitCode: 'HUR', unitPrice: '100.00', discountPct: '10.00', discountAmount: '100.00', netAmount: '900.00',
      vat: { category: 'S', rate: '21.00', exemptionReason: null, exemptionCode: null }, surchargeRate: '5.20', withholdingRate: '15.00' }),
    line({ id: '2', description: 'Tornillería <M6> "inox"', quantity: '5', unitPrice: '20.00', netAmount: '100.00',
      vat: { category: 'S', rate: '10.00', exemptionReason: null, exemptionCode: null }, surchargeRate: '1.40' }),
    line({ id: '3', description: 'Manual técnico impreso', quantity: '3', unitPrice: '10.00', netAmount: '30.00',
      vat: { category: 'S', rate: '4.00', exemptionReason: null, exemptionCode: null }, surchargeRate: '0.50' }),
    line({ id: '4', description: 'Maquinaria enviada a Francia', quantity: '1', unitPrice: '500.00', netAmount: '500.00',
      vat: { category: 'K', rate: '0.00', exemptionReason: 'Entrega intracomunitaria exenta, artículo 25 de la Ley 37/1992 del IVA', exemptionCode: 'VATEX-EU-IC' } }),
  ],
  vat: [
    { category: 'S', rate: '21.00', base: '900.00', amount: '189.00', surchargeRate: '5.20', surchargeAmount: '46.80', exemptionReason: null, exemptionCode: null },
    { category: 'S', rate: '10.00', base: '100.00', amount: '10.00', surchargeRate: '1.40', surchargeAmount: '1.40', exemptionReason: null, exemptionCode: null },
    { category: 'S', rate: '4.00', base: '30.00', amount: '1.20', surchargeRate: '0.50', surchargeAmount: '0.15', exemptionReason: null, exemptionCode: null },
    { category: 'K', rate: '0.00', base: '500.00', amount: '0.00', surchargeRate: null, surchargeAmount: null,
      exemptionReason: 'Entrega intracomunitaria exenta, artículo 25 de la Ley 37/1992 del IVA', exemptionCode: 'VATEX-EU-IC' },
  ],
  withholdings: [{ rate: '15.00', base: '900.00', amount: '135.00' }],
  totals: {
    lineTotal: '1530.00', taxExclusive: '1530.00', vatTotal: '200.20', surchargeTotal: '48.35', taxInclusive: '1778.55',
    withholdingTotal: '135.00', prepaid: '0.00', payable: '1643.55',
  },
  payment: { meansCode: '58', iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX', dueDate: '2026-04-01' },
  corrects: null,
  legends: ['Entrega intracomunitaria exenta, artículo 25 de la Ley 37/1992 del IVA'],
};

/**
 * A rectification by differences of the complete invoice: a 100 € discount given afterwards, a
 * credit note (381) whose model amounts are the credit, positive (Facturae writes them negative).
 */
export const rectification: EInvoice = {
  ...completeInvoice,
  typeCode: '381',
  number: 'R-2026-000002',
  series: 'R',
  issueDate: '2026-03-20',
  operationDate: null,
  dueDate: null,
  buyerReference: null,
  notes: [],
  lines: [line({ id: '1', description: 'Descuento por volumen sobre F-2026-000007', quantity: '1', unitPrice: '100.00', netAmount: '100.00',
    vat: { category: 'S', rate: '21.00', exemptionReason: null, exemptionCode: null } })],
  vat: [{ category: 'S', rate: '21.00', base: '100.00', amount: '21.00', surchargeRate: null, surchargeAmount: null, exemptionReason: null, exemptionCode: null }],
  withholdings: [],
  totals: { lineTotal: '100.00', taxExclusive: '100.00', vatTotal: '21.00', surchargeTotal: '0.00', taxInclusive: '121.00', withholdingTotal: '0.00', prepaid: '0.00', payable: '121.00' },
  payment: null,
  corrects: { number: 'F-2026-000007', series: 'F', issueDate: '2026-03-02', reasonCode: '83', reasonText: 'Descuento por volumen pactado en el contrato marco', method: '02' },
  legends: [],
};

/** An invoice to a public administration (FACe), with its DIR3 codes. */
export const toPublicAdministration: EInvoice = {
  ...completeInvoice,
  number: 'F-2026-000008',
  buyer: {
    name: 'Ayuntamiento de Ejemplo',
    taxId: 'P2807900B',
    taxIdKind: 'nif',
    personType: 'J',
    address: { line: 'Plaza de la Villa 1', city: 'Madrid', postalCode: '28005', province: 'Madrid', country: 'ES' },
    email: null,
    registry: null,
    administrativeCentres: { accountingOffice: 'L01280796', managingBody: 'L01280796', processingUnit: 'LA0002850', proposingBody: 'LA0002851' },
  },
  lines: [completeInvoice.lines[0]!],
  vat: [completeInvoice.vat[0]!],
  totals: { lineTotal: '900.00', taxExclusive: '900.00', vatTotal: '189.00', surchargeTotal: '46.80', taxInclusive: '1135.80', withholdingTotal: '135.00', prepaid: '0.00', payable: '1000.80' },
  legends: [],
};
