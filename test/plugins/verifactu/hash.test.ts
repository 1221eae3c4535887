/**
 * The record hash and the QR URL against published vectors (docs/domain/verifactu.md): the AEAT's
 * own examples (first registration, chained registration, cancellation), two vectors of a public
 * library for simplified invoices, and the negative vector (12.1 is not 12.10).
 */
import { describe, expect, test } from 'bun:test';
import {
  cancellationHash, cancellationHashInput, madridTimestamp, recordAmount, recordDate, recordTaxId, registrationHash, registrationHashInput,
} from '../../../plugins/verifactu/hash';
import { qrUrl } from '../../../plugins/verifactu/qr';

const AEAT_1 = {
  IDEmisorFactura: '89890001K', NumSerieFactura: '12345678/G33', FechaExpedicionFactura: '01-01-2024', TipoFactura: 'F1' as const,
  CuotaTotal: '12.35', ImporteTotal: '123.45', Huella: '', FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
};
const LIB_4 = {
  IDEmisorFactura: 'A00000000', NumSerieFactura: 'PRUEBA-0001', FechaExpedicionFactura: '01-06-2025', TipoFactura: 'F2' as const,
  CuotaTotal: '2.10', ImporteTotal: '12.10', Huella: '', FechaHoraHusoGenRegistro: '2025-06-01T10:20:30+02:00',
};

describe('registration hash', () => {
  test('AEAT vector 1: the first record of a chain (empty Huella)', () => {
    expect(registrationHashInput(AEAT_1)).toBe('IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00');
    expect(registrationHash(AEAT_1)).toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60');
  });

  test('AEAT vector 2: chained to vector 1', () => {
    const second = { ...AEAT_1, NumSerieFactura: '12345679/G34', Huella: registrationHash(AEAT_1), FechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00' };
    expect(registrationHash(second)).toBe('F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97');
  });

  test('library vectors 4 and 5: simplified invoices (F2)', () => {
    expect(registrationHash(LIB_4)).toBe('F223F0A84F7D0C701C13C97CF10A1628FF9E46A003DDAEF3A804FBD799D82070');
    expect(registrationHash({
      ...LIB_4, NumSerieFactura: 'PRUEBA-0002', FechaExpedicionFactura: '02-06-2025', CuotaTotal: '21.00', ImporteTotal: '121.00', Huella: 'A'.repeat(64),
      FechaHoraHusoGenRegistro: '2025-06-02T20:30:40+02:00',
    })).toBe('4566062C5A5D7DA4E0E876C0994071CD807962629F8D3C1F33B91EDAA65B2BA1');
  });

  test('negative vector 6: "12.1" is not "12.10" (amounts enter as text), and recordAmount always writes two decimals', () => {
    const loose = registrationHash({ ...LIB_4, CuotaTotal: '2.1', ImporteTotal: '12.1' });
    expect(loose).toBe('2F84D93E3EA0043DE8642B9A6F027071D7D7CDCFD29502872176BF3D99BB9009');
    expect(loose).not.toBe(registrationHash(LIB_4));
    expect([recordAmount('12.1'), recordAmount('2.1'), recordAmount('-3'), recordAmount('0007.5'), recordAmount('-0.00')]).toEqual(['12.10', '2.10', '-3.00', '7.50', '0.00']);
    expect(() => recordAmount('1.234')).toThrow();
  });
});

describe('cancellation hash', () => {
  test('AEAT vector 3: cancelling the chained invoice of vector 2', () => {
    const fields = {
      IDEmisorFacturaAnulada: '89890001K', NumSerieFacturaAnulada: '12345679/G34', FechaExpedicionFacturaAnulada: '01-01-2024',
      Huella: 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97', FechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
    };
    expect(cancellationHashInput(fields)).toStartWith('IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&');
    expect(cancellationHash(fields)).toBe('177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68');
  });
});

describe('field formats', () => {
  test('generation time: Madrid wall clock with its offset, winter +01:00 and summer +02:00, to the second', () => {
    expect(madridTimestamp(new Date('2024-01-01T18:20:30.999Z'))).toBe('2024-01-01T19:20:30+01:00');
    expect(madridTimestamp(new Date('2025-06-01T08:20:30Z'))).toBe('2025-06-01T10:20:30+02:00');
    // the autumn change: 01:30 UTC on 26-10-2025 is 02:30 CET, after the clocks went back
    expect(madridTimestamp(new Date('2025-10-26T00:30:00Z'))).toBe('2025-10-26T02:30:00+02:00');
    expect(madridTimestamp(new Date('2025-10-26T01:30:00Z'))).toBe('2025-10-26T02:30:00+01:00');
  });

  test('dates DD-MM-YYYY; tax numbers as 9 characters without the ES prefix', () => {
    expect(recordDate('2026-03-05')).toBe('05-03-2026');
    expect(recordTaxId('ESB12345674')).toBe('B12345674');
    expect(recordTaxId('b-12345674')).toBe('B12345674');
    expect(recordTaxId('FR12345')).toBeNull();
  });
});

describe('QR URL', () => {
  test('the library vectors: production host, parameters nif, numserie, fecha, importe in that order', () => {
    expect(qrUrl('production', { nif: 'A86018322', numserie: 'FACT001', fecha: '01-10-2025', importe: '100.23' }))
      .toBe('https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=A86018322&numserie=FACT001&fecha=01-10-2025&importe=100.23');
    expect(qrUrl('test', { nif: 'A86018322', numserie: 'FACT003', fecha: '01-10-2025', importe: '100.23' }))
      .toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=A86018322&numserie=FACT003&fecha=01-10-2025&importe=100.23');
  });

  test('values are percent-encoded: & becomes %26, + stays a plus as %2B (never a space), and read back exactly', () => {
    const url = qrUrl('production', { nif: '89890001K', numserie: '12345678&G33', fecha: '01-01-2024', importe: '241.40' });
    expect(url).toBe('https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.40');
    const plus = new URL(qrUrl('production', { nif: '89890001K', numserie: 'A+B 1/2', fecha: '01-01-2024', importe: '1.00' }));
    expect(plus.search).toContain('numserie=A%2BB%201%2F2');
    expect(plus.searchParams.get('numserie')).toBe('A+B 1/2');
  });
});
