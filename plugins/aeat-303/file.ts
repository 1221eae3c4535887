import { Unprocessable } from '../../kernel/errors';
import { aeatText, dec, preDeclarationFile, type RenderedFile, type RenderInput } from '../tax-models/api';
import { options303 } from './options';
import { fieldLength, PAGE01_2024, PAGE01_2026, PAGE03_2024, PAGE03_2026, type Field, type TextName } from './layouts';

/**
 * The DR303 import file of the tax agency's online form: one ISO-8859-1 byte string without line
 * breaks — the `<T3030…>` envelope with its `<AUX>` block, page 01 (identification and VAT
 * accrued and deductible), page 03 (additional information and result) and the closing tag.
 */

export const DESIGN_2024 = 'DR303e24 v2.02';
/** DR303e26 v1.01, the design the tax agency published after Orden HAC/27/2026 (docs/domain/tax-models.md §1.4). */
export const DESIGN_2026 = 'DR303e26';
const LAYOUTS: Record<string, { page01: Field[]; page03: Field[] }> = {
  [DESIGN_2024]: { page01: PAGE01_2024, page03: PAGE03_2024 },
  [DESIGN_2026]: { page01: PAGE01_2026, page03: PAGE03_2026 },
};

/** A money box: 17 positions, two implied decimals, zero-padded; a negative signed box starts with N. */
export function aeatAmount(value: string, signed: boolean, box: string): string {
  const units = dec(value).rescale(2).units;
  const negative = units < 0n;
  if (negative && !signed) throw new Unprocessable(`Box [${box}] is negative (${value}) but the record design admits no sign there`);
  const digits = (negative ? -units : units).toString();
  const width = negative ? 16 : 17;
  if (digits.length > width) throw new Unprocessable(`Box [${box}] (${value}) does not fit the record design`);
  return (negative ? 'N' : '') + digits.padStart(width, '0');
}

/** A percentage box: 3 integers and 2 decimals ("02100" is 21 %). */
export const aeatRate = (value: string): string => dec(value).rescale(2).units.toString().padStart(5, '0');

/**
 * Position 130 of the 2026 design (Orden HAC/27/2026): "sujeto pasivo con derecho a deducir pago a
 * cuenta de entregas de gasolinas, gasóleos y biocarburantes". 0 (empty) in quarterly returns, 1/2
 * (yes/no) in monthly ones from February 2026 (the order applies first to that month), blank in
 * January 2026. Cuadra records no such payments: always "no".
 */
export function fuelPaymentFlag(period: RenderInput['period']): string {
  if (period.periodicity !== 'monthly') return '0';
  return period.year === 2026 && period.code === '01' ? ' ' : '2';
}

function texts({ period, result, company, options }: RenderInput): Record<TextName, string> {
  const last = period.last;
  const noActivity = Object.entries(result.boxes).every(([box, value]) => ['151', '02', '166', '154', '05', '08', '157', '169', '17', '20', '23', '65'].includes(box) || dec(value).isZero());
  return {
    complementary: ' ', declarationType: result.declarationType, taxId: aeatText(company.taxId), name: aeatText(company.name), year: String(period.year), period: period.code,
    // foral 2, REDEME 1 or 2, only general regime 3, joint 2, cash basis 2 and 2, special prorrata (blank, or NO in the last period) ×2,
    // insolvency 2 + no date + no type, SII 2, exempt from 390 (0, or NO in the last period), volume of operations 0
    flags2024: `2${options303(options).redeme ? '1' : '2'}3222${last ? '22' : '  '}2${' '.repeat(8)} 2${last ? '2' : '0'}0`,
    flag2026: fuelPaymentFlag(period),
    noActivity: noActivity ? 'X' : ' ', rectifying: ' ', previousReceipt: '', directDebitChange: ' ', rectificationReason: ' ', discrepancyReason: ' ',
  };
}

function page(fields: readonly Field[], boxes: Record<string, string>, values: Record<TextName, string>): string {
  return fields.map((field) => {
    switch (field.kind) {
      case 'constant': return field.text;
      case 'blank': return ' '.repeat(field.length);
      case 'text': return values[field.name].slice(0, field.length).padEnd(field.length, ' ');
      case 'amount': return aeatAmount(boxes[field.box] ?? '0', field.signed, field.box);
      case 'rate': return aeatRate(boxes[field.box] ?? '0');
    }
  }).join('');
}

/** The envelope, the `<AUX>` block and the file name are every pre-declaration's (tax-models' `preDeclarationFile`). */
export function dr303(input: RenderInput): RenderedFile {
  const layout = LAYOUTS[input.design.version];
  if (!layout) throw new Unprocessable(`No layout for record design ${input.design.version}`);
  const values = texts(input);
  return preDeclarationFile(input, [page(layout.page01, input.result.boxes, values), page(layout.page03, input.result.boxes, values)]);
}

export { fieldLength };
