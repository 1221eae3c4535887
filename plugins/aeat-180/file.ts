import { Unprocessable } from '../../kernel/errors';
import { provinceOf, record, recordNif, recordsFile, type RenderedFile, type RenderInput, type TaxPeriod } from '../tax-models/api';
import { RENT_WITHHOLDING_RATE } from '../aeat-115/api';
import { DESIGN_180_2014, type Design180 } from './design-2014';
import { DESIGN_180_2023 } from './design-2023';
import type { Line180 } from './model';

/** The 180's designs, oldest first, one file each. */
export const DESIGNS_180: readonly Design180[] = [DESIGN_180_2014, DESIGN_180_2023];

/** The design whose rules a period follows: the newest that starts by its end (the newest of all for a year not yet checked). */
export const design180Of = (period: Pick<TaxPeriod, 'to'>): Design180 =>
  DESIGNS_180.findLast((design) => design.from <= period.to) ?? DESIGNS_180[0];

/** What the record of a landlord still lacks (its tax id, its province, its property), or null. */
export function missingOf(line: Line180): string | null {
  const missing = [
    ...(line.tax_id ? [] : ['a tax id']),
    ...(line.province ? [] : ['a Spanish postal code on the contact (its province)']),
    ...(!line.property && line.unassigned_purchases ? [`a property naming its rent invoices ${line.unassigned_purchases.join(', ')} (purchase_ids of one of its properties in PUT /api/v1/aeat/180/options)`] : []),
    ...(!line.property && !line.unassigned_purchases ? ['its property (PUT /api/v1/aeat/180/options: properties)'] : []),
    ...(line.property && line.property.situation !== 4 && !line.property.cadastral_reference ? [`the cadastral reference of its property (situation ${line.property.situation})`] : []),
    ...(line.property && !provinceOf(line.property.postal_code) ? [`a Spanish postal code for its property (${line.property.postal_code})`] : []),
  ];
  return missing.length ? `${line.name} (${line.tax_id ?? 'no tax id'}): ${missing.join(', ')}` : null;
}

/**
 * The 180 file of a year: the declarant's type 1 record with the totals, then one type 2 record
 * per landlord and property; 500 positions each, CRLF between records, ISO-8859-1. A landlord
 * without a tax id, a province or a property (or, with several, rent invoices none of its
 * properties names) is refused (422), naming what is missing.
 */
export function file180(input: RenderInput): RenderedFile {
  const design = DESIGNS_180.find((d) => d.version === input.design.version);
  if (!design) throw new Unprocessable(`No layout for record design ${input.design.version}`);
  const { period, result, company } = input;
  const lines = (result.details?.landlords ?? []) as Line180[];
  const missing = lines.map(missingOf).filter((m): m is string => m !== null);
  if (missing.length) throw new Unprocessable(`The 180 record names each landlord's tax id, province and leased property: complete ${missing.join('; ')}`);
  const common = { year: period.year, declarantTaxId: recordNif(company.taxId) };
  return recordsFile([
    record(design.declarant, {
      ...common, declarantName: company.name, mediaType: 'T', declarationId: '1800000000000', previousDeclarationId: '0',
      perceptorCount: lines.length, baseAmount: result.boxes['02'] ?? '0', withholdingsAmount: result.boxes['03'] ?? '0',
    }),
    ...lines.map(({ tax_id, name, province, base, withholding, property }) => {
      const p = property!;
      return record(design.perceptor, {
        ...common, taxId: recordNif(tax_id!), name, province: province!, modality: 1, base, rate: RENT_WITHHOLDING_RATE, withholding, accrualYear: 0,
        situation: p.situation, cadastralReference: p.cadastral_reference ?? '', streetType: p.street_type ?? '', streetName: p.street_name,
        numberType: p.number_type ?? 'NUM', number: p.number ?? '', numberQualifier: p.number_qualifier ?? '', block: p.block ?? '', portal: p.portal ?? '',
        stair: p.stair ?? '', floor: p.floor ?? '', door: p.door ?? '', complement: p.complement ?? '', locality: p.locality ?? '', municipality: p.municipality,
        municipalityCode: p.municipality_code ?? '', propertyProvince: design.provinceOf(p.postal_code)!, postalCode: p.postal_code,
      });
    }),
  ], `${recordNif(company.taxId)}${period.year}.180`);
}
