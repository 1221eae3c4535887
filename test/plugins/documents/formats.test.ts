import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { definePlugin } from '../../../kernel/plugin';
import { BadRequest } from '../../../kernel/errors';
import { renderDocument, type DocumentFormat, type PrintableDocument } from '../../../plugins/documents/api';
import { pdfTexts, startDocumentsApp, type DocumentsTestApp } from '../../support/documents';

/**
 * The documents plugin's `document-formats` extension point and its `pdf` format: any kind's
 * printable document (here a proforma, which no plugin of this build issues yet) is rendered by
 * name, and a plugin adds a format by contributing it.
 */
const plainText: DocumentFormat = {
  name: 'plain-text', contentType: 'text/plain; charset=utf-8', extension: 'txt',
  render: async (document) => new TextEncoder().encode([document.title, ...(document.notices ?? []), document.grandTotal.join(': ')].join('\n')),
};
const textFormatPlugin = definePlugin({ name: 'text-format-probe', dependsOn: ['documents'], contributes: { 'document-formats': [plainText] } });

let app: DocumentsTestApp;
beforeAll(async () => { app = await startDocumentsApp({ extraPlugins: [textFormatPlugin] }); }, 60_000);
afterAll(() => app?.close());

const party = (name: string, taxId: string) => ({ name, legal_name: null, tax_id: taxId, address: 'Calle Mayor 1', city: 'Madrid', postal_code: '28013', province: 'Madrid', country: 'ES' });
const proforma: PrintableDocument = {
  title: 'FACTURA PROFORMA',
  notices: ['Sin validez fiscal'],
  documentTitle: 'Proforma PF-2026-000001',
  number: 'PF-2026-000001',
  reference: 'PF-2026-000001',
  headingLines: ['Fecha: 01/10/2026', 'Válida hasta: 31/10/2026'],
  createdAt: new Date('2026-10-01T08:00:00Z'),
  issuer: party('Emisora SL', 'B12345674'),
  customer: party('Cliente SL', 'B65410011'),
  lines: [{ description: 'Diseño de marca', quantity: '2', unitPrice: '450.00', discountPct: null, base: '900.00', taxRate: '21.00', surchargeRate: null, withholdingRate: null }],
  taxes: [{ name: 'IVA general 21%', rate: '21.00', base: '900.00', amount: '189.00' }],
  totals: [['Base imponible', '900.00'], ['Cuota de IVA', '189.00']],
  grandTotal: ['TOTAL', '1089.00'],
  legends: [],
};

describe('document formats', () => {
  test('pdf: a proforma prints its title, notice, number, lines and totals; only the used columns', async () => {
    const rendered = await renderDocument(app.kernel, 'pdf', proforma, 'proforma-PF-2026-000001');
    expect([rendered.contentType, rendered.filename]).toEqual(['application/pdf', 'proforma-PF-2026-000001.pdf']);
    const texts = pdfTexts(rendered.bytes, 'raw');
    const text = texts.join('\n');
    for (const expected of ['FACTURA PROFORMA', 'Sin validez fiscal', 'Número: PF-2026-000001', 'Válida hasta: 31/10/2026', 'Emisora SL', 'Cliente SL',
      'Diseño de marca', '1.089,00 €', 'IVA general 21%', 'Página 1 de 1']) expect([expected, text.includes(expected)]).toEqual([expected, true]);
    expect(texts.find((l) => l.startsWith('Descripción'))).toBe('Descripción Cantidad Precio unit. Base imponible IVA');
  });

  test('a contributed format is found by name; an unknown name is 400 naming the installed ones', async () => {
    const rendered = await renderDocument(app.kernel, 'plain-text', proforma, 'proforma');
    expect([rendered.contentType, rendered.filename]).toEqual(['text/plain; charset=utf-8', 'proforma.txt']);
    expect(new TextDecoder().decode(rendered.bytes)).toBe('FACTURA PROFORMA\nSin validez fiscal\nTOTAL: 1089.00');
    const unknown = renderDocument(app.kernel, 'facturae', proforma, 'x');
    await expect(unknown).rejects.toBeInstanceOf(BadRequest);
    await expect(unknown).rejects.toThrow('installed are pdf, plain-text');
  });
});
