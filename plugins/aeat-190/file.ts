import { Unprocessable } from '../../kernel/errors';
import { record, recordNif, recordsFile, type RenderedFile, type RenderInput } from '../tax-models/api';
import { DESIGN_190_2025, type Design190 } from './design-2025';
import type { Line190 } from './model';

/** The 190's designs, oldest first, one file each. */
export const DESIGNS_190: readonly Design190[] = [DESIGN_190_2025];

/**
 * The 190 file of a year: the declarant's type 1 record with the totals, then one type 2 record
 * per perceptor, key and subkey; 500 positions each, CRLF between records, ISO-8859-1. A perceptor
 * without a tax id or a Spanish postal code (its province) is refused (422).
 */
export function file190(input: RenderInput): RenderedFile {
  const design = DESIGNS_190.find((d) => d.version === input.design.version);
  if (!design) throw new Unprocessable(`No layout for record design ${input.design.version}`);
  const { period, result, company } = input;
  const lines = (result.details?.lines ?? []) as Line190[];
  const incomplete = lines.filter((l) => !l.tax_id || !l.province);
  if (incomplete.length) {
    throw new Unprocessable(`The 190 record names each perceptor's tax id and province (its postal code): complete ${incomplete.map((l) => `${l.name} (${l.tax_id ?? 'no tax id'})`).join(', ')}`);
  }
  const common = { year: period.year, declarantTaxId: recordNif(company.taxId) };
  return recordsFile([
    record(design.declarant, {
      ...common, declarantName: company.name, mediaType: 'T', declarationId: '1900000000000', previousDeclarationId: '0',
      perceptorCount: lines.length, perceptionsAmount: result.boxes['02'] ?? '0', withholdingsAmount: result.boxes['03'] ?? '0',
    }),
    ...lines.map((l) => record(design.perceptor, {
      ...common, taxId: recordNif(l.tax_id!), name: l.name, province: l.province!, key: l.key, subkey: l.subkey, cash: l.base, cashWithholding: l.withholding,
    })),
  ], `${recordNif(company.taxId)}${period.year}.190`);
}
