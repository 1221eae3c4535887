
/** The AEAT's validation service for invoices issued in VERI*FACTU mode, by environment. */
export const QR_BASE_URLS = {
  production: 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR',
  test: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
} as const;
export type QrEnvironment = keyof typeof QR_BASE_URLS;

export interface QrFields { nif: string; numserie: string; fecha: string; importe: string }

/**
 * The URL the QR code encodes: nif, numserie, fecha (DD-MM-YYYY), importe, in that order, each
 * percent-encoded (so a "+" in a series stays "%2B" and never reads back as a space).
 */
export function qrUrl(environment: QrEnvironment, fields: QrFields): string {
  const query = (['nif', 'numserie', 'fecha', 'importe'] as const).map((name) => `${name}=${encodeURIComponent(fields[name])}`).join('&');
  return `${QR_BASE_URLS[environment]}?${query}`;
}

/** ISO/IEC 18004 with error correction M, as the AEAT requires. */
const OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 2 };

export async function qrPng(url: string, pixels = 300): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(url, { ...OPTIONS, type: 'png', width: pixels });
}

export async function qrSvg(url: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(url, { ...OPTIONS, type: 'svg' });
}
