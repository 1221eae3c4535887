import { csvLine } from '../../lib/spreadsheet-cells';
import type { RenderInput } from './contract';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A `;`-separated CSV, CRLF lines, every field formula-safe (lib/spreadsheet-cells.ts). */
export const csvLines = (rows: readonly (readonly string[])[]): string => rows.map((row) => csvLine(row)).join('\r\n') + '\r\n';

/** The default CSV of a period: `casilla;concepto;importe`, one row per box in the order of the form. */
export function boxesCsv({ model, result }: RenderInput): string {
  return csvLines([['casilla', 'concepto', 'importe'], ...model.boxes.map((box) => [box.number, box.label, result.boxes[box.number] ?? '0.00'])]);
}
