/**
 * Invoice numbers and supplier names as a letterhead lays them out: a number under its label beside
 * a licence or registration number, a number whose parts are set apart by spaces, a date's year under
 * the label; a name split over two lines, beside the document's title, after a brand repeating it,
 * before the customer's block on the same line, and the customer's block opened by "Para:". Page
 * texts written for the test; no database: the extractor is pure.
 */
import { describe, expect, test } from 'bun:test';
import { extractPurchase, type PageText } from '../../../plugins/purchase-ingestion/extract';

const page = (text: string): PageText => ({ page: 1, source: 'text_layer', text, confidence: 1 });
const read = (text: string) => extractPurchase([page(`${text}\nBase imponible 100,00\nIVA 21 % 21,00\nTotal 121,00`)], ['B12345674']);
const number = (text: string) => read(text).invoice_number.value;
const supplier = (text: string) => read(text).supplier_name.value;

describe('invoice numbers', () => {
  test('an installer\'s or registration number beside the letterhead is not the invoice\'s', () => {
    expect(number(`Fontanería Ruiz Montes FACTURA
Instalador autorizado nº 28/IF/0931
Nº
004417
NIF 50123456Q`)).toBe('004417');
    expect(number('Colegiado nº 4.512 · Factura nº 26/077')).toBe('26/077');
  });

  test('a simplified invoice\'s number after its kind, its series apart or joined by a hyphen', () => {
    expect(number('Factura simplificada T-000912\n09/01/2026 08:57 Mesa 4')).toBe('T-000912');
    expect(number('FRA. SIMPLIFICADA FS 2026/118734\n11/03/2026 18:05 CAJA 2')).toBe('FS 2026/118734');
  });

  test('a series, a year and a number set apart by spaces are one number', () => {
    expect(number('Factura Nº FV 26 000318 Fecha: 04/05/2026')).toBe('FV 26 000318');
    // a number then a postcode and its town: the postcode is no part of it
    expect(number('Factura nº F 26 28004 Madrid')).toBe('F 26');
  });

  test('under a title beside the customer\'s block, the number and not the year of a date written out', () => {
    expect(number(`CLIENTE FACTURA
Comercial Ibarra, S.L. Nº RV/26/1187
Calle Mayor 3
12 de marzo de 2026
CIF B12345674`)).toBe('RV/26/1187');
  });
});

describe('invoice numbers in groups, under titles, glued to their sign', () => {
  test('a number printed in groups of digits is read whole, up to a word, a date or the line\'s end', () => {
    expect(number('FRA. Nº 0312 0044 117205 FECHA 02.02.2026 TPV 3')).toBe('0312 0044 117205');
    expect(number('Número de factura: EL 0031 2205 18')).toBe('EL 0031 2205 18');
    // a date written out after the number is no group of it
    expect(number('Factura nº QX/2026/0077 12 de abril de 2026')).toBe('QX/2026/0077');
  });

  test('a header row titling the number before an amount\'s column: the number under it, with its groups', () => {
    expect(number(`Nº factura Fecha Importe
AB-2026 7781 220 14/02/2026 121,00 €`)).toBe('AB-2026 7781 220');
  });

  test('a title alone above an address line: never the postcode inside the address, the number printed after it', () => {
    expect(number(`IMPRESOS DEL CINCA FACTURA
Calle Mayor 12 · 22400 Monzón P-26-0193`)).toBe('P-26-0193');
  });

  test('"N." glued to the number under a ticket\'s title is no part of it', () => {
    expect(number(`Estación de Servicio Bureta, S.L.
FACTURA
N.0917-0002-26-0033410
FECHA 03/03/26`)).toBe('0917-0002-26-0033410');
  });
});

describe('supplier names', () => {
  test('a co-operative\'s Basque and Catalan legal forms ("S.Koop.", "SCCL") end its name', () => {
    expect(supplier(`BASERRI GAZTAK
Gazta Ekoizleak Elkartea, S.Koop. · Herriko Plaza, 2 · 20200 Beasain · NIF F20993507 · 943 880 112
FAKTURA / FACTURA Bezeroa / Cliente
Comercial Ibarra, S.L.
NIF B12345674
Factura nº 2026-118`)).toBe('Gazta Ekoizleak Elkartea, S.Koop.');
    expect(supplier(`V I N S D E L P E N E D È S
del Penedès
Vins del Penedès Associats, SCCL · NIF F08865016 · Vilafranca del Penedès
Factura nº 26/044`)).toBe('Vins del Penedès Associats, SCCL');
  });

  test('the supplier printed before the customer\'s label on the same line, and "Pág. 1/2" never a name', () => {
    expect(supplier(`FACTURA T26-1182
Pág. 1/2
Mensajería Rápida del Ebro, S.L. Cliente nº 50-1182
Polígono Cogullada, 12 Comercial Ibarra, S.L.
CIF B50874312 · 976 000 111
NIF B12345674`)).toBe('Mensajería Rápida del Ebro, S.L.');
  });

  test('a letter-style invoice\'s "Para:" opens the customer\'s block', () => {
    expect(supplier(`MARINA SOLER VIDAL
FOTOGRAFÍA DE PRODUCTO
Valencia, 3 de mayo de 2026
Para:
Comercial Ibarra, S.L.
NIF B12345674
FACTURA 12/2026
NIF 52718290J`)).toBe('MARINA SOLER VIDAL');
  });

  test('a name whose company kind wraps onto the legal form\'s line ("CONCESIONARIA, S.A.") is read whole', () => {
    expect(supplier(`TÚNELES DEL PIRINEO
CONCESIONARIA, S.A.
FACTURA SIMPLIFICADA
N.: 0417-2026-000318
FECHA: 02/03/2026
C.I.F. A28012003`)).toBe('TÚNELES DEL PIRINEO CONCESIONARIA, S.A.');
  });

  test('a brand in capitals beside the name, repeating its words, is no part of it', () => {
    expect(supplier(`LOS ÁLAMOS Hostal Los Álamos, S.L. · C.I.F. B12000014
Factura nº HA-26-0091`)).toBe('Hostal Los Álamos, S.L.');
    // capitals that are not the name's words stay
    expect(supplier(`GRUPO NORTE Hostal Los Álamos, S.L. · C.I.F. B12000014
Factura nº HA-26-0091`)).toBe('GRUPO NORTE Hostal Los Álamos, S.L.');
  });

  test('a self-employed letterhead with the document\'s title beside the name', () => {
    expect(supplier(`Ramiro Oteiza Lasa FACTURA
Reformas y pintura · Carné de instalador nº 48/0931
Nº
000212
D.N.I. 30654718L`)).toBe('Ramiro Oteiza Lasa');
  });

  test('a pharmacy\'s letterhead: the licensed pharmacist after "Ldo.", the surname wrapped onto the next line', () => {
    expect(supplier(`FARMACIA
Lda. María Etxeberria
Zubiaurre
Calle Mayor, 3
NIF: 30654718L
FACTURA SIMPLIFICADA`)).toBe('María Etxeberria Zubiaurre');
  });

  test('a name ending in a comma beside the customer\'s label, its legal form wrapped onto a line of its own', () => {
    expect(supplier(`Carpintería Metálica Anoeta, CLIENTE
Comercial Ibarra, S.L.
S.L.
Polígono Ugaldeguren, nave 3
C.I.F.: B20000014
C.I.F.: B12345674
Factura nº CM-26/0077`)).toBe('Carpintería Metálica Anoeta, S.L.');
  });

  test('a ticket\'s holder named after "Conductor:" or "Titular:" when the number is a person\'s, not the trade name above', () => {
    expect(supplier(`TELETAXI NERVIÓN
Conductor: Iñaki Goikoetxea Larrea
NIF 30654718L
Licencia municipal 0917
Recibo T-0917/004412`)).toBe('Iñaki Goikoetxea Larrea');
    // a company's number: the label names no supplier
    expect(supplier(`TELETAXI NERVIÓN
Titular: Iñaki Goikoetxea Larrea
CIF B20000014
Recibo T-0917/004412`)).toBe('TELETAXI NERVIÓN');
  });
});

describe('supplier names after a caption, with their forms, and a practice named after its holder', () => {
  test('a landlord\'s caption is no part of the name', () => {
    expect(supplier(`RECIBO DE ALQUILER
Arrendador: Tomás Oliván Sesé, NIF 73001284S
Arrendataria: Talleres Cinca, S.L., CIF B12345674`)).toBe('Tomás Oliván Sesé');
  });

  test('a labour company\'s "S.L.L." and a Portuguese "Lda." end the name, whole', () => {
    expect(supplier(`MOLDES DEL MATARRAÑA
Moldes del Matarraña, S.L.L. · CIF B44215738`)).toBe('Moldes del Matarraña, S.L.L.');
    expect(supplier(`TÊXTEIS DO MINHO
Têxteis do Minho, Lda.
NIF PT503504564`)).toBe('Têxteis do Minho, Lda.');
  });

  test('a notary\'s office named after the notary: the notary, when the number is a person\'s', () => {
    expect(supplier(`NOTARÍA DE LUCÍA ARNAL BIELSA
Notaria del Ilustre Colegio de Aragón
N.I.F. 73001284S`)).toBe('LUCÍA ARNAL BIELSA');
  });
});

describe('a corrective invoice\'s own number, captions alone, printers\' minus signs', () => {
  test('the invoice a corrective one rectifies is never its number', () => {
    expect(number(`FACTURA RECTIFICATIVA (ABONO) Nº: R-26-0007 FECHA: 02/07/2026
RECTIFICA FACTURA 26-0950 DE 11/06/2026`)).toBe('R-26-0007');
  });

  test('a block\'s caption alone on its line ("EMISOR") is no name', () => {
    expect(supplier(`EMISOR
Hortensia Lahoz Pueyo
NIF 73001284S`)).toBe('Hortensia Lahoz Pueyo');
  });

  test('a text layer writing every hyphen as a minus sign: numbers and negative amounts read as with "-"', () => {
    const e = extractPurchase([page(`Suministros Eléctricos Ribera, S.A.\nCIF A31528797\nFactura nº: F\u22122026\u22120142 Fecha 03\u221204\u22122026\nBase imponible \u2212100,00\nIVA 21 % \u221221,00\nTotal factura \u2212121,00`)], ['B12345674']);
    expect([e.invoice_number.value, e.issue_date.value, e.subtotal.value, e.total.value]).toEqual(['F-2026-0142', '2026-04-03', '-100.00', '-121.00']);
  });
});
