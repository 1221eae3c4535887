import { Unprocessable } from '../../kernel/errors';
import { record, recordsFile, type RenderedFile, type RenderInput } from '../tax-models/api';
import { DESIGN_349_2020, type RecordDesign } from './design-2020';
import type { Line349, Rectification349 } from './model';

export const DESIGNS: Record<string, RecordDesign> = { [DESIGN_349_2020.version]: DESIGN_349_2020 };

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
  return recordsFile(records, `${company.taxId}${period.year}${period.code}.349`);
}
