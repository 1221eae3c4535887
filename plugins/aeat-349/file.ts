import { Unprocessable } from '../../kernel/errors';
import { dec, type RenderedFile, type RenderInput } from '../tax-models/api';
import { DESIGN_349_2020, type DesignField, type RecordDesign } from './design-2020';
import type { Line349, Rectification349 } from './model';

export const DESIGNS: Record<string, RecordDesign> = { [DESIGN_349_2020.version]: DESIGN_349_2020 };

/** Alphanumeric text as the design admits it: upper case, accents removed (Ñ and Ç kept), other characters blanked. */
export function aeatText(value: string): string {
  return value.toUpperCase().replace(/Ñ/g, '\u0000').replace(/Ç/g, '\u0001').normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    .replace(/\u0000/g, 'Ñ').replace(/\u0001/g, 'Ç').replace(/[^A-Z0-9 .,\-_&'\\:;/()ÑÇ]/g, ' ');
}

/** One field's text: refused (422) when a value does not fit. */
function fieldText(field: DesignField, values: Record<string, string | number>): string {
  switch (field.kind) {
    case 'constant': return field.name;
    case 'blank': return ' '.repeat(field.length);
    case 'alpha': return aeatText(String(values[field.name] ?? '')).slice(0, field.length).padEnd(field.length, ' ');
    case 'numeric': {
      const digits = String(values[field.name] ?? '0');
      if (!/^\d+$/.test(digits) || digits.length > field.length) throw new Unprocessable(`${field.label} (${digits}) does not fit the record design`);
      return digits.padStart(field.length, '0');
    }
    case 'amount': {
      const units = dec(String(values[field.name] ?? '0')).rescale(2).units;
      if (units < 0n) throw new Unprocessable(`${field.label} is negative (${values[field.name]}): the design admits no sign`);
      const digits = units.toString();
      if (digits.length > field.length) throw new Unprocessable(`${field.label} (${values[field.name]}) does not fit the record design`);
      return digits.padStart(field.length, '0');
    }
  }
}

/** A record of the design from its values. */
export function record(fields: readonly DesignField[], values: Record<string, string | number>): string {
  return fields.map((field) => fieldText(field, values)).join('');
}

/**
 * The 349 file of a period: the declarant's type 1 record, one type 2 record per operator and key,
 * then one per rectification; 500 positions each, CRLF between records, ISO-8859-1.
 */
export function file349(input: RenderInput): RenderedFile {
  const design = DESIGNS[input.design.version];
  if (!design) throw new Unprocessable(`No layout for record design ${input.design.version}`);
  const { period, result, company } = input;
  const lines = (result.details?.lines ?? []) as Line349[];
  const rectifications = (result.details?.rectifications ?? []) as Rectification349[];
  const common = { year: period.year, declarantTaxId: company.taxId };
  const operator = (l: Pick<Line349, 'vat' | 'name' | 'key'>) => ({ operatorVat: l.vat, operatorName: l.name, key: l.key });
  const records = [
    record(design.declarant, {
      ...common, declarantName: company.name, mediaType: 'T', contactPhone: '', contactName: '', declarationId: '3490000000000', complementaryOrSubstitute: '',
      previousDeclarationId: '0', period: period.code, operators: lines.length, operationsAmount: result.boxes['02'] ?? '0',
      rectifiedOperators: rectifications.length, rectificationsAmount: result.boxes['04'] ?? '0', periodicityChange: '', representativeTaxId: '',
    }),
    ...lines.map((l) => record(design.operator, { ...common, ...operator(l), base: l.base })),
    ...rectifications.map((r) => record(design.rectification, { ...common, ...operator(r), rectifiedYear: r.year, rectifiedPeriod: r.period, rectifiedBase: r.rectified_base, previousBase: r.previous_base })),
  ];
  return { body: new Uint8Array(Buffer.from(records.join('\r\n'), 'latin1')), contentType: 'text/plain; charset=iso-8859-1', filename: `${company.taxId}${period.year}${period.code}.349` };
}
