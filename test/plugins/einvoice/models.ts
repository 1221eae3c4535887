import type { EInvoice } from '../../../plugins/einvoice/api';

/**
 * Models written by hand from the invoice law and EN 16931 (not by the builder under test): a
 * domestic invoice with 21/10/4 % lines, recargo de equivalencia, IRPF and a line discount, and an
 * intra-community supply. Amounts worked out on paper: 21 % on 200.00 − 10 % = 180.00 → 37.80 VAT
 * and 9.36 recargo (5.2 %); 10 % on 50.00 → 5.00 and 0.70 (1.4 %); 4 % on 30.00 → 1.20; a 21 %
 * service of 100.00 → 21.00 VAT and 15.00 IRPF (15 %).
 */
export function domesticModel(): EInvoice {
  const seller = {
    name: 'Distribuciones Cuadra SL', taxId: 'B12345674', taxIdKind: 'nif' as const, personType: 'J' as const,
    address: { line: 'Calle Mayor 1', city: 'Madrid', postalCode: '28013', province: 'Madrid', country: 'ES' },
    email: null, registry: 'Inscrita en el Registro Mercantil de Madrid, tomo 1, folio 2, hoja M-3, inscripción 1',
  };
  const buyer = {
    name: 'Comercio Minorista SL', taxId: 'B65410011', taxIdKind: 'nif' as const, personType: 'J' as const,
    address: { line: 'Avenida Diagonal 100', city: 'Barcelona', postalCode: '08019', province: 'Barcelona', country: 'ES' }, email: 'compras@example.com',
  };
  const line = (id: string, description: string, quantity: string, unitPrice: string, netAmount: string, rate: string, extra: Partial<EInvoice['lines'][number]> = {}) => ({
    id, description, quantity, unitCode: 'C62', unitPrice, discountPct: null, discountAmount: null, netAmount,
    vat: { category: 'S' as const, rate }, surchargeRate: null, withholdingRate: null, ...extra,
  });
  return {
    typeCode: '380', number: 'F-2026-000001', series: 'F', issueDate: '2026-03-02', operationDate: null, dueDate: '2026-04-01', currency: 'EUR',
    buyerReference: null, notes: ['Gracias por su confianza & buen día <3'], seller, buyer,
    lines: [
      line('1', 'Aceite de girasol', '2', '100.00', '180.00', '21.00', { discountPct: '10.00', discountAmount: '20.00', surchargeRate: '5.20' }),
      line('2', 'Pasta', '5', '10.00', '50.00', '10.00', { surchargeRate: '1.40' }),
      line('3', 'Pan', '3', '10.00', '30.00', '4.00'),
      line('4', 'Asesoría', '1', '100.00', '100.00', '21.00', { withholdingRate: '15.00' }),
    ],
    vat: [
      { category: 'S', rate: '21.00', base: '180.00', amount: '37.80', surchargeRate: '5.20', surchargeAmount: '9.36' },
      { category: 'S', rate: '10.00', base: '50.00', amount: '5.00', surchargeRate: '1.40', surchargeAmount: '0.70' },
      { category: 'S', rate: '4.00', base: '30.00', amount: '1.20' },
      { category: 'S', rate: '21.00', base: '100.00', amount: '21.00' },
    ],
    withholdings: [{ rate: '15.00', base: '100.00', amount: '15.00' }],
    totals: {
      lineTotal: '360.00', taxExclusive: '360.00', vatTotal: '65.00', surchargeTotal: '10.06', taxInclusive: '435.06',
      withholdingTotal: '15.00', prepaid: '0.00', payable: '420.06',
    },
    payment: { meansCode: '58', iban: 'ES9121000418450200051332', bic: null, dueDate: '2026-04-01' },
    corrects: null,
    legends: [],
  };
}

export function intraEuModel(): EInvoice {
  const base = domesticModel();
  return {
    ...base, number: 'F-2026-000002',
    buyer: { name: 'Société Acheteuse SARL', taxId: 'FR40303265045', taxIdKind: 'eu_vat', personType: 'J', address: { line: '1 rue de Rivoli', city: 'Paris', postalCode: '75001', province: null, country: 'FR' } },
    lines: [{
      id: '1', description: 'Maquinaria', quantity: '1', unitCode: 'C62', unitPrice: '1000.00', discountPct: null, discountAmount: null, netAmount: '1000.00',
      vat: { category: 'K', rate: '0.00', exemptionReason: 'Entrega intracomunitaria exenta de IVA (art. 25 LIVA)', exemptionCode: 'VATEX-EU-IC' }, surchargeRate: null, withholdingRate: null,
    }],
    vat: [{ category: 'K', rate: '0.00', base: '1000.00', amount: '0.00', exemptionReason: 'Entrega intracomunitaria exenta de IVA (art. 25 LIVA)', exemptionCode: 'VATEX-EU-IC' }],
    withholdings: [],
    totals: { lineTotal: '1000.00', taxExclusive: '1000.00', vatTotal: '0.00', surchargeTotal: '0.00', taxInclusive: '1000.00', withholdingTotal: '0.00', prepaid: '0.00', payable: '1000.00' },
    deliveryCountry: 'FR',
    legends: ['Entrega intracomunitaria exenta de IVA (art. 25 LIVA)'],
  };
}
