import { Type } from '@sinclair/typebox';
import { defineSettings } from '../../kernel/settings';

/** The two legends the AEAT allows beside the QR of an invoice issued in VERI*FACTU mode. */
export const LEGENDS = {
  verifactu: 'VERI*FACTU',
  sede: 'Factura verificable en la sede electrónica de la AEAT',
} as const;

export const verifactuSettings = defineSettings({
  VERIFACTU_QR_ENVIRONMENT: Type.Union([Type.Literal('production'), Type.Literal('test')], {
    default: 'production',
    description: 'Which AEAT host the QR code points at: production, or test (preproducción) while trying things out',
  }),
  VERIFACTU_QR_LEGEND: Type.Union([Type.Literal('verifactu'), Type.Literal('sede')], {
    default: 'verifactu',
    description: 'The text printed beside the QR: verifactu ("VERI*FACTU") or sede ("Factura verificable en la sede electrónica de la AEAT")',
  }),
  VERIFACTU_QR_SIZE_MM: Type.Integer({ minimum: 30, maximum: 40, default: 35, description: 'Side of the printed QR code in millimetres (the AEAT asks for 30 to 40)' }),
});
