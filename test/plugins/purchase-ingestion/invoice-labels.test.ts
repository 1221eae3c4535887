/**
 * The names Spanish suppliers give an invoice beside "factura": a professional's "minuta de
 * honorarios", a "recibo" (taxis, small traders: a simplified invoice), and the invoice's kind
 * abbreviated after "Fra." ("Fra. simpl.", "Fra. rect."). The number after each is the invoice's, its
 * series kept; the kind's abbreviation is never part of it. Page texts written for the test.
 * No database: the extractor is pure.
 */
import { describe, expect, test } from 'bun:test';
import { extractPurchase, type PageText } from '../../../plugins/purchase-ingestion/extract';

const page = (text: string): PageText => ({ page: 1, source: 'text_layer', text, confidence: 1 });
const number = (text: string) => extractPurchase([page(`Proveedor Ejemplo S.L.\nCIF A58818501\n${text}\nTotal 121,00`)], ['B12345674']).invoice_number.value;

describe('invoice number labels beyond "factura"', () => {
  test('a minuta de honorarios and a recibo, with their nº', () => {
    expect(number('MINUTA DE HONORARIOS n.º 2026/031')).toBe('2026/031');
    expect(number('Minuta nº: M-26-0114')).toBe('M-26-0114');
    expect(number('Recibo nº 004512')).toBe('004512');
    expect(number('RECIBO N.º: TX-26/0098')).toBe('TX-26/0098');
    // without "nº": the number right after "Recibo", a series of letters before its digits
    expect(number('Recibo L-1482/000913')).toBe('L-1482/000913');
    expect(number('RECIBO: 2026-0457')).toBe('2026-0457');
  });

  test('the invoice kind abbreviated after "Fra." is no part of the number', () => {
    expect(number('FRA. SIMPL. 0034/26')).toBe('0034/26');
    expect(number('Fra. simpl. nº T26-5531')).toBe('T26-5531');
    expect(number('Fra. rect. nº R-2026-7')).toBe('R-2026-7');
    expect(number('Factura simplificada T0045119283')).toBe('T0045119283');
  });

  test('a "recibo" that is no invoice number label is passed over', () => {
    // the customer's receipt acknowledgement and a bank's receipt reference are not numbered by "recibo" + nº
    expect(number('Recibí conforme\nFactura nº F-2026-12')).toBe('F-2026-12');
    expect(number('Recibo de entrega del pedido\nFactura nº F-2026-13')).toBe('F-2026-13');
  });
});

describe('a professional\'s letterhead without a legal form', () => {
  const supplier = (text: string) => extractPurchase([page(text)], ['B12345674']).supplier_name.value;
  test('the name written as a name, not the occupation printed above it', () => {
    expect(supplier('Traductora jurada\nMarta Ibáñez de la Fuente\nNIE X1234567L\nMinuta nº 26/14\nTotal 121,00')).toBe('Marta Ibáñez de la Fuente');
    expect(supplier('Procuradora de los Tribunales\nElena Ruiz Campos\nNIF 12345678Z\nTotal 121,00')).toBe('Elena Ruiz Campos');
  });
  test('a letterhead in capitals, or a trade name, stays the first candidate', () => {
    expect(supplier('TALLERES HERMANOS GIL\nNIF 12345678Z\nTotal 121,00')).toBe('TALLERES HERMANOS GIL');
    expect(supplier('Bar Casa Pepe\nCalle Real 4\nNIF 12345678Z\nTotal 121,00')).toBe('Bar Casa Pepe');
  });
});
