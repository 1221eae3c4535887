import type { RenderInput } from './contract';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A field of a `;`-separated CSV, quoted when it holds a separator, a quote or a line break. */
export const csvField = (value: string): string => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export const csvLines = (rows: readonly (readonly string[])[]): string => rows.map((row) => row.map(csvField).join(';')).join('\r\n') + '\r\n';

/** The default CSV of a period: `casilla;concepto;importe`, one row per box in the order of the form. */
export function boxesCsv({ model, result }: RenderInput): string {
  return csvLines([['casilla', 'concepto', 'importe'], ...model.boxes.map((box) => [box.number, box.label, result.boxes[box.number] ?? '0.00'])]);
}
